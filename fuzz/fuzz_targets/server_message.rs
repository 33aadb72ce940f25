//! The gate client's decoder of server frames (`welcome`, `challenge`, `result`, `error`).
//!
//! A gate must not crash on a hostile or buggy server, and every frame that decodes must
//! re-encode (times in UTC) and decode to an equal value, so a gate that journals what it
//! received can always write it back.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::messages::ServerMessage;

fuzz_target!(|data: &[u8]| {
    let Ok(message) = serde_json::from_slice::<ServerMessage>(data) else {
        return;
    };
    let encoded = match serde_json::to_vec(&message) {
        Ok(encoded) => encoded,
        Err(error) => panic!("a decoded server message failed to encode ({error}): {message:?}"),
    };
    let again = serde_json::from_slice::<ServerMessage>(&encoded);
    assert_eq!(again.ok(), Some(message), "decode(encode(m)) != m");
});

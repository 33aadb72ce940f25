//! The 52-character base32 `NONCE` a gate sends back in every `response` frame.
//!
//! `FromStr` and serde's `Deserialize` (used for the `nonce` of server messages) must accept
//! the same texts, and an accepted text must format back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::Nonce;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = text.parse::<Nonce>();
    let quoted = serde_json::Value::String(text.to_owned());
    let via_serde = serde_json::from_value::<Nonce>(quoted);
    assert_eq!(
        parsed.ok(),
        via_serde.ok(),
        "FromStr and Deserialize disagree"
    );
    if let Ok(nonce) = parsed {
        assert_eq!(
            nonce.to_string(),
            text,
            "a parsed nonce has a second spelling"
        );
    }
});

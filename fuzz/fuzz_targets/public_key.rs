//! `PublicKey::from_base64url`, which parses the `wallet_public_key` of an unauthenticated
//! `POST /v1/claims` and the server key a wallet receives.
//!
//! Accepted text must format back to itself, serde must agree with it, and key agreement with
//! any accepted key must either succeed or report a low-order key — never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::{PassId, PassKeys, PublicKey, SecretKey};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = PublicKey::from_base64url(text);
    let quoted = serde_json::Value::String(text.to_owned());
    let via_serde = serde_json::from_value::<PublicKey>(quoted);
    assert_eq!(
        parsed.ok(),
        via_serde.ok(),
        "from_base64url and Deserialize disagree"
    );
    let Ok(key) = parsed else {
        return;
    };
    assert_eq!(
        key.to_base64url(),
        text,
        "a parsed public key has a second spelling"
    );
    let server = SecretKey::from_bytes([0x65; 32]);
    let pass = PassId::from_base32("AGJPHJC3NR6Y5H5AWHBNHZHVAY");
    if let (Ok(shared), Ok(pass)) = (server.agree(&key), pass) {
        assert_ne!(
            shared.as_bytes(),
            &[0u8; 32],
            "an all-zero shared secret got through"
        );
        let _ = PassKeys::derive(&shared, pass, &key, &server.public_key());
    }
});

//! `TSR1C:<PASS>:<NONCE>`, which a wallet reads from a gate's screen or a local link.
//!
//! Accepted text must format back to itself, and answering and verifying a parsed challenge
//! must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::{ResponseKey, WalletChallenge};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(challenge) = text.parse::<WalletChallenge>() else {
        return;
    };
    assert_eq!(
        challenge.to_string(),
        text,
        "a parsed challenge has a second spelling"
    );
    assert_eq!(challenge.nonce.to_string().parse(), Ok(challenge.nonce));
    let key = ResponseKey::from_bytes([0x42; 32]);
    let answer = key.respond(&challenge);
    assert!(key.verify(challenge.pass, &challenge.nonce, &answer));
});

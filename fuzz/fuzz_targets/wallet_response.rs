//! `TSR1R:<PASS>:<MAC>`, the wallet's answer that a gate relays verbatim to the server.
//!
//! Accepted text must format back to itself, and the constant-time verification must say yes
//! exactly when the text is the expected answer (a MAC check that accepted a second spelling
//! or a near miss would be a forgery).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::{Nonce, ResponseKey, WalletChallenge, WalletResponse};

/// The nonce of `protocol-vectors.json`, so the committed seed is a correct answer.
const NONCE: &str = "UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ";
/// The response key of `protocol-vectors.json`.
const RESPONSE_KEY: [u8; 32] = [
    0xdc, 0x9d, 0xb6, 0xa9, 0x77, 0x42, 0x4c, 0x55, 0x3c, 0xb4, 0x75, 0x78, 0x32, 0x9d, 0xa4, 0xca,
    0x5e, 0x84, 0xf3, 0x5c, 0x46, 0x63, 0x12, 0x69, 0xce, 0x1d, 0xb4, 0xc1, 0xd0, 0x5e, 0x56, 0xbc,
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(response) = text.parse::<WalletResponse>() else {
        return;
    };
    assert_eq!(
        response.to_string(),
        text,
        "a parsed response has a second spelling"
    );
    let Ok(nonce) = NONCE.parse::<Nonce>() else {
        panic!("the vector nonce parses");
    };
    let key = ResponseKey::from_bytes(RESPONSE_KEY);
    let expected = key.respond(&WalletChallenge {
        pass: response.pass,
        nonce,
    });
    assert_eq!(
        key.verify(response.pass, &nonce, &response),
        expected.to_string() == text,
        "MAC verification disagrees with the one correct answer"
    );
});

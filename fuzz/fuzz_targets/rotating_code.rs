//! `TSR1:<PASS>:<T>:<OTP>`, the text a gate scans from a stranger's screen.
//!
//! The parser must never panic, must accept only the one canonical spelling (so whatever it
//! accepts formats back to exactly the input), and a parsed code must survive the server's
//! next steps — the freshness window and the OTP check — at any counter.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::totp::{check_code, CODE_PERIOD_S};
use tessera_protocol::{CodeKey, RotatingCode};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(code) = text.parse::<RotatingCode>() else {
        return;
    };
    assert_eq!(
        code.to_string(),
        text,
        "a parsed code has a second spelling"
    );
    assert!(
        text.bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b':'),
        "accepted a code outside QR alphanumeric A-Z 0-9 :"
    );
    for now in [0, 1_764_441_600, u64::MAX] {
        let _ = check_code(code.counter, now, CODE_PERIOD_S);
    }
    let _ = CodeKey::from_bytes([0x42; 32]).verify_otp(&code);
});

//! `SecretKey::from_hex`, which reads the server's and the wallet's key files.
//!
//! A key file is written by `to_hex`; reading accepts upper or lower case and surrounding
//! whitespace, and nothing else, so an accepted text must equal `to_hex` after trimming and
//! lower-casing.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::SecretKey;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(key) = SecretKey::from_hex(text) else {
        return;
    };
    assert_eq!(
        key.to_hex().as_str(),
        text.trim().to_ascii_lowercase(),
        "from_hex accepted text that to_hex would not write"
    );
    let _ = key.public_key();
});

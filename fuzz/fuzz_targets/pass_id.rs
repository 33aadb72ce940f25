//! The 26-character base32 `PASS` field inside every code, challenge and response.
//!
//! Two spellings of one pass would let the same pass hide under two keys in the server's
//! bookkeeping, so an accepted text must format back to itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::PassId;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(pass) = PassId::from_base32(text) else {
        return;
    };
    assert_eq!(
        pass.to_base32(),
        text,
        "a parsed pass id has a second spelling"
    );
    assert_eq!(PassId::new(pass.uuid()), pass);
});

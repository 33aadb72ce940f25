//! Replays every input the fuzzers ever crashed on, on stable Rust, in `cargo test`.
//!
//! `fuzz/` needs libFuzzer and `RUSTC_BOOTSTRAP=1`, so it runs only in CI's short fuzz step and
//! in long local runs. A crash it found is fixed in this crate and its input is committed under
//! `fuzz/regressions/<target>/`; this test holds each such input to the same property its
//! target checks, so the bug cannot come back even where the fuzzer never runs.

use std::fs;
use std::path::{Path, PathBuf};

use tessera_protocol::messages::{GateMessage, ServerMessage};
use tessera_protocol::{
    Nonce, PassId, PublicKey, RotatingCode, SecretKey, WalletChallenge, WalletResponse,
};

fn regressions_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/regressions")
}

/// The committed inputs of one target, by file name (none when the folder does not exist).
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = fs::read_dir(regressions_dir().join(target)) else {
        return Vec::new();
    };
    let mut found: Vec<(String, Vec<u8>)> = entries
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_file())
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let bytes = fs::read(entry.path()).expect("read a regression input");
            (name, bytes)
        })
        .filter(|(name, _)| !name.starts_with('.') && name != "README.md")
        .collect();
    found.sort();
    found
}

/// The `server_message` target's property: what decodes, re-encodes and decodes equal.
#[track_caller]
fn assert_server_message_round_trips(name: &str, bytes: &[u8]) {
    if let Ok(message) = serde_json::from_slice::<ServerMessage>(bytes) {
        let encoded = serde_json::to_vec(&message)
            .unwrap_or_else(|e| panic!("{name}: decoded but does not encode: {e}"));
        let again: ServerMessage = serde_json::from_slice(&encoded)
            .unwrap_or_else(|e| panic!("{name}: re-encoded form does not decode: {e}"));
        assert_eq!(again, message, "{name}");
    }
}

/// The `gate_message` target's property.
#[track_caller]
fn assert_gate_message_round_trips(name: &str, bytes: &[u8]) {
    if let Ok(message) = serde_json::from_slice::<GateMessage>(bytes) {
        let encoded = serde_json::to_vec(&message)
            .unwrap_or_else(|e| panic!("{name}: decoded but does not encode: {e}"));
        let again: GateMessage = serde_json::from_slice(&encoded)
            .unwrap_or_else(|e| panic!("{name}: re-encoded form does not decode: {e}"));
        assert_eq!(again, message, "{name}");
    }
}

#[test]
fn every_committed_fuzz_regression_holds_its_targets_property() {
    for (name, bytes) in inputs("server_message") {
        assert_server_message_round_trips(&name, &bytes);
    }
    for (name, bytes) in inputs("gate_message") {
        assert_gate_message_round_trips(&name, &bytes);
    }
    let text_targets = [
        "rotating_code",
        "wallet_challenge",
        "wallet_response",
        "nonce",
        "pass_id",
        "public_key",
        "secret_hex",
    ];
    for target in text_targets {
        for (name, bytes) in inputs(target) {
            let Ok(text) = std::str::from_utf8(&bytes) else {
                continue;
            };
            let spelled = match target {
                "rotating_code" => text.parse::<RotatingCode>().ok().map(|v| v.to_string()),
                "wallet_challenge" => text.parse::<WalletChallenge>().ok().map(|v| v.to_string()),
                "wallet_response" => text.parse::<WalletResponse>().ok().map(|v| v.to_string()),
                "nonce" => text.parse::<Nonce>().ok().map(|v| v.to_string()),
                "pass_id" => PassId::from_base32(text).ok().map(|v| v.to_base32()),
                "public_key" => PublicKey::from_base64url(text)
                    .ok()
                    .map(|v| v.to_base64url()),
                _ => SecretKey::from_hex(text)
                    .ok()
                    .map(|v| v.to_hex().to_string()),
            };
            if let Some(spelled) = spelled {
                let want = if target == "secret_hex" {
                    text.trim().to_ascii_lowercase()
                } else {
                    text.to_owned()
                };
                assert_eq!(spelled, want, "{target}/{name}");
            }
        }
    }
}

#[test]
fn the_server_message_regression_folder_is_not_empty() {
    // Guards against a path change silently turning the replay above into a no-op.
    assert!(
        !inputs("server_message").is_empty(),
        "no inputs under {}",
        regressions_dir().display()
    );
}

#[test]
fn a_year_zero_time_with_a_positive_offset_is_refused_not_accepted_unencodable() {
    // Regression (fuzz/regressions/server_message/year-zero-positive-offset): in UTC this is
    // year -1, which `time` represents but RFC 3339 cannot write, so it used to decode and
    // then fail to encode. It is now refused when read, like a year past 9999.
    let text = r#"{"type":"welcome","gate_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","site":null,"server_time":"0000-01-01T00:30:00+01:00","protocol":1}"#;
    assert!(serde_json::from_str::<ServerMessage>(text).is_err());

    // The earliest spellable instant still decodes, from either side of the offset.
    for ok in ["0000-01-01T00:00:00Z", "0000-01-01T01:30:00+01:00"] {
        let text = format!(
            r#"{{"type":"welcome","gate_id":"67e55044-10b1-426f-9247-bb680e5fe0c8","site":null,"server_time":"{ok}","protocol":1}}"#
        );
        assert_server_message_round_trips(ok, text.as_bytes());
        assert!(serde_json::from_str::<ServerMessage>(&text).is_ok(), "{ok}");
    }
}

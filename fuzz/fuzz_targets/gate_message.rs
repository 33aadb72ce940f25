//! The gate WebSocket decoder: every text frame a gate (or anyone holding a device token)
//! sends is decoded exactly as `server/crates/edges/src/ws.rs` does it.
//!
//! A frame that decodes must re-encode and decode to an equal value; its free-text fields
//! must survive the protocol parsers the server applies next; and a frame that does not
//! decode must survive the server's fallback that looks for a `scan_id` to echo.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tessera_protocol::messages::GateMessage;
use tessera_protocol::{Nonce, RotatingCode, WalletResponse};

fuzz_target!(|data: &[u8]| {
    match serde_json::from_slice::<GateMessage>(data) {
        Ok(message) => {
            let Ok(encoded) = serde_json::to_vec(&message) else {
                panic!("a decoded gate message failed to encode: {message:?}");
            };
            let again = serde_json::from_slice::<GateMessage>(&encoded);
            assert_eq!(again.ok(), Some(message.clone()), "decode(encode(m)) != m");
            match &message {
                GateMessage::Scan { code, .. } | GateMessage::MusterScan { code, .. } => {
                    let _ = code.parse::<RotatingCode>();
                }
                GateMessage::Response {
                    nonce, response, ..
                }
                | GateMessage::MusterResponse {
                    nonce, response, ..
                } => {
                    let _ = nonce.parse::<Nonce>();
                    let _ = response.parse::<WalletResponse>();
                }
                // The server checks a walk-in's texts itself (`walk_ins::ask`); nothing to parse.
                GateMessage::WalkIn { .. } => {}
            }
        }
        Err(_) => {
            // ws.rs echoes a readable scan_id on a bad_request error.
            let _ = serde_json::from_slice::<serde_json::Value>(data)
                .ok()
                .and_then(|v| {
                    v.get("scan_id")
                        .and_then(|s| s.as_str())
                        .and_then(|s| s.parse::<uuid::Uuid>().ok())
                });
        }
    }
});

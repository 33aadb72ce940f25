//! Issue 4: bounded input on the gate WebSocket (PROTOCOL.md §10 "Parsing", issue 4 "Bounded
//! input").
//!
//! A gate is a device on a network the server does not control; whatever it sends (binary,
//! broken JSON, unknown types, huge frames, floods) must get an `error` or a clean close, and
//! the connection (or at least the server) must go on working.

use std::collections::HashMap;
use std::time::Duration;

use anyhow::{ensure, Result};
use tessera_protocol::messages::{DenyReason, ErrorCode, GateMessage, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::Closed;
use tessera_tests::{assert_error, both_backends, error, result, Backend, TestServer};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

both_backends!(
    binary_and_invalid_frames_get_bad_request_and_the_connection_survives,
    frame_of_exactly_16_kib_is_accepted,
    frame_over_16_kib_is_closed_with_1009,
    message_flood_is_rate_limited_and_retryable,
);

async fn binary_and_invalid_frames_get_bad_request_and_the_connection_survives(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;

    let scan_id = Uuid::new_v4();
    let unnamed: Vec<(&str, Message)> = vec![
        ("binary", Message::binary(br#"{"type":"scan"}"#.to_vec())),
        ("invalid JSON", Message::text(r#"{"type":"scan","#)),
        ("not an object", Message::text("[1,2,3]")),
        ("unknown type", Message::text(r#"{"type":"hello"}"#)),
        ("no type", Message::text(r#"{"code":"TSR1:X"}"#)),
    ];
    for (what, frame) in unnamed {
        gate.send_frame(frame).await?;
        let bad = error(gate.recv().await?);
        assert_error(&bad, ErrorCode::BadRequest, None);
        ensure!(!bad.retryable, "{what}: bad_request is not retryable");
    }
    // Frames that are JSON objects of a known type but invalid: bad_request, and scan_id
    // may be echoed when it was readable.
    let named = [
        format!(r#"{{"type":"scan","scan_id":"{scan_id}"}}"#),
        format!(r#"{{"type":"scan","scan_id":"{scan_id}","code":42}}"#),
        r#"{"type":"scan","scan_id":"not-a-uuid","code":"TSR1:X"}"#.to_owned(),
        format!(r#"{{"type":"response","scan_id":"{scan_id}","nonce":"X"}}"#),
    ];
    for text in named {
        gate.send_frame(Message::text(text.clone())).await?;
        let bad = error(gate.recv().await?);
        assert_eq!(bad.code, ErrorCode::BadRequest, "{text}: {bad:?}");
        assert!(!bad.retryable, "{text}: {bad:?}");
        assert!(
            bad.scan_id.is_none() || bad.scan_id == Some(scan_id),
            "{text}: {bad:?}"
        );
    }
    // The same connection still admits.
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    Ok(())
}

/// A `scan` frame of exactly `len` bytes (the code is padding, so it is malformed).
fn scan_frame_of_len(scan_id: Uuid, len: usize) -> String {
    let empty = serde_json::to_string(&GateMessage::Scan {
        scan_id,
        code: String::new(),
    })
    .unwrap_or_default();
    let code = "X".repeat(len.saturating_sub(empty.len()));
    let text = serde_json::to_string(&GateMessage::Scan { scan_id, code }).unwrap_or_default();
    debug_assert_eq!(text.len(), len);
    text
}

async fn frame_of_exactly_16_kib_is_accepted(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let scan_id = Uuid::new_v4();
    let frame = scan_frame_of_len(scan_id, 16 * 1024);
    assert_eq!(frame.len(), 16 * 1024);
    gate.send_frame(Message::text(frame)).await?;
    let denied = result(gate.recv().await?);
    assert_eq!(denied.scan_id, scan_id);
    assert_eq!(denied.reason, Some(DenyReason::MalformedCode), "{denied:?}");
    Ok(())
}

async fn frame_over_16_kib_is_closed_with_1009(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let frame = scan_frame_of_len(Uuid::new_v4(), 16 * 1024 + 1);
    gate.send_frame(Message::text(frame)).await?;
    assert_eq!(gate.closed().await?, Closed::Code(CloseCode::Size));
    // The device can reconnect and work; the server did not crash.
    let mut again =
        tessera_tests::Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    admit(&mut again, &wallet, &wallet.code_now()).await?;
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    Ok(())
}

async fn message_flood_is_rate_limited_and_retryable(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_GATE_RATE_PER_S", "2")
        .start()
        .await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    const FLOOD: usize = 12;
    let scan_ids: Vec<Uuid> = (0..FLOOD).map(|_| Uuid::new_v4()).collect();
    for scan_id in &scan_ids {
        gate.send(&GateMessage::Scan {
            scan_id: *scan_id,
            code: "not a code".to_owned(),
        })
        .await?;
    }
    let mut answers: HashMap<Uuid, ServerMessage> = HashMap::new();
    for _ in 0..FLOOD {
        let answer = gate.recv().await?;
        let scan_id = match &answer {
            ServerMessage::Result(r) => Some(r.scan_id),
            ServerMessage::Error(e) => e.scan_id,
            _ => None,
        };
        let scan_id = scan_id.unwrap_or_else(|| panic!("an answer without scan_id: {answer:?}"));
        assert!(
            answers.insert(scan_id, answer).is_none(),
            "two answers for scan {scan_id}"
        );
    }
    let mut limited = Vec::new();
    let mut served = 0;
    for scan_id in &scan_ids {
        match answers.get(scan_id) {
            Some(ServerMessage::Error(e)) => {
                assert_error(e, ErrorCode::RateLimited, Some(*scan_id));
                limited.push(*scan_id);
            }
            Some(ServerMessage::Result(r)) => {
                assert_eq!(r.reason, Some(DenyReason::MalformedCode));
                served += 1;
            }
            other => panic!("scan {scan_id} got {other:?}"),
        }
    }
    ensure!(served >= 1, "the burst allowance served nothing");
    ensure!(
        limited.len() >= FLOOD / 2,
        "only {} of {FLOOD} back-to-back messages were limited at 2/s",
        limited.len()
    );
    // retryable means it: resending a limited scan later is served.
    let retry = limited[0];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        let answer = gate.scan_as(retry, "not a code").await?;
        if let ServerMessage::Result(r) = answer {
            assert_eq!(r.reason, Some(DenyReason::MalformedCode));
            break;
        }
        let e = error(answer);
        assert_eq!(e.code, ErrorCode::RateLimited);
        ensure!(
            tokio::time::Instant::now() < deadline,
            "still rate limited after 5 s"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    Ok(())
}

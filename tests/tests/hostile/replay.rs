//! Replay of every message type captured from a real session: the exact frames, sent again
//! later from the same gate, from another gate of the tenant and from another tenant.
//!
//! Why: anyone on the gate's network (or with the gate's logs) can capture frames. TSR1
//! promises that resending them yields only the documented outcomes — the stored result to
//! the gate that owns them (`replayed: true`), `code_replayed` / `foreign_nonce` elsewhere,
//! `unknown_*` in another tenant, `bad_request` for server frames sent back — and never a
//! second admission, even on a pass that has uses left.

use anyhow::Result;
use tessera_protocol::messages::{DenyReason, ErrorCode, GateMessage, Outcome, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::clock::step_with_margin;
use tessera_tests::fixtures::{claimed_pass, connected_gate};
use tessera_tests::{
    assert_admitted, assert_error, assert_response_denied, both_backends, challenge, error, result,
    Backend, Gate, TestServer,
};
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

both_backends!(replayed_frames_get_only_documented_outcomes_and_never_a_second_admission);

/// Sends a captured frame verbatim and returns the answer.
async fn resend(gate: &mut Gate, frame: &str) -> Result<ServerMessage> {
    gate.send_frame(Message::text(frame.to_owned())).await?;
    gate.recv().await
}

async fn replayed_frames_get_only_documented_outcomes_and_never_a_second_admission(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    // Two uses left after the first: a replay must not take the second.
    let spec = PassSpec {
        max_uses: Some(2),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let pass = issued.pass_id;
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "A", None).await?;
    let (_, mut gate_b) = connected_gate(&server, &admin, "B", None).await?;
    let org_b = server.init_org("Org B").await?;
    let (_, mut foreign) =
        connected_gate(&server, &server.client(&org_b.admin_key), "X", None).await?;

    // The real session, captured frame by frame.
    let step = step_with_margin(10).await;
    let code = wallet.code_text(step);
    let scan_id = Uuid::new_v4();
    let scan_frame = serde_json::to_string(&GateMessage::Scan {
        scan_id,
        code: code.clone(),
    })?;
    let challenge_msg = challenge(resend(&mut gate_a, &scan_frame).await?);
    let response_frame = serde_json::to_string(&GateMessage::Response {
        scan_id,
        nonce: challenge_msg.nonce.to_string(),
        response: wallet.answer(&challenge_msg)?,
    })?;
    let first = result(resend(&mut gate_a, &response_frame).await?);
    assert_admitted(&first, &challenge_msg, false);
    let server_frames = [
        serde_json::to_string(&ServerMessage::Welcome(gate_a.welcome.clone()))?,
        serde_json::to_string(&ServerMessage::Challenge(challenge_msg.clone()))?,
        serde_json::to_string(&ServerMessage::Result(first.clone()))?,
    ];
    let mut tried = 0;

    // Same gate, same connection and a new one: the stored result, replayed.
    for _ in 0..3 {
        let again = result(resend(&mut gate_a, &scan_frame).await?);
        assert_admitted(&again, &challenge_msg, true);
        let again = result(resend(&mut gate_a, &response_frame).await?);
        assert_admitted(&again, &challenge_msg, true);
        tried += 2;
    }
    let mut gate_a2 = Gate::connect(&server.gate_ws_url(), &device_a.device_token).await?;
    assert_admitted(
        &result(resend(&mut gate_a2, &response_frame).await?),
        &challenge_msg,
        true,
    );
    assert_admitted(
        &result(resend(&mut gate_a2, &scan_frame).await?),
        &challenge_msg,
        true,
    );
    tried += 2;

    // Another gate of the tenant: the code is used, the nonce is not its own.
    let replayed = result(resend(&mut gate_b, &scan_frame).await?);
    assert_eq!(replayed.outcome, Outcome::Denied, "{replayed:?}");
    assert_eq!(
        replayed.reason,
        Some(DenyReason::CodeReplayed),
        "{replayed:?}"
    );
    assert_eq!(replayed.nonce, None, "{replayed:?}");
    let stolen = result(resend(&mut gate_b, &response_frame).await?);
    assert_response_denied(&stolen, &challenge_msg, DenyReason::ForeignNonce, false);
    tried += 2;

    // Another tenant: nothing exists.
    let unknown = result(resend(&mut foreign, &scan_frame).await?);
    assert_eq!(unknown.reason, Some(DenyReason::UnknownPass), "{unknown:?}");
    assert!(unknown.pass.is_none(), "{unknown:?}");
    let unknown = result(resend(&mut foreign, &response_frame).await?);
    assert_eq!(
        unknown.reason,
        Some(DenyReason::UnknownNonce),
        "{unknown:?}"
    );
    tried += 2;

    // The same gate, the same code under a new scan id: a fresh challenge that the captured
    // answer (a MAC over the old nonce) cannot satisfy.
    let fresh = gate_a.challenge(&code).await?;
    assert_ne!(fresh.nonce, challenge_msg.nonce);
    let old_answer = wallet.answer(&challenge_msg)?;
    let denied = gate_a.answer(&fresh, &old_answer).await?;
    assert_response_denied(&denied, &fresh, DenyReason::BadResponse, false);
    // Even the genuine wallet cannot use the same code twice: one admission per (pass, T).
    let genuine = gate_a.answer(&fresh, &wallet.answer(&fresh)?).await?;
    assert_eq!(genuine.outcome, Outcome::AlreadyAdmitted, "{genuine:?}");
    tried += 2;

    // Server frames sent back to the server are not gate messages.
    for frame in &server_frames {
        let bad = error(resend(&mut gate_a, frame).await?);
        assert_error(&bad, ErrorCode::BadRequest, bad.scan_id);
        tried += 1;
    }
    // A captured denial replays as the same denial and mints nothing.
    let bad_scan = serde_json::to_string(&GateMessage::Scan {
        scan_id: Uuid::new_v4(),
        code: wallet.wrong_code_text(step),
    })?;
    let challenges_before = server.db().challenge_count(pass).await?;
    for _ in 0..3 {
        let denied = result(resend(&mut gate_b, &bad_scan).await?);
        assert_eq!(denied.reason, Some(DenyReason::BadCode), "{denied:?}");
        tried += 1;
    }
    assert_eq!(server.db().challenge_count(pass).await?, challenges_before);

    // One admission, whatever was replayed.
    assert_eq!(server.db().pass_uses(pass).await?, 1);
    let outcomes = server.db().redemption_outcomes(pass).await?;
    assert_eq!(
        outcomes.iter().filter(|o| *o == "admitted").count(),
        1,
        "admissions stored: {outcomes:?}"
    );
    println!("hostile replay ({backend}): {tried} replayed frames, 1 admission stored");
    Ok(())
}

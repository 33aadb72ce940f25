//! Resends, refusals and races that the other modules do not reach: PROTOCOL.md §7 rules 1
//! and 6, §8 and §10, each where the server has been seen to break it.
//!
//! Why a module of its own: every test here is about an answer the server gives *again* or
//! *instead* of the usual one — a scan-time denial resent under its `scan_id`, a resent
//! response or scan and how it is audited, a refused frame, a pass the server cannot serve,
//! the `already_admitted` of a later step, the loser of a unique-index race — and each must
//! be as stable as the first answer: the same denial, one audit event per answer, `internal`
//! rather than a retry loop, the admission of *that* step, never an `error` for a wallet that
//! proved itself. Nothing depends on lucky timing: codes are picked inside the acceptance
//! window with a margin, the only sleeps wait out a clock second or a minute's end, and the
//! race is forced by a row lock the test holds while both replicas' statements queue on it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{anyhow, bail, ensure, Context, Result};
use rand::rngs::OsRng;
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, GateMessage, Outcome, ScanResult, ServerMessage,
};
use tessera_protocol::{PassId, PassKeys, RotatingCode, SecretKey};
use tessera_tests::api::{AuditEvent, PassSpec};
use tessera_tests::clock::{parse_rfc3339, step_with_margin, unix_now};
use tessera_tests::cluster::Replica;
use tessera_tests::db::{execute_as_owner, PgUrl};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::Gate;
use tessera_tests::{
    assert_admitted, assert_already_admitted, assert_error, assert_scan_denied, both_backends,
    challenge, describe, error, postgres_only, result, Backend, Db, TestServer, Wallet,
};
use uuid::Uuid;

both_backends!(
    malformed_scan_then_a_valid_code_on_its_scan_id_is_scan_id_reused,
    scan_resend_after_not_claimed_gets_the_stored_denial,
    scan_resends_keep_the_age_and_lead_of_the_first_denial,
    resent_response_is_audited_as_replayed,
    resent_scan_is_audited_as_resent,
    scan_id_reused_and_a_nonce_of_another_scan_are_audited,
    rate_limited_frames_are_audited_once_per_window,
    pass_with_an_unknown_server_key_is_internal_not_retryable,
    already_admitted_names_the_admission_of_its_step,
);

postgres_only!(unique_index_race_between_replicas_is_already_admitted);

/// A resent scan got the denial the first scan got: every field but `replayed`, which §7
/// rule 1 lets the server set either way on a resend.
#[track_caller]
fn assert_same_denial(again: &ScanResult, first: &ScanResult) {
    let mut expected = first.clone();
    expected.replayed = again.replayed;
    assert_eq!(
        again, &expected,
        "a resent scan must get the denial the first scan got"
    );
}

/// An id as an SQL literal of the backend's uuid column (PostgreSQL `uuid`, SQLite BLOB).
fn uuid_literal(backend: Backend, id: Uuid) -> String {
    match backend {
        Backend::Sqlite => format!("X'{}'", id.simple()),
        Backend::Postgres => format!("'{id}'"),
    }
}

/// `details[field]` as text, if it is a string.
fn detail<'a>(event: &'a AuditEvent, field: &str) -> Option<&'a str> {
    event.details.get(field).and_then(Value::as_str)
}

/// The server's one key, as its kid and secret, read from the key directory.
fn only_server_key(server: &TestServer) -> Result<(String, SecretKey)> {
    let mut kids = Vec::new();
    for entry in std::fs::read_dir(&server.key_dir).context("list the key directory")? {
        let path = entry?.path();
        if path.extension().and_then(|e| e.to_str()) == Some("key") {
            if let Some(kid) = path.file_stem().and_then(|s| s.to_str()) {
                kids.push(kid.to_owned());
            }
        }
    }
    let [kid] = kids.as_slice() else {
        bail!("expected one server key, found {kids:?}");
    };
    Ok((kid.clone(), server.server_secret(kid)?))
}

/// Sleeps into the next whole second of the wall clock (which the server reads too).
async fn into_the_next_second() {
    let ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
        % 1000;
    let wait = 1000 - u64::try_from(ms).unwrap_or(0) + 20;
    tokio::time::sleep(Duration::from_millis(wait)).await;
}

async fn malformed_scan_then_a_valid_code_on_its_scan_id_is_scan_id_reused(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let scan_id = Uuid::new_v4();

    let first = result(gate.scan_as(scan_id, "garbage").await?);
    assert_scan_denied(&first, scan_id, DenyReason::MalformedCode, issued.pass_id);
    let again = result(gate.scan_as(scan_id, "garbage").await?);
    assert_same_denial(&again, &first);
    // A denial is this scan's answer: a genuine code under the same scan_id is another code.
    let reused = error(gate.scan_as(scan_id, &wallet.code_now()).await?);
    assert_error(&reused, ErrorCode::ScanIdReused, Some(scan_id));
    assert_eq!(
        server.db().challenge_count(issued.pass_id).await?,
        0,
        "no challenge for a spent scan_id"
    );
    // Under a new scan_id the code admits.
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    Ok(())
}

async fn scan_resend_after_not_claimed_gets_the_stored_denial(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    // The code the wallet will show once it has claimed, computed before the claim from the
    // server's public key: the scan meets an unclaimed pass with a code that will verify.
    let (kid, server_secret) = only_server_key(&server)?;
    let secret = SecretKey::generate(&mut OsRng);
    let pass = PassId::new(issued.pass_id);
    let keys = PassKeys::for_wallet(&secret, &server_secret.public_key(), pass)
        .map_err(|e| anyhow!("derive the wallet keys: {e}"))?;
    let step = step_with_margin(5).await;
    let code = RotatingCode {
        pass,
        counter: step,
        otp: keys.code_key.otp(step),
    }
    .to_string();
    let scan_id = Uuid::new_v4();
    let first = result(gate.scan_as(scan_id, &code).await?);
    assert_scan_denied(&first, scan_id, DenyReason::NotClaimed, issued.pass_id);

    let wallet = Wallet::claim_with(&admin, &issued, secret).await?;
    assert_eq!(wallet.claim.server_kid, kid);
    assert_eq!(
        wallet.code_text(step),
        code,
        "the claimed wallet shows the code"
    );
    // Decided afresh, this code would now get a challenge; the resend gets the first answer.
    let again = result(gate.scan_as(scan_id, &code).await?);
    assert_same_denial(&again, &first);
    assert_eq!(server.db().challenge_count(issued.pass_id).await?, 0);
    let reused = error(gate.scan_as(scan_id, &wallet.code_text(step + 1)).await?);
    assert_error(&reused, ErrorCode::ScanIdReused, Some(scan_id));
    // A new scan_id is a new scan: the same code admits now.
    admit(&mut gate, &wallet, &code).await?;
    Ok(())
}

async fn scan_resends_keep_the_age_and_lead_of_the_first_denial(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let step = step_with_margin(5).await;
    let (stale_id, future_id) = (Uuid::new_v4(), Uuid::new_v4());
    let stale_code = wallet.code_text(step - 2);
    let future_code = wallet.code_text(step + 2);

    let stale = result(gate.scan_as(stale_id, &stale_code).await?);
    assert_scan_denied(&stale, stale_id, DenyReason::StaleCode, issued.pass_id);
    let future = result(gate.scan_as(future_id, &future_code).await?);
    assert_scan_denied(&future, future_id, DenyReason::FutureCode, issued.pass_id);
    ensure!(
        stale.age_s.is_some() && future.ahead_s.is_some(),
        "no age_s/ahead_s: {stale:?} {future:?}"
    );
    // Both were decided in this second at the latest; from the next one on, a decision made
    // again would report another age and another lead (the step is still the same).
    into_the_next_second().await;
    let stale_again = result(gate.scan_as(stale_id, &stale_code).await?);
    assert_same_denial(&stale_again, &stale);
    let future_again = result(gate.scan_as(future_id, &future_code).await?);
    assert_same_denial(&future_again, &future);
    Ok(())
}

async fn resent_response_is_audited_as_replayed(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let (challenge, _) = admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    for _ in 0..2 {
        let replayed = gate.answer(&challenge, &response).await?;
        assert_admitted(&replayed, &challenge, true);
    }

    let events = admin.audit("kind=response").await?;
    let (replays, fresh): (Vec<&AuditEvent>, Vec<&AuditEvent>) = events
        .iter()
        .partition(|e| e.details.get("replayed") == Some(&json!(true)));
    assert_eq!(
        replays.len(),
        2,
        "one `response` event per resent response:\n{}",
        describe(&events)
    );
    let [admission] = fresh.as_slice() else {
        panic!(
            "expected one event for the admission itself:\n{}",
            describe(&events)
        );
    };
    let nonce_sha256 = detail(admission, "nonce_sha256");
    assert!(nonce_sha256.is_some(), "{admission:?}");
    let scan_id = challenge.scan_id.to_string();
    for event in replays {
        assert_eq!(event.severity, "info", "{event:?}");
        assert_eq!(event.outcome(), Some("admitted"), "{event:?}");
        assert_eq!(
            detail(event, "scan_id"),
            Some(scan_id.as_str()),
            "{event:?}"
        );
        assert_eq!(detail(event, "nonce_sha256"), nonce_sha256, "{event:?}");
        assert_eq!(event.gate_id, Some(device.gate_id), "{event:?}");
    }
    Ok(())
}

async fn resent_scan_is_audited_as_resent(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let code = wallet.code_now();
    let scan_id = Uuid::new_v4();

    let first = challenge(gate.scan_as(scan_id, &code).await?);
    assert_eq!(challenge(gate.scan_as(scan_id, &code).await?), first);
    let admitted = gate.answer(&first, &wallet.answer(&first)?).await?;
    assert_admitted(&admitted, &first, false);
    assert_admitted(&result(gate.scan_as(scan_id, &code).await?), &first, true);

    let events = admin.audit("kind=scan").await?;
    let resent: Vec<&AuditEvent> = events
        .iter()
        .filter(|e| e.details.get("resent") == Some(&json!(true)))
        .collect();
    assert_eq!(
        resent.len(),
        2,
        "one `scan` event per resent scan (the challenge, then the stored result):\n{}",
        describe(&events)
    );
    let scan_id = scan_id.to_string();
    for event in resent {
        assert_eq!(event.severity, "info", "{event:?}");
        assert_eq!(
            detail(event, "scan_id"),
            Some(scan_id.as_str()),
            "{event:?}"
        );
        assert_eq!(event.gate_id, Some(device.gate_id), "{event:?}");
    }
    Ok(())
}

async fn scan_id_reused_and_a_nonce_of_another_scan_are_audited(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let step = step_with_margin(3).await;
    let scan_id = Uuid::new_v4();

    let first = challenge(gate.scan_as(scan_id, &wallet.code_text(step)).await?);
    let reused = error(gate.scan_as(scan_id, &wallet.code_text(step + 1)).await?);
    assert_error(&reused, ErrorCode::ScanIdReused, Some(scan_id));
    // The right nonce and answer under a scan_id the nonce was not issued for: a gate bug.
    let other_scan = Uuid::new_v4();
    let misdirected = error(
        gate.respond(
            other_scan,
            &first.nonce.to_string(),
            &wallet.answer(&first)?,
        )
        .await?,
    );
    assert_error(&misdirected, ErrorCode::BadRequest, Some(other_scan));

    let events = admin.audit("").await?;
    let refused = |kind: &str, code: &str| -> Vec<&AuditEvent> {
        events
            .iter()
            .filter(|e| e.kind == kind && detail(e, "error") == Some(code))
            .collect()
    };
    let [reused_event] = refused("scan", "scan_id_reused")[..] else {
        panic!(
            "expected one `scan` event with error scan_id_reused:\n{}",
            describe(&events)
        );
    };
    assert_eq!(reused_event.severity, "warning", "{reused_event:?}");
    assert_eq!(
        detail(reused_event, "scan_id"),
        Some(scan_id.to_string().as_str()),
        "{reused_event:?}"
    );
    assert_eq!(
        reused_event.gate_id,
        Some(device.gate_id),
        "{reused_event:?}"
    );
    let [bad_event] = refused("response", "bad_request")[..] else {
        panic!(
            "expected one `response` event with error bad_request:\n{}",
            describe(&events)
        );
    };
    assert_eq!(bad_event.severity, "warning", "{bad_event:?}");
    assert_eq!(
        detail(bad_event, "scan_id"),
        Some(other_scan.to_string().as_str()),
        "the event names the scan_id the response carried: {bad_event:?}"
    );
    assert_eq!(bad_event.gate_id, Some(device.gate_id), "{bad_event:?}");
    // Neither refusal changed anything: the challenge still admits under its own scan_id.
    let admitted = gate.answer(&first, &wallet.answer(&first)?).await?;
    assert_admitted(&admitted, &first, false);
    Ok(())
}

async fn rate_limited_frames_are_audited_once_per_window(backend: Backend) -> Result<()> {
    const FLOOD: usize = 12;
    // One frame a second, bursts of two: a flood of twelve is mostly refused.
    let server = TestServer::builder(backend)
        .env("TESSERA_GATE_RATE_PER_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    // The flood and the close take well under a second; keep them inside one minute, whether
    // the server's windows follow the wall clock or the connection.
    let into_minute = unix_now() % 60;
    if into_minute >= 55 {
        tokio::time::sleep(Duration::from_secs(60 - into_minute) + Duration::from_millis(100))
            .await;
    }
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let mut refused = 0;
    for _ in 0..FLOOD {
        let (scan_id, answer) = gate.scan("garbage").await?;
        match answer {
            ServerMessage::Error(e) => {
                assert_error(&e, ErrorCode::RateLimited, Some(scan_id));
                refused += 1;
            }
            ServerMessage::Result(r) => {
                assert_eq!(r.reason, Some(DenyReason::MalformedCode), "{r:?}");
            }
            other => panic!("a scan of garbage got {other:?}"),
        }
    }
    ensure!(
        refused >= 5,
        "only {refused} of {FLOOD} frames were rate_limited at 1/s"
    );
    gate.close().await;

    // Written when the connection closes: poll for it, bounded.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
    let events = loop {
        let events = admin.audit("kind=rate_limited").await?;
        if !events.is_empty() {
            break events;
        }
        if tokio::time::Instant::now() >= deadline {
            let rows = server.db().audit_kind_count("rate_limited").await?;
            panic!(
                "no rate_limited audit event 5 s after the gate that got {refused} \
                 rate_limited errors closed ({rows} such rows in the table)"
            );
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let [event] = events.as_slice() else {
        panic!(
            "expected one aggregated rate_limited event for {refused} refused frames, got:\n{}",
            describe(&events)
        );
    };
    assert_eq!(event.severity, "warning", "{event:?}");
    assert_eq!(event.gate_id, Some(device.gate_id), "{event:?}");
    assert_eq!(
        event.details.get("frames").and_then(Value::as_u64),
        Some(u64::try_from(refused)?),
        "frames must count the refused frames: {event:?}"
    );
    Ok(())
}

async fn pass_with_an_unknown_server_key_is_internal_not_retryable(backend: Backend) -> Result<()> {
    let mut server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let device = admin.create_gate("north door", None).await?;
    let sql = format!(
        "UPDATE passes SET server_kid = 'missing-kid' WHERE id = {}",
        uuid_literal(backend, issued.pass_id)
    );
    assert_eq!(execute_as_owner(server.database(), &sql).await?, 1);
    // A new process: no key derived for the pass while its kid was known survives.
    server.restart().await?;

    let mut gate = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let scan_id = Uuid::new_v4();
    gate.send(&GateMessage::Scan {
        scan_id,
        code: wallet.code_now(),
    })
    .await?;
    // Raw JSON: the protocol crate's `ErrorCode` may not know `internal` yet.
    let frame = gate.recv_json().await?;
    assert_eq!(frame["type"], "error", "{frame}");
    assert_eq!(
        frame["code"], "internal",
        "a pass whose server key is missing is no storage failure: {frame}"
    );
    assert_eq!(
        frame["retryable"], false,
        "resending cannot bring the key back: {frame}"
    );
    assert_eq!(frame["scan_id"], scan_id.to_string(), "{frame}");
    ensure!(
        frame["message"].as_str().is_some_and(|m| !m.is_empty()),
        "no message in {frame}"
    );
    assert_eq!(server.db().challenge_count(issued.pass_id).await?, 0);
    Ok(())
}

async fn already_admitted_names_the_admission_of_its_step(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        max_uses: Some(3),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    // T1 and T2 are both inside the acceptance window {now−1, now, now+1} for the whole test.
    let step = step_with_margin(5).await;
    admit(&mut gate_a, &wallet, &wallet.code_text(step)).await?;
    let t2_code = wallet.code_text(step + 1);
    let (t2, _) = admit(&mut gate_b, &wallet, &t2_code).await?;

    // Gate B's guard lost the answer and scans the T2 code again: a new scan_id gets a fresh
    // challenge, and the wallet proves it is the one T2 admitted.
    let fresh = gate_b.challenge(&t2_code).await?;
    let again = gate_b.answer(&fresh, &wallet.answer(&fresh)?).await?;
    assert_already_admitted(&again, &fresh, device_b.gate_id, false);
    let pass = admin.pass(issued.pass_id).await?;
    let admissions = pass["admissions"].as_array().cloned().unwrap_or_default();
    assert_eq!(admissions.len(), 2, "{pass}");
    let t2_admission = admissions
        .iter()
        .find(|a| a["nonce"] == t2.nonce.to_string())
        .with_context(|| format!("no admission under the T2 nonce in {pass}"))?;
    assert_eq!(t2_admission["gate_id"], device_b.gate_id.to_string());
    let t2_at = parse_rfc3339(t2_admission["at"].as_str().unwrap_or_default())?;
    assert_eq!(
        again.first_admitted_at,
        Some(t2_at),
        "first_admitted_at must be the T2 admission's time, not gate {}'s T1 admission",
        device_a.gate_id
    );
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 2);
    Ok(())
}

/// How many PostgreSQL sessions of this database wait for a lock.
async fn lock_waiters(db: &Db) -> Result<i64> {
    let Db::Postgres(pool) = db else {
        bail!("lock waiters exist on PostgreSQL only");
    };
    sqlx::query_scalar::<_, i64>(
        "SELECT count(*) FROM pg_stat_activity \
         WHERE datname = current_database() AND wait_event_type = 'Lock'",
    )
    .fetch_one(pool)
    .await
    .context("count the sessions waiting for a lock")
}

/// The `response` frame that answers `challenge` correctly.
fn right_response(wallet: &Wallet, challenge: &Challenge) -> Result<GateMessage> {
    Ok(GateMessage::Response {
        scan_id: challenge.scan_id,
        nonce: challenge.nonce.to_string(),
        response: wallet.answer(challenge)?,
    })
}

async fn unique_index_race_between_replicas_is_already_admitted(backend: Backend) -> Result<()> {
    const ROUNDS: usize = 3;
    // Both statements start within milliseconds; release the lock long before the server's
    // 1.5 s statement timeout could end either.
    const HOLD_AT_MOST: Duration = Duration::from_millis(600);
    let server = TestServer::start(backend).await?;
    let direct = PgUrl::parse(server.database_url())?;
    let replica = Replica::start("B", &server, &direct.host, direct.port, &[]).await?;
    let admin = server.admin();
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let device_b = admin.create_gate("gate B", None).await?;
    let mut gate_b = Gate::connect(&replica.gate_ws_url(), &device_b.device_token).await?;
    let mut locker = PgConnection::connect(server.database_url()).await?;
    let mut raced = 0;

    for round in 0..ROUNDS {
        let spec = PassSpec {
            max_uses: Some(5),
            ..PassSpec::default()
        };
        let (issued, wallet) = claimed_pass(&admin, &spec).await?;
        // Both gates hold a challenge for the same code step of the pass.
        let code = wallet.code_now();
        let challenge_a = gate_a.challenge(&code).await?;
        let challenge_b = gate_b.challenge(&code).await?;

        let mut lock = locker.begin().await?;
        sqlx::query("SELECT 1 FROM passes WHERE id = $1 FOR UPDATE")
            .bind(issued.pass_id)
            .execute(&mut *lock)
            .await?;
        gate_a.send(&right_response(&wallet, &challenge_a)?).await?;
        gate_b.send(&right_response(&wallet, &challenge_b)?).await?;
        // Release the row once both replicas' admission statements queue on it.
        let deadline = tokio::time::Instant::now() + HOLD_AT_MOST;
        loop {
            if lock_waiters(server.db()).await? >= 2 {
                raced += 1;
                break;
            }
            if tokio::time::Instant::now() >= deadline {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        lock.rollback().await?;

        let answers = [
            (device_a.gate_id, &challenge_a, gate_a.recv().await?),
            (device_b.gate_id, &challenge_b, gate_b.recv().await?),
        ];
        let mut results = Vec::new();
        for (gate_id, challenge, answer) in answers {
            match answer {
                ServerMessage::Result(r) => results.push((gate_id, challenge, r)),
                other => panic!(
                    "round {round}: gate {gate_id}'s wallet answered correctly and got {other:?}"
                ),
            }
        }
        let winners: Vec<_> = results
            .iter()
            .filter(|(_, _, r)| r.outcome == Outcome::Admitted)
            .collect();
        let [(winner_gate, winner_challenge, winner)] = winners.as_slice() else {
            panic!("round {round}: expected exactly one admission, got {results:?}");
        };
        assert_admitted(winner, winner_challenge, false);
        for (gate_id, challenge, r) in &results {
            if gate_id != winner_gate {
                assert_already_admitted(r, challenge, *winner_gate, false);
            }
        }
        assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
        let mut outcomes = server.db().redemption_outcomes(issued.pass_id).await?;
        outcomes.sort();
        assert_eq!(outcomes, ["admitted", "already_admitted"], "round {round}");
    }
    ensure!(
        raced > 0,
        "in no round did both replicas' statements wait on the row lock: the race was never run"
    );
    Ok(())
}

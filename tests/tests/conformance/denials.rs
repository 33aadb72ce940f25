//! Issue 4: one test per denial reason of PROTOCOL.md §6 and §10, in the check order of §10.
//!
//! Each test asserts the wire result (reason, nonce, pass, age/ahead), what was stored (no
//! use, no redemption — or exactly the stored denial where §10 stores one) and the audit row,
//! because a denial that is right on the wire but leaves a challenge or a use behind is still
//! a hole.

use std::time::Duration;

use anyhow::{ensure, Result};
use rand::rngs::OsRng;
use tessera_protocol::messages::{DenyReason, ScanResult};
use tessera_protocol::{Nonce, PassId, RotatingCode, WalletChallenge};
use tessera_tests::api::{AuditEvent, PassSpec};
use tessera_tests::clock::{current_step, now, step_with_margin, unix_now, STEP_S};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::Gate;
use tessera_tests::{
    assert_admitted, assert_event, assert_response_denied, assert_scan_denied, both_backends,
    challenge, count_events, describe, result, Backend, TestServer,
};
use uuid::Uuid;

both_backends!(
    malformed_codes_are_malformed_code,
    unknown_pass_is_unknown_pass,
    another_tenants_pass_is_unknown_pass,
    wrong_otp_is_bad_code,
    genuine_old_code_is_stale_code_with_its_age,
    genuine_future_code_is_future_code_with_its_lead,
    unclaimed_pass_is_not_claimed,
    revoked_pass_is_denied_at_scan,
    revocation_between_challenge_and_answer_is_stored,
    expired_pass_is_denied_at_scan_and_after_a_challenge,
    pass_before_valid_from_is_not_yet_valid,
    gate_of_another_site_is_wrong_site,
    check_order_verifies_the_code_before_the_pass_state,
    third_wrong_answer_burns_the_challenge,
    late_answer_is_challenge_expired,
    unknown_nonce_is_unknown_nonce,
    scan_denials_are_audited_at_warning_or_high,
);

/// A server, an admin client and one connected gate (site `hq` unless `site` is `None`).
async fn setup(backend: Backend) -> Result<(TestServer, tessera_tests::ApiClient, Uuid, Gate)> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (device, gate) = connected_gate(&server, &admin, "north door", None).await?;
    Ok((server, admin, device.gate_id, gate))
}

/// The scan-time denial in `message`, checked, plus the audit event it must leave.
async fn scan_denied(
    server: &TestServer,
    gate: &mut Gate,
    gate_id: Uuid,
    code: &str,
    reason: DenyReason,
    pass: Uuid,
) -> Result<(ScanResult, AuditEvent)> {
    let before = server.admin().audit(&format!("gate_id={gate_id}")).await?;
    let (scan_id, answer) = gate.scan(code).await?;
    let denied = result(answer);
    assert_scan_denied(&denied, scan_id, reason, pass);
    let after = server.admin().audit(&format!("gate_id={gate_id}")).await?;
    let new: Vec<AuditEvent> = after.into_iter().skip(before.len()).collect();
    // Severity is checked for every reason at once in
    // `scan_denials_are_audited_at_warning_or_high`, so that one wrong severity does not
    // hide what the other tests check.
    let matching: Vec<&AuditEvent> = new
        .iter()
        .filter(|e| e.kind == "scan" && e.reason() == Some(reason.as_str()))
        .collect();
    let [event] = matching.as_slice() else {
        panic!(
            "expected one `scan` audit event with reason {}, got:\n{}",
            reason.as_str(),
            describe(&new)
        );
    };
    assert_eq!(event.gate_id, Some(gate_id));
    Ok((denied, (*event).clone()))
}

/// Nothing was used, redeemed or challenged for `pass`.
async fn assert_untouched(server: &TestServer, pass: Uuid) -> Result<()> {
    let db = server.db();
    ensure!(db.pass_uses(pass).await? == 0, "uses changed");
    ensure!(
        db.redemption_count(pass).await? == 0,
        "a redemption was stored"
    );
    ensure!(
        db.challenge_count(pass).await? == 0,
        "a challenge was minted"
    );
    Ok(())
}

async fn malformed_codes_are_malformed_code(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let good = wallet.code_now();
    let pass32 = wallet.pass.to_base32();
    let step = current_step();
    let otp = wallet.code_for_step(step).otp.to_string();
    let malformed = [
        String::new(),
        "hello".to_owned(),
        good.to_lowercase(),
        format!("TSR1:{}:{step}:{otp}", pass32.to_lowercase()),
        format!("TSR1:{pass32}:0{step}:{otp}"),
        format!("TSR1:{pass32}:+{step}:{otp}"),
        format!("TSR1:{pass32}:{step}:{}", &otp[..7]),
        format!("TSR1:{pass32}:{step}:{otp}0"),
        format!("TSR1:{pass32}:{step}:{otp}:"),
        format!("TSR1:{pass32}:18446744073709551616:{otp}"),
        format!("TSR1C:{pass32}:{step}:{otp}"),
        format!(" {good}"),
        format!("{good}\n"),
        format!("TSR1:{}:{step}:{otp}", &pass32[..25]),
        "TSR1:::".to_owned(),
    ];
    for code in &malformed {
        let (scan_id, answer) = gate.scan(code).await?;
        let denied = result(answer);
        assert_scan_denied(&denied, scan_id, DenyReason::MalformedCode, issued.pass_id);
    }
    assert_untouched(&server, issued.pass_id).await?;
    let events = admin.audit(&format!("gate_id={gate_id}")).await?;
    assert_eq!(
        count_events(&events, "scan", Some("malformed_code")),
        malformed.len(),
        "{}",
        describe(&events)
    );
    // The pass still works.
    admit(&mut gate, &wallet, &good).await?;
    Ok(())
}

async fn unknown_pass_is_unknown_pass(backend: Backend) -> Result<()> {
    let (server, _, gate_id, mut gate) = setup(backend).await?;
    let code = RotatingCode {
        pass: PassId::new(Uuid::new_v4()),
        counter: current_step(),
        otp: tessera_protocol::Otp::parse("12345678").map_err(anyhow::Error::msg)?,
    }
    .to_string();
    let (_, event) = scan_denied(
        &server,
        &mut gate,
        gate_id,
        &code,
        DenyReason::UnknownPass,
        Uuid::nil(),
    )
    .await?;
    assert_eq!(
        event.pass_id, None,
        "an unknown pass cannot be named in the audit"
    );
    Ok(())
}

async fn another_tenants_pass_is_unknown_pass(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let (issued, wallet) = claimed_pass(&server.admin(), &PassSpec::default()).await?;
    let org_b = server.init_org("Org B").await?;
    let admin_b = server.client(&org_b.admin_key);
    let (device_b, mut gate_b) = connected_gate(&server, &admin_b, "B door", None).await?;

    let (scan_id, answer) = gate_b.scan(&wallet.code_now()).await?;
    let denied = result(answer);
    assert_scan_denied(&denied, scan_id, DenyReason::UnknownPass, issued.pass_id);
    assert_untouched(&server, issued.pass_id).await?;
    let events = admin_b
        .audit(&format!("gate_id={}", device_b.gate_id))
        .await?;
    let event = assert_event(&events, "scan", "warning", Some("unknown_pass"));
    assert_eq!(
        event.pass_id, None,
        "org B's audit must not name org A's pass"
    );
    Ok(())
}

async fn wrong_otp_is_bad_code(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let bad = wallet.wrong_code_text(current_step());
    let (_, event) = scan_denied(
        &server,
        &mut gate,
        gate_id,
        &bad,
        DenyReason::BadCode,
        issued.pass_id,
    )
    .await?;
    assert_eq!(event.pass_id, Some(issued.pass_id));
    // A wrong OTP in an old step is bad_code too, never stale_code.
    let old_bad = wallet.wrong_code_text(current_step() - 100);
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &old_bad,
        DenyReason::BadCode,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn genuine_old_code_is_stale_code_with_its_age(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let step = current_step() - 2;
    let before = unix_now();
    let (denied, event) = scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_text(step),
        DenyReason::StaleCode,
        issued.pass_id,
    )
    .await?;
    let after = unix_now();
    let start = step * STEP_S;
    let age = denied
        .age_s
        .unwrap_or_else(|| panic!("no age_s in {denied:?}"));
    ensure!(
        (before - start).saturating_sub(1) <= age && age <= after - start + 1,
        "age_s {age} is not the code's age ({}..={})",
        before - start,
        after - start
    );
    assert_eq!(denied.ahead_s, None);
    assert_eq!(
        event
            .details
            .get("age_s")
            .and_then(serde_json::Value::as_u64),
        Some(age),
        "the audit must carry age_s: {}",
        event.details
    );
    // A much older screenshot reports a much larger age.
    let (older, _) = scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_text(step - 240),
        DenyReason::StaleCode,
        issued.pass_id,
    )
    .await?;
    ensure!(
        older.age_s >= Some(3600),
        "age_s of an hour-old code: {older:?}"
    );
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn genuine_future_code_is_future_code_with_its_lead(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let step = step_with_margin(3).await + 2;
    let before = unix_now();
    let (denied, event) = scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_text(step),
        DenyReason::FutureCode,
        issued.pass_id,
    )
    .await?;
    let after = unix_now();
    let start = step * STEP_S;
    let ahead = denied
        .ahead_s
        .unwrap_or_else(|| panic!("no ahead_s in {denied:?}"));
    ensure!(
        (start - after).saturating_sub(1) <= ahead && ahead <= start - before + 1,
        "ahead_s {ahead} is not the code's lead ({}..={})",
        start - after,
        start - before
    );
    assert_eq!(denied.age_s, None);
    assert_eq!(
        event
            .details
            .get("ahead_s")
            .and_then(serde_json::Value::as_u64),
        Some(ahead),
        "the audit must carry ahead_s: {}",
        event.details
    );
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn unclaimed_pass_is_not_claimed(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    // No wallet key exists yet, so no OTP can verify: any OTP gets not_claimed.
    let code = format!(
        "TSR1:{}:{}:00000000",
        PassId::new(issued.pass_id).to_base32(),
        current_step()
    );
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &code,
        DenyReason::NotClaimed,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn revoked_pass_is_denied_at_scan(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    admin.revoke(issued.pass_id).await?.expect(200)?;
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_now(),
        DenyReason::Revoked,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn revocation_between_challenge_and_answer_is_stored(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let challenge = gate.challenge(&wallet.code_now()).await?;
    admin.revoke(issued.pass_id).await?.expect(200)?;

    let response = wallet.answer(&challenge)?;
    let denied = gate.answer(&challenge, &response).await?;
    assert_response_denied(&denied, &challenge, DenyReason::Revoked, false);
    assert_eq!(denied.nonce, Some(challenge.nonce));
    assert_eq!(denied.pass.as_ref(), Some(&challenge.pass));
    // Reached after a valid MAC, so it is stored and returned on resends.
    let resent = gate.answer(&challenge, &response).await?;
    assert_response_denied(&resent, &challenge, DenyReason::Revoked, true);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 0);
    assert_eq!(db.redemption_outcomes(issued.pass_id).await?, ["denied"]);
    assert_eq!(db.pass_state(issued.pass_id).await?, "revoked");
    let events = admin.audit(&format!("gate_id={gate_id}")).await?;
    assert!(
        count_events(&events, "response", Some("revoked")) >= 1,
        "{}",
        describe(&events)
    );
    Ok(())
}

async fn expired_pass_is_denied_at_scan_and_after_a_challenge(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let valid_until = now() + time::Duration::seconds(3);
    let spec = PassSpec {
        valid_until,
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let code = wallet.code_now();
    let challenge = gate.challenge(&code).await?;

    // Validity is wall-clock time on the server; nothing to poll but the clock.
    let wait = (valid_until - now()).whole_milliseconds() + 300;
    tokio::time::sleep(Duration::from_millis(u64::try_from(wait).unwrap_or(0))).await;

    let response = wallet.answer(&challenge)?;
    let denied = gate.answer(&challenge, &response).await?;
    assert_response_denied(&denied, &challenge, DenyReason::Expired, false);
    let resent = gate.answer(&challenge, &response).await?;
    assert_response_denied(&resent, &challenge, DenyReason::Expired, true);
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_now(),
        DenyReason::Expired,
        issued.pass_id,
    )
    .await?;
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 0);
    assert_eq!(db.redemption_outcomes(issued.pass_id).await?, ["denied"]);
    assert_eq!(admin.pass(issued.pass_id).await?["state"], "expired");
    Ok(())
}

async fn pass_before_valid_from_is_not_yet_valid(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let spec = PassSpec {
        valid_from: Some(now() + time::Duration::hours(1)),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_now(),
        DenyReason::NotYetValid,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn gate_of_another_site_is_wrong_site(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        site: Some("north".to_owned()),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let (south, mut south_gate) =
        connected_gate(&server, &admin, "south door", Some("south")).await?;
    let (_, mut north_gate) = connected_gate(&server, &admin, "north door", Some("north")).await?;
    let code = wallet.code_now();
    scan_denied(
        &server,
        &mut south_gate,
        south.gate_id,
        &code,
        DenyReason::WrongSite,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    // The right site admits the same code: a wrong-site denial is no admission.
    admit(&mut north_gate, &wallet, &code).await?;
    Ok(())
}

async fn check_order_verifies_the_code_before_the_pass_state(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let spec = PassSpec {
        site: Some("elsewhere".to_owned()),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    admin.revoke(issued.pass_id).await?.expect(200)?;
    let step = step_with_margin(3).await;
    // A revoked pass for another site: a wrong OTP is bad_code (no pass state leaks)…
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.wrong_code_text(step),
        DenyReason::BadCode,
        issued.pass_id,
    )
    .await?;
    // …a genuine old code is stale_code before revoked…
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_text(step - 3),
        DenyReason::StaleCode,
        issued.pass_id,
    )
    .await?;
    // …and a fresh genuine code is revoked before wrong_site.
    scan_denied(
        &server,
        &mut gate,
        gate_id,
        &wallet.code_text(step),
        DenyReason::Revoked,
        issued.pass_id,
    )
    .await?;
    assert_untouched(&server, issued.pass_id).await?;
    Ok(())
}

async fn third_wrong_answer_burns_the_challenge(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let code = wallet.code_now();
    let scan_id = Uuid::new_v4();
    let challenge = challenge(gate.scan_as(scan_id, &code).await?);
    let nonce = challenge.nonce.to_string();
    let pass32 = wallet.pass.to_base32();
    let wrong_answers = [
        wallet.wrong_answer(&challenge),
        // Malformed answers are wrong answers too (§10).
        format!("TSR1R:{pass32}:{}", "a".repeat(26)),
        "garbage".to_owned(),
    ];
    for wrong in &wrong_answers {
        let denied = result(gate.respond(scan_id, &nonce, wrong).await?);
        assert_response_denied(&denied, &challenge, DenyReason::BadResponse, false);
    }
    // Burned: even the right answer is refused now, and so is every later one.
    let right = wallet.answer(&challenge)?;
    for _ in 0..2 {
        let burned = gate.answer(&challenge, &right).await?;
        assert_response_denied(&burned, &challenge, DenyReason::ChallengeBurned, false);
    }
    // A resent scan of the burned challenge gets that denial.
    let rescanned = result(gate.scan_as(scan_id, &code).await?);
    assert_eq!(
        rescanned.reason,
        Some(DenyReason::ChallengeBurned),
        "{rescanned:?}"
    );

    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 0);
    assert_eq!(
        db.redemption_count(issued.pass_id).await?,
        0,
        "wrong MACs are never stored as outcomes"
    );
    let events = admin.audit(&format!("gate_id={gate_id}")).await?;
    assert_eq!(
        count_events(&events, "response", Some("bad_response")),
        3,
        "{}",
        describe(&events)
    );
    assert!(count_events(&events, "response", Some("challenge_burned")) >= 2);
    // Wrong answers are worth a look; the burned challenge is a burst of forged MACs: an
    // alarm (issue 32).
    for event in events.iter().filter(|e| e.kind == "response") {
        let expected = if event.reason() == Some("challenge_burned") {
            "high"
        } else {
            "warning"
        };
        assert_eq!(event.severity, expected, "{event:?}");
    }
    // The pass itself is fine: a new scan admits.
    admit(&mut gate, &wallet, &code).await?;
    Ok(())
}

async fn late_answer_is_challenge_expired(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_CHALLENGE_LIFETIME_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let code = wallet.code_now();
    let challenge = gate.challenge(&code).await?;
    let life = (challenge.expires_at - now()).whole_milliseconds();
    ensure!(
        life <= 1_500,
        "expires_at is {life} ms away with a 1 s lifetime"
    );

    // Expiry is the server's wall clock: wait it out.
    let wait = u64::try_from(life.max(0)).unwrap_or(0) + 500;
    tokio::time::sleep(Duration::from_millis(wait)).await;
    let late = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    assert_response_denied(&late, &challenge, DenyReason::ChallengeExpired, false);
    let rescanned = result(gate.scan_as(challenge.scan_id, &code).await?);
    assert_eq!(
        rescanned.reason,
        Some(DenyReason::ChallengeExpired),
        "{rescanned:?}"
    );
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 0);
    let events = admin.audit(&format!("gate_id={}", device.gate_id)).await?;
    assert!(
        count_events(&events, "response", Some("challenge_expired")) >= 1,
        "{}",
        describe(&events)
    );

    // A challenge nobody answers is reported by the sweeper.
    let unanswered = gate.challenge(&code).await?;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
        if let Some(event) = events.iter().find(|e| e.kind == "challenge_unanswered") {
            assert_eq!(event.severity, "warning");
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "no challenge_unanswered 20 s after a 1 s challenge expired:\n{}",
            describe(&events)
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    drop(unanswered);

    // A fresh challenge answered at once still admits.
    let fresh = gate.challenge(&code).await?;
    let admitted = gate.answer(&fresh, &wallet.answer(&fresh)?).await?;
    assert_admitted(&admitted, &fresh, false);
    Ok(())
}

async fn unknown_nonce_is_unknown_nonce(backend: Backend) -> Result<()> {
    let (server, admin, gate_id, mut gate) = setup(backend).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let real = gate.challenge(&wallet.code_now()).await?;
    let made_up = Nonce::generate(&mut OsRng);
    let scan_id = Uuid::new_v4();
    // A correct MAC over the made-up nonce: only the nonce is unknown.
    let answer = wallet
        .keys
        .response_key
        .respond(&WalletChallenge {
            pass: wallet.pass,
            nonce: made_up,
        })
        .to_string();
    let denied = result(gate.respond(scan_id, &made_up.to_string(), &answer).await?);
    assert_eq!(denied.reason, Some(DenyReason::UnknownNonce), "{denied:?}");
    assert_eq!(denied.scan_id, scan_id);
    assert_eq!(denied.pass, None, "{denied:?}");
    assert!(!denied.replayed && !denied.same_wallet);
    let db = server.db();
    assert_eq!(db.redemption_count(issued.pass_id).await?, 0);
    let events = admin.audit(&format!("gate_id={gate_id}")).await?;
    assert_event(&events, "response", "warning", Some("unknown_nonce"));
    // The real challenge is untouched.
    let admitted = gate.answer(&real, &wallet.answer(&real)?).await?;
    assert_admitted(&admitted, &real, false);
    Ok(())
}

async fn scan_denials_are_audited_at_warning_or_high(backend: Backend) -> Result<()> {
    // The server contract: a scan-time denial is a `scan` event at `warning`, `code_replayed`
    // at `high`. A revoked, expired or wrong-site pass at a gate is someone trying to get in
    // with it, which an auditor wants to see above the `info` noise.
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (device, mut gate) = connected_gate(&server, &admin, "north door", Some("south")).await?;
    let (_, mut other_gate) = connected_gate(&server, &admin, "other door", Some("south")).await?;
    let step = step_with_margin(3).await;

    let (_, good) = claimed_pass(&admin, &PassSpec::default()).await?;
    let unclaimed = admin.issue_pass(&PassSpec::default()).await?;
    let (revoked_pass, revoked) = claimed_pass(&admin, &PassSpec::default()).await?;
    admin.revoke(revoked_pass.pass_id).await?.expect(200)?;
    let (_, later) = claimed_pass(
        &admin,
        &PassSpec {
            valid_from: Some(now() + time::Duration::hours(1)),
            ..PassSpec::default()
        },
    )
    .await?;
    let (_, elsewhere) = claimed_pass(
        &admin,
        &PassSpec {
            site: Some("north".to_owned()),
            ..PassSpec::default()
        },
    )
    .await?;
    let replayed_code = good.code_text(step);
    admit(&mut other_gate, &good, &replayed_code).await?;

    let scans = [
        ("garbage".to_owned(), DenyReason::MalformedCode),
        (
            format!(
                "TSR1:{}:{step}:00000000",
                PassId::new(Uuid::new_v4()).to_base32()
            ),
            DenyReason::UnknownPass,
        ),
        (
            format!(
                "TSR1:{}:{step}:00000000",
                PassId::new(unclaimed.pass_id).to_base32()
            ),
            DenyReason::NotClaimed,
        ),
        (good.wrong_code_text(step), DenyReason::BadCode),
        (good.code_text(step - 3), DenyReason::StaleCode),
        (good.code_text(step + 3), DenyReason::FutureCode),
        (revoked.code_text(step), DenyReason::Revoked),
        (later.code_text(step), DenyReason::NotYetValid),
        (elsewhere.code_text(step), DenyReason::WrongSite),
        (replayed_code, DenyReason::CodeReplayed),
    ];
    for (code, reason) in &scans {
        let (_, answer) = gate.scan(code).await?;
        assert_eq!(result(answer).reason, Some(*reason), "scan of {code:?}");
    }
    let events = admin
        .audit(&format!("gate_id={}&kind=scan", device.gate_id))
        .await?;
    let mut wrong = Vec::new();
    for (_, reason) in &scans {
        let expected = if *reason == DenyReason::CodeReplayed {
            "high"
        } else {
            "warning"
        };
        let got: Vec<&str> = events
            .iter()
            .filter(|e| e.reason() == Some(reason.as_str()))
            .map(|e| e.severity.as_str())
            .collect();
        if got != [expected] {
            wrong.push(format!(
                "{}: expected [{expected}], got {got:?}",
                reason.as_str()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "scan denial severities:\n{}",
        wrong.join("\n")
    );
    Ok(())
}

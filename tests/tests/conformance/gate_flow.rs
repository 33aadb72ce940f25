//! Issue 4: the gate WebSocket's happy path and the idempotency and replay rules of
//! PROTOCOL.md §7 and §10.
//!
//! Each rule is checked on the wire *and* in storage: a rule like "no second challenge is
//! minted" or "uses stays 1" can only be seen in the rows, and the redemption row under the
//! nonce is the thing that makes retries safe.

use anyhow::{ensure, Result};
use tessera_protocol::messages::{DenyReason, ErrorCode, Outcome, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::clock::{now, parse_rfc3339, step_with_margin};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::{upgrade_status, Gate};
use tessera_tests::{
    assert_admitted, assert_already_admitted, assert_error, assert_event, assert_response_denied,
    assert_scan_denied, both_backends, challenge, error, result, Backend, TestServer,
};
use uuid::Uuid;

both_backends!(
    full_path_admits_over_a_real_websocket,
    upgrade_without_a_valid_device_token_is_401,
    scan_resend_with_the_same_scan_id_is_idempotent,
    same_scan_id_with_another_code_is_scan_id_reused,
    response_resend_returns_the_stored_admission,
    nonce_of_another_gate_is_foreign_and_changes_nothing,
    nonce_of_another_tenant_is_unknown_to_the_sender,
    admitted_code_at_another_gate_is_code_replayed,
    admitted_code_rescanned_at_the_same_gate_proves_the_same_wallet,
    one_admission_per_code_step_even_with_uses_left,
    max_uses_two_admits_two_steps_then_already_admitted,
    stored_outcome_survives_a_restart,
    stored_outcome_outlives_the_challenge,
    gate_connections_are_bounded,
);

async fn full_path_admits_over_a_real_websocket(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let (issued, wallet) = claimed_pass(&issuer, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", Some("hq")).await?;

    let welcome = &gate.welcome;
    assert_eq!(welcome.gate_id, device.gate_id);
    assert_eq!(welcome.site.as_deref(), Some("hq"));
    assert_eq!(welcome.protocol, 1);
    let skew = (welcome.server_time - now()).whole_seconds().abs();
    ensure!(skew <= 5, "welcome.server_time is {skew} s off");

    let code = wallet.code_now();
    let (scan_id, answer) = gate.scan(&code).await?;
    let challenge = challenge(answer);
    assert_eq!(challenge.scan_id, scan_id);
    assert_eq!(challenge.pass.id, issued.pass_id);
    assert_eq!(challenge.pass.label, "Ada Lovelace");
    assert_eq!(
        challenge.wallet_challenge,
        format!("TSR1C:{}:{}", wallet.pass.to_base32(), challenge.nonce),
        "the wallet challenge is TSR1C:<PASS>:<NONCE>"
    );
    let life = (challenge.expires_at - now()).whole_seconds();
    ensure!(
        (25..=31).contains(&life),
        "challenge lives {life} s, expected 30"
    );
    assert_eq!(server.db().challenge_count(issued.pass_id).await?, 1);

    let answer = gate
        .respond(
            scan_id,
            &challenge.nonce.to_string(),
            &wallet.answer(&challenge)?,
        )
        .await?;
    let admitted = result(answer);
    assert_admitted(&admitted, &challenge, false);

    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(db.redemption_count(issued.pass_id).await?, 1);
    assert_eq!(db.pass_state(issued.pass_id).await?, "used");
    let pass = issuer.pass(issued.pass_id).await?;
    assert_eq!(pass["state"], "used");
    assert_eq!(pass["uses"], 1);
    let admissions = pass["admissions"].as_array().cloned().unwrap_or_default();
    assert_eq!(admissions.len(), 1, "admissions in {pass}");
    assert_eq!(admissions[0]["gate_id"], device.gate_id.to_string());
    assert_eq!(admissions[0]["nonce"], challenge.nonce.to_string());

    let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
    let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
    let order = ["pass_issued", "claim", "challenge_issued", "response"];
    let positions: Vec<Option<usize>> = order
        .iter()
        .map(|kind| kinds.iter().position(|k| k == kind))
        .collect();
    ensure!(
        positions.iter().all(Option::is_some) && positions.windows(2).all(|w| w[0] < w[1]),
        "expected audit kinds in order {order:?}, got {kinds:?}"
    );
    let response = assert_event(&events, "response", "info", Some("admitted"));
    assert_eq!(response.gate_id, Some(device.gate_id));
    assert_eq!(response.org_id, Some(server.org().org_id));
    let challenge_event = assert_event(&events, "challenge_issued", "info", None);
    assert_eq!(challenge_event.gate_id, Some(device.gate_id));
    Ok(())
}

async fn upgrade_without_a_valid_device_token_is_401(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let url = server.gate_ws_url();
    let device = server.admin().create_gate("north door", None).await?;
    let forged = tessera_protocol::encoding::base64url(&[3u8; 32]);
    let cases = [
        ("no token", None),
        ("a forged token", Some(forged.as_str())),
        ("an API key", Some(server.org().admin_key.as_str())),
        ("an empty token", Some("")),
    ];
    for (what, token) in cases {
        let status = upgrade_status(&url, token).await?;
        assert_eq!(status, Some(401), "upgrade with {what}");
    }
    // The same device token without the Bearer scheme is no credential either.
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(
            url.as_str(),
        )?;
    request
        .headers_mut()
        .insert("Authorization", device.device_token.parse()?);
    match tokio_tungstenite::connect_async(request).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status().as_u16(), 401, "token without Bearer");
        }
        Ok(_) => panic!("a token without the Bearer scheme was accepted"),
        Err(e) => panic!("unexpected handshake failure: {e}"),
    }
    // And the real token works.
    assert_eq!(
        upgrade_status(&url, Some(&device.device_token)).await?,
        None
    );
    Ok(())
}

async fn scan_resend_with_the_same_scan_id_is_idempotent(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let code = wallet.code_now();
    let scan_id = Uuid::new_v4();

    let first = challenge(gate.scan_as(scan_id, &code).await?);
    let again = challenge(gate.scan_as(scan_id, &code).await?);
    assert_eq!(
        again, first,
        "a resent scan must get the very same challenge"
    );
    assert_eq!(
        server.db().challenge_count(issued.pass_id).await?,
        1,
        "no second challenge"
    );

    let admitted = gate.answer(&first, &wallet.answer(&first)?).await?;
    assert_admitted(&admitted, &first, false);
    // Once redeemed, the resent scan gets the stored result.
    let after = result(gate.scan_as(scan_id, &code).await?);
    assert_admitted(&after, &first, true);
    assert_eq!(server.db().challenge_count(issued.pass_id).await?, 1);
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    assert_eq!(server.db().redemption_count(issued.pass_id).await?, 1);
    Ok(())
}

async fn same_scan_id_with_another_code_is_scan_id_reused(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let step = step_with_margin(3).await;
    let scan_id = Uuid::new_v4();

    let first = challenge(gate.scan_as(scan_id, &wallet.code_text(step)).await?);
    let reused = error(gate.scan_as(scan_id, &wallet.code_text(step + 1)).await?);
    assert_error(&reused, ErrorCode::ScanIdReused, Some(scan_id));
    assert_eq!(server.db().challenge_count(issued.pass_id).await?, 1);
    // The original challenge is unharmed.
    let admitted = gate.answer(&first, &wallet.answer(&first)?).await?;
    assert_admitted(&admitted, &first, false);
    Ok(())
}

async fn response_resend_returns_the_stored_admission(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let (challenge, _) = admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    for _ in 0..3 {
        let replayed = gate.answer(&challenge, &response).await?;
        assert_admitted(&replayed, &challenge, true);
    }
    // The gate lost its connection with the answer: the same device on a new connection is
    // still the issuing gate.
    gate.close().await;
    let mut reconnected = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let replayed = reconnected.answer(&challenge, &response).await?;
    assert_admitted(&replayed, &challenge, true);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(db.redemption_count(issued.pass_id).await?, 1);
    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(pass["uses"], 1);
    assert_eq!(pass["admissions"].as_array().map(Vec::len), Some(1));
    Ok(())
}

async fn nonce_of_another_gate_is_foreign_and_changes_nothing(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;

    let challenge = gate_a.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    let foreign = gate_b.answer(&challenge, &response).await?;
    assert_response_denied(&foreign, &challenge, DenyReason::ForeignNonce, false);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 0);
    assert_eq!(
        db.redemption_count(issued.pass_id).await?,
        0,
        "foreign_nonce stores nothing"
    );

    // Gate A's challenge is intact: not burned, not redeemed.
    let admitted = gate_a.answer(&challenge, &response).await?;
    assert_admitted(&admitted, &challenge, false);
    // After the admission, gate B still learns nothing: foreign_nonce comes before the lookup.
    let again = gate_b.answer(&challenge, &response).await?;
    assert_response_denied(&again, &challenge, DenyReason::ForeignNonce, false);
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(db.redemption_count(issued.pass_id).await?, 1);

    // PROTOCOL.md does not say whose gate_id the event carries (the presenting gate or the
    // challenge's owner); it must name the presenting gate B somewhere, or an auditor cannot
    // find the device holding a copied credential.
    let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
    let foreign: Vec<_> = events
        .iter()
        .filter(|e| e.reason() == Some("foreign_nonce"))
        .collect();
    assert_eq!(foreign.len(), 2, "{}", tessera_tests::describe(&events));
    let b = device_b.gate_id.to_string();
    for event in foreign {
        assert_eq!(event.severity, "high");
        assert_eq!(event.kind, "response");
        let presenter = event
            .details
            .get("presented_by_gate_id")
            .and_then(|v| v.as_str());
        assert!(
            event.gate_id == Some(device_b.gate_id) || presenter == Some(b.as_str()),
            "the foreign_nonce event does not name gate B: {event:?}"
        );
        assert!(
            [Some(device_a.gate_id), Some(device_b.gate_id)].contains(&event.gate_id),
            "the foreign_nonce event names no gate of this case: {event:?}"
        );
    }
    Ok(())
}

async fn nonce_of_another_tenant_is_unknown_to_the_sender(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin_a = server.admin();
    let org_b = server.init_org("Org B").await?;
    let admin_b = server.client(&org_b.admin_key);
    let (issued, wallet) = claimed_pass(&admin_a, &PassSpec::default()).await?;
    let (_, mut gate_a) = connected_gate(&server, &admin_a, "gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin_b, "gate B", None).await?;

    let challenge = gate_a.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    let unknown = gate_b.answer(&challenge, &response).await?;
    assert_eq!(unknown.outcome, Outcome::Denied);
    assert_eq!(
        unknown.reason,
        Some(DenyReason::UnknownNonce),
        "{unknown:?}"
    );
    assert_eq!(
        unknown.pass, None,
        "another tenant's gate must learn nothing: {unknown:?}"
    );
    assert_eq!(server.db().redemption_count(issued.pass_id).await?, 0);

    let owner = admin_a.audit("severity=high").await?;
    let event = owner
        .iter()
        .find(|e| e.reason() == Some("foreign_nonce"))
        .unwrap_or_else(|| {
            panic!(
                "no high foreign_nonce in the owner's audit:\n{}",
                tessera_tests::describe(&owner)
            )
        });
    assert_eq!(event.org_id, Some(server.org().org_id));
    let sender = admin_b
        .audit(&format!("gate_id={}", device_b.gate_id))
        .await?;
    assert_event(&sender, "response", "warning", Some("unknown_nonce"));
    assert!(
        sender.iter().all(|e| e.pass_id != Some(issued.pass_id)),
        "org B's audit names org A's pass:\n{}",
        tessera_tests::describe(&sender)
    );

    let admitted = gate_a.answer(&challenge, &response).await?;
    assert_admitted(&admitted, &challenge, false);
    Ok(())
}

async fn admitted_code_at_another_gate_is_code_replayed(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    let code = wallet.code_now();
    admit(&mut gate_a, &wallet, &code).await?;

    let (scan_id, answer) = gate_b.scan(&code).await?;
    let replayed = result(answer);
    assert_scan_denied(&replayed, scan_id, DenyReason::CodeReplayed, issued.pass_id);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(
        db.challenge_count(issued.pass_id).await?,
        1,
        "no challenge for a replayed code"
    );
    let events = admin
        .audit(&format!("gate_id={}", device_b.gate_id))
        .await?;
    let event = assert_event(&events, "scan", "high", Some("code_replayed"));
    assert_eq!(event.pass_id, Some(issued.pass_id));
    Ok(())
}

async fn admitted_code_rescanned_at_the_same_gate_proves_the_same_wallet(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    let code = wallet.code_now();
    let (first, _) = admit(&mut gate, &wallet, &code).await?;

    // The guard lost the answer and scans again: a new scan_id gets a fresh challenge.
    let fresh = gate.challenge(&code).await?;
    assert_ne!(
        fresh.nonce, first.nonce,
        "a new scan_id must get a new nonce"
    );
    // A screenshot of the code cannot answer it…
    let screenshot = gate.answer(&fresh, &wallet.wrong_answer(&fresh)).await?;
    assert_response_denied(&screenshot, &fresh, DenyReason::BadResponse, false);
    // …the wallet can, and is recognised.
    let again = gate.answer(&fresh, &wallet.answer(&fresh)?).await?;
    assert_already_admitted(&again, &fresh, device.gate_id, false);
    let pass = admin.pass(issued.pass_id).await?;
    let first_at = parse_rfc3339(pass["admissions"][0]["at"].as_str().unwrap_or_default())?;
    let reported = again
        .first_admitted_at
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    ensure!(
        (reported - first_at).abs() < time::Duration::seconds(1),
        "first_admitted_at {reported} is not the admission time {first_at}"
    );
    // already_admitted is stored under its nonce too.
    let resent = gate.answer(&fresh, &wallet.answer(&fresh)?).await?;
    assert_already_admitted(&resent, &fresh, device.gate_id, true);

    let db = server.db();
    assert_eq!(
        db.pass_uses(issued.pass_id).await?,
        1,
        "already_admitted is not a use"
    );
    assert_eq!(pass["admissions"].as_array().map(Vec::len), Some(1));
    let mut outcomes = db.redemption_outcomes(issued.pass_id).await?;
    outcomes.sort();
    assert_eq!(outcomes, ["admitted", "already_admitted"]);
    let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
    assert_event(&events, "response", "info", Some("already_admitted"));
    assert_event(&events, "response", "warning", Some("bad_response"));
    Ok(())
}

async fn one_admission_per_code_step_even_with_uses_left(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        max_uses: Some(2),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (_, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    let step = step_with_margin(5).await;
    let code = wallet.code_text(step);
    admit(&mut gate_a, &wallet, &code).await?;

    // One shown code admits one person, even though a use remains.
    let same_gate = gate_a.challenge(&code).await?;
    let proved = gate_a
        .answer(&same_gate, &wallet.answer(&same_gate)?)
        .await?;
    assert_already_admitted(&proved, &same_gate, device_a.gate_id, false);
    let (scan_id, answer) = gate_b.scan(&code).await?;
    assert_scan_denied(
        &result(answer),
        scan_id,
        DenyReason::CodeReplayed,
        issued.pass_id,
    );
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(db.pass_state(issued.pass_id).await?, "claimed");

    // The next step's code is a new code and admits the second person.
    let next = wallet.code_text(step + 1);
    admit(&mut gate_b, &wallet, &next).await?;
    assert_eq!(db.pass_uses(issued.pass_id).await?, 2);
    assert_eq!(db.pass_state(issued.pass_id).await?, "used");
    Ok(())
}

async fn max_uses_two_admits_two_steps_then_already_admitted(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        max_uses: Some(2),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    let step = step_with_margin(8).await;

    let (first, _) = admit(&mut gate, &wallet, &wallet.code_text(step)).await?;
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(admin.pass(issued.pass_id).await?["state"], "claimed");
    let (second, _) = admit(&mut gate, &wallet, &wallet.code_text(step + 1)).await?;
    assert_eq!(db.pass_uses(issued.pass_id).await?, 2);
    assert_eq!(db.pass_state(issued.pass_id).await?, "used");

    // A third genuine code (the previous step, still in the window) finds the pass used up.
    let third = gate.challenge(&wallet.code_text(step - 1)).await?;
    let used_up = gate.answer(&third, &wallet.answer(&third)?).await?;
    assert_already_admitted(&used_up, &third, device.gate_id, false);
    assert_eq!(db.pass_uses(issued.pass_id).await?, 2);

    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(pass["state"], "used");
    assert_eq!(pass["uses"], 2);
    let nonces: Vec<String> = pass["admissions"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|x| x["nonce"].as_str().unwrap_or("").to_owned())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(nonces, [first.nonce.to_string(), second.nonce.to_string()]);
    Ok(())
}

async fn stored_outcome_survives_a_restart(backend: Backend) -> Result<()> {
    let mut server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let device = admin.create_gate("gate A", None).await?;
    let mut gate = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let code = wallet.code_now();
    let (challenge, _) = admit(&mut gate, &wallet, &code).await?;
    let response = wallet.answer(&challenge)?;
    drop(gate);

    server.restart().await?;

    let mut gate = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let replayed = gate.answer(&challenge, &response).await?;
    assert_admitted(&replayed, &challenge, true);
    let rescanned = result(gate.scan_as(challenge.scan_id, &code).await?);
    assert_admitted(&rescanned, &challenge, true);
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    assert_eq!(server.db().redemption_count(issued.pass_id).await?, 1);
    let pass = server.admin().pass(issued.pass_id).await?;
    assert_eq!(pass["uses"], 1);
    ensure!(
        !matches!(gate.scan(&code).await?.1, ServerMessage::Result(ref r) if r.outcome == Outcome::Admitted),
        "a new scan of the used code must not admit"
    );
    Ok(())
}

async fn stored_outcome_outlives_the_challenge(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_CHALLENGE_LIFETIME_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let (challenge, _) = admit(&mut gate, &wallet, &wallet.code_now()).await?;
    // Expiry is the server's wall clock: wait it out.
    let wait = (challenge.expires_at - now()).whole_milliseconds().max(0) + 500;
    tokio::time::sleep(std::time::Duration::from_millis(
        u64::try_from(wait).unwrap_or(0),
    ))
    .await;
    let resent = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    assert_admitted(&resent, &challenge, true);
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    Ok(())
}

async fn gate_connections_are_bounded(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_MAX_GATE_CONNECTIONS", "2")
        .start()
        .await?;
    let admin = server.admin();
    let device = admin.create_gate("north door", None).await?;
    let url = server.gate_ws_url();
    let first = Gate::connect(&url, &device.device_token).await?;
    let _second = Gate::connect(&url, &device.device_token).await?;
    let refused = upgrade_status(&url, Some(&device.device_token)).await?;
    ensure!(
        matches!(refused, Some(429 | 503)),
        "a third connection over a limit of 2 got {refused:?}, expected 429 or 503"
    );
    // A freed slot is usable again.
    first.close().await;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        match upgrade_status(&url, Some(&device.device_token)).await? {
            None => break,
            Some(status) => ensure!(
                tokio::time::Instant::now() < deadline,
                "still refused ({status}) 5 s after a connection closed"
            ),
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Ok(())
}

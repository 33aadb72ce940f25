//! Issue 16 (`docs/protocol.md`, "Re-binding a pass after a lost phone"): an issuer mints a
//! new claim link for a pass; from that commit the old wallet key admits nobody.
//!
//! Why these rules matter: a re-bind is what an organiser does when a phone is lost or
//! stolen. The thief's wallet must stop working at once and stay stopped — its codes, and
//! above all a challenge it was already shown, which a gate socket may still hold in memory —
//! while what the pass already did (its admissions, the outcomes stored under their nonces)
//! stays on record. The idempotency key makes a retried re-bind safe, and never lets one
//! pass's request mint another pass's link.

use anyhow::{Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::DenyReason;
use tessera_tests::api::{ClaimLink, PassSpec};
use tessera_tests::clock::step_with_margin;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{
    assert_admitted, assert_error_reply, assert_event, assert_response_denied, assert_scan_denied,
    both_backends, count_events, pass_history, result, ApiClient, Backend, TestServer, Wallet,
};
use uuid::Uuid;

both_backends!(
    a_rebind_unbinds_the_old_wallet_and_keeps_what_the_pass_did,
    an_outstanding_challenge_of_the_old_wallet_is_a_wrong_answer,
    the_same_request_id_answers_the_same_link,
    a_request_id_of_another_pass_and_a_revoked_pass_are_refused,
);

/// `POST /v1/passes/{pass}/rebind` with `request_id`.
async fn rebind(client: &ApiClient, pass: Uuid, request_id: Uuid) -> Result<tessera_tests::Reply> {
    client
        .post(
            &format!("/v1/passes/{pass}/rebind"),
            &json!({ "request_id": request_id }),
        )
        .await
}

/// A re-bind that must succeed, as its body and its link.
async fn rebound(client: &ApiClient, pass: Uuid, request_id: Uuid) -> Result<(Value, ClaimLink)> {
    let body = rebind(client, pass, request_id)
        .await?
        .expect(200)
        .context("rebind the pass")?;
    let link: ClaimLink =
        serde_json::from_value(body.clone()).with_context(|| format!("rebind answer {body}"))?;
    Ok((body, link))
}

/// An issuer client and its key id (the `by_key_id` of what it does).
async fn issuer(server: &TestServer) -> Result<(ApiClient, Value)> {
    let key = server.admin().create_key("issuer", "front desk").await?;
    let client = server.client(key["api_key"].as_str().context("api_key")?);
    Ok((client, key["key_id"].clone()))
}

async fn a_rebind_unbinds_the_old_wallet_and_keeps_what_the_pass_did(
    backend: Backend,
) -> Result<()> {
    let public_url = "https://tickets.example.test";
    let server = TestServer::builder(backend)
        .env("TESSERA_PUBLIC_URL", public_url)
        .start()
        .await?;
    let admin = server.admin();
    let (issuer, issuer_key_id) = issuer(&server).await?;
    let spec = PassSpec {
        max_uses: Some(5),
        ..PassSpec::default()
    };
    let (issued, old) = claimed_pass(&issuer, &spec).await?;
    let pass = issued.pass_id;
    let (device, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let step = step_with_margin(2).await;
    let (first_challenge, _) = admit(&mut gate, &old, &old.code_text(step)).await?;

    let (body, link) = rebound(&issuer, pass, Uuid::new_v4()).await?;
    assert_eq!(link.pass_id, pass);
    assert_eq!(
        link.claim_url,
        format!("{public_url}/claim#p={pass}&t={}", link.claim_token),
        "an ordinary claim link, its secret in the fragment"
    );
    assert_ne!(link.claim_token, issued.claim_token, "a new link");
    assert_eq!(body["rebinds"], 1, "{body}");
    assert_eq!(
        body["state"], "issued",
        "nothing is bound until the new claim: {body}"
    );

    // Unbound at once: the old wallet's codes meet an unclaimed pass.
    let (scan_id, answer) = gate.scan(&old.code_text(step)).await?;
    assert_scan_denied(&result(answer), scan_id, DenyReason::NotClaimed, pass);
    // The old link, even retried with the very key it bound, no longer claims.
    let reply = issuer
        .claim(
            &pass.to_string(),
            &issued.claim_token,
            &old.public_key_text(),
        )
        .await?;
    assert_error_reply(&reply, 404, "invalid_claim");
    let preview = server
        .anonymous()
        .post(
            "/v1/claims/preview",
            &json!({"pass_id": pass, "claim_token": link.claim_token}),
        )
        .await?
        .expect(200)?;
    assert_eq!(preview["state"], "issued", "{preview}");

    let new = Wallet::claim_link(&server.anonymous(), &link).await?;
    // Once another key is bound, the old wallet's codes are simply wrong.
    let (scan_id, answer) = gate.scan(&old.code_text(step)).await?;
    assert_scan_denied(&result(answer), scan_id, DenyReason::BadCode, pass);
    admit(&mut gate, &new, &new.code_text(step + 1)).await?;

    // What the pass did stays: both admissions, and the first one's stored outcome.
    let shown = issuer.pass(pass).await?;
    let admissions = shown["admissions"].as_array().context("admissions")?;
    assert_eq!(admissions.len(), 2, "{shown}");
    assert_eq!(admissions[0]["nonce"], first_challenge.nonce.to_string());
    assert_eq!(admissions[0]["gate_id"], device.gate_id.to_string());
    assert_eq!(shown["uses"], 2, "{shown}");
    let replayed = gate
        .answer(&first_challenge, &old.answer(&first_challenge)?)
        .await?;
    assert_admitted(&replayed, &first_challenge, true);
    assert_eq!(server.db().redemption_count(pass).await?, 2);

    let events = admin.audit(&format!("pass_id={pass}")).await?;
    let event = assert_event(&events, "pass_rebound", "warning", None);
    assert_eq!(
        event.details["previous_key"],
        old.public_key_text(),
        "the old public key: {}",
        event.details
    );
    assert_eq!(
        event.details["by_key_id"], issuer_key_id,
        "{}",
        event.details
    );
    assert_eq!(
        pass_history(&shown),
        ["issued", "claimed", "rebound", "claimed"],
        "{shown}"
    );

    issuer.revoke(pass).await?.expect(200)?;
    let revoked = issuer.pass(pass).await?;
    assert_eq!(
        pass_history(&revoked),
        ["issued", "claimed", "rebound", "claimed", "revoked"],
        "{revoked}"
    );
    Ok(())
}

async fn an_outstanding_challenge_of_the_old_wallet_is_a_wrong_answer(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        max_uses: Some(5),
        ..PassSpec::default()
    };
    let (issued, old) = claimed_pass(&admin, &spec).await?;
    let pass = issued.pass_id;
    // One socket throughout: the one that issued the challenges and holds them.
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let step = step_with_margin(2).await;
    let before_claim = gate.challenge(&old.code_text(step)).await?;
    let after_claim = gate.challenge(&old.code_text(step)).await?;

    let (_, link) = rebound(&admin, pass, Uuid::new_v4()).await?;
    // Answered right by the old wallet, after the re-bind: a wrong answer.
    let answer = gate
        .answer(&before_claim, &old.answer(&before_claim)?)
        .await?;
    assert_response_denied(&answer, &before_claim, DenyReason::BadResponse, false);

    let new = Wallet::claim_link(&server.anonymous(), &link).await?;
    // Still wrong once the new wallet holds the pass, on a challenge never answered before
    // and on one already answered once.
    let answer = gate
        .answer(&after_claim, &old.answer(&after_claim)?)
        .await?;
    assert_response_denied(&answer, &after_claim, DenyReason::BadResponse, false);
    let answer = gate
        .answer(&before_claim, &old.answer(&before_claim)?)
        .await?;
    assert_response_denied(&answer, &before_claim, DenyReason::BadResponse, false);
    // They count towards burning: the third wrong answer burns the challenge.
    let answer = gate
        .answer(&before_claim, &old.answer(&before_claim)?)
        .await?;
    assert_response_denied(&answer, &before_claim, DenyReason::BadResponse, false);
    let answer = gate
        .answer(&before_claim, &old.answer(&before_claim)?)
        .await?;
    assert_response_denied(&answer, &before_claim, DenyReason::ChallengeBurned, false);

    assert_eq!(
        server.db().redemption_count(pass).await?,
        0,
        "nobody was admitted"
    );
    assert_eq!(server.db().pass_uses(pass).await?, 0);
    // The new wallet is admitted on a fresh scan.
    admit(&mut gate, &new, &new.code_text(step + 1)).await?;
    Ok(())
}

async fn the_same_request_id_answers_the_same_link(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, _old) = claimed_pass(&admin, &PassSpec::default()).await?;
    let pass = issued.pass_id;
    let request_id = Uuid::new_v4();
    let (first, link) = rebound(&admin, pass, request_id).await?;
    let (again, _) = rebound(&admin, pass, request_id).await?;
    assert_eq!(again, first, "a retried re-bind answers the same link");

    // A new request is a new re-bind; the earlier re-bind's link stops working.
    let (second, newer) = rebound(&admin, pass, Uuid::new_v4()).await?;
    assert_eq!(second["rebinds"], 2, "{second}");
    assert_ne!(newer.claim_token, link.claim_token);
    let reply = admin
        .claim(
            &pass.to_string(),
            &link.claim_token,
            &tessera_protocol::SecretKey::generate(&mut rand::rngs::OsRng)
                .public_key()
                .to_base64url(),
        )
        .await?;
    assert_error_reply(&reply, 404, "invalid_claim");
    let wallet = Wallet::claim_link(&server.anonymous(), &newer).await?;
    // The first request id still answers its own link, and changes nothing.
    let (late, _) = rebound(&admin, pass, request_id).await?;
    assert_eq!(late["claim_token"], first["claim_token"], "{late}");
    assert_eq!(
        server.db().wallet_public_key(pass).await?.as_deref(),
        Some(&wallet.secret.public_key().as_bytes()[..]),
        "the replay did not unbind the new wallet"
    );
    let events = admin.audit(&format!("pass_id={pass}")).await?;
    assert_eq!(
        count_events(&events, "pass_rebound", None),
        2,
        "one event per re-bind"
    );
    assert_eq!(admin.pass(pass).await?["rebinds"], 2);
    Ok(())
}

async fn a_request_id_of_another_pass_and_a_revoked_pass_are_refused(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (first, _) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (second, second_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let request_id = Uuid::new_v4();
    rebound(&admin, first.pass_id, request_id).await?;
    let reply = rebind(&admin, second.pass_id, request_id).await?;
    assert_error_reply(&reply, 409, "request_id_reused");
    assert_eq!(
        server
            .db()
            .wallet_public_key(second.pass_id)
            .await?
            .as_deref(),
        Some(&second_wallet.secret.public_key().as_bytes()[..]),
        "the refused re-bind left the other pass bound"
    );

    let (revoked, _) = claimed_pass(&admin, &PassSpec::default()).await?;
    admin.revoke(revoked.pass_id).await?.expect(200)?;
    let reply = rebind(&admin, revoked.pass_id, Uuid::new_v4()).await?;
    assert_error_reply(&reply, 409, "revoked");

    // Who and what: issuers and admins only, a pass of the organisation, a request id.
    let unknown = rebind(&admin, Uuid::now_v7(), Uuid::new_v4()).await?;
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let reply = rebind(&auditor, second.pass_id, Uuid::new_v4()).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let host = admin.create_host("R. Iyer", None).await?;
    let reply = rebind(
        &server.client(&host.api_key),
        second.pass_id,
        Uuid::new_v4(),
    )
    .await?;
    assert!(
        matches!(reply.status, 403 | 404),
        "a host does not re-bind staff's pass: {}",
        reply.body
    );
    for body in [
        json!({}),
        json!({"request_id": "x"}),
        json!({"request_id": Uuid::new_v4(), "more": 1}),
    ] {
        let reply = admin
            .post(&format!("/v1/passes/{}/rebind", second.pass_id), &body)
            .await?;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
    }
    let events = admin.audit("kind=pass_rebound").await?;
    assert_eq!(events.len(), 1, "only the one re-bind happened");
    Ok(())
}

//! Issue 16 (`docs/protocol.md`, "Transferring a pass to another person"): the holder's
//! wallet proves the pass key over a server nonce and gets a claim link for the recipient;
//! an issuer can mint one too; the recipient's claim swaps the keys in one step.
//!
//! Why these rules matter: a transfer hands a credential to a stranger. Only the holder may
//! start it (a proof no gate exchange can stand in for, and the other way round), only as
//! often as the organiser allows, and the moment the recipient claims, the sender's wallet —
//! its codes and any challenge a gate still holds for it — must admit nobody. Until then the
//! sender keeps a working pass, so a link sent to the wrong person costs nothing.

use anyhow::{Context, Result};
use rand::rngs::OsRng;
use serde_json::{json, Value};
use tessera_protocol::messages::DenyReason;
use tessera_protocol::{Nonce, SecretKey};
use tessera_tests::api::{ClaimLink, PassSpec};
use tessera_tests::clock::{now, parse_rfc3339, step_with_margin};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{
    assert_error_reply, assert_event, assert_response_denied, assert_scan_denied, both_backends,
    pass_history, result, ApiClient, Backend, Reply, TestServer, Wallet,
};
use uuid::Uuid;

both_backends!(
    a_pass_that_allows_no_transfer_cannot_be_handed_on,
    the_holder_proves_its_key_and_the_recipient_takes_over,
    a_proof_is_checked_and_never_confused_with_a_gate_answer,
    an_issuer_transfers_regardless_of_the_limit,
    an_unbound_key_can_neither_start_nor_finish_a_transfer,
);

/// `POST /v1/transfers/nonce` for `pass`.
async fn ask_nonce(api: &ApiClient, pass: Uuid) -> Result<Reply> {
    api.post("/v1/transfers/nonce", &json!({ "pass_id": pass }))
        .await
}

/// A nonce that must be granted.
async fn nonce(api: &ApiClient, pass: Uuid) -> Result<Nonce> {
    let answer = ask_nonce(api, pass).await?.expect(201)?;
    let text = answer["nonce"].as_str().context("nonce")?;
    assert_eq!(text.len(), 52, "52 characters of base32: {answer}");
    let expires_at = parse_rfc3339(answer["expires_at"].as_str().context("expires_at")?)?;
    let lives = expires_at - now();
    assert!(
        lives > time::Duration::seconds(100) && lives <= time::Duration::seconds(121),
        "a nonce lives 2 minutes, this one {lives}"
    );
    text.parse()
        .map_err(|e| anyhow::anyhow!("nonce {text:?}: {e}"))
}

/// `POST /v1/transfers`.
async fn prove(api: &ApiClient, pass: Uuid, nonce: &Nonce, proof: &str) -> Result<Reply> {
    api.post(
        "/v1/transfers",
        &json!({ "pass_id": pass, "nonce": nonce.to_string(), "proof": proof }),
    )
    .await
}

/// A transfer answer: every field, the link of the pass.
#[track_caller]
fn assert_transfer_answer(answer: &Value, pass: Uuid) -> ClaimLink {
    for field in [
        "pass_id",
        "transfer_id",
        "claim_url",
        "claim_token",
        "expires_at",
    ] {
        assert!(answer.get(field).is_some(), "{field} in {answer}");
    }
    let link: ClaimLink = serde_json::from_value(answer.clone()).unwrap_or_else(|e| {
        panic!("transfer answer {answer}: {e}");
    });
    assert_eq!(link.pass_id, pass);
    assert!(
        link.claim_url
            .ends_with(&format!("/claim#p={pass}&t={}", link.claim_token)),
        "an ordinary claim link: {}",
        link.claim_url
    );
    link
}

async fn a_pass_that_allows_no_transfer_cannot_be_handed_on(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let wallet_side = server.anonymous();
    let (plain, _) = claimed_pass(&admin, &PassSpec::default()).await?;
    let shown = admin.pass(plain.pass_id).await?;
    assert_eq!(
        shown["max_transfers"], 0,
        "not transferable by default: {shown}"
    );
    assert_eq!(shown["transfers"], 0, "{shown}");
    let not_allowed = ask_nonce(&wallet_side, plain.pass_id).await?;

    let allows = json!({"max_transfers": 1});
    let unclaimed = admin.issue_pass_with(&PassSpec::default(), &allows).await?;
    assert_eq!(admin.pass(unclaimed.pass_id).await?["max_transfers"], 1);
    let not_claimed = ask_nonce(&wallet_side, unclaimed.pass_id).await?;
    let revoked = admin.issue_pass_with(&PassSpec::default(), &allows).await?;
    Wallet::claim(&wallet_side, &revoked).await?;
    admin.revoke(revoked.pass_id).await?.expect(200)?;
    let was_revoked = ask_nonce(&wallet_side, revoked.pass_id).await?;
    let unknown = ask_nonce(&wallet_side, Uuid::now_v7()).await?;
    // Issue 29: before any proof, one answer for every reason, so the pass id in a QR code
    // tells a stranger nothing (whether it exists, was revoked or can be handed on).
    for reply in [&not_allowed, &not_claimed, &was_revoked, &unknown] {
        assert_error_reply(reply, 404, "unknown_pass");
        assert_eq!(reply.body, unknown.body, "the same answer for every reason");
    }

    for bad in [json!(-1), json!(101), json!("1"), json!(1.5)] {
        let reply = admin
            .post(
                "/v1/passes",
                &PassSpec::default().to_json_with(&json!({ "max_transfers": bad })),
            )
            .await?;
        assert_eq!(reply.status, 400, "max_transfers {bad}: {}", reply.body);
    }
    let most = admin
        .issue_pass_with(&PassSpec::default(), &json!({"max_transfers": 100}))
        .await?;
    assert_eq!(admin.pass(most.pass_id).await?["max_transfers"], 100);
    Ok(())
}

async fn the_holder_proves_its_key_and_the_recipient_takes_over(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let wallet_side = server.anonymous();
    let spec = PassSpec {
        max_uses: Some(5),
        ..PassSpec::default()
    };
    let issued = admin
        .issue_pass_with(&spec, &json!({"max_transfers": 1}))
        .await?;
    let pass = issued.pass_id;
    let sender = Wallet::claim(&wallet_side, &issued).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let step = step_with_margin(2).await;

    let nonce = nonce(&wallet_side, pass).await?;
    let proof = sender.transfer_proof(&nonce);
    let first = prove(&wallet_side, pass, &nonce, &proof)
        .await?
        .expect(201)?;
    let link = assert_transfer_answer(&first, pass);
    let again = prove(&wallet_side, pass, &nonce, &proof).await?;
    assert!(
        matches!(again.status, 200 | 201),
        "the same nonce and proof again: {}",
        again.body
    );
    assert_eq!(again.json()?, first, "the same link");

    // Until the recipient claims, the sender's pass works as before.
    admit(&mut gate, &sender, &sender.code_text(step)).await?;
    let outstanding = gate.challenge(&sender.code_text(step)).await?;
    let preview = wallet_side
        .post(
            "/v1/claims/preview",
            &json!({"pass_id": pass, "claim_token": link.claim_token}),
        )
        .await?
        .expect(200)?;
    assert_eq!(preview["state"], "issued", "{preview}");
    assert_eq!(preview["transfer"], true, "{preview}");

    let recipient_secret = SecretKey::generate(&mut OsRng);
    let recipient_key = recipient_secret.public_key().to_base64url();
    let claimed = wallet_side
        .claim(&pass.to_string(), &link.claim_token, &recipient_key)
        .await?
        .expect(200)?;
    let retried = wallet_side
        .claim(&pass.to_string(), &link.claim_token, &recipient_key)
        .await?
        .expect(200)?;
    assert_eq!(retried, claimed, "a retried claim answers the same");
    let intruder = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let reply = wallet_side
        .claim(&pass.to_string(), &link.claim_token, &intruder)
        .await?;
    assert_error_reply(&reply, 409, "already_claimed");
    let recipient = Wallet::from_claim(recipient_secret, serde_json::from_value(claimed)?)?;

    // The sender's key is unbound: its codes are wrong, its challenge's answer is wrong.
    let (scan_id, answer) = gate.scan(&sender.code_text(step)).await?;
    assert_scan_denied(&result(answer), scan_id, DenyReason::BadCode, pass);
    let answer = gate
        .answer(&outstanding, &sender.answer(&outstanding)?)
        .await?;
    assert_response_denied(&answer, &outstanding, DenyReason::BadResponse, false);
    admit(&mut gate, &recipient, &recipient.code_text(step + 1)).await?;

    let shown = admin.pass(pass).await?;
    assert_eq!(shown["transfers"], 1, "{shown}");
    assert_eq!(shown["uses"], 2, "{shown}");
    // The limit was one: the recipient cannot hand it on again.
    let reply = ask_nonce(&wallet_side, pass).await?;
    assert_error_reply(&reply, 404, "unknown_pass");

    let events = admin.audit(&format!("pass_id={pass}")).await?;
    assert_event(&events, "transfer_started", "info", None);
    let transferred = assert_event(&events, "pass_transferred", "info", None);
    let details = transferred.details.to_string();
    for key in [sender.public_key_text(), recipient.public_key_text()] {
        assert!(details.contains(&key), "both keys in {details}");
    }
    assert_eq!(
        pass_history(&shown),
        ["issued", "claimed", "transfer_started", "transferred"],
        "{shown}"
    );
    Ok(())
}

async fn a_proof_is_checked_and_never_confused_with_a_gate_answer(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let wallet_side = server.anonymous();
    let allows = json!({"max_transfers": 3});
    let issued = admin.issue_pass_with(&PassSpec::default(), &allows).await?;
    let pass = issued.pass_id;
    let holder = Wallet::claim(&wallet_side, &issued).await?;
    let other_issued = admin.issue_pass_with(&PassSpec::default(), &allows).await?;
    let other = Wallet::claim(&wallet_side, &other_issued).await?;

    let nonce = nonce(&wallet_side, pass).await?;
    let reply = prove(
        &wallet_side,
        pass,
        &nonce,
        &holder.wrong_transfer_proof(&nonce),
    )
    .await?;
    assert_error_reply(&reply, 403, "bad_proof");
    // A gate answer over the same nonce is no proof, as text or relabelled.
    let reply = prove(
        &wallet_side,
        pass,
        &nonce,
        &holder.challenge_answer_for(&nonce),
    )
    .await?;
    assert_error_reply(&reply, 403, "bad_proof");
    let reply = prove(
        &wallet_side,
        pass,
        &nonce,
        &holder.challenge_mac_as_proof(&nonce),
    )
    .await?;
    assert_error_reply(&reply, 403, "bad_proof");
    // Another pass's key over this nonce is no proof either.
    let reply = prove(&wallet_side, pass, &nonce, &other.transfer_proof(&nonce)).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    // Wrong proofs are never stored: the right one still works on the same nonce.
    let link = prove(&wallet_side, pass, &nonce, &holder.transfer_proof(&nonce))
        .await?
        .expect(201)?;
    assert_transfer_answer(&link, pass);

    // A nonce belongs to its pass and its moment.
    let other_nonce = nonce_of(&wallet_side, other.pass_id()).await?;
    let reply = prove(
        &wallet_side,
        pass,
        &other_nonce,
        &holder.transfer_proof(&other_nonce),
    )
    .await?;
    assert_error_reply(&reply, 404, "invalid_nonce");
    let made_up = Nonce::generate(&mut OsRng);
    let reply = prove(
        &wallet_side,
        pass,
        &made_up,
        &holder.transfer_proof(&made_up),
    )
    .await?;
    assert_error_reply(&reply, 404, "invalid_nonce");

    // The other direction: a transfer MAC answering a gate challenge is a wrong answer.
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let challenge = gate.challenge(&holder.code_now()).await?;
    let answer = gate
        .answer(&challenge, &holder.transfer_mac_as_answer(&challenge))
        .await?;
    assert_response_denied(&answer, &challenge, DenyReason::BadResponse, false);
    assert_eq!(server.db().redemption_count(pass).await?, 0);
    let started = admin.audit("kind=transfer_started").await?;
    assert_eq!(started.len(), 1, "one transfer started: {started:?}");
    Ok(())
}

/// A nonce for `pass`, without the lifetime checks of [`nonce`].
async fn nonce_of(api: &ApiClient, pass: Uuid) -> Result<Nonce> {
    let answer = ask_nonce(api, pass).await?.expect(201)?;
    answer["nonce"]
        .as_str()
        .context("nonce")?
        .parse()
        .map_err(|e| anyhow::anyhow!("nonce in {answer}: {e}"))
}

/// `POST /v1/passes/{pass}/transfer`.
async fn issuer_transfer(api: &ApiClient, pass: Uuid, request_id: Uuid) -> Result<Reply> {
    api.post(
        &format!("/v1/passes/{pass}/transfer"),
        &json!({ "request_id": request_id }),
    )
    .await
}

async fn an_issuer_transfers_regardless_of_the_limit(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let wallet_side = server.anonymous();
    let (issued, sender) = claimed_pass(&issuer, &PassSpec::default()).await?;
    let pass = issued.pass_id;
    let (other, _) = claimed_pass(&issuer, &PassSpec::default()).await?;

    let request_id = Uuid::new_v4();
    let first = issuer_transfer(&issuer, pass, request_id).await?;
    assert!(matches!(first.status, 200 | 201), "{}", first.body);
    let first = first.json()?;
    let replaced = assert_transfer_answer(&first, pass);
    let again = issuer_transfer(&issuer, pass, request_id).await?;
    assert_eq!(
        again.json()?,
        first,
        "the same request id answers the same link"
    );
    let reply = issuer_transfer(&issuer, other.pass_id, request_id).await?;
    assert_error_reply(&reply, 409, "request_id_reused");

    // A newer transfer replaces the link; the replaced one claims nothing.
    let newer = issuer_transfer(&issuer, pass, Uuid::new_v4()).await?;
    assert!(matches!(newer.status, 200 | 201), "{}", newer.body);
    let link = assert_transfer_answer(&newer.json()?, pass);
    assert_ne!(link.claim_token, replaced.claim_token);
    let stale = wallet_side
        .claim(
            &pass.to_string(),
            &replaced.claim_token,
            &SecretKey::generate(&mut OsRng).public_key().to_base64url(),
        )
        .await?;
    assert!(
        matches!(stale.status, 404 | 409),
        "a replaced link must not claim: {} {}",
        stale.status,
        stale.body
    );
    assert_eq!(
        server.db().wallet_public_key(pass).await?.as_deref(),
        Some(&sender.secret.public_key().as_bytes()[..]),
        "the sender still holds the pass"
    );

    let recipient = Wallet::claim_link(&wallet_side, &link).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let step = step_with_margin(2).await;
    let (scan_id, answer) = gate.scan(&sender.code_text(step)).await?;
    assert_scan_denied(&result(answer), scan_id, DenyReason::BadCode, pass);
    admit(&mut gate, &recipient, &recipient.code_text(step)).await?;
    let shown = issuer.pass(pass).await?;
    assert_eq!(
        shown["transfers"], 1,
        "the issuer's transfer counts: {shown}"
    );
    assert_eq!(shown["max_transfers"], 0, "{shown}");
    let reply = ask_nonce(&wallet_side, pass).await?;
    assert_error_reply(&reply, 404, "unknown_pass");

    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let reply = issuer_transfer(&auditor, other.pass_id, Uuid::new_v4()).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let started = admin.audit("kind=transfer_started").await?;
    assert_eq!(started.len(), 2, "two links were minted");
    Ok(())
}

async fn an_unbound_key_can_neither_start_nor_finish_a_transfer(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let wallet_side = server.anonymous();

    // After the hand-over the sender's key proves nothing, even with transfers left.
    let issued = admin
        .issue_pass_with(&PassSpec::default(), &json!({"max_transfers": 2}))
        .await?;
    let sender = Wallet::claim(&wallet_side, &issued).await?;
    let link = sender.start_transfer(&wallet_side).await?;
    let recipient = Wallet::claim_link(&wallet_side, &link).await?;
    let nonce = nonce(&wallet_side, issued.pass_id).await?;
    let reply = prove(
        &wallet_side,
        issued.pass_id,
        &nonce,
        &sender.transfer_proof(&nonce),
    )
    .await?;
    assert_error_reply(&reply, 403, "bad_proof");
    recipient.start_transfer(&wallet_side).await?;

    // A lost phone: whoever holds it starts a transfer, then the organiser re-binds. The
    // link the old key minted must not hand the pass to the finder's accomplice.
    let lost = admin
        .issue_pass_with(&PassSpec::default(), &json!({"max_transfers": 1}))
        .await?;
    let finder = Wallet::claim(&wallet_side, &lost).await?;
    let accomplice_link = finder.start_transfer(&wallet_side).await?;
    let rebind = admin
        .post(
            &format!("/v1/passes/{}/rebind", lost.pass_id),
            &json!({ "request_id": Uuid::new_v4() }),
        )
        .await?
        .expect(200)?;
    let owner_link: ClaimLink = serde_json::from_value(rebind)?;
    let accomplice = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let reply = wallet_side
        .claim(
            &lost.pass_id.to_string(),
            &accomplice_link.claim_token,
            &accomplice,
        )
        .await?;
    assert!(
        matches!(reply.status, 404 | 409),
        "a transfer link of a re-bound key must not claim: {} {}",
        reply.status,
        reply.body
    );
    let owner = Wallet::claim_link(&wallet_side, &owner_link).await?;
    assert_eq!(
        server
            .db()
            .wallet_public_key(lost.pass_id)
            .await?
            .as_deref(),
        Some(&owner.secret.public_key().as_bytes()[..]),
        "the owner holds the pass"
    );
    assert_eq!(admin.pass(lost.pass_id).await?["transfers"], 0);

    // A revoked pass is handed to nobody.
    let revoked = admin
        .issue_pass_with(&PassSpec::default(), &json!({"max_transfers": 1}))
        .await?;
    let holder = Wallet::claim(&wallet_side, &revoked).await?;
    let link = holder.start_transfer(&wallet_side).await?;
    admin.revoke(revoked.pass_id).await?.expect(200)?;
    let late = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let reply = wallet_side
        .claim(&revoked.pass_id.to_string(), &link.claim_token, &late)
        .await?;
    assert_error_reply(&reply, 409, "revoked");
    Ok(())
}

//! Issue 11: every challenge is settled by the sweep, in bulk, off the admission path; only
//! one that expired with no outcome under it is audited as `challenge_unanswered`, once.
//!
//! Until the settle trigger went, each admission's statement settled its own challenge.
//! Now nothing settles a challenge but the sweep, so this checks both halves: an answered
//! challenge is settled without an event (or the sweep's index would keep every admission
//! ever made), and an unanswered one is settled with exactly one.

use std::time::Duration;

use anyhow::{ensure, Result};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{both_backends, describe, Backend, TestServer};

both_backends!(the_sweep_settles_every_expired_challenge_and_audits_only_the_unanswered);

async fn the_sweep_settles_every_expired_challenge_and_audits_only_the_unanswered(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_CHALLENGE_LIFETIME_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "gate", None).await?;
    let (answered, answered_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    admit(&mut gate, &answered_wallet, &answered_wallet.code_now()).await?;
    let (unanswered, unanswered_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    gate.challenge(&unanswered_wallet.code_now()).await?;

    // The sweep runs every 2 s; both challenges expire after 1 s.
    let db = server.db();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let settled = (
            db.settled_challenge_count(answered.pass_id).await?,
            db.settled_challenge_count(unanswered.pass_id).await?,
        );
        if settled == (1, 1) {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "settled (answered, unanswered) challenges 20 s after they expired: {settled:?}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let unanswered_events = |events: &[tessera_tests::api::AuditEvent]| {
        events
            .iter()
            .filter(|event| event.kind == "challenge_unanswered")
            .count()
    };
    let events = admin
        .audit(&format!("pass_id={}", answered.pass_id))
        .await?;
    assert_eq!(unanswered_events(&events), 0, "{}", describe(&events));
    let events = admin
        .audit(&format!("pass_id={}", unanswered.pass_id))
        .await?;
    assert_eq!(unanswered_events(&events), 1, "{}", describe(&events));

    // Later sweeps find nothing more to audit.
    tokio::time::sleep(Duration::from_millis(4_500)).await;
    assert_eq!(db.audit_kind_count("challenge_unanswered").await?, 1);
    db.hot_rows_are_consistent().await?;
    Ok(())
}

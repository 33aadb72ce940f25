//! Issue 11, defect 1: a challenge that closed between the server's check and its commit is
//! never admitted.
//!
//! The gate connection that got a challenge remembers it, so a correct answer on that
//! connection goes straight to the admission write without reading the challenge back. When
//! that write refuses because the challenge burned (a third wrong answer on another socket
//! of the same gate) or expired meanwhile, the server must decide again over the challenge
//! as it is now, not count the use under a weaker condition.

use std::time::Duration;

use anyhow::{bail, ensure, Result};
use tessera_protocol::messages::{DenyReason, GateMessage, Outcome, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{altered, claimed_pass, connected_gate};
use tessera_tests::gate::Gate;
use tessera_tests::{
    assert_response_denied, both_backends, postgres_only, Backend, Db, TestServer,
};

both_backends!(a_challenge_that_expired_before_its_answer_is_not_admitted);
postgres_only!(a_challenge_burned_while_its_answer_waits_is_not_admitted);

/// PostgreSQL only: SQLite's one in-process writer orders the burn after the admission, so
/// the interleaving cannot arise there.
///
/// The ordering is forced on the server side: a row lock the test holds on another pass
/// keeps the server's only admission statement in flight, so the correct answer for this
/// pass, checked and found open, waits in the group-commit queue; the burn commits on a
/// third socket meanwhile (wrong answers do not go through that queue); then the lock is
/// released and the queued admission meets a burned challenge.
async fn a_challenge_burned_while_its_answer_waits_is_not_admitted(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (blocker, blocker_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut scanning) = connected_gate(&server, &admin, "north door", None).await?;
    let url = server.gate_ws_url();
    let mut answering = Gate::connect(&url, &device.device_token).await?;
    let mut guessing = Gate::connect(&url, &device.device_token).await?;
    let (_other, mut busy) = connected_gate(&server, &admin, "south door", None).await?;

    let blocking = busy.challenge(&blocker_wallet.code_now()).await?;
    let challenge = scanning.challenge(&wallet.code_now()).await?;
    let Db::Postgres(pool) = server.db() else {
        bail!("this interleaving exists on PostgreSQL only");
    };
    let mut lock = pool.begin().await?;
    sqlx::query("SELECT 1 FROM passes WHERE id = $1 FOR UPDATE")
        .bind(blocker.pass_id)
        .execute(&mut *lock)
        .await?;
    busy.send(&GateMessage::Response {
        scan_id: blocking.scan_id,
        nonce: blocking.nonce.to_string(),
        response: blocker_wallet.answer(&blocking)?,
    })
    .await?;
    wait_for_lock_waiters(pool, 1).await?;
    // A connection that did not issue the challenge reads it and finds it open.
    answering
        .send(&GateMessage::Response {
            scan_id: challenge.scan_id,
            nonce: challenge.nonce.to_string(),
            response: wallet.answer(&challenge)?,
        })
        .await?;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let wrong = altered(&wallet.answer(&challenge)?);
    for _ in 0..3 {
        let denied = guessing.answer(&challenge, &wrong).await?;
        assert_response_denied(&denied, &challenge, DenyReason::BadResponse, false);
    }
    lock.rollback().await?;

    let late = match answering.recv().await? {
        ServerMessage::Result(result) => result,
        other => bail!("the queued answer got {other:?}"),
    };
    assert_response_denied(&late, &challenge, DenyReason::ChallengeBurned, false);
    let db = server.db();
    assert_eq!(
        db.pass_uses(issued.pass_id).await?,
        0,
        "a burned challenge admitted"
    );
    assert_eq!(db.redemption_count(issued.pass_id).await?, 0);
    let unblocked = busy.recv().await?;
    ensure!(
        matches!(&unblocked, ServerMessage::Result(r) if r.outcome == Outcome::Admitted),
        "the blocking admission got {unblocked:?}"
    );
    Ok(())
}

/// Waits (at most a second) until `count` sessions of this database wait for a lock.
async fn wait_for_lock_waiters(pool: &sqlx::PgPool, count: i64) -> Result<()> {
    for _ in 0..100 {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity \
             WHERE datname = current_database() AND wait_event_type = 'Lock'",
        )
        .fetch_one(pool)
        .await?;
        if waiting >= count {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    bail!("no admission statement waited on the test's row lock")
}

async fn a_challenge_that_expired_before_its_answer_is_not_admitted(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_CHALLENGE_LIFETIME_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_device, mut gate) = connected_gate(&server, &admin, "north door", None).await?;

    let challenge = gate.challenge(&wallet.code_now()).await?;
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    let late = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    assert_response_denied(&late, &challenge, DenyReason::ChallengeExpired, false);
    let db = server.db();
    assert_eq!(
        db.pass_uses(issued.pass_id).await?,
        0,
        "an expired challenge admitted"
    );
    assert_eq!(db.redemption_count(issued.pass_id).await?, 0);
    Ok(())
}

//! Issue 18: a server given several database hosts finds the primary and follows it.
//!
//! `TESSERA_DATABASE_URL` lists hosts in the libpq form (`postgres://u@h1:p1,h2:p2/db`); the
//! server's primary locator (`server/crates/store/src/primary.rs`) probes them and forwards its pools'
//! connections to the one answering `pg_is_in_recovery() = false`. Here the "hosts" are a dead
//! port and cuttable TCP proxies in front of the suite's one PostgreSQL: a failover looks to
//! the server exactly like its primary vanishing and another host answering as primary. The
//! real thing (a promoted synchronous standby, under load) is `bench/failover.sh`.

use std::time::Duration;

use anyhow::{bail, ensure, Result};
use tessera_protocol::messages::{DenyReason, ErrorCode, GateMessage, Outcome, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::db::{execute_as_owner, pg_admin_url, PgUrl};
use tessera_tests::fixtures::{claimed_pass, connected_gate};
use tessera_tests::gate::Gate;
use tessera_tests::proxy::TcpProxy;
use tessera_tests::{postgres_only, Backend, TestServer};

postgres_only!(
    a_dead_host_listed_first_is_skipped_and_the_primary_admits,
    the_server_follows_a_moved_primary_and_refuses_two,
    a_challenge_lost_in_a_failover_is_unknown_nonce_and_a_rescan_admits
);

/// Probes fast, so the test sees each change within a second.
const PROBE_MS: &str = "200";

/// A local port nothing listens on.
fn dead_port() -> Result<u16> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(listener.local_addr()?.port())
}

/// Polls `/readyz` until it answers `status` with `says` in its body.
async fn wait_for_readyz(server: &TestServer, status: u16, says: &str) -> Result<()> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let reply = server.anonymous().get("/readyz").await?;
        if reply.status == status && reply.body.contains(says) {
            return Ok(());
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "/readyz is still {} ({}) after 20 s, expected {status} {says}",
            reply.status,
            reply.body
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// One full scan → challenge → answer for a fresh pass; the outcome must be `admitted`.
async fn admit_one(server: &TestServer, gate: &mut Gate) -> Result<()> {
    let (issued, wallet) = claimed_pass(&server.admin(), &PassSpec::default()).await?;
    let challenge = gate.challenge(&wallet.code_now()).await?;
    let result = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    ensure!(result.outcome == Outcome::Admitted, "{result:?}");
    ensure!(server.db().pass_uses(issued.pass_id).await? == 1);
    Ok(())
}

async fn a_dead_host_listed_first_is_skipped_and_the_primary_admits(
    backend: Backend,
) -> Result<()> {
    let real = PgUrl::parse(&pg_admin_url())?;
    // `PgUrl` writes `host:port`, so this host is the list `dead,real`.
    let hosts = format!("127.0.0.1:{},{}", dead_port()?, real.host);
    let server = TestServer::builder(backend)
        .database_endpoint(&hosts, real.port)
        .env("TESSERA_PRIMARY_PROBE_MS", PROBE_MS)
        .start()
        .await?;
    wait_for_readyz(&server, 200, "\"ready\"").await?;
    let (_, mut gate) = connected_gate(&server, &server.admin(), "north door", None).await?;
    for _ in 0..3 {
        admit_one(&server, &mut gate).await?;
    }
    Ok(())
}

async fn the_server_follows_a_moved_primary_and_refuses_two(backend: Backend) -> Result<()> {
    let real = PgUrl::parse(&pg_admin_url())?;
    let upstream = format!("{}:{}", real.host, real.port);
    let (first, second) = (
        TcpProxy::start(upstream.clone()).await?,
        TcpProxy::start(upstream).await?,
    );
    // The second host is down at first: the first is the primary.
    second.cut();
    let hosts = format!("127.0.0.1:{},127.0.0.1", first.addr.port());
    let server = TestServer::builder(backend)
        .database_endpoint(&hosts, second.addr.port())
        .env("TESSERA_PRIMARY_PROBE_MS", PROBE_MS)
        .start()
        .await?;
    wait_for_readyz(&server, 200, "ready").await?;
    let (_, mut gate) = connected_gate(&server, &server.admin(), "north door", None).await?;
    admit_one(&server, &mut gate).await?;
    let (_, wallet) = claimed_pass(&server.admin(), &PassSpec::default()).await?;

    // The primary dies: not ready, and a scan meanwhile gets a retryable error.
    first.cut();
    wait_for_readyz(&server, 503, "no_primary").await?;
    let (_, answer) = gate.scan(&wallet.code_now()).await?;
    match answer {
        ServerMessage::Error(e) => ensure!(
            e.retryable && matches!(e.code, ErrorCode::StorageUnavailable | ErrorCode::Timeout),
            "without a primary a scan must get a retryable storage error: {e:?}"
        ),
        other => bail!("without a primary the scan was answered {other:?}"),
    }

    // The other host is promoted: the same gate socket admits again, through it.
    second.restore();
    wait_for_readyz(&server, 200, "ready").await?;
    admit_one(&server, &mut gate).await?;

    // The old primary comes back on its own, on the same timeline: two primaries, and the
    // server uses neither rather than risk writing to two diverging databases.
    first.restore();
    wait_for_readyz(&server, 503, "no_primary").await?;
    gate.send(&GateMessage::Scan {
        scan_id: uuid::Uuid::new_v4(),
        code: wallet.code_now(),
    })
    .await?;
    match gate.recv_within(Duration::from_secs(15)).await? {
        ServerMessage::Error(e) => ensure!(e.retryable, "{e:?}"),
        other => bail!("with two primaries the scan was answered {other:?}"),
    }
    first.cut();
    wait_for_readyz(&server, 200, "ready").await?;
    admit_one(&server, &mut gate).await?;
    Ok(())
}

/// A challenge commits asynchronously, so the newest ones may be missing on a promoted
/// standby (`docs/threat-model.md` §6, "Across a failover"). Deleting the row is what the
/// new primary looks like then: the answer is denied `unknown_nonce`, nobody is admitted
/// under it, and the visitor's next scan gets a new challenge that admits.
async fn a_challenge_lost_in_a_failover_is_unknown_nonce_and_a_rescan_admits(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut first) = connected_gate(&server, &admin, "north door", None).await?;
    let lost = first.challenge(&wallet.code_now()).await?;
    let deleted = execute_as_owner(
        server.database(),
        &format!(
            "DELETE FROM challenges WHERE pass_id = '{}'",
            issued.pass_id
        ),
    )
    .await?;
    ensure!(deleted == 1, "{deleted} challenges deleted");
    // On the socket that got the challenge (its in-memory shortcut goes straight to the
    // redemption transaction, which finds no challenge row) and on a reconnected one alike,
    // the answer is `unknown_nonce`, never `internal`.
    let answer = first.answer(&lost, &wallet.answer(&lost)?).await?;
    ensure!(
        answer.outcome == Outcome::Denied && answer.reason == Some(DenyReason::UnknownNonce),
        "an answer to a lost challenge on its own socket must be unknown_nonce: {answer:?}"
    );
    first.close().await;
    let mut gate = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let answer = gate.answer(&lost, &wallet.answer(&lost)?).await?;
    ensure!(
        answer.outcome == Outcome::Denied && answer.reason == Some(DenyReason::UnknownNonce),
        "an answer to a lost challenge must be unknown_nonce: {answer:?}"
    );
    ensure!(server.db().pass_uses(issued.pass_id).await? == 0);
    let again = gate.challenge(&wallet.code_now()).await?;
    let result = gate.answer(&again, &wallet.answer(&again)?).await?;
    ensure!(result.outcome == Outcome::Admitted, "{result:?}");
    ensure!(server.db().pass_uses(issued.pass_id).await? == 1);
    Ok(())
}

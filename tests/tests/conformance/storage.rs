//! Issue 4, §7 rule 5: a storage failure is a retryable `error`, never a guess, and the
//! gate's retry reveals the truth once storage is back.
//!
//! PostgreSQL only by nature: the server reaches it through a TCP proxy that the test cuts,
//! which is what a network partition or a database failover looks like to the server. (The
//! embedded SQLite file has no network to lose.)

use std::time::Duration;

use anyhow::{ensure, Result};
use tessera_protocol::messages::{ErrorCode, Outcome, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::db::{pg_admin_url, PgUrl};
use tessera_tests::fixtures::{claimed_pass, connected_gate};
use tessera_tests::proxy::TcpProxy;
use tessera_tests::{assert_admitted, postgres_only, Backend, TestServer};

postgres_only!(storage_failure_is_retryable_and_the_retry_gets_the_truth);

/// Polls `/readyz` until it answers `status`.
async fn wait_for_readyz(server: &TestServer, status: u16) -> Result<()> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let reply = server.anonymous().get("/readyz").await?;
        if reply.status == status {
            return Ok(());
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "/readyz is still {} after 20 s, expected {status}",
            reply.status
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn storage_failure_is_retryable_and_the_retry_gets_the_truth(backend: Backend) -> Result<()> {
    let upstream = PgUrl::parse(&pg_admin_url())?;
    let proxy = TcpProxy::start(format!("{}:{}", upstream.host, upstream.port)).await?;
    let server = TestServer::builder(backend)
        .database_endpoint("127.0.0.1", proxy.addr.port())
        .start()
        .await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "north door", None).await?;
    let challenge = gate.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;

    proxy.cut();
    gate.send(&tessera_protocol::messages::GateMessage::Response {
        scan_id: challenge.scan_id,
        nonce: challenge.nonce.to_string(),
        response: response.clone(),
    })
    .await?;
    // Statement and check-in timeouts are 1.5 s and 2 s; allow for both and a retry.
    let failed = gate.recv_within(Duration::from_secs(15)).await?;
    match &failed {
        ServerMessage::Error(e) => {
            ensure!(e.retryable, "a storage failure must be retryable: {e:?}");
            ensure!(
                matches!(e.code, ErrorCode::StorageUnavailable | ErrorCode::Timeout),
                "a storage failure is storage_unavailable or timeout: {e:?}"
            );
            assert_eq!(e.scan_id, Some(challenge.scan_id));
        }
        other => panic!("with the database unreachable the server answered {other:?}"),
    }
    // The test reads PostgreSQL directly, not through the proxy.
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 0);
    wait_for_readyz(&server, 503).await?;

    proxy.restore();
    wait_for_readyz(&server, 200).await?;
    // The gate resends the same response until it gets an answer that is not an error.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let truth = loop {
        let answer = gate
            .respond(challenge.scan_id, &challenge.nonce.to_string(), &response)
            .await?;
        match answer {
            ServerMessage::Result(result) => break result,
            ServerMessage::Error(e) if e.retryable => {
                ensure!(
                    tokio::time::Instant::now() < deadline,
                    "still failing 20 s after the database came back: {e:?}"
                );
                tokio::time::sleep(Duration::from_millis(250)).await;
            }
            other => panic!("the retry got {other:?}"),
        }
    };
    assert_eq!(truth.outcome, Outcome::Admitted, "{truth:?}");
    let again = gate.answer(&challenge, &response).await?;
    assert_admitted(&again, &challenge, true);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1, "used exactly once");
    assert_eq!(db.redemption_count(issued.pass_id).await?, 1);
    Ok(())
}

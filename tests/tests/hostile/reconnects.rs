//! Issue 33: a replica opens at most `TESSERA_GATE_CONNECTS_PER_S` gate sockets a second.
//! Past its budget a verified gate is answered `503 reconnect_later` with a `Retry-After`,
//! the refusals of one burst are told to come back spread over the seconds the budget needs
//! (not all in the same second), the gate client reads it as [`GateError::Busy`], and a
//! gate that comes back when told gets its socket. A gate with a visitor waiting (it says
//! `Tessera-Pending-Scans`) gets in at once, while the idle ones are deferred. A bad token is still refused 401 whatever
//! the budget: the budget is spent only by gates whose credential verified. (SQLite only:
//! the budget is the front end's, before any storage; `tests/tests/storm` meets it on
//! PostgreSQL.)

use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use tessera_gate::{DeviceToken, Error as GateError, GateConnection};
use tessera_tests::gate::upgrade_status;
use tessera_tests::{sqlite_only, Backend, TestServer};

sqlite_only!(a_burst_of_reconnects_is_told_to_come_back_spread_over_the_budget);

async fn a_burst_of_reconnects_is_told_to_come_back_spread_over_the_budget(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_GATE_CONNECTS_PER_S", "2")
        .start()
        .await?;
    let url = server.gate_ws_url();
    let admin = server.admin();
    let mut tokens = Vec::new();
    for i in 0..9 {
        let device = admin.create_gate(&format!("gate {i}"), None).await?;
        tokens.push(DeviceToken::new(&device.device_token).map_err(|e| anyhow::anyhow!("{e}"))?);
    }
    let timeout = Duration::from_secs(5);

    // The burst: two sockets, then each gate is told when to come back.
    let mut open = Vec::new();
    let mut told = Vec::new();
    let waiting_gate = tokens.pop().context("nine gates")?;
    for token in &tokens {
        match GateConnection::connect(&url, token, timeout).await {
            Ok(conn) => open.push(conn),
            Err(GateError::Busy {
                status,
                retry_after,
            }) => {
                ensure!(status == 503, "a deferred gate got HTTP {status}");
                told.push(retry_after);
            }
            Err(other) => bail!("a verified gate in the burst got {other}"),
        }
    }
    ensure!(
        open.len() >= 2 && told.len() >= 4,
        "with a budget of 2/s, {} of 8 gates connected at once",
        open.len()
    );
    ensure!(
        told.windows(2).all(|w| w[0] <= w[1])
            && told.first() == Some(&Duration::from_secs(1))
            && told.last() > told.first(),
        "the refusals of one burst must be spread over the seconds the budget needs: {told:?}"
    );
    // The budget is spent, but a gate with a visitor waiting is not made to wait.
    let first_served = GateConnection::connect_with_pending(&url, &waiting_gate, timeout, 1).await;
    ensure!(
        first_served.is_ok(),
        "a gate with a scan pending was deferred like an idle one: {:?}",
        first_served.err()
    );
    // A wrong token is refused for what it is, not deferred.
    ensure!(
        upgrade_status(&url, Some("gt_not-a-token")).await? == Some(401),
        "a bad token while the budget is spent must still get 401"
    );

    // Come back when told (plus the client's jitter): the socket opens.
    let last = tokens.len() - 1;
    tokio::time::sleep(tessera_gate::backoff::after_retry_after(
        told[told.len() - 1],
    ))
    .await;
    let conn = GateConnection::connect(&url, &tokens[last], timeout).await;
    ensure!(
        conn.is_ok(),
        "a gate that came back after its Retry-After was refused: {:?}",
        conn.err()
    );
    Ok(())
}

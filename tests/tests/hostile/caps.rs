//! Issue 12: one gate device, or one tenant, cannot take the gate sockets everybody else
//! needs. Each has a cap below the global bound; beyond it the upgrade is refused with 429
//! (and `Retry-After`), the refusal is audited (once a minute per gate at most, so a device
//! hammering its cap cannot write the log without bound), and a freed socket is usable again.

use anyhow::{ensure, Result};
use tessera_tests::gate::{upgrade_status, Gate};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(one_device_or_one_tenant_cannot_take_every_gate_socket);

async fn one_device_or_one_tenant_cannot_take_every_gate_socket(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_MAX_SOCKETS_PER_GATE", "2")
        .env("TESSERA_MAX_SOCKETS_PER_TENANT", "3")
        .start()
        .await?;
    let url = server.gate_ws_url();
    let admin = server.admin();
    let greedy = admin.create_gate("greedy", None).await?;
    let neighbour = admin.create_gate("neighbour", None).await?;
    let other_org = server.init_org("Org B").await?;
    let stranger = server
        .client(&other_org.admin_key)
        .create_gate("other tenant", None)
        .await?;

    let first = Gate::connect(&url, &greedy.device_token).await?;
    let _second = Gate::connect(&url, &greedy.device_token).await?;
    for attempt in 0..5 {
        let status = upgrade_status(&url, Some(&greedy.device_token)).await?;
        ensure!(
            status == Some(429),
            "attempt {attempt}: a third socket of one device got {status:?}"
        );
    }
    // The tenant has one socket left, for another of its devices…
    let _neighbour = Gate::connect(&url, &neighbour.device_token).await?;
    let status = upgrade_status(&url, Some(&neighbour.device_token)).await?;
    ensure!(
        status == Some(429),
        "a fourth socket of the tenant got {status:?}"
    );
    // …and another tenant is not affected at all.
    let _stranger = Gate::connect(&url, &stranger.device_token).await?;
    let _stranger_too = Gate::connect(&url, &stranger.device_token).await?;

    // A freed socket is usable again.
    first.close().await;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(5);
    while upgrade_status(&url, Some(&greedy.device_token))
        .await?
        .is_some()
    {
        ensure!(
            tokio::time::Instant::now() < deadline,
            "still refused 5 s after a socket of the device closed"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    let refusals = admin.audit("kind=gate_connection_refused").await?;
    let by_gate = |gate_id| {
        refusals
            .iter()
            .filter(|e| e.gate_id == Some(gate_id))
            .count()
    };
    ensure!(
        by_gate(greedy.gate_id) == 1,
        "five refusals of one device within a minute must be one audit row: {refusals:?}"
    );
    ensure!(
        by_gate(neighbour.gate_id) == 1,
        "the tenant cap's refusal: {refusals:?}"
    );
    let greedy_event = refusals
        .iter()
        .find(|e| e.gate_id == Some(greedy.gate_id))
        .map(|e| e.details.clone())
        .unwrap_or_default();
    ensure!(
        greedy_event["cap"] == "gate" && greedy_event["limit"] == 2,
        "details {greedy_event}"
    );
    Ok(())
}

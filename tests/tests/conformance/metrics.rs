//! Issue 15, in part: Prometheus `/metrics` on its own listen address, in the text format,
//! counting what happened with bounded labels only (never a pass id).

use anyhow::{Context, Result};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{admit, altered, claimed_pass, connected_gate};
use tessera_tests::gate::upgrade_status;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(metrics_count_what_happened_on_their_own_address);

/// The value of the sample line that starts with `prefix` (name and labels).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|line| line.starts_with(prefix))
        .and_then(|line| line.rsplit(' ').next())
        .and_then(|value| value.parse().ok())
}

async fn metrics_count_what_happened_on_their_own_address(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_METRICS_LISTEN", "127.0.0.1:0")
        .start()
        .await?;
    let metrics_url = format!(
        "http://{}/metrics",
        server
            .metrics_addr
            .context("the server printed no metrics address")?
    );
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "gate", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    gate.scan("garbage").await?;
    assert_eq!(
        upgrade_status(&server.gate_ws_url(), Some(&altered(&device.device_token))).await?,
        Some(401)
    );

    let response = reqwest::get(&metrics_url).await?;
    assert_eq!(response.status(), 200);
    let content_type = response.headers()["content-type"].to_str()?.to_owned();
    assert!(
        content_type.starts_with("application/openmetrics-text"),
        "{content_type}"
    );
    let text = response.text().await?;
    assert!(
        text.trim_end().ends_with("# EOF"),
        "not the text format:\n{text}"
    );
    // The metrics are process-wide and this process served exactly this test.
    assert_eq!(
        sample(&text, "tessera_admissions_total"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(sample(&text, "tessera_scans_total"), Some(2.0), "{text}");
    assert_eq!(
        sample(
            &text,
            "tessera_outcomes_total{outcome=\"denied\",reason=\"malformed_code\"}"
        ),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "tessera_auth_failures_total{surface=\"gate_ws\"}"),
        Some(1.0),
        "{text}"
    );
    assert_eq!(
        sample(&text, "tessera_response_to_result_seconds_count"),
        Some(1.0),
        "{text}"
    );
    assert!(text.contains("tessera_batch_size_bucket{"), "{text}");
    assert!(text.contains("tessera_pool_connections{pool="), "{text}");
    assert!(
        text.contains("tessera_db_waiting_operations{batch=\"admissions\"} 0"),
        "an idle server has nothing waiting: {text}"
    );
    assert!(
        text.contains(&format!(
            "tessera_gate_sockets{{tenant=\"{}\"}} 1",
            server.org().org_id
        )),
        "{text}"
    );
    assert!(
        !text.contains(&issued.pass_id.to_string()) && !text.contains(&device.gate_id.to_string()),
        "a pass or gate id became a label:\n{text}"
    );
    // The example dashboard (docs/grafana) graphs only metrics that exist.
    let dashboard = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/grafana/tessera-dashboard.json"
    ))?;
    let mut names: Vec<&str> = dashboard
        .match_indices("tessera_")
        .map(|(at, _)| {
            let rest = &dashboard[at..];
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|name| name.len() > "tessera_".len())
        .collect();
    names.sort_unstable();
    names.dedup();
    assert!(names.len() >= 8, "{names:?}");
    for name in names {
        let family = ["_bucket", "_sum", "_count", "_total"]
            .iter()
            .find_map(|suffix| name.strip_suffix(suffix))
            .unwrap_or(name);
        assert!(
            text.contains(&format!("# TYPE {family} ")),
            "the dashboard graphs {name}, which /metrics does not export:\n{text}"
        );
    }
    // The public listener does not serve it.
    let public = reqwest::get(server.url("/metrics")).await?;
    assert_eq!(public.status(), 404);
    Ok(())
}

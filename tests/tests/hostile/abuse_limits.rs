//! Issue 12: nobody without a credential can slow or blind everyone else.
//!
//! A source that keeps failing authentication is answered 429 with `Retry-After` once its
//! budget is spent, before any database work, while another source (127.0.0.2: loopback
//! too) is served as usual; claims are rate-limited per source the same way; and however
//! many requests a flood has refused, the audit log grows by one aggregated row per source
//! and window, whose counts add up to the refusals.

use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use anyhow::{ensure, Result};
use serde_json::{json, Value};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    a_failing_source_is_refused_before_any_database_work_and_audited_in_aggregate,
    claims_are_rate_limited_per_source,
);

fn client_from(last_octet: u8) -> Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .local_address(IpAddr::V4(Ipv4Addr::new(127, 0, 0, last_octet)))
        .timeout(Duration::from_secs(10))
        .build()?)
}

async fn a_failing_source_is_refused_before_any_database_work_and_audited_in_aggregate(
    backend: Backend,
) -> Result<()> {
    const BUDGET: usize = 10;
    const FLOOD: usize = 300;
    let server = TestServer::builder(backend)
        .env("TESSERA_AUTH_FAILURES_PER_MIN", &BUDGET.to_string())
        .env("TESSERA_AUDIT_AGGREGATE_S", "1")
        .start()
        .await?;
    let rows_before = server.db().audit_kind_count("auth_failure").await?;
    let started = std::time::Instant::now();
    let flooder = client_from(1)?;
    let url = server.url("/v1/audit");
    let mut statuses = Vec::new();
    let mut retry_after = None;
    for i in 0..FLOOD {
        let reply = flooder
            .get(&url)
            .bearer_auth(format!("forged-{i}"))
            .send()
            .await?;
        if reply.status() == 429 && retry_after.is_none() {
            retry_after = reply
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<u64>().ok());
        }
        statuses.push(reply.status().as_u16());
    }
    let unauthorized = statuses.iter().filter(|s| **s == 401).count();
    let limited = statuses.iter().filter(|s| **s == 429).count();
    ensure!(
        unauthorized <= BUDGET + 2 && limited >= FLOOD - BUDGET - 2,
        "expected about {BUDGET} 401s then 429s, got {unauthorized} 401 and {limited} 429"
    );
    ensure!(
        retry_after.is_some_and(|s| (1..=60).contains(&s)),
        "429 without a usable Retry-After: {retry_after:?}"
    );

    // Another source is not affected: its valid key works, its first mistake is a 401.
    let honest = client_from(2)?;
    let ok = honest
        .get(&url)
        .bearer_auth(&server.org().admin_key)
        .send()
        .await?;
    ensure!(ok.status() == 200, "an honest source got {}", ok.status());
    let typo = honest.get(&url).bearer_auth("typo").send().await?;
    ensure!(typo.status() == 401, "an honest typo got {}", typo.status());

    // The audit log grows by one row per source and window, not one per request.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let (rows, counted) = loop {
        let rows = server.db().audit_details_of_kind("auth_failure").await?;
        let counted: u64 = rows
            .iter()
            .filter_map(|r| serde_json::from_str::<Value>(r).ok())
            .map(|d| d["count"].as_u64().unwrap_or(0))
            .sum();
        if counted > FLOOD as u64 || tokio::time::Instant::now() >= deadline {
            break (rows, counted);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    // One-second windows here: at most one row per source (two of them) and window.
    let windows = started.elapsed().as_secs() as i64 + 2;
    let added = rows.len() as i64 - rows_before;
    ensure!(
        (1..=2 * windows).contains(&added),
        "{FLOOD} refused requests added {added} audit rows over {windows} windows: {rows:?}"
    );
    ensure!(
        counted == FLOOD as u64 + 1,
        "the rows count {counted} refusals; {FLOOD} + 1 requests were refused"
    );
    let flood_row = rows
        .iter()
        .filter_map(|r| serde_json::from_str::<Value>(r).ok())
        .find(|d| d["source"] == "127.0.0.1")
        .unwrap_or(json!(null));
    ensure!(
        flood_row["aggregated"] == true
            && flood_row["first"].is_string()
            && flood_row["last"].is_string()
            && flood_row["sample_reason"] == "unknown_credential",
        "aggregate row {flood_row}"
    );
    Ok(())
}

async fn claims_are_rate_limited_per_source(backend: Backend) -> Result<()> {
    const PER_MINUTE: usize = 5;
    let server = TestServer::builder(backend)
        .env("TESSERA_CLAIMS_PER_MIN", &PER_MINUTE.to_string())
        .env("TESSERA_AUTH_FAILURES_PER_MIN", "1000")
        .start()
        .await?;
    let flooder = client_from(1)?;
    let url = server.url("/v1/claims");
    let junk = json!({
        "pass_id": uuid::Uuid::new_v4().to_string(),
        "claim_token": "junk",
        "wallet_public_key": "junk",
    });
    let mut statuses = Vec::new();
    for _ in 0..(PER_MINUTE * 4) {
        statuses.push(
            flooder
                .post(&url)
                .json(&junk)
                .send()
                .await?
                .status()
                .as_u16(),
        );
    }
    let limited = statuses.iter().filter(|s| **s == 429).count();
    ensure!(
        limited >= PER_MINUTE * 3 - 1,
        "{} claims from one source past a budget of {PER_MINUTE}/min: {statuses:?}",
        PER_MINUTE * 4
    );
    let other = client_from(2)?.post(&url).json(&junk).send().await?;
    ensure!(
        other.status() == 404,
        "another source's claim got {}",
        other.status()
    );
    Ok(())
}

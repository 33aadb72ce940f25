//! `tessera-flood`: an unauthenticated flood, as fast as it can, from one source address.
//!
//! Issue 12's benchmark runs honest admissions beside this: every request carries a bad
//! bearer token (`GET /v1/audit`), a junk claim (`POST /v1/claims`) or a gate upgrade with a
//! forged device token, spread over `--concurrency` connections bound to `--source` (a
//! loopback address other than the honest load's, so the server tells them apart; or, for
//! issue 29's case, the honest load's own, as behind a venue's NAT). It
//! prints one JSON object: requests sent, requests/s and the count of each status.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Parser;
use serde_json::json;
use tokio::sync::Mutex;

/// Unauthenticated flood for a running tessera-server (loopback only).
#[derive(Debug, Parser)]
#[command(name = "tessera-flood", about)]
struct Args {
    /// The server's HTTP base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base_url: String,
    /// Local address the flood comes from.
    #[arg(long, default_value = "127.0.0.2")]
    source: IpAddr,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// How long to flood, in seconds.
    #[arg(long, default_value_t = 10.0)]
    duration_s: f64,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let client = reqwest::Client::builder()
        .local_address(args.source)
        .timeout(Duration::from_secs(10))
        .pool_max_idle_per_host(args.concurrency)
        .build()?;
    let base = args.base_url.trim_end_matches('/').to_owned();
    let statuses: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    let started = Instant::now();
    let run_for = Duration::from_secs_f64(args.duration_s.max(0.1));
    let mut workers = Vec::new();
    for worker in 0..args.concurrency.max(1) {
        let client = client.clone();
        let base = base.clone();
        let statuses = Arc::clone(&statuses);
        workers.push(tokio::spawn(async move {
            let mut local: BTreeMap<String, u64> = BTreeMap::new();
            let mut i = 0u64;
            while started.elapsed() < run_for {
                i += 1;
                let request = match (worker as u64 + i) % 3 {
                    0 => client
                        .get(format!("{base}/v1/audit"))
                        .bearer_auth(format!("forged-{worker}-{i}")),
                    1 => client.post(format!("{base}/v1/claims")).json(&json!({
                        "pass_id": uuid::Uuid::new_v4().to_string(),
                        "claim_token": "junk",
                        "wallet_public_key": "junk",
                    })),
                    _ => client
                        .get(format!("{base}/v1/gate/ws"))
                        .bearer_auth(format!("forged-device-{worker}-{i}"))
                        .header("connection", "upgrade")
                        .header("upgrade", "websocket")
                        .header("sec-websocket-version", "13")
                        .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
                };
                let key = match request.send().await {
                    Ok(reply) => reply.status().as_u16().to_string(),
                    Err(error) if error.is_timeout() => "timeout".to_owned(),
                    Err(_) => "connection_error".to_owned(),
                };
                *local.entry(key).or_default() += 1;
            }
            let mut all = statuses.lock().await;
            for (status, count) in local {
                *all.entry(status).or_default() += count;
            }
        }));
    }
    for worker in workers {
        worker.await?;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let statuses = statuses.lock().await.clone();
    let requests: u64 = statuses.values().sum();
    println!(
        "{}",
        json!({
            "requests": requests,
            "requests_per_s": requests as f64 / elapsed,
            "statuses": statuses,
            "duration_s": elapsed,
        })
    );
    Ok(())
}

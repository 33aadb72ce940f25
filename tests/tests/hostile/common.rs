//! Helpers every hostile test shares: a second tenant, raw HTTP calls with any header, and
//! the "another gate is still served, promptly" check that follows each attack.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use tessera_tests::api::{ApiClient, PassSpec};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{Reply, TestServer};

/// How long an honest admission may take while the server is under attack.
pub const PROMPT: Duration = Duration::from_secs(3);

/// Sends `method path` with an optional raw `Authorization` value and a JSON body.
///
/// # Errors
/// On a transport failure only.
pub async fn raw_call(
    server: &TestServer,
    method: reqwest::Method,
    path: &str,
    authorization: Option<&str>,
    body: Option<&serde_json::Value>,
) -> Result<Reply> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .build()?;
    let mut request = http.request(method, server.url(path));
    if let Some(value) = authorization {
        request = request.header("Authorization", value);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.context("send the request")?;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.text().await.unwrap_or_default();
    Ok(Reply {
        status,
        content_type,
        body,
    })
}

/// An honest gate of `admin`'s tenant admits a fresh pass within [`PROMPT`]; returns how long
/// the whole claim-scan-answer took at the gate.
///
/// # Errors
/// When the admission fails or is late.
pub async fn honest_admission_still_works(
    server: &TestServer,
    admin: &ApiClient,
) -> Result<Duration> {
    let (_, wallet) = claimed_pass(admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(server, admin, "honest gate", None).await?;
    let started = Instant::now();
    tokio::time::timeout(PROMPT, admit(&mut gate, &wallet, &wallet.code_now()))
        .await
        .context("an honest admission did not finish promptly while under attack")??;
    let took = started.elapsed();
    gate.close().await;
    Ok(took)
}

/// `/healthz` answers 200 within [`PROMPT`].
///
/// # Errors
/// When it does not.
pub async fn healthz_answers(server: &TestServer) -> Result<Duration> {
    let started = Instant::now();
    let reply = tokio::time::timeout(
        PROMPT,
        raw_call(server, reqwest::Method::GET, "/healthz", None, None),
    )
    .await
    .context("/healthz did not answer promptly")??;
    anyhow::ensure!(reply.status == 200, "/healthz answered {}", reply.status);
    Ok(started.elapsed())
}

/// The median of `samples` (sorted in place).
pub fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples.get(samples.len() / 2).copied().unwrap_or_default()
}

/// The `q` quantile (0–1) of sorted `samples`.
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let at = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[at.min(sorted.len() - 1)]
}

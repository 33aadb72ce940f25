//! Floods from one gate: scans (the per-gate rate limit holds, also across several sockets of
//! the same device, while another gate is served promptly) and wrong answers (the challenge
//! burns after three and only that challenge; the wallet itself can still get in).
//!
//! Why: a compromised or buggy gate must not be able to starve the venue's other gates, nor
//! brute-force a MAC (3 tries of 2^128), nor lock a visitor out by burning challenges.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use anyhow::{ensure, Result};
use futures_util::future::join_all;
use tessera_protocol::messages::{DenyReason, ErrorCode, GateMessage, ServerMessage};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{assert_response_denied, both_backends, Backend, Gate, TestServer};
use uuid::Uuid;

use crate::common::honest_admission_still_works;

both_backends!(
    scan_flood_is_rate_limited_per_gate_and_other_gates_are_served,
    bad_response_flood_burns_only_its_challenge,
);

/// Sends `count` malformed scans back to back, then reads every answer.
async fn flood(gate: &mut Gate, count: usize) -> Result<HashMap<&'static str, usize>> {
    for _ in 0..count {
        gate.send(&GateMessage::Scan {
            scan_id: Uuid::new_v4(),
            code: "TSR1:FLOOD".to_owned(),
        })
        .await?;
    }
    let mut tally: HashMap<&'static str, usize> = HashMap::new();
    for _ in 0..count {
        let kind = match gate.recv_within(Duration::from_secs(10)).await? {
            ServerMessage::Error(e) if e.code == ErrorCode::RateLimited => {
                ensure!(e.retryable, "rate_limited must be retryable: {e:?}");
                "rate_limited"
            }
            ServerMessage::Result(r) if r.reason == Some(DenyReason::MalformedCode) => "served",
            other => anyhow::bail!("unexpected answer in a flood: {other:?}"),
        };
        *tally.entry(kind).or_default() += 1;
    }
    Ok(tally)
}

async fn scan_flood_is_rate_limited_per_gate_and_other_gates_are_served(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (noisy, mut flooding) = connected_gate(&server, &admin, "noisy", None).await?;
    const FLOOD: usize = 400;
    let started = Instant::now();
    let (tally, honest) = tokio::join!(flood(&mut flooding, FLOOD), async {
        tokio::time::sleep(Duration::from_millis(50)).await;
        honest_admission_still_works(&server, &admin).await
    });
    let tally = tally?;
    let honest = honest?;
    let elapsed = started.elapsed().as_secs_f64();
    let served = tally.get("served").copied().unwrap_or(0);
    let limited = tally.get("rate_limited").copied().unwrap_or(0);
    // Default 20/s with bursts of 40: whatever the elapsed time, far fewer than the flood.
    let allowed = 40.0 + 20.0 * elapsed + 5.0;
    ensure!(
        (served as f64) <= allowed,
        "{served} of {FLOOD} flood scans served in {elapsed:.2} s (limit about {allowed:.0})"
    );
    ensure!(
        limited >= FLOOD / 2,
        "only {limited} of {FLOOD} were rate limited"
    );

    // More sockets of the same device do not buy more rate: the bucket is per device.
    let mut sockets = Vec::new();
    for _ in 0..4 {
        sockets.push(Gate::connect(&server.gate_ws_url(), &noisy.device_token).await?);
    }
    tokio::time::sleep(Duration::from_secs(2)).await; // let the bucket refill to its burst
    let started = Instant::now();
    let tallies = join_all(sockets.iter_mut().map(|g| flood(g, 100))).await;
    let elapsed = started.elapsed().as_secs_f64();
    let mut served_multi = 0;
    for tally in tallies {
        served_multi += tally?.get("served").copied().unwrap_or(0);
    }
    let allowed_multi = 40.0 + 20.0 * elapsed + 5.0;
    ensure!(
        (served_multi as f64) <= allowed_multi,
        "4 sockets of one device got {served_multi} of 400 served in {elapsed:.2} s"
    );
    println!(
        "hostile scan flood ({backend}): one socket {served} served / {limited} rate_limited of \
         {FLOOD}; four sockets {served_multi} of 400 served; another gate admitted in {honest:?}"
    );
    Ok(())
}

async fn bad_response_flood_burns_only_its_challenge(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_GATE_RATE_PER_S", "1000")
        .start()
        .await?;
    let admin = server.admin();
    let (victim, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (other, other_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "attacked", None).await?;
    let (_, mut second) = connected_gate(&server, &admin, "second", None).await?;

    let code = wallet.code_now();
    let target = gate.challenge(&code).await?;
    let spare = gate.challenge(&other_wallet.code_now()).await?;
    let parallel = second.challenge(&code).await?;
    let mut verdicts: HashMap<DenyReason, usize> = HashMap::new();
    const WRONG: usize = 60;
    for i in 0..WRONG {
        let mut wrong = wallet.wrong_answer(&target);
        if i % 2 == 1 {
            // Vary the garbage: malformed answers count as wrong answers too.
            wrong = format!("TSR1R:{i}");
        }
        let denied = gate.answer(&target, &wrong).await?;
        let reason = denied.reason.unwrap_or(DenyReason::MalformedCode);
        let expected = if i < 3 {
            DenyReason::BadResponse
        } else {
            DenyReason::ChallengeBurned
        };
        assert_response_denied(&denied, &target, expected, false);
        *verdicts.entry(reason).or_default() += 1;
    }
    // The right answer is too late for the burned challenge…
    let late = gate.answer(&target, &wallet.answer(&target)?).await?;
    assert_response_denied(&late, &target, DenyReason::ChallengeBurned, false);
    assert_eq!(server.db().redemption_count(victim.pass_id).await?, 0);
    assert_eq!(server.db().pass_uses(victim.pass_id).await?, 0);
    // …but not the gate's other challenge, nor the same pass's challenge at another gate.
    let admitted = gate.answer(&spare, &other_wallet.answer(&spare)?).await?;
    tessera_tests::assert_admitted(&admitted, &spare, false);
    let admitted = second.answer(&parallel, &wallet.answer(&parallel)?).await?;
    tessera_tests::assert_admitted(&admitted, &parallel, false);
    assert_eq!(server.db().pass_uses(victim.pass_id).await?, 1);
    assert_eq!(server.db().pass_uses(other.pass_id).await?, 1);
    println!(
        "hostile bad-response flood ({backend}): {WRONG} wrong answers → {} bad_response, {} \
         challenge_burned; the other challenges admitted",
        verdicts.get(&DenyReason::BadResponse).unwrap_or(&0),
        verdicts.get(&DenyReason::ChallengeBurned).unwrap_or(&0)
    );
    // And a fresh scan of a fresh pass still works at the attacked gate.
    let (_, fresh) = claimed_pass(&admin, &PassSpec::default()).await?;
    admit(&mut gate, &fresh, &fresh.code_now()).await?;
    Ok(())
}

//! A restart storm (issue 33), on PostgreSQL: a replica dies with `kill -9` while thousands
//! of gates hold sockets on it and honest visitors keep coming.
//!
//! Two replicas share one database. Idle gates (each its own device and token, through the
//! gate client's own [`GateConnection`]) hold sockets on both, half each, and reconnect as
//! `tessera-gate` does: jittered exponential backoff after a lost socket, and the server's
//! `Retry-After` (plus a random fraction of a second) when it is busy. Honest gates (the fault
//! campaign's `SimGate`: `GateCore`, journal, resends, reconnects to the other replica) admit
//! visitors meanwhile, half of them on each replica. Once every socket is open and the
//! visitors flow, replica B gets SIGKILL; its gates reconnect to A. The run measures how
//! long until every gate is online again (the curve of online gates over time), the honest
//! exchanges' latencies before, during and after the storm, A's memory and the database's
//! connections, and then checks the fault campaign's invariants in the database: no
//! admission a gate saw is missing, nobody admitted more often than the visits the gates
//! saw end in admission, no scan left in a journal.
//!
//! The suite runs it small (a few hundred gates, debug binaries); `bench/storm.sh` runs it
//! at 10,000 gates with release binaries and plots the curve. Settings, by environment:
//! - `TESSERA_STORM_GATES` idle gates (default 300), `TESSERA_STORM_HONEST` honest gates
//!   (6), `TESSERA_STORM_PASSES` passes (default: enough for the run), each usable once
//!   per code step;
//! - `TESSERA_STORM_BEFORE_S` (2) seconds measured before the kill, `TESSERA_STORM_AFTER_S`
//!   (5) seconds after every gate is back, `TESSERA_STORM_LIMIT_S` (30) the longest the
//!   gates may take to come back;
//! - `TESSERA_STORM_SERVER` the server binary (default: the suite's), `TESSERA_STORM_ENV`
//!   extra server settings (`KEY=VALUE,…`);
//! - `TESSERA_STORM_OUT` a directory for the samples (`online.csv`, `timings.csv`,
//!   `resources.csv`) that `bench/storm-plot.py` draws.
//!
//! It prints one line, `storm: key=value …`. Latencies are reported, not asserted (a timed
//! test on a shared machine proves nothing); `bench/storm.sh` holds them to the targets.

#[path = "../faults/invariants.rs"]
mod invariants;
// Shared with the fault campaign, whose attackers read what this run does not.
#[allow(dead_code)]
#[path = "../faults/ledger.rs"]
mod ledger;
#[path = "../faults/sim_gate.rs"]
mod sim_gate;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use anyhow::{ensure, Context, Result};
use tessera_gate::backoff::{after_retry_after, Backoff};
use tessera_gate::{DeviceToken, Error as GateError, GateConnection};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::server::TestServer;
use tessera_tests::tools::env_or;
use tessera_tests::Backend;

use crate::invariants::RunPasses;
use crate::ledger::{Ledger, Step, Timing, VisitQueue};
use crate::sim_gate::World;

/// The server's code step (TSR1's): a pass admits at most once per step.
const CODE_STEP_S: u64 = 15;
/// Uses of each pass: enough steps for the run.
const USES_PER_PASS: u32 = 12;
/// New idle sockets opened per second while the run warms up (below the budget, so the
/// warm-up is no storm of its own).
const RAMP_PER_S: u64 = 800;

/// Online idle gates, per replica.
#[derive(Default)]
struct Online {
    on: [AtomicUsize; 2],
}

impl Online {
    fn total(&self) -> usize {
        self.on[0].load(Ordering::SeqCst) + self.on[1].load(Ordering::SeqCst)
    }
}

/// What an idle gate's connection loop shares.
#[derive(Clone)]
struct Idle {
    urls: Arc<RwLock<Vec<String>>>,
    online: Arc<Online>,
    stop: tokio::sync::watch::Receiver<bool>,
    deferred: Arc<AtomicUsize>,
    failed: Arc<AtomicUsize>,
}

/// An idle gate: holds a socket, reconnects as `tessera-gate` does, to the next replica
/// after a failed attempt (a load balancer's health check), to the same one when it said
/// `Retry-After`.
async fn idle_gate(mut idle: Idle, token: DeviceToken, home: usize, start_after: Duration) {
    tokio::time::sleep(start_after).await;
    let mut backoff = Backoff::new(Duration::from_millis(250), Duration::from_secs(10));
    let mut index = home;
    while !*idle.stop.borrow() {
        let url = {
            let urls = idle
                .urls
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            urls[index % urls.len()].clone()
        };
        let delay = match GateConnection::connect(&url, &token, Duration::from_secs(10)).await {
            Ok(mut conn) => {
                backoff.reset();
                let slot = index % 2;
                idle.online.on[slot].fetch_add(1, Ordering::SeqCst);
                loop {
                    tokio::select! {
                        got = conn.recv() => if got.is_err() { break },
                        _ = idle.stop.changed() => break,
                    }
                }
                idle.online.on[slot].fetch_sub(1, Ordering::SeqCst);
                if *idle.stop.borrow() {
                    conn.close().await;
                    return;
                }
                index += 1;
                backoff.next_delay()
            }
            Err(GateError::Busy { retry_after, .. }) => {
                idle.deferred.fetch_add(1, Ordering::SeqCst);
                after_retry_after(retry_after)
            }
            Err(_) => {
                idle.failed.fetch_add(1, Ordering::SeqCst);
                index += 1;
                backoff.next_delay()
            }
        };
        tokio::select! {
            () = tokio::time::sleep(delay) => {}
            _ = idle.stop.changed() => return,
        }
    }
}

/// Resident memory of a process, in MiB.
fn rss_mib(pid: Option<u32>) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib / 1024.0)
}

/// The `q` quantile of `samples` in milliseconds (0 when empty).
fn quantile_ms(samples: &mut [Duration], q: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    samples.sort_unstable();
    let at = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
    samples[at].as_secs_f64() * 1000.0
}

/// The honest latencies of one window: p99 of each step over the exchanges that were not
/// interrupted, and how many there were.
fn window(timings: &[Timing], from: Instant, to: Instant) -> (usize, f64, f64) {
    let pick = |step: Step| -> Vec<Duration> {
        timings
            .iter()
            .filter(|t| t.step == step && !t.resent && t.at >= from && t.at < to)
            .map(|t| t.took)
            .collect()
    };
    let mut results = pick(Step::ResponseToResult);
    let mut challenges = pick(Step::ScanToChallenge);
    (
        results.len(),
        quantile_ms(&mut challenges, 0.99),
        quantile_ms(&mut results, 0.99),
    )
}

/// The worst one-second p99 of either step from `from` to `to`, over the exchanges that were
/// not interrupted: windows of different lengths compare by it.
fn worst_second(timings: &[Timing], from: Instant, to: Instant) -> f64 {
    let mut buckets: HashMap<(u64, Step), Vec<Duration>> = HashMap::new();
    for t in timings
        .iter()
        .filter(|t| !t.resent && t.at >= from && t.at < to)
    {
        let second = t.at.duration_since(from).as_secs();
        buckets.entry((second, t.step)).or_default().push(t.took);
    }
    buckets
        .values_mut()
        .map(|samples| quantile_ms(samples, 0.99))
        .fold(0.0, f64::max)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_gate_comes_back_after_a_replica_is_killed_and_no_admission_is_lost() -> Result<()> {
    let idle_count: usize = env_or("TESSERA_STORM_GATES", 300);
    let honest_count: usize = env_or("TESSERA_STORM_HONEST", 6);
    let before = Duration::from_secs(env_or("TESSERA_STORM_BEFORE_S", 2));
    let after = Duration::from_secs(env_or("TESSERA_STORM_AFTER_S", 5));
    let limit = Duration::from_secs(env_or("TESSERA_STORM_LIMIT_S", 30));
    // About two admissions a second per honest gate (the visitors' pauses), each pass once
    // a step.
    let pass_count: usize = env_or(
        "TESSERA_STORM_PASSES",
        (honest_count * 2 * CODE_STEP_S as usize * 3 / 2).max(20),
    );
    let out_dir = std::env::var_os("TESSERA_STORM_OUT").map(PathBuf::from);
    let mut env: Vec<(String, String)> = vec![
        // One organisation holds every gate of the run, on one replica after the kill.
        ("TESSERA_MAX_SOCKETS_PER_TENANT".into(), "100000".into()),
        ("TESSERA_MAX_GATE_CONNECTIONS".into(), "100000".into()),
        ("TESSERA_LOG".into(), "warn".into()),
    ];
    if let Ok(extra) = std::env::var("TESSERA_STORM_ENV") {
        for pair in extra.split(',').filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .context("TESSERA_STORM_ENV holds KEY=VALUE pairs")?;
            env.push((key.to_owned(), value.to_owned()));
        }
    }
    let env_refs: Vec<(&str, &str)> = env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();

    let mut builder = TestServer::builder(Backend::Postgres);
    if let Some(binary) = std::env::var_os("TESSERA_STORM_SERVER") {
        builder = builder.binary(PathBuf::from(binary));
    }
    for (key, value) in &env_refs {
        builder = builder.env(key, value);
    }
    let survivor = builder.start().await?;
    let pg = PgUrl::parse(survivor.database_url())?;
    let mut victim = Replica::start("B", &survivor, &pg.host, pg.port, &env_refs).await?;
    let admin = survivor.admin();

    let set_up = Instant::now();
    let idle_devices = sim_gate::create_gates(&admin, idle_count, "storm gate").await?;
    let honest_devices = sim_gate::create_gates(&admin, honest_count, "honest gate").await?;
    let plan = (0..pass_count)
        .map(|i| (format!("storm visitor {i}"), USES_PER_PASS))
        .collect();
    let visitors = sim_gate::enrol(&admin, plan).await?;
    let set_up_s = set_up.elapsed().as_secs_f64();

    // Idle gates, half on each replica, opened at a steady pace.
    let urls = Arc::new(RwLock::new(vec![
        survivor.gate_ws_url(),
        victim.gate_ws_url(),
    ]));
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let idle = Idle {
        urls: Arc::clone(&urls),
        online: Arc::default(),
        stop: stopped,
        deferred: Arc::default(),
        failed: Arc::default(),
    };
    let mut idle_tasks = Vec::new();
    for (i, device) in idle_devices.iter().enumerate() {
        let token = DeviceToken::new(&device.device_token).map_err(|e| anyhow::anyhow!("{e}"))?;
        let start_after = Duration::from_micros(i as u64 * 1_000_000 / RAMP_PER_S);
        idle_tasks.push(tokio::spawn(idle_gate(
            idle.clone(),
            token,
            i % 2,
            start_after,
        )));
    }

    // Honest gates and their visitors.
    let ledger = Arc::new(Ledger::default());
    let queue = Arc::new(VisitQueue::new(visitors.visits));
    let world = World {
        urls: Arc::clone(&urls),
        ledger: Arc::clone(&ledger),
        visits: Arc::clone(&queue),
        wallets: Arc::new(visitors.wallets),
        step_s: CODE_STEP_S,
        deadline: Instant::now() + Duration::from_secs(600),
    };
    let honest_tasks = sim_gate::spawn_gates(&honest_devices, 2, &world)?;

    // Samples: online gates every 100 ms; A's memory and the database's connections every
    // 500 ms.
    let started = Instant::now();
    let samples = Arc::new(Mutex::new((String::new(), String::new())));
    let sampling = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (online, ledger, samples, sampling) = (
            Arc::clone(&idle.online),
            Arc::clone(&ledger),
            Arc::clone(&samples),
            Arc::clone(&sampling),
        );
        let (survivor_pid, victim_pid) = (survivor.pid(), victim.pid());
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect(survivor.database_url())
            .await?;
        tokio::spawn(async move {
            let mut tick = 0u64;
            let mut max = (0f64, 0i64);
            while sampling.load(Ordering::SeqCst) {
                let t = started.elapsed().as_secs_f64();
                let (a, b) = (
                    online.on[0].load(Ordering::SeqCst),
                    online.on[1].load(Ordering::SeqCst),
                );
                let honest = ledger.online.load(Ordering::SeqCst);
                {
                    let mut text = samples
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    let _ = writeln!(text.0, "{t:.2},{},{a},{b},{honest}", a + b + honest);
                }
                if tick.is_multiple_of(5) {
                    // This sampler's own connection is not counted.
                    let connections: i64 = sqlx::query_scalar(
                        "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = current_database()",
                    )
                    .fetch_one(&pool)
                    .await
                    .unwrap_or(-1);
                    let rss_a = rss_mib(survivor_pid).unwrap_or(0.0);
                    let rss_b = rss_mib(victim_pid).unwrap_or(0.0);
                    max = (max.0.max(rss_a), max.1.max(connections));
                    {
                        let mut text = samples
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner);
                        let _ = writeln!(text.1, "{t:.2},{rss_a:.1},{rss_b:.1},{connections}");
                    }
                }
                tick += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            max
        })
    };

    // Warm up: every gate online, visitors flowing.
    let total = idle_count + honest_count;
    let warm_limit = Duration::from_secs(60 + idle_count as u64 / RAMP_PER_S * 2);
    while idle.online.total() + ledger.online.load(Ordering::SeqCst) < total
        || ledger.with(|s| s.admissions.len()) < honest_count
    {
        ensure!(
            started.elapsed() < warm_limit,
            "only {} of {total} gates online and {} admissions after {warm_limit:?}",
            idle.online.total() + ledger.online.load(Ordering::SeqCst),
            ledger.with(|s| s.admissions.len())
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let warm_s = started.elapsed().as_secs_f64();
    tokio::time::sleep(before).await;

    // The storm.
    let killed = Instant::now();
    victim.kill9().await?;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let back = loop {
        let online = idle.online.total() + ledger.online.load(Ordering::SeqCst);
        if online == total {
            break Instant::now();
        }
        ensure!(
            killed.elapsed() < limit,
            "only {online} of {total} gates back online {limit:?} after the kill \
             ({} deferred with Retry-After, {} failed attempts)",
            idle.deferred.load(Ordering::SeqCst),
            idle.failed.load(Ordering::SeqCst)
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    tokio::time::sleep(after).await;
    let ended = Instant::now();

    // Close the doors; the gates finish their visitors; everyone goes home.
    queue.close();
    let mut pending_left = 0;
    for task in honest_tasks {
        pending_left += task.await.context("an honest gate's task panicked")?;
    }
    let _ = stop.send(true);
    for task in idle_tasks {
        task.await.context("an idle gate's task panicked")?;
    }
    sampling.store(false, Ordering::SeqCst);
    let (rss_max_mib, pg_connections_max) = sampler.await?;

    // The invariants, from the database: each pass admitted exactly as often as its
    // visitors were told so.
    let mut admitted_visits: HashMap<uuid::Uuid, i64> =
        visitors.honest.iter().map(|(pass, _)| (*pass, 0)).collect();
    ledger.with(|seen| {
        for admission in &seen.admissions {
            *admitted_visits.entry(admission.pass).or_default() += 1;
        }
    });
    let passes = RunPasses {
        honest: admitted_visits.into_iter().collect(),
        targets: Vec::new(),
    };
    let pool = sqlx::PgPool::connect(survivor.database_url()).await?;
    let findings = invariants::check(&pool, &passes, &ledger).await?;
    let mut violations = findings.violations;
    if pending_left > 0 {
        violations.push(format!(
            "{pending_left} scans left pending in gate journals"
        ));
    }

    let timings = ledger.with(|seen| seen.timings.clone());
    let (n_before, s2c_before, r2r_before) = window(&timings, killed - before, killed);
    let (n_storm, s2c_storm, r2r_storm) = window(&timings, killed, back);
    let (n_settle, s2c_settle, r2r_settle) = window(&timings, back, back + Duration::from_secs(10));
    let (n_after, s2c_after, r2r_after) = window(
        &timings,
        back + Duration::from_secs(10),
        ended.max(back + Duration::from_secs(11)),
    );
    let worst_storm_ms = worst_second(&timings, killed, back + Duration::from_secs(1));
    let mut resent: Vec<Duration> = timings
        .iter()
        .filter(|t| t.resent && t.step == Step::ResponseToResult)
        .map(|t| t.took)
        .collect();
    let resent_count = resent.len();
    let resent_max_ms = quantile_ms(&mut resent, 1.0);

    if let Some(dir) = &out_dir {
        std::fs::create_dir_all(dir)?;
        let (online, resources) = {
            let text = samples
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            text.clone()
        };
        std::fs::write(
            dir.join("online.csv"),
            format!("t_s,online,idle_a,idle_b,honest\n{online}"),
        )?;
        std::fs::write(
            dir.join("resources.csv"),
            format!("t_s,rss_a_mib,rss_b_mib,pg_connections\n{resources}"),
        )?;
        let mut text = String::from("t_s,step,ms,resent\n");
        for t in &timings {
            let _ = writeln!(
                text,
                "{:.3},{},{:.3},{}",
                t.at.saturating_duration_since(started).as_secs_f64(),
                match t.step {
                    Step::ScanToChallenge => "scan_to_challenge",
                    Step::ResponseToResult => "response_to_result",
                },
                t.took.as_secs_f64() * 1000.0,
                u8::from(t.resent)
            );
        }
        std::fs::write(dir.join("timings.csv"), text)?;
        std::fs::write(
            dir.join("events.csv"),
            format!(
                "event,t_s\nkilled,{:.3}\nback,{:.3}\nended,{:.3}\n",
                killed.duration_since(started).as_secs_f64(),
                back.duration_since(started).as_secs_f64(),
                ended.duration_since(started).as_secs_f64()
            ),
        )?;
    }

    let span_s = |a: Instant, b: Instant| b.duration_since(a).as_secs_f64().max(0.001);
    println!(
        "storm: gates={total} idle={idle_count} honest={honest_count} passes={pass_count} \
         set_up_s={set_up_s:.1} warm_up_s={warm_s:.1} back_in_s={:.2} \
         deferred={} failed_connects={} \
         admissions={} rate_before={:.0}/s rate_storm={:.0}/s rate_after={:.0}/s \
         p99_scan_before_ms={s2c_before:.1} p99_result_before_ms={r2r_before:.1} \
         p99_scan_storm_ms={s2c_storm:.1} p99_result_storm_ms={r2r_storm:.1} \
         p99_worst_second_ms={worst_storm_ms:.1} \
         p99_scan_settle_ms={s2c_settle:.1} p99_result_settle_ms={r2r_settle:.1} \
         p99_scan_after_ms={s2c_after:.1} p99_result_after_ms={r2r_after:.1} \
         resent={resent_count} resent_max_ms={resent_max_ms:.0} honest_deferred={} \
         rss_max_mib={rss_max_mib:.0} pg_connections_max={pg_connections_max} \
         admissions_settle={n_settle} violations={}",
        span_s(killed, back),
        idle.deferred.load(Ordering::SeqCst),
        idle.failed.load(Ordering::SeqCst),
        findings.admissions,
        n_before as f64 / before.as_secs_f64(),
        n_storm as f64 / span_s(killed, back),
        n_after as f64 / span_s(back + Duration::from_secs(10), ended),
        ledger.deferred_connects.load(Ordering::SeqCst),
        violations.len(),
    );
    ensure!(
        violations.is_empty(),
        "{} violations:\n{}",
        violations.len(),
        violations.join("\n")
    );
    Ok(())
}

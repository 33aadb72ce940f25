//! Fault campaign (issue 6): three `tessera-server` replicas on one PostgreSQL, honest gates
//! and attackers, and faults during the burst — and afterwards, from the database, proof
//! that nothing was admitted twice, lost, or mistaken for an attack.
//!
//! Why: each rule of TSR1 §7 has its own conformance test, but the promises that matter at a
//! venue ("never two admissions", "an honest visitor is never told *replay*", "a lost answer
//! is recovered by the gate's resend") must hold while servers crash and the database goes
//! away *at the same time* as real traffic. Unit-sized tests cannot show that; this can.
//!
//! Set-up: the first server is started by the harness, two more `serve` processes
//! ([`tessera_tests::cluster::Replica`]) share its database and key directory. Each server
//! reaches PostgreSQL through its own [`PgFaultProxy`]. Six honest gates (two per server) run
//! the gate client's own `GateCore` and journal, reconnecting with backoff to the next
//! server when theirs fails, in front of visitors holding claimed passes (two thirds
//! single-use, a third with `max_uses` 2, used again at a later code step). Two attacker
//! gates of the same tenant inject attacks all along (`attacker.rs`).
//!
//! Faults per run, during the burst:
//! - **kill -9** of one replica (SIGKILL, no graceful shutdown), restarted two seconds later
//!   on a new port; later the other replica too;
//! - **database unavailable**: every server↔PostgreSQL proxy cut at once for three seconds.
//!   This stands in for restarting PostgreSQL itself: `pg_ctlcluster … restart` would take down
//!   the database of every other engineer and test on this machine, and what a server sees is
//!   the same (every connection reset, new ones refused until it is back);
//! - **lost COMMIT answer**: about every 0.6 s one proxy is armed; the next redemption
//!   transaction through it gets its `COMMIT` delivered to PostgreSQL and its answer thrown
//!   away, then the connection is closed — the commit-fate-unknown case of §7 rule 5.
//!
//! Invariants (`invariants.rs`), checked after every run: no pass used more than `max_uses`;
//! every `admitted` a gate saw has its redemption row (and vice versa, on a retry at the
//! latest); every visitor got in as often as the pass allows; no honest gate ever got
//! `foreign_nonce`, `code_replayed`, `bad_response` or any other unexpected verdict; every
//! attack got its verdict (`foreign_nonce`, `code_replayed`, `bad_response`) and is audited.
//! One line per run is printed: `faults: runs=… scans=… admissions=… faults_injected=…
//! retries=… violations=…` (see it with `--nocapture`).
//!
//! Short form (one run, well under 60 s) in the default `cargo test`. Long form:
//! `TESSERA_FAULT_RUNS=N` runs N runs on the same cluster (each with new passes and the
//! faults rotated over the replicas); `TESSERA_FAULTS_LONG=1` means 10 runs. PostgreSQL only
//! by nature (SQLite is one process's file). Needs `TESSERA_TEST_PG_URL` like the rest of the
//! suite.

mod attacker;
mod invariants;
// Shared with the storm (`tests/tests/storm`), which reads the timings this run does not.
#[allow(dead_code)]
mod ledger;
mod sim_gate;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use sqlx::PgPool;
use tessera_tests::api::{ApiClient, GateDevice};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::pgproxy::PgFaultProxy;
use tessera_tests::{Backend, Db, TestServer};

use crate::attacker::Attacker;
use crate::invariants::RunPasses;
use crate::ledger::{AttackKind, Ledger, VisitQueue};
use crate::sim_gate::{claimed, World};

/// The code step the cluster runs with: short, so a pass with two uses is used twice within
/// a run, and long enough that a fault of a few seconds rarely makes a code stale.
const STEP_S: u64 = 5;
/// Settings every server of the cluster gets (the same for all, as in a deployment).
const SETTINGS: &[(&str, &str)] = &[
    ("TESSERA_CODE_STEP_S", "5"),
    // Three servers share a PostgreSQL other tests use too.
    ("TESSERA_POOL_MAX", "6"),
    ("TESSERA_POOL_MIN", "1"),
];
const HONEST_GATES: usize = 6;
const ATTACKERS: usize = 2;
const SINGLE_USE: usize = 60;
const DOUBLE_USE: usize = 30;
const ATTACK_TARGETS: usize = 4;
/// A run that has not finished by then is a failure (gates report what they still hold).
const RUN_LIMIT: Duration = Duration::from_secs(70);
/// How long a lost-answer connection stays open after its COMMIT.
const COMMIT_CUT_HOLD: Duration = Duration::from_millis(300);

/// Three servers on one database, each behind its own proxy.
struct Cluster {
    first: TestServer,
    replicas: Vec<Replica>,
    /// `proxies[0]` is the first server's; `proxies[i]` is `replicas[i - 1]`'s.
    proxies: Vec<PgFaultProxy>,
    urls: Arc<RwLock<Vec<String>>>,
    pool: PgPool,
}

impl Cluster {
    async fn start() -> Result<Self> {
        let upstream = PgUrl::parse(&tessera_tests::db::pg_admin_url())?;
        let upstream = format!("{}:{}", upstream.host, upstream.port);
        let mut proxies = Vec::new();
        for _ in 0..3 {
            proxies.push(PgFaultProxy::start(upstream.clone()).await?);
        }
        let mut builder = TestServer::builder(Backend::Postgres)
            .database_endpoint("127.0.0.1", proxies[0].addr.port());
        for (key, value) in SETTINGS {
            builder = builder.env(key, value);
        }
        let first = builder.start().await?;
        let mut replicas = Vec::new();
        for (i, name) in ["B", "C"].iter().enumerate() {
            replicas.push(
                Replica::start(
                    name,
                    &first,
                    "127.0.0.1",
                    proxies[i + 1].addr.port(),
                    SETTINGS,
                )
                .await?,
            );
        }
        let urls = vec![
            first.gate_ws_url(),
            replicas[0].gate_ws_url(),
            replicas[1].gate_ws_url(),
        ];
        let Db::Postgres(pool) = first.db().clone() else {
            bail!("the first server is not on PostgreSQL");
        };
        Ok(Self {
            first,
            replicas,
            proxies,
            urls: Arc::new(RwLock::new(urls)),
            pool,
        })
    }

    fn set_url(&self, server: usize, url: String) {
        let mut urls = self
            .urls
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        urls[server] = url;
    }
}

/// One step of the fault timeline.
#[derive(Clone, Copy, Debug)]
enum Fault {
    Kill(usize),
    Restart(usize),
    DatabaseDown,
    DatabaseUp,
}

#[derive(Debug, Default)]
struct Injected {
    kills: u64,
    outages: u64,
}

/// Figures of one run.
#[derive(Debug, Default)]
struct RunFigures {
    scans: u64,
    admissions: usize,
    faults: u64,
    kills: u64,
    outages: u64,
    commit_cuts: u64,
    retries: u64,
    revisits: u64,
    failed_connects: u64,
    recovered_by_resend: usize,
    burst: Duration,
    attacks: HashMap<AttackKind, usize>,
    late_replays: usize,
    violations: Vec<String>,
}

fn runs_from_env() -> usize {
    if let Some(n) = std::env::var("TESSERA_FAULT_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return n;
    }
    if std::env::var("TESSERA_FAULTS_LONG").is_ok_and(|v| v == "1") {
        return 10;
    }
    1
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn faults_never_admit_twice_lose_an_admission_or_accuse_an_honest_gate() -> Result<()> {
    let runs = runs_from_env();
    let mut cluster = Cluster::start().await?;
    let admin = cluster.first.admin();
    let gates = sim_gate::create_gates(&admin, HONEST_GATES, "gate").await?;
    let attackers = sim_gate::create_gates(&admin, ATTACKERS, "rogue").await?;
    let mut all_violations = Vec::new();
    let mut totals = RunFigures::default();
    for run in 0..runs {
        let figures = one_run(&mut cluster, &admin, &gates, &attackers, run).await?;
        println!(
            "faults: runs={} scans={} admissions={} faults_injected={} retries={} violations={}",
            run + 1,
            figures.scans,
            figures.admissions,
            figures.faults,
            figures.retries,
            figures.violations.len()
        );
        println!(
            "faults:   detail run={} burst={:.1}s kills={} db_outages={} commit_answers_lost={} \
             admitted_only_on_resend={} failed_connects={} revisits={} \
             attacks foreign_nonce={} code_replayed={} (late {}) bad_response={}",
            run + 1,
            figures.burst.as_secs_f64(),
            figures.kills,
            figures.outages,
            figures.commit_cuts,
            figures.recovered_by_resend,
            figures.failed_connects,
            figures.revisits,
            figures.attacks.get(&AttackKind::ForeignNonce).unwrap_or(&0),
            figures.attacks.get(&AttackKind::ReplayedCode).unwrap_or(&0),
            figures.late_replays,
            figures.attacks.get(&AttackKind::WrongMac).unwrap_or(&0),
        );
        for violation in &figures.violations {
            println!("faults:   VIOLATION run {}: {violation}", run + 1);
        }
        totals.scans += figures.scans;
        totals.admissions += figures.admissions;
        totals.faults += figures.faults;
        totals.retries += figures.retries;
        all_violations.extend(figures.violations);
    }
    println!(
        "faults: total runs={runs} scans={} admissions={} faults_injected={} retries={} violations={}",
        totals.scans,
        totals.admissions,
        totals.faults,
        totals.retries,
        all_violations.len()
    );
    assert!(
        all_violations.is_empty(),
        "{} violations:\n{}",
        all_violations.len(),
        all_violations.join("\n")
    );
    assert!(
        totals.faults >= 3 * runs as u64,
        "too few faults were injected"
    );
    Ok(())
}

async fn one_run(
    cluster: &mut Cluster,
    admin: &ApiClient,
    gates: &[GateDevice],
    attackers: &[GateDevice],
    run: usize,
) -> Result<RunFigures> {
    let plan = (0..SINGLE_USE + DOUBLE_USE)
        .map(|i| {
            (
                format!("visitor {run}-{i}"),
                if i < SINGLE_USE { 1 } else { 2 },
            )
        })
        .collect();
    let visitors = sim_gate::enrol(admin, plan).await?;
    let mut targets = Vec::new();
    for i in 0..ATTACK_TARGETS {
        targets.push(claimed(admin, format!("target {run}-{i}"), 1).await?);
    }
    let passes = RunPasses {
        honest: visitors.honest,
        targets: targets.iter().map(|w| w.pass_id()).collect(),
    };

    let ledger = Arc::new(Ledger::default());
    let queue = Arc::new(VisitQueue::new(visitors.visits));
    let start = Instant::now();
    let world = World {
        urls: Arc::clone(&cluster.urls),
        ledger: Arc::clone(&ledger),
        visits: Arc::clone(&queue),
        wallets: Arc::new(visitors.wallets),
        step_s: STEP_S,
        deadline: start + RUN_LIMIT,
    };
    let gate_tasks = sim_gate::spawn_gates(gates, 3, &world)?;
    let stop_attacks = Arc::new(AtomicBool::new(false));
    let mut attack_tasks = Vec::new();
    for (i, device) in attackers.iter().enumerate() {
        let attacker = Attacker::new(&device.device_token, i + 1, world.clone(), targets.clone())?;
        attack_tasks.push(tokio::spawn(attacker.run(Arc::clone(&stop_attacks))));
    }

    let cuts_before: u64 = cluster.proxies.iter().map(PgFaultProxy::commit_cuts).sum();
    let injected = inject_faults(cluster, &queue, start, run).await?;
    let mut pending_left = 0;
    for task in gate_tasks {
        pending_left += task.await.context("a gate task panicked")?;
    }
    let burst = start.elapsed();
    stop_attacks.store(true, Ordering::SeqCst);
    for task in attack_tasks {
        task.await.context("an attacker task panicked")?;
    }
    let commit_cuts = cluster
        .proxies
        .iter()
        .map(PgFaultProxy::commit_cuts)
        .sum::<u64>()
        - cuts_before;

    let findings = invariants::check(&cluster.pool, &passes, &ledger).await?;
    let mut violations = findings.violations;
    if pending_left > 0 {
        violations.push(format!(
            "{pending_left} scans left pending in gate journals"
        ));
    }
    if commit_cuts == 0 {
        violations.push("no redemption COMMIT lost its answer: the fault never fired".into());
    }
    if queue.outstanding() > 0 {
        violations.push(format!("{} visitors never got in", queue.outstanding()));
    }
    Ok(RunFigures {
        scans: ledger.scans.load(Ordering::SeqCst),
        admissions: findings.admissions,
        faults: injected.kills + injected.outages + commit_cuts,
        kills: injected.kills,
        outages: injected.outages,
        commit_cuts,
        retries: ledger.retries.load(Ordering::SeqCst),
        revisits: ledger.revisits.load(Ordering::SeqCst),
        failed_connects: ledger.failed_connects.load(Ordering::SeqCst),
        recovered_by_resend: findings.recovered_by_resend,
        burst,
        attacks: findings.attacks,
        late_replays: findings.late_replays,
        violations,
    })
}

/// Runs the fault timeline while visitors are served; always leaves every server running
/// and every proxy open.
async fn inject_faults(
    cluster: &mut Cluster,
    queue: &VisitQueue,
    start: Instant,
    run: usize,
) -> Result<Injected> {
    // Rotate which replica dies first from run to run (replicas are servers 1 and 2).
    let (a, b) = if run.is_multiple_of(2) {
        (1, 2)
    } else {
        (2, 1)
    };
    let mut plan: Vec<(Duration, Fault)> = vec![
        (Duration::from_millis(2500), Fault::Kill(a)),
        (Duration::from_millis(4500), Fault::Restart(a)),
        (Duration::from_millis(7000), Fault::DatabaseDown),
        (Duration::from_millis(10_000), Fault::DatabaseUp),
        (Duration::from_millis(12_500), Fault::Kill(b)),
        (Duration::from_millis(14_000), Fault::Restart(b)),
    ];
    plan.reverse();
    let mut injected = Injected::default();
    let mut next_arm = start + Duration::from_millis(1000);
    let mut arm_turn = run;
    let result = async {
        loop {
            let now = Instant::now();
            while plan.last().is_some_and(|(at, _)| now >= start + *at) {
                let Some((_, fault)) = plan.pop() else { break };
                match fault {
                    Fault::Kill(server) => {
                        cluster.replicas[server - 1].kill9().await?;
                        injected.kills += 1;
                    }
                    Fault::Restart(server) => {
                        cluster.replicas[server - 1].restart().await?;
                        let url = cluster.replicas[server - 1].gate_ws_url();
                        cluster.set_url(server, url);
                    }
                    Fault::DatabaseDown => {
                        for proxy in &cluster.proxies {
                            proxy.cut();
                        }
                        injected.outages += 1;
                    }
                    Fault::DatabaseUp => {
                        for proxy in &cluster.proxies {
                            proxy.restore();
                        }
                    }
                }
            }
            if now >= next_arm {
                let proxy = &cluster.proxies[arm_turn % cluster.proxies.len()];
                if !proxy.is_armed() {
                    proxy.arm_commit_cut(COMMIT_CUT_HOLD);
                }
                arm_turn += 1;
                next_arm = now + Duration::from_millis(600);
            }
            if plan.is_empty() && queue.outstanding() == 0 {
                return Ok::<(), anyhow::Error>(());
            }
            if now >= start + RUN_LIMIT {
                return Ok(());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    .await;
    for proxy in &cluster.proxies {
        proxy.disarm();
        proxy.restore();
    }
    for (i, replica) in cluster.replicas.iter_mut().enumerate() {
        if !replica.is_running() {
            replica.restart().await?;
            let url = replica.gate_ws_url();
            let mut urls = cluster
                .urls
                .write()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            urls[i + 1] = url;
        }
    }
    result?;
    Ok(injected)
}

//! A rolling upgrade under load (issue 33), on PostgreSQL, as `docs/operations.md` tells an
//! operator to do it: migrate first, then roll.
//!
//! Two replicas of the previous release (`packaging/previous-release`, built from this
//! repository's own history by `tessera_tests::tools::previous_release`) serve the fault
//! campaign's honest gates (`tests/tests/faults/sim_gate.rs`: the gate client's own
//! `GateCore` and journal, resending and reconnecting to the other replica as a load
//! balancer would). Mid-run, the new binary runs `tessera-server migrate` while the old
//! replicas keep admitting; then each replica in turn is stopped with SIGTERM (it drains)
//! and replaced by the new release, which takes traffic only once `/readyz` says so.
//! Between the two replacements both releases serve side by side, and each must admit a
//! visitor. At the end: no admission a gate saw is missing and nobody was admitted twice
//! (`tests/tests/faults/invariants.rs`), no visitor was turned away, no scan is left in a
//! journal, and every gate admitted again after the roll.
//!
//! A migration the previous release cannot work with (a column renamed or dropped in the
//! same release that stops using it, instead of expand and contract) fails the side-by-side
//! admission: the second test applies such a change and checks that it is caught.

#[path = "../faults/invariants.rs"]
mod invariants;
// Shared with the fault campaign, whose attackers read what this run does not.
#[allow(dead_code)]
#[path = "../faults/ledger.rs"]
mod ledger;
#[path = "../faults/sim_gate.rs"]
mod sim_gate;

use std::collections::HashSet;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use tessera_protocol::messages::Outcome;
use tessera_tests::api::{ApiClient, PassSpec};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::server::{server_binary, TestServer};
use tessera_tests::tools::env_or;
use tessera_tests::{Backend, Gate, Wallet};

use crate::invariants::RunPasses;
use crate::ledger::{Ledger, VisitQueue};
use crate::sim_gate::World;

/// Gates, unless `TESSERA_UPGRADE_GATES` says (`bench/upgrade.sh` runs more).
const GATES: usize = 4;
/// Single-use passes, enough to keep the gates busy through the roll and after it, unless
/// `TESSERA_UPGRADE_VISITS` says.
const VISITS: usize = 90;
/// A run not finished by then fails (gates report what they still hold), unless
/// `TESSERA_UPGRADE_LIMIT_S` says.
const RUN_LIMIT: Duration = Duration::from_secs(150);
/// The server's code step (its default).
const CODE_STEP_S: u64 = 15;
/// Admissions before the upgrade starts, and between its steps: it happens under load
/// (`TESSERA_UPGRADE_STEP_ADMISSIONS` for more).
const ADMISSIONS_PER_STEP: usize = 10;

/// The version a replica's API document declares.
async fn version_of(http: &reqwest::Client, base: &str) -> Result<String> {
    let document: serde_json::Value = http
        .get(format!("{base}/v1/openapi.json"))
        .send()
        .await?
        .error_for_status()?
        .json()
        .await?;
    document["info"]["version"]
        .as_str()
        .map(str::to_owned)
        .context("the API document has no info.version")
}

/// Waits until `base` answers `/readyz` with 200, as a load balancer's health check does
/// before it sends a replica traffic.
async fn wait_ready(http: &reqwest::Client, base: &str) -> Result<()> {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let status = http
            .get(format!("{base}/readyz"))
            .send()
            .await
            .map(|r| r.status());
        if matches!(status, Ok(s) if s.is_success()) {
            return Ok(());
        }
        ensure!(
            Instant::now() < deadline,
            "{base} was not ready within 30 s: {status:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Admits a fresh visitor through the replica at `base`: the check that a release serves.
async fn admit_through(admin: &ApiClient, base: &str, release: &str) -> Result<()> {
    let issued = admin
        .issue_pass(&PassSpec {
            label: format!("side by side, {release}"),
            ..PassSpec::default()
        })
        .await?;
    let wallet = Wallet::claim(admin, &issued).await?;
    let device = admin
        .create_gate(&format!("side by side, {release}"), None)
        .await?;
    let ws = format!("{}/v1/gate/ws", base.replacen("http", "ws", 1));
    let mut gate = Gate::connect(&ws, &device.device_token).await?;
    let challenge = gate
        .challenge(&wallet.code_now())
        .await
        .with_context(|| format!("the {release} release ({base}) could not challenge a visitor"))?;
    let result = gate
        .answer(&challenge, &wallet.answer(&challenge)?)
        .await
        .with_context(|| format!("the {release} release ({base}) did not answer a visitor"))?;
    ensure!(
        result.outcome == Outcome::Admitted,
        "the {release} release ({base}) did not admit a visitor: {result:?}"
    );
    gate.close().await;
    Ok(())
}

/// Waits until the gates have admitted `count` more visitors than `since`.
async fn admissions_go_on(ledger: &Ledger, since: usize, count: usize) -> Result<usize> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let now = admitted(ledger);
        if now >= since + count {
            return Ok(now);
        }
        ensure!(
            Instant::now() < deadline,
            "the gates admitted {} visitors in 60 s, not {count}",
            now - since
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn admitted(ledger: &Ledger) -> usize {
    ledger.with(|seen| {
        seen.results
            .iter()
            .filter(|r| r.outcome == Outcome::Admitted)
            .count()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_upgrade_under_load_loses_and_doubles_no_admission() -> Result<()> {
    let (commit, old) = tessera_tests::tools::previous_release()?;
    let new = server_binary();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()?;

    // The previous release: its migrations, its organisation, two replicas.
    let mut first = TestServer::builder(Backend::Postgres)
        .binary(old.clone())
        .start()
        .await?;
    let pg = PgUrl::parse(first.database_url())?;
    let mut second = Replica::start("B", &first, &pg.host, pg.port, &[]).await?;
    let old_version = version_of(&http, &first.url("")).await?;
    let new_version = {
        let out = std::process::Command::new(&new).arg("--version").output()?;
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .rsplit(' ')
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    ensure!(
        old_version != new_version && old_version.ends_with(&commit[..7]),
        "the releases must tell themselves apart: {old_version} / {new_version}"
    );
    let admin = first.admin();
    let gate_count = env_or("TESSERA_UPGRADE_GATES", GATES);
    let visit_count = env_or("TESSERA_UPGRADE_VISITS", VISITS);
    let per_step = env_or("TESSERA_UPGRADE_STEP_ADMISSIONS", ADMISSIONS_PER_STEP);
    let run_limit =
        Duration::from_secs(env_or("TESSERA_UPGRADE_LIMIT_S", RUN_LIMIT.as_secs() as usize) as u64);

    let gates = sim_gate::create_gates(&admin, gate_count, "upgrade gate").await?;
    let plan = (0..visit_count)
        .map(|i| (format!("upgrade visitor {i}"), 1))
        .collect();
    let visitors = sim_gate::enrol(&admin, plan).await?;
    let passes = RunPasses {
        honest: visitors.honest,
        targets: Vec::new(),
    };

    let ledger = Arc::new(Ledger::default());
    let queue = Arc::new(VisitQueue::new(visitors.visits));
    let urls = Arc::new(RwLock::new(vec![first.gate_ws_url(), second.gate_ws_url()]));
    let start = Instant::now();
    let world = World {
        urls: Arc::clone(&urls),
        ledger: Arc::clone(&ledger),
        visits: Arc::clone(&queue),
        wallets: Arc::new(visitors.wallets),
        step_s: CODE_STEP_S,
        deadline: start + run_limit,
    };
    let tasks = sim_gate::spawn_gates(&gates, 2, &world)?;
    let set_url = |index: usize, url: String| {
        urls.write()
            .unwrap_or_else(std::sync::PoisonError::into_inner)[index] = url;
    };

    // Under load: migrate with the new binary while the old release serves.
    let mut seen = admissions_go_on(&ledger, 0, per_step).await?;
    let (roll_started, before_roll) = (Instant::now(), admitted(&ledger));
    first.set_binary(new.clone());
    first.migrate().await.context("the new release's migrate")?;
    seen = admissions_go_on(&ledger, seen, per_step)
        .await
        .context("the previous release stopped admitting after the new migrations")?;

    // Replace the first replica: drain, start the new release, wait for /readyz.
    first.restart().await.context("replace replica A")?;
    wait_ready(&http, &first.url("")).await?;
    set_url(0, first.gate_ws_url());
    let versions = (
        version_of(&http, &first.url("")).await?,
        version_of(&http, &second.url("")).await?,
    );
    ensure!(
        versions == (new_version.clone(), old_version.clone()),
        "side by side, the replicas say {versions:?}"
    );
    // The first replica moved to a new port.
    let admin = first.admin();
    admit_through(&admin, &first.url(""), &new_version).await?;
    admit_through(&admin, &second.url(""), &old_version).await?;
    seen = admissions_go_on(&ledger, seen, per_step).await?;

    // Replace the second one.
    second
        .replace(new.clone())
        .await
        .context("replace replica B")?;
    wait_ready(&http, &second.url("")).await?;
    set_url(1, second.gate_ws_url());
    let rolled = ledger.with(|seen| seen.results.len());
    let (roll_s, during_roll) = (
        roll_started.elapsed().as_secs_f64(),
        admitted(&ledger) - before_roll,
    );
    admissions_go_on(&ledger, seen, per_step).await?;

    let mut pending_left = 0;
    for task in tasks {
        pending_left += task.await.context("a gate task panicked")?;
    }
    let pool = sqlx::PgPool::connect(first.database_url()).await?;
    let findings = invariants::check(&pool, &passes, &ledger).await?;
    let mut violations = findings.violations;
    let (turned_away, after_roll) = ledger.with(|seen| {
        let turned_away: Vec<String> = seen
            .results
            .iter()
            .filter(|r| r.outcome != Outcome::Admitted)
            .map(|r| format!("scan {} at gate {}: {:?}", r.scan_id, r.gate_id, r.reason))
            .collect();
        let after_roll: HashSet<uuid::Uuid> = seen.results[rolled..]
            .iter()
            .filter(|r| r.outcome == Outcome::Admitted)
            .map(|r| r.gate_id)
            .collect();
        (turned_away, after_roll)
    });
    violations.extend(turned_away.into_iter().map(|t| format!("turned away: {t}")));
    for device in &gates {
        if !after_roll.contains(&device.gate_id) {
            violations.push(format!(
                "gate {} admitted nobody after the roll: it never came back",
                device.gate_id
            ));
        }
    }
    if pending_left > 0 {
        violations.push(format!(
            "{pending_left} scans left pending in gate journals"
        ));
    }
    if queue.outstanding() > 0 {
        violations.push(format!("{} visitors never got in", queue.outstanding()));
    }
    println!(
        "upgrade: from={old_version} to={new_version} gates={gate_count} admissions={} \
         visitors={visit_count} roll_s={roll_s:.1} admitted_during_roll={during_roll} \
         run_s={:.1} resends={} failed_connects={} violations={}",
        findings.admissions,
        start.elapsed().as_secs_f64(),
        ledger.retries.load(std::sync::atomic::Ordering::SeqCst),
        ledger
            .failed_connects
            .load(std::sync::atomic::Ordering::SeqCst),
        violations.len()
    );
    if !violations.is_empty() {
        bail!(
            "{} violations:\n{}\nA:\n{}\nB:\n{}",
            violations.len(),
            violations.join("\n"),
            first.log_tail(40),
            second.log_tail(40)
        );
    }
    Ok(())
}

/// A contract step shipped too early: the new release renames a column the previous one
/// still writes. The side-by-side check of the roll catches it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_migration_the_previous_release_cannot_work_with_is_caught() -> Result<()> {
    let (_, old) = tessera_tests::tools::previous_release()?;
    let first = TestServer::builder(Backend::Postgres)
        .binary(old.clone())
        .start()
        .await?;
    let admin = first.admin();
    // Compatible: the previous release admits on its own schema.
    admit_through(&admin, &first.url(""), "previous").await?;
    tessera_tests::db::execute_as_owner(
        first.database(),
        "ALTER TABLE redemptions RENAME COLUMN counter TO code_counter",
    )
    .await?;
    let caught = admit_through(&admin, &first.url(""), "previous").await;
    let error = match caught {
        Ok(()) => bail!("the previous release admitted on a schema it cannot read"),
        Err(error) => format!("{error:#}"),
    };
    assert!(
        error.contains("the previous release"),
        "the failure names the release that could not serve: {error}"
    );
    Ok(())
}

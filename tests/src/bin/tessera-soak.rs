//! `tessera-soak`: years of traffic in minutes, to show that retention keeps every table
//! bounded (issue 12).
//!
//! The floors are a day for challenges and redemptions and 400 days for audit events, so a
//! soak in real time would take more than a year. Instead this drives the server's own
//! storage primitives and its own retention pass with a simulated clock: it starts
//! `--days` in the past and walks to today, each simulated hour minting challenges,
//! storing admissions (through the same group-committed `admit` the gate path uses), one
//! scan-time denial, and then running `retention::run_pass` at that hour. The database's
//! own audit floor reads the real clock, which is always later than the simulated one, so
//! it never refuses what the pass removes. Every `--report-every` days it prints the row
//! count of each table; at the end it compares the last stretch with the expected steady
//! state and exits non-zero if any table kept growing.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Parser;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ByKey, ChallengeIssued, Details, ResponseDetails, ScanDetails};
use tessera_flows::retention::{run_pass, RetentionPolicy, BATCH};
use tessera_protocol::messages::{DenyReason, Outcome};
use tessera_server::config::Settings;
use tessera_store::{
    AdmitOp, ChallengeRow, GateRow, PassRow, PassState, RedemptionRow, RetentionCounts,
    ScanDenialRow, Store, StoredOutcome,
};
use tessera_tests::db::TestDatabase;
use tessera_tests::Backend;
use uuid::Uuid;

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// Simulated-clock retention soak on one backend.
#[derive(Debug, Parser)]
#[command(name = "tessera-soak", about)]
struct Args {
    /// `sqlite` or `postgres` (a fresh database on TESSERA_TEST_PG_URL's server).
    #[arg(long, default_value = "sqlite")]
    backend: String,
    /// Simulated days, ending now (more than 400 so the audit log reaches its period).
    #[arg(long, default_value_t = 500)]
    days: i64,
    /// Admissions per simulated hour.
    #[arg(long, default_value_t = 4)]
    per_hour: i64,
    /// Print the table sizes every this many simulated days.
    #[arg(long, default_value_t = 50)]
    report_every: i64,
}

#[derive(Parser)]
struct SettingsOnly {
    #[command(flatten)]
    settings: Settings,
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let backend = match args.backend.as_str() {
        "sqlite" => Backend::Sqlite,
        "postgres" => Backend::Postgres,
        other => bail!("unknown backend {other}: sqlite or postgres"),
    };
    if args.days <= 400 || args.per_hour <= 0 || args.per_hour > 200 {
        bail!("--days must exceed 400 and --per-hour lie in 1..=200");
    }
    let dir = tempfile::tempdir()?;
    let database = TestDatabase::create(backend, dir.path()).await?;
    let settings =
        SettingsOnly::try_parse_from(["soak", "--database-url", &database.url])?.settings;
    let policy = settings.retention_policy();
    let store = Store::connect(&settings.store_options()).await?;
    store.schema().migrate().await?;

    let end_ms = tessera_domain::now_ms();
    let start_ms = end_ms - args.days * DAY_MS;
    let (org_id, _) = tessera_server::startup::create_org(&store, "soak").await?;
    let gate = GateRow {
        id: Uuid::now_v7(),
        org_id,
        label: "soak gate".to_owned(),
        site: None,
        zone_id: None,
        direction: None,
        language: None,
    };
    store
        .gates()
        .insert_gate(&gate, &[1; 32], start_ms, &note(org_id, start_ms))
        .await?;
    let pass = PassRow {
        id: Uuid::now_v7(),
        org_id,
        label: "soak pass".to_owned(),
        site: None,
        valid_from_ms: start_ms - DAY_MS,
        valid_until_ms: end_ms + DAY_MS,
        max_uses: i64::MAX / 2,
        uses: 0,
        state: PassState::Issued,
        claim_token_hash: vec![2; 32],
        wallet_public_key: None,
        server_kid: "soak".to_owned(),
        created_at_ms: start_ms,
        claimed_at_ms: None,
        revoked_at_ms: None,
        host_id: None,
        max_transfers: 0,
        transfers: 0,
        rebinds: 0,
        external_ref: None,
        language: None,
        zones: Vec::new(),
    };
    store
        .passes()
        .insert_pass(&pass, &note(org_id, start_ms), None)
        .await?;
    store
        .passes()
        .bind_wallet(pass.id, &[3; 32], start_ms, &note(org_id, start_ms))
        .await?;

    println!(
        "backend={} days={} admissions/hour={} retention: challenges {:?}, redemptions {:?}, audit {:?}",
        args.backend, args.days, args.per_hour, policy.challenges, policy.redemptions, policy.audit
    );
    println!("day\tchallenges\tredemptions\tscan_denials\taudit_events\tremoved_total\telapsed_s");
    let began = Instant::now();
    let mut removed_total = 0u64;
    let mut history: Vec<(i64, RetentionCounts)> = Vec::new();
    let spacing = HOUR_MS / args.per_hour;
    for hour in 0..args.days * 24 {
        let hour_ms = start_ms + hour * HOUR_MS;
        for k in 0..args.per_hour {
            let at = hour_ms + k * spacing;
            admit_at(&store, &gate, &pass, at).await?;
        }
        deny_at(&store, &gate, hour_ms + HOUR_MS - 1).await?;
        removed_total += run_pass(&store, &policy, hour_ms + HOUR_MS, BATCH)
            .await?
            .total();
        if (hour + 1) % (24 * args.report_every) == 0 || hour + 1 == args.days * 24 {
            let day = (hour + 1) / 24;
            let rows = store.retention().retained_rows().await?;
            println!(
                "{day}\t{}\t{}\t{}\t{}\t{removed_total}\t{:.0}",
                rows.challenges,
                rows.redemptions,
                rows.scan_denials,
                rows.audit_events,
                began.elapsed().as_secs_f64()
            );
            history.push((day, rows));
        }
    }
    verdict(&args, &policy, &history)
}

/// Checks the last report against the steady state the periods imply (with 10 % slack for
/// the hour-granular passes and the set-up rows).
fn verdict(
    args: &Args,
    policy: &RetentionPolicy,
    history: &[(i64, RetentionCounts)],
) -> Result<()> {
    let hours = |d: std::time::Duration| i64::try_from(d.as_secs() / 3600).unwrap_or(i64::MAX);
    let per_hour = u64::try_from(args.per_hour)?;
    let steady = |period_h: i64, rows_per_hour: u64| {
        u64::try_from(period_h + 1).unwrap_or(u64::MAX) * rows_per_hour * 11 / 10 + 16
    };
    let challenge_h = hours(policy.challenges).max(hours(policy.redemptions));
    // Per hour: a challenge_issued and a response event per admission, one scan event,
    // and at most one retention event.
    let bounds = RetentionCounts {
        challenges: steady(challenge_h, per_hour),
        redemptions: steady(hours(policy.redemptions), per_hour),
        scan_denials: steady(hours(policy.challenges), 1),
        audit_events: steady(hours(policy.audit), 2 * per_hour + 2),
    };
    let (day, last) = history.last().context("no report")?;
    println!(
        "bound\t{}\t{}\t{}\t{}",
        bounds.challenges, bounds.redemptions, bounds.scan_denials, bounds.audit_events
    );
    let within = last.challenges <= bounds.challenges
        && last.redemptions <= bounds.redemptions
        && last.scan_denials <= bounds.scan_denials
        && last.audit_events <= bounds.audit_events;
    if !within {
        bail!("day {day}: some table is over its steady-state bound: {last:?} > {bounds:?}");
    }
    println!("bounded: every table at day {day} is within its steady-state bound");
    Ok(())
}

fn note(org_id: Uuid, at_ms: i64) -> tessera_store::NewAudit {
    stamped(
        audit::event(
            Severity::Info,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::GateCreated(ByKey {
                by_key_id: Uuid::nil(),
            }),
        ),
        at_ms,
    )
}

fn stamped(mut event: tessera_store::NewAudit, at_ms: i64) -> tessera_store::NewAudit {
    event.at_ms = at_ms;
    event
}

async fn admit_at(store: &Store, gate: &GateRow, pass: &PassRow, at_ms: i64) -> Result<()> {
    let subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: Some(pass.id),
    };
    let challenge = ChallengeRow {
        nonce: Uuid::new_v4().as_bytes().repeat(2),
        org_id: gate.org_id,
        gate_id: gate.id,
        scan_id: Uuid::new_v4(),
        pass_id: pass.id,
        counter: at_ms / 15_000,
        code_hash: vec![0; 32],
        created_at_ms: at_ms,
        expires_at_ms: at_ms + 30_000,
        wrong_answers: 0,
    };
    let issued = audit::event(
        Severity::Info,
        subject,
        Details::ChallengeIssued(ChallengeIssued {
            scan_id: challenge.scan_id,
            nonce_sha256: String::new(),
            counter: challenge.counter,
        }),
    );
    store
        .insert_challenge(&challenge, &stamped(issued, at_ms))
        .await?;
    let answered = at_ms + 1_000;
    let response = audit::event(
        Severity::Info,
        subject,
        Details::Response(ResponseDetails {
            scan_id: challenge.scan_id,
            outcome: Some(Outcome::Admitted),
            ..ResponseDetails::default()
        }),
    );
    let op = AdmitOp {
        row: RedemptionRow::for_challenge(&challenge, StoredOutcome::Admitted, answered),
        event: stamped(response, answered),
        burn_at: 3,
        // The key `bind_wallet` bound above.
        wallet_key: vec![3; 32],
    };
    if !store.admit(&op).await? {
        bail!("the soak's admission at {at_ms} was refused");
    }
    Ok(())
}

async fn deny_at(store: &Store, gate: &GateRow, at_ms: i64) -> Result<()> {
    let denial = ScanDenialRow {
        gate_id: gate.id,
        scan_id: Uuid::new_v4(),
        org_id: gate.org_id,
        code_hash: vec![0; 32],
        reason: DenyReason::MalformedCode,
        pass_id: None,
        pass_label: None,
        age_s: None,
        ahead_s: None,
        created_at_ms: at_ms,
    };
    let event = audit::event(
        Severity::Warning,
        Subject {
            org_id: Some(gate.org_id),
            gate_id: Some(gate.id),
            pass_id: None,
        },
        Details::Scan(ScanDetails {
            scan_id: denial.scan_id,
            reason: Some(DenyReason::MalformedCode),
            ..ScanDetails::default()
        }),
    );
    store
        .scans()
        .insert_scan_denial(&denial, &stamped(event, at_ms))
        .await?;
    Ok(())
}

//! `tessera-loadgen`: the evening-burst load generator.
//!
//! N simulated gates hold real WebSocket connections (`tessera_gate::GateConnection`) and
//! run the full TSR1 flow — scan → challenge → response → result — for passes claimed by
//! simulated wallets (`tessera_wallet::ClaimClient` enrolls each one with a fresh X25519
//! key). It runs closed-loop (every gate as fast as the server answers) or open-loop at a
//! target admission rate, reports admissions/s, latency percentiles from HdrHistogram and
//! errors by kind, and finally checks in the database itself that what the gates were told
//! matches what was committed: admissions = uses, no pass over `max_uses`.
//!
//! Enrolment (`--enroll`): `api` issues and claims every pass through the REST API, as a
//! visitor would (about a minute per 80,000 passes on two cores); `db` (the default when
//! the database URL is given) claims one pass through the API, to learn the server's public
//! key and its name, then writes the rest as claimed passes straight into the database in
//! batches, each bound to a fresh wallet key exactly as a claim binds it. What is measured
//! afterwards (the admissions) is the same either way.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Parser;
use hdrhistogram::Histogram;
use serde_json::{json, Value};
use tessera_gate::{DeviceToken, GateConnection};
use tessera_protocol::messages::{GateMessage, Outcome, ServerMessage};
use tessera_protocol::{PassId, PassKeys, SecretKey, WalletChallenge};
use tessera_wallet::{ClaimClient, ClaimToken};
use tokio::sync::Mutex;
use uuid::Uuid;

/// Load generator for a running tessera-server.
#[derive(Debug, Parser)]
#[command(name = "tessera-loadgen", about)]
struct Args {
    /// The server's HTTP base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    base_url: String,
    /// An admin key of the organisation to load (from `tessera-server init`).
    #[arg(long, env = "TESSERA_ADMIN_KEY", hide_env_values = true)]
    admin_key: String,
    /// That organisation's id, for the database check.
    #[arg(long, env = "TESSERA_ORG_ID")]
    org_id: Option<Uuid>,
    /// The server's database, for the after-run check (same URL the server uses).
    #[arg(long, env = "TESSERA_DATABASE_URL", hide_env_values = true)]
    database_url: Option<String>,
    /// Simulated gates (one WebSocket each).
    #[arg(long, default_value_t = 8)]
    gates: usize,
    /// Target admissions per second; 0 runs closed-loop at maximum speed.
    #[arg(long, default_value_t = 0.0)]
    rate: f64,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 10.0)]
    duration_s: f64,
    /// Passes to enroll; default: enough for the run (rate × duration, or an estimate).
    #[arg(long)]
    passes: Option<usize>,
    /// How passes are enrolled: `api` (issue and claim each) or `db` (one claim, then bulk
    /// inserts of claimed passes; needs --database-url and --org-id). Default: `db` when
    /// both are given.
    #[arg(long, value_parser = ["api", "db"])]
    enroll: Option<String>,
    /// Concurrent HTTP requests while enrolling passes.
    #[arg(long, default_value_t = 32)]
    setup_concurrency: usize,
    /// Extra authenticated gate connections held open and idle during the run (memory and
    /// connection-limit check; raise `ulimit -n` for large numbers).
    #[arg(long, default_value_t = 0)]
    idle_connections: usize,
    /// Print the summary as one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// A simulated visitor: one claimed pass and its derived keys.
struct SimWallet {
    pass: PassId,
    keys: PassKeys,
}

#[derive(Default)]
struct Tally {
    scan_to_challenge: Option<Histogram<u64>>,
    response_to_result: Option<Histogram<u64>>,
    outcomes: BTreeMap<String, u64>,
    errors: BTreeMap<String, u64>,
    admitted: u64,
}

fn histogram() -> Result<Histogram<u64>> {
    Histogram::new_with_bounds(1, 60_000_000, 3).context("histogram bounds")
}

#[tokio::main]
async fn main() -> Result<()> {
    let args = Args::parse();
    let http = reqwest::Client::new();
    let base = args.base_url.trim_end_matches('/').to_owned();
    let ws_url = format!("{}/v1/gate/ws", base.replacen("http", "ws", 1));
    let passes = args.passes.unwrap_or_else(|| {
        // Closed loop: a generous guess of what the gates can do on a small machine (each
        // gate waits for every answer), so a run rarely runs out and set-up stays short.
        let rate = if args.rate > 0.0 {
            args.rate
        } else {
            (1000.0 * args.gates as f64).min(7000.0)
        };
        ((rate * args.duration_s) * 1.2).ceil() as usize + 100
    });
    eprintln!("enrolling {} gates and {passes} passes …", args.gates);
    let started = Instant::now();
    let mut tokens = Vec::new();
    for n in 0..args.gates {
        let gate: Value = post(
            &http,
            &base,
            "/v1/gates",
            &args.admin_key,
            json!({ "label": format!("loadgen gate {n}") }),
        )
        .await?;
        tokens.push(DeviceToken::new(
            gate["device_token"].as_str().context("device_token")?,
        )?);
    }
    let bulk = match (
        args.enroll.as_deref(),
        args.database_url.as_deref(),
        args.org_id,
    ) {
        (Some("api"), _, _) => None,
        (_, Some(url), Some(org)) => Some((url, org)),
        (Some("db"), _, _) => bail!("--enroll db needs --database-url and --org-id"),
        _ => None,
    };
    let wallets = match bulk {
        Some((url, org)) => bulk_enroll(&http, &base, &args.admin_key, url, org, passes).await?,
        None => {
            enroll(
                &http,
                &base,
                &args.admin_key,
                passes,
                args.setup_concurrency,
            )
            .await?
        }
    };
    eprintln!(
        "enrolled in {:.1}s; running {}s {}",
        started.elapsed().as_secs_f64(),
        args.duration_s,
        if args.rate > 0.0 {
            format!("open-loop at {}/s", args.rate)
        } else {
            "closed-loop".to_owned()
        }
    );

    let mut idle = Vec::with_capacity(args.idle_connections);
    if args.idle_connections > 0 {
        let started = Instant::now();
        let token = tokens.first().context("need at least one gate")?;
        for _ in 0..args.idle_connections {
            idle.push(GateConnection::connect(&ws_url, token, Duration::from_secs(10)).await?);
        }
        eprintln!(
            "holding {} idle gate connections (opened in {:.1}s)",
            idle.len(),
            started.elapsed().as_secs_f64()
        );
        if let Some(wait) = std::env::var("LOADGEN_IDLE_PAUSE_S")
            .ok()
            .and_then(|v| v.parse::<u64>().ok())
        {
            // Lets a script read the server's memory while only idle connections exist.
            eprintln!("pausing {wait}s with idle connections only");
            tokio::time::sleep(Duration::from_secs(wait)).await;
        }
    }
    let mut connections = Vec::new();
    for token in &tokens {
        connections.push(GateConnection::connect(&ws_url, token, Duration::from_secs(5)).await?);
    }
    let wallets = Arc::new(wallets);
    let next = Arc::new(AtomicUsize::new(0));
    let tally = Arc::new(Mutex::new(Tally {
        scan_to_challenge: Some(histogram()?),
        response_to_result: Some(histogram()?),
        ..Tally::default()
    }));
    let run_for = Duration::from_secs_f64(args.duration_s);
    let run_started = Instant::now();
    // Open loop: each gate owns an equal share of the arrival rate and starts each scan at
    // its scheduled time (or at once when behind, which then shows in the latencies).
    let per_gate_interval =
        (args.rate > 0.0).then(|| Duration::from_secs_f64(args.gates as f64 / args.rate));
    let mut tasks = Vec::new();
    for (index, connection) in connections.into_iter().enumerate() {
        let (wallets, next, tally) = (wallets.clone(), next.clone(), tally.clone());
        tasks.push(tokio::spawn(async move {
            run_gate(
                connection,
                wallets,
                next,
                tally,
                run_started,
                run_for,
                per_gate_interval,
                index,
            )
            .await
        }));
    }
    for task in tasks {
        task.await??;
    }
    let elapsed = run_started.elapsed().as_secs_f64();
    let tally = tally.lock().await;

    let db_check = match (&args.database_url, args.org_id) {
        (Some(url), Some(org)) => Some(check_database(url, org).await?),
        _ => None,
    };
    let scan = tally.scan_to_challenge.as_ref().context("histogram")?;
    let resp = tally.response_to_result.as_ref().context("histogram")?;
    let ms = |h: &Histogram<u64>, q: f64| h.value_at_quantile(q) as f64 / 1000.0;
    let summary = json!({
        "gates": args.gates,
        "idle_connections": idle.len(),
        "mode": if args.rate > 0.0 { "open" } else { "closed" },
        "target_rate": args.rate,
        "duration_s": elapsed,
        "admitted": tally.admitted,
        "admissions_per_s": tally.admitted as f64 / elapsed,
        "scan_to_challenge_ms": { "p50": ms(scan, 0.5), "p95": ms(scan, 0.95), "p99": ms(scan, 0.99), "max": scan.max() as f64 / 1000.0 },
        "response_to_result_ms": { "p50": ms(resp, 0.5), "p95": ms(resp, 0.95), "p99": ms(resp, 0.99), "max": resp.max() as f64 / 1000.0 },
        "outcomes": tally.outcomes,
        "errors": tally.errors,
        "database": db_check,
    });
    if args.json {
        println!("{summary}");
    } else {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    }
    if let Some(check) = &db_check {
        if check["admitted_rows"] != json!(tally.admitted)
            || check["uses"] != json!(tally.admitted)
            || check["over_max_uses"] != json!(0)
        {
            bail!(
                "database check failed: gates saw {} admissions, database has {check}",
                tally.admitted
            );
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn run_gate(
    mut connection: GateConnection,
    wallets: Arc<Vec<SimWallet>>,
    next: Arc<AtomicUsize>,
    tally: Arc<Mutex<Tally>>,
    run_started: Instant,
    run_for: Duration,
    interval: Option<Duration>,
    gate_index: usize,
) -> Result<()> {
    let timeout = Duration::from_secs(10);
    let mut scheduled =
        run_started + interval.map_or(Duration::ZERO, |i| i.mul_f64(gate_index as f64 / 64.0));
    let mut local = Tally {
        scan_to_challenge: Some(histogram()?),
        response_to_result: Some(histogram()?),
        ..Tally::default()
    };
    while run_started.elapsed() < run_for {
        if let Some(interval) = interval {
            tokio::time::sleep_until(scheduled.into()).await;
            scheduled += interval;
        }
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(wallet) = wallets.get(index) else {
            *local.errors.entry("out_of_passes".into()).or_default() += 1;
            break;
        };
        let scan_id = Uuid::new_v4();
        let now = time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64;
        let code = wallet
            .keys
            .code_key
            .code_at(wallet.pass, now, 15)
            .to_string();
        let sent = Instant::now();
        connection
            .send(&GateMessage::Scan { scan_id, code })
            .await?;
        let challenge = match connection.recv_timeout(timeout).await? {
            ServerMessage::Challenge(challenge) => challenge,
            other => {
                record_unexpected(&mut local, &other);
                continue;
            }
        };
        record(&mut local.scan_to_challenge, sent);
        let wallet_challenge: WalletChallenge = challenge.wallet_challenge.parse()?;
        let response = wallet
            .keys
            .response_key
            .respond(&wallet_challenge)
            .to_string();
        let sent = Instant::now();
        connection
            .send(&GateMessage::Response {
                scan_id,
                nonce: challenge.nonce.to_string(),
                response,
            })
            .await?;
        match connection.recv_timeout(timeout).await? {
            ServerMessage::Result(result) => {
                record(&mut local.response_to_result, sent);
                if result.outcome == Outcome::Admitted {
                    local.admitted += 1;
                }
                *local
                    .outcomes
                    .entry(result.outcome.as_str().to_owned())
                    .or_default() += 1;
            }
            other => record_unexpected(&mut local, &other),
        }
    }
    connection.close().await;
    let mut shared = tally.lock().await;
    shared.admitted += local.admitted;
    for (k, v) in local.outcomes {
        *shared.outcomes.entry(k).or_default() += v;
    }
    for (k, v) in local.errors {
        *shared.errors.entry(k).or_default() += v;
    }
    if let (Some(total), Some(part)) = (
        shared.scan_to_challenge.as_mut(),
        local.scan_to_challenge.as_ref(),
    ) {
        total.add(part)?;
    }
    if let (Some(total), Some(part)) = (
        shared.response_to_result.as_mut(),
        local.response_to_result.as_ref(),
    ) {
        total.add(part)?;
    }
    Ok(())
}

fn record(histogram: &mut Option<Histogram<u64>>, since: Instant) {
    if let Some(h) = histogram {
        let micros = u64::try_from(since.elapsed().as_micros())
            .unwrap_or(u64::MAX)
            .max(1);
        h.saturating_record(micros);
    }
}

fn record_unexpected(tally: &mut Tally, message: &ServerMessage) {
    let kind = match message {
        ServerMessage::Error(error) => format!("error:{:?}", error.code),
        ServerMessage::Result(result) => {
            format!("denied:{}", result.reason.map_or("none", |r| r.as_str()))
        }
        ServerMessage::Welcome(_) => "unexpected:welcome".to_owned(),
        ServerMessage::Challenge(_) => "unexpected:challenge".to_owned(),
        ServerMessage::WalkIn(_) => "unexpected:walk_in".to_owned(),
        ServerMessage::MusterResult(_) => "unexpected:muster_result".to_owned(),
    };
    *tally.errors.entry(kind).or_default() += 1;
}

async fn post(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    key: &str,
    body: Value,
) -> Result<Value> {
    let response = http
        .post(format!("{base}{path}"))
        .bearer_auth(key)
        .json(&body)
        .send()
        .await?;
    let status = response.status();
    let body: Value = response.json().await?;
    if !status.is_success() {
        bail!("{path}: {status} {body}");
    }
    Ok(body)
}

/// Issues one pass and claims it with a fresh wallet key: the wallet, and the claim's
/// answer (the server's key and its name).
async fn issue_and_claim(
    http: &reqwest::Client,
    base: &str,
    admin: &str,
    claims: &ClaimClient,
) -> Result<(SimWallet, tessera_wallet::ClaimAnswer)> {
    let pass = post(
        http,
        base,
        "/v1/passes",
        admin,
        json!({ "label": "loadgen visitor", "valid_until": "2099-01-01T00:00:00Z" }),
    )
    .await?;
    let pass_id: Uuid = pass["pass_id"].as_str().context("pass_id")?.parse()?;
    let token = ClaimToken::new(pass["claim_token"].as_str().context("claim_token")?)?;
    let wallet = SecretKey::generate(&mut rand::rngs::OsRng);
    let answer = claims
        .claim(base, pass_id, &token, &wallet.public_key())
        .await?;
    answer.check_for(pass_id)?;
    let pass = PassId::new(pass_id);
    let keys = PassKeys::for_wallet(&wallet, &answer.server_public_key, pass)?;
    Ok((SimWallet { pass, keys }, answer))
}

/// Rows per INSERT of the bulk enrolment (SQLite binds at most 32,766 parameters; 12 a row).
const BULK_ROWS: usize = 2_000;

/// Claims one pass through the API, then inserts `count - 1` claimed passes of `org`
/// straight into the database at `url`, each bound to a fresh wallet key under the server
/// key the claim named, in batches of [`BULK_ROWS`].
async fn bulk_enroll(
    http: &reqwest::Client,
    base: &str,
    admin: &str,
    url: &str,
    org: Uuid,
    count: usize,
) -> Result<Vec<SimWallet>> {
    let claims = ClaimClient::new(Duration::from_secs(10))?;
    let (first, answer) = issue_and_claim(http, base, admin, &claims).await?;
    let server_key = answer.server_public_key;
    let kid = answer.server_kid;
    let mut made = vec![first];
    let now_ms = i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)?
            .as_millis(),
    )?;
    let until_ms: i64 = 4_070_908_800_000; // 2099-01-01
    let mut rows = Vec::with_capacity(count.saturating_sub(1));
    for _ in 1..count {
        let id = Uuid::now_v7();
        let wallet = SecretKey::generate(&mut rand::rngs::OsRng);
        let public = wallet.public_key();
        made.push(SimWallet {
            pass: PassId::new(id),
            keys: PassKeys::for_wallet(&wallet, &server_key, PassId::new(id))?,
        });
        rows.push((
            id,
            public.as_bytes().to_vec(),
            rand::random::<[u8; 32]>().to_vec(),
        ));
    }
    macro_rules! insert_all {
        ($pool:expr) => {{
            let pool = $pool;
            for batch in rows.chunks(BULK_ROWS) {
                let mut insert = sqlx::QueryBuilder::new(
                    "INSERT INTO passes (id, org_id, label, valid_from_ms, valid_until_ms, \
                     max_uses, uses, state, claim_token_hash, wallet_public_key, server_kid, \
                     created_at_ms, claimed_at_ms) ",
                );
                insert.push_values(batch, |mut row, (id, public, token_hash)| {
                    row.push_bind(*id)
                        .push_bind(org)
                        .push_bind("loadgen visitor")
                        .push_bind(now_ms - 3_600_000)
                        .push_bind(until_ms)
                        .push_bind(1_i64)
                        .push_bind(0_i64)
                        .push_bind("claimed")
                        .push_bind(token_hash.clone())
                        .push_bind(public.clone())
                        .push_bind(kid.clone())
                        .push_bind(now_ms)
                        .push_bind(now_ms);
                });
                insert
                    .build()
                    .execute(&pool)
                    .await
                    .context("insert claimed passes")?;
            }
            pool.close().await;
        }};
    }
    if url.starts_with("postgres") {
        insert_all!(sqlx::PgPool::connect(url).await?);
    } else {
        insert_all!(sqlx::SqlitePool::connect(url).await?);
    }
    Ok(made)
}

/// Issues and claims `count` passes, `concurrency` at a time.
async fn enroll(
    http: &reqwest::Client,
    base: &str,
    admin: &str,
    count: usize,
    concurrency: usize,
) -> Result<Vec<SimWallet>> {
    let claims = ClaimClient::new(Duration::from_secs(10))?;
    let next = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..concurrency.max(1) {
        let (http, base, admin, claims, next) = (
            http.clone(),
            base.to_owned(),
            admin.to_owned(),
            claims.clone(),
            next.clone(),
        );
        tasks.push(tokio::spawn(async move {
            let mut made = Vec::new();
            while next.fetch_add(1, Ordering::Relaxed) < count {
                made.push(issue_and_claim(&http, &base, &admin, &claims).await?.0);
            }
            anyhow::Ok(made)
        }));
    }
    let mut all = Vec::with_capacity(count);
    for task in tasks {
        all.extend(task.await??);
    }
    Ok(all)
}

/// Reads the truth from the database: admitted redemption rows, counted uses, over-use.
async fn check_database(url: &str, org: Uuid) -> Result<Value> {
    const ADMITTED: &str =
        "SELECT count(*) FROM redemptions WHERE org_id = $1 AND outcome = 'admitted'";
    const USES: &str =
        "SELECT CAST(COALESCE(SUM(uses), 0) AS BIGINT) FROM passes WHERE org_id = $1";
    const OVER: &str = "SELECT count(*) FROM passes WHERE org_id = $1 AND uses > max_uses";
    let (admitted, uses, over): (i64, i64, i64) = if url.starts_with("postgres") {
        let pool = sqlx::PgPool::connect(url).await?;
        (
            sqlx::query_scalar(ADMITTED)
                .bind(org)
                .fetch_one(&pool)
                .await?,
            sqlx::query_scalar(USES).bind(org).fetch_one(&pool).await?,
            sqlx::query_scalar(OVER).bind(org).fetch_one(&pool).await?,
        )
    } else {
        let pool = sqlx::SqlitePool::connect(url).await?;
        (
            sqlx::query_scalar(ADMITTED)
                .bind(org)
                .fetch_one(&pool)
                .await?,
            sqlx::query_scalar(USES).bind(org).fetch_one(&pool).await?,
            sqlx::query_scalar(OVER).bind(org).fetch_one(&pool).await?,
        )
    };
    Ok(json!({ "admitted_rows": admitted, "uses": uses, "over_max_uses": over }))
}

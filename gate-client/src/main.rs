//! `tessera-gate`: the guard's gate client (a thin shell over the library).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::todo)]

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use tessera_gate::run::{self, GateConfig, EXIT_FAILURE, EXIT_OK};
use tessera_gate::walkin::GateHost;
use tessera_gate::{DeviceToken, Error, HostDirectory};

/// The Tessera gate client: scans rotating codes, challenges wallets, shows the verdict.
///
/// Exit codes: 0 stdin closed and every scan and walk-in finished; 1 runtime failure (e.g.
/// the journal cannot be written, or `hosts` cannot reach the server); 2 bad usage or
/// configuration (options, token file, server URL, tap address); 3 the server rejected the
/// device token (401); 4 stopped by the drain timeout or ctrl-c with scans or walk-ins left
/// in the journal (they are resent on the next start); 5 the journal is unreadable, corrupt,
/// or belongs to another gate device.
#[derive(Parser, Debug)]
#[command(name = "tessera-gate", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the gate: read scanned lines from stdin (TSR1:… codes and TSR1R:… answers) and
    /// walk-ins (`WALKIN <host> <visitor name> [-- <note>]`).
    Run(RunArgs),
    /// List the hosts a walk-in can ask (id, unit, label), optionally those matching QUERY.
    Hosts(HostsArgs),
}

#[derive(clap::Args, Debug)]
struct HostsArgs {
    /// The server's gate endpoint, ws://host:port/v1/gate/ws (or wss://); the hosts are
    /// read from the same server over http(s).
    #[arg(long, env = "TESSERA_GATE_SERVER")]
    server: String,
    /// File holding this gate's device token (from POST /v1/gates).
    #[arg(long, env = "TESSERA_GATE_TOKEN_FILE")]
    token_file: PathBuf,
    /// Print the server's answer as one JSON object ({"hosts": [...]}) instead of a table.
    #[arg(long)]
    json: bool,
    /// Give up on the server after this many milliseconds.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    timeout_ms: u64,
    /// Only hosts whose label or unit contains this text (case-insensitive); the server
    /// lists at most 20.
    query: Option<String>,
}

#[derive(clap::Args, Debug)]
struct RunArgs {
    /// The server's gate endpoint, ws://host:port/v1/gate/ws (or wss://).
    #[arg(long, env = "TESSERA_GATE_SERVER")]
    server: String,
    /// File holding this gate's device token (from POST /v1/gates).
    #[arg(long, env = "TESSERA_GATE_TOKEN_FILE")]
    token_file: PathBuf,
    /// Journal of pending scans [default: <user data dir>/tessera/gate-journal.json].
    /// One gate process per journal.
    #[arg(long, env = "TESSERA_GATE_JOURNAL")]
    journal: Option<PathBuf>,
    /// Offer challenges to wallets on this TCP port of 127.0.0.1 (e.g. 7447), or on an
    /// address given in full (e.g. 0.0.0.0:7447: anyone who can connect may ask for a pass's
    /// challenge); see docs/clients.md for the line protocol and its trust model.
    #[arg(long, env = "TESSERA_GATE_TAP_LISTEN")]
    tap_listen: Option<String>,
    /// Print one JSON object per event instead of text (for turnstile controllers).
    #[arg(long)]
    json: bool,
    /// Per-request timeout before the same message is resent, in milliseconds.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(50..=600_000))]
    timeout_ms: u64,
    /// After stdin closes, wait at most this long for open scans, in milliseconds.
    #[arg(long, default_value_t = 30_000)]
    drain_timeout_ms: u64,
    /// Connect and welcome timeout, in milliseconds.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    connect_timeout_ms: u64,
    /// WebSocket ping interval in milliseconds; 3 silent intervals mean the link is dead.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(100..=600_000))]
    heartbeat_ms: u64,
    /// Longest delay between reconnect attempts, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(250..=600_000))]
    reconnect_max_ms: u64,
    /// The reader faces the visitor and reads without pause (docs/clients.md, "One gesture
    /// at the lane"): a pass's next codes while its scan is open, and for 20 s after it was
    /// let in, are the same visitor still holding the phone up, and start no scan.
    #[arg(long)]
    face_to_face: bool,
}

/// How long a let-in pass's codes are held with `--face-to-face`: a visitor walks through
/// in a few seconds, and the wallet shows its next 15-second code once the answer is read.
const FACE_TO_FACE_HOLD: Duration = Duration::from_secs(20);

fn main() -> ExitCode {
    let cli = Cli::parse();
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("TESSERA_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .try_init();
    let args = match cli.command {
        Command::Run(args) => args,
        Command::Hosts(args) => return hosts(args),
    };
    let config = match config(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("tessera-gate: {e}");
            return ExitCode::from(run::exit_code_for(&e));
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("tessera-gate: cannot start the async runtime: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let code = runtime.block_on(run::run(config, stdin_lines()));
    // A blocked stdin read must not hold the process open.
    runtime.shutdown_background();
    ExitCode::from(code)
}

/// `tessera-gate hosts`: one line per host, or the JSON list.
fn hosts(args: HostsArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("tessera-gate: cannot start the async runtime: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    let query = args.query.clone().unwrap_or_default();
    let found = runtime.block_on(async {
        let token = DeviceToken::from_file(&args.token_file)?;
        let directory =
            HostDirectory::new(&args.server, token, Duration::from_millis(args.timeout_ms))?;
        directory.search(query.trim()).await
    });
    let hosts = match found {
        Ok(hosts) => hosts,
        Err(e) => {
            eprintln!("tessera-gate: {e}");
            return ExitCode::from(run::exit_code_for(&e));
        }
    };
    let printed = if args.json {
        print_hosts_json(&hosts)
    } else {
        print_hosts_table(&hosts, &query)
    };
    match printed {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("tessera-gate: cannot write the host list: {e}");
            ExitCode::from(EXIT_FAILURE)
        }
    }
}

fn print_hosts_json(hosts: &[GateHost]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer(&mut out, &serde_json::json!({ "hosts": hosts }))
        .map_err(std::io::Error::other)?;
    writeln!(out)
}

fn print_hosts_table(hosts: &[GateHost], query: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    if hosts.is_empty() {
        if query.trim().is_empty() {
            return writeln!(out, "no hosts");
        }
        return writeln!(out, "no hosts match {:?}", query.trim());
    }
    let width = hosts
        .iter()
        .map(|h| h.unit.as_deref().map_or(1, |u| u.chars().count()))
        .max()
        .unwrap_or(1)
        .clamp(4, 24);
    writeln!(out, "{:<36}  {:<width$}  LABEL", "HOST ID", "UNIT")?;
    for host in hosts {
        writeln!(
            out,
            "{:<36}  {:<width$}  {}",
            host.host_id,
            host.unit.as_deref().unwrap_or("-"),
            host.label
        )?;
    }
    Ok(())
}

fn config(args: RunArgs) -> Result<GateConfig, Error> {
    tessera_gate::connection::check_server_url(&args.server)?;
    let token = DeviceToken::from_file(&args.token_file)?;
    let journal = match args.journal {
        Some(p) => p,
        None => dirs::data_dir()
            .map(|d| d.join("tessera").join("gate-journal.json"))
            .ok_or_else(|| Error::Config("no user data directory: pass --journal".into()))?,
    };
    Ok(GateConfig {
        server: args.server,
        token,
        journal,
        tap_listen: args.tap_listen,
        json: args.json,
        request_timeout: Duration::from_millis(args.timeout_ms),
        drain_timeout: Duration::from_millis(args.drain_timeout_ms),
        connect_timeout: Duration::from_millis(args.connect_timeout_ms),
        heartbeat: Duration::from_millis(args.heartbeat_ms),
        reconnect_cap: Duration::from_millis(args.reconnect_max_ms),
        pass_hold: args.face_to_face.then_some(FACE_TO_FACE_HOLD),
    })
}

/// Lines from stdin, read on a plain thread: a USB scanner types each code as one line.
fn stdin_lines() -> tokio::sync::mpsc::Receiver<String> {
    let (tx, rx) = tokio::sync::mpsc::channel(64);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

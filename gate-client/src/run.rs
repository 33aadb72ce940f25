//! The gate's event loop: scanner input, the tap endpoint, the server connection and time.
//!
//! All decisions are made by [`GateCore`]; this module only moves bytes and keeps the
//! connection alive: reconnects with exponential backoff and jitter, a WebSocket ping
//! heartbeat (a silent connection is declared dead), a visible OFFLINE state, and a bounded
//! drain when stdin closes. It never decides an admission itself, online or offline. The one
//! other IO it does is the host lookup of a `WALKIN` line (`GET /v1/gate/hosts`), in a task
//! of its own so that scans keep flowing meanwhile.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tessera_protocol::messages::ServerMessage;
use tessera_protocol::PassId;
use time::OffsetDateTime;
use tokio::sync::mpsc;

use crate::backoff::Backoff;
use crate::connection::{DeviceToken, GateConnection};
use crate::core::{Action, CoreConfig, GateCore};
use crate::error::{Error, Result};
use crate::events::{GateEvent, Printer, Source};
use crate::hosts::HostDirectory;
use crate::journal::{FileJournal, JournalStore};
use crate::tap::TapServer;
use crate::walkin::{self, GateHost, HostRef, WalkInLine};

/// Host lookups running at once, at most (a guard types walk-ins by hand).
const MAX_LOOKUPS: usize = 8;

/// Exit code: stdin closed and every scan finished.
pub const EXIT_OK: u8 = 0;
/// Exit code: the journal could not be written, or another runtime failure.
pub const EXIT_FAILURE: u8 = 1;
/// Exit code: bad usage or configuration (options, token file, URL, tap address).
pub const EXIT_USAGE: u8 = 2;
/// Exit code: the server rejected the device token (HTTP 401).
pub const EXIT_AUTH: u8 = 3;
/// Exit code: stopped (drain timeout or ctrl-c) with scans or walk-ins left in the journal.
pub const EXIT_PENDING: u8 = 4;
/// Exit code: the journal is unreadable, corrupt, or belongs to another gate.
pub const EXIT_JOURNAL: u8 = 5;

/// The exit code for an error that stops the gate.
pub fn exit_code_for(e: &Error) -> u8 {
    match e {
        Error::Config(_)
        | Error::TokenFile { .. }
        | Error::BadServerUrl(_)
        | Error::TapBind { .. } => EXIT_USAGE,
        Error::Unauthorized => EXIT_AUTH,
        Error::JournalRead { .. }
        | Error::JournalInUse(_)
        | Error::JournalCorrupt { .. }
        | Error::JournalGateMismatch { .. } => EXIT_JOURNAL,
        _ => EXIT_FAILURE,
    }
}

/// Everything `tessera-gate run` needs.
#[derive(Debug)]
pub struct GateConfig {
    /// `ws://…/v1/gate/ws` or `wss://…`.
    pub server: String,
    /// The device token.
    pub token: DeviceToken,
    /// The journal file.
    pub journal: PathBuf,
    /// Where to offer challenges to wallets, if anywhere.
    pub tap_listen: Option<String>,
    /// JSON lines instead of text.
    pub json: bool,
    /// Per-request timeout before a resend.
    pub request_timeout: Duration,
    /// How long to wait for open scans after stdin closes.
    pub drain_timeout: Duration,
    /// Connect (and welcome) timeout.
    pub connect_timeout: Duration,
    /// Interval of WebSocket pings; three silent intervals mean the connection is dead.
    pub heartbeat: Duration,
    /// Longest delay between reconnect attempts.
    pub reconnect_cap: Duration,
    /// The reader faces the visitor and reads without pause: hold a let-in pass's next
    /// codes this long ([`CoreConfig::pass_hold`]).
    pub pass_hold: Option<Duration>,
}

struct Runner<J: JournalStore> {
    core: GateCore<J>,
    printer: Printer,
    conn: Option<GateConnection>,
    backoff: Backoff,
    next_connect: Instant,
    tap: Option<TapServer>,
}

/// Runs the gate until stdin closes and its scans are finished (or a fatal error), printing
/// events to stdout. Returns the process exit code.
pub async fn run(config: GateConfig, input: mpsc::Receiver<String>) -> u8 {
    let json = config.json;
    let color = !json && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let printer = Printer::new(json, color);
    let mut left = Left::default();
    let (code, error) = match run_inner(&config, input, printer, &mut left).await {
        Ok(code) => (code, None),
        Err(e) => (exit_code_for(&e), Some(e.to_string())),
    };
    let _ = Printer::new(json, color).print(
        &GateEvent::Exit {
            code,
            pending: left.scans,
            walk_ins: left.walk_ins,
            error,
        },
        &mut std::io::stdout().lock(),
    );
    code
}

/// What is still open when the gate stops.
#[derive(Clone, Copy, Debug, Default)]
struct Left {
    scans: usize,
    walk_ins: usize,
}

/// The host lookup a `WALKIN` line needs, if it names its host by unit or label.
fn needs_lookup(line: &str) -> Option<WalkInLine> {
    let text = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    if !walkin::is_walk_in_line(text) {
        return None;
    }
    walkin::parse_line(text)
        .ok()
        .filter(|w| matches!(w.host, HostRef::Query(_)))
}

type Lookup = (WalkInLine, Result<Vec<GateHost>>);

async fn run_inner(
    config: &GateConfig,
    mut input: mpsc::Receiver<String>,
    printer: Printer,
    left: &mut Left,
) -> Result<u8> {
    let core_config = CoreConfig {
        request_timeout: config.request_timeout,
        pass_hold: config.pass_hold,
        ..CoreConfig::default()
    };
    // Two gates on one journal would overwrite each other's pending scans: the second one
    // stops and says why.
    let _journal_lock = match tessera_wallet::store::try_lock_exclusive(&config.journal) {
        Ok(Some(lock)) => lock,
        Ok(None) => return Err(Error::JournalInUse(config.journal.clone())),
        Err(source) => {
            return Err(Error::JournalRead {
                path: tessera_wallet::store::lock_path(&config.journal),
                source,
            })
        }
    };
    let (core, actions) = GateCore::open(FileJournal::new(&config.journal), core_config)?;
    let directory =
        HostDirectory::new(&config.server, config.token.clone(), config.connect_timeout)?;
    let (lookup_tx, mut lookup_rx) = mpsc::channel::<Lookup>(MAX_LOOKUPS);
    let mut lookups = 0usize;
    let (tap_tx, mut tap_rx) = mpsc::channel(64);
    let tap = match &config.tap_listen {
        Some(addr) => {
            let tap = TapServer::bind(addr, tap_tx).await?;
            eprintln!("tap endpoint listening on {}", tap.local_addr());
            Some(tap)
        }
        None => {
            drop(tap_tx);
            None
        }
    };
    let mut runner = Runner {
        core,
        printer,
        conn: None,
        backoff: Backoff::new(Duration::from_millis(250), config.reconnect_cap),
        next_connect: Instant::now(),
        tap,
    };
    runner.execute(actions).await?;

    let mut input_open = true;
    let mut drain_deadline: Option<Instant> = None;
    let mut attempt = 0u32;
    let mut last_ping = Instant::now();
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);

    let result = loop {
        *left = runner.left();
        if !input_open {
            if runner.open_work() == 0 && lookups == 0 {
                break Ok(EXIT_OK);
            }
            if drain_deadline.is_some_and(|d| Instant::now() >= d) {
                break Ok(EXIT_PENDING);
            }
        }
        if runner.conn.is_none() && Instant::now() >= runner.next_connect {
            attempt += 1;
            runner.emit(&GateEvent::Connecting { attempt })?;
            match GateConnection::connect_with_pending(
                &config.server,
                &config.token,
                config.connect_timeout,
                runner.core.pending(),
            )
            .await
            {
                Ok(conn) => {
                    let actions = runner.core.on_connected(
                        conn.welcome(),
                        Instant::now(),
                        OffsetDateTime::now_utc(),
                    )?;
                    runner.conn = Some(conn);
                    runner.backoff.reset();
                    attempt = 0;
                    last_ping = Instant::now();
                    runner.execute(actions).await?;
                }
                Err(e @ (Error::Unauthorized | Error::BadServerUrl(_) | Error::Config(_))) => {
                    break Err(e);
                }
                Err(e @ Error::Busy { retry_after, .. }) => {
                    runner.busy(&e.to_string(), retry_after)?;
                }
                Err(e) => runner.lost(&e.to_string())?,
            }
            continue;
        }
        let now = Instant::now();
        let actions = tokio::select! {
            message = recv(&mut runner.conn) => match message {
                Ok(message) => runner.core.on_server(&message, now)?,
                Err(Error::BadFrame(detail)) => vec![Action::Emit(GateEvent::Error {
                    scan_id: None,
                    request_id: None,
                    code: "bad_frame".into(),
                    message: detail.chars().take(200).collect(),
                    retryable: false,
                    retry_in_ms: None,
                })],
                Err(e) => {
                    runner.conn = None;
                    runner.lost(&e.to_string())?;
                    Vec::new()
                }
            },
            line = input.recv(), if input_open => match line {
                Some(line) => match needs_lookup(&line) {
                    Some(_) if lookups >= MAX_LOOKUPS => vec![Action::Emit(GateEvent::WalkInRejected {
                        message: "too many host lookups at once; type it again in a moment".into(),
                        hosts: Vec::new(),
                    })],
                    Some(walk_in) => {
                        lookups += 1;
                        let (directory, tx) = (directory.clone(), lookup_tx.clone());
                        tokio::spawn(async move {
                            let query = match &walk_in.host {
                                HostRef::Query(q) => q.clone(),
                                HostRef::Id(_) => String::new(),
                            };
                            let found = directory.search(&query).await;
                            let _ = tx.send((walk_in, found)).await;
                        });
                        Vec::new()
                    }
                    None => runner.core.on_line(&line, Source::Scanner, now, OffsetDateTime::now_utc())?,
                },
                None => {
                    input_open = false;
                    drain_deadline = Some(now + config.drain_timeout);
                    let open = runner.left();
                    if open.scans + open.walk_ins + lookups > 0 {
                        vec![Action::Emit(GateEvent::Draining {
                            pending: open.scans,
                            walk_ins: open.walk_ins + lookups,
                            timeout_ms: u64::try_from(config.drain_timeout.as_millis()).unwrap_or(u64::MAX),
                        })]
                    } else {
                        Vec::new()
                    }
                }
            },
            Some((walk_in, found)) = lookup_rx.recv() => {
                lookups = lookups.saturating_sub(1);
                match found {
                    Ok(hosts) => runner.core.on_host_lookup(&walk_in, &hosts, now, OffsetDateTime::now_utc())?,
                    Err(e) => {
                        let why = match e {
                            Error::Unauthorized => "the server rejected the device token (401)".to_owned(),
                            other => other.to_string(),
                        };
                        vec![Action::Emit(GateEvent::WalkInRejected {
                            message: format!("{why}; nothing was sent (give the host id to send it without a lookup)"),
                            hosts: Vec::new(),
                        })]
                    }
                }
            },
            Some(line) = tap_rx.recv() => runner.core.on_line(&line, Source::Tap, now, OffsetDateTime::now_utc())?,
            _ = tick.tick() => {
                let mut actions = runner.core.on_tick(now, OffsetDateTime::now_utc())?;
                if let Some(conn) = runner.conn.as_mut() {
                    if now.duration_since(conn.last_seen()) > config.heartbeat * 3 {
                        actions.push(Action::Reconnect);
                    } else if now.duration_since(last_ping) >= config.heartbeat {
                        last_ping = now;
                        if conn.ping().await.is_err() {
                            actions.push(Action::Reconnect);
                        }
                    }
                }
                actions
            },
            _ = &mut ctrl_c => {
                break Ok(if runner.open_work() == 0 { EXIT_OK } else { EXIT_PENDING });
            }
        };
        runner.execute(actions).await?;
    };
    *left = runner.left();
    if let Some(conn) = runner.conn.take() {
        conn.close().await;
    }
    result
}

async fn recv(conn: &mut Option<GateConnection>) -> Result<ServerMessage> {
    match conn {
        Some(conn) => conn.recv().await,
        None => std::future::pending().await,
    }
}

impl<J: JournalStore> Runner<J> {
    fn left(&self) -> Left {
        Left {
            scans: self.core.pending(),
            walk_ins: self.core.open_walk_ins(),
        }
    }

    /// Scans and walk-ins not finished: the gate waits for them when stdin closes.
    fn open_work(&self) -> usize {
        self.core.pending() + self.core.open_walk_ins()
    }

    fn emit(&mut self, event: &GateEvent) -> Result<()> {
        self.printer.print(event, &mut std::io::stdout().lock())?;
        if let (
            Some(tap),
            GateEvent::Result {
                outcome,
                reason,
                pass: Some(pass),
                ..
            },
        ) = (&self.tap, event)
        {
            tap.result(
                &PassId::new(pass.id).to_base32(),
                outcome.as_str(),
                reason.map(|r| r.as_str()),
            );
        }
        Ok(())
    }

    /// The connection is gone: go OFFLINE and schedule the next attempt.
    fn lost(&mut self, reason: &str) -> Result<()> {
        let delay = self.backoff.next_delay();
        self.offline(reason, delay)
    }

    /// The server asked to come back later (`Retry-After`): go OFFLINE until then, plus
    /// a random fraction of a second.
    fn busy(&mut self, reason: &str, retry_after: Duration) -> Result<()> {
        self.offline(reason, crate::backoff::after_retry_after(retry_after))
    }

    fn offline(&mut self, reason: &str, delay: Duration) -> Result<()> {
        self.conn = None;
        self.next_connect = Instant::now() + delay;
        for action in self.core.on_disconnected(reason, delay) {
            if let Action::Emit(event) = action {
                self.emit(&event)?;
            }
        }
        Ok(())
    }

    async fn execute(&mut self, actions: Vec<Action>) -> Result<()> {
        for action in actions {
            match action {
                Action::Emit(event) => {
                    self.emit(&event)?;
                    // Printed (to the guard's screen or the turnstile's pipe): the verdict
                    // may leave the journal now, not before.
                    match &event {
                        GateEvent::Result { scan_id, .. } => self.core.verdict_shown(*scan_id)?,
                        GateEvent::WalkIn { request_id, .. } => {
                            self.core.walk_in_shown(*request_id)?;
                        }
                        _ => {}
                    }
                }
                Action::Send(message) => {
                    let Some(conn) = self.conn.as_mut() else {
                        continue;
                    };
                    if let Err(e) = conn.send(&message).await {
                        self.lost(&e.to_string())?;
                    }
                }
                Action::Reconnect => {
                    if let Some(conn) = self.conn.take() {
                        drop(conn);
                        self.lost("the server stopped answering")?;
                    }
                }
            }
        }
        if let Some(tap) = &self.tap {
            tap.set_open(self.core.open_challenges());
        }
        Ok(())
    }
}

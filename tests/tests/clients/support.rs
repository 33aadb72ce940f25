//! Drives the real `tessera-wallet` and `tessera-gate` binaries as child processes.
//!
//! The client tools are products in their own right (a guard runs `tessera-gate`, a script
//! runs `tessera-wallet`), so these tests go through their command lines, their stdout and
//! their files exactly as a user or a turnstile controller would, instead of calling the
//! libraries. Every child is killed when its handle drops; every read has a timeout, so a
//! hung binary fails the test instead of hanging the suite; and each handle keeps the
//! process's output, printed on drop, because the test harness only shows a failing test's
//! output.

use std::future::Future;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, ensure, Context, Result};
use serde_json::Value;
use tessera_tests::proxy::Switchboard;
use tessera_tests::server::server_binary;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::mpsc;
use uuid::Uuid;

/// How long a gate may take to print the next expected event (a reconnect after a cut
/// included: the backoff starts at 250 ms and a restored link is found within a few seconds).
pub const EVENT_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a one-shot wallet command may take.
const WALLET_TIMEOUT: Duration = Duration::from_secs(30);
/// Output lines kept per child for the failure report.
const TRANSCRIPT_LINES: usize = 300;

/// The path of a binary Cargo built beside `tessera-server` (and so beside this test).
///
/// # Panics
/// When it is missing: `cargo test -p tessera-tests` does not build other packages'
/// binaries, so they must be built first.
pub fn client_binary(name: &str) -> PathBuf {
    let path = server_binary().with_file_name(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.is_file(),
        "{} is missing: build it first with `cargo build -p tessera-wallet -p tessera-gate \
         -p tessera-server`",
        path.display()
    );
    path
}

/// A command for a client binary with a clean environment: settings come from the test's
/// arguments only, never from the developer's shell.
fn client_command(name: &str) -> Command {
    let mut command = Command::new(client_binary(name));
    for (key, _) in std::env::vars() {
        if key.starts_with("TESSERA_") {
            command.env_remove(key);
        }
    }
    command
        .env("NO_COLOR", "1")
        .env("TESSERA_LOG", "info")
        .kill_on_drop(true);
    command
}

/// A wallet file driven through `tessera-wallet --wallet <path> …`.
#[derive(Clone, Debug)]
pub struct WalletCli {
    /// The wallet file.
    pub path: PathBuf,
    /// A CA certificate the wallet trusts besides the system's (`SSL_CERT_FILE`).
    pub ca_file: Option<PathBuf>,
}

impl WalletCli {
    /// A wallet at `path` (created by the first command that changes it).
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            ca_file: None,
        }
    }

    /// The same wallet trusting the CA in `ca_file` (a test CA for an HTTPS server).
    pub fn trusting(mut self, ca_file: &Path) -> Self {
        self.ca_file = Some(ca_file.to_owned());
        self
    }

    /// `tessera-wallet --wallet <path> <args>`, not yet started, with piped output.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = client_command("tessera-wallet");
        if let Some(ca) = &self.ca_file {
            command.env("SSL_CERT_FILE", ca);
        }
        command
            .arg("--wallet")
            .arg(&self.path)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    }

    /// Runs a command to completion, whatever its exit status.
    ///
    /// # Errors
    /// When it cannot start or does not finish in time.
    pub async fn run(&self, args: &[&str]) -> Result<Output> {
        tokio::time::timeout(WALLET_TIMEOUT, self.command(args).output())
            .await
            .map_err(|_| anyhow!("`tessera-wallet {}` did not finish in time", args.join(" ")))?
            .with_context(|| format!("run `tessera-wallet {}`", args.join(" ")))
    }

    /// Runs a command that must succeed and returns its stdout.
    ///
    /// # Errors
    /// When it fails; the error carries its exit status and output.
    pub async fn ok(&self, args: &[&str]) -> Result<String> {
        let output = self.run(args).await?;
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        ensure!(
            output.status.success(),
            "`tessera-wallet {}` exited with {}\nstdout: {stdout}\nstderr: {}",
            args.join(" "),
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
        Ok(stdout)
    }

    /// The last non-empty stdout line of a successful command (`code` and `respond` print
    /// the text code last, after any QR code or notice).
    ///
    /// # Errors
    /// As [`WalletCli::ok`], or when it printed nothing.
    pub async fn last_line(&self, args: &[&str]) -> Result<String> {
        let stdout = self.ok(args).await?;
        stdout
            .lines()
            .rev()
            .find(|line| !line.trim().is_empty())
            .map(|line| line.trim().to_owned())
            .with_context(|| format!("`tessera-wallet {}` printed nothing", args.join(" ")))
    }
}

/// A running `tessera-gate run --json`, fed on stdin like a USB scanner, read event by event.
pub struct GateProcess {
    // Declared first so the process dies before its pipes close.
    child: Child,
    stdin: Option<ChildStdin>,
    events: mpsc::UnboundedReceiver<Result<Value, String>>,
    /// Every event read so far, in order.
    pub seen: Vec<Value>,
    transcript: Arc<Mutex<Vec<String>>>,
    name: String,
}

impl std::fmt::Debug for GateProcess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GateProcess")
            .field("name", &self.name)
            .field("seen", &self.seen.len())
            .finish_non_exhaustive()
    }
}

/// Where a gate connects and keeps its state.
#[derive(Clone, Debug)]
pub struct GateSetup {
    /// `ws://…/v1/gate/ws`.
    pub server_url: String,
    /// The file holding the device token.
    pub token_file: PathBuf,
    /// The journal file.
    pub journal: PathBuf,
    /// A CA certificate the gate trusts besides the system's (`SSL_CERT_FILE`).
    pub ca_file: Option<PathBuf>,
}

impl GateSetup {
    /// The same gate (token and journal) reaching the server at another URL.
    pub fn via(&self, server_url: String) -> Self {
        Self {
            server_url,
            ..self.clone()
        }
    }
}

impl GateProcess {
    /// Starts `tessera-gate run --json` with `extra` options on top of `setup`.
    ///
    /// # Errors
    /// When the binary cannot start.
    pub fn spawn(name: &str, setup: &GateSetup, extra: &[&str]) -> Result<Self> {
        let mut command = client_command("tessera-gate");
        if let Some(ca) = &setup.ca_file {
            command.env("SSL_CERT_FILE", ca);
        }
        let mut child = command
            .arg("run")
            .arg("--server")
            .arg(&setup.server_url)
            .arg("--token-file")
            .arg(&setup.token_file)
            .arg("--journal")
            .arg(&setup.journal)
            .arg("--json")
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context("spawn `tessera-gate run`")?;
        let stdin = child.stdin.take().context("the gate's stdin")?;
        let stdout = child.stdout.take().context("the gate's stdout")?;
        let stderr = child.stderr.take().context("the gate's stderr")?;
        let transcript = Arc::new(Mutex::new(Vec::new()));
        let (tx, events) = mpsc::unbounded_channel();
        tokio::spawn(read_events(stdout, Arc::clone(&transcript), tx));
        tokio::spawn(keep_stderr(stderr, Arc::clone(&transcript)));
        Ok(Self {
            child,
            stdin: Some(stdin),
            events,
            seen: Vec::new(),
            transcript,
            name: name.to_owned(),
        })
    }

    /// The next event, waiting at most `within`.
    ///
    /// # Errors
    /// On timeout, when stdout closed, or when the gate printed a line that is not JSON.
    pub async fn next_event(&mut self, within: Duration) -> Result<Value> {
        let next = tokio::time::timeout(within, self.events.recv())
            .await
            .map_err(|_| anyhow!("{}: no event within {within:?}", self.name))?;
        match next {
            Some(Ok(event)) => {
                self.seen.push(event.clone());
                Ok(event)
            }
            Some(Err(line)) => bail!("{}: stdout line is not a JSON event: {line:?}", self.name),
            None => bail!("{}: stdout closed (the process exited)", self.name),
        }
    }

    /// Reads events until one whose `event` is `kind` and that satisfies `extra`; progress
    /// events are skipped, but a verdict, an error, a rejected line or the exit of the gate
    /// ends the wait with an error, since it means the flow went elsewhere.
    ///
    /// # Errors
    /// As above, with every event seen in the message.
    pub async fn expect_where(
        &mut self,
        kind: &str,
        extra: impl Fn(&Value) -> bool,
    ) -> Result<Value> {
        let deadline = tokio::time::Instant::now() + EVENT_TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let event = self
                .next_event(left)
                .await
                .with_context(|| format!("waiting for `{kind}`; seen {}", self.seen_text()))?;
            let name = event_name(&event);
            if name == kind && extra(&event) {
                return Ok(event);
            }
            if matches!(
                name,
                "result"
                    | "error"
                    | "exit"
                    | "input_rejected"
                    | "challenge_unanswered"
                    | "scan_abandoned"
            ) {
                bail!(
                    "{}: waiting for `{kind}`, got {event}; seen {}",
                    self.name,
                    self.seen_text()
                );
            }
        }
    }

    /// [`GateProcess::expect_where`] for any event of `kind`.
    ///
    /// # Errors
    /// See there.
    pub async fn expect(&mut self, kind: &str) -> Result<Value> {
        self.expect_where(kind, |_| true).await
    }

    /// Events of `kind` read so far.
    pub fn seen_count(&self, kind: &str) -> usize {
        self.seen.iter().filter(|e| event_name(e) == kind).count()
    }

    /// Every event that is already printed but not yet read, without waiting.
    pub fn drain_ready(&mut self) -> Vec<Value> {
        let mut ready = Vec::new();
        while let Ok(Ok(event)) = self.events.try_recv() {
            self.seen.push(event.clone());
            ready.push(event);
        }
        ready
    }

    /// Types a line as a scanner would (the line and Enter).
    ///
    /// # Errors
    /// When stdin is closed or the process is gone.
    pub async fn type_line(&mut self, line: &str) -> Result<()> {
        let stdin = self.stdin.as_mut().context("stdin already closed")?;
        stdin
            .write_all(format!("{line}\n").as_bytes())
            .await
            .context("write to the gate's stdin")?;
        stdin.flush().await.context("flush the gate's stdin")
    }

    /// Closes stdin: the gate drains its open scans and exits.
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to exit on its own.
    ///
    /// # Errors
    /// When it does not exit in time.
    pub async fn wait_exit(&mut self, within: Duration) -> Result<ExitStatus> {
        tokio::time::timeout(within, self.child.wait())
            .await
            .map_err(|_| anyhow!("{} did not exit within {within:?}", self.name))?
            .context("wait for the gate")
    }

    /// SIGKILL: the process gets no chance to write, flush or say goodbye.
    ///
    /// # Errors
    /// When the signal cannot be sent or the process does not die.
    pub async fn kill(&mut self) -> Result<ExitStatus> {
        self.child.start_kill().context("SIGKILL the gate")?;
        self.wait_exit(Duration::from_secs(10)).await
    }

    fn seen_text(&self) -> String {
        self.seen
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join("\n  ")
    }
}

impl GateProcess {
    /// Every line the gate printed so far (events and stderr), in order.
    pub fn transcript(&self) -> Vec<String> {
        self.transcript
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }
}

impl Drop for GateProcess {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
        let transcript = self
            .transcript
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        eprintln!(
            "--- {} transcript ---\n{}",
            self.name,
            transcript.join("\n")
        );
    }
}

/// The `event` field of a gate event.
pub fn event_name(event: &Value) -> &str {
    event["event"].as_str().unwrap_or("<no event field>")
}

fn remember(transcript: &Mutex<Vec<String>>, line: String) {
    let mut kept = transcript
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if kept.len() == TRANSCRIPT_LINES {
        kept.remove(0);
    }
    kept.push(line);
}

async fn read_events<R: AsyncRead + Unpin>(
    stdout: R,
    transcript: Arc<Mutex<Vec<String>>>,
    tx: mpsc::UnboundedSender<Result<Value, String>>,
) {
    let mut lines = BufReader::new(stdout).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        remember(&transcript, format!("out: {line}"));
        let parsed = serde_json::from_str::<Value>(&line).map_err(|_| line.clone());
        if tx.send(parsed).is_err() {
            break;
        }
    }
}

async fn keep_stderr<R: AsyncRead + Unpin>(stderr: R, transcript: Arc<Mutex<Vec<String>>>) {
    let mut lines = BufReader::new(stderr).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        remember(&transcript, format!("err: {line}"));
    }
}

/// The gate's `result` event for `scan_id`: a fresh or replayed admission of `pass`, with
/// every field `docs/clients.md` fixes for that case.
#[track_caller]
pub fn assert_admitted_event(
    event: &Value,
    scan_id: &str,
    pass: Uuid,
    label: &str,
    replayed: bool,
) {
    assert_eq!(event_name(event), "result", "event in {event}");
    assert_eq!(event["scan_id"], scan_id, "scan_id in {event}");
    assert_eq!(event["outcome"], "admitted", "outcome in {event}");
    assert_eq!(event["reason"], Value::Null, "reason in {event}");
    assert_eq!(event["replayed"], replayed, "replayed in {event}");
    assert_eq!(event["pass"]["id"], pass.to_string(), "pass.id in {event}");
    assert_eq!(event["pass"]["label"], label, "pass.label in {event}");
    assert_eq!(event["same_wallet"], false, "same_wallet in {event}");
    assert_eq!(
        event["first_admitted_at"],
        Value::Null,
        "first_admitted_at in {event}"
    );
    assert_eq!(
        event["first_gate_id"],
        Value::Null,
        "first_gate_id in {event}"
    );
}

/// The gate's `exit` event: clean (code 0) with nothing left pending.
#[track_caller]
pub fn assert_clean_exit_event(event: &Value) {
    assert_eq!(event_name(event), "exit", "event in {event}");
    assert_eq!(event["code"], 0, "exit code in {event}");
    assert_eq!(event["pending"], 0, "pending in {event}");
    assert!(event.get("error").is_none(), "error in {event}");
}

/// The scans in a gate journal file, after checking its format.
///
/// # Errors
/// When the file is missing, not JSON, or of another format.
pub fn journal_scans(path: &Path) -> Result<Vec<Value>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("read the journal {}", path.display()))?;
    let doc: Value = serde_json::from_str(&text)
        .with_context(|| format!("the journal {} is not JSON", path.display()))?;
    ensure!(
        doc["format"] == "tessera-gate-journal/1",
        "journal format in {doc}"
    );
    doc["scans"]
        .as_array()
        .cloned()
        .with_context(|| format!("no scans array in {doc}"))
}

/// The `NONCE` part of a wallet challenge `TSR1C:<PASS>:<NONCE>`.
#[track_caller]
pub fn nonce_of(wallet_challenge: &str) -> String {
    let parts: Vec<&str> = wallet_challenge.split(':').collect();
    assert_eq!(parts.len(), 3, "challenge shape: {wallet_challenge}");
    assert_eq!(parts[0], "TSR1C", "challenge prefix: {wallet_challenge}");
    assert_eq!(parts[2].len(), 52, "nonce length: {wallet_challenge}");
    parts[2].to_owned()
}

/// Checks `check` every 25 ms until it holds.
///
/// # Errors
/// When it still does not hold after `within`, or when a check fails.
pub async fn eventually<F, Fut>(what: &str, within: Duration, mut check: F) -> Result<()>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<bool>>,
{
    let deadline = tokio::time::Instant::now() + within;
    loop {
        if check().await? {
            return Ok(());
        }
        if tokio::time::Instant::now() >= deadline {
            bail!("{what}: still not true after {within:?}");
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// A TCP forwarder that can lose the server's answers while still delivering the client's
/// messages: the only honest way to make "the response reached the server, its result never
/// reached the gate" happen on demand. It can also be cut and restored like
/// [`tessera_tests::proxy::TcpProxy`].
#[derive(Debug)]
pub struct LossyProxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    lose_replies: Arc<AtomicBool>,
    lost: Arc<AtomicU64>,
    board: Switchboard,
}

impl LossyProxy {
    /// Forwards a fresh local port to `upstream`.
    ///
    /// # Errors
    /// When it cannot bind.
    pub async fn start(upstream: SocketAddr) -> Result<Self> {
        let lose_replies = Arc::new(AtomicBool::new(false));
        let lost = Arc::new(AtomicU64::new(0));
        let board = Switchboard::start({
            let (lose_replies, lost) = (Arc::clone(&lose_replies), Arc::clone(&lost));
            move |client| {
                forward_lossy(
                    client,
                    upstream,
                    Arc::clone(&lose_replies),
                    Arc::clone(&lost),
                )
            }
        })
        .await?;
        Ok(Self {
            addr: board.addr,
            lose_replies,
            lost,
            board,
        })
    }

    /// `ws://<proxy>/v1/gate/ws`.
    pub fn gate_ws_url(&self) -> String {
        format!("ws://{}/v1/gate/ws", self.addr)
    }

    /// From now on, bytes from the server are read and thrown away (or, with `false`,
    /// delivered again).
    pub fn lose_replies(&self, lose: bool) {
        self.lose_replies.store(lose, Ordering::SeqCst);
    }

    /// How many bytes from the server were thrown away.
    pub fn lost_bytes(&self) -> u64 {
        self.lost.load(Ordering::SeqCst)
    }

    /// Drops every open connection and refuses new ones until [`LossyProxy::restore`].
    pub fn cut(&self) {
        self.board.cut();
    }

    /// Accepts connections again.
    pub fn restore(&self) {
        self.board.restore();
    }
}

async fn forward_lossy(
    client: TcpStream,
    upstream: SocketAddr,
    lose_replies: Arc<AtomicBool>,
    lost: Arc<AtomicU64>,
) {
    let Ok(server) = TcpStream::connect(upstream).await else {
        return;
    };
    let (mut client_read, mut client_write) = client.into_split();
    let (mut server_read, mut server_write) = server.into_split();
    let requests = tokio::io::copy(&mut client_read, &mut server_write);
    let replies = async {
        let mut buf = vec![0u8; 16 * 1024];
        loop {
            let n = match server_read.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => n,
            };
            if lose_replies.load(Ordering::SeqCst) {
                lost.fetch_add(n as u64, Ordering::SeqCst);
                continue;
            }
            if client_write.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    // Either direction ending ends the connection, as a dead link would.
    tokio::select! {
        _ = requests => {}
        () = replies => {}
    }
}

/// The public key `W` that belongs to a wallet file's `wallet_secret`.
///
/// # Errors
/// When the secret is not 64 hex characters.
pub fn public_key_of(secret_hex: &str) -> Result<[u8; 32]> {
    let secret = tessera_protocol::SecretKey::from_hex(secret_hex)
        .map_err(|e| anyhow!("wallet_secret is not a key: {e}"))?;
    Ok(*secret.public_key().as_bytes())
}

/// The server bound exactly the key the wallet file holds: the wallet can answer for it.
/// The stored column may be the raw 32 bytes or their base64url text.
#[track_caller]
pub fn assert_bound_key(stored: Option<&[u8]>, wallet_public: &[u8; 32], pass: Uuid) {
    let stored = stored.unwrap_or_else(|| panic!("pass {pass} has no wallet key bound"));
    let text = tessera_protocol::PublicKey::from_bytes(*wallet_public).to_base64url();
    assert!(
        stored == wallet_public.as_slice() || stored == text.as_bytes(),
        "pass {pass}: the server bound another key than the wallet file holds \
         (stored {stored:?}, wallet {text})"
    );
}

//! Runs the real `tessera-server` binary for one test.
//!
//! The binary is the product: spawning it (instead of calling the library) covers the command
//! line, the settings, the `migrate`/`init`/`serve` flow an operator follows, the
//! `listening on` handshake and graceful shutdown. Each [`TestServer`] owns a temp dir (key
//! directory, SQLite file) and its database, listens on port 0 and is killed when dropped;
//! its log is kept and printed when the test fails, because the test harness only shows a
//! failing test's output.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use serde::Deserialize;
use tempfile::TempDir;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};
use tokio::process::{Child, Command};
use uuid::Uuid;

use crate::api::ApiClient;
use crate::db::{Backend, Db, PgUrl, TestDatabase};

/// How long `serve` may take to print `listening on`, and a command to finish.
const STARTUP_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a SIGTERM'd server may take to shut down gracefully.
const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(15);
/// Log lines kept per server, for the failure report.
const LOG_LINES_KEPT: usize = 400;

/// The path of the `tessera-server` binary that Cargo built beside this test executable.
///
/// # Panics
/// When the binary is missing: the test was not run through Cargo with the server built.
pub fn server_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's own path");
    // target/debug/deps/<test binary> → target/debug/tessera-server
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test executable lives in target/<profile>/deps");
    let binary = profile_dir.join(format!("tessera-server{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "the server binary {} is missing: run the suite through `cargo nextest run --workspace` (or \
         build it first with `cargo build -p tessera-server`)",
        binary.display()
    );
    binary
}

/// Sends `child` SIGTERM and waits up to `limit` for it to exit (killing it after that);
/// returns its exit status. `what` names it in errors.
///
/// # Errors
/// When it already exited, the signal cannot be sent, or it does not exit in time.
pub(crate) async fn terminate(mut child: Child, limit: Duration, what: &str) -> Result<ExitStatus> {
    let pid = child
        .id()
        .with_context(|| format!("{what} already exited"))?;
    let sent = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .context("run `kill -TERM`")?;
    if !sent.success() {
        bail!("`kill -TERM {pid}` failed");
    }
    match tokio::time::timeout(limit, child.wait()).await {
        Ok(status) => status.with_context(|| format!("wait for {what}")),
        Err(_) => {
            let _ = child.kill().await;
            bail!("{what} did not exit within {limit:?} of SIGTERM")
        }
    }
}

/// An organisation as `tessera-server init` prints it.
#[derive(Clone, Debug, Deserialize)]
pub struct Org {
    /// The tenant id.
    pub org_id: Uuid,
    /// The organisation's first admin API key (shown once).
    pub admin_key: String,
}

/// Starts a server on `backend` with the usual flow (`migrate` on PostgreSQL, then `init`,
/// then `serve`) and `extra_env` on top of the test defaults.
///
/// # Errors
/// When any step fails; the error carries the server's output.
pub async fn spawn_server(backend: Backend, extra_env: &[(&str, &str)]) -> Result<TestServer> {
    let mut builder = TestServer::builder(backend);
    for (key, value) in extra_env {
        builder = builder.env(key, value);
    }
    builder.start().await
}

/// Options for [`TestServer`] before it starts.
#[derive(Debug)]
pub struct ServerBuilder {
    backend: Backend,
    env: Vec<(String, String)>,
    setup: bool,
    database_endpoint: Option<(String, u16)>,
    tls: Option<crate::tls::TestCa>,
    binary: Option<PathBuf>,
}

impl ServerBuilder {
    /// Runs `binary` (every subcommand, set-up included) instead of the `tessera-server`
    /// built beside the test: another release's, for a rolling upgrade.
    pub fn binary(mut self, binary: PathBuf) -> Self {
        self.binary = Some(binary);
        self
    }

    /// Adds a setting (it overrides the test defaults, `TESSERA_DATABASE_URL` included).
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// Serves HTTPS (and `wss://`) with a certificate signed by `ca`; the harness's own
    /// REST client trusts `ca`.
    pub fn tls(mut self, ca: &crate::tls::TestCa) -> Self {
        self.env.push((
            "TESSERA_TLS_CERT".to_owned(),
            ca.cert_pem.display().to_string(),
        ));
        self.env.push((
            "TESSERA_TLS_KEY".to_owned(),
            ca.key_pem.display().to_string(),
        ));
        self.tls = Some(ca.clone());
        self
    }

    /// Skips `migrate` and `init`: `serve` meets an empty database.
    pub fn without_setup(mut self) -> Self {
        self.setup = false;
        self
    }

    /// Makes the server reach its PostgreSQL database at `host:port` (a [`crate::proxy::TcpProxy`])
    /// while the test's own reads still go straight to PostgreSQL.
    pub fn database_endpoint(mut self, host: &str, port: u16) -> Self {
        self.database_endpoint = Some((host.to_owned(), port));
        self
    }

    /// Creates the database and key directory, runs the set-up commands and `serve`.
    ///
    /// # Errors
    /// When a step fails or the server does not report that it listens.
    pub async fn start(self) -> Result<TestServer> {
        let dir = tempfile::Builder::new()
            .prefix("tessera-test-")
            .tempdir()
            .context("make the test's temp dir")?;
        let key_dir = dir.path().join("keys");
        std::fs::create_dir(&key_dir).context("make the key directory")?;
        #[cfg(unix)]
        {
            // The server refuses a key directory others may read, as ssh does.
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&key_dir, std::fs::Permissions::from_mode(0o700))
                .context("make the key directory private")?;
        }
        let database = TestDatabase::create(self.backend, dir.path()).await?;
        let server_db_url = match &self.database_endpoint {
            Some((host, port)) => PgUrl::parse(&database.url)?
                .with_endpoint(host, *port)
                .to_string(),
            None => database.url.clone(),
        };
        let mut env = vec![
            ("TESSERA_DATABASE_URL".to_owned(), server_db_url),
            ("TESSERA_KEY_DIR".to_owned(), key_dir.display().to_string()),
            ("TESSERA_LISTEN".to_owned(), "127.0.0.1:0".to_owned()),
            // The suite is every visitor, guard and attacker at once, from one address:
            // per-source budgets would throttle its fixtures. The tests of those budgets
            // set their own values (`hostile/abuse_limits.rs`).
            (
                "TESSERA_AUTH_FAILURES_PER_MIN".to_owned(),
                "1000000".to_owned(),
            ),
            ("TESSERA_CLAIMS_PER_MIN".to_owned(), "1000000".to_owned()),
            // Small pools: the suite runs many servers at once against one PostgreSQL,
            // whose 100 connections (Debian's default) the defaults (32 each) would
            // exhaust. Tests that need more set their own.
            ("TESSERA_POOL_MAX".to_owned(), "4".to_owned()),
            ("TESSERA_POOL_MIN".to_owned(), "0".to_owned()),
            ("TESSERA_CLAIMS_IN_FLIGHT".to_owned(), "1000".to_owned()),
            (
                "TESSERA_LOG".to_owned(),
                std::env::var("TESSERA_TEST_LOG").unwrap_or_else(|_| "info".to_owned()),
            ),
        ];
        env.extend(self.env);
        let mut server = TestServer {
            child: None,
            binary: self.binary.unwrap_or_else(server_binary),
            log: Arc::new(Mutex::new(VecDeque::new())),
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            metrics_addr: None,
            org: None,
            bootstrap_org: None,
            backend: self.backend,
            env,
            key_dir,
            db: None,
            database,
            dir,
            http: match &self.tls {
                Some(ca) => reqwest::Client::builder().add_root_certificate(ca.reqwest_root()?),
                None => reqwest::Client::builder(),
            }
            .timeout(Duration::from_secs(20))
            .build()
            .context("build the HTTP client")?,
            tls: self.tls.is_some(),
        };
        if self.setup {
            if self.backend == Backend::Postgres {
                server.migrate().await?;
            }
            server.org = Some(server.init_org("Org A").await?);
        }
        server.serve().await?;
        server.db = Some(server.database.reader().await?);
        Ok(server)
    }
}

/// A running `tessera-server` and everything it owns. Killed (and its PostgreSQL database
/// dropped) on drop.
pub struct TestServer {
    // Declared first so the process dies before its database is dropped.
    child: Option<Child>,
    /// The `tessera-server` it runs.
    pub binary: PathBuf,
    log: Arc<Mutex<VecDeque<String>>>,
    /// Where it listens now (a restart picks a new port).
    pub addr: SocketAddr,
    /// Where it serves `/metrics`, when started with `TESSERA_METRICS_LISTEN`.
    pub metrics_addr: Option<SocketAddr>,
    org: Option<Org>,
    /// The organisation `serve` made when it bootstrapped an empty SQLite database (read
    /// from the key file whose path it printed).
    pub bootstrap_org: Option<Org>,
    /// The backend it runs on.
    pub backend: Backend,
    env: Vec<(String, String)>,
    /// The server's `TESSERA_KEY_DIR`.
    pub key_dir: PathBuf,
    db: Option<Db>,
    database: TestDatabase,
    dir: TempDir,
    http: reqwest::Client,
    tls: bool,
}

impl std::fmt::Debug for TestServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TestServer")
            .field("backend", &self.backend)
            .field("addr", &self.addr)
            .field("dir", &self.dir.path())
            .finish_non_exhaustive()
    }
}

impl TestServer {
    /// A builder for the non-default cases.
    pub fn builder(backend: Backend) -> ServerBuilder {
        ServerBuilder {
            backend,
            env: Vec::new(),
            setup: true,
            database_endpoint: None,
            tls: None,
            binary: None,
        }
    }

    /// Starts a server with the defaults.
    ///
    /// # Errors
    /// See [`ServerBuilder::start`].
    pub async fn start(backend: Backend) -> Result<Self> {
        Self::builder(backend).start().await
    }

    /// The organisation made by the set-up `init`.
    ///
    /// # Panics
    /// For a server started [`ServerBuilder::without_setup`].
    pub fn org(&self) -> &Org {
        self.org
            .as_ref()
            .expect("this server was started without set-up, so it has no first org")
    }

    /// Read access to the server's database.
    ///
    /// # Panics
    /// Never after a successful start.
    pub fn db(&self) -> &Db {
        self.db.as_ref().expect("the reader is opened at start")
    }

    /// The test's database (for statements the read-only [`TestServer::db`] cannot run).
    pub fn database(&self) -> &TestDatabase {
        &self.database
    }

    /// The server process's id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(Child::id)
    }

    /// The URL the server's database is reachable at directly (not through any proxy).
    pub fn database_url(&self) -> &str {
        &self.database.url
    }

    /// `http://<addr><path>` (`https://` when serving TLS).
    pub fn url(&self, path: &str) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}{path}", self.addr)
    }

    /// `ws://<addr>/v1/gate/ws` (`wss://` when serving TLS).
    pub fn gate_ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}/v1/gate/ws", self.addr)
    }

    /// A REST client sending `Authorization: Bearer <token>`.
    pub fn client(&self, token: &str) -> ApiClient {
        ApiClient::new(self.http.clone(), self.url(""), Some(token.to_owned()))
    }

    /// A REST client without credentials.
    pub fn anonymous(&self) -> ApiClient {
        ApiClient::new(self.http.clone(), self.url(""), None)
    }

    /// A REST client with the first organisation's admin key.
    pub fn admin(&self) -> ApiClient {
        self.client(&self.org().admin_key)
    }

    /// Runs `tessera-server migrate` with this server's settings.
    ///
    /// # Errors
    /// When it exits unsuccessfully.
    pub async fn migrate(&self) -> Result<()> {
        self.run(&["migrate"]).await.map(drop)
    }

    /// Runs `tessera-server init --org <name>` and returns the organisation it printed.
    ///
    /// # Errors
    /// When it fails or prints something else.
    pub async fn init_org(&self, name: &str) -> Result<Org> {
        let stdout = self.run(&["init", "--org", name]).await?;
        let line = stdout
            .lines()
            .find(|line| line.trim_start().starts_with('{'))
            .with_context(|| format!("`init` printed no JSON line: {stdout:?}"))?;
        serde_json::from_str(line).with_context(|| format!("`init` printed {line:?}"))
    }

    /// Runs a subcommand of the binary to completion and returns its stdout.
    ///
    /// # Errors
    /// When it cannot start, times out or exits unsuccessfully (with its output).
    pub async fn run(&self, args: &[&str]) -> Result<String> {
        let mut command = self.command();
        command.args(args);
        let output = tokio::time::timeout(STARTUP_TIMEOUT, command.output())
            .await
            .map_err(|_| anyhow!("`tessera-server {}` timed out", args.join(" ")))?
            .with_context(|| format!("run `tessera-server {}`", args.join(" ")))?;
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        if !output.status.success() {
            bail!(
                "`tessera-server {}` exited with {}\nstdout: {stdout}\nstderr: {}",
                args.join(" "),
                output.status,
                String::from_utf8_lossy(&output.stderr)
            );
        }
        Ok(stdout)
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.binary);
        // Settings come from this test only, never from the developer's shell.
        for (key, _) in std::env::vars() {
            if key.starts_with("TESSERA_") {
                command.env_remove(key);
            }
        }
        command
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .kill_on_drop(true);
        command
    }

    async fn serve(&mut self) -> Result<()> {
        let mut child = self
            .command()
            .arg("serve")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .context("spawn `tessera-server serve`")?;
        let stdout = child.stdout.take().context("serve's stdout")?;
        let stderr = child.stderr.take().context("serve's stderr")?;
        tokio::spawn(keep_lines(stderr, Arc::clone(&self.log), None));
        let (addr_tx, mut addr_rx) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(keep_lines(stdout, Arc::clone(&self.log), Some(addr_tx)));
        self.child = Some(child);
        self.bootstrap_org = None;
        let deadline = tokio::time::Instant::now() + STARTUP_TIMEOUT;
        loop {
            let line = tokio::time::timeout_at(deadline, addr_rx.recv())
                .await
                .map_err(|_| anyhow!("`serve` did not print `listening on` in time"))?
                .ok_or_else(|| {
                    anyhow!(
                        "`serve` exited before listening:\n{}",
                        self.log_tail(LOG_LINES_KEPT)
                    )
                })?;
            if let Some(addr) = line.strip_prefix("listening on ") {
                self.addr = addr
                    .trim()
                    .parse()
                    .with_context(|| format!("`serve` printed {line:?}"))?;
                return Ok(());
            }
            if let Some(addr) = line.strip_prefix("metrics listening on ") {
                self.metrics_addr = Some(
                    addr.trim()
                        .parse()
                        .with_context(|| format!("`serve` printed {line:?}"))?,
                );
                continue;
            }
            if let Some(path) = line.strip_prefix("first admin key in ") {
                // Never on stdout (the journal, under the unit): in a 0600 file it names.
                let text = std::fs::read_to_string(path.trim())
                    .with_context(|| format!("`serve` printed {line:?}"))?;
                self.bootstrap_org =
                    Some(serde_json::from_str(&text).with_context(|| format!("{path}: {text:?}"))?);
            }
        }
    }

    /// Sends SIGTERM and waits for the process to exit; returns its exit status.
    ///
    /// # Errors
    /// When there is no running server or it does not exit in time (it is then killed).
    pub async fn stop(&mut self) -> Result<ExitStatus> {
        let child = self.child.take().context("the server is not running")?;
        terminate(child, SHUTDOWN_TIMEOUT, "the server").await
    }

    /// SIGKILL, as a crash or an OOM kill would: no graceful shutdown, nothing flushed, open
    /// sockets reset. [`TestServer::start_same_port`] starts it again on the same database
    /// and keys.
    ///
    /// # Errors
    /// When there is no running server.
    pub async fn kill9(&mut self) -> Result<()> {
        let mut child = self.child.take().context("the server is not running")?;
        child.kill().await.context("SIGKILL the server")?;
        Ok(())
    }

    /// Runs `binary` from the next subcommand or start on (a rolling upgrade's new release).
    pub fn set_binary(&mut self, binary: PathBuf) {
        self.binary = binary;
    }

    /// Sets (or, with `None`, removes) a setting of the next start, e.g. before
    /// [`TestServer::restart`].
    pub fn set_env(&mut self, key: &str, value: Option<&str>) {
        self.env.retain(|(name, _)| name != key);
        if let Some(value) = value {
            self.env.push((key.to_owned(), value.to_owned()));
        }
    }

    /// Stops the server gracefully and starts a new process on the same database and keys.
    ///
    /// # Errors
    /// When the old one does not stop cleanly or the new one does not start.
    pub async fn restart(&mut self) -> Result<()> {
        let status = self.stop().await?;
        if !status.success() {
            bail!("the server exited with {status} on SIGTERM, not gracefully");
        }
        self.serve().await
    }

    /// Stops the server gracefully and starts a new process on the same database, keys **and
    /// address**, so a browser page's origin (and the cookies it holds) survive the restart.
    ///
    /// # Errors
    /// When the old one does not stop cleanly or the new one cannot listen there again.
    pub async fn restart_same_port(&mut self) -> Result<()> {
        let status = self.stop().await?;
        if !status.success() {
            bail!("the server exited with {status} on SIGTERM, not gracefully");
        }
        self.start_same_port().await
    }

    /// Starts `serve` again, after [`TestServer::stop`], on the address it listened on before.
    /// The port is free once the old process has exited; a start that still finds it taken is
    /// tried again for a few seconds.
    ///
    /// # Errors
    /// When the server is running or does not start on that address.
    pub async fn start_same_port(&mut self) -> Result<()> {
        if self.child.is_some() {
            bail!("the server is still running");
        }
        let before = self.addr;
        let listen = before.to_string();
        let saved = self.env.clone();
        self.env.retain(|(key, _)| key != "TESSERA_LISTEN");
        self.env.push(("TESSERA_LISTEN".to_owned(), listen));
        let mut attempt = 0;
        let result = loop {
            attempt += 1;
            match self.serve().await {
                Ok(()) => break Ok(()),
                Err(_) if attempt < 10 => {
                    if let Some(mut child) = self.child.take() {
                        let _ = child.kill().await;
                    }
                    tokio::time::sleep(Duration::from_millis(300)).await;
                }
                Err(error) => break Err(error),
            }
        };
        // Later plain restarts pick a new port again.
        self.env = saved;
        result?;
        if self.addr != before {
            bail!("the server came back on {} instead of {before}", self.addr);
        }
        Ok(())
    }

    /// The last `lines` lines the server wrote (stdout and stderr).
    pub fn log_tail(&self, lines: usize) -> String {
        tail(&self.log, lines)
    }

    /// Reads `<key_dir>/<kid>.key`, the server's secret for `server_kid` `kid`.
    ///
    /// # Errors
    /// When the file is missing or not 64 hex characters.
    pub fn server_secret(&self, kid: &str) -> Result<tessera_protocol::SecretKey> {
        let path = self.key_dir.join(format!("{kid}.key"));
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("read the server key {}", path.display()))?;
        tessera_protocol::SecretKey::from_hex(&text)
            .map_err(|e| anyhow!("{} is not a key file: {e}", path.display()))
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        // The harness shows a test's output only when it fails, so this costs nothing on
        // success and explains the failure otherwise.
        eprintln!(
            "--- tessera-server ({}, {}) log tail ---\n{}",
            self.backend,
            self.addr,
            self.log_tail(120)
        );
        if let Some(child) = self.child.as_mut() {
            let _ = child.start_kill();
        }
    }
}

/// The last `lines` lines of a kept log. Shared with the cluster's replicas.
pub(crate) fn tail(log: &Mutex<VecDeque<String>>, lines: usize) -> String {
    let log = log
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let skip = log.len().saturating_sub(lines);
    log.iter()
        .skip(skip)
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
}

/// Copies a pipe's lines into the kept log (the newest [`LOG_LINES_KEPT`]); with `lines`,
/// also forwards each line. Shared with the cluster's replicas.
pub(crate) async fn keep_lines<R: AsyncRead + Unpin>(
    pipe: R,
    log: Arc<Mutex<VecDeque<String>>>,
    lines: Option<tokio::sync::mpsc::UnboundedSender<String>>,
) {
    let mut reader = BufReader::new(pipe).lines();
    while let Ok(Some(line)) = reader.next_line().await {
        if let Some(tx) = &lines {
            let _ = tx.send(line.clone());
        }
        let mut log = log
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if log.len() == LOG_LINES_KEPT {
            log.pop_front();
        }
        log.push_back(line);
    }
}

//! More `tessera-server serve` processes on a [`TestServer`]'s database and keys: a cluster.
//!
//! PostgreSQL deployments run stateless replicas behind a load balancer, and the fault
//! campaign must kill one of them with SIGKILL mid-burst. [`TestServer`] owns exactly one
//! process and stops it gracefully, so [`Replica`] runs further `serve` processes with the
//! same key directory, the same database (reached through an address the test chooses, such
//! as a [`crate::pgproxy::PgFaultProxy`]) and the same settings, and can be killed with
//! SIGKILL and started again. Its log is kept and printed on drop, like the harness does.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use tokio::process::{Child, Command};

use crate::db::PgUrl;
use crate::server::{keep_lines, tail, terminate, TestServer};

/// How long `serve` may take to print `listening on`.
const STARTUP_TIMEOUT: Duration = Duration::from_secs(30);

/// One extra `tessera-server serve` process sharing a [`TestServer`]'s database and keys.
pub struct Replica {
    /// A name for logs ("B", "C").
    pub name: String,
    child: Option<Child>,
    /// The `tessera-server` it runs (the first server's, unless set).
    pub binary: PathBuf,
    /// Where it listens now (a restart picks a new port).
    pub addr: SocketAddr,
    env: Vec<(String, String)>,
    dir: PathBuf,
    log: Arc<Mutex<VecDeque<String>>>,
    tls: bool,
}

impl std::fmt::Debug for Replica {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replica")
            .field("name", &self.name)
            .field("addr", &self.addr)
            .finish_non_exhaustive()
    }
}

impl Replica {
    /// Starts `serve` on `first`'s database, reached at `db_host:db_port`, with `first`'s key
    /// directory and `extra_env` (the same settings the first server was given).
    ///
    /// # Errors
    /// When the process does not start or does not report its address.
    pub async fn start(
        name: &str,
        first: &TestServer,
        db_host: &str,
        db_port: u16,
        extra_env: &[(&str, &str)],
    ) -> Result<Self> {
        let url = PgUrl::parse(first.database_url())?
            .with_endpoint(db_host, db_port)
            .to_string();
        let mut env = vec![
            ("TESSERA_DATABASE_URL".to_owned(), url),
            (
                "TESSERA_KEY_DIR".to_owned(),
                first.key_dir.display().to_string(),
            ),
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
        env.extend(
            extra_env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        let dir = first
            .key_dir
            .parent()
            .map_or_else(std::env::temp_dir, std::path::Path::to_path_buf);
        let tls = env.iter().any(|(key, _)| key == "TESSERA_TLS_CERT");
        let mut replica = Self {
            name: name.to_owned(),
            child: None,
            binary: first.binary.clone(),
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            env,
            dir,
            log: Arc::new(Mutex::new(VecDeque::new())),
            tls,
        };
        replica.serve().await?;
        Ok(replica)
    }

    /// Serves HTTPS with `first`'s certificate (a [`crate::server::ServerBuilder::tls`]
    /// server's replica): the settings to pass as `extra_env` to [`Replica::start`].
    pub fn tls_env(ca: &crate::tls::TestCa) -> [(&'static str, String); 2] {
        [
            ("TESSERA_TLS_CERT", ca.cert_pem.display().to_string()),
            ("TESSERA_TLS_KEY", ca.key_pem.display().to_string()),
        ]
    }

    /// `ws://<addr>/v1/gate/ws` (`wss://` when serving TLS).
    pub fn gate_ws_url(&self) -> String {
        let scheme = if self.tls { "wss" } else { "ws" };
        format!("{scheme}://{}/v1/gate/ws", self.addr)
    }

    /// `http://<addr><path>` (`https://` when serving TLS).
    pub fn url(&self, path: &str) -> String {
        let scheme = if self.tls { "https" } else { "http" };
        format!("{scheme}://{}{path}", self.addr)
    }

    /// The process id, while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(Child::id)
    }

    /// Whether a process is running (not killed).
    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }

    async fn serve(&mut self) -> Result<()> {
        let mut command = Command::new(&self.binary);
        for (key, _) in std::env::vars() {
            if key.starts_with("TESSERA_") {
                command.env_remove(key);
            }
        }
        let mut child = command
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .current_dir(&self.dir)
            .arg("serve")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .context("spawn a replica `tessera-server serve`")?;
        let stdout = child.stdout.take().context("replica stdout")?;
        let stderr = child.stderr.take().context("replica stderr")?;
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        tokio::spawn(keep_lines(stderr, Arc::clone(&self.log), None));
        tokio::spawn(keep_lines(stdout, Arc::clone(&self.log), Some(tx)));
        self.child = Some(child);
        let deadline = tokio::time::Instant::now() + STARTUP_TIMEOUT;
        loop {
            let line = tokio::time::timeout_at(deadline, rx.recv())
                .await
                .map_err(|_| anyhow!("replica {} did not print `listening on`", self.name))?
                .ok_or_else(|| {
                    anyhow!(
                        "replica {} exited before listening:\n{}",
                        self.name,
                        self.log_tail(80)
                    )
                })?;
            if let Some(addr) = line.strip_prefix("listening on ") {
                self.addr = addr.trim().parse().context("replica address")?;
                return Ok(());
            }
        }
    }

    /// SIGKILL, as a crash or an OOM kill would: no graceful shutdown, open sockets reset.
    ///
    /// # Errors
    /// When it is not running.
    pub async fn kill9(&mut self) -> Result<()> {
        let mut child = self.child.take().context("the replica is not running")?;
        child.kill().await.context("SIGKILL the replica")?;
        Ok(())
    }

    /// SIGTERM, as a rolling deploy stops a replica, and waits for it to drain and exit.
    ///
    /// # Errors
    /// When it is not running, or does not exit gracefully in time (it is then killed).
    pub async fn stop(&mut self) -> Result<()> {
        let child = self.child.take().context("the replica is not running")?;
        let what = format!("replica {}", self.name);
        let status = terminate(child, STARTUP_TIMEOUT, &what).await?;
        anyhow::ensure!(
            status.success(),
            "{what} exited with {status} on SIGTERM, not gracefully:\n{}",
            self.log_tail(40)
        );
        Ok(())
    }

    /// Stops it gracefully and starts `binary` in its place (on a new port): one step of a
    /// rolling deploy.
    ///
    /// # Errors
    /// When it does not stop gracefully or the new process does not start.
    pub async fn replace(&mut self, binary: PathBuf) -> Result<()> {
        self.stop().await?;
        self.binary = binary;
        self.serve().await
    }

    /// Starts a new process after [`Replica::kill9`] (on a new port).
    ///
    /// # Errors
    /// When it does not start.
    pub async fn restart(&mut self) -> Result<()> {
        if self.child.is_some() {
            self.kill9().await?;
        }
        self.serve().await
    }

    /// The last `lines` log lines.
    pub fn log_tail(&self, lines: usize) -> String {
        tail(&self.log, lines)
    }
}

impl Drop for Replica {
    fn drop(&mut self) {
        eprintln!(
            "--- tessera-server replica {} ({}) log tail ---\n{}",
            self.name,
            self.addr,
            self.log_tail(80)
        );
        if let Some(child) = self.child.as_mut() {
            let _ = child.start_kill();
        }
    }
}

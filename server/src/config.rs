//! Settings, read the same way by every subcommand from flags or `TESSERA_*` variables.
//!
//! One struct, parsed by clap with `env`, so `serve`, `migrate` and `init` can never
//! disagree about which database or key directory they mean.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

/// Every setting of the server. Defaults give the embedded single-site set-up.
#[derive(Clone, Debug, Args)]
pub struct Settings {
    /// Address to listen on (port 0 picks a free port, printed on stdout).
    #[arg(
        long,
        env = "TESSERA_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: SocketAddr,

    /// Database: `sqlite://PATH` (embedded default) or `postgres://…` (production).
    #[arg(
        long,
        env = "TESSERA_DATABASE_URL",
        default_value = "sqlite://tessera.db",
        global = true,
        hide_env_values = true
    )]
    pub database_url: String,

    /// Directory of the server's X25519 keys (`<kid>.key`, created 0600 on first run).
    #[arg(
        long,
        env = "TESSERA_KEY_DIR",
        default_value = "tessera-keys",
        global = true
    )]
    pub key_dir: PathBuf,

    /// Public base URL for claim links; default `http://<listen address>`.
    #[arg(long, env = "TESSERA_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Minimum idle database connections kept open.
    #[arg(long, env = "TESSERA_POOL_MIN", default_value_t = 2, global = true)]
    pub pool_min: u32,

    /// Maximum database connections (SQLite always uses one writer connection).
    #[arg(long, env = "TESSERA_POOL_MAX", default_value_t = 32, global = true)]
    pub pool_max: u32,

    /// PostgreSQL `statement_timeout`, in milliseconds.
    #[arg(
        long,
        env = "TESSERA_STATEMENT_TIMEOUT_MS",
        default_value_t = 1500,
        global = true
    )]
    pub statement_timeout_ms: u64,

    /// Longest wait for a pooled database connection, in milliseconds.
    #[arg(
        long,
        env = "TESSERA_CHECKIN_TIMEOUT_MS",
        default_value_t = 2000,
        global = true
    )]
    pub checkin_timeout_ms: u64,

    /// How long a challenge can be answered, in seconds.
    #[arg(
        long,
        env = "TESSERA_CHALLENGE_LIFETIME_S",
        default_value_t = 30,
        global = true
    )]
    pub challenge_lifetime_s: u64,

    /// Rotating-code step in seconds (TSR1 fixes 15; change only for tests).
    #[arg(long, env = "TESSERA_CODE_STEP_S", default_value_t = 15, global = true)]
    pub code_step_s: u64,

    /// Messages per second each gate may send (bursts up to twice that).
    #[arg(
        long,
        env = "TESSERA_GATE_RATE_PER_S",
        default_value_t = 20,
        global = true
    )]
    pub gate_rate_per_s: u32,

    /// Most gate WebSocket connections served at once.
    #[arg(
        long,
        env = "TESSERA_MAX_GATE_CONNECTIONS",
        default_value_t = 20_000,
        global = true
    )]
    pub max_gate_connections: usize,

    /// Log filter (tracing `EnvFilter` syntax).
    #[arg(long, env = "TESSERA_LOG", default_value = "info", global = true)]
    pub log: String,
}

impl Settings {
    /// Whether the database is PostgreSQL (otherwise SQLite).
    pub fn is_postgres(&self) -> bool {
        self.database_url.starts_with("postgres://")
            || self.database_url.starts_with("postgresql://")
    }

    /// The base URL claim links start with.
    pub fn public_url(&self, bound: SocketAddr) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{bound}"),
        }
    }

    /// Longest wait for a pooled connection.
    pub fn checkin_timeout(&self) -> Duration {
        Duration::from_millis(self.checkin_timeout_ms)
    }

    /// The challenge lifetime.
    pub fn challenge_lifetime(&self) -> Duration {
        Duration::from_secs(self.challenge_lifetime_s)
    }

    /// Upper bound for one whole database operation seen from the request: the wait for a
    /// connection plus the statement timeout.
    pub fn operation_timeout(&self) -> Duration {
        Duration::from_millis(self.checkin_timeout_ms + self.statement_timeout_ms + 500)
    }
}

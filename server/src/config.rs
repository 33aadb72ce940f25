//! Settings, read the same way by every subcommand from flags or `TESSERA_*` variables.
//!
//! One struct, parsed by clap with `env`, so `serve`, `migrate` and `init` can never
//! disagree about which database or key directory they mean.

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

/// Longest configurable challenge or redemption retention (ten years), in hours.
const MAX_RETENTION_H: u64 = 10 * 366 * 24;
/// Longest configurable audit retention (a hundred years), in days.
const MAX_RETENTION_DAYS: u64 = 100 * 366;

/// Every setting of the server. Defaults give the embedded single-site set-up.
#[derive(Clone, Args)]
pub struct Settings {
    /// Address to listen on (port 0 picks a free port, printed on stdout).
    #[arg(
        long,
        env = "TESSERA_LISTEN",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub listen: SocketAddr,

    /// Address of a second listener that serves only Prometheus `GET /metrics` (off when
    /// unset): keep it on a private network, apart from the public API.
    #[arg(long, env = "TESSERA_METRICS_LISTEN", global = true)]
    pub metrics_listen: Option<SocketAddr>,

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

    /// PEM certificate chain: with `--tls-key`, the server speaks HTTPS (and gates `wss://`)
    /// itself; without both it speaks plain HTTP for a TLS-terminating reverse proxy.
    #[arg(long, env = "TESSERA_TLS_CERT", requires = "tls_key", global = true)]
    pub tls_cert: Option<PathBuf>,

    /// PEM private key of `--tls-cert` (PKCS#8, PKCS#1 or SEC1).
    #[arg(long, env = "TESSERA_TLS_KEY", requires = "tls_cert", global = true)]
    pub tls_key: Option<PathBuf>,

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

    /// On-site node (issue 35): run as the node of this site, admitting its passes under a
    /// lease from `--upstream` (the venue's gates connect here).
    #[arg(long, env = "TESSERA_SITE", requires = "upstream", global = true)]
    pub site: Option<String>,

    /// On-site node: the central server's base URL (`https://…`).
    #[arg(long, env = "TESSERA_UPSTREAM", requires = "site", global = true)]
    pub upstream: Option<String>,

    /// On-site node: a file holding the node's token (its first line), as `POST /v1/nodes`
    /// printed it once.
    #[arg(long, env = "TESSERA_NODE_TOKEN_FILE", global = true)]
    pub node_token_file: Option<PathBuf>,

    /// On-site node: a PEM file of CA certificates to trust for `--upstream`, beside the
    /// system's.
    #[arg(long, env = "TESSERA_UPSTREAM_CA", global = true)]
    pub upstream_ca: Option<PathBuf>,

    /// On-site node: milliseconds between sync rounds (lease, changes, events).
    #[arg(
        long,
        env = "TESSERA_NODE_SYNC_MS",
        default_value_t = 1000,
        global = true
    )]
    pub node_sync_ms: u64,

    /// Central server: how long a node's lease lasts unrenewed, in seconds (a node renews
    /// it every sync round while the uplink is up).
    #[arg(
        long,
        env = "TESSERA_LEASE_TERM_S",
        default_value_t = 300,
        global = true
    )]
    pub lease_term_s: u64,

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

    /// New gate WebSocket connections this replica opens per second (bursts of as many);
    /// beyond it a gate is answered 503 with a `Retry-After` spread over the seconds the
    /// backlog needs, so a replica's gates reconnecting at once do not slow admissions.
    #[arg(
        long,
        env = "TESSERA_GATE_CONNECTS_PER_S",
        default_value_t = NonZeroU32::new(2500).unwrap_or(NonZeroU32::MIN),
        global = true
    )]
    pub gate_connects_per_s: NonZeroU32,

    /// Most gate WebSocket connections one gate device may hold at once (a turnstile needs
    /// one, two while it reconnects), so one device cannot take the sockets others need.
    #[arg(
        long,
        env = "TESSERA_MAX_SOCKETS_PER_GATE",
        default_value_t = 8,
        global = true
    )]
    pub max_sockets_per_gate: usize,

    /// Most gate WebSocket connections all gates of one tenant may hold at once, below the
    /// global bound, so one tenant cannot lock every other tenant out.
    #[arg(
        long,
        env = "TESSERA_MAX_SOCKETS_PER_TENANT",
        default_value_t = 10_000,
        global = true
    )]
    pub max_sockets_per_tenant: usize,

    /// Longest wait, in seconds, for a request's headers, counted from the connection's
    /// start or from the end of the previous response on a keep-alive connection: slow,
    /// silent and idle connections are closed after it (at most 30).
    #[arg(
        long,
        env = "TESSERA_HEADER_TIMEOUT_S",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..=30),
        global = true
    )]
    pub header_timeout_s: u64,

    /// Longest time, in seconds, for a whole REST request (body included) before it is
    /// answered 408.
    #[arg(
        long,
        env = "TESSERA_REQUEST_TIMEOUT_S",
        default_value_t = 15,
        value_parser = clap::value_parser!(u64).range(1..=300),
        global = true
    )]
    pub request_timeout_s: u64,

    /// Most HTTP connections open at once (gate WebSockets count once upgraded against
    /// `max_gate_connections` instead); beyond it the server stops accepting until one
    /// closes.
    #[arg(
        long,
        env = "TESSERA_MAX_HTTP_CONNECTIONS",
        default_value_t = 4_096,
        global = true
    )]
    pub max_http_connections: usize,

    /// Failed authentications (and rejected claims) one source may make per minute; past
    /// them its requests get 429 with `Retry-After` before any database work.
    #[arg(
        long,
        env = "TESSERA_AUTH_FAILURES_PER_MIN",
        default_value_t = 60,
        global = true
    )]
    pub auth_failures_per_min: u32,

    /// Failed claims, pairings and transfer proofs one source may make per minute; past it,
    /// its failing ones are answered 429 (a claim whose link verifies is always served).
    #[arg(
        long,
        env = "TESSERA_CLAIMS_PER_MIN",
        default_value_t = 120,
        global = true
    )]
    pub claims_per_min: u32,

    /// Claims, pairings and transfer steps verified at once, server-wide (more wait up to
    /// 5 s for a place): what protects the database from a flood of them.
    #[arg(
        long,
        env = "TESSERA_CLAIMS_IN_FLIGHT",
        default_value_t = 32,
        global = true
    )]
    pub claims_in_flight: usize,

    /// How long, at most, a source past its failure budget waits for its 429 (a random half
    /// to all of this; 0: answered at once). A flood that waits for its answers then costs
    /// one to two requests a second per connection.
    #[arg(
        long,
        env = "TESSERA_REFUSAL_HOLD_MS",
        default_value_t = 1000,
        global = true
    )]
    pub refusal_hold_ms: u64,

    /// Proxies whose `X-Forwarded-For` names the client (comma-separated addresses); none
    /// by default, so the TCP peer is the source.
    #[arg(
        long,
        env = "TESSERA_TRUSTED_PROXIES",
        value_delimiter = ',',
        global = true
    )]
    pub trusted_proxies: Vec<std::net::IpAddr>,

    /// Seconds per window of the aggregated audit of failed authentications and rejected
    /// claims (one row per source, kind and tenant per window).
    #[arg(
        long,
        env = "TESSERA_AUDIT_AGGREGATE_S",
        default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..=3600),
        global = true
    )]
    pub audit_aggregate_s: u64,

    /// Hours a challenge without a stored outcome, and a scan-time denial, are kept past
    /// the challenge's expiry (at least 24).
    #[arg(
        long,
        env = "TESSERA_CHALLENGE_RETENTION_H",
        default_value_t = 7 * 24,
        value_parser = clap::value_parser!(u64).range(tessera_flows::retention::MIN_HOURS..=MAX_RETENTION_H),
        global = true
    )]
    pub challenge_retention_h: u64,

    /// Hours an outcome stored under a nonce (and its challenge) is kept past the
    /// challenge's expiry (at least 24, so a gate's late resend still gets its outcome).
    #[arg(
        long,
        env = "TESSERA_REDEMPTION_RETENTION_H",
        default_value_t = 30 * 24,
        value_parser = clap::value_parser!(u64).range(tessera_flows::retention::MIN_HOURS..=MAX_RETENTION_H),
        global = true
    )]
    pub redemption_retention_h: u64,

    /// Days an audit event is kept (at least 400: the schema refuses to delete younger ones).
    #[arg(
        long,
        env = "TESSERA_AUDIT_RETENTION_DAYS",
        default_value_t = tessera_flows::retention::AUDIT_FLOOR_DAYS,
        value_parser = clap::value_parser!(u64).range(tessera_flows::retention::AUDIT_FLOOR_DAYS..=MAX_RETENTION_DAYS),
        global = true
    )]
    pub audit_retention_days: u64,

    /// Seconds between retention passes.
    #[arg(
        long,
        env = "TESSERA_RETENTION_INTERVAL_S",
        default_value_t = 3600,
        value_parser = clap::value_parser!(u64).range(1..=86_400),
        global = true
    )]
    pub retention_interval_s: u64,

    /// Seconds a security-console session lasts after sign-in (no sliding renewal).
    #[arg(
        long,
        env = "TESSERA_CONSOLE_SESSION_TTL_S",
        default_value_t = 28_800,
        value_parser = clap::value_parser!(u64).range(60..=86_400),
        global = true
    )]
    pub console_session_ttl_s: u64,

    /// Seconds a host has to answer a walk-in request before it expires (`approvalTimeout`).
    #[arg(
        long,
        env = "TESSERA_APPROVAL_TIMEOUT_S",
        default_value_t = 300,
        value_parser = clap::value_parser!(u64).range(1..=86_400),
        global = true
    )]
    pub approval_timeout_s: u64,

    /// Seconds a webhook delivery is retried after it was queued, before it is dead
    /// (default 3 days).
    #[arg(
        long,
        env = "TESSERA_WEBHOOK_RETRY_FOR_S",
        default_value_t = 259_200,
        value_parser = clap::value_parser!(u64).range(1..=2_592_000),
        global = true
    )]
    pub webhook_retry_for_s: u64,

    /// Internal places webhooks may be sent to after all: comma-separated host names and
    /// CIDRs, e.g. `10.1.2.0/24,hooks.internal`. Empty by default: loopback, private,
    /// link-local (metadata), CGNAT, ULA and the other internal ranges are refused
    /// (`docs/operations.md`).
    #[arg(
        long,
        env = "TESSERA_WEBHOOK_ALLOW",
        default_value = "",
        value_parser = parse_webhook_allow,
        global = true
    )]
    pub webhook_allow: tessera_flows::egress::Policy,

    /// Internal places staff identity providers may be reached at (OpenID discovery, keys
    /// and tokens): comma-separated host names and CIDRs, as for webhooks. Empty by default:
    /// a provider must be on a public address and speak https; an on-premises one (a
    /// Keycloak on the LAN) is allowed here, and only a host listed here may use plain
    /// http (`docs/sign-in.md`).
    #[arg(
        long,
        env = "TESSERA_IDP_ALLOW",
        default_value = "",
        value_parser = parse_webhook_allow,
        global = true
    )]
    pub idp_allow: tessera_flows::egress::Policy,

    /// The DNS server (`ip:port`) sign-in domain proofs are looked up at: the TXT record
    /// `_tessera-challenge.<domain>` (`docs/sign-in.md`, "Domains"). Default: the system's
    /// resolvers (`/etc/resolv.conf`).
    #[arg(long, env = "TESSERA_DNS_SERVER", global = true)]
    pub dns_server: Option<std::net::SocketAddr>,

    /// Sign-ins one source may begin per minute (`/v1/sso/start`); past it, 429 with
    /// `Retry-After` before any database work.
    #[arg(
        long,
        env = "TESSERA_SSO_STARTS_PER_MIN",
        default_value_t = tessera_edges::abuse::DEFAULT_SIGN_IN_STARTS_PER_MINUTE,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub sso_starts_per_min: u32,

    /// Sign-ins to one organisation under way at once (each lives ten minutes unless
    /// finished); past it, a start is answered 503 with `Retry-After`.
    #[arg(
        long,
        env = "TESSERA_SSO_LIVE_LOGINS",
        default_value_t = 1_000,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub sso_live_logins: u32,

    /// Internal places Web Push services may be reached at: comma-separated host names and
    /// CIDRs, as for webhooks. Empty by default: browsers' push services are public and
    /// speak https (`docs/operations.md`, "Sending mail and notifications").
    #[arg(
        long,
        env = "TESSERA_PUSH_ALLOW",
        default_value = "",
        value_parser = parse_webhook_allow,
        global = true
    )]
    pub push_allow: tessera_flows::egress::Policy,

    /// With several hosts in the database URL: milliseconds between probes of every host
    /// for the primary (`pg_is_in_recovery()`), each probe bounded by the same time; the
    /// primary is given up after two failed probes in a row (`store::primary`).
    #[arg(
        long,
        env = "TESSERA_PRIMARY_PROBE_MS",
        default_value_t = 500,
        value_parser = clap::value_parser!(u64).range(50..=10_000),
        global = true
    )]
    pub primary_probe_ms: u64,

    /// Log filter (tracing `EnvFilter` syntax).
    #[arg(long, env = "TESSERA_LOG", default_value = "info", global = true)]
    pub log: String,
}

impl std::fmt::Debug for Settings {
    /// Everything but the database password, which settings logged at start-up or printed in
    /// an error must never carry.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("listen", &self.listen)
            .field("metrics_listen", &self.metrics_listen)
            .field("database_url", &redacted_url(&self.database_url))
            .field("key_dir", &self.key_dir)
            .field("public_url", &self.public_url)
            .field("tls_cert", &self.tls_cert)
            .field("tls_key", &self.tls_key)
            .field("pool_min", &self.pool_min)
            .field("pool_max", &self.pool_max)
            .field("statement_timeout_ms", &self.statement_timeout_ms)
            .field("checkin_timeout_ms", &self.checkin_timeout_ms)
            .field("site", &self.site)
            .field("upstream", &self.upstream.as_deref().map(redacted_url))
            .field("node_token_file", &self.node_token_file)
            .field("upstream_ca", &self.upstream_ca)
            .field("node_sync_ms", &self.node_sync_ms)
            .field("lease_term_s", &self.lease_term_s)
            .field("challenge_lifetime_s", &self.challenge_lifetime_s)
            .field("code_step_s", &self.code_step_s)
            .field("gate_rate_per_s", &self.gate_rate_per_s)
            .field("max_gate_connections", &self.max_gate_connections)
            .field("max_sockets_per_gate", &self.max_sockets_per_gate)
            .field("max_sockets_per_tenant", &self.max_sockets_per_tenant)
            .field("gate_connects_per_s", &self.gate_connects_per_s)
            .field("header_timeout_s", &self.header_timeout_s)
            .field("request_timeout_s", &self.request_timeout_s)
            .field("max_http_connections", &self.max_http_connections)
            .field("auth_failures_per_min", &self.auth_failures_per_min)
            .field("claims_per_min", &self.claims_per_min)
            .field("claims_in_flight", &self.claims_in_flight)
            .field("refusal_hold_ms", &self.refusal_hold_ms)
            .field("trusted_proxies", &self.trusted_proxies)
            .field("audit_aggregate_s", &self.audit_aggregate_s)
            .field("challenge_retention_h", &self.challenge_retention_h)
            .field("redemption_retention_h", &self.redemption_retention_h)
            .field("audit_retention_days", &self.audit_retention_days)
            .field("retention_interval_s", &self.retention_interval_s)
            .field("console_session_ttl_s", &self.console_session_ttl_s)
            .field("approval_timeout_s", &self.approval_timeout_s)
            .field("webhook_retry_for_s", &self.webhook_retry_for_s)
            .field("webhook_allow", &self.webhook_allow)
            .field("primary_probe_ms", &self.primary_probe_ms)
            .field("log", &self.log)
            .finish()
    }
}

/// A database URL with its password (in the authority or in a `password=` query
/// parameter) replaced by `***`; text that is no URL is redacted whole.
pub fn redacted_url(text: &str) -> String {
    let Ok(mut url) = url::Url::parse(text) else {
        return "***".to_owned();
    };
    if url.password().is_some() && url.set_password(Some("***")).is_err() {
        return "***".to_owned();
    }
    let has_secret_query = url
        .query_pairs()
        .any(|(key, _)| key.eq_ignore_ascii_case("password"));
    if has_secret_query {
        let pairs: Vec<(String, String)> = url
            .query_pairs()
            .map(|(key, value)| {
                let value = if key.eq_ignore_ascii_case("password") {
                    "***".to_owned()
                } else {
                    value.into_owned()
                };
                (key.into_owned(), value)
            })
            .collect();
        url.query_pairs_mut().clear().extend_pairs(pairs);
    }
    url.to_string()
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
            None if self.tls_cert.is_some() => format!("https://{bound}"),
            None => format!("http://{bound}"),
        }
    }

    /// How long each kind of row is kept (clap has already refused any period below its
    /// floor).
    pub fn retention_policy(&self) -> tessera_flows::retention::RetentionPolicy {
        tessera_flows::retention::RetentionPolicy {
            challenges: Duration::from_secs(self.challenge_retention_h.saturating_mul(3600)),
            redemptions: Duration::from_secs(self.redemption_retention_h.saturating_mul(3600)),
            audit: Duration::from_secs(self.audit_retention_days.saturating_mul(86_400)),
        }
    }

    /// The storage layer's options: the database, its pools and waits, and the metrics
    /// hook its batchers report to.
    pub fn store_options(&self) -> tessera_store::StoreOptions {
        tessera_store::StoreOptions {
            database_url: self.database_url.clone(),
            pool_min: self.pool_min,
            pool_max: self.pool_max,
            statement_timeout_ms: self.statement_timeout_ms,
            checkin_timeout: self.checkin_timeout(),
            primary_probe: Duration::from_millis(self.primary_probe_ms.max(1)),
            on_batch: tessera_store::BatchObserver::new(|name, size| {
                tessera_flows::metrics::get().batch(name, size);
            }),
        }
    }

    /// The longest wait for a pooled database connection.
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

fn parse_webhook_allow(text: &str) -> Result<tessera_flows::egress::Policy, String> {
    tessera_flows::egress::Policy::parse(text).map_err(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_carries_no_database_password() {
        for (url, secret) in [
            (
                "postgres://tessera:hunter2secret@db.internal:5432/tessera",
                "hunter2secret",
            ),
            (
                "postgres://db.internal/tessera?user=t&password=hunter2secret",
                "hunter2secret",
            ),
            ("not a url but hunter2secret", "hunter2secret"),
        ] {
            let redacted = redacted_url(url);
            assert!(!redacted.contains(secret), "{redacted}");
        }
        assert_eq!(
            redacted_url("postgres://tessera:pw@db/tessera"),
            "postgres://tessera:***@db/tessera"
        );
        assert_eq!(redacted_url("sqlite://tessera.db"), "sqlite://tessera.db");
    }

    #[test]
    fn retention_below_its_floor_is_refused_with_the_floor_named() {
        use clap::Parser;
        for (flag, value, floor) in [
            ("--audit-retention-days", "399", "400"),
            ("--challenge-retention-h", "23", "24"),
            ("--redemption-retention-h", "0", "24"),
        ] {
            let parsed = crate::cli::Cli::try_parse_from(["tessera-server", "serve", flag, value]);
            let error = match parsed {
                Ok(_) => panic!("{flag} {value} was accepted"),
                Err(error) => error.to_string(),
            };
            assert!(error.contains(flag) && error.contains(floor), "{error}");
        }
        for (flag, value) in [
            ("--audit-retention-days", "400"),
            ("--challenge-retention-h", "24"),
            ("--redemption-retention-h", "24"),
        ] {
            assert!(
                crate::cli::Cli::try_parse_from(["tessera-server", "serve", flag, value]).is_ok(),
                "{flag} {value} was refused"
            );
        }
    }
}

//! Prometheus metrics (issue 15): what an operator graphs and alerts on.
//!
//! `prometheus-client` (the Prometheus project's own Rust client) rather than the `metrics`
//! facade: its registry is an explicit value with typed label sets, so every label is a
//! small closed set by construction (outcome, TSR1 reason, error code, surface, pool,
//! tenant) and a pass id can never become a label. The metrics are process-wide, like the
//! batcher they measure. The route that serves them is an edge (`http::metrics`), on its
//! own listen address (`--metrics-listen`), never beside the public API.
//!
//! Counters and histograms are bumped where things happen (the gate WebSocket, the
//! batcher through the store's `BatchObserver`, the per-source guard, the webhook
//! dispatcher); this module knows nothing of them. The gauges (pool connections, open gate
//! sockets per tenant) are handed to [`Metrics::render`] by the route at each scrape.

use std::sync::LazyLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use tessera_protocol::messages::ServerMessage;

/// A TSR1 answer's outcome and reason (`none` when there is none).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct OutcomeLabels {
    /// `admitted`, `already_admitted`, `denied`, or `error`.
    pub outcome: String,
    /// The deny reason or error code, as TSR1 names it.
    pub reason: String,
}

/// Which unauthenticated surface or limit.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct SurfaceLabels {
    /// e.g. `rest`, `gate_ws`, `claims`, `gate_frames`.
    pub surface: String,
}

/// How a webhook delivery attempt ended.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct WebhookLabels {
    /// `delivered`, `retry`, `dead` or `gone`.
    pub result: String,
}

/// A database pool.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct PoolLabels {
    /// `durable`, `relaxed`, `read` or `write`.
    pub pool: String,
}

/// A tenant (organisation id): as many as there are tenants, never per pass or gate.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct TenantLabels {
    /// The organisation id.
    pub tenant: String,
}

/// Which batcher.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct BatchLabels {
    /// `admissions`, `challenges`, `scans`, `contexts`.
    pub batch: String,
}

/// Every metric the server exports.
pub struct Metrics {
    registry: Registry,
    scans: Counter,
    responses: Counter,
    outcomes: Family<OutcomeLabels, Counter>,
    admissions: Counter,
    scan_seconds: Histogram,
    response_seconds: Histogram,
    batch_sizes: Family<BatchLabels, Histogram, fn() -> Histogram>,
    auth_failures: Family<SurfaceLabels, Counter>,
    rate_limited: Family<SurfaceLabels, Counter>,
    webhook_attempts: Family<WebhookLabels, Counter>,
    pool_connections: Family<PoolLabels, Gauge>,
    pool_idle: Family<PoolLabels, Gauge>,
    waiting: Family<BatchLabels, Gauge>,
    gate_sockets: Family<TenantLabels, Gauge>,
    alarms_open: Gauge,
    node_lease_expiry: Gauge<f64, std::sync::atomic::AtomicU64>,
    node_up_lag: Gauge<f64, std::sync::atomic::AtomicU64>,
    node_down_age: Gauge<f64, std::sync::atomic::AtomicU64>,
    node_admits: Gauge,
    alarm_acknowledge_seconds: Histogram,
}

fn latency() -> Histogram {
    // 0.25 ms to about 4 s.
    Histogram::new(exponential_buckets(0.000_25, 2.0, 15))
}

fn batch_size() -> Histogram {
    // 1 to 4096 operations.
    Histogram::new(exponential_buckets(1.0, 2.0, 13))
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The process's metrics.
pub fn get() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("tessera");
        let metrics = Self {
            registry: Registry::default(),
            scans: Counter::default(),
            responses: Counter::default(),
            outcomes: Family::default(),
            admissions: Counter::default(),
            scan_seconds: latency(),
            response_seconds: latency(),
            batch_sizes: Family::new_with_constructor(batch_size),
            auth_failures: Family::default(),
            rate_limited: Family::default(),
            webhook_attempts: Family::default(),
            pool_connections: Family::default(),
            pool_idle: Family::default(),
            waiting: Family::default(),
            gate_sockets: Family::default(),
            alarms_open: Gauge::default(),
            node_lease_expiry: Gauge::default(),
            node_up_lag: Gauge::default(),
            node_down_age: Gauge::default(),
            node_admits: Gauge::default(),
            // 1 s to about 9 hours.
            alarm_acknowledge_seconds: Histogram::new(exponential_buckets(1.0, 2.0, 16)),
        };
        registry.register("scans", "Scans received from gates", metrics.scans.clone());
        registry.register(
            "responses",
            "Wallet responses received from gates",
            metrics.responses.clone(),
        );
        registry.register(
            "outcomes",
            "Answers to gates by outcome and TSR1 reason or error code",
            metrics.outcomes.clone(),
        );
        registry.register(
            "admissions",
            "Admissions committed (not counting resends)",
            metrics.admissions.clone(),
        );
        registry.register(
            "scan_to_challenge_seconds",
            "Time from a scan's arrival to its answer (challenge or denial)",
            metrics.scan_seconds.clone(),
        );
        registry.register(
            "response_to_result_seconds",
            "Time from a response's arrival to its result",
            metrics.response_seconds.clone(),
        );
        registry.register(
            "batch_size",
            "Operations per group-committed batch",
            metrics.batch_sizes.clone(),
        );
        registry.register(
            "auth_failures",
            "Missing or wrong credentials by surface",
            metrics.auth_failures.clone(),
        );
        registry.register(
            "rate_limited",
            "Requests and frames refused for a rate or concurrency limit",
            metrics.rate_limited.clone(),
        );
        registry.register(
            "webhook_attempts",
            "Webhook delivery attempts by result (delivered, retry, dead, gone)",
            metrics.webhook_attempts.clone(),
        );
        registry.register(
            "pool_connections",
            "Open database connections per pool",
            metrics.pool_connections.clone(),
        );
        registry.register(
            "pool_idle_connections",
            "Idle database connections per pool (in use = open - idle)",
            metrics.pool_idle.clone(),
        );
        registry.register(
            "db_waiting_operations",
            "Operations waiting for a database connection in each group-commit queue",
            metrics.waiting.clone(),
        );
        registry.register(
            "gate_sockets",
            "Open gate WebSockets per tenant",
            metrics.gate_sockets.clone(),
        );
        registry.register(
            "alarms_open",
            "Alarms not yet resolved (open or acknowledged), across tenants",
            metrics.alarms_open.clone(),
        );
        registry.register(
            "node_lease_expiry_seconds",
            "On an on-site node: seconds until its lease (or an operator's extension) ends; negative once past",
            metrics.node_lease_expiry.clone(),
        );
        registry.register(
            "node_sync_up_lag_seconds",
            "On an on-site node: age of the oldest event not shipped to the central server yet (0: all shipped)",
            metrics.node_up_lag.clone(),
        );
        registry.register(
            "node_sync_down_age_seconds",
            "On an on-site node: seconds since its last complete sync-down from the central server",
            metrics.node_down_age.clone(),
        );
        registry.register(
            "node_admits",
            "On an on-site node: 1 while it decides for its site's passes, else 0",
            metrics.node_admits.clone(),
        );
        registry.register(
            "alarm_time_to_acknowledge_seconds",
            "From an alarm's event to its acknowledgement",
            metrics.alarm_acknowledge_seconds.clone(),
        );
        Self {
            registry,
            ..metrics
        }
    }

    /// Counts one gate message and its answer, with how long the answer took.
    pub fn gate_answer(&self, is_scan: bool, reply: &ServerMessage, took: Duration) {
        if is_scan {
            self.scans.inc();
            self.scan_seconds.observe(took.as_secs_f64());
        } else {
            self.responses.inc();
            self.response_seconds.observe(took.as_secs_f64());
        }
        let (outcome, reason) = match reply {
            ServerMessage::Result(result) => {
                if result.outcome == tessera_protocol::messages::Outcome::Admitted
                    && !result.replayed
                {
                    self.admissions.inc();
                }
                (
                    result.outcome.as_str().to_owned(),
                    result
                        .reason
                        .map_or_else(|| "none".to_owned(), |r| r.as_str().to_owned()),
                )
            }
            ServerMessage::Error(error) => (
                "error".to_owned(),
                serde_json::to_value(error.code)
                    .ok()
                    .and_then(|code| code.as_str().map(str::to_owned))
                    .unwrap_or_else(|| "unknown".to_owned()),
            ),
            ServerMessage::Challenge(_) => ("challenge".to_owned(), "none".to_owned()),
            ServerMessage::WalkIn(walk_in) => (
                format!("walk_in_{}", walk_in.state.as_str()),
                "none".to_owned(),
            ),
            ServerMessage::MusterResult(result) => (
                format!("muster_{}", result.outcome.as_str()),
                result
                    .reason
                    .map_or_else(|| "none".to_owned(), |r| r.as_str().to_owned()),
            ),
            ServerMessage::Welcome(_) => return,
        };
        self.outcomes
            .get_or_create(&OutcomeLabels { outcome, reason })
            .inc();
    }

    /// Records the size of one batch.
    pub fn batch(&self, batch: &str, size: usize) {
        self.batch_sizes
            .get_or_create(&BatchLabels {
                batch: batch.to_owned(),
            })
            .observe(size as f64);
    }

    /// Counts one failed authentication on `surface`.
    pub fn auth_failure(&self, surface: &str) {
        self.auth_failures
            .get_or_create(&SurfaceLabels {
                surface: surface.to_owned(),
            })
            .inc();
    }

    /// Counts one webhook delivery attempt by how it ended.
    pub fn webhook_attempt(&self, result: &str) {
        self.webhook_attempts
            .get_or_create(&WebhookLabels {
                result: result.to_owned(),
            })
            .inc();
    }

    /// Records how long an alarm waited to be acknowledged.
    pub fn alarm_acknowledged(&self, seconds: f64) {
        self.alarm_acknowledge_seconds.observe(seconds);
    }

    /// Counts one request or frame refused by a limit on `surface`.
    pub fn rate_limited(&self, surface: &str) {
        self.rate_limited
            .get_or_create(&SurfaceLabels {
                surface: surface.to_owned(),
            })
            .inc();
    }

    /// The text exposition of every metric, with the gauges as `gauges` reads them now.
    pub fn render(&self, gauges: &Gauges) -> String {
        self.pool_connections.clear();
        self.pool_idle.clear();
        for &(pool, size, idle) in &gauges.pools {
            let labels = PoolLabels {
                pool: pool.to_owned(),
            };
            self.pool_connections
                .get_or_create(&labels)
                .set(i64::from(size));
            self.pool_idle
                .get_or_create(&labels)
                .set(i64::try_from(idle).unwrap_or(i64::MAX));
        }
        self.waiting.clear();
        for &(batch, waiting) in &gauges.waiting {
            self.waiting
                .get_or_create(&BatchLabels {
                    batch: batch.to_owned(),
                })
                .set(i64::try_from(waiting).unwrap_or(i64::MAX));
        }
        self.gate_sockets.clear();
        for &(tenant, open) in &gauges.gate_sockets {
            self.gate_sockets
                .get_or_create(&TenantLabels {
                    tenant: tenant.to_string(),
                })
                .set(i64::try_from(open).unwrap_or(i64::MAX));
        }
        if let Some(open) = gauges.alarms_open {
            self.alarms_open.set(open);
        }
        if let Some(node) = &gauges.node {
            self.node_lease_expiry
                .set(node.lease_expiry_s.unwrap_or(f64::NEG_INFINITY));
            self.node_up_lag.set(node.up_lag_s);
            self.node_down_age
                .set(node.down_age_s.unwrap_or(f64::INFINITY));
            self.node_admits.set(i64::from(node.admits));
        }
        let mut text = String::new();
        if prometheus_client::encoding::text::encode(&mut text, &self.registry).is_err() {
            tracing::warn!("could not encode the metrics");
        }
        text
    }
}

/// The gauges of one scrape, read from the running server by the `/metrics` route.
#[derive(Clone, Debug, Default)]
pub struct Gauges {
    /// Per pool: its name, connections open, connections idle.
    pub pools: Vec<(&'static str, u32, usize)>,
    /// Per batcher: its name and the operations waiting for a statement slot.
    pub waiting: Vec<(&'static str, usize)>,
    /// Per tenant: gate sockets open on this replica.
    pub gate_sockets: Vec<(uuid::Uuid, usize)>,
    /// Alarms not resolved, read from the database (shared by every replica); `None` when
    /// it could not be read now (the last reading stands).
    pub alarms_open: Option<i64>,
    /// On an on-site node: its lease and sync (issue 35).
    pub node: Option<NodeGauges>,
}

/// An on-site node's numbers at a scrape.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeGauges {
    /// Seconds until the lease ends (none without a lease).
    pub lease_expiry_s: Option<f64>,
    /// Age of the oldest unshipped event, seconds.
    pub up_lag_s: f64,
    /// Seconds since the last complete sync-down.
    pub down_age_s: Option<f64>,
    /// Whether it decides for its site now.
    pub admits: bool,
}

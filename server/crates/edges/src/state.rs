//! What every request handler shares: storage, keys, settings and the gate limits.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{watch, Semaphore};
use uuid::Uuid;

use tessera_flows::keyring::Keyring;
use tessera_flows::redemption::Redemption;
use tessera_store::Store;

/// Shared application state (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The server's X25519 keys.
    pub keys: Arc<Keyring>,
    /// What the gate socket's scans and answers run on (the same store and keys).
    pub redemption: Redemption,
    /// The central server's part in on-site nodes (issue 35): lease timings, the change
    /// log's gaps.
    pub sites: Arc<tessera_flows::sites::Central>,
    /// On an on-site node: its sync's numbers for `/metrics`.
    pub node_metrics: Option<Arc<tessera_flows::sites::NodeMetrics>>,
    /// The timings the edges apply.
    pub settings: EdgeSettings,
    /// Base URL of claim links.
    pub public_url: Arc<str>,
    /// Which `Origin` is this server's own (cookie, pairing and console requests).
    pub own_origin: Arc<crate::origin::OwnOrigin>,
    /// Per-gate message rate limits.
    pub gate_limits: Arc<GateRateLimiter>,
    /// Permits for concurrent gate connections.
    pub gate_connections: Arc<Semaphore>,
    /// Gate connections open per device and per tenant, under their caps.
    pub gate_sockets: Arc<SocketCaps>,
    /// New gate sockets per second this replica opens (`crate::reconnects`).
    pub gate_connects: Arc<crate::reconnects::ConnectBudget>,
    /// Per-source limits on unauthenticated surfaces and the aggregated failure audit.
    pub sources: Arc<crate::abuse::SourceGuard>,
    /// Gates whose credential was revoked or rotated on this replica: their open sockets
    /// close ([`AppState::revoke_gate_sockets`]).
    pub gate_revocations: tokio::sync::broadcast::Sender<Uuid>,
    /// Flips to `true` when the server shuts down, so long-lived sockets close.
    pub shutdown: watch::Receiver<bool>,
    /// Wakes the live audit streams of this replica (`crate::feed`).
    pub feed: Arc<tessera_flows::hub::Hub>,
    /// Permits for open audit streams on this replica.
    pub feed_streams: Arc<Semaphore>,
    /// This process among the replicas, for the gate sockets it records as open.
    pub replica_id: Uuid,
    /// When this replica last wrote each key's "last used".
    pub last_used: Arc<tessera_flows::keys::LastUsed>,
    /// Where webhooks may point (`tessera_flows::egress`), checked when one is made.
    pub webhook_egress: Arc<tessera_flows::egress::Policy>,
    /// Staff sign-in with the organisation's identity provider.
    pub sso: Arc<tessera_flows::sso::Sso>,
    /// The mail dispatcher, woken when a message is queued.
    pub mailer: tessera_flows::mail::Mailer,
}

/// The settings the edges read (the app builds them from its own).
#[derive(Clone, Copy, Debug)]
pub struct EdgeSettings {
    /// The rotating-code step, told to wallets at claim time.
    pub code_step_s: u64,
    /// How long a console session lasts after sign-in.
    pub console_session_ttl_s: u64,
    /// Longest time for a whole REST request.
    pub request_timeout: Duration,
    /// Longest time for one gate operation (a connection's wait plus the statement).
    pub operation_timeout: Duration,
    /// How long a host has to answer a walk-in.
    pub approval_timeout: Duration,
    /// Browsers are told to use HTTPS only (`Strict-Transport-Security`): the server speaks
    /// TLS, or its public URL is `https`.
    pub hsts: bool,
}

impl AppState {
    /// Closes this replica's open sockets of `gate_id` (its credential is gone).
    pub fn revoke_gate_sockets(&self, gate_id: Uuid) {
        // No receiver means no open socket: nothing to close.
        let _ = self.gate_revocations.send(gate_id);
    }
}

/// A token bucket per gate device, shared by all of its connections, so a gate cannot
/// escape its limit by opening more sockets.
#[derive(Debug)]
pub struct GateRateLimiter {
    rate_per_s: f64,
    burst: f64,
    buckets: Mutex<HashMap<Uuid, Bucket>>,
}

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    refilled: Instant,
}

impl GateRateLimiter {
    /// A limiter allowing `rate_per_s` messages per second with bursts of twice that.
    pub fn new(rate_per_s: u32) -> Self {
        let rate = f64::from(rate_per_s.max(1));
        Self {
            rate_per_s: rate,
            burst: rate * 2.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token for `gate`; false when the gate is over its limit.
    pub fn allow(&self, gate: Uuid) -> bool {
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            // A poisoned lock means a panic elsewhere; failing open here would drop the
            // limit, failing closed would stop every gate. Refuse this message only.
            return false;
        };
        if buckets.len() > 100_000 {
            // Bound memory: forget buckets that have refilled completely.
            let (rate, burst) = (self.rate_per_s, self.burst);
            buckets.retain(|_, b| {
                b.tokens + now.duration_since(b.refilled).as_secs_f64() * rate < burst
            });
        }
        let bucket = buckets.entry(gate).or_insert(Bucket {
            tokens: self.burst,
            refilled: now,
        });
        let elapsed = now.duration_since(bucket.refilled).as_secs_f64();
        bucket.tokens = (bucket.tokens + elapsed * self.rate_per_s).min(self.burst);
        bucket.refilled = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Which cap refused a gate connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapReached {
    /// The gate device holds as many sockets as one device may.
    Gate(usize),
    /// The tenant's gates hold as many sockets as one tenant may.
    Tenant(usize),
}

impl CapReached {
    /// Which cap, for answers and audit details.
    pub fn scope(self) -> &'static str {
        match self {
            CapReached::Gate(_) => "gate",
            CapReached::Tenant(_) => "tenant",
        }
    }

    /// The cap's value.
    pub fn limit(self) -> usize {
        match self {
            CapReached::Gate(limit) | CapReached::Tenant(limit) => limit,
        }
    }
}

/// Open gate sockets counted per device and per tenant, each under its cap (both below the
/// global bound), so that one device or one tenant cannot take the sockets others need.
#[derive(Debug)]
pub struct SocketCaps {
    per_gate: usize,
    per_tenant: usize,
    open: Mutex<OpenSockets>,
}

#[derive(Debug, Default)]
struct OpenSockets {
    by_gate: HashMap<Uuid, usize>,
    by_tenant: HashMap<Uuid, usize>,
    /// When each gate's last refusal was audited (one event per gate and minute at most).
    refusal_audited: HashMap<Uuid, Instant>,
}

/// One counted gate socket; dropping it gives the place back.
#[derive(Debug)]
pub struct SocketSlot {
    caps: Arc<SocketCaps>,
    gate: Uuid,
    tenant: Uuid,
}

impl SocketCaps {
    /// Open sockets per tenant now, for `/metrics`.
    pub fn open_by_tenant(&self) -> Vec<(Uuid, usize)> {
        match self.open.lock() {
            Ok(open) => open.by_tenant.iter().map(|(t, n)| (*t, *n)).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Caps of `per_gate` sockets per device and `per_tenant` per tenant.
    pub fn new(per_gate: usize, per_tenant: usize) -> Self {
        Self {
            per_gate: per_gate.max(1),
            per_tenant: per_tenant.max(1),
            open: Mutex::new(OpenSockets::default()),
        }
    }

    /// Counts a socket of `gate` in `tenant`, or says which cap refuses it.
    ///
    /// # Errors
    /// The cap that is reached.
    pub fn open(self: &Arc<Self>, gate: Uuid, tenant: Uuid) -> Result<SocketSlot, CapReached> {
        let Ok(mut open) = self.open.lock() else {
            return Err(CapReached::Gate(self.per_gate));
        };
        if open.by_gate.get(&gate).copied().unwrap_or(0) >= self.per_gate {
            return Err(CapReached::Gate(self.per_gate));
        }
        if open.by_tenant.get(&tenant).copied().unwrap_or(0) >= self.per_tenant {
            return Err(CapReached::Tenant(self.per_tenant));
        }
        *open.by_gate.entry(gate).or_insert(0) += 1;
        *open.by_tenant.entry(tenant).or_insert(0) += 1;
        Ok(SocketSlot {
            caps: Arc::clone(self),
            gate,
            tenant,
        })
    }

    /// Whether a refusal for `gate` should be audited now (at most once a minute per gate,
    /// so a device hammering its cap cannot write the audit log without bound).
    pub fn audit_refusal_now(&self, gate: Uuid) -> bool {
        let Ok(mut open) = self.open.lock() else {
            return false;
        };
        let now = Instant::now();
        if open.refusal_audited.len() > 100_000 {
            open.refusal_audited
                .retain(|_, at| now.duration_since(*at) < REFUSAL_AUDIT_EVERY);
        }
        match open.refusal_audited.get(&gate) {
            Some(at) if now.duration_since(*at) < REFUSAL_AUDIT_EVERY => false,
            _ => {
                open.refusal_audited.insert(gate, now);
                true
            }
        }
    }
}

/// Least time between two audited refusals of one gate's connections.
const REFUSAL_AUDIT_EVERY: std::time::Duration = std::time::Duration::from_secs(60);

impl Drop for SocketSlot {
    fn drop(&mut self) {
        let Ok(mut open) = self.caps.open.lock() else {
            return;
        };
        let release = |counts: &mut HashMap<Uuid, usize>, key: Uuid| {
            if let Some(count) = counts.get_mut(&key) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    counts.remove(&key);
                }
            }
        };
        release(&mut open.by_gate, self.gate);
        release(&mut open.by_tenant, self.tenant);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sockets_are_capped_per_gate_and_per_tenant_and_released_on_drop() {
        let caps = Arc::new(SocketCaps::new(2, 3));
        let (tenant, other_tenant) = (Uuid::new_v4(), Uuid::new_v4());
        let (a, b, c) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
        let a1 = caps.open(a, tenant).unwrap();
        let _a2 = caps.open(a, tenant).unwrap();
        assert_eq!(caps.open(a, tenant).unwrap_err(), CapReached::Gate(2));
        let _b1 = caps.open(b, tenant).unwrap();
        assert_eq!(caps.open(b, tenant).unwrap_err(), CapReached::Tenant(3));
        let _c1 = caps.open(c, other_tenant).unwrap();
        drop(a1);
        let _b2 = caps.open(b, tenant).unwrap();
        assert!(caps.audit_refusal_now(a));
        assert!(
            !caps.audit_refusal_now(a),
            "one audited refusal per gate and minute"
        );
        assert!(caps.audit_refusal_now(b));
    }

    #[test]
    fn a_gate_gets_its_burst_then_is_limited_alone() {
        let limiter = GateRateLimiter::new(5);
        let (noisy, quiet) = (Uuid::new_v4(), Uuid::new_v4());
        let allowed = (0..50).filter(|_| limiter.allow(noisy)).count();
        assert!((10..=11).contains(&allowed), "{allowed}");
        assert!(limiter.allow(quiet));
    }
}

//! What every request handler shares: storage, keys, settings and the gate limits.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tokio::sync::{watch, Semaphore};
use uuid::Uuid;

use crate::config::Settings;
use crate::keyring::Keyring;
use crate::store::Store;

/// Shared application state (cheap to clone).
#[derive(Clone, Debug)]
pub struct AppState {
    /// The database.
    pub store: Store,
    /// The server's X25519 keys.
    pub keys: Arc<Keyring>,
    /// The settings the server started with.
    pub settings: Arc<Settings>,
    /// Base URL of claim links.
    pub public_url: Arc<str>,
    /// Per-gate message rate limits.
    pub gate_limits: Arc<GateRateLimiter>,
    /// Permits for concurrent gate connections.
    pub gate_connections: Arc<Semaphore>,
    /// Flips to `true` when the server shuts down, so long-lived sockets close.
    pub shutdown: watch::Receiver<bool>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gate_gets_its_burst_then_is_limited_alone() {
        let limiter = GateRateLimiter::new(5);
        let (noisy, quiet) = (Uuid::new_v4(), Uuid::new_v4());
        let allowed = (0..50).filter(|_| limiter.allow(noisy)).count();
        assert!((10..=11).contains(&allowed), "{allowed}");
        assert!(limiter.allow(quiet));
    }
}

//! Bounds on what anyone can do without a credential.
//!
//! An unauthenticated flood (bad bearer tokens, junk claims, failed gate upgrades) used to
//! write one durable audit row per request on the admission write path, without bound, and
//! slowed every honest gate. Now, per source address:
//! - **failures are rate-limited** (a [`governor`] GCRA limiter per source): once a source's
//!   failure budget is spent, its requests to an authenticated surface are answered 429 with
//!   `Retry-After` *before* any database work, until the budget refills;
//! - **claims are rate- and concurrency-limited** per source, also before any database work;
//! - **failures are audited in aggregate**: one row per source, kind, tenant and window with
//!   the count, the first and last time and a sample reason, written by a background task
//!   in one relaxed transaction, at most [`MAX_ROWS_PER_FLUSH`] rows a window (the rest fold
//!   into one overflow row). High-severity events (`claim_conflict`, `foreign_nonce`,
//!   `code_replayed`) are not aggregated: each stays one durable row.
//!
//! The source is the TCP peer; `X-Forwarded-For` is believed only when the peer is one of
//! the configured trusted proxies (none by default), and then its last address is the
//! client that proxy saw.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use uuid::Uuid;

use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Aggregated, Details};
use tessera_store::NewAudit;

/// The kinds of event that are counted per source and window rather than written one by
/// one: a flood of them must not flood the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aggregates {
    /// Credentials missing or wrong (`auth_failure`).
    AuthFailure,
    /// Claims refused (`claim_rejected`).
    ClaimRejected,
    /// Transfer proofs refused (`transfer_rejected`).
    TransferRejected,
}

/// Rows one aggregation window writes at most; further sources fold into one row.
pub const MAX_ROWS_PER_FLUSH: usize = 100;

/// Sources tracked at most before the quiet ones are forgotten (bounded memory).
const TRACKED_SOURCES: usize = 100_000;

/// Per-source limits and the aggregated failure log.
#[derive(Debug)]
pub struct SourceGuard {
    failures: DefaultKeyedRateLimiter<IpAddr>,
    claims: DefaultKeyedRateLimiter<IpAddr>,
    claims_in_flight: Mutex<HashMap<IpAddr, usize>>,
    claims_in_flight_limit: usize,
    blocked: Mutex<HashMap<IpAddr, std::time::Instant>>,
    trusted_proxies: Vec<IpAddr>,
    log: Mutex<HashMap<AggregateKey, Aggregate>>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct AggregateKey {
    source: IpAddr,
    kind: Aggregates,
    org_id: Option<Uuid>,
}

#[derive(Clone, Copy, Debug)]
struct Aggregate {
    count: u64,
    first_ms: i64,
    last_ms: i64,
    surface: &'static str,
    sample_reason: &'static str,
}

/// A refusal before any database work: retry after this long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

/// One claim in flight for a source; dropping it frees the place.
#[derive(Debug)]
pub struct ClaimSlot {
    guard: Arc<SourceGuard>,
    source: IpAddr,
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN))
}

impl SourceGuard {
    /// `failures_per_minute` failed authentications and `claims_per_minute` claims per
    /// source (each with a burst of the same size), `claims_in_flight` claims per source at
    /// once; `trusted_proxies` may set the source with `X-Forwarded-For`.
    pub fn new(
        failures_per_minute: u32,
        claims_per_minute: u32,
        claims_in_flight: usize,
        trusted_proxies: Vec<IpAddr>,
    ) -> Self {
        Self {
            failures: RateLimiter::keyed(per_minute(failures_per_minute)),
            claims: RateLimiter::keyed(per_minute(claims_per_minute)),
            claims_in_flight: Mutex::new(HashMap::new()),
            claims_in_flight_limit: claims_in_flight.max(1),
            blocked: Mutex::new(HashMap::new()),
            trusted_proxies,
            log: Mutex::new(HashMap::new()),
        }
    }

    /// The client's address: the peer, or the last `X-Forwarded-For` hop when the peer is a
    /// trusted proxy. Unknown (no peer recorded) is `0.0.0.0`.
    pub fn source(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> IpAddr {
        let peer = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.ip());
        if !self.trusted_proxies.contains(&peer) {
            return peer;
        }
        // Only the last hop is the proxy's own word; anything before it the client wrote.
        headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.rsplit(',').next())
            .and_then(|hop| hop.trim().parse::<IpAddr>().ok())
            .unwrap_or(peer)
    }

    /// Whether `source` spent its failure budget: then it is refused before any database
    /// work until the budget refills.
    pub fn refused(&self, source: IpAddr) -> Option<RetryAfter> {
        let Ok(mut blocked) = self.blocked.lock() else {
            return None;
        };
        let now = std::time::Instant::now();
        match blocked.get(&source) {
            Some(until) if *until > now => Some(RetryAfter(*until - now)),
            Some(_) => {
                blocked.remove(&source);
                None
            }
            None => None,
        }
    }

    /// Charges one failure to `source` and records it for the aggregated audit; a source
    /// over its budget is blocked until it refills.
    pub fn failed(
        &self,
        source: IpAddr,
        kind: Aggregates,
        org_id: Option<Uuid>,
        surface: &'static str,
        reason: &'static str,
    ) {
        self.record(source, kind, org_id, surface, reason);
        if let Err(not_until) = self.failures.check_key(&source) {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            if let Ok(mut blocked) = self.blocked.lock() {
                if blocked.len() >= TRACKED_SOURCES {
                    let now = std::time::Instant::now();
                    blocked.retain(|_, until| *until > now);
                }
                blocked.insert(source, std::time::Instant::now() + wait);
            }
        }
    }

    /// Admits one claim from `source`, or says when to retry (rate or concurrency).
    ///
    /// # Errors
    /// [`RetryAfter`] when the source is over its claim rate or has too many in flight.
    pub fn claim(self: &Arc<Self>, source: IpAddr) -> Result<ClaimSlot, RetryAfter> {
        if let Some(wait) = self.refused(source) {
            return Err(wait);
        }
        if let Err(not_until) = self.claims.check_key(&source) {
            return Err(RetryAfter(
                not_until.wait_time_from(DefaultClock::default().now()),
            ));
        }
        let Ok(mut in_flight) = self.claims_in_flight.lock() else {
            return Err(RetryAfter(Duration::from_secs(1)));
        };
        let count = in_flight.entry(source).or_insert(0);
        if *count >= self.claims_in_flight_limit {
            return Err(RetryAfter(Duration::from_secs(1)));
        }
        *count += 1;
        Ok(ClaimSlot {
            guard: Arc::clone(self),
            source,
        })
    }

    /// Records, for the aggregated audit only, a request refused before any database work.
    pub fn refused_request(&self, source: IpAddr, kind: Aggregates, surface: &'static str) {
        self.record(source, kind, None, surface, "rate_limited");
    }

    fn record(
        &self,
        source: IpAddr,
        kind: Aggregates,
        org_id: Option<Uuid>,
        surface: &'static str,
        reason: &'static str,
    ) {
        if reason == "rate_limited" {
            tessera_flows::metrics::get().rate_limited(surface);
        } else if kind == Aggregates::AuthFailure {
            tessera_flows::metrics::get().auth_failure(surface);
        }
        let Ok(mut log) = self.log.lock() else {
            return;
        };
        let now = tessera_domain::now_ms();
        let key = AggregateKey {
            source,
            kind,
            org_id,
        };
        if log.len() >= TRACKED_SOURCES && !log.contains_key(&key) {
            // Memory stays bounded; the overflow row of the next flush still counts it.
            let overflow = AggregateKey {
                source: IpAddr::V4(Ipv4Addr::UNSPECIFIED),
                kind,
                org_id: None,
            };
            bump(log.entry(overflow), now, surface, reason);
            return;
        }
        bump(log.entry(key), now, surface, reason);
    }

    /// The aggregated events of the window that ends now, at most [`MAX_ROWS_PER_FLUSH`]
    /// (the rest summed into one overflow row per kind), and forgets quiet limiter state.
    pub fn drain(&self) -> Vec<NewAudit> {
        self.failures.retain_recent();
        self.claims.retain_recent();
        let Ok(mut log) = self.log.lock() else {
            return Vec::new();
        };
        let mut entries: Vec<(AggregateKey, Aggregate)> = log.drain().collect();
        drop(log);
        entries.sort_by_key(|(_, aggregate)| std::cmp::Reverse(aggregate.count));
        let mut events = Vec::new();
        let mut overflow: HashMap<Aggregates, (u64, u64)> = HashMap::new();
        for (index, (key, aggregate)) in entries.into_iter().enumerate() {
            if index < MAX_ROWS_PER_FLUSH {
                events.push(aggregate_event(key, aggregate));
            } else {
                let folded = overflow.entry(key.kind).or_insert((0, 0));
                folded.0 += aggregate.count;
                folded.1 += 1;
            }
        }
        for (kind, (count, sources)) in overflow {
            events.push(aggregated_event(
                kind,
                Subject::default(),
                Aggregated {
                    aggregated: true,
                    count,
                    sources: Some(sources),
                    overflow: true,
                    ..Aggregated::default()
                },
            ));
        }
        events
    }
}

fn bump(
    entry: std::collections::hash_map::Entry<'_, AggregateKey, Aggregate>,
    now: i64,
    surface: &'static str,
    reason: &'static str,
) {
    let aggregate = entry.or_insert(Aggregate {
        count: 0,
        first_ms: now,
        last_ms: now,
        surface,
        sample_reason: reason,
    });
    aggregate.count += 1;
    aggregate.last_ms = now;
}

fn aggregate_event(key: AggregateKey, aggregate: Aggregate) -> NewAudit {
    aggregated_event(
        key.kind,
        Subject {
            org_id: key.org_id,
            gate_id: None,
            pass_id: None,
        },
        Aggregated {
            aggregated: true,
            source: Some(key.source.to_string()),
            surface: Some(aggregate.surface.to_owned()),
            count: aggregate.count,
            first: Some(tessera_domain::rfc3339(aggregate.first_ms)),
            last: Some(tessera_domain::rfc3339(aggregate.last_ms)),
            sample_reason: Some(aggregate.sample_reason.to_owned()),
            ..Aggregated::default()
        },
    )
}

/// The event of failures counted together: one of the three aggregated kinds.
fn aggregated_event(kind: Aggregates, subject: Subject, counted: Aggregated) -> NewAudit {
    let details = match kind {
        Aggregates::AuthFailure => Details::AuthFailure(counted),
        Aggregates::ClaimRejected => Details::ClaimRejected(counted),
        Aggregates::TransferRejected => Details::TransferRejected(counted),
    };
    audit::event(Severity::Warning, subject, details)
}

impl Drop for ClaimSlot {
    fn drop(&mut self) {
        if let Ok(mut in_flight) = self.guard.claims_in_flight.lock() {
            if let Some(count) = in_flight.get_mut(&self.source) {
                *count = count.saturating_sub(1);
                if *count == 0 {
                    in_flight.remove(&self.source);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aggregated(event: &NewAudit) -> Aggregated {
        match Details::decode(event.kind, &event.details) {
            Ok(
                Details::AuthFailure(counted)
                | Details::ClaimRejected(counted)
                | Details::TransferRejected(counted),
            ) => counted,
            other => panic!("not an aggregated event: {other:?}"),
        }
    }

    fn ip(last: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(192, 0, 2, last))
    }

    #[test]
    fn a_source_over_its_failure_budget_is_refused_alone() {
        let guard = SourceGuard::new(5, 100, 4, Vec::new());
        for _ in 0..5 {
            assert_eq!(guard.refused(ip(1)), None);
            guard.failed(
                ip(1),
                Aggregates::AuthFailure,
                None,
                "rest",
                "bad_credential",
            );
        }
        guard.failed(
            ip(1),
            Aggregates::AuthFailure,
            None,
            "rest",
            "bad_credential",
        );
        let Some(RetryAfter(wait)) = guard.refused(ip(1)) else {
            panic!("a source past its budget was not refused");
        };
        assert!(
            wait > Duration::ZERO && wait <= Duration::from_secs(60),
            "{wait:?}"
        );
        assert_eq!(guard.refused(ip(2)), None, "another source is not affected");
    }

    #[test]
    fn failures_are_aggregated_per_source_and_bounded_per_window() {
        let guard = SourceGuard::new(1_000_000, 100, 4, Vec::new());
        for _ in 0..50 {
            guard.failed(
                ip(1),
                Aggregates::AuthFailure,
                None,
                "rest",
                "missing_credential",
            );
        }
        for source in 0..=250u8 {
            guard.failed(
                ip(source),
                Aggregates::ClaimRejected,
                None,
                "claims",
                "invalid_claim",
            );
        }
        let events = guard.drain();
        assert!(
            events.len() <= MAX_ROWS_PER_FLUSH + 2,
            "{} rows",
            events.len()
        );
        let counted: u64 = events.iter().map(|e| aggregated(e).count).sum();
        assert_eq!(counted, 50 + 251, "every failure is counted once");
        let top = aggregated(&events[0]);
        assert_eq!(top.count, 50);
        assert_eq!(top.source.as_deref(), Some("192.0.2.1"));
        assert!(guard.drain().is_empty(), "a window is written once");
    }

    #[test]
    fn forwarded_for_is_believed_only_from_a_trusted_proxy() {
        let proxy: SocketAddr = "10.9.9.9:443".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            "203.0.113.7, 198.51.100.4".parse().unwrap(),
        );
        let untrusting = SourceGuard::new(5, 5, 4, Vec::new());
        assert_eq!(untrusting.source(&headers, Some(proxy)), proxy.ip());
        let trusting = SourceGuard::new(5, 5, 4, vec![proxy.ip()]);
        assert_eq!(
            trusting.source(&headers, Some(proxy)),
            "198.51.100.4".parse::<IpAddr>().unwrap()
        );
        assert_eq!(trusting.source(&HeaderMap::new(), Some(proxy)), proxy.ip());
    }

    #[test]
    fn claims_are_limited_in_rate_and_in_flight() {
        let guard = Arc::new(SourceGuard::new(5, 1_000, 4, Vec::new()));
        let slots: Vec<_> = (0..4).map(|_| guard.claim(ip(1)).unwrap()).collect();
        assert!(guard.claim(ip(1)).is_err(), "too many in flight");
        assert!(guard.claim(ip(2)).is_ok());
        drop(slots);
        assert!(guard.claim(ip(1)).is_ok());
        let slow = Arc::new(SourceGuard::new(5, 2, 4, Vec::new()));
        assert!(slow.claim(ip(3)).is_ok());
        assert!(slow.claim(ip(3)).is_ok());
        assert!(slow.claim(ip(3)).is_err(), "over the claim rate");
    }
}

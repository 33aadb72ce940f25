//! Bounds on what anyone can do without a credential.
//!
//! An unauthenticated flood (bad bearer tokens, junk claims, failed gate upgrades) used to
//! write one durable audit row per request on the admission write path, without bound, and
//! slowed every honest gate. Venues put guests, staff tablets and gates behind one NAT
//! address, and carriers put thousands of phones behind one, so a source's failures must
//! never refuse someone else's valid credential there. Per source address:
//! - **only failures spend a budget** (a [`governor`] GCRA limiter per source); once a
//!   source's budget is spent, a credential from it that this replica has not seen verify
//!   lately is answered 429 with `Retry-After` *before* any database work, until the budget
//!   refills: a flood of bad tokens costs the database nothing;
//! - **a valid credential is never refused for others' failures:** every credential that
//!   verifies (or that this replica mints: a new key, gate token, session, pairing) goes
//!   into a bounded set of known-good hashes ([`SourceGuard::admit`]), and a known-good
//!   credential is looked up, as always, whatever its source spent. The set authorises
//!   nothing: a revoked key is still refused by its lookup, and then forgotten;
//! - **claims and transfer proofs are verified first**, under one server-wide bound on how
//!   many run at once ([`SourceGuard::claim`]), which protects the database; only a failed
//!   one spends its source's claim budget, and past it the source's *failing* claims are
//!   answered 429 instead of 404, while a claim whose token verifies is served. A malformed
//!   link fails without the database, and from a source past its budget only a claim for a
//!   pass known to be claimable (a bounded set, learned like the credentials) goes on to
//!   the database ([`SourceGuard::admit_claim`]);
//! - **a spent source's refusals are held** half a second to a second before the 429 goes
//!   out ([`SourceGuard::hold`], at most [`HELD_AT_ONCE`] at a time): a flooder
//!   that waits for its answers (every HTTP client does) then sends a request a second per
//!   connection instead of as fast as the server can answer, and the CPU it would have
//!   taken stays with the honest gates. Past the bound a refusal is answered at once, so
//!   holding costs at most that many idle sockets;
//! - **failures are audited in aggregate**: one row per source, kind, tenant and window with
//!   the count, the first and last time and a sample reason, written by a background task
//!   in one relaxed transaction, at most [`MAX_ROWS_PER_FLUSH`] rows a window (the rest fold
//!   into one overflow row). High-severity events (`claim_conflict`, `foreign_nonce`,
//!   `code_replayed`) are not aggregated: each stays one durable row.
//!
//! - **sign-ins begun are bounded per source** ([`SourceGuard::start_sign_in`]): a start
//!   succeeds without any credential and writes a row that lives ten minutes, so it spends
//!   a budget of its own (`TESSERA_SSO_STARTS_PER_MIN`) rather than the failure budget.
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

/// Sign-ins one source may begin a minute unless the operator says otherwise: staff behind
/// one NAT address sign in a few times a day each.
pub const DEFAULT_SIGN_IN_STARTS_PER_MINUTE: u32 = 30;

/// Sources tracked at most before the quiet ones are forgotten (bounded memory).
const TRACKED_SOURCES: usize = 100_000;

/// Known-good credential hashes kept at most (about 100 bytes each), oldest out first.
const KNOWN_GOOD: usize = 100_000;

/// Claimable pass ids kept at most (about 60 bytes each), oldest out first.
const KNOWN_PASSES: usize = 200_000;

/// Refusals of spent sources held at once, at most; past it they are answered at once.
pub const HELD_AT_ONCE: usize = 4096;

/// How long a claim waits for a place under the server-wide bound before it is told to
/// retry.
const CLAIM_WAIT: Duration = Duration::from_secs(5);

/// Per-source limits and the aggregated failure log.
#[derive(Debug)]
pub struct SourceGuard {
    failures: DefaultKeyedRateLimiter<IpAddr>,
    claim_failures: DefaultKeyedRateLimiter<IpAddr>,
    sign_in_starts: DefaultKeyedRateLimiter<IpAddr>,
    claims_in_flight: Arc<tokio::sync::Semaphore>,
    known_good: Mutex<Bounded<[u8; 32]>>,
    known_passes: Mutex<Bounded<Uuid>>,
    blocked: Mutex<HashMap<IpAddr, std::time::Instant>>,
    held: Arc<tokio::sync::Semaphore>,
    hold_at_most: Duration,
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

/// One claim (or transfer step) in flight under the server-wide bound; dropping it frees
/// the place.
#[derive(Debug)]
pub struct ClaimSlot {
    _permit: tokio::sync::OwnedSemaphorePermit,
}

/// A set of at most `capacity` values; the oldest leave first.
#[derive(Debug)]
struct Bounded<T> {
    values: std::collections::HashSet<T>,
    order: std::collections::VecDeque<T>,
    capacity: usize,
}

impl<T: std::hash::Hash + Eq + Copy> Bounded<T> {
    fn new(capacity: usize) -> Self {
        Self {
            values: std::collections::HashSet::new(),
            order: std::collections::VecDeque::new(),
            capacity,
        }
    }

    fn insert(&mut self, value: T) {
        if self.values.insert(value) {
            self.order.push_back(value);
            while self.order.len() > self.capacity {
                if let Some(oldest) = self.order.pop_front() {
                    self.values.remove(&oldest);
                }
            }
        }
    }

    fn remove(&mut self, value: &T) {
        if self.values.remove(value) {
            self.order.retain(|kept| kept != value);
        }
    }
}

fn per_minute(n: u32) -> Quota {
    Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN))
}

impl SourceGuard {
    /// `failures_per_minute` failed authentications and `claim_failures_per_minute` failed
    /// claims or transfer proofs per source (each with a burst of the same size), and
    /// `claims_in_flight` claims and transfer steps at once, server-wide; a spent source's
    /// refusal is held half to all of `hold_at_most` ([`SourceGuard::hold`]);
    /// `trusted_proxies` may set the source with `X-Forwarded-For`.
    pub fn new(
        failures_per_minute: u32,
        claim_failures_per_minute: u32,
        claims_in_flight: usize,
        hold_at_most: Duration,
        trusted_proxies: Vec<IpAddr>,
    ) -> Self {
        Self {
            failures: RateLimiter::keyed(per_minute(failures_per_minute)),
            claim_failures: RateLimiter::keyed(per_minute(claim_failures_per_minute)),
            sign_in_starts: RateLimiter::keyed(per_minute(DEFAULT_SIGN_IN_STARTS_PER_MINUTE)),
            claims_in_flight: Arc::new(tokio::sync::Semaphore::new(claims_in_flight.max(1))),
            known_good: Mutex::new(Bounded::new(KNOWN_GOOD)),
            known_passes: Mutex::new(Bounded::new(KNOWN_PASSES)),
            blocked: Mutex::new(HashMap::new()),
            held: Arc::new(tokio::sync::Semaphore::new(HELD_AT_ONCE)),
            hold_at_most,
            trusted_proxies,
            log: Mutex::new(HashMap::new()),
        }
    }

    /// The same guard, allowing `per_minute` sign-ins begun per source (a burst of as
    /// many).
    #[must_use]
    pub fn with_sign_in_starts(mut self, per_minute: u32) -> Self {
        self.sign_in_starts = RateLimiter::keyed(self::per_minute(per_minute));
        self
    }

    /// Whether `source` may begin another sign-in through an identity provider: each one
    /// spends its per-source budget, and past it the start is refused (and counted in the
    /// aggregated audit) before any database work, until the budget refills.
    pub fn start_sign_in(&self, source: IpAddr) -> Option<RetryAfter> {
        match self.sign_in_starts.check_key(&source) {
            Ok(()) => None,
            Err(not_until) => {
                self.refused_request(source, Aggregates::AuthFailure, "sso");
                Some(RetryAfter(
                    not_until.wait_time_from(DefaultClock::default().now()),
                ))
            }
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

    /// Whether a request presenting the credential of SHA-256 `hash` from `source` goes on
    /// to its lookup: always when the credential verified lately on this replica (it is
    /// known good), else unless the source spent its failure budget.
    pub fn admit(&self, source: IpAddr, hash: &[u8; 32]) -> Option<RetryAfter> {
        self.known_or_refused(&self.known_good, hash, source)
    }

    /// Notes a credential that verified, or that this replica just minted.
    pub fn verified(&self, hash: &[u8; 32]) {
        if let Ok(mut known) = self.known_good.lock() {
            known.insert(*hash);
        }
    }

    /// Forgets a credential that no longer verifies (revoked, rotated out, ended).
    pub fn forget(&self, hash: &[u8; 32]) {
        if let Ok(mut known) = self.known_good.lock() {
            known.remove(hash);
        }
    }

    /// Whether a claim (or transfer step) for `pass` from `source` goes on to the database:
    /// always when the pass is one this replica knows to be claimable, else unless the
    /// source spent its failed-claim budget. A flood of claims for made-up passes then costs
    /// the database nothing, while a visitor at the same address claiming a real pass is
    /// served.
    pub fn admit_claim(&self, source: IpAddr, pass: &Uuid) -> Option<RetryAfter> {
        self.known_or_refused(&self.known_passes, pass, source)
    }

    /// Nothing when `value` is in the `known` set, else the refusal `source` has earned.
    fn known_or_refused<T: std::hash::Hash + Eq>(
        &self,
        known: &Mutex<Bounded<T>>,
        value: &T,
        source: IpAddr,
    ) -> Option<RetryAfter> {
        if known.lock().is_ok_and(|set| set.values.contains(value)) {
            return None;
        }
        self.refused(source)
    }

    /// Notes a claimable pass (issued here, or learned from the database).
    pub fn known_pass(&self, pass: Uuid) {
        if let Ok(mut known) = self.known_passes.lock() {
            known.insert(pass);
        }
    }

    /// Charges one failure to `source` and records it for the aggregated audit; a source
    /// over its budget (failed authentications, or failed claims and transfer proofs) is
    /// blocked until it refills.
    pub fn failed(
        &self,
        source: IpAddr,
        kind: Aggregates,
        org_id: Option<Uuid>,
        surface: &'static str,
        reason: &'static str,
    ) {
        self.record(source, kind, org_id, surface, reason);
        let budget = match kind {
            Aggregates::AuthFailure => &self.failures,
            Aggregates::ClaimRejected | Aggregates::TransferRejected => &self.claim_failures,
        };
        if let Err(not_until) = budget.check_key(&source) {
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

    /// A place for one claim or transfer step under the server-wide bound, waiting up to
    /// [`CLAIM_WAIT`] for one. A source's own failures do not enter into it: a claim whose
    /// token verifies is served whoever else shares its address.
    ///
    /// # Errors
    /// [`RetryAfter`] when no place freed in time.
    pub async fn claim(&self) -> Result<ClaimSlot, RetryAfter> {
        match tokio::time::timeout(
            CLAIM_WAIT,
            Arc::clone(&self.claims_in_flight).acquire_owned(),
        )
        .await
        {
            Ok(Ok(permit)) => Ok(ClaimSlot { _permit: permit }),
            _ => Err(RetryAfter(Duration::from_secs(1))),
        }
    }

    /// Holds the refusal of a spent source for a random half to all of the configured hold,
    /// unless [`HELD_AT_ONCE`] are held already: then it goes at once. Not until the budget
    /// refills: that moment is the same for all of a source's refusals, and answered
    /// together they would come back together, a burst that honest requests queue behind.
    pub async fn hold(&self) {
        // 0 means never held (`TESSERA_REFUSAL_HOLD_MS`): not even a timer tick.
        if self.hold_at_most.is_zero() {
            return;
        }
        let Ok(_held) = self.held.try_acquire() else {
            return;
        };
        let share = rand::Rng::gen_range(&mut rand::thread_rng(), 0.5..=1.0);
        tokio::time::sleep(self.hold_at_most.mul_f64(share)).await;
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
        self.claim_failures.retain_recent();
        self.sign_in_starts.retain_recent();
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

/// How often a replica learns the credentials made or changed since it last looked.
pub const LEARN_EVERY: Duration = Duration::from_secs(2);
/// How often it relearns all of them (what eviction from the bounded set dropped).
pub const RELEARN_ALL_EVERY: Duration = Duration::from_secs(600);
/// How far back each look reaches past the previous one (commits land after their times).
const LEARN_OVERLAP_MS: i64 = 10_000;

/// Learns every working credential's hash, and every claimable pass, at start-up, those
/// made or changed since (on any replica, or by `tessera-server init` and `keys`) every
/// [`LEARN_EVERY`], and all of them again every [`RELEARN_ALL_EVERY`], so that a gate
/// reconnecting after a restart, a key made elsewhere or a visitor claiming a real pass is
/// served here even while a neighbour at its address floods (`SourceGuard::admit`,
/// `SourceGuard::admit_claim`). The sets authorise nothing: each request still looks its
/// credential or claim up.
pub async fn learn_known_good(
    store: tessera_store::Store,
    guard: Arc<SourceGuard>,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let mut since_ms = 0;
    let mut full_at = tokio::time::Instant::now() + RELEARN_ALL_EVERY;
    loop {
        let now_ms = tessera_domain::now_ms();
        match store
            .orgs()
            .live_credential_hashes(now_ms, since_ms, KNOWN_GOOD as i64)
            .await
        {
            Ok(hashes) => {
                for hash in hashes {
                    if let Ok(hash) = <[u8; 32]>::try_from(hash.as_slice()) {
                        guard.verified(&hash);
                    }
                }
                match store
                    .passes()
                    .claimable_pass_ids(now_ms, since_ms, KNOWN_PASSES as i64)
                    .await
                {
                    Ok(passes) => {
                        for pass in passes {
                            guard.known_pass(pass);
                        }
                        since_ms = now_ms.saturating_sub(LEARN_OVERLAP_MS);
                    }
                    Err(error) => {
                        tracing::debug!(%error, "could not learn the claimable passes yet")
                    }
                }
            }
            Err(error) => tracing::debug!(%error, "could not learn the working credentials yet"),
        }
        if tokio::time::Instant::now() >= full_at {
            since_ms = 0;
            full_at = tokio::time::Instant::now() + RELEARN_ALL_EVERY;
        }
        tokio::select! {
            () = tokio::time::sleep(LEARN_EVERY) => {}
            _ = shutdown.changed() => return,
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

    const HOLD: Duration = Duration::from_secs(1);

    fn ip(last: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(192, 0, 2, last))
    }

    #[test]
    fn sign_ins_begun_are_bounded_per_source_alone() {
        let guard = SourceGuard::new(5, 100, 4, HOLD, Vec::new()).with_sign_in_starts(3);
        for _ in 0..3 {
            assert_eq!(guard.start_sign_in(ip(1)), None);
        }
        assert!(guard.start_sign_in(ip(1)).is_some());
        // Another source is untouched, and starting is no failure: the first one's
        // credentials are not refused.
        assert_eq!(guard.start_sign_in(ip(2)), None);
        assert_eq!(guard.refused(ip(1)), None);
    }

    #[test]
    fn a_source_over_its_failure_budget_is_refused_alone() {
        let guard = SourceGuard::new(5, 100, 4, HOLD, Vec::new());
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
        let guard = SourceGuard::new(1_000_000, 100, 4, HOLD, Vec::new());
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
        let untrusting = SourceGuard::new(5, 5, 4, HOLD, Vec::new());
        assert_eq!(untrusting.source(&headers, Some(proxy)), proxy.ip());
        let trusting = SourceGuard::new(5, 5, 4, HOLD, vec![proxy.ip()]);
        assert_eq!(
            trusting.source(&headers, Some(proxy)),
            "198.51.100.4".parse::<IpAddr>().unwrap()
        );
        assert_eq!(trusting.source(&HeaderMap::new(), Some(proxy)), proxy.ip());
    }

    #[tokio::test]
    async fn claims_are_bounded_server_wide_not_per_source() {
        let guard = SourceGuard::new(5, 1_000, 2, HOLD, Vec::new());
        let first = guard.claim().await.unwrap();
        let _second = guard.claim().await.unwrap();
        // Full: the next waits, and gets the place the moment one frees.
        let waiting = tokio::spawn({
            let guard = Arc::new(guard);
            async move { guard.claim().await.is_ok() }
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiting.is_finished(), "a third claim waits for a place");
        drop(first);
        assert!(waiting.await.unwrap(), "and gets the freed place");
    }

    #[test]
    fn a_known_good_credential_is_admitted_from_a_spent_source() {
        let guard = SourceGuard::new(1, 1, 4, HOLD, Vec::new());
        let (good, bad) = ([1u8; 32], [2u8; 32]);
        guard.verified(&good);
        for _ in 0..3 {
            guard.failed(
                ip(7),
                Aggregates::AuthFailure,
                None,
                "rest",
                "unknown_credential",
            );
        }
        assert!(
            guard.admit(ip(7), &bad).is_some(),
            "an unknown credential waits"
        );
        assert_eq!(guard.admit(ip(7), &good), None, "a known-good one goes on");
        guard.forget(&good);
        assert!(
            guard.admit(ip(7), &good).is_some(),
            "forgotten once it failed"
        );
        assert_eq!(
            guard.admit(ip(8), &bad),
            None,
            "another source is not affected"
        );
    }

    #[test]
    fn a_spent_source_claims_only_known_passes_and_the_sets_stay_bounded() {
        let guard = SourceGuard::new(1_000, 1, 4, HOLD, Vec::new());
        let (real, made_up) = (Uuid::now_v7(), Uuid::new_v4());
        guard.known_pass(real);
        for _ in 0..2 {
            guard.failed(
                ip(5),
                Aggregates::ClaimRejected,
                None,
                "claims",
                "invalid_claim",
            );
        }
        assert_eq!(guard.admit_claim(ip(5), &real), None);
        assert!(guard.admit_claim(ip(5), &made_up).is_some());
        assert_eq!(
            guard.admit_claim(ip(6), &made_up),
            None,
            "a fresh source goes on"
        );
        let mut set = Bounded::new(3);
        for value in 0..5 {
            set.insert(value);
        }
        assert_eq!(set.values.len(), 3);
        assert!(
            !set.values.contains(&0) && set.values.contains(&4),
            "the oldest left first"
        );
        set.remove(&4);
        assert_eq!(set.order.len(), 2);
    }

    #[test]
    fn failed_claims_spend_their_own_budget() {
        let guard = SourceGuard::new(1_000, 2, 4, HOLD, Vec::new());
        for _ in 0..2 {
            guard.failed(
                ip(9),
                Aggregates::ClaimRejected,
                None,
                "claims",
                "invalid_claim",
            );
            assert_eq!(guard.refused(ip(9)), None);
        }
        guard.failed(
            ip(9),
            Aggregates::ClaimRejected,
            None,
            "claims",
            "invalid_claim",
        );
        assert!(
            guard.refused(ip(9)).is_some(),
            "past the failed-claim budget"
        );
    }

    #[tokio::test]
    async fn a_refusal_is_held_for_half_to_all_of_the_hold_within_bounds() {
        // Half to all of the hold, spread, so that a source's refusals do not come back in
        // one burst. (A sleep never ends early; under load it may end late.)
        let hold = Duration::from_millis(40);
        let guard = SourceGuard::new(5, 5, 4, hold, Vec::new());
        let mut held = std::collections::BTreeSet::new();
        for _ in 0..20 {
            let started = std::time::Instant::now();
            guard.hold().await;
            let took = started.elapsed();
            assert!(took >= hold / 2, "held {took:?}");
            held.insert(took.as_micros());
        }
        assert!(held.len() > 10, "twenty holds took {held:?} µs");

        // With HELD_AT_ONCE refusals held, the next is answered at once.
        let guard = Arc::new(SourceGuard::new(
            5,
            5,
            4,
            Duration::from_secs(3600),
            Vec::new(),
        ));
        let mut holding = tokio::task::JoinSet::new();
        for _ in 0..HELD_AT_ONCE {
            let guard = Arc::clone(&guard);
            holding.spawn(async move { guard.hold().await });
        }
        while guard.held.available_permits() > 0 {
            tokio::task::yield_now().await;
        }
        let started = std::time::Instant::now();
        guard.hold().await;
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the bound held one more"
        );
        holding.shutdown().await;
        assert_eq!(guard.held.available_permits(), HELD_AT_ONCE);
    }
}

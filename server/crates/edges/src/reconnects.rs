//! The budget of gate connections a replica opens per second.
//!
//! When a replica dies at the entry rush, its thousands of gates reconnect to the others at
//! once. Each connection costs a token lookup, a presence row and an event; taken all at
//! once they would delay the admissions of the gates that never left. So a replica opens at
//! most `TESSERA_GATE_CONNECTS_PER_S` gate sockets a second (bursts of as many, a
//! [`governor`] limiter), checked after the credential verified (an attacker's tokens cannot
//! spend an honest gate's budget), and answers the rest `503` with `Retry-After`.
//!
//! A gate with a visitor waiting (scans in its journal, which it says in the upgrade's
//! `Tessera-Pending-Scans` header) is not made to wait behind idle ones: it draws from a
//! second budget of the same size, so a venue's waiting visitors get their verdicts first
//! and a device that claims work it does not have can take at most that second budget.
//!
//! Everyone refused in the same instant must not come back in the same instant, so the
//! answers are spread: each refusal takes the next place of a queue that drains at the
//! budget's rate ([`Backlog::defer`]), and is told the whole seconds until its place. The
//! gate adds its own jitter inside that second (`tessera_gate::backoff`), so the returning
//! gates arrive at about the rate the budget admits.

use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::Duration;

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};

/// Longest `Retry-After` given: past it the queue is not extended (a gate told a minute
/// comes back and is told again).
pub const MAX_WAIT: Duration = Duration::from_secs(60);

/// Whether a verified gate may open its socket now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connect {
    /// Within the budget.
    Now,
    /// Over it: come back after this many seconds.
    RetryAfter(u64),
}

/// This replica's budget of new gate sockets.
#[derive(Debug)]
pub struct ConnectBudget {
    limiter: DefaultDirectRateLimiter,
    waiting: DefaultDirectRateLimiter,
    per_s: NonZeroU32,
    backlog: Mutex<Backlog>,
}

impl ConnectBudget {
    /// At most `per_s` new gate sockets a second, in bursts of as many.
    pub fn new(per_s: NonZeroU32) -> Self {
        Self {
            limiter: RateLimiter::direct(Quota::per_second(per_s)),
            waiting: RateLimiter::direct(Quota::per_second(per_s)),
            per_s,
            backlog: Mutex::default(),
        }
    }

    /// Takes a place in the budget (for a gate with a visitor waiting, in the second one
    /// when the first is spent), or says when to come back.
    pub fn try_connect(&self, visitor_waiting: bool) -> Connect {
        if self.limiter.check().is_ok() || (visitor_waiting && self.waiting.check().is_ok()) {
            return Connect::Now;
        }
        let now_us = tessera_domain::now_ms().saturating_mul(1000);
        let mut backlog = self
            .backlog
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Connect::RetryAfter(backlog.defer(now_us, self.per_s))
    }
}

/// The queue of refused connections, as the instant its last place comes due.
#[derive(Debug, Default)]
struct Backlog {
    until_us: i64,
}

impl Backlog {
    /// Gives a refused connection the next place (one `1/per_s` after the last, and not
    /// before now) and returns the whole seconds until it, at least 1 and at most
    /// [`MAX_WAIT`].
    fn defer(&mut self, now_us: i64, per_s: NonZeroU32) -> u64 {
        let interval_us = (1_000_000 / i64::from(per_s.get())).max(1);
        let max_us = i64::try_from(MAX_WAIT.as_micros()).unwrap_or(i64::MAX);
        let place = self
            .until_us
            .max(now_us)
            .saturating_add(interval_us)
            .min(now_us.saturating_add(max_us));
        self.until_us = place;
        let wait_us = u64::try_from(place - now_us).unwrap_or(0);
        wait_us.div_ceil(1_000_000).clamp(1, MAX_WAIT.as_secs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn per_s(n: u32) -> NonZeroU32 {
        NonZeroU32::new(n).unwrap()
    }

    #[test]
    fn refused_connections_are_spread_over_the_seconds_the_budget_needs() {
        // (moment in µs, refusals at that moment, per second, the answers of the first and
        // the last of them)
        let table: &[(i64, usize, u32, u64, u64)] = &[
            // A second's worth of refusals is told to come back in 1 s, the next second's
            // in 2 s, and so on.
            (0, 1000, 1000, 1, 1),
            (0, 1000, 1000, 2, 2),
            (0, 500, 1000, 3, 3),
            // Time passes: the queue drains as the budget admits.
            (2_500_000, 1, 1000, 1, 1),
            // Long after, the queue is empty: 1 s again.
            (60_000_000, 1, 1000, 1, 1),
            // A slow budget spreads a few refusals over several seconds.
            (61_000_000, 3, 2, 1, 2),
            // Never more than a minute.
            (62_000_000, 1000, 2, 1, 60),
        ];
        let mut backlog = Backlog::default();
        for &(now, count, rate, first, last) in table {
            let answers: Vec<u64> = (0..count)
                .map(|_| backlog.defer(now, per_s(rate)))
                .collect();
            assert_eq!(
                (answers[0], answers[count - 1]),
                (first, last),
                "{count} refusals at {now} µs, {rate}/s"
            );
            assert!(answers.windows(2).all(|w| w[0] <= w[1]), "in order");
        }
    }

    #[test]
    fn the_budget_admits_a_burst_of_its_rate_then_defers() {
        let budget = ConnectBudget::new(per_s(50));
        let admitted = (0..200)
            .filter(|_| budget.try_connect(false) == Connect::Now)
            .count();
        // The burst, and perhaps one more replenished while the loop ran.
        assert!((50..=52).contains(&admitted), "admitted {admitted}");
        assert!(
            matches!(budget.try_connect(false), Connect::RetryAfter(s) if (1..=5).contains(&s))
        );
        // A gate with a visitor waiting still gets in, from a budget of its own size.
        let waiting = (0..200)
            .filter(|_| budget.try_connect(true) == Connect::Now)
            .count();
        assert!(
            (50..=52).contains(&waiting),
            "with visitors waiting: {waiting}"
        );
        assert!(matches!(budget.try_connect(true), Connect::RetryAfter(_)));
    }
}

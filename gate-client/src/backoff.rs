//! Exponential backoff with jitter, for reconnects and retryable errors.
//!
//! Jitter matters at a venue: when the server or the network comes back, hundreds of gates
//! would otherwise reconnect in the same instant. "Equal jitter" keeps at least half of the
//! exponential delay, so a gate never hammers, and spreads the rest at random.

use std::time::Duration;

/// Backoff state: the delay grows with each failure until [`Backoff::reset`].
#[derive(Clone, Debug)]
pub struct Backoff {
    base: Duration,
    cap: Duration,
    failures: u32,
}

impl Backoff {
    /// Delays start near `base` and never exceed `cap`.
    pub fn new(base: Duration, cap: Duration) -> Self {
        Self {
            base,
            cap,
            failures: 0,
        }
    }

    /// The delay before the next attempt; counts one more failure.
    pub fn next_delay(&mut self) -> Duration {
        let delay = delay_for(self.base, self.cap, self.failures);
        self.failures = self.failures.saturating_add(1);
        delay
    }

    /// Failures since the last reset.
    pub fn failures(&self) -> u32 {
        self.failures
    }

    /// Starts over after a success.
    pub fn reset(&mut self) {
        self.failures = 0;
    }
}

/// The jittered delay after `failures` earlier failures: uniform in `[d/2, d]` with
/// `d = min(cap, base · 2^failures)`.
pub fn delay_for(base: Duration, cap: Duration, failures: u32) -> Duration {
    let factor = 1u32 << failures.min(20);
    let full = base.saturating_mul(factor).min(cap);
    let half = full / 2;
    let spread = u64::try_from((full - half).as_millis()).unwrap_or(u64::MAX);
    let extra = if spread == 0 {
        0
    } else {
        rand::random::<u64>() % (spread + 1)
    };
    half + Duration::from_millis(extra)
}

/// The delay before coming back to a server that answered `Retry-After: retry_after`: that
/// long plus a random part of a second, so the gates it turned away in the same instant
/// (told the same whole seconds) come back spread over that second, not together.
pub fn after_retry_after(retry_after: Duration) -> Duration {
    retry_after + Duration::from_millis(rand::random::<u64>() % 1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grows_and_stays_under_the_cap() {
        let mut b = Backoff::new(Duration::from_millis(250), Duration::from_secs(10));
        let first = b.next_delay();
        assert!(first >= Duration::from_millis(125) && first <= Duration::from_millis(250));
        for _ in 0..40 {
            let d = b.next_delay();
            assert!(d <= Duration::from_secs(10));
        }
        let late = b.next_delay();
        assert!(late >= Duration::from_secs(5), "{late:?}");
        b.reset();
        assert!(b.next_delay() <= Duration::from_millis(250));
    }

    #[test]
    fn a_retry_after_is_kept_and_spread_over_the_next_second() {
        let told = Duration::from_secs(3);
        let delays: Vec<Duration> = (0..200).map(|_| after_retry_after(told)).collect();
        assert!(delays
            .iter()
            .all(|d| *d >= told && *d < told + Duration::from_secs(1)));
        let (min, max) = (delays.iter().min(), delays.iter().max());
        // 200 draws over 1,000 ms: the spread is wide, not one instant.
        assert!(
            max.zip(min)
                .is_some_and(|(max, min)| *max - *min > Duration::from_millis(500)),
            "{min:?}..{max:?}"
        );
    }
}

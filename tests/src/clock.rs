//! Wall-clock helpers for rotating codes and RFC 3339 times.
//!
//! Rotating codes are tied to real time (`T = floor(unix / 15)`) and the server reads its own
//! clock, so tests cannot pause time; instead they pick codes relative to the current step and,
//! when a test needs several steps to stay valid, first wait out the end of a step that is
//! about to roll over. Nothing else in the suite sleeps.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// The code step of TSR1 §4, in seconds.
pub const STEP_S: u64 = 15;

/// Now, in UTC.
pub fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

/// Now, in whole unix seconds.
pub fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The current step `T`.
pub fn current_step() -> u64 {
    unix_now() / STEP_S
}

/// Formats a time as RFC 3339.
pub fn rfc3339(at: OffsetDateTime) -> String {
    at.format(&Rfc3339).unwrap_or_default()
}

/// Parses an RFC 3339 time.
///
/// # Errors
/// When the text is not RFC 3339.
pub fn parse_rfc3339(text: &str) -> anyhow::Result<OffsetDateTime> {
    OffsetDateTime::parse(text, &Rfc3339)
        .map_err(|e| anyhow::anyhow!("{text:?} is not RFC 3339: {e}"))
}

/// Returns the current step once at least `margin_s` seconds of it remain, waiting for the
/// next step if needed, so that a test using steps `T−1 ..= T+1` is not cut by a rollover.
pub async fn step_with_margin(margin_s: u64) -> u64 {
    let elapsed_ms = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis())
        % u128::from(STEP_S * 1000);
    let remaining_ms = u128::from(STEP_S * 1000) - elapsed_ms;
    if remaining_ms < u128::from(margin_s * 1000) {
        let wait = u64::try_from(remaining_ms).unwrap_or(0) + 50;
        tokio::time::sleep(Duration::from_millis(wait)).await;
    }
    current_step()
}

/// Hands out code steps for one pass: each strictly after the last, each one the server
/// accepts now (within one step of its own), waiting for the next step when needed. A step
/// `T−1` is only handed out while enough of `T` remains for the scan to reach the server.
pub struct Steps {
    step_s: u64,
    last: Option<u64>,
}

impl Steps {
    /// For a server whose code step is `step_s` seconds.
    #[must_use]
    pub fn new(step_s: u64) -> Self {
        Self { step_s, last: None }
    }

    /// The next step to show.
    pub async fn next(&mut self) -> u64 {
        let step_ms = u128::from(self.step_s * 1000);
        let margin_ms = (step_ms / 4).min(1500);
        loop {
            let now_ms = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis());
            let current = u64::try_from(now_ms / step_ms).unwrap_or(0);
            let remaining_ms = step_ms - now_ms % step_ms;
            let lowest = if remaining_ms >= margin_ms {
                current - 1
            } else {
                current
            };
            let candidate = self.last.map_or(lowest, |last| (last + 1).max(lowest));
            if candidate <= current + 1 {
                self.last = Some(candidate);
                return candidate;
            }
            let wait = u64::try_from(remaining_ms).unwrap_or(0) + 50;
            tokio::time::sleep(Duration::from_millis(wait)).await;
        }
    }
}

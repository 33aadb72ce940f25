//! The rotating code's clock: HOTP-SHA256 with 8 digits and a 15-second step (TSR1 §4).
//!
//! The OTP is RFC 6238 TOTP with SHA-256 and 8 digits, computed by `totp-rs` so that the
//! truncation is the reviewed one standard authenticators use. The server's window check
//! lives here too, because the split into `bad_code`, `stale_code` and `future_code` is part
//! of the protocol: a stale code is reported with its age as a screenshot signal, and that is
//! only meaningful if the OTP was checked first.

use totp_rs::{Algorithm, TOTP};

use crate::codes::Otp;

/// Seconds per rotating-code step.
pub const CODE_PERIOD_S: u64 = 15;
/// Digits of the one-time password.
pub const CODE_DIGITS: usize = 8;
/// Steps either side of now that a server accepts: `T ∈ {now−1, now, now+1}` (§4).
pub const CODE_WINDOW_STEPS: u64 = 1;

/// `HOTP-SHA256(key, counter)` with RFC 4226 dynamic truncation to 8 digits.
pub fn hotp_sha256_8(key: &[u8], counter: u64) -> Otp {
    // A step of one second turns totp-rs's `time / step` into the counter itself, so the
    // crate computes HOTP for any counter below 2^64 without multiplying (and overflowing).
    let engine = TOTP::new_unchecked(Algorithm::SHA256, CODE_DIGITS, 0, 1, key.to_vec());
    let digits = engine.generate(counter);
    Otp::parse(&digits).unwrap_or_else(|_| Otp::from_value(0))
}

/// `T = floor(unix_seconds / period_s)`; a zero period is treated as one second.
pub fn counter_at(unix_seconds: u64, period_s: u64) -> u64 {
    unix_seconds / period_s.max(1)
}

/// Where a code's step lies relative to the server's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeCheck {
    /// `T` is within one step of now.
    Fresh,
    /// `T` is older than one step: `age_s` seconds since its step began.
    Stale {
        /// Seconds between the start of the code's step and now.
        age_s: u64,
    },
    /// `T` is more than one step ahead: its step starts in `ahead_s` seconds.
    Future {
        /// Seconds from now until the code's step begins.
        ahead_s: u64,
    },
}

/// Classifies a code's step `counter` against `now_unix`, accepting `{now−1, now, now+1}`.
pub fn check_code(counter: u64, now_unix: u64, period_s: u64) -> CodeCheck {
    let period = period_s.max(1);
    let now = counter_at(now_unix, period);
    let step_start = u128::from(counter) * u128::from(period);
    let clamp = |v: u128| u64::try_from(v).unwrap_or(u64::MAX);
    if counter.saturating_add(CODE_WINDOW_STEPS) < now {
        CodeCheck::Stale {
            age_s: clamp(u128::from(now_unix).saturating_sub(step_start)),
        }
    } else if counter > now.saturating_add(CODE_WINDOW_STEPS) {
        CodeCheck::Future {
            ahead_s: clamp(step_start.saturating_sub(u128::from(now_unix))),
        }
    } else {
        CodeCheck::Fresh
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_is_one_step_either_side() {
        let now = 1_000 * CODE_PERIOD_S + 7;
        assert_eq!(check_code(1_000, now, CODE_PERIOD_S), CodeCheck::Fresh);
        assert_eq!(check_code(999, now, CODE_PERIOD_S), CodeCheck::Fresh);
        assert_eq!(check_code(1_001, now, CODE_PERIOD_S), CodeCheck::Fresh);
        assert_eq!(
            check_code(998, now, CODE_PERIOD_S),
            CodeCheck::Stale { age_s: 37 }
        );
        assert_eq!(
            check_code(1_002, now, CODE_PERIOD_S),
            CodeCheck::Future { ahead_s: 23 }
        );
    }

    #[test]
    fn extreme_counters_do_not_overflow() {
        assert!(matches!(
            check_code(u64::MAX, 0, CODE_PERIOD_S),
            CodeCheck::Future { .. }
        ));
        assert!(matches!(
            check_code(0, u64::MAX, CODE_PERIOD_S),
            CodeCheck::Stale { .. }
        ));
        let _ = hotp_sha256_8(&[1; 32], u64::MAX);
    }
}

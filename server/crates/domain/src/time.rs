//! Stored times: unix milliseconds by the server's clock, in both schemas, and the RFC 3339
//! form every answer and audit detail shows them in.

use time::OffsetDateTime;

/// Milliseconds since the Unix epoch by the server's clock (all stored times use this unit).
pub fn now_ms() -> i64 {
    datetime_to_ms(OffsetDateTime::now_utc())
}

/// Converts stored milliseconds to a UTC date-time (clamped to the representable range).
pub fn ms_to_datetime(ms: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// Converts a date-time to stored milliseconds (clamped to `i64`).
pub fn datetime_to_ms(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(if at.unix_timestamp() < 0 {
        i64::MIN
    } else {
        i64::MAX
    })
}

/// Stored milliseconds as an RFC 3339 UTC time.
pub fn rfc3339(ms: i64) -> String {
    ms_to_datetime(ms)
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn milliseconds_round_trip_and_clamp() {
        for ms in [0, 1, 1_764_000_000_123, -1_000] {
            assert_eq!(datetime_to_ms(ms_to_datetime(ms)), ms);
        }
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_500), "1970-01-01T00:00:01.5Z");
        // Out of `time`'s range: clamped to the epoch rather than a panic.
        assert_eq!(ms_to_datetime(i64::MAX), OffsetDateTime::UNIX_EPOCH);
    }
}

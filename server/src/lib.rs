//! The Tessera admission server.
//!
//! REST for issuing passes, claiming them and auditing; the gate WebSocket where TSR1 scans
//! are challenged and redeemed; storage on PostgreSQL (production, shared by stateless
//! replicas) or SQLite (the zero-set-up default for a single site). `main.rs` only parses the
//! command line and calls into [`cli`], so tests and tools can drive the same code.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::todo,
    clippy::panic,
    clippy::await_holding_lock
)]
#![warn(missing_docs)]

pub mod abuse;
pub mod audit;
pub mod cli;
pub mod config;
pub mod credentials;
pub mod error;
pub mod feed;
pub mod http;
pub mod keyring;
pub mod metrics;
pub mod redemption;
pub mod retention;
pub mod rules;
pub mod serve;
pub mod startup;
pub mod state;
pub mod store;
pub mod tls;
pub mod visits;
pub mod walk_ins;
pub mod webhooks;
pub mod ws;
pub mod zones;

pub use error::{Error, Result};
pub use startup::Application;

/// Milliseconds since the Unix epoch by the server's clock (all stored times use this unit).
pub fn now_ms() -> i64 {
    let now = time::OffsetDateTime::now_utc();
    i64::try_from(now.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

/// Converts stored milliseconds to a UTC date-time (clamped to the representable range).
pub fn ms_to_datetime(ms: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// Converts a date-time to stored milliseconds (clamped to `i64`).
pub fn datetime_to_ms(at: time::OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(if at.unix_timestamp() < 0 {
        i64::MIN
    } else {
        i64::MAX
    })
}

/// Stored milliseconds as an RFC 3339 UTC time, as every answer and audit detail shows them.
pub fn rfc3339(ms: i64) -> String {
    ms_to_datetime(ms)
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

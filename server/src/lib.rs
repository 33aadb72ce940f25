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
pub mod cli;
pub mod config;
pub mod error;
pub mod feed;
pub mod http;
pub mod serve;
pub mod startup;
pub mod state;
pub mod tls;
pub mod ws;

pub use error::{Error, Result};
pub use startup::Application;

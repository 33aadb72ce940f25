//! The Tessera admission server: its edges and the app that runs them.
//!
//! The edges are what clients talk to: REST for issuing passes, claiming them and auditing
//! ([`http`]), the gate WebSocket where TSR1 scans are challenged and redeemed ([`ws`]),
//! the console's live audit stream ([`feed`]) and the per-source limits ([`abuse`]). The
//! app is the command line ([`cli`]), the settings ([`config`]), start-up and shutdown
//! ([`startup`]). The use cases are `tessera-flows`, storage on PostgreSQL or SQLite is
//! `tessera-store`, the rules are `tessera-domain` (`docs/architecture.md`). `main.rs`
//! only parses the command line and calls into [`cli`], so tests and tools can drive the
//! same code.

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

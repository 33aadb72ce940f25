//! The Tessera admission server: the app that runs the edges.
//!
//! The app is the command line ([`cli`]), the settings ([`config`], and the TOML file
//! [`config_file`]), start-up, the background tasks and shutdown ([`startup`]), the HTTP
//! listener with its bounds ([`serve`]) and TLS ([`tls`]), the log that never shows a query
//! string ([`logging`]) and the refusals of local files and links that would expose a
//! secret ([`guards`]). What clients talk to is `tessera-edges`; the use cases are
//! `tessera-flows`, storage on PostgreSQL or SQLite is `tessera-store`, the rules are
//! `tessera-domain` (`docs/architecture.md`). `main.rs` only parses the command line and
//! calls into [`cli`], so tests and tools can drive the same code.

pub mod cli;
pub mod config;
pub mod config_file;
pub mod error;
pub mod guards;
pub mod logging;
pub mod nodes_cli;
pub mod serve;
pub mod sso_domains;
pub mod startup;
pub mod tls;

pub use error::{Error, Result};
pub use startup::Application;

//! Black-box conformance harness for `tessera-server`.
//!
//! The suite drives the real binary over real HTTP and WebSockets, on PostgreSQL and on
//! SQLite, because a difference in behaviour between the two backends is a bug (STYLE.md,
//! "Two backends, one domain"). Nothing here links the server's code: a test only knows the
//! wire contract of `PROTOCOL.md`, the command line and the stored schema, exactly as a
//! third-party gate, wallet or auditor would.
//!
//! Every test is written once as `async fn name(backend: Backend) -> anyhow::Result<()>` and
//! [`both_backends!`] turns it into a `sqlite` and a `postgres` test function.
#![warn(missing_docs)]

pub mod api;
pub mod checks;
pub mod clock;
pub mod cluster;
pub mod csv;
pub mod db;
pub mod dns;
pub mod fixtures;
pub mod gate;
pub mod mail;
pub mod node;
pub mod oidc;
pub mod pgproxy;
pub mod proxy;
pub mod push;
pub mod server;
pub mod sse;
pub mod tls;
pub mod tools;
pub mod wallet;

pub use api::{ApiClient, Reply};
pub use checks::*;
pub use db::{Backend, Db};
pub use gate::Gate;
pub use server::{spawn_server, Org, TestServer};
pub use wallet::Wallet;

/// Generates, for each named generic test `async fn name(Backend) -> anyhow::Result<()>`,
/// a module `name` holding the test functions `sqlite` and `postgres`.
///
/// One body, two backends: the test can never drift between them.
#[macro_export]
macro_rules! both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() -> anyhow::Result<()> {
                    super::$name($crate::Backend::Sqlite).await
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() -> anyhow::Result<()> {
                    super::$name($crate::Backend::Postgres).await
                }
            }
        )*
    };
}

/// Like [`both_backends!`], for the few tests that exist on PostgreSQL only by nature
/// (making the database unreachable, a schema left behind by a skipped `migrate`).
#[macro_export]
macro_rules! postgres_only {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() -> anyhow::Result<()> {
                    super::$name($crate::Backend::Postgres).await
                }
            }
        )*
    };
}

/// Like [`both_backends!`], for behaviour that only the embedded SQLite default has (it
/// creates, migrates and bootstraps its own database).
#[macro_export]
macro_rules! sqlite_only {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() -> anyhow::Result<()> {
                    super::$name($crate::Backend::Sqlite).await
                }
            }
        )*
    };
}

//! The storage layer's one error type: what failed, in storage's words.
//!
//! It knows nothing of HTTP: the edge decides what a client is told (a storage failure is
//! "retry", anything else an internal error), and logs the cause.

use tessera_domain::Conflict;

/// Everything a storage call can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A database call failed; the operation may be retried.
    #[error("storage: {context}: {source}")]
    Storage {
        /// Which step failed, e.g. "commit redemption".
        context: &'static str,
        /// The driver's error.
        #[source]
        source: sqlx::Error,
    },
    /// A database call took longer than allowed; its effect is unknown.
    #[error("storage timed out: {0}")]
    StorageTimeout(&'static str),
    /// Applying migrations failed.
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A unique constraint refused a write; what it means for the caller.
    #[error("storage conflict: {0:?}")]
    Conflict(Conflict),
    /// A row breaks an invariant the server relies on (a bug or a corrupted row); a resend
    /// cannot cure it.
    #[error("internal: {0}")]
    Internal(&'static str),
    /// The database URL or another storage option is unusable.
    #[error("configuration: {0}")]
    Config(String),
    /// The primary locator's forwarder could not bind.
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

/// `Result` with the storage [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Wraps a driver error with the step that failed.
    pub fn storage(context: &'static str) -> impl FnOnce(sqlx::Error) -> Error {
        move |source| Error::Storage { context, source }
    }

    /// Whether the failure is in storage, so that the same request may succeed when
    /// resent (a lost connection, a timeout, a write that lost a race). Everything else is
    /// a fault a resend cannot cure.
    pub fn is_storage(&self) -> bool {
        match self {
            // A column that does not decode is a corrupted row, not an outage.
            Error::Storage {
                source: sqlx::Error::ColumnDecode { .. } | sqlx::Error::Decode(_),
                ..
            } => false,
            Error::Storage { .. } | Error::StorageTimeout(_) | Error::Conflict(_) => true,
            _ => false,
        }
    }
}

//! The flows' one error type: what a use case can fail with, in the flows' words.
//!
//! It knows nothing of HTTP or WebSocket frames: the edges map it (the REST error body,
//! a gate `error` frame) in one place each.

use std::path::PathBuf;

use tessera_domain::Refusal;

/// Everything a flow can fail with.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Storage failed; [`Error::is_storage`] says whether a resend may succeed.
    #[error(transparent)]
    Store(#[from] tessera_store::Error),
    /// A rule of hosts, walk-ins, re-binding or transfer refuses the request.
    #[error("{}", .0.message())]
    Refused(Refusal),
    /// Someone moved the alarm past what the action needs (acknowledged or resolved it
    /// first).
    #[error("{0}")]
    Alarm(tessera_domain::alarms::AlarmRefusal),
    /// The watchlist keeps this holder out. Neutral on purpose: it does not say why.
    #[error("this pass cannot be issued or claimed; please contact the security team")]
    Withheld,
    /// No such object for this tenant.
    #[error("not found")]
    NotFound,
    /// An invariant the server relies on does not hold (a bug or a corrupted row); a
    /// resend cannot cure it.
    #[error("internal: {0}")]
    Internal(&'static str),
    /// A key file could not be read or written.
    #[error("key file {path}: {source}")]
    KeyFile {
        /// The file.
        path: PathBuf,
        /// The IO error.
        #[source]
        source: std::io::Error,
    },
    /// A key directory or key file that group or others may access (ssh's rule).
    #[error(
        "{path} has mode {mode:o}: group and others must have no access to server keys \
         (chmod 700 the directory, chmod 600 each key file)"
    )]
    InsecureKeyPermissions {
        /// The directory or file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// A key file does not hold a valid key.
    #[error("key file {0} does not hold 64 hex characters")]
    BadKeyFile(PathBuf),
    /// A pass names a server key this server does not have.
    #[error("server key {0} is not loaded")]
    UnknownServerKey(String),
}

/// `Result` with the flows' [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Whether the failure is in storage, so that the same request may succeed when
    /// resent. Everything else is a fault a resend cannot cure.
    pub fn is_storage(&self) -> bool {
        matches!(self, Error::Store(store) if store.is_storage())
    }
}

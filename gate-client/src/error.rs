//! The one error type of the gate client.
//!
//! Variants separate what the operator must fix (configuration, credentials, the journal)
//! from what the gate rides out by itself (network trouble, timeouts), because the first
//! kind ends the process with a documented exit code and the second only shows OFFLINE.
//! None carries the device token, a rotating code or a wallet response.

use std::path::PathBuf;
use std::time::Duration;

use uuid::Uuid;

/// Everything that can go wrong in the gate client.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A command-line or environment setting is unusable.
    #[error("configuration: {0}")]
    Config(String),
    /// The device token file cannot be read.
    #[error("cannot read the device token file {path}: {source}")]
    TokenFile {
        /// The token file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The server URL is not a `ws://` or `wss://` URL.
    #[error("the server URL must be ws://… or wss://…/v1/gate/ws: {0}")]
    BadServerUrl(String),
    /// The server refused the device token (HTTP 401 at the upgrade).
    #[error(
        "the server rejected the device token (401): wrong, revoked or another server's token"
    )]
    Unauthorized,
    /// The server answered the upgrade with another HTTP status.
    #[error("the server refused the WebSocket upgrade with HTTP {0}")]
    UpgradeRefused(u16),
    /// The server is busy (HTTP 429 or 503 with `Retry-After`): come back after the delay.
    #[error("the server is busy (HTTP {status}); it asks to come back in {} s", .retry_after.as_secs())]
    Busy {
        /// The HTTP status.
        status: u16,
        /// The server's `Retry-After`.
        retry_after: Duration,
    },
    /// The connection could not be made or broke.
    #[error("connection failed: {0}")]
    Connect(String),
    /// The server closed the connection.
    #[error("the server closed the connection{}", .0.as_deref().map(|r| format!(" ({r})")).unwrap_or_default())]
    Closed(Option<String>),
    /// Nothing arrived in time.
    #[error("timed out waiting for {0}")]
    Timeout(&'static str),
    /// The server sent a frame that is not a TSR1 server message.
    #[error("the server sent an unreadable frame: {0}")]
    BadFrame(String),
    /// The first frame was not `welcome`.
    #[error("the server did not start with a welcome message")]
    NoWelcome,
    /// Looking hosts up over REST failed (network, or an answer that is not a host list).
    #[error("cannot look up hosts: {0}")]
    HostLookup(String),
    /// The journal cannot be read.
    #[error("cannot read the journal {path}: {source}")]
    JournalRead {
        /// The journal file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// Another `tessera-gate` holds the journal's lock.
    #[error(
        "the journal {0} is in use by another tessera-gate process; stop it first, or give \
         this gate a journal of its own (--journal)"
    )]
    JournalInUse(PathBuf),
    /// The journal is not a valid journal document.
    #[error(
        "the journal {path} is corrupt ({detail}); it may hold unanswered responses: keep a copy, \
         then move it away to start empty"
    )]
    JournalCorrupt {
        /// The journal file.
        path: PathBuf,
        /// Where and how it broke (never its content).
        detail: String,
    },
    /// Writing the journal failed: the gate stops rather than lose track of a response.
    #[error("cannot write the journal {path}: {source}")]
    JournalWrite {
        /// The journal file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The journal holds pending work of another gate device.
    #[error(
        "the journal belongs to gate {journal} but the token authenticates gate {server}; \
         resending its nonces would be flagged as foreign_nonce: use that gate's token or \
         another --journal"
    )]
    JournalGateMismatch {
        /// The gate recorded in the journal.
        journal: Uuid,
        /// The gate the server says we are.
        server: Uuid,
    },
    /// The tap endpoint cannot listen.
    #[error("cannot listen for taps on {addr}: {source}")]
    TapBind {
        /// The address.
        addr: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// Terminal or other I/O failed.
    #[error("I/O failed: {0}")]
    Io(#[from] std::io::Error),
}

/// `Result` with the gate [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

//! The app's error: what stops the server from starting or a command from finishing.
//!
//! Requests never see it: the edges answer with their own error (`tessera_edges::error`).

use std::path::PathBuf;

/// Everything that can stop `serve`, `migrate` or `init`.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] tessera_store::Error),
    /// The server's keys could not be loaded or created.
    #[error(transparent)]
    Keys(#[from] tessera_flows::Error),
    /// The database schema is older than this server.
    #[error("database schema is behind this server; run `tessera-server migrate`")]
    SchemaBehind,
    /// The TLS certificate or key could not be loaded.
    #[error("TLS {path}: {message}")]
    Tls {
        /// The certificate or key file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A setting or an argument is invalid.
    #[error("configuration: {0}")]
    Config(String),
    /// Binding a listener or another IO failure.
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
}

impl Error {
    /// Whether the settings are at fault, so that starting again unchanged cannot help:
    /// the process then exits 2, as for a bad flag or configuration file, and the packaged
    /// unit (`RestartPreventExitStatus=2`) stops in `failed` instead of restarting forever.
    pub fn is_configuration(&self) -> bool {
        matches!(
            self,
            Error::Config(_)
                | Error::Tls { .. }
                | Error::Keys(tessera_flows::Error::InsecureKeyPermissions { .. })
        )
    }
}

/// `Result` with the app's [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

//! The one error type of the wallet.
//!
//! Each variant says what the visitor can do about it, because these messages are the whole
//! user interface of a failure. None carries a secret: no claim token, key, code or MAC, and
//! parser errors about the wallet file report only where the file broke, not what it holds.

use std::path::PathBuf;

use uuid::Uuid;

/// Everything that can go wrong in the wallet.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Neither `--wallet`/`TESSERA_WALLET` nor a user data directory is available.
    #[error("no place for the wallet file: set --wallet or TESSERA_WALLET")]
    NoDataDir,
    /// The wallet file exists but cannot be read.
    #[error("cannot read the wallet file {path}: {source}")]
    WalletUnreadable {
        /// The wallet file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The wallet file is not a valid wallet document.
    #[error(
        "the wallet file {path} is corrupt ({detail}); it was left untouched: restore it from a \
         backup or move it away"
    )]
    WalletCorrupt {
        /// The wallet file.
        path: PathBuf,
        /// Where and how it broke (never its content).
        detail: String,
    },
    /// The wallet file was written by a newer wallet.
    #[error("the wallet file {path} has format {found:?}; this wallet understands {supported:?}")]
    UnsupportedFormat {
        /// The wallet file.
        path: PathBuf,
        /// The format string found in the file.
        found: String,
        /// The format this build reads and writes.
        supported: &'static str,
    },
    /// Writing the wallet file failed; the previous version is intact.
    #[error("cannot write the wallet file {path} (the previous version is intact): {source}")]
    WalletWrite {
        /// The wallet file.
        path: PathBuf,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// The text is not a Tessera claim link.
    #[error("not a Tessera claim link: {0}")]
    BadClaimLink(&'static str),
    /// The wallet holds no pass at all.
    #[error("the wallet holds no passes; claim one with `tessera-wallet claim <link>`")]
    NoPasses,
    /// The pass selector was omitted but the wallet holds several passes.
    #[error("the wallet holds {count} passes; name one by its id or a unique prefix: {ids}")]
    AmbiguousPass {
        /// How many passes matched.
        count: usize,
        /// Their ids, comma separated.
        ids: String,
    },
    /// The pass selector matches no pass.
    #[error("no pass in this wallet matches {0:?}; see `tessera-wallet list`")]
    UnknownPass(String),
    /// The pass's claim never completed.
    #[error(
        "pass {0} is not claimed yet (the claim did not complete); run `tessera-wallet claim` \
         with its link again: the same key is resent"
    )]
    NotClaimed(Uuid),
    /// The server does not know this link (wrong token or unknown pass).
    #[error(
        "the server does not accept this claim link (invalid_claim): it is mistyped, was \
         withdrawn, or belongs to another server; ask the issuer for a new link"
    )]
    InvalidClaim,
    /// Another wallet claimed the pass first.
    #[error(
        "this pass was already claimed by another wallet (already_claimed); a pass lives in one \
         wallet only; ask the issuer if that was not you"
    )]
    AlreadyClaimed,
    /// The issuer revoked the pass.
    #[error("this pass was revoked by its issuer (revoked); it cannot be claimed or used")]
    Revoked,
    /// The server refused the claim for another reason.
    #[error("the server refused the claim (HTTP {status}, {code}): {message}")]
    ClaimRejected {
        /// The HTTP status.
        status: u16,
        /// The server's error code.
        code: String,
        /// The server's message, sanitised.
        message: String,
    },
    /// The pass's organiser allows no (more) transfers of it.
    #[error(
        "this pass cannot be handed on (transfer_not_allowed): its organiser allows no \
         transfers, or no more; ask the organiser"
    )]
    TransferNotAllowed,
    /// The server did not accept this wallet's proof of holding the pass.
    #[error(
        "the server did not accept this wallet's proof for the pass (bad_proof): this wallet \
         no longer holds the pass's key (it was transferred to someone else or re-bound), or \
         the wallet file belongs to another server"
    )]
    BadProof,
    /// The server refused a transfer step for another reason.
    #[error("the server refused the transfer (HTTP {status}, {code}): {message}")]
    TransferRefused {
        /// The HTTP status.
        status: u16,
        /// The server's error code.
        code: String,
        /// The server's message, sanitised.
        message: String,
    },
    /// The server could not be reached or did not answer in time.
    #[error("cannot reach the Tessera server at {base}: {detail}")]
    Network {
        /// The API base URL.
        base: String,
        /// What failed.
        detail: String,
    },
    /// The server answered 200 with something that is not a usable claim answer.
    #[error("the server's claim answer is unusable: {0}")]
    BadServerAnswer(String),
    /// The server key of a pass is unusable (low order): it can never produce valid codes.
    #[error("the server key of pass {pass} is unusable ({source}); this pass cannot make codes")]
    BadServerKey {
        /// The pass.
        pass: Uuid,
        /// Why the key was refused.
        source: tessera_protocol::Error,
    },
    /// A repeated claim answered with another server key than the stored one.
    #[error(
        "the server answered pass {0} with a different server key than the one stored at claim \
         time; refusing to overwrite it (wrong server, or the server's keys were replaced)"
    )]
    ServerKeyChanged(Uuid),
    /// The text is not a gate challenge.
    #[error("not a gate challenge (expected TSR1C:<PASS>:<NONCE>): {0}")]
    BadChallenge(tessera_protocol::Error),
    /// A party code or answer that TSR1's party rules refuse.
    #[error("not a party of this wallet's passes: {0}")]
    BadParty(tessera_protocol::Error),
    /// A challenge for a pass this wallet does not hold.
    #[error(
        "this challenge is for pass {0}, which is not in this wallet: the gate scanned another \
         visitor's code, or this is the wrong wallet"
    )]
    WrongPassChallenge(Uuid),
    /// A connection to a gate's tap endpoint failed.
    #[error("gate tap endpoint {addr}: {source}")]
    Tap {
        /// The address.
        addr: String,
        /// The operating system's reason.
        source: std::io::Error,
    },
    /// Nothing useful came from the tap endpoint in time.
    #[error("gate tap endpoint {0}: no result before the timeout")]
    TapTimeout(String),
    /// The QR code could not be built.
    #[error("cannot draw the QR code: {0}")]
    Qr(String),
    /// Terminal input or output failed.
    #[error("terminal I/O failed: {0}")]
    Io(#[from] std::io::Error),
}

/// `Result` with the wallet [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

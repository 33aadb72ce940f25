//! TSR1, the Tessera gate protocol, as a pure library.
//!
//! Everything that the server, the gate client and the wallet must agree on byte for byte
//! lives here and nowhere else: the text codes and their strict parsers, X25519 key agreement
//! and HKDF derivation, the rotating code (RFC 6238 TOTP over HMAC-SHA256), the wallet's
//! response MAC and the WebSocket messages. The crate does no IO: callers bring the clock and
//! the random number generator, which keeps every function deterministic and testable against
//! `protocol-vectors.json`.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::todo, clippy::panic)]
#![warn(missing_docs)]

pub mod codes;
pub mod encoding;
pub mod error;
pub mod keys;
pub mod messages;
pub mod party;
pub mod totp;

pub use codes::{
    Nonce, Otp, PassId, ResponseMac, RotatingCode, TransferProof, WalletChallenge, WalletResponse,
};
pub use error::{Error, Result};
pub use keys::{CodeKey, PassKeys, PublicKey, ResponseKey, SecretKey, SharedSecret};
pub use party::{PartyAnswer, PartyChallenge, PartyCode, PARTY_MAX};
pub use totp::{CodeCheck, CODE_DIGITS, CODE_PERIOD_S, CODE_WINDOW_STEPS};

/// Wrong answers that burn a challenge (§5): answers 1–3 are `bad_response`, the third
/// burns it, and every later answer is `challenge_burned`.
pub const MAX_WRONG_ANSWERS: u32 = 3;

/// The protocol version number carried in the gate `welcome` message.
pub const PROTOCOL_VERSION: u32 = 1;

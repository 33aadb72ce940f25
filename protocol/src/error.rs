//! The one error type of the protocol crate.
//!
//! Each variant names exactly which part of an input was wrong, so that a server can map it
//! to the right TSR1 denial and a wallet can show a precise message. None of them carries the
//! rejected text itself: inputs may be secrets (codes, MACs) and errors end up in logs.

/// Why a TSR1 value could not be parsed or a key operation failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The text does not start with the expected `TSR1…:` prefix.
    #[error("expected a {expected} string")]
    WrongPrefix {
        /// The prefix that was expected, e.g. `TSR1:`.
        expected: &'static str,
    },
    /// The text has the wrong number of `:`-separated fields.
    #[error("wrong number of ':'-separated fields")]
    FieldCount,
    /// The pass field is not 26 characters of canonical upper-case base32.
    #[error("pass id is not 26 characters of canonical upper-case base32")]
    MalformedPass,
    /// The counter is not a canonical decimal below 2^64 (no sign, no leading zeros).
    #[error("time step is not a canonical decimal number below 2^64")]
    MalformedCounter,
    /// The one-time password is not exactly 8 decimal digits.
    #[error("one-time password is not exactly 8 decimal digits")]
    MalformedOtp,
    /// The nonce is not 52 characters of canonical upper-case base32.
    #[error("nonce is not 52 characters of canonical upper-case base32")]
    MalformedNonce,
    /// The MAC is not 26 characters of canonical upper-case base32.
    #[error("response MAC is not 26 characters of canonical upper-case base32")]
    MalformedMac,
    /// A public key is not 43 characters of unpadded base64url encoding 32 bytes.
    #[error("public key is not 32 bytes of unpadded base64url")]
    MalformedPublicKey,
    /// A secret key is not 32 bytes (64 hexadecimal characters).
    #[error("secret key is not 32 bytes of hexadecimal")]
    MalformedSecretKey,
    /// X25519 gave the all-zero shared secret: the peer key has low order.
    #[error("public key has low order (all-zero shared secret)")]
    LowOrderKey,
    /// A party code, challenge or answer with too few or too many passes (Tessera addition).
    #[error("a party holds 2 to 6 passes (a challenge or answer 1 to 6)")]
    PartySize,
    /// A party names one pass twice.
    #[error("a party names a pass twice")]
    PartyRepeats,
    /// A party's codes are of different time steps.
    #[error("a party's codes must all be of one time step")]
    PartySteps,
    /// A wire name (an outcome or a deny reason) that TSR1 does not define.
    #[error("not a TSR1 {0} name")]
    UnknownName(&'static str),
}

/// `Result` with the protocol [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

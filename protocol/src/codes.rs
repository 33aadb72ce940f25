//! The three text codes of TSR1 (§4, §5) and the values inside them.
//!
//! `TSR1:<PASS>:<T>:<OTP>` is what the wallet displays, `TSR1C:<PASS>:<NONCE>` is the gate's
//! challenge to the wallet and `TSR1R:<PASS>:<MAC>` the wallet's answer. Parsers follow §10:
//! exact lengths, canonical upper-case base32, a decimal step without sign or leading zeros,
//! and nothing else. They never panic, and `parse(format(x)) == x` for every value.

use std::fmt;
use std::str::FromStr;

use rand::{CryptoRng, RngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use crate::encoding::{base32, base32_exact};
use crate::error::{Error, Result};

const CODE_PREFIX: &str = "TSR1:";
const CHALLENGE_PREFIX: &str = "TSR1C:";
const RESPONSE_PREFIX: &str = "TSR1R:";
const TRANSFER_PREFIX: &str = "TSR1T:";

/// A pass identifier: a UUID, shown in codes as 26 characters of base32.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PassId(Uuid);

impl PassId {
    /// Wraps a UUID.
    pub const fn new(id: Uuid) -> Self {
        Self(id)
    }

    /// The UUID.
    pub const fn uuid(&self) -> Uuid {
        self.0
    }

    /// The 16 bytes of the UUID, as used in key derivation and MACs.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        self.0.as_bytes()
    }

    /// The `PASS` encoding: 26 characters of upper-case base32.
    pub fn to_base32(&self) -> String {
        base32(self.as_bytes())
    }

    /// Parses the `PASS` encoding.
    ///
    /// # Errors
    /// [`Error::MalformedPass`] unless the text is canonical base32 of 16 bytes.
    pub fn from_base32(text: &str) -> Result<Self> {
        base32_exact::<16>(text)
            .map(|bytes| Self(Uuid::from_bytes(bytes)))
            .ok_or(Error::MalformedPass)
    }
}

impl From<Uuid> for PassId {
    fn from(id: Uuid) -> Self {
        Self(id)
    }
}

impl fmt::Display for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Debug for PassId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PassId({})", self.0)
    }
}

/// A one-time challenge nonce: 32 bytes from a CSPRNG, 52 characters of base32 as text.
///
/// A nonce is not secret (the gate shows it as a QR code), so it prints in full.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nonce([u8; 32]);

impl Nonce {
    /// Draws a fresh nonce from a cryptographically secure generator.
    pub fn generate<R: RngCore + CryptoRng>(rng: &mut R) -> Self {
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        Self(bytes)
    }

    /// Wraps raw bytes (for stored nonces and test vectors).
    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The raw bytes.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Display for Nonce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&base32(&self.0))
    }
}

impl fmt::Debug for Nonce {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Nonce({self})")
    }
}

impl FromStr for Nonce {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        base32_exact::<32>(text)
            .map(Self)
            .ok_or(Error::MalformedNonce)
    }
}

impl Serialize for Nonce {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Nonce {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// An 8-digit one-time password, kept as its ASCII digits so comparison is constant-time.
#[derive(Clone, Copy)]
pub struct Otp([u8; 8]);

impl Otp {
    /// Parses exactly eight ASCII digits.
    ///
    /// # Errors
    /// [`Error::MalformedOtp`] for anything else.
    pub fn parse(text: &str) -> Result<Self> {
        let bytes: [u8; 8] = text
            .as_bytes()
            .try_into()
            .map_err(|_| Error::MalformedOtp)?;
        if bytes.iter().all(u8::is_ascii_digit) {
            Ok(Self(bytes))
        } else {
            Err(Error::MalformedOtp)
        }
    }

    /// Builds the zero-padded 8-digit form of `value`, which must be below 10^8.
    pub(crate) fn from_value(value: u32) -> Self {
        let mut digits = [b'0'; 8];
        let mut rest = value % 100_000_000;
        for slot in digits.iter_mut().rev() {
            // `rest % 10` is below 10, so the cast cannot truncate.
            *slot = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        Self(digits)
    }

    /// The digits as text.
    pub fn as_str(&self) -> &str {
        // Every constructor guarantees eight ASCII digits.
        std::str::from_utf8(&self.0).unwrap_or("")
    }

    /// Compares two OTPs in constant time.
    pub fn ct_eq(&self, other: &Otp) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl fmt::Display for Otp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Otp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Otp(<redacted>)")
    }
}

/// The wallet's 16-byte response MAC (§5).
#[derive(Clone, Copy)]
pub struct ResponseMac([u8; 16]);

impl ResponseMac {
    /// Wraps raw MAC bytes.
    pub const fn from_bytes(bytes: [u8; 16]) -> Self {
        Self(bytes)
    }

    /// The raw MAC bytes.
    pub const fn as_bytes(&self) -> &[u8; 16] {
        &self.0
    }

    /// Compares two MACs in constant time.
    pub fn ct_eq(&self, other: &ResponseMac) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl fmt::Debug for ResponseMac {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ResponseMac(<redacted>)")
    }
}

/// Splits `text` after `prefix` into exactly `N` fields separated by `:`.
fn fields<'a, const N: usize>(text: &'a str, prefix: &'static str) -> Result<[&'a str; N]> {
    let rest = text
        .strip_prefix(prefix)
        .ok_or(Error::WrongPrefix { expected: prefix })?;
    let mut parts = rest.split(':');
    let mut out = [""; N];
    for slot in &mut out {
        *slot = parts.next().ok_or(Error::FieldCount)?;
    }
    if parts.next().is_some() {
        return Err(Error::FieldCount);
    }
    Ok(out)
}

/// Parses the `T` field: decimal digits, no sign, no leading zeros, below 2^64.
pub(crate) fn parse_counter(text: &str) -> Result<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    if !canonical {
        return Err(Error::MalformedCounter);
    }
    text.parse().map_err(|_| Error::MalformedCounter)
}

/// The rotating code a wallet displays: `TSR1:<PASS>:<T>:<OTP>`.
#[derive(Clone, Copy, Debug)]
pub struct RotatingCode {
    /// The pass the code belongs to.
    pub pass: PassId,
    /// The time step `T = floor(unix_seconds / period)` the code was made for.
    pub counter: u64,
    /// The one-time password for `counter` under the pass's code key.
    pub otp: Otp,
}

impl fmt::Display for RotatingCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{CODE_PREFIX}{}:{}:{}",
            self.pass.to_base32(),
            self.counter,
            self.otp
        )
    }
}

impl FromStr for RotatingCode {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let [pass, counter, otp] = fields::<3>(text, CODE_PREFIX)?;
        Ok(Self {
            pass: PassId::from_base32(pass)?,
            counter: parse_counter(counter)?,
            otp: Otp::parse(otp)?,
        })
    }
}

/// The challenge a gate passes to the wallet: `TSR1C:<PASS>:<NONCE>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalletChallenge {
    /// The pass the challenge was issued for.
    pub pass: PassId,
    /// The server's one-time nonce.
    pub nonce: Nonce,
}

impl fmt::Display for WalletChallenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{CHALLENGE_PREFIX}{}:{}",
            self.pass.to_base32(),
            self.nonce
        )
    }
}

impl FromStr for WalletChallenge {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let [pass, nonce] = fields::<2>(text, CHALLENGE_PREFIX)?;
        Ok(Self {
            pass: PassId::from_base32(pass)?,
            nonce: nonce.parse()?,
        })
    }
}

/// The wallet's answer to a challenge: `TSR1R:<PASS>:<MAC>`.
#[derive(Clone, Copy, Debug)]
pub struct WalletResponse {
    /// The pass that answers.
    pub pass: PassId,
    /// The MAC over the pass and the challenge nonce.
    pub mac: ResponseMac,
}

impl fmt::Display for WalletResponse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{RESPONSE_PREFIX}{}:{}",
            self.pass.to_base32(),
            base32(self.mac.as_bytes())
        )
    }
}

impl FromStr for WalletResponse {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let [pass, mac] = fields::<2>(text, RESPONSE_PREFIX)?;
        Ok(Self {
            pass: PassId::from_base32(pass)?,
            mac: ResponseMac(base32_exact::<16>(mac).ok_or(Error::MalformedMac)?),
        })
    }
}

/// A holder's proof that it holds a pass key, to start a transfer: `TSR1T:<PASS>:<MAC>`
/// (a Tessera addition, `docs/protocol.md`). The MAC is computed like a challenge answer
/// but under its own label, so neither can stand in for the other.
#[derive(Clone, Copy, Debug)]
pub struct TransferProof {
    /// The pass to hand on.
    pub pass: PassId,
    /// The MAC over the pass and the server's transfer nonce.
    pub mac: ResponseMac,
}

impl fmt::Display for TransferProof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{TRANSFER_PREFIX}{}:{}",
            self.pass.to_base32(),
            base32(self.mac.as_bytes())
        )
    }
}

impl FromStr for TransferProof {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let [pass, mac] = fields::<2>(text, TRANSFER_PREFIX)?;
        Ok(Self {
            pass: PassId::from_base32(pass)?,
            mac: ResponseMac(base32_exact::<16>(mac).ok_or(Error::MalformedMac)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PASS: &str = "AGJPHJC3NR6Y5H5AWHBNHZHVAY";

    #[test]
    fn counter_must_be_canonical_decimal() {
        assert_eq!(parse_counter("0"), Ok(0));
        assert_eq!(parse_counter("18446744073709551615"), Ok(u64::MAX));
        for bad in [
            "",
            "00",
            "01",
            "+1",
            "-1",
            "1a",
            " 1",
            "18446744073709551616",
        ] {
            assert_eq!(parse_counter(bad), Err(Error::MalformedCounter), "{bad:?}");
        }
    }

    #[test]
    fn rotating_code_rejects_each_malformed_part() {
        let good = format!("TSR1:{PASS}:117629440:80238672");
        assert!(good.parse::<RotatingCode>().is_ok());
        let cases = [
            (
                format!("tsr1:{PASS}:1:12345678"),
                Error::WrongPrefix { expected: "TSR1:" },
            ),
            (format!("TSR1:{PASS}:1"), Error::FieldCount),
            (format!("TSR1:{PASS}:1:12345678:9"), Error::FieldCount),
            (
                format!("TSR1:{}:1:12345678", PASS.to_lowercase()),
                Error::MalformedPass,
            ),
            (format!("TSR1:{PASS}:01:12345678"), Error::MalformedCounter),
            (format!("TSR1:{PASS}:1:1234567"), Error::MalformedOtp),
            (format!("TSR1:{PASS}:1:1234567x"), Error::MalformedOtp),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<RotatingCode>().err(), Some(want), "{text}");
        }
    }

    #[test]
    fn otp_from_value_zero_pads() {
        assert_eq!(Otp::from_value(42).as_str(), "00000042");
        assert_eq!(Otp::from_value(99_999_999).as_str(), "99999999");
    }

    #[test]
    fn debug_output_redacts_secrets() {
        let otp = Otp::from_value(12_345_678);
        assert!(!format!("{otp:?}").contains("12345678"));
        let mac = ResponseMac::from_bytes([0xAA; 16]);
        assert!(!format!("{mac:?}").to_lowercase().contains("aa"));
    }
}

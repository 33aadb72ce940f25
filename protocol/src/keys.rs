//! X25519 key agreement and the HKDF derivation of a pass's two keys (TSR1 §3).
//!
//! The wallet and the server each hold a static X25519 key; both sides compute the same
//! shared secret and derive from it a `code_key` (rotating codes) and a `response_key`
//! (challenge answers). Binding both public keys and the pass id into the derivation means a
//! key can never be replayed onto another pass or another server key. Every secret type here
//! zeroizes on drop and prints as `<redacted>`.

use std::fmt;

use hkdf::Hkdf;
use hmac::{Hmac, Mac};
use rand::{CryptoRng, RngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::Sha256;
use zeroize::{Zeroize, ZeroizeOnDrop, Zeroizing};

use crate::codes::{
    Nonce, Otp, PassId, ResponseMac, RotatingCode, TransferProof, WalletChallenge, WalletResponse,
};
use crate::encoding::{base64url, base64url_exact};
use crate::error::{Error, Result};
use crate::totp;

const SALT_PREFIX: &[u8] = b"tessera/v1";
const CODE_INFO: &[u8] = b"tessera/v1 code";
const RESPONSE_INFO: &[u8] = b"tessera/v1 response";
const MAC_LABEL: &[u8] = b"TSR1R";
const TRANSFER_LABEL: &[u8] = b"TSR1T";

/// An X25519 public key (`W` for a wallet, `S` for the server), base64url in JSON.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    /// Wraps raw key bytes. Any 32 bytes are a syntactically valid X25519 key; low-order
    /// keys are caught by [`SecretKey::agree`].
    pub const fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The raw key bytes.
    pub const fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// The unpadded base64url form used in JSON (43 characters).
    pub fn to_base64url(&self) -> String {
        base64url(&self.0)
    }

    /// Parses the unpadded base64url form.
    ///
    /// # Errors
    /// [`Error::MalformedPublicKey`] unless the text encodes exactly 32 bytes canonically.
    pub fn from_base64url(text: &str) -> Result<Self> {
        base64url_exact::<32>(text)
            .map(Self)
            .ok_or(Error::MalformedPublicKey)
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", self.to_base64url())
    }
}

impl Serialize for PublicKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_base64url())
    }
}

impl<'de> Deserialize<'de> for PublicKey {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Self::from_base64url(&text).map_err(serde::de::Error::custom)
    }
}

/// A static X25519 secret key: the wallet's `w` or the server's `s`.
#[derive(Clone)]
pub struct SecretKey(x25519_dalek::StaticSecret);

impl SecretKey {
    /// Draws a fresh key from a cryptographically secure generator.
    pub fn generate<R: RngCore + CryptoRng>(rng: &mut R) -> Self {
        let mut bytes = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(bytes.as_mut());
        Self::from_bytes(*bytes)
    }

    /// Wraps raw secret bytes (X25519 clamps them when used).
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(x25519_dalek::StaticSecret::from(bytes))
    }

    /// Parses 64 hexadecimal characters (the key file format of server and wallet).
    ///
    /// # Errors
    /// [`Error::MalformedSecretKey`] for anything else.
    pub fn from_hex(text: &str) -> Result<Self> {
        let text = text.trim();
        if text.len() != 64 {
            return Err(Error::MalformedSecretKey);
        }
        let mut bytes = Zeroizing::new([0u8; 32]);
        for (slot, pair) in bytes.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
            let hi = hex_value(pair[0]).ok_or(Error::MalformedSecretKey)?;
            let lo = hex_value(pair[1]).ok_or(Error::MalformedSecretKey)?;
            *slot = (hi << 4) | lo;
        }
        Ok(Self::from_bytes(*bytes))
    }

    /// The secret as 64 lower-case hexadecimal characters, for a key file.
    pub fn to_hex(&self) -> Zeroizing<String> {
        let bytes = Zeroizing::new(self.0.to_bytes());
        let mut out = Zeroizing::new(String::with_capacity(64));
        for byte in bytes.iter() {
            out.push(char::from(HEX_DIGITS[usize::from(byte >> 4)]));
            out.push(char::from(HEX_DIGITS[usize::from(byte & 0x0f)]));
        }
        out
    }

    /// The matching public key.
    pub fn public_key(&self) -> PublicKey {
        PublicKey(x25519_dalek::PublicKey::from(&self.0).to_bytes())
    }

    /// X25519 with a peer's public key.
    ///
    /// # Errors
    /// [`Error::LowOrderKey`] when the result is all zero: the peer key has low order and
    /// would let anyone predict the shared secret.
    pub fn agree(&self, peer: &PublicKey) -> Result<SharedSecret> {
        let shared = self
            .0
            .diffie_hellman(&x25519_dalek::PublicKey::from(peer.0));
        if shared.was_contributory() {
            Ok(SharedSecret(shared.to_bytes()))
        } else {
            Err(Error::LowOrderKey)
        }
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(<redacted>)")
    }
}

const HEX_DIGITS: &[u8; 16] = b"0123456789abcdef";

fn hex_value(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        b'A'..=b'F' => Some(digit - b'A' + 10),
        _ => None,
    }
}

/// The X25519 shared secret of a wallet and the server (never all zero).
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct SharedSecret([u8; 32]);

impl SharedSecret {
    /// The raw bytes (for test vectors).
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(<redacted>)")
    }
}

/// The key under which a pass's rotating codes are computed.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct CodeKey([u8; 32]);

impl CodeKey {
    /// Wraps raw key bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The raw bytes (for test vectors and the wallet file).
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// `HOTP-SHA256(code_key, counter)`, 8 digits.
    pub fn otp(&self, counter: u64) -> Otp {
        totp::hotp_sha256_8(&self.0, counter)
    }

    /// The code the wallet shows at `unix_seconds` with a step of `period_s` seconds.
    pub fn code_at(&self, pass: PassId, unix_seconds: u64, period_s: u64) -> RotatingCode {
        let counter = totp::counter_at(unix_seconds, period_s);
        RotatingCode {
            pass,
            counter,
            otp: self.otp(counter),
        }
    }

    /// Whether `code.otp` is right for the step `code.counter` names, in constant time.
    ///
    /// This says nothing about freshness: see [`totp::check_code`].
    pub fn verify_otp(&self, code: &RotatingCode) -> bool {
        self.otp(code.counter).ct_eq(&code.otp)
    }
}

impl fmt::Debug for CodeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CodeKey(<redacted>)")
    }
}

/// The key under which a wallet answers challenges.
#[derive(Clone, Zeroize, ZeroizeOnDrop)]
pub struct ResponseKey([u8; 32]);

impl ResponseKey {
    /// Wraps raw key bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The raw bytes (for test vectors and the wallet file).
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }

    /// `first 16 bytes of HMAC-SHA256(response_key, "TSR1R" ‖ pass_id ‖ nonce)`.
    pub fn mac(&self, pass: PassId, nonce: &Nonce) -> ResponseMac {
        self.labelled_mac(MAC_LABEL, pass, nonce)
    }

    /// The holder's proof for a transfer nonce: the MAC under the label `"TSR1T"`.
    pub fn transfer_proof(&self, pass: PassId, nonce: &Nonce) -> TransferProof {
        TransferProof {
            pass,
            mac: self.labelled_mac(TRANSFER_LABEL, pass, nonce),
        }
    }

    /// Whether `proof` proves this key for `pass` and `nonce`, in constant time.
    pub fn verify_transfer(&self, pass: PassId, nonce: &Nonce, proof: &TransferProof) -> bool {
        let mac_ok = self
            .labelled_mac(TRANSFER_LABEL, pass, nonce)
            .ct_eq(&proof.mac);
        let pass_ok = proof.pass == pass;
        mac_ok & pass_ok
    }

    fn labelled_mac(&self, label: &[u8], pass: PassId, nonce: &Nonce) -> ResponseMac {
        let mut hmac = hmac_sha256(&self.0);
        hmac.update(label);
        hmac.update(pass.as_bytes());
        hmac.update(nonce.as_bytes());
        let tag = hmac.finalize().into_bytes();
        let mut out = [0u8; 16];
        out.copy_from_slice(&tag[..16]);
        ResponseMac::from_bytes(out)
    }

    /// The wallet's full answer to `challenge`.
    pub fn respond(&self, challenge: &WalletChallenge) -> WalletResponse {
        WalletResponse {
            pass: challenge.pass,
            mac: self.mac(challenge.pass, &challenge.nonce),
        }
    }

    /// Whether `response` answers `nonce` for `pass`: same pass and a MAC equal in constant
    /// time.
    pub fn verify(&self, pass: PassId, nonce: &Nonce, response: &WalletResponse) -> bool {
        // Always compute the MAC so a wrong pass costs the same time as a wrong MAC.
        let mac_ok = self.mac(pass, nonce).ct_eq(&response.mac);
        let pass_ok = response.pass == pass;
        mac_ok & pass_ok
    }
}

impl fmt::Debug for ResponseKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ResponseKey(<redacted>)")
    }
}

pub(crate) fn hmac_sha256(key: &[u8]) -> Hmac<Sha256> {
    // HMAC accepts keys of any length, so this constructor has no failing case.
    match <Hmac<Sha256> as Mac>::new_from_slice(key) {
        Ok(mac) => mac,
        Err(_) => unreachable_hmac(),
    }
}

#[cold]
fn unreachable_hmac() -> Hmac<Sha256> {
    // `InvalidLength` is never returned for HMAC; derive a keyed instance from an empty key
    // rather than panic, so the contract "no panics" holds even if that ever changed.
    <Hmac<Sha256> as hmac::digest::KeyInit>::new(&Default::default())
}

/// A pass's two derived keys.
#[derive(Clone, Debug)]
pub struct PassKeys {
    /// Computes the rotating codes.
    pub code_key: CodeKey,
    /// Answers challenges.
    pub response_key: ResponseKey,
}

impl PassKeys {
    /// Derives both keys from a shared secret (§3 step 4).
    pub fn derive(
        shared: &SharedSecret,
        pass: PassId,
        wallet_public: &PublicKey,
        server_public: &PublicKey,
    ) -> Self {
        let mut salt = [0u8; SALT_PREFIX.len() + 16];
        salt[..SALT_PREFIX.len()].copy_from_slice(SALT_PREFIX);
        salt[SALT_PREFIX.len()..].copy_from_slice(pass.as_bytes());
        // The PRK that extract returns is wiped at once; the HMAC state keyed with it lives
        // inside `hkdf`, which the hkdf crate offers no way to zeroize.
        let (mut prk, hkdf) = Hkdf::<Sha256>::extract(Some(&salt), &shared.0);
        prk.as_mut_slice().zeroize();
        let expand = |label: &[u8]| {
            let mut okm = Zeroizing::new([0u8; 32]);
            let info = [label, wallet_public.as_bytes(), server_public.as_bytes()];
            // 32 bytes is far below HKDF-SHA256's 8160-byte limit, so expansion succeeds;
            // the zero key on the impossible error path would fail every check, not admit.
            if hkdf.expand_multi_info(&info, okm.as_mut()).is_err() {
                okm.zeroize();
            }
            *okm
        };
        Self {
            code_key: CodeKey(expand(CODE_INFO)),
            response_key: ResponseKey(expand(RESPONSE_INFO)),
        }
    }

    /// The wallet side: `w` and the server's `S`.
    ///
    /// # Errors
    /// [`Error::LowOrderKey`] for a low-order server key.
    pub fn for_wallet(wallet: &SecretKey, server_public: &PublicKey, pass: PassId) -> Result<Self> {
        let shared = wallet.agree(server_public)?;
        Ok(Self::derive(
            &shared,
            pass,
            &wallet.public_key(),
            server_public,
        ))
    }

    /// The server side: `s` and the wallet's `W`.
    ///
    /// # Errors
    /// [`Error::LowOrderKey`] for a low-order wallet key.
    pub fn for_server(server: &SecretKey, wallet_public: &PublicKey, pass: PassId) -> Result<Self> {
        let shared = server.agree(wallet_public)?;
        Ok(Self::derive(
            &shared,
            pass,
            wallet_public,
            &server.public_key(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_derive_the_same_keys() {
        let mut rng = rand::rngs::OsRng;
        let wallet = SecretKey::generate(&mut rng);
        let server = SecretKey::generate(&mut rng);
        let pass = PassId::new(uuid::Uuid::new_v4());
        let w = PassKeys::for_wallet(&wallet, &server.public_key(), pass).unwrap();
        let s = PassKeys::for_server(&server, &wallet.public_key(), pass).unwrap();
        assert_eq!(w.code_key.as_bytes(), s.code_key.as_bytes());
        assert_eq!(w.response_key.as_bytes(), s.response_key.as_bytes());
        assert_ne!(w.code_key.as_bytes(), w.response_key.as_bytes());
    }

    #[test]
    fn low_order_key_is_rejected() {
        let server = SecretKey::from_bytes([9u8; 32]);
        let zero = PublicKey::from_bytes([0u8; 32]);
        assert_eq!(server.agree(&zero).err(), Some(Error::LowOrderKey));
    }

    #[test]
    fn secret_hex_round_trips_and_debug_redacts() {
        let key = SecretKey::from_bytes([0x5a; 32]);
        let hex = key.to_hex();
        assert_eq!(hex.as_str(), "5a".repeat(32));
        let back = SecretKey::from_hex(&hex).unwrap();
        assert_eq!(back.public_key(), key.public_key());
        assert!(!format!("{key:?}").contains("5a"));
        assert_eq!(
            SecretKey::from_hex("zz").err(),
            Some(Error::MalformedSecretKey)
        );
    }
}

//! Secrets the server must read back, stored sealed: a database read alone does not give
//! them away.
//!
//! Most credentials are stored as hashes (`crate::credentials`), but a few the server must
//! use again: a webhook's signing secret is one. Each is sealed with XChaCha20-Poly1305
//! under a key derived (HKDF-SHA256) from a server key in the key directory, which never
//! enters the database, and bound to what it belongs to (the purpose and the row's id, as
//! associated data), so a sealed value copied onto another row does not open. The stored
//! text is `sealed1.<server kid>.<base64url(nonce ‖ ciphertext)>`; a value without that
//! prefix was written before sealing and is read as it is, until
//! `crate::webhooks::seal_stored_secrets` seals it at start-up.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand::RngCore;
use sha2::Sha256;
use uuid::Uuid;
use zeroize::Zeroizing;

use crate::keyring::Keyring;

const PREFIX: &str = "sealed1.";

/// What a sealed secret is for: part of what it is bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// A webhook's signing secret, bound to the webhook's id.
    WebhookSecret,
    /// An organisation's client secret at its identity provider, bound to the
    /// organisation's id.
    SsoClientSecret,
    /// A pass's claim token in a queued invitation, bound to the message's id.
    ClaimToken,
    /// The password of the server's SMTP relay (one row: bound to the nil id).
    SmtpPassword,
}

impl Purpose {
    fn label(self) -> &'static str {
        match self {
            Purpose::WebhookSecret => "webhook secret",
            Purpose::SsoClientSecret => "sso client secret",
            Purpose::ClaimToken => "claim token",
            Purpose::SmtpPassword => "smtp password",
        }
    }
}

/// Why a stored secret could not be sealed or opened.
#[derive(Debug, thiserror::Error)]
pub enum SealError {
    /// No server key is loaded (never after start-up).
    #[error("no server key to seal with")]
    NoKey,
    /// The server key it was sealed under is not in the key directory.
    #[error("sealed under server key {0}, which is not loaded")]
    UnknownKey(String),
    /// Malformed, altered, or sealed for another row or purpose.
    #[error("a sealed secret does not open (altered, or copied from another row)")]
    Corrupt,
}

fn cipher(keys: &Keyring, kid: &str) -> Result<XChaCha20Poly1305, SealError> {
    let server = keys
        .get(kid)
        .map_err(|_| SealError::UnknownKey(kid.to_owned()))?;
    let ikm = server.to_hex();
    let derived = hkdf::Hkdf::<Sha256>::new(Some(b"tessera/v1 seal"), ikm.as_bytes());
    let mut key = Zeroizing::new([0u8; 32]);
    derived
        .expand(b"tessera/v1 seal key", key.as_mut())
        .map_err(|_| SealError::NoKey)?;
    XChaCha20Poly1305::new_from_slice(key.as_ref()).map_err(|_| SealError::NoKey)
}

fn associated(purpose: Purpose, id: Uuid) -> String {
    format!("tessera/v1 {} {id}", purpose.label())
}

/// Seals `secret` for `purpose` on the row `id`, under the newest server key.
///
/// # Errors
/// [`SealError::NoKey`].
pub fn seal(keys: &Keyring, purpose: Purpose, id: Uuid, secret: &str) -> Result<String, SealError> {
    let (kid, _) = keys.active().ok_or(SealError::NoKey)?;
    let cipher = cipher(keys, kid)?;
    let mut nonce = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut nonce);
    let aad = associated(purpose, id);
    let sealed = cipher
        .encrypt(
            XNonce::from_slice(&nonce),
            Payload {
                msg: secret.as_bytes(),
                aad: aad.as_bytes(),
            },
        )
        .map_err(|_| SealError::NoKey)?;
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    Ok(format!(
        "{PREFIX}{kid}.{}",
        tessera_protocol::encoding::base64url(&bytes)
    ))
}

/// Whether a stored value is sealed (rather than written before sealing).
pub fn is_sealed(stored: &str) -> bool {
    stored.starts_with(PREFIX)
}

/// Opens a stored secret of `purpose` on the row `id`; a value written before sealing is
/// returned as it is.
///
/// # Errors
/// [`SealError::UnknownKey`], [`SealError::Corrupt`].
pub fn open(
    keys: &Keyring,
    purpose: Purpose,
    id: Uuid,
    stored: &str,
) -> Result<Zeroizing<String>, SealError> {
    let Some(rest) = stored.strip_prefix(PREFIX) else {
        return Ok(Zeroizing::new(stored.to_owned()));
    };
    let (kid, body) = rest.rsplit_once('.').ok_or(SealError::Corrupt)?;
    let bytes = tessera_protocol::encoding::base64url_any(body).ok_or(SealError::Corrupt)?;
    if bytes.len() < 24 {
        return Err(SealError::Corrupt);
    }
    let (nonce, sealed) = bytes.split_at(24);
    let aad = associated(purpose, id);
    let plain = cipher(keys, kid)?
        .decrypt(
            XNonce::from_slice(nonce),
            Payload {
                msg: sealed,
                aad: aad.as_bytes(),
            },
        )
        .map_err(|_| SealError::Corrupt)?;
    String::from_utf8(plain)
        .map(Zeroizing::new)
        .map_err(|_| SealError::Corrupt)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keyring() -> (tempfile::TempDir, Keyring) {
        let dir = tempfile::tempdir().unwrap();
        let keys_dir = dir.path().join("keys");
        let keys = Keyring::load_or_create(&keys_dir).unwrap();
        (dir, keys)
    }

    #[test]
    fn a_sealed_secret_opens_only_for_its_row_and_purpose() {
        let (_dir, keys) = keyring();
        let (row, other) = (Uuid::now_v7(), Uuid::now_v7());
        let sealed = seal(&keys, Purpose::WebhookSecret, row, "whsec_abc").unwrap();
        assert!(is_sealed(&sealed));
        assert!(!sealed.contains("whsec_abc"), "{sealed}");
        assert_eq!(
            open(&keys, Purpose::WebhookSecret, row, &sealed)
                .unwrap()
                .as_str(),
            "whsec_abc"
        );
        // Sealing twice gives two texts (a fresh nonce each time).
        assert_ne!(
            sealed,
            seal(&keys, Purpose::WebhookSecret, row, "whsec_abc").unwrap()
        );
        // Copied to another row, or altered, it does not open.
        assert!(matches!(
            open(&keys, Purpose::WebhookSecret, other, &sealed),
            Err(SealError::Corrupt)
        ));
        let mut altered = sealed.clone();
        let last = altered.pop().unwrap();
        altered.push(if last == 'A' { 'B' } else { 'A' });
        assert!(open(&keys, Purpose::WebhookSecret, row, &altered).is_err());
        // Another server's keys cannot open it.
        let (_other_dir, other_keys) = keyring();
        assert!(open(&other_keys, Purpose::WebhookSecret, row, &sealed).is_err());
        // A value from before sealing reads as it is.
        assert_eq!(
            open(&keys, Purpose::WebhookSecret, row, "legacy")
                .unwrap()
                .as_str(),
            "legacy"
        );
        for junk in [
            "sealed1.",
            "sealed1.kid.",
            "sealed1.kid.!!!",
            "sealed1.nokid",
        ] {
            assert!(
                open(&keys, Purpose::WebhookSecret, row, junk).is_err(),
                "{junk}"
            );
        }
    }
}

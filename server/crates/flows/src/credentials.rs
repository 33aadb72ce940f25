//! Bearer credentials: API keys, gate device tokens and claim tokens.
//!
//! Each is 32 random bytes shown once as unpadded base64url and stored only as its SHA-256,
//! so a database leak does not hand out working credentials. Lookups go by hash (a unique
//! index); where a stored hash is compared with a presented one, the compare is constant-time.

use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

/// A freshly minted secret: the text to show once, and the hash to store.
pub struct MintedSecret {
    /// The credential as the holder will present it.
    pub text: Zeroizing<String>,
    /// `SHA-256(text)`, the only form stored.
    pub hash: [u8; 32],
}

impl std::fmt::Debug for MintedSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MintedSecret(<redacted>)")
    }
}

/// Mints a 32-byte random credential.
pub fn mint() -> MintedSecret {
    let mut bytes = Zeroizing::new([0u8; 32]);
    rand::rngs::OsRng.fill_bytes(bytes.as_mut());
    let text = Zeroizing::new(tessera_protocol::encoding::base64url(bytes.as_ref()));
    let hash = hash(&text);
    MintedSecret { text, hash }
}

/// The claim token of a link minted after issue (a bulk-issued pass, a re-bind, a
/// transfer): an HMAC of the link's id under a key derived from the pass's server secret,
/// so the same link id always gives the same token and a retried request can be answered
/// with the link it minted, while the database still holds only the token's hash.
pub fn link_token(server: &tessera_protocol::SecretKey, link_id: uuid::Uuid) -> MintedSecret {
    use hmac::{Mac, SimpleHmac};
    let secret = server.to_hex();
    let derived = hkdf::Hkdf::<Sha256>::new(Some(b"tessera/v1 link"), secret.as_bytes());
    let mut key = Zeroizing::new([0u8; 32]);
    // 32 bytes is far below HKDF-SHA256's limit; on the impossible error the key stays zero,
    // which only makes tokens guessable by the server itself.
    let _ = derived.expand(b"tessera/v1 link token", key.as_mut());
    let tag = match <SimpleHmac<Sha256> as Mac>::new_from_slice(key.as_ref()) {
        Ok(mut mac) => {
            mac.update(link_id.as_bytes());
            mac.finalize().into_bytes()
        }
        Err(_) => Sha256::digest(link_id.as_bytes()),
    };
    let text = Zeroizing::new(tessera_protocol::encoding::base64url(&tag));
    let hash = hash(&text);
    MintedSecret { text, hash }
}

/// The signature of a host's one-click answer to a walk-in (`approve` or `deny`), mailed
/// to them: an HMAC of the walk-in's id and the answer under a key derived from a server
/// secret. It needs no sign-in and is good for one walk-in and one answer; the walk-in's
/// approval window bounds it, and its first use closes the walk-in.
pub fn answer_token(
    server: &tessera_protocol::SecretKey,
    walk_in_id: uuid::Uuid,
    answer: &str,
) -> String {
    use hmac::{Mac, SimpleHmac};
    let secret = server.to_hex();
    let derived = hkdf::Hkdf::<Sha256>::new(Some(b"tessera/v1 walk-in answer"), secret.as_bytes());
    let mut key = Zeroizing::new([0u8; 32]);
    let _ = derived.expand(b"tessera/v1 walk-in answer token", key.as_mut());
    let tag = match <SimpleHmac<Sha256> as Mac>::new_from_slice(key.as_ref()) {
        Ok(mut mac) => {
            mac.update(walk_in_id.as_bytes());
            mac.update(b"/");
            mac.update(answer.as_bytes());
            mac.finalize().into_bytes()
        }
        Err(_) => Sha256::digest(walk_in_id.as_bytes()),
    };
    tessera_protocol::encoding::base64url(&tag)
}

/// Whether `presented` is the answer token of `walk_in_id` and `answer` under `server`,
/// compared in constant time.
pub fn answer_token_matches(
    server: &tessera_protocol::SecretKey,
    walk_in_id: uuid::Uuid,
    answer: &str,
    presented: &str,
) -> bool {
    use subtle::ConstantTimeEq;
    let expected = answer_token(server, walk_in_id, answer);
    expected.len() == presented.len() && bool::from(expected.as_bytes().ct_eq(presented.as_bytes()))
}

/// `SHA-256` of a presented credential.
pub fn hash(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

/// Constant-time equality of two stored hashes (a missing stored hash compares against a
/// dummy so the time does not reveal whether the object exists).
pub fn hashes_match(stored: Option<&[u8]>, presented: &[u8; 32]) -> bool {
    let dummy = [0u8; 32];
    let (candidate, exists) = match stored {
        Some(bytes) if bytes.len() == 32 => (bytes, true),
        _ => (&dummy[..], false),
    };
    bool::from(candidate.ct_eq(presented)) & exists
}

/// A short SHA-256 prefix (hex) for audit details: enough to correlate, useless to replay.
pub fn fingerprint(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .take(6)
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minted_secrets_hash_to_their_stored_form() {
        let minted = mint();
        assert!(minted.text.len() >= 43);
        assert!(hashes_match(Some(&minted.hash), &hash(&minted.text)));
        assert!(!hashes_match(Some(&minted.hash), &hash("other")));
        assert!(!hashes_match(None, &[0u8; 32]));
        assert_eq!(fingerprint(b"x").len(), 12);
    }
}

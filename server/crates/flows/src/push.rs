//! Web Push to hosts (issue 31): the server's VAPID identity and the encryption of a push
//! message, from RustCrypto primitives as the RFCs give them.
//!
//! - **VAPID** (RFC 8292): a P-256 key pair, made at first start and kept in the key
//!   directory beside the server keys (`vapid.p256`, mode 0600), so every replica given the
//!   directory signs as the same server. Each request carries `Authorization: vapid t=<JWT
//!   signed ES256, audience the push service's origin, valid an hour>, k=<public key>`;
//!   browsers subscribe with the public key (`GET /v1/push/key`).
//! - **Message encryption** (RFC 8291, `aes128gcm` of RFC 8188): an ephemeral P-256 key
//!   agreed with the subscription's `p256dh` key (ECDH), mixed with its `auth` secret and a
//!   random salt by HKDF-SHA256 into a content key and nonce; one AES-128-GCM record.
//!
//! The push service sees only ciphertext, and only the browser that subscribed reads it.

use std::path::Path;

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use hkdf::Hkdf;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::{PublicKey, SecretKey};
use rand::RngCore;
use sha2::Sha256;
use zeroize::Zeroizing;

/// The VAPID key's file in the key directory.
pub const VAPID_FILE: &str = "vapid.p256";
/// The record size announced in a message's header (one record, so only an upper bound).
const RECORD_SIZE: u32 = 4096;
/// The largest body a push service must accept (RFC 8030 §7.2); a larger one may be refused.
pub const MAX_BODY: usize = 4096;
/// The `aes128gcm` header before the record: salt, record size, key id length, key id.
const HEADER: usize = 16 + 4 + 1 + 65;
/// The longest plaintext whose body fits [`MAX_BODY`]: less the header, the AEAD tag and
/// the last record's delimiter, 3,993 bytes (RFC 8291 §4).
pub const MAX_PLAINTEXT: usize = MAX_BODY - HEADER - 16 - 1;

/// Why a push message could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    /// The VAPID key file could not be read or written.
    #[error("VAPID key file {path}: {source}")]
    KeyFile {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The VAPID key file holds no P-256 key.
    #[error("VAPID key file {0} holds no P-256 key")]
    BadKeyFile(std::path::PathBuf),
    /// The subscription's keys are not a P-256 point and a 16-byte secret.
    #[error("the subscription's keys are unusable")]
    BadSubscription,
    /// The message is longer than one record.
    #[error("the message is too long for one record")]
    TooLong,
    /// Encryption failed (never for valid keys).
    #[error("encryption failed")]
    Encrypt,
}

/// The server's VAPID identity.
pub struct Vapid {
    signing: SigningKey,
    public: [u8; 65],
}

impl std::fmt::Debug for Vapid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Vapid")
            .field("public", &self.public_key())
            .finish_non_exhaustive()
    }
}

impl Vapid {
    /// Loads `dir`'s VAPID key, making it when there is none.
    ///
    /// # Errors
    /// [`PushError::KeyFile`], [`PushError::BadKeyFile`].
    pub fn load_or_create(dir: &Path) -> Result<Self, PushError> {
        let path = dir.join(VAPID_FILE);
        let io = |source| PushError::KeyFile {
            path: path.clone(),
            source,
        };
        let secret = match std::fs::read_to_string(&path) {
            Ok(text) => {
                let text = Zeroizing::new(text);
                let bytes = Zeroizing::new(
                    data_encoding::HEXLOWER_PERMISSIVE
                        .decode(text.trim().as_bytes())
                        .map_err(|_| PushError::BadKeyFile(path.clone()))?,
                );
                SecretKey::from_slice(&bytes).map_err(|_| PushError::BadKeyFile(path.clone()))?
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                let secret = random_secret();
                let hex = Zeroizing::new(data_encoding::HEXLOWER.encode(&secret.to_bytes()));
                write_private(&path, hex.as_bytes()).map_err(io)?;
                tracing::info!(dir = %dir.display(), "created the VAPID key for Web Push");
                secret
            }
            Err(error) => return Err(io(error)),
        };
        Ok(Self::from_secret(&secret))
    }

    fn from_secret(secret: &SecretKey) -> Self {
        let public = point(&secret.public_key());
        Vapid {
            signing: SigningKey::from(secret),
            public,
        }
    }

    /// The public key browsers subscribe with (`applicationServerKey`), base64url.
    pub fn public_key(&self) -> String {
        tessera_protocol::encoding::base64url(&self.public)
    }

    /// The `Authorization` header of a request to `endpoint`'s push service at `now_s`;
    /// `subject` is a `mailto:` or `https:` contact for the service's operator.
    pub fn authorization(&self, endpoint: &url::Url, subject: &str, now_s: i64) -> String {
        let audience = endpoint.origin().ascii_serialization();
        let header = tessera_protocol::encoding::base64url(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({
            "aud": audience,
            "exp": now_s + 3600,
            "sub": subject,
        });
        let claims = tessera_protocol::encoding::base64url(claims.to_string().as_bytes());
        let signed = format!("{header}.{claims}");
        let signature: Signature = self.signing.sign(signed.as_bytes());
        let signature = tessera_protocol::encoding::base64url(&signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public_key())
    }
}

fn random_secret() -> SecretKey {
    loop {
        let mut bytes = Zeroizing::new([0u8; 32]);
        rand::rngs::OsRng.fill_bytes(bytes.as_mut());
        if let Ok(secret) = SecretKey::from_slice(bytes.as_ref()) {
            return secret;
        }
    }
}

fn point(public: &PublicKey) -> [u8; 65] {
    let encoded = public.to_encoded_point(false);
    let mut out = [0u8; 65];
    if encoded.as_bytes().len() == 65 {
        out.copy_from_slice(encoded.as_bytes());
    }
    out
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// Encrypts `plaintext` for a subscription (its `p256dh` key and `auth` secret, base64url as
/// the browser gives them): the body of the push request.
///
/// # Errors
/// [`PushError::BadSubscription`], [`PushError::TooLong`].
pub fn encrypt(p256dh: &str, auth: &str, plaintext: &[u8]) -> Result<Vec<u8>, PushError> {
    let receiver = tessera_protocol::encoding::base64url_any(p256dh)
        .and_then(|bytes| PublicKey::from_sec1_bytes(&bytes).ok())
        .ok_or(PushError::BadSubscription)?;
    let auth = tessera_protocol::encoding::base64url_any(auth)
        .filter(|auth| auth.len() == 16)
        .ok_or(PushError::BadSubscription)?;
    let mut salt = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut salt);
    encrypt_with(&random_secret(), &salt, &receiver, &auth, plaintext)
}

/// [`encrypt`] with the sender's ephemeral key and the salt given.
fn encrypt_with(
    sender: &SecretKey,
    salt: &[u8; 16],
    receiver: &PublicKey,
    auth: &[u8],
    plaintext: &[u8],
) -> Result<Vec<u8>, PushError> {
    if plaintext.len() > MAX_PLAINTEXT {
        return Err(PushError::TooLong);
    }
    let sender_public = point(&sender.public_key());
    let receiver_public = point(receiver);
    let shared = p256::ecdh::diffie_hellman(sender.to_nonzero_scalar(), receiver.as_affine());
    // RFC 8291 §3.3: the input keying material, from the ECDH secret and the auth secret.
    let mut key_info = Vec::with_capacity(14 + 65 + 65);
    key_info.extend_from_slice(b"WebPush: info\0");
    key_info.extend_from_slice(&receiver_public);
    key_info.extend_from_slice(&sender_public);
    let mut ikm = Zeroizing::new([0u8; 32]);
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes())
        .expand(&key_info, ikm.as_mut())
        .map_err(|_| PushError::Encrypt)?;
    // RFC 8188 §2.2: the content key and nonce, from the salt.
    let prk = Hkdf::<Sha256>::new(Some(salt), ikm.as_ref());
    let mut key = Zeroizing::new([0u8; 16]);
    let mut nonce = [0u8; 12];
    prk.expand(b"Content-Encoding: aes128gcm\0", key.as_mut())
        .map_err(|_| PushError::Encrypt)?;
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .map_err(|_| PushError::Encrypt)?;
    // One record: the plaintext and the last-record delimiter.
    let mut record = Zeroizing::new(Vec::with_capacity(plaintext.len() + 1));
    record.extend_from_slice(plaintext);
    record.push(2);
    let cipher = Aes128Gcm::new_from_slice(key.as_ref()).map_err(|_| PushError::Encrypt)?;
    let sealed = cipher
        .encrypt(Nonce::from_slice(&nonce), record.as_slice())
        .map_err(|_| PushError::Encrypt)?;
    // The header: salt, record size, the sender's key as the key id.
    let mut body = Vec::with_capacity(16 + 4 + 1 + 65 + sealed.len());
    body.extend_from_slice(salt);
    body.extend_from_slice(&RECORD_SIZE.to_be_bytes());
    body.push(65);
    body.extend_from_slice(&sender_public);
    body.extend_from_slice(&sealed);
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_message_fills_a_4096_byte_body_and_one_more_byte_is_refused() {
        assert_eq!(MAX_PLAINTEXT, 3993, "RFC 8291 §4");
        let receiver = random_secret();
        let sender = random_secret();
        let seal = |len: usize| {
            encrypt_with(
                &sender,
                &[7; 16],
                &receiver.public_key(),
                &[1; 16],
                &vec![b'x'; len],
            )
        };
        assert_eq!(seal(MAX_PLAINTEXT).expect("fits").len(), MAX_BODY);
        assert!(matches!(seal(MAX_PLAINTEXT + 1), Err(PushError::TooLong)));
        assert!(matches!(seal(4079), Err(PushError::TooLong)));
    }

    #[test]
    fn a_message_has_the_aes128gcm_header_and_one_record() {
        let receiver = random_secret();
        let sender = random_secret();
        let body = encrypt_with(
            &sender,
            &[7; 16],
            &receiver.public_key(),
            &[1; 16],
            b"hello",
        )
        .expect("encrypt");
        assert_eq!(&body[..16], &[7; 16]);
        assert_eq!(&body[16..20], &RECORD_SIZE.to_be_bytes());
        assert_eq!(body[20], 65);
        assert_eq!(&body[21..86], &point(&sender.public_key()));
        // The plaintext, its delimiter and the 16-byte tag.
        assert_eq!(body.len(), 86 + 5 + 1 + 16);
        assert!(matches!(
            encrypt_with(
                &sender,
                &[7; 16],
                &receiver.public_key(),
                &[1; 16],
                &[0; MAX_PLAINTEXT + 1]
            ),
            Err(PushError::TooLong)
        ));
    }

    #[test]
    fn bad_subscription_keys_are_refused() {
        assert!(matches!(
            encrypt("not-a-key", "AAAAAAAAAAAAAAAAAAAAAA", b"x"),
            Err(PushError::BadSubscription)
        ));
        let point = tessera_protocol::encoding::base64url(&point(&random_secret().public_key()));
        assert!(matches!(
            encrypt(&point, "short", b"x"),
            Err(PushError::BadSubscription)
        ));
        assert!(encrypt(&point, "AAAAAAAAAAAAAAAAAAAAAA", b"x").is_ok());
    }

    #[test]
    fn the_vapid_header_is_a_jwt_signed_with_the_published_key() {
        use p256::ecdsa::signature::Verifier;
        let vapid = Vapid::from_secret(&random_secret());
        let endpoint = url::Url::parse("https://push.example.net/send/abc?x=1").expect("url");
        let header = vapid.authorization(&endpoint, "mailto:ops@venue.example", 1_000);
        let (token, key) = header
            .strip_prefix("vapid t=")
            .and_then(|rest| rest.split_once(", k="))
            .expect("vapid t=…, k=…");
        assert_eq!(key, vapid.public_key());
        let (signed, signature) = token.rsplit_once('.').expect("signature");
        let claims = signed.split_once('.').expect("claims").1;
        let claims: serde_json::Value = serde_json::from_slice(
            &tessera_protocol::encoding::base64url_any(claims).expect("base64url"),
        )
        .expect("json");
        assert_eq!(claims["aud"], "https://push.example.net");
        assert_eq!(claims["exp"], 4_600);
        let signature = Signature::from_slice(
            &tessera_protocol::encoding::base64url_any(signature).expect("base64url"),
        )
        .expect("signature");
        let verifying = p256::ecdsa::VerifyingKey::from_sec1_bytes(&vapid.public).expect("key");
        assert!(verifying.verify(signed.as_bytes(), &signature).is_ok());
    }
}

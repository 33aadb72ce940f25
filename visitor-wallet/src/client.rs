//! The wallet's HTTP requests: the claim (`POST /v1/claims`, TSR1 §3), its preview, and the
//! two steps of a transfer (`POST /v1/transfers/nonce`, `POST /v1/transfers`, issue 16).
//!
//! The server's refusals map to distinct errors because a visitor must be told whether to
//! retry (network), ask for a new link (`invalid_claim`) or stop (`already_claimed`,
//! `revoked`, `transfer_not_allowed`). Server-supplied text is shortened and stripped of
//! control characters before it reaches a terminal.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tessera_protocol::{Nonce, PublicKey};
use time::OffsetDateTime;
use uuid::Uuid;
use zeroize::Zeroizing;

use crate::error::{Error, Result};
use crate::link::ClaimToken;

/// The server's answer to a successful claim.
#[derive(Clone, Debug, Deserialize)]
pub struct ClaimAnswer {
    /// The claimed pass.
    pub pass_id: Uuid,
    /// The issuer's label.
    pub label: String,
    /// The server's X25519 key for this pass.
    pub server_public_key: PublicKey,
    /// The server's name for that key.
    pub server_kid: String,
    /// Seconds per code step.
    pub period_s: u64,
    /// OTP digits (must be 8).
    pub digits: u32,
    /// OTP hash (must be `SHA256`).
    pub algorithm: String,
    /// First valid instant.
    #[serde(with = "time::serde::rfc3339")]
    pub valid_from: OffsetDateTime,
    /// First invalid instant.
    #[serde(with = "time::serde::rfc3339")]
    pub valid_until: OffsetDateTime,
}

impl ClaimAnswer {
    /// Checks the answer is for `pass_id` and uses TSR1's code parameters.
    ///
    /// # Errors
    /// [`Error::BadServerAnswer`].
    pub fn check_for(&self, pass_id: Uuid) -> Result<()> {
        if self.pass_id != pass_id {
            return Err(Error::BadServerAnswer("it names another pass".into()));
        }
        if self.digits != 8 || self.algorithm != "SHA256" {
            return Err(Error::BadServerAnswer(
                "unsupported code parameters (TSR1 uses 8 digits, SHA256)".into(),
            ));
        }
        if self.period_s == 0 || self.period_s > 3600 {
            return Err(Error::BadServerAnswer("unusable code period".into()));
        }
        Ok(())
    }
}

/// What `POST /v1/claims/preview` says about a claim link, changing nothing.
#[derive(Clone, Debug, Deserialize)]
pub struct ClaimPreview {
    /// The pass.
    pub pass_id: Uuid,
    /// `issued` (claimable), `claimed`, `used` or `revoked`.
    pub state: String,
    /// True for a transfer's link.
    #[serde(default)]
    pub transfer: bool,
}

/// The server's answer to `POST /v1/transfers/nonce`: what the holder must prove.
#[derive(Clone, Debug, Deserialize)]
pub struct TransferNonce {
    /// The one-time nonce the proof covers.
    pub nonce: Nonce,
    /// When the nonce stops being usable.
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
}

/// The server's answer to `POST /v1/transfers`: the link for the recipient. Its `Debug`
/// hides the link, which holds the claim token.
#[derive(Clone, Deserialize)]
pub struct TransferAnswer {
    /// The pass handed on.
    pub pass_id: Uuid,
    /// The transfer.
    pub transfer_id: Uuid,
    /// `<base>/claim#p=<pass>&t=<token>`: an ordinary claim link.
    #[serde(deserialize_with = "zeroizing_string")]
    claim_url: Zeroizing<String>,
    /// How long the link works (the pass's `valid_until`).
    #[serde(with = "time::serde::rfc3339")]
    pub expires_at: OffsetDateTime,
}

fn zeroizing_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Zeroizing<String>, D::Error> {
    String::deserialize(d).map(Zeroizing::new)
}

impl TransferAnswer {
    /// The claim link for the recipient (a secret until claimed).
    pub fn claim_url(&self) -> &str {
        &self.claim_url
    }
}

impl std::fmt::Debug for TransferAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TransferAnswer")
            .field("pass_id", &self.pass_id)
            .field("transfer_id", &self.transfer_id)
            .field("claim_url", &"<redacted>")
            .field("expires_at", &self.expires_at)
            .finish()
    }
}

#[derive(Serialize)]
struct ClaimRequest<'a> {
    pass_id: Uuid,
    claim_token: &'a str,
    wallet_public_key: PublicKey,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    code: String,
    #[serde(default)]
    message: String,
}

#[derive(Serialize)]
struct PreviewRequest<'a> {
    pass_id: Uuid,
    claim_token: &'a str,
}

#[derive(Serialize)]
struct NonceRequest {
    pass_id: Uuid,
}

#[derive(Serialize)]
struct TransferRequest<'a> {
    pass_id: Uuid,
    nonce: &'a Nonce,
    proof: &'a str,
}

/// Sends claims and transfers to Tessera servers.
#[derive(Clone, Debug)]
pub struct ClaimClient {
    http: reqwest::Client,
}

impl ClaimClient {
    /// A client whose requests give up after `timeout`.
    ///
    /// # Errors
    /// [`Error::Network`] if the HTTP stack cannot be set up.
    pub fn new(timeout: Duration) -> Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("tessera-wallet/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Error::Network {
                base: String::new(),
                detail: e.without_url().to_string(),
            })?;
        Ok(Self { http })
    }

    /// `POST <api_base>/v1/claims`.
    ///
    /// # Errors
    /// See [`crate::Wallet::claim`].
    pub async fn claim(
        &self,
        api_base: &str,
        pass_id: Uuid,
        token: &ClaimToken,
        wallet_public_key: &PublicKey,
    ) -> Result<ClaimAnswer> {
        let network = |e: reqwest::Error| Error::Network {
            base: api_base.to_owned(),
            detail: chain(&e.without_url()),
        };
        let response = self
            .http
            .post(format!("{api_base}/v1/claims"))
            .json(&ClaimRequest {
                pass_id,
                claim_token: token.expose(),
                wallet_public_key: *wallet_public_key,
            })
            .send()
            .await
            .map_err(network)?;
        let status = response.status();
        let body = response.bytes().await.map_err(network)?;
        if status.is_success() {
            return serde_json::from_slice(&body)
                .map_err(|e| Error::BadServerAnswer(format!("not a claim answer ({e})")));
        }
        let (code, message) = error_of(&body);
        Err(match (status.as_u16(), code.as_str()) {
            (404, "invalid_claim") => Error::InvalidClaim,
            (409, "already_claimed") => Error::AlreadyClaimed,
            (409, "revoked") => Error::Revoked,
            (s, _) => Error::ClaimRejected {
                status: s,
                code,
                message,
            },
        })
    }

    /// `POST <api_base>/v1/claims/preview`: what a link is for, changing nothing.
    ///
    /// # Errors
    /// [`Error::InvalidClaim`] (404), [`Error::ClaimRejected`], [`Error::Network`],
    /// [`Error::BadServerAnswer`].
    pub async fn preview(
        &self,
        api_base: &str,
        pass_id: Uuid,
        token: &ClaimToken,
    ) -> Result<ClaimPreview> {
        let (status, body) = self
            .post(
                api_base,
                "/v1/claims/preview",
                &PreviewRequest {
                    pass_id,
                    claim_token: token.expose(),
                },
            )
            .await?;
        if status == 200 {
            return serde_json::from_slice(&body)
                .map_err(|e| Error::BadServerAnswer(format!("not a claim preview ({e})")));
        }
        let (code, message) = error_of(&body);
        Err(match (status, code.as_str()) {
            (404, "invalid_claim") => Error::InvalidClaim,
            (s, _) => Error::ClaimRejected {
                status: s,
                code,
                message,
            },
        })
    }

    /// `POST <api_base>/v1/transfers/nonce`: step one of a transfer.
    ///
    /// # Errors
    /// See [`crate::Wallet::transfer`].
    pub async fn transfer_nonce(&self, api_base: &str, pass_id: Uuid) -> Result<TransferNonce> {
        let (status, body) = self
            .post(api_base, "/v1/transfers/nonce", &NonceRequest { pass_id })
            .await?;
        if status == 201 || status == 200 {
            return serde_json::from_slice(&body)
                .map_err(|e| Error::BadServerAnswer(format!("not a transfer nonce ({e})")));
        }
        Err(transfer_refusal(status, &body))
    }

    /// `POST <api_base>/v1/transfers` with the holder's proof: step two of a transfer.
    /// The same nonce and proof again answer the same link, so this may be repeated.
    ///
    /// # Errors
    /// See [`crate::Wallet::transfer`].
    pub async fn start_transfer(
        &self,
        api_base: &str,
        pass_id: Uuid,
        nonce: &Nonce,
        proof: &str,
    ) -> Result<TransferAnswer> {
        let (status, body) = self
            .post(
                api_base,
                "/v1/transfers",
                &TransferRequest {
                    pass_id,
                    nonce,
                    proof,
                },
            )
            .await?;
        if status == 201 || status == 200 {
            return serde_json::from_slice(&body)
                .map_err(|_| Error::BadServerAnswer("not a transfer answer".into()));
        }
        Err(transfer_refusal(status, &body))
    }

    /// `POST <api_base><path>` with a JSON body: the status and the body, bounded.
    async fn post(
        &self,
        api_base: &str,
        path: &str,
        body: &impl Serialize,
    ) -> Result<(u16, Vec<u8>)> {
        let network = |e: reqwest::Error| Error::Network {
            base: api_base.to_owned(),
            detail: chain(&e.without_url()),
        };
        let mut response = self
            .http
            .post(format!("{api_base}{path}"))
            .json(body)
            .send()
            .await
            .map_err(network)?;
        let status = response.status().as_u16();
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(network)? {
            if bytes.len() + chunk.len() > MAX_ANSWER {
                return Err(Error::BadServerAnswer("the answer is too large".into()));
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok((status, bytes))
    }
}

/// Largest answer body read from the server.
const MAX_ANSWER: usize = 64 * 1024;

/// The `code` and `message` of an error body, sanitised.
fn error_of(body: &[u8]) -> (String, String) {
    match serde_json::from_slice::<ErrorBody>(body) {
        Ok(b) => (sanitize(&b.error.code), sanitize(&b.error.message)),
        Err(_) => (String::from("unknown"), String::from("(no error details)")),
    }
}

/// The error for a refused transfer step.
fn transfer_refusal(status: u16, body: &[u8]) -> Error {
    let (code, message) = error_of(body);
    match (status, code.as_str()) {
        (409, "transfer_not_allowed") => Error::TransferNotAllowed,
        (403, "bad_proof") => Error::BadProof,
        (409, "revoked") => Error::Revoked,
        (409, "not_claimed") => Error::TransferRefused {
            status,
            code,
            message: "the server says no wallet holds this pass now (it was re-bound?)".into(),
        },
        _ => Error::TransferRefused {
            status,
            code,
            message,
        },
    }
}

/// An error and its causes ("error sending request: … Connection refused").
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    sanitize(&text)
}

/// At most 200 printable characters of server-supplied text.
pub(crate) fn sanitize(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transfer_refusals_say_what_to_do() {
        let body = |code: &str| format!(r#"{{"error":{{"code":"{code}","message":"m"}}}}"#);
        assert!(matches!(
            transfer_refusal(409, body("transfer_not_allowed").as_bytes()),
            Error::TransferNotAllowed
        ));
        assert!(matches!(
            transfer_refusal(403, body("bad_proof").as_bytes()),
            Error::BadProof
        ));
        assert!(matches!(
            transfer_refusal(409, body("revoked").as_bytes()),
            Error::Revoked
        ));
        assert!(matches!(
            transfer_refusal(404, body("invalid_nonce").as_bytes()),
            Error::TransferRefused { status: 404, ref code, .. } if code == "invalid_nonce"
        ));
        assert!(matches!(
            transfer_refusal(502, b"<html>"),
            Error::TransferRefused { status: 502, ref code, .. } if code == "unknown"
        ));
    }

    #[test]
    fn a_transfer_answer_hides_its_link() {
        let answer: TransferAnswer = serde_json::from_str(
            r#"{"pass_id":"0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506",
                "transfer_id":"0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f507",
                "claim_url":"https://t.example/claim#p=0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506&t=c2VjcmV0",
                "claim_token":"c2VjcmV0","expires_at":"2030-01-01T00:00:00Z"}"#,
        )
        .unwrap();
        assert!(answer.claim_url().ends_with("&t=c2VjcmV0"));
        assert!(!format!("{answer:?}").contains("c2VjcmV0"));
    }

    #[test]
    fn sanitize_strips_terminal_escapes() {
        assert_eq!(sanitize("a\u{1b}[2Jb\n"), "a[2Jb");
        assert_eq!(sanitize(&"x".repeat(500)).len(), 200);
    }
}

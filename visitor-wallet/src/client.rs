//! The claim request over HTTP (`POST /v1/claims`, TSR1 §3).
//!
//! The server's refusals map to distinct errors because a visitor must be told whether to
//! retry (network), ask for a new link (`invalid_claim`) or stop (`already_claimed`,
//! `revoked`). Server-supplied text is shortened and stripped of control characters before
//! it reaches a terminal.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use tessera_protocol::PublicKey;
use time::OffsetDateTime;
use uuid::Uuid;

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

/// Sends claims to Tessera servers.
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
        let (code, message) = match serde_json::from_slice::<ErrorBody>(&body) {
            Ok(b) => (sanitize(&b.error.code), sanitize(&b.error.message)),
            Err(_) => (String::from("unknown"), String::from("(no error details)")),
        };
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
    fn sanitize_strips_terminal_escapes() {
        assert_eq!(sanitize("a\u{1b}[2Jb\n"), "a[2Jb");
        assert_eq!(sanitize(&"x".repeat(500)).len(), 200);
    }
}

//! A test wallet: claims a pass with a key made in the test and computes what a phone would
//! show, through the `tessera-protocol` crate only.
//!
//! Codes and answers are computed from the wallet's own derivation (`PassKeys::for_wallet`
//! with the server's public key from the claim answer), never read back from the server, so
//! an admission proves the two sides agreed on every byte of §3–§5.

use anyhow::{anyhow, bail, Context, Result};
use rand::rngs::OsRng;
use serde::Deserialize;
use tessera_protocol::messages::Challenge;
use tessera_protocol::{
    PassId, PassKeys, PublicKey, ResponseMac, RotatingCode, SecretKey, WalletChallenge,
    WalletResponse,
};
use uuid::Uuid;

use crate::api::{ApiClient, IssuedPass};
use crate::clock::{unix_now, STEP_S};

/// The claim answer of PROTOCOL.md §3.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ClaimAnswer {
    /// The claimed pass.
    pub pass_id: Uuid,
    /// The issuer's label.
    pub label: String,
    /// `S`, base64url.
    pub server_public_key: String,
    /// Names the server key file.
    pub server_kid: String,
    /// Code step, 15.
    pub period_s: u64,
    /// OTP digits, 8.
    pub digits: u32,
    /// `SHA256`.
    pub algorithm: String,
    /// RFC 3339.
    pub valid_from: String,
    /// RFC 3339.
    pub valid_until: String,
}

/// A wallet holding one claimed pass.
pub struct Wallet {
    /// The wallet's secret `w`.
    pub secret: SecretKey,
    /// The pass.
    pub pass: PassId,
    /// Keys derived on the wallet side.
    pub keys: PassKeys,
    /// What the claim returned.
    pub claim: ClaimAnswer,
}

impl std::fmt::Debug for Wallet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Wallet").field("pass", &self.pass).finish()
    }
}

impl Wallet {
    /// Makes a fresh key and claims `issued` with it, expecting 200.
    ///
    /// # Errors
    /// Unless the claim succeeds and the answer's server key is usable.
    pub async fn claim(api: &ApiClient, issued: &IssuedPass) -> Result<Self> {
        Self::claim_with(api, issued, SecretKey::generate(&mut OsRng)).await
    }

    /// Claims `issued` with the given secret, expecting 200.
    ///
    /// # Errors
    /// Unless the claim succeeds and the answer's server key is usable.
    pub async fn claim_with(
        api: &ApiClient,
        issued: &IssuedPass,
        secret: SecretKey,
    ) -> Result<Self> {
        let reply = api
            .claim(
                &issued.pass_id.to_string(),
                &issued.claim_token,
                &secret.public_key().to_base64url(),
            )
            .await?;
        let answer = reply.expect(200).context("claim the pass")?;
        let claim: ClaimAnswer = serde_json::from_value(answer.clone())
            .with_context(|| format!("claim answer {answer}"))?;
        Self::from_claim(secret, claim)
    }

    /// Derives the wallet's keys from a claim answer.
    ///
    /// # Errors
    /// When the server key in the answer is malformed or of low order.
    pub fn from_claim(secret: SecretKey, claim: ClaimAnswer) -> Result<Self> {
        let server_key = PublicKey::from_base64url(&claim.server_public_key)
            .map_err(|e| anyhow!("server_public_key {:?}: {e}", claim.server_public_key))?;
        let pass = PassId::new(claim.pass_id);
        let keys = PassKeys::for_wallet(&secret, &server_key, pass)
            .map_err(|e| anyhow!("derive the wallet keys: {e}"))?;
        Ok(Self {
            secret,
            pass,
            keys,
            claim,
        })
    }

    /// The pass UUID.
    pub fn pass_id(&self) -> Uuid {
        self.pass.uuid()
    }

    /// The code for step `counter`.
    pub fn code_for_step(&self, counter: u64) -> RotatingCode {
        RotatingCode {
            pass: self.pass,
            counter,
            otp: self.keys.code_key.otp(counter),
        }
    }

    /// The code shown right now, as text.
    pub fn code_now(&self) -> String {
        self.keys
            .code_key
            .code_at(self.pass, unix_now(), STEP_S)
            .to_string()
    }

    /// The text of the code for step `counter`.
    pub fn code_text(&self, counter: u64) -> String {
        self.code_for_step(counter).to_string()
    }

    /// The code for `counter` with its OTP changed: well-formed, but wrong.
    pub fn wrong_code_text(&self, counter: u64) -> String {
        let good = self.code_for_step(counter).otp.to_string();
        let wrong: String = good
            .chars()
            .map(|c| match c {
                '9' => '0',
                d => char::from(u8::try_from(u32::from(d) + 1).unwrap_or(b'0')),
            })
            .collect();
        format!("TSR1:{}:{counter}:{wrong}", self.pass.to_base32())
    }

    /// The right answer to a challenge the gate relayed.
    ///
    /// # Errors
    /// When the challenge text is malformed or names another pass.
    pub fn answer(&self, challenge: &Challenge) -> Result<String> {
        let parsed: WalletChallenge = challenge
            .wallet_challenge
            .parse()
            .map_err(|e| anyhow!("wallet_challenge {:?}: {e}", challenge.wallet_challenge))?;
        if parsed.pass != self.pass {
            bail!(
                "the challenge names pass {}, not {}",
                parsed.pass,
                self.pass
            );
        }
        if parsed.nonce != challenge.nonce {
            bail!("wallet_challenge carries another nonce than the challenge message");
        }
        Ok(self.keys.response_key.respond(&parsed).to_string())
    }

    /// A well-formed answer with a wrong MAC.
    pub fn wrong_answer(&self, challenge: &Challenge) -> String {
        let mut mac = *self
            .keys
            .response_key
            .mac(self.pass, &challenge.nonce)
            .as_bytes();
        mac[0] ^= 0x01;
        WalletResponse {
            pass: self.pass,
            mac: ResponseMac::from_bytes(mac),
        }
        .to_string()
    }
}

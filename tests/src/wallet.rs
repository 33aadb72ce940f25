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
    Nonce, PassId, PassKeys, PublicKey, ResponseMac, RotatingCode, SecretKey, TransferProof,
    WalletChallenge, WalletResponse,
};
use uuid::Uuid;

use crate::api::{ApiClient, ClaimLink, IssuedPass};
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

    /// Makes a fresh key and claims a link minted after issue (a re-bind's or a transfer's),
    /// expecting 200.
    ///
    /// # Errors
    /// Unless the claim succeeds and the answer's server key is usable.
    pub async fn claim_link(api: &ApiClient, link: &ClaimLink) -> Result<Self> {
        let secret = SecretKey::generate(&mut OsRng);
        let reply = api
            .claim(
                &link.pass_id.to_string(),
                &link.claim_token,
                &secret.public_key().to_base64url(),
            )
            .await?;
        let answer = reply.expect(200).context("claim the link")?;
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

    /// The wallet's public key `W`, base64url, as the claim sent it.
    pub fn public_key_text(&self) -> String {
        self.secret.public_key().to_base64url()
    }

    /// The holder's transfer proof for `nonce` (`TSR1T:<PASS>:<MAC>`, issue 16).
    pub fn transfer_proof(&self, nonce: &Nonce) -> String {
        self.keys
            .response_key
            .transfer_proof(self.pass, nonce)
            .to_string()
    }

    /// A well-formed transfer proof with a wrong MAC.
    pub fn wrong_transfer_proof(&self, nonce: &Nonce) -> String {
        let proof = self.keys.response_key.transfer_proof(self.pass, nonce);
        let mut mac = *proof.mac.as_bytes();
        mac[0] ^= 0x01;
        TransferProof {
            pass: self.pass,
            mac: ResponseMac::from_bytes(mac),
        }
        .to_string()
    }

    /// The gate-challenge answer (`TSR1R:…`) this wallet would give for `nonce`: what a
    /// relayer who saw a gate exchange holds.
    pub fn challenge_answer_for(&self, nonce: &Nonce) -> String {
        WalletResponse {
            pass: self.pass,
            mac: self.keys.response_key.mac(self.pass, nonce),
        }
        .to_string()
    }

    /// The gate-challenge MAC for `nonce` relabelled as a transfer proof (`TSR1T:` prefix,
    /// `TSR1R` MAC): a proof that only the label separation refuses.
    pub fn challenge_mac_as_proof(&self, nonce: &Nonce) -> String {
        TransferProof {
            pass: self.pass,
            mac: self.keys.response_key.mac(self.pass, nonce),
        }
        .to_string()
    }

    /// The transfer MAC for a gate challenge's nonce sent as a gate answer (`TSR1R:` prefix,
    /// `TSR1T` MAC): the other direction of the same confusion.
    pub fn transfer_mac_as_answer(&self, challenge: &Challenge) -> String {
        WalletResponse {
            pass: self.pass,
            mac: self
                .keys
                .response_key
                .transfer_proof(self.pass, &challenge.nonce)
                .mac,
        }
        .to_string()
    }

    /// Starts a transfer as the holder's wallet does: asks for a nonce
    /// (`POST /v1/transfers/nonce`), proves the pass key over it (`POST /v1/transfers`) and
    /// returns the recipient's link.
    ///
    /// # Errors
    /// Unless both steps answer 201.
    pub async fn start_transfer(&self, api: &ApiClient) -> Result<ClaimLink> {
        let answer = api
            .post(
                "/v1/transfers/nonce",
                &serde_json::json!({ "pass_id": self.pass_id() }),
            )
            .await?
            .expect(201)
            .context("ask for a transfer nonce")?;
        let nonce: Nonce = answer["nonce"]
            .as_str()
            .with_context(|| format!("nonce in {answer}"))?
            .parse()
            .map_err(|e| anyhow!("transfer nonce in {answer}: {e}"))?;
        let link = api
            .post(
                "/v1/transfers",
                &serde_json::json!({
                    "pass_id": self.pass_id(),
                    "nonce": nonce.to_string(),
                    "proof": self.transfer_proof(&nonce),
                }),
            )
            .await?
            .expect(201)
            .context("prove the pass key for the transfer")?;
        serde_json::from_value(link.clone()).with_context(|| format!("transfer answer {link}"))
    }
}

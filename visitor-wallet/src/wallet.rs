//! The wallet: its passes, their keys, the rotating code and challenge answers.
//!
//! A pass is stored with the wallet's X25519 secret and the server's public key; the code and
//! response keys are derived on every use and never written down, so the file holds one
//! secret per pass. The key pair is created and saved *before* the claim is sent: if the
//! answer is lost, the retry sends the same key and the server's idempotent claim returns
//! the same pass instead of `already_claimed`.
//!
//! A claimed pass can be handed on (issue 16): [`Wallet::transfer`] proves to the server
//! that this wallet holds the pass key and gets an ordinary claim link for the recipient.
//! The wallet keeps the pass, and it keeps working, until the recipient claims the link.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use tessera_protocol::{
    PartyAnswer, PartyChallenge, PartyCode, PassId, PassKeys, PublicKey, RotatingCode, SecretKey,
    WalletChallenge, WalletResponse,
};
use time::OffsetDateTime;
use uuid::Uuid;
use zeroize::Zeroizing;

use crate::client::{ClaimAnswer, ClaimClient, TransferAnswer};
use crate::error::{Error, Result};
use crate::link::{ClaimLink, ClaimToken};
use crate::store;

/// The `format` string of the wallet file this build reads and writes.
pub const WALLET_FORMAT: &str = "tessera-wallet/1";

/// The wallet file's top-level document.
#[derive(Debug, Serialize, Deserialize)]
struct WalletFile {
    format: String,
    passes: Vec<StoredPass>,
}

/// What the server told the wallet when the claim succeeded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimedInfo {
    /// The issuer's label, e.g. the visitor's name.
    pub label: String,
    /// The server's static X25519 key `S` for this pass.
    pub server_public_key: PublicKey,
    /// The name of that key on the server.
    pub server_kid: String,
    /// Seconds per code step (15 in TSR1).
    pub period_s: u64,
    /// First valid instant.
    #[serde(with = "time::serde::rfc3339")]
    pub valid_from: OffsetDateTime,
    /// First instant the pass is no longer valid.
    #[serde(with = "time::serde::rfc3339")]
    pub valid_until: OffsetDateTime,
    /// When this wallet completed the claim.
    #[serde(with = "time::serde::rfc3339")]
    pub claimed_at: OffsetDateTime,
}

/// A transfer this wallet started (`tessera-wallet transfer`); the link itself is not kept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferRecord {
    /// The server's id of the transfer.
    pub transfer_id: Uuid,
    /// When this wallet started it.
    #[serde(with = "time::serde::rfc3339")]
    pub started_at: OffsetDateTime,
}

/// One pass in the wallet, claimed or with its claim still in flight.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredPass {
    /// The pass id.
    pub pass_id: Uuid,
    /// The server's API base (from the claim link).
    pub api_base: String,
    /// The wallet's secret `w` for this pass, hex in the file.
    #[serde(with = "secret_hex")]
    wallet_secret: SecretKey,
    /// The one-time token, kept only until the claim is answered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claim_token: Option<ClaimToken>,
    /// Set once the server accepted the claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claimed: Option<ClaimedInfo>,
    /// The last transfer this wallet started for the pass: once its recipient claims the
    /// link, this wallet's key no longer works (absent when none was started).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transfer: Option<TransferRecord>,
    /// When the key pair was made.
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
}

/// Whether a pass may be used at a given instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Validity {
    /// Inside `[valid_from, valid_until)`.
    Valid,
    /// Before `valid_from`.
    NotYetValid(OffsetDateTime),
    /// At or after `valid_until`.
    Expired(OffsetDateTime),
}

impl StoredPass {
    /// The wallet's public key `W` for this pass.
    pub fn wallet_public_key(&self) -> PublicKey {
        self.wallet_secret.public_key()
    }

    /// The label, or a placeholder while unclaimed.
    pub fn label(&self) -> &str {
        self.claimed
            .as_ref()
            .map_or("(claim pending)", |c| c.label.as_str())
    }

    fn claimed_info(&self) -> Result<&ClaimedInfo> {
        self.claimed.as_ref().ok_or(Error::NotClaimed(self.pass_id))
    }

    /// Derives this pass's code and response keys (they are never stored).
    ///
    /// # Errors
    /// [`Error::NotClaimed`] before the claim completed; [`Error::BadServerKey`] for a
    /// low-order server key.
    pub fn keys(&self) -> Result<PassKeys> {
        let info = self.claimed_info()?;
        PassKeys::for_wallet(
            &self.wallet_secret,
            &info.server_public_key,
            PassId::new(self.pass_id),
        )
        .map_err(|source| Error::BadServerKey {
            pass: self.pass_id,
            source,
        })
    }

    /// The rotating code at `unix_seconds`.
    ///
    /// # Errors
    /// As [`StoredPass::keys`].
    pub fn code_at(&self, unix_seconds: u64) -> Result<RotatingCode> {
        let period = self.claimed_info()?.period_s;
        Ok(self
            .keys()?
            .code_key
            .code_at(PassId::new(self.pass_id), unix_seconds, period))
    }

    /// Seconds per code step.
    ///
    /// # Errors
    /// [`Error::NotClaimed`] before the claim completed.
    pub fn period_s(&self) -> Result<u64> {
        Ok(self.claimed_info()?.period_s.max(1))
    }

    /// The answer to a gate challenge for this pass.
    ///
    /// # Errors
    /// [`Error::WrongPassChallenge`] when the challenge names another pass; else as
    /// [`StoredPass::keys`].
    pub fn respond(&self, challenge: &WalletChallenge) -> Result<WalletResponse> {
        if challenge.pass.uuid() != self.pass_id {
            return Err(Error::WrongPassChallenge(challenge.pass.uuid()));
        }
        Ok(self.keys()?.response_key.respond(challenge))
    }

    /// Whether the pass is valid at `now` (unclaimed passes count as valid here).
    pub fn validity_at(&self, now: OffsetDateTime) -> Validity {
        match &self.claimed {
            Some(info) if now >= info.valid_until => Validity::Expired(info.valid_until),
            Some(info) if now < info.valid_from => Validity::NotYetValid(info.valid_from),
            _ => Validity::Valid,
        }
    }
}

/// The outcome of [`Wallet::claim`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimStatus {
    /// The server accepted the claim now (or re-confirmed a lost answer).
    Claimed,
    /// The wallet already held this pass as claimed; nothing was sent.
    AlreadyInWallet,
}

/// A wallet file loaded in memory; every change is saved before the call returns.
#[derive(Debug)]
pub struct Wallet {
    path: PathBuf,
    passes: Vec<StoredPass>,
    /// Held by a wallet opened for update, so two processes cannot both load, change and
    /// save the file and lose one another's change.
    _lock: Option<std::fs::File>,
}

impl Wallet {
    /// The default wallet file: `<user data dir>/tessera/wallet.json`.
    ///
    /// # Errors
    /// [`Error::NoDataDir`] when the platform has no user data directory.
    pub fn default_path() -> Result<PathBuf> {
        dirs::data_dir()
            .map(|d| d.join("tessera").join("wallet.json"))
            .ok_or(Error::NoDataDir)
    }

    /// Loads the wallet at `path` to change it: waits for any other process that holds the
    /// wallet's advisory lock (another `claim`), then holds it until the wallet is dropped.
    ///
    /// # Errors
    /// As [`Wallet::open`], and [`Error::WalletUnreadable`] when the lock cannot be taken.
    pub fn open_for_update(path: impl Into<PathBuf>) -> Result<Self> {
        let path = path.into();
        let lock = store::lock_exclusive(&path).map_err(|source| Error::WalletUnreadable {
            path: store::lock_path(&path),
            source,
        })?;
        let mut wallet = Self::open(path)?;
        wallet._lock = Some(lock);
        Ok(wallet)
    }

    /// Loads the wallet at `path`; a missing file is an empty wallet (created on first save).
    /// Reading needs no lock: every save replaces the file whole.
    ///
    /// # Errors
    /// [`Error::WalletUnreadable`], [`Error::WalletCorrupt`], [`Error::UnsupportedFormat`].
    pub fn open(path: impl Into<PathBuf>) -> Result<Self> {
        let path = path.into();
        let Some(bytes) =
            store::read_if_exists(&path).map_err(|source| Error::WalletUnreadable {
                path: path.clone(),
                source,
            })?
        else {
            return Ok(Self {
                path,
                passes: Vec::new(),
                _lock: None,
            });
        };
        let corrupt = |detail: String| Error::WalletCorrupt {
            path: path.clone(),
            detail,
        };
        // Check the format first so a newer file is reported as such, not as corrupt.
        #[derive(Deserialize)]
        struct Header {
            format: String,
        }
        let header: Header = serde_json::from_slice(&bytes).map_err(|e| corrupt(describe(&e)))?;
        if header.format != WALLET_FORMAT {
            return Err(Error::UnsupportedFormat {
                path: path.clone(),
                found: header.format.chars().take(40).collect(),
                supported: WALLET_FORMAT,
            });
        }
        let file: WalletFile = serde_json::from_slice(&bytes).map_err(|e| corrupt(describe(&e)))?;
        Ok(Self {
            path,
            passes: file.passes,
            _lock: None,
        })
    }

    /// The wallet file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// All passes, in claim order.
    pub fn passes(&self) -> &[StoredPass] {
        &self.passes
    }

    /// Writes the wallet file atomically (0600).
    ///
    /// # Errors
    /// [`Error::WalletWrite`]; the previous file is then intact.
    pub fn save(&self) -> Result<()> {
        let file = WalletFile {
            format: WALLET_FORMAT.to_owned(),
            passes: self.passes.clone(),
        };
        let mut bytes = Zeroizing::new(Vec::new());
        serde_json::to_writer_pretty(&mut *bytes, &file).map_err(|e| Error::WalletWrite {
            path: self.path.clone(),
            source: std::io::Error::other(e),
        })?;
        bytes.push(b'\n');
        store::write_atomic(&self.path, &bytes).map_err(|source| Error::WalletWrite {
            path: self.path.clone(),
            source,
        })
    }

    /// Picks a pass by full uuid, unique prefix of it, or, when `selector` is `None`, the
    /// only pass in the wallet.
    ///
    /// # Errors
    /// [`Error::NoPasses`], [`Error::AmbiguousPass`], [`Error::UnknownPass`].
    pub fn select(&self, selector: Option<&str>) -> Result<&StoredPass> {
        let wanted = selector.map(|s| s.trim().to_ascii_lowercase());
        let matches: Vec<&StoredPass> = match wanted.as_deref() {
            None | Some("") => self.passes.iter().collect(),
            Some(prefix) => {
                let exact = self
                    .passes
                    .iter()
                    .filter(|p| p.pass_id.to_string() == prefix)
                    .collect::<Vec<_>>();
                if exact.is_empty() {
                    self.passes
                        .iter()
                        .filter(|p| p.pass_id.to_string().starts_with(prefix))
                        .collect()
                } else {
                    exact
                }
            }
        };
        match matches.as_slice() {
            [one] => Ok(one),
            [] if self.passes.is_empty() => Err(Error::NoPasses),
            [] => Err(Error::UnknownPass(selector.unwrap_or_default().to_owned())),
            many => Err(Error::AmbiguousPass {
                count: many.len(),
                ids: many
                    .iter()
                    .map(|p| p.pass_id.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            }),
        }
    }

    /// The pass a challenge is addressed to.
    ///
    /// # Errors
    /// [`Error::WrongPassChallenge`] when this wallet does not hold it.
    pub fn pass_for(&self, challenge: &WalletChallenge) -> Result<&StoredPass> {
        self.passes
            .iter()
            .find(|p| p.pass_id == challenge.pass.uuid())
            .ok_or(Error::WrongPassChallenge(challenge.pass.uuid()))
    }

    /// Answers a challenge with whichever pass it names.
    ///
    /// # Errors
    /// As [`Wallet::pass_for`] and [`StoredPass::respond`].
    pub fn respond(&self, challenge: &WalletChallenge) -> Result<WalletResponse> {
        self.pass_for(challenge)?.respond(challenge)
    }

    /// One code for a party (a Tessera addition, `docs/protocol.md` "Parties"): the codes
    /// at `at` of the passes `selectors` name, in that order, or, with no
    /// selector, of every claimed pass valid then.
    ///
    /// # Errors
    /// As [`Wallet::select`] and [`StoredPass::code_at`]; [`Error::BadParty`] for fewer
    /// than 2 or more than 6 passes, a pass named twice, or passes whose steps differ.
    pub fn party_code_at(&self, selectors: &[String], at: OffsetDateTime) -> Result<PartyCode> {
        let passes: Vec<&StoredPass> = if selectors.is_empty() {
            self.passes
                .iter()
                .filter(|pass| pass.claimed.is_some() && pass.validity_at(at) == Validity::Valid)
                .collect()
        } else {
            selectors
                .iter()
                .map(|selector| self.select(Some(selector)))
                .collect::<Result<_>>()?
        };
        let unix_seconds = u64::try_from(at.unix_timestamp()).unwrap_or(0);
        let codes = passes
            .iter()
            .map(|pass| pass.code_at(unix_seconds))
            .collect::<Result<Vec<_>>>()?;
        PartyCode::from_codes(&codes).map_err(Error::BadParty)
    }

    /// Answers every member of a party challenge this wallet holds; members of other
    /// wallets are left for them.
    ///
    /// # Errors
    /// [`Error::WrongPassChallenge`] when it holds none of them; as [`StoredPass::keys`].
    pub fn respond_party(&self, challenge: &PartyChallenge) -> Result<PartyAnswer> {
        let answers = challenge
            .members()
            .iter()
            .filter_map(|member| match self.pass_for(member) {
                Ok(pass) => Some(pass.respond(member)),
                Err(_) => None,
            })
            .collect::<Result<Vec<_>>>()?;
        if answers.is_empty() {
            let first = challenge.members().first().map(|m| m.pass.uuid());
            return Err(Error::WrongPassChallenge(first.unwrap_or_default()));
        }
        PartyAnswer::new(answers).map_err(Error::BadParty)
    }

    /// Step one of a claim: make (or reuse) the key pair for the link's pass and save it.
    ///
    /// Returns the index of the pass and whether it is already claimed.
    ///
    /// # Errors
    /// [`Error::WalletWrite`].
    pub fn prepare_claim(&mut self, link: &ClaimLink) -> Result<(usize, bool)> {
        if let Some(index) = self.passes.iter().position(|p| p.pass_id == link.pass_id) {
            let pass = &mut self.passes[index];
            if pass.claimed.is_some() {
                return Ok((index, true));
            }
            // Same key, possibly a re-issued link: keep the key, take the newest token.
            pass.claim_token = Some(link.token.clone());
            pass.api_base.clone_from(&link.api_base);
            self.save()?;
            return Ok((index, false));
        }
        self.passes.push(StoredPass {
            pass_id: link.pass_id,
            api_base: link.api_base.clone(),
            wallet_secret: SecretKey::generate(&mut rand::rngs::OsRng),
            claim_token: Some(link.token.clone()),
            claimed: None,
            transfer: None,
            created_at: OffsetDateTime::now_utc(),
        });
        self.save()?;
        Ok((self.passes.len() - 1, false))
    }

    /// Step three of a claim: check the server's answer and store it.
    ///
    /// # Errors
    /// [`Error::BadServerAnswer`], [`Error::BadServerKey`], [`Error::ServerKeyChanged`],
    /// [`Error::WalletWrite`].
    pub fn complete_claim(&mut self, index: usize, answer: &ClaimAnswer) -> Result<&StoredPass> {
        let pass = self
            .passes
            .get_mut(index)
            .ok_or_else(|| Error::BadServerAnswer("pass vanished from the wallet".into()))?;
        answer.check_for(pass.pass_id)?;
        if let Some(old) = &pass.claimed {
            if old.server_public_key != answer.server_public_key {
                return Err(Error::ServerKeyChanged(pass.pass_id));
            }
        }
        // Refuse a key that can never work before storing anything.
        PassKeys::for_wallet(
            &pass.wallet_secret,
            &answer.server_public_key,
            PassId::new(pass.pass_id),
        )
        .map_err(|source| Error::BadServerKey {
            pass: pass.pass_id,
            source,
        })?;
        pass.claimed = Some(ClaimedInfo {
            label: answer.label.clone(),
            server_public_key: answer.server_public_key,
            server_kid: answer.server_kid.clone(),
            period_s: answer.period_s,
            valid_from: answer.valid_from,
            valid_until: answer.valid_until,
            claimed_at: OffsetDateTime::now_utc(),
        });
        pass.claim_token = None;
        self.save()?;
        Ok(&self.passes[index])
    }

    /// A pass this wallet handed on comes back through a live claim link (a transfer back
    /// to this wallet, or to itself): the old key is useless once the link is claimed, so
    /// the pass gets a fresh key pair and the claim starts over, saved before it is sent.
    ///
    /// # Errors
    /// [`Error::WalletWrite`].
    fn rekey_for_claim(&mut self, index: usize, link: &ClaimLink) -> Result<()> {
        let pass = self
            .passes
            .get_mut(index)
            .ok_or_else(|| Error::BadServerAnswer("pass vanished from the wallet".into()))?;
        pass.wallet_secret = SecretKey::generate(&mut rand::rngs::OsRng);
        pass.claim_token = Some(link.token.clone());
        pass.api_base.clone_from(&link.api_base);
        pass.claimed = None;
        pass.transfer = None;
        pass.created_at = OffsetDateTime::now_utc();
        self.save()
    }

    /// Hands the pass `selector` names on to another person: asks the server for a transfer
    /// nonce, proves with the pass's response key that this wallet holds it (`TSR1T:…`),
    /// and returns the claim link for the recipient. The transfer is recorded in the wallet
    /// file; the pass stays and keeps working until the recipient claims the link.
    ///
    /// # Errors
    /// As [`Wallet::select`]; [`Error::NotClaimed`] for a pass whose claim is pending;
    /// [`Error::TransferNotAllowed`] (409), [`Error::BadProof`] (403), [`Error::Revoked`]
    /// and [`Error::TransferRefused`] from the server; [`Error::Network`];
    /// [`Error::BadServerAnswer`]; [`Error::WalletWrite`].
    pub async fn transfer(
        &mut self,
        selector: Option<&str>,
        client: &ClaimClient,
    ) -> Result<(TransferAnswer, &StoredPass)> {
        let pass = self.select(selector)?;
        let (pass_id, api_base) = (pass.pass_id, pass.api_base.clone());
        let keys = pass.keys()?;
        let nonce = client.transfer_nonce(&api_base, pass_id).await?;
        let proof = keys
            .response_key
            .transfer_proof(PassId::new(pass_id), &nonce.nonce)
            .to_string();
        // The same nonce and proof answer the same link: one retry covers a lost answer.
        let answer = match client
            .start_transfer(&api_base, pass_id, &nonce.nonce, &proof)
            .await
        {
            Err(Error::Network { .. }) => {
                client
                    .start_transfer(&api_base, pass_id, &nonce.nonce, &proof)
                    .await?
            }
            other => other?,
        };
        let link: ClaimLink = answer.claim_url().parse().map_err(|_| {
            Error::BadServerAnswer("the transfer's claim link is not a claim link".into())
        })?;
        if answer.pass_id != pass_id || link.pass_id != pass_id {
            return Err(Error::BadServerAnswer(
                "the transfer answer names another pass".into(),
            ));
        }
        let index = self
            .passes
            .iter()
            .position(|p| p.pass_id == pass_id)
            .ok_or_else(|| Error::BadServerAnswer("pass vanished from the wallet".into()))?;
        self.passes[index].transfer = Some(TransferRecord {
            transfer_id: answer.transfer_id,
            started_at: OffsetDateTime::now_utc(),
        });
        self.save()?;
        Ok((answer, &self.passes[index]))
    }

    /// Claims the pass a link names: saves a key pair, sends the claim, stores the answer.
    ///
    /// Safe to repeat after any failure: the same key is resent.
    ///
    /// # Errors
    /// Server refusals ([`Error::InvalidClaim`], [`Error::AlreadyClaimed`],
    /// [`Error::Revoked`], [`Error::ClaimRejected`]), [`Error::Network`], and those of
    /// [`Wallet::complete_claim`].
    pub async fn claim(
        &mut self,
        link: &ClaimLink,
        client: &ClaimClient,
    ) -> Result<(ClaimStatus, &StoredPass)> {
        let (index, done) = self.prepare_claim(link)?;
        if done {
            if self.passes[index].transfer.is_none() {
                return Ok((ClaimStatus::AlreadyInWallet, &self.passes[index]));
            }
            // This wallet handed the pass on: the link may be the pass coming back. Only a
            // live, unclaimed link (`issued`) replaces the key this wallet still holds.
            let preview = client
                .preview(&link.api_base, link.pass_id, &link.token)
                .await?;
            if preview.state != "issued" {
                return Ok((ClaimStatus::AlreadyInWallet, &self.passes[index]));
            }
            self.rekey_for_claim(index, link)?;
        }
        let pass = &self.passes[index];
        let answer = match client
            .claim(
                &pass.api_base,
                pass.pass_id,
                &link.token,
                &pass.wallet_public_key(),
            )
            .await
        {
            Ok(answer) => answer,
            Err(e @ (Error::InvalidClaim | Error::AlreadyClaimed | Error::Revoked)) => {
                // A definitive refusal: this key will never be bound, so forget it and the
                // token. (A lost answer cannot end here: the same key gets the same 200.)
                self.passes.remove(index);
                self.save()?;
                return Err(e);
            }
            Err(e) => return Err(e),
        };
        let pass = self.complete_claim(index, &answer)?;
        Ok((ClaimStatus::Claimed, pass))
    }
}

/// Where a JSON document broke, without quoting any of it (it may hold secrets).
fn describe(e: &serde_json::Error) -> String {
    let what = match e.classify() {
        serde_json::error::Category::Io => "read error",
        serde_json::error::Category::Syntax => "not valid JSON",
        serde_json::error::Category::Data => "valid JSON but not a wallet document",
        serde_json::error::Category::Eof => "truncated",
    };
    format!("{what} at line {}, column {}", e.line(), e.column())
}

mod secret_hex {
    //! The wallet secret as 64 hex characters in the file.
    use serde::{Deserialize, Deserializer, Serializer};
    use tessera_protocol::SecretKey;
    use zeroize::Zeroizing;

    pub fn serialize<S: Serializer>(key: &SecretKey, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&key.to_hex())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<SecretKey, D::Error> {
        let text = Zeroizing::new(String::deserialize(d)?);
        SecretKey::from_hex(&text)
            .map_err(|_| serde::de::Error::custom("wallet_secret is not 64 hex characters"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link(id: Uuid) -> ClaimLink {
        format!("http://127.0.0.1:1/claim#p={id}&t=c2VjcmV0")
            .parse()
            .unwrap()
    }

    #[test]
    fn prepare_claim_persists_and_reuses_the_key() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.json");
        let id = Uuid::new_v4();
        let mut wallet = Wallet::open(&path).unwrap();
        let (i, done) = wallet.prepare_claim(&link(id)).unwrap();
        assert!(!done);
        let key = wallet.passes()[i].wallet_public_key();
        let mut again = Wallet::open(&path).unwrap();
        let (j, _) = again.prepare_claim(&link(id)).unwrap();
        assert_eq!(again.passes()[j].wallet_public_key(), key);
        assert_eq!(again.passes().len(), 1);
        assert!(matches!(
            again.select(None).unwrap().code_at(0),
            Err(Error::NotClaimed(_))
        ));
    }

    #[test]
    fn debug_hides_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let mut wallet = Wallet::open(dir.path().join("w.json")).unwrap();
        wallet.prepare_claim(&link(Uuid::new_v4())).unwrap();
        let text = format!("{wallet:?}");
        let hex = wallet.passes[0].wallet_secret.to_hex();
        assert!(!text.contains(hex.as_str()));
        assert!(!text.contains("c2VjcmV0"));
    }

    #[test]
    fn select_by_prefix() {
        let dir = tempfile::tempdir().unwrap();
        let mut wallet = Wallet::open(dir.path().join("w.json")).unwrap();
        assert!(matches!(wallet.select(None), Err(Error::NoPasses)));
        let a: Uuid = "aaaaaaaa-0000-4000-8000-000000000001".parse().unwrap();
        let b: Uuid = "aaaabbbb-0000-4000-8000-000000000002".parse().unwrap();
        wallet.prepare_claim(&link(a)).unwrap();
        assert_eq!(wallet.select(None).unwrap().pass_id, a);
        wallet.prepare_claim(&link(b)).unwrap();
        assert!(matches!(
            wallet.select(None),
            Err(Error::AmbiguousPass { count: 2, .. })
        ));
        assert!(matches!(
            wallet.select(Some("aaaa")),
            Err(Error::AmbiguousPass { .. })
        ));
        assert_eq!(wallet.select(Some("AAAAB")).unwrap().pass_id, b);
        assert_eq!(wallet.select(Some(&a.to_string())).unwrap().pass_id, a);
        assert!(matches!(
            wallet.select(Some("ffff")),
            Err(Error::UnknownPass(_))
        ));
    }
}

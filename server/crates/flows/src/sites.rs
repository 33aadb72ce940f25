//! On-site nodes (issue 35): a node at the venue admits a site's passes under a lease from
//! the central server, and the two keep each other informed over the existing HTTPS API.
//!
//! **Central side.** An admin enrols a node for a site ([`enrol`]) and hands its token to
//! the venue. The node asks for a lease ([`grant`]); from then on the central server
//! refuses the site's passes (`site_delegated`, [`decides_here`]) until the node returns
//! the lease ([`give_back`]) or an admin reclaims it ([`reclaim`]). The node pulls the
//! site's passes from the change log ([`changes`]), each with its two derived keys sealed
//! to the node's own X25519 key ([`seal_pass_keys`]: never the server's secret), and
//! ships what it decided ([`ingest`]): each event once, each admission once by nonce.
//!
//! **Node side.** [`NodeLink`] runs the loop: renew the lease, pull changes, ship events,
//! and publish what the node may do ([`NodeView`]) for the redemption to read at each scan.
//!
//! Who may admit is decided in `tessera_domain::sites`, never by the transport.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use p256::ecdsa::signature::{Signer, Verifier};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use rand::RngCore;
use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::Sha256;
use tessera_protocol::encoding::{base64url, base64url_any};
use tessera_protocol::{PassKeys, PublicKey, SecretKey};
use uuid::Uuid;
use zeroize::Zeroizing;

use crate::error::{Error, Result};
use crate::keyring::Keyring;
use crate::shutdown::Shutdown;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{
    Details, OnSite, SiteConflict, SiteLeaseDetails, SiteNodeDetails, SiteNodeFault,
};
use tessera_domain::now_ms;
use tessera_domain::rows::{PassRow, PassState, ZoneRow};
use tessera_domain::shipped::{self, LeaseSpan, Shipper};
use tessera_domain::sites::{
    self as rules, ConflictKind, Lease, LeaseEnd, NodeAuthority, NodeFault, PresenceRecord,
};
use tessera_store::sites::{
    DownCursor, LeaseInsert, LeaseRow, NodeStateRow, Resync, ShippedAdmission, ShippedBatch,
    ShippedEvent, SiteGateRow, SiteNodeRow, SitePass,
};
use tessera_store::Store;

/// Passes per sync-down page.
pub const CHANGES_PER_PAGE: i64 = 1_000;
/// Events per sync-up batch.
pub const EVENTS_PER_BATCH: i64 = 500;
/// The kinds a fault event names at most.
const FAULT_KINDS: usize = 10;

// ---------------------------------------------------------------------------------------
// The wire: what the node and the central server send each other.
// ---------------------------------------------------------------------------------------

/// A node asking for (or renewing) its lease.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LeaseRequest {
    /// The node's X25519 public key, base64url: pass keys are sealed to it.
    pub public_key: String,
}

/// A lease as granted, signed.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct LeaseGrant {
    /// The lease.
    pub lease: Lease,
    /// ECDSA P-256 over [`Lease::signed_bytes`], base64url.
    pub signature: String,
    /// The central server's lease-signing key (SEC1, base64url).
    pub signing_key: String,
    /// The organisation's name (the node keeps a copy of the organisation).
    pub org_name: String,
}

/// A node handing its lease back.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReturnRequest {
    /// The lease.
    pub lease_id: Uuid,
}

/// A page of the site's changes.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SyncDown {
    /// The central time the page was read at.
    pub as_of_ms: i64,
    /// PostgreSQL: the oldest transaction running before the page was read. The node's next
    /// round re-reads the changes of transactions from there on (`since_tx`), so none that
    /// committed after this read is passed over. Absent on SQLite.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub horizon_tx: Option<i64>,
    /// Where the next page starts.
    pub next_seq: i64,
    /// Whether more changes wait.
    pub more: bool,
    /// The ephemeral X25519 key the pass keys of this page were sealed with (base64url).
    pub sealed_by: String,
    /// The organisation's zones (every page carries them all: there are few).
    #[serde(default)]
    pub zones: Vec<WireZone>,
    /// The site's gates (every page carries them all: a site has few).
    pub gates: Vec<WireGate>,
    /// Passes changed since the cursor.
    pub passes: Vec<WirePass>,
}

/// A gate of the site.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WireGate {
    /// Id.
    pub id: Uuid,
    /// Label.
    pub label: String,
    /// Site.
    pub site: Option<String>,
    /// SHA-256 of its device token, base64url (the token itself never leaves its device).
    pub token_hash: String,
    /// Creation time.
    pub created_at_ms: i64,
    /// Its screens' language.
    pub language: Option<String>,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
    /// Its zone (none: the whole site).
    #[serde(default)]
    pub zone_id: Option<Uuid>,
    /// `entry` or `exit`.
    #[serde(default = "entry")]
    pub direction: String,
}

fn entry() -> String {
    "entry".to_owned()
}

/// A zone of the organisation, with its rules.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WireZone {
    /// Id.
    pub id: Uuid,
    /// Name.
    pub name: String,
    /// Whether a visitor who stepped out may come back.
    pub allow_reentry: bool,
    /// At most this many entries per UTC day.
    pub max_entries_per_day: Option<i64>,
    /// Everyone is checked out at this minute of the UTC day.
    pub checkout_at_minute: Option<i64>,
    /// Entering it checks the visitor out of every other zone.
    pub checks_out_others: bool,
    /// Creation time.
    pub created_at_ms: i64,
}

/// A pass of the site.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
pub struct WirePass {
    /// Id.
    pub id: Uuid,
    /// Label.
    pub label: String,
    /// Site.
    pub site: Option<String>,
    /// Not valid before.
    pub valid_from_ms: i64,
    /// Not valid from.
    pub valid_until_ms: i64,
    /// Admissions allowed.
    pub max_uses: i64,
    /// Admissions so far, centrally.
    pub uses: i64,
    /// `issued`, `claimed`, `used` or `revoked`.
    pub state: String,
    /// The wallet's X25519 public key, base64url, once claimed.
    pub wallet_public_key: Option<String>,
    /// The central server key it is bound to.
    pub server_kid: String,
    /// Issue time.
    pub created_at_ms: i64,
    /// Claim time.
    pub claimed_at_ms: Option<i64>,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
    /// Transfers allowed, done, and re-binds.
    pub max_transfers: i64,
    /// Transfers done.
    pub transfers: i64,
    /// Re-binds done.
    pub rebinds: i64,
    /// The visitor's language.
    pub language: Option<String>,
    /// Its two derived keys sealed to the node (base64url of nonce ‖ ciphertext).
    pub sealed_keys: Option<String>,
    /// The zones it is valid for (none: every zone).
    #[serde(default)]
    pub zones: Vec<Uuid>,
    /// Its standing in each zone it ever entered.
    #[serde(default)]
    pub presence: Vec<PresenceRecord>,
}

/// What a node ships.
#[derive(Clone, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SyncUp {
    /// Its audit events, in its id order.
    pub events: Vec<WireEvent>,
    /// The outcomes its redemptions stored, by nonce.
    pub admissions: Vec<WireAdmission>,
    /// The standing in zones of the passes its events name, as it is on the node.
    #[serde(default)]
    pub presence: Vec<PresenceRecord>,
}

/// One of a node's audit events.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WireEvent {
    /// The node's id for it.
    pub id: i64,
    /// The node's time.
    pub at_ms: i64,
    /// Its kind.
    pub kind: String,
    /// Its severity.
    pub severity: String,
    /// The gate.
    pub gate_id: Option<Uuid>,
    /// The pass.
    pub pass_id: Option<Uuid>,
    /// The details object, as JSON text (as the node stored it).
    pub details: String,
}

/// An outcome stored under a nonce on the node.
#[derive(Clone, Debug, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WireAdmission {
    /// The nonce, base64url.
    pub nonce: String,
    /// The pass.
    pub pass_id: Uuid,
    /// The gate.
    pub gate_id: Uuid,
    /// The scan.
    pub scan_id: Uuid,
    /// The code's step.
    pub counter: i64,
    /// The outcome.
    pub outcome: String,
    /// The node's time.
    pub decided_at_ms: i64,
    /// Whether it used one of the pass's admissions (a move inside a zone after the day's
    /// first entry does not).
    #[serde(default = "yes")]
    pub counts_use: bool,
}

fn yes() -> bool {
    true
}

/// What an ingest did.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SyncUpAnswer {
    /// Events new to the central log.
    pub events: u64,
    /// Admissions newly counted.
    pub admissions: u64,
    /// Conflicts reported.
    pub conflicts: u64,
    /// Events and outcomes refused (a node fault, recorded as `site_node_fault`): a kind a
    /// node does not make, a gate or pass not of its site, a time outside its leases.
    #[serde(default)]
    pub refused: u64,
}

/// Why a node's request is refused.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// Another node holds the site's lease.
    #[error("another node holds this site's lease")]
    HeldElsewhere,
    /// The node holds no lease (or not this one).
    #[error("this node holds no such lease")]
    NoLease,
    /// The node has not sent its key yet (it asks for a lease first).
    #[error("ask for a lease first: pass keys are sealed to the key sent with it")]
    NoKey,
    /// The key sent is not the one the node was enrolled with (or first sent).
    #[error("this is not the node's key: a node's key is fixed; enrol the node again")]
    KeyChanged,
    /// An admin reclaimed the node's lease; it gets none until an admin resumes it.
    #[error("an admin reclaimed this node's lease; it gets none until an admin resumes it")]
    Reclaimed,
    /// No such node, or it is revoked (or, for a resume, not waiting for one).
    #[error("no such node")]
    NoNode,
    /// A malformed field.
    #[error("{0}")]
    Invalid(&'static str),
    /// A flow failure.
    #[error(transparent)]
    Flow(#[from] Error),
}

impl From<tessera_store::Error> for SiteError {
    fn from(error: tessera_store::Error) -> Self {
        SiteError::Flow(Error::Store(error))
    }
}

// ---------------------------------------------------------------------------------------
// Central side.
// ---------------------------------------------------------------------------------------

/// The central server's part: its settings and the gaps its change-log readers saw.
#[derive(Debug)]
pub struct Central {
    /// How long a grant lasts before it must be renewed.
    pub lease_term: Duration,
    /// A challenge's lifetime (a new lease starts after it).
    pub challenge_lifetime: Duration,
}

impl Central {
    /// The central part with these timings.
    pub fn new(lease_term: Duration, challenge_lifetime: Duration) -> Self {
        Central {
            lease_term,
            challenge_lifetime,
        }
    }
}

fn ms(duration: Duration) -> i64 {
    i64::try_from(duration.as_millis()).unwrap_or(i64::MAX)
}

/// Enrols a node for `site`; answers it and its token (shown once).
///
/// # Errors
/// Storage failures.
pub async fn enrol(
    store: &Store,
    org_id: Uuid,
    site: &str,
    label: &str,
    public_key: Option<[u8; 32]>,
    by_key: Option<Uuid>,
) -> Result<(SiteNodeRow, Zeroizing<String>)> {
    let minted = crate::credentials::mint();
    let node = SiteNodeRow {
        id: Uuid::new_v4(),
        org_id,
        site: site.to_owned(),
        label: label.to_owned(),
        public_key: public_key.map(|key| key.to_vec()),
        lease_blocked_at_ms: None,
        created_at_ms: now_ms(),
        revoked_at_ms: None,
        last_seen_ms: None,
        down_seq: 0,
        up_through_ms: None,
        up_lag_ms: None,
    };
    let event = node_event(Severity::Info, &node, by_key, Details::SiteNodeCreated);
    store
        .sites()
        .insert_site_node(&node, &minted.hash, &event)
        .await?;
    Ok((node, minted.text))
}

fn node_event(
    severity: Severity,
    node: &SiteNodeRow,
    by_key: Option<Uuid>,
    kind: fn(SiteNodeDetails) -> Details,
) -> tessera_store::NewAudit {
    audit::event(
        severity,
        Subject {
            org_id: Some(node.org_id),
            gate_id: None,
            pass_id: None,
        },
        kind(SiteNodeDetails {
            node_id: node.id,
            site: node.site.clone(),
            label: node.label.clone(),
            by_key,
        }),
    )
}

async fn live_node(store: &Store, org_id: Uuid, node_id: Uuid) -> Result<SiteNodeRow, SiteError> {
    store
        .sites()
        .site_nodes(org_id)
        .await?
        .into_iter()
        .find(|node| node.id == node_id && node.revoked_at_ms.is_none())
        .ok_or(SiteError::NoNode)
}

/// An admin revokes a node: its token stops working at once and the lease it holds ends
/// (reclaimed: what it admitted and did not ship is unknown here). Audited `high`.
///
/// # Errors
/// [`SiteError::NoNode`] for an unknown or already revoked node; storage.
pub async fn revoke(
    store: &Store,
    org_id: Uuid,
    node_id: Uuid,
    by_key: Option<Uuid>,
) -> Result<(), SiteError> {
    let node = live_node(store, org_id, node_id).await?;
    let now = now_ms();
    // Whatever lease the node holds when the revoke commits, even one granted a moment ago.
    let lease_end = |row: &LeaseRow| {
        lease_event(
            Details::SiteLeaseEnded,
            &Lease::from(row.clone()),
            Some(LeaseEnd::Reclaimed),
            now,
            by_key,
            Severity::High,
        )
    };
    let event = node_event(Severity::High, &node, by_key, Details::SiteNodeRevoked);
    if !store
        .sites()
        .revoke_site_node(org_id, node_id, now, &lease_end, &event)
        .await?
    {
        return Err(SiteError::NoNode);
    }
    Ok(())
}

/// An admin gives a node a new token (shown once); the old one stops working at once.
/// Audited `warning`.
///
/// # Errors
/// [`SiteError::NoNode`] for an unknown or revoked node; storage.
pub async fn rotate_token(
    store: &Store,
    org_id: Uuid,
    node_id: Uuid,
    by_key: Option<Uuid>,
) -> Result<Zeroizing<String>, SiteError> {
    let node = live_node(store, org_id, node_id).await?;
    let minted = crate::credentials::mint();
    let event = node_event(
        Severity::Warning,
        &node,
        by_key,
        Details::SiteNodeTokenRotated,
    );
    if !store
        .sites()
        .rotate_site_node_token(org_id, node_id, &minted.hash, &event)
        .await?
    {
        return Err(SiteError::NoNode);
    }
    Ok(minted.text)
}

/// An admin lets a node whose lease was reclaimed ask for one again. Audited `warning`.
///
/// # Errors
/// [`SiteError::NoNode`] for an unknown or revoked node, or one that is not waiting;
/// storage.
pub async fn allow_lease(
    store: &Store,
    org_id: Uuid,
    node_id: Uuid,
    by_key: Option<Uuid>,
) -> Result<(), SiteError> {
    let node = live_node(store, org_id, node_id).await?;
    let event = node_event(Severity::Warning, &node, by_key, Details::SiteNodeResumed);
    if !store
        .sites()
        .resume_site_node(org_id, node_id, &event)
        .await?
    {
        return Err(SiteError::NoNode);
    }
    Ok(())
}

/// The key the central server signs leases with: derived from its oldest server key, so
/// that every replica signs with the same key and a rotation of pass keys does not change it.
fn signing_key(keys: &Keyring) -> Result<SigningKey> {
    let (_, oldest) = keys
        .oldest()
        .ok_or(Error::Internal("no server key to sign leases with"))?;
    let ikm = oldest.to_hex();
    let derived = hkdf::Hkdf::<Sha256>::new(Some(b"tessera/v1 lease signing"), ikm.as_bytes());
    // A derived scalar is out of range with negligible probability; try the next counter.
    for counter in 0u8..=255 {
        let mut bytes = Zeroizing::new([0u8; 32]);
        derived
            .expand(
                &[b"tessera/v1 lease key ".as_slice(), &[counter]].concat(),
                bytes.as_mut(),
            )
            .map_err(|_| Error::Internal("lease key derivation"))?;
        if let Ok(key) = SigningKey::from_slice(bytes.as_ref()) {
            return Ok(key);
        }
    }
    Err(Error::Internal("no valid lease signing key"))
}

/// Signs a lease.
fn sign(keys: &Keyring, lease: &Lease) -> Result<(String, String)> {
    let key = signing_key(keys)?;
    let signature: Signature = key.sign(&lease.signed_bytes());
    let public = VerifyingKey::from(&key).to_encoded_point(true);
    Ok((
        base64url(&signature.to_bytes()),
        base64url(public.as_bytes()),
    ))
}

/// Whether `signature` by `signing_key` (both base64url) is the central server's over
/// `lease`.
pub fn lease_signature_holds(lease: &Lease, signature: &str, signing_key: &str) -> bool {
    let (Some(signature), Some(key)) = (base64url_any(signature), base64url_any(signing_key))
    else {
        return false;
    };
    let (Ok(signature), Ok(key)) = (
        Signature::from_slice(&signature),
        VerifyingKey::from_sec1_bytes(&key),
    ) else {
        return false;
    };
    key.verify(&lease.signed_bytes(), &signature).is_ok()
}

/// Grants `node` its site's lease, or renews the one it holds.
///
/// # Errors
/// [`SiteError::HeldElsewhere`]; [`SiteError::Invalid`] for a malformed key; storage.
pub async fn grant(
    store: &Store,
    keys: &Keyring,
    central: &Central,
    node: &SiteNodeRow,
    request: &LeaseRequest,
) -> Result<LeaseGrant, SiteError> {
    let public_key = tessera_protocol::encoding::base64url_exact::<32>(&request.public_key).ok_or(
        SiteError::Invalid("public_key is not a base64url X25519 key"),
    )?;
    // The key is fixed once the node has one (at enrolment, or its first lease): a stolen
    // token cannot have the site's pass keys sealed to a key of the thief's.
    if node
        .public_key
        .as_deref()
        .is_some_and(|fixed| fixed != public_key.as_slice())
    {
        return Err(SiteError::KeyChanged);
    }
    let held = store
        .sites()
        .held_lease(node.org_id, &node.site)
        .await?
        .map(Lease::from);
    let now = now_ms();
    let (valid_from, expires_at) = rules::lease_terms(
        now,
        ms(central.challenge_lifetime),
        ms(central.lease_term),
        held.as_ref(),
    );
    let lease = match held {
        Some(held) if held.node_id != node.id => return Err(SiteError::HeldElsewhere),
        Some(held) => {
            if !store.sites().renew_lease(held.id, expires_at).await? {
                return Err(SiteError::NoLease);
            }
            Lease {
                expires_at_ms: expires_at,
                ..held
            }
        }
        // Reclaimed: not again without an admin (a thief with the token would otherwise
        // take the site straight back).
        None if node.lease_blocked_at_ms.is_some() => return Err(SiteError::Reclaimed),
        None => {
            let lease = Lease {
                id: Uuid::new_v4(),
                org_id: node.org_id,
                site: node.site.clone(),
                node_id: node.id,
                granted_at_ms: now,
                valid_from_ms: valid_from,
                expires_at_ms: expires_at,
            };
            let event = lease_event(
                Details::SiteLeaseGranted,
                &lease,
                None,
                lease.expires_at_ms,
                None,
                Severity::Warning,
            );
            match store
                .sites()
                .insert_lease(&lease, &public_key, &event)
                .await?
            {
                LeaseInsert::Granted => lease,
                LeaseInsert::SiteHeld => return Err(SiteError::HeldElsewhere),
                // Revoked or reclaimed while this request was on its way.
                LeaseInsert::NodeShut => {
                    return Err(match live_node(store, node.org_id, node.id).await {
                        Ok(_) => SiteError::Reclaimed,
                        Err(error) => error,
                    })
                }
            }
        }
    };
    let (signature, signing_key) = sign(keys, &lease)?;
    let org_name = store
        .orgs()
        .org_name(node.org_id)
        .await?
        .unwrap_or_else(|| "organisation".to_owned());
    Ok(LeaseGrant {
        lease,
        signature,
        signing_key,
        org_name,
    })
}

/// A lease's event: granted, ended (`end`) or extended on site (`kind`), until `until_ms`.
fn lease_event(
    kind: fn(SiteLeaseDetails) -> Details,
    lease: &Lease,
    end: Option<LeaseEnd>,
    until_ms: i64,
    by_key: Option<Uuid>,
    severity: Severity,
) -> tessera_store::NewAudit {
    let details = SiteLeaseDetails {
        lease_id: lease.id,
        node_id: lease.node_id,
        site: lease.site.clone(),
        valid_from_ms: lease.valid_from_ms,
        until_ms,
        end,
        by_key,
    };
    audit::event(
        severity,
        Subject {
            org_id: Some(lease.org_id),
            gate_id: None,
            pass_id: None,
        },
        kind(details),
    )
}

/// The node hands its lease back (after shipping what it decided).
///
/// # Errors
/// [`SiteError::NoLease`]; storage.
pub async fn give_back(store: &Store, node: &SiteNodeRow, lease_id: Uuid) -> Result<(), SiteError> {
    let held = store
        .sites()
        .held_lease(node.org_id, &node.site)
        .await?
        .map(Lease::from)
        .filter(|lease| lease.id == lease_id && lease.node_id == node.id)
        .ok_or(SiteError::NoLease)?;
    let now = now_ms();
    let event = lease_event(
        Details::SiteLeaseEnded,
        &held,
        Some(LeaseEnd::Returned),
        now,
        None,
        Severity::Info,
    );
    if !store
        .sites()
        .end_lease(node.org_id, held.id, LeaseEnd::Returned, now, &event)
        .await?
    {
        return Err(SiteError::NoLease);
    }
    Ok(())
}

/// An admin takes a site back from its node without the node (it is gone, say). What the
/// node admitted and did not ship is then unknown here: a pass it admitted may be admitted
/// again. Audited `high`.
///
/// # Errors
/// [`SiteError::NoLease`] when the node holds none; storage.
pub async fn reclaim(
    store: &Store,
    org_id: Uuid,
    node_id: Uuid,
    by_key: Option<Uuid>,
) -> Result<Lease, SiteError> {
    let held = store
        .sites()
        .held_leases(org_id)
        .await?
        .into_iter()
        .map(Lease::from)
        .find(|lease| lease.node_id == node_id)
        .ok_or(SiteError::NoLease)?;
    let now = now_ms();
    let event = lease_event(
        Details::SiteLeaseEnded,
        &held,
        Some(LeaseEnd::Reclaimed),
        now,
        by_key,
        Severity::High,
    );
    if !store
        .sites()
        .end_lease(org_id, held.id, LeaseEnd::Reclaimed, now, &event)
        .await?
    {
        return Err(SiteError::NoLease);
    }
    Ok(held)
}

/// Seals a pass's two keys to the node: X25519 between an ephemeral key (one per page) and
/// the node's, HKDF-SHA256, XChaCha20-Poly1305 bound to the pass and its wallet key.
fn seal_pass_keys(
    ephemeral: &SecretKey,
    node_key: &PublicKey,
    pass_id: Uuid,
    wallet_key: &[u8],
    keys: &PassKeys,
) -> Result<String> {
    let cipher = transit_cipher(ephemeral, node_key, &ephemeral.public_key(), node_key)?;
    let mut plain = Zeroizing::new([0u8; 64]);
    plain[..32].copy_from_slice(keys.code_key.as_bytes());
    plain[32..].copy_from_slice(keys.response_key.as_bytes());
    let mut nonce = [0u8; 24];
    rand::rngs::OsRng.fill_bytes(&mut nonce);
    let aad = transit_aad(pass_id, wallet_key);
    let sealed = cipher
        .encrypt(
            XNonce::from_slice(&nonce),
            Payload {
                msg: plain.as_ref(),
                aad: &aad,
            },
        )
        .map_err(|_| Error::Internal("sealing pass keys"))?;
    let mut bytes = nonce.to_vec();
    bytes.extend_from_slice(&sealed);
    Ok(base64url(&bytes))
}

/// Opens a pass's keys sealed to this node (`sealed_by`: the page's ephemeral key).
///
/// # Errors
/// [`Error::Internal`] when they do not open (altered, or for another node or pass).
pub fn open_pass_keys(
    node_secret: &SecretKey,
    sealed_by: &PublicKey,
    pass_id: Uuid,
    wallet_key: &[u8],
    sealed: &str,
) -> Result<PassKeys> {
    let cipher = transit_cipher(node_secret, sealed_by, sealed_by, &node_secret.public_key())?;
    let bytes = base64url_any(sealed).ok_or(Error::Internal("sealed pass keys"))?;
    if bytes.len() < 24 {
        return Err(Error::Internal("sealed pass keys"));
    }
    let (nonce, body) = bytes.split_at(24);
    let aad = transit_aad(pass_id, wallet_key);
    let plain = Zeroizing::new(
        cipher
            .decrypt(
                XNonce::from_slice(nonce),
                Payload {
                    msg: body,
                    aad: &aad,
                },
            )
            .map_err(|_| Error::Internal("pass keys do not open"))?,
    );
    let (Ok(code), Ok(response)) = (
        <[u8; 32]>::try_from(&plain[..32.min(plain.len())]),
        <[u8; 32]>::try_from(&plain[32.min(plain.len())..]),
    ) else {
        return Err(Error::Internal("sealed pass keys are not 64 bytes"));
    };
    Ok(PassKeys {
        code_key: tessera_protocol::CodeKey::from_bytes(code),
        response_key: tessera_protocol::ResponseKey::from_bytes(response),
    })
}

fn transit_aad(pass_id: Uuid, wallet_key: &[u8]) -> Vec<u8> {
    let mut aad = format!("tessera/v1 site pass keys {pass_id} ").into_bytes();
    aad.extend_from_slice(wallet_key);
    aad
}

fn transit_cipher(
    own: &SecretKey,
    peer: &PublicKey,
    ephemeral_public: &PublicKey,
    node_public: &PublicKey,
) -> Result<XChaCha20Poly1305> {
    let shared = own
        .agree(peer)
        .map_err(|_| Error::Internal("a low-order node key"))?;
    let mut salt = ephemeral_public.as_bytes().to_vec();
    salt.extend_from_slice(node_public.as_bytes());
    let derived = hkdf::Hkdf::<Sha256>::new(Some(&salt), shared.as_bytes());
    let mut key = Zeroizing::new([0u8; 32]);
    derived
        .expand(b"tessera/v1 site pass keys", key.as_mut())
        .map_err(|_| Error::Internal("transit key derivation"))?;
    XChaCha20Poly1305::new_from_slice(key.as_ref())
        .map_err(|_| Error::Internal("transit key length"))
}

/// A page of the site's changes after `after_seq` (or, with `resync`, a page of the
/// re-read of what transactions still running at the last round's horizon wrote: a
/// transaction takes its place in the log before it commits, so a reader may pass a place
/// whose row is not visible yet), pass keys sealed to the node.
///
/// # Errors
/// [`SiteError::NoKey`] before the node sent its key; storage.
pub async fn changes(
    store: &Store,
    keys: &Keyring,
    node: &SiteNodeRow,
    after_seq: i64,
    resync: Option<Resync>,
    limit: i64,
) -> Result<SyncDown, SiteError> {
    let node_key = node
        .public_key
        .as_deref()
        .and_then(|bytes| <[u8; 32]>::try_from(bytes).ok())
        .map(PublicKey::from_bytes)
        .ok_or(SiteError::NoKey)?;
    let as_of_ms = now_ms();
    let limit = limit.clamp(1, CHANGES_PER_PAGE * 10);
    // Taken before the read: whatever the read does not see was written by a transaction
    // at or past it.
    let horizon_tx = store.site_down().change_horizon().await?;
    let page = store
        .site_down()
        .pass_changes(node.org_id, &node.site, after_seq, resync, limit)
        .await?;
    let more = i64::try_from(page.len()).unwrap_or(i64::MAX) >= limit;
    let upto = page
        .iter()
        .map(|change| change.seq)
        .max()
        .unwrap_or(after_seq)
        .max(after_seq);
    let ephemeral = SecretKey::generate(&mut rand::rngs::OsRng);
    let mut pass_zones: HashMap<Uuid, Vec<Uuid>> = HashMap::new();
    let mut presence: HashMap<Uuid, Vec<PresenceRecord>> = HashMap::new();
    if !page.is_empty() {
        for (pass_id, zone_id) in store
            .site_down()
            .changed_pass_zones(node.org_id, &node.site, after_seq, upto)
            .await?
        {
            pass_zones.entry(pass_id).or_default().push(zone_id);
        }
        for record in store
            .site_down()
            .changed_presence(node.org_id, &node.site, after_seq, upto)
            .await?
        {
            presence.entry(record.pass_id).or_default().push(record);
        }
    }
    let mut passes = Vec::with_capacity(page.len());
    for change in page {
        let id = change.pass.id;
        passes.push(wire_pass(
            keys,
            &ephemeral,
            &node_key,
            change.pass,
            pass_zones.remove(&id).unwrap_or_default(),
            presence.remove(&id).unwrap_or_default(),
        )?);
    }
    let zones = store
        .zones()
        .zone_rows(node.org_id)
        .await?
        .into_iter()
        .map(|zone| WireZone {
            id: zone.id,
            name: zone.name,
            allow_reentry: zone.allow_reentry,
            max_entries_per_day: zone.max_entries_per_day,
            checkout_at_minute: zone.checkout_at_minute,
            checks_out_others: zone.checks_out_others,
            created_at_ms: zone.created_at_ms,
        })
        .collect();
    let gates = store
        .site_down()
        .site_gates(node.org_id, &node.site)
        .await?
        .into_iter()
        .map(|gate| WireGate {
            id: gate.id,
            label: gate.label,
            site: gate.site,
            token_hash: base64url(&gate.token_hash),
            created_at_ms: gate.created_at_ms,
            language: gate.language,
            revoked_at_ms: gate.revoked_at_ms,
            zone_id: gate.zone_id,
            direction: gate.direction,
        })
        .collect();
    let cursor = if resync.is_some() { None } else { Some(upto) };
    store
        .sites()
        .note_site_node(node.id, as_of_ms, cursor, None)
        .await?;
    Ok(SyncDown {
        as_of_ms,
        horizon_tx,
        next_seq: upto,
        more,
        sealed_by: ephemeral.public_key().to_base64url(),
        zones,
        gates,
        passes,
    })
}

fn wire_pass(
    keys: &Keyring,
    ephemeral: &SecretKey,
    node_key: &PublicKey,
    pass: PassRow,
    zones: Vec<Uuid>,
    presence: Vec<PresenceRecord>,
) -> Result<WirePass> {
    // A revoked pass keeps its keys: the node tells its genuine code (`revoked`) from a
    // forged one (`invalid_code`), as the central server does.
    let sealed_keys = match pass.wallet_public_key.as_deref() {
        Some(wallet) => {
            let wallet_key: [u8; 32] = wallet
                .try_into()
                .map_err(|_| Error::Internal("a stored wallet key is not 32 bytes"))?;
            let derived = keys.pass_keys(pass.id, &pass.server_kid, wallet_key)?;
            Some(seal_pass_keys(
                ephemeral, node_key, pass.id, wallet, &derived,
            )?)
        }
        _ => None,
    };
    Ok(WirePass {
        id: pass.id,
        label: pass.label,
        site: pass.site,
        valid_from_ms: pass.valid_from_ms,
        valid_until_ms: pass.valid_until_ms,
        max_uses: pass.max_uses,
        uses: pass.uses,
        state: pass.state.as_str().to_owned(),
        wallet_public_key: pass.wallet_public_key.as_deref().map(base64url),
        server_kid: pass.server_kid,
        created_at_ms: pass.created_at_ms,
        claimed_at_ms: pass.claimed_at_ms,
        revoked_at_ms: pass.revoked_at_ms,
        max_transfers: pass.max_transfers,
        transfers: pass.transfers,
        rebinds: pass.rebinds,
        language: pass.language,
        sealed_keys,
        zones,
        presence,
    })
}

/// Writes what a node shipped: its events (each once, admissions marked `on_site`) and
/// its admissions (each once, by nonce), reporting a conflict for an admission of a pass
/// revoked here meanwhile. Only what a node can have made is taken
/// (`tessera_domain::shipped`): the rest is refused, counted in the answer, and recorded
/// in one `site_node_fault` event (`high`) in the same transaction.
///
/// # Errors
/// [`SiteError::Invalid`] for a malformed batch (nothing is written); storage.
pub async fn ingest(
    store: &Store,
    node: &SiteNodeRow,
    batch: SyncUp,
) -> Result<SyncUpAnswer, SiteError> {
    let now = now_ms();
    let leases: Vec<LeaseSpan> = store
        .sites()
        .node_leases(node.id)
        .await?
        .into_iter()
        .map(|lease| LeaseSpan {
            id: lease.id,
            valid_from_ms: lease.valid_from_ms,
            ended_at_ms: lease.ended_at_ms,
        })
        .collect();
    let shipper = Shipper {
        node_id: node.id,
        enrolled_at_ms: node.created_at_ms,
        leases: &leases,
        now_ms: now,
    };
    let site_gates: Vec<Uuid> = store
        .site_down()
        .site_gates(node.org_id, &node.site)
        .await?
        .into_iter()
        .filter(|gate| gate.org_id == node.org_id)
        .map(|gate| gate.id)
        .collect();
    let mut site_passes = SitePasses::new(store, node);
    let mut faults = Faults::default();

    let mut events = Vec::with_capacity(batch.events.len());
    for event in batch.events {
        let severity = tessera_domain::audit::Severity::parse(&event.severity).ok_or(
            SiteError::Invalid("an event's severity is not info, warning or high"),
        )?;
        if !matches!(
            serde_json::from_str::<serde_json::Value>(&event.details),
            Ok(serde_json::Value::Object(_))
        ) {
            return Err(SiteError::Invalid(
                "an event's details are not a JSON object",
            ));
        }
        let decoded = tessera_domain::events::Details::decode(&event.kind, &event.details).ok();
        let pass_ours = match event.pass_id {
            Some(pass_id) => Some(site_passes.ours(pass_id).await?),
            None => None,
        };
        let verdict = shipped::judge_event(
            &shipper,
            &shipped::ShippedEvent {
                kind: tessera_domain::events::AuditKind::parse(&event.kind),
                details: decoded.as_ref(),
                severity,
                at_ms: event.at_ms,
                gate_ours: event.gate_id.map(|gate| site_gates.contains(&gate)),
                pass_ours,
            },
        );
        let details = match (verdict, decoded) {
            (Err(_), _) | (Ok(()), None) => {
                faults.add(fault_or_malformed(verdict), &event.kind);
                continue;
            }
            (Ok(()), Some(Details::Response(mut response))) => {
                response.on_site = Some(OnSite { node_id: node.id });
                Details::Response(response).to_json()
            }
            (Ok(()), Some(known)) => known.to_json(),
        };
        events.push(ShippedEvent {
            id: event.id,
            at_ms: event.at_ms,
            org_id: Some(node.org_id),
            kind: event.kind,
            severity: severity.as_str().to_owned(),
            gate_id: event.gate_id,
            pass_id: event.pass_id,
            details,
        });
    }
    let mut admissions = Vec::with_capacity(batch.admissions.len());
    for admission in batch.admissions {
        let nonce = tessera_protocol::encoding::base64url_exact::<32>(&admission.nonce)
            .ok_or(SiteError::Invalid("an admission's nonce is not 32 bytes"))?;
        if !matches!(
            admission.outcome.as_str(),
            "admitted" | "already_admitted" | "denied"
        ) {
            return Err(SiteError::Invalid("an admission's outcome"));
        }
        let pass_ours = site_passes.ours(admission.pass_id).await?;
        if let Err(fault) = shipped::judge_admission(
            &shipper,
            site_gates.contains(&admission.gate_id),
            pass_ours,
            admission.decided_at_ms,
        ) {
            faults.add(fault, "admission");
            continue;
        }
        admissions.push(ShippedAdmission {
            nonce: nonce.to_vec(),
            org_id: node.org_id,
            pass_id: admission.pass_id,
            gate_id: admission.gate_id,
            scan_id: admission.scan_id,
            counter: admission.counter,
            outcome: admission.outcome,
            decided_at_ms: admission.decided_at_ms,
            counts_use: admission.counts_use,
        });
    }
    // The node's standing of its site's passes in the organisation's zones: written where
    // later than the central copy. Nothing else: a record naming another site's pass or
    // another organisation's zone is refused.
    if !batch.presence.is_empty() {
        let zones: Vec<Uuid> = store
            .zones()
            .zone_rows(node.org_id)
            .await?
            .into_iter()
            .map(|zone| zone.id)
            .collect();
        for record in &batch.presence {
            let ours = site_passes.ours(record.pass_id).await?;
            if !ours || record.org_id != node.org_id || !zones.contains(&record.zone_id) {
                return Err(SiteError::Invalid(
                    "a standing in a zone names a pass or zone that is not the site's",
                ));
            }
        }
        store.site_up().merge_presence(&batch.presence).await?;
    }
    let node_id = node.id;
    let org_id = node.org_id;
    let refused = faults.refused;
    let fault = faults.event(node);
    if fault.is_some() {
        tracing::warn!(%node_id, refused, "an on-site node shipped what it cannot have made");
    }
    let written = store
        .site_up()
        .ingest_site_batch(
            node.id,
            &node.site,
            ShippedBatch {
                events: &events,
                admissions: &admissions,
                at_ms: now,
                fault: fault.as_ref(),
            },
            &|counted| {
                let conflict =
                    rules::shipped_admission_conflict(counted.state, counted.revoked_at_ms)?;
                Some(conflict_event(
                    org_id,
                    node_id,
                    Some(counted.gate_id),
                    counted.pass_id,
                    conflict,
                    Some(counted.decided_at_ms),
                    counted.revoked_at_ms,
                ))
            },
        )
        .await?;
    let through = events.iter().map(|event| event.at_ms).max();
    let lag = events
        .iter()
        .map(|event| event.at_ms)
        .min()
        .map(|oldest| now - oldest);
    store
        .sites()
        .note_site_node(node.id, now, None, through.zip(lag))
        .await?;
    Ok(SyncUpAnswer {
        events: written.events,
        admissions: written.admissions,
        conflicts: written.conflicts,
        refused,
    })
}

fn fault_or_malformed(verdict: Result<(), NodeFault>) -> NodeFault {
    verdict.err().unwrap_or(NodeFault::MalformedDetails)
}

/// Whether a pass is of the node's site and organisation, each asked once per batch.
struct SitePasses<'a> {
    store: &'a Store,
    node: &'a SiteNodeRow,
    known: HashMap<Uuid, bool>,
}

impl<'a> SitePasses<'a> {
    fn new(store: &'a Store, node: &'a SiteNodeRow) -> Self {
        SitePasses {
            store,
            node,
            known: HashMap::new(),
        }
    }

    async fn ours(&mut self, pass_id: Uuid) -> Result<bool, SiteError> {
        if let Some(ours) = self.known.get(&pass_id) {
            return Ok(*ours);
        }
        let ours = self
            .store
            .passes()
            .pass_by_id(pass_id)
            .await?
            .is_some_and(|pass| {
                pass.org_id == self.node.org_id && pass.site.as_deref() == Some(&self.node.site)
            });
        self.known.insert(pass_id, ours);
        Ok(ours)
    }
}

/// What a batch had that was refused, for its `site_node_fault` event.
#[derive(Default)]
struct Faults {
    refused: u64,
    reasons: std::collections::BTreeMap<NodeFault, u64>,
    kinds: Vec<String>,
}

impl Faults {
    fn add(&mut self, fault: NodeFault, kind: &str) {
        self.refused += 1;
        *self.reasons.entry(fault).or_default() += 1;
        let kind: String = kind.chars().filter(|c| !c.is_control()).take(64).collect();
        if self.kinds.len() < FAULT_KINDS && !self.kinds.contains(&kind) {
            self.kinds.push(kind);
        }
    }

    fn event(self, node: &SiteNodeRow) -> Option<tessera_store::NewAudit> {
        (self.refused > 0).then(|| {
            audit::event(
                Severity::High,
                Subject {
                    org_id: Some(node.org_id),
                    gate_id: None,
                    pass_id: None,
                },
                Details::SiteNodeFault(SiteNodeFault {
                    node_id: node.id,
                    refused: self.refused,
                    reasons: self.reasons,
                    kinds: self.kinds,
                }),
            )
        })
    }
}

fn conflict_event(
    org_id: Uuid,
    node_id: Uuid,
    gate_id: Option<Uuid>,
    pass_id: Uuid,
    conflict: ConflictKind,
    admitted_at_ms: Option<i64>,
    revoked_at_ms: Option<i64>,
) -> tessera_store::NewAudit {
    audit::event(
        Severity::High,
        Subject {
            org_id: Some(org_id),
            gate_id,
            pass_id: Some(pass_id),
        },
        Details::SiteConflict(SiteConflict {
            node_id,
            conflict,
            admitted_at_ms,
            revoked_at_ms,
        }),
    )
}

// ---------------------------------------------------------------------------------------
// Who decides for a pass at this server.
// ---------------------------------------------------------------------------------------

/// Which server this is, for the redemption's question "may I decide for this pass?".
#[derive(Clone, Debug, Default)]
pub enum Authority {
    /// The central server (or a server with no nodes): it decides unless a node holds
    /// the pass's site.
    #[default]
    Central,
    /// An on-site node: it decides for its site's passes while its lease is in force.
    Node(Arc<NodeView>),
}

/// What a node may do, as its sync loop last saw it.
#[derive(Debug, Default)]
pub struct NodeView {
    state: Mutex<Option<NodeStateRow>>,
    /// Held (shared) by each admission from its authority check to its commit, and taken
    /// whole by a return before it ships and hands the lease back: no admission checked
    /// before the return can commit after the last shipment.
    deciding: tokio::sync::RwLock<()>,
}

impl NodeView {
    fn set(&self, state: NodeStateRow) {
        *self.state.lock().unwrap_or_else(PoisonError::into_inner) = Some(state);
    }

    /// The node's state as last loaded.
    pub fn state(&self) -> Option<NodeStateRow> {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Held from an admission's authority check to its commit ([`NodeView::deciding`]'s
    /// field says why).
    pub async fn deciding(&self) -> tokio::sync::RwLockReadGuard<'_, ()> {
        self.deciding.read().await
    }

    /// Waits for every admission that was checked before now to commit.
    async fn settle_decisions(&self) {
        drop(self.deciding.write().await);
    }

    /// What the node may do at `now_ms`.
    pub fn authority(&self, now_ms: i64) -> NodeAuthority {
        let guard = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        match guard.as_ref() {
            None => NodeAuthority::NoLease,
            Some(state) => rules::node_authority(
                state.lease().as_ref(),
                state.extended_until_ms,
                state.down_as_of_ms,
                state.return_requested_ms.is_some(),
                now_ms,
            ),
        }
    }
}

/// Whether this server may decide for `pass` now.
///
/// # Errors
/// Storage failures (central: the lease is read at each scan of a site's pass).
pub async fn decides_here(authority: &Authority, store: &Store, pass: &PassRow) -> Result<bool> {
    match authority {
        Authority::Central => {
            let Some(site) = pass.site.as_deref() else {
                return Ok(true);
            };
            let held = store
                .sites()
                .held_lease(pass.org_id, site)
                .await?
                .map(Lease::from);
            Ok(rules::central_admits(Some(site), held.as_ref()))
        }
        Authority::Node(view) => {
            let site = view.state().map(|state| state.site);
            Ok(pass.site.is_some()
                && pass.site == site
                && view.authority(now_ms()) == NodeAuthority::Admits)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Node side.
// ---------------------------------------------------------------------------------------

/// The node's link to the central server.
pub struct NodeLink {
    /// The node's database.
    pub store: Store,
    /// The node's keys (its own X25519 key; pass keys handed to it are kept here too).
    pub keys: Arc<Keyring>,
    /// The central server's base URL.
    pub upstream: url::Url,
    /// The node's token.
    pub token: Zeroizing<String>,
    /// The HTTP client.
    pub http: reqwest::Client,
    /// What the redemption reads.
    pub view: Arc<NodeView>,
    /// The audit readers' hub (its gap rule keeps the sync-up from passing an event that
    /// has not committed yet).
    pub hub: Arc<crate::hub::Hub>,
    /// How often the loop runs.
    pub every: Duration,
    /// Metrics.
    pub metrics: Arc<NodeMetrics>,
}

impl std::fmt::Debug for NodeLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NodeLink")
            .field("upstream", &self.upstream.as_str())
            .finish_non_exhaustive()
    }
}

/// The numbers `/metrics` shows of a node.
#[derive(Debug, Default)]
pub struct NodeMetrics {
    /// Seconds until the lease ends (negative: past), or none without a lease.
    pub lease_expiry_s: Mutex<Option<f64>>,
    /// Age of the oldest event not shipped yet, seconds (0: all shipped).
    pub up_lag_s: Mutex<f64>,
    /// Seconds since the last complete sync-down.
    pub down_age_s: Mutex<Option<f64>>,
}

impl NodeMetrics {
    /// The numbers now, with whether the node decides for its site.
    pub fn gauges(&self, admits: bool) -> crate::metrics::NodeGauges {
        let read = |cell: &Mutex<Option<f64>>| *cell.lock().unwrap_or_else(PoisonError::into_inner);
        crate::metrics::NodeGauges {
            lease_expiry_s: read(&self.lease_expiry_s),
            up_lag_s: *self.up_lag_s.lock().unwrap_or_else(PoisonError::into_inner),
            down_age_s: read(&self.down_age_s),
            admits,
        }
    }
}

fn set<T>(cell: &Mutex<T>, value: T) {
    *cell.lock().unwrap_or_else(PoisonError::into_inner) = value;
}

/// Why a round of the node's loop stopped short.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// The uplink failed (connection, timeout, a 5xx).
    #[error("uplink: {0}")]
    Uplink(String),
    /// The central server refused (its answer's error).
    #[error("central server refused: {status} {body}")]
    Refused {
        /// HTTP status.
        status: u16,
        /// Its body.
        body: String,
    },
    /// A flow failure on the node.
    #[error(transparent)]
    Flow(#[from] Error),
}

impl From<tessera_store::Error> for LinkError {
    fn from(error: tessera_store::Error) -> Self {
        LinkError::Flow(Error::Store(error))
    }
}

impl NodeLink {
    async fn call<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<Option<T>, LinkError> {
        let response = request
            .bearer_auth(self.token.as_str())
            .send()
            .await
            .map_err(|error| LinkError::Uplink(error.without_url().to_string()))?;
        let status = response.status();
        if status.is_server_error() {
            return Err(LinkError::Uplink(format!("status {status}")));
        }
        if status == reqwest::StatusCode::NO_CONTENT {
            return Ok(None);
        }
        if !status.is_success() {
            let body = response.text().await.unwrap_or_default();
            return Err(LinkError::Refused {
                status: status.as_u16(),
                body: body.chars().take(300).collect(),
            });
        }
        response
            .json()
            .await
            .map(Some)
            .map_err(|error| LinkError::Uplink(error.without_url().to_string()))
    }

    fn url(&self, path: &str) -> Result<url::Url, LinkError> {
        self.upstream
            .join(path)
            .map_err(|_| LinkError::Uplink("the upstream URL does not take a path".into()))
    }

    /// Loads the node's state and sealed pass keys from its database at start-up.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn load(&self) -> Result<(), LinkError> {
        if let Some(state) = self.store.site_up().node_state().await? {
            self.view.set(state);
        }
        let (_, secret) = self
            .keys
            .active()
            .ok_or(Error::Internal("the node has no key"))?;
        let mut loaded = 0usize;
        for (pass_id, wallet, stored) in self.store.site_down().node_pass_keys().await? {
            // Stored as `<sealed_by>.<sealed>`: as they arrived, sealed to this node's key.
            let Some((by, sealed)) = stored.split_once('.') else {
                continue;
            };
            let Ok(by) = PublicKey::from_base64url(by) else {
                continue;
            };
            match open_pass_keys(secret, &by, pass_id, &wallet, sealed) {
                Ok(keys) => {
                    if let Ok(wallet) = <[u8; 32]>::try_from(wallet.as_slice()) {
                        self.keys.delegate(pass_id, wallet, keys);
                        loaded += 1;
                    }
                }
                Err(error) => tracing::warn!(%pass_id, %error, "a stored pass key does not open"),
            }
        }
        tracing::info!(passes = loaded, "on-site node: pass keys loaded");
        Ok(())
    }

    /// One round: the lease, the changes, the events. Each step that fails leaves the rest
    /// for the next round; nothing is lost.
    ///
    /// # Errors
    /// The first failure (the uplink's, the central server's refusal, storage).
    pub async fn round(&self) -> Result<(), LinkError> {
        let state = self.store.site_up().node_state().await?;
        if let Some(state) = &state {
            self.view.set(state.clone());
        }
        // Returned (or being returned): ship what is left, hand a held lease back, and ask
        // for none until an operator resumes.
        let returning = state.as_ref().and_then(|s| s.return_requested_ms).is_some();
        if returning {
            // The view says Returning now: no admission starts; wait for those already
            // checked, so that the shipment below holds every one of them.
            self.view.settle_decisions().await;
            self.ship_all().await?;
            self.give_back().await?;
        } else {
            self.renew(state.as_ref()).await?;
            self.pull().await?;
            self.ship_all().await?;
        }
        self.publish_metrics();
        Ok(())
    }

    async fn renew(&self, state: Option<&NodeStateRow>) -> Result<(), LinkError> {
        let (_, secret) = self
            .keys
            .active()
            .ok_or(Error::Internal("the node has no key"))?;
        let request = LeaseRequest {
            public_key: secret.public_key().to_base64url(),
        };
        let grant: LeaseGrant = self
            .call(self.http.post(self.url("v1/node/lease")?).json(&request))
            .await?
            .ok_or_else(|| LinkError::Uplink("an empty lease answer".into()))?;
        let pinned = state
            .and_then(|state| state.lease_signature.as_deref())
            .and_then(|stored| stored.split_once('.'))
            .map(|(key, _)| key.to_owned());
        if pinned
            .as_deref()
            .is_some_and(|key| key != grant.signing_key)
            || !lease_signature_holds(&grant.lease, &grant.signature, &grant.signing_key)
        {
            return Err(LinkError::Refused {
                status: 0,
                body: "the lease's signature does not hold (or its key is not the one first seen)"
                    .into(),
            });
        }
        let mut next = match state {
            Some(state) if state.node_id == grant.lease.node_id => state.clone(),
            _ => NodeStateRow {
                node_id: grant.lease.node_id,
                org_id: grant.lease.org_id,
                site: grant.lease.site.clone(),
                lease_id: None,
                lease_granted_at_ms: None,
                lease_valid_from_ms: None,
                lease_expires_at_ms: None,
                lease_signature: None,
                extended_until_ms: None,
                down_seq: 0,
                down_as_of_ms: None,
                down_horizon: None,
                up_cursor: 0,
                return_requested_ms: None,
                updated_at_ms: now_ms(),
            },
        };
        next.set_lease(
            Some(&grant.lease),
            Some(format!("{}.{}", grant.signing_key, grant.signature)),
        );
        next.updated_at_ms = now_ms();
        self.store.site_up().put_node_state(&next, None).await?;
        // The organisation's copy is written when it is new or renamed, not every round.
        if self.store.orgs().org_name(next.org_id).await?.as_deref()
            != Some(grant.org_name.as_str())
        {
            self.store
                .site_up()
                .put_node_org(next.org_id, &grant.org_name)
                .await?;
        }
        self.view.set(next);
        Ok(())
    }

    async fn pull(&self) -> Result<(), LinkError> {
        let Some(state) = self.store.site_up().node_state().await? else {
            return Ok(());
        };
        // First what transactions running at the last round's horizon wrote at places this
        // node has passed, then the log after its cursor; the round's horizon is the oldest
        // of its pages'.
        let mut resync = state.down_horizon.map(|since_tx| Resync {
            since_tx,
            through_seq: state.down_seq,
        });
        let mut horizon: Option<i64> = None;
        let mut after = if resync.is_some() { 0 } else { state.down_seq };
        loop {
            let mut query = vec![
                ("after", after.to_string()),
                ("limit", CHANGES_PER_PAGE.to_string()),
            ];
            if let Some(resync) = resync {
                query.push(("since_tx", resync.since_tx.to_string()));
                query.push(("through", resync.through_seq.to_string()));
            }
            let page: SyncDown = self
                .call(self.http.get(self.url("v1/node/changes")?).query(&query))
                .await?
                .ok_or_else(|| LinkError::Uplink("an empty page".into()))?;
            if let Some(page_horizon) = page.horizon_tx {
                horizon = Some(horizon.map_or(page_horizon, |h| h.min(page_horizon)));
            }
            let (_, secret) = self
                .keys
                .active()
                .ok_or(Error::Internal("the node has no key"))?;
            let sealed_by = PublicKey::from_base64url(&page.sealed_by)
                .map_err(|_| LinkError::Uplink("a malformed page key".into()))?;
            let mut passes = Vec::with_capacity(page.passes.len());
            let mut opened = Vec::new();
            for mut wire in page.passes {
                let zones = std::mem::take(&mut wire.zones);
                let presence: Vec<PresenceRecord> = std::mem::take(&mut wire.presence)
                    .into_iter()
                    .filter(|record| record.pass_id == wire.id)
                    .map(|record| PresenceRecord {
                        org_id: state.org_id,
                        ..record
                    })
                    .collect();
                let (pass, sealed) = node_pass(state.org_id, wire)?;
                let sealed_keys = match (&sealed, &pass.wallet_public_key) {
                    (Some(sealed), Some(wallet)) => {
                        let keys = open_pass_keys(secret, &sealed_by, pass.id, wallet, sealed)?;
                        if let Ok(wallet) = <[u8; 32]>::try_from(wallet.as_slice()) {
                            opened.push((pass.id, wallet, keys));
                        }
                        Some(format!("{}.{sealed}", page.sealed_by))
                    }
                    _ => None,
                };
                passes.push(SitePass {
                    pass,
                    sealed_keys,
                    zones,
                    presence,
                });
            }
            let gates: Vec<SiteGateRow> = page
                .gates
                .into_iter()
                .filter_map(|gate| {
                    Some(SiteGateRow {
                        id: gate.id,
                        org_id: state.org_id,
                        label: gate.label,
                        site: gate.site,
                        token_hash: base64url_any(&gate.token_hash)?,
                        created_at_ms: gate.created_at_ms,
                        language: gate.language,
                        revoked_at_ms: gate.revoked_at_ms,
                        zone_id: gate.zone_id,
                        direction: gate.direction,
                    })
                })
                .collect();
            let zones: Vec<ZoneRow> = page
                .zones
                .into_iter()
                .map(|zone| ZoneRow {
                    id: zone.id,
                    org_id: state.org_id,
                    name: zone.name,
                    allow_reentry: zone.allow_reentry,
                    max_entries_per_day: zone.max_entries_per_day,
                    checkout_at_minute: zone.checkout_at_minute,
                    checks_out_others: zone.checks_out_others,
                    last_checkout_day: None,
                    created_at_ms: zone.created_at_ms,
                })
                .collect();
            let org_id = state.org_id;
            let node_id = state.node_id;
            let conflicts = self
                .store
                .site_down()
                .apply_site_down(
                    &zones,
                    &gates,
                    &passes,
                    DownCursor {
                        seq: if resync.is_some() {
                            state.down_seq
                        } else {
                            page.next_seq
                        },
                        as_of_ms: page.as_of_ms,
                        horizon: if resync.is_none() && !page.more {
                            horizon
                        } else {
                            None
                        },
                    },
                    &|local, central| rules::merge_pass(local, central),
                    &|pass| {
                        conflict_event(
                            org_id,
                            node_id,
                            None,
                            pass.id,
                            ConflictKind::RevokedAfterAdmission,
                            None,
                            pass.revoked_at_ms,
                        )
                    },
                )
                .await?;
            for pass_id in conflicts {
                tracing::warn!(%pass_id, "a pass admitted here was revoked centrally meanwhile");
            }
            for site_pass in &passes {
                if site_pass.sealed_keys.is_none() {
                    self.keys.forget_delegated(site_pass.pass.id);
                }
            }
            for (pass_id, wallet, keys) in opened {
                self.keys.delegate(pass_id, wallet, keys);
            }
            // The gates decide from the view: it follows each page as it commits, so that
            // what `node status` reads from the database is what a scan sees, even when a
            // later page fails with the uplink.
            self.refresh_view().await?;
            after = page.next_seq;
            if !page.more {
                if resync.take().is_none() {
                    break;
                }
                after = state.down_seq;
            }
        }
        Ok(())
    }

    /// Sets the view from the node's state as committed.
    async fn refresh_view(&self) -> Result<(), LinkError> {
        if let Some(state) = self.store.site_up().node_state().await? {
            self.view.set(state);
        }
        Ok(())
    }

    /// Sets the sync-up lag from the node's own log: the age of its oldest event the central
    /// server does not have yet.
    async fn measure_unshipped(&self) -> Result<(), LinkError> {
        let Some(state) = self.store.site_up().node_state().await? else {
            return Ok(());
        };
        let oldest = self
            .store
            .site_down()
            .events_after(state.up_cursor, 1)
            .await?;
        let lag_ms = oldest
            .first()
            .map_or(0, |event| now_ms().saturating_sub(event.at_ms));
        set(&self.metrics.up_lag_s, lag_ms as f64 / 1000.0);
        Ok(())
    }

    async fn ship_all(&self) -> Result<(), LinkError> {
        let Some(state) = self.store.site_up().node_state().await? else {
            return Ok(());
        };
        let mut cursor = state.up_cursor;
        loop {
            let ids = self
                .store
                .audit()
                .audit_ids_after(cursor, EVENTS_PER_BATCH)
                .await?;
            let upto = self.hub.safe_upto(cursor, &ids);
            if upto <= cursor {
                set(&self.metrics.up_lag_s, 0.0);
                return Ok(());
            }
            let events: Vec<ShippedEvent> = self
                .store
                .site_down()
                .events_after(cursor, EVENTS_PER_BATCH)
                .await?
                .into_iter()
                .filter(|event| event.id <= upto)
                .collect();
            if events.is_empty() {
                set(&self.metrics.up_lag_s, 0.0);
                return Ok(());
            }
            let oldest = events.first().map(|event| event.at_ms).unwrap_or_default();
            set(
                &self.metrics.up_lag_s,
                (now_ms().saturating_sub(oldest)) as f64 / 1000.0,
            );
            let batch = self.batch(&events).await?;
            let count = events.len();
            let _: Option<SyncUpAnswer> = self
                .call(self.http.post(self.url("v1/node/events")?).json(&batch))
                .await?;
            self.store.site_up().put_up_cursor(upto, now_ms()).await?;
            cursor = upto;
            if i64::try_from(count).unwrap_or(0) < EVENTS_PER_BATCH {
                set(&self.metrics.up_lag_s, 0.0);
                return Ok(());
            }
        }
    }

    async fn batch(&self, events: &[ShippedEvent]) -> Result<SyncUp, LinkError> {
        let mut batch = SyncUp::default();
        for event in events {
            // An answer's outcome was stored under its nonce: ship it with its event, and
            // whether it used one of the pass's admissions (a move at a zone's gate only
            // when it is the day's first entry).
            if let (Some(gate_id), Ok(Details::Response(response))) =
                (event.gate_id, Details::decode(&event.kind, &event.details))
            {
                if let Some(stored) = self
                    .store
                    .site_up()
                    .stored_outcome_of_scan(gate_id, response.scan_id)
                    .await?
                {
                    batch.admissions.push(WireAdmission {
                        nonce: base64url(&stored.nonce),
                        pass_id: stored.pass_id,
                        gate_id: stored.gate_id,
                        scan_id: stored.scan_id,
                        counter: stored.counter,
                        outcome: stored.outcome,
                        decided_at_ms: stored.decided_at_ms,
                        counts_use: response.zone.is_none_or(|zone| zone.first_entry),
                    });
                }
            }
            batch.events.push(WireEvent {
                id: event.id,
                at_ms: event.at_ms,
                kind: event.kind.clone(),
                severity: event.severity.clone(),
                gate_id: event.gate_id,
                pass_id: event.pass_id,
                details: event.details.clone(),
            });
        }
        // Where the passes these events name stand in zones now (a move is applied
        // centrally if it is later than the central copy).
        let mut named: Vec<Uuid> = events.iter().filter_map(|event| event.pass_id).collect();
        named.sort_unstable();
        named.dedup();
        for pass_id in named {
            batch
                .presence
                .extend(self.store.site_up().presence_of(pass_id).await?);
        }
        Ok(batch)
    }

    async fn give_back(&self) -> Result<(), LinkError> {
        let Some(mut state) = self.store.site_up().node_state().await? else {
            return Ok(());
        };
        if let Some(lease_id) = state.lease_id {
            let answer: Result<Option<serde_json::Value>, LinkError> = self
                .call(
                    self.http
                        .post(self.url("v1/node/lease/return")?)
                        .json(&ReturnRequest { lease_id }),
                )
                .await;
            match answer {
                Ok(_) => {}
                // The central server holds no such lease any more: an earlier return whose
                // answer was lost ended it (or an admin reclaimed it). Either way it is not
                // this node's to decide under; keeping it would have the node deciding
                // beside a central server that has resumed (issue 54, found by the model
                // checker: docs/model-checking.md).
                Err(LinkError::Refused { status: 404, .. }) => {
                    tracing::warn!("on-site node: the lease was already ended centrally");
                }
                Err(error) => return Err(error),
            }
            let lease = state.lease();
            state.set_lease(None, None);
            state.updated_at_ms = now_ms();
            let event = lease.map(|lease| {
                lease_event(
                    Details::SiteLeaseEnded,
                    &lease,
                    Some(LeaseEnd::Returned),
                    now_ms(),
                    None,
                    Severity::Info,
                )
            });
            self.store
                .site_up()
                .put_node_state(&state, event.as_ref())
                .await?;
            self.store.sites().clear_node_extension().await?;
            tracing::info!("on-site node: lease returned to the central server");
        }
        self.view.set(state);
        Ok(())
    }

    fn publish_metrics(&self) {
        let now = now_ms();
        let state = self.view.state();
        set(
            &self.metrics.lease_expiry_s,
            state.as_ref().and_then(|state| {
                state.lease_expires_at_ms.map(|end| {
                    let end = state.extended_until_ms.map_or(end, |until| until.max(end));
                    (end - now) as f64 / 1000.0
                })
            }),
        );
        set(
            &self.metrics.down_age_s,
            state
                .as_ref()
                .and_then(|state| state.down_as_of_ms)
                .map(|as_of| (now - as_of) as f64 / 1000.0),
        );
    }
}

fn node_pass(org_id: Uuid, wire: WirePass) -> Result<(PassRow, Option<String>), LinkError> {
    let state =
        PassState::try_from(wire.state).map_err(|_| LinkError::Uplink("a pass's state".into()))?;
    let wallet_public_key = match wire.wallet_public_key {
        Some(text) => {
            Some(base64url_any(&text).ok_or_else(|| LinkError::Uplink("a wallet key".into()))?)
        }
        None => None,
    };
    Ok((
        PassRow {
            id: wire.id,
            org_id,
            label: wire.label,
            site: wire.site,
            valid_from_ms: wire.valid_from_ms,
            valid_until_ms: wire.valid_until_ms,
            max_uses: wire.max_uses,
            uses: wire.uses,
            state,
            claim_token_hash: Vec::new(),
            wallet_public_key,
            server_kid: wire.server_kid,
            created_at_ms: wire.created_at_ms,
            claimed_at_ms: wire.claimed_at_ms,
            revoked_at_ms: wire.revoked_at_ms,
            host_id: None,
            max_transfers: wire.max_transfers,
            transfers: wire.transfers,
            rebinds: wire.rebinds,
            external_ref: None,
            language: wire.language,
            zones: Vec::new(),
        },
        wire.sealed_keys,
    ))
}

/// The node's HTTP client: rustls, the system's roots plus `ca_pem`'s, a timeout well
/// under a sync round's worth of waiting, no redirects (a redirect is a misconfiguration).
///
/// # Errors
/// A CA file that holds no certificate.
pub fn http_client(ca_pem: Option<&[u8]>) -> Result<reqwest::Client, String> {
    let mut builder = reqwest::Client::builder()
        .timeout(Duration::from_secs(10))
        .connect_timeout(Duration::from_secs(3))
        .redirect(reqwest::redirect::Policy::none());
    if let Some(pem) = ca_pem {
        for certificate in reqwest::Certificate::from_pem_bundle(pem).map_err(|e| e.to_string())? {
            builder = builder.add_root_certificate(certificate);
        }
    }
    builder.build().map_err(|error| error.to_string())
}

/// Runs the node's loop until shutdown: a round every `link.every`, the failures logged
/// (a cut uplink is expected: the gates go on being served from the node's database).
pub async fn run(link: NodeLink, mut shutdown: Shutdown) {
    if let Err(error) = link.load().await {
        tracing::warn!(%error, "on-site node: could not load its state yet");
    }
    let mut failing = false;
    loop {
        match link.round().await {
            Ok(()) => {
                if failing {
                    tracing::info!("on-site node: uplink back, in sync");
                }
                failing = false;
            }
            Err(error) => {
                if !failing {
                    tracing::warn!(%error, "on-site node: sync round failed; admitting on site goes on");
                }
                failing = true;
                // The lag goes on growing while nothing ships: the gauge says so.
                if let Err(error) = link.measure_unshipped().await {
                    tracing::debug!(%error, "on-site node: could not measure what waits to ship");
                }
                link.publish_metrics();
            }
        }
        tokio::select! {
            () = tokio::time::sleep(link.every) => {}
            () = shutdown.recv() => return,
        }
    }
}

/// An operator on site extends a lapsed (or lapsing) lease on the node until `until_ms`.
/// The node then admits past the lease's end, with what it last learnt: the trade-off
/// `docs/operations.md` ("On-site node") describes. Audited.
///
/// # Errors
/// [`Error::NotFound`] when the node holds no lease; storage.
pub async fn extend(store: &Store, until_ms: i64) -> Result<Lease> {
    let state = store.site_up().node_state().await?.ok_or(Error::NotFound)?;
    let lease = state.lease().ok_or(Error::NotFound)?;
    let event = lease_event(
        Details::SiteLeaseExtended,
        &lease,
        None,
        until_ms,
        None,
        Severity::High,
    );
    store.sites().extend_node_lease(until_ms, &event).await?;
    Ok(lease)
}

/// Asks the running node to ship everything and hand its lease back (its loop does it).
///
/// # Errors
/// [`Error::NotFound`] when the node holds no lease; storage.
pub async fn request_return(store: &Store) -> Result<Lease> {
    let state = store.site_up().node_state().await?.ok_or(Error::NotFound)?;
    let lease = state.lease().ok_or(Error::NotFound)?;
    store.sites().set_node_return(Some(now_ms())).await?;
    Ok(lease)
}

/// Lets a node that returned its lease take one again (its loop asks at its next round).
///
/// # Errors
/// [`Error::NotFound`] when this is not a node's database; storage.
pub async fn resume(store: &Store) -> Result<()> {
    store.site_up().node_state().await?.ok_or(Error::NotFound)?;
    store.sites().set_node_return(None).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pass_keys_open_only_for_their_node_and_pass() {
        let node = SecretKey::generate(&mut rand::rngs::OsRng);
        let other = SecretKey::generate(&mut rand::rngs::OsRng);
        let ephemeral = SecretKey::generate(&mut rand::rngs::OsRng);
        let wallet = SecretKey::generate(&mut rand::rngs::OsRng);
        let pass = Uuid::new_v4();
        let keys = PassKeys::for_server(
            &other,
            &wallet.public_key(),
            tessera_protocol::PassId::new(pass),
        )
        .expect("keys");
        let wallet_key = wallet.public_key().as_bytes().to_vec();
        let sealed =
            seal_pass_keys(&ephemeral, &node.public_key(), pass, &wallet_key, &keys).expect("seal");
        let by = ephemeral.public_key();
        let opened = open_pass_keys(&node, &by, pass, &wallet_key, &sealed).expect("open");
        assert_eq!(opened.code_key.as_bytes(), keys.code_key.as_bytes());
        assert_eq!(opened.response_key.as_bytes(), keys.response_key.as_bytes());
        assert!(open_pass_keys(&other, &by, pass, &wallet_key, &sealed).is_err());
        assert!(open_pass_keys(&node, &by, Uuid::new_v4(), &wallet_key, &sealed).is_err());
        assert!(open_pass_keys(&node, &by, pass, &[0; 32], &sealed).is_err());
    }

    #[test]
    fn a_lease_signature_holds_for_that_lease_only() {
        let dir = tempfile::tempdir().expect("dir");
        let keys = Keyring::load_or_create(&dir.path().join("keys")).expect("keys");
        let lease = Lease {
            id: Uuid::new_v4(),
            org_id: Uuid::new_v4(),
            site: "hall".into(),
            node_id: Uuid::new_v4(),
            granted_at_ms: 1,
            valid_from_ms: 2,
            expires_at_ms: 3,
        };
        let (signature, key) = sign(&keys, &lease).expect("sign");
        assert!(lease_signature_holds(&lease, &signature, &key));
        let longer = Lease {
            expires_at_ms: 4,
            ..lease.clone()
        };
        assert!(!lease_signature_holds(&longer, &signature, &key));
        assert!(!lease_signature_holds(&lease, "x", &key));
    }
}

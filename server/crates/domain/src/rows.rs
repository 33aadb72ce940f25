//! The stored values as the rest of the server sees them: passes, challenges, outcomes,
//! gates, hosts, walk-ins, links, webhooks and zones, each already in its types.
//!
//! Ids are UUIDs and times unix milliseconds. A value stored as text (a pass state, an
//! outcome, a deny reason) is held here in its type; the storage layer parses it once when
//! it reads the row (its `columns` module), so nothing compares it as text later.

use std::str::FromStr;

use tessera_protocol::messages::{DenyReason, Outcome};
use uuid::Uuid;

pub use crate::audit::NewAudit;
use crate::audit::Severity;
use crate::events::Recorded;
pub use crate::events::RetentionCounts;
use crate::gates::Direction;
pub use crate::webhook::{DeliveryState, WebhookEvents};

pub use crate::roles::Role;

/// A key as its organisation's key list shows it: never its secret or hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiKeyListing {
    /// Key id (a host's key id is the host id).
    pub id: Uuid,
    /// What it may do.
    pub role: Role,
    /// Who holds it.
    pub label: String,
    /// A host's unit.
    pub unit: Option<String>,
    /// When it was made.
    pub created_at_ms: i64,
    /// When it was last presented (to the minute), if ever.
    pub last_used_ms: Option<i64>,
    /// When its secret was last replaced.
    pub rotated_at_ms: Option<i64>,
    /// Until when the secret it replaced still works.
    pub previous_valid_until_ms: Option<i64>,
    /// When it was revoked: it no longer works.
    pub revoked_at_ms: Option<i64>,
}

/// An API key as stored (without its hash).
#[derive(Clone, Debug)]
pub struct ApiKeyRow {
    /// Key id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// What it may do.
    pub role: Role,
    /// Free text.
    pub label: String,
}

/// A single-use pairing link for a gate device, stored as the hash of its secret.
#[derive(Clone, Debug)]
pub struct PairingRow {
    /// SHA-256 of the secret in the link's fragment.
    pub secret_hash: [u8; 32],
    /// The gate it pairs.
    pub gate_id: Uuid,
    /// The gate's organisation (the caller's; a gate of another one is not found).
    pub org_id: Uuid,
    /// When it was made.
    pub created_at_ms: i64,
    /// When it stops working.
    pub expires_at_ms: i64,
}

/// A gate device as stored (without its token hash).
#[derive(Clone, Debug)]
pub struct GateRow {
    /// Gate id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Free text, e.g. "North gate".
    pub label: String,
    /// Site the gate stands at, if any.
    pub site: Option<String>,
    /// The zone it lets people into or out of (issue 17); `None`: the whole site, as TSR1.
    pub zone_id: Option<Uuid>,
    /// Whether it lets people in or out (only meaningful with a zone).
    pub direction: Option<Direction>,
    /// The language of its guards' screens (issue 34), if set.
    pub language: Option<String>,
}

/// A pass's life cycle (TSR1 §10 "Pass states"; `expired` is only shown, never stored).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassState {
    /// Issued, waiting for a wallet to claim it.
    Issued,
    /// Bound to a wallet key; uses left.
    Claimed,
    /// Every use counted.
    Used,
    /// Revoked by an issuer.
    Revoked,
}

impl PassState {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            PassState::Issued => "issued",
            PassState::Claimed => "claimed",
            PassState::Used => "used",
            PassState::Revoked => "revoked",
        }
    }
}

impl TryFrom<String> for PassState {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "issued" => Ok(PassState::Issued),
            "claimed" => Ok(PassState::Claimed),
            "used" => Ok(PassState::Used),
            "revoked" => Ok(PassState::Revoked),
            _ => Err(format!("unknown pass state {text:?}")),
        }
    }
}

/// A pass.
#[derive(Clone, PartialEq, Eq)]
pub struct PassRow {
    /// Pass id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Issuer's label.
    pub label: String,
    /// Site restriction, if any.
    pub site: Option<String>,
    /// Not valid before.
    pub valid_from_ms: i64,
    /// Not valid from this instant on.
    pub valid_until_ms: i64,
    /// Admissions allowed.
    pub max_uses: i64,
    /// Admissions so far.
    pub uses: i64,
    /// Where it is in its life cycle.
    pub state: PassState,
    /// SHA-256 of the claim token.
    pub claim_token_hash: Vec<u8>,
    /// The wallet's X25519 public key once claimed.
    pub wallet_public_key: Option<Vec<u8>>,
    /// The server key the pass is bound to.
    pub server_kid: String,
    /// Issue time.
    pub created_at_ms: i64,
    /// Claim time.
    pub claimed_at_ms: Option<i64>,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
    /// The host whose pass it is (issue 16). This and the fields below are read only where
    /// they are shown (`pass_by_id`, `list_passes`); the gate's hot-path reads leave them
    /// at their defaults, as nothing there depends on them.
    pub host_id: Option<Uuid>,
    /// How many times it may be handed on (0: not transferable).
    pub max_transfers: i64,
    /// Transfers completed.
    pub transfers: i64,
    /// Re-binds so far.
    pub rebinds: i64,
    /// The issuer's reference (bulk issue), unique per organisation.
    pub external_ref: Option<String>,
    /// The visitor's language (issue 34), set at issue time: the wallet opens in it and the
    /// invitation is written in it.
    pub language: Option<String>,
    /// The zones it is valid for, written with the pass (empty: every zone). Never read
    /// back into this field: the redemption transaction reads `pass_zones` itself.
    pub zones: Vec<Uuid>,
}

impl std::fmt::Debug for PassRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassRow")
            .field("id", &self.id)
            .field("org_id", &self.org_id)
            .field("state", &self.state)
            .field("uses", &self.uses)
            .field("max_uses", &self.max_uses)
            .finish_non_exhaustive()
    }
}

/// A challenge issued to a gate for a scan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeRow {
    /// The nonce (32 bytes), primary key.
    pub nonce: Vec<u8>,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The gate device it was issued to.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
    /// The scanned pass.
    pub pass_id: Uuid,
    /// The rotating code's step `T`.
    pub counter: i64,
    /// SHA-256 of the scanned code text (to detect a reused scan id).
    pub code_hash: Vec<u8>,
    /// Issue time.
    pub created_at_ms: i64,
    /// End of life.
    pub expires_at_ms: i64,
    /// Wrong answers so far (three burn it).
    pub wrong_answers: i64,
}

/// Where and when a pass was admitted (named by `already_admitted`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Admission {
    /// The admitting gate.
    pub gate_id: Uuid,
    /// Commit time.
    pub at_ms: i64,
}

/// The outcome stored under a nonce: what every resend of that answer gets back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredOutcome {
    /// Admitted under this nonce.
    Admitted,
    /// The same wallet, already admitted at `Admission`.
    AlreadyAdmitted(Option<Admission>),
    /// Refused after a valid answer (revoked or expired meanwhile).
    Denied(DenyReason),
}

impl StoredOutcome {
    /// The wire outcome.
    pub fn outcome(self) -> Outcome {
        match self {
            StoredOutcome::Admitted => Outcome::Admitted,
            StoredOutcome::AlreadyAdmitted(_) => Outcome::AlreadyAdmitted,
            StoredOutcome::Denied(_) => Outcome::Denied,
        }
    }

    /// The deny reason, set exactly on `Denied`.
    pub fn reason(self) -> Option<DenyReason> {
        match self {
            StoredOutcome::Denied(reason) => Some(reason),
            _ => None,
        }
    }

    /// The columns `(outcome, reason, first_admitted_at_ms, first_gate_id)`.
    pub fn columns(
        self,
    ) -> (
        &'static str,
        Option<&'static str>,
        Option<i64>,
        Option<Uuid>,
    ) {
        match self {
            StoredOutcome::Admitted => ("admitted", None, None, None),
            StoredOutcome::AlreadyAdmitted(at) => (
                "already_admitted",
                None,
                at.map(|a| a.at_ms),
                at.map(|a| a.gate_id),
            ),
            StoredOutcome::Denied(reason) => ("denied", Some(reason.as_str()), None, None),
        }
    }

    /// Parses the stored columns.
    ///
    /// # Errors
    /// A description of the first column that holds no TSR1 value.
    pub fn from_columns(
        outcome: &str,
        reason: Option<&str>,
        first_admitted_at_ms: Option<i64>,
        first_gate_id: Option<Uuid>,
    ) -> Result<Self, String> {
        let outcome = Outcome::from_str(outcome).map_err(|e| e.to_string())?;
        Ok(match outcome {
            Outcome::Admitted => StoredOutcome::Admitted,
            Outcome::AlreadyAdmitted => StoredOutcome::AlreadyAdmitted(
                first_admitted_at_ms
                    .zip(first_gate_id)
                    .map(|(at_ms, gate_id)| Admission { gate_id, at_ms }),
            ),
            Outcome::Denied => StoredOutcome::Denied(
                DenyReason::from_str(reason.unwrap_or_default()).map_err(|e| e.to_string())?,
            ),
        })
    }
}

/// One admission of a pass, as its page lists it: committed here at a gate, or decided on
/// site by an on-site node and shipped back (issue 35).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdmissionRow {
    /// The challenge nonce it was committed under.
    pub nonce: Vec<u8>,
    /// The gate.
    pub gate_id: Uuid,
    /// When: the commit here, or the node's decision on site.
    pub at_ms: i64,
    /// The node that admitted it on site; `None` for an admission here.
    pub node_id: Option<Uuid>,
}

/// An outcome stored under a nonce.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RedemptionRow {
    /// The challenge nonce, primary key.
    pub nonce: Vec<u8>,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The gate that redeemed.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
    /// The pass.
    pub pass_id: Uuid,
    /// The rotating code's step.
    pub counter: i64,
    /// What was decided.
    pub outcome: StoredOutcome,
    /// Commit time.
    pub created_at_ms: i64,
}

impl RedemptionRow {
    /// The outcome row of an answer to `challenge`, stored at `created_at_ms`.
    pub fn for_challenge(
        challenge: &ChallengeRow,
        outcome: StoredOutcome,
        created_at_ms: i64,
    ) -> Self {
        RedemptionRow {
            nonce: challenge.nonce.clone(),
            org_id: challenge.org_id,
            gate_id: challenge.gate_id,
            scan_id: challenge.scan_id,
            pass_id: challenge.pass_id,
            counter: challenge.counter,
            outcome,
            created_at_ms,
        }
    }
}

/// A scan-time denial stored under the gate's scan id, so that a resend gets it again (§7
/// rule 1 applies to denials too).
#[derive(Clone, Debug)]
pub struct ScanDenialRow {
    /// The gate that scanned.
    pub gate_id: Uuid,
    /// Its scan id.
    pub scan_id: Uuid,
    /// Owning organisation (the gate's).
    pub org_id: Uuid,
    /// SHA-256 of the scanned code text.
    pub code_hash: Vec<u8>,
    /// Why it was denied.
    pub reason: DenyReason,
    /// The pass, once its OTP verified (the result then names it).
    pub pass_id: Option<Uuid>,
    /// The pass's label, read back with the denial (not a column of its own).
    pub pass_label: Option<String>,
    /// On `stale_code`: the code's age.
    pub age_s: Option<i64>,
    /// On `future_code`: how far ahead it was.
    pub ahead_s: Option<i64>,
    /// Time of the denial.
    pub created_at_ms: i64,
}

/// What a gate already got for a scan id: a challenge or a stored denial.
#[derive(Clone, Debug)]
pub enum ScanRecord {
    /// A challenge was issued.
    Challenge(ChallengeRow),
    /// The scan was denied.
    Denial(ScanDenialRow),
}

impl ScanRecord {
    /// SHA-256 of the code the scan carried.
    pub fn code_hash(&self) -> &[u8] {
        match self {
            ScanRecord::Challenge(challenge) => &challenge.code_hash,
            ScanRecord::Denial(denial) => &denial.code_hash,
        }
    }
}

/// An audit event as stored, its kind and details read into their types
/// ([`Recorded::Other`] for what a newer server wrote and this one cannot read).
#[derive(Clone, Debug)]
pub struct AuditRow {
    /// Monotonic id (the pagination cursor).
    pub id: i64,
    /// Event time.
    pub at_ms: i64,
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// How urgent it is.
    pub severity: Severity,
    /// Gate involved.
    pub gate_id: Option<Uuid>,
    /// Pass involved.
    pub pass_id: Option<Uuid>,
    /// What happened: its kind and details.
    pub event: Recorded,
    /// The person who did it, for a staff action in an identity-provider session.
    pub actor: Option<crate::sso::Person>,
    /// The on-site node that shipped it (it happened on site, under the node's lease).
    pub origin_node_id: Option<Uuid>,
}

/// An alarm: the high-severity event that raised it, and what people did with it since.
#[derive(Clone, Debug)]
pub struct AlarmRow {
    /// The event (its id is the alarm's).
    pub event: AuditRow,
    /// Its handling ([`crate::alarms::Handling::untouched`] when nobody touched it).
    pub handling: crate::alarms::Handling,
}

/// Filters of `GET /v1/alarms`.
#[derive(Clone, Debug)]
pub struct AlarmFilter {
    /// Tenant.
    pub org_id: Uuid,
    /// Only in this state.
    pub state: Option<crate::alarms::AlarmState>,
    /// Only alarms raised before this one (the page cursor: an alarm id).
    pub before_id: Option<i64>,
    /// Page size.
    pub limit: i64,
}

/// Filters of `GET /v1/audit`.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    /// Tenant (always set).
    pub org_id: Uuid,
    /// Exact kind.
    pub kind: Option<String>,
    /// Exact severity.
    pub severity: Option<String>,
    /// Gate.
    pub gate_id: Option<Uuid>,
    /// Pass.
    pub pass_id: Option<Uuid>,
    /// Inclusive lower time bound.
    pub since_ms: Option<i64>,
    /// Exclusive upper time bound.
    pub until_ms: Option<i64>,
    /// Exclusive id cursor.
    pub after_id: Option<i64>,
    /// Inclusive id bound (the live feed reads only up to where no event can still appear).
    pub through_id: Option<i64>,
    /// Page size.
    pub limit: i64,
}

/// A gate device as the console shows it: whether a socket of it is open on any replica.
#[derive(Clone, Debug)]
pub struct GateStatusRow {
    /// Gate id.
    pub id: Uuid,
    /// Free text.
    pub label: String,
    /// Its site, if any.
    pub site: Option<String>,
    /// When it was created.
    pub created_at_ms: i64,
    /// When it was revoked, if it was.
    pub revoked_at_ms: Option<i64>,
    /// Its sockets refreshed since the cutoff the query was given.
    pub sockets: i64,
    /// The latest refresh of an open socket, or when its last socket closed.
    pub last_seen_ms: Option<i64>,
}

/// The key behind a live console session, and when the session ends.
#[derive(Clone, Debug)]
pub struct ConsoleSessionRow {
    /// The API key that signed in.
    pub key: ApiKeyRow,
    /// When the session stops being honoured.
    pub expires_at_ms: i64,
    /// The person who signed in through the organisation's identity provider, when one did
    /// (`people.name`; a key's session has none).
    pub person_name: Option<String>,
    /// That person's provider (`iss`).
    pub person_issuer: Option<String>,
    /// That person's subject at the provider (`sub`).
    pub person_subject: Option<String>,
}

impl ConsoleSessionRow {
    /// The person behind the session, when it was made by SSO.
    pub fn person(&self) -> Option<crate::sso::Person> {
        Some(crate::sso::Person {
            issuer: self.person_issuer.clone()?,
            subject: self.person_subject.clone()?,
            name: self.person_name.clone()?,
        })
    }
}

/// An expired challenge the sweep settled, and whether an outcome is stored under it.
#[derive(Clone, Debug)]
pub struct SweptChallenge {
    /// The challenge as it was stored.
    pub challenge: ChallengeRow,
    /// An outcome is stored under its nonce: it was answered, and needs no event.
    pub answered: bool,
}

/// An open gate WebSocket, as `Store::record_gate_socket` records it.
#[derive(Clone, Copy, Debug)]
pub struct GateSocket {
    /// This socket.
    pub id: Uuid,
    /// Its gate.
    pub gate_id: Uuid,
}

/// A gate socket opening (held by a replica) or closing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SocketMove {
    /// Opened on the replica with this id.
    Opened {
        /// The replica holding the socket.
        replica_id: Uuid,
    },
    /// Closed.
    Closed,
}

/// A gate socket's change with its `gate_connected` or `gate_disconnected` event: one unit
/// of `Store::record_gate_socket`, committed together.
#[derive(Clone, Debug)]
pub struct SocketChange {
    /// The socket.
    pub socket: GateSocket,
    /// Opened or closed.
    pub change: SocketMove,
    /// When.
    pub at_ms: i64,
    /// Its audit event.
    pub event: NewAudit,
}

/// The scan's one read: the pass, the gate its code step already admitted at, and whether
/// the scanning gate already answered this scan id.
#[derive(Clone, Debug)]
pub struct ScanContext {
    /// The pass.
    pub pass: PassRow,
    /// The gate that admitted this pass with the scanned step, if one did.
    pub step_gate_id: Option<Uuid>,
    /// Whether the scanning gate already has a challenge or denial for this scan id.
    pub resent_scan: bool,
}

/// The answer's one read: a challenge, its pass and any outcome stored under its nonce.
#[derive(Clone, Debug)]
pub struct ChallengeContext {
    /// The challenge.
    pub challenge: ChallengeRow,
    /// The scanned pass.
    pub pass: PassRow,
    /// The outcome stored under the nonce.
    pub stored: Option<RedemptionRow>,
}

/// What the redemption transaction reads under lock before it decides: the challenge and
/// the pass as they are now, the outcome stored under the nonce, and the admissions an
/// `already_admitted` would name.
#[derive(Clone, Debug)]
pub struct LockedRedemption {
    /// The challenge, locked.
    pub challenge: ChallengeRow,
    /// The pass, locked.
    pub pass: PassRow,
    /// The outcome already stored under the nonce.
    pub stored: Option<RedemptionRow>,
    /// The admission of the challenge's step, if one happened.
    pub step_admission: Option<Admission>,
    /// The pass's latest admission, if any.
    pub last_admission: Option<Admission>,
}

/// Decodes the pass columns of a joined row, each named `p_<column>`.
/// Decodes the outcome columns of a joined row, each named `r_<column>` (all null when no
/// outcome is stored), for the challenge `challenge`.
/// A host: a person who invites visitors, with its own API key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostRow {
    /// Host id (also its key id).
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Display name, e.g. "R. Iyer, Flat 12B".
    pub label: String,
    /// Unit, flat or office.
    pub unit: Option<String>,
    /// Where the host is told of a walk-in waiting for them.
    pub email: Option<String>,
}

/// A walk-in request as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkInRow {
    /// Server id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The asking gate.
    pub gate_id: Uuid,
    /// The gate's id for the request.
    pub request_id: Uuid,
    /// The host asked.
    pub host_id: Uuid,
    /// Whom the guard holds.
    pub visitor_name: String,
    /// The guard's note.
    pub note: Option<String>,
    /// Where it stands.
    pub state: WalkIn,
    /// When it was asked.
    pub created_at_ms: i64,
    /// When the approval timeout ends.
    pub expires_at_ms: i64,
    /// When it was decided or expired.
    pub decided_at_ms: Option<i64>,
}

/// [`tessera_protocol::messages::WalkInState`] as a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkIn(pub tessera_protocol::messages::WalkInState);

impl TryFrom<String> for WalkIn {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
            .map(WalkIn)
            .map_err(|_| format!("unknown walk-in state {text:?}"))
    }
}

/// A walk-in request, its gate's label and its host, as hosts and gates are shown it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkInView {
    /// The request.
    pub walk_in: WalkInRow,
    /// The asking gate's label.
    pub gate_label: String,
    /// The host's display name.
    pub host_label: String,
    /// The host's unit.
    pub host_unit: Option<String>,
}

/// A claim link minted after issue: a re-bind or a transfer.
#[derive(Clone, PartialEq, Eq)]
pub struct PassLinkRow {
    /// Link id (the claim token is derived from it).
    pub id: Uuid,
    /// The pass.
    pub pass_id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// `rebind` or `transfer`.
    pub kind: LinkKind,
    /// The idempotency key: a request id or a transfer nonce.
    pub request_key: Vec<u8>,
    /// SHA-256 of the claim token.
    pub token_hash: Vec<u8>,
    /// Minted.
    pub created_at_ms: i64,
    /// Not claimable from then on.
    pub expires_at_ms: i64,
    /// Claimed or replaced.
    pub closed_at_ms: Option<i64>,
    /// The key that claimed it (transfers).
    pub claimed_key: Option<Vec<u8>>,
}

impl std::fmt::Debug for PassLinkRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassLinkRow")
            .field("id", &self.id)
            .field("pass_id", &self.pass_id)
            .field("kind", &self.kind)
            .field("closed_at_ms", &self.closed_at_ms)
            .finish_non_exhaustive()
    }
}

/// Why a claim link was minted after issue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkKind {
    /// A lost phone: the old key died when the link was minted.
    Rebind,
    /// Handed to another person: the old key dies when the link is claimed.
    Transfer,
}

impl LinkKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            LinkKind::Rebind => "rebind",
            LinkKind::Transfer => "transfer",
        }
    }
}

impl TryFrom<String> for LinkKind {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "rebind" => Ok(LinkKind::Rebind),
            "transfer" => Ok(LinkKind::Transfer),
            _ => Err(format!("unknown link kind {text:?}")),
        }
    }
}

/// A webhook endpoint of a tenant (issue 17).
#[derive(Clone, PartialEq, Eq)]
pub struct WebhookRow {
    /// Webhook id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Where events are POSTed.
    pub url: String,
    /// The signing secret.
    pub secret: String,
    /// The event types it receives.
    pub events: WebhookEvents,
    /// The last audit event id handed to its queue.
    pub audit_cursor: i64,
    /// Creation time.
    pub created_at_ms: i64,
    /// Disabled (by a `410` from the receiver), if so.
    pub disabled_at_ms: Option<i64>,
    /// Why it was disabled.
    pub disabled_reason: Option<String>,
}

impl std::fmt::Debug for WebhookRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebhookRow")
            .field("id", &self.id)
            .field("org_id", &self.org_id)
            .field("events", &self.events)
            .field("audit_cursor", &self.audit_cursor)
            .field("disabled_at_ms", &self.disabled_at_ms)
            .finish_non_exhaustive()
    }
}

/// An event of one webhook that its first attempt did not deliver (or that waits behind
/// an undelivered event of its pass), as it is written to the queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewDelivery {
    /// The audit event it comes from.
    pub audit_id: i64,
    /// Its pass (deliveries of one pass go out in order).
    pub pass_id: Option<Uuid>,
    /// `admission`, `walk_in`, `revocation`.
    pub event_type: String,
    /// The JSON body to POST.
    pub body: String,
    /// `Pending` (to be tried) or `Dead`.
    pub state: DeliveryState,
    /// Attempts made: 0 when it was not tried yet, 1 after a failed first attempt.
    pub attempts: i64,
    /// When it may be tried (again).
    pub next_attempt_ms: i64,
    /// Why the first attempt failed, if it did.
    pub last_error: Option<String>,
}

/// A queued delivery as the dispatcher and the console see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryRow {
    /// Queue id (the order of the log).
    pub id: i64,
    /// Its webhook.
    pub webhook_id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The audit event it comes from.
    pub audit_id: i64,
    /// Its pass.
    pub pass_id: Option<Uuid>,
    /// Event type.
    pub event_type: String,
    /// The JSON body.
    pub body: String,
    /// Where it stands.
    pub state: DeliveryState,
    /// Attempts so far (this one included, once claimed).
    pub attempts: i64,
    /// When it may be tried (again).
    pub next_attempt_ms: i64,
    /// The last failure.
    pub last_error: Option<String>,
    /// Queued.
    pub created_at_ms: i64,
    /// Delivered.
    pub delivered_at_ms: Option<i64>,
}

/// One finished attempt, as the dispatcher hands a round's results to storage.
#[derive(Clone, Debug)]
pub struct Finished {
    /// The delivery row.
    pub id: i64,
    /// Its webhook (disabled with `disables`).
    pub webhook_id: Uuid,
    /// `Pending` (to be retried), `Delivered` or `Dead`.
    pub state: DeliveryState,
    /// When it may be tried again (unchanged unless retried).
    pub next_attempt_ms: i64,
    /// What went wrong, if anything.
    pub error: Option<String>,
    /// The receiver answered `410 Gone`: the webhook is disabled, audited by this event
    /// (stored only by the result that disables it, in the same transaction).
    pub disables: Option<NewAudit>,
}

/// A zone and its rules (issue 17, `crate::zones`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZoneRow {
    /// Zone id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Display name, e.g. "Pool".
    pub name: String,
    /// Whether a visitor who stepped out may come back.
    pub allow_reentry: bool,
    /// At most this many entries per UTC day.
    pub max_entries_per_day: Option<i64>,
    /// Everyone is checked out at this minute of the UTC day.
    pub checkout_at_minute: Option<i64>,
    /// Entering it checks the visitor out of every other zone.
    pub checks_out_others: bool,
    /// The UTC day of the last automatic check-out.
    pub last_checkout_day: Option<i64>,
    /// Creation time.
    pub created_at_ms: i64,
}

/// A zone's rules and what the locked rows say of the pass there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ZoneView {
    /// Whether a visitor who stepped out may come back.
    pub allow_reentry: bool,
    /// At most this many entries per UTC day.
    pub max_entries_per_day: Option<i64>,
    /// Whether the pass is valid for this zone.
    pub pass_allowed: bool,
    /// The pass's row in this zone, if it ever entered it.
    pub presence: Option<Presence>,
    /// Whether the pass ever entered any zone (its first entry is its admission).
    pub entered_any: bool,
}

/// A pass's standing in one zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presence {
    /// Inside now.
    pub inside: bool,
    /// The UTC day (days since 1970) of its last entry.
    pub entry_day: i64,
    /// Its entries on that day.
    pub entries_on_day: i64,
}

/// What minting a re-bind or transfer link did (`Store::mint_link`).
#[derive(Debug, PartialEq, Eq)]
pub enum LinkOutcome {
    /// The link is minted, and its event stored.
    Minted,
    /// The request key minted this link before (for this pass and kind): nothing changed.
    Replayed(PassLinkRow),
    /// The request key was used for another pass or kind.
    RequestKeyTaken,
    /// No such pass of the tenant.
    UnknownPass,
    /// The pass is revoked.
    Revoked,
    /// The pass has no wallet key to hand on.
    NotClaimed,
    /// The holder proved a key the pass is no longer bound to.
    KeyChanged,
    /// The pass allows no (more) transfers.
    NotAllowed,
}

/// What claiming a transfer link did (`Store::claim_transfer`).
#[derive(Debug, PartialEq, Eq)]
pub enum TransferClaim {
    /// The recipient's key is bound now, the sender's unbound.
    Claimed,
    /// This key claimed the link before.
    Replayed,
    /// Another key claimed the link, or the link was replaced.
    AlreadyClaimed,
    /// No open link: expired, or never.
    Invalid,
    /// The pass is revoked.
    Revoked,
}

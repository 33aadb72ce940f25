//! What each audit event records: one type per kind, serialised once where the event is
//! made and decoded by every reader (the audit API and its feed, the webhook dispatcher,
//! the gate statistics).
//!
//! [`Details`] is the whole vocabulary: its variant is the event's kind and its content the
//! event's `details` object, so the pair is written as `{"kind": …, "details": {…}}` and the
//! OpenAPI document describes it as `oneOf` by kind. No code, token, key or MAC ever reaches
//! a details type: where correlation helps, a short SHA-256 prefix (`*_sha256`) stands in.
//!
//! A stored event this server cannot read (a kind a newer server added, or details of a
//! shape it does not know) decodes to [`Recorded::Other`], passed on as stored, never to a
//! guessed default.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tessera_protocol::messages::{DenyReason, ErrorCode, Outcome, WalkInReason};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::alarms::{AlarmOutcome, AlarmState};
use crate::gates::Direction;
use crate::watchlist::{MatchedBy, WatchMode};

fn is_false(value: &bool) -> bool {
    !*value
}

/// Declares the kinds of event once: [`AuditKind`] (the kind alone, as filters and the
/// failure aggregator name it) and [`Details`] (the kind with what it records), from one
/// table of variant, details type and stored name.
macro_rules! kinds {
    ($($(#[doc = $doc:literal])* $Variant:ident($Details:ty) = $name:literal,)*) => {
        /// What an event records. The stored names are the wire of `GET /v1/audit` (§8).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum AuditKind {
            $($(#[doc = $doc])* $Variant,)*
        }

        impl AuditKind {
            /// Every kind.
            pub const ALL: [AuditKind; [$($name),*].len()] = [$(AuditKind::$Variant),*];

            /// The stored name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(AuditKind::$Variant => $name,)*
                }
            }
        }

        /// The kind of an event and what it records.
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
        // The stored names are the variants' in snake case (`events::tests` holds them to
        // the table's).
        #[serde(tag = "kind", content = "details", rename_all = "snake_case")]
        pub enum Details {
            $($(#[doc = $doc])* $Variant($Details),)*
        }

        impl Details {
            /// The kind this is.
            pub fn kind(&self) -> AuditKind {
                match self {
                    $(Details::$Variant(_) => AuditKind::$Variant,)*
                }
            }

            /// The `details` object alone, as stored beside the kind: the inner struct,
            /// written straight to text (no intermediate JSON value on the hot path).
            pub fn to_json(&self) -> String {
                let written = match self {
                    $(Details::$Variant(details) => serde_json::to_string(details),)*
                };
                // Every details type is a struct of plain fields: serialising cannot fail.
                written.unwrap_or_else(|_| "{}".to_owned())
            }
        }
    };
}

kinds! {
    /// A scan decided at scan time (a denial, a resend, a reused scan id).
    Scan(ScanDetails) = "scan",
    /// A challenge minted for a scan.
    ChallengeIssued(ChallengeIssued) = "challenge_issued",
    /// An answer and its outcome.
    Response(ResponseDetails) = "response",
    /// A challenge that expired without a valid answer.
    ChallengeUnanswered(ChallengeUnanswered) = "challenge_unanswered",
    /// Frames refused for a gate's rate, aggregated per connection and minute.
    RateLimited(RateLimited) = "rate_limited",
    /// A gate connection refused at its device's or tenant's socket cap.
    GateConnectionRefused(ConnectionRefused) = "gate_connection_refused",
    /// A wallet claimed a pass.
    Claim(ClaimDetails) = "claim",
    /// Claims refused, aggregated per source.
    ClaimRejected(Aggregated) = "claim_rejected",
    /// Another wallet key tried to claim a claimed pass (the link leaked).
    ClaimConflict(ClaimDetails) = "claim_conflict",
    /// A pass was issued.
    PassIssued(PassIssuedDetails) = "pass_issued",
    /// A pass was revoked.
    PassRevoked(PassRevokedDetails) = "pass_revoked",
    /// An API key was created.
    ApiKeyCreated(ApiKeyCreatedDetails) = "api_key_created",
    /// An API key (or a host's key) was revoked, with every session made from it.
    ApiKeyRevoked(ApiKeyRevokedDetails) = "api_key_revoked",
    /// An API key (or a host's key) was given a new secret.
    ApiKeyRotated(ApiKeyRotatedDetails) = "api_key_rotated",
    /// A gate device was created.
    GateCreated(ByKey) = "gate_created",
    /// Credentials missing or wrong, aggregated per source.
    AuthFailure(Aggregated) = "auth_failure",
    /// A pairing link was made for a gate.
    GatePairingCreated(PairingCreated) = "gate_pairing_created",
    /// A pairing link was used: the gate's device credential was rotated.
    GatePaired(Paired) = "gate_paired",
    /// A gate was revoked.
    GateRevoked(ByKey) = "gate_revoked",
    /// Rows removed past their retention.
    Retention(Retention) = "retention",
    /// A gate WebSocket opened.
    GateConnected(GateSocketEvent) = "gate_connected",
    /// A gate WebSocket closed.
    GateDisconnected(GateSocketEvent) = "gate_disconnected",
    /// An API key was exchanged for a console session.
    ConsoleSignedIn(SignedIn) = "console_signed_in",
    /// A console session was ended by its holder.
    ConsoleSignedOut(ByKey) = "console_signed_out",
    /// A host was created.
    HostCreated(HostCreatedDetails) = "host_created",
    /// A gate asked a host to approve a walk-in (or resent the request).
    WalkInRequested(WalkInRequested) = "walk_in_requested",
    /// A host approved a walk-in: the walk-in admission.
    WalkInApproved(WalkInDecided) = "walk_in_approved",
    /// A host refused a walk-in.
    WalkInDenied(WalkInDecided) = "walk_in_denied",
    /// A walk-in request ran out of time unanswered.
    WalkInExpired(WalkInExpired) = "walk_in_expired",
    /// A pass was re-bound: its wallet key unbound, a new claim link minted.
    PassRebound(PassRebound) = "pass_rebound",
    /// A transfer link was minted for a pass.
    TransferStarted(TransferStarted) = "transfer_started",
    /// A transfer link was claimed: the recipient's key replaced the sender's.
    PassTransferred(PassTransferred) = "pass_transferred",
    /// Transfer proofs refused, aggregated per source.
    TransferRejected(Aggregated) = "transfer_rejected",
    /// A webhook was configured.
    WebhookCreated(WebhookCreatedDetails) = "webhook_created",
    /// A webhook was disabled: its receiver answered `410 Gone`, or an admin turned it off.
    WebhookDisabled(WebhookDisabled) = "webhook_disabled",
    /// An admin turned a disabled webhook back on.
    WebhookEnabled(WebhookChanged) = "webhook_enabled",
    /// An admin gave a webhook a new signing secret.
    WebhookSecretRotated(WebhookChanged) = "webhook_secret_rotated",
    /// An admin deleted a webhook, with its queued and dead deliveries.
    WebhookDeleted(WebhookChanged) = "webhook_deleted",
    /// A zone was created.
    ZoneCreated(ZoneCreatedDetails) = "zone_created",
    /// Everyone inside a zone was checked out at its check-out time.
    ZoneCheckout(ZoneCheckout) = "zone_checkout",
    /// An admin configured the organisation's identity provider (or changed it).
    SsoConfigured(SsoConfigured) = "sso_configured",
    /// An admin removed the organisation's identity provider.
    SsoRemoved(ByKey) = "sso_removed",
    /// A sign-in through the identity provider failed: no session was made.
    SsoSignInFailed(SsoSignInFailed) = "sso_sign_in_failed",
    /// The identity provider ended sessions (back-channel logout), or a person's access
    /// ended at sign-in.
    SsoSessionsEnded(SsoSessionsEnded) = "sso_sessions_ended",
    /// A sign-in domain was claimed, proven (DNS or the operator) or released.
    SsoDomainChanged(SsoDomainChanged) = "sso_domain_changed",
    /// An admin ended someone's console or host session.
    SessionEnded(SessionEnded) = "session_ended",
    /// A message was queued: a pass's claim link to its visitor (or sent again).
    MessageQueued(MessageDetails) = "message_queued",
    /// The relay took a message.
    MessageSent(MessageDetails) = "message_sent",
    /// The receiving server refused a message's address for good.
    MessageBounced(MessageDetails) = "message_bounced",
    /// A message ran out of retries.
    MessageDead(MessageDetails) = "message_dead",
    /// A message's moment passed before it could be sent: it was not sent late.
    MessageExpired(MessageDetails) = "message_expired",
    /// An admin set the organisation's sender name and reply-to address.
    MailSettingsChanged(MailSettingsChanged) = "mail_settings_changed",
    /// Someone took an alarm.
    AlarmAcknowledged(AlarmChanged) = "alarm_acknowledged",
    /// An alarm was given to someone (or to nobody).
    AlarmAssigned(AlarmChanged) = "alarm_assigned",
    /// An alarm ended, with an outcome.
    AlarmResolved(AlarmChanged) = "alarm_resolved",
    /// A pass's holder matched the watchlist: at issue, at claim or at a gate (`high` for
    /// an exact match, an alarm; `warning` for a name's possible match).
    WatchlistHit(WatchlistHit) = "watchlist_hit",
    /// A watchlist entry was added.
    WatchlistEntryAdded(WatchEntryChanged) = "watchlist_entry_added",
    /// A watchlist entry was changed.
    WatchlistEntryChanged(WatchEntryChanged) = "watchlist_entry_changed",
    /// A watchlist entry was removed.
    WatchlistEntryRemoved(WatchEntryChanged) = "watchlist_entry_removed",
    /// A person's data was exported (GDPR Article 15).
    PersonalDataExported(PersonalDataExported) = "personal_data_exported",
    /// A person's data was erased: rewritten with a pseudonym (Article 17, or retention).
    PersonalDataErased(PersonalDataErased) = "personal_data_erased",
    /// An admin set how long each class of personal data is kept.
    PrivacySettingsChanged(ByKey) = "privacy_settings_changed",
    /// An admin set the organisation's default language, time zone or a site's zone.
    LocaleSettingsChanged(ByKey) = "locale_settings_changed",
    /// An officer started a roll call (`high`: an evacuation is an alarm).
    RollCallStarted(RollCallStarted) = "roll_call_started",
    /// A person on a roll call was marked safe: by a muster scan or by hand.
    RollCallMarked(RollCallMarked) = "roll_call_marked",
    /// A roll call ended; its report.
    RollCallEnded(RollCallEnded) = "roll_call_ended",
    /// A marshal's muster scan: a muster challenge issued, or the scan refused.
    MusterScanned(MusterDetails) = "muster_scanned",
    /// A wallet's answer to a muster challenge was refused (a wrong answer, another
    /// gate's nonce, a closed challenge); a correct one is `roll_call_marked`.
    MusterRefused(MusterDetails) = "muster_refused",
    /// An admin enrolled an on-site node for a site.
    SiteNodeCreated(SiteNodeDetails) = "site_node_created",
    /// A node was granted the lease on its site (renewals are not logged).
    SiteLeaseGranted(SiteLeaseDetails) = "site_lease_granted",
    /// A lease ended: handed back by its node, or reclaimed by an admin.
    SiteLeaseEnded(SiteLeaseDetails) = "site_lease_ended",
    /// An operator on site extended a lapsed lease on the node.
    SiteLeaseExtended(SiteLeaseDetails) = "site_lease_extended",
    /// A sync met a change made centrally to a pass the node had meanwhile admitted (a
    /// revocation, say): applied, and reported here.
    SiteConflict(SiteConflict) = "site_conflict",
    /// An admin revoked an on-site node: its token stopped working and its lease ended.
    SiteNodeRevoked(SiteNodeDetails) = "site_node_revoked",
    /// An admin gave an on-site node a new token; the old one stopped working.
    SiteNodeTokenRotated(SiteNodeDetails) = "site_node_token_rotated",
    /// An admin let a node whose lease was reclaimed take a lease again.
    SiteNodeResumed(SiteNodeDetails) = "site_node_resumed",
    /// A node shipped what the central server refused (a kind a node does not make, a
    /// foreign gate or pass, a time outside its leases): counted, never written (`high`).
    SiteNodeFault(SiteNodeFault) = "site_node_fault",
}

impl AuditKind {
    /// Parses a stored name.
    pub fn parse(text: &str) -> Option<AuditKind> {
        AuditKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }
}

impl Details {
    /// Reads a stored kind and details object.
    ///
    /// # Errors
    /// When the kind is not one of this server's or the details do not have its shape.
    pub fn decode(kind: &str, details: &str) -> Result<Details, serde_json::Error> {
        let details: Value = serde_json::from_str(details)?;
        let mut pair = Map::new();
        pair.insert("kind".to_owned(), Value::String(kind.to_owned()));
        pair.insert("details".to_owned(), details);
        serde_json::from_value(Value::Object(pair))
    }
}

/// A stored event's kind and details, as this server reads them.
#[derive(Clone, Debug, PartialEq)]
pub enum Recorded {
    /// A kind this server knows, with its details.
    Known(Details),
    /// What this server cannot read (a newer server wrote it): passed on as stored.
    Other {
        /// The stored kind.
        kind: String,
        /// The stored details, or `{}` when they are not a JSON object.
        details: Map<String, Value>,
    },
}

impl Recorded {
    /// Reads a stored kind and details object; never fails (see [`Recorded::Other`]).
    pub fn decode(kind: &str, details: &str) -> Recorded {
        match Details::decode(kind, details) {
            Ok(known) => Recorded::Known(known),
            Err(_) => Recorded::Other {
                kind: kind.to_owned(),
                details: match serde_json::from_str(details) {
                    Ok(Value::Object(map)) => map,
                    _ => Map::new(),
                },
            },
        }
    }

    /// The stored kind's name.
    pub fn kind_name(&self) -> &str {
        match self {
            Recorded::Known(details) => details.kind().as_str(),
            Recorded::Other { kind, .. } => kind,
        }
    }

    /// The details, if this server knows the kind.
    pub fn known(&self) -> Option<&Details> {
        match self {
            Recorded::Known(details) => Some(details),
            Recorded::Other { .. } => None,
        }
    }
}

impl Serialize for Recorded {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            Recorded::Known(details) => details.serialize(serializer),
            Recorded::Other { kind, details } => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("kind", kind)?;
                map.serialize_entry("details", details)?;
                map.end()
            }
        }
    }
}

/// A scan decided at scan time: a denial (with its reason), a resend answered from what is
/// stored (`resent`), or a scan id used for another code (`error`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ScanDetails {
    /// The gate's id of the physical scan.
    pub scan_id: Uuid,
    /// Why the scan was denied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub reason: Option<DenyReason>,
    /// The error the gate was sent instead of a result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub error: Option<ErrorCode>,
    /// A resend of a scan already decided.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resent: bool,
    /// For a resend: what the gate was sent again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered: Option<Answered>,
    /// A stale code: how many seconds behind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub age_s: Option<i64>,
    /// A code from the future: how many seconds ahead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ahead_s: Option<i64>,
    /// A replayed code: the gate where its step first admitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_gate_id: Option<Uuid>,
    /// A replayed code: its step.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<u64>,
}

/// What a resent scan was sent again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Answered {
    /// Its challenge, still open.
    Challenge,
    /// A result: a denial, or the stored outcome.
    Result,
}

/// A challenge minted for a scan.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChallengeIssued {
    /// The scan it answers.
    pub scan_id: Uuid,
    /// The first 6 bytes of the nonce's SHA-256, in hex.
    pub nonce_sha256: String,
    /// The code's step.
    pub counter: i64,
}

/// An answer: its outcome (stored, or a denial at answer time), a resend answered from the
/// stored outcome (`replayed`), an answer whose challenge was lost (`lost`), or an answer
/// refused with an error.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ResponseDetails {
    /// The scan the challenge answered.
    pub scan_id: Uuid,
    /// The first 6 bytes of the nonce's SHA-256, in hex (absent for an unknown nonce).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce_sha256: Option<String>,
    /// What the gate was told (absent when it was sent an error).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub outcome: Option<Outcome>,
    /// Why it was denied.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub reason: Option<DenyReason>,
    /// The code's step (of a stored outcome).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<i64>,
    /// A resend answered from the outcome stored under the nonce.
    #[serde(default, skip_serializing_if = "is_false")]
    pub replayed: bool,
    /// The challenge was settled while the answer was on its way.
    #[serde(default, skip_serializing_if = "is_false")]
    pub lost: bool,
    /// The error the gate was sent instead of a result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub error: Option<ErrorCode>,
    /// A foreign nonce: the gate whose challenge it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub challenge_gate_id: Option<Uuid>,
    /// A foreign nonce: whether it came from another organisation's gate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cross_tenant: Option<bool>,
    /// At a zone's gate: the move it was.
    #[serde(flatten, default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<ZoneMoveDetails>,
    /// Decided by the venue's on-site node while it held the site's lease, and shipped to
    /// the central server afterwards (issue 35): the event keeps the node's time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_site: Option<OnSite>,
}

/// Where an on-site decision was made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OnSite {
    /// The node that decided.
    pub node_id: Uuid,
}

/// An on-site node, as enrolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SiteNodeDetails {
    /// The node.
    pub node_id: Uuid,
    /// Its site.
    pub site: String,
    /// Its label.
    pub label: String,
    /// The key that enrolled it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key: Option<Uuid>,
}

/// A lease's grant, end or extension.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SiteLeaseDetails {
    /// The lease.
    pub lease_id: Uuid,
    /// The node holding it.
    pub node_id: Uuid,
    /// The site.
    pub site: String,
    /// From when the node may admit.
    pub valid_from_ms: i64,
    /// Until when (or, for an extension, until when the operator extended it).
    pub until_ms: i64,
    /// How it ended (`site_lease_ended` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub end: Option<crate::site_values::LeaseEnd>,
    /// The key that reclaimed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key: Option<Uuid>,
}

/// What a node shipped that the central server refused, counted by reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SiteNodeFault {
    /// The node.
    pub node_id: Uuid,
    /// How many events and outcomes were refused.
    pub refused: u64,
    /// How many for each reason.
    #[schema(value_type = std::collections::BTreeMap<String, u64>)]
    pub reasons: std::collections::BTreeMap<crate::site_values::NodeFault, u64>,
    /// The kinds of the events refused, as shipped (at most ten, each cut to 64 characters).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kinds: Vec<String>,
}

/// A central change that crossed an admission made on site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SiteConflict {
    /// The node that admitted.
    pub node_id: Uuid,
    /// What crossed.
    #[schema(value_type = String)]
    pub conflict: crate::site_values::ConflictKind,
    /// When the node admitted the pass (the node's clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admitted_at_ms: Option<i64>,
    /// When the central server revoked it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at_ms: Option<i64>,
}

impl ResponseDetails {
    /// A new admission (not a resent answer): what a webhook delivers.
    pub fn is_new_admission(&self) -> bool {
        self.outcome == Some(Outcome::Admitted) && !self.replayed
    }
}

/// An answer at a zone's gate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ZoneMoveDetails {
    /// The zone.
    pub zone_id: Uuid,
    /// Its name.
    pub zone: String,
    /// Into the zone or out of it.
    pub direction: Direction,
    /// The day's first entry, which counts a use of the pass.
    pub first_entry: bool,
}

/// A challenge that expired without a valid answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ChallengeUnanswered {
    /// The scan it answered.
    pub scan_id: Uuid,
    /// The first 6 bytes of the nonce's SHA-256, in hex.
    pub nonce_sha256: String,
    /// Wrong answers it received.
    pub wrong_answers: i64,
}

/// Frames a gate connection sent past its rate in one window.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RateLimited {
    /// Frames refused.
    pub frames: u64,
    /// The window's start, RFC 3339.
    pub window_start: String,
    /// The window's length.
    pub window_s: i64,
}

/// Which socket cap refused a gate connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CapScope {
    /// The device's own cap.
    Gate,
    /// The organisation's.
    Tenant,
}

/// A gate connection refused at a socket cap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ConnectionRefused {
    /// Whose cap.
    pub cap: CapScope,
    /// Its value.
    pub limit: u64,
}

/// What a claim did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ClaimResult {
    /// The wallet's key is bound to the pass.
    Claimed,
    /// The pass is bound to another key.
    AlreadyClaimed,
}

/// A claim and what it did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ClaimDetails {
    /// What it did.
    pub result: ClaimResult,
}

/// Failures of one source (or, `overflow`, of the sources past the window's row budget),
/// counted over one window.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Aggregated {
    /// Always `true`: one row stands for many.
    pub aggregated: bool,
    /// The source's address.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// What it called: `rest`, `gate`, `console`, `claims`, `transfers`, …
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<String>,
    /// How many.
    pub count: u64,
    /// The first, RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<String>,
    /// The last, RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<String>,
    /// One of the reasons, e.g. `bad_credential`, `invalid_claim`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sample_reason: Option<String>,
    /// Overflow rows: how many sources were folded into this one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sources: Option<u64>,
    /// The sources past the window's row budget, summed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub overflow: bool,
}

/// Who did it: an API key (or console session of it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ByKey {
    /// The acting key.
    pub by_key_id: Uuid,
}

/// A pass issued.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PassIssuedDetails {
    /// Uses it allows.
    pub max_uses: i64,
    /// Transfers it allows.
    pub max_transfers: i64,
    /// Its host, if any.
    pub host_id: Option<Uuid>,
    /// The issuer's reference (bulk issue).
    pub external_ref: Option<String>,
    /// The issuing key.
    pub by_key_id: Uuid,
}

/// A pass revoked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PassRevokedDetails {
    /// Its state before.
    pub previous_state: String,
    /// The revoking key.
    pub by_key_id: Uuid,
}

/// An API key created: by a key, or at bootstrap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ApiKeyCreatedDetails {
    /// The new key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<Uuid>,
    /// Its role.
    pub role: String,
    /// The creating key (none at bootstrap).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// The first organisation's first admin key.
    #[serde(default, skip_serializing_if = "is_false")]
    pub bootstrap: bool,
}

/// A key revoked: it stopped working, and so did every console or host session made from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ApiKeyRevokedDetails {
    /// The key (a host's key id is the host id).
    pub key_id: Uuid,
    /// Its role.
    pub role: crate::roles::Role,
    /// Who held it.
    pub label: String,
    /// The admin key that revoked it; none when an operator ran `tessera-server keys`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// Sessions made from it that ended with it.
    pub sessions_ended: u64,
}

/// A key given a new secret.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ApiKeyRotatedDetails {
    /// The key (a host's key id is the host id).
    pub key_id: Uuid,
    /// Its role.
    pub role: crate::roles::Role,
    /// Who holds it.
    pub label: String,
    /// The admin key that rotated it; none when an operator ran `tessera-server keys`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// Until when the previous secret still works; none: it stopped at once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous_valid_until_ms: Option<i64>,
    /// Sessions made from the key that ended (they were made with the previous secret).
    pub sessions_ended: u64,
}

/// A pairing link made for a gate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PairingCreated {
    /// The admin who made it.
    pub by_key_id: Uuid,
    /// Until when it works, RFC 3339.
    pub expires_at: String,
    /// A short fingerprint of the secret's hash.
    pub secret_sha256: String,
}

/// A pairing link used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Paired {
    /// A short fingerprint of the used secret's hash.
    pub secret_sha256: String,
}

/// Rows one retention batch removed, per table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct RetentionCounts {
    /// From `challenges`.
    pub challenges: u64,
    /// From `redemptions`.
    pub redemptions: u64,
    /// From `scan_denials`.
    pub scan_denials: u64,
    /// From `audit_events`.
    pub audit_events: u64,
}

impl RetentionCounts {
    /// Rows removed in all.
    pub fn total(&self) -> u64 {
        self.challenges + self.redemptions + self.scan_denials + self.audit_events
    }

    /// Whether any table reached the batch limit (so another pass has more to do).
    pub fn any_at(&self, limit: i64) -> bool {
        let limit = u64::try_from(limit).unwrap_or(0);
        [
            self.challenges,
            self.redemptions,
            self.scan_denials,
            self.audit_events,
        ]
        .iter()
        .any(|&count| count >= limit)
    }
}

/// A retention batch: what went, and the cutoffs it went by (RFC 3339).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Retention {
    /// Rows removed per table.
    pub removed: RetentionCounts,
    /// Challenges that expired before this.
    pub challenges_expired_before: String,
    /// Outcomes whose challenges expired before this.
    pub redemptions_expired_before: String,
    /// Events older than this.
    pub audit_before: String,
}

/// A gate socket opened or closed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GateSocketEvent {
    /// The socket.
    pub socket_id: Uuid,
    /// The server replica that holds it.
    pub replica_id: Uuid,
}

/// A console session started.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SignedIn {
    /// The key exchanged, or the key or host an SSO person acts as.
    pub by_key_id: Uuid,
    /// Its role.
    pub role: String,
    /// The person, when they signed in through the identity provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<crate::sso::Person>,
}

/// The organisation's identity provider, as an admin set it (never its secret).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SsoConfigured {
    /// The admin's key.
    pub by_key_id: Uuid,
    /// The admin, when they signed in through the provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_person: Option<crate::sso::Person>,
    /// The provider.
    pub issuer: String,
    /// The client id.
    pub client_id: String,
    /// Whether the client secret changed.
    pub secret_changed: bool,
    /// Whether API keys may still sign in to the pages.
    pub key_sign_in: bool,
}

/// A sign-in through the identity provider that made no session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SsoSignInFailed {
    /// Why, as a stable word: `bad_state`, `provider_error`, `code_refused`, `bad_token`,
    /// `unreachable`, `no_email`, `unverified_email`, `domain_not_allowed`, `no_role`,
    /// `revoked`.
    pub reason: String,
    /// What was wrong, in words (never a token or code).
    pub detail: String,
    /// The provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issuer: Option<String>,
    /// The person, when the ID token was verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<crate::sso::Person>,
}

/// A domain that routes sign-in by email changed (`docs/sign-in.md`, "Domains").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SsoDomainChanged {
    /// The domain.
    pub domain: String,
    /// `claimed` (its TXT record handed out), `proven` (it routes sign-in by email now) or
    /// `released`.
    pub change: String,
    /// Once proven: `dns` (its TXT record) or `operator` (the command line).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proven_by: Option<String>,
    /// The admin's key; none for the operator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// The admin, when they signed in through the provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_person: Option<crate::sso::Person>,
}

/// Sessions the identity provider ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SsoSessionsEnded {
    /// `back_channel_logout` or `access_ended` (the person no longer has a role).
    pub cause: String,
    /// The provider.
    pub issuer: String,
    /// The person's subject, when named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// How many sessions ended.
    pub sessions: u64,
}

/// The organisation's sender name and reply-to address, as an admin set them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MailSettingsChanged {
    /// The From name (none: the organisation's name).
    pub from_name: Option<String>,
    /// Where replies go (none: the From address).
    pub reply_to: Option<String>,
    /// The admin's key.
    pub by_key_id: Uuid,
}

/// A message and what became of it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MessageDetails {
    /// The message (`GET /v1/messages`).
    pub message_id: Uuid,
    /// `invitation` or `approval_request`.
    pub message: String,
    /// The address it goes to.
    pub to: String,
    /// Attempts so far.
    #[serde(default)]
    pub attempts: i64,
    /// A resend an issuer asked for.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub resend: bool,
    /// The key that asked, for a message a person or a script asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// Why it was not sent, as the relay or the receiving server put it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A session an admin ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SessionEnded {
    /// The admin's key.
    pub by_key_id: Uuid,
    /// The admin, when they signed in through the provider.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_person: Option<crate::sso::Person>,
    /// The session's key or host.
    pub key_id: Uuid,
}

/// A host created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct HostCreatedDetails {
    /// The host.
    pub host_id: Uuid,
    /// Its name.
    pub label: String,
    /// Its unit (flat, office).
    pub unit: Option<String>,
    /// The admin who created it.
    pub by_key_id: Uuid,
}

/// The walk-in request an event is about.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WalkInRef {
    /// The request.
    pub walk_in_id: Uuid,
    /// The gate's idempotency key for it.
    pub request_id: Uuid,
    /// The host asked.
    pub host_id: Uuid,
    /// The visitor's name as the guard typed it.
    pub visitor_name: String,
}

/// A walk-in asked for (or asked again: `resent`, or with a reused request id: `error`).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WalkInRequested {
    /// The request.
    #[serde(flatten)]
    pub walk_in: WalkInRef,
    /// A resend of a request already made.
    #[serde(default, skip_serializing_if = "is_false")]
    pub resent: bool,
    /// The error the gate was sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub error: Option<ErrorCode>,
}

/// What kind of admission an approval is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AdmissionKind {
    /// A host let a walk-in in.
    WalkIn,
}

/// A host's answer to a walk-in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WalkInDecided {
    /// The request.
    #[serde(flatten)]
    pub walk_in: WalkInRef,
    /// The host's key.
    pub by_key_id: Uuid,
    /// An approval: the admission it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admission: Option<AdmissionKind>,
}

/// A walk-in that ran out of time.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WalkInExpired {
    /// The request.
    #[serde(flatten)]
    pub walk_in: WalkInRef,
    /// Always `approval_timeout`.
    #[schema(value_type = String)]
    pub reason: WalkInReason,
}

/// A pass re-bound.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PassRebound {
    /// The new claim link.
    pub link_id: Uuid,
    /// The caller's idempotency key.
    pub request_id: Uuid,
    /// The wallet key unbound (a public key, base64url).
    pub previous_key: Option<String>,
    /// The pass's state before.
    pub previous_state: String,
    /// The acting key.
    pub by_key_id: Uuid,
}

/// Who started a transfer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TransferBy {
    /// The wallet holding the pass.
    Holder,
    /// An issuer.
    Issuer,
}

/// Who asked for a transfer link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TransferAsker {
    /// The holder or an issuer.
    pub by: TransferBy,
    /// The issuer's key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// The issuer's idempotency key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<Uuid>,
}

/// A transfer link minted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TransferStarted {
    /// Who asked.
    #[serde(flatten)]
    pub asker: TransferAsker,
    /// The link.
    pub transfer_id: Uuid,
    /// The wallet key the pass leaves (a public key, base64url).
    pub from_key: Option<String>,
}

/// A transfer link claimed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PassTransferred {
    /// The link.
    pub transfer_id: Uuid,
    /// The sender's wallet key (a public key, base64url).
    pub from_key: Option<String>,
    /// The recipient's wallet key (a public key, base64url).
    pub to_key: String,
}

/// A webhook configured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WebhookCreatedDetails {
    /// The webhook.
    pub webhook_id: Uuid,
    /// Where it posts.
    pub url: String,
    /// What it receives.
    pub events: Vec<WebhookEventType>,
    /// The admin who configured it.
    pub by_key_id: Uuid,
}

/// A webhook disabled, by its receiver or by an admin.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WebhookDisabled {
    /// The webhook.
    pub webhook_id: Uuid,
    /// Why.
    pub reason: String,
    /// The admin who turned it off; none when its receiver answered `410 Gone`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
}

/// A webhook an admin changed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WebhookChanged {
    /// The webhook.
    pub webhook_id: Uuid,
    /// The admin.
    pub by_key_id: Uuid,
}

/// A zone created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ZoneCreatedDetails {
    /// The zone.
    pub zone_id: Uuid,
    /// Its name.
    pub name: String,
    /// The admin who created it.
    pub by_key_id: Uuid,
}

/// A zone's check-out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ZoneCheckout {
    /// The zone.
    pub zone_id: Uuid,
    /// Its name.
    pub zone: String,
    /// How many were inside.
    pub checked_out: u64,
}

/// A change to an alarm: the alarm is the high-severity event `alarm_id`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AlarmChanged {
    /// The audit id of the event that raised the alarm.
    pub alarm_id: i64,
    /// What raised it: a denial reason (`foreign_nonce`, `code_replayed`,
    /// `challenge_burned`, …) or an event kind (`claim_conflict`, `watchlist_hit`, …).
    pub alarm: String,
    /// Where it stands now.
    pub state: AlarmState,
    /// The key (or host) used.
    pub by_key_id: Uuid,
    /// Whom it is assigned to now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assignee: Option<String>,
    /// How it ended (`alarm_resolved`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<AlarmOutcome>,
    /// The resolver's note (`alarm_resolved`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An export of a person's data: how much it held, never what.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PersonalDataExported {
    /// Passes found.
    pub passes: u64,
    /// Walk-ins found.
    pub walk_ins: u64,
    /// Audit events found.
    pub audit_events: u64,
    /// Watchlist entries about the person found (issue 50; 0 in events from before).
    #[serde(default)]
    pub watchlist_entries: u64,
    /// The admin's key.
    pub by_key_id: Uuid,
}

/// An erasure: who, what classes, how many rows it rewrote. The person is not named.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PersonalDataErased {
    /// The erasure (the audit log's `erasure_id` on every event it rewrote).
    pub erasure_id: Uuid,
    /// `request` (an admin) or `retention` (the server, past the organisation's period).
    pub cause: String,
    /// The classes erased.
    pub classes: Vec<String>,
    /// The pseudonym the values became.
    pub pseudonym: String,
    /// Passes rewritten.
    pub passes: u64,
    /// Walk-ins rewritten.
    pub walk_ins: u64,
    /// Messages rewritten.
    pub messages: u64,
    /// Audit events rewritten.
    pub audit_events: u64,
    /// Webhook deliveries rewritten.
    pub deliveries: u64,
    /// Watchlist entries rewritten: those about the person no longer in force (issue 50;
    /// 0 in events from before).
    #[serde(default)]
    pub watchlist_entries: u64,
    /// What was kept as it was, and why: watchlist entries in force, under the venue's
    /// legitimate interest (`docs/threat-model.md` 2.16).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<crate::privacy::Kept>,
    /// The admin's key, for a request.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
}

/// A roll call started: what it covers and how many it lists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RollCallStarted {
    /// The roll call.
    pub roll_call_id: Uuid,
    /// What it covers, in words.
    pub scope: String,
    /// The site it covers, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<String>,
    /// The zone it covers, if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone_id: Option<Uuid>,
    /// People on its list: inside when it started.
    pub inside: u64,
    /// The key (or console session's key) used.
    pub by_key_id: Uuid,
}

/// A person marked safe in a roll call. The pass is the event's subject; the person is
/// not named.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RollCallMarked {
    /// The roll call.
    pub roll_call_id: Uuid,
    /// `scan` (the wallet answered a muster challenge) or `manual` (ticked by hand).
    pub how: crate::roll_calls::MarkHow,
    /// The muster point: the marshal's gate label (and site), or the console.
    pub marked_where: String,
    /// The client's mark id (manual marks), under which a resend marks nobody twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark_id: Option<Uuid>,
    /// The muster scan (scans).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan_id: Option<Uuid>,
    /// The key that ticked by hand in the console.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// The walk-in marked (a walk-in has no pass, so the event's subject names none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub walk_in_id: Option<Uuid>,
}

/// A muster scan or answer: which roll call, which scan, and why it was refused.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MusterDetails {
    /// The marshal's scan.
    pub scan_id: Uuid,
    /// The roll call, once one lists the pass.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll_call_id: Option<Uuid>,
    /// Why it was refused, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub reason: Option<DenyReason>,
    /// SHA-256 prefix of the challenge's nonce.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce_sha256: Option<String>,
}

/// A roll call ended: its report, and who ended it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RollCallEnded {
    /// The report: counts, duration and the passes never marked safe.
    #[serde(flatten)]
    pub report: crate::roll_calls::Report,
    /// The key used.
    pub by_key_id: Uuid,
}

/// Where a pass's holder met the watchlist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WatchStage {
    /// A pass was being issued.
    Issue,
    /// A wallet was claiming a pass.
    Claim,
    /// A wallet answered a gate's challenge.
    Gate,
}

/// A watchlist match. The event names the entry, never the person's details or the reason:
/// those stay on the watchlist, readable by security and admins only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WatchlistHit {
    /// The entry that matched.
    pub entry_id: Uuid,
    /// Its mode.
    pub mode: WatchMode,
    /// How it matched (`name` is only a possible match).
    pub matched_by: MatchedBy,
    /// Where.
    pub stage: WatchStage,
    /// Whether the holder was refused (issue, claim) or held for staff (gate).
    pub refused: bool,
    /// The key (or host) that was issuing the pass.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_key_id: Option<Uuid>,
    /// At a gate: the scan.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan_id: Option<Uuid>,
}

/// A watchlist entry added, changed or removed: which identifiers it holds, never their
/// values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct WatchEntryChanged {
    /// The entry.
    pub entry_id: Uuid,
    /// Its mode.
    pub mode: WatchMode,
    /// Which of `name`, `email`, `external_ref` it holds.
    pub identifiers: Vec<String>,
    /// When it expires, RFC 3339.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<String>,
    /// The key used.
    pub by_key_id: Uuid,
}

impl Recorded {
    /// What an alarm raised by this event is called: the denial reason of a scan or
    /// answer, else the event's kind.
    pub fn alarm_name(&self) -> String {
        let reason = match self.known() {
            Some(Details::Scan(scan)) => scan.reason,
            Some(Details::Response(response)) => response.reason,
            _ => None,
        };
        match reason.and_then(|reason| serde_json::to_value(reason).ok()) {
            Some(Value::String(name)) => name,
            _ => self.kind_name().to_owned(),
        }
    }
}

/// A type of event a webhook can receive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum WebhookEventType {
    /// A new admission at a gate.
    #[serde(rename = "admission")]
    Admission,
    /// A move out through a zone's exit gate.
    #[serde(rename = "exit")]
    Exit,
    /// A walk-in approved by its host.
    #[serde(rename = "walk_in")]
    WalkIn,
    /// A pass revoked.
    #[serde(rename = "revocation")]
    Revocation,
    /// An alarm raised: a high-severity event.
    #[serde(rename = "alarm.opened")]
    AlarmOpened,
    /// An alarm taken by someone.
    #[serde(rename = "alarm.acknowledged")]
    AlarmAcknowledged,
    /// An alarm given to someone.
    #[serde(rename = "alarm.assigned")]
    AlarmAssigned,
    /// An alarm ended.
    #[serde(rename = "alarm.resolved")]
    AlarmResolved,
    /// A pass's holder matched the watchlist exactly (at issue, claim or a gate).
    #[serde(rename = "watchlist.hit")]
    WatchlistHit,
}

impl WebhookEventType {
    /// Every type.
    pub const ALL: [WebhookEventType; 9] = [
        WebhookEventType::Admission,
        WebhookEventType::Exit,
        WebhookEventType::WalkIn,
        WebhookEventType::Revocation,
        WebhookEventType::AlarmOpened,
        WebhookEventType::AlarmAcknowledged,
        WebhookEventType::AlarmAssigned,
        WebhookEventType::AlarmResolved,
        WebhookEventType::WatchlistHit,
    ];

    /// The name on the wire and in storage.
    pub fn as_str(self) -> &'static str {
        match self {
            WebhookEventType::Admission => "admission",
            WebhookEventType::Exit => "exit",
            WebhookEventType::WalkIn => "walk_in",
            WebhookEventType::Revocation => "revocation",
            WebhookEventType::AlarmOpened => "alarm.opened",
            WebhookEventType::AlarmAcknowledged => "alarm.acknowledged",
            WebhookEventType::AlarmAssigned => "alarm.assigned",
            WebhookEventType::AlarmResolved => "alarm.resolved",
            WebhookEventType::WatchlistHit => "watchlist.hit",
        }
    }

    /// What a webhook created without `events` receives: what happens to passes at gates.
    /// The security team's events are sent only to webhooks that name them.
    pub const DEFAULT: [WebhookEventType; 4] = [
        WebhookEventType::Admission,
        WebhookEventType::Exit,
        WebhookEventType::WalkIn,
        WebhookEventType::Revocation,
    ];

    /// Parses a name.
    pub fn parse(text: &str) -> Option<WebhookEventType> {
        WebhookEventType::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_kind_is_listed_once_and_parses_back() {
        let names: std::collections::HashSet<&str> =
            AuditKind::ALL.iter().map(|kind| kind.as_str()).collect();
        assert_eq!(names.len(), AuditKind::ALL.len());
        for kind in AuditKind::ALL {
            assert_eq!(AuditKind::parse(kind.as_str()), Some(kind));
        }
        assert_eq!(AuditKind::parse("Response"), None);
    }

    #[test]
    fn details_are_stored_as_the_object_alone_and_read_back_by_kind() {
        let details = Details::Response(ResponseDetails {
            scan_id: Uuid::nil(),
            nonce_sha256: Some("00aa".into()),
            outcome: Some(Outcome::Admitted),
            counter: Some(7),
            zone: Some(ZoneMoveDetails {
                zone_id: Uuid::nil(),
                zone: "Pool".into(),
                direction: Direction::Exit,
                first_entry: false,
            }),
            ..ResponseDetails::default()
        });
        let stored = details.to_json();
        let value: Value = serde_json::from_str(&stored).unwrap_or_default();
        assert_eq!(
            value,
            json!({
                "scan_id": Uuid::nil(), "nonce_sha256": "00aa", "outcome": "admitted",
                "counter": 7, "zone_id": Uuid::nil(), "zone": "Pool", "direction": "exit",
                "first_entry": false,
            })
        );
        assert_eq!(
            Recorded::decode("response", &stored),
            Recorded::Known(details)
        );
    }

    #[test]
    fn what_this_server_cannot_read_is_other_never_a_default() {
        let cases = [
            ("a_kind_from_a_newer_server", r#"{"x":1}"#, json!({"x": 1})),
            (
                "response",
                r#"{"scan_id":"not a uuid"}"#,
                json!({"scan_id": "not a uuid"}),
            ),
            (
                "scan",
                r#"{"scan_id":"00000000-0000-0000-0000-000000000000","reason":"a_new_reason"}"#,
                json!({"scan_id": Uuid::nil(), "reason": "a_new_reason"}),
            ),
            ("response", "not json", json!({})),
        ];
        for (kind, stored, details) in cases {
            let recorded = Recorded::decode(kind, stored);
            assert_eq!(recorded.kind_name(), kind);
            assert!(recorded.known().is_none(), "{kind} {stored}");
            assert_eq!(
                serde_json::to_value(&recorded).unwrap_or_default(),
                json!({ "kind": kind, "details": details })
            );
        }
    }

    #[test]
    fn every_stored_name_is_the_name_serde_reads_and_writes() {
        for kind in AuditKind::ALL {
            // A known name with empty details is at most a missing field, never a stranger.
            if let Err(error) = Details::decode(kind.as_str(), "{}") {
                let error = error.to_string();
                assert!(!error.contains("unknown variant"), "{kind:?}: {error}");
            }
        }
        assert!(Details::decode("Scan", "{}")
            .is_err_and(|error| error.to_string().contains("unknown variant")));
    }

    #[test]
    fn every_kind_round_trips_under_its_stored_name() {
        let by = Uuid::nil();
        let samples = [
            Details::GateCreated(ByKey { by_key_id: by }),
            Details::Claim(ClaimDetails {
                result: ClaimResult::AlreadyClaimed,
            }),
            Details::AuthFailure(Aggregated {
                aggregated: true,
                count: 3,
                ..Aggregated::default()
            }),
            Details::WalkInExpired(WalkInExpired {
                walk_in: WalkInRef::default(),
                reason: WalkInReason::ApprovalTimeout,
            }),
            Details::WalkInRequested(WalkInRequested::default()),
        ];
        for details in samples {
            let kind = details.kind().as_str();
            let value = serde_json::to_value(&details).unwrap_or_default();
            assert_eq!(value["kind"], json!(kind));
            assert_eq!(
                Details::decode(kind, &details.to_json()).ok(),
                Some(details)
            );
        }
    }
}

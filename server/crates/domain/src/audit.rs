//! Building audit events: kinds, severities and who an event is about.
//!
//! Every event is a fixed kind, a severity a security team can filter on, and its details,
//! one type per kind ([`crate::events::Details`]), serialised once here, where the event is
//! made.

use tessera_protocol::messages::{DenyReason, Outcome};
use uuid::Uuid;

use crate::events::Details;
use crate::rows::NewAudit;

/// What an event records. The stored names are the wire of `GET /v1/audit` (§8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AuditKind {
    /// A scan decided at scan time (a denial, a resend, a reused scan id).
    Scan,
    /// A challenge minted for a scan.
    ChallengeIssued,
    /// An answer and its outcome.
    Response,
    /// A challenge that expired without a valid answer.
    ChallengeUnanswered,
    /// Frames refused for a gate's rate, aggregated per connection and minute.
    RateLimited,
    /// A gate connection refused at its device's or tenant's socket cap.
    GateConnectionRefused,
    /// A wallet claimed a pass.
    Claim,
    /// A claim was refused.
    ClaimRejected,
    /// Another wallet key tried to claim a claimed pass (the link leaked).
    ClaimConflict,
    /// A pass was issued.
    PassIssued,
    /// A pass was revoked.
    PassRevoked,
    /// An API key was created.
    ApiKeyCreated,
    /// A gate device was created.
    GateCreated,
    /// A credential was missing or wrong.
    AuthFailure,
    /// A pairing link was made for a gate.
    GatePairingCreated,
    /// A pairing link was used: the gate's device credential was rotated.
    GatePaired,
    /// A gate was revoked.
    GateRevoked,
    /// The server removed rows past their retention (counts per table, the cutoffs).
    Retention,
    /// A gate WebSocket opened (the console's "online").
    GateConnected,
    /// A gate WebSocket closed.
    GateDisconnected,
    /// An API key was exchanged for a console session.
    ConsoleSignedIn,
    /// A console session was ended by its holder.
    ConsoleSignedOut,
    /// A host (a person who invites visitors) was created.
    HostCreated,
    /// A gate asked a host to approve a walk-in (or resent the request).
    WalkInRequested,
    /// A host approved a walk-in: the walk-in admission.
    WalkInApproved,
    /// A host refused a walk-in.
    WalkInDenied,
    /// A walk-in request ran out of time unanswered.
    WalkInExpired,
    /// A pass was re-bound: its wallet key unbound, a new claim link minted.
    PassRebound,
    /// A transfer link was minted for a pass.
    TransferStarted,
    /// A transfer link was claimed: the recipient's key replaced the sender's.
    PassTransferred,
    /// A transfer proof was wrong (aggregated per source).
    TransferRejected,
    /// A webhook was configured.
    WebhookCreated,
    /// A webhook's receiver answered `410 Gone`: the webhook was disabled.
    WebhookDisabled,
    /// A zone was created.
    ZoneCreated,
    /// Everyone inside a zone was checked out at its check-out time.
    ZoneCheckout,
}

impl AuditKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            AuditKind::Scan => "scan",
            AuditKind::ChallengeIssued => "challenge_issued",
            AuditKind::Response => "response",
            AuditKind::ChallengeUnanswered => "challenge_unanswered",
            AuditKind::RateLimited => "rate_limited",
            AuditKind::GateConnectionRefused => "gate_connection_refused",
            AuditKind::Claim => "claim",
            AuditKind::ClaimRejected => "claim_rejected",
            AuditKind::ClaimConflict => "claim_conflict",
            AuditKind::PassIssued => "pass_issued",
            AuditKind::PassRevoked => "pass_revoked",
            AuditKind::ApiKeyCreated => "api_key_created",
            AuditKind::GateCreated => "gate_created",
            AuditKind::AuthFailure => "auth_failure",
            AuditKind::Retention => "retention",
            AuditKind::GatePairingCreated => "gate_pairing_created",
            AuditKind::GatePaired => "gate_paired",
            AuditKind::GateRevoked => "gate_revoked",
            AuditKind::GateConnected => "gate_connected",
            AuditKind::GateDisconnected => "gate_disconnected",
            AuditKind::ConsoleSignedIn => "console_signed_in",
            AuditKind::ConsoleSignedOut => "console_signed_out",
            AuditKind::HostCreated => "host_created",
            AuditKind::WalkInRequested => "walk_in_requested",
            AuditKind::WalkInApproved => "walk_in_approved",
            AuditKind::WalkInDenied => "walk_in_denied",
            AuditKind::WalkInExpired => "walk_in_expired",
            AuditKind::PassRebound => "pass_rebound",
            AuditKind::TransferStarted => "transfer_started",
            AuditKind::PassTransferred => "pass_transferred",
            AuditKind::TransferRejected => "transfer_rejected",
            AuditKind::WebhookCreated => "webhook_created",
            AuditKind::WebhookDisabled => "webhook_disabled",
            AuditKind::ZoneCreated => "zone_created",
            AuditKind::ZoneCheckout => "zone_checkout",
        }
    }

    /// Parses a stored name.
    pub fn parse(text: &str) -> Option<AuditKind> {
        AuditKind::ALL
            .into_iter()
            .find(|kind| kind.as_str() == text)
    }

    /// Every kind, in the order above.
    pub const ALL: [AuditKind; 35] = [
        AuditKind::Scan,
        AuditKind::ChallengeIssued,
        AuditKind::Response,
        AuditKind::ChallengeUnanswered,
        AuditKind::RateLimited,
        AuditKind::GateConnectionRefused,
        AuditKind::Claim,
        AuditKind::ClaimRejected,
        AuditKind::ClaimConflict,
        AuditKind::PassIssued,
        AuditKind::PassRevoked,
        AuditKind::ApiKeyCreated,
        AuditKind::GateCreated,
        AuditKind::AuthFailure,
        AuditKind::GatePairingCreated,
        AuditKind::GatePaired,
        AuditKind::GateRevoked,
        AuditKind::Retention,
        AuditKind::GateConnected,
        AuditKind::GateDisconnected,
        AuditKind::ConsoleSignedIn,
        AuditKind::ConsoleSignedOut,
        AuditKind::HostCreated,
        AuditKind::WalkInRequested,
        AuditKind::WalkInApproved,
        AuditKind::WalkInDenied,
        AuditKind::WalkInExpired,
        AuditKind::PassRebound,
        AuditKind::TransferStarted,
        AuditKind::PassTransferred,
        AuditKind::TransferRejected,
        AuditKind::WebhookCreated,
        AuditKind::WebhookDisabled,
        AuditKind::ZoneCreated,
        AuditKind::ZoneCheckout,
    ];
}

/// How urgent an event is for a security team (the schema allows no other value).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Routine.
    Info,
    /// Worth a look: failed authentication, wrong answers, stale codes.
    Warning,
    /// Likely an attack: copied credentials or replayed codes.
    High,
}

impl Severity {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::High => "high",
        }
    }

    /// Parses the stored name.
    pub fn parse(text: &str) -> Option<Severity> {
        match text {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "high" => Some(Severity::High),
            _ => None,
        }
    }
}

impl TryFrom<String> for Severity {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        Severity::parse(&text).ok_or_else(|| format!("unknown severity {text:?}"))
    }
}

/// Severity of a denial, at scan time or at answer time: a copied credential or a replayed
/// code is an attack; every other refusal at a gate is worth a look.
pub fn denial_severity(reason: DenyReason) -> Severity {
    match reason {
        DenyReason::ForeignNonce | DenyReason::CodeReplayed => Severity::High,
        _ => Severity::Warning,
    }
}

/// Severity of an answer's outcome.
pub fn outcome_severity(outcome: Outcome, reason: Option<DenyReason>) -> Severity {
    match (outcome, reason) {
        (Outcome::Denied, Some(reason)) => denial_severity(reason),
        (Outcome::Denied, None) => Severity::Warning,
        (Outcome::Admitted | Outcome::AlreadyAdmitted, _) => Severity::Info,
    }
}

/// Who and what an event is about.
#[derive(Clone, Copy, Debug, Default)]
pub struct Subject {
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// Gate device.
    pub gate_id: Option<Uuid>,
    /// Pass.
    pub pass_id: Option<Uuid>,
}

/// Builds an event stamped now; its kind is its details'.
pub fn event(severity: Severity, subject: Subject, details: Details) -> NewAudit {
    NewAudit {
        at_ms: crate::time::now_ms(),
        org_id: subject.org_id,
        kind: details.kind().as_str(),
        severity: severity.as_str(),
        gate_id: subject.gate_id,
        pass_id: subject.pass_id,
        details: details.to_json(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}

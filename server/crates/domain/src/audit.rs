//! Building audit events: kinds, severities and who an event is about.
//!
//! Every event is a fixed kind, a severity a security team can filter on, and its details,
//! one type per kind ([`crate::events::Details`]), serialised once here, where the event is
//! made.

use tessera_protocol::messages::{DenyReason, Outcome};
use uuid::Uuid;

pub use crate::events::AuditKind;
use crate::events::Details;
use crate::sso::Person;

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
        // Three wrong answers on one challenge are a burst of forged MACs.
        DenyReason::ForeignNonce | DenyReason::CodeReplayed | DenyReason::ChallengeBurned => {
            Severity::High
        }
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

/// A new audit event, as [`event`] builds it and storage writes it.
#[derive(Clone, Debug)]
pub struct NewAudit {
    /// Event time.
    pub at_ms: i64,
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// What happened.
    pub kind: &'static str,
    /// `info`, `warning` or `high`.
    pub severity: &'static str,
    /// Gate involved.
    pub gate_id: Option<Uuid>,
    /// Pass involved.
    pub pass_id: Option<Uuid>,
    /// JSON object text.
    pub details: String,
    /// The person who did it, for a staff action taken in a session made through the
    /// organisation's identity provider; none for keys, gates, visitors and the server.
    pub actor: Option<Person>,
}

impl NewAudit {
    /// The same event, done by `person` (see [`NewAudit::actor`]).
    #[must_use]
    pub fn by(mut self, person: Option<&Person>) -> Self {
        self.actor = person.cloned();
        self
    }
}

/// Who asked for a staff action: the key (or host) used, and the person behind a session
/// made through the organisation's identity provider.
#[derive(Clone, Debug)]
pub struct Actor {
    /// The key (or host) used.
    pub key_id: Uuid,
    /// The person, if one signed in.
    pub person: Option<Person>,
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
        actor: None,
    }
}

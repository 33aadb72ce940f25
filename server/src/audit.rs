//! Building audit events: kinds, severities and bounded, secret-free details.
//!
//! Every event is a fixed kind, a severity a security team can filter on, and a small JSON
//! object assembled here from typed values only. No raw code, token, key or MAC ever reaches
//! it: where correlation helps, a short SHA-256 prefix stands in.

use serde_json::Value;
use tessera_protocol::messages::{DenyReason, Outcome};
use uuid::Uuid;

use crate::store::NewAudit;

/// How urgent an event is for a security team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// Builds an event stamped now.
pub fn event(kind: &'static str, severity: Severity, subject: Subject, details: Value) -> NewAudit {
    NewAudit {
        at_ms: crate::now_ms(),
        org_id: subject.org_id,
        kind,
        severity: severity.as_str(),
        gate_id: subject.gate_id,
        pass_id: subject.pass_id,
        details: details.to_string(),
    }
}

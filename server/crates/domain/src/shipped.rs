//! What the central server takes from an on-site node's sync-up (issue 50): the node's
//! trust boundary, as pure decisions.
//!
//! A node's token lets it ship its own audit events and the outcomes it stored. The central
//! server writes them as the node's (`origin_node_id`), but only what a node can have made:
//!
//! - [`node_ships`]: the kinds a node makes on site (gate traffic, its decisions, its lease),
//!   each with the highest severity it ever has; an API key, an SSO change or a kind this
//!   server does not know is never a node's.
//! - [`judge_event`] and [`judge_admission`]: every gate and pass named is of the node's
//!   site and organisation; a decision (a challenge, an answer, an admission, a conflict) is
//!   timed inside a lease the node held, [`CLOCK_DRIFT_MS`] allowed at both ends; anything
//!   else is timed between the node's enrolment and now, the same drift allowed.
//!
//! What fails is refused and counted by [`NodeFault`]; the flow records the counts in one
//! `site_node_fault` event (`high`: an alarm) in the batch's transaction.

use uuid::Uuid;

use crate::audit::Severity;
use crate::events::{AuditKind, Details};
use crate::rows::PassState;
use crate::sites::{NodeFault, CLOCK_DRIFT_MS};

/// A lease a node held (or holds), as the ingest checks times against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaseSpan {
    /// The lease.
    pub id: Uuid,
    /// From when the node could admit under it (central clock).
    pub valid_from_ms: i64,
    /// When it ended centrally; `None` while it is held (a node cut off may admit past its
    /// expiry under an operator's extension, so only an end closes it).
    pub ended_at_ms: Option<i64>,
}

impl LeaseSpan {
    /// Whether `at_ms` (the node's clock) falls inside this lease, drift allowed.
    fn covers(&self, at_ms: i64, now_ms: i64) -> bool {
        let end = self
            .ended_at_ms
            .unwrap_or(now_ms)
            .saturating_add(CLOCK_DRIFT_MS);
        at_ms >= self.valid_from_ms.saturating_sub(CLOCK_DRIFT_MS) && at_ms <= end
    }
}

/// What a node may ship of a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShipRule {
    /// The highest severity the kind ever has on a node.
    pub max_severity: Severity,
    /// Whether it is a decision, made only under a lease.
    pub under_lease: bool,
}

/// The kinds an on-site node makes, and how: `None` for every other kind.
pub fn node_ships(kind: AuditKind) -> Option<ShipRule> {
    let rule = |max_severity, under_lease| {
        Some(ShipRule {
            max_severity,
            under_lease,
        })
    };
    match kind {
        // Its decisions: a replayed code or a foreign nonce is `high` on site as centrally.
        AuditKind::ChallengeIssued => rule(Severity::Info, true),
        AuditKind::Response => rule(Severity::High, true),
        AuditKind::SiteConflict => rule(Severity::High, true),
        // A scan's denial (a stale code, a replay) happens with or without a lease.
        AuditKind::Scan => rule(Severity::High, false),
        AuditKind::ChallengeUnanswered => rule(Severity::Warning, false),
        // Its gates' traffic.
        AuditKind::GateConnected | AuditKind::GateDisconnected => rule(Severity::Info, false),
        AuditKind::RateLimited | AuditKind::GateConnectionRefused | AuditKind::AuthFailure => {
            rule(Severity::Warning, false)
        }
        AuditKind::ZoneCheckout => rule(Severity::Info, false),
        // Its lease: handed back, or extended by an operator on site (checked to be its own).
        AuditKind::SiteLeaseEnded => rule(Severity::Info, false),
        AuditKind::SiteLeaseExtended => rule(Severity::High, false),
        _ => None,
    }
}

/// What the central server knows about one shipped event.
#[derive(Clone, Copy, Debug)]
pub struct ShippedEvent<'a> {
    /// Its kind, when this server knows it.
    pub kind: Option<AuditKind>,
    /// Its details, when they decode as that kind.
    pub details: Option<&'a Details>,
    /// Its severity as shipped.
    pub severity: Severity,
    /// The node's time.
    pub at_ms: i64,
    /// Whether the gate it names is of the node's site (`None`: it names none).
    pub gate_ours: Option<bool>,
    /// Whether the pass it names is of the node's site (`None`: it names none).
    pub pass_ours: Option<bool>,
}

/// The node as the ingest checks against it.
#[derive(Clone, Copy, Debug)]
pub struct Shipper<'a> {
    /// The node.
    pub node_id: Uuid,
    /// When it was enrolled.
    pub enrolled_at_ms: i64,
    /// Every lease it held or holds.
    pub leases: &'a [LeaseSpan],
    /// The central server's time.
    pub now_ms: i64,
}

impl Shipper<'_> {
    fn in_a_lease(&self, at_ms: i64) -> bool {
        self.leases
            .iter()
            .any(|lease| lease.covers(at_ms, self.now_ms))
    }

    fn since_enrolment(&self, at_ms: i64) -> bool {
        at_ms >= self.enrolled_at_ms.saturating_sub(CLOCK_DRIFT_MS)
            && at_ms <= self.now_ms.saturating_add(CLOCK_DRIFT_MS)
    }

    fn holds_lease(&self, lease_id: Uuid) -> bool {
        self.leases.iter().any(|lease| lease.id == lease_id)
    }
}

/// Whether the central server takes `event` from `node`.
///
/// # Errors
/// The first [`NodeFault`] found, in the order of the checks (kind, details, severity,
/// gate, pass, whose, time).
pub fn judge_event(node: &Shipper<'_>, event: &ShippedEvent<'_>) -> Result<(), NodeFault> {
    let rule = event
        .kind
        .and_then(node_ships)
        .ok_or(NodeFault::ForeignKind)?;
    let details = event
        .details
        .filter(|details| Some(details.kind()) == event.kind)
        .ok_or(NodeFault::MalformedDetails)?;
    if severity_rank(event.severity) > severity_rank(rule.max_severity) {
        return Err(NodeFault::SeverityTooHigh);
    }
    if event.gate_ours == Some(false) {
        return Err(NodeFault::ForeignGate);
    }
    if event.pass_ours == Some(false) {
        return Err(NodeFault::ForeignPass);
    }
    let about_this_node = match details {
        Details::SiteLeaseEnded(lease) | Details::SiteLeaseExtended(lease) => {
            lease.node_id == node.node_id && node.holds_lease(lease.lease_id)
        }
        Details::SiteConflict(conflict) => conflict.node_id == node.node_id,
        _ => true,
    };
    if !about_this_node {
        return Err(NodeFault::ForeignLease);
    }
    let timed = if rule.under_lease {
        node.in_a_lease(event.at_ms)
    } else {
        node.since_enrolment(event.at_ms)
    };
    if !timed {
        return Err(NodeFault::OutsideLease);
    }
    Ok(())
}

/// Whether the central server counts an outcome the node stored under a nonce.
///
/// # Errors
/// [`NodeFault::ForeignGate`], [`NodeFault::ForeignPass`] or [`NodeFault::OutsideLease`].
pub fn judge_admission(
    node: &Shipper<'_>,
    gate_ours: bool,
    pass_ours: bool,
    decided_at_ms: i64,
) -> Result<(), NodeFault> {
    if !gate_ours {
        return Err(NodeFault::ForeignGate);
    }
    if !pass_ours {
        return Err(NodeFault::ForeignPass);
    }
    if !node.in_a_lease(decided_at_ms) {
        return Err(NodeFault::OutsideLease);
    }
    Ok(())
}

/// What the ingest of one shipped outcome does (issue 54): the decision the store's
/// `ingest_site_batch` applies in its transaction, lifted out of the SQL so that the model
/// checker (`model/`) runs the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ingest {
    /// The nonce was recorded before (a batch resent after a lost answer, a crash, a cut):
    /// nothing is written again.
    Seen,
    /// Recorded now, and it is not an admission that used one of the pass's uses (a
    /// denial, `already_admitted`, a zone's exit or re-entry): nothing else to count.
    Recorded,
    /// Recorded now, and one use is counted on the pass ([`count_shipped_use`]).
    CountUse,
}

/// Whether a shipped outcome is new (`recorded_now`: its nonce was not in
/// `site_admissions` and the insert took it), and if so whether it counts a use. The nonce
/// decides, never the batch: the same admission shipped twice counts once.
#[must_use]
pub fn ingest_admission(recorded_now: bool, outcome: &str, counts_use: bool) -> Ingest {
    if !recorded_now {
        Ingest::Seen
    } else if outcome == "admitted" && counts_use {
        Ingest::CountUse
    } else {
        Ingest::Recorded
    }
}

/// A pass after one shipped admission's use is counted on it: one more use, never past
/// its limit (the node decided on its own copy, and what it admitted happened), and
/// `used` once a claimed pass has none left; a revoked pass stays revoked. The store's
/// `UPDATE passes … CASE …` in `ingest_site_batch` writes exactly this.
#[must_use]
pub fn count_shipped_use(state: PassState, uses: i64, max_uses: i64) -> (PassState, i64) {
    let state = if state == PassState::Claimed && uses.saturating_add(1) >= max_uses {
        PassState::Used
    } else {
        state
    };
    let uses = if uses < max_uses { uses + 1 } else { uses };
    (state, uses)
}

fn severity_rank(severity: Severity) -> u8 {
    match severity {
        Severity::Info => 0,
        Severity::Warning => 1,
        Severity::High => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{
        ApiKeyCreatedDetails, ByKey, GateSocketEvent, ResponseDetails, SiteConflict,
        SiteLeaseDetails,
    };
    use crate::sites::{ConflictKind, LeaseEnd};

    const NODE: Uuid = Uuid::from_u128(7);
    const LEASE: Uuid = Uuid::from_u128(70);
    const NOW: i64 = 1_000_000;

    fn leases() -> [LeaseSpan; 2] {
        [
            // An ended lease, then the one held now.
            LeaseSpan {
                id: Uuid::from_u128(69),
                valid_from_ms: 100_000,
                ended_at_ms: Some(200_000),
            },
            LeaseSpan {
                id: LEASE,
                valid_from_ms: 500_000,
                ended_at_ms: None,
            },
        ]
    }

    fn lease_details(node_id: Uuid, lease_id: Uuid) -> SiteLeaseDetails {
        SiteLeaseDetails {
            lease_id,
            node_id,
            site: "hall".into(),
            valid_from_ms: 500_000,
            until_ms: 900_000,
            end: Some(LeaseEnd::Returned),
            by_key: None,
        }
    }

    #[test]
    fn a_shipped_outcome_counts_once_by_nonce() {
        let cases = [
            ("seen before", false, "admitted", true, Ingest::Seen),
            ("a new admission", true, "admitted", true, Ingest::CountUse),
            (
                "an exit at a zone",
                true,
                "admitted",
                false,
                Ingest::Recorded,
            ),
            ("a denial", true, "denied", true, Ingest::Recorded),
            (
                "already admitted",
                true,
                "already_admitted",
                true,
                Ingest::Recorded,
            ),
        ];
        for (name, new, outcome, counts, expected) in cases {
            assert_eq!(ingest_admission(new, outcome, counts), expected, "{name}");
        }
    }

    #[test]
    fn a_counted_use_never_passes_the_limit() {
        use PassState::{Claimed, Revoked, Used};
        let cases = [
            ("first of two", Claimed, 0, 2, Claimed, 1),
            ("the last", Claimed, 1, 2, Used, 2),
            ("past the limit", Used, 2, 2, Used, 2),
            ("revoked stays revoked", Revoked, 0, 1, Revoked, 1),
        ];
        for (name, state, uses, max, to_state, to_uses) in cases {
            assert_eq!(
                count_shipped_use(state, uses, max),
                (to_state, to_uses),
                "{name}"
            );
        }
    }

    #[test]
    fn a_node_ships_only_what_it_makes_where_and_when_it_may() {
        let leases = leases();
        let node = Shipper {
            node_id: NODE,
            enrolled_at_ms: 50_000,
            leases: &leases,
            now_ms: NOW,
        };
        let response = Details::Response(ResponseDetails::default());
        let connected = Details::GateConnected(GateSocketEvent {
            socket_id: Uuid::nil(),
            replica_id: Uuid::nil(),
        });
        let api_key = Details::ApiKeyCreated(ApiKeyCreatedDetails {
            key_id: Some(Uuid::nil()),
            role: "admin".into(),
            by_key_id: None,
            bootstrap: false,
        });
        let gate_revoked = Details::GateRevoked(ByKey {
            by_key_id: Uuid::nil(),
        });
        let ended = Details::SiteLeaseEnded(lease_details(NODE, LEASE));
        let others_lease = Details::SiteLeaseEnded(lease_details(NODE, Uuid::from_u128(99)));
        let other_node = Details::SiteLeaseExtended(lease_details(Uuid::from_u128(8), LEASE));
        let conflict = |node_id| {
            Details::SiteConflict(SiteConflict {
                node_id,
                conflict: ConflictKind::RevokedAfterAdmission,
                admitted_at_ms: None,
                revoked_at_ms: None,
            })
        };
        let ours = conflict(NODE);
        let theirs = conflict(Uuid::from_u128(8));
        fn event(
            details: Option<&Details>,
            severity: Severity,
            at_ms: i64,
            gate_ours: Option<bool>,
            pass_ours: Option<bool>,
        ) -> ShippedEvent<'_> {
            ShippedEvent {
                kind: details.map(Details::kind),
                details,
                severity,
                at_ms,
                gate_ours,
                pass_ours,
            }
        }
        let (info, warning, high) = (Severity::Info, Severity::Warning, Severity::High);
        let cases: [(&str, ShippedEvent<'_>, Result<(), NodeFault>); 19] = [
            (
                "an answer in the held lease",
                event(Some(&response), info, 600_000, Some(true), Some(true)),
                Ok(()),
            ),
            (
                "a replay alarm in the held lease",
                event(Some(&response), high, 600_000, Some(true), Some(true)),
                Ok(()),
            ),
            (
                "an answer in an ended lease",
                event(Some(&response), info, 150_000, Some(true), Some(true)),
                Ok(()),
            ),
            (
                "an answer within the drift of an end",
                event(
                    Some(&response),
                    info,
                    200_000 + CLOCK_DRIFT_MS,
                    Some(true),
                    Some(true),
                ),
                Ok(()),
            ),
            (
                "an answer past the drift of an end",
                event(
                    Some(&response),
                    info,
                    200_001 + CLOCK_DRIFT_MS,
                    Some(true),
                    Some(true),
                ),
                Err(NodeFault::OutsideLease),
            ),
            (
                "an answer between leases",
                event(Some(&response), info, 300_000, Some(true), Some(true)),
                Err(NodeFault::OutsideLease),
            ),
            (
                "an answer from the future",
                event(
                    Some(&response),
                    info,
                    NOW + CLOCK_DRIFT_MS + 1,
                    Some(true),
                    Some(true),
                ),
                Err(NodeFault::OutsideLease),
            ),
            (
                "a gate connecting between leases",
                event(Some(&connected), info, 300_000, Some(true), None),
                Ok(()),
            ),
            (
                "a gate connecting before enrolment",
                event(Some(&connected), info, 10_000, Some(true), None),
                Err(NodeFault::OutsideLease),
            ),
            (
                "a gate connection at warning",
                event(Some(&connected), warning, 600_000, Some(true), None),
                Err(NodeFault::SeverityTooHigh),
            ),
            (
                "an API key",
                event(Some(&api_key), info, 600_000, None, None),
                Err(NodeFault::ForeignKind),
            ),
            (
                "a gate revocation",
                event(Some(&gate_revoked), info, 600_000, Some(true), None),
                Err(NodeFault::ForeignKind),
            ),
            (
                "an unknown kind",
                event(None, high, 600_000, None, Some(false)),
                Err(NodeFault::ForeignKind),
            ),
            (
                "another site's gate",
                event(Some(&response), info, 600_000, Some(false), Some(true)),
                Err(NodeFault::ForeignGate),
            ),
            (
                "another organisation's pass",
                event(Some(&response), info, 600_000, Some(true), Some(false)),
                Err(NodeFault::ForeignPass),
            ),
            (
                "its own lease handed back",
                event(Some(&ended), info, 900_000, None, None),
                Ok(()),
            ),
            (
                "a lease it never held",
                event(Some(&others_lease), info, 900_000, None, None),
                Err(NodeFault::ForeignLease),
            ),
            (
                "another node's extension",
                event(Some(&other_node), high, 900_000, None, None),
                Err(NodeFault::ForeignLease),
            ),
            (
                "another node's conflict",
                event(Some(&theirs), high, 600_000, None, Some(true)),
                Err(NodeFault::ForeignLease),
            ),
        ];
        for (name, shipped, expected) in cases {
            assert_eq!(judge_event(&node, &shipped), expected, "{name}");
        }
        assert_eq!(
            judge_event(&node, &event(Some(&ours), high, 600_000, None, Some(true))),
            Ok(())
        );
        let malformed = ShippedEvent {
            kind: Some(AuditKind::Response),
            details: None,
            ..event(Some(&response), info, 600_000, Some(true), Some(true))
        };
        assert_eq!(
            judge_event(&node, &malformed),
            Err(NodeFault::MalformedDetails)
        );
        let alone = Shipper {
            leases: &[],
            ..node
        };
        assert_eq!(
            judge_event(
                &alone,
                &event(Some(&response), info, 600_000, Some(true), Some(true))
            ),
            Err(NodeFault::OutsideLease),
            "a node that never held a lease decides nothing"
        );
    }

    #[test]
    fn an_admission_counts_only_for_the_sites_passes_inside_a_lease() {
        let leases = leases();
        let node = Shipper {
            node_id: NODE,
            enrolled_at_ms: 50_000,
            leases: &leases,
            now_ms: NOW,
        };
        let cases = [
            ("in the held lease", true, true, 600_000, Ok(())),
            ("in an ended lease", true, true, 150_000, Ok(())),
            (
                "after a reclaim",
                true,
                true,
                250_000,
                Err(NodeFault::OutsideLease),
            ),
            (
                "another site's gate",
                false,
                true,
                600_000,
                Err(NodeFault::ForeignGate),
            ),
            (
                "another site's pass",
                true,
                false,
                600_000,
                Err(NodeFault::ForeignPass),
            ),
        ];
        for (name, gate_ours, pass_ours, at, expected) in cases {
            assert_eq!(
                judge_admission(&node, gate_ours, pass_ours, at),
                expected,
                "{name}"
            );
        }
        assert_eq!(
            judge_admission(
                &Shipper {
                    leases: &[],
                    ..node
                },
                true,
                true,
                600_000
            ),
            Err(NodeFault::OutsideLease)
        );
    }
}

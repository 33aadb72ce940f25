//! The console's view of gate devices (`docs/console.md`): `GET /v1/gates` and
//! `GET /v1/gates/{id}`.
//!
//! "Online" is read from the database, not from this replica's memory, because a gate's
//! socket may be open on any replica: each open socket is a row that its replica refreshes
//! every [`crate::ws::PRESENCE_EVERY`], so a socket counts while its row was seen within
//! [`ONLINE_WITHIN_MS`] (a replica that died stops counting by itself). The activity
//! figures are computed from the gate's audit events of the last hour by [`activity`], a
//! plain function.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{parse_id, rfc3339, ApiCaller, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::events::Details;
use tessera_protocol::messages::{Outcome, WalkInReason};
use tessera_store::{AuditFilter, AuditRow, GateStatusRow};

/// A socket counts as open while its row was refreshed this recently.
pub const ONLINE_WITHIN_MS: i64 = 75_000;
/// The window of a gate's activity figures.
const WINDOW_MINUTES: i64 = 60;
/// The most events read for them (a gate at one scan a second writes about 7,200 an hour).
const MAX_ACTIVITY_EVENTS: usize = 50_000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/gates", get(list))
        .route("/v1/gates/{id}", get(show))
}

/// A gate device and whether it is connected now (`docs/console.md`).
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateView {
    id: Uuid,
    label: String,
    /// The site it belongs to, if any.
    site: Option<String>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC; set once the gate was revoked.
    #[schema(format = DateTime)]
    revoked_at: Option<String>,
    /// A socket of it is open on some replica.
    online: bool,
    /// Its open sockets, on all replicas.
    sockets: i64,
    /// RFC 3339, UTC: the last time one of its sockets was seen open.
    #[schema(format = DateTime)]
    last_seen: Option<String>,
}

impl GateView {
    pub(super) fn of(gate: &GateStatusRow) -> Self {
        GateView {
            id: gate.id,
            label: gate.label.clone(),
            site: gate.site.clone(),
            created_at: rfc3339(gate.created_at_ms),
            revoked_at: gate.revoked_at_ms.map(rfc3339),
            online: gate.sockets > 0,
            sockets: gate.sockets,
            last_seen: gate.last_seen_ms.map(rfc3339),
        }
    }
}

/// The organisation's gates.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateList {
    gates: Vec<GateView>,
}

/// A gate and its activity.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateDetail {
    #[serde(flatten)]
    gate: GateView,
    stats: GateActivity,
}

/// A gate's figures over the last [`WINDOW_MINUTES`].
#[derive(Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct GateActivity {
    /// The window, in minutes.
    window_minutes: i64,
    /// Scans per minute that had any, oldest first.
    scans_per_minute: Vec<MinuteScans>,
    /// Admissions, walk-ins approved included.
    admissions: u64,
    /// Of them, walk-ins approved by a host.
    walk_in_admissions: u64,
    /// Denials per reason (`stale_code`, `host_denied`, …).
    denials_by_reason: BTreeMap<String, u64>,
    /// Answers with an error code, and frames refused for the gate's rate.
    errors: u64,
}

/// Scans in one minute.
#[derive(Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MinuteScans {
    /// The minute's start, RFC 3339.
    #[schema(format = DateTime)]
    minute: String,
    /// Scans in it.
    scans: u64,
}

/// Lists the organisation's gates with their presence, newest first (auditor or admin;
/// `docs/console.md`).
#[utoipa::path(
    get,
    path = "/v1/gates",
    operation_id = "list_gates",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The gates, newest first", body = GateList),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<GateList>> {
    caller.require(&[Role::Auditor])?;
    let since = tessera_domain::now_ms() - ONLINE_WITHIN_MS;
    let gates = state
        .store
        .backend()
        .gate_statuses(caller.key.org_id, None, since)
        .await?;
    Ok(Json(GateList {
        gates: gates.iter().map(GateView::of).collect(),
    }))
}

/// A gate and its activity over the last 60 minutes (auditor or admin; `docs/console.md`).
#[utoipa::path(
    get,
    path = "/v1/gates/{id}",
    operation_id = "show_gate",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The gate id")),
    responses(
        (status = 200, description = "The gate and its activity (`stats`)", body = GateDetail),
        (status = 404, description = "No such gate in this organisation (or not a UUID)", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<GateDetail>> {
    caller.require(&[Role::Auditor])?;
    let id = parse_id(&id)?;
    let now = tessera_domain::now_ms();
    let Some(gate) = state
        .store
        .backend()
        .gate_statuses(caller.key.org_id, Some(id), now - ONLINE_WITHIN_MS)
        .await?
        .pop()
    else {
        return Err(Error::NotFound);
    };
    let window_start = now - WINDOW_MINUTES * 60_000;
    let mut events = super::audit_feed::audit_rows(
        &state.store,
        &AuditFilter {
            org_id: caller.key.org_id,
            gate_id: Some(id),
            since_ms: Some(window_start),
            ..AuditFilter::default()
        },
        MAX_ACTIVITY_EVENTS,
    )
    .await?;
    events.truncate(MAX_ACTIVITY_EVENTS);
    Ok(Json(GateDetail {
        gate: GateView::of(&gate),
        stats: activity(&events),
    }))
}

/// A gate's figures from its events: scans per minute (a scan is a challenge issued or a
/// scan decided at scan time, resends not counted twice), admissions (walk-ins approved
/// included, and also counted apart), denials by reason (a walk-in's `host_denied` or
/// `approval_timeout` among them), and errors (answers with an error code, and refused
/// frames). Events this server cannot read count for nothing.
pub fn activity(events: &[AuditRow]) -> GateActivity {
    let mut per_minute: BTreeMap<i64, u64> = BTreeMap::new();
    let mut stats = GateActivity {
        window_minutes: WINDOW_MINUTES,
        ..GateActivity::default()
    };
    let mut denials: BTreeMap<String, u64> = BTreeMap::new();
    let mut deny = |reason: &str| *denials.entry(reason.to_owned()).or_default() += 1;
    let (mut admissions, mut walk_ins, mut errors) = (0u64, 0u64, 0u64);
    for event in events {
        let minute = event.at_ms - event.at_ms.rem_euclid(60_000);
        match event.event.known() {
            Some(Details::ChallengeIssued(_)) => *per_minute.entry(minute).or_default() += 1,
            Some(Details::Scan(scan)) if !scan.resent => {
                *per_minute.entry(minute).or_default() += 1;
                if let Some(reason) = scan.reason {
                    deny(reason.as_str());
                }
                if scan.error.is_some() {
                    errors += 1;
                }
            }
            Some(Details::Response(response)) if !response.replayed => {
                if response.outcome == Some(Outcome::Admitted) {
                    admissions += 1;
                } else if let Some(reason) = response.reason {
                    deny(reason.as_str());
                }
                if response.error.is_some() {
                    errors += 1;
                }
            }
            Some(Details::RateLimited(limited)) => errors += limited.frames,
            // A host's approval is the walk-in admission at this gate (issue 16).
            Some(Details::WalkInApproved(_)) => {
                admissions += 1;
                walk_ins += 1;
            }
            Some(Details::WalkInDenied(_)) => deny("host_denied"),
            Some(Details::WalkInExpired(expired)) => deny(match expired.reason {
                WalkInReason::HostDenied => "host_denied",
                WalkInReason::ApprovalTimeout => "approval_timeout",
            }),
            _ => {}
        }
    }
    stats.scans_per_minute = per_minute
        .into_iter()
        .map(|(minute, scans)| MinuteScans {
            minute: rfc3339(minute),
            scans,
        })
        .collect();
    stats.denials_by_reason = denials;
    stats.admissions = admissions;
    stats.walk_in_admissions = walk_ins;
    stats.errors = errors;
    stats
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_domain::audit::Severity;
    use tessera_domain::events::{
        Aggregated, ChallengeIssued, RateLimited, Recorded, ResponseDetails, ScanDetails,
        WalkInDecided, WalkInExpired, WalkInRequested,
    };
    use tessera_protocol::messages::{DenyReason, ErrorCode};

    fn event(id: i64, at_ms: i64, details: Details) -> AuditRow {
        AuditRow {
            id,
            at_ms,
            org_id: None,
            severity: Severity::Info,
            gate_id: None,
            pass_id: None,
            event: Recorded::Known(details),
            actor: None,
            origin_node_id: None,
        }
    }

    fn scan(reason: Option<DenyReason>, resent: bool, error: Option<ErrorCode>) -> Details {
        Details::Scan(ScanDetails {
            reason,
            resent,
            error,
            ..ScanDetails::default()
        })
    }

    fn response(outcome: Outcome, reason: Option<DenyReason>, replayed: bool) -> Details {
        Details::Response(ResponseDetails {
            outcome: Some(outcome),
            reason,
            replayed,
            ..ResponseDetails::default()
        })
    }

    #[test]
    fn activity_counts_scans_per_minute_admissions_denials_and_errors() {
        let m0 = 1_800_000_000_000; // a minute's start
        let issued = || {
            Details::ChallengeIssued(ChallengeIssued {
                scan_id: Uuid::nil(),
                nonce_sha256: String::new(),
                counter: 1,
            })
        };
        let decided = |admission| WalkInDecided {
            walk_in: Default::default(),
            by_key_id: Uuid::nil(),
            admission,
        };
        let events = [
            event(1, m0 + 1, issued()),
            event(2, m0 + 2, response(Outcome::Admitted, None, false)),
            event(3, m0 + 3, scan(Some(DenyReason::StaleCode), false, None)),
            event(4, m0 + 4, scan(Some(DenyReason::StaleCode), true, None)),
            event(5, m0 + 60_001, issued()),
            event(
                6,
                m0 + 60_002,
                response(Outcome::Denied, Some(DenyReason::BadResponse), false),
            ),
            event(7, m0 + 60_003, response(Outcome::Admitted, None, true)),
            event(
                8,
                m0 + 60_004,
                scan(None, false, Some(ErrorCode::ScanIdReused)),
            ),
            event(
                9,
                m0 + 60_005,
                Details::RateLimited(RateLimited {
                    frames: 12,
                    window_start: String::new(),
                    window_s: 60,
                }),
            ),
            event(10, m0 + 60_006, Details::AuthFailure(Aggregated::default())),
            event(
                11,
                m0 + 60_007,
                Details::WalkInApproved(decided(Some(
                    tessera_domain::events::AdmissionKind::WalkIn,
                ))),
            ),
            event(
                12,
                m0 + 60_008,
                Details::WalkInRequested(WalkInRequested::default()),
            ),
            event(13, m0 + 60_009, Details::WalkInDenied(decided(None))),
            event(
                14,
                m0 + 60_010,
                Details::WalkInExpired(WalkInExpired {
                    walk_in: Default::default(),
                    reason: WalkInReason::ApprovalTimeout,
                }),
            ),
            AuditRow {
                event: Recorded::decode("a_newer_kind", r#"{"outcome":"admitted"}"#),
                ..event(15, m0 + 60_011, issued())
            },
        ];
        let stats = activity(&events);
        assert_eq!(stats.admissions, 2);
        assert_eq!(stats.walk_in_admissions, 1);
        assert_eq!(stats.errors, 13);
        let denials: Vec<(&str, u64)> = stats
            .denials_by_reason
            .iter()
            .map(|(reason, count)| (reason.as_str(), *count))
            .collect();
        assert_eq!(
            denials,
            [
                ("approval_timeout", 1),
                ("bad_response", 1),
                ("host_denied", 1),
                ("stale_code", 1)
            ]
        );
        assert_eq!(
            stats.scans_per_minute,
            [
                MinuteScans {
                    minute: rfc3339(m0),
                    scans: 2
                },
                MinuteScans {
                    minute: rfc3339(m0 + 60_000),
                    scans: 2
                },
            ]
        );
    }
}

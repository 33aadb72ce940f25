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
use serde_json::{json, Value};

use super::{parse_id, rfc3339, ApiCaller, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
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

fn gate_json(gate: &GateStatusRow) -> Value {
    json!({
        "id": gate.id,
        "label": gate.label,
        "created_at": rfc3339(gate.created_at_ms),
        "revoked_at": gate.revoked_at_ms.map(rfc3339),
        "online": gate.sockets > 0,
        "sockets": gate.sockets,
        "last_seen": gate.last_seen_ms.map(rfc3339),
    })
}

/// Lists the organisation's gates with their presence, newest first (auditor or admin).
/// A Gate is `{"id","label","created_at","revoked_at","online","sockets","last_seen"}`
/// (`docs/console.md`).
#[utoipa::path(
    get,
    path = "/v1/gates",
    operation_id = "list_gates",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "`{\"gates\":[Gate…]}`", body = Object),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn list(State(state): State<AppState>, caller: ApiCaller) -> Result<Json<Value>> {
    caller.require(&[Role::Auditor])?;
    let since = tessera_domain::now_ms() - ONLINE_WITHIN_MS;
    let gates = state
        .store
        .gate_statuses(caller.key.org_id, None, since)
        .await?;
    Ok(Json(json!({
        "gates": gates.iter().map(gate_json).collect::<Vec<_>>(),
    })))
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
        (status = 200, description = "A Gate plus `stats`", body = Object),
        (status = 404, description = "No such gate in this organisation (or not a UUID)", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    caller.require(&[Role::Auditor])?;
    let id = parse_id(&id)?;
    let now = tessera_domain::now_ms();
    let Some(gate) = state
        .store
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
    let mut body = gate_json(&gate);
    body["stats"] = activity(&events);
    Ok(Json(body))
}

/// A gate's figures from its events: scans per minute (a scan is a challenge issued or a
/// scan decided at scan time, resends not counted twice), admissions (walk-ins approved
/// included, and also counted apart), denials by reason (a walk-in's `host_denied` or
/// `approval_timeout` among them), and errors (answers with an error code, and refused
/// frames).
pub fn activity(events: &[AuditRow]) -> Value {
    let mut per_minute: BTreeMap<i64, u64> = BTreeMap::new();
    let mut denials: BTreeMap<String, u64> = BTreeMap::new();
    let (mut admissions, mut walk_ins, mut errors) = (0u64, 0u64, 0u64);
    for event in events {
        let details: Value = serde_json::from_str(&event.details).unwrap_or(Value::Null);
        let resent = details["resent"] == json!(true) || details["replayed"] == json!(true);
        let reason = details["reason"].as_str();
        let minute = event.at_ms - event.at_ms.rem_euclid(60_000);
        match event.kind.as_str() {
            "challenge_issued" => *per_minute.entry(minute).or_default() += 1,
            "scan" if !resent => {
                *per_minute.entry(minute).or_default() += 1;
                if let Some(reason) = reason {
                    *denials.entry(reason.to_owned()).or_default() += 1;
                }
                if details.get("error").is_some() {
                    errors += 1;
                }
            }
            "response" if !resent => {
                if details["outcome"] == json!("admitted") {
                    admissions += 1;
                } else if let Some(reason) = reason {
                    *denials.entry(reason.to_owned()).or_default() += 1;
                }
                if details.get("error").is_some() {
                    errors += 1;
                }
            }
            "rate_limited" => errors += details["frames"].as_u64().unwrap_or(1),
            // A host's approval is the walk-in admission at this gate (issue 16).
            "walk_in_approved" => {
                admissions += 1;
                walk_ins += 1;
            }
            "walk_in_denied" | "walk_in_expired" => {
                let reason = details["reason"].as_str().unwrap_or("host_denied");
                *denials.entry(reason.to_owned()).or_default() += 1;
            }
            _ => {}
        }
    }
    json!({
        "window_minutes": WINDOW_MINUTES,
        "scans_per_minute": per_minute
            .iter()
            .map(|(minute, scans)| json!({ "minute": rfc3339(*minute), "scans": scans }))
            .collect::<Vec<_>>(),
        "admissions": admissions,
        "walk_in_admissions": walk_ins,
        "denials_by_reason": denials,
        "errors": errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(id: i64, at_ms: i64, kind: &str, details: Value) -> AuditRow {
        AuditRow {
            id,
            at_ms,
            org_id: None,
            kind: kind.to_owned(),
            severity: "info".to_owned(),
            gate_id: None,
            pass_id: None,
            details: details.to_string(),
        }
    }

    #[test]
    fn activity_counts_scans_per_minute_admissions_denials_and_errors() {
        let m0 = 1_800_000_000_000; // a minute's start
        let events = [
            event(1, m0 + 1, "challenge_issued", json!({})),
            event(2, m0 + 2, "response", json!({ "outcome": "admitted" })),
            event(3, m0 + 3, "scan", json!({ "reason": "stale_code" })),
            event(
                4,
                m0 + 4,
                "scan",
                json!({ "resent": true, "reason": "stale_code" }),
            ),
            event(5, m0 + 60_001, "challenge_issued", json!({})),
            event(
                6,
                m0 + 60_002,
                "response",
                json!({ "outcome": "denied", "reason": "bad_response" }),
            ),
            event(
                7,
                m0 + 60_003,
                "response",
                json!({ "outcome": "admitted", "replayed": true }),
            ),
            event(8, m0 + 60_004, "scan", json!({ "error": "scan_id_reused" })),
            event(9, m0 + 60_005, "rate_limited", json!({ "frames": 12 })),
            event(10, m0 + 60_006, "gate_connected", json!({})),
            event(
                11,
                m0 + 60_007,
                "walk_in_approved",
                json!({ "admission": "walk_in" }),
            ),
            event(12, m0 + 60_008, "walk_in_requested", json!({})),
            event(13, m0 + 60_009, "walk_in_denied", json!({})),
            event(
                14,
                m0 + 60_010,
                "walk_in_expired",
                json!({ "reason": "approval_timeout" }),
            ),
        ];
        let stats = activity(&events);
        assert_eq!(stats["admissions"], json!(2));
        assert_eq!(stats["walk_in_admissions"], json!(1));
        assert_eq!(stats["errors"], json!(13));
        assert_eq!(
            stats["denials_by_reason"],
            json!({ "stale_code": 1, "bad_response": 1, "host_denied": 1, "approval_timeout": 1 })
        );
        assert_eq!(
            stats["scans_per_minute"],
            json!([
                { "minute": rfc3339(m0), "scans": 2 },
                { "minute": rfc3339(m0 + 60_000), "scans": 2 },
            ])
        );
    }
}

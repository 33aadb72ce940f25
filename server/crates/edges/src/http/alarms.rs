//! Alarms handled to the end (issue 32): `GET /v1/alarms` and the three changes a security
//! officer makes: acknowledge, assign, resolve.
//!
//! An alarm is a high-severity audit event; its id is that event's. Reading is for the
//! security, auditor and admin roles; changing is for security and admin. Two officers
//! changing one alarm at once get one winner: the other is answered 409
//! `already_acknowledged` (or `already_resolved`) with the winner's name in the message
//! ([`tessera_flows::alarms`]).

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::feed::AuditEvent;
use crate::state::AppState;
use tessera_domain::alarms::{AlarmAction, AlarmOutcome, AlarmState};
use tessera_domain::label::check_text;
use tessera_store::{AlarmFilter, AlarmRow};

/// Most alarms in one page.
const PAGE_LIMIT: i64 = 500;

/// Longest resolution note, in characters.
const MAX_NOTE_CHARS: usize = 2000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/alarms", get(list))
        .route("/v1/alarms/{id}", get(show))
        .route("/v1/alarms/{id}/acknowledge", post(acknowledge))
        .route("/v1/alarms/{id}/assign", post(assign))
        .route("/v1/alarms/{id}/resolve", post(resolve))
}

/// An alarm: the high-severity event that raised it, and what people did with it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct AlarmView {
    /// The alarm's id: its event's audit id.
    id: i64,
    /// What raised it: a denial reason (`foreign_nonce`, `code_replayed`,
    /// `challenge_burned`) or an event kind (`claim_conflict`, `watchlist_hit`, …).
    #[schema(example = "foreign_nonce")]
    alarm: String,
    /// Where it stands.
    state: AlarmState,
    /// Changes made so far; 0 for an alarm nobody touched.
    version: i64,
    /// Whom it is assigned to.
    assignee: Option<String>,
    /// Who acknowledged it (a person's name, or the key's label).
    acknowledged_by: Option<String>,
    /// When, RFC 3339.
    #[schema(format = DateTime)]
    acknowledged_at: Option<String>,
    /// Who resolved it.
    resolved_by: Option<String>,
    /// When, RFC 3339.
    #[schema(format = DateTime)]
    resolved_at: Option<String>,
    /// How it ended.
    outcome: Option<AlarmOutcome>,
    /// The resolver's note.
    note: Option<String>,
    /// The event that raised it, as `GET /v1/audit` shows it.
    event: AuditEvent,
}

impl AlarmView {
    fn of(row: &AlarmRow) -> Self {
        let handling = &row.handling;
        AlarmView {
            id: row.event.id,
            alarm: row.event.event.alarm_name(),
            state: handling.current(),
            version: handling.version,
            assignee: handling.assignee.clone(),
            acknowledged_by: handling.acknowledged_by.clone(),
            acknowledged_at: handling.acknowledged_at_ms.map(rfc3339),
            resolved_by: handling.resolved_by.clone(),
            resolved_at: handling.resolved_at_ms.map(rfc3339),
            outcome: handling.outcome,
            note: handling.note.clone(),
            event: AuditEvent::from_row(&row.event),
        }
    }
}

/// A page of alarms.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct AlarmList {
    /// Newest first.
    alarms: Vec<AlarmView>,
    /// Pass it as `cursor` for the next page; `null` on the last page.
    next_cursor: Option<String>,
}

/// The organisation's alarms, newest first (security, auditor, admin). Filters: `state`
/// (`open`, `acknowledged`, `resolved`), `limit` (1–500, default 100), `cursor`.
#[utoipa::path(
    get,
    path = "/v1/alarms",
    operation_id = "list_alarms",
    tag = "alarms",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("state" = Option<String>, Query, description = "Only alarms in this state"),
        ("limit" = Option<i64>, Query, description = "1–500, default 100"),
        ("cursor" = Option<String>, Query, description = "`next_cursor` of the previous page"),
    ),
    responses(
        (status = 200, description = "The alarms, newest first", body = AlarmList),
        (status = 400, description = "An unknown filter or value", body = ErrorBody),
        (status = 403, description = "An issuer or host key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<AlarmList>> {
    caller.require(&[Role::Auditor])?;
    if let Some(unknown) = query
        .keys()
        .find(|key| !["state", "limit", "cursor"].contains(&key.as_str()))
    {
        return Err(Error::BadRequest(format!(
            "unknown filter {unknown:?}; the filters are state, limit, cursor"
        )));
    }
    let wanted = match query.get("state") {
        None => None,
        Some(text) => Some(AlarmState::parse(text).ok_or_else(|| {
            Error::BadRequest("state must be open, acknowledged or resolved".into())
        })?),
    };
    let before_id = query
        .get("cursor")
        .map(|text| {
            text.parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| Error::BadRequest("cursor must be a next_cursor".into()))
        })
        .transpose()?;
    let limit = match query.get("limit") {
        None => 100,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=PAGE_LIMIT).contains(n))
            .ok_or_else(|| Error::BadRequest("limit must be 1–500".into()))?,
    };
    let rows = state
        .store
        .security()
        .alarms(&AlarmFilter {
            org_id: caller.key.org_id,
            state: wanted,
            before_id,
            limit,
        })
        .await?;
    let next_cursor = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|row| row.event.id.to_string()))
        .flatten();
    Ok(Json(AlarmList {
        alarms: rows.iter().map(AlarmView::of).collect(),
        next_cursor,
    }))
}

/// Parses an alarm id from the path; anything else names no alarm (404).
fn alarm_id(text: &str) -> Result<i64> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or(Error::NotFound)
}

/// One alarm (security, auditor, admin).
#[utoipa::path(
    get,
    path = "/v1/alarms/{id}",
    operation_id = "show_alarm",
    tag = "alarms",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = i64, Path, description = "The alarm id (its event's audit id)")),
    responses(
        (status = 200, description = "The alarm", body = AlarmView),
        (status = 403, description = "An issuer or host key", body = ErrorBody),
        (status = 404, description = "No such alarm in this organisation", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<AlarmView>> {
    caller.require(&[Role::Auditor])?;
    let id = alarm_id(&id)?;
    state
        .store
        .security()
        .alarm(caller.key.org_id, id)
        .await?
        .map(|row| Json(AlarmView::of(&row)))
        .ok_or(Error::NotFound)
}

/// Whom to give an alarm to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Assign {
    /// A name, 1–200 printable characters; `null` to unassign.
    #[schema(example = "Grace Hopper")]
    assignee: Option<String>,
}

/// How an alarm ended.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Resolve {
    /// `confirmed`, `false_alarm`, `duplicate` or `no_action`.
    outcome: AlarmOutcome,
    /// What happened, 1–2000 printable characters.
    #[serde(default)]
    #[schema(example = "Copied credential: the tablet at North gate B was re-paired.")]
    note: Option<String>,
}

/// Applies an action and answers the alarm as it now stands.
async fn change(
    state: &AppState,
    caller: &ApiCaller,
    id: &str,
    action: AlarmAction,
) -> Result<Json<AlarmView>> {
    caller.require(&[Role::Security])?;
    let id = alarm_id(id)?;
    let who = caller
        .person
        .as_ref()
        .map_or_else(|| caller.key.label.clone(), |person| person.name.clone());
    let row = tessera_flows::alarms::act(
        &state.store,
        caller.key.org_id,
        id,
        &action,
        &caller.actor(),
        &who,
    )
    .await?;
    Ok(Json(AlarmView::of(&row)))
}

/// Takes an alarm (security, admin; audited as `alarm_acknowledged`). An alarm nobody was
/// given becomes the acknowledger's.
#[utoipa::path(
    post,
    path = "/v1/alarms/{id}/acknowledge",
    operation_id = "acknowledge_alarm",
    tag = "alarms",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = i64, Path, description = "The alarm id")),
    responses(
        (status = 200, description = "Acknowledged", body = AlarmView),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such alarm in this organisation", body = ErrorBody),
        (status = 409, description = "`already_acknowledged` or `already_resolved`: someone was first; the message names them", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn acknowledge(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<AlarmView>> {
    change(&state, &caller, &id, AlarmAction::Acknowledge).await
}

/// Gives an alarm to someone, or to nobody (security, admin; audited as `alarm_assigned`).
#[utoipa::path(
    post,
    path = "/v1/alarms/{id}/assign",
    operation_id = "assign_alarm",
    tag = "alarms",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = i64, Path, description = "The alarm id")),
    request_body = Assign,
    responses(
        (status = 200, description = "Assigned", body = AlarmView),
        (status = 400, description = "Malformed body, or an assignee that is not 1–200 printable characters", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such alarm in this organisation", body = ErrorBody),
        (status = 409, description = "`already_resolved`", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn assign(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Assign>,
) -> Result<Json<AlarmView>> {
    caller.require(&[Role::Security])?;
    if let Some(name) = &body.assignee {
        check_text("assignee", name, tessera_domain::label::MAX_LABEL_CHARS)
            .map_err(|invalid| Error::BadRequest(invalid.to_string()))?;
    }
    let assignee = body.assignee.map(|name| name.trim().to_owned());
    change(&state, &caller, &id, AlarmAction::Assign(assignee)).await
}

/// Ends an alarm with an outcome and a note (security, admin; audited as
/// `alarm_resolved`). An open alarm is acknowledged on the way.
#[utoipa::path(
    post,
    path = "/v1/alarms/{id}/resolve",
    operation_id = "resolve_alarm",
    tag = "alarms",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = i64, Path, description = "The alarm id")),
    request_body = Resolve,
    responses(
        (status = 200, description = "Resolved", body = AlarmView),
        (status = 400, description = "Malformed body, an unknown outcome, or a note that is not 1–2000 printable characters", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such alarm in this organisation", body = ErrorBody),
        (status = 409, description = "`already_resolved`: someone was first; the message names them", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn resolve(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Resolve>,
) -> Result<Json<AlarmView>> {
    caller.require(&[Role::Security])?;
    if let Some(note) = &body.note {
        check_text("note", note, MAX_NOTE_CHARS)
            .map_err(|invalid| Error::BadRequest(invalid.to_string()))?;
    }
    let action = AlarmAction::Resolve {
        outcome: body.outcome,
        note: body.note.map(|note| note.trim().to_owned()),
    };
    change(&state, &caller, &id, action).await
}

//! Roll calls (issue 32, `docs/console.md` "Roll call"): an officer (security or admin;
//! never an auditor) starts one for the whole organisation, a site or a zone; marshals mark
//! people safe at assembly points with the web gate in muster mode (TSR1 scans over the
//! gate WebSocket, `crate::ws`, or names ticked by hand, here); the console follows the
//! counts, prints the list and exports it as CSV; ending one writes its report to the
//! audit log. The flow is `tessera_flows::roll_calls`.

use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{parse_id, rfc3339, ApiCaller, ApiJson, Peer, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::roll_calls::{
    Counts, MarkHow, PersonKind, Report, RollCallPerson, RollCallRow, Scope,
};
use tessera_store::MarkWritten;

/// Most roll calls listed.
const MAX_LISTED: i64 = 200;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/roll-calls", get(list).post(start))
        .route("/v1/roll-calls/{id}", get(show))
        .route("/v1/roll-calls/{id}/csv", get(csv_export))
        .route("/v1/roll-calls/{id}/marks", post(mark))
        .route("/v1/roll-calls/{id}/end", post(end))
        .route("/v1/gate/roll-calls", get(gate_list))
        .route("/v1/gate/roll-calls/{id}/marks", post(gate_mark))
}

/// A person on a roll call's list: a pass holder, or a walk-in a host approved today.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PersonView {
    /// `pass` or `walk_in` (a walk-in has no wallet, so is marked by hand only).
    kind: PersonKind,
    /// The pass (pass holders).
    #[serde(skip_serializing_if = "Option::is_none")]
    pass_id: Option<Uuid>,
    /// The walk-in (walk-ins).
    #[serde(skip_serializing_if = "Option::is_none")]
    walk_in_id: Option<Uuid>,
    /// The pass's label or the walk-in's name.
    label: String,
    /// Where they were last seen when the roll call started: a zone, or the gate that let
    /// them in.
    last_seen: String,
    /// Whether they are marked safe.
    safe: bool,
    /// RFC 3339.
    #[schema(format = DateTime)]
    marked_at: Option<String>,
    /// The marshal's gate, or the officer.
    marked_by: Option<String>,
    /// The muster point.
    marked_where: Option<String>,
    /// `scan` or `manual`.
    how: Option<MarkHow>,
}

impl PersonView {
    fn of(person: &RollCallPerson) -> Self {
        PersonView {
            kind: person.kind,
            pass_id: person.pass_id(),
            walk_in_id: person.walk_in_id(),
            label: person.label.clone(),
            last_seen: person.last_seen.clone(),
            safe: person.how.is_some(),
            marked_at: person.marked_at_ms.map(rfc3339),
            marked_by: person.marked_by.clone(),
            marked_where: person.marked_where.clone(),
            how: person.how,
        }
    }
}

/// A roll call with its list.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct RollCallView {
    id: Uuid,
    /// What it covers, in words ("All sites", "Site North", "Zone Lab").
    scope: String,
    site: Option<String>,
    zone_id: Option<Uuid>,
    /// RFC 3339.
    #[schema(format = DateTime)]
    started_at: String,
    started_by: String,
    /// RFC 3339; `null` while it is in progress.
    #[schema(format = DateTime)]
    ended_at: Option<String>,
    ended_by: Option<String>,
    /// Whether it is in progress.
    active: bool,
    /// Inside, safe, unaccounted.
    counts: Counts,
    /// Everyone on the list, by label; omitted in `GET /v1/roll-calls`.
    #[serde(skip_serializing_if = "Option::is_none")]
    people: Option<Vec<PersonView>>,
}

impl RollCallView {
    fn of(roll_call: &RollCallRow, counts: Counts, people: Option<&[RollCallPerson]>) -> Self {
        RollCallView {
            id: roll_call.id,
            scope: roll_call.scope.clone(),
            site: roll_call.site.clone(),
            zone_id: roll_call.zone_id,
            started_at: rfc3339(roll_call.started_at_ms),
            started_by: roll_call.started_by.clone(),
            ended_at: roll_call.ended_at_ms.map(rfc3339),
            ended_by: roll_call.ended_by.clone(),
            active: roll_call.active(),
            counts,
            people: people.map(|people| people.iter().map(PersonView::of).collect()),
        }
    }

    pub(super) fn with_people(roll_call: &RollCallRow, people: &[RollCallPerson]) -> Self {
        RollCallView::of(roll_call, Counts::of(people), Some(people))
    }
}

/// Roll calls, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct RollCallList {
    roll_calls: Vec<RollCallView>,
}

/// What a roll call covers: a site, a zone, or (neither) every site.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct StartBody {
    /// A site's gates (and the zones they lead into).
    #[serde(default)]
    #[schema(example = "north")]
    site: Option<String>,
    /// One zone.
    #[serde(default)]
    zone_id: Option<Uuid>,
}

/// A name ticked by hand: `pass_id` or `walk_in_id`, exactly one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct MarkBody {
    /// The client's id for this mark (a UUID it made): sent again after a lost answer or a
    /// reconnect, it marks nobody twice.
    mark_id: Uuid,
    /// A pass holder's pass.
    #[serde(default)]
    pass_id: Option<Uuid>,
    /// A walk-in.
    #[serde(default)]
    walk_in_id: Option<Uuid>,
}

impl MarkBody {
    /// Whom it marks.
    fn person(&self) -> Result<(PersonKind, Uuid)> {
        match (self.pass_id, self.walk_in_id) {
            (Some(id), None) => Ok((PersonKind::Pass, id)),
            (None, Some(id)) => Ok((PersonKind::WalkIn, id)),
            _ => Err(Error::BadRequest(
                "a mark names a pass_id or a walk_in_id, exactly one".into(),
            )),
        }
    }
}

/// What a mark did.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct MarkView {
    /// `marked` (now), `already_safe` (someone marked them before), `resent` (this mark id
    /// was written before).
    result: &'static str,
    person: PersonView,
}

/// A roll call's end: its report (as written to the audit log).
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct EndView {
    report: Report,
}

/// `?limit=`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ListQuery {
    #[serde(default)]
    limit: Option<i64>,
}

fn who(caller: &ApiCaller) -> String {
    caller
        .person
        .as_ref()
        .map_or_else(|| caller.key.label.clone(), |person| person.name.clone())
}

async fn roll_call(state: &AppState, org_id: Uuid, id: &str) -> Result<RollCallRow> {
    let id = parse_id(id)?;
    state
        .store
        .roll_calls()
        .roll_call(org_id, id)
        .await?
        .ok_or(Error::NotFound)
}

/// Starts a roll call (security, admin): its list is everyone inside now. Audited as
/// `roll_call_started`, a high-severity event (an alarm).
#[utoipa::path(
    post,
    path = "/v1/roll-calls",
    operation_id = "start_roll_call",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    request_body = StartBody,
    responses(
        (status = 201, description = "Started, with its list", body = RollCallView),
        (status = 400, description = "Malformed body, or both a site and a zone", body = ErrorBody),
        (status = 403, description = "Not a security or admin key (an auditor cannot start a roll call)", body = ErrorBody),
        (status = 404, description = "No such zone", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn start(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<StartBody>,
) -> Result<(StatusCode, Json<RollCallView>)> {
    caller.require(&[Role::Security])?;
    let org_id = caller.key.org_id;
    let scope = match (body.site, body.zone_id) {
        (Some(_), Some(_)) => {
            return Err(Error::BadRequest(
                "a roll call covers a site or a zone, not both".into(),
            ))
        }
        (Some(site), None) => {
            let site = site.trim().to_owned();
            tessera_domain::label::check_text(
                "site",
                &site,
                tessera_domain::label::MAX_LABEL_CHARS,
            )
            .map_err(|invalid| Error::BadRequest(invalid.to_string()))?;
            Scope::Site(site)
        }
        (None, Some(zone_id)) => {
            let zones = state.store.zones().zones(org_id).await?;
            let (zone, _) = zones
                .into_iter()
                .find(|(zone, _)| zone.id == zone_id)
                .ok_or(Error::NotFound)?;
            Scope::Zone {
                id: zone.id,
                name: zone.name,
            }
        }
        (None, None) => Scope::Everywhere,
    };
    let (roll_call, _) = tessera_flows::roll_calls::start(
        &state.store,
        org_id,
        &scope,
        &caller.actor(),
        &who(&caller),
    )
    .await?;
    let people = state
        .store
        .roll_calls()
        .roll_call_people(roll_call.id)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(RollCallView::with_people(&roll_call, &people)),
    ))
}

/// The organisation's roll calls, newest first, with their counts (security, admin).
#[utoipa::path(
    get,
    path = "/v1/roll-calls",
    operation_id = "list_roll_calls",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("limit" = Option<i64>, Query, minimum = 1, maximum = 200, description = "At most this many (default 50)")),
    responses(
        (status = 200, description = "Roll calls, newest first, without their lists", body = RollCallList),
        (status = 400, description = "An unknown or malformed parameter", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<RollCallList>> {
    caller.require(&[Role::Security])?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let limit = query.limit.unwrap_or(50);
    if !(1..=MAX_LISTED).contains(&limit) {
        return Err(Error::BadRequest(format!("limit must be 1–{MAX_LISTED}")));
    }
    let rows = state
        .store
        .roll_calls()
        .roll_calls(caller.key.org_id, limit)
        .await?;
    Ok(Json(RollCallList {
        roll_calls: rows
            .iter()
            .map(|(roll_call, inside, safe)| {
                let inside = u64::try_from(*inside).unwrap_or(0);
                let safe = u64::try_from(*safe).unwrap_or(0);
                let counts = Counts {
                    inside,
                    safe,
                    unaccounted: inside.saturating_sub(safe),
                    ..Counts::default()
                };
                RollCallView::of(roll_call, counts, None)
            })
            .collect(),
    }))
}

/// One roll call with everyone on its list, read from the primary, so a console following
/// it sees each mark as soon as it is written (security, admin).
#[utoipa::path(
    get,
    path = "/v1/roll-calls/{id}",
    operation_id = "show_roll_call",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The roll call id")),
    responses(
        (status = 200, description = "The roll call and its list", body = RollCallView),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such roll call", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<RollCallView>> {
    caller.require(&[Role::Security])?;
    let roll_call = roll_call(&state, caller.key.org_id, &id).await?;
    let people = state
        .store
        .roll_calls()
        .roll_call_people(roll_call.id)
        .await?;
    Ok(Json(RollCallView::with_people(&roll_call, &people)))
}

/// The roll call's list as CSV:
/// `name,status,last_seen,marked_at,marked_by,marked_where,how,pass_id,walk_in_id`
/// (security, admin).
#[utoipa::path(
    get,
    path = "/v1/roll-calls/{id}/csv",
    operation_id = "export_roll_call",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The roll call id")),
    responses(
        (status = 200, description = "One line per person, unaccounted first", content_type = "text/csv", body = String),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such roll call", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn csv_export(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Response> {
    caller.require(&[Role::Security])?;
    let roll_call = roll_call(&state, caller.key.org_id, &id).await?;
    let mut people = state
        .store
        .roll_calls()
        .roll_call_people(roll_call.id)
        .await?;
    // The unaccounted first: they are whom the list is printed for.
    people.sort_by_key(|person| person.how.is_some());
    let body = csv_of(&people).map_err(|_| Error::Internal("write the roll call's CSV"))?;
    let filename = format!(
        "roll-call-{}.csv",
        rfc3339(roll_call.started_at_ms).replace(':', "")
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{filename}\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// The list as CSV. A cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab,
/// carriage return first) is prefixed with `'` (OWASP's CSV injection advice): a label is
/// typed by whoever issued the pass.
fn csv_of(people: &[RollCallPerson]) -> std::result::Result<Vec<u8>, csv::Error> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record([
        "name",
        "status",
        "last_seen",
        "marked_at",
        "marked_by",
        "marked_where",
        "how",
        "pass_id",
        "walk_in_id",
    ])?;
    for person in people {
        let id = |id: Option<Uuid>| id.map(|id| id.to_string()).unwrap_or_default();
        let safe = |text: &str| {
            if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
                format!("'{text}")
            } else {
                text.to_owned()
            }
        };
        out.write_record([
            safe(&person.label),
            if person.how.is_some() {
                "safe"
            } else {
                "unaccounted"
            }
            .to_owned(),
            safe(&person.last_seen),
            person.marked_at_ms.map(rfc3339).unwrap_or_default(),
            safe(person.marked_by.as_deref().unwrap_or_default()),
            safe(person.marked_where.as_deref().unwrap_or_default()),
            person
                .how
                .map(|how| how.as_str().to_owned())
                .unwrap_or_default(),
            id(person.pass_id()),
            id(person.walk_in_id()),
        ])?;
    }
    out.into_inner().map_err(|error| error.into_error().into())
}

fn mark_answer(written: MarkWritten) -> Result<(StatusCode, Json<MarkView>)> {
    let (status, result, person) = match written {
        MarkWritten::Marked(person) => (StatusCode::CREATED, "marked", person),
        MarkWritten::AlreadyMarked(person) => (StatusCode::OK, "already_safe", person),
        MarkWritten::Resent(person) => (StatusCode::OK, "resent", person),
        MarkWritten::MarkIdReused => {
            return Err(Error::Conflict(
                "mark_id_reused",
                "this mark_id was used for another person".into(),
            ))
        }
        MarkWritten::NotListed => {
            return Err(Error::Conflict(
                "not_on_roll_call",
                "this person is not on the roll call's list".into(),
            ))
        }
        MarkWritten::Ended => {
            return Err(Error::Conflict(
                "roll_call_ended",
                "the roll call has ended".into(),
            ))
        }
        MarkWritten::ChallengeClosed => {
            return Err(Error::Internal("a manual mark met a muster challenge"))
        }
    };
    Ok((
        status,
        Json(MarkView {
            result,
            person: PersonView::of(&person),
        }),
    ))
}

/// Ticks a person safe by hand in the console (security, admin; audited as
/// `roll_call_marked` with `how: manual`).
#[utoipa::path(
    post,
    path = "/v1/roll-calls/{id}/marks",
    operation_id = "mark_roll_call",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The roll call id")),
    request_body = MarkBody,
    responses(
        (status = 201, description = "Marked safe now", body = MarkView),
        (status = 200, description = "Marked before: by someone else (`already_safe`), or under this mark id (`resent`)", body = MarkView),
        (status = 400, description = "Malformed body, or not exactly one of `pass_id` and `walk_in_id`", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such roll call", body = ErrorBody),
        (status = 409, description = "`roll_call_ended`, `not_on_roll_call`, or `mark_id_reused`", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry with the same mark_id", body = ErrorBody),
    )
)]
pub(super) async fn mark(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MarkBody>,
) -> Result<(StatusCode, Json<MarkView>)> {
    caller.require(&[Role::Security])?;
    let id = parse_id(&id)?;
    let (kind, person) = body.person()?;
    let who = who(&caller);
    let actor = caller.actor();
    let written = tessera_flows::roll_calls::mark_by_hand(
        &state.store,
        caller.key.org_id,
        &tessera_flows::roll_calls::ManualMark {
            roll_call_id: id,
            kind,
            id: person,
            mark_id: body.mark_id,
            by: &who,
            marked_where: "Console",
            gate_id: None,
            actor: Some(&actor),
        },
    )
    .await?;
    mark_answer(written)
}

/// Ends a roll call (security, admin): its report (counts, duration, the passes never
/// marked safe) is written to the audit log as `roll_call_ended`.
#[utoipa::path(
    post,
    path = "/v1/roll-calls/{id}/end",
    operation_id = "end_roll_call",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The roll call id")),
    responses(
        (status = 200, description = "Ended; its report", body = EndView),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such roll call", body = ErrorBody),
        (status = 409, description = "`roll_call_ended`: it had ended already", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn end(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<EndView>> {
    caller.require(&[Role::Security])?;
    let id = parse_id(&id)?;
    match tessera_flows::roll_calls::end(
        &state.store,
        caller.key.org_id,
        id,
        &caller.actor(),
        &who(&caller),
    )
    .await?
    {
        Some(report) => Ok(Json(EndView { report })),
        None => Err(Error::Conflict(
            "roll_call_ended",
            "the roll call had ended already".into(),
        )),
    }
}

/// The roll calls in progress that a gate serves as a muster point, with their lists: the
/// marshal's tablet ticks names from it, and keeps it for when the network is gone.
#[utoipa::path(
    get,
    path = "/v1/gate/roll-calls",
    operation_id = "gate_roll_calls",
    tag = "security",
    security(("gate_token" = []), ("gate_cookie" = [])),
    responses(
        (status = 200, description = "Roll calls in progress for this gate's site, newest first", body = RollCallList),
        (status = 401, description = "No gate credential, or an unknown one", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn gate_list(
    State(state): State<AppState>,
    peer: Peer,
    headers: HeaderMap,
) -> Result<Json<RollCallList>> {
    let gate = super::walk_ins::calling_gate(&state, peer, &headers).await?;
    let mut roll_calls = Vec::new();
    for roll_call in tessera_flows::roll_calls::served_by(&state.store, &gate).await? {
        let people = state
            .store
            .roll_calls()
            .roll_call_people(roll_call.id)
            .await?;
        roll_calls.push(RollCallView::with_people(&roll_call, &people));
    }
    Ok(Json(RollCallList { roll_calls }))
}

/// A marshal ticks a person safe by hand on the gate (audited as `roll_call_marked` with
/// `how: manual` and the gate). A tablet that was offline sends its marks when it
/// reconnects, each under its mark id: exactly once.
#[utoipa::path(
    post,
    path = "/v1/gate/roll-calls/{id}/marks",
    operation_id = "gate_mark_roll_call",
    tag = "security",
    security(("gate_token" = []), ("gate_cookie" = [])),
    params(("id" = String, Path, format = Uuid, description = "The roll call id")),
    request_body = MarkBody,
    responses(
        (status = 201, description = "Marked safe now", body = MarkView),
        (status = 200, description = "Marked before: by someone else (`already_safe`), or under this mark id (`resent`)", body = MarkView),
        (status = 400, description = "Malformed body, or not exactly one of `pass_id` and `walk_in_id`", body = ErrorBody),
        (status = 401, description = "No gate credential, or an unknown one", body = ErrorBody),
        (status = 404, description = "No such roll call", body = ErrorBody),
        (status = 409, description = "`roll_call_ended`, `not_on_roll_call`, or `mark_id_reused`", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry with the same mark_id", body = ErrorBody),
    )
)]
pub(super) async fn gate_mark(
    State(state): State<AppState>,
    peer: Peer,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MarkBody>,
) -> Result<(StatusCode, Json<MarkView>)> {
    let gate = super::walk_ins::calling_gate(&state, peer, &headers).await?;
    let id = parse_id(&id)?;
    let (kind, person) = body.person()?;
    let point = tessera_flows::roll_calls::muster_point(&gate);
    let written = tessera_flows::roll_calls::mark_by_hand(
        &state.store,
        gate.org_id,
        &tessera_flows::roll_calls::ManualMark {
            roll_call_id: id,
            kind,
            id: person,
            mark_id: body.mark_id,
            by: &gate.label,
            marked_where: &point,
            gate_id: Some(gate.id),
            actor: None,
        },
    )
    .await?;
    mark_answer(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csv_defuses_formulas_and_quotes_commas() {
        let person = |label: &str, how: Option<MarkHow>| RollCallPerson {
            kind: if how.is_some() {
                PersonKind::Pass
            } else {
                PersonKind::WalkIn
            },
            id: Uuid::nil(),
            label: label.into(),
            last_seen: "Lobby, east".into(),
            marked_at_ms: None,
            marked_by: None,
            marked_where: None,
            how,
        };
        let csv = csv_of(&[
            person("=HYPERLINK(\"x\")", None),
            person("Ada", Some(MarkHow::Scan)),
        ])
        .expect("written");
        let text = String::from_utf8(csv).expect("UTF-8");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "name,status,last_seen,marked_at,marked_by,marked_where,how,pass_id,walk_in_id"
        );
        assert!(
            lines[1].starts_with("\"'=HYPERLINK(\"\"x\"\")\",unaccounted,\"Lobby, east\""),
            "{}",
            lines[1]
        );
        assert!(
            lines[1].ends_with(",,00000000-0000-0000-0000-000000000000"),
            "a walk-in's id is in the last column: {}",
            lines[1]
        );
        assert_eq!(
            lines[2],
            "Ada,safe,\"Lobby, east\",,,,scan,00000000-0000-0000-0000-000000000000,"
        );
    }
}

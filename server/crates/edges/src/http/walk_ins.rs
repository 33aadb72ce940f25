//! Hosts and walk-ins over REST (issue 16, `docs/protocol.md` "Hosts, walk-ins, re-binding
//! and transfer"): the host directory a guard picks from, and the host's side of a walk-in
//! (the list, the live stream, approve and deny). The gate's side is its WebSocket
//! (`crate::ws`); the flow is `tessera_flows::walk_ins`.

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tessera_protocol::messages::WalkInState;
use utoipa::ToSchema;
use uuid::Uuid;

use super::pages::{form_page, html_escape, page};
use super::{bearer_token, cookie_credential, parse_id, rfc3339, ApiCaller, Peer, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_store::{GateRow, HostRow, WalkInView};

/// Hosts a directory query answers at most.
const DIRECTORY_LIMIT: i64 = 20;
/// Walk-ins a list answers at most.
const LIST_LIMIT: i64 = 100;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/hosts", get(hosts))
        .route("/v1/gate/hosts", get(gate_hosts))
        .route("/v1/walk-ins", get(list))
        .route("/v1/walk-ins/stream", get(stream))
        .route("/v1/walk-ins/{id}/approve", post(approve))
        .route("/v1/walk-ins/{id}/deny", post(deny))
        .route(
            "/v1/walk-ins/{id}/answer",
            get(answer_page).post(answer_by_link),
        )
}

/// A host's one-click answer link, mailed or pushed to them (`tessera_flows::mail`): the
/// walk-in's organisation, the answer, the server key and the signature.
#[derive(Debug, Deserialize, utoipa::IntoParams, ToSchema)]
#[into_params(parameter_in = Query)]
pub(super) struct AnswerLink {
    /// The walk-in's organisation.
    o: Uuid,
    /// `approve` or `deny`.
    d: String,
    /// The server key that signed it.
    k: String,
    /// The signature (HMAC of the walk-in and the answer), base64url.
    t: String,
}

impl AnswerLink {
    /// The answer it asks for, if its signature holds for `walk_in_id`.
    fn verified(&self, state: &AppState, walk_in_id: Uuid) -> Option<WalkInState> {
        let wanted = match self.d.as_str() {
            "approve" => WalkInState::Approved,
            "deny" => WalkInState::Denied,
            _ => return None,
        };
        let server = state.keys.get(&self.k).ok()?;
        tessera_flows::credentials::answer_token_matches(server, walk_in_id, &self.d, &self.t)
            .then_some(wanted)
    }
}

/// What a closed request's page says.
fn closed_words(view: &WalkInView, now: i64) -> String {
    let walk_in = &view.walk_in;
    let at = walk_in
        .decided_at_ms
        .map(|ms| format!(" at {} UTC", clock_utc(ms)))
        .unwrap_or_default();
    match tessera_domain::visits::walk_in_state(walk_in, now) {
        WalkInState::Approved => format!("{} was let in{at}.", walk_in.visitor_name),
        WalkInState::Denied => format!("{} was turned away{at}.", walk_in.visitor_name),
        WalkInState::Expired => format!(
            "The request of {} expired: nobody answered in time.",
            walk_in.visitor_name
        ),
        WalkInState::Waiting => format!("{} is waiting.", walk_in.visitor_name),
    }
}

fn clock_utc(ms: i64) -> String {
    let format = time::macros::format_description!("[hour]:[minute]");
    tessera_domain::ms_to_datetime(ms)
        .format(&format)
        .unwrap_or_default()
}

/// The page of a link that is not one: tampered, for another request, or unknown.
fn bad_link(state: &AppState, source: std::net::IpAddr) -> Response {
    super::auth_failed(state, source, "walk_in_link", true);
    page(
        StatusCode::FORBIDDEN,
        "Link not valid",
        "<h1>This link is not valid</h1><p role=\"alert\" id=\"answer-problem\">It was changed, \
         or it is not for this request. Answer from the host page instead.</p>",
    )
}

/// The walk-in a link names, with the answer it asks for, once its signature holds; else the
/// page to answer with.
async fn linked_walk_in(
    state: &AppState,
    source: std::net::IpAddr,
    id: &str,
    link: &AnswerLink,
) -> std::result::Result<(Uuid, WalkInState, WalkInView), Response> {
    let Ok(id) = parse_id(id) else {
        return Err(bad_link(state, source));
    };
    let Some(wanted) = link.verified(state, id) else {
        return Err(bad_link(state, source));
    };
    match state.store.walk_ins().walk_in(link.o, id).await {
        Ok(Some(view)) => Ok((id, wanted, view)),
        Ok(None) => Err(bad_link(state, source)),
        Err(error) => Err(Error::from(error).into_response()),
    }
}

/// The page of a link cut short (a field missing or malformed).
fn incomplete_link() -> Response {
    page(
        StatusCode::BAD_REQUEST,
        "Link not complete",
        "<h1>This link is not complete</h1><p role=\"alert\" id=\"answer-problem\">Open the \
         whole link from the message, or answer from the host page.</p>",
    )
}

/// The page of a request answered before: what happened.
fn answered_page(status: StatusCode, view: &WalkInView, now: i64) -> Response {
    page(
        status,
        "Already answered",
        &format!(
            "<h1>Already answered</h1><p id=\"answer-outcome\">{}</p>",
            html_escape(&closed_words(view, now))
        ),
    )
}

#[utoipa::path(
    get,
    path = "/v1/walk-ins/{id}/answer",
    operation_id = "walk_in_answer_page",
    tag = "hosts",
    params(("id" = String, Path, format = Uuid, description = "The walk-in id"), AnswerLink),
    responses(
        (status = 200, description = "A page: the request and one button that sends the answer, or what already happened", content_type = "text/html", body = String),
        (status = 400, description = "A page: a field of the link is missing or malformed", content_type = "text/html", body = String),
        (status = 403, description = "A page: the link's signature does not hold", content_type = "text/html", body = String),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
/// Opens a mailed answer link: the request and one button that sends the answer (a link
/// checker that follows links in mail answers nothing by fetching it), or what already
/// happened.
pub(super) async fn answer_page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    link: std::result::Result<Query<AnswerLink>, axum::extract::rejection::QueryRejection>,
    Peer(peer): Peer,
    headers: HeaderMap,
) -> Response {
    let Ok(Query(link)) = link else {
        return incomplete_link();
    };
    let source = state.sources.source(&headers, peer);
    let (_, wanted, view) = match linked_walk_in(&state, source, &id, &link).await {
        Ok(found) => found,
        Err(refused) => return refused,
    };
    let now = tessera_domain::now_ms();
    let e = html_escape;
    if tessera_domain::visits::walk_in_state(&view.walk_in, now) != WalkInState::Waiting {
        return answered_page(StatusCode::OK, &view, now);
    }
    let (verb, class) = match wanted {
        WalkInState::Approved => ("Approve", ""),
        _ => ("Deny", " class=\"deny\""),
    };
    let note = view
        .walk_in
        .note
        .as_deref()
        .map(|note| format!("<p>The guard's note: {}</p>", e(note)))
        .unwrap_or_default();
    form_page(
        StatusCode::OK,
        &format!("{verb} {}", view.walk_in.visitor_name),
        &format!(
            "<h1>{visitor} is waiting at {gate}</h1>{note}\
             <form method=\"post\"><input type=\"hidden\" name=\"o\" value=\"{o}\">\
             <input type=\"hidden\" name=\"d\" value=\"{d}\"><input type=\"hidden\" name=\"k\" value=\"{k}\">\
             <input type=\"hidden\" name=\"t\" value=\"{t}\">\
             <button type=\"submit\" id=\"answer-submit\"{class}>{verb} {visitor}</button></form>",
            visitor = e(&view.walk_in.visitor_name),
            gate = e(&view.gate_label),
            o = link.o,
            d = e(&link.d),
            k = e(&link.k),
            t = e(&link.t),
        ),
    )
}

#[utoipa::path(
    post,
    path = "/v1/walk-ins/{id}/answer",
    operation_id = "walk_in_answer",
    tag = "hosts",
    params(("id" = String, Path, format = Uuid, description = "The walk-in id")),
    request_body(content = AnswerLink, content_type = "application/x-www-form-urlencoded", description = "The link's query, as form fields"),
    responses(
        (status = 200, description = "A page: the answer was recorded (or was this one already)", content_type = "text/html", body = String),
        (status = 400, description = "A page: a field of the form is missing or malformed", content_type = "text/html", body = String),
        (status = 403, description = "A page: the link's signature does not hold, or its host was revoked", content_type = "text/html", body = String),
        (status = 409, description = "A page: the request was answered otherwise, or expired", content_type = "text/html", body = String),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
/// Sends a mailed answer: the first answer, from any channel or replica, settles the
/// request; this one, or a later one, shows what happened.
pub(super) async fn answer_by_link(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Peer(peer): Peer,
    headers: HeaderMap,
    link: std::result::Result<axum::Form<AnswerLink>, axum::extract::rejection::FormRejection>,
) -> Response {
    let Ok(axum::Form(link)) = link else {
        return incomplete_link();
    };
    let source = state.sources.source(&headers, peer);
    let (id, wanted, view) = match linked_walk_in(&state, source, &id, &link).await {
        Ok(found) => found,
        Err(refused) => return refused,
    };
    let now = tessera_domain::now_ms();
    let first = tessera_domain::visits::walk_in_state(&view.walk_in, now) == WalkInState::Waiting;
    let by = tessera_domain::audit::Actor {
        key_id: view.walk_in.host_id,
        person: None,
    };
    let decided = tessera_flows::walk_ins::decide(
        &state.store,
        link.o,
        Some(view.walk_in.host_id),
        &by,
        id,
        wanted,
    )
    .await;
    let now = tessera_domain::now_ms();
    let e = html_escape;
    match decided {
        Ok(view) if first => {
            let done = match wanted {
                WalkInState::Approved => format!(
                    "Approved: {} is let in at {}.",
                    view.walk_in.visitor_name, view.gate_label
                ),
                _ => format!("Denied: {} is turned away.", view.walk_in.visitor_name),
            };
            page(
                StatusCode::OK,
                "Answered",
                &format!(
                    "<h1>Thank you</h1><p id=\"answer-outcome\">{}</p>",
                    e(&done)
                ),
            )
        }
        Ok(view) => answered_page(StatusCode::OK, &view, now),
        Err(tessera_flows::Error::Refused(tessera_domain::Refusal::HostRevoked)) => {
            // A former host's link, kept after their revocation: told to the organisation's
            // auditors as a refused credential.
            state.sources.failed(
                source,
                crate::abuse::Aggregates::AuthFailure,
                Some(link.o),
                "walk_in_link",
                "host_revoked",
            );
            page(
                StatusCode::FORBIDDEN,
                "Link no longer valid",
                "<h1>This link no longer works</h1><p role=\"alert\" id=\"answer-problem\">The \
                 host it was sent to no longer has access. Ask the venue's staff instead.</p>",
            )
        }
        Err(tessera_flows::Error::Refused(_)) => {
            match state.store.walk_ins().walk_in(link.o, id).await {
                Ok(Some(view)) => answered_page(StatusCode::CONFLICT, &view, now),
                _ => bad_link(&state, source),
            }
        }
        Err(error) => Error::from(error).into_response(),
    }
}

/// A host as the directory lists it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct HostEntry {
    host_id: Uuid,
    /// The display name, e.g. "R. Iyer, Flat 12B".
    label: String,
    /// The unit, flat or office.
    unit: Option<String>,
}

/// Hosts matching a query, by label.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct HostList {
    hosts: Vec<HostEntry>,
}

/// Query of the host directory.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DirectoryQuery {
    #[serde(default)]
    q: String,
}

/// A walk-in request as hosts and admins read it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WalkInJson {
    walk_in_id: Uuid,
    /// The gate's id for the request.
    request_id: Uuid,
    gate_id: Uuid,
    gate_label: String,
    visitor_name: String,
    note: Option<String>,
    host: WalkInHost,
    /// `waiting`, `approved`, `denied` or `expired`.
    #[schema(example = "waiting")]
    state: &'static str,
    /// `host_denied` or `approval_timeout` on a closed request that admitted nobody.
    reason: Option<&'static str>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC: when the approval timeout ends.
    #[schema(format = DateTime)]
    expires_at: String,
    /// RFC 3339, UTC; `null` while waiting.
    #[schema(format = DateTime)]
    decided_at: Option<String>,
}

/// The host a walk-in asks.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WalkInHost {
    id: Uuid,
    label: String,
    unit: Option<String>,
}

/// Walk-in requests, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WalkInList {
    walk_ins: Vec<WalkInJson>,
}

/// Query of `GET /v1/walk-ins`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ListQuery {
    state: Option<String>,
}

fn walk_in_json(view: &WalkInView, now: i64) -> WalkInJson {
    let status = tessera_flows::walk_ins::status(view, now, false);
    let walk_in = &view.walk_in;
    WalkInJson {
        walk_in_id: walk_in.id,
        request_id: walk_in.request_id,
        gate_id: walk_in.gate_id,
        gate_label: view.gate_label.clone(),
        visitor_name: walk_in.visitor_name.clone(),
        note: walk_in.note.clone(),
        host: WalkInHost {
            id: walk_in.host_id,
            label: view.host_label.clone(),
            unit: view.host_unit.clone(),
        },
        state: status.state.as_str(),
        reason: status.reason.map(|reason| match reason {
            tessera_protocol::messages::WalkInReason::HostDenied => "host_denied",
            tessera_protocol::messages::WalkInReason::ApprovalTimeout => "approval_timeout",
        }),
        created_at: rfc3339(walk_in.created_at_ms),
        expires_at: rfc3339(walk_in.expires_at_ms),
        decided_at: status
            .decided_at
            .map(|at| rfc3339(tessera_domain::datetime_to_ms(at))),
    }
}

/// The `LIKE` pattern for a directory query: lower case, its wildcards escaped.
fn directory_pattern(query: &str) -> Result<String> {
    let query = query.trim();
    if query.chars().count() > 200 || query.chars().any(char::is_control) {
        return Err(Error::BadRequest(
            "q must be at most 200 printable characters".into(),
        ));
    }
    let mut pattern = String::from("%");
    for ch in query.to_lowercase().chars() {
        if matches!(ch, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(ch);
    }
    pattern.push('%');
    Ok(pattern)
}

fn host_list(hosts: Vec<HostRow>) -> HostList {
    HostList {
        hosts: hosts
            .into_iter()
            .map(|host| HostEntry {
                host_id: host.id,
                label: host.label,
                unit: host.unit,
            })
            .collect(),
    }
}

/// The organisation's hosts whose label or unit contains `q` (admin, issuer, auditor).
#[utoipa::path(
    get,
    path = "/v1/hosts",
    operation_id = "list_hosts",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    params(("q" = Option<String>, Query, max_length = 200, description = "Part of a label or unit, any case")),
    responses(
        (status = 200, description = "Up to 20 hosts, by label", body = HostList),
        (status = 400, description = "An unknown or malformed parameter", body = ErrorBody),
        (status = 403, description = "A host key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn hosts(
    State(state): State<AppState>,
    caller: ApiCaller,
    query: Result<Query<DirectoryQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<HostList>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let pattern = directory_pattern(&query.q)?;
    let hosts = state
        .store
        .people()
        .search_hosts(caller.key.org_id, &pattern, DIRECTORY_LIMIT)
        .await?;
    Ok(Json(host_list(hosts)))
}

/// The gate a request's device credential names: `Authorization: Bearer` (a native gate) or
/// the `tessera_gate` cookie (a web gate). This is a read, like `GET /v1/gate/me`: the
/// cookie is `SameSite=Strict` and browsers send no `Origin` on a same-origin GET, so the
/// cookie counts unless the request names another origin.
pub(super) async fn calling_gate(
    state: &AppState,
    peer: Peer,
    headers: &HeaderMap,
) -> Result<GateRow> {
    let source = state.sources.source(headers, peer.0);
    let token = match bearer_token(headers) {
        Some(token) => Some(token),
        // The same rule as the console's cookie: another site's page may not read with it.
        None if state.own_origin.is_foreign(headers) && cookie_credential(headers).is_some() => {
            super::auth_failed(state, source, "gate_rest_origin", true);
            return Err(Error::Forbidden);
        }
        None => cookie_credential(headers),
    };
    let Some(token) = token else {
        super::refuse_spent_source(state, source, "gate_rest")?;
        super::auth_failed(state, source, "gate_rest", false);
        return Err(Error::Unauthorized);
    };
    super::verify_credential(state, source, token, "gate_rest", |hash| async move {
        Ok(state.store.gates().gate_by_token_hash(&hash).await?)
    })
    .await
}

/// The host directory for a gate: whom a guard can ask to approve a walk-in.
#[utoipa::path(
    get,
    path = "/v1/gate/hosts",
    operation_id = "gate_hosts",
    tag = "hosts",
    security(("gate_token" = []), ("gate_cookie" = [])),
    params(("q" = Option<String>, Query, max_length = 200, description = "Part of a label or unit, any case")),
    responses(
        (status = 200, description = "Up to 20 hosts of the gate's organisation, by label", body = HostList),
        (status = 400, description = "An unknown or malformed parameter", body = ErrorBody),
        (status = 401, description = "No gate credential, or an unknown one", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn gate_hosts(
    State(state): State<AppState>,
    peer: Peer,
    headers: HeaderMap,
    query: Result<Query<DirectoryQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<HostList>> {
    let gate = calling_gate(&state, peer, &headers).await?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let pattern = directory_pattern(&query.q)?;
    let hosts = state
        .store
        .people()
        .search_hosts(gate.org_id, &pattern, DIRECTORY_LIMIT)
        .await?;
    Ok(Json(host_list(hosts)))
}

/// Whose walk-ins a caller reads: a host only its own.
fn own_host(caller: &ApiCaller) -> Option<Uuid> {
    (caller.role == Role::Host).then_some(caller.key.id)
}

/// Walk-in requests, newest first: a host's own, or all of the organisation (admin, issuer,
/// auditor).
#[utoipa::path(
    get,
    path = "/v1/walk-ins",
    operation_id = "list_walk_ins",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    params(("state" = Option<String>, Query, pattern = "^(waiting|approved|denied|expired)$", description = "Only requests in this state")),
    responses(
        (status = 200, description = "Up to 100 requests", body = WalkInList),
        (status = 400, description = "An unknown or malformed parameter", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<WalkInList>> {
    caller.require(&[Role::Issuer, Role::Auditor, Role::Host])?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let wanted = match query.state.as_deref() {
        None => None,
        Some(text) => Some(text.parse::<WalkInState>().map_err(|_| {
            Error::BadRequest("state must be waiting, approved, denied or expired".into())
        })?),
    };
    let now = tessera_domain::now_ms();
    // A request past its timeout reads as expired even before the sweeper writes it, so the
    // filter is applied to the state as shown.
    let views = state
        .store
        .walk_ins()
        .list_walk_ins(caller.key.org_id, own_host(&caller), None, LIST_LIMIT * 5)
        .await?;
    let walk_ins = views
        .iter()
        .map(|view| walk_in_json(view, now))
        .filter(|json| wanted.is_none_or(|state| json.state == state.as_str()))
        .take(LIST_LIMIT as usize)
        .collect();
    Ok(Json(WalkInList { walk_ins }))
}

/// The caller's waiting requests, live: an event `walk_ins` (data `{"walk_ins": [...]}`) on
/// connect and whenever that set changes (host or admin).
#[utoipa::path(
    get,
    path = "/v1/walk-ins/stream",
    operation_id = "stream_walk_ins",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "`event: walk_ins` events", content_type = "text/event-stream", body = String),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not a host or admin key", body = ErrorBody),
        (status = 429, description = "Too many failed authentications, or too many open streams; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn stream(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response> {
    caller.require(&[Role::Host])?;
    if let Some(unknown) = query.keys().next() {
        return Err(Error::BadRequest(format!("unknown parameter {unknown}")));
    }
    let Ok(permit) = state.feed_streams.clone().try_acquire_owned() else {
        return Err(Error::RateLimited(Duration::from_secs(5)));
    };
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Event>(8);
    let (org_id, host) = (caller.key.org_id, own_host(&caller));
    let task_state = state.clone();
    tokio::spawn(async move {
        let _permit = permit;
        // A revoked key, or an ended session, ends the stream within seconds.
        tokio::select! {
            () = feed_waiting(task_state.clone(), org_id, host, sender) => {}
            () = super::auth::until_credential_ends(task_state, caller) => {}
        }
    });
    let first = Event::default().retry(Duration::from_secs(1));
    let events = futures_util::stream::once(async move { Ok::<_, Infallible>(first) }).chain(
        futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx).map(|next| next.map(Ok))),
    );
    let mut response = Sse::new(events)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keep-alive"),
        )
        .into_response();
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

use futures_util::StreamExt as _;

/// Sends the waiting set whenever it differs from the last one sent: read at every wake-up
/// of the audit feed (every commit here, and other replicas' `NOTIFY`) and every second.
async fn feed_waiting(
    state: AppState,
    org_id: Uuid,
    host: Option<Uuid>,
    out: tokio::sync::mpsc::Sender<Event>,
) {
    let mut wake = state.feed.subscribe();
    let mut shutdown = state.shutdown.clone();
    let mut last: Option<String> = None;
    loop {
        let now = tessera_domain::now_ms();
        match state
            .store
            .walk_ins()
            .list_walk_ins(org_id, host, Some("waiting"), LIST_LIMIT)
            .await
        {
            Ok(views) => {
                let waiting: Vec<WalkInJson> = views
                    .iter()
                    .map(|view| walk_in_json(view, now))
                    .filter(|json| json.state == "waiting")
                    .collect();
                let data = serde_json::json!({ "walk_ins": waiting }).to_string();
                if last.as_deref() != Some(data.as_str()) {
                    if out
                        .send(Event::default().event("walk_ins").data(data.clone()))
                        .await
                        .is_err()
                    {
                        return;
                    }
                    last = Some(data);
                }
            }
            Err(error) => tracing::debug!(%error, "could not read waiting walk-ins"),
        }
        tokio::select! {
            _ = wake.changed() => {}
            () = tokio::time::sleep(crate::feed::POLL_EVERY) => {}
            () = out.closed() => return,
            _ = shutdown.changed() => return,
        }
    }
}

async fn answer(
    state: AppState,
    caller: ApiCaller,
    id: String,
    wanted: WalkInState,
) -> Result<Json<WalkInJson>> {
    caller.require(&[Role::Host])?;
    let id = parse_id(&id)?;
    let view = tessera_flows::walk_ins::decide(
        &state.store,
        caller.key.org_id,
        own_host(&caller),
        &caller.actor(),
        id,
        wanted,
    )
    .await?;
    Ok(Json(walk_in_json(&view, tessera_domain::now_ms())))
}

/// Approves a walk-in: the visitor is admitted at the asking gate, in the same transaction
/// (the request's host, or an admin). Approving it again answers the same.
#[utoipa::path(
    post,
    path = "/v1/walk-ins/{id}/approve",
    operation_id = "approve_walk_in",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The walk_in_id")),
    responses(
        (status = 200, description = "Approved (now or before)", body = WalkInJson),
        (status = 403, description = "Not a host or admin key", body = ErrorBody),
        (status = 404, description = "No such request for this host (or not a UUID)", body = ErrorBody),
        (status = 409, description = "`already_decided` (denied) or `approval_timeout`", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn approve(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<WalkInJson>> {
    answer(state, caller, id, WalkInState::Approved).await
}

/// Denies a walk-in (the request's host, or an admin). Denying it again answers the same.
#[utoipa::path(
    post,
    path = "/v1/walk-ins/{id}/deny",
    operation_id = "deny_walk_in",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The walk_in_id")),
    responses(
        (status = 200, description = "Denied (now or before)", body = WalkInJson),
        (status = 403, description = "Not a host or admin key", body = ErrorBody),
        (status = 404, description = "No such request for this host (or not a UUID)", body = ErrorBody),
        (status = 409, description = "`already_decided` (approved) or `approval_timeout`", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn deny(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<WalkInJson>> {
    answer(state, caller, id, WalkInState::Denied).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directory_patterns_escape_wildcards() {
        let cases = [
            ("", "%%"),
            ("12B", "%12b%"),
            ("  Iyer ", "%iyer%"),
            ("50%_off\\", "%50\\%\\_off\\\\%"),
        ];
        for (query, expected) in cases {
            assert_eq!(directory_pattern(query).unwrap(), expected, "{query:?}");
        }
        assert!(directory_pattern("a\u{7}").is_err());
    }
}

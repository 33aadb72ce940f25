//! The watchlist (issue 32): `GET`, `POST /v1/watchlist`, `PUT` and `DELETE
//! /v1/watchlist/{id}`, for the security and admin roles only (an auditor or issuer gets
//! 403: the list itself is not theirs to read). Every change is audited without the
//! person's details; matching is [`tessera_domain::watchlist`]'s and is documented in
//! `docs/console.md`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, put};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{parse_id, rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, WatchEntryChanged};
use tessera_domain::label::check_text;
use tessera_domain::watchlist::{normalise_email, WatchEntry, WatchMode};
use tessera_domain::{datetime_to_ms, now_ms};

/// Longest reason, in characters.
const MAX_REASON_CHARS: usize = 1000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/watchlist", get(list).post(add))
        .route("/v1/watchlist/{id}", put(change).delete(remove))
}

/// An entry as security reads it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WatchEntryView {
    id: Uuid,
    /// The name as entered (matches only as a possible match).
    name: Option<String>,
    /// The email address, normalised (trimmed, lower-cased, no `+tag`).
    email: Option<String>,
    /// The organisation's reference for the person (matches exactly).
    external_ref: Option<String>,
    /// Why they are on the list.
    reason: String,
    /// `flag` or `block`.
    mode: WatchMode,
    /// Who added it.
    added_by: String,
    /// RFC 3339.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339.
    #[schema(format = DateTime)]
    updated_at: String,
    /// When it stops matching; `null`: never.
    #[schema(format = DateTime)]
    expires_at: Option<String>,
    /// Whether it matches now (not expired).
    active: bool,
}

impl WatchEntryView {
    pub(super) fn of(entry: &WatchEntry, now: i64) -> Self {
        WatchEntryView {
            id: entry.id,
            name: entry.name.clone(),
            email: entry.email.clone(),
            external_ref: entry.external_ref.clone(),
            reason: entry.reason.clone(),
            mode: entry.mode,
            added_by: entry.added_by.clone(),
            created_at: rfc3339(entry.created_at_ms),
            updated_at: rfc3339(entry.updated_at_ms),
            expires_at: entry.expires_at_ms.map(rfc3339),
            active: entry.is_active(now),
        }
    }
}

/// The watchlist.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Watchlist {
    /// Oldest first, expired entries included.
    entries: Vec<WatchEntryView>,
}

/// An entry to add, or what an entry becomes.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct WatchEntryBody {
    /// A name, 1–200 printable characters.
    #[serde(default)]
    #[schema(example = "Mallory Smith")]
    name: Option<String>,
    /// An email address.
    #[serde(default)]
    #[schema(example = "mallory@example.com")]
    email: Option<String>,
    /// The organisation's reference for the person, 1–200 printable characters.
    #[serde(default)]
    #[schema(example = "EMP-4471")]
    external_ref: Option<String>,
    /// Why, 1–1000 printable characters.
    #[schema(example = "Trespass order until June")]
    reason: String,
    /// `flag` (let in, alarm security) or `block` (refuse at issue and claim, hold at gates).
    mode: WatchMode,
    /// When it stops matching (RFC 3339, in the future); absent or `null`: never.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    expires_at: Option<OffsetDateTime>,
}

/// The checked parts of a body: name, email, external reference, reason, mode, expiry.
struct Checked {
    name: Option<String>,
    email: Option<String>,
    external_ref: Option<String>,
    reason: String,
    mode: WatchMode,
    expires_at_ms: Option<i64>,
}

fn check(body: WatchEntryBody, now: i64) -> Result<Checked> {
    let bad = |invalid: tessera_domain::InvalidText| Error::BadRequest(invalid.to_string());
    let max = tessera_domain::label::MAX_LABEL_CHARS;
    if let Some(name) = &body.name {
        check_text("name", name, max).map_err(bad)?;
    }
    if let Some(reference) = &body.external_ref {
        check_text("external_ref", reference, max).map_err(bad)?;
    }
    check_text("reason", &body.reason, MAX_REASON_CHARS).map_err(bad)?;
    let email =
        match &body.email {
            None => None,
            Some(text) => {
                tessera_domain::mail::EmailAddress::parse("email", text)
                    .map_err(|invalid| Error::InvalidField(invalid.field, invalid.to_string()))?;
                Some(normalise_email(text).ok_or_else(|| {
                    Error::InvalidField("email", "email: not an address".to_owned())
                })?)
            }
        };
    if body.name.is_none() && email.is_none() && body.external_ref.is_none() {
        return Err(Error::BadRequest(
            "an entry needs a name, an email or an external_ref".into(),
        ));
    }
    let expires_at_ms = body.expires_at.map(datetime_to_ms);
    if expires_at_ms.is_some_and(|at| at <= now) {
        return Err(Error::BadRequest("expires_at must be in the future".into()));
    }
    Ok(Checked {
        name: body.name.map(|name| name.trim().to_owned()),
        email,
        external_ref: body
            .external_ref
            .map(|reference| reference.trim().to_owned()),
        reason: body.reason.trim().to_owned(),
        mode: body.mode,
        expires_at_ms,
    })
}

/// The audit event of a change to `entry`.
fn changed(
    entry: &WatchEntry,
    caller: &ApiCaller,
    kind: fn(WatchEntryChanged) -> Details,
) -> tessera_store::NewAudit {
    let identifiers = [
        ("name", entry.name.is_some()),
        ("email", entry.email.is_some()),
        ("external_ref", entry.external_ref.is_some()),
    ]
    .into_iter()
    .filter(|(_, held)| *held)
    .map(|(name, _)| name.to_owned())
    .collect();
    audit::event(
        Severity::Info,
        Subject {
            org_id: Some(entry.org_id),
            ..Subject::default()
        },
        kind(WatchEntryChanged {
            entry_id: entry.id,
            mode: entry.mode,
            identifiers,
            expires_at: entry.expires_at_ms.map(rfc3339),
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref())
}

/// The organisation's entry `id`, as stored.
async fn stored_entry(state: &AppState, org_id: Uuid, id: Uuid) -> Result<WatchEntry> {
    state
        .store
        .security()
        .watchlist(org_id)
        .await?
        .into_iter()
        .find(|entry| entry.id == id)
        .ok_or(Error::NotFound)
}

/// The organisation's watchlist (security, admin).
#[utoipa::path(
    get,
    path = "/v1/watchlist",
    operation_id = "list_watchlist",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The entries, oldest first", body = Watchlist),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<Watchlist>> {
    caller.require(&[Role::Security])?;
    let now = now_ms();
    let entries = state.store.security().watchlist(caller.key.org_id).await?;
    Ok(Json(Watchlist {
        entries: entries
            .iter()
            .map(|entry| WatchEntryView::of(entry, now))
            .collect(),
    }))
}

/// Adds an entry (security, admin; audited as `watchlist_entry_added`, without the
/// person's details).
#[utoipa::path(
    post,
    path = "/v1/watchlist",
    operation_id = "add_watchlist_entry",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    request_body = WatchEntryBody,
    responses(
        (status = 201, description = "Added", body = WatchEntryView),
        (status = 400, description = "Malformed body, no identifier, text that is not printable or too long, or an expiry in the past", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: an email that is not an address", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn add(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<WatchEntryBody>,
) -> Result<(StatusCode, Json<WatchEntryView>)> {
    caller.require(&[Role::Security])?;
    let now = now_ms();
    let checked = check(body, now)?;
    let entry = WatchEntry {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        name: checked.name,
        email: checked.email,
        external_ref: checked.external_ref,
        reason: checked.reason,
        mode: checked.mode,
        added_by: caller
            .person
            .as_ref()
            .map_or_else(|| caller.key.label.clone(), |person| person.name.clone()),
        created_at_ms: now,
        updated_at_ms: now,
        expires_at_ms: checked.expires_at_ms,
    };
    let event = changed(&entry, &caller, Details::WatchlistEntryAdded);
    state
        .store
        .security()
        .put_watch_entry(&entry, true, &event)
        .await?;
    state.redemption.watchlist.forget(entry.org_id);
    Ok((StatusCode::CREATED, Json(WatchEntryView::of(&entry, now))))
}

/// Replaces an entry's identifiers, reason, mode and expiry (security, admin; audited as
/// `watchlist_entry_changed`).
#[utoipa::path(
    put,
    path = "/v1/watchlist/{id}",
    operation_id = "change_watchlist_entry",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The entry id")),
    request_body = WatchEntryBody,
    responses(
        (status = 200, description = "Changed", body = WatchEntryView),
        (status = 400, description = "Malformed body, no identifier, text that is not printable or too long, or an expiry in the past", body = ErrorBody),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such entry in this organisation", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: an email that is not an address", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn change(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<WatchEntryBody>,
) -> Result<Json<WatchEntryView>> {
    caller.require(&[Role::Security])?;
    let id = parse_id(&id)?;
    let now = now_ms();
    let checked = check(body, now)?;
    let org_id = caller.key.org_id;
    let current = stored_entry(&state, org_id, id).await?;
    let entry = WatchEntry {
        name: checked.name,
        email: checked.email,
        external_ref: checked.external_ref,
        reason: checked.reason,
        mode: checked.mode,
        updated_at_ms: now,
        expires_at_ms: checked.expires_at_ms,
        ..current
    };
    let event = changed(&entry, &caller, Details::WatchlistEntryChanged);
    if !state
        .store
        .security()
        .put_watch_entry(&entry, false, &event)
        .await?
    {
        return Err(Error::NotFound);
    }
    state.redemption.watchlist.forget(org_id);
    Ok(Json(WatchEntryView::of(&entry, now)))
}

/// Removes an entry (security, admin; audited as `watchlist_entry_removed`).
#[utoipa::path(
    delete,
    path = "/v1/watchlist/{id}",
    operation_id = "remove_watchlist_entry",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The entry id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, description = "Not a security or admin key", body = ErrorBody),
        (status = 404, description = "No such entry in this organisation", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn remove(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[Role::Security])?;
    let id = parse_id(&id)?;
    let org_id = caller.key.org_id;
    let current = stored_entry(&state, org_id, id).await?;
    let event = changed(&current, &caller, Details::WatchlistEntryRemoved);
    if !state
        .store
        .security()
        .remove_watch_entry(org_id, id, &event)
        .await?
    {
        return Err(Error::NotFound);
    }
    state.redemption.watchlist.forget(org_id);
    Ok(StatusCode::NO_CONTENT)
}

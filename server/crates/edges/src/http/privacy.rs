//! Personal data on request (issue 32, GDPR Articles 15 and 17), for admins:
//! `POST /v1/personal-data/export` (everything held about a person, as JSON),
//! `POST /v1/personal-data/erase` (their personal fields rewritten with a pseudonym) and
//! `GET`/`PUT /v1/personal-data/retention` (how long each class is kept after a pass
//! expires). The person is named in the body, never in the URL, so no log holds them.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{rfc3339, ApiCaller, ApiJson};
use crate::error::{Error, ErrorBody, Result};
use crate::feed::AuditEvent;
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ByKey, Details};
use tessera_domain::privacy::{
    on_erasure, Classes, DataClass, Kept, KeptBecause, PersonSelector, RetentionDays,
};
use tessera_domain::watchlist::{MatchedBy, WatchMode};
use tessera_flows::privacy::Requester;

/// Longest retention a class may be given, in days (ten years).
const MAX_DAYS: u32 = 3650;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/personal-data/export", post(export))
        .route("/v1/personal-data/erase", post(erase))
        .route(
            "/v1/personal-data/retention",
            get(retention).put(set_retention),
        )
}

/// Whom a request is about: at least one of these.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Person {
    /// These passes.
    #[serde(default)]
    pass_ids: Vec<Uuid>,
    /// Passes whose invitation went to this address (any case), and those messages.
    #[serde(default)]
    #[schema(example = "ada@example.com")]
    email: Option<String>,
    /// Passes with this external reference (exactly).
    #[serde(default)]
    external_ref: Option<String>,
    /// Passes labelled, and walk-ins named, this (any case, the whole text).
    #[serde(default)]
    #[schema(example = "Ada Lovelace")]
    name: Option<String>,
}

impl Person {
    fn selector(self) -> Result<PersonSelector> {
        let blank = |text: &Option<String>| text.as_deref().is_some_and(|t| t.trim().is_empty());
        if blank(&self.email) || blank(&self.external_ref) || blank(&self.name) {
            return Err(Error::BadRequest(
                "email, external_ref and name must not be blank".into(),
            ));
        }
        if self.pass_ids.len() > 1000 {
            return Err(Error::BadRequest("at most 1000 pass_ids".into()));
        }
        if self.pass_ids.is_empty()
            && self.email.is_none()
            && self.external_ref.is_none()
            && self.name.is_none()
        {
            return Err(Error::BadRequest(
                "name the person: pass_ids, email, external_ref or name".into(),
            ));
        }
        Ok(PersonSelector {
            pass_ids: self.pass_ids,
            email: self.email,
            external_ref: self.external_ref,
            name: self.name,
        })
    }
}

/// A pass in an export.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassData {
    id: Uuid,
    label: String,
    site: Option<String>,
    external_ref: Option<String>,
    state: String,
    #[schema(format = DateTime)]
    valid_from: String,
    #[schema(format = DateTime)]
    valid_until: String,
    uses: i64,
    #[schema(format = DateTime)]
    issued_at: String,
    /// Classes erased already.
    erased: Vec<String>,
}

/// An outcome at a gate in an export.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct VisitData {
    pass_id: Uuid,
    gate_id: Uuid,
    outcome: String,
    reason: Option<String>,
    #[schema(format = DateTime)]
    at: String,
}

/// A walk-in in an export.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WalkInData {
    id: Uuid,
    gate_id: Uuid,
    host_id: Uuid,
    visitor_name: String,
    note: Option<String>,
    state: String,
    #[schema(format = DateTime)]
    at: String,
}

/// A message in an export.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct MessageData {
    id: Uuid,
    pass_id: Option<Uuid>,
    kind: String,
    to: String,
    state: String,
    #[schema(format = DateTime)]
    queued_at: String,
}

/// A watchlist entry about the person in an export.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WatchlistData {
    id: Uuid,
    name: Option<String>,
    /// Normalised, as the watchlist holds it.
    email: Option<String>,
    external_ref: Option<String>,
    /// Why they are on the list, as security wrote it.
    reason: String,
    mode: WatchMode,
    /// Which of the person's identifiers it names (`name` alone may be a namesake).
    matched_by: MatchedBy,
    #[schema(format = DateTime)]
    added_at: String,
    /// When it stops matching; `null`: never.
    #[schema(format = DateTime)]
    expires_at: Option<String>,
    /// Whether an erasure now would keep it, and why (`legitimate_interest` while it is in
    /// force); `null`: an erasure rewrites it.
    kept_on_erasure: Option<KeptBecause>,
}

/// Everything held about a person.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PersonalDataExport {
    /// When it was read, RFC 3339.
    #[schema(format = DateTime)]
    exported_at: String,
    passes: Vec<PassData>,
    /// Outcomes at gates: admissions, and refusals after a correct answer.
    visits: Vec<VisitData>,
    walk_ins: Vec<WalkInData>,
    messages: Vec<MessageData>,
    /// The audit events about any of the above, as `GET /v1/audit` shows them.
    audit: Vec<AuditEvent>,
    /// Watchlist entries naming any of the person's names, addresses or references.
    watchlist: Vec<WatchlistData>,
}

/// Everything the server holds about one person, as JSON (admin; audited as
/// `personal_data_exported`, with counts only).
#[utoipa::path(
    post,
    path = "/v1/personal-data/export",
    operation_id = "export_personal_data",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    request_body = Person,
    responses(
        (status = 200, description = "The person's data", body = PersonalDataExport),
        (status = 400, description = "Malformed body, or nobody named", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn export(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<Person>,
) -> Result<Json<PersonalDataExport>> {
    caller.require(&[])?;
    let who = body.selector()?;
    let name = who_asks(&caller);
    let data = tessera_flows::privacy::export(
        &state.store,
        caller.key.org_id,
        &who,
        &requester(&caller, &name),
    )
    .await?;
    let now = tessera_domain::now_ms();
    Ok(Json(PersonalDataExport {
        exported_at: rfc3339(now),
        passes: data
            .passes
            .into_iter()
            .map(|pass| PassData {
                erased: Classes::from_stored(pass.erased_classes.as_deref())
                    .iter()
                    .map(|class| class.as_str().to_owned())
                    .collect(),
                id: pass.id,
                label: pass.label,
                site: pass.site,
                external_ref: pass.external_ref,
                state: pass.state,
                valid_from: rfc3339(pass.valid_from_ms),
                valid_until: rfc3339(pass.valid_until_ms),
                uses: pass.uses,
                issued_at: rfc3339(pass.created_at_ms),
            })
            .collect(),
        visits: data
            .visits
            .into_iter()
            .map(|visit| VisitData {
                pass_id: visit.pass_id,
                gate_id: visit.gate_id,
                outcome: visit.outcome,
                reason: visit.reason,
                at: rfc3339(visit.created_at_ms),
            })
            .collect(),
        walk_ins: data
            .walk_ins
            .into_iter()
            .map(|walk_in| WalkInData {
                id: walk_in.id,
                gate_id: walk_in.gate_id,
                host_id: walk_in.host_id,
                visitor_name: walk_in.visitor_name,
                note: walk_in.note,
                state: walk_in.state,
                at: rfc3339(walk_in.created_at_ms),
            })
            .collect(),
        messages: data
            .messages
            .into_iter()
            .map(|message| MessageData {
                id: message.id,
                pass_id: message.pass_id,
                kind: message.kind,
                to: message.to_address,
                state: message.state,
                queued_at: rfc3339(message.created_at_ms),
            })
            .collect(),
        audit: data.audit.iter().map(AuditEvent::from_row).collect(),
        watchlist: data
            .watchlist
            .into_iter()
            .map(|found| WatchlistData {
                kept_on_erasure: on_erasure(&found, now).map(|kept| kept.because),
                matched_by: found.matched_by,
                id: found.entry.id,
                name: found.entry.name,
                email: found.entry.email,
                external_ref: found.entry.external_ref,
                reason: found.entry.reason,
                mode: found.entry.mode,
                added_at: rfc3339(found.entry.created_at_ms),
                expires_at: found.entry.expires_at_ms.map(rfc3339),
            })
            .collect(),
    }))
}

/// Whom to erase, and what.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Erase {
    /// These passes.
    #[serde(default)]
    pass_ids: Vec<Uuid>,
    /// Passes whose invitation went to this address (any case), and those messages.
    #[serde(default)]
    email: Option<String>,
    /// Passes with this external reference (exactly).
    #[serde(default)]
    external_ref: Option<String>,
    /// Passes labelled, and walk-ins named, this (any case, the whole text).
    #[serde(default)]
    name: Option<String>,
    /// The classes to erase (`name`, `email`, `external_ref`, `notes`); default all.
    #[serde(default)]
    classes: Option<Vec<DataClass>>,
}

/// What an erasure did.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ErasureReport {
    erasure_id: Uuid,
    /// What the values became: `Erased person <pseudonym>`, `erased-<pseudonym>@erased.invalid`.
    pseudonym: String,
    classes: Vec<String>,
    passes: u64,
    walk_ins: u64,
    messages: u64,
    audit_events: u64,
    webhook_deliveries: u64,
    /// Watchlist entries about the person rewritten: those past their expiry.
    watchlist_entries: u64,
    /// What was kept as it was, and why: each watchlist entry about the person still in
    /// force, under the venue's legitimate interest (`because: legitimate_interest`;
    /// `docs/threat-model.md` 2.16). Remove one with `DELETE /v1/watchlist/{id}` when that
    /// interest no longer holds.
    kept: Vec<Kept>,
}

/// Erases a person's personal data: every value of the classes asked for, wherever it is
/// held (passes, walk-ins, messages, audit details, webhook deliveries, expired watchlist
/// entries), becomes one pseudonym, in one transaction that records the erasure (admin;
/// audited as `personal_data_erased`). Admissions, alarms and counts keep their meaning.
/// A watchlist entry about the person still in force is kept, under the venue's legitimate
/// interest, and listed in `kept`.
#[utoipa::path(
    post,
    path = "/v1/personal-data/erase",
    operation_id = "erase_personal_data",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    request_body = Erase,
    responses(
        (status = 200, description = "Erased", body = ErasureReport),
        (status = 400, description = "Malformed body, nobody named, an unknown class or none", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn erase(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<Erase>,
) -> Result<Json<ErasureReport>> {
    caller.require(&[])?;
    let classes = match body.classes {
        None => Classes::all(),
        Some(list) if list.is_empty() => {
            return Err(Error::BadRequest(
                "classes must name at least one class".into(),
            ))
        }
        Some(list) => Classes::new(list),
    };
    let who = Person {
        pass_ids: body.pass_ids,
        email: body.email,
        external_ref: body.external_ref,
        name: body.name,
    }
    .selector()?;
    let name = who_asks(&caller);
    let erased = tessera_flows::privacy::erase(
        &state.store,
        caller.key.org_id,
        &who,
        &classes,
        Some(&requester(&caller, &name)),
    )
    .await?;
    let details = erased.details;
    Ok(Json(ErasureReport {
        erasure_id: erased.erasure_id,
        pseudonym: erased.pseudonym,
        classes: details.classes,
        passes: details.passes,
        walk_ins: details.walk_ins,
        messages: details.messages,
        audit_events: details.audit_events,
        webhook_deliveries: details.deliveries,
        watchlist_entries: details.watchlist_entries,
        kept: details.kept,
    }))
}

/// How long each class is kept after a pass expires (admin).
#[utoipa::path(
    get,
    path = "/v1/personal-data/retention",
    operation_id = "personal_data_retention",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "Days per class; a class not listed is kept", body = RetentionDays),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn retention(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<RetentionDays>> {
    caller.require(&[])?;
    let stored = state
        .store
        .privacy()
        .privacy_settings(caller.key.org_id)
        .await?;
    Ok(Json(
        stored
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default(),
    ))
}

/// Sets how long each class is kept after a pass expires, 1–3650 days (admin; audited).
/// The retention pass erases what is due, pass by pass (`docs/operations.md`).
#[utoipa::path(
    put,
    path = "/v1/personal-data/retention",
    operation_id = "set_personal_data_retention",
    tag = "security",
    security(("api_key" = []), ("console_session" = [])),
    request_body = RetentionDays,
    responses(
        (status = 200, description = "Set", body = RetentionDays),
        (status = 400, description = "Malformed body, or days outside 1–3650", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn set_retention(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<RetentionDays>,
) -> Result<Json<RetentionDays>> {
    caller.require(&[])?;
    if DataClass::ALL
        .into_iter()
        .filter_map(|class| body.of(class))
        .any(|days| !(1..=MAX_DAYS).contains(&days))
    {
        return Err(Error::BadRequest("each class's days must be 1–3650".into()));
    }
    let text = serde_json::to_string(&body).map_err(|_| Error::Internal("retention as JSON"))?;
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(caller.key.org_id),
            ..Subject::default()
        },
        Details::PrivacySettingsChanged(ByKey {
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    state
        .store
        .privacy()
        .put_privacy_settings(caller.key.org_id, &text, tessera_domain::now_ms(), &event)
        .await?;
    Ok(Json(body))
}

/// The caller's name, as an erasure records who asked.
fn who_asks(caller: &ApiCaller) -> String {
    caller
        .person
        .as_ref()
        .map_or_else(|| caller.key.label.clone(), |person| person.name.clone())
}

fn requester<'a>(caller: &'a ApiCaller, name: &'a str) -> Requester<'a> {
    Requester {
        key_id: caller.key.id,
        person: caller.person.as_ref(),
        name,
    }
}

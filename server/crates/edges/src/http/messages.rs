//! Messages to people (issue 31): the outbox as staff see it, and a claim link sent again.
//!
//! `GET /v1/messages` lists the organisation's messages, newest first, filtered by state
//! (`pending`, `sent`, `bounced`, `dead`, `expired`: the dead-letter list is
//! `state=dead` and `state=bounced`) or pass; `POST /v1/passes/{id}/invitation` sends a
//! pass's claim link again, an explicit and audited action. Neither ever shows a claim
//! token: it is in the message and nowhere else.

use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::passes::{load_own_pass, recipient};
use super::{parse_id, rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::mail::{MessageKind, MessageRow, MessageState};
use tessera_store::{MessageFilter, PassState};

/// Most messages in one page.
const PAGE_LIMIT: i64 = 200;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/messages", get(list))
        .route("/v1/messages/{id}", get(show))
        .route("/v1/passes/{id}/invitation", post(resend))
        .route("/v1/mail", get(mail_settings).put(set_mail_settings))
}

/// The organisation's sender name and reply-to address.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct MailSettings {
    /// The name mail comes from (`From: <name> <relay's address>`); `null`: the
    /// organisation's name. 1–200 printable characters.
    #[serde(default)]
    #[schema(example = "Riverside Residences front desk")]
    from_name: Option<String>,
    /// Where replies go; `null`: the relay's From address.
    #[serde(default)]
    #[schema(example = "frontdesk@riverside.example")]
    reply_to: Option<String>,
}

/// The organisation's sender name and reply-to address (admin).
#[utoipa::path(
    get,
    path = "/v1/mail",
    operation_id = "mail_settings",
    tag = "messages",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The settings", body = MailSettings),
        (status = 403, description = "Not an admin", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn mail_settings(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<MailSettings>> {
    caller.require(&[])?;
    let row = state.store.messages().org_mail(caller.key.org_id).await?;
    Ok(Json(MailSettings {
        from_name: row.from_name,
        reply_to: row.reply_to,
    }))
}

/// Sets the organisation's sender name and reply-to address (admin; audited).
#[utoipa::path(
    put,
    path = "/v1/mail",
    operation_id = "set_mail_settings",
    tag = "messages",
    security(("api_key" = []), ("console_session" = [])),
    request_body = MailSettings,
    responses(
        (status = 200, description = "Set", body = MailSettings),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a name that is not 1–200 printable characters, or a bad address", body = ErrorBody),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn set_mail_settings(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<MailSettings>,
) -> Result<Json<MailSettings>> {
    caller.require(&[])?;
    let from_name = match body.from_name {
        Some(name) => Some(
            tessera_domain::Label::parse("from_name", &name)
                .map_err(|invalid| Error::InvalidField("from_name", invalid.to_string()))?
                .to_string(),
        ),
        None => None,
    };
    let reply_to = match body.reply_to {
        Some(address) => Some(
            tessera_domain::mail::EmailAddress::parse("reply_to", &address)
                .map_err(|invalid| Error::InvalidField(invalid.field, invalid.to_string()))?
                .to_string(),
        ),
        None => None,
    };
    let row = tessera_store::OrgMailRow {
        from_name: from_name.clone(),
        reply_to: reply_to.clone(),
    };
    let event = tessera_domain::audit::event(
        tessera_domain::audit::Severity::Info,
        tessera_domain::audit::Subject {
            org_id: Some(caller.key.org_id),
            ..tessera_domain::audit::Subject::default()
        },
        tessera_domain::events::Details::MailSettingsChanged(
            tessera_domain::events::MailSettingsChanged {
                from_name: from_name.clone(),
                reply_to: reply_to.clone(),
                by_key_id: caller.key.id,
            },
        ),
    )
    .by(caller.person.as_ref());
    state
        .store
        .messages()
        .put_org_mail(caller.key.org_id, &row, tessera_domain::now_ms(), &event)
        .await?;
    Ok(Json(MailSettings {
        from_name,
        reply_to,
    }))
}

/// A message as staff see it: never its claim token.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct MessageView {
    message_id: Uuid,
    /// `invitation` (a pass's claim link) or `approval_request`.
    kind: MessageKind,
    /// `pending`, `sent`, `bounced` (refused for good by the receiving side), `dead` (out
    /// of retries) or `expired` (its moment passed: not sent late).
    state: MessageState,
    /// Where it goes.
    to: String,
    pass_id: Option<Uuid>,
    /// The language it is written in, when one was asked for.
    language: Option<String>,
    /// Attempts so far.
    attempts: i64,
    /// The last failure, as the relay or the receiving server put it.
    last_error: Option<String>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC: when it was sent, bounced, given up or expired.
    #[schema(format = DateTime)]
    settled_at: Option<String>,
    /// RFC 3339, UTC: the next attempt, while pending.
    #[schema(format = DateTime)]
    next_attempt_at: Option<String>,
}

impl MessageView {
    fn of(row: MessageRow) -> Self {
        MessageView {
            message_id: row.id,
            kind: row.kind,
            state: row.state,
            to: row.to_address,
            pass_id: row.pass_id,
            language: row.language,
            attempts: row.attempts,
            last_error: row.last_error,
            created_at: rfc3339(row.created_at_ms),
            settled_at: row.settled_at_ms.map(rfc3339),
            next_attempt_at: (row.state == MessageState::Pending)
                .then(|| rfc3339(row.next_attempt_ms)),
        }
    }
}

/// A page of messages.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct MessageList {
    messages: Vec<MessageView>,
    /// Pass it as `cursor` for the next page; `null` on the last page.
    next_cursor: Option<String>,
}

/// The organisation's messages, newest first (admin, issuer, auditor). Filters: `state`
/// (`pending`, `sent`, `bounced`, `dead`, `expired`), `pass_id`, `limit` (1–200, default
/// 50), `cursor` (the previous page's `next_cursor`).
#[utoipa::path(
    get,
    path = "/v1/messages",
    operation_id = "list_messages",
    tag = "messages",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("state" = Option<String>, Query, description = "Only messages in this state"),
        ("pass_id" = Option<String>, Query, format = Uuid, description = "Only messages about this pass"),
        ("limit" = Option<i64>, Query, description = "1–200, default 50"),
        ("cursor" = Option<String>, Query, description = "`next_cursor` of the previous page"),
    ),
    responses(
        (status = 200, description = "The messages, newest first", body = MessageList),
        (status = 400, description = "An unknown filter or value", body = ErrorBody),
        (status = 403, description = "A host key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Json<MessageList>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    if let Some(unknown) = query
        .keys()
        .find(|key| !["state", "pass_id", "limit", "cursor"].contains(&key.as_str()))
    {
        return Err(Error::BadRequest(format!(
            "unknown filter {unknown:?}; the filters are state, pass_id, limit, cursor"
        )));
    }
    let before = query
        .get("cursor")
        .map(|text| super::passes::parse_cursor(text))
        .transpose()?;
    let wanted = match query.get("state") {
        None => None,
        Some(text) => Some(MessageState::parse(text).ok_or_else(|| {
            Error::BadRequest("state must be pending, sent, bounced, dead or expired".into())
        })?),
    };
    let pass_id = query
        .get("pass_id")
        .map(|id| {
            id.parse::<Uuid>()
                .map_err(|_| Error::BadRequest("pass_id must be a UUID".into()))
        })
        .transpose()?;
    let limit = match query.get("limit") {
        None => 50,
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|n| (1..=PAGE_LIMIT).contains(n))
            .ok_or_else(|| Error::BadRequest("limit must be 1–200".into()))?,
    };
    let rows = state
        .store
        .messages()
        .messages(&MessageFilter {
            org_id: caller.key.org_id,
            state: wanted,
            pass_id,
            before,
            limit,
        })
        .await?;
    let next_cursor = (rows.len() as i64 == limit)
        .then(|| rows.last().map(|m| format!("{}_{}", m.created_at_ms, m.id)))
        .flatten();
    Ok(Json(MessageList {
        messages: rows.into_iter().map(MessageView::of).collect(),
        next_cursor,
    }))
}

/// One message (admin, issuer, auditor).
#[utoipa::path(
    get,
    path = "/v1/messages/{id}",
    operation_id = "show_message",
    tag = "messages",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The message id")),
    responses(
        (status = 200, description = "The message", body = MessageView),
        (status = 403, description = "A host key", body = ErrorBody),
        (status = 404, description = "No such message in this organisation", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<MessageView>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    let id = parse_id(&id)?;
    state
        .store
        .messages()
        .message(caller.key.org_id, id)
        .await?
        .map(MessageView::of)
        .map(Json)
        .ok_or(Error::NotFound)
}

/// Where to send a claim link again.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Resend {
    /// The address; default the one the pass's last invitation went to.
    #[serde(default)]
    email: Option<String>,
    /// The language; default the last invitation's.
    #[serde(default)]
    language: Option<String>,
}

/// A claim link sent again.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Resent {
    message_id: Uuid,
    pass_id: Uuid,
    to: String,
}

/// Sends a pass's claim link again (issuer, admin, or the pass's host): a new link, so the
/// one sent before stops working, mailed to `email` or to where the last invitation went
/// (the body may be `{}`).
/// Only while the pass is unclaimed and unexpired.
#[utoipa::path(
    post,
    path = "/v1/passes/{id}/invitation",
    operation_id = "resend_invitation",
    tag = "messages",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The pass id")),
    request_body = Resend,
    responses(
        (status = 202, description = "Queued", body = Resent),
        (status = 403, description = "An auditor key", body = ErrorBody),
        (status = 404, description = "No such pass in this organisation (or not the host's)", body = ErrorBody),
        (status = 409, description = "`already_claimed` or `revoked`: there is no claim link to send; or `bad_request` for an expired pass", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a bad `email` or `language`, or no address known", body = ErrorBody),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn resend(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Resend>,
) -> Result<(StatusCode, Json<Resent>)> {
    caller.require(&[Role::Issuer, Role::Host])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let last = state
        .store
        .messages()
        .messages(&MessageFilter {
            org_id: pass.org_id,
            state: None,
            pass_id: Some(pass.id),
            before: None,
            limit: 1,
        })
        .await?
        .into_iter()
        .next();
    let email = body
        .email
        .or_else(|| last.as_ref().map(|m| m.to_address.clone()))
        .ok_or_else(|| {
            Error::InvalidField(
                "email",
                "email: no invitation was sent for this pass; say where to send it".into(),
            )
        })?;
    let language = body
        .language
        .or_else(|| last.as_ref().and_then(|m| m.language.clone()))
        .or_else(|| pass.language.clone());
    let to = recipient(Some(&email), super::language_tag(language.as_deref())?)?;
    let token = tessera_flows::credentials::mint();
    let Some((message, event)) =
        super::passes::invitation(&state, &caller, &pass, to.as_ref(), &token.text, true)?
    else {
        return Err(Error::Internal("an address was given"));
    };
    let now = tessera_domain::now_ms();
    if !state
        .store
        .messages()
        .reinvite(pass.org_id, pass.id, &token.hash, now, &message, &event)
        .await?
    {
        return Err(match pass.state {
            PassState::Revoked => Error::Revoked,
            PassState::Issued => Error::BadRequest("the pass has expired".into()),
            PassState::Claimed | PassState::Used => Error::AlreadyClaimed,
        });
    }
    state.mailer.wake();
    Ok((
        StatusCode::ACCEPTED,
        Json(Resent {
            message_id: message.id,
            pass_id: pass.id,
            to: message.to_address.clone(),
        }),
    ))
}

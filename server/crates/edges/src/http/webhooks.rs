//! Webhooks over REST (issue 17): an admin configures where admission events go, reads
//! the dead-letter list and replays from it. Delivery itself is `tessera_flows::webhooks`.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{self, Details};
use tessera_domain::webhook::{DeliveryState, WebhookEvent, WebhookEventType, WebhookEvents};
use tessera_store::{DeliveryRow, WebhookRow};

/// Dead letters a list answers at most.
const DEAD_LETTER_LIMIT: i64 = 200;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/webhooks", post(create).get(list))
        .route("/v1/webhooks/{id}", axum::routing::delete(delete))
        .route("/v1/webhooks/{id}/disable", post(disable))
        .route("/v1/webhooks/{id}/enable", post(enable))
        .route("/v1/webhooks/{id}/rotate-secret", post(rotate_secret))
        .route("/v1/webhooks/dead-letters", get(dead_letters))
        .route("/v1/webhooks/dead-letters/{id}/replay", post(replay))
}

/// A webhook to create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewWebhook {
    /// An absolute `http` or `https` URL that receives `POST`s.
    #[schema(example = "https://crm.example.org/tessera")]
    url: String,
    /// The event types to send: any of `admission`, `exit`, `walk_in`, `revocation`,
    /// `alarm.opened`, `alarm.acknowledged`, `alarm.assigned`, `alarm.resolved`,
    /// `watchlist.hit`; default the first four.
    #[serde(default)]
    events: Option<Vec<String>>,
}

/// A created webhook and its signing secret, shown exactly once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WebhookCreated {
    webhook_id: Uuid,
    /// Verify `Tessera-Signature` with it; it is never shown again.
    secret: String,
    url: String,
    events: Vec<WebhookEventType>,
}

/// A webhook as admins and auditors read it (never its secret).
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WebhookView {
    webhook_id: Uuid,
    url: String,
    events: Vec<WebhookEventType>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC; set once a receiver answered `410 Gone`.
    #[schema(format = DateTime)]
    disabled_at: Option<String>,
    disabled_reason: Option<String>,
}

/// The tenant's webhooks.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct WebhookList {
    webhooks: Vec<WebhookView>,
}

/// An event that ran out of retries (or whose webhook was disabled).
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct DeadLetter {
    delivery_id: i64,
    webhook_id: Uuid,
    /// The event's `id`, as the receiver deduplicates by.
    event_id: String,
    event_type: WebhookEventType,
    pass_id: Option<Uuid>,
    attempts: i64,
    last_error: Option<String>,
    /// RFC 3339, UTC: when it was queued.
    #[schema(format = DateTime)]
    queued_at: String,
    /// The event as it would be sent.
    event: WebhookEvent,
}

/// Dead letters, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct DeadLetters {
    dead_letters: Vec<DeadLetter>,
}

/// A replayed dead letter.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Replayed {
    delivery_id: i64,
    /// Always `pending`.
    #[schema(example = "pending")]
    state: &'static str,
}

/// A new signing secret, shown once.
fn new_secret() -> zeroize::Zeroizing<String> {
    zeroize::Zeroizing::new(format!(
        "whsec_{}",
        tessera_flows::credentials::mint().text.as_str()
    ))
}

/// The secret as stored: sealed under the server key, bound to the webhook.
fn seal(state: &AppState, webhook_id: Uuid, secret: &str) -> Result<String> {
    tessera_flows::sealing::seal(
        &state.keys,
        tessera_flows::sealing::Purpose::WebhookSecret,
        webhook_id,
        secret,
    )
    .map_err(|_| Error::Internal("no server key to seal a webhook secret with"))
}

fn admin_event(caller: &ApiCaller, details: Details) -> tessera_store::NewAudit {
    audit::event(
        Severity::Warning,
        Subject {
            org_id: Some(caller.key.org_id),
            ..Subject::default()
        },
        details,
    )
    .by(caller.person.as_ref())
}

/// A webhook's new signing secret, shown once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SecretRotated {
    webhook_id: Uuid,
    /// The new secret: it signs every attempt from now on, retries of older events included.
    secret: String,
}

pub(super) fn view(webhook: WebhookRow) -> WebhookView {
    WebhookView {
        webhook_id: webhook.id,
        url: webhook.url,
        events: webhook.events.types().to_vec(),
        created_at: rfc3339(webhook.created_at_ms),
        disabled_at: webhook.disabled_at_ms.map(rfc3339),
        disabled_reason: webhook.disabled_reason,
    }
}

/// A dead letter as admins read it; a queued body this server cannot read (a newer server
/// wrote it) is a storage fault, not a guess.
fn dead_letter(delivery: DeliveryRow) -> Result<DeadLetter> {
    let event: WebhookEvent = serde_json::from_str(&delivery.body)
        .map_err(|_| Error::Internal("a queued webhook event is not one this server reads"))?;
    Ok(DeadLetter {
        delivery_id: delivery.id,
        webhook_id: delivery.webhook_id,
        event_id: format!("evt_{}", delivery.audit_id),
        event_type: event.payload.event_type(),
        pass_id: delivery.pass_id,
        attempts: delivery.attempts,
        last_error: delivery.last_error,
        queued_at: rfc3339(delivery.created_at_ms),
        event,
    })
}

/// The URL a webhook may have: absolute `http(s)`, with a host, without credentials.
fn check_url(text: &str) -> Result<url::Url> {
    let url = url::Url::parse(text)
        .map_err(|_| Error::BadRequest("url must be an absolute http or https URL".into()))?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
        return Err(Error::BadRequest(
            "url must be an absolute http or https URL".into(),
        ));
    }
    if !url.username().is_empty() || url.password().is_some() || text.len() > 2_000 {
        return Err(Error::BadRequest(
            "url must carry no credentials and be at most 2000 characters".into(),
        ));
    }
    Ok(url)
}

/// Configures a webhook (admin): events that commit from now on are POSTed to `url`,
/// signed with the secret this answer shows once (`docs/protocol.md`, webhooks).
#[utoipa::path(
    post,
    path = "/v1/webhooks",
    operation_id = "create_webhook",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewWebhook,
    responses(
        (status = 201, description = "Created; the secret is shown only now", body = WebhookCreated),
        (status = 400, description = "Malformed body, a bad URL or an unknown event type", body = ErrorBody),
        (status = 422, description = "`refused_by_policy`: the URL points inside the network (loopback, private, link-local, CGNAT, ULA…); the message names the rule", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn create(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewWebhook>,
) -> Result<(StatusCode, Json<WebhookCreated>)> {
    caller.require(&[])?;
    let url = check_url(&body.url)?;
    // Never inside the network, unless the operator allows it (`tessera_flows::egress`);
    // sending checks again, against what the name resolves to then.
    state
        .webhook_egress
        .check_url_resolving(&url)
        .await
        .map_err(|refused| Error::PolicyRefused(refused.to_string()))?;
    let events = match body.events {
        None => WebhookEvents::new(WebhookEventType::DEFAULT),
        Some(events) if events.is_empty() => {
            return Err(Error::BadRequest(
                "events must name at least one type".into(),
            ))
        }
        Some(names) => {
            let mut events = Vec::with_capacity(names.len());
            for name in &names {
                let Some(kind) = WebhookEventType::parse(name) else {
                    let all: Vec<&str> = WebhookEventType::ALL.map(WebhookEventType::as_str).into();
                    return Err(Error::BadRequest(format!(
                        "unknown event type {name:?}; the types are {}",
                        all.join(", ")
                    )));
                };
                events.push(kind);
            }
            WebhookEvents::new(events)
        }
    };
    let secret = new_secret();
    let id = Uuid::now_v7();
    let webhook = WebhookRow {
        id,
        org_id: caller.key.org_id,
        url: body.url,
        secret: seal(&state, id, &secret)?,
        events: events.clone(),
        // From now on: the events already in the log were not promised to anyone.
        audit_cursor: state.store.audit().max_audit_id().await?,
        created_at_ms: tessera_domain::now_ms(),
        disabled_at_ms: None,
        disabled_reason: None,
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(webhook.org_id),
            ..Subject::default()
        },
        Details::WebhookCreated(events::WebhookCreatedDetails {
            webhook_id: webhook.id,
            url: webhook.url.clone(),
            events: events.types().to_vec(),
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    state
        .store
        .webhooks()
        .insert_webhook(&webhook, &event)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(WebhookCreated {
            webhook_id: webhook.id,
            secret: secret.as_str().to_owned(),
            url: webhook.url,
            events: events.types().to_vec(),
        }),
    ))
}

/// The organisation's webhooks, without their secrets (admin or auditor).
#[utoipa::path(
    get,
    path = "/v1/webhooks",
    operation_id = "list_webhooks",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The webhooks, oldest first", body = WebhookList),
        (status = 403, description = "Not an admin or auditor key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<WebhookList>> {
    caller.require(&[Role::Auditor])?;
    let webhooks = state
        .store
        .webhooks()
        .webhooks(Some(caller.key.org_id))
        .await?;
    Ok(Json(WebhookList {
        webhooks: webhooks.into_iter().map(view).collect(),
    }))
}

/// Events that ran out of retries or whose webhook was disabled, newest first (admin or
/// auditor): what the console shows to replay.
#[utoipa::path(
    get,
    path = "/v1/webhooks/dead-letters",
    operation_id = "list_dead_letters",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "Up to 200 dead letters", body = DeadLetters),
        (status = 403, description = "Not an admin or auditor key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn dead_letters(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<DeadLetters>> {
    caller.require(&[Role::Auditor])?;
    let dead = state
        .store
        .webhooks()
        .deliveries(caller.key.org_id, DeliveryState::Dead, DEAD_LETTER_LIMIT)
        .await?;
    Ok(Json(DeadLetters {
        dead_letters: dead.into_iter().map(dead_letter).collect::<Result<_>>()?,
    }))
}

/// Puts a dead letter back in the queue, due now, with a fresh three days of retries
/// (admin). Its webhook must be enabled for it to go out.
#[utoipa::path(
    post,
    path = "/v1/webhooks/dead-letters/{id}/replay",
    operation_id = "replay_dead_letter",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = i64, Path, description = "The delivery_id")),
    responses(
        (status = 200, description = "Queued again", body = Replayed),
        (status = 404, description = "No such dead letter in this organisation", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn replay(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<Replayed>> {
    caller.require(&[])?;
    let id: i64 = id.parse().map_err(|_| Error::NotFound)?;
    if !state
        .store
        .webhooks()
        .replay_delivery(caller.key.org_id, id, tessera_domain::now_ms())
        .await?
    {
        return Err(Error::NotFound);
    }
    Ok(Json(Replayed {
        delivery_id: id,
        state: "pending",
    }))
}

/// Stops sending to a webhook (admin): new events are not sent, queued ones wait in the
/// dead-letter list. Disabling a disabled webhook changes nothing.
#[utoipa::path(
    post,
    path = "/v1/webhooks/{id}/disable",
    operation_id = "disable_webhook",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The webhook id")),
    responses(
        (status = 200, description = "Disabled (now or before)", body = WebhookView),
        (status = 404, description = "No such webhook in this organisation, or not a UUID", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn disable(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<WebhookView>> {
    caller.require(&[])?;
    let webhook_id = super::parse_id(&id)?;
    let event = admin_event(
        &caller,
        Details::WebhookDisabled(events::WebhookDisabled {
            webhook_id,
            reason: "disabled by an admin".to_owned(),
            by_key_id: Some(caller.key.id),
        }),
    );
    let change = tessera_store::WebhookChange::Disable {
        at_ms: tessera_domain::now_ms(),
        reason: "disabled by an admin".to_owned(),
    };
    let (webhook, _) = state
        .store
        .webhooks()
        .change_webhook(caller.key.org_id, webhook_id, &change, Some(&event))
        .await?;
    webhook.map(view).map(Json).ok_or(Error::NotFound)
}

/// Sends to a disabled webhook again (admin), from the events that commit from now on:
/// those while it was off are not sent. Enabling an enabled webhook changes nothing.
#[utoipa::path(
    post,
    path = "/v1/webhooks/{id}/enable",
    operation_id = "enable_webhook",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The webhook id")),
    responses(
        (status = 200, description = "Enabled (now or before)", body = WebhookView),
        (status = 404, description = "No such webhook in this organisation, or not a UUID", body = ErrorBody),
        (status = 422, description = "`refused_by_policy`: its URL points inside the network, which the server's policy no longer allows", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn enable(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<WebhookView>> {
    caller.require(&[])?;
    let webhook_id = super::parse_id(&id)?;
    let current = state
        .store
        .webhooks()
        .webhooks(Some(caller.key.org_id))
        .await?
        .into_iter()
        .find(|webhook| webhook.id == webhook_id)
        .ok_or(Error::NotFound)?;
    if let Ok(url) = url::Url::parse(&current.url) {
        state
            .webhook_egress
            .check_url_resolving(&url)
            .await
            .map_err(|refused| Error::PolicyRefused(refused.to_string()))?;
    }
    let event = admin_event(
        &caller,
        Details::WebhookEnabled(events::WebhookChanged {
            webhook_id,
            by_key_id: caller.key.id,
        }),
    );
    let change = tessera_store::WebhookChange::Enable {
        cursor: state.store.audit().max_audit_id().await?,
    };
    let (webhook, _) = state
        .store
        .webhooks()
        .change_webhook(caller.key.org_id, webhook_id, &change, Some(&event))
        .await?;
    webhook.map(view).map(Json).ok_or(Error::NotFound)
}

/// Gives a webhook a new signing secret (admin), shown once: every attempt from now on is
/// signed with it, retries of older events included.
#[utoipa::path(
    post,
    path = "/v1/webhooks/{id}/rotate-secret",
    operation_id = "rotate_webhook_secret",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The webhook id")),
    responses(
        (status = 200, description = "The new secret, shown only now", body = SecretRotated),
        (status = 404, description = "No such webhook in this organisation, or not a UUID", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn rotate_secret(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<SecretRotated>> {
    caller.require(&[])?;
    let webhook_id = super::parse_id(&id)?;
    let secret = new_secret();
    let event = admin_event(
        &caller,
        Details::WebhookSecretRotated(events::WebhookChanged {
            webhook_id,
            by_key_id: caller.key.id,
        }),
    );
    let change = tessera_store::WebhookChange::Secret {
        stored: seal(&state, webhook_id, &secret)?,
        replacing: None,
    };
    match state
        .store
        .webhooks()
        .change_webhook(caller.key.org_id, webhook_id, &change, Some(&event))
        .await?
    {
        (Some(_), true) => Ok(Json(SecretRotated {
            webhook_id,
            secret: secret.as_str().to_owned(),
        })),
        _ => Err(Error::NotFound),
    }
}

/// Deletes a webhook (admin), with its queued and dead deliveries: nothing more is sent to
/// it.
#[utoipa::path(
    delete,
    path = "/v1/webhooks/{id}",
    operation_id = "delete_webhook",
    tag = "webhooks",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The webhook id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such webhook in this organisation, or not a UUID", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn delete(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let webhook_id = super::parse_id(&id)?;
    let event = admin_event(
        &caller,
        Details::WebhookDeleted(events::WebhookChanged {
            webhook_id,
            by_key_id: caller.key.id,
        }),
    );
    if state
        .store
        .webhooks()
        .delete_webhook(caller.key.org_id, webhook_id, &event)
        .await?
    {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn webhook_urls_are_absolute_http_without_credentials() {
        let cases = [
            ("https://crm.example.org/hook", true),
            ("http://127.0.0.1:9000/h", true),
            ("ftp://example.org/", false),
            ("/relative", false),
            ("https://user:pw@example.org/", false),
            ("not a url", false),
        ];
        for (url, ok) in cases {
            assert_eq!(check_url(url).is_ok(), ok, "{url}");
        }
    }
}

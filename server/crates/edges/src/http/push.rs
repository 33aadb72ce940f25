//! Web Push subscriptions of the host page (issue 31): a host's browser subscribes with the
//! server's VAPID key (`GET /v1/push/key`) and hands its subscription over (`POST
//! /v1/push/subscriptions`); from then on a walk-in for the host is pushed to it, encrypted
//! to that browser, with Approve and Deny actions (`tessera_flows::mail`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_store::PushSubscriptionRow;

/// Longest endpoint accepted.
const MAX_ENDPOINT: usize = 2048;

/// Browsers a host is subscribed in at most. Each walk-in is pushed to every one of them,
/// so the number is bounded; a host with more phones and browsers than this is rare, and
/// one subscribing anew is the one in use: the oldest subscription is dropped, never the
/// new one refused (a host cannot list or clean up old browsers from the page).
const MAX_SUBSCRIPTIONS_PER_HOST: i64 = 10;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/push/key", get(key)).route(
        "/v1/push/subscriptions",
        post(subscribe).delete(unsubscribe),
    )
}

/// The server's VAPID public key.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PushKey {
    /// `applicationServerKey` for `pushManager.subscribe`: an uncompressed P-256 point,
    /// base64url.
    public_key: String,
}

/// The key browsers subscribe to Web Push with (no credential: it is public).
#[utoipa::path(
    get,
    path = "/v1/push/key",
    operation_id = "push_key",
    tag = "hosts",
    responses((status = 200, description = "The VAPID public key", body = PushKey))
)]
pub(super) async fn key(State(state): State<AppState>) -> Json<PushKey> {
    Json(PushKey {
        public_key: state.mailer.vapid_key(),
    })
}

/// A browser's push subscription, as `PushSubscription.toJSON()` gives it.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct Subscription {
    /// The push service's endpoint (https).
    endpoint: String,
    /// The browser's keys.
    keys: SubscriptionKeys,
    /// Ignored (some browsers send it).
    #[serde(default, rename = "expirationTime")]
    #[allow(dead_code)]
    expiration_time: Option<serde_json::Value>,
    /// The language the host page is in (a BCP 47 tag): its notifications are written in
    /// it. Not part of `toJSON()`; the page adds it.
    #[serde(default)]
    #[schema(example = "de", max_length = 35)]
    language: Option<String>,
}

/// A subscription's keys.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct SubscriptionKeys {
    /// The browser's P-256 key, base64url.
    p256dh: String,
    /// Its auth secret, base64url.
    auth: String,
}

/// A subscription recorded.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Subscribed {
    subscription_id: Uuid,
    /// The host's oldest subscriptions dropped to keep it at 10 browsers (0 or 1).
    dropped_oldest: u64,
}

/// Subscribes the calling host's browser to Web Push (a host's key or session). A host is
/// subscribed in at most 10 browsers: the 11th drops the oldest.
#[utoipa::path(
    post,
    path = "/v1/push/subscriptions",
    operation_id = "subscribe_push",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    request_body = Subscription,
    responses(
        (status = 201, description = "Subscribed (a subscription of the same endpoint is replaced; past 10 browsers the host's oldest subscription is dropped)", body = Subscribed),
        (status = 401, description = "Missing or unknown credential", body = ErrorBody),
        (status = 403, description = "Not a host", body = ErrorBody),
        (status = 422, description = "`invalid_field`: keys that are not a P-256 key and a 16-byte secret, or an endpoint that is not https or points inside the network", body = ErrorBody),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn subscribe(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<Subscription>,
) -> Result<(StatusCode, Json<Subscribed>)> {
    if caller.role != Role::Host {
        return Err(Error::Forbidden);
    }
    if body.endpoint.len() > MAX_ENDPOINT {
        return Err(Error::InvalidField("endpoint", "endpoint: too long".into()));
    }
    let endpoint = url::Url::parse(&body.endpoint)
        .map_err(|_| Error::InvalidField("endpoint", "endpoint: not a URL".into()))?;
    state
        .mailer
        .check_endpoint(&endpoint)
        .await
        .map_err(|rule| Error::InvalidField("endpoint", format!("endpoint: {rule}")))?;
    // The keys must encrypt: try them once.
    tessera_flows::push::encrypt(&body.keys.p256dh, &body.keys.auth, b"{}").map_err(|_| {
        Error::InvalidField(
            "keys",
            "keys: p256dh must be a P-256 key and auth a 16-byte secret, base64url".into(),
        )
    })?;
    let language = super::language_tag(body.language.as_deref())?;
    let row = PushSubscriptionRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        host_id: caller.key.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        created_at_ms: tessera_domain::now_ms(),
        language: language.map(|tag| tag.as_str().to_owned()),
    };
    let dropped_oldest = state
        .store
        .messages()
        .put_push_subscription(&row, MAX_SUBSCRIPTIONS_PER_HOST)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(Subscribed {
            subscription_id: row.id,
            dropped_oldest,
        }),
    ))
}

/// The endpoint to unsubscribe.
#[derive(Debug, Deserialize, ToSchema)]
pub(super) struct Unsubscribe {
    endpoint: String,
}

/// Unsubscribes one of the calling host's browsers (a host's key or session).
#[utoipa::path(
    delete,
    path = "/v1/push/subscriptions",
    operation_id = "unsubscribe_push",
    tag = "hosts",
    security(("api_key" = []), ("console_session" = [])),
    request_body = Unsubscribe,
    responses(
        (status = 204, description = "Unsubscribed (or was not subscribed)"),
        (status = 401, description = "Missing or unknown credential", body = ErrorBody),
        (status = 403, description = "Not a host", body = ErrorBody),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn unsubscribe(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<Unsubscribe>,
) -> Result<StatusCode> {
    if caller.role != Role::Host {
        return Err(Error::Forbidden);
    }
    state
        .store
        .messages()
        .delete_push_subscription(Some(caller.key.id), Some(&body.endpoint), None)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

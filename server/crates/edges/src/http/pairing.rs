//! Pairing a browser gate (issue 14), and revoking a gate.
//!
//! A guard never types a device token. An admin asks for a pairing link
//! (`POST /v1/gates/{id}/pairing`): its secret sits in the URL fragment, so it reaches no
//! log and no `Referer`; it works once and for ten minutes, and its creation and use are
//! audited. The web gate opened at that link sends the secret to `POST /v1/gates/pair`,
//! which rotates the gate's device credential (the previously paired device is cut off) and
//! sets it as an `HttpOnly`, `Secure`, `SameSite=Strict` cookie, because a browser cannot
//! put `Authorization` on a WebSocket upgrade. The gate WebSocket accepts that cookie only
//! when the upgrade's `Origin` is this server's own (no cross-site WebSocket hijacking);
//! native gates keep sending `Authorization: Bearer` and are unchanged.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{parse_id, rfc3339, ApiCaller, ApiJson, Peer};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ByKey, Details, Paired, PairingCreated};
use tessera_store::{GateRow, PairingRow};

/// How long a pairing link works.
pub const PAIRING_LIFETIME: Duration = Duration::from_secs(10 * 60);

/// The cookie that carries a browser gate's device credential.
pub const GATE_COOKIE: &str = "tessera_gate";

/// How long the browser keeps the credential (Chromium's longest, 400 days); a re-pairing or
/// a revocation ends it sooner.
const COOKIE_MAX_AGE_S: u64 = 400 * 86_400;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/gates/{id}/pairing", post(create))
        .route("/v1/gates/{id}/revoke", post(revoke))
        .route("/v1/gates/pair", post(pair))
        .route("/v1/gate/me", get(me))
}

fn subject(gate: &GateRow) -> Subject {
    Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    }
}

/// A one-time pairing link for a gate.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PairingLink {
    /// `<public url>/gate#pair=<secret>`: open it on the tablet. Works once.
    pairing_url: String,
    /// RFC 3339, UTC: ten minutes from now.
    #[schema(format = DateTime)]
    expires_at: String,
}

/// A gate device, as the paired browser sees it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateInfo {
    gate_id: Uuid,
    label: String,
    site: Option<String>,
    /// The gate's language, the organisation's default and the site's zone (issue 34).
    #[serde(flatten)]
    locale: super::locale::PageLocale,
}

/// A revoked gate.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateRevoked {
    gate_id: Uuid,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    revoked_at: String,
}

/// Makes a one-time, ten-minute pairing link for a gate (admin only).
#[utoipa::path(
    post,
    path = "/v1/gates/{id}/pairing",
    operation_id = "create_pairing",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The gate id")),
    responses(
        (status = 201, description = "The link", body = PairingLink),
        (status = 404, description = "No such gate in this organisation, revoked, or not a UUID", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn create(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<PairingLink>)> {
    caller.require(&[])?;
    let gate_id = parse_id(&id)?;
    let secret = tessera_flows::credentials::mint();
    let now = tessera_domain::now_ms();
    let lifetime_ms = i64::try_from(PAIRING_LIFETIME.as_millis()).unwrap_or(i64::MAX);
    let pairing = PairingRow {
        secret_hash: secret.hash,
        gate_id,
        org_id: caller.key.org_id,
        created_at_ms: now,
        expires_at_ms: now.saturating_add(lifetime_ms),
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(caller.key.org_id),
            gate_id: Some(gate_id),
            pass_id: None,
        },
        Details::GatePairingCreated(PairingCreated {
            by_key_id: caller.key.id,
            expires_at: rfc3339(pairing.expires_at_ms),
            secret_sha256: tessera_flows::credentials::fingerprint(&secret.hash),
        }),
    )
    .by(caller.person.as_ref());
    if !state.store.gates().insert_pairing(&pairing, &event).await? {
        return Err(Error::NotFound);
    }
    Ok((
        StatusCode::CREATED,
        Json(PairingLink {
            pairing_url: format!("{}/gate#pair={}", state.public_url, secret.text.as_str()),
            expires_at: rfc3339(pairing.expires_at_ms),
        }),
    ))
}

/// The secret of a pairing link.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PairRequest {
    /// `pair` of the link's fragment.
    pairing_secret: String,
}

impl std::fmt::Debug for PairRequest {
    /// The pairing secret is a bearer secret: never in logs or error output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PairRequest")
            .field("pairing_secret", &"***")
            .finish()
    }
}

/// Pairs this browser as the link's gate. No API key: the pairing secret in the body is the
/// credential. Rotates the gate's device credential (the previous device is cut off) and
/// sets it as the `HttpOnly` cookie `tessera_gate`.
#[utoipa::path(
    post,
    path = "/v1/gates/pair",
    operation_id = "pair_gate",
    tag = "gates",
    request_body = PairRequest,
    responses(
        (status = 200, description = "Paired", body = GateInfo, headers(
            ("Set-Cookie" = String, description = "`tessera_gate=<device credential>; HttpOnly; Secure; SameSite=Strict; Path=/`"),
        )),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 403, description = "Not from this server's own `Origin` (the `/gate` page)", body = ErrorBody),
        (status = 404, description = "`invalid_pairing`: the link was used, has expired, was replaced by a newer link, never existed or its gate was revoked", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn pair(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<PairRequest>,
) -> Result<Response> {
    // No credential here either: the same per-source budget as a claim, before any
    // database work; a wrong, used or expired link counts as a failed authentication.
    let source = state.sources.source(&headers, peer);
    // A link is a one-time credential: verified first, under the server-wide bound claims
    // share, so that others' failures at this address do not refuse it (`crate::abuse`).
    let _slot = state
        .sources
        .claim()
        .await
        .map_err(|crate::abuse::RetryAfter(wait)| Error::RateLimited(wait))?;
    // The page that pairs is this server's own `/gate`: another site cannot spend a link
    // (and the link stays usable when it tries).
    if !state.own_origin.matches(&headers) {
        return Err(Error::Forbidden);
    }
    let credential = tessera_flows::credentials::mint();
    let secret_hash = tessera_flows::credentials::hash(&body.pairing_secret);
    let paired = state
        .store
        .gates()
        .redeem_pairing(
            &secret_hash,
            &credential.hash,
            tessera_domain::now_ms(),
            &|gate| {
                audit::event(
                    Severity::Info,
                    subject(gate),
                    Details::GatePaired(Paired {
                        secret_sha256: tessera_flows::credentials::fingerprint(&secret_hash),
                    }),
                )
            },
        )
        .await?;
    let Some(gate) = paired else {
        super::auth_failed(&state, source, "gate_pairing", true);
        // Past its failure budget, a source's failing links are answered 429.
        return Err(super::failing(&state, source, Error::InvalidPairing));
    };
    state.sources.verified(&credential.hash);
    // The previous device's credential is gone: close its sockets on this replica now
    // (other replicas notice at their next ping).
    state.revoke_gate_sockets(gate.id);
    let cookie = format!(
        "{GATE_COOKIE}={}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age={COOKIE_MAX_AGE_S}",
        credential.text.as_str()
    );
    let locale = super::locale::Locale::of(&state, gate.org_id).await?;
    let mut response = Json(gate_info(gate, &locale)).into_response();
    let value = HeaderValue::from_str(&cookie)
        .map_err(|_| Error::Internal("a minted credential is not a header value"))?;
    response.headers_mut().insert(header::SET_COOKIE, value);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Revokes a gate (admin only): its credentials get 401 and its open sockets are closed.
#[utoipa::path(
    post,
    path = "/v1/gates/{id}/revoke",
    operation_id = "revoke_gate",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The gate id")),
    responses(
        (status = 200, description = "Revoked", body = GateRevoked),
        (status = 404, description = "No such gate in this organisation, already revoked, or not a UUID", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn revoke(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<GateRevoked>> {
    caller.require(&[])?;
    let gate_id = parse_id(&id)?;
    let now = tessera_domain::now_ms();
    let event = audit::event(
        Severity::Warning,
        Subject {
            org_id: Some(caller.key.org_id),
            gate_id: Some(gate_id),
            pass_id: None,
        },
        Details::GateRevoked(ByKey {
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    if !state
        .store
        .gates()
        .revoke_gate(caller.key.org_id, gate_id, now, &event)
        .await?
    {
        return Err(Error::NotFound);
    }
    state.revoke_gate_sockets(gate_id);
    Ok(Json(GateRevoked {
        gate_id,
        revoked_at: rfc3339(now),
    }))
}

/// The paired gate of this browser, so a reloaded page knows it is still paired (the
/// credential itself is `HttpOnly`).
#[utoipa::path(
    get,
    path = "/v1/gate/me",
    operation_id = "gate_me",
    tag = "gates",
    security(("gate_cookie" = [])),
    responses(
        (status = 200, description = "The paired gate", body = GateInfo),
        (status = 401, description = "No gate cookie, or its credential was rotated or revoked", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn me(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
) -> Result<Json<GateInfo>> {
    let source = state.sources.source(&headers, peer);
    let Some(token) = cookie_credential(&headers) else {
        super::refuse_spent_source(&state, source, "gate_me")?;
        return Err(Error::Unauthorized);
    };
    // Another site's page may not read with the cookie (the console's rule too).
    if state.own_origin.is_foreign(&headers) {
        super::auth_failed(&state, source, "gate_me_origin", true);
        return Err(Error::Forbidden);
    }
    let hash = tessera_flows::credentials::hash(token);
    super::admit_credential(&state, source, &hash, "gate_me")?;
    match state.store.gates().gate_by_token_hash(&hash).await? {
        Some(gate) => {
            state.sources.verified(&hash);
            let locale = super::locale::Locale::of(&state, gate.org_id).await?;
            Ok(Json(gate_info(gate, &locale)))
        }
        None => {
            state.sources.forget(&hash);
            super::auth_failed(&state, source, "gate_me", true);
            Err(Error::Unauthorized)
        }
    }
}

fn gate_info(gate: GateRow, locale: &super::locale::Locale) -> GateInfo {
    GateInfo {
        locale: locale.for_page(gate.language.as_deref(), gate.site.as_deref()),
        gate_id: gate.id,
        label: gate.label,
        site: gate.site,
    }
}

/// The device credential in the gate cookie, if the request carries one.
pub fn cookie_credential(headers: &HeaderMap) -> Option<&str> {
    super::console::cookie(headers, GATE_COOKIE)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn the_gate_cookie_is_found_among_others() {
        let map = headers(&[("cookie", "a=1; tessera_gate=secret ; b=2")]);
        assert_eq!(cookie_credential(&map), Some("secret"));
        let map = headers(&[("cookie", "a=1"), ("cookie", "tessera_gate=two")]);
        assert_eq!(cookie_credential(&map), Some("two"));
        for none in ["tessera_gate=", "tessera_gatex=1", "x=tessera_gate"] {
            assert_eq!(
                cookie_credential(&headers(&[("cookie", none)])),
                None,
                "{none}"
            );
        }
    }
}

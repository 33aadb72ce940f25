//! Console sign-in: an API key exchanged once for an `HttpOnly` session cookie
//! (`docs/console.md`).
//!
//! The page never keeps the key: it posts it here and forgets it. The cookie's value is a
//! fresh 32-byte secret of which only the SHA-256 is stored, beside the key it stands for
//! and a fixed end (`TESSERA_CONSOLE_SESSION_TTL_S`), so a session survives a restart and
//! works on every replica. Cross-site requests are refused twice over: the cookie is
//! `SameSite=Strict`, and every request that changes something with it must carry this
//! server's own `Origin` and the session's CSRF token, which is derived from the cookie's
//! secret (so nothing more is stored) and which a page of another origin cannot read.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::auth::csrf_token;
pub use super::auth::{cookie, CONSOLE_COOKIE, CSRF_HEADER};
use super::{auth_failed, rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ByKey, Details, SignedIn};
use tessera_store::ConsoleSessionRow;

pub(super) fn router() -> Router<AppState> {
    Router::new().route(
        "/v1/console/session",
        post(sign_in).get(current).delete(sign_out),
    )
}

/// An admin or auditor API key to exchange for a console session.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct SignIn {
    api_key: String,
}

impl std::fmt::Debug for SignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SignIn(<redacted>)")
    }
}

/// A host's session also names its unit, for the `/host` page's header.
async fn host_unit(state: &AppState, session: &ConsoleSessionRow) -> Result<Option<String>> {
    if session.key.role != Role::Host {
        return Ok(None);
    }
    Ok(state
        .store
        .people()
        .host(session.key.org_id, session.key.id)
        .await?
        .and_then(|host| host.unit))
}

/// A console or host-page session, as sign-in and `GET /v1/console/session` show it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SessionView {
    /// `admin`, `auditor` or `host`.
    #[schema(example = "auditor")]
    role: &'static str,
    org_id: Uuid,
    /// The API key (or host) signed in.
    key_id: Uuid,
    /// Its label.
    label: String,
    /// Send it as `X-CSRF-Token` with every state-changing request.
    csrf_token: String,
    /// RFC 3339, UTC: when the session ends.
    #[schema(format = DateTime)]
    expires_at: String,
    /// A host's unit (flat, office), when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    /// The person, when they signed in through the organisation's identity provider.
    #[serde(skip_serializing_if = "Option::is_none")]
    person: Option<tessera_domain::sso::Person>,
    /// The organisation's default language and time zone (issue 34).
    #[serde(flatten)]
    locale: super::locale::PageLocale,
}

fn session_view(
    session: &ConsoleSessionRow,
    secret: &str,
    unit: Option<String>,
    locale: &super::locale::Locale,
) -> SessionView {
    SessionView {
        locale: locale.for_page(None, None),
        role: session.key.role.as_str(),
        org_id: session.key.org_id,
        key_id: session.key.id,
        label: session.key.label.clone(),
        csrf_token: csrf_token(secret),
        expires_at: rfc3339(session.expires_at_ms),
        unit: unit.filter(|_| session.key.role == Role::Host),
        person: session.person(),
    }
}

fn set_cookie(secret: &str, max_age_s: u64) -> Result<HeaderValue> {
    HeaderValue::from_str(&format!(
        "{CONSOLE_COOKIE}={secret}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age={max_age_s}"
    ))
    .map_err(|_| Error::Internal("session cookie is not a header value"))
}

/// Signs in to the security console (an admin or auditor key) or the host page (a host
/// key): exchanges the key for the `tessera_console` session cookie (`docs/console.md`).
/// Needs this server's `Origin`.
#[utoipa::path(
    post,
    path = "/v1/console/session",
    operation_id = "console_sign_in",
    tag = "console",
    request_body = SignIn,
    responses(
        (status = 201, description = "The session, and its cookie", body = SessionView, headers(
            ("Set-Cookie" = String, description = "`tessera_console=<session>; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=<ttl>`"),
        )),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 401, description = "Unknown API key", body = ErrorBody),
        (status = 403, description = "An issuer key, or not this server's `Origin`", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn sign_in(
    State(state): State<AppState>,
    super::Peer(peer): super::Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SignIn>,
) -> Result<Response> {
    let source = state.sources.source(&headers, peer);
    if !state.own_origin.matches(&headers) {
        return Err(Error::Forbidden);
    }
    let hash = tessera_flows::credentials::hash(body.api_key.trim());
    super::auth::admit_credential(&state, source, &hash, "console")?;
    let Some(key) = state
        .store
        .orgs()
        .api_key_by_hash(&hash, tessera_domain::now_ms())
        .await?
    else {
        state.sources.forget(&hash);
        auth_failed(&state, source, "console", true);
        return Err(Error::Unauthorized);
    };
    state.sources.verified(&hash);
    // Hosts sign in the same way, for the `/host` page (issue 16).
    if !matches!(
        key.role,
        Role::Admin | Role::Auditor | Role::Host | Role::Security
    ) {
        return Err(Error::Forbidden);
    }
    // An organisation that signs its staff in through its identity provider may switch
    // key sign-in off (`docs/sign-in.md`); keys keep working as bearer credentials.
    if let Some(sso) = state.store.sso().sso_config(key.org_id).await? {
        if !sso.key_sign_in {
            return Err(Error::KeySignInOff);
        }
    }
    let minted = tessera_flows::credentials::mint();
    let now = tessera_domain::now_ms();
    let ttl_s = state.settings.console_session_ttl_s;
    let expires_at_ms = now.saturating_add(i64::try_from(ttl_s).unwrap_or(i64::MAX) * 1000);
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(key.org_id),
            ..Subject::default()
        },
        Details::ConsoleSignedIn(SignedIn {
            by_key_id: key.id,
            role: key.role.as_str().to_owned(),
            person: None,
        }),
    );
    state
        .store
        .people()
        .insert_console_session(&minted.hash, &key, now, expires_at_ms, &event)
        .await?;
    // The cookie comes back with the next request: known good from now on.
    state.sources.verified(&minted.hash);
    let session = ConsoleSessionRow {
        key,
        expires_at_ms,
        person_name: None,
        person_issuer: None,
        person_subject: None,
    };
    let mut response = (
        StatusCode::CREATED,
        Json(session_view(
            &session,
            &minted.text,
            host_unit(&state, &session).await?,
            &super::locale::Locale::of(&state, session.key.org_id).await?,
        )),
    )
        .into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie(&minted.text, ttl_s)?);
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// The console session of this cookie (`docs/console.md`).
#[utoipa::path(
    get,
    path = "/v1/console/session",
    operation_id = "console_session",
    tag = "console",
    security(("console_session" = [])),
    responses(
        (status = 200, description = "The session, as at sign-in", body = SessionView),
        (status = 401, description = "No session cookie, or an expired or ended session", body = ErrorBody),
        (status = 403, description = "Another site's `Origin`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn current(
    State(state): State<AppState>,
    super::Peer(peer): super::Peer,
    headers: HeaderMap,
) -> Result<Response> {
    let Some(secret) = cookie(&headers, CONSOLE_COOKIE) else {
        return Err(Error::Unauthorized);
    };
    let hash = tessera_flows::credentials::hash(secret);
    let Some(session) = state
        .store
        .people()
        .console_session(&hash, tessera_domain::now_ms())
        .await?
    else {
        return Err(Error::Unauthorized);
    };
    // Another site's page reading the session (its CSRF token among it) is refused like
    // every other read with the cookie (`session_caller`), and told to the tenant.
    if state.own_origin.is_foreign(&headers) {
        state.sources.failed(
            state.sources.source(&headers, peer),
            crate::abuse::Aggregates::AuthFailure,
            Some(session.key.org_id),
            "console",
            "foreign_origin",
        );
        return Err(Error::Forbidden);
    }
    let unit = host_unit(&state, &session).await?;
    let locale = super::locale::Locale::of(&state, session.key.org_id).await?;
    let mut response = Json(session_view(&session, secret, unit, &locale)).into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}

/// Signs out: deletes the session and clears its cookie. Needs this server's `Origin` and
/// the session's `X-CSRF-Token`.
#[utoipa::path(
    delete,
    path = "/v1/console/session",
    operation_id = "console_sign_out",
    tag = "console",
    security(("console_session" = []), ("api_key" = [])),
    responses(
        (status = 200, description = "Signed out of a single sign-on session whose provider ends its own session too: send the browser to `end_session_url`; `Set-Cookie` clears the cookie", body = SignedOut),
        (status = 204, description = "Signed out; `Set-Cookie` clears the cookie"),
        (status = 400, description = "The request carries no console session (a bearer key only)", body = ErrorBody),
        (status = 403, description = "Not this server's `Origin`, or a wrong or missing `X-CSRF-Token`", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn sign_out(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
) -> Result<Response> {
    // The extractor has checked the session, its Origin and its CSRF token.
    let Some(secret) = cookie(&headers, CONSOLE_COOKIE) else {
        return Err(Error::BadRequest(
            "sign-out ends a console session; this request has none".into(),
        ));
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(caller.key.org_id),
            ..Subject::default()
        },
        Details::ConsoleSignedOut(ByKey {
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    state
        .store
        .people()
        .delete_console_session(&tessera_flows::credentials::hash(secret), &event)
        .await?;
    // A person who signed in through the provider signs out there too (RP-initiated
    // logout), when the provider offers it.
    let end_session_url = match caller.person {
        Some(_) => {
            let back_to = format!("{}/console", state.public_url.trim_end_matches('/'));
            state.sso.end_session_url(caller.key.org_id, &back_to).await
        }
        None => None,
    };
    let mut response = match end_session_url {
        Some(url) => Json(SignedOut {
            end_session_url: url.to_string(),
        })
        .into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    };
    response
        .headers_mut()
        .insert(header::SET_COOKIE, set_cookie("", 0)?);
    Ok(response)
}

/// A single sign-on session signed out here: the provider's own session ends at this URL.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SignedOut {
    /// The provider's end-session URL; send the browser there.
    end_session_url: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csrf_token_is_derived_from_the_secret_and_differs_from_it() {
        let a = csrf_token("secret-a");
        assert_eq!(a, csrf_token("secret-a"));
        assert_ne!(a, csrf_token("secret-b"));
        assert!(!a.contains("secret"));
        assert_eq!(a.len(), 43);
    }

    #[test]
    fn cookies_are_found_by_exact_name() {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("tessera_console_x=1; tessera_console=abc; other=2"),
        );
        assert_eq!(cookie(&headers, CONSOLE_COOKIE), Some("abc"));
        assert_eq!(cookie(&headers, "missing"), None);
        headers.insert(header::COOKIE, HeaderValue::from_static("tessera_console="));
        assert_eq!(cookie(&headers, CONSOLE_COOKIE), None);
    }
}

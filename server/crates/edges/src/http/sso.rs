//! Staff sign-in with the organisation's identity provider over HTTP (`docs/sign-in.md`):
//! an admin's settings (`/v1/sso`), the browser's round trip through the provider
//! (`/v1/sso/start` → provider → `/v1/sso/callback`), the provider's back-channel logout,
//! and an admin's list of live sessions. The flows are `tessera_flows::sso`.
//!
//! The callback ends in the same session cookie as a key sign-in (`http::console`): what
//! follows sign-in is unchanged. It answers a small page that moves on to the console or
//! host page itself, because a cookie set `SameSite=Strict` in a navigation that another
//! site began (the provider's redirect) would not ride along on a redirect of that same
//! navigation; a navigation this server's own page begins carries it.
//!
//! Sign-in by email goes only to a domain an organisation proved (`/v1/sso/domains`: a
//! DNS TXT record, or the operator's `tessera-server sso assign`); otherwise staff use the
//! organisation's own link (`/v1/sso/start?org=`). Starts are bounded per source and live
//! sign-ins per organisation, and a callback with an unknown `state` is a failed
//! authentication of its source, as a wrong key is.
//!
//! The browser round trip answers pages, not JSON: a person reads them. Every failure names
//! what went wrong and how to go on, makes no session, and is audited
//! (`sso_sign_in_failed`) once the organisation is known.

use axum::extract::rejection::{FormRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::pages::{html_escape, page, page_with_head};
use super::{rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, SessionEnded};
use tessera_domain::sso::{Domain, Page, RoleMapping};
use tessera_flows::sso::{Callback, ConfigInput, SsoError};
use tessera_store::SsoConfigRow;

/// The cookie that binds a sign-in under way to the browser that began it.
pub const LOGIN_COOKIE: &str = "tessera_sso";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/sso", get(read).put(configure).delete(remove))
        .route("/v1/sso/start", get(start))
        .route("/v1/sso/callback", get(callback))
        .route("/v1/sso/back-channel-logout", post(back_channel_logout))
        .route("/v1/sso/domains", get(list_domains).post(claim_domain))
        .route(
            "/v1/sso/domains/{domain}",
            axum::routing::delete(release_domain),
        )
        .route("/v1/sso/domains/{domain}/verify", post(verify_domain))
        .route("/v1/console/sessions", get(sessions))
        .route(
            "/v1/console/sessions/{id}",
            axum::routing::delete(end_session),
        )
}

impl From<SsoError> for Error {
    fn from(error: SsoError) -> Self {
        match error {
            SsoError::Store(store) => Error::Store(store),
            SsoError::Invalid(message) => Error::BadRequest(message),
            SsoError::NotConfigured(_) => Error::NotFound,
            SsoError::Unreachable(message) => Error::PolicyRefused(format!(
                "the identity provider could not be reached: {message}"
            )),
            SsoError::BadToken(message) => Error::BadRequest(message),
            SsoError::Seal(_) => Error::Internal("a sealed client secret cannot be opened"),
            SsoError::Busy => Error::RateLimited(std::time::Duration::from_secs(60)),
            SsoError::DomainNotClaimed(_) => Error::NotFound,
            SsoError::DomainTaken(domain) => Error::Conflict(
                "domain_taken",
                format!("another organisation has proven {domain}; a domain signs in to one organisation"),
            ),
            SsoError::DomainNotProven(message) => Error::InvalidField("domain", message),
            other => Error::BadRequest(other.to_string()),
        }
    }
}

/// The organisation's identity provider, as an admin set it up.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct SsoSettings {
    /// The provider's issuer URL, exactly as its discovery document names it.
    #[schema(example = "https://login.example.com/realms/staff")]
    issuer: String,
    /// This organisation's client id at the provider.
    #[schema(example = "tessera")]
    client_id: String,
    /// The client secret. Required the first time; leave it out to keep the stored one.
    #[serde(default)]
    client_secret: Option<String>,
    /// Email domains admitted (exactly, not their subdomains); empty admits anyone the
    /// provider vouches for. This only filters who may sign in once the provider vouched
    /// for them: sign-in by email routes only through a proven domain
    /// (`/v1/sso/domains`).
    #[serde(default)]
    #[schema(example = json!(["example.com"]))]
    allowed_domains: Vec<String>,
    /// The claim whose values map to roles: `groups`, `roles`, or a dotted path such as
    /// Keycloak's `realm_access.roles`. Default `groups`.
    #[serde(default = "default_role_claim")]
    role_claim: String,
    /// Which claim value gives which role; a person matching several gets the strongest
    /// (admin, auditor, issuer, host), one matching none is refused.
    role_map: Vec<RoleMapping>,
    /// Whether staff may still sign in to the pages with an API key (default true). API
    /// keys keep working for scripts either way.
    #[serde(default = "default_true")]
    key_sign_in: bool,
}

impl std::fmt::Debug for SsoSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SsoSettings")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

fn default_role_claim() -> String {
    "groups".to_owned()
}

fn default_true() -> bool {
    true
}

/// The organisation's identity provider (never its client secret), and the addresses to
/// register at the provider.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SsoView {
    issuer: String,
    client_id: String,
    /// Always true: a secret is stored (it is never shown).
    client_secret_set: bool,
    allowed_domains: Vec<String>,
    role_claim: String,
    role_map: Vec<RoleMapping>,
    key_sign_in: bool,
    /// Register this as the client's redirect URI at the provider.
    redirect_uri: String,
    /// Register this as the client's back-channel logout URI (session required).
    back_channel_logout_uri: String,
    /// Register this as a post-logout redirect URI.
    post_logout_redirect_uri: String,
    /// The link staff of this organisation sign in with.
    sign_in_url: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    updated_at: String,
}

fn view(state: &AppState, row: &SsoConfigRow) -> SsoView {
    let base = state.public_url.trim_end_matches('/');
    SsoView {
        issuer: row.issuer.clone(),
        client_id: row.client_id.clone(),
        client_secret_set: true,
        allowed_domains: row
            .allowed_domains
            .0
            .iter()
            .map(|domain| domain.as_str().to_owned())
            .collect(),
        role_claim: row.role_claim.clone(),
        role_map: row.role_map.0.clone(),
        key_sign_in: row.key_sign_in,
        redirect_uri: state.sso.redirect_url().to_owned(),
        back_channel_logout_uri: format!("{base}/v1/sso/back-channel-logout"),
        post_logout_redirect_uri: format!("{base}/console"),
        sign_in_url: format!("{base}/v1/sso/start?org={}", row.org_id),
        updated_at: rfc3339(row.updated_at_ms),
    }
}

/// The organisation's identity provider (`docs/sign-in.md`).
#[utoipa::path(
    get,
    path = "/v1/sso",
    operation_id = "read_sso",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The provider, without its secret", body = SsoView),
        (status = 403, description = "Not an admin or auditor", body = ErrorBody),
        (status = 404, description = "No identity provider is set up", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn read(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<SsoView>> {
    caller.require(&[Role::Auditor])?;
    let row = state
        .store
        .sso()
        .sso_config(caller.key.org_id)
        .await?
        .ok_or(Error::NotFound)?;
    Ok(Json(view(&state, &row)))
}

/// Sets up (or changes) the organisation's identity provider. The provider's discovery
/// document is fetched now: one that cannot be reached is refused.
#[utoipa::path(
    put,
    path = "/v1/sso",
    operation_id = "configure_sso",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    request_body = SsoSettings,
    responses(
        (status = 200, description = "Stored", body = SsoView),
        (status = 400, description = "A bad value, or no secret the first time", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`refused_by_policy`: the provider could not be reached, or is inside the network and not allowed (`TESSERA_IDP_ALLOW`)", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn configure(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<SsoSettings>,
) -> Result<Json<SsoView>> {
    caller.require(&[])?;
    let allowed_domains = body
        .allowed_domains
        .iter()
        .map(|domain| Domain::parse(domain))
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|error| Error::BadRequest(error.to_string()))?;
    let input = ConfigInput {
        issuer: body.issuer,
        client_id: body.client_id,
        client_secret: body.client_secret,
        allowed_domains,
        role_claim: body.role_claim,
        role_map: body.role_map,
        key_sign_in: body.key_sign_in,
    };
    let row = state
        .sso
        .configure(caller.key.org_id, input, &caller.actor())
        .await?;
    Ok(Json(view(&state, &row)))
}

/// Removes the organisation's identity provider: nobody new signs in with it (sessions
/// made with it last until they end).
#[utoipa::path(
    delete,
    path = "/v1/sso",
    operation_id = "remove_sso",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 204, description = "Removed"),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No identity provider is set up", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn remove(State(state): State<AppState>, caller: ApiCaller) -> Result<StatusCode> {
    caller.require(&[])?;
    if state.sso.remove(caller.key.org_id, &caller.actor()).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(Error::NotFound)
    }
}

/// A domain to claim for sign-in by email.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct DomainClaim {
    /// The domain, as in people's email addresses.
    #[schema(example = "example.com")]
    domain: String,
}

/// A domain claimed for sign-in by email, and the DNS record that proves it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct DomainView {
    /// The domain.
    domain: String,
    /// Whether it routes sign-in by email (`/v1/sso/start?email=`) to this organisation.
    proven: bool,
    /// `dns` (its TXT record) or `operator` (`tessera-server sso assign`), once proven.
    proven_by: Option<String>,
    /// RFC 3339, UTC, once proven.
    #[schema(format = DateTime)]
    proven_at: Option<String>,
    /// Publish a TXT record at this name…
    #[schema(example = "_tessera-challenge.example.com")]
    txt_name: String,
    /// …holding exactly this, then ask `POST /v1/sso/domains/{domain}/verify`.
    #[schema(example = "tessera-verify=9fJ2…")]
    txt_value: String,
}

/// The organisation's sign-in domains.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct DomainList {
    domains: Vec<DomainView>,
}

fn domain_view(row: &tessera_store::SsoDomainRow) -> DomainView {
    DomainView {
        domain: row.domain.clone(),
        proven: row.proven_at_ms.is_some(),
        proven_by: row.proven_by.clone(),
        proven_at: row.proven_at_ms.map(rfc3339),
        txt_name: row.record_name(),
        txt_value: row.record_value(),
    }
}

fn parse_domain(text: &str) -> Result<Domain> {
    Domain::parse(text).map_err(|_| {
        Error::BadRequest(format!(
            "{:?} is not a domain such as example.com",
            text.chars().take(100).collect::<String>()
        ))
    })
}

/// The organisation's sign-in domains (`docs/sign-in.md`, "Domains").
#[utoipa::path(
    get,
    path = "/v1/sso/domains",
    operation_id = "list_sso_domains",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "Claimed domains, proven or not, with their TXT records", body = DomainList),
        (status = 403, description = "Not an admin or auditor", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list_domains(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<DomainList>> {
    caller.require(&[Role::Auditor])?;
    let rows = state.sso.domains(caller.key.org_id).await?;
    Ok(Json(DomainList {
        domains: rows.iter().map(domain_view).collect(),
    }))
}

/// Claims a domain for sign-in by email: the answer names the DNS TXT record that proves
/// it. Claiming it again answers the same record. It routes nothing until proven.
#[utoipa::path(
    post,
    path = "/v1/sso/domains",
    operation_id = "claim_sso_domain",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    request_body = DomainClaim,
    responses(
        (status = 200, description = "Claimed; publish `txt_value` at `txt_name`", body = DomainView),
        (status = 400, description = "Not a domain, or too many claimed", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn claim_domain(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<DomainClaim>,
) -> Result<Json<DomainView>> {
    caller.require(&[])?;
    let domain = parse_domain(&body.domain)?;
    let row = state
        .sso
        .claim_domain(caller.key.org_id, &domain, &caller.actor())
        .await?;
    Ok(Json(domain_view(&row)))
}

/// Proves a claimed domain by its DNS TXT record; proven, it routes sign-in by email to
/// this organisation.
#[utoipa::path(
    post,
    path = "/v1/sso/domains/{domain}/verify",
    operation_id = "verify_sso_domain",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    params(("domain" = String, Path, description = "The claimed domain")),
    responses(
        (status = 200, description = "Proven", body = DomainView),
        (status = 400, description = "Not a domain", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "This organisation has not claimed the domain", body = ErrorBody),
        (status = 409, description = "`domain_taken`: another organisation proved it first", body = ErrorBody),
        (status = 422, description = "`invalid_field`: the TXT record is missing or holds another value, or DNS did not answer", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn verify_domain(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(domain): Path<String>,
) -> Result<Json<DomainView>> {
    caller.require(&[])?;
    let domain = parse_domain(&domain)?;
    let row = state
        .sso
        .prove_domain(caller.key.org_id, &domain, &caller.actor())
        .await?;
    Ok(Json(domain_view(&row)))
}

/// Releases a domain: it routes sign-in by email here no more.
#[utoipa::path(
    delete,
    path = "/v1/sso/domains/{domain}",
    operation_id = "release_sso_domain",
    tag = "sign-in",
    security(("api_key" = []), ("console_session" = [])),
    params(("domain" = String, Path, description = "The claimed domain")),
    responses(
        (status = 204, description = "Released"),
        (status = 400, description = "Not a domain", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "This organisation has not claimed the domain", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn release_domain(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(domain): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let domain = parse_domain(&domain)?;
    state
        .sso
        .release_domain(caller.key.org_id, &domain, &caller.actor())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Where a sign-in begins: the organisation (or a work email whose domain names it) and
/// the page to return to.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct StartQuery {
    /// The organisation's id (its sign-in link carries it).
    #[serde(default)]
    org: Option<String>,
    /// A work email address, whose domain finds the organisation.
    #[serde(default)]
    email: Option<String>,
    /// `console` (default) or `host`.
    #[serde(default)]
    page: Option<String>,
}

/// Begins a sign-in: sends the browser to the organisation's identity provider.
#[utoipa::path(
    get,
    path = "/v1/sso/start",
    operation_id = "start_sso",
    tag = "sign-in",
    params(StartQuery),
    responses(
        (status = 303, description = "To the provider; `Set-Cookie` binds the sign-in to this browser"),
        (status = 400, description = "A page explaining what to enter", content_type = "text/html", body = String),
        (status = 404, description = "A page: no organisation signs in this way (by email: none proved the domain; use the organisation's own link)", content_type = "text/html", body = String),
        (status = 429, description = "A page: this source began too many sign-ins, or failed too often; see `Retry-After`", content_type = "text/html", body = String),
        (status = 502, description = "A page: the provider cannot be reached", content_type = "text/html", body = String),
        (status = 503, description = "A page: storage unavailable, or too many sign-ins to this organisation under way (`TESSERA_SSO_LIVE_LOGINS`); try again, see `Retry-After`", content_type = "text/html", body = String),
    )
)]
pub(super) async fn start(
    State(state): State<AppState>,
    super::Peer(peer): super::Peer,
    headers: HeaderMap,
    query: std::result::Result<Query<StartQuery>, QueryRejection>,
) -> Response {
    let source = state.sources.source(&headers, peer);
    // A spent source is refused as everywhere; a start is no failure, but each one writes
    // a row that lives ten minutes, so it spends a per-source budget of its own.
    let refused = state
        .sources
        .refused(source)
        .or_else(|| state.sources.start_sign_in(source));
    if let Some(crate::abuse::RetryAfter(wait)) = refused {
        return spent_page(wait, Page::Console);
    }
    let Ok(Query(query)) = query else {
        return problem_page(
            StatusCode::BAD_REQUEST,
            "this sign-in link is damaged: start again from the sign-in page",
            Page::Console,
        );
    };
    let page = match query.page.as_deref() {
        None | Some("console") => Page::Console,
        Some("host") => Page::Host,
        Some(_) => {
            return problem_page(
                StatusCode::BAD_REQUEST,
                "page must be console or host",
                Page::Console,
            )
        }
    };
    let org = match (query.org.as_deref(), query.email.as_deref()) {
        (Some(org), _) => match org.trim().parse::<Uuid>() {
            Ok(org) => Ok(org),
            Err(_) => {
                return problem_page(
                    StatusCode::BAD_REQUEST,
                    "this sign-in link is damaged: ask your admin for your organisation's link",
                    page,
                )
            }
        },
        (None, Some(email)) => state.sso.org_for_email(email).await,
        (None, None) => {
            return problem_page(
                StatusCode::BAD_REQUEST,
                "enter your work email address to sign in with your organisation",
                page,
            )
        }
    };
    let begun = match org {
        Ok(org) => state.sso.begin(org, page).await,
        Err(error) => Err(error),
    };
    match begun {
        Ok(begun) => {
            let mut response = StatusCode::SEE_OTHER.into_response();
            let headers = response.headers_mut();
            if let Ok(location) = HeaderValue::from_str(begun.redirect.as_str()) {
                headers.insert(header::LOCATION, location);
            }
            if let Ok(cookie) = HeaderValue::from_str(&format!(
                "{LOGIN_COOKIE}={}; HttpOnly; Secure; SameSite=Lax; Path=/v1/sso; Max-Age={}",
                begun.browser_secret.text.as_str(),
                tessera_flows::sso::LOGIN_TTL_MS / 1000
            )) {
                headers.insert(header::SET_COOKIE, cookie);
            }
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(error) => failure_page(&error, page),
    }
}

/// The identity provider's callback: verifies the sign-in and makes the session.
#[utoipa::path(
    get,
    path = "/v1/sso/callback",
    operation_id = "sso_callback",
    tag = "sign-in",
    params(
        ("code" = Option<String>, Query, description = "The authorization code"),
        ("state" = Option<String>, Query, description = "The state sent to the provider"),
        ("error" = Option<String>, Query, description = "The provider's error instead of a code"),
        ("error_description" = Option<String>, Query, description = "What the error means"),
    ),
    responses(
        (status = 200, description = "A page that moves on to the console or host page; `Set-Cookie` holds the session", content_type = "text/html", body = String),
        (status = 400, description = "A page: the sign-in link is used, expired or from another browser (a failed authentication of this source), or the provider refused", content_type = "text/html", body = String),
        (status = 429, description = "A page: this source failed too often; see `Retry-After`", content_type = "text/html", body = String),
        (status = 403, description = "A page: this person may not sign in (domain, no mapped role, access revoked)", content_type = "text/html", body = String),
        (status = 502, description = "A page: the provider cannot be reached, or its token failed verification", content_type = "text/html", body = String),
        (status = 503, description = "A page: storage unavailable; try again", content_type = "text/html", body = String),
    )
)]
pub(super) async fn callback(
    State(state): State<AppState>,
    super::Peer(peer): super::Peer,
    headers: HeaderMap,
    query: std::result::Result<Query<Callback>, QueryRejection>,
) -> Response {
    let source = state.sources.source(&headers, peer);
    if let Some(crate::abuse::RetryAfter(wait)) = state.sources.refused(source) {
        state
            .sources
            .refused_request(source, crate::abuse::Aggregates::AuthFailure, "sso");
        return spent_page(wait, Page::Console);
    }
    let Ok(Query(query)) = query else {
        return problem_page(
            StatusCode::BAD_REQUEST,
            "this sign-in answer is damaged: start again from the sign-in page",
            Page::Console,
        );
    };
    let browser = super::console::cookie(&headers, LOGIN_COOKIE);
    let finished = state.sso.finish(&query, browser).await;
    let clear_login = HeaderValue::from_static(
        "tessera_sso=; HttpOnly; Secure; SameSite=Lax; Path=/v1/sso; Max-Age=0",
    );
    let mut response = match finished {
        Ok(finished) => {
            let ttl_s = (finished.session.expires_at_ms - tessera_domain::now_ms()).max(0) / 1000;
            let path = finished.page.path();
            let name = html_escape(&finished.session.key.label);
            let mut response = page_with_head(
                StatusCode::OK,
                "Signed in",
                &format!("<meta http-equiv=\"refresh\" content=\"0;url={path}\">"),
                &format!(
                    "<h1>Signed in</h1><p>Signed in as {name}. <a href=\"{path}\">Continue</a></p>"
                ),
            );
            if let Ok(cookie) = HeaderValue::from_str(&format!(
                "{}={}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age={ttl_s}",
                super::CONSOLE_COOKIE,
                finished.secret.text.as_str()
            )) {
                response.headers_mut().append(header::SET_COOKIE, cookie);
            }
            state.sources.verified(&finished.secret.hash);
            response
        }
        Err(error) => {
            // An unknown, used or foreign state is a guessed or stolen credential: it
            // spends the source's failure budget, as a wrong key does.
            if matches!(error, SsoError::BadState) {
                super::auth_failed(&state, source, "sso", query.state.is_some());
            }
            failure_page(&error, Page::Console)
        }
    };
    response
        .headers_mut()
        .append(header::SET_COOKIE, clear_login);
    response
}

/// The provider's logout token (OIDC Back-Channel Logout 1.0).
#[derive(Deserialize, ToSchema)]
pub(super) struct LogoutForm {
    /// A JWT signed by the provider.
    logout_token: String,
}

impl std::fmt::Debug for LogoutForm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LogoutForm(<redacted>)")
    }
}

/// Sessions ended by a back-channel logout.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct LoggedOut {
    /// How many of this server's sessions ended.
    sessions_ended: u64,
}

/// The identity provider ends a person's sessions (OIDC Back-Channel Logout 1.0): the
/// sessions of the token's `sid` (or its subject) end, and their live streams close within
/// seconds.
#[utoipa::path(
    post,
    path = "/v1/sso/back-channel-logout",
    operation_id = "sso_back_channel_logout",
    tag = "sign-in",
    request_body(content = LogoutForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Verified; the sessions it names have ended", body = LoggedOut),
        (status = 400, description = "Not a valid logout token of a provider set up here, or one taken before (a replay)", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn back_channel_logout(
    State(state): State<AppState>,
    super::Peer(peer): super::Peer,
    headers: HeaderMap,
    form: std::result::Result<Form<LogoutForm>, FormRejection>,
) -> Result<Json<LoggedOut>> {
    let source = state.sources.source(&headers, peer);
    super::refuse_spent_source(&state, source, "sso")?;
    let Ok(Form(form)) = form else {
        return Err(Error::BadRequest(
            "expected a form with logout_token (application/x-www-form-urlencoded)".into(),
        ));
    };
    match state.sso.back_channel_logout(&form.logout_token).await {
        Ok(sessions_ended) => Ok(Json(LoggedOut { sessions_ended })),
        Err(SsoError::Store(error)) => Err(Error::Store(error)),
        Err(error) => {
            super::auth_failed(&state, source, "sso", true);
            Err(Error::BadRequest(error.to_string()))
        }
    }
}

/// A live session, as an admin sees it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SessionView {
    /// The session's id (end it with `DELETE /v1/console/sessions/{id}`).
    id: String,
    /// `admin`, `auditor`, `issuer` or `host`.
    role: Role,
    /// The key or host it acts as.
    key_id: Uuid,
    /// The key's or host's label.
    label: String,
    /// The person, for a sign-in through the identity provider.
    person_name: Option<String>,
    /// Their email.
    person_email: Option<String>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    expires_at: String,
}

/// The organisation's live sessions.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct SessionList {
    sessions: Vec<SessionView>,
}

/// The organisation's live console and host sessions, newest first.
#[utoipa::path(
    get,
    path = "/v1/console/sessions",
    operation_id = "list_sessions",
    tag = "console",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "Live sessions", body = SessionList),
        (status = 403, description = "Not an admin", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn sessions(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<SessionList>> {
    caller.require(&[])?;
    let rows = state
        .store
        .sso()
        .list_sessions(caller.key.org_id, tessera_domain::now_ms())
        .await?;
    Ok(Json(SessionList {
        sessions: rows
            .into_iter()
            .map(|row| SessionView {
                id: tessera_protocol::encoding::base64url(&row.token_hash),
                role: row.role,
                key_id: row.key_id,
                label: row.label,
                person_name: row.person_name,
                person_email: row.person_email,
                created_at: rfc3339(row.created_at_ms),
                expires_at: rfc3339(row.expires_at_ms),
            })
            .collect(),
    }))
}

/// Ends one of the organisation's sessions: its next request is refused, and its live
/// streams close within seconds.
#[utoipa::path(
    delete,
    path = "/v1/console/sessions/{id}",
    operation_id = "end_session",
    tag = "console",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, description = "The session's id, from the list")),
    responses(
        (status = 204, description = "Ended"),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such live session in this organisation", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn end_session(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let Some(token_hash) = tessera_protocol::encoding::base64url_exact::<32>(&id) else {
        return Err(Error::NotFound);
    };
    let org_id = caller.key.org_id;
    let (by_key_id, by_person) = (caller.key.id, caller.person.clone());
    let event = move |key_id: Uuid| {
        audit::event(
            Severity::Warning,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::SessionEnded(SessionEnded {
                by_key_id,
                by_person: by_person.clone(),
                key_id,
            }),
        )
        .by(by_person.as_ref())
    };
    match state
        .store
        .sso()
        .end_session(org_id, &token_hash, &event)
        .await?
    {
        Some(_) => Ok(StatusCode::NO_CONTENT),
        None => Err(Error::NotFound),
    }
}

/// The page of a failed sign-in: its status, what went wrong, the way back.
fn failure_page(error: &SsoError, page: Page) -> Response {
    let status = match error {
        SsoError::BadState
        | SsoError::ProviderSaid(_)
        | SsoError::Invalid(_)
        | SsoError::DomainNotProven(_) => StatusCode::BAD_REQUEST,
        SsoError::NotConfigured(_) | SsoError::DomainNotClaimed(_) => StatusCode::NOT_FOUND,
        SsoError::DomainTaken(_) => StatusCode::CONFLICT,
        SsoError::Busy => StatusCode::SERVICE_UNAVAILABLE,
        SsoError::Refused(_) | SsoError::Revoked => StatusCode::FORBIDDEN,
        SsoError::Unreachable(_) | SsoError::CodeRefused(_) | SsoError::BadToken(_) => {
            StatusCode::BAD_GATEWAY
        }
        SsoError::Store(_) => StatusCode::SERVICE_UNAVAILABLE,
        SsoError::Seal(_) => StatusCode::INTERNAL_SERVER_ERROR,
    };
    let message = match error {
        SsoError::Store(_) => {
            "the server's storage is unavailable; try again in a moment".to_owned()
        }
        SsoError::Seal(_) => {
            tracing::error!(%error, "a sealed client secret cannot be opened");
            "this server cannot use the organisation's sign-in settings; tell your admin".to_owned()
        }
        other => other.to_string(),
    };
    let mut response = problem_page(status, &message, page);
    if matches!(error, SsoError::Busy) {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
    }
    response
}

/// The page of a source refused before any work: 429 with `Retry-After`.
fn spent_page(wait: std::time::Duration, page: Page) -> Response {
    let seconds = wait.as_secs().saturating_add(1);
    let mut response = problem_page(
        StatusCode::TOO_MANY_REQUESTS,
        &format!("too many sign-in attempts from your network; try again in {seconds} seconds"),
        page,
    );
    if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
        response.headers_mut().insert(header::RETRY_AFTER, value);
    }
    response
}

fn problem_page(status: StatusCode, message: &str, back: Page) -> Response {
    let path = back.path();
    page(
        status,
        "Sign-in failed",
        &format!(
            "<h1>Sign-in failed</h1><p role=\"alert\" id=\"sso-problem\">{}</p>\
             <p><a href=\"{path}\">Back to sign-in</a></p>",
            html_escape(message)
        ),
    )
}

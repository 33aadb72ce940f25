//! The REST surface (TSR1 §9): routers per area, merged here, plus the shared extractors.
//! Every REST route is described in the OpenAPI 3.1 document at `/v1/openapi.json`
//! (`openapi.rs`).
//!
//! Every body goes through [`ApiJson`], so malformed JSON, missing fields, wrong types and
//! oversized bodies all answer `{"error":{"code","message"}}` with a 4xx, never axum's
//! plain-text rejections and never a 500.

mod admin;
mod alarms;
mod audit_feed;
mod audit_log;
mod auth;
mod bulk;
mod claims;
mod console;
mod export;
mod gates;
mod health;
mod links;
mod locale;
mod messages;
pub mod metrics;
mod openapi;
mod pages;
mod pairing;
mod passes;
mod privacy;
mod push;
mod roll_calls;
pub mod sites;
mod sso;
mod walk_ins;
mod watchlist;
mod web;
mod webhooks;
mod zones;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, FromRequest};
use axum::http::StatusCode;
use axum::Router;

pub use crate::origin::OwnOrigin;
pub use auth::{
    admit_credential, auth_failed, bearer_token, failing, refuse_spent_source, verify_credential,
    ApiCaller, Peer, Role,
};
pub use console::{cookie, CONSOLE_COOKIE, CSRF_HEADER};
pub use openapi::ApiDoc;
pub use pairing::cookie_credential;

use crate::error::Error;
use crate::state::AppState;

/// Largest accepted REST body.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The whole HTTP application: REST plus `sockets` (the gate WebSocket's routes, which
/// live beside this module and use its extractors), under the same bounds.
pub fn router(state: AppState, sockets: Router<AppState>) -> Router {
    // A whole request, body included, gets at most this long; then 408. (A gate WebSocket's
    // request ends with its 101; the socket it becomes has its own bounds in `ws`.)
    let request_timeout = tower_http::timeout::TimeoutLayer::with_status_code(
        StatusCode::REQUEST_TIMEOUT,
        state.settings.request_timeout,
    );
    let hsts = state.settings.hsts;
    Router::new()
        .merge(health::router())
        .merge(openapi::router())
        .merge(admin::router())
        .merge(pairing::router())
        .merge(passes::router())
        .merge(claims::router())
        .merge(audit_log::router())
        .merge(alarms::router())
        .merge(watchlist::router())
        .merge(privacy::router())
        .merge(locale::router())
        .merge(roll_calls::router())
        .merge(export::router())
        .merge(audit_feed::router())
        .merge(console::router())
        .merge(sso::router())
        .merge(gates::router())
        .merge(links::router())
        .merge(messages::router())
        .merge(push::router())
        .merge(bulk::router())
        .merge(walk_ins::router())
        .merge(webhooks::router())
        .merge(zones::router())
        .merge(sites::router())
        .merge(sockets)
        .merge(web::router())
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .layer(request_timeout)
        .layer(axum::middleware::map_response(move |response| {
            security_headers(hsts, response)
        }))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            hold_refusals,
        ))
        .with_state(state)
}

/// Holds the 429 of a source that spent its failure budget a while
/// ([`crate::abuse::SourceGuard::hold`]), so that a flood waiting for
/// its answers slows to a request a second per connection instead of taking the CPU that
/// honest requests need. Nothing else is held.
async fn hold_refusals(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let response = next.run(request).await;
    if response
        .extensions()
        .get::<crate::error::SpentSource>()
        .is_some()
    {
        state.sources.hold().await;
    }
    response
}

/// Headers every answer carries: `nosniff`, so a browser runs nothing as another type than
/// the one sent; `no-store` on JSON, which may show a secret (a new key, a device token, a
/// claim token, a webhook secret) and is never worth caching; and, when the server is
/// reached over HTTPS, `Strict-Transport-Security`, so a browser never tries plain HTTP.
async fn security_headers(
    hsts: bool,
    mut response: axum::response::Response,
) -> axum::response::Response {
    use axum::http::{header, HeaderValue};
    let headers = response.headers_mut();
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|kind| kind.starts_with("application/json"));
    if json {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    if hsts {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000"),
        );
    }
    response
}

/// `Json` whose rejections are this API's errors.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(Error))]
pub struct ApiJson<T>(pub T);

impl From<JsonRejection> for Error {
    fn from(rejection: JsonRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Error::PayloadTooLarge
        } else {
            Error::BadRequest(rejection.body_text())
        }
    }
}

/// Parses an id from the path; a malformed id names no object, so it is a 404.
fn parse_id(text: &str) -> Result<uuid::Uuid, Error> {
    text.parse().map_err(|_| Error::NotFound)
}

pub(crate) use tessera_domain::rfc3339;

/// A text cell a spreadsheet will not run as a formula (OWASP's CSV injection rule): one
/// that starts with `=`, `+`, `-`, `@`, a TAB or a CR gets a leading `'`.
pub(crate) fn spreadsheet_safe(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Labels and sites are shown to guards and auditors: [`tessera_domain::Label`]'s rule.
///
/// # Errors
/// [`Error::BadRequest`] naming the field.
pub(crate) fn check_text(field: &'static str, text: &str) -> crate::error::Result<()> {
    tessera_domain::Label::parse(field, text)
        .map(drop)
        .map_err(|invalid| Error::BadRequest(invalid.to_string()))
}

/// A language tag as it enters (`language` of a pass, a gate, a push subscription): 422
/// naming the field when it is not one.
pub(crate) fn language_tag(
    tag: Option<&str>,
) -> crate::error::Result<Option<tessera_domain::locale::Language>> {
    tag.map(|tag| tessera_domain::locale::Language::parse("language", tag))
        .transpose()
        .map_err(|error| Error::InvalidField(error.field, error.to_string()))
}

//! The edges' error type, and the single place where errors become HTTP answers.
//!
//! Storage and internal failures are logged with their cause and answered with a generic
//! message: a client learns *that* something failed and whether to retry, never the SQL or
//! the path that caused it.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

/// Everything that can go wrong answering a request or a gate frame.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Missing or wrong credential (401).
    #[error("missing or invalid credential")]
    Unauthorized,
    /// The credential's role may not do this (403).
    #[error("this credential's role may not do that")]
    Forbidden,
    /// The organisation signs its staff in through its identity provider only (403).
    #[error(
        "this organisation signs in with single sign-on; API keys cannot sign in to the pages"
    )]
    KeySignInOff,
    /// No such object for this tenant (404).
    #[error("not found")]
    NotFound,
    /// Unknown pass or wrong claim token: one answer for both, so there is no oracle (404).
    #[error("invalid claim")]
    InvalidClaim,
    /// An unknown, used or expired pairing link, or one for a revoked gate (404).
    #[error("this pairing link was already used, has expired or never existed")]
    InvalidPairing,
    /// A different wallet key already claimed the pass (409).
    #[error("pass already claimed by another wallet")]
    AlreadyClaimed,
    /// The pass was revoked (409).
    #[error("pass revoked")]
    Revoked,
    /// The wallet public key is malformed or of low order (400).
    #[error("invalid wallet public key")]
    InvalidPublicKey,
    /// The request is malformed (400).
    #[error("bad request: {0}")]
    BadRequest(String),
    /// The server is at a bound; retry after this long (429 with `Retry-After`).
    #[error("too many requests from this source")]
    RateLimited(std::time::Duration),
    /// The source spent its failure budget; retry after this long (429 with `Retry-After`,
    /// held a while by [`crate::http`]'s `hold_refusals`).
    #[error("too many failed requests from this source")]
    SourceSpent(std::time::Duration),
    /// The request body is too large (413).
    #[error("request body too large")]
    PayloadTooLarge,
    /// A rule of hosts, walk-ins, re-binding or transfer refuses the request (4xx).
    #[error("{}", .0.message())]
    Refused(Refusal),
    /// An alarm was acknowledged or resolved by someone else first (409
    /// `already_acknowledged` or `already_resolved`, naming who).
    #[error("{0}")]
    Alarm(tessera_domain::alarms::AlarmRefusal),
    /// The watchlist keeps this holder out (409 `not_permitted`); neutral on purpose.
    #[error("this pass cannot be issued or claimed; please contact the security team")]
    Withheld,
    /// The server's policy refuses what the request points at (a webhook URL inside the
    /// network), named in the message (422).
    #[error("{0}")]
    PolicyRefused(String),
    /// The request conflicts with the state of what it names (409), with the code and a
    /// message saying which state (a roll call that ended, a mark id used for another).
    #[error("{1}")]
    Conflict(&'static str, String),
    /// A field holds a value of the right type that cannot be used (an email address
    /// without a domain): 422 `invalid_field`, naming the field in `field` and the message.
    #[error("{1}")]
    InvalidField(&'static str, String),

    /// Storage failed: retried by the client when [`Error::is_storage`] says so.
    #[error(transparent)]
    Store(#[from] tessera_store::Error),
    /// The server's keys could not be loaded, or a pass names one this server lacks.
    #[error(transparent)]
    Keys(tessera_flows::Error),
    /// An invariant the server relies on does not hold (a bug or a corrupted row); a
    /// resend cannot cure it.
    #[error("internal: {0}")]
    Internal(&'static str),
}

/// The body of every error answer: `{"error":{"code","message"}}`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What went wrong.
    pub error: ErrorDetail,
}

/// The refusals every staff route can answer with, written once for the OpenAPI document:
/// no credential, a source throttled for failing to authenticate, storage unavailable.
#[derive(utoipa::IntoResponses)]
#[expect(
    dead_code,
    reason = "only described in the OpenAPI document, never built"
)]
pub(crate) enum StaffRefusals {
    #[response(
        status = 401,
        description = "Missing or unknown API key or console session"
    )]
    Unauthenticated(ErrorBody),
    #[response(
        status = 429,
        description = "This source failed to authenticate too often; see `Retry-After`"
    )]
    Throttled(ErrorBody),
    #[response(status = 503, description = "Storage unavailable; retry")]
    Unavailable(ErrorBody),
}

/// [`StaffRefusals`] of an admin's route, with its refusal of any other key.
#[derive(utoipa::IntoResponses)]
#[expect(
    dead_code,
    reason = "only described in the OpenAPI document, never built"
)]
pub(crate) enum AdminRefusals {
    #[response(
        status = 401,
        description = "Missing or unknown API key or console session"
    )]
    Unauthenticated(ErrorBody),
    #[response(status = 403, description = "Not an admin key")]
    NotAdmin(ErrorBody),
    #[response(
        status = 429,
        description = "This source failed to authenticate too often; see `Retry-After`"
    )]
    Throttled(ErrorBody),
    #[response(status = 503, description = "Storage unavailable; retry")]
    Unavailable(ErrorBody),
}

/// A machine-readable code and a human-readable message.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorDetail {
    /// One of `unauthorized`, `forbidden`, `not_found`, `invalid_claim`, `invalid_pairing`,
    /// `already_claimed`, `revoked`, `invalid_public_key`, `bad_request`,
    /// `payload_too_large`, `rate_limited`, `refused_by_policy`, `invalid_field`,
    /// `storage_unavailable`, `internal`, or a refusal's own code (`last_admin_key`,
    /// `key_revoked`, …).
    #[schema(example = "not_found")]
    pub code: String,
    /// For people; never parse it.
    pub message: String,
    /// The request's field at fault, for `invalid_field`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "email")]
    pub field: Option<String>,
}

pub use tessera_domain::{Conflict, Refusal};

/// The HTTP status of a refusal.
fn refusal_status(refusal: Refusal) -> StatusCode {
    match refusal {
        Refusal::TransferNotAllowed
        | Refusal::NotClaimed
        | Refusal::RequestIdReused
        | Refusal::AlreadyDecided
        | Refusal::ApprovalTimeout
        | Refusal::KeyRevoked
        | Refusal::LastAdminKey => StatusCode::CONFLICT,
        Refusal::BadProof | Refusal::OtherHost | Refusal::HostRevoked => StatusCode::FORBIDDEN,
        Refusal::InvalidNonce | Refusal::UnknownPass | Refusal::NoTransferHere => {
            StatusCode::NOT_FOUND
        }
    }
}

impl From<tessera_flows::Error> for Error {
    fn from(error: tessera_flows::Error) -> Self {
        use tessera_flows::Error as Flow;
        match error {
            Flow::Store(store) => Error::Store(store),
            Flow::Refused(refusal) => Error::Refused(refusal),
            Flow::Alarm(refusal) => Error::Alarm(refusal),
            Flow::Withheld => Error::Withheld,
            Flow::NotFound => Error::NotFound,
            Flow::Internal(what) => Error::Internal(what),
            keys => Error::Keys(keys),
        }
    }
}

/// `Result` with the server [`Error`] as default error.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// Whether the failure is in storage, so that the same request may succeed when
    /// resent (a lost connection, a timeout, a write that lost a race). Everything else is
    /// a fault a resend cannot cure.
    pub fn is_storage(&self) -> bool {
        matches!(self, Error::Store(store) if store.is_storage())
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            Error::Unauthorized => (StatusCode::UNAUTHORIZED, "unauthorized"),
            Error::Forbidden => (StatusCode::FORBIDDEN, "forbidden"),
            Error::KeySignInOff => (StatusCode::FORBIDDEN, "key_sign_in_off"),
            Error::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            Error::InvalidClaim => (StatusCode::NOT_FOUND, "invalid_claim"),
            Error::InvalidPairing => (StatusCode::NOT_FOUND, "invalid_pairing"),
            Error::AlreadyClaimed => (StatusCode::CONFLICT, "already_claimed"),
            Error::Revoked => (StatusCode::CONFLICT, "revoked"),
            Error::InvalidPublicKey => (StatusCode::BAD_REQUEST, "invalid_public_key"),
            Error::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            Error::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            Error::RateLimited(_) | Error::SourceSpent(_) => {
                (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
            }
            Error::Refused(refusal) => (refusal_status(*refusal), refusal.code()),
            Error::Alarm(tessera_domain::alarms::AlarmRefusal::AlreadyAcknowledged { .. }) => {
                (StatusCode::CONFLICT, "already_acknowledged")
            }
            Error::Alarm(tessera_domain::alarms::AlarmRefusal::AlreadyResolved { .. }) => {
                (StatusCode::CONFLICT, "already_resolved")
            }
            Error::Withheld => (StatusCode::CONFLICT, "not_permitted"),
            Error::Conflict(code, _) => (StatusCode::CONFLICT, code),
            Error::PolicyRefused(_) => (StatusCode::UNPROCESSABLE_ENTITY, "refused_by_policy"),
            Error::InvalidField(..) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_field"),
            error if error.is_storage() => (StatusCode::SERVICE_UNAVAILABLE, "storage_unavailable"),
            _ => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }
}

/// Marks the answer to a source that spent its failure budget: `hold_refusals` in
/// [`crate::http`] holds it a while.
#[derive(Clone, Copy, Debug)]
pub struct SpentSource;

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let message = match &self {
            Error::BadRequest(detail) => format!("bad request: {detail}"),
            _ if status.is_server_error() => {
                tracing::error!(error = %self, "request failed");
                if status == StatusCode::SERVICE_UNAVAILABLE {
                    "storage is unavailable; retry".to_owned()
                } else {
                    "internal error".to_owned()
                }
            }
            other => other.to_string(),
        };
        let body = ErrorBody {
            error: ErrorDetail {
                code: code.to_owned(),
                message,
                field: match &self {
                    Error::InvalidField(field, _) => Some((*field).to_owned()),
                    _ => None,
                },
            },
        };
        let mut response = (status, Json(body)).into_response();
        if let Error::SourceSpent(_) = &self {
            response.extensions_mut().insert(SpentSource);
        }
        if let Error::RateLimited(wait) | Error::SourceSpent(wait) = &self {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            if let Ok(value) = axum::http::HeaderValue::from_str(&seconds.max(1).to_string()) {
                response
                    .headers_mut()
                    .insert(axum::http::header::RETRY_AFTER, value);
            }
        }
        response
    }
}

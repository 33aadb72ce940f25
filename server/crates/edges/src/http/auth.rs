//! API-key authentication and roles.
//!
//! A caller presents its key as `Authorization: Bearer`, or, from the security console, the
//! session cookie the key was exchanged for (`http::console`, which also checks the Origin
//! and CSRF token of every request that changes something).
//!
//! The presented key is hashed and looked up by its SHA-256 (a unique index): equality of a
//! 256-bit hash found through an index leaks nothing useful about other keys. A failure is
//! counted against its source, audited in aggregate (without the key) and answered 401
//! with no hint of why; a source past its failure budget gets 429 before the lookup.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};

use crate::error::Error;
use crate::state::AppState;
use tessera_store::ApiKeyRow;

pub use tessera_store::Role;

/// An authenticated API caller.
#[derive(Clone, Debug)]
pub struct ApiCaller {
    /// The key used.
    pub key: ApiKeyRow,
    /// Its role.
    pub role: Role,
}

impl ApiCaller {
    /// Succeeds if the caller's role is one of `allowed` (admin always is).
    ///
    /// # Errors
    /// [`Error::Forbidden`].
    pub fn require(&self, allowed: &[Role]) -> Result<(), Error> {
        if self.role == Role::Admin || allowed.contains(&self.role) {
            Ok(())
        } else {
            Err(Error::Forbidden)
        }
    }
}

/// The token of an `Authorization: Bearer …` header.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim())
}

/// The TCP peer of a request, when the server recorded one (its accept loop does).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub Option<std::net::SocketAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Peer {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Peer(
            parts
                .extensions
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|info| info.0),
        ))
    }
}

/// The source of a request, as [`crate::abuse::SourceGuard::source`] decides it.
pub fn request_source(state: &AppState, parts: &Parts) -> std::net::IpAddr {
    let peer = parts
        .extensions
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|info| info.0);
    state.sources.source(&parts.headers, peer)
}

/// Refuses, before any database work, a source that spent its failure budget.
///
/// # Errors
/// [`Error::RateLimited`] with the time until the budget refills.
pub fn refuse_spent_source(
    state: &AppState,
    source: std::net::IpAddr,
    surface: &'static str,
) -> Result<(), Error> {
    match state.sources.refused(source) {
        Some(crate::abuse::RetryAfter(wait)) => {
            state
                .sources
                .refused_request(source, crate::abuse::Aggregates::AuthFailure, surface);
            Err(Error::RateLimited(wait))
        }
        None => Ok(()),
    }
}

/// Counts a failed authentication against its source and in the aggregated audit (no tenant
/// is known, so the event has none).
pub fn auth_failed(
    state: &AppState,
    source: std::net::IpAddr,
    surface: &'static str,
    presented: bool,
) {
    let reason = if presented {
        "unknown_credential"
    } else {
        "missing_credential"
    };
    state.sources.failed(
        source,
        crate::abuse::Aggregates::AuthFailure,
        None,
        surface,
        reason,
    );
}

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = Error;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let source = request_source(state, parts);
        refuse_spent_source(state, source, "rest")?;
        let Some(token) = bearer_token(&parts.headers) else {
            // A browser console sends its session cookie instead (`http::console`).
            return match super::console::session_caller(state, parts).await {
                Ok(Some(caller)) => Ok(caller),
                Ok(None) => {
                    auth_failed(state, source, "rest", false);
                    Err(Error::Unauthorized)
                }
                Err(Error::Unauthorized) => {
                    auth_failed(state, source, "console", true);
                    Err(Error::Unauthorized)
                }
                Err(error) => Err(error),
            };
        };
        let hash = tessera_flows::credentials::hash(token);
        let found = state.store.api_key_by_hash(&hash).await?;
        match found.map(|key| ApiCaller {
            role: key.role,
            key,
        }) {
            Some(caller) => Ok(caller),
            None => {
                auth_failed(state, source, "rest", true);
                Err(Error::Unauthorized)
            }
        }
    }
}

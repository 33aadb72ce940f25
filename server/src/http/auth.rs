//! API-key authentication and roles.
//!
//! The presented key is hashed and looked up by its SHA-256 (a unique index): equality of a
//! 256-bit hash found through an index leaks nothing useful about other keys. A failure is
//! audited (without the key) and answered 401 with no hint of why.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use serde_json::json;

use crate::audit::{self, AuditKind, Severity, Subject};
use crate::error::Error;
use crate::state::AppState;
use crate::store::ApiKeyRow;

pub use crate::store::Role;

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

/// Records a failed authentication (no tenant is known, so the event has none).
pub async fn audit_auth_failure(state: &AppState, surface: &str, presented: bool) {
    let event = audit::event(
        AuditKind::AuthFailure,
        Severity::Warning,
        Subject::default(),
        json!({ "surface": surface, "credential_presented": presented }),
    );
    if let Err(error) = state.store.insert_audit(&event).await {
        tracing::warn!(%error, "could not audit an authentication failure");
    }
}

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = Error;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let Some(token) = bearer_token(&parts.headers) else {
            audit_auth_failure(state, "rest", false).await;
            return Err(Error::Unauthorized);
        };
        let hash = crate::credentials::hash(token);
        let found = state.store.api_key_by_hash(&hash).await?;
        match found.map(|key| ApiCaller {
            role: key.role,
            key,
        }) {
            Some(caller) => Ok(caller),
            None => {
                audit_auth_failure(state, "rest", true).await;
                Err(Error::Unauthorized)
            }
        }
    }
}

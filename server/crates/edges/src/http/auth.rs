//! API-key authentication and roles.
//!
//! A caller presents its key as `Authorization: Bearer`, or, from the security console, the
//! session cookie the key was exchanged for (`http::console` makes it; [`session_caller`]
//! here reads it, refuses another site's Origin, and checks the Origin and CSRF token of
//! every request that changes something).
//!
//! The presented key is hashed and looked up by its SHA-256 (a unique index): equality of a
//! 256-bit hash found through an index leaks nothing useful about other keys. A failure is
//! counted against its source, audited in aggregate (without the key) and answered 401
//! with no hint of why. A source past its failure budget gets 429 before the lookup, unless
//! what it presents verified lately (`crate::abuse`): others' failures at a shared address
//! never refuse a valid credential.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

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
    /// What it presented, so that a long-lived answer can ask again later.
    pub presented: Presented,
    /// The person behind a session made through the organisation's identity provider.
    pub person: Option<tessera_domain::sso::Person>,
}

/// The credential a caller presented, as its SHA-256: a bearer key or a session cookie.
#[derive(Clone, Copy)]
pub enum Presented {
    /// `Authorization: Bearer` with an API key (or a host's key).
    Key([u8; 32]),
    /// A console or host session cookie.
    Session([u8; 32]),
}

impl std::fmt::Debug for Presented {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Presented::Key(_) => "Key(<redacted>)",
            Presented::Session(_) => "Session(<redacted>)",
        })
    }
}

impl ApiCaller {
    /// Succeeds if the caller's role includes one of `allowed` (admin's includes every
    /// role, security's the auditor's: [`Role::includes`]).
    ///
    /// # Errors
    /// [`Error::Forbidden`].
    pub fn require(&self, allowed: &[Role]) -> Result<(), Error> {
        if self.role == Role::Admin || allowed.iter().any(|needed| self.role.includes(*needed)) {
            Ok(())
        } else {
            Err(Error::Forbidden)
        }
    }

    /// Whether what the caller presented still stands for the same key now: false once the
    /// key was revoked, its secret rotated out, or the session ended.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn still_valid(&self, state: &AppState) -> Result<bool, Error> {
        let now = tessera_domain::now_ms();
        let key = match self.presented {
            Presented::Key(hash) => state.store.orgs().api_key_by_hash(&hash, now).await?,
            Presented::Session(hash) => state
                .store
                .people()
                .console_session(&hash, now)
                .await?
                .map(|session| session.key),
        };
        Ok(key.is_some_and(|key| key.id == self.key.id))
    }

    /// The caller as the audit log names an actor: the key, and the person behind it.
    pub fn actor(&self) -> tessera_flows::sso::Actor {
        tessera_flows::sso::Actor {
            key_id: self.key.id,
            person: self.person.clone(),
        }
    }

    /// Notes the key's use for the key list's "last used" (at most once a minute).
    pub fn note_use(&self, state: &AppState) {
        let now = tessera_domain::now_ms();
        if state.last_used.due(self.key.id, now) {
            tessera_flows::keys::touch(&state.store, self.key.id, self.role, now);
        }
    }
}

/// How often a long-lived answer asks whether its caller's credential still stands.
pub const RECHECK_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// Returns once `caller`'s credential no longer stands (revoked, rotated out, signed out)
/// or the server shuts down: an event stream races its work against this and ends. A
/// failed check (storage down) keeps the stream: the next one decides.
pub async fn until_credential_ends(state: AppState, caller: ApiCaller) {
    let mut shutdown = state.shutdown.clone();
    loop {
        tokio::select! {
            () = tokio::time::sleep(RECHECK_EVERY) => {}
            _ = shutdown.changed() => return,
        }
        if let Ok(false) = caller.still_valid(&state).await {
            return;
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

/// Lets a presented credential (its SHA-256) go on to its lookup, or refuses it before any
/// database work when its source spent its failure budget and it has not verified lately.
///
/// # Errors
/// [`Error::SourceSpent`] with the time until the budget refills.
pub fn admit_credential(
    state: &AppState,
    source: std::net::IpAddr,
    hash: &[u8; 32],
    surface: &'static str,
) -> Result<(), Error> {
    refuse(state, source, surface, state.sources.admit(source, hash))
}

/// A refusal before any database work, counted in the aggregated audit, or none.
fn refuse(
    state: &AppState,
    source: std::net::IpAddr,
    surface: &'static str,
    verdict: Option<crate::abuse::RetryAfter>,
) -> Result<(), Error> {
    match verdict {
        Some(crate::abuse::RetryAfter(wait)) => {
            state
                .sources
                .refused_request(source, crate::abuse::Aggregates::AuthFailure, surface);
            Err(Error::SourceSpent(wait))
        }
        None => Ok(()),
    }
}

/// Refuses, before any database work, a source that spent its failure budget.
///
/// # Errors
/// [`Error::SourceSpent`] with the time until the budget refills.
pub fn refuse_spent_source(
    state: &AppState,
    source: std::net::IpAddr,
    surface: &'static str,
) -> Result<(), Error> {
    refuse(state, source, surface, state.sources.refused(source))
}

/// The answer to a request that failed (a claim, transfer proof or pairing link that did
/// not verify): `error`, or 429 once its source spent its budget, so the block falls on
/// failing requests only.
pub fn failing(state: &AppState, source: std::net::IpAddr, error: Error) -> Error {
    match state.sources.refused(source) {
        Some(crate::abuse::RetryAfter(wait)) => Error::SourceSpent(wait),
        None => error,
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

/// Verifies a presented credential: refused before any database work when its source spent
/// its failure budget, then looked up by its SHA-256 with `find`; a match is remembered as
/// verified (others' failures at the address no longer refuse it), a miss counted against
/// the source on `surface` and answered 401.
///
/// # Errors
/// [`Error::SourceSpent`], [`Error::Unauthorized`], or the lookup's own failure.
pub async fn verify_credential<T, F, Fut>(
    state: &AppState,
    source: std::net::IpAddr,
    token: &str,
    surface: &'static str,
    find: F,
) -> Result<T, Error>
where
    F: FnOnce([u8; 32]) -> Fut,
    Fut: std::future::Future<Output = Result<Option<T>, Error>>,
{
    let hash = tessera_flows::credentials::hash(token);
    admit_credential(state, source, &hash, surface)?;
    match find(hash).await? {
        Some(found) => {
            state.sources.verified(&hash);
            Ok(found)
        }
        None => {
            state.sources.forget(&hash);
            auth_failed(state, source, surface, true);
            Err(Error::Unauthorized)
        }
    }
}

impl FromRequestParts<AppState> for ApiCaller {
    type Rejection = Error;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let source = request_source(state, parts);
        let Some(token) = bearer_token(&parts.headers) else {
            // A browser console sends its session cookie instead (`http::console`).
            let cookie = cookie(&parts.headers, CONSOLE_COOKIE);
            match cookie {
                Some(secret) => admit_credential(
                    state,
                    source,
                    &tessera_flows::credentials::hash(secret),
                    "console",
                )?,
                None => refuse_spent_source(state, source, "rest")?,
            }
            return match session_caller(state, parts).await {
                Ok(Some(caller)) => {
                    caller.note_use(state);
                    Ok(caller)
                }
                Ok(None) => {
                    auth_failed(state, source, "rest", false);
                    Err(Error::Unauthorized)
                }
                Err(Error::Unauthorized) => {
                    if let Some(secret) = cookie {
                        state
                            .sources
                            .forget(&tessera_flows::credentials::hash(secret));
                    }
                    auth_failed(state, source, "console", true);
                    Err(Error::Unauthorized)
                }
                Err(error) => Err(error),
            };
        };
        let caller = verify_credential(state, source, token, "rest", |hash| async move {
            let found = state
                .store
                .orgs()
                .api_key_by_hash(&hash, tessera_domain::now_ms())
                .await?;
            Ok(found.map(|key| ApiCaller {
                role: key.role,
                key,
                presented: Presented::Key(hash),
                person: None,
            }))
        })
        .await?;
        caller.note_use(state);
        Ok(caller)
    }
}

/// The session cookie's name.
pub const CONSOLE_COOKIE: &str = "tessera_console";
/// The header that carries the CSRF token.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// The CSRF token of a session: derived from its cookie's secret, never stored.
pub(super) fn csrf_token(session_secret: &str) -> String {
    let digest = Sha256::new()
        .chain_update(b"tessera console csrf\0")
        .chain_update(session_secret.as_bytes())
        .finalize();
    tessera_protocol::encoding::base64url(&digest)
}

/// The value of the cookie `name`, if the request carries one.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(found, _)| *found == name)
        .map(|(_, value)| value.trim())
        .filter(|value| !value.is_empty())
}

/// The caller of a request that carries a console cookie instead of a bearer key; `None`
/// when it carries neither. A request that names another site's `Origin` is refused, a read
/// included; one that changes something must also carry this server's `Origin` and the
/// session's CSRF token.
///
/// # Errors
/// [`Error::Unauthorized`] for an unknown or ended session, [`Error::Forbidden`] for a
/// missing Origin or CSRF token, storage failures.
pub async fn session_caller(
    state: &AppState,
    parts: &Parts,
) -> crate::error::Result<Option<ApiCaller>> {
    let Some(secret) = cookie(&parts.headers, CONSOLE_COOKIE) else {
        return Ok(None);
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
    // A read from another site's page is refused like a change: the cookie rides along on
    // any request the browser makes, and a foreign page has no business reading with it.
    // A live session used from another origin, or without its token: a cross-site forgery
    // attempt (or a broken page), and one that names its tenant, so its auditors see it
    // among their alarms.
    let forged = |reason: &'static str| {
        let source = request_source(state, parts);
        state.sources.failed(
            source,
            crate::abuse::Aggregates::AuthFailure,
            Some(session.key.org_id),
            "console",
            reason,
        );
        Error::Forbidden
    };
    if state.own_origin.is_foreign(&parts.headers) {
        return Err(forged("foreign_origin"));
    }
    if !matches!(parts.method, Method::GET | Method::HEAD) {
        let presented = parts
            .headers
            .get(CSRF_HEADER)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default();
        let expected = csrf_token(secret);
        let token_ok = bool::from(presented.as_bytes().ct_eq(expected.as_bytes()));
        if !(token_ok && state.own_origin.matches(&parts.headers)) {
            return Err(forged("csrf"));
        }
    }
    state.sources.verified(&hash);
    let person = session.person();
    Ok(Some(ApiCaller {
        role: session.key.role,
        key: session.key,
        presented: Presented::Session(hash),
        person,
    }))
}

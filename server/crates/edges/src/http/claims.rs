//! Enrollment: a wallet claims a pass with its X25519 public key (TSR1 §3).
//!
//! The binding is a conditional UPDATE, so it happens once however many wallets race. A
//! retry with the same key gets the same answer (a wallet whose answer was lost can try
//! again); another key gets 409 and a high-severity audit event (the claim link leaked). A
//! wrong token and an unknown pass get the same 404 after the same work, so the endpoint is
//! no oracle for pass ids.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tessera_protocol::{PublicKey, CODE_DIGITS};
use utoipa::ToSchema;

use super::{rfc3339, ApiJson, Peer};
use crate::abuse::RetryAfter;
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ClaimDetails, ClaimResult, Details, PassTransferred};
use tessera_store::{PassLinkRow, PassRow, PassState, TransferClaim};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/claims", post(claim))
        .route("/v1/claims/preview", post(preview))
}

/// A wallet's claim of a pass, with the claim link's two values.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct ClaimRequest {
    /// `p` of the claim link.
    #[schema(format = Uuid)]
    pass_id: String,
    /// `t` of the claim link.
    claim_token: String,
    /// The wallet's X25519 public key, 32 bytes as unpadded base64url.
    wallet_public_key: String,
}

/// Everything a wallet needs to show the pass's rotating code and answer challenges.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ClaimAnswer {
    pass_id: uuid::Uuid,
    label: String,
    site: Option<String>,
    /// The server's X25519 public key for this pass, unpadded base64url.
    server_public_key: String,
    server_kid: String,
    /// Seconds per code step (15).
    period_s: u64,
    /// Digits of the rotating code.
    digits: usize,
    /// Always `SHA256`.
    #[schema(example = "SHA256")]
    algorithm: &'static str,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_from: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_until: String,
    /// The pass's language, the organisation's default and the site's zone (issue 34).
    #[serde(flatten)]
    locale: super::locale::PageLocale,
}

impl std::fmt::Debug for ClaimRequest {
    /// The claim token is a bearer secret: never in logs or error output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClaimRequest")
            .field("pass_id", &self.pass_id)
            .field("claim_token", &"***")
            .field("wallet_public_key", &self.wallet_public_key)
            .finish()
    }
}

/// Claims a pass for a wallet key (TSR1 §3). No API key: the claim token in the body is
/// the credential. Repeating a claim with the same wallet key gets the same answer.
#[utoipa::path(
    post,
    path = "/v1/claims",
    operation_id = "claim_pass",
    tag = "claims",
    request_body = ClaimRequest,
    responses(
        (status = 200, description = "Claimed (now or before, by this same key)", body = ClaimAnswer),
        (status = 400, description = "Malformed body, or `invalid_public_key`", body = ErrorBody),
        (status = 404, description = "`invalid_claim`: unknown pass or wrong token (one answer for both)", body = ErrorBody),
        (status = 409, description = "`already_claimed` by another wallet key, `revoked`, or `not_permitted` (neutral on purpose; the security team knows why)", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "Too many claims, or refused claims, from this source; see `Retry-After`", body = ErrorBody),
        (status = 500, description = "The pass's server key is not loaded on this server", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn claim(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ClaimRequest>,
) -> Result<Json<ClaimAnswer>> {
    let source = state.sources.source(&headers, peer);
    let (linked, _in_flight) =
        linked_pass(&state, source, &body.pass_id, &body.claim_token).await?;
    let pass = match &linked {
        Linked::Issued(pass) | Linked::Transfer(pass, _) => pass.clone(),
    };
    let subject = Subject {
        org_id: Some(pass.org_id),
        gate_id: None,
        pass_id: Some(pass.id),
    };

    let server_key = state.keys.get(&pass.server_kid)?;
    let wallet_key = match PublicKey::from_base64url(&body.wallet_public_key) {
        Ok(key) if server_key.agree(&key).is_ok() => key,
        _ => {
            rejected(&state, source, Some(pass.org_id), "invalid_public_key");
            return Err(Error::InvalidPublicKey);
        }
    };
    // The holder is screened against the watchlist when a wallet first takes the pass (or
    // takes it over): an entry added since the pass was issued holds here (issue 32).
    let first_take = matches!(linked, Linked::Transfer(..))
        || pass.state == PassState::Issued
        || (pass.state == PassState::Used && pass.wallet_public_key.is_none());
    if first_take {
        let email = state.store.privacy().pass_email(pass.id).await?;
        let stage = tessera_domain::events::WatchStage::Claim;
        super::passes::screen_holder(&state, &pass, email.as_deref(), stage, None).await?;
    }
    if let Linked::Transfer(_, link) = linked {
        return claim_transfer(&state, source, subject, pass, link.id, &wallet_key).await;
    }

    let mut current = pass;
    let claimed = audit::event(
        Severity::Info,
        subject,
        Details::Claim(ClaimDetails {
            result: ClaimResult::Claimed,
        }),
    );
    // A re-bound pass with no use left is claimed again too (it stays `used`).
    let unbound = current.state == PassState::Issued
        || (current.state == PassState::Used && current.wallet_public_key.is_none());
    if unbound
        && state
            .store
            .passes()
            .bind_wallet(
                current.id,
                wallet_key.as_bytes(),
                tessera_domain::now_ms(),
                &claimed,
            )
            .await?
    {
        // Derive the pass keys now, while nobody waits at a gate: the first scan then
        // finds them cached instead of paying an X25519 at the turnstile.
        if let Err(error) =
            state
                .keys
                .pass_keys(current.id, &current.server_kid, *wallet_key.as_bytes())
        {
            tracing::warn!(pass_id = %current.id, %error, "could not derive claimed pass keys");
        }
        return Ok(Json(answer(&state, &current).await?));
    }
    // Lost the race or already bound: look at what is stored now.
    current = state
        .store
        .passes()
        .pass_by_id(current.id)
        .await?
        .ok_or(Error::InvalidClaim)?;
    if current.state == PassState::Revoked {
        rejected(&state, source, Some(current.org_id), "revoked");
        return Err(Error::Revoked);
    }
    match current.wallet_public_key.as_deref() {
        Some(bound) if bound == wallet_key.as_bytes() => Ok(Json(answer(&state, &current).await?)),
        _ => {
            audit_conflict(&state, subject).await?;
            Err(Error::AlreadyClaimed)
        }
    }
}

/// A claim link's two values.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct PreviewRequest {
    /// `p` of the claim link.
    #[schema(format = Uuid)]
    pass_id: String,
    /// `t` of the claim link.
    claim_token: String,
}

/// What a claim link is for.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ClaimPreview {
    pass_id: uuid::Uuid,
    label: String,
    site: Option<String>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_from: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_until: String,
    /// `issued`, `claimed`, `used` or `revoked`.
    #[schema(example = "issued")]
    state: &'static str,
    /// `true` for a transfer link: another holder is handing the pass on (absent otherwise).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    transfer: bool,
    /// The pass's language, the organisation's default and the site's zone (issue 34).
    #[serde(flatten)]
    locale: super::locale::PageLocale,
}

impl std::fmt::Debug for PreviewRequest {
    /// The claim token is a bearer secret: never in logs or error output.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PreviewRequest")
            .field("pass_id", &self.pass_id)
            .field("claim_token", &"***")
            .finish()
    }
}

/// What a claim link is for, before the visitor adds it: label, site, validity and state.
/// The token travels in the body (never a URL), and the same per-source limits, the same
/// single 404 for a wrong token or an unknown pass and the same aggregated audit apply as
/// to the claim itself. It changes nothing.
#[utoipa::path(
    post,
    path = "/v1/claims/preview",
    operation_id = "preview_claim",
    tag = "claims",
    request_body = PreviewRequest,
    responses(
        (status = 200, description = "The pass the link is for", body = ClaimPreview),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 404, description = "`invalid_claim`: unknown pass or wrong token (one answer for both)", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "Too many claims, or refused claims, from this source; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn preview(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<PreviewRequest>,
) -> Result<Json<ClaimPreview>> {
    let source = state.sources.source(&headers, peer);
    let (linked, _in_flight) =
        linked_pass(&state, source, &body.pass_id, &body.claim_token).await?;
    let (pass, state_shown, transfer) = match linked {
        Linked::Issued(pass) => {
            let shown = pass.state.as_str();
            (pass, shown, false)
        }
        // From the recipient's side an open transfer link is a pass to add.
        Linked::Transfer(pass, link) => {
            let shown = if link.closed_at_ms.is_some() {
                "claimed"
            } else if pass.state == PassState::Revoked {
                "revoked"
            } else {
                "issued"
            };
            (pass, shown, true)
        }
    };
    let locale = super::locale::Locale::of(&state, pass.org_id).await?;
    Ok(Json(ClaimPreview {
        locale: locale.for_page(pass.language.as_deref(), pass.site.as_deref()),
        valid_from: rfc3339(pass.valid_from_ms),
        valid_until: rfc3339(pass.valid_until_ms),
        state: state_shown,
        pass_id: pass.id,
        label: pass.label,
        site: pass.site,
        transfer,
    }))
}

/// What a claim link's token opened: the pass's own claim, or a transfer to a new holder.
enum Linked {
    Issued(PassRow),
    Transfer(PassRow, PassLinkRow),
}

/// Claims a transfer link: the recipient's key replaces the sender's in one transaction.
async fn claim_transfer(
    state: &AppState,
    source: std::net::IpAddr,
    subject: Subject,
    pass: PassRow,
    link_id: uuid::Uuid,
    wallet_key: &PublicKey,
) -> Result<Json<ClaimAnswer>> {
    let now = tessera_domain::now_ms();
    let outcome = state
        .store
        .passes()
        .claim_transfer(
            link_id,
            wallet_key.as_bytes(),
            now,
            &|locked, link| {
                tessera_domain::visits::transfer_claim_refusal(
                    locked,
                    link,
                    wallet_key.as_bytes(),
                    now,
                )
            },
            &|locked| {
                let from = locked
                    .wallet_public_key
                    .as_deref()
                    .and_then(|key| <[u8; 32]>::try_from(key).ok())
                    .map(|key| PublicKey::from_bytes(key).to_base64url());
                audit::event(
                    Severity::Info,
                    subject,
                    Details::PassTransferred(PassTransferred {
                        transfer_id: link_id,
                        from_key: from,
                        to_key: wallet_key.to_base64url(),
                    }),
                )
            },
        )
        .await?;
    match outcome {
        TransferClaim::Claimed | TransferClaim::Replayed => {
            if let Err(error) =
                state
                    .keys
                    .pass_keys(pass.id, &pass.server_kid, *wallet_key.as_bytes())
            {
                tracing::warn!(pass_id = %pass.id, %error, "could not derive transferred pass keys");
            }
            Ok(Json(answer(state, &pass).await?))
        }
        TransferClaim::AlreadyClaimed => {
            audit_conflict(state, subject).await?;
            Err(Error::AlreadyClaimed)
        }
        TransferClaim::Revoked => {
            rejected(state, source, Some(pass.org_id), "revoked");
            Err(Error::Revoked)
        }
        TransferClaim::Invalid => {
            rejected(state, source, Some(pass.org_id), "invalid_claim");
            Err(Error::InvalidClaim)
        }
    }
}

/// The pass a claim link names, once its token matches. Nobody needs a credential here: the
/// link's token is verified first, under the server-wide bound on claims in flight (the
/// slot is held while the request runs), so a valid link is served whoever shares its
/// address; refusals are audited in aggregate and spend their source's failed-claim budget,
/// past which the source's failing claims are answered 429; an unknown pass and a wrong
/// token get the same 404 after the same work.
async fn linked_pass(
    state: &AppState,
    source: std::net::IpAddr,
    pass_id: &str,
    claim_token: &str,
) -> Result<(Linked, crate::abuse::ClaimSlot)> {
    // A link's parts have a public shape (a UUID, 32 bytes as unpadded base64url): what
    // does not fit fails without the database.
    let id = pass_id.parse::<uuid::Uuid>().ok();
    let token_shaped = claim_token.len() == 43
        && claim_token
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let Some(id) = id.filter(|_| token_shaped) else {
        rejected(state, source, None, "invalid_claim");
        return Err(super::failing(state, source, Error::InvalidClaim));
    };
    // Past its failed-claim budget, a source's claims go on only for passes known to be
    // claimable: made-up passes cost the database nothing (`crate::abuse`).
    if let Some(RetryAfter(wait)) = state.sources.admit_claim(source, &id) {
        state
            .sources
            .refused_request(source, crate::abuse::Aggregates::ClaimRejected, "claims");
        return Err(Error::SourceSpent(wait));
    }
    let slot = state.sources.claim().await.map_err(|RetryAfter(wait)| {
        state
            .sources
            .refused_request(source, crate::abuse::Aggregates::ClaimRejected, "claims");
        Error::RateLimited(wait)
    })?;
    let presented = tessera_flows::credentials::hash(claim_token);
    let pass = state.store.passes().pass_by_id(id).await?;
    let token_ok = tessera_flows::credentials::hashes_match(
        pass.as_ref().map(|p| p.claim_token_hash.as_slice()),
        &presented,
    );
    match pass {
        Some(pass) if token_ok => Ok((Linked::Issued(pass), slot)),
        Some(pass) => match state
            .store
            .passes()
            .transfer_link(pass.id, &presented)
            .await?
        {
            Some(link) => Ok((Linked::Transfer(pass, link), slot)),
            None => {
                rejected(state, source, Some(pass.org_id), "invalid_claim");
                Err(super::failing(state, source, Error::InvalidClaim))
            }
        },
        None => {
            // The same lookup as for a wrong token, so an unknown pass costs the same.
            state
                .store
                .passes()
                .transfer_link(uuid::Uuid::nil(), &presented)
                .await?;
            rejected(state, source, None, "invalid_claim");
            Err(super::failing(state, source, Error::InvalidClaim))
        }
    }
}

async fn answer(state: &AppState, pass: &PassRow) -> Result<ClaimAnswer> {
    let server_key = state.keys.get(&pass.server_kid)?;
    let locale = super::locale::Locale::of(state, pass.org_id).await?;
    Ok(ClaimAnswer {
        locale: locale.for_page(pass.language.as_deref(), pass.site.as_deref()),
        pass_id: pass.id,
        label: pass.label.clone(),
        site: pass.site.clone(),
        server_public_key: server_key.public_key().to_base64url(),
        server_kid: pass.server_kid.clone(),
        period_s: state.settings.code_step_s,
        digits: CODE_DIGITS,
        algorithm: "SHA256",
        valid_from: rfc3339(pass.valid_from_ms),
        valid_until: rfc3339(pass.valid_until_ms),
    })
}

/// A refused claim: counted against its source and audited in aggregate (per source,
/// tenant and window), never one row per request.
fn rejected(
    state: &AppState,
    source: std::net::IpAddr,
    org_id: Option<uuid::Uuid>,
    reason: &'static str,
) {
    state.sources.failed(
        source,
        crate::abuse::Aggregates::ClaimRejected,
        org_id,
        "claims",
        reason,
    );
}

/// Another wallet key tried to claim a bound pass: its link leaked (high).
async fn audit_conflict(state: &AppState, subject: Subject) -> Result<()> {
    let event = audit::event(
        Severity::High,
        subject,
        Details::ClaimConflict(ClaimDetails {
            result: ClaimResult::AlreadyClaimed,
        }),
    );
    state.store.audit().insert_audit(&event).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_of_a_claim_request_hides_the_token() {
        let request = ClaimRequest {
            pass_id: "p".into(),
            claim_token: "secret-claim-token".into(),
            wallet_public_key: "k".into(),
        };
        let shown = format!("{request:?}");
        assert!(!shown.contains("secret-claim-token"), "{shown}");
        assert!(shown.contains("pass_id"));
    }
}

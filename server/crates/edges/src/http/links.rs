//! Claim links minted after issue (issue 16): re-binding a pass to a new wallet after a lost
//! phone, and transferring it to another person, by the holder's wallet or by an issuer.
//!
//! A link's claim token is derived from the link's id (`credentials::link_token`), so a
//! retried request finds the link it minted (by its request id or transfer nonce) and
//! answers the same URL; the database holds only the token's hash. The decisions are in
//! `tessera_domain::visits`, applied by the store to the pass as it locked it.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tessera_protocol::{Nonce, PassId, PublicKey, TransferProof};
use utoipa::ToSchema;
use uuid::Uuid;

use super::passes::{claim_url, load_own_pass};
use super::{rfc3339, ApiCaller, ApiJson, Peer, Role};
use crate::error::{Error, ErrorBody, Refusal, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, PassRebound, TransferAsker, TransferBy, TransferStarted};
use tessera_domain::sso::Person;
use tessera_domain::visits::{self, Minter};
use tessera_store::{LinkKind, LinkOutcome, PassLinkRow, PassRow};

/// How long a transfer nonce can be answered.
const TRANSFER_NONCE_MS: i64 = 120_000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/passes/{id}/rebind", post(rebind))
        .route("/v1/passes/{id}/transfer", post(issuer_transfer))
        .route("/v1/transfers/nonce", post(transfer_nonce))
        .route("/v1/transfers", post(holder_transfer))
}

/// An issuer's request, keyed for retries.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct Keyed {
    /// Made by the caller once per intended change; the same id again answers the same.
    request_id: Uuid,
}

/// A re-bound pass and its new claim link.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Rebound {
    pass_id: Uuid,
    /// The new claim secret; only its hash is stored.
    claim_token: String,
    /// `<public url>/claim#p=<pass_id>&t=<claim_token>`.
    claim_url: String,
    /// `issued` (or `used` for a pass with no use left).
    #[schema(example = "issued")]
    state: &'static str,
    /// Re-binds of this pass so far.
    rebinds: i64,
}

/// A transfer link for the recipient.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct TransferLink {
    pass_id: Uuid,
    transfer_id: Uuid,
    /// The recipient's claim secret; only its hash is stored.
    claim_token: String,
    /// `<public url>/claim#p=<pass_id>&t=<claim_token>`.
    claim_url: String,
    /// RFC 3339, UTC: the link works until then (the pass's `valid_until`).
    #[schema(format = DateTime)]
    expires_at: String,
}

/// A transfer nonce to answer.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NonceRequest {
    #[schema(format = Uuid)]
    pass_id: String,
}

/// The nonce the holder's wallet must answer.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct TransferNonce {
    /// 52 characters of base32.
    nonce: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    expires_at: String,
}

/// The holder's proof.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct HolderTransfer {
    #[schema(format = Uuid)]
    pass_id: String,
    /// The nonce from `POST /v1/transfers/nonce`.
    nonce: String,
    /// `TSR1T:<PASS>:<MAC>`.
    proof: String,
}

fn link_event(severity: Severity, pass: &PassRow, details: Details) -> tessera_store::NewAudit {
    audit::event(
        severity,
        Subject {
            org_id: Some(pass.org_id),
            gate_id: None,
            pass_id: Some(pass.id),
        },
        details,
    )
}

fn key_text(key: Option<&[u8]>) -> Option<String> {
    let bytes: [u8; 32] = key?.try_into().ok()?;
    Some(PublicKey::from_bytes(bytes).to_base64url())
}

/// The link row for a request, its token derived from its id.
fn new_link(
    state: &AppState,
    pass: &PassRow,
    kind: LinkKind,
    request_key: Vec<u8>,
    expires_at_ms: i64,
) -> Result<(PassLinkRow, zeroize::Zeroizing<String>)> {
    let id = Uuid::now_v7();
    let token = tessera_flows::credentials::link_token(state.keys.get(&pass.server_kid)?, id);
    let link = PassLinkRow {
        id,
        pass_id: pass.id,
        org_id: pass.org_id,
        kind,
        request_key,
        token_hash: token.hash.to_vec(),
        created_at_ms: tessera_domain::now_ms(),
        expires_at_ms,
        closed_at_ms: None,
        claimed_key: None,
    };
    Ok((link, token.text))
}

/// The token of a link minted before (a retried request).
fn token_of(
    state: &AppState,
    pass: &PassRow,
    link: &PassLinkRow,
) -> Result<zeroize::Zeroizing<String>> {
    Ok(tessera_flows::credentials::link_token(state.keys.get(&pass.server_kid)?, link.id).text)
}

fn refusal(outcome: LinkOutcome) -> Error {
    match outcome {
        LinkOutcome::UnknownPass => Error::NotFound,
        LinkOutcome::Revoked => Error::Revoked,
        LinkOutcome::NotClaimed => Error::Refused(Refusal::NotClaimed),
        LinkOutcome::KeyChanged => Error::Refused(Refusal::BadProof),
        LinkOutcome::NotAllowed => Error::Refused(Refusal::TransferNotAllowed),
        LinkOutcome::RequestKeyTaken => Error::Refused(Refusal::RequestIdReused),
        LinkOutcome::Minted | LinkOutcome::Replayed(_) => {
            Error::Internal("a minted link reported as a refusal")
        }
    }
}

/// Re-binds a pass after a lost phone (issuer or admin): the wallet key is unbound at once
/// (its codes and answers stop working), earlier links die, and a new claim link is
/// answered. Admissions already recorded stay.
#[utoipa::path(
    post,
    path = "/v1/passes/{id}/rebind",
    operation_id = "rebind_pass",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The pass id")),
    request_body = Keyed,
    responses(
        (status = 200, description = "Re-bound (now, or before under this request id)", body = Rebound),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 403, description = "Not an issuer or admin key", body = ErrorBody),
        (status = 404, description = "No such pass in this organisation", body = ErrorBody),
        (status = 409, description = "`revoked`, or `request_id_reused` for another pass", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 500, description = "The pass's server key is not loaded", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn rebind(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Keyed>,
) -> Result<Json<Rebound>> {
    caller.require(&[Role::Issuer])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let request_key = body.request_id.as_bytes().to_vec();
    let (link, token) = new_link(
        &state,
        &pass,
        LinkKind::Rebind,
        request_key,
        pass.valid_until_ms,
    )?;
    let outcome = state
        .store
        .passes()
        .mint_link(
            &link,
            &|locked| visits::link_refusal(locked, Minter::Rebind),
            &|locked| {
                link_event(
                    Severity::Warning,
                    locked,
                    Details::PassRebound(PassRebound {
                        link_id: link.id,
                        request_id: body.request_id,
                        previous_key: key_text(locked.wallet_public_key.as_deref()),
                        previous_state: locked.state.as_str().to_owned(),
                        by_key_id: caller.key.id,
                    }),
                )
                .by(caller.person.as_ref())
            },
        )
        .await?;
    let token = match outcome {
        LinkOutcome::Minted => token,
        LinkOutcome::Replayed(earlier) => token_of(&state, &pass, &earlier)?,
        refused => return Err(refusal(refused)),
    };
    let now = state
        .store
        .passes()
        .pass_by_id(pass.id)
        .await?
        .ok_or(Error::Internal("a re-bound pass vanished"))?;
    Ok(Json(Rebound {
        pass_id: now.id,
        claim_url: claim_url(&state, now.id, &token),
        claim_token: token.as_str().to_owned(),
        state: now.state.as_str(),
        rebinds: now.rebinds,
    }))
}

/// Mints a transfer link, or finds the one this request key minted.
async fn transfer(
    state: &AppState,
    pass: &PassRow,
    request_key: Vec<u8>,
    minter: Minter<'_>,
    asker: TransferAsker,
    by: Option<&Person>,
) -> Result<TransferLink> {
    let (link, token) = new_link(
        state,
        pass,
        LinkKind::Transfer,
        request_key,
        pass.valid_until_ms,
    )?;
    let outcome = state
        .store
        .passes()
        .mint_link(
            &link,
            &|locked| visits::link_refusal(locked, minter),
            &|locked| {
                let details = TransferStarted {
                    asker: asker.clone(),
                    transfer_id: link.id,
                    from_key: key_text(locked.wallet_public_key.as_deref()),
                };
                link_event(Severity::Info, locked, Details::TransferStarted(details)).by(by)
            },
        )
        .await?;
    let (link, token) = match outcome {
        LinkOutcome::Minted => (link, token),
        LinkOutcome::Replayed(earlier) => {
            let token = token_of(state, pass, &earlier)?;
            (earlier, token)
        }
        refused => return Err(refusal(refused)),
    };
    Ok(TransferLink {
        pass_id: pass.id,
        transfer_id: link.id,
        claim_url: claim_url(state, pass.id, &token),
        claim_token: token.as_str().to_owned(),
        expires_at: rfc3339(link.expires_at_ms),
    })
}

/// Transfers a pass to another person (issuer or admin), whatever its `max_transfers`
/// (the transfer still counts). The holder keeps it until the recipient claims the link.
#[utoipa::path(
    post,
    path = "/v1/passes/{id}/transfer",
    operation_id = "transfer_pass",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The pass id")),
    request_body = Keyed,
    responses(
        (status = 201, description = "The recipient's link (now, or before under this request id)", body = TransferLink),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 403, description = "Not an issuer or admin key", body = ErrorBody),
        (status = 404, description = "No such pass in this organisation", body = ErrorBody),
        (status = 409, description = "`revoked`, `not_claimed`, or `request_id_reused` for another pass", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 500, description = "The pass's server key is not loaded", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn issuer_transfer(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<Keyed>,
) -> Result<(axum::http::StatusCode, Json<TransferLink>)> {
    caller.require(&[Role::Issuer])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let link = transfer(
        &state,
        &pass,
        body.request_id.as_bytes().to_vec(),
        Minter::Issuer,
        TransferAsker {
            by: TransferBy::Issuer,
            by_key_id: Some(caller.key.id),
            request_id: Some(body.request_id),
        },
        caller.person.as_ref(),
    )
    .await?;
    Ok((axum::http::StatusCode::CREATED, Json(link)))
}

/// A place under the server-wide bound claims share (transfers are claims' siblings: no
/// credential, the proof is the credential), held while the request runs.
///
/// # Errors
/// [`Error::RateLimited`], audited in aggregate as `transfer_rejected`.
async fn transfer_slot(
    state: &AppState,
    source: std::net::IpAddr,
) -> Result<crate::abuse::ClaimSlot> {
    state
        .sources
        .claim()
        .await
        .map_err(|crate::abuse::RetryAfter(wait)| {
            state.sources.refused_request(
                source,
                crate::abuse::Aggregates::TransferRejected,
                "transfers",
            );
            Error::RateLimited(wait)
        })
}

/// The pass a wallet names, or 404 `unknown_pass`.
async fn named_pass(state: &AppState, pass_id: &str) -> Result<PassRow> {
    let id: Uuid = pass_id
        .parse()
        .map_err(|_| Error::Refused(Refusal::UnknownPass))?;
    state
        .store
        .passes()
        .pass_by_id(id)
        .await?
        .ok_or(Error::Refused(Refusal::UnknownPass))
}

/// A nonce the holder's wallet answers to start a transfer (no credential: the proof is
/// the credential). Refused early, with one answer for every reason, when the pass cannot
/// be handed on.
#[utoipa::path(
    post,
    path = "/v1/transfers/nonce",
    operation_id = "transfer_nonce",
    tag = "claims",
    request_body = NonceRequest,
    responses(
        (status = 201, description = "The nonce, answerable for 2 minutes", body = TransferNonce),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 404, description = "`unknown_pass`: no such pass, or one that cannot be handed on now (revoked, not claimed, no transfers left): one answer for all", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "Too many requests or refusals from this source; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn transfer_nonce(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<NonceRequest>,
) -> Result<(axum::http::StatusCode, Json<TransferNonce>)> {
    let source = state.sources.source(&headers, peer);
    let _slot = transfer_slot(&state, source).await?;
    // Nobody has proved anything yet, and a pass id is in every visitor's QR code: an
    // unknown, revoked, unclaimed or non-transferable pass gets the one same answer, so
    // this call tells a stranger nothing about a pass. The holder learns why at the next
    // step, once its proof is checked.
    let Ok(pass) = named_pass(&state, &body.pass_id).await else {
        return Err(Error::Refused(Refusal::NoTransferHere));
    };
    if visits::link_refusal(
        &pass,
        Minter::Holder(pass.wallet_public_key.as_deref().unwrap_or_default()),
    )
    .is_some()
    {
        return Err(Error::Refused(Refusal::NoTransferHere));
    }
    let nonce = Nonce::generate(&mut rand::rngs::OsRng);
    let now = tessera_domain::now_ms();
    let expires_at_ms = now.saturating_add(TRANSFER_NONCE_MS);
    state
        .store
        .passes()
        .insert_transfer_nonce(nonce.as_bytes(), &pass, now, expires_at_ms)
        .await?;
    Ok((
        axum::http::StatusCode::CREATED,
        Json(TransferNonce {
            nonce: nonce.to_string(),
            expires_at: rfc3339(expires_at_ms),
        }),
    ))
}

/// Starts a transfer with the holder's proof: answers the recipient's link. The same nonce
/// and proof again answer the same link; a wrong proof changes nothing and counts against
/// the source.
#[utoipa::path(
    post,
    path = "/v1/transfers",
    operation_id = "start_transfer",
    tag = "claims",
    request_body = HolderTransfer,
    responses(
        (status = 201, description = "The recipient's link", body = TransferLink),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 403, description = "`bad_proof`", body = ErrorBody),
        (status = 404, description = "`unknown_pass`, or `invalid_nonce` (unknown, expired or for another pass)", body = ErrorBody),
        (status = 409, description = "`transfer_not_allowed`, `not_claimed` or `revoked`", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "Too many requests or refusals from this source; see `Retry-After`", body = ErrorBody),
        (status = 500, description = "The pass's server key is not loaded", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn holder_transfer(
    State(state): State<AppState>,
    Peer(peer): Peer,
    headers: HeaderMap,
    ApiJson(body): ApiJson<HolderTransfer>,
) -> Result<(axum::http::StatusCode, Json<TransferLink>)> {
    let source = state.sources.source(&headers, peer);
    let _slot = transfer_slot(&state, source).await?;
    let pass = named_pass(&state, &body.pass_id).await?;
    let nonce: Nonce = body
        .nonce
        .parse()
        .map_err(|_| Error::Refused(Refusal::InvalidNonce))?;
    match state
        .store
        .passes()
        .transfer_nonce(nonce.as_bytes(), tessera_domain::now_ms())
        .await?
    {
        Some(for_pass) if for_pass == pass.id => {}
        _ => return Err(Error::Refused(Refusal::InvalidNonce)),
    }
    let proven = pass
        .wallet_public_key
        .clone()
        .ok_or(Error::Refused(Refusal::NotClaimed))?;
    let wallet_key: [u8; 32] = proven
        .as_slice()
        .try_into()
        .map_err(|_| Error::Internal("a stored wallet key is not 32 bytes"))?;
    let keys = state
        .keys
        .pass_keys(pass.id, &pass.server_kid, wallet_key)?;
    let right = body.proof.parse::<TransferProof>().is_ok_and(|proof| {
        keys.response_key
            .verify_transfer(PassId::new(pass.id), &nonce, &proof)
    });
    if !right {
        state.sources.failed(
            source,
            crate::abuse::Aggregates::TransferRejected,
            Some(pass.org_id),
            "transfers",
            "bad_proof",
        );
        return Err(super::failing(
            &state,
            source,
            Error::Refused(Refusal::BadProof),
        ));
    }
    let link = transfer(
        &state,
        &pass,
        nonce.as_bytes().to_vec(),
        Minter::Holder(&proven),
        TransferAsker {
            by: TransferBy::Holder,
            by_key_id: None,
            request_id: None,
        },
        None,
    )
    .await?;
    Ok((axum::http::StatusCode::CREATED, Json(link)))
}

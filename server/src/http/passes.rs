//! Issuing, reading and revoking passes (TSR1 §3 step 1, §9).
//!
//! The claim token travels in the claim URL's fragment, so browsers never send it to a
//! server or a Referer; only its SHA-256 is stored.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use time::OffsetDateTime;
use uuid::Uuid;

use super::admin::check_text;
use super::{parse_id, rfc3339, ApiCaller, ApiJson, Role};
use crate::audit::{self, AuditKind, Severity, Subject};
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::store::{PassRow, PassState};
use crate::{datetime_to_ms, now_ms};

/// Highest `max_uses` accepted (a season ticket, not a counter to overflow).
const MAX_USES_LIMIT: i64 = 100_000;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/passes", post(issue).get(list))
        .route("/v1/passes/{id}", get(show))
        .route("/v1/passes/{id}/revoke", post(revoke))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPass {
    label: String,
    #[serde(with = "time::serde::rfc3339")]
    valid_until: OffsetDateTime,
    #[serde(default, with = "time::serde::rfc3339::option")]
    valid_from: Option<OffsetDateTime>,
    #[serde(default)]
    max_uses: Option<i64>,
    #[serde(default)]
    site: Option<String>,
}

async fn issue(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewPass>,
) -> Result<(StatusCode, Json<Value>)> {
    caller.require(&[Role::Issuer])?;
    check_text("label", &body.label)?;
    if let Some(site) = &body.site {
        check_text("site", site)?;
    }
    let max_uses = body.max_uses.unwrap_or(1);
    if !(1..=MAX_USES_LIMIT).contains(&max_uses) {
        return Err(Error::BadRequest(format!(
            "max_uses must be 1–{MAX_USES_LIMIT}"
        )));
    }
    let now = now_ms();
    let valid_from = body.valid_from.map(datetime_to_ms).unwrap_or(now);
    let valid_until = datetime_to_ms(body.valid_until);
    if valid_until <= valid_from {
        return Err(Error::BadRequest(
            "valid_until must be after valid_from".into(),
        ));
    }
    let (server_kid, _) = state
        .keys
        .active()
        .ok_or_else(|| Error::Config("no server key loaded".into()))?;
    let token = crate::credentials::mint();
    let pass = PassRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        label: body.label,
        site: body.site,
        valid_from_ms: valid_from,
        valid_until_ms: valid_until,
        max_uses,
        uses: 0,
        state: PassState::Issued,
        claim_token_hash: token.hash.to_vec(),
        wallet_public_key: None,
        server_kid: server_kid.to_owned(),
        created_at_ms: now,
        claimed_at_ms: None,
        revoked_at_ms: None,
    };
    let subject = Subject {
        org_id: Some(pass.org_id),
        gate_id: None,
        pass_id: Some(pass.id),
    };
    let event = audit::event(
        AuditKind::PassIssued,
        Severity::Info,
        subject,
        json!({ "max_uses": max_uses, "by_key_id": caller.key.id }),
    );
    state.store.insert_pass(&pass, &event).await?;
    let claim_url = format!(
        "{}/claim#p={}&t={}",
        state.public_url,
        pass.id,
        token.text.as_str()
    );
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "pass_id": pass.id,
            "claim_token": token.text.as_str(),
            "claim_url": claim_url,
            "state": "issued",
        })),
    ))
}

/// The state a person should see: `expired` once past `valid_until` unless revoked or used.
fn shown_state(pass: &PassRow, now: i64) -> &'static str {
    match pass.state {
        PassState::Issued | PassState::Claimed if now >= pass.valid_until_ms => "expired",
        state => state.as_str(),
    }
}

async fn load_own_pass(state: &AppState, caller: &ApiCaller, id: &str) -> Result<PassRow> {
    let id = parse_id(id)?;
    match state.store.pass_by_id(id).await? {
        Some(pass) if pass.org_id == caller.key.org_id => Ok(pass),
        _ => Err(Error::NotFound),
    }
}

async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let admissions: Vec<Value> = state
        .store
        .admissions_of_pass(pass.id)
        .await?
        .iter()
        .map(|a| {
            json!({
                "at": rfc3339(a.created_at_ms),
                "gate_id": a.gate_id,
                "nonce": tessera_protocol::encoding::base32(&a.nonce),
            })
        })
        .collect();
    let mut body = pass_json(&pass, now_ms());
    body["admissions"] = Value::Array(admissions);
    Ok(Json(body))
}

/// A pass as `GET /v1/passes/{id}` and the list show it (the list without admissions).
fn pass_json(pass: &PassRow, now: i64) -> Value {
    json!({
        "pass_id": pass.id,
        "label": pass.label,
        "state": shown_state(pass, now),
        "site": pass.site,
        "valid_from": rfc3339(pass.valid_from_ms),
        "valid_until": rfc3339(pass.valid_until_ms),
        "max_uses": pass.max_uses,
        "uses": pass.uses,
        "server_kid": pass.server_kid,
        "created_at": rfc3339(pass.created_at_ms),
        "claimed_at": pass.claimed_at_ms.map(rfc3339),
    })
}

/// Query of `GET /v1/passes`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    limit: Option<i64>,
    cursor: Option<String>,
}

/// A list cursor: the `(created_at_ms, id)` of the last pass of the previous page.
fn parse_cursor(text: &str) -> Result<(i64, Uuid)> {
    text.split_once('_')
        .and_then(|(at, id)| Some((at.parse().ok()?, id.parse().ok()?)))
        .ok_or_else(|| Error::BadRequest("cursor is not one this server issued".into()))
}

async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let limit = match query.limit {
        None => 50,
        Some(n) if (1..=200).contains(&n) => n,
        Some(_) => return Err(Error::BadRequest("limit must be 1–200".into())),
    };
    let before = query.cursor.as_deref().map(parse_cursor).transpose()?;
    let passes = state
        .store
        .list_passes(caller.key.org_id, before, limit)
        .await?;
    let now = now_ms();
    let next_cursor = (passes.len() as i64 == limit)
        .then(|| {
            passes
                .last()
                .map(|p| format!("{}_{}", p.created_at_ms, p.id))
        })
        .flatten();
    Ok(Json(json!({
        "passes": passes.iter().map(|p| pass_json(p, now)).collect::<Vec<_>>(),
        "next_cursor": next_cursor,
    })))
}

async fn revoke(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<Value>> {
    caller.require(&[Role::Issuer])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let subject = Subject {
        org_id: Some(pass.org_id),
        gate_id: None,
        pass_id: Some(pass.id),
    };
    let event = audit::event(
        AuditKind::PassRevoked,
        Severity::Info,
        subject,
        json!({ "previous_state": pass.state.as_str(), "by_key_id": caller.key.id }),
    );
    if !state
        .store
        .revoke_pass(caller.key.org_id, pass.id, now_ms(), &event)
        .await?
    {
        return Err(Error::NotFound);
    }
    Ok(Json(json!({ "pass_id": pass.id, "state": "revoked" })))
}

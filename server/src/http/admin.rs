//! Admin calls: API keys and gate devices (TSR1 §9).
//!
//! Credentials are minted here, shown exactly once in the 201 answer and stored only as
//! SHA-256.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use super::{ApiCaller, ApiJson, Role};
use crate::audit::{self, AuditKind, Severity, Subject};
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::store::{ApiKeyRow, GateRow};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/api-keys", post(create_api_key))
        .route("/v1/gates", post(create_gate))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewApiKey {
    role: String,
    label: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGate {
    label: String,
    #[serde(default)]
    site: Option<String>,
}

/// Labels and sites are shown to guards and auditors; keep them short and printable.
///
/// # Errors
/// [`Error::BadRequest`] naming the field.
pub fn check_text(field: &str, text: &str) -> Result<()> {
    if text.trim().is_empty() || text.chars().count() > 200 || text.chars().any(char::is_control) {
        return Err(Error::BadRequest(format!(
            "{field} must be 1–200 printable characters"
        )));
    }
    Ok(())
}

async fn create_api_key(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewApiKey>,
) -> Result<(StatusCode, Json<Value>)> {
    caller.require(&[])?;
    let role = match body.role.as_str() {
        "issuer" => Role::Issuer,
        "auditor" => Role::Auditor,
        _ => {
            return Err(Error::BadRequest(
                "role must be \"issuer\" or \"auditor\"".into(),
            ))
        }
    };
    check_text("label", &body.label)?;
    let secret = crate::credentials::mint();
    let key = ApiKeyRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        role,
        label: body.label,
    };
    let subject = Subject {
        org_id: Some(key.org_id),
        ..Subject::default()
    };
    let event = audit::event(
        AuditKind::ApiKeyCreated,
        Severity::Info,
        subject,
        json!({ "key_id": key.id, "role": role.as_str(), "by_key_id": caller.key.id }),
    );
    state
        .store
        .insert_api_key(&key, &secret.hash, crate::now_ms(), &event)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(
            json!({ "key_id": key.id, "api_key": secret.text.as_str(), "role": role.as_str(), "label": key.label }),
        ),
    ))
}

async fn create_gate(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewGate>,
) -> Result<(StatusCode, Json<Value>)> {
    caller.require(&[])?;
    check_text("label", &body.label)?;
    if let Some(site) = &body.site {
        check_text("site", site)?;
    }
    let secret = crate::credentials::mint();
    let gate = GateRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        label: body.label,
        site: body.site,
    };
    let subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    };
    let event = audit::event(
        AuditKind::GateCreated,
        Severity::Info,
        subject,
        json!({ "by_key_id": caller.key.id }),
    );
    state
        .store
        .insert_gate(&gate, &secret.hash, crate::now_ms(), &event)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "gate_id": gate.id,
            "device_token": secret.text.as_str(),
            "label": gate.label,
            "site": gate.site,
        })),
    ))
}

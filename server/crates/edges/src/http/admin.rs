//! Admin calls: API keys and gate devices (TSR1 §9).
//!
//! Credentials are minted here, shown exactly once in the 201 answer and stored only as
//! SHA-256.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ApiKeyCreatedDetails, ByKey, Details, HostCreatedDetails};
use tessera_domain::Label;
use tessera_store::{ApiKeyRow, GateRow, HostRow};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/api-keys", post(create_api_key))
        .route("/v1/gates", post(create_gate))
}

/// A new API key.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewApiKey {
    role: GrantableRole,
    /// Who holds it, for the audit log: 1–200 printable characters. For a host, the
    /// person's display name as guards pick it, e.g. "R. Iyer, Flat 12B".
    #[schema(min_length = 1, max_length = 200, example = "box office")]
    label: String,
    /// A host's unit, flat or office (hosts only): 1–200 printable characters.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200, example = "12B")]
    unit: Option<String>,
}

/// The roles an admin may hand out (admin keys come only from `tessera-server init`).
#[derive(Clone, Copy, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum GrantableRole {
    /// Issues, reads and revokes passes.
    Issuer,
    /// Reads passes and the audit log.
    Auditor,
    /// A person who invites visitors and approves their walk-ins (issue 16).
    Host,
}

/// The new key, shown exactly once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ApiKeyCreated {
    key_id: Uuid,
    /// The secret: send it as `Authorization: Bearer <api_key>`. Only its hash is stored.
    api_key: String,
    role: GrantableRole,
    label: String,
    /// A host's unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
}

/// A new gate device.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewGate {
    /// What guards and auditors see: 1–200 printable characters.
    #[schema(min_length = 1, max_length = 200, example = "North gate")]
    label: String,
    /// The gate admits only passes of this site (and passes without one).
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200, example = "stadium")]
    site: Option<String>,
    /// The zone it lets people into or out of (`POST /v1/zones`); default none: the whole
    /// site, as TSR1.
    #[serde(default)]
    zone_id: Option<Uuid>,
    /// `entry` (default) or `exit`; an exit gate needs a zone.
    #[serde(default)]
    #[schema(pattern = "^(entry|exit)$")]
    direction: Option<String>,
}

/// The new gate and its device credential, shown exactly once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct GateCreated {
    gate_id: Uuid,
    /// The gate's credential for `GET /v1/gate/ws` (`Authorization: Bearer`). Only its
    /// hash is stored.
    device_token: String,
    label: String,
    site: Option<String>,
}

/// Labels and sites are shown to guards and auditors: [`Label`]'s rule.
///
/// # Errors
/// [`Error::BadRequest`] naming the field.
pub fn check_text(field: &'static str, text: &str) -> Result<()> {
    Label::parse(field, text)
        .map(drop)
        .map_err(|invalid| Error::BadRequest(invalid.to_string()))
}

/// Creates an issuer, auditor or host API key for the caller's organisation (admin only).
/// A host key names a person (`label`, `unit`); its `key_id` is the host id.
#[utoipa::path(
    post,
    path = "/v1/api-keys",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewApiKey,
    responses(
        (status = 201, description = "Created; the key is shown only now", body = ApiKeyCreated),
        (status = 400, description = "Malformed body, unknown role, bad label or unit, or a unit for a non-host key", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not an admin key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn create_api_key(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewApiKey>,
) -> Result<(StatusCode, Json<ApiKeyCreated>)> {
    caller.require(&[])?;
    let role = match body.role {
        GrantableRole::Issuer => Role::Issuer,
        GrantableRole::Auditor => Role::Auditor,
        GrantableRole::Host => Role::Host,
    };
    check_text("label", &body.label)?;
    if let Some(unit) = &body.unit {
        if role != Role::Host {
            return Err(Error::BadRequest("unit is for host keys only".into()));
        }
        check_text("unit", unit)?;
    }
    let secret = tessera_flows::credentials::mint();
    if role == Role::Host {
        let host = HostRow {
            id: Uuid::now_v7(),
            org_id: caller.key.org_id,
            label: body.label,
            unit: body.unit,
        };
        let event = audit::event(
            Severity::Info,
            Subject {
                org_id: Some(host.org_id),
                ..Subject::default()
            },
            Details::HostCreated(HostCreatedDetails {
                host_id: host.id,
                label: host.label.clone(),
                unit: host.unit.clone(),
                by_key_id: caller.key.id,
            }),
        );
        state
            .store
            .insert_host(&host, &secret.hash, tessera_domain::now_ms(), &event)
            .await?;
        return Ok((
            StatusCode::CREATED,
            Json(ApiKeyCreated {
                key_id: host.id,
                api_key: secret.text.as_str().to_owned(),
                role: body.role,
                label: host.label,
                unit: host.unit,
            }),
        ));
    }
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
        Severity::Info,
        subject,
        Details::ApiKeyCreated(ApiKeyCreatedDetails {
            key_id: Some(key.id),
            role: role.as_str().to_owned(),
            by_key_id: Some(caller.key.id),
            bootstrap: false,
        }),
    );
    state
        .store
        .insert_api_key(&key, &secret.hash, tessera_domain::now_ms(), &event)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(ApiKeyCreated {
            key_id: key.id,
            api_key: secret.text.as_str().to_owned(),
            role: body.role,
            label: key.label,
            unit: None,
        }),
    ))
}

/// Creates a gate device and its credential (admin only).
#[utoipa::path(
    post,
    path = "/v1/gates",
    tag = "gates",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewGate,
    responses(
        (status = 201, description = "Created; the device token is shown only now", body = GateCreated, links(
            ("pairing" = (operation_id = "create_pairing", parameters(("id" = "$response.body#/gate_id")))),
            ("revoke" = (operation_id = "revoke_gate", parameters(("id" = "$response.body#/gate_id")))),
        )),
        (status = 400, description = "Malformed body or bad label or site", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not an admin key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn create_gate(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewGate>,
) -> Result<(StatusCode, Json<GateCreated>)> {
    caller.require(&[])?;
    check_text("label", &body.label)?;
    if let Some(site) = &body.site {
        check_text("site", site)?;
    }
    let direction = match body.direction.as_deref() {
        None => tessera_domain::zones::Direction::Entry,
        Some(text) => tessera_domain::zones::Direction::parse(text)
            .ok_or_else(|| Error::BadRequest("direction must be entry or exit".into()))?,
    };
    let zone_id = match body.zone_id {
        None if direction == tessera_domain::zones::Direction::Exit => {
            return Err(Error::BadRequest("an exit gate needs a zone_id".into()))
        }
        None => None,
        Some(id) => {
            let zones = state.store.zones(caller.key.org_id).await?;
            if !zones.iter().any(|(zone, _)| zone.id == id) {
                return Err(Error::BadRequest(
                    "zone_id is not a zone of this organisation".into(),
                ));
            }
            Some(id)
        }
    };
    let secret = tessera_flows::credentials::mint();
    let gate = GateRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        label: body.label,
        site: body.site,
        zone_id,
        direction: Some(direction),
    };
    let subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    };
    let event = audit::event(
        Severity::Info,
        subject,
        Details::GateCreated(ByKey {
            by_key_id: caller.key.id,
        }),
    );
    state
        .store
        .insert_gate(&gate, &secret.hash, tessera_domain::now_ms(), &event)
        .await?;
    Ok((
        StatusCode::CREATED,
        Json(GateCreated {
            gate_id: gate.id,
            device_token: secret.text.as_str().to_owned(),
            label: gate.label,
            site: gate.site,
        }),
    ))
}

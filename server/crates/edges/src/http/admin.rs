//! Admin calls: API keys and gate devices (TSR1 §9).
//!
//! Credentials are minted here, shown exactly once in the 201 answer and stored only as
//! SHA-256. A key is listed (never its secret), revoked or rotated through
//! [`tessera_flows::keys`], as the operator's `tessera-server keys` does.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{check_text, parse_id, rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ApiKeyCreatedDetails, ByKey, Details, HostCreatedDetails};
use tessera_store::{ApiKeyListing, ApiKeyRow, GateRow, HostRow};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/api-keys", post(create_api_key).get(list_api_keys))
        .route("/v1/api-keys/{id}", axum::routing::delete(delete_api_key))
        .route("/v1/api-keys/{id}/revoke", post(revoke_api_key))
        .route("/v1/api-keys/{id}/rotate", post(rotate_api_key))
        .route("/v1/gates", post(create_gate))
}

/// A key as the key list shows it: never its secret.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ApiKeyView {
    key_id: Uuid,
    role: Role,
    /// Who holds it.
    label: String,
    /// A host's unit.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<String>,
    /// `active` or `revoked`.
    #[schema(pattern = "^(active|revoked)$")]
    state: &'static str,
    /// RFC 3339.
    created_at: String,
    /// When it was last presented, to the minute; absent when never.
    #[serde(skip_serializing_if = "Option::is_none")]
    last_used_at: Option<String>,
    /// When its secret was last replaced.
    #[serde(skip_serializing_if = "Option::is_none")]
    rotated_at: Option<String>,
    /// Until when the secret the last rotation replaced still works (absent once past).
    #[serde(skip_serializing_if = "Option::is_none")]
    previous_valid_until: Option<String>,
    /// When it was revoked.
    #[serde(skip_serializing_if = "Option::is_none")]
    revoked_at: Option<String>,
}

impl ApiKeyView {
    fn of(key: ApiKeyListing) -> Self {
        let now = tessera_domain::now_ms();
        Self {
            key_id: key.id,
            role: key.role,
            label: key.label,
            unit: key.unit,
            state: if key.revoked_at_ms.is_some() {
                "revoked"
            } else {
                "active"
            },
            created_at: rfc3339(key.created_at_ms),
            last_used_at: key.last_used_ms.map(rfc3339),
            rotated_at: key.rotated_at_ms.map(rfc3339),
            previous_valid_until: key
                .previous_valid_until_ms
                .filter(|until| *until > now && key.revoked_at_ms.is_none())
                .map(rfc3339),
            revoked_at: key.revoked_at_ms.map(rfc3339),
        }
    }
}

/// An organisation's keys.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ApiKeyList {
    /// Oldest first, revoked ones included; host keys are among them (role `host`).
    keys: Vec<ApiKeyView>,
}

/// How to rotate a key.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct RotateRequest {
    /// Seconds the old secret keeps working beside the new one (default 0: it stops now;
    /// at most 604800, a week).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 604_800, example = 3600)]
    overlap_s: u64,
}

/// A key's new secret, shown exactly once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ApiKeyRotated {
    /// The key, as the list now shows it.
    key: ApiKeyView,
    /// The new secret: send it as `Authorization: Bearer <api_key>`. Only its hash is
    /// stored.
    api_key: String,
}

/// Lists the organisation's keys, host keys and revoked keys included (admin only). Never
/// shows a secret.
#[utoipa::path(
    get,
    path = "/v1/api-keys",
    operation_id = "list_api_keys",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The keys, oldest first", body = ApiKeyList),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn list_api_keys(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<ApiKeyList>> {
    caller.require(&[])?;
    let keys = state.store.orgs().list_api_keys(caller.key.org_id).await?;
    Ok(Json(ApiKeyList {
        keys: keys.into_iter().map(ApiKeyView::of).collect(),
    }))
}

/// Revokes a key (admin only): it stops working at once on every replica, every console or
/// host session made from it ends, and its open event streams close within seconds.
/// Revoking a revoked key changes nothing. The organisation's last working admin key cannot
/// be revoked (rotate it instead).
#[utoipa::path(
    post,
    path = "/v1/api-keys/{id}/revoke",
    operation_id = "revoke_api_key",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The key id (a host's id for a host key)")),
    responses(
        (status = 200, description = "Revoked (now or before)", body = ApiKeyView),
        (status = 404, description = "No such key in this organisation, or not a UUID", body = ErrorBody),
        (status = 409, description = "`last_admin_key`: the organisation's last working admin key", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn revoke_api_key(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<ApiKeyView>> {
    caller.require(&[])?;
    let key_id = parse_id(&id)?;
    let key = tessera_flows::keys::revoke(
        &state.store,
        caller.key.org_id,
        key_id,
        Some(&caller.actor()),
    )
    .await?;
    Ok(Json(ApiKeyView::of(key)))
}

/// Revokes a key: the same as `POST /v1/api-keys/{id}/revoke` (the key stays listed, as
/// revoked, for the audit log).
#[utoipa::path(
    delete,
    path = "/v1/api-keys/{id}",
    operation_id = "delete_api_key",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The key id (a host's id for a host key)")),
    responses(
        (status = 200, description = "Revoked (now or before)", body = ApiKeyView),
        (status = 404, description = "No such key in this organisation, or not a UUID", body = ErrorBody),
        (status = 409, description = "`last_admin_key`: the organisation's last working admin key", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn delete_api_key(
    state: State<AppState>,
    caller: ApiCaller,
    id: Path<String>,
) -> Result<Json<ApiKeyView>> {
    revoke_api_key(state, caller, id).await
}

/// Gives a key a new secret under the same id and role (admin only). The old secret keeps
/// working for `overlap_s` seconds, or stops now; every console or host session made from
/// the key ends either way. A host's key rotates the same way.
#[utoipa::path(
    post,
    path = "/v1/api-keys/{id}/rotate",
    operation_id = "rotate_api_key",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The key id (a host's id for a host key)")),
    request_body(content = Option<RotateRequest>, description = "Optional; `{}` or no body: no overlap"),
    responses(
        (status = 200, description = "Rotated; the new secret is shown only now", body = ApiKeyRotated),
        (status = 400, description = "Malformed body, or an overlap over a week", body = ErrorBody),
        (status = 404, description = "No such key in this organisation, or not a UUID", body = ErrorBody),
        (status = 409, description = "`key_revoked`: a revoked key stays revoked", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn rotate_api_key(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
    body: axum::body::Bytes,
) -> Result<Json<ApiKeyRotated>> {
    caller.require(&[])?;
    let key_id = parse_id(&id)?;
    let body: RotateRequest = if body.iter().all(u8::is_ascii_whitespace) {
        RotateRequest::default()
    } else {
        serde_json::from_slice(&body).map_err(|error| Error::BadRequest(error.to_string()))?
    };
    let overlap = Duration::from_secs(body.overlap_s);
    if overlap > tessera_flows::keys::MAX_OVERLAP {
        return Err(Error::BadRequest(
            "overlap_s must be at most 604800 (a week)".into(),
        ));
    }
    let (key, secret) = tessera_flows::keys::rotate(
        &state.store,
        caller.key.org_id,
        key_id,
        overlap,
        Some(&caller.actor()),
    )
    .await?;
    state.sources.verified(&secret.hash);
    Ok(Json(ApiKeyRotated {
        key: ApiKeyView::of(key),
        api_key: secret.text.as_str().to_owned(),
    }))
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
    /// Where a host is told of a walk-in waiting for them, with one-click Approve and Deny
    /// links (hosts only; `docs/operations.md`). A bad address is a 422 naming the field.
    #[serde(default)]
    #[schema(example = "r.iyer@example.com")]
    email: Option<String>,
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
    /// The security team: reads what an auditor reads, and handles alarms, the
    /// watchlist, roll calls and requests for personal data (issue 32).
    Security,
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
    /// The language of its guards' screens (a BCP 47 tag, e.g. `de`); default the
    /// browser's, then the organisation's.
    #[serde(default)]
    #[schema(example = "de", max_length = 35)]
    language: Option<String>,
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
        (status = 400, description = "Malformed body, unknown role, bad label or unit, or a unit or email for a non-host key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a host's `email` that is not an address", body = ErrorBody),
        crate::error::AdminRefusals,
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
        GrantableRole::Security => Role::Security,
    };
    check_text("label", &body.label)?;
    if let Some(unit) = &body.unit {
        if role != Role::Host {
            return Err(Error::BadRequest("unit is for host keys only".into()));
        }
        check_text("unit", unit)?;
    }
    let email = match &body.email {
        Some(_) if role != Role::Host => {
            return Err(Error::BadRequest("email is for host keys only".into()))
        }
        Some(text) => Some(
            tessera_domain::mail::EmailAddress::parse("email", text)
                .map_err(|error| Error::InvalidField(error.field, error.to_string()))?
                .to_string(),
        ),
        None => None,
    };
    let secret = tessera_flows::credentials::mint();
    if role == Role::Host {
        let host = HostRow {
            id: Uuid::now_v7(),
            org_id: caller.key.org_id,
            label: body.label,
            unit: body.unit,
            email,
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
        )
        .by(caller.person.as_ref());
        state
            .store
            .people()
            .insert_host(&host, &secret.hash, tessera_domain::now_ms(), &event)
            .await?;
        state.sources.verified(&secret.hash);
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
    )
    .by(caller.person.as_ref());
    state
        .store
        .orgs()
        .insert_api_key(&key, &secret.hash, tessera_domain::now_ms(), &event)
        .await?;
    state.sources.verified(&secret.hash);
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
        (status = 422, description = "`invalid_field`: `language` is not a language tag", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
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
            let zones = state.store.zones().zones(caller.key.org_id).await?;
            if !zones.iter().any(|(zone, _)| zone.id == id) {
                return Err(Error::BadRequest(
                    "zone_id is not a zone of this organisation".into(),
                ));
            }
            Some(id)
        }
    };
    let language = super::language_tag(body.language.as_deref())?;
    let secret = tessera_flows::credentials::mint();
    let gate = GateRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        label: body.label,
        site: body.site,
        zone_id,
        direction: Some(direction),
        language: language.map(|tag| tag.as_str().to_owned()),
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
    )
    .by(caller.person.as_ref());
    state
        .store
        .gates()
        .insert_gate(&gate, &secret.hash, tessera_domain::now_ms(), &event)
        .await?;
    // Known good from the start: a gate's first upgrade is not refused for others'
    // failures at its address (`crate::abuse`).
    state.sources.verified(&secret.hash);
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

//! On-site nodes (issue 35) over HTTPS: an admin enrols a node and watches it
//! (`/v1/nodes`); the node itself, with its token, asks for its lease, pulls its site's
//! changes and ships what it decided (`/v1/node/…`). What each call does is in
//! `tessera_flows::sites`; who may admit is decided in `tessera_domain::sites`.

use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::auth::{
    auth_failed, bearer_token, refuse_spent_source, request_source, verify_credential,
};
use super::{rfc3339, ApiCaller, ApiJson};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::roles::Role;
use tessera_domain::sites::{Lease, NodeAuthority};
use tessera_flows::sites::{self as flow, SiteError};
use tessera_store::sites::SiteNodeRow;

/// A sync-up batch's largest body: 500 events with their outcomes fit with room to spare.
const MAX_BATCH_BYTES: usize = 8 * 1024 * 1024;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/nodes", get(list).post(create))
        .route("/v1/nodes/{node_id}/lease", delete(reclaim))
        .route("/v1/nodes/{node_id}/revoke", post(revoke))
        .route("/v1/nodes/{node_id}/rotate", post(rotate))
        .route("/v1/nodes/{node_id}/resume", post(resume))
        .route("/v1/node/lease", post(lease))
        .route("/v1/node/lease/return", post(give_back))
        .route("/v1/node/changes", get(changes))
        .route(
            "/v1/node/events",
            post(events).layer(DefaultBodyLimit::max(MAX_BATCH_BYTES)),
        )
}

/// A node to enrol.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewNode {
    /// The site it serves: the passes issued for this site are the ones it admits.
    #[schema(example = "stadium", min_length = 1, max_length = 100)]
    site: String,
    /// Free text.
    #[schema(example = "North stand PC", min_length = 1, max_length = 200)]
    label: String,
    /// The node's X25519 key, base64url (`tessera-server node key` on the node prints it).
    /// Pass keys are sealed to it and it never changes: a node that makes a new key is
    /// enrolled again. Without it, the key the node sends with its first lease request is
    /// fixed then.
    #[serde(default)]
    #[schema(example = "hSDwCYkwp1R0i33ctD73Wg2_Og0mOBr066SpjqqbTmo")]
    public_key: Option<String>,
}

/// A node's new token.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct RotatedNode {
    /// The node.
    node_id: Uuid,
    /// Its new credential, shown once; the old one stopped working.
    token: String,
}

/// A node just enrolled, with its token (shown once).
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct CreatedNode {
    /// The node.
    node_id: Uuid,
    /// Its site.
    site: String,
    /// Its label.
    label: String,
    /// Its credential: give it to `tessera-server serve --site … --upstream …` as
    /// `TESSERA_NODE_TOKEN`. Shown once.
    token: String,
}

/// A node as the console shows it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct NodeView {
    /// The node.
    node_id: Uuid,
    /// Its site.
    site: String,
    /// Its label.
    label: String,
    /// `holding` (it decides for the site), `starting` (granted, not in force yet),
    /// `overdue` (its lease ran out unrenewed: the uplink is down, or the node), `idle`,
    /// `reclaimed` (an admin took its lease back; it gets none until resumed) or `revoked`.
    #[schema(example = "holding")]
    state: String,
    /// When an admin revoked it (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    revoked_at: Option<String>,
    /// When an admin reclaimed its lease, while it waits for a resume (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    lease_blocked_at: Option<String>,
    /// Its lease, when it holds one.
    #[serde(skip_serializing_if = "Option::is_none")]
    lease: Option<LeaseView>,
    /// Its last request (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    last_seen_at: Option<String>,
    /// How far down the change log it synced.
    down_seq: i64,
    /// The time of the newest event it shipped (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    shipped_through: Option<String>,
    /// How old its oldest event was when it shipped it, in seconds (the sync-up lag).
    #[serde(skip_serializing_if = "Option::is_none")]
    up_lag_s: Option<f64>,
}

/// A lease.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct LeaseView {
    /// The lease.
    lease_id: Uuid,
    /// First grant (RFC 3339).
    granted_at: String,
    /// From when the node decides (RFC 3339).
    valid_from: String,
    /// Until when, unless renewed (RFC 3339).
    expires_at: String,
}

/// An organisation's nodes.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct NodeList {
    /// Oldest first.
    nodes: Vec<NodeView>,
}

fn node_view(node: SiteNodeRow, lease: Option<Lease>, now_ms: i64) -> NodeView {
    let state = match &lease {
        _ if node.revoked_at_ms.is_some() => "revoked",
        None if node.lease_blocked_at_ms.is_some() => "reclaimed",
        None => "idle",
        Some(lease) if now_ms < lease.valid_from_ms => "starting",
        Some(lease) if now_ms >= lease.expires_at_ms => "overdue",
        Some(_) => "holding",
    };
    NodeView {
        node_id: node.id,
        site: node.site,
        label: node.label,
        state: state.to_owned(),
        revoked_at: node.revoked_at_ms.map(rfc3339),
        lease_blocked_at: node.lease_blocked_at_ms.map(rfc3339),
        lease: lease.map(|lease| LeaseView {
            lease_id: lease.id,
            granted_at: rfc3339(lease.granted_at_ms),
            valid_from: rfc3339(lease.valid_from_ms),
            expires_at: rfc3339(lease.expires_at_ms),
        }),
        last_seen_at: node.last_seen_ms.map(rfc3339),
        down_seq: node.down_seq,
        shipped_through: node.up_through_ms.map(rfc3339),
        up_lag_s: node.up_lag_ms.map(|ms| ms as f64 / 1000.0),
    }
}

fn checked(text: &str, field: &'static str, max: usize) -> Result<String> {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.chars().count() > max || trimmed.chars().any(char::is_control)
    {
        return Err(Error::InvalidField(
            field,
            format!("{field} must be 1 to {max} characters, without control characters"),
        ));
    }
    Ok(trimmed.to_owned())
}

/// Enrols an on-site node for a site (admin; audited `site_node_created`).
#[utoipa::path(
    post,
    path = "/v1/nodes",
    operation_id = "create_node",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewNode,
    responses(
        (status = 201, description = "Enrolled; the token is shown once", body = CreatedNode),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: an empty or over-long site or label", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn create(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewNode>,
) -> Result<(StatusCode, Json<CreatedNode>)> {
    caller.require(&[])?;
    let site = checked(&body.site, "site", 100)?;
    let label = checked(&body.label, "label", 200)?;
    let public_key = body
        .public_key
        .as_deref()
        .map(|key| {
            tessera_protocol::encoding::base64url_exact::<32>(key.trim()).ok_or_else(|| {
                Error::InvalidField(
                    "public_key",
                    "public_key must be the node's X25519 key, 32 bytes in base64url".into(),
                )
            })
        })
        .transpose()?;
    let (node, token) = flow::enrol(
        &state.store,
        caller.key.org_id,
        &site,
        &label,
        public_key,
        Some(caller.key.id),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(CreatedNode {
            node_id: node.id,
            site: node.site,
            label: node.label,
            token: token.to_string(),
        }),
    ))
}

/// The organisation's on-site nodes with their leases and sync state (admin, auditor,
/// security).
#[utoipa::path(
    get,
    path = "/v1/nodes",
    operation_id = "list_nodes",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The nodes, oldest first", body = NodeList),
        (status = 403, description = "An issuer or host key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<NodeList>> {
    caller.require(&[Role::Auditor, Role::Security])?;
    let org_id = caller.key.org_id;
    let leases = state.store.sites().held_leases(org_id).await?;
    let now = tessera_domain::now_ms();
    let nodes = state
        .store
        .sites()
        .site_nodes(org_id)
        .await?
        .into_iter()
        .map(|node| {
            let lease = leases
                .iter()
                .find(|lease| lease.node_id == node.id)
                .cloned()
                .map(Lease::from);
            node_view(node, lease, now)
        })
        .collect();
    Ok(Json(NodeList { nodes }))
}

/// Takes a site back from its node without it (the node is gone): what it admitted and did
/// not ship is unknown here, so a pass it admitted may be admitted again (admin; audited
/// `site_lease_ended`, `high`).
#[utoipa::path(
    delete,
    path = "/v1/nodes/{node_id}/lease",
    operation_id = "reclaim_node_lease",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    params(("node_id" = Uuid, Path, description = "The node")),
    responses(
        (status = 204, description = "Reclaimed: the central server decides for the site again"),
        (status = 404, description = "No such node, or it holds no lease", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn reclaim(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(node_id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let node_id = super::parse_id(&node_id)?;
    flow::reclaim(
        &state.store,
        caller.key.org_id,
        node_id,
        Some(caller.key.id),
    )
    .await
    .map_err(site_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Revokes a node: its token stops working at once and the lease it holds ends, as a
/// reclaim does (admin; audited `site_node_revoked`, `high`). Enrol it again to bring it back.
#[utoipa::path(
    post,
    path = "/v1/nodes/{node_id}/revoke",
    operation_id = "revoke_node",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    params(("node_id" = Uuid, Path, description = "The node")),
    responses(
        (status = 204, description = "Revoked"),
        (status = 404, description = "No such node, or it is revoked already", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn revoke(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(node_id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let node_id = super::parse_id(&node_id)?;
    flow::revoke(
        &state.store,
        caller.key.org_id,
        node_id,
        Some(caller.key.id),
    )
    .await
    .map_err(site_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Gives a node a new token, shown once; the old one stops working at once (admin; audited
/// `site_node_token_rotated`).
#[utoipa::path(
    post,
    path = "/v1/nodes/{node_id}/rotate",
    operation_id = "rotate_node_token",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    params(("node_id" = Uuid, Path, description = "The node")),
    responses(
        (status = 200, description = "The new token, shown once", body = RotatedNode),
        (status = 404, description = "No such node, or it is revoked", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn rotate(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(node_id): Path<String>,
) -> Result<Json<RotatedNode>> {
    caller.require(&[])?;
    let node_id = super::parse_id(&node_id)?;
    let token = flow::rotate_token(
        &state.store,
        caller.key.org_id,
        node_id,
        Some(caller.key.id),
    )
    .await
    .map_err(site_error)?;
    Ok(Json(RotatedNode {
        node_id,
        token: token.to_string(),
    }))
}

/// Lets a node whose lease an admin reclaimed ask for one again (admin; audited
/// `site_node_resumed`).
#[utoipa::path(
    post,
    path = "/v1/nodes/{node_id}/resume",
    operation_id = "resume_node",
    tag = "on-site nodes",
    security(("api_key" = []), ("console_session" = [])),
    params(("node_id" = Uuid, Path, description = "The node")),
    responses(
        (status = 204, description = "The node may take its site's lease again"),
        (status = 404, description = "No such node, it is revoked, or its lease was not reclaimed", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn resume(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(node_id): Path<String>,
) -> Result<StatusCode> {
    caller.require(&[])?;
    let node_id = super::parse_id(&node_id)?;
    flow::allow_lease(
        &state.store,
        caller.key.org_id,
        node_id,
        Some(caller.key.id),
    )
    .await
    .map_err(site_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// An on-site node, authenticated by its token.
pub(super) struct NodeCaller(SiteNodeRow);

impl FromRequestParts<AppState> for NodeCaller {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self> {
        let source = request_source(state, parts);
        let Some(token) = bearer_token(&parts.headers) else {
            refuse_spent_source(state, source, "node")?;
            auth_failed(state, source, "node", false);
            return Err(Error::Unauthorized);
        };
        let node = verify_credential(state, source, token, "node", |hash| async move {
            Ok(state.store.sites().site_node_by_token_hash(&hash).await?)
        })
        .await?;
        Ok(NodeCaller(node))
    }
}

fn site_error(error: SiteError) -> Error {
    match error {
        SiteError::HeldElsewhere => Error::Conflict(
            "lease_held",
            "another node holds this site's lease; reclaim it first".into(),
        ),
        SiteError::NoLease | SiteError::NoNode => Error::NotFound,
        SiteError::KeyChanged => Error::Conflict(
            "node_key_changed",
            "this is not the node's key: a node's key is fixed at enrolment; enrol the node again"
                .into(),
        ),
        SiteError::Reclaimed => Error::Conflict(
            "lease_reclaimed",
            "an admin reclaimed this node's lease; it gets none until an admin resumes it \
             (POST /v1/nodes/{id}/resume)"
                .into(),
        ),
        SiteError::NoKey => Error::Conflict(
            "no_node_key",
            "ask for a lease first: pass keys are sealed to the key sent with it".into(),
        ),
        SiteError::Invalid(what) => Error::InvalidField("body", what.to_owned()),
        SiteError::Flow(flow) => flow.into(),
    }
}

/// The node asks for its site's lease, or renews it (node token). Answers the signed lease.
#[utoipa::path(
    post,
    path = "/v1/node/lease",
    operation_id = "node_lease",
    tag = "on-site nodes",
    security(("api_key" = [])),
    request_body = flow::LeaseRequest,
    responses(
        (status = 200, description = "The lease, signed", body = flow::LeaseGrant),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 401, description = "Missing or unknown node token", body = ErrorBody),
        (status = 409, description = "`lease_held`: another node holds the site; `lease_reclaimed`: an admin reclaimed this node's lease and has not resumed it; `node_key_changed`: not the node's fixed key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a malformed key", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn lease(
    State(state): State<AppState>,
    NodeCaller(node): NodeCaller,
    ApiJson(body): ApiJson<flow::LeaseRequest>,
) -> Result<Json<flow::LeaseGrant>> {
    let grant = flow::grant(&state.store, &state.keys, &state.sites, &node, &body)
        .await
        .map_err(site_error)?;
    Ok(Json(grant))
}

/// The node hands its lease back, having shipped what it decided (node token).
#[utoipa::path(
    post,
    path = "/v1/node/lease/return",
    operation_id = "node_lease_return",
    tag = "on-site nodes",
    security(("api_key" = [])),
    request_body = flow::ReturnRequest,
    responses(
        (status = 204, description = "Returned: the central server decides for the site again"),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 401, description = "Missing or unknown node token", body = ErrorBody),
        (status = 404, description = "The node holds no such lease", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn give_back(
    State(state): State<AppState>,
    NodeCaller(node): NodeCaller,
    ApiJson(body): ApiJson<flow::ReturnRequest>,
) -> Result<StatusCode> {
    flow::give_back(&state.store, &node, body.lease_id)
        .await
        .map_err(site_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// Where a node's sync-down page starts.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ChangesQuery {
    /// The `next_seq` of its last page (0 at first).
    #[serde(default)]
    after: i64,
    /// Passes per page (1 to 10,000; default 1,000).
    #[serde(default)]
    limit: Option<i64>,
    /// A re-read (with `through`): only changes at or before `through` whose last writer was
    /// a transaction at or past this one (the `horizon_tx` of the node's last round).
    #[serde(default)]
    since_tx: Option<i64>,
    /// A re-read's end: the node's cursor when it began.
    #[serde(default)]
    through: Option<i64>,
}

/// A page of the site's changes: gates, and passes changed since `after` with their keys
/// sealed to the node (node token).
#[utoipa::path(
    get,
    path = "/v1/node/changes",
    operation_id = "node_changes",
    tag = "on-site nodes",
    security(("api_key" = [])),
    params(ChangesQuery),
    responses(
        (status = 200, description = "A page of changes", body = flow::SyncDown),
        (status = 400, description = "Malformed query", body = ErrorBody),
        (status = 401, description = "Missing or unknown node token", body = ErrorBody),
        (status = 409, description = "`no_node_key`: the node has not asked for a lease yet", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn changes(
    State(state): State<AppState>,
    NodeCaller(node): NodeCaller,
    query: Result<Query<ChangesQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<flow::SyncDown>> {
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let page = flow::changes(
        &state.store,
        &state.keys,
        &node,
        query.after.max(0),
        match (query.since_tx, query.through) {
            (Some(since_tx), Some(through_seq)) => Some(tessera_store::sites::Resync {
                since_tx,
                through_seq,
            }),
            (None, None) => None,
            _ => {
                return Err(Error::BadRequest(
                    "since_tx and through go together".to_owned(),
                ))
            }
        },
        query.limit.unwrap_or(flow::CHANGES_PER_PAGE),
    )
    .await
    .map_err(site_error)?;
    Ok(Json(page))
}

/// The node ships its events and the outcomes it stored, each written once (node token).
#[utoipa::path(
    post,
    path = "/v1/node/events",
    operation_id = "node_events",
    tag = "on-site nodes",
    security(("api_key" = [])),
    request_body = flow::SyncUp,
    responses(
        (status = 200, description = "Written: what was new", body = flow::SyncUpAnswer),
        (status = 400, description = "Malformed body", body = ErrorBody),
        (status = 401, description = "Missing or unknown node token", body = ErrorBody),
        (status = 413, description = "Body over 8 MiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a malformed event or outcome; nothing was written", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn events(
    State(state): State<AppState>,
    NodeCaller(node): NodeCaller,
    ApiJson(body): ApiJson<flow::SyncUp>,
) -> Result<Json<flow::SyncUpAnswer>> {
    let answer = flow::ingest(&state.store, &node, body)
        .await
        .map_err(site_error)?;
    Ok(Json(answer))
}

/// What `/metrics` and the console show of this server when it is a node.
pub fn node_authority(state: &AppState) -> Option<NodeAuthority> {
    match &state.redemption.authority {
        tessera_flows::sites::Authority::Node(view) => {
            Some(view.authority(tessera_domain::now_ms()))
        }
        tessera_flows::sites::Authority::Central => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_node_state_reads_from_its_lease() {
        let node = SiteNodeRow {
            id: Uuid::nil(),
            org_id: Uuid::nil(),
            site: "hall".into(),
            label: "pc".into(),
            public_key: None,
            created_at_ms: 0,
            revoked_at_ms: None,
            last_seen_ms: None,
            down_seq: 0,
            up_through_ms: None,
            up_lag_ms: None,
            lease_blocked_at_ms: None,
        };
        let lease = Lease {
            id: Uuid::nil(),
            org_id: Uuid::nil(),
            site: "hall".into(),
            node_id: Uuid::nil(),
            granted_at_ms: 0,
            valid_from_ms: 100,
            expires_at_ms: 200,
        };
        let cases = [
            (None, 150, "idle"),
            (Some(lease.clone()), 50, "starting"),
            (Some(lease.clone()), 150, "holding"),
            (Some(lease), 250, "overdue"),
        ];
        for (lease, now, expected) in cases {
            assert_eq!(node_view(node.clone(), lease, now).state, expected);
        }
        let reclaimed = SiteNodeRow {
            lease_blocked_at_ms: Some(120),
            ..node.clone()
        };
        assert_eq!(node_view(reclaimed, None, 150).state, "reclaimed");
        let revoked = SiteNodeRow {
            revoked_at_ms: Some(120),
            ..node
        };
        assert_eq!(node_view(revoked, None, 150).state, "revoked");
    }
}

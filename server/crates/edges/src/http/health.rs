//! Liveness and readiness for load balancers and rolling deploys.
//!
//! `/readyz` is green only when the database answers and every migration this binary knows
//! is applied, so a new server version never takes traffic against an old schema; with
//! several database hosts, only while one of them is known as the primary.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;

use crate::state::AppState;
use tessera_store::primary::PrimaryState;
use tessera_store::SchemaStatus;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// The answer of `/healthz`.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Liveness {
    /// Always `ok`.
    #[schema(example = "ok")]
    status: &'static str,
}

/// The answer of `/readyz`.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Readiness {
    /// `ready`, or why not.
    status: ReadyStatus,
    /// What an operator should do, when that is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<&'static str>,
}

/// Whether this server may take traffic.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub(super) enum ReadyStatus {
    /// The database answers and its schema is this binary's.
    Ready,
    /// Migrations this binary needs are not applied.
    SchemaBehind,
    /// The database does not answer.
    DatabaseUnavailable,
    /// The database URL lists several hosts and none answers as the primary (a failover
    /// in progress), or several do on the same timeline (`store::primary`).
    NoPrimary,
}

/// Liveness: the process serves HTTP. Nothing else is checked.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "health",
    responses((status = 200, description = "The server is alive", body = Liveness))
)]
pub(super) async fn healthz() -> Json<Liveness> {
    Json(Liveness { status: "ok" })
}

/// Readiness: the database answers (with several hosts: one of them is the primary) and
/// every migration this binary knows is applied.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "health",
    responses(
        (status = 200, description = "Ready for traffic", body = Readiness),
        (status = 503, description = "Not ready: schema behind, database unavailable or no primary", body = Readiness),
    )
)]
pub(super) async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    match tessera_store::primary::status() {
        None | Some(PrimaryState::Primary(_)) => {}
        Some(state) => {
            tracing::warn!(?state, "not ready: no database primary");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Readiness {
                    status: ReadyStatus::NoPrimary,
                    hint: Some("no listed database host answers as the only primary"),
                }),
            );
        }
    }
    match state.store.schema_status().await {
        Ok(SchemaStatus::Current) => (
            StatusCode::OK,
            Json(Readiness {
                status: ReadyStatus::Ready,
                hint: None,
            }),
        ),
        Ok(SchemaStatus::Behind) => {
            tracing::warn!(
                "not ready: the database schema is behind; run `tessera-server migrate`"
            );
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Readiness {
                    status: ReadyStatus::SchemaBehind,
                    hint: Some("run `tessera-server migrate`"),
                }),
            )
        }
        Err(error) => {
            tracing::warn!(%error, "not ready: database unavailable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(Readiness {
                    status: ReadyStatus::DatabaseUnavailable,
                    hint: None,
                }),
            )
        }
    }
}

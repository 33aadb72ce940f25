//! Liveness and readiness for load balancers and rolling deploys.
//!
//! `/readyz` is green only when the database answers and every migration this binary knows
//! is applied, so a new server version never takes traffic against an old schema.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use crate::state::AppState;
use crate::store::SchemaStatus;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match state.store.schema_status().await {
        Ok(SchemaStatus::Current) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Ok(SchemaStatus::Behind) => {
            tracing::warn!(
                "not ready: the database schema is behind; run `tessera-server migrate`"
            );
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "schema_behind", "hint": "run `tessera-server migrate`" })),
            )
        }
        Err(error) => {
            tracing::warn!(%error, "not ready: database unavailable");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "database_unavailable" })),
            )
        }
    }
}

//! `GET /metrics` (issue 15): the Prometheus text exposition, served only on the metrics
//! listener (`--metrics-listen`), never beside the public API. The counters are bumped
//! where things happen ([`tessera_flows::metrics`]); the gauges are read here, at each scrape.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::Router;

use crate::state::AppState;
use tessera_flows::metrics::Gauges;

/// The `/metrics` router, for the metrics listener only.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", axum::routing::get(scrape))
        .with_state(state)
}

async fn scrape(State(state): State<AppState>) -> impl IntoResponse {
    let gauges = Gauges {
        pools: state.store.backend().pool_stats(),
        waiting: state.store.backend().waiting(),
        gate_sockets: state.gate_sockets.open_by_tenant(),
        // A scrape never waits long for the database: a slow or failed count keeps the
        // last reading.
        alarms_open: tokio::time::timeout(
            std::time::Duration::from_secs(1),
            state.store.security().open_alarms(),
        )
        .await
        .ok()
        .and_then(Result::ok),
        node: state.node_metrics.as_ref().map(|metrics| {
            let admits = super::sites::node_authority(&state)
                == Some(tessera_domain::sites::NodeAuthority::Admits);
            metrics.gauges(admits)
        }),
    };
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        tessera_flows::metrics::get().render(&gauges),
    )
}

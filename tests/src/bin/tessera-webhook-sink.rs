//! `tessera-webhook-sink`: the webhook receiver of `bench/webhooks.sh` (issue 17).
//!
//! It stands for another organisation's system, which in production runs on its own
//! machine: on the benchmark's two cores its CPU is taken from the admissions being
//! measured, so it does as little as a receiver can. It answers every `POST /hook/<run>`
//! with 204 and counts the distinct event ids per run; `GET /count/<run>` answers
//! `{"events": n}`, which the script compares with the admissions the load generator saw.
//! It prints its port on the first line of stdout, then serves until killed.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use anyhow::Result;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

type Seen = Arc<Mutex<HashMap<String, HashSet<String>>>>;

/// The one field of an event the sink reads.
#[derive(Deserialize)]
struct Event {
    id: String,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let seen: Seen = Arc::default();
    let app = Router::new()
        .route("/hook/{run}", post(take))
        .route("/count/{run}", get(count))
        .with_state(seen);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    println!("{}", listener.local_addr()?.port());
    axum::serve(listener, app).await?;
    Ok(())
}

async fn take(State(seen): State<Seen>, Path(run): Path<String>, body: String) -> StatusCode {
    let Ok(event) = serde_json::from_str::<Event>(&body) else {
        return StatusCode::BAD_REQUEST;
    };
    match seen.lock() {
        Ok(mut seen) => {
            seen.entry(run).or_default().insert(event.id);
            StatusCode::NO_CONTENT
        }
        Err(_) => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

async fn count(State(seen): State<Seen>, Path(run): Path<String>) -> Json<Value> {
    let events = seen
        .lock()
        .map(|seen| seen.get(&run).map_or(0, HashSet::len))
        .unwrap_or(0);
    Json(json!({ "events": events }))
}

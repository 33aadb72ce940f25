//! The organisation's data export, `GET /v1/export` (admin): everything the organisation
//! configured and holds, in one JSON document, for a backup, an audit or a move to another
//! system: gates, zones, passes, webhooks, the watchlist and roll calls. No secret is in it
//! (no claim token, device credential, wallet key or webhook signing secret), and the audit
//! log is exported apart, by `GET /v1/audit/export` (it can be far larger).

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::gates::{GateView, ONLINE_WITHIN_MS};
use super::passes::PassSummary;
use super::roll_calls::RollCallView;
use super::watchlist::WatchEntryView;
use super::webhooks::WebhookView;
use super::zones::ZoneView;
use super::{rfc3339, ApiCaller, Role};
use crate::error::Result;
use crate::state::AppState;
use tessera_domain::now_ms;

/// Passes read per page while exporting.
const PAGE: i64 = 500;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/export", get(export))
}

/// Everything an organisation holds but its audit log.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct OrgExport {
    org_id: Uuid,
    /// RFC 3339.
    #[schema(format = DateTime)]
    exported_at: String,
    gates: Vec<GateView>,
    zones: Vec<ZoneView>,
    /// Every pass, newest first (claim tokens and wallet keys are never exported).
    passes: Vec<PassSummary>,
    /// Webhooks without their signing secrets.
    webhooks: Vec<WebhookView>,
    /// The watchlist, expired entries included.
    watchlist: Vec<WatchEntryView>,
    /// The 200 newest roll calls, with their lists.
    roll_calls: Vec<RollCallView>,
    /// Where the audit log is exported: `GET /v1/audit/export`.
    audit_log: &'static str,
}

/// The organisation's data export (admin).
#[utoipa::path(
    get,
    path = "/v1/export",
    operation_id = "export_organisation",
    tag = "admin",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "Gates, zones, passes, webhooks, the watchlist and roll calls, as an attachment", body = OrgExport),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn export(State(state): State<AppState>, caller: ApiCaller) -> Result<Response> {
    caller.require(&[Role::Admin])?;
    let org_id = caller.key.org_id;
    let now = now_ms();
    let gates = state
        .store
        .backend()
        .gate_statuses(org_id, None, now - ONLINE_WITHIN_MS)
        .await?;
    let zones = state.store.zones().zones(org_id).await?;
    let mut passes = Vec::new();
    let mut before = None;
    loop {
        let page = state
            .store
            .passes()
            .list_passes(org_id, before, PAGE, None)
            .await?;
        before = page.last().map(|pass| (pass.created_at_ms, pass.id));
        let full = page.len() as i64 == PAGE;
        passes.extend(
            page.iter()
                .map(|pass| super::passes::pass_summary(pass, now)),
        );
        if !full {
            break;
        }
    }
    let webhooks = state.store.webhooks().webhooks(Some(org_id)).await?;
    let watchlist = state.store.security().watchlist(org_id).await?;
    let mut roll_calls = Vec::new();
    for (roll_call, _, _) in state.store.roll_calls().roll_calls(org_id, 200).await? {
        let people = state
            .store
            .roll_calls()
            .roll_call_people(roll_call.id)
            .await?;
        roll_calls.push(RollCallView::with_people(&roll_call, &people));
    }
    let body = OrgExport {
        org_id,
        exported_at: rfc3339(now),
        gates: gates.iter().map(GateView::of).collect(),
        zones: zones
            .into_iter()
            .map(|(zone, inside)| super::zones::view(zone, inside))
            .collect(),
        passes,
        webhooks: webhooks.into_iter().map(super::webhooks::view).collect(),
        watchlist: watchlist
            .iter()
            .map(|entry| WatchEntryView::of(entry, now))
            .collect(),
        roll_calls,
        audit_log: "/v1/audit/export",
    };
    let filename = format!("tessera-export-{}.json", rfc3339(now).replace(':', ""));
    Ok((
        [(
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{filename}\""),
        )],
        Json(body),
    )
        .into_response())
}

//! The console's reads of the audit log (`docs/console.md`): the live feed,
//! `GET /v1/audit/stream` (Server-Sent Events, [`crate::feed`]), and the export of exactly a
//! filtered view, `GET /v1/audit/export`. Both take the filters of `GET /v1/audit`.

use std::collections::HashMap;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::StreamExt;

use super::audit_log::{csv_line, parse_filter, COLUMNS};
use super::{ApiCaller, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::feed::event_json;
use crate::feed::Start;
use crate::state::AppState;
use tessera_store::{AuditFilter, AuditRow};

/// The most rows one export holds.
pub const MAX_EXPORT_ROWS: usize = 100_000;
/// Rows read per page while exporting.
const EXPORT_PAGE: i64 = 1_000;
/// Events of the backlog a stream starts with unless told otherwise.
const DEFAULT_BACKLOG: i64 = 100;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/audit/stream", get(stream))
        .route("/v1/audit/export", get(export))
}

/// Takes `names` out of `query`, refusing any of `refused` (filters that make no sense here).
fn split_query(
    mut query: HashMap<String, String>,
    names: &[&str],
    refused: &[&str],
) -> Result<(HashMap<String, String>, HashMap<String, String>)> {
    if let Some(name) = refused.iter().find(|name| query.contains_key(**name)) {
        return Err(Error::BadRequest(format!("{name} is not a filter here")));
    }
    let taken = names
        .iter()
        .filter_map(|name| query.remove_entry(*name))
        .collect();
    Ok((taken, query))
}

fn parse_id(name: &str, text: &str) -> Result<i64> {
    text.trim()
        .parse::<i64>()
        .ok()
        .filter(|id| *id >= 0)
        .ok_or_else(|| Error::BadRequest(format!("{name} must be an event id")))
}

/// Where the stream starts: `Last-Event-ID`, else `?after=`, else the backlog.
fn start(headers: &HeaderMap, own: &HashMap<String, String>) -> Result<Start> {
    if let Some(last) = headers.get("last-event-id") {
        let text = last
            .to_str()
            .map_err(|_| Error::BadRequest("Last-Event-ID must be an event id".into()))?;
        return parse_id("Last-Event-ID", text).map(Start::After);
    }
    if let Some(after) = own.get("after") {
        return parse_id("after", after).map(Start::After);
    }
    match own.get("backlog") {
        None => Ok(Start::Backlog(DEFAULT_BACKLOG)),
        Some(text) => match text.parse::<i64>() {
            Ok(count) if (0..=1000).contains(&count) => Ok(Start::Backlog(count)),
            _ => Err(Error::BadRequest("backlog must be 0–1000".into())),
        },
    }
}

/// The audit log as Server-Sent Events (auditor or admin; `docs/console.md`): the backlog
/// or everything after `Last-Event-ID`/`after`, then live. Filters as `GET /v1/audit`
/// without `since`, `until`, `limit` and `cursor`.
#[utoipa::path(
    get,
    path = "/v1/audit/stream",
    operation_id = "stream_audit",
    tag = "audit",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("kind" = Option<String>, Query, pattern = "^[a-z0-9_]{1,64}$", description = "Only events of this kind"),
        ("severity" = Option<String>, Query, pattern = "^(info|warning|high)$", description = "`info`, `warning` or `high`"),
        ("gate_id" = Option<String>, Query, format = Uuid, description = "Only events of this gate"),
        ("pass_id" = Option<String>, Query, format = Uuid, description = "Only events of this pass"),
        ("after" = Option<i64>, Query, minimum = 0, description = "Start after this event id"),
        ("backlog" = Option<i64>, Query, minimum = 0, maximum = 1000, description = "Events before live, default 100"),
        ("Last-Event-ID" = Option<i64>, Header, description = "Resume after this event id (wins over `after`)"),
    ),
    responses(
        (status = 200, description = "`event: audit` events whose `data` is a `GET /v1/audit` event plus `gate_label` and `pass_label`", content_type = "text/event-stream", body = String),
        (status = 400, description = "An unknown or malformed filter", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        (status = 429, description = "Too many failed authentications, or too many open streams; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry", body = ErrorBody),
    )
)]
pub(super) async fn stream(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response> {
    caller.require(&[Role::Auditor])?;
    let (own, filters) = split_query(
        query,
        &["after", "backlog"],
        &["since", "until", "limit", "cursor"],
    )?;
    let filter = parse_filter(caller.key.org_id, &filters)?;
    let start = start(&headers, &own)?;
    let Ok(permit) = state.feed_streams.clone().try_acquire_owned() else {
        return Err(Error::RateLimited(Duration::from_secs(5)));
    };
    let anchor = crate::feed::Anchor::fix(&state.store, start).await?;
    let (sender, mut receiver) = tokio::sync::mpsc::channel::<Event>(64);
    let (store, hub, shutdown) = (
        state.store.clone(),
        std::sync::Arc::clone(&state.feed),
        state.shutdown.clone(),
    );
    let task_state = state.clone();
    tokio::spawn(async move {
        let _permit = permit;
        // A revoked key, or an ended session, ends the stream within seconds.
        tokio::select! {
            () = crate::feed::run(store, hub, filter, anchor, sender, shutdown) => {}
            () = super::auth::until_credential_ends(task_state, caller) => {}
        }
    });
    let first = Event::default().retry(Duration::from_secs(1));
    let events = futures_util::stream::once(async move { Ok::<_, Infallible>(first) }).chain(
        futures_util::stream::poll_fn(move |cx| receiver.poll_recv(cx).map(|next| next.map(Ok))),
    );
    let mut response = Sse::new(events)
        .keep_alive(
            KeepAlive::new()
                .interval(Duration::from_secs(15))
                .text("keep-alive"),
        )
        .into_response();
    // Proxies must pass events on at once, not buffer them.
    response
        .headers_mut()
        .insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// The two export formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Csv,
    Jsonl,
}

/// Every event the filters select, oldest first, as one CSV or JSONL download (auditor or
/// admin; at most 100,000 rows, `docs/console.md`).
#[utoipa::path(
    get,
    path = "/v1/audit/export",
    operation_id = "export_audit",
    tag = "audit",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("format" = String, Query, pattern = "^(csv|jsonl)$", description = "`csv` or `jsonl`"),
        ("kind" = Option<String>, Query, pattern = "^[a-z0-9_]{1,64}$", description = "Only events of this kind"),
        ("severity" = Option<String>, Query, pattern = "^(info|warning|high)$", description = "`info`, `warning` or `high`"),
        ("gate_id" = Option<String>, Query, format = Uuid, description = "Only events of this gate"),
        ("pass_id" = Option<String>, Query, format = Uuid, description = "Only events of this pass"),
        ("since" = Option<String>, Query, format = DateTime, description = "RFC 3339: events at or after"),
        ("until" = Option<String>, Query, format = DateTime, description = "RFC 3339: events before"),
    ),
    responses(
        (status = 200, description = "The download (`Content-Disposition: attachment`)", content(
            (String = "text/csv"),
            (String = "application/x-ndjson"),
        )),
        (status = 400, description = "Bad filter or format, or over 100,000 rows", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn export(
    State(state): State<AppState>,
    caller: ApiCaller,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response> {
    caller.require(&[Role::Auditor])?;
    let (own, filters) = split_query(query, &["format"], &["limit", "cursor"])?;
    let format = match own.get("format").map(String::as_str) {
        Some("csv") => Format::Csv,
        Some("jsonl") => Format::Jsonl,
        _ => return Err(Error::BadRequest("format must be csv or jsonl".into())),
    };
    let filter = parse_filter(caller.key.org_id, &filters)?;
    // One snapshot: events appended while the export pages are not half in it.
    let through_id = Some(state.store.audit().max_audit_id().await?);
    let mut body = String::new();
    if format == Format::Csv {
        body.push_str(&COLUMNS.join(","));
        body.push_str("\r\n");
    }
    let rows = audit_rows(
        &state.store,
        &AuditFilter {
            through_id,
            ..filter
        },
        MAX_EXPORT_ROWS,
    )
    .await?;
    if rows.len() > MAX_EXPORT_ROWS {
        return Err(Error::BadRequest(format!(
            "the filter matches more than {MAX_EXPORT_ROWS} events; narrow it (since, until, kind, gate_id, pass_id)"
        )));
    }
    let rows_out = rows.len();
    for row in &rows {
        let event = event_json(row);
        match format {
            Format::Csv => body.push_str(&csv_line(&event)),
            Format::Jsonl => {
                body.push_str(&event.to_string());
                body.push('\n');
            }
        }
    }
    let (content_type, filename) = match format {
        Format::Csv => ("text/csv; charset=utf-8", "tessera-audit.csv"),
        Format::Jsonl => ("application/x-ndjson", "tessera-audit.jsonl"),
    };
    let disposition = format!("attachment; filename=\"{filename}\"");
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert("x-exported-rows", HeaderValue::from(rows_out));
    Ok(response)
}

/// Every event matching `filter` after its `after_id`, oldest first, read a page at a time,
/// but at most `max + 1` of them (so a caller can tell "more than `max`").
///
/// # Errors
/// Storage failures.
pub(super) async fn audit_rows(
    store: &tessera_store::Store,
    filter: &AuditFilter,
    max: usize,
) -> Result<Vec<AuditRow>> {
    let mut rows: Vec<AuditRow> = Vec::new();
    let mut after_id = filter.after_id;
    loop {
        let page = store
            .audit()
            .query_audit(&AuditFilter {
                after_id,
                limit: EXPORT_PAGE,
                ..filter.clone()
            })
            .await?;
        let full = page.len() as i64 == EXPORT_PAGE;
        after_id = page.last().map(|row| row.id);
        rows.extend(page);
        if !full || rows.len() > max {
            rows.truncate(max + 1);
            return Ok(rows);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn a_stream_starts_from_the_header_then_after_then_its_backlog() {
        let mut headers = HeaderMap::new();
        let own = query(&[("after", "7")]);
        assert_eq!(start(&headers, &own).unwrap(), Start::After(7));
        headers.insert("last-event-id", HeaderValue::from_static("42"));
        assert_eq!(start(&headers, &own).unwrap(), Start::After(42));
        let headers = HeaderMap::new();
        assert_eq!(
            start(&headers, &query(&[])).unwrap(),
            Start::Backlog(DEFAULT_BACKLOG)
        );
        assert_eq!(
            start(&headers, &query(&[("backlog", "0")])).unwrap(),
            Start::Backlog(0)
        );
        assert!(start(&headers, &query(&[("backlog", "1001")])).is_err());
        assert!(start(&headers, &query(&[("after", "-1")])).is_err());
        assert!(start(&headers, &query(&[("after", "x")])).is_err());
        let mut bad = HeaderMap::new();
        bad.insert("last-event-id", HeaderValue::from_static("abc"));
        assert!(start(&bad, &query(&[])).is_err());
    }

    #[test]
    fn filters_that_do_not_apply_are_refused() {
        assert!(split_query(query(&[("limit", "5")]), &["format"], &["limit"]).is_err());
        let (own, rest) = split_query(
            query(&[("format", "csv"), ("kind", "scan")]),
            &["format"],
            &[],
        )
        .unwrap();
        assert_eq!(own.get("format").map(String::as_str), Some("csv"));
        assert_eq!(rest.get("kind").map(String::as_str), Some("scan"));
        assert!(!rest.contains_key("format"));
    }
}

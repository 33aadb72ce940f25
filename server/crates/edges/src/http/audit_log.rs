//! `GET /v1/audit`: the security team's read of the append-only log (TSR1 §8, §10).
//!
//! Pagination is by an exclusive id cursor, so pages never overlap or skip while new events
//! arrive. CSV cells that a spreadsheet would run as a formula are neutralised.

use std::collections::HashMap;

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::{ApiCaller, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::feed::{event_json, AuditEvent};
use crate::state::AppState;
use tessera_domain::datetime_to_ms;
use tessera_store::AuditFilter;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/audit", get(list))
}

pub(super) const COLUMNS: [&str; 10] = [
    "id",
    "at",
    "kind",
    "severity",
    "org_id",
    "gate_id",
    "pass_id",
    "details",
    "actor",
    "origin_node_id",
];

/// The query parameters `GET /v1/audit` accepts; any other is a 400.
pub(super) const FILTERS: [&str; 8] = [
    "kind", "severity", "gate_id", "pass_id", "since", "until", "limit", "cursor",
];

/// A page of the audit log, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct AuditPage {
    events: Vec<AuditEvent>,
    /// Pass it as `cursor` for the next page; `null` on the last page.
    next_cursor: Option<String>,
}

pub(super) fn parse_filter(
    org_id: uuid::Uuid,
    query: &HashMap<String, String>,
) -> Result<AuditFilter> {
    let uuid_param = |name: &str| -> Result<Option<uuid::Uuid>> {
        query
            .get(name)
            .map(|v| {
                v.parse()
                    .map_err(|_| Error::BadRequest(format!("{name} must be a UUID")))
            })
            .transpose()
    };
    let time_param = |name: &str| -> Result<Option<i64>> {
        query
            .get(name)
            .map(|v| {
                OffsetDateTime::parse(v, &Rfc3339)
                    .map(datetime_to_ms)
                    .map_err(|_| Error::BadRequest(format!("{name} must be an RFC 3339 time")))
            })
            .transpose()
    };
    for key in query.keys() {
        if !FILTERS.contains(&key.as_str()) {
            return Err(Error::BadRequest(format!("unknown filter {key:?}")));
        }
    }
    // Kinds are snake_case names; anything else matches no event, and a NUL byte would
    // reach PostgreSQL as a text parameter it refuses (a 503 instead of an empty page).
    if let Some(kind) = query.get("kind") {
        if kind.is_empty()
            || kind.len() > 64
            || !kind
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        {
            return Err(Error::BadRequest(
                "kind must be 1–64 characters of a–z, 0–9 and _".into(),
            ));
        }
    }
    if let Some(severity) = query.get("severity") {
        if !["info", "warning", "high"].contains(&severity.as_str()) {
            return Err(Error::BadRequest(
                "severity must be info, warning or high".into(),
            ));
        }
    }
    let limit = match query.get("limit") {
        None => 100,
        Some(v) => match v.parse::<i64>() {
            Ok(n) if (1..=1000).contains(&n) => n,
            _ => return Err(Error::BadRequest("limit must be 1–1000".into())),
        },
    };
    let after_id = query
        .get("cursor")
        .map(|v| {
            v.parse::<i64>()
                .map_err(|_| Error::BadRequest("cursor is not one this server issued".into()))
        })
        .transpose()?;
    Ok(AuditFilter {
        org_id,
        kind: query.get("kind").cloned(),
        severity: query.get("severity").cloned(),
        gate_id: uuid_param("gate_id")?,
        pass_id: uuid_param("pass_id")?,
        since_ms: time_param("since")?,
        until_ms: time_param("until")?,
        after_id,
        through_id: None,
        limit,
    })
}

/// Reads the organisation's audit log (auditor or admin), filtered and paged. JSON by
/// default; CSV with `Accept: text/csv` (the cursor of the next page is then in
/// `X-Next-Cursor`).
#[utoipa::path(
    get,
    path = "/v1/audit",
    operation_id = "list_audit",
    tag = "audit",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("kind" = Option<String>, Query, pattern = "^[a-z0-9_]{1,64}$", description = "Only events of this kind, e.g. `response`"),
        ("severity" = Option<String>, Query, description = "`info`, `warning` or `high`", pattern = "^(info|warning|high)$"),
        ("gate_id" = Option<String>, Query, format = Uuid, description = "Only events of this gate"),
        ("pass_id" = Option<String>, Query, format = Uuid, description = "Only events of this pass"),
        ("since" = Option<String>, Query, format = DateTime, description = "RFC 3339: events at or after"),
        ("until" = Option<String>, Query, format = DateTime, description = "RFC 3339: events before"),
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 1000, description = "Page size, default 100"),
        ("cursor" = Option<String>, Query, description = "`next_cursor` of the previous page"),
    ),
    responses(
        (status = 200, description = "A page of events", content(
            (AuditPage = "application/json"),
            (String = "text/csv"),
        ), headers(
            ("X-Next-Cursor" = String, description = "CSV only: the next page's cursor, absent on the last page"),
        )),
        (status = 400, description = "An unknown or malformed filter", body = ErrorBody),
        (status = 403, description = "Not an auditor or admin key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response> {
    caller.require(&[Role::Auditor])?;
    let filter = parse_filter(caller.key.org_id, &query)?;
    let rows = state.store.audit().query_audit(&filter).await?;
    let next_cursor = (rows.len() as i64 == filter.limit)
        .then(|| rows.last().map(|r| r.id.to_string()))
        .flatten();
    let wants_csv = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/csv"));
    if wants_csv {
        let mut out = String::new();
        out.push_str(&COLUMNS.join(","));
        out.push_str("\r\n");
        for row in &rows {
            out.push_str(&csv_line(&event_json(row)));
        }
        let mut response = (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/csv; charset=utf-8")],
            out,
        )
            .into_response();
        if let Some(cursor) = next_cursor.and_then(|c| c.parse().ok()) {
            response.headers_mut().insert("x-next-cursor", cursor);
        }
        return Ok(response);
    }
    Ok(Json(AuditPage {
        events: rows.iter().map(AuditEvent::from_row).collect(),
        next_cursor,
    })
    .into_response())
}

/// One event as a CSV line (with its CRLF), in [`COLUMNS`] order.
pub(super) fn csv_line(event: &Value) -> String {
    let cells: Vec<String> = COLUMNS
        .iter()
        .map(|column| match &event[*column] {
            Value::Null => String::new(),
            Value::String(text) => csv_cell(text),
            other => csv_cell(&other.to_string()),
        })
        .collect();
    let mut line = cells.join(",");
    line.push_str("\r\n");
    line
}

/// Quotes a CSV cell and neutralises leading `= + - @` (spreadsheet formula injection).
fn csv_cell(text: &str) -> String {
    let neutral = super::spreadsheet_safe(text);
    if neutral.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", neutral.replace('"', "\"\""))
    } else {
        neutral.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_and_neutralised() {
        assert_eq!(csv_cell("plain"), "plain");
        assert_eq!(csv_cell("=1+2"), "'=1+2");
        assert_eq!(csv_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(csv_cell("\t=1"), "'\t=1");
        assert_eq!(csv_cell("\r=1"), "\"'\r=1\"");
        assert_eq!(csv_cell("-2"), "'-2");
        assert_eq!(csv_cell("+2"), "'+2");
        assert_eq!(
            csv_cell("{\"a\":1,\"b\":2}"),
            "\"{\"\"a\"\":1,\"\"b\"\":2}\""
        );
    }

    #[test]
    fn limit_and_cursor_are_validated() {
        let org = uuid::Uuid::nil();
        let q = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect::<HashMap<_, _>>()
        };
        assert_eq!(parse_filter(org, &q(&[])).unwrap().limit, 100);
        assert!(parse_filter(org, &q(&[("limit", "0")])).is_err());
        assert!(parse_filter(org, &q(&[("limit", "1001")])).is_err());
        assert!(parse_filter(org, &q(&[("cursor", "x")])).is_err());
        assert!(parse_filter(org, &q(&[("since", "yesterday")])).is_err());
        for kind in ["", "a\0b", "Response", "x".repeat(65).as_str()] {
            assert!(
                parse_filter(org, &q(&[("kind", kind)])).is_err(),
                "{kind:?}"
            );
        }
        assert!(parse_filter(org, &q(&[("kind", "claim_conflict")])).is_ok());
        assert_eq!(
            parse_filter(org, &q(&[("cursor", "41")])).unwrap().after_id,
            Some(41)
        );
    }
}

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
use serde_json::{json, Value};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::{rfc3339, ApiCaller, Role};
use crate::datetime_to_ms;
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::store::{AuditFilter, AuditRow};

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/audit", get(list))
}

pub(super) const COLUMNS: [&str; 8] = [
    "id", "at", "kind", "severity", "org_id", "gate_id", "pass_id", "details",
];

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
        if ![
            "kind", "severity", "gate_id", "pass_id", "since", "until", "limit", "cursor",
        ]
        .contains(&key.as_str())
        {
            return Err(Error::BadRequest(format!("unknown filter {key:?}")));
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

/// One event as `GET /v1/audit` shows it (the feed and the export add nothing but labels).
pub fn event_json(row: &AuditRow) -> Value {
    let details: Value = serde_json::from_str(&row.details).unwrap_or_else(|_| json!({}));
    json!({
        "id": row.id,
        "at": rfc3339(row.at_ms),
        "kind": row.kind,
        "severity": row.severity,
        "org_id": row.org_id,
        "gate_id": row.gate_id,
        "pass_id": row.pass_id,
        "details": details,
    })
}

async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response> {
    caller.require(&[Role::Auditor])?;
    let filter = parse_filter(caller.key.org_id, &query)?;
    let rows = state.store.query_audit(&filter).await?;
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
    let events: Vec<Value> = rows.iter().map(event_json).collect();
    Ok(Json(json!({ "events": events, "next_cursor": next_cursor })).into_response())
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
    let neutral = if text.starts_with(['=', '+', '-', '@']) {
        format!("'{text}")
    } else {
        text.to_owned()
    };
    if neutral.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", neutral.replace('"', "\"\""))
    } else {
        neutral
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
        assert_eq!(
            parse_filter(org, &q(&[("cursor", "41")])).unwrap().after_id,
            Some(41)
        );
    }
}

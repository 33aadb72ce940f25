//! Bulk issue from a CSV upload (issue 16): one pass per row, idempotent by the issuer's
//! `external_ref`, answered as CSV with each row's claim link or its precise error.
//!
//! Each row is its own transaction with its `pass_issued` event, so a bad row costs only
//! itself and is reported on its line; a file that cannot be read as a whole (not CSV, no
//! header, a missing or unknown column, too many rows) issues nothing. A bulk-issued pass's
//! claim token is derived from its id (`credentials::link_token`), so the same upload again
//! answers the same links for passes still unclaimed.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use uuid::Uuid;

use super::check_text;
use super::passes::{claim_url, issued_details, pass_host, PassTerms};
use super::{ApiCaller, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_store::{ByRef, PassState};

/// Largest upload.
pub const MAX_BULK_BYTES: usize = 4 * 1024 * 1024;
/// Most rows in one upload.
pub const MAX_BULK_ROWS: usize = 10_000;

const COLUMNS: [&str; 10] = [
    "label",
    "valid_from",
    "valid_until",
    "site",
    "max_uses",
    "host",
    "external_ref",
    "max_transfers",
    "email",
    "language",
];
const REQUIRED: [&str; 3] = ["label", "valid_until", "external_ref"];

pub(super) fn router() -> Router<AppState> {
    Router::new().route(
        "/v1/passes/bulk",
        post(bulk_issue).layer(DefaultBodyLimit::max(MAX_BULK_BYTES)),
    )
}

/// Where each known column sits in the upload.
#[derive(Debug, PartialEq, Eq)]
struct Layout {
    index: [Option<usize>; COLUMNS.len()],
}

impl Layout {
    /// Reads the header line.
    ///
    /// # Errors
    /// [`Error::BadRequest`] for an unknown, repeated or missing column.
    fn read(header: &csv::StringRecord) -> Result<Self> {
        let mut index = [None; COLUMNS.len()];
        for (at, name) in header.iter().enumerate() {
            let name = name.trim();
            let Some(column) = COLUMNS.iter().position(|known| *known == name) else {
                return Err(Error::BadRequest(format!(
                    "unknown column {name:?}; the columns are {}",
                    COLUMNS.join(", ")
                )));
            };
            if index[column].replace(at).is_some() {
                return Err(Error::BadRequest(format!("column {name:?} appears twice")));
            }
        }
        for required in REQUIRED {
            if let Some(column) = COLUMNS.iter().position(|known| *known == required) {
                if index[column].is_none() {
                    return Err(Error::BadRequest(format!(
                        "the header must name the column {required:?}"
                    )));
                }
            }
        }
        Ok(Self { index })
    }

    /// A row's value of a column, trimmed; `None` when absent or empty.
    fn get<'r>(&self, record: &'r csv::StringRecord, column: &str) -> Option<&'r str> {
        let at = COLUMNS.iter().position(|known| *known == column)?;
        self.index[at]
            .and_then(|i| record.get(i))
            .map(str::trim)
            .filter(|value| !value.is_empty())
    }
}

/// One row, parsed (not yet checked against the pass rules).
#[derive(Debug, PartialEq, Eq)]
struct Row {
    label: String,
    valid_from: Option<OffsetDateTime>,
    valid_until: OffsetDateTime,
    site: Option<String>,
    max_uses: Option<i64>,
    max_transfers: Option<i64>,
    host: Option<String>,
    external_ref: String,
    email: Option<String>,
    language: Option<String>,
}

/// Parses one row's fields, naming the first field that is wrong.
fn parse_row(layout: &Layout, record: &csv::StringRecord, width: usize) -> Result<Row, String> {
    if record.len() != width {
        return Err(format!(
            "the row has {} fields but the header has {width}",
            record.len()
        ));
    }
    let time = |column: &str| -> Result<Option<OffsetDateTime>, String> {
        layout
            .get(record, column)
            .map(|text| {
                OffsetDateTime::parse(text, &Rfc3339)
                    .map_err(|_| format!("{column}: {text:?} is not an RFC 3339 time"))
            })
            .transpose()
    };
    let number = |column: &str| -> Result<Option<i64>, String> {
        layout
            .get(record, column)
            .map(|text| {
                text.parse::<i64>()
                    .map_err(|_| format!("{column}: {text:?} is not a whole number"))
            })
            .transpose()
    };
    let external_ref = layout
        .get(record, "external_ref")
        .ok_or("external_ref: required")?
        .to_owned();
    check_text("external_ref", &external_ref).map_err(message)?;
    Ok(Row {
        label: layout
            .get(record, "label")
            .ok_or("label: required")?
            .to_owned(),
        valid_from: time("valid_from")?,
        valid_until: time("valid_until")?.ok_or("valid_until: required")?,
        site: layout.get(record, "site").map(str::to_owned),
        max_uses: number("max_uses")?,
        max_transfers: number("max_transfers")?,
        host: layout.get(record, "host").map(str::to_owned),
        external_ref,
        email: layout.get(record, "email").map(str::to_owned),
        language: layout.get(record, "language").map(str::to_owned),
    })
}

fn message(error: Error) -> String {
    match error {
        Error::BadRequest(text) => text,
        other => other.to_string(),
    }
}

/// What one row got.
struct RowAnswer {
    external_ref: String,
    status: u16,
    pass_id: Option<Uuid>,
    claim_url: Option<String>,
    error: Option<String>,
}

impl RowAnswer {
    fn refused(external_ref: String, status: u16, error: String) -> Self {
        Self {
            external_ref,
            status,
            pass_id: None,
            claim_url: None,
            error: Some(error),
        }
    }
}

/// The host a row names: its id, or its exact unit or label (one host, any case).
async fn row_host(
    state: &AppState,
    caller: &ApiCaller,
    named: Option<&str>,
) -> Result<Option<Uuid>, String> {
    let Some(named) = named else {
        return pass_host(state, caller, None).await.map_err(message);
    };
    let id = match named.parse::<Uuid>() {
        Ok(id) => id,
        Err(_) => {
            let mut exact = String::new();
            for ch in named.to_lowercase().chars() {
                if matches!(ch, '%' | '_' | '\\') {
                    exact.push('\\');
                }
                exact.push(ch);
            }
            let found = state
                .store
                .people()
                .search_hosts(caller.key.org_id, &exact, 2)
                .await
                .map_err(|error| message(error.into()))?;
            match found.as_slice() {
                [one] => one.id,
                [] => return Err(format!("host: no host has the unit or label {named:?}")),
                _ => {
                    return Err(format!(
                        "host: {named:?} names more than one host; use its id"
                    ))
                }
            }
        }
    };
    pass_host(state, caller, Some(id)).await.map_err(message)
}

async fn issue_row(state: &AppState, caller: &ApiCaller, row: Row) -> Result<RowAnswer> {
    let external_ref = row.external_ref.clone();
    let language = match super::language_tag(row.language.as_deref()) {
        Ok(language) => language,
        Err(error) => return Ok(RowAnswer::refused(external_ref, 422, error.to_string())),
    };
    let to = match super::passes::recipient(row.email.as_deref(), language.clone()) {
        Ok(to) => to,
        Err(error) => return Ok(RowAnswer::refused(external_ref, 422, error.to_string())),
    };
    let host_id = match row_host(state, caller, row.host.as_deref()).await {
        Ok(host_id) => host_id,
        Err(error) => return Ok(RowAnswer::refused(external_ref, 400, error)),
    };
    let terms = match PassTerms::check(
        row.label,
        row.site,
        row.valid_from,
        row.valid_until,
        row.max_uses,
        row.max_transfers,
    ) {
        Ok(terms) => terms,
        Err(error) => return Ok(RowAnswer::refused(external_ref, 400, message(error))),
    };
    let content_hash = terms.content_hash(host_id);
    let (server_kid, server_key) = state
        .keys
        .active()
        .ok_or_else(|| Error::Internal("no server key loaded"))?;
    let id = Uuid::now_v7();
    let token = tessera_flows::credentials::link_token(server_key, id);
    let mut pass = terms.into_pass(
        id,
        caller.key.org_id,
        host_id,
        server_kid,
        token.hash,
        tessera_domain::now_ms(),
    );
    pass.external_ref = Some(external_ref.clone());
    pass.language = language.map(|tag| tag.as_str().to_owned());
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(pass.org_id),
            gate_id: None,
            pass_id: Some(pass.id),
        },
        issued_details(&pass, caller.key.id),
    )
    .by(caller.person.as_ref());
    let email = to.as_ref().map(|(address, _)| address.to_string());
    let stage = tessera_domain::events::WatchStage::Issue;
    match super::passes::screen_holder(state, &pass, email.as_deref(), stage, Some(caller)).await {
        Ok(()) => {}
        Err(Error::Withheld) => {
            return Ok(RowAnswer::refused(
                external_ref,
                409,
                Error::Withheld.to_string(),
            ))
        }
        Err(other) => return Err(other),
    }
    let message = super::passes::invitation(state, caller, &pass, to.as_ref(), &token.text, false)?;
    match state
        .store
        .passes()
        .insert_pass_by_ref(
            &pass,
            &content_hash,
            &event,
            message.as_ref().map(|(m, e)| (m, e)),
        )
        .await?
    {
        ByRef::Issued => {
            if message.is_some() {
                state.mailer.wake();
            }
            state.sources.known_pass(pass.id);
            Ok(RowAnswer {
                external_ref,
                status: 201,
                pass_id: Some(pass.id),
                claim_url: Some(claim_url(state, pass.id, &token.text)),
                error: None,
            })
        }
        ByRef::Existing {
            pass: stored,
            same_content: true,
        } => {
            // The original link, while it is still the one to claim with.
            let link = (stored.state == PassState::Issued && stored.rebinds == 0)
                .then(|| state.keys.get(&stored.server_kid).ok())
                .flatten()
                .map(|key| {
                    let token = tessera_flows::credentials::link_token(key, stored.id);
                    claim_url(state, stored.id, &token.text)
                });
            Ok(RowAnswer {
                external_ref,
                status: 200,
                pass_id: Some(stored.id),
                claim_url: link,
                error: None,
            })
        }
        ByRef::Existing { pass: stored, .. } => Ok(RowAnswer {
            external_ref,
            status: 409,
            pass_id: Some(stored.id),
            claim_url: None,
            error: Some(
                "external_ref was issued before with other content; nothing changed".into(),
            ),
        }),
    }
}

/// Issues passes from a CSV upload (issuer or admin; a host issues its own). See
/// `docs/protocol.md`, "Bulk issue", for the columns and the answer.
#[utoipa::path(
    post,
    path = "/v1/passes/bulk",
    operation_id = "bulk_issue",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    request_body(content = String, content_type = "text/csv", description = "A header line naming the columns (label, valid_until and external_ref required; valid_from, site, max_uses, host, max_transfers optional), then one pass per line"),
    responses(
        (status = 200, description = "One CSV line per row: `row,external_ref,status,pass_id,claim_url,error`", content_type = "text/csv", body = String),
        (status = 400, description = "Not CSV, not `text/csv`, a missing or unknown column, or over 10,000 rows: nothing issued", body = ErrorBody),
        (status = 401, description = "Missing or unknown API key or console session", body = ErrorBody),
        (status = 403, description = "An auditor key", body = ErrorBody),
        (status = 413, description = "Body over 4 MiB", body = ErrorBody),
        (status = 429, description = "This source failed to authenticate too often; see `Retry-After`", body = ErrorBody),
        (status = 503, description = "Storage unavailable; retry (rows already answered are idempotent)", body = ErrorBody),
    )
)]
pub(super) async fn bulk_issue(
    State(state): State<AppState>,
    caller: ApiCaller,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response> {
    caller.require(&[Role::Issuer, Role::Host])?;
    let is_csv = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("text/csv"));
    if !is_csv {
        return Err(Error::BadRequest(
            "send the file as Content-Type: text/csv".into(),
        ));
    }
    let body = body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            Error::PayloadTooLarge
        } else {
            Error::BadRequest(rejection.body_text())
        }
    })?;
    // Every quote of well-formed CSV is paired (enclosing quotes, and doubled quotes inside
    // a field); an odd count is a quote left open, which a CSV reader would silently run
    // to the end of the file, swallowing the rows after it.
    if body.iter().filter(|byte| **byte == b'"').count() % 2 == 1 {
        return Err(Error::BadRequest(
            "a quoted field is never closed (nothing issued)".into(),
        ));
    }
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(body.as_ref());
    let header = reader
        .headers()
        .map_err(|error| Error::BadRequest(format!("the header line is not CSV: {error}")))?
        .clone();
    let layout = Layout::read(&header)?;
    let mut records = Vec::new();
    for (at, record) in reader.records().enumerate() {
        let record = record.map_err(|error| {
            Error::BadRequest(format!("row {}: not CSV (nothing issued): {error}", at + 1))
        })?;
        if records.len() == MAX_BULK_ROWS {
            return Err(Error::BadRequest(format!(
                "at most {MAX_BULK_ROWS} rows per upload (nothing issued)"
            )));
        }
        records.push(record);
    }
    let mut out = csv::Writer::from_writer(Vec::new());
    let write = |out: &mut csv::Writer<Vec<u8>>, fields: &[&str]| {
        out.write_record(fields)
            .map_err(|_| Error::Internal("could not write the CSV answer"))
    };
    write(
        &mut out,
        &[
            "row",
            "external_ref",
            "status",
            "pass_id",
            "claim_url",
            "error",
        ],
    )?;
    for (at, record) in records.iter().enumerate() {
        let answer = match parse_row(&layout, record, header.len()) {
            Ok(row) => issue_row(&state, &caller, row).await?,
            Err(error) => RowAnswer::refused(
                layout
                    .get(record, "external_ref")
                    .unwrap_or_default()
                    .to_owned(),
                400,
                error,
            ),
        };
        let pass_id = answer.pass_id.map(|id| id.to_string()).unwrap_or_default();
        write(
            &mut out,
            &[
                &(at + 1).to_string(),
                // What the issuer sent comes back inert in a spreadsheet.
                &super::spreadsheet_safe(&answer.external_ref),
                &answer.status.to_string(),
                &pass_id,
                answer.claim_url.as_deref().unwrap_or_default(),
                &super::spreadsheet_safe(answer.error.as_deref().unwrap_or_default()),
            ],
        )?;
    }
    let csv = out
        .into_inner()
        .map_err(|_| Error::Internal("could not write the CSV answer"))?;
    let mut response = csv.into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/csv; charset=utf-8"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fields: &[&str]) -> csv::StringRecord {
        csv::StringRecord::from(fields.to_vec())
    }

    #[test]
    fn the_header_names_known_columns_once_and_the_required_ones() {
        let cases: [(&[&str], Result<(), &str>); 5] = [
            (&["label", "valid_until", "external_ref"], Ok(())),
            (&[" external_ref", "label ", "valid_until", "host"], Ok(())),
            (&["label", "valid_until"], Err("external_ref")),
            (
                &["label", "valid_until", "external_ref", "colour"],
                Err("unknown column"),
            ),
            (
                &["label", "label", "valid_until", "external_ref"],
                Err("twice"),
            ),
        ];
        for (header, expected) in cases {
            match (Layout::read(&record(header)), expected) {
                (Ok(_), Ok(())) => {}
                (Err(Error::BadRequest(text)), Err(part)) => {
                    assert!(text.contains(part), "{header:?}: {text}");
                }
                (other, _) => panic!("{header:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn each_row_names_its_first_wrong_field() {
        let header = record(&[
            "label",
            "valid_until",
            "external_ref",
            "max_uses",
            "valid_from",
        ]);
        let layout = Layout::read(&header).unwrap();
        let cases: [(&[&str], Result<&str, &str>); 6] = [
            (&["Ada", "2030-01-01T00:00:00Z", "r1", "", ""], Ok("r1")),
            (
                &[
                    "Ada",
                    "2030-01-01T00:00:00Z",
                    "r1",
                    "2",
                    "2029-01-01T00:00:00+01:00",
                ],
                Ok("r1"),
            ),
            (
                &["Ada", "tomorrow", "r1", "", ""],
                Err("valid_until: \"tomorrow\""),
            ),
            (
                &["Ada", "2030-01-01T00:00:00Z", "r1", "two", ""],
                Err("max_uses"),
            ),
            (
                &["", "2030-01-01T00:00:00Z", "r1", "", ""],
                Err("label: required"),
            ),
            (
                &["Ada", "2030-01-01T00:00:00Z", "r1"],
                Err("3 fields but the header has 5"),
            ),
        ];
        for (fields, expected) in cases {
            match (parse_row(&layout, &record(fields), header.len()), expected) {
                (Ok(row), Ok(reference)) => assert_eq!(row.external_ref, reference),
                (Err(text), Err(part)) => assert!(text.contains(part), "{fields:?}: {text}"),
                (other, _) => panic!("{fields:?}: {other:?}"),
            }
        }
    }
}

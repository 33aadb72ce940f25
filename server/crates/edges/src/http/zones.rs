//! Zones over REST (issue 17): an admin creates zones with their rules; staff read who is
//! inside each. Gates join a zone at creation (`POST /v1/gates` `zone_id`, `direction`),
//! passes are limited to zones at issue (`POST /v1/passes` `zones`); the rules themselves
//! are `tessera_domain::zones`.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::check_text;
use super::{rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, ZoneCreatedDetails};
use tessera_store::ZoneRow;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/zones", post(create).get(list))
}

/// A zone to create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewZone {
    /// What staff see, e.g. "Pool": 1–200 printable characters.
    #[schema(min_length = 1, max_length = 200, example = "Pool")]
    name: String,
    /// Whether a visitor who stepped out may come back; default true.
    #[serde(default)]
    allow_reentry: Option<bool>,
    /// At most this many entries per pass and UTC day, 1–1000; default no limit.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000)]
    max_entries_per_day: Option<i64>,
    /// `HH:MM` (UTC): everyone inside is checked out at that time each day.
    #[serde(default)]
    #[schema(pattern = "^[0-2][0-9]:[0-5][0-9]$", example = "02:00")]
    checkout_at: Option<String>,
    /// Entering this zone checks the visitor out of every other zone; default false.
    #[serde(default)]
    checks_out_others: Option<bool>,
}

/// A zone, its rules and how many passes are inside it now.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ZoneView {
    zone_id: Uuid,
    name: String,
    allow_reentry: bool,
    max_entries_per_day: Option<i64>,
    /// `HH:MM` (UTC), or `null`.
    checkout_at: Option<String>,
    checks_out_others: bool,
    /// Passes inside now.
    inside: i64,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
}

/// The organisation's zones.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct ZoneList {
    zones: Vec<ZoneView>,
}

/// `HH:MM` as a minute of the day.
fn parse_minute(text: &str) -> Result<i64> {
    let parsed = text.split_once(':').and_then(|(h, m)| {
        let (h, m) = (h.parse::<i64>().ok()?, m.parse::<i64>().ok()?);
        (text.len() == 5 && (0..24).contains(&h) && (0..60).contains(&m)).then_some(h * 60 + m)
    });
    parsed.ok_or_else(|| Error::BadRequest("checkout_at must be HH:MM (UTC), 00:00–23:59".into()))
}

pub(super) fn view(zone: ZoneRow, inside: i64) -> ZoneView {
    ZoneView {
        zone_id: zone.id,
        name: zone.name,
        allow_reentry: zone.allow_reentry,
        max_entries_per_day: zone.max_entries_per_day,
        checkout_at: zone
            .checkout_at_minute
            .map(|minute| format!("{:02}:{:02}", minute / 60, minute % 60)),
        checks_out_others: zone.checks_out_others,
        inside,
        created_at: rfc3339(zone.created_at_ms),
    }
}

/// Creates a zone (admin).
#[utoipa::path(
    post,
    path = "/v1/zones",
    operation_id = "create_zone",
    tag = "zones",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewZone,
    responses(
        (status = 201, description = "Created", body = ZoneView),
        (status = 400, description = "Malformed body, a bad name, limit or time", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn create(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewZone>,
) -> Result<(StatusCode, Json<ZoneView>)> {
    caller.require(&[])?;
    check_text("name", &body.name)?;
    if body
        .max_entries_per_day
        .is_some_and(|most| !(1..=1000).contains(&most))
    {
        return Err(Error::BadRequest(
            "max_entries_per_day must be 1–1000".into(),
        ));
    }
    let now = tessera_domain::now_ms();
    let checkout_at_minute = body.checkout_at.as_deref().map(parse_minute).transpose()?;
    // A check-out time already past today takes effect tomorrow, not at once (a zone made at
    // 14:00 with a 02:00 check-out would otherwise empty itself at the next sweep).
    let minute_now = now.rem_euclid(86_400_000) / 60_000;
    let last_checkout_day = checkout_at_minute
        .filter(|minute| *minute < minute_now)
        .map(|_| tessera_domain::zones::day_of(now));
    let zone = ZoneRow {
        id: Uuid::now_v7(),
        org_id: caller.key.org_id,
        name: body.name,
        allow_reentry: body.allow_reentry.unwrap_or(true),
        max_entries_per_day: body.max_entries_per_day,
        checkout_at_minute,
        checks_out_others: body.checks_out_others.unwrap_or(false),
        last_checkout_day,
        created_at_ms: now,
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(zone.org_id),
            ..Subject::default()
        },
        Details::ZoneCreated(ZoneCreatedDetails {
            zone_id: zone.id,
            name: zone.name.clone(),
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    state.store.zones().insert_zone(&zone, &event).await?;
    Ok((StatusCode::CREATED, Json(view(zone, 0))))
}

/// The organisation's zones and who is inside each now (admin, issuer, auditor).
#[utoipa::path(
    get,
    path = "/v1/zones",
    operation_id = "list_zones",
    tag = "zones",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The zones, by name", body = ZoneList),
        (status = 403, description = "A host key", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<ZoneList>> {
    caller.require(&[Role::Issuer, Role::Auditor])?;
    let zones = state.store.zones().zones(caller.key.org_id).await?;
    Ok(Json(ZoneList {
        zones: zones
            .into_iter()
            .map(|(zone, inside)| view(zone, inside))
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checkout_times_are_hh_mm_utc() {
        let cases = [
            ("02:00", Some(120)),
            ("00:00", Some(0)),
            ("23:59", Some(1439)),
            ("24:00", None),
            ("2:00", None),
            ("02:60", None),
            ("noon", None),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_minute(text).ok(), expected, "{text}");
        }
    }
}

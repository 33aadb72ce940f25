//! An organisation's language and clock (issue 34): `GET`/`PUT /v1/locale`, its default
//! language (the pages' last choice before English, and its messages' when the recipient
//! named none) and its venues' time zone, with a zone per site where a site is elsewhere.
//! The wallet, the gate, the console and the host page read them with what they already
//! fetch (the claim answer, `GET /v1/gate/me`, the console session), see [`Locale::of`].

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{ApiCaller, ApiJson};
use crate::error::{Error, ErrorBody, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{ByKey, Details};
use tessera_domain::locale::{OrgLocale, TimeZoneName};
use tessera_domain::roles::Role;
use tessera_store::OrgLocaleRow;

/// Sites with their own zone, at most.
const MAX_SITES: usize = 1000;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/locale", get(locale).put(set_locale))
}

/// An organisation's language and clock.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct LocaleSettings {
    /// A BCP 47 tag: what pages and messages use when neither the person nor their browser
    /// names a language the catalogues have. Absent: English.
    #[serde(default)]
    #[schema(example = "de", max_length = 35)]
    default_language: Option<String>,
    /// The venues' IANA time zone: pages show times in it (and say so when the phone is
    /// elsewhere); mails too. Absent: pages use the device's zone, mails UTC.
    #[serde(default)]
    #[schema(example = "Europe/Berlin", max_length = 64)]
    time_zone: Option<String>,
    /// Sites in another zone: `{"lyon": "Europe/Paris"}`.
    #[serde(default)]
    sites: BTreeMap<String, String>,
}

impl From<OrgLocaleRow> for LocaleSettings {
    fn from(row: OrgLocaleRow) -> Self {
        LocaleSettings {
            default_language: row.default_language,
            time_zone: row.time_zone,
            sites: row.sites.into_iter().collect(),
        }
    }
}

/// What a page learns of its languages and clock with what it already fetches (the claim
/// answer and preview, `GET /v1/gate/me`, the console session); absent fields are unset.
#[derive(Debug, Default, Serialize, ToSchema)]
pub(super) struct PageLocale {
    /// The reader's own language, when the pass (or gate) has one (issue 34).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "de")]
    language: Option<String>,
    /// The organisation's default language, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "en")]
    default_language: Option<String>,
    /// The IANA time zone of the site (or organisation), when set: times are shown in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(example = "Europe/Berlin")]
    time_zone: Option<String>,
}

/// An organisation's language and clock, as the edges read it.
pub(super) struct Locale(pub(super) OrgLocale);

impl Locale {
    /// The organisation's locale, as stored (a value that no longer parses is left out).
    ///
    /// # Errors
    /// Storage failures.
    pub(super) async fn of(state: &AppState, org_id: Uuid) -> Result<Self> {
        Ok(Locale(
            state.store.orgs().org_locale(org_id).await?.parsed(),
        ))
    }

    /// What a page of someone who speaks `language`, at `site`, is told.
    pub(super) fn for_page(&self, language: Option<&str>, site: Option<&str>) -> PageLocale {
        PageLocale {
            language: language.map(str::to_owned),
            default_language: self
                .0
                .default_language
                .as_ref()
                .map(|tag| tag.as_str().to_owned()),
            time_zone: self.0.zone_of(site).map(|zone| zone.as_str().to_owned()),
        }
    }
}

/// The organisation's language and clock (any staff key; a host reads it too).
#[utoipa::path(
    get,
    path = "/v1/locale",
    operation_id = "get_locale",
    tag = "organisation",
    security(("api_key" = []), ("console_session" = [])),
    responses(
        (status = 200, description = "The settings; absent fields are not set", body = LocaleSettings),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn locale(
    State(state): State<AppState>,
    caller: ApiCaller,
) -> Result<Json<LocaleSettings>> {
    caller.require(&[Role::Issuer, Role::Auditor, Role::Host, Role::Security])?;
    let Locale(locale) = Locale::of(&state, caller.key.org_id).await?;
    Ok(Json(OrgLocaleRow::from(&locale).into()))
}

/// Sets the organisation's default language, time zone and sites' zones, all at once
/// (admin; audited `locale_settings_changed`).
#[utoipa::path(
    put,
    path = "/v1/locale",
    operation_id = "set_locale",
    tag = "organisation",
    security(("api_key" = []), ("console_session" = [])),
    request_body = LocaleSettings,
    responses(
        (status = 200, description = "Set", body = LocaleSettings),
        (status = 400, description = "Malformed body, an empty or over-long site, or more than 1000 sites", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: `default_language` is not a language tag, or `time_zone` (or a site's) not an IANA zone", body = ErrorBody),
        crate::error::AdminRefusals,
    )
)]
pub(super) async fn set_locale(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<LocaleSettings>,
) -> Result<Json<LocaleSettings>> {
    caller.require(&[])?;
    let language = super::language_tag(body.default_language.as_deref())?;
    let zone = |field: &'static str, name: &str| {
        TimeZoneName::parse(name).map_err(|error| Error::InvalidField(field, error.to_string()))
    };
    let time_zone = body
        .time_zone
        .as_deref()
        .map(|name| zone("time_zone", name))
        .transpose()?;
    if body.sites.len() > MAX_SITES {
        return Err(Error::BadRequest("at most 1000 sites".into()));
    }
    let mut sites = BTreeMap::new();
    for (site, name) in &body.sites {
        super::check_text("site", site)?;
        sites.insert(site.clone(), zone("sites", name)?);
    }
    let row = OrgLocaleRow::from(&OrgLocale {
        default_language: language,
        time_zone,
        sites,
    });
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(caller.key.org_id),
            ..Subject::default()
        },
        Details::LocaleSettingsChanged(ByKey {
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    state
        .store
        .orgs()
        .put_org_locale(caller.key.org_id, &row, tessera_domain::now_ms(), &event)
        .await?;
    Ok(Json(row.into()))
}

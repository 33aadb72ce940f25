//! Issuing, reading and revoking passes (TSR1 §3 step 1, §9).
//!
//! The claim token travels in the claim URL's fragment, so browsers never send it to a
//! server or a Referer; only its SHA-256 is stored.

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use serde_json::json;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{check_text, language_tag};
use super::{parse_id, rfc3339, ApiCaller, ApiJson, Role};
use crate::error::{Error, ErrorBody, Refusal, Result};
use crate::state::AppState;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::WatchStage;
use tessera_domain::events::{self, Details, Recorded};
use tessera_domain::mail::{EmailAddress, Language};
use tessera_domain::{datetime_to_ms, now_ms};
use tessera_store::{PassRow, PassState};

/// Highest `max_uses` accepted (a season ticket, not a counter to overflow).
const MAX_USES_LIMIT: i64 = 100_000;
/// Highest `max_transfers` accepted.
const MAX_TRANSFERS_LIMIT: i64 = 100;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/v1/passes", post(issue).get(list))
        .route("/v1/passes/{id}", get(show))
        .route("/v1/passes/{id}/revoke", post(revoke))
}

/// A pass to issue.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub(super) struct NewPass {
    /// Whom it admits, as guards and auditors see it: 1–200 printable characters.
    #[schema(min_length = 1, max_length = 200, example = "Ada Lovelace")]
    label: String,
    /// RFC 3339; after `valid_from`.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    valid_until: OffsetDateTime,
    /// RFC 3339; default now.
    #[serde(default, with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    valid_from: Option<OffsetDateTime>,
    /// Admissions it allows, 1–100000; default 1.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 100_000)]
    max_uses: Option<i64>,
    /// Admitted only at gates of this site; default any gate of the organisation.
    #[serde(default)]
    #[schema(min_length = 1, max_length = 200, example = "stadium")]
    site: Option<String>,
    /// The host whose visitor this is (admins and issuers; a host's own passes are its own).
    #[serde(default)]
    host_id: Option<Uuid>,
    /// How many times the holder may hand the pass on, 0–100; default 0 (not transferable).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100)]
    max_transfers: Option<i64>,
    /// The zones it is valid for (`POST /v1/zones`); default every zone.
    #[serde(default)]
    zones: Option<Vec<Uuid>>,
    /// The visitor's email address: the server mails them the claim link (text and HTML,
    /// with its QR code) through its SMTP relay (`docs/operations.md`). A bad address is a
    /// 422 naming the field.
    #[serde(default)]
    #[schema(example = "ada@example.com", max_length = 254)]
    email: Option<String>,
    /// The visitor's language (a BCP 47 tag, e.g. `de`, `pt-BR`): the wallet opens in it
    /// and the invitation is written in it; without it the visitor's browser decides.
    #[serde(default)]
    #[schema(example = "en", max_length = 35)]
    language: Option<String>,
}

/// An address and language a message is to go to, checked where they enter; none without
/// an address (a pass's language alone is still the pass's: see `language_tag`).
pub(super) fn recipient(
    email: Option<&str>,
    language: Option<Language>,
) -> Result<Option<(EmailAddress, Option<Language>)>> {
    match email {
        None => Ok(None),
        Some(text) => {
            let address = EmailAddress::parse("email", text)
                .map_err(|error| Error::InvalidField(error.field, error.to_string()))?;
            Ok(Some((address, language)))
        }
    }
}

/// The invitation that mails `pass`'s claim link (`token`) to `to`, asked by `caller`; none
/// without an address.
///
/// # Errors
/// [`Error::Internal`] without a server key to seal the token with.
/// Screens a pass's holder against the watchlist (issue 32) as the pass is issued (`by`
/// the issuer) or claimed (`by` nobody): a match is recorded first, and an exact `block`
/// is refused, neutrally.
///
/// # Errors
/// [`Error::Withheld`], storage failures.
pub(super) async fn screen_holder(
    state: &AppState,
    pass: &tessera_store::PassRow,
    email: Option<&str>,
    stage: WatchStage,
    by: Option<&ApiCaller>,
) -> Result<()> {
    let holder = tessera_domain::watchlist::Holder {
        name: Some(&pass.label),
        email,
        external_ref: pass.external_ref.as_deref(),
    };
    state
        .redemption
        .watchlist
        .admit_holder(
            &state.store,
            pass.org_id,
            Some(pass.id),
            &holder,
            stage,
            by.map(|caller| (caller.key.id, caller.person.as_ref())),
        )
        .await?;
    Ok(())
}

pub(super) fn invitation(
    state: &AppState,
    caller: &ApiCaller,
    pass: &PassRow,
    to: Option<&(EmailAddress, Option<Language>)>,
    token: &str,
    resend: bool,
) -> Result<Option<(tessera_store::MessageRow, tessera_store::NewAudit)>> {
    let Some((address, language)) = to else {
        return Ok(None);
    };
    tessera_flows::mail::invitation(
        &state.keys,
        pass,
        address,
        language.as_ref(),
        token,
        Some(&caller.actor()),
        resend,
    )
    .map(Some)
    .map_err(|_| Error::Internal("no server key to seal the claim token with"))
}

/// An issued pass and its claim link, shown exactly once.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassIssued {
    pass_id: Uuid,
    /// The claim secret; only its hash is stored.
    claim_token: String,
    /// `<public url>/claim#p=<pass_id>&t=<claim_token>`: the link that opens the web wallet.
    claim_url: String,
    /// Always `issued`.
    #[schema(example = "issued")]
    state: &'static str,
    /// The host whose visitor this is; `null` for none.
    host_id: Option<Uuid>,
    /// How many times the holder may hand it on (0: not transferable).
    max_transfers: i64,
    /// The invitation queued for the visitor's `email` (`GET /v1/messages/{id}`); absent
    /// without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<Uuid>,
}

/// A pass as issuers and auditors read it.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassSummary {
    pass_id: Uuid,
    label: String,
    /// `issued`, `claimed`, `used`, `revoked`, or `expired` once past `valid_until` unless
    /// revoked or used.
    #[schema(example = "claimed")]
    state: &'static str,
    site: Option<String>,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_from: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    valid_until: String,
    max_uses: i64,
    uses: i64,
    /// The server key the pass is bound to.
    server_kid: String,
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    created_at: String,
    /// RFC 3339, UTC; `null` until a wallet claims it.
    #[schema(format = DateTime)]
    claimed_at: Option<String>,
    /// The host whose visitor this is; `null` for none.
    host_id: Option<Uuid>,
    /// How many times the holder may hand it on (0: not transferable).
    max_transfers: i64,
    /// Transfers completed.
    transfers: i64,
    /// Re-binds to a new wallet so far.
    rebinds: i64,
    /// The issuer's reference (bulk issue); `null` for none.
    external_ref: Option<String>,
}

/// A pass and its admissions.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassView {
    #[serde(flatten)]
    pass: PassSummary,
    /// Its admissions, oldest first.
    admissions: Vec<Admission>,
    /// Its life, oldest first: issued, claimed, re-bound, transfer started, transferred,
    /// revoked (the audit events of those kinds).
    history: Vec<HistoryEntry>,
}

/// One step of a pass's life.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct HistoryEntry {
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    at: String,
    /// The audit event's `kind` (`pass_issued`, `claim`, `pass_rebound`,
    /// `transfer_started`, `pass_transferred` or `pass_revoked`) and its `details`.
    #[serde(flatten)]
    #[schema(value_type = Details)]
    event: Recorded,
    /// How urgent it is.
    severity: Severity,
}

/// One admission of a pass.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Admission {
    /// RFC 3339, UTC.
    #[schema(format = DateTime)]
    at: String,
    gate_id: Uuid,
    /// The challenge nonce it was committed under (52 characters of base32).
    nonce: String,
    /// Decided on site: the node that admitted the visitor and shipped the admission back
    /// (`at` is the node's time), as the audit log marks it; absent for an admission at
    /// this server.
    #[serde(skip_serializing_if = "Option::is_none")]
    on_site: Option<tessera_domain::events::OnSite>,
}

/// A revoked pass.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassRevoked {
    pass_id: Uuid,
    /// Always `revoked`.
    #[schema(example = "revoked")]
    state: &'static str,
}

/// Issues a pass (issuer or admin). The answer carries the claim link for the visitor.
#[utoipa::path(
    post,
    path = "/v1/passes",
    operation_id = "issue_pass",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    request_body = NewPass,
    responses(
        (status = 201, description = "Issued", body = PassIssued, links(
            ("show" = (operation_id = "show_pass", parameters(("id" = "$response.body#/pass_id")))),
            ("revoke" = (operation_id = "revoke_pass", parameters(("id" = "$response.body#/pass_id")))),
            ("preview" = (operation_id = "preview_claim", request_body = json!({
                "pass_id": "$response.body#/pass_id",
                "claim_token": "$response.body#/claim_token",
            }))),
            // The wallet key of the worked example in docs/protocol.md.
            ("claim" = (operation_id = "claim_pass", request_body = json!({
                "pass_id": "$response.body#/pass_id",
                "claim_token": "$response.body#/claim_token",
                "wallet_public_key": "B6N8vBQgk8i3VdwbEOhstCY3StFqqFPtC9_AsrhtHHw",
            }))),
        )),
        (status = 400, description = "Malformed body, bad label or site, `max_uses` out of range, or `valid_until` not after `valid_from`", body = ErrorBody),
        (status = 409, description = "`not_permitted`: this pass cannot be issued (neutral on purpose; the security team knows why)", body = ErrorBody),
        (status = 403, description = "Not an issuer or admin key", body = ErrorBody),
        (status = 413, description = "Body over 64 KiB", body = ErrorBody),
        (status = 422, description = "`invalid_field`: a bad `email` or `language` (`field` names it)", body = ErrorBody),
        (status = 500, description = "No server key is loaded (a misconfigured server)", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn issue(
    State(state): State<AppState>,
    caller: ApiCaller,
    ApiJson(body): ApiJson<NewPass>,
) -> Result<(StatusCode, Json<PassIssued>)> {
    caller.require(&[Role::Issuer, Role::Host])?;
    let language = language_tag(body.language.as_deref())?;
    let to = recipient(body.email.as_deref(), language.clone())?;
    let host_id = pass_host(&state, &caller, body.host_id).await?;
    let terms = PassTerms::check(
        body.label,
        body.site,
        body.valid_from,
        body.valid_until,
        body.max_uses,
        body.max_transfers,
    )?;
    let (server_kid, _) = state
        .keys
        .active()
        .ok_or_else(|| Error::Internal("no server key loaded"))?;
    let zones = match body.zones {
        None => Vec::new(),
        Some(zones) => {
            let known = state.store.zones().zones(caller.key.org_id).await?;
            if let Some(unknown) = zones
                .iter()
                .find(|id| !known.iter().any(|(zone, _)| zone.id == **id))
            {
                return Err(Error::BadRequest(format!(
                    "zone {unknown} is not a zone of this organisation"
                )));
            }
            zones
        }
    };
    let token = tessera_flows::credentials::mint();
    let mut pass = terms.into_pass(
        Uuid::now_v7(),
        caller.key.org_id,
        host_id,
        server_kid,
        token.hash,
        now_ms(),
    );
    pass.zones = zones;
    pass.language = language.map(|tag| tag.as_str().to_owned());
    let subject = Subject {
        org_id: Some(pass.org_id),
        gate_id: None,
        pass_id: Some(pass.id),
    };
    let event = audit::event(
        Severity::Info,
        subject,
        issued_details(&pass, caller.key.id),
    )
    .by(caller.person.as_ref());
    let email = to.as_ref().map(|(address, _)| address.to_string());
    screen_holder(
        &state,
        &pass,
        email.as_deref(),
        WatchStage::Issue,
        Some(&caller),
    )
    .await?;
    let message = invitation(&state, &caller, &pass, to.as_ref(), &token.text, false)?;
    state
        .store
        .passes()
        .insert_pass(&pass, &event, message.as_ref().map(|(m, e)| (m, e)))
        .await?;
    if message.is_some() {
        state.mailer.wake();
    }
    state.sources.known_pass(pass.id);
    let claim_url = claim_url(&state, pass.id, &token.text);
    Ok((
        StatusCode::CREATED,
        Json(PassIssued {
            pass_id: pass.id,
            claim_token: token.text.as_str().to_owned(),
            claim_url,
            state: "issued",
            host_id: pass.host_id,
            max_transfers: pass.max_transfers,
            message_id: message.map(|(m, _)| m.id),
        }),
    ))
}

/// The claim link of a pass: the token in the fragment, never sent to a server.
pub(super) fn claim_url(state: &AppState, pass_id: Uuid, token: &str) -> String {
    tessera_domain::visits::claim_url(&state.public_url, pass_id, token)
}

/// The details of a `pass_issued` event.
pub(super) fn issued_details(pass: &PassRow, by_key_id: Uuid) -> Details {
    Details::PassIssued(events::PassIssuedDetails {
        max_uses: pass.max_uses,
        max_transfers: pass.max_transfers,
        host_id: pass.host_id,
        external_ref: pass.external_ref.clone(),
        by_key_id,
    })
}

/// Whose visitor a new pass is: a host's pass is its own (naming another host is refused),
/// and an admin or issuer may name a host of the organisation.
///
/// # Errors
/// [`Refusal::OtherHost`]; [`Error::BadRequest`] for an id that is not a host here.
pub(super) async fn pass_host(
    state: &AppState,
    caller: &ApiCaller,
    named: Option<Uuid>,
) -> Result<Option<Uuid>> {
    if caller.role == Role::Host {
        return match named {
            None => Ok(Some(caller.key.id)),
            Some(id) if id == caller.key.id => Ok(Some(id)),
            Some(_) => Err(Error::Refused(Refusal::OtherHost)),
        };
    }
    match named {
        None => Ok(None),
        Some(id) => match state.store.people().host(caller.key.org_id, id).await? {
            Some(host) => Ok(Some(host.id)),
            None => Err(Error::BadRequest(
                "host_id is not a host of this organisation".into(),
            )),
        },
    }
}

/// Checked terms of a pass to issue, shared by `POST /v1/passes` and the bulk upload.
#[derive(Debug)]
pub(super) struct PassTerms {
    label: String,
    site: Option<String>,
    /// `valid_from` as the caller named it (absent: now), for the content hash.
    valid_from_named: Option<i64>,
    valid_from_ms: i64,
    valid_until_ms: i64,
    max_uses: i64,
    max_transfers: i64,
}

impl PassTerms {
    /// Checks each field.
    ///
    /// # Errors
    /// [`Error::BadRequest`] naming the field and the rule.
    pub(super) fn check(
        label: String,
        site: Option<String>,
        valid_from: Option<OffsetDateTime>,
        valid_until: OffsetDateTime,
        max_uses: Option<i64>,
        max_transfers: Option<i64>,
    ) -> Result<Self> {
        check_text("label", &label)?;
        if let Some(site) = &site {
            check_text("site", site)?;
        }
        let max_uses = max_uses.unwrap_or(1);
        if !(1..=MAX_USES_LIMIT).contains(&max_uses) {
            return Err(Error::BadRequest(format!(
                "max_uses must be 1–{MAX_USES_LIMIT}"
            )));
        }
        let max_transfers = max_transfers.unwrap_or(0);
        if !(0..=MAX_TRANSFERS_LIMIT).contains(&max_transfers) {
            return Err(Error::BadRequest(format!(
                "max_transfers must be 0–{MAX_TRANSFERS_LIMIT}"
            )));
        }
        let valid_from_named = valid_from
            .map(|at| shown_time("valid_from", at))
            .transpose()?;
        let valid_from_ms = valid_from_named.unwrap_or_else(now_ms);
        let valid_until_ms = shown_time("valid_until", valid_until)?;
        if valid_until_ms <= valid_from_ms {
            return Err(Error::BadRequest(
                "valid_until must be after valid_from".into(),
            ));
        }
        Ok(Self {
            label,
            site,
            valid_from_named,
            valid_from_ms,
            valid_until_ms,
            max_uses,
            max_transfers,
        })
    }

    /// The pass row these terms make.
    pub(super) fn into_pass(
        self,
        id: Uuid,
        org_id: Uuid,
        host_id: Option<Uuid>,
        server_kid: &str,
        token_hash: [u8; 32],
        now: i64,
    ) -> PassRow {
        PassRow {
            id,
            org_id,
            label: self.label,
            site: self.site,
            valid_from_ms: self.valid_from_ms,
            valid_until_ms: self.valid_until_ms,
            max_uses: self.max_uses,
            uses: 0,
            state: PassState::Issued,
            claim_token_hash: token_hash.to_vec(),
            wallet_public_key: None,
            server_kid: server_kid.to_owned(),
            created_at_ms: now,
            claimed_at_ms: None,
            revoked_at_ms: None,
            host_id,
            max_transfers: self.max_transfers,
            transfers: 0,
            rebinds: 0,
            external_ref: None,
            language: None,
            zones: Vec::new(),
        }
    }

    /// What the bulk upload compares to tell "the same row again" from "another row
    /// under the same reference": every term as given (an absent `valid_from` is "from
    /// issue", not the instant of this upload), and the host.
    pub(super) fn content_hash(&self, host_id: Option<Uuid>) -> [u8; 32] {
        use sha2::{Digest, Sha256};
        let canonical = json!([
            self.label,
            self.site,
            self.valid_from_named,
            self.valid_until_ms,
            self.max_uses,
            self.max_transfers,
            host_id,
        ]);
        Sha256::digest(canonical.to_string().as_bytes()).into()
    }
}

/// The instant of `at` in milliseconds, if every answer can show it as an RFC 3339 UTC time
/// (years 0000–9999 in UTC). `…-23:59` on 9999-12-31 is after that and would read back as
/// 1970 (and `…+23:59` on 0000-01-01 as an empty string), so both are refused.
///
/// # Errors
/// [`Error::BadRequest`] naming the field.
fn shown_time(field: &str, at: OffsetDateTime) -> Result<i64> {
    let first = datetime_to_ms(time::macros::datetime!(0000-01-01 0:00 UTC));
    let last = datetime_to_ms(time::macros::datetime!(9999-12-31 23:59:59.999 UTC));
    let ms = datetime_to_ms(at);
    if (first..=last).contains(&ms) {
        Ok(ms)
    } else {
        Err(Error::BadRequest(format!(
            "{field} must be within the years 0000–9999 in UTC"
        )))
    }
}

/// The state a person should see: `expired` once past `valid_until` unless revoked or used.
fn shown_state(pass: &PassRow, now: i64) -> &'static str {
    match pass.state {
        PassState::Issued | PassState::Claimed if now >= pass.valid_until_ms => "expired",
        state => state.as_str(),
    }
}

/// A pass the caller may see: its organisation's, and for a host only its own (another
/// pass is as unknown as one that does not exist).
pub(super) async fn load_own_pass(
    state: &AppState,
    caller: &ApiCaller,
    id: &str,
) -> Result<PassRow> {
    let id = parse_id(id)?;
    match state.store.passes().pass_by_id(id).await? {
        Some(pass)
            if pass.org_id == caller.key.org_id
                && (caller.role != Role::Host || pass.host_id == Some(caller.key.id)) =>
        {
            Ok(pass)
        }
        _ => Err(Error::NotFound),
    }
}

/// Reads a pass of the caller's organisation and its admissions (issuer, auditor or admin).
#[utoipa::path(
    get,
    path = "/v1/passes/{id}",
    operation_id = "show_pass",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The pass id")),
    responses(
        (status = 200, description = "The pass", body = PassView),
        (status = 403, description = "The key's role may not read passes", body = ErrorBody),
        (status = 404, description = "No such pass in this organisation (or not a UUID)", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn show(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<PassView>> {
    caller.require(&[Role::Issuer, Role::Auditor, Role::Host])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let admissions = state
        .store
        .passes()
        .admissions_of_pass(pass.id)
        .await?
        .iter()
        .map(|a| Admission {
            at: rfc3339(a.at_ms),
            gate_id: a.gate_id,
            nonce: tessera_protocol::encoding::base32(&a.nonce),
            on_site: a
                .node_id
                .map(|node_id| tessera_domain::events::OnSite { node_id }),
        })
        .collect();
    let history = state
        .store
        .passes()
        .pass_history(pass.org_id, pass.id)
        .await?
        .into_iter()
        .map(|event| HistoryEntry {
            at: rfc3339(event.at_ms),
            event: event.event,
            severity: event.severity,
        })
        .collect();
    Ok(Json(PassView {
        pass: pass_summary(&pass, now_ms()),
        admissions,
        history,
    }))
}

/// A pass as `GET /v1/passes/{id}` and the list show it (the list without admissions).
pub(super) fn pass_summary(pass: &PassRow, now: i64) -> PassSummary {
    PassSummary {
        pass_id: pass.id,
        label: pass.label.clone(),
        state: shown_state(pass, now),
        site: pass.site.clone(),
        valid_from: rfc3339(pass.valid_from_ms),
        valid_until: rfc3339(pass.valid_until_ms),
        max_uses: pass.max_uses,
        uses: pass.uses,
        server_kid: pass.server_kid.clone(),
        created_at: rfc3339(pass.created_at_ms),
        claimed_at: pass.claimed_at_ms.map(rfc3339),
        host_id: pass.host_id,
        max_transfers: pass.max_transfers,
        transfers: pass.transfers,
        rebinds: pass.rebinds,
        external_ref: pass.external_ref.clone(),
    }
}

/// Query of `GET /v1/passes`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ListQuery {
    limit: Option<i64>,
    cursor: Option<String>,
}

/// A page of passes, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct PassPage {
    passes: Vec<PassSummary>,
    /// Pass it as `cursor` for the next page; `null` on the last page.
    next_cursor: Option<String>,
}

/// A list cursor: the `(created_at_ms, id)` of the last row of the previous page (passes,
/// messages).
pub(super) fn parse_cursor(text: &str) -> Result<(i64, Uuid)> {
    text.split_once('_')
        .and_then(|(at, id)| Some((at.parse().ok()?, id.parse().ok()?)))
        .ok_or_else(|| Error::BadRequest("cursor is not one this server issued".into()))
}

/// Lists the organisation's passes, newest first (issuer, auditor or admin).
#[utoipa::path(
    get,
    path = "/v1/passes",
    operation_id = "list_passes",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    params(
        ("limit" = Option<i64>, Query, minimum = 1, maximum = 200, description = "Page size, default 50"),
        ("cursor" = Option<String>, Query, description = "`next_cursor` of the previous page"),
    ),
    responses(
        (status = 200, description = "A page of passes", body = PassPage),
        (status = 400, description = "An unknown or malformed parameter", body = ErrorBody),
        (status = 403, description = "The key's role may not read passes", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn list(
    State(state): State<AppState>,
    caller: ApiCaller,
    query: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<PassPage>> {
    caller.require(&[Role::Issuer, Role::Auditor, Role::Host])?;
    let Query(query) = query.map_err(|rejection| Error::BadRequest(rejection.body_text()))?;
    let limit = match query.limit {
        None => 50,
        Some(n) if (1..=200).contains(&n) => n,
        Some(_) => return Err(Error::BadRequest("limit must be 1–200".into())),
    };
    let before = query.cursor.as_deref().map(parse_cursor).transpose()?;
    let passes = state
        .store
        .passes()
        .list_passes(
            caller.key.org_id,
            before,
            limit,
            (caller.role == Role::Host).then_some(caller.key.id),
        )
        .await?;
    let now = now_ms();
    let next_cursor = (passes.len() as i64 == limit)
        .then(|| {
            passes
                .last()
                .map(|p| format!("{}_{}", p.created_at_ms, p.id))
        })
        .flatten();
    Ok(Json(PassPage {
        passes: passes.iter().map(|p| pass_summary(p, now)).collect(),
        next_cursor,
    }))
}

/// Revokes a pass of the caller's organisation (issuer or admin): every later scan of it is
/// denied.
#[utoipa::path(
    post,
    path = "/v1/passes/{id}/revoke",
    operation_id = "revoke_pass",
    tag = "passes",
    security(("api_key" = []), ("console_session" = [])),
    params(("id" = String, Path, format = Uuid, description = "The pass id")),
    responses(
        (status = 200, description = "Revoked", body = PassRevoked),
        (status = 403, description = "Not an issuer or admin key", body = ErrorBody),
        (status = 404, description = "No such pass in this organisation (or not a UUID)", body = ErrorBody),
        crate::error::StaffRefusals,
    )
)]
pub(super) async fn revoke(
    State(state): State<AppState>,
    caller: ApiCaller,
    Path(id): Path<String>,
) -> Result<Json<PassRevoked>> {
    caller.require(&[Role::Issuer, Role::Host])?;
    let pass = load_own_pass(&state, &caller, &id).await?;
    let subject = Subject {
        org_id: Some(pass.org_id),
        gate_id: None,
        pass_id: Some(pass.id),
    };
    let event = audit::event(
        Severity::Info,
        subject,
        Details::PassRevoked(events::PassRevokedDetails {
            previous_state: pass.state.as_str().to_owned(),
            by_key_id: caller.key.id,
        }),
    )
    .by(caller.person.as_ref());
    if !state
        .store
        .passes()
        .revoke_pass(caller.key.org_id, pass.id, now_ms(), &event)
        .await?
    {
        return Err(Error::NotFound);
    }
    Ok(Json(PassRevoked {
        pass_id: pass.id,
        state: "revoked",
    }))
}

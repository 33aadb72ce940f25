//! The TSR1 admission rules (§5, §7, §10), written once for every storage backend.
//!
//! A scan is checked in the normative order and, if the code is genuine and current, answered
//! with a one-time nonce bound to the pass, the gate device and the scan. A correct answer to
//! that nonce is redeemed in one transaction that conditionally counts the use (the row lock
//! serialises one pass's redemptions) and records the outcome under the nonce, where unique
//! indexes stop a concurrent duplicate; only after COMMIT does the gate hear
//! "admitted". Everything a retry needs (the challenge by scan id, the outcome by nonce) is in
//! the database, so a resend after a lost answer, a reconnect or a server restart returns
//! the stored outcome instead of a false alarm.

use serde_json::json;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, ErrorMessage, Outcome, PassSummary, ScanResult, ServerMessage,
};
use tessera_protocol::totp::{check_code, CodeCheck};
use tessera_protocol::{Nonce, PassId, PassKeys, RotatingCode, WalletChallenge, WalletResponse};
use uuid::Uuid;

use crate::audit::{self, denial_severity, outcome_severity, Severity, Subject};
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::store::{ChallengeRow, GateRow, PassRow, RedemptionRow};
use crate::{ms_to_datetime, now_ms};

/// Wrong answers that burn a challenge.
pub const MAX_WRONG_ANSWERS: i64 = 3;

/// Challenges remembered per gate connection (a gate has one scan in flight, rarely more).
const REMEMBERED_PER_CONNECTION: usize = 8;

/// The challenges one gate connection was issued, with their passes, so that the answer
/// arriving on the same connection (the usual case) goes straight to the redemption
/// without reading them back. It is only a shortcut: the redemption statement checks in
/// the database that the challenge is still open, and anything unusual (another gate's
/// nonce, a wrong answer, a challenge not open any more, a resend on a new connection)
/// takes the full path, which reads everything from the database.
#[derive(Debug, Default)]
pub struct Issued {
    recent: std::collections::VecDeque<(ChallengeRow, PassRow)>,
}

impl Issued {
    fn remember(&mut self, challenge: &ChallengeRow, pass: &PassRow) {
        if self.recent.len() == REMEMBERED_PER_CONNECTION {
            self.recent.pop_front();
        }
        self.recent.push_back((challenge.clone(), pass.clone()));
    }

    fn take(&mut self, nonce: &Nonce, scan_id: Uuid) -> Option<(ChallengeRow, PassRow)> {
        let at = self.recent.iter().position(|(challenge, _)| {
            challenge.nonce.as_slice() == nonce.as_bytes() && challenge.scan_id == scan_id
        })?;
        self.recent.remove(at)
    }
}

/// Handles a `scan`: the stored answer for a resent scan id, a denial, or a new challenge.
///
/// # Errors
/// Storage failures; the caller reports them as retryable.
pub async fn scan(
    state: &AppState,
    gate: &GateRow,
    issued_here: &mut Issued,
    scan_id: Uuid,
    code_text: &str,
) -> Result<ServerMessage> {
    let code_hash: [u8; 32] = Sha256::digest(code_text.as_bytes()).into();
    let subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    };
    // A step at or above 2^63 can never be fresh; -1 matches no stored step.
    let code = code_text
        .parse::<RotatingCode>()
        .ok()
        .map(|code| (code, i64::try_from(code.counter).unwrap_or(-1)));
    let found = match &code {
        Some((code, counter)) => {
            state
                .store
                .pass_with_step(code.pass.uuid(), *counter, gate.id, scan_id)
                .await?
        }
        None => None,
    };
    // A resent scan id gets its stored answer whatever the code says now. The read above
    // tells whether one exists; without a pass it cannot tell, so look it up then too.
    if found.as_ref().is_none_or(|found| found.resent_scan) {
        if let Some(existing) = state.store.challenge_by_scan(gate.id, scan_id).await? {
            return resume_scan(state, existing, &code_hash).await;
        }
    }
    let Some((code, counter)) = code else {
        return deny_scan(
            state,
            subject,
            scan_id,
            DenyReason::MalformedCode,
            None,
            json!({}),
        )
        .await;
    };
    let pass_id = code.pass.uuid();
    let (pass, step_gate_id) = match found {
        Some(found) if found.pass.org_id == gate.org_id => (found.pass, found.step_gate_id),
        // Another tenant's pass is indistinguishable from a missing one.
        _ => {
            return deny_scan(
                state,
                subject,
                scan_id,
                DenyReason::UnknownPass,
                None,
                json!({}),
            )
            .await
        }
    };
    let subject = Subject {
        pass_id: Some(pass_id),
        ..subject
    };
    let Some(keys) = pass_keys(state, &pass)? else {
        return deny_scan(
            state,
            subject,
            scan_id,
            DenyReason::NotClaimed,
            None,
            json!({}),
        )
        .await;
    };
    if !keys.code_key.verify_otp(&code) {
        return deny_scan(
            state,
            subject,
            scan_id,
            DenyReason::BadCode,
            None,
            json!({}),
        )
        .await;
    }

    let summary = Some(summary(&pass));
    let now = now_ms();
    let now_s = u64::try_from(now / 1000).unwrap_or(0);
    match check_code(code.counter, now_s, state.settings.code_step_s) {
        CodeCheck::Fresh => {}
        CodeCheck::Stale { age_s } => {
            let mut denial = ScanResult::denied(scan_id, DenyReason::StaleCode);
            denial.pass = summary;
            denial.age_s = Some(age_s);
            return finish_scan_denial(state, subject, denial, json!({ "age_s": age_s })).await;
        }
        CodeCheck::Future { ahead_s } => {
            let mut denial = ScanResult::denied(scan_id, DenyReason::FutureCode);
            denial.pass = summary;
            denial.ahead_s = Some(ahead_s);
            return finish_scan_denial(state, subject, denial, json!({ "ahead_s": ahead_s })).await;
        }
    }
    if let Some(reason) = pass_state_denial(&pass, now) {
        return deny_scan(state, subject, scan_id, reason, summary, json!({})).await;
    }
    if pass.site.is_some() && pass.site != gate.site {
        return deny_scan(
            state,
            subject,
            scan_id,
            DenyReason::WrongSite,
            summary,
            json!({}),
        )
        .await;
    }
    if let Some(first_gate_id) = step_gate_id {
        if first_gate_id != gate.id {
            let details = json!({ "first_gate_id": first_gate_id, "counter": counter });
            return deny_scan(
                state,
                subject,
                scan_id,
                DenyReason::CodeReplayed,
                summary,
                details,
            )
            .await;
        }
    }

    let nonce = Nonce::generate(&mut rand::rngs::OsRng);
    let challenge = ChallengeRow {
        nonce: nonce.as_bytes().to_vec(),
        org_id: gate.org_id,
        gate_id: gate.id,
        scan_id,
        pass_id,
        counter,
        code_hash: code_hash.to_vec(),
        created_at_ms: now,
        expires_at_ms: now.saturating_add(
            i64::try_from(state.settings.challenge_lifetime().as_millis()).unwrap_or(i64::MAX),
        ),
        wrong_answers: 0,
    };
    let issued = audit::event(
        "challenge_issued",
        Severity::Info,
        subject,
        json!({
            "scan_id": scan_id,
            "nonce_sha256": crate::credentials::fingerprint(nonce.as_bytes()),
            "counter": counter,
        }),
    );
    if !state.store.insert_challenge(&challenge, &issued).await? {
        // The same scan id was inserted concurrently (a fast resend): answer with that one.
        let existing = state
            .store
            .challenge_by_scan(gate.id, scan_id)
            .await?
            .ok_or(Error::StorageTimeout("re-read concurrent challenge"))?;
        return resume_scan(state, existing, &code_hash).await;
    }
    issued_here.remember(&challenge, &pass);
    Ok(challenge_message(&challenge, nonce, &pass))
}

/// A resent scan id: same code → the same challenge, its denial, or its stored outcome.
async fn resume_scan(
    state: &AppState,
    challenge: ChallengeRow,
    code_hash: &[u8; 32],
) -> Result<ServerMessage> {
    if !bool::from(challenge.code_hash.ct_eq(code_hash)) {
        return Ok(ServerMessage::Error(ErrorMessage::new(
            Some(challenge.scan_id),
            ErrorCode::ScanIdReused,
        )));
    }
    let nonce = stored_nonce(&challenge)?;
    // The answer path's one read also serves a resent scan: pass and stored outcome.
    let (challenge, pass, stored) = state
        .store
        .challenge_context(nonce.as_bytes())
        .await?
        .ok_or(Error::NotFound)?
        .into_parts();
    if let Some(stored) = stored {
        return Ok(stored_result(&stored, &pass, true));
    }
    if let Some(reason) = unanswerable(&challenge) {
        return Ok(ServerMessage::Result(challenge_denial(
            &challenge, nonce, &pass, reason,
        )));
    }
    Ok(challenge_message(&challenge, nonce, &pass))
}

/// Handles a `response`: foreign and unknown nonces, stored outcomes, wrong answers, and
/// finally the redemption transaction.
///
/// # Errors
/// Storage failures; the caller reports them as retryable.
pub async fn respond(
    state: &AppState,
    gate: &GateRow,
    issued_here: &mut Issued,
    scan_id: Uuid,
    nonce_text: &str,
    response_text: &str,
) -> Result<ServerMessage> {
    let gate_subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    };
    let Ok(nonce) = nonce_text.parse::<Nonce>() else {
        return deny_response(
            state,
            gate_subject,
            ScanResult::denied(scan_id, DenyReason::UnknownNonce),
            json!({ "scan_id": scan_id }),
        )
        .await;
    };
    let nonce_fp = crate::credentials::fingerprint(nonce.as_bytes());
    if let Some((challenge, pass)) = issued_here.take(&nonce, scan_id) {
        let keys = pass_keys(state, &pass)?.ok_or(Error::NotFound)?;
        if answer_is_right(&keys, &pass, &nonce, response_text) {
            let row = admitted_row(&challenge, &pass, nonce);
            if state
                .store
                .admit(&row, &redemption_event(&row, &nonce_fp))
                .await?
            {
                return Ok(stored_result(&row, &pass, false));
            }
        }
    }
    let Some(context) = state.store.challenge_context(nonce.as_bytes()).await? else {
        let mut denial = ScanResult::denied(scan_id, DenyReason::UnknownNonce);
        denial.nonce = Some(nonce);
        return deny_response(
            state,
            gate_subject,
            denial,
            json!({ "scan_id": scan_id, "nonce_sha256": nonce_fp }),
        )
        .await;
    };

    let (challenge, pass, stored) = context.into_parts();
    // Decided before any stored outcome is consulted, so another gate learns nothing.
    if challenge.org_id != gate.org_id || challenge.gate_id != gate.id {
        let same_tenant = challenge.org_id == gate.org_id;
        // In the owner's log: within a tenant the event names the gate that presented the
        // nonce (the suspect device); across tenants it names only the owner's own gate, so
        // one tenant's log never reveals another tenant's devices.
        let owner = Subject {
            org_id: Some(challenge.org_id),
            gate_id: Some(if same_tenant {
                gate.id
            } else {
                challenge.gate_id
            }),
            pass_id: Some(challenge.pass_id),
        };
        let owner_details = json!({
            "reason": DenyReason::ForeignNonce.as_str(),
            "outcome": Outcome::Denied.as_str(),
            "scan_id": scan_id,
            "nonce_sha256": nonce_fp,
            "challenge_gate_id": challenge.gate_id,
            "cross_tenant": !same_tenant,
        });
        state
            .store
            .insert_audit(&audit::event(
                "response",
                Severity::High,
                owner,
                owner_details,
            ))
            .await?;
        let mut denial = ScanResult::denied(scan_id, DenyReason::UnknownNonce);
        denial.nonce = Some(nonce);
        if same_tenant {
            // Already audited above, in this gate's own tenant.
            denial.reason = Some(DenyReason::ForeignNonce);
            return Ok(ServerMessage::Result(denial));
        }
        return deny_response(
            state,
            gate_subject,
            denial,
            json!({ "scan_id": scan_id, "nonce_sha256": nonce_fp }),
        )
        .await;
    }
    if challenge.scan_id != scan_id {
        return Ok(ServerMessage::Error(ErrorMessage {
            scan_id: Some(scan_id),
            code: ErrorCode::BadRequest,
            message: "this nonce was issued for another scan_id of this gate".to_owned(),
            retryable: false,
        }));
    }

    if let Some(stored) = stored {
        return Ok(stored_result(&stored, &pass, true));
    }
    let subject = Subject {
        pass_id: Some(pass.id),
        ..gate_subject
    };
    let details = json!({ "scan_id": scan_id, "nonce_sha256": nonce_fp });
    if let Some(reason) = unanswerable(&challenge) {
        return deny_response(
            state,
            subject,
            challenge_denial(&challenge, nonce, &pass, reason),
            details,
        )
        .await;
    }

    let keys = pass_keys(state, &pass)?.ok_or(Error::NotFound)?;
    if !answer_is_right(&keys, &pass, &nonce, response_text) {
        let mut denial = challenge_denial(&challenge, nonce, &pass, DenyReason::BadResponse);
        let counted = state
            .store
            .record_wrong_answer(nonce.as_bytes(), MAX_WRONG_ANSWERS, |counted| {
                let reason = if counted {
                    DenyReason::BadResponse
                } else {
                    DenyReason::ChallengeBurned
                };
                response_denial_event(subject, reason, details.clone())
            })
            .await?;
        if !counted {
            denial.reason = Some(DenyReason::ChallengeBurned);
        }
        return Ok(ServerMessage::Result(denial));
    }
    redeem(state, &challenge, &pass, nonce, &nonce_fp).await
}

/// Attempts of the redemption transaction when a concurrent one wins a unique index.
const REDEEM_ATTEMPTS: usize = 3;

/// The redemption: count the use or decide why not, store the outcome under the nonce with
/// its audit event, COMMIT, and only then answer. A unique-index refusal means a
/// concurrent transaction stored this nonce (a fast resend) or admitted this step first;
/// the stored outcome is then returned, or the decision is made again on the new state.
async fn redeem(
    state: &AppState,
    challenge: &ChallengeRow,
    pass: &PassRow,
    nonce: Nonce,
    nonce_fp: &str,
) -> Result<ServerMessage> {
    let mut attempt = 1;
    loop {
        match redeem_once(state, challenge, pass, nonce, nonce_fp).await {
            Err(error) if error.is_unique_violation() && attempt < REDEEM_ATTEMPTS => {
                if let Some(stored) = state.store.redemption_by_nonce(nonce.as_bytes()).await? {
                    return Ok(stored_result(&stored, pass, true));
                }
                attempt += 1;
            }
            other => return other,
        }
    }
}

async fn redeem_once(
    state: &AppState,
    challenge: &ChallengeRow,
    pass: &PassRow,
    nonce: Nonce,
    nonce_fp: &str,
) -> Result<ServerMessage> {
    let mut row = admitted_row(challenge, pass, nonce);
    let now = row.created_at_ms;
    // The common case in one durable write; anything else is decided below.
    if state
        .store
        .admit(&row, &redemption_event(&row, nonce_fp))
        .await?
    {
        return Ok(stored_result(&row, pass, false));
    }
    let mut tx = state.store.begin_redemption().await?;
    // Counted again: the pass may have changed since the attempt above.
    if !tx.count_use(pass.id, challenge.counter, now).await? {
        // Not admitted: read the pass as this transaction sees it (locked) to say why.
        let current = tx.lock_pass(pass.id).await?.ok_or(Error::NotFound)?;
        if let Some(reason) = pass_state_denial(&current, now) {
            row.outcome = Outcome::Denied.as_str().to_owned();
            row.reason = Some(reason.as_str().to_owned());
        } else {
            row.outcome = Outcome::AlreadyAdmitted.as_str().to_owned();
            if let Some(first) = tx.first_admission(pass.id).await? {
                row.first_admitted_at_ms = Some(first.created_at_ms);
                row.first_gate_id = Some(first.gate_id);
            }
        }
    }
    tx.insert_redemption(&row).await?;
    tx.insert_audit(&redemption_event(&row, nonce_fp)).await?;
    tx.commit().await?;
    Ok(stored_result(&row, pass, false))
}

/// The outcome row of an admission now (changed by the caller when it is not one).
fn admitted_row(challenge: &ChallengeRow, pass: &PassRow, nonce: Nonce) -> RedemptionRow {
    RedemptionRow {
        nonce: nonce.as_bytes().to_vec(),
        org_id: challenge.org_id,
        gate_id: challenge.gate_id,
        scan_id: challenge.scan_id,
        pass_id: pass.id,
        counter: challenge.counter,
        outcome: Outcome::Admitted.as_str().to_owned(),
        reason: None,
        first_admitted_at_ms: None,
        first_gate_id: None,
        created_at_ms: now_ms(),
    }
}

/// Whether `response_text` is the wallet's MAC over this pass and nonce.
fn answer_is_right(keys: &PassKeys, pass: &PassRow, nonce: &Nonce, response_text: &str) -> bool {
    response_text
        .parse::<WalletResponse>()
        .map(|response| {
            keys.response_key
                .verify(PassId::new(pass.id), nonce, &response)
        })
        .unwrap_or(false)
}

/// The `response` audit event of a redemption, stored with its outcome.
fn redemption_event(row: &RedemptionRow, nonce_fp: &str) -> crate::store::NewAudit {
    let (outcome, reason) = parse_outcome(row);
    let mut details = json!({
        "scan_id": row.scan_id,
        "nonce_sha256": nonce_fp,
        "outcome": outcome.as_str(),
        "counter": row.counter,
    });
    if let Some(reason) = reason {
        details["reason"] = json!(reason.as_str());
    }
    let subject = Subject {
        org_id: Some(row.org_id),
        gate_id: Some(row.gate_id),
        pass_id: Some(row.pass_id),
    };
    audit::event(
        "response",
        outcome_severity(outcome, reason),
        subject,
        details,
    )
}

fn pass_keys(state: &AppState, pass: &PassRow) -> Result<Option<PassKeys>> {
    let Some(wallet_key) = pass.wallet_public_key.as_deref() else {
        return Ok(None);
    };
    let wallet_key: [u8; 32] = wallet_key.try_into().map_err(|_| Error::NotFound)?;
    state
        .keys
        .pass_keys(pass.id, &pass.server_kid, wallet_key)
        .map(Some)
}

/// Revoked, expired and not-yet-valid, in the §10 order.
fn pass_state_denial(pass: &PassRow, now_ms: i64) -> Option<DenyReason> {
    if pass.state == "revoked" {
        Some(DenyReason::Revoked)
    } else if now_ms >= pass.valid_until_ms {
        Some(DenyReason::Expired)
    } else if now_ms < pass.valid_from_ms {
        Some(DenyReason::NotYetValid)
    } else {
        None
    }
}

/// Burned beats expired: a burned challenge stays burned whatever the clock says.
fn unanswerable(challenge: &ChallengeRow) -> Option<DenyReason> {
    if challenge.wrong_answers >= MAX_WRONG_ANSWERS {
        Some(DenyReason::ChallengeBurned)
    } else if now_ms() >= challenge.expires_at_ms {
        Some(DenyReason::ChallengeExpired)
    } else {
        None
    }
}

fn stored_nonce(challenge: &ChallengeRow) -> Result<Nonce> {
    let bytes: [u8; 32] = challenge
        .nonce
        .as_slice()
        .try_into()
        .map_err(|_| Error::BadRequest("stored nonce".into()))?;
    Ok(Nonce::from_bytes(bytes))
}

fn summary(pass: &PassRow) -> PassSummary {
    PassSummary {
        id: pass.id,
        label: pass.label.clone(),
    }
}

fn challenge_message(challenge: &ChallengeRow, nonce: Nonce, pass: &PassRow) -> ServerMessage {
    ServerMessage::Challenge(Challenge {
        scan_id: challenge.scan_id,
        nonce,
        wallet_challenge: WalletChallenge {
            pass: PassId::new(pass.id),
            nonce,
        }
        .to_string(),
        expires_at: ms_to_datetime(challenge.expires_at_ms),
        pass: summary(pass),
    })
}

fn challenge_denial(
    challenge: &ChallengeRow,
    nonce: Nonce,
    pass: &PassRow,
    reason: DenyReason,
) -> ScanResult {
    let mut denial = ScanResult::denied(challenge.scan_id, reason);
    denial.nonce = Some(nonce);
    denial.pass = Some(summary(pass));
    denial
}

fn parse_outcome(row: &RedemptionRow) -> (Outcome, Option<DenyReason>) {
    let outcome = match row.outcome.as_str() {
        "admitted" => Outcome::Admitted,
        "already_admitted" => Outcome::AlreadyAdmitted,
        _ => Outcome::Denied,
    };
    let reason = row
        .reason
        .as_deref()
        .and_then(|r| serde_json::from_value(serde_json::Value::String(r.to_owned())).ok());
    (outcome, reason)
}

fn stored_result(row: &RedemptionRow, pass: &PassRow, replayed: bool) -> ServerMessage {
    let (outcome, reason) = parse_outcome(row);
    let nonce = <[u8; 32]>::try_from(row.nonce.as_slice())
        .ok()
        .map(Nonce::from_bytes);
    let already = outcome == Outcome::AlreadyAdmitted;
    ServerMessage::Result(ScanResult {
        scan_id: row.scan_id,
        nonce,
        outcome,
        reason,
        replayed,
        pass: Some(summary(pass)),
        first_admitted_at: if already {
            row.first_admitted_at_ms.map(ms_to_datetime)
        } else {
            None
        },
        first_gate_id: if already { row.first_gate_id } else { None },
        same_wallet: already,
        age_s: None,
        ahead_s: None,
    })
}

async fn deny_scan(
    state: &AppState,
    subject: Subject,
    scan_id: Uuid,
    reason: DenyReason,
    pass: Option<PassSummary>,
    details: serde_json::Value,
) -> Result<ServerMessage> {
    let mut denial = ScanResult::denied(scan_id, reason);
    denial.pass = pass;
    finish_scan_denial(state, subject, denial, details).await
}

async fn finish_scan_denial(
    state: &AppState,
    subject: Subject,
    denial: ScanResult,
    mut details: serde_json::Value,
) -> Result<ServerMessage> {
    let reason = denial.reason.unwrap_or(DenyReason::MalformedCode);
    details["reason"] = json!(reason.as_str());
    details["scan_id"] = json!(denial.scan_id);
    state
        .store
        .insert_audit(&audit::event(
            "scan",
            denial_severity(reason),
            subject,
            details,
        ))
        .await?;
    Ok(ServerMessage::Result(denial))
}

async fn deny_response(
    state: &AppState,
    subject: Subject,
    denial: ScanResult,
    details: serde_json::Value,
) -> Result<ServerMessage> {
    let reason = denial.reason.unwrap_or(DenyReason::BadResponse);
    state
        .store
        .insert_audit(&response_denial_event(subject, reason, details))
        .await?;
    Ok(ServerMessage::Result(denial))
}

/// The `response` audit event of a denial at answer time.
fn response_denial_event(
    subject: Subject,
    reason: DenyReason,
    mut details: serde_json::Value,
) -> crate::store::NewAudit {
    details["reason"] = json!(reason.as_str());
    details["outcome"] = json!(Outcome::Denied.as_str());
    audit::event("response", denial_severity(reason), subject, details)
}

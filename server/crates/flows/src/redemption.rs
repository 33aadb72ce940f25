//! The redemption, top to bottom: a scan answered with a one-time challenge, and a correct
//! answer to it committed under its nonce before the gate hears "admitted".
//!
//! Every handler here follows the same four steps: **read** what the server holds (one
//! batched read per scan and per answer), **decide** with the pure TSR1 rules in
//! [`tessera_domain::rules`], **commit** the decision together with its audit event, and only then
//! **answer**. The store offers primitives only; no rule is decided in SQL that is not also
//! decided here.
//!
//! The commit of an admission takes one of two paths:
//! - **the common one**: [`Store::admit`](tessera_store::Store::admit), one durable
//!   conditional write (the use, the outcome under the nonce, the event). It joins the
//!   admissions that arrive while the previous one is in flight into one group commit
//!   (`store::batch`); the gate hears its own outcome once the group committed.
//! - **the careful one**, when that write refuses (the pass may not admit now, the
//!   challenge closed meanwhile, or a concurrent writer won a unique index): one
//!   transaction that locks the challenge and the pass, reads them as they are now, lets
//!   [`rules::settle`] decide, and stores what it decided.
//!
//! Everything a retry needs (the challenge or the denial by scan id, the outcome by nonce)
//! is in the database, so a resend after a lost answer, a reconnect or a restart gets the
//! stored answer, never a false alarm.

use sha2::{Digest, Sha256};
use tessera_protocol::messages::{
    Challenge, DenyReason, ErrorCode, ErrorMessage, Outcome, PassSummary, ScanResult, ServerMessage,
};
use tessera_protocol::{Nonce, PassId, PassKeys, RotatingCode, WalletChallenge};
use tracing::field::Empty;
use uuid::Uuid;

use std::sync::Arc;
use std::time::Duration;

use crate::error::{Error, Result};
use crate::keyring::Keyring;
use tessera_domain::audit::{self, denial_severity, outcome_severity, Severity, Subject};
use tessera_domain::events::{
    Answered, ChallengeIssued, Details, ResponseDetails, ScanDetails, ZoneMoveDetails,
};
use tessera_domain::rules::{
    self, ChallengeResend, ResponseVerdict, ScanFacts, ScanResend, ScanVerdict, Settlement, BURN_AT,
};
use tessera_domain::zones::{self, Direction, ZoneMove, ZoneSettlement};
use tessera_domain::{ms_to_datetime, now_ms};
use tessera_store::{
    AdmitOp, ChallengeContext, ChallengeRow, GateRow, NewAudit, PassRow, RedemptionRow,
    ScanDenialRow, ScanLookup, ScanRecord, Store, StoredOutcome,
};

/// What the redemption uses: storage, the server's keys, the two TSR1 timings, the
/// watchlists and who decides for a site's passes.
#[derive(Clone, Debug)]
pub struct Redemption {
    /// The database.
    pub store: Store,
    /// The server's X25519 keys, from which each pass's keys are derived.
    pub keys: Arc<Keyring>,
    /// The rotating code's step in seconds.
    pub code_step_s: u64,
    /// How long a challenge may be answered.
    pub challenge_lifetime: Duration,
    /// The organisations' watchlists, as this replica last read them.
    pub watchlist: Arc<crate::watchlist::Watchlist>,
    /// Whether this is the central server or an on-site node (issue 35), and so who
    /// decides for a site's passes.
    pub authority: crate::sites::Authority,
}

/// Challenges remembered per gate connection (a gate has one scan in flight, rarely more).
const REMEMBERED_PER_CONNECTION: usize = 8;

/// Attempts of the redemption transaction when a concurrent writer wins a unique index.
const SETTLE_ATTEMPTS: usize = 3;

/// The challenges one gate connection was issued, with their passes, so that the answer
/// arriving on the same connection (the usual case) goes straight to the commit without
/// reading them back. It is only a shortcut: the admission write checks in the database
/// that the challenge is still open, and anything unusual (another gate's nonce, a wrong
/// answer, a challenge not open any more, a resend on a new connection) takes the full
/// path, which reads everything from the database.
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

// ---------------------------------------------------------------------------------------
// Scan
// ---------------------------------------------------------------------------------------

/// Handles a `scan`: the stored answer for a resent scan id, a stored denial, or a new
/// challenge.
///
/// # Errors
/// Storage failures (retryable for the gate); [`Error::UnknownServerKey`] when the pass is
/// bound to a key this replica does not hold.
#[tracing::instrument(name = "scan", skip_all, fields(gate_id = %gate.id, %scan_id, pass_id = Empty))]
pub async fn scan(
    flow: &Redemption,
    gate: &GateRow,
    issued_here: &mut Issued,
    scan_id: Uuid,
    code_text: &str,
) -> Result<ServerMessage> {
    let code_hash: [u8; 32] = Sha256::digest(code_text.as_bytes()).into();

    // Read: the pass with its step's admission, and whether this scan id is a resend.
    let code = code_text.parse::<RotatingCode>().ok();
    let context = match &code {
        // A step at or above 2^63 can never be fresh; -1 matches no stored step.
        Some(code) => {
            let lookup = ScanLookup {
                pass_id: code.pass.uuid(),
                counter: i64::try_from(code.counter).unwrap_or(-1),
                gate_id: gate.id,
                scan_id,
            };
            flow.store.scan_context(lookup).await?
        }
        None => None,
    };
    // §7 rule 1: a resent scan id gets its first answer whatever the code says now. The
    // read above tells whether there is one; without a pass it cannot tell, so look then.
    if context.as_ref().is_none_or(|context| context.resent_scan) {
        if let Some(record) = flow.store.scan_record(gate.id, scan_id).await? {
            return resent_scan(flow, gate, record, &code_hash).await;
        }
    }
    // Another tenant's pass is indistinguishable from a missing one.
    let context = context.filter(|context| context.pass.org_id == gate.org_id);
    let pass = context.as_ref().map(|context| &context.pass);
    if let Some(pass) = pass {
        tracing::Span::current().record("pass_id", tracing::field::display(pass.id));
    }
    let keys = match pass {
        Some(pass) => pass_keys(flow, pass)?,
        None => None,
    };

    // Only a genuine code of a site's pass needs the question (and, centrally, the read).
    let decides_here = match (pass, &keys, &code) {
        (Some(pass), Some(keys), Some(code)) if keys.code_key.verify_otp(code) => {
            crate::sites::decides_here(&flow.authority, &flow.store, pass).await?
        }
        _ => true,
    };

    // Decide.
    let verdict = rules::decide_scan(&ScanFacts {
        code: code.as_ref(),
        pass,
        keys: keys.as_ref(),
        gate_id: gate.id,
        gate_site: gate.site.as_deref(),
        step_gate_id: context.as_ref().and_then(|context| context.step_gate_id),
        now_ms: now_ms(),
        code_step_s: flow.code_step_s,
        decides_here,
    });

    // Commit and answer.
    match (verdict, code, pass) {
        (ScanVerdict::Challenge, Some(code), Some(pass)) => {
            issue_challenge(flow, gate, issued_here, scan_id, &code, &code_hash, pass).await
        }
        (ScanVerdict::Deny(denial), code, pass) => {
            let counter = code.map(|code| code.counter);
            let denial = ScanDenialRow {
                gate_id: gate.id,
                scan_id,
                org_id: gate.org_id,
                code_hash: code_hash.to_vec(),
                reason: denial.reason,
                pass_id: pass.filter(|_| denial.names_pass).map(|pass| pass.id),
                pass_label: pass
                    .filter(|_| denial.names_pass)
                    .map(|pass| pass.label.clone()),
                age_s: denial.age_s.map(clamp_i64),
                ahead_s: denial.ahead_s.map(clamp_i64),
                created_at_ms: now_ms(),
            };
            let mut details = ScanDetails {
                scan_id,
                reason: Some(denial.reason),
                age_s: denial.age_s,
                ahead_s: denial.ahead_s,
                ..ScanDetails::default()
            };
            if let (DenyReason::CodeReplayed, Some(first), Some(counter)) = (
                denial.reason,
                context.as_ref().and_then(|c| c.step_gate_id),
                counter,
            ) {
                details.first_gate_id = Some(first);
                details.counter = Some(counter);
            }
            let subject = Subject {
                org_id: Some(gate.org_id),
                gate_id: Some(gate.id),
                pass_id: pass.map(|pass| pass.id),
            };
            let event = audit::event(
                denial_severity(denial.reason),
                subject,
                Details::Scan(details),
            );
            if flow
                .store
                .scans()
                .insert_scan_denial(&denial, &event)
                .await?
            {
                return Ok(ServerMessage::Result(denial_result(&denial, false)));
            }
            // The same scan id was stored concurrently (a fast resend): answer as a resend.
            let record = flow.store.scan_record(gate.id, scan_id).await?.ok_or(
                tessera_store::Error::StorageTimeout("re-read concurrent scan"),
            )?;
            resent_scan(flow, gate, record, &code_hash).await
        }
        (ScanVerdict::Challenge, _, _) => Err(Error::Internal(
            "a challenge was decided for a scan without a pass",
        )),
    }
}

/// Mints a nonce and stores the challenge (bound to the pass, this gate and this scan)
/// with its `challenge_issued` event.
async fn issue_challenge(
    flow: &Redemption,
    gate: &GateRow,
    issued_here: &mut Issued,
    scan_id: Uuid,
    code: &RotatingCode,
    code_hash: &[u8; 32],
    pass: &PassRow,
) -> Result<ServerMessage> {
    let now = now_ms();
    let counter = clamp_i64(code.counter);
    let nonce = Nonce::generate(&mut rand::rngs::OsRng);
    let lifetime_ms = i64::try_from(flow.challenge_lifetime.as_millis()).unwrap_or(i64::MAX);
    let challenge = ChallengeRow {
        nonce: nonce.as_bytes().to_vec(),
        org_id: gate.org_id,
        gate_id: gate.id,
        scan_id,
        pass_id: pass.id,
        counter,
        code_hash: code_hash.to_vec(),
        created_at_ms: now,
        expires_at_ms: now.saturating_add(lifetime_ms),
        wrong_answers: 0,
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(gate.org_id),
            gate_id: Some(gate.id),
            pass_id: Some(pass.id),
        },
        Details::ChallengeIssued(ChallengeIssued {
            scan_id,
            nonce_sha256: crate::credentials::fingerprint(nonce.as_bytes()),
            counter,
        }),
    );
    if !flow.store.insert_challenge(&challenge, &event).await? {
        // The same scan id was inserted concurrently (a fast resend): answer as a resend.
        let record = flow.store.scan_record(gate.id, scan_id).await?.ok_or(
            tessera_store::Error::StorageTimeout("re-read concurrent challenge"),
        )?;
        return resent_scan(flow, gate, record, code_hash).await;
    }
    issued_here.remember(&challenge, pass);
    Ok(challenge_message(&challenge, nonce, pass))
}

/// A resent scan id (§7 rule 1, §10 "Scan resends"): another code → `scan_id_reused`; the
/// same code → the same answer as the first time, from what is stored. Audited either way.
async fn resent_scan(
    flow: &Redemption,
    gate: &GateRow,
    record: ScanRecord,
    code_hash: &[u8; 32],
) -> Result<ServerMessage> {
    let (scan_id, pass_id) = match &record {
        ScanRecord::Challenge(challenge) => (challenge.scan_id, Some(challenge.pass_id)),
        ScanRecord::Denial(denial) => (denial.scan_id, denial.pass_id),
    };
    let subject = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id,
    };
    if rules::decide_scan_resend(record.code_hash(), code_hash) == ScanResend::Reused {
        flow.store
            .audit()
            .insert_audit(&audit::event(
                Severity::Warning,
                subject,
                Details::Scan(ScanDetails {
                    scan_id,
                    error: Some(ErrorCode::ScanIdReused),
                    ..ScanDetails::default()
                }),
            ))
            .await?;
        return Ok(ServerMessage::Error(ErrorMessage::new(
            Some(scan_id),
            ErrorCode::ScanIdReused,
        )));
    }
    let answer = match record {
        ScanRecord::Denial(denial) => ServerMessage::Result(denial_result(&denial, true)),
        ScanRecord::Challenge(challenge) => {
            let nonce = stored_nonce(&challenge)?;
            let context = flow
                .store
                .challenge_context(*nonce.as_bytes())
                .await?
                .ok_or(Error::Internal("a stored challenge has no context"))?;
            match rules::decide_challenge_resend(&context, now_ms()) {
                ChallengeResend::Stored(stored) => {
                    stored_result(flow, stored, &context.pass, true).await
                }
                ChallengeResend::Closed(reason) => ServerMessage::Result(challenge_denial(
                    &context.challenge,
                    nonce,
                    &context.pass,
                    reason,
                )),
                ChallengeResend::Open => {
                    challenge_message(&context.challenge, nonce, &context.pass)
                }
            }
        }
    };
    let answered = match &answer {
        ServerMessage::Challenge(_) => Answered::Challenge,
        _ => Answered::Result,
    };
    flow.store
        .audit()
        .insert_audit(&audit::event(
            Severity::Info,
            subject,
            Details::Scan(ScanDetails {
                scan_id,
                resent: true,
                answered: Some(answered),
                ..ScanDetails::default()
            }),
        ))
        .await?;
    Ok(answer)
}

// ---------------------------------------------------------------------------------------
// Response
// ---------------------------------------------------------------------------------------

/// Handles a `response`: unknown and foreign nonces, stored outcomes, wrong answers, and
/// the redemption of a correct one.
///
/// # Errors
/// Storage failures (retryable for the gate); [`Error::UnknownServerKey`] and
/// [`Error::Internal`] for faults a resend cannot cure.
#[tracing::instrument(name = "response", skip_all, fields(gate_id = %gate.id, %scan_id, pass_id = Empty))]
pub async fn respond(
    flow: &Redemption,
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
            flow,
            gate_subject,
            ScanResult::denied(scan_id, DenyReason::UnknownNonce),
            answer_details(scan_id, None),
        )
        .await;
    };
    let nonce_fp = crate::credentials::fingerprint(nonce.as_bytes());

    // The challenge this connection issued, answered correctly: straight to the commit.
    if let Some((challenge, pass)) = issued_here.take(&nonce, scan_id) {
        tracing::Span::current().record("pass_id", tracing::field::display(pass.id));
        if let Some(keys) = pass_keys(flow, &pass)? {
            if rules::answer_is_right(&keys, pass.id, &nonce, response_text) {
                return redeem(flow, gate, &challenge, &pass, nonce, &nonce_fp).await;
            }
        }
    }

    // Read.
    let context = flow.store.challenge_context(*nonce.as_bytes()).await?;
    if let Some(context) = &context {
        tracing::Span::current().record("pass_id", tracing::field::display(context.pass.id));
    }
    // Decide.
    let verdict = rules::decide_response(gate.id, gate.org_id, scan_id, context.as_ref(), now_ms());
    // Commit and answer.
    let context = match (verdict, &context) {
        (ResponseVerdict::CheckAnswer, Some(context)) => context,
        (ResponseVerdict::UnknownNonce, _) | (_, None) => {
            let mut denial = ScanResult::denied(scan_id, DenyReason::UnknownNonce);
            denial.nonce = Some(nonce);
            return deny_response(
                flow,
                gate_subject,
                denial,
                answer_details(scan_id, Some(&nonce_fp)),
            )
            .await;
        }
        (ResponseVerdict::ForeignNonce { same_tenant }, Some(context)) => {
            return foreign_nonce(flow, gate, scan_id, nonce, &nonce_fp, context, same_tenant)
                .await;
        }
        (ResponseVerdict::ScanIdMismatch, Some(context)) => {
            flow.store
                .audit()
                .insert_audit(&audit::event(
                    Severity::Warning,
                    Subject {
                        pass_id: Some(context.pass.id),
                        ..gate_subject
                    },
                    Details::Response(ResponseDetails {
                        error: Some(ErrorCode::BadRequest),
                        ..answer_details(scan_id, Some(&nonce_fp))
                    }),
                ))
                .await?;
            return Ok(ServerMessage::Error(ErrorMessage {
                scan_id: Some(scan_id),
                request_id: None,
                code: ErrorCode::BadRequest,
                message: "this nonce was issued for another scan_id of this gate".to_owned(),
                retryable: false,
            }));
        }
        (ResponseVerdict::Stored(stored), Some(context)) => {
            return replay(flow, stored, &context.pass, &nonce_fp).await;
        }
        (ResponseVerdict::Closed(reason), Some(context)) => {
            let subject = Subject {
                pass_id: Some(context.pass.id),
                ..gate_subject
            };
            return deny_response(
                flow,
                subject,
                challenge_denial(&context.challenge, nonce, &context.pass, reason),
                answer_details(scan_id, Some(&nonce_fp)),
            )
            .await;
        }
    };

    let ChallengeContext {
        challenge, pass, ..
    } = context;
    // A pass re-bound meanwhile has no key until it is claimed again: every answer is wrong.
    let right = pass_keys(flow, pass)?
        .is_some_and(|keys| rules::answer_is_right(&keys, pass.id, &nonce, response_text));
    if !right {
        return wrong_answer(flow, challenge, pass, nonce, &nonce_fp).await;
    }
    redeem(flow, gate, challenge, pass, nonce, &nonce_fp).await
}

/// A wrong answer: counted and audited together; the database decides whether this one
/// burned the challenge. Nothing is stored under the nonce.
async fn wrong_answer(
    flow: &Redemption,
    challenge: &ChallengeRow,
    pass: &PassRow,
    nonce: Nonce,
    nonce_fp: &str,
) -> Result<ServerMessage> {
    let subject = Subject {
        org_id: Some(challenge.org_id),
        gate_id: Some(challenge.gate_id),
        pass_id: Some(pass.id),
    };
    let details = answer_details(challenge.scan_id, Some(nonce_fp));
    let counted = flow
        .store
        .scans()
        .record_wrong_answer(nonce.as_bytes(), BURN_AT, &|counted| {
            response_denial_event(
                subject,
                rules::wrong_answer_reason(counted),
                details.clone(),
            )
        })
        .await?;
    Ok(ServerMessage::Result(challenge_denial(
        challenge,
        nonce,
        pass,
        rules::wrong_answer_reason(counted),
    )))
}

/// A nonce issued to another gate (§7 rule 3): audited high in the owner's log, changes
/// nothing. Within a tenant the event names the gate that presented the nonce (the suspect
/// device); across tenants it names only the owner's own gate, so one tenant's log never
/// reveals another tenant's devices, and the sender is told `unknown_nonce`.
async fn foreign_nonce(
    flow: &Redemption,
    gate: &GateRow,
    scan_id: Uuid,
    nonce: Nonce,
    nonce_fp: &str,
    context: &ChallengeContext,
    same_tenant: bool,
) -> Result<ServerMessage> {
    let challenge = &context.challenge;
    let owner = Subject {
        org_id: Some(challenge.org_id),
        gate_id: Some(if same_tenant {
            gate.id
        } else {
            challenge.gate_id
        }),
        pass_id: Some(challenge.pass_id),
    };
    flow.store
        .audit()
        .insert_audit(&audit::event(
            Severity::High,
            owner,
            Details::Response(ResponseDetails {
                reason: Some(DenyReason::ForeignNonce),
                outcome: Some(Outcome::Denied),
                challenge_gate_id: Some(challenge.gate_id),
                cross_tenant: Some(!same_tenant),
                ..answer_details(scan_id, Some(nonce_fp))
            }),
        ))
        .await?;
    let mut denial = ScanResult::denied(scan_id, DenyReason::UnknownNonce);
    denial.nonce = Some(nonce);
    if same_tenant {
        // Already audited above, in this gate's own tenant.
        denial.reason = Some(DenyReason::ForeignNonce);
        return Ok(ServerMessage::Result(denial));
    }
    let sender = Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id: None,
    };
    deny_response(
        flow,
        sender,
        denial,
        answer_details(scan_id, Some(nonce_fp)),
    )
    .await
}

/// A resent answer gets the outcome stored under its nonce (§7 rule 2), audited as a replay.
async fn replay(
    flow: &Redemption,
    stored: &RedemptionRow,
    pass: &PassRow,
    nonce_fp: &str,
) -> Result<ServerMessage> {
    flow.store
        .audit()
        .insert_audit(&response_event(stored, nonce_fp, true, None))
        .await?;
    Ok(stored_result(flow, stored, pass, true).await)
}

// ---------------------------------------------------------------------------------------
// Commit
// ---------------------------------------------------------------------------------------

/// The redemption of a correct answer: the common admission write, and when it refuses,
/// the transaction that decides what this answer gets instead.
async fn redeem(
    flow: &Redemption,
    gate: &GateRow,
    challenge: &ChallengeRow,
    pass: &PassRow,
    nonce: Nonce,
    nonce_fp: &str,
) -> Result<ServerMessage> {
    // An on-site node commits an admission only while it decides for its site: not once an
    // operator asked for the lease back, even for a challenge it issued before (issue 54).
    // The guard keeps the return from handing the lease back between this check and the
    // commit; nothing is stored, so the visitor is admitted by whoever decides next.
    let _deciding = match &flow.authority {
        crate::sites::Authority::Node(view) => {
            let deciding = view.deciding().await;
            if view.authority(now_ms()) != tessera_domain::sites::NodeAuthority::Admits {
                let subject = Subject {
                    org_id: Some(gate.org_id),
                    gate_id: Some(gate.id),
                    pass_id: Some(pass.id),
                };
                let denial = ScanResult::denied(challenge.scan_id, DenyReason::SiteDelegated);
                let details = answer_details(challenge.scan_id, Some(nonce_fp));
                return deny_response(flow, subject, denial, details).await;
            }
            Some(deciding)
        }
        crate::sites::Authority::Central => None,
    };
    let row = outcome_row(challenge, StoredOutcome::Admitted);
    let wallet_key = pass
        .wallet_public_key
        .clone()
        .ok_or(Error::Internal("an answered pass has no wallet key"))?;
    let admission = AdmitOp {
        event: response_event(&row, nonce_fp, false, None),
        row,
        burn_at: BURN_AT,
        wallet_key,
    };
    // A zone gate's answers go through the redemption transaction, which applies the
    // zone's rules (`tessera_domain::zones`); the batched fast path knows nothing of zones,
    // nor of the watchlist: a watchlisted holder's answer is held there for staff.
    let zone = gate_zone(gate);
    let hold = flow.watchlist.at_gate(&flow.store, pass).await?;
    if zone.is_none() && hold.is_none() && flow.store.admit(&admission).await? {
        return Ok(stored_result(flow, &admission.row, pass, false).await);
    }
    let mut attempt = 1;
    loop {
        match settle(
            flow,
            challenge,
            nonce,
            nonce_fp,
            &admission.wallet_key,
            zone,
            hold,
        )
        .await
        {
            // A concurrent writer won a unique index between our read and our write: the
            // next attempt reads, under lock, what it committed.
            Err(Error::Store(tessera_store::Error::Conflict(conflict)))
                if attempt < SETTLE_ATTEMPTS =>
            {
                tracing::debug!(?conflict, attempt, "redemption raced a concurrent writer");
                attempt += 1;
            }
            other => return other,
        }
    }
}

/// One redemption transaction: lock and read the challenge and the pass as they are now,
/// decide with [`rules::settle`], store the decision with its event, COMMIT, answer.
async fn settle(
    flow: &Redemption,
    challenge: &ChallengeRow,
    nonce: Nonce,
    nonce_fp: &str,
    answered_key: &[u8],
    zone: Option<(Uuid, Direction)>,
    hold: Option<crate::watchlist::Hold>,
) -> Result<ServerMessage> {
    let mut tx = flow.store.backend().begin_redemption().await?;
    let Some(locked) = tx.lock(nonce.as_bytes()).await? else {
        // The challenge this socket issued is gone: a relaxed commit lost with a failed-over
        // primary (docs/operations.md). Nothing can be admitted under it; the guard scans
        // again, exactly as for any unknown nonce.
        drop(tx);
        let mut denial = ScanResult::denied(challenge.scan_id, DenyReason::UnknownNonce);
        denial.nonce = Some(nonce);
        return deny_response(
            flow,
            Subject {
                org_id: Some(challenge.org_id),
                gate_id: Some(challenge.gate_id),
                pass_id: Some(challenge.pass_id),
            },
            denial,
            ResponseDetails {
                lost: true,
                ..answer_details(challenge.scan_id, Some(nonce_fp))
            },
        )
        .await;
    };
    let pass = &locked.pass;
    let now = now_ms();
    let mut settlement = rules::settle(&locked, answered_key, now);
    // A watchlisted holder who would be let in is held instead: `see_staff`, stored under
    // the nonce like any outcome (a resend gets it again), with the alarm.
    if let (Some(hold), Settlement::Admit) = (hold, &settlement) {
        let row = outcome_row(
            &locked.challenge,
            StoredOutcome::Denied(DenyReason::SeeStaff),
        );
        tx.store_outcome(&row, &response_event(&row, nonce_fp, false, None))
            .await?;
        let subject = Subject {
            org_id: Some(row.org_id),
            gate_id: Some(row.gate_id),
            pass_id: Some(row.pass_id),
        };
        tx.append_audit(&hold.event(subject, row.scan_id)).await?;
        tx.commit().await?;
        return Ok(stored_result(flow, &row, pass, false).await);
    }
    if let Some((zone_id, direction)) = zone {
        let (zone, view) = tx
            .zone_view(pass.id, zone_id)
            .await?
            .ok_or(Error::Internal("a gate's zone vanished"))?;
        match zones::settle(
            settlement,
            locked.step_admission.is_some(),
            direction,
            &view,
            zones::day_of(now),
        ) {
            ZoneSettlement::Plain(plain) => settlement = plain,
            ZoneSettlement::Move(zone_move) => {
                let row = outcome_row(&locked.challenge, StoredOutcome::Admitted);
                let entering = matches!(zone_move, ZoneMove::Enter { .. });
                if zone_move == (ZoneMove::Enter { admission: true }) {
                    tx.count_use(pass.id).await?;
                }
                tx.zone_move(&zone, pass.id, entering, now).await?;
                let moved = ZoneMoveDetails {
                    zone_id: zone.id,
                    zone: zone.name.clone(),
                    direction,
                    first_entry: zone_move == (ZoneMove::Enter { admission: true }),
                };
                let event = response_event(&row, nonce_fp, false, Some(moved));
                tx.store_outcome(&row, &event).await?;
                tx.commit().await?;
                return Ok(stored_result(flow, &row, pass, false).await);
            }
        }
    }
    match settlement {
        Settlement::KeyUnbound => {
            drop(tx);
            wrong_answer(flow, &locked.challenge, pass, nonce, nonce_fp).await
        }
        Settlement::Replay(stored) => {
            drop(tx);
            replay(flow, &stored, pass, nonce_fp).await
        }
        Settlement::Closed(reason) => {
            drop(tx);
            let subject = Subject {
                org_id: Some(locked.challenge.org_id),
                gate_id: Some(locked.challenge.gate_id),
                pass_id: Some(pass.id),
            };
            deny_response(
                flow,
                subject,
                challenge_denial(&locked.challenge, nonce, pass, reason),
                answer_details(locked.challenge.scan_id, Some(nonce_fp)),
            )
            .await
        }
        Settlement::Admit => {
            let row = outcome_row(&locked.challenge, StoredOutcome::Admitted);
            tx.count_use(pass.id).await?;
            tx.store_outcome(&row, &response_event(&row, nonce_fp, false, None))
                .await?;
            tx.commit().await?;
            Ok(stored_result(flow, &row, pass, false).await)
        }
        Settlement::Store(outcome) => {
            let row = outcome_row(&locked.challenge, outcome);
            tx.store_outcome(&row, &response_event(&row, nonce_fp, false, None))
                .await?;
            tx.commit().await?;
            Ok(stored_result(flow, &row, pass, false).await)
        }
    }
}

// ---------------------------------------------------------------------------------------
// Answers and events
// ---------------------------------------------------------------------------------------

/// The outcome row of this challenge's answer, stamped now.
fn outcome_row(challenge: &ChallengeRow, outcome: StoredOutcome) -> RedemptionRow {
    RedemptionRow::for_challenge(challenge, outcome, now_ms())
}

/// The `response` audit event of an outcome, stored with it (or, `replayed`, when a resend
/// is answered from it); at a zone's gate, with the move it was.
fn response_event(
    row: &RedemptionRow,
    nonce_fp: &str,
    replayed: bool,
    zone: Option<ZoneMoveDetails>,
) -> NewAudit {
    let outcome = row.outcome.outcome();
    let reason = row.outcome.reason();
    let details = ResponseDetails {
        outcome: Some(outcome),
        reason,
        counter: Some(row.counter),
        replayed,
        zone,
        ..answer_details(row.scan_id, Some(nonce_fp))
    };
    let subject = Subject {
        org_id: Some(row.org_id),
        gate_id: Some(row.gate_id),
        pass_id: Some(row.pass_id),
    };
    let severity = if replayed {
        Severity::Info
    } else {
        outcome_severity(outcome, reason)
    };
    audit::event(severity, subject, Details::Response(details))
}

/// The details every `response` event starts from: the scan, and the nonce's fingerprint
/// when the answer carried a readable nonce.
fn answer_details(scan_id: Uuid, nonce_fp: Option<&str>) -> ResponseDetails {
    ResponseDetails {
        scan_id,
        nonce_sha256: nonce_fp.map(str::to_owned),
        ..ResponseDetails::default()
    }
}

/// The pass's derived keys; `None` while no wallet has claimed it.
///
/// # Errors
/// [`Error::UnknownServerKey`] when this replica lacks the pass's server key.
pub(crate) fn pass_keys(flow: &Redemption, pass: &PassRow) -> Result<Option<PassKeys>> {
    let Some(wallet_key) = pass.wallet_public_key.as_deref() else {
        return Ok(None);
    };
    let wallet_key: [u8; 32] = wallet_key
        .try_into()
        .map_err(|_| Error::Internal("a stored wallet key is not 32 bytes"))?;
    flow.keys
        .pass_keys(pass.id, &pass.server_kid, wallet_key)
        .map(Some)
}

fn clamp_i64(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

fn stored_nonce(challenge: &ChallengeRow) -> Result<Nonce> {
    let bytes: [u8; 32] = challenge
        .nonce
        .as_slice()
        .try_into()
        .map_err(|_| Error::Internal("a stored nonce is not 32 bytes"))?;
    Ok(Nonce::from_bytes(bytes))
}

pub(crate) fn summary(pass: &PassRow) -> PassSummary {
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

/// The result of a scan-time denial, first sent or stored.
fn denial_result(denial: &ScanDenialRow, replayed: bool) -> ScanResult {
    let mut result = ScanResult::denied(denial.scan_id, denial.reason);
    result.replayed = replayed;
    result.pass = denial
        .pass_id
        .zip(denial.pass_label.clone())
        .map(|(id, label)| PassSummary { id, label });
    result.age_s = denial.age_s.and_then(|age| u64::try_from(age).ok());
    result.ahead_s = denial.ahead_s.and_then(|ahead| u64::try_from(ahead).ok());
    result
}

/// A stored outcome as the gate reads it. An `already_admitted` names the first gate by
/// its label too (`first_gate_label`, `docs/protocol.md`), so that a guard reads "North
/// entrance", not an id; without the label (a storage hiccup) the answer still goes out
/// with the id alone.
async fn stored_result(
    flow: &Redemption,
    row: &RedemptionRow,
    pass: &PassRow,
    replayed: bool,
) -> ServerMessage {
    let nonce = <[u8; 32]>::try_from(row.nonce.as_slice())
        .ok()
        .map(Nonce::from_bytes);
    let named = match row.outcome {
        StoredOutcome::AlreadyAdmitted(at) => at,
        _ => None,
    };
    let already = row.outcome.outcome() == Outcome::AlreadyAdmitted;
    let first_gate_label = match named {
        Some(at) => flow.store.gates().gate_label(at.gate_id).await.unwrap_or_else(|error| {
            tracing::warn!(%error, gate_id = %at.gate_id, "could not load the first gate's label");
            None
        }),
        None => None,
    };
    ServerMessage::Result(ScanResult {
        scan_id: row.scan_id,
        nonce,
        outcome: row.outcome.outcome(),
        reason: row.outcome.reason(),
        replayed,
        pass: Some(summary(pass)),
        first_admitted_at: named.map(|at| ms_to_datetime(at.at_ms)),
        first_gate_id: named.map(|at| at.gate_id),
        first_gate_label,
        same_wallet: already,
        age_s: None,
        ahead_s: None,
    })
}

async fn deny_response(
    flow: &Redemption,
    subject: Subject,
    denial: ScanResult,
    details: ResponseDetails,
) -> Result<ServerMessage> {
    let reason = denial.reason.unwrap_or(DenyReason::BadResponse);
    flow.store
        .audit()
        .insert_audit(&response_denial_event(subject, reason, details))
        .await?;
    Ok(ServerMessage::Result(denial))
}

/// The `response` audit event of a denial at answer time.
fn response_denial_event(
    subject: Subject,
    reason: DenyReason,
    details: ResponseDetails,
) -> NewAudit {
    audit::event(
        denial_severity(reason),
        subject,
        Details::Response(ResponseDetails {
            reason: Some(reason),
            outcome: Some(Outcome::Denied),
            ..details
        }),
    )
}

/// The zone and direction of a gate placed in a zone (issue 17).
fn gate_zone(gate: &GateRow) -> Option<(Uuid, Direction)> {
    let zone_id = gate.zone_id?;
    let direction = gate.direction.unwrap_or(Direction::Entry);
    Some((zone_id, direction))
}

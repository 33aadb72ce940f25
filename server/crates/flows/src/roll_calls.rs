//! Roll calls (issue 32): start one, mark people safe, end it with its report.
//!
//! The decisions are [`tessera_domain::roll_calls`]'; this flow reads what they need,
//! decides, and writes each decision with its audit event in one transaction. A muster
//! scan is the TSR1 exchange of a gate (a code, a one-time challenge, the wallet's MAC),
//! with its own challenges: answering one marks its holder safe and admits nobody, and its
//! outcome is stored under its nonce, so a resent answer marks nobody twice.

use sha2::{Digest, Sha256};
use tessera_protocol::messages::{
    DenyReason, ErrorCode, ErrorMessage, MusterOutcome, MusterResult, ServerMessage,
};
use tessera_protocol::{Nonce, RotatingCode};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::redemption::{pass_keys, summary, Redemption};
use tessera_domain::audit::{self, Actor, Severity, Subject};
use tessera_domain::events::{
    Details, MusterDetails, RollCallEnded, RollCallMarked, RollCallStarted,
};
use tessera_domain::roll_calls::{
    self, MarkHow, Marked, MusterAnswer, MusterChallengeRow, MusterFacts, MusterScan, PersonKind,
    Report, RollCallPerson, RollCallRow, Scope,
};
use tessera_domain::{ms_to_datetime, now_ms};
use tessera_store::{GateRow, MarkWritten, NewMark, PassRow, Store};

/// Starts a roll call of `scope` for `org_id`, by `who`: its list is taken now. Answers
/// the roll call and how many it lists.
///
/// # Errors
/// Storage failures.
pub async fn start(
    store: &Store,
    org_id: Uuid,
    scope: &Scope,
    by: &Actor,
    who: &str,
) -> Result<(RollCallRow, u64)> {
    let now = now_ms();
    let (site, zone_id) = match scope {
        Scope::Everywhere => (None, None),
        Scope::Site(site) => (Some(site.clone()), None),
        Scope::Zone { id, .. } => (None, Some(*id)),
    };
    let roll_call = RollCallRow {
        id: Uuid::now_v7(),
        org_id,
        site: site.clone(),
        zone_id,
        scope: scope.describe(),
        started_at_ms: now,
        started_by: who.to_owned(),
        ended_at_ms: None,
        ended_by: None,
    };
    let event = |inside: u64| {
        audit::event(
            Severity::High,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::RollCallStarted(RollCallStarted {
                roll_call_id: roll_call.id,
                scope: roll_call.scope.clone(),
                site: site.clone(),
                zone_id,
                inside,
                by_key_id: by.key_id,
            }),
        )
        .by(by.person.as_ref())
    };
    let listed = store
        .roll_calls()
        .start_roll_call(&roll_call, roll_calls::list_since_ms(now), &event)
        .await?;
    Ok((roll_call, listed))
}

/// Ends the roll call `id` of `org_id`, writing its report to the audit log. `None` when
/// it had ended already.
///
/// # Errors
/// [`Error::NotFound`] for no such roll call; storage failures.
pub async fn end(
    store: &Store,
    org_id: Uuid,
    id: Uuid,
    by: &Actor,
    who: &str,
) -> Result<Option<Report>> {
    let Some(roll_call) = store.roll_calls().roll_call(org_id, id).await? else {
        return Err(Error::NotFound);
    };
    let now = now_ms();
    let event = |people: &[RollCallPerson]| {
        audit::event(
            Severity::Info,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::RollCallEnded(RollCallEnded {
                report: Report::of(&roll_call, people, now),
                by_key_id: by.key_id,
            }),
        )
        .by(by.person.as_ref())
    };
    let people = store
        .roll_calls()
        .end_roll_call(org_id, id, now, who, &event)
        .await?;
    Ok(people.map(|people| Report::of(&roll_call, &people, now)))
}

/// A mark by hand: who ticked, where, under the client's `mark_id`.
#[derive(Clone, Debug)]
pub struct ManualMark<'a> {
    /// The roll call.
    pub roll_call_id: Uuid,
    /// A pass holder or a walk-in.
    pub kind: PersonKind,
    /// The pass's id, or the walk-in's.
    pub id: Uuid,
    /// The client's id for this mark: a resend under it marks nobody twice.
    pub mark_id: Uuid,
    /// Who ticked (a gate's label, an officer's name).
    pub by: &'a str,
    /// Where (the muster point, or "Console").
    pub marked_where: &'a str,
    /// The gate device that sent it, if one did.
    pub gate_id: Option<Uuid>,
    /// The officer's key, in the console.
    pub actor: Option<&'a Actor>,
}

/// Ticks a person by hand.
///
/// # Errors
/// [`Error::NotFound`] for no such roll call in `org_id`; storage failures.
pub async fn mark_by_hand(
    store: &Store,
    org_id: Uuid,
    mark: &ManualMark<'_>,
) -> Result<MarkWritten> {
    if store
        .roll_calls()
        .roll_call(org_id, mark.roll_call_id)
        .await?
        .is_none()
    {
        return Err(Error::NotFound);
    }
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(org_id),
            gate_id: mark.gate_id,
            pass_id: (mark.kind == PersonKind::Pass).then_some(mark.id),
        },
        Details::RollCallMarked(RollCallMarked {
            roll_call_id: mark.roll_call_id,
            how: MarkHow::Manual,
            marked_where: mark.marked_where.to_owned(),
            mark_id: Some(mark.mark_id),
            scan_id: None,
            by_key_id: mark.actor.map(|actor| actor.key_id),
            walk_in_id: (mark.kind == PersonKind::WalkIn).then_some(mark.id),
        }),
    )
    .by(mark.actor.and_then(|actor| actor.person.as_ref()));
    let new = NewMark {
        roll_call_id: mark.roll_call_id,
        kind: mark.kind,
        id: mark.id,
        at_ms: now_ms(),
        by: mark.by.to_owned(),
        marked_where: mark.marked_where.to_owned(),
        how: MarkHow::Manual,
        mark_id: Some(mark.mark_id),
        nonce: None,
    };
    Ok(store.roll_calls().write_mark(&new, &event).await?)
}

/// The roll calls in progress a gate serves as a muster point, newest first.
///
/// # Errors
/// Storage failures.
pub async fn served_by(store: &Store, gate: &GateRow) -> Result<Vec<RollCallRow>> {
    let mut active = store.roll_calls().active_roll_calls(gate.org_id).await?;
    active.retain(|roll_call| roll_call.served_by(gate.site.as_deref()));
    Ok(active)
}

/// Where a gate is, as a mark records it: its label, and its site.
pub fn muster_point(gate: &GateRow) -> String {
    match &gate.site {
        Some(site) => format!("{} ({site})", gate.label),
        None => gate.label.clone(),
    }
}

// ---------------------------------------------------------------------------------------
// Muster scans
// ---------------------------------------------------------------------------------------

fn subject(gate: &GateRow, pass_id: Option<Uuid>) -> Subject {
    Subject {
        org_id: Some(gate.org_id),
        gate_id: Some(gate.id),
        pass_id,
    }
}

/// Whether a muster challenge burned or expired, by the gates' rule (TSR1 §5).
fn closed(challenge: &MusterChallengeRow) -> Option<DenyReason> {
    tessera_domain::rules::closed_reason(challenge.wrong_answers, challenge.expires_at_ms, now_ms())
}

fn stored_nonce(challenge: &MusterChallengeRow) -> Result<Nonce> {
    let bytes: [u8; 32] = challenge
        .nonce
        .as_slice()
        .try_into()
        .map_err(|_| Error::Internal("a stored muster nonce is not 32 bytes"))?;
    Ok(Nonce::from_bytes(bytes))
}

fn challenge_message(
    challenge: &MusterChallengeRow,
    nonce: Nonce,
    pass: &PassRow,
) -> ServerMessage {
    ServerMessage::Challenge(tessera_protocol::messages::Challenge {
        scan_id: challenge.scan_id,
        nonce,
        wallet_challenge: tessera_protocol::WalletChallenge {
            pass: tessera_protocol::PassId::new(pass.id),
            nonce,
        }
        .to_string(),
        expires_at: ms_to_datetime(challenge.expires_at_ms),
        pass: summary(pass),
    })
}

/// The result of a mark: `safe` or `already_safe`, with who marked the person and when.
fn marked_result(
    challenge: &MusterChallengeRow,
    nonce: Nonce,
    pass: &PassRow,
    marked: Marked,
    person: Option<&RollCallPerson>,
    replayed: bool,
) -> ServerMessage {
    ServerMessage::MusterResult(MusterResult {
        outcome: match marked {
            Marked::Safe => MusterOutcome::Safe,
            Marked::AlreadySafe => MusterOutcome::AlreadySafe,
        },
        reason: None,
        replayed,
        pass: Some(summary(pass)),
        roll_call_id: Some(challenge.roll_call_id),
        marked_at: person.and_then(|p| p.marked_at_ms).map(ms_to_datetime),
        marked_by: person.and_then(|p| p.marked_by.clone()),
        ..MusterResult::denied(challenge.scan_id, Some(nonce), DenyReason::UnknownNonce)
    })
}

fn denial(
    scan_id: Uuid,
    nonce: Option<Nonce>,
    reason: DenyReason,
    pass: Option<&PassRow>,
    roll_call_id: Option<Uuid>,
) -> ServerMessage {
    ServerMessage::MusterResult(MusterResult {
        pass: pass.map(summary),
        roll_call_id,
        ..MusterResult::denied(scan_id, nonce, reason)
    })
}

/// Handles a `muster_scan`: the stored answer for a resent scan id, or a decision.
///
/// # Errors
/// Storage failures (retryable for the gate); [`Error::UnknownServerKey`].
pub async fn muster_scan(
    flow: &Redemption,
    gate: &GateRow,
    scan_id: Uuid,
    code_text: &str,
) -> Result<ServerMessage> {
    let code_hash: [u8; 32] = Sha256::digest(code_text.as_bytes()).into();
    if let Some(challenge) = flow
        .store
        .roll_calls()
        .muster_challenge_for_scan(gate.id, scan_id)
        .await?
    {
        if challenge.code_hash != code_hash {
            return Ok(ServerMessage::Error(ErrorMessage::new(
                Some(scan_id),
                ErrorCode::ScanIdReused,
            )));
        }
        return resent(flow, gate, &challenge).await;
    }
    let code = code_text.parse::<RotatingCode>().ok();
    let pass = match &code {
        Some(code) => flow
            .store
            .passes()
            .pass_by_id(code.pass.uuid())
            .await?
            .filter(|pass| pass.org_id == gate.org_id),
        None => None,
    };
    let keys = match &pass {
        Some(pass) => pass_keys(flow, pass)?,
        None => None,
    };
    let served = served_by(&flow.store, gate).await?;
    let listed_in = match &pass {
        Some(pass) => flow
            .store
            .roll_calls()
            .listing_roll_calls(pass.id)
            .await?
            .into_iter()
            .find(|listing| served.iter().any(|roll_call| roll_call.id == listing.id))
            .map(|roll_call| roll_call.id),
        None => None,
    };
    let now = now_ms();
    let verdict = roll_calls::decide_muster_scan(&MusterFacts {
        code: code.as_ref(),
        pass_found: pass.is_some(),
        keys: keys.as_ref(),
        roll_calls: served.len(),
        listed_in,
        now_ms: now,
        code_step_s: flow.code_step_s,
    });
    match (verdict, pass) {
        (MusterScan::Challenge(roll_call_id), Some(pass)) => {
            let nonce = Nonce::generate(&mut rand::rngs::OsRng);
            let lifetime_ms =
                i64::try_from(flow.challenge_lifetime.as_millis()).unwrap_or(i64::MAX);
            let challenge = MusterChallengeRow {
                nonce: nonce.as_bytes().to_vec(),
                org_id: gate.org_id,
                gate_id: gate.id,
                scan_id,
                roll_call_id,
                pass_id: pass.id,
                code_hash: code_hash.to_vec(),
                created_at_ms: now,
                expires_at_ms: now.saturating_add(lifetime_ms),
                wrong_answers: 0,
                outcome: None,
            };
            let event = audit::event(
                Severity::Info,
                subject(gate, Some(pass.id)),
                Details::MusterScanned(MusterDetails {
                    scan_id,
                    roll_call_id: Some(roll_call_id),
                    reason: None,
                    nonce_sha256: Some(crate::credentials::fingerprint(nonce.as_bytes())),
                }),
            );
            if !flow
                .store
                .roll_calls()
                .insert_muster_challenge(&challenge, &event)
                .await?
            {
                // The same scan id was stored concurrently (a fast resend).
                let stored = flow
                    .store
                    .roll_calls()
                    .muster_challenge_for_scan(gate.id, scan_id)
                    .await?
                    .ok_or(tessera_store::Error::StorageTimeout(
                        "re-read a muster challenge",
                    ))?;
                return resent(flow, gate, &stored).await;
            }
            Ok(challenge_message(&challenge, nonce, &pass))
        }
        (
            MusterScan::Deny {
                reason,
                names_pass,
                off_by_s,
            },
            pass,
        ) => {
            let pass = pass.filter(|_| names_pass);
            let severity = if reason == DenyReason::BadCode {
                Severity::Warning
            } else {
                Severity::Info
            };
            flow.store
                .audit()
                .insert_audit(&audit::event(
                    severity,
                    subject(gate, pass.as_ref().map(|pass| pass.id)),
                    Details::MusterScanned(MusterDetails {
                        scan_id,
                        roll_call_id: None,
                        reason: Some(reason),
                        nonce_sha256: None,
                    }),
                ))
                .await?;
            let mut result = MusterResult {
                pass: pass.as_ref().map(summary),
                ..MusterResult::denied(scan_id, None, reason)
            };
            match reason {
                DenyReason::StaleCode => result.age_s = off_by_s,
                DenyReason::FutureCode => result.ahead_s = off_by_s,
                _ => {}
            }
            Ok(ServerMessage::MusterResult(result))
        }
        (MusterScan::Challenge(_), None) => Err(Error::Internal(
            "a muster challenge was decided for a scan without a pass",
        )),
    }
}

/// A resent muster scan: its challenge again while open, else what it concluded.
async fn resent(
    flow: &Redemption,
    gate: &GateRow,
    challenge: &MusterChallengeRow,
) -> Result<ServerMessage> {
    let nonce = stored_nonce(challenge)?;
    let pass = flow
        .store
        .passes()
        .pass_by_id(challenge.pass_id)
        .await?
        .ok_or(Error::Internal("a muster challenge's pass is missing"))?;
    let active = flow
        .store
        .roll_calls()
        .roll_call(gate.org_id, challenge.roll_call_id)
        .await?
        .is_some_and(|roll_call| roll_call.active());
    let answer = roll_calls::decide_muster_response(
        gate.id,
        gate.org_id,
        challenge.scan_id,
        Some(challenge),
        active,
        closed(challenge),
    );
    Ok(match answer {
        MusterAnswer::Stored(marked) => {
            let person = flow
                .store
                .roll_calls()
                .roll_call_person(challenge.roll_call_id, challenge.pass_id)
                .await?;
            marked_result(challenge, nonce, &pass, marked, person.as_ref(), true)
        }
        MusterAnswer::Closed(reason) => denial(
            challenge.scan_id,
            Some(nonce),
            reason,
            Some(&pass),
            Some(challenge.roll_call_id),
        ),
        MusterAnswer::RollCallEnded => denial(
            challenge.scan_id,
            Some(nonce),
            DenyReason::NoRollCall,
            Some(&pass),
            Some(challenge.roll_call_id),
        ),
        _ => challenge_message(challenge, nonce, &pass),
    })
}

/// Handles a `muster_response`: a correct answer marks the holder safe (or finds them
/// safe already), under the nonce.
///
/// # Errors
/// Storage failures (retryable for the gate); faults a resend cannot cure.
pub async fn muster_respond(
    flow: &Redemption,
    gate: &GateRow,
    scan_id: Uuid,
    nonce_text: &str,
    response_text: &str,
) -> Result<ServerMessage> {
    let Ok(nonce) = nonce_text.parse::<Nonce>() else {
        return refuse(
            flow,
            gate,
            scan_id,
            None,
            DenyReason::UnknownNonce,
            None,
            None,
        )
        .await;
    };
    let challenge = flow
        .store
        .roll_calls()
        .muster_challenge(nonce.as_bytes())
        .await?;
    let roll_call = match &challenge {
        Some(challenge) if challenge.org_id == gate.org_id => {
            flow.store
                .roll_calls()
                .roll_call(gate.org_id, challenge.roll_call_id)
                .await?
        }
        _ => None,
    };
    let active = roll_call.as_ref().is_some_and(RollCallRow::active);
    let answer = roll_calls::decide_muster_response(
        gate.id,
        gate.org_id,
        scan_id,
        challenge.as_ref(),
        active,
        challenge.as_ref().and_then(closed),
    );
    let Some(challenge) = challenge.filter(|_| answer != MusterAnswer::UnknownNonce) else {
        return refuse(
            flow,
            gate,
            scan_id,
            Some(nonce),
            DenyReason::UnknownNonce,
            None,
            None,
        )
        .await;
    };
    let pass = flow
        .store
        .passes()
        .pass_by_id(challenge.pass_id)
        .await?
        .ok_or(Error::Internal("a muster challenge's pass is missing"))?;
    let roll_call_id = Some(challenge.roll_call_id);
    match answer {
        MusterAnswer::UnknownNonce => Err(Error::Internal("an unknown muster nonce was kept")),
        MusterAnswer::ForeignNonce => {
            refuse(
                flow,
                gate,
                scan_id,
                Some(nonce),
                DenyReason::ForeignNonce,
                None,
                roll_call_id,
            )
            .await
        }
        MusterAnswer::ScanIdMismatch => Ok(ServerMessage::Error(ErrorMessage::new(
            Some(scan_id),
            ErrorCode::ScanIdReused,
        ))),
        MusterAnswer::Stored(marked) => {
            let person = flow
                .store
                .roll_calls()
                .roll_call_person(challenge.roll_call_id, challenge.pass_id)
                .await?;
            Ok(marked_result(
                &challenge,
                nonce,
                &pass,
                marked,
                person.as_ref(),
                true,
            ))
        }
        MusterAnswer::Closed(reason) => {
            refuse(
                flow,
                gate,
                scan_id,
                Some(nonce),
                reason,
                Some(&pass),
                roll_call_id,
            )
            .await
        }
        MusterAnswer::RollCallEnded => {
            refuse(
                flow,
                gate,
                scan_id,
                Some(nonce),
                DenyReason::NoRollCall,
                Some(&pass),
                roll_call_id,
            )
            .await
        }
        MusterAnswer::CheckAnswer => {
            let keys = pass_keys(flow, &pass)?
                .ok_or(Error::Internal("a muster challenge's pass has no wallet"))?;
            if !tessera_domain::rules::answer_is_right(&keys, pass.id, &nonce, response_text) {
                let event = refused_event(
                    gate,
                    scan_id,
                    Some(&nonce),
                    DenyReason::BadResponse,
                    Some(&pass),
                    roll_call_id,
                );
                let counted = flow
                    .store
                    .roll_calls()
                    .count_muster_wrong_answer(nonce.as_bytes(), &event)
                    .await?;
                let reason = tessera_domain::rules::wrong_answer_reason(counted);
                return Ok(denial(
                    scan_id,
                    Some(nonce),
                    reason,
                    Some(&pass),
                    roll_call_id,
                ));
            }
            mark_scanned(flow, gate, &challenge, nonce, &pass).await
        }
    }
}

/// Writes the mark of a correct muster answer.
async fn mark_scanned(
    flow: &Redemption,
    gate: &GateRow,
    challenge: &MusterChallengeRow,
    nonce: Nonce,
    pass: &PassRow,
) -> Result<ServerMessage> {
    let point = muster_point(gate);
    let event = audit::event(
        Severity::Info,
        subject(gate, Some(pass.id)),
        Details::RollCallMarked(RollCallMarked {
            roll_call_id: challenge.roll_call_id,
            how: MarkHow::Scan,
            marked_where: point.clone(),
            mark_id: None,
            scan_id: Some(challenge.scan_id),
            by_key_id: None,
            walk_in_id: None,
        }),
    );
    let mark = NewMark {
        roll_call_id: challenge.roll_call_id,
        kind: PersonKind::Pass,
        id: pass.id,
        at_ms: now_ms(),
        by: gate.label.clone(),
        marked_where: point,
        how: MarkHow::Scan,
        mark_id: None,
        nonce: Some(challenge.nonce.clone()),
    };
    let roll_call_id = Some(challenge.roll_call_id);
    match flow.store.roll_calls().write_mark(&mark, &event).await? {
        MarkWritten::Marked(person) => Ok(marked_result(
            challenge,
            nonce,
            pass,
            Marked::Safe,
            Some(&person),
            false,
        )),
        MarkWritten::AlreadyMarked(person) => Ok(marked_result(
            challenge,
            nonce,
            pass,
            Marked::AlreadySafe,
            Some(&person),
            false,
        )),
        MarkWritten::Ended => Ok(denial(
            challenge.scan_id,
            Some(nonce),
            DenyReason::NoRollCall,
            Some(pass),
            roll_call_id,
        )),
        MarkWritten::NotListed => Ok(denial(
            challenge.scan_id,
            Some(nonce),
            DenyReason::NotOnRollCall,
            Some(pass),
            roll_call_id,
        )),
        // Answered, burned or expired meanwhile (a concurrent resend): what it is now.
        MarkWritten::ChallengeClosed => {
            let now = flow
                .store
                .roll_calls()
                .muster_challenge(&challenge.nonce)
                .await?
                .ok_or(Error::Internal("a muster challenge vanished"))?;
            resent(flow, gate, &now).await
        }
        MarkWritten::Resent(_) | MarkWritten::MarkIdReused => {
            Err(Error::Internal("a muster scan's mark carried a mark id"))
        }
    }
}

fn refused_event(
    gate: &GateRow,
    scan_id: Uuid,
    nonce: Option<&Nonce>,
    reason: DenyReason,
    pass: Option<&PassRow>,
    roll_call_id: Option<Uuid>,
) -> tessera_store::NewAudit {
    let severity = match reason {
        DenyReason::BadResponse | DenyReason::ChallengeBurned | DenyReason::ForeignNonce => {
            Severity::Warning
        }
        _ => Severity::Info,
    };
    audit::event(
        severity,
        subject(gate, pass.map(|pass| pass.id)),
        Details::MusterRefused(MusterDetails {
            scan_id,
            roll_call_id,
            reason: Some(reason),
            nonce_sha256: nonce.map(|nonce| crate::credentials::fingerprint(nonce.as_bytes())),
        }),
    )
}

/// Audits a refused muster answer and answers it.
async fn refuse(
    flow: &Redemption,
    gate: &GateRow,
    scan_id: Uuid,
    nonce: Option<Nonce>,
    reason: DenyReason,
    pass: Option<&PassRow>,
    roll_call_id: Option<Uuid>,
) -> Result<ServerMessage> {
    flow.store
        .audit()
        .insert_audit(&refused_event(
            gate,
            scan_id,
            nonce.as_ref(),
            reason,
            pass,
            roll_call_id,
        ))
        .await?;
    Ok(denial(scan_id, nonce, reason, pass, roll_call_id))
}

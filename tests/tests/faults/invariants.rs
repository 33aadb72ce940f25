//! The invariants of a run, checked from the database itself and from what gates were told.
//!
//! Each check names the promise of TSR1 §7 it guards. A violation is a line of text saying
//! exactly which pass, nonce or attack broke which promise, so a failing run explains itself.

use std::collections::{HashMap, HashSet};

use anyhow::{Context, Result};
use sqlx::PgPool;
use tessera_protocol::messages::{DenyReason, Outcome, ServerMessage};
use uuid::Uuid;

use crate::ledger::{AttackKind, Ledger};

/// The passes of one run.
#[derive(Debug)]
pub struct RunPasses {
    /// Honest passes and their `max_uses` (every visitor must get in exactly that often).
    pub honest: Vec<(Uuid, i64)>,
    /// Passes only attackers touch.
    pub targets: Vec<Uuid>,
}

/// What the database says about the run, and what broke.
#[derive(Debug, Default)]
pub struct Findings {
    /// Admitted redemption rows of the run's passes.
    pub admissions: usize,
    /// Attacks by kind.
    pub attacks: HashMap<AttackKind, usize>,
    /// Replayed-code attacks answered `stale_code` because faults delayed them past the
    /// code's window (allowed only after a resend; counted to show how often).
    pub late_replays: usize,
    /// Admissions a gate learnt only from a stored outcome (`replayed: true`) because the
    /// first answer was lost: the commit-fate-unknown path of §7 rule 5 at work.
    pub recovered_by_resend: usize,
    /// Every broken promise.
    pub violations: Vec<String>,
}

#[derive(Debug, sqlx::FromRow)]
struct PassRow {
    id: Uuid,
    max_uses: i64,
    uses: i64,
}

#[derive(Debug, sqlx::FromRow)]
struct RedemptionRow {
    nonce: Vec<u8>,
    gate_id: Uuid,
    pass_id: Uuid,
    outcome: String,
}

/// Checks every invariant of the run.
///
/// # Errors
/// When the database cannot be read.
pub async fn check(pool: &PgPool, passes: &RunPasses, ledger: &Ledger) -> Result<Findings> {
    let mut findings = Findings::default();
    let v = &mut findings.violations;
    let mut ids: Vec<Uuid> = passes.honest.iter().map(|(id, _)| *id).collect();
    ids.extend(&passes.targets);

    let rows: Vec<PassRow> =
        sqlx::query_as("SELECT id, max_uses, uses FROM passes WHERE id = ANY($1)")
            .bind(&ids)
            .fetch_all(pool)
            .await
            .context("read the run's passes")?;
    let redemptions: Vec<RedemptionRow> = sqlx::query_as(
        "SELECT nonce, gate_id, pass_id, outcome FROM redemptions WHERE pass_id = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await
    .context("read the run's redemptions")?;
    let admitted_rows: Vec<&RedemptionRow> = redemptions
        .iter()
        .filter(|r| r.outcome == "admitted")
        .collect();
    findings.admissions = admitted_rows.len();
    let mut admitted_per_pass: HashMap<Uuid, i64> = HashMap::new();
    for row in &admitted_rows {
        *admitted_per_pass.entry(row.pass_id).or_default() += 1;
    }

    // §7.6 and the schema: never more uses than max_uses; uses and admissions agree.
    let planned: HashMap<Uuid, i64> = passes.honest.iter().copied().collect();
    for pass in &rows {
        let admitted = admitted_per_pass.get(&pass.id).copied().unwrap_or(0);
        if pass.uses > pass.max_uses || admitted > pass.max_uses {
            v.push(format!(
                "pass {} used {} times with {admitted} admissions, max_uses {}",
                pass.id, pass.uses, pass.max_uses
            ));
        }
        if pass.uses != admitted {
            v.push(format!(
                "pass {}: uses {} but {admitted} admitted redemptions",
                pass.id, pass.uses
            ));
        }
        match planned.get(&pass.id) {
            // Every honest visitor got in, as often as the pass allows: nothing was lost.
            Some(&want) if admitted != want => v.push(format!(
                "pass {}: {admitted} admissions, but its visitor came for {want}",
                pass.id
            )),
            // The wrong-MAC attack changed nothing.
            None if pass.uses != 0 => v.push(format!(
                "attack-only pass {} has {} uses",
                pass.id, pass.uses
            )),
            _ => {}
        }
    }
    if rows.len() != ids.len() {
        v.push(format!(
            "{} of {} passes are missing",
            ids.len() - rows.len(),
            ids.len()
        ));
    }

    let observed = ledger.with(|seen| {
        (
            seen.results.clone(),
            seen.attacks.clone(),
            seen.problems.clone(),
        )
    });
    let (results, attacks, problems) = observed;

    // What the honest gates were told, by nonce.
    let mut told_admitted: HashMap<Vec<u8>, Uuid> = HashMap::new();
    for seen in &results {
        if seen.outcome == Outcome::Admitted {
            if let Some(nonce) = seen.nonce {
                told_admitted.insert(nonce.as_bytes().to_vec(), seen.gate_id);
            } else {
                v.push(format!(
                    "admitted without a nonce for scan {}",
                    seen.scan_id
                ));
            }
        }
        // No honest resend ever looks like an attack or a false alarm.
        let honest = matches!(
            (seen.outcome, seen.reason),
            (Outcome::Admitted, None)
                | (
                    Outcome::Denied,
                    Some(DenyReason::StaleCode | DenyReason::ChallengeExpired)
                )
        );
        if !honest {
            v.push(format!(
                "honest gate {} got {:?} {:?} (replayed {}) for scan {}",
                seen.gate_id, seen.outcome, seen.reason, seen.replayed, seen.scan_id
            ));
        }
    }
    // §7.5: `admitted` only after COMMIT: every admitted a gate saw is stored.
    let stored: HashMap<&[u8], &RedemptionRow> = admitted_rows
        .iter()
        .map(|r| (r.nonce.as_slice(), *r))
        .collect();
    let first_hand: HashSet<&[u8]> = results
        .iter()
        .filter(|s| s.outcome == Outcome::Admitted && !s.replayed)
        .filter_map(|s| s.nonce.as_ref().map(|n| &n.as_bytes()[..]))
        .collect();
    findings.recovered_by_resend = told_admitted
        .keys()
        .filter(|n| !first_hand.contains(n.as_slice()))
        .count();
    for (nonce, gate) in &told_admitted {
        match stored.get(nonce.as_slice()) {
            None => v.push(format!(
                "gate {gate} was told admitted for nonce {} but no admitted row exists",
                hex(nonce)
            )),
            Some(row) if row.gate_id != *gate => v.push(format!(
                "nonce {} admitted at gate {} but reported to gate {gate}",
                hex(nonce),
                row.gate_id
            )),
            Some(_) => {}
        }
    }
    // §7.2/7.5: every stored admission reached its gate, on a retry at the latest.
    for row in &admitted_rows {
        if !told_admitted.contains_key(&row.nonce) {
            v.push(format!(
                "admission of pass {} under nonce {} at gate {} was never reported to the gate",
                row.pass_id,
                hex(&row.nonce),
                row.gate_id
            ));
        }
    }

    // Every attack got its verdict.
    let unredeemed: HashSet<&[u8]> = redemptions.iter().map(|r| r.nonce.as_slice()).collect();
    for attack in &attacks {
        *findings.attacks.entry(attack.kind).or_default() += 1;
        let reason = match &attack.answer {
            Some(ServerMessage::Result(r)) if r.outcome == Outcome::Denied => r.reason,
            _ => None,
        };
        let ok = match attack.kind {
            AttackKind::ForeignNonce => reason == Some(DenyReason::ForeignNonce),
            AttackKind::ReplayedCode => {
                if reason == Some(DenyReason::StaleCode) && attack.sends > 1 {
                    findings.late_replays += 1;
                    true
                } else {
                    reason == Some(DenyReason::CodeReplayed)
                }
            }
            AttackKind::WrongMac => {
                let nonce_clean = attack
                    .nonce
                    .is_some_and(|n| !unredeemed.contains(&n.as_bytes()[..]));
                nonce_clean
                    && (reason == Some(DenyReason::BadResponse)
                        || (reason == Some(DenyReason::ChallengeBurned) && attack.sends > 3))
            }
        };
        if !ok {
            v.push(format!(
                "attack {:?} (sent {} times) got {:?}",
                attack.kind, attack.sends, attack.answer
            ));
        }
    }
    // The copied credential and the replayed code are in the audit log at high severity.
    for (kind, reason) in [
        (AttackKind::ForeignNonce, "foreign_nonce"),
        (AttackKind::ReplayedCode, "code_replayed"),
    ] {
        let verdicts = attacks
            .iter()
            .filter(|a| a.kind == kind)
            .filter(|a| {
                matches!(&a.answer, Some(ServerMessage::Result(r)) if r.reason.is_some_and(|x| x.as_str() == reason))
            })
            .count();
        let audited: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM audit_events WHERE severity = 'high' AND details LIKE $1 \
             AND pass_id = ANY($2)",
        )
        .bind(format!("%\"{reason}\"%"))
        .bind(&ids)
        .fetch_one(pool)
        .await
        .context("count high audit events")?;
        if audited < i64::try_from(verdicts).unwrap_or(i64::MAX) {
            v.push(format!(
                "{verdicts} {reason} verdicts but only {audited} high-severity audit events"
            ));
        }
    }
    v.extend(problems);
    Ok(findings)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

//! The TSR1 decisions (§5, §7, §10) as plain functions over server-held state.
//!
//! Nothing here awaits, reads a database or looks at a clock: each function takes what the
//! server holds (rows the redemption flow read, the time, the derived pass keys) and
//! returns a decision, which the caller then stores and answers. That is how the rules are
//! written once for both backends and tested with tables of cases and no database (see
//! `tests` below). The order of the checks is part of the protocol, so each function quotes
//! the rule it applies.

use tessera_protocol::messages::DenyReason;
use tessera_protocol::totp::{check_code, CodeCheck};
use tessera_protocol::{Nonce, PassId, PassKeys, RotatingCode, WalletResponse, MAX_WRONG_ANSWERS};
use uuid::Uuid;

use crate::rows::{
    ChallengeContext, ChallengeRow, LockedRedemption, PassRow, PassState, RedemptionRow,
    StoredOutcome,
};

/// Wrong answers that burn a challenge, as stored counts compare.
pub const BURN_AT: i64 = MAX_WRONG_ANSWERS as i64;

/// What the server holds when a fresh scan (not a resend) arrives.
#[derive(Clone, Copy, Debug)]
pub struct ScanFacts<'a> {
    /// The parsed code; `None` when the text is not a well-formed `TSR1:` code.
    pub code: Option<&'a RotatingCode>,
    /// The pass, when it exists and is the scanning gate's tenant's.
    pub pass: Option<&'a PassRow>,
    /// The pass's derived keys; `None` until a wallet claimed it.
    pub keys: Option<&'a PassKeys>,
    /// The scanning gate.
    pub gate_id: Uuid,
    /// The scanning gate's site.
    pub gate_site: Option<&'a str>,
    /// The gate that already admitted this pass with the scanned step, if any.
    pub step_gate_id: Option<Uuid>,
    /// Now, unix milliseconds.
    pub now_ms: i64,
    /// The rotating code's step in seconds.
    pub code_step_s: u64,
    /// Whether this server may decide for the pass now (issue 35: not the central server
    /// while a node holds the pass's site, not a node without its lease in force; see
    /// [`crate::sites`]).
    pub decides_here: bool,
}

/// A scan-time denial: the reason and what the result and the audit event carry with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanDenial {
    /// Why.
    pub reason: DenyReason,
    /// Whether the OTP verified, so the result may name the pass (§10 "Result fields").
    pub names_pass: bool,
    /// On `stale_code`: the code's age in seconds.
    pub age_s: Option<u64>,
    /// On `future_code`: seconds until its step.
    pub ahead_s: Option<u64>,
    /// On `code_replayed`: the gate that admitted the step.
    pub first_gate_id: Option<Uuid>,
}

impl ScanDenial {
    fn new(reason: DenyReason, names_pass: bool) -> Self {
        ScanDenial {
            reason,
            names_pass,
            age_s: None,
            ahead_s: None,
            first_gate_id: None,
        }
    }
}

/// What a fresh scan gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanVerdict {
    /// Issue a challenge bound to the pass, this gate and this scan.
    Challenge,
    /// Refuse, and store the refusal under the scan id.
    Deny(ScanDenial),
}

/// §10 "Scan check order": malformed_code → unknown_pass → not_claimed → bad_code (OTP at
/// the `T` the code names) → stale_code / future_code → revoked → expired → not_yet_valid →
/// wrong_site → code_replayed. So `stale_code` always means a genuine old code. Tessera adds
/// `site_delegated` after `wrong_site`: a pass this server may not decide for now.
pub fn decide_scan(facts: &ScanFacts<'_>) -> ScanVerdict {
    use DenyReason::*;
    let deny = |reason, names_pass| ScanVerdict::Deny(ScanDenial::new(reason, names_pass));
    let Some(code) = facts.code else {
        return deny(MalformedCode, false);
    };
    let Some(pass) = facts.pass else {
        return deny(UnknownPass, false);
    };
    let Some(keys) = facts.keys else {
        return deny(NotClaimed, false);
    };
    if !keys.code_key.verify_otp(code) {
        return deny(BadCode, false);
    }
    let now_s = u64::try_from(facts.now_ms / 1000).unwrap_or(0);
    match check_code(code.counter, now_s, facts.code_step_s) {
        CodeCheck::Fresh => {}
        CodeCheck::Stale { age_s } => {
            return ScanVerdict::Deny(ScanDenial {
                age_s: Some(age_s),
                ..ScanDenial::new(StaleCode, true)
            })
        }
        CodeCheck::Future { ahead_s } => {
            return ScanVerdict::Deny(ScanDenial {
                ahead_s: Some(ahead_s),
                ..ScanDenial::new(FutureCode, true)
            })
        }
    }
    if let Some(reason) = pass_state_denial(pass, facts.now_ms) {
        return deny(reason, true);
    }
    if pass.site.is_some() && pass.site.as_deref() != facts.gate_site {
        return deny(WrongSite, true);
    }
    if !facts.decides_here {
        return deny(SiteDelegated, true);
    }
    match facts.step_gate_id {
        Some(first) if first != facts.gate_id => ScanVerdict::Deny(ScanDenial {
            first_gate_id: Some(first),
            ..ScanDenial::new(CodeReplayed, true)
        }),
        // §7 rule 4: at the same gate a new scan id gets a fresh challenge, which only the
        // wallet itself can turn into `already_admitted`.
        _ => ScanVerdict::Challenge,
    }
}

/// Revoked, expired (`now ≥ valid_until`) and not-yet-valid, in the §10 order.
pub fn pass_state_denial(pass: &PassRow, now_ms: i64) -> Option<DenyReason> {
    if pass.state == PassState::Revoked {
        Some(DenyReason::Revoked)
    } else if now_ms >= pass.valid_until_ms {
        Some(DenyReason::Expired)
    } else if now_ms < pass.valid_from_ms {
        Some(DenyReason::NotYetValid)
    } else {
        None
    }
}

/// §5 and §10 "Burning": a challenge with three wrong answers is burned, and burned beats
/// expired (a burned challenge stays burned whatever the clock says). `None`: still open.
pub fn challenge_closed(challenge: &ChallengeRow, now_ms: i64) -> Option<DenyReason> {
    closed_reason(challenge.wrong_answers, challenge.expires_at_ms, now_ms)
}

/// [`challenge_closed`] over the two columns that decide it, for any kind of challenge
/// (a gate's, a muster point's).
pub fn closed_reason(wrong_answers: i64, expires_at_ms: i64, now_ms: i64) -> Option<DenyReason> {
    if wrong_answers >= BURN_AT {
        Some(DenyReason::ChallengeBurned)
    } else if now_ms >= expires_at_ms {
        Some(DenyReason::ChallengeExpired)
    } else {
        None
    }
}

/// What a scan resent with a scan id this gate already used gets (§7 rule 1, §10 "Scan
/// resends").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanResend {
    /// Another code under the same scan id: `error`/`scan_id_reused`.
    Reused,
    /// The same code: the same answer as before (its challenge, the challenge's denial,
    /// the stored result, or the stored scan denial).
    Same,
}

/// Compares the code hashes of the first scan and the resend (constant time).
pub fn decide_scan_resend(stored_code_hash: &[u8], code_hash: &[u8; 32]) -> ScanResend {
    use subtle::ConstantTimeEq;
    if bool::from(stored_code_hash.ct_eq(code_hash)) {
        ScanResend::Same
    } else {
        ScanResend::Reused
    }
}

/// What a resent scan whose first scan got a challenge is answered with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeResend<'a> {
    /// Its nonce was redeemed: the stored result, `replayed: true`.
    Stored(&'a RedemptionRow),
    /// The challenge burned or expired: that denial.
    Closed(DenyReason),
    /// Still open: the same challenge again.
    Open,
}

/// §10 "Scan resends": the stored result first, then burned or expired, else the same
/// challenge.
pub fn decide_challenge_resend(context: &ChallengeContext, now_ms: i64) -> ChallengeResend<'_> {
    if let Some(stored) = &context.stored {
        return ChallengeResend::Stored(stored);
    }
    match challenge_closed(&context.challenge, now_ms) {
        Some(reason) => ChallengeResend::Closed(reason),
        None => ChallengeResend::Open,
    }
}

/// What a `response` gets before its answer is checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResponseVerdict<'a> {
    /// No challenge with this nonce exists, or the nonce is not even well-formed.
    UnknownNonce,
    /// §7 rule 3: the nonce was issued to another gate device. Within a tenant the sender
    /// is told `foreign_nonce`; across tenants it is told `unknown_nonce`, and the owner's
    /// log records `foreign_nonce` (high) either way.
    ForeignNonce {
        /// Whether the sending gate belongs to the challenge's tenant.
        same_tenant: bool,
    },
    /// The nonce is this gate's but was issued for another scan id: a gate bug, not a retry.
    ScanIdMismatch,
    /// §7 rule 2: an outcome is stored under the nonce; return it, `replayed: true`.
    Stored(&'a RedemptionRow),
    /// The challenge burned or expired (nothing is stored for it).
    Closed(DenyReason),
    /// Check the wallet's answer.
    CheckAnswer,
}

/// §7 rules 2 and 3, §10 "What is stored under the nonce": `foreign_nonce` is decided
/// before the stored outcome is looked at, so another gate learns nothing; then the stored
/// outcome, then burned or expired.
pub fn decide_response<'a>(
    gate_id: Uuid,
    gate_org_id: Uuid,
    scan_id: Uuid,
    context: Option<&'a ChallengeContext>,
    now_ms: i64,
) -> ResponseVerdict<'a> {
    let Some(context) = context else {
        return ResponseVerdict::UnknownNonce;
    };
    let challenge = &context.challenge;
    if challenge.org_id != gate_org_id || challenge.gate_id != gate_id {
        return ResponseVerdict::ForeignNonce {
            same_tenant: challenge.org_id == gate_org_id,
        };
    }
    if challenge.scan_id != scan_id {
        return ResponseVerdict::ScanIdMismatch;
    }
    if let Some(stored) = &context.stored {
        return ResponseVerdict::Stored(stored);
    }
    match challenge_closed(challenge, now_ms) {
        Some(reason) => ResponseVerdict::Closed(reason),
        None => ResponseVerdict::CheckAnswer,
    }
}

/// §5: whether `response_text` is the wallet's MAC over this pass and nonce. A response
/// string that does not parse is a wrong answer (§10 "Parsing").
pub fn answer_is_right(keys: &PassKeys, pass_id: Uuid, nonce: &Nonce, response_text: &str) -> bool {
    response_text
        .parse::<WalletResponse>()
        .map(|response| {
            keys.response_key
                .verify(PassId::new(pass_id), nonce, &response)
        })
        .unwrap_or(false)
}

/// §10 "Burning": a wrong answer the database counted (answers 1–3) is `bad_response`; one
/// it refused to count, because three came before, is `challenge_burned`.
pub fn wrong_answer_reason(counted: bool) -> DenyReason {
    if counted {
        DenyReason::BadResponse
    } else {
        DenyReason::ChallengeBurned
    }
}

/// What the redemption transaction does with a correct answer, decided over the state it
/// read under lock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settlement {
    /// An outcome is already stored under the nonce (a concurrent resend won): return it.
    Replay(RedemptionRow),
    /// The challenge burned or expired before this answer counted: deny, store nothing.
    Closed(DenyReason),
    /// Count the use and store `admitted`.
    Admit,
    /// Store this outcome, which is not an admission.
    Store(StoredOutcome),
    /// The answer was right for a wallet key the pass is no longer bound to (re-bound or
    /// transferred meanwhile): it counts as a wrong answer, and nothing is stored.
    KeyUnbound,
}

/// §7 rules 2 and 6 and §10: a stored outcome wins; then a closed challenge (so a burn or an
/// expiry that raced the answer cannot be admitted); then the pass as it is now (revoked,
/// expired, not yet valid: stored as the denial); then one admission per `(pass, T)`, whose
/// `already_admitted` names that step's admission; then a pass with no use left, whose
/// `already_admitted` names its latest admission; else admit. `answered_key` is the wallet
/// key the answer was verified under: once the pass is bound to another (or none), the
/// answer is a wrong one, whatever else holds.
pub fn settle(locked: &LockedRedemption, answered_key: &[u8], now_ms: i64) -> Settlement {
    if let Some(stored) = &locked.stored {
        return Settlement::Replay(stored.clone());
    }
    if let Some(reason) = challenge_closed(&locked.challenge, now_ms) {
        return Settlement::Closed(reason);
    }
    let pass = &locked.pass;
    if pass.wallet_public_key.as_deref() != Some(answered_key) {
        return Settlement::KeyUnbound;
    }
    if let Some(reason) = pass_state_denial(pass, now_ms) {
        return Settlement::Store(StoredOutcome::Denied(reason));
    }
    if let Some(step) = locked.step_admission {
        return Settlement::Store(StoredOutcome::AlreadyAdmitted(Some(step)));
    }
    match pass.state {
        PassState::Claimed if pass.uses < pass.max_uses => Settlement::Admit,
        PassState::Issued => Settlement::Store(StoredOutcome::Denied(DenyReason::NotClaimed)),
        _ => Settlement::Store(StoredOutcome::AlreadyAdmitted(locked.last_admission)),
    }
}

/// Whether a correct answer admits now: [`settle`] says [`Settlement::Admit`]. This is the
/// condition of the hot path's conditional write (`Store::admit`: the challenge open and
/// this gate's and scan's, no outcome stored, the pass claimed, bound to the key that
/// answered, valid, its step not admitted, a use left), written once in SQL per batch; when
/// the write refuses, the flow settles under lock with [`settle`] itself. The model checker
/// (`model/`, issue 54) admits by this function.
#[must_use]
pub fn admits_now(locked: &LockedRedemption, answered_key: &[u8], now_ms: i64) -> bool {
    matches!(settle(locked, answered_key, now_ms), Settlement::Admit)
}

#[cfg(test)]
mod tests {
    use tessera_protocol::messages::DenyReason::*;
    use tessera_protocol::{SecretKey, WalletChallenge, CODE_PERIOD_S};

    use super::*;
    use crate::rows::Admission;

    const NOW_MS: i64 = 1_800_000_000_000;

    fn keys() -> PassKeys {
        let server = SecretKey::from_bytes([7u8; 32]);
        let wallet = SecretKey::from_bytes([9u8; 32]);
        let shared = server.agree(&wallet.public_key()).unwrap();
        PassKeys::derive(
            &shared,
            PassId::new(pass().id),
            &wallet.public_key(),
            &server.public_key(),
        )
    }

    fn pass() -> PassRow {
        PassRow {
            id: Uuid::from_u128(1),
            org_id: Uuid::from_u128(2),
            label: "Ada".into(),
            site: Some("hq".into()),
            valid_from_ms: NOW_MS - 3_600_000,
            valid_until_ms: NOW_MS + 3_600_000,
            max_uses: 1,
            uses: 0,
            state: PassState::Claimed,
            claim_token_hash: vec![0; 32],
            wallet_public_key: Some(vec![1; 32]),
            server_kid: "k".into(),
            created_at_ms: NOW_MS - 7_200_000,
            claimed_at_ms: None,
            revoked_at_ms: None,
            host_id: None,
            max_transfers: 0,
            transfers: 0,
            rebinds: 0,
            external_ref: None,
            language: None,
            zones: Vec::new(),
        }
    }

    fn step_now() -> u64 {
        u64::try_from(NOW_MS / 1000).unwrap() / CODE_PERIOD_S
    }

    fn code_at(keys: &PassKeys, counter: u64) -> RotatingCode {
        keys.code_key.code_at(
            PassId::new(pass().id),
            counter * CODE_PERIOD_S,
            CODE_PERIOD_S,
        )
    }

    const GATE: Uuid = Uuid::from_u128(10);
    const OTHER_GATE: Uuid = Uuid::from_u128(11);

    #[test]
    fn scan_checks_run_in_the_normative_order() {
        let keys = keys();
        let fresh = code_at(&keys, step_now());
        let mut wrong_otp = fresh;
        wrong_otp.otp = code_at(&keys, step_now() + 100).otp;
        let stale = code_at(&keys, step_now() - 2);
        let future = code_at(&keys, step_now() + 2);
        let revoked = PassRow {
            state: PassState::Revoked,
            ..pass()
        };
        let expired = PassRow {
            valid_until_ms: NOW_MS,
            ..pass()
        };
        let early = PassRow {
            valid_from_ms: NOW_MS + 1,
            ..pass()
        };
        let elsewhere = PassRow {
            site: Some("annex".into()),
            ..pass()
        };
        let anywhere = PassRow {
            site: None,
            ..pass()
        };
        let used = PassRow {
            state: PassState::Used,
            uses: 1,
            ..pass()
        };
        let ok = pass();
        let revoked_and_expired = PassRow {
            valid_until_ms: NOW_MS,
            ..revoked.clone()
        };
        let previous = code_at(&keys, step_now() - 1);
        let next = code_at(&keys, step_now() + 1);
        // (case, code, pass, keys, step admitted at, expected reason or None for a challenge)
        #[allow(clippy::type_complexity)]
        let cases: Vec<(
            &str,
            Option<&RotatingCode>,
            Option<&PassRow>,
            Option<&PassKeys>,
            Option<Uuid>,
            Option<DenyReason>,
        )> = vec![
            (
                "malformed beats everything",
                None,
                None,
                None,
                Some(OTHER_GATE),
                Some(MalformedCode),
            ),
            (
                "unknown pass",
                Some(&fresh),
                None,
                Some(&keys),
                None,
                Some(UnknownPass),
            ),
            (
                "not claimed before the OTP",
                Some(&wrong_otp),
                Some(&ok),
                None,
                None,
                Some(NotClaimed),
            ),
            (
                "bad code before the window",
                Some(&wrong_otp),
                Some(&revoked),
                Some(&keys),
                None,
                Some(BadCode),
            ),
            (
                "stale is a genuine old code",
                Some(&stale),
                Some(&revoked),
                Some(&keys),
                None,
                Some(StaleCode),
            ),
            (
                "future",
                Some(&future),
                Some(&ok),
                Some(&keys),
                None,
                Some(FutureCode),
            ),
            (
                "revoked before expired",
                Some(&fresh),
                Some(&revoked_and_expired),
                Some(&keys),
                None,
                Some(Revoked),
            ),
            (
                "expired at valid_until",
                Some(&fresh),
                Some(&expired),
                Some(&keys),
                None,
                Some(Expired),
            ),
            (
                "not yet valid",
                Some(&fresh),
                Some(&early),
                Some(&keys),
                None,
                Some(NotYetValid),
            ),
            (
                "wrong site before replay",
                Some(&fresh),
                Some(&elsewhere),
                Some(&keys),
                Some(OTHER_GATE),
                Some(WrongSite),
            ),
            (
                "a pass for any site",
                Some(&fresh),
                Some(&anywhere),
                Some(&keys),
                None,
                None,
            ),
            (
                "replayed at another gate",
                Some(&fresh),
                Some(&ok),
                Some(&keys),
                Some(OTHER_GATE),
                Some(CodeReplayed),
            ),
            (
                "same gate, new scan: challenge (rule 4)",
                Some(&fresh),
                Some(&ok),
                Some(&keys),
                Some(GATE),
                None,
            ),
            (
                "used pass still challenged",
                Some(&fresh),
                Some(&used),
                Some(&keys),
                None,
                None,
            ),
            (
                "T-1 is fresh",
                Some(&previous),
                Some(&ok),
                Some(&keys),
                None,
                None,
            ),
            (
                "T+1 is fresh",
                Some(&next),
                Some(&ok),
                Some(&keys),
                None,
                None,
            ),
            // Issue 35: the cases below are decided elsewhere (a node holds the site).
            (
                "elsewhere: a fresh code is refused site_delegated",
                Some(&fresh),
                Some(&ok),
                Some(&keys),
                None,
                Some(SiteDelegated),
            ),
            (
                "elsewhere: before replay",
                Some(&fresh),
                Some(&ok),
                Some(&keys),
                Some(OTHER_GATE),
                Some(SiteDelegated),
            ),
            (
                "elsewhere: wrong site first",
                Some(&fresh),
                Some(&elsewhere),
                Some(&keys),
                None,
                Some(WrongSite),
            ),
            (
                "elsewhere: revoked first",
                Some(&fresh),
                Some(&revoked),
                Some(&keys),
                None,
                Some(Revoked),
            ),
            (
                "elsewhere: a bad code is still a bad code",
                Some(&wrong_otp),
                Some(&ok),
                Some(&keys),
                None,
                Some(BadCode),
            ),
        ];
        for (case, code, pass, keys, step_gate_id, expected) in cases {
            let verdict = decide_scan(&ScanFacts {
                code,
                pass,
                keys,
                gate_id: GATE,
                gate_site: Some("hq"),
                step_gate_id,
                now_ms: NOW_MS,
                code_step_s: CODE_PERIOD_S,
                decides_here: !case.starts_with("elsewhere"),
            });
            let got = match verdict {
                ScanVerdict::Challenge => None,
                ScanVerdict::Deny(denial) => Some(denial.reason),
            };
            assert_eq!(got, expected, "{case}");
        }
    }

    #[test]
    fn scan_denials_carry_age_ahead_pass_and_first_gate() {
        let keys = keys();
        let ok = pass();
        let facts = |code, step_gate_id| ScanFacts {
            code: Some(code),
            pass: Some(&ok),
            keys: Some(&keys),
            gate_id: GATE,
            gate_site: Some("hq"),
            step_gate_id,
            now_ms: NOW_MS,
            code_step_s: CODE_PERIOD_S,
            decides_here: true,
        };
        let stale = code_at(&keys, step_now() - 3);
        let ScanVerdict::Deny(denial) = decide_scan(&facts(&stale, None)) else {
            panic!("stale code challenged");
        };
        let step_start_s = (step_now() - 3) * CODE_PERIOD_S;
        assert_eq!(
            denial.age_s,
            Some(u64::try_from(NOW_MS / 1000).unwrap() - step_start_s)
        );
        assert!(denial.names_pass);
        let fresh = code_at(&keys, step_now());
        let ScanVerdict::Deny(denial) = decide_scan(&facts(&fresh, Some(OTHER_GATE))) else {
            panic!("replayed code challenged");
        };
        assert_eq!(denial.first_gate_id, Some(OTHER_GATE));
        let mut wrong = fresh;
        wrong.otp = code_at(&keys, step_now() + 9).otp;
        let ScanVerdict::Deny(denial) = decide_scan(&facts(&wrong, None)) else {
            panic!("bad code challenged");
        };
        assert!(
            !denial.names_pass,
            "a pass is named only once its OTP verified"
        );
    }

    fn challenge(wrong_answers: i64, expires_at_ms: i64) -> ChallengeRow {
        ChallengeRow {
            nonce: vec![5; 32],
            org_id: pass().org_id,
            gate_id: GATE,
            scan_id: Uuid::from_u128(20),
            pass_id: pass().id,
            counter: i64::try_from(step_now()).unwrap(),
            code_hash: vec![0; 32],
            created_at_ms: NOW_MS - 1_000,
            expires_at_ms,
            wrong_answers,
        }
    }

    fn stored(outcome: StoredOutcome) -> RedemptionRow {
        let c = challenge(0, NOW_MS + 1);
        RedemptionRow {
            nonce: c.nonce,
            org_id: c.org_id,
            gate_id: c.gate_id,
            scan_id: c.scan_id,
            pass_id: c.pass_id,
            counter: c.counter,
            outcome,
            created_at_ms: NOW_MS - 500,
        }
    }

    #[test]
    fn burned_beats_expired_and_three_wrong_answers_burn() {
        let cases = [
            (0, NOW_MS + 1, None),
            (2, NOW_MS + 1, None),
            (3, NOW_MS + 1, Some(ChallengeBurned)),
            (0, NOW_MS, Some(ChallengeExpired)),
            (3, NOW_MS - 1, Some(ChallengeBurned)),
        ];
        for (wrong, expires, expected) in cases {
            assert_eq!(
                challenge_closed(&challenge(wrong, expires), NOW_MS),
                expected,
                "{wrong} wrong answers, expiring at now{:+} ms",
                expires - NOW_MS
            );
        }
        assert_eq!(wrong_answer_reason(true), BadResponse);
        assert_eq!(wrong_answer_reason(false), ChallengeBurned);
    }

    #[test]
    fn responses_decide_foreign_before_stored_before_closed() {
        let org = pass().org_id;
        let other_org = Uuid::from_u128(3);
        let scan = Uuid::from_u128(20);
        let admitted = stored(StoredOutcome::Admitted);
        let context = |wrong, expires, stored: Option<RedemptionRow>| ChallengeContext {
            challenge: challenge(wrong, expires),
            pass: pass(),
            stored,
        };
        let open = context(0, NOW_MS + 1, None);
        let redeemed_and_expired = context(0, NOW_MS - 1, Some(admitted.clone()));
        let burned = context(3, NOW_MS + 1, None);
        let expired = context(0, NOW_MS, None);
        // (case, answering gate, its tenant, scan id, what is stored, expected)
        #[allow(clippy::type_complexity)]
        let cases: Vec<(
            &str,
            Uuid,
            Uuid,
            Uuid,
            Option<&ChallengeContext>,
            ResponseVerdict<'_>,
        )> = vec![
            (
                "no challenge",
                GATE,
                org,
                scan,
                None,
                ResponseVerdict::UnknownNonce,
            ),
            (
                "another gate of the tenant, even when redeemed",
                OTHER_GATE,
                org,
                scan,
                Some(&redeemed_and_expired),
                ResponseVerdict::ForeignNonce { same_tenant: true },
            ),
            (
                "another tenant",
                OTHER_GATE,
                other_org,
                scan,
                Some(&open),
                ResponseVerdict::ForeignNonce { same_tenant: false },
            ),
            (
                "another scan id of this gate",
                GATE,
                org,
                Uuid::from_u128(21),
                Some(&open),
                ResponseVerdict::ScanIdMismatch,
            ),
            (
                "stored outcome outlives the challenge",
                GATE,
                org,
                scan,
                Some(&redeemed_and_expired),
                ResponseVerdict::Stored(&admitted),
            ),
            (
                "burned",
                GATE,
                org,
                scan,
                Some(&burned),
                ResponseVerdict::Closed(ChallengeBurned),
            ),
            (
                "expired",
                GATE,
                org,
                scan,
                Some(&expired),
                ResponseVerdict::Closed(ChallengeExpired),
            ),
            (
                "open",
                GATE,
                org,
                scan,
                Some(&open),
                ResponseVerdict::CheckAnswer,
            ),
        ];
        for (case, gate, gate_org, scan_id, context, expected) in cases {
            assert_eq!(
                decide_response(gate, gate_org, scan_id, context, NOW_MS),
                expected,
                "{case}"
            );
        }
    }

    #[test]
    fn scan_resends_compare_the_code() {
        let hash = [4u8; 32];
        assert_eq!(decide_scan_resend(&hash, &hash), ScanResend::Same);
        assert_eq!(decide_scan_resend(&hash, &[5u8; 32]), ScanResend::Reused);
        assert_eq!(decide_scan_resend(&[], &hash), ScanResend::Reused);
        let admitted = stored(StoredOutcome::Admitted);
        let redeemed = ChallengeContext {
            challenge: challenge(3, NOW_MS - 1),
            pass: pass(),
            stored: Some(admitted.clone()),
        };
        assert_eq!(
            decide_challenge_resend(&redeemed, NOW_MS),
            ChallengeResend::Stored(&admitted)
        );
        let burned = ChallengeContext {
            stored: None,
            ..redeemed.clone()
        };
        assert_eq!(
            decide_challenge_resend(&burned, NOW_MS),
            ChallengeResend::Closed(ChallengeBurned)
        );
        let open = ChallengeContext {
            challenge: challenge(1, NOW_MS + 1),
            ..burned
        };
        assert_eq!(
            decide_challenge_resend(&open, NOW_MS),
            ChallengeResend::Open
        );
    }

    #[test]
    fn answers_are_checked_against_the_pass_and_nonce() {
        let keys = keys();
        let nonce = Nonce::from_bytes([8; 32]);
        let right = keys
            .response_key
            .respond(&WalletChallenge {
                pass: PassId::new(pass().id),
                nonce,
            })
            .to_string();
        assert!(answer_is_right(&keys, pass().id, &nonce, &right));
        assert!(!answer_is_right(
            &keys,
            pass().id,
            &Nonce::from_bytes([9; 32]),
            &right
        ));
        assert!(!answer_is_right(&keys, Uuid::from_u128(99), &nonce, &right));
        assert!(!answer_is_right(
            &keys,
            pass().id,
            &nonce,
            &right.to_lowercase()
        ));
        assert!(!answer_is_right(&keys, pass().id, &nonce, ""));
    }

    #[test]
    fn settling_a_correct_answer() {
        let step_admission = Admission {
            gate_id: OTHER_GATE,
            at_ms: NOW_MS - 20_000,
        };
        let last_admission = Admission {
            gate_id: GATE,
            at_ms: NOW_MS - 5_000,
        };
        let locked = |pass: PassRow, challenge: ChallengeRow, stored, step| LockedRedemption {
            challenge,
            pass,
            stored,
            step_admission: step,
            last_admission: Some(last_admission),
        };
        let open = challenge(0, NOW_MS + 1);
        let multi = PassRow {
            max_uses: 3,
            uses: 1,
            ..pass()
        };
        let used = PassRow {
            state: PassState::Used,
            uses: 1,
            ..pass()
        };
        let admitted = stored(StoredOutcome::Admitted);
        let cases = vec![
            (
                "stored outcome wins over everything",
                locked(
                    used.clone(),
                    challenge(3, NOW_MS - 1),
                    Some(admitted.clone()),
                    Some(step_admission),
                ),
                Settlement::Replay(admitted),
            ),
            // Issue 11 defect 1: a burn or expiry that raced the answer is never admitted.
            (
                "burned by a concurrent third wrong answer",
                locked(pass(), challenge(3, NOW_MS + 1), None, None),
                Settlement::Closed(ChallengeBurned),
            ),
            (
                "expired between the check and the commit",
                locked(pass(), challenge(0, NOW_MS), None, None),
                Settlement::Closed(ChallengeExpired),
            ),
            (
                "revoked meanwhile is stored",
                locked(
                    PassRow {
                        state: PassState::Revoked,
                        ..pass()
                    },
                    open.clone(),
                    None,
                    None,
                ),
                Settlement::Store(StoredOutcome::Denied(Revoked)),
            ),
            (
                "expired meanwhile is stored",
                locked(
                    PassRow {
                        valid_until_ms: NOW_MS,
                        ..pass()
                    },
                    open.clone(),
                    None,
                    None,
                ),
                Settlement::Store(StoredOutcome::Denied(Expired)),
            ),
            // Issue 11 defect 9: the step's admission is named, not the pass's first.
            (
                "step admitted, uses left: that step's admission",
                locked(multi.clone(), open.clone(), None, Some(step_admission)),
                Settlement::Store(StoredOutcome::AlreadyAdmitted(Some(step_admission))),
            ),
            (
                "used up: its latest admission",
                locked(used, open.clone(), None, None),
                Settlement::Store(StoredOutcome::AlreadyAdmitted(Some(last_admission))),
            ),
            (
                "uses left",
                locked(multi, open.clone(), None, None),
                Settlement::Admit,
            ),
            (
                "single use, unused",
                locked(pass(), open.clone(), None, None),
                Settlement::Admit,
            ),
            // Issue 16: a re-bind or transfer unbinds the key the answer was right for.
            (
                "re-bound meanwhile, not yet claimed again",
                locked(
                    PassRow {
                        state: PassState::Issued,
                        wallet_public_key: None,
                        ..pass()
                    },
                    open.clone(),
                    None,
                    None,
                ),
                Settlement::KeyUnbound,
            ),
            (
                "transferred meanwhile: bound to the recipient's key",
                locked(
                    PassRow {
                        wallet_public_key: Some(vec![2; 32]),
                        ..pass()
                    },
                    open.clone(),
                    None,
                    None,
                ),
                Settlement::KeyUnbound,
            ),
            (
                "an answer stored before the re-bind stays",
                locked(
                    PassRow {
                        wallet_public_key: None,
                        ..pass()
                    },
                    open,
                    Some(stored(StoredOutcome::Admitted)),
                    None,
                ),
                Settlement::Replay(stored(StoredOutcome::Admitted)),
            ),
        ];
        for (case, locked, expected) in cases {
            assert_eq!(settle(&locked, &[1; 32], NOW_MS), expected, "{case}");
        }
    }
}

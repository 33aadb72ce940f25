//! Roll calls (issue 32): when the fire alarm sounds, who is inside, and who has been seen
//! safe at an assembly point since.
//!
//! A roll call covers the whole organisation, a site or one zone ([`Scope`]). When it
//! starts, its list is taken once: every pass inside a covered zone now, every pass
//! admitted today at a covered gate without a zone and not seen leaving since, and every
//! walk-in a host approved today at a covered gate (a visitor without a pass,
//! [`PersonKind::WalkIn`]; [`list_since_ms`] says how far "today" reaches). Marshals then
//! mark people safe:
//! - by a **muster scan**: the web gate in muster mode scans the visitor's rotating code,
//!   the server answers a one-time challenge exactly as at a gate, and only the wallet's
//!   correct answer marks its holder ([`decide_muster_scan`], [`decide_muster_response`]),
//!   so a screenshot sent by a friend still inside marks nobody;
//! - **by hand**: a name ticked on the tablet or in the console, recorded as manual, under
//!   a mark id the client chose, so a resend after a reconnect marks nobody twice. A
//!   walk-in has no wallet to answer a challenge, so this is the only way to mark one.
//!
//! A person is marked once; a later scan of someone safe answers `already_safe` with who
//! marked them and when. Ending the roll call writes its report ([`Report`]) to the audit
//! log.

use serde::{Deserialize, Serialize};
use tessera_protocol::messages::DenyReason;
use tessera_protocol::totp::{check_code, CodeCheck};
use tessera_protocol::{PassKeys, RotatingCode};
use utoipa::ToSchema;
use uuid::Uuid;

/// How far back "admitted today" reaches at a gate without a zone: the start of the UTC
/// day, and never less than this much before the roll call (an evacuation at 00:30 UTC
/// still lists the evening's visitors who did not pass an exit gate).
pub const MIN_LOOKBACK_MS: i64 = 12 * 3600 * 1000;

/// The earliest admission a roll call started at `now_ms` lists: the start of the UTC day
/// or [`MIN_LOOKBACK_MS`] before now, whichever is earlier. Listing someone who left is
/// the safe error (a marshal looks for them); missing someone inside is not.
pub fn list_since_ms(now_ms: i64) -> i64 {
    let day_start = now_ms - now_ms.rem_euclid(86_400_000);
    day_start.min(now_ms - MIN_LOOKBACK_MS)
}

/// What a roll call covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every site of the organisation.
    Everywhere,
    /// The gates of one site (and the zones those gates lead into).
    Site(String),
    /// One zone.
    Zone {
        /// The zone.
        id: Uuid,
        /// Its name.
        name: String,
    },
}

impl Scope {
    /// What the console and the report call it.
    pub fn describe(&self) -> String {
        match self {
            Scope::Everywhere => "All sites".to_owned(),
            Scope::Site(site) => format!("Site {site}"),
            Scope::Zone { name, .. } => format!("Zone {name}"),
        }
    }

    /// Whether a gate at `gate_site` serves this roll call as a muster point: every gate
    /// serves a roll call of everywhere or of a zone; a site's only its own gates.
    pub fn served_by(&self, gate_site: Option<&str>) -> bool {
        match self {
            Scope::Site(site) => gate_site == Some(site.as_str()),
            Scope::Everywhere | Scope::Zone { .. } => true,
        }
    }
}

/// How a person was marked safe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MarkHow {
    /// A muster scan: the wallet answered a challenge.
    Scan,
    /// A name ticked by hand.
    Manual,
}

impl MarkHow {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            MarkHow::Scan => "scan",
            MarkHow::Manual => "manual",
        }
    }
}

impl TryFrom<String> for MarkHow {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "scan" => Ok(MarkHow::Scan),
            "manual" => Ok(MarkHow::Manual),
            _ => Err(format!("unknown mark {text:?}")),
        }
    }
}

/// Who a person on a roll call's list is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PersonKind {
    /// A pass holder: the id is the pass's.
    Pass,
    /// A walk-in a host approved (no pass): the id is the walk-in's.
    WalkIn,
}

impl PersonKind {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            PersonKind::Pass => "pass",
            PersonKind::WalkIn => "walk_in",
        }
    }
}

impl TryFrom<String> for PersonKind {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "pass" => Ok(PersonKind::Pass),
            "walk_in" => Ok(PersonKind::WalkIn),
            _ => Err(format!("unknown kind of person {text:?}")),
        }
    }
}

/// A roll call as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollCallRow {
    /// Its id.
    pub id: Uuid,
    /// The organisation.
    pub org_id: Uuid,
    /// The site it covers, if one.
    pub site: Option<String>,
    /// The zone it covers, if one.
    pub zone_id: Option<Uuid>,
    /// What it covers, in words ([`Scope::describe`]).
    pub scope: String,
    /// When it started.
    pub started_at_ms: i64,
    /// Who started it.
    pub started_by: String,
    /// When it ended.
    pub ended_at_ms: Option<i64>,
    /// Who ended it.
    pub ended_by: Option<String>,
}

impl RollCallRow {
    /// Whether it is still going.
    pub fn active(&self) -> bool {
        self.ended_at_ms.is_none()
    }

    /// Whether a gate at `gate_site` serves it as a muster point ([`Scope::served_by`]).
    pub fn served_by(&self, gate_site: Option<&str>) -> bool {
        match &self.site {
            Some(site) => Scope::Site(site.clone()).served_by(gate_site),
            None => true,
        }
    }
}

/// A person on a roll call's list, with their pass's label or the walk-in's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollCallPerson {
    /// A pass holder or a walk-in.
    pub kind: PersonKind,
    /// The pass's id, or the walk-in's.
    pub id: Uuid,
    /// The pass's label or the walk-in's name (read from there, so an erasure leaves no
    /// copy on the list).
    pub label: String,
    /// Where they were last seen when the roll call started (a zone, or a gate).
    pub last_seen: String,
    /// When they were marked safe.
    pub marked_at_ms: Option<i64>,
    /// Who marked them (a gate's label, or an officer).
    pub marked_by: Option<String>,
    /// Where (the muster point: the gate's label and site).
    pub marked_where: Option<String>,
    /// How.
    pub how: Option<MarkHow>,
}

impl RollCallPerson {
    /// Their pass, for a pass holder.
    pub fn pass_id(&self) -> Option<Uuid> {
        (self.kind == PersonKind::Pass).then_some(self.id)
    }

    /// The walk-in, for a walk-in.
    pub fn walk_in_id(&self) -> Option<Uuid> {
        (self.kind == PersonKind::WalkIn).then_some(self.id)
    }
}

/// The counts a roll call shows and its report keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Counts {
    /// On the list: inside when it started.
    pub inside: u64,
    /// Marked safe.
    pub safe: u64,
    /// Not marked yet.
    pub unaccounted: u64,
    /// Of the safe, marked by a muster scan.
    pub by_scan: u64,
    /// Of the safe, ticked by hand.
    pub by_hand: u64,
}

impl Counts {
    /// Counts `people`.
    pub fn of(people: &[RollCallPerson]) -> Counts {
        let mut counts = Counts::default();
        for person in people {
            counts.inside += 1;
            match person.how {
                Some(MarkHow::Scan) => counts.by_scan += 1,
                Some(MarkHow::Manual) => counts.by_hand += 1,
                None => counts.unaccounted += 1,
            }
        }
        counts.safe = counts.by_scan + counts.by_hand;
        counts
    }
}

/// What ending a roll call writes to the audit log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Report {
    /// The roll call.
    pub roll_call_id: Uuid,
    /// What it covered.
    pub scope: String,
    /// How long it ran, in seconds.
    pub duration_s: u64,
    /// The counts at the end.
    pub counts: Counts,
    /// The passes of the people never marked safe (ids only: names stay on the passes).
    pub unaccounted: Vec<Uuid>,
    /// The walk-ins never marked safe (ids only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unaccounted_walk_ins: Vec<Uuid>,
}

impl Report {
    /// The report of `roll_call` ending at `now_ms` with `people`.
    pub fn of(roll_call: &RollCallRow, people: &[RollCallPerson], now_ms: i64) -> Report {
        let unaccounted = |id: fn(&RollCallPerson) -> Option<Uuid>| {
            people
                .iter()
                .filter(|person| person.how.is_none())
                .filter_map(id)
                .collect()
        };
        Report {
            roll_call_id: roll_call.id,
            scope: roll_call.scope.clone(),
            duration_s: u64::try_from((now_ms - roll_call.started_at_ms) / 1000).unwrap_or(0),
            counts: Counts::of(people),
            unaccounted: unaccounted(RollCallPerson::pass_id),
            unaccounted_walk_ins: unaccounted(RollCallPerson::walk_in_id),
        }
    }
}

/// A muster challenge as stored: bound to one pass, gate device and scan, like a gate's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MusterChallengeRow {
    /// The nonce.
    pub nonce: Vec<u8>,
    /// The organisation.
    pub org_id: Uuid,
    /// The marshal's gate device.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
    /// The roll call the holder is on.
    pub roll_call_id: Uuid,
    /// The pass.
    pub pass_id: Uuid,
    /// SHA-256 of the scanned code.
    pub code_hash: Vec<u8>,
    /// When it was issued.
    pub created_at_ms: i64,
    /// When it stops being answerable.
    pub expires_at_ms: i64,
    /// Wrong answers so far.
    pub wrong_answers: i64,
    /// What its correct answer concluded, once answered.
    pub outcome: Option<Marked>,
}

/// What a correct answer to a muster challenge concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marked {
    /// The holder is marked safe under this nonce.
    Safe,
    /// The holder was marked safe before.
    AlreadySafe,
}

impl Marked {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Marked::Safe => "safe",
            Marked::AlreadySafe => "already_safe",
        }
    }
}

impl TryFrom<String> for Marked {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "safe" => Ok(Marked::Safe),
            "already_safe" => Ok(Marked::AlreadySafe),
            _ => Err(format!("unknown muster outcome {text:?}")),
        }
    }
}

/// What the server holds when a muster scan arrives.
#[derive(Clone, Copy, Debug)]
pub struct MusterFacts<'a> {
    /// The parsed code; `None` when the text is not a well-formed `TSR1:` code.
    pub code: Option<&'a RotatingCode>,
    /// Whether the pass exists and is the gate's tenant's.
    pub pass_found: bool,
    /// Its derived keys; `None` until a wallet claimed it.
    pub keys: Option<&'a PassKeys>,
    /// The active roll calls this gate serves.
    pub roll_calls: usize,
    /// The one of them whose list holds the pass, if any.
    pub listed_in: Option<Uuid>,
    /// Now, unix milliseconds.
    pub now_ms: i64,
    /// The rotating code's step in seconds.
    pub code_step_s: u64,
}

/// A muster scan's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MusterScan {
    /// Issue a muster challenge for this roll call.
    Challenge(Uuid),
    /// Refuse; `names_pass` when the OTP verified (the result may then name the pass), and
    /// the code's age or lead on `stale_code` and `future_code`.
    Deny {
        /// Why.
        reason: DenyReason,
        /// Whether the result may name the pass.
        names_pass: bool,
        /// Seconds old (`stale_code`) or ahead (`future_code`).
        off_by_s: Option<u64>,
    },
}

/// A muster scan is checked as a gate's (TSR1 §10 order, up to the code's freshness), then
/// against the roll calls: `no_roll_call` when none this gate serves is going,
/// `not_on_roll_call` when none of them lists the pass. A revoked or expired pass is still
/// a person to account for, so neither is a reason here.
pub fn decide_muster_scan(facts: &MusterFacts<'_>) -> MusterScan {
    use DenyReason::*;
    let deny = |reason, names_pass| MusterScan::Deny {
        reason,
        names_pass,
        off_by_s: None,
    };
    let Some(code) = facts.code else {
        return deny(MalformedCode, false);
    };
    if !facts.pass_found {
        return deny(UnknownPass, false);
    }
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
            return MusterScan::Deny {
                reason: StaleCode,
                names_pass: true,
                off_by_s: Some(age_s),
            }
        }
        CodeCheck::Future { ahead_s } => {
            return MusterScan::Deny {
                reason: FutureCode,
                names_pass: true,
                off_by_s: Some(ahead_s),
            }
        }
    }
    if facts.roll_calls == 0 {
        return deny(NoRollCall, true);
    }
    match facts.listed_in {
        Some(roll_call) => MusterScan::Challenge(roll_call),
        None => deny(NotOnRollCall, true),
    }
}

/// What a muster answer gets before the wallet's MAC is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MusterAnswer {
    /// No muster challenge with this nonce exists (for this tenant).
    UnknownNonce,
    /// The nonce was issued to another gate device of this tenant.
    ForeignNonce,
    /// This gate's nonce, but for another scan id: a gate bug, not a retry.
    ScanIdMismatch,
    /// An outcome is stored under the nonce: send it again, `replayed: true`.
    Stored(Marked),
    /// The challenge burned or expired.
    Closed(DenyReason),
    /// The roll call ended before the answer came.
    RollCallEnded,
    /// Check the wallet's answer.
    CheckAnswer,
}

/// TSR1 §7 rules 2 and 3 for a muster challenge: another gate's nonce first (so it learns
/// nothing), then a stored outcome, then burned or expired (`closed`, as
/// `rules::closed_reason` reads the challenge now), then the roll call's end.
pub fn decide_muster_response(
    gate_id: Uuid,
    gate_org_id: Uuid,
    scan_id: Uuid,
    challenge: Option<&MusterChallengeRow>,
    roll_call_active: bool,
    closed: Option<DenyReason>,
) -> MusterAnswer {
    let Some(challenge) = challenge.filter(|challenge| challenge.org_id == gate_org_id) else {
        return MusterAnswer::UnknownNonce;
    };
    if challenge.gate_id != gate_id {
        return MusterAnswer::ForeignNonce;
    }
    if challenge.scan_id != scan_id {
        return MusterAnswer::ScanIdMismatch;
    }
    if let Some(marked) = challenge.outcome {
        return MusterAnswer::Stored(marked);
    }
    if let Some(reason) = closed {
        return MusterAnswer::Closed(reason);
    }
    if !roll_call_active {
        return MusterAnswer::RollCallEnded;
    }
    MusterAnswer::CheckAnswer
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_protocol::{PassId, SecretKey};

    fn keys(id: Uuid) -> PassKeys {
        let server = SecretKey::from_bytes([7; 32]);
        let wallet = SecretKey::from_bytes([9; 32]);
        let shared = server
            .agree(&wallet.public_key())
            .expect("a usable key pair");
        PassKeys::derive(
            &shared,
            PassId::new(id),
            &wallet.public_key(),
            &server.public_key(),
        )
    }

    #[test]
    fn muster_scans_are_checked_in_order_and_ignore_the_pass_state() {
        let id = Uuid::from_u128(1);
        let keys = keys(id);
        let now_s = 1_800_000_000u64;
        let fresh = keys.code_key.code_at(PassId::new(id), now_s, 30);
        let old = keys.code_key.code_at(PassId::new(id), now_s - 300, 30);
        let mut forged = fresh;
        forged.otp = keys.code_key.otp(fresh.counter + 7);
        let roll_call = Uuid::from_u128(9);
        let facts = |code, pass_found, keys, roll_calls, listed_in| MusterFacts {
            code,
            pass_found,
            keys,
            roll_calls,
            listed_in,
            now_ms: i64::try_from(now_s).expect("small") * 1000,
            code_step_s: 30,
        };
        let deny = |reason, names_pass| MusterScan::Deny {
            reason,
            names_pass,
            off_by_s: None,
        };
        let cases = [
            (
                facts(None, true, Some(&keys), 1, Some(roll_call)),
                deny(DenyReason::MalformedCode, false),
            ),
            (
                facts(Some(&fresh), false, None, 1, Some(roll_call)),
                deny(DenyReason::UnknownPass, false),
            ),
            (
                facts(Some(&fresh), true, None, 1, Some(roll_call)),
                deny(DenyReason::NotClaimed, false),
            ),
            (
                facts(Some(&forged), true, Some(&keys), 1, Some(roll_call)),
                deny(DenyReason::BadCode, false),
            ),
            (
                facts(Some(&old), true, Some(&keys), 1, Some(roll_call)),
                MusterScan::Deny {
                    reason: DenyReason::StaleCode,
                    names_pass: true,
                    off_by_s: Some(300),
                },
            ),
            (
                facts(Some(&fresh), true, Some(&keys), 0, None),
                deny(DenyReason::NoRollCall, true),
            ),
            (
                facts(Some(&fresh), true, Some(&keys), 2, None),
                deny(DenyReason::NotOnRollCall, true),
            ),
            // Revoked and expired: still someone to account for.
            (
                facts(Some(&fresh), true, Some(&keys), 1, Some(roll_call)),
                MusterScan::Challenge(roll_call),
            ),
        ];
        for (i, (facts, expected)) in cases.iter().enumerate() {
            assert_eq!(decide_muster_scan(facts), *expected, "case {i}");
        }
    }

    #[test]
    fn muster_answers_are_decided_foreign_first_then_stored_then_closed_then_ended() {
        let gate = Uuid::from_u128(1);
        let org = Uuid::from_u128(2);
        let scan = Uuid::from_u128(3);
        let challenge = MusterChallengeRow {
            nonce: vec![0; 32],
            org_id: org,
            gate_id: gate,
            scan_id: scan,
            roll_call_id: Uuid::from_u128(4),
            pass_id: Uuid::from_u128(5),
            code_hash: Vec::new(),
            created_at_ms: 0,
            expires_at_ms: 30_000,
            wrong_answers: 0,
            outcome: None,
        };
        let stored = MusterChallengeRow {
            outcome: Some(Marked::Safe),
            ..challenge.clone()
        };
        let burned = MusterChallengeRow {
            wrong_answers: 3,
            ..challenge.clone()
        };
        let other = Uuid::from_u128(6);
        type Case<'a> = (
            Uuid,
            Uuid,
            Uuid,
            Option<&'a MusterChallengeRow>,
            bool,
            Option<DenyReason>,
            MusterAnswer,
        );
        let cases: [Case<'_>; 9] = [
            (
                gate,
                org,
                scan,
                None,
                true,
                None,
                MusterAnswer::UnknownNonce,
            ),
            (
                gate,
                other,
                scan,
                Some(&challenge),
                true,
                None,
                MusterAnswer::UnknownNonce,
            ),
            (
                other,
                org,
                scan,
                Some(&stored),
                true,
                None,
                MusterAnswer::ForeignNonce,
            ),
            (
                gate,
                org,
                other,
                Some(&challenge),
                true,
                None,
                MusterAnswer::ScanIdMismatch,
            ),
            (
                gate,
                org,
                scan,
                Some(&stored),
                false,
                Some(DenyReason::ChallengeExpired),
                MusterAnswer::Stored(Marked::Safe),
            ),
            (
                gate,
                org,
                scan,
                Some(&burned),
                true,
                Some(DenyReason::ChallengeBurned),
                MusterAnswer::Closed(DenyReason::ChallengeBurned),
            ),
            (
                gate,
                org,
                scan,
                Some(&challenge),
                true,
                Some(DenyReason::ChallengeExpired),
                MusterAnswer::Closed(DenyReason::ChallengeExpired),
            ),
            (
                gate,
                org,
                scan,
                Some(&challenge),
                false,
                None,
                MusterAnswer::RollCallEnded,
            ),
            (
                gate,
                org,
                scan,
                Some(&challenge),
                true,
                None,
                MusterAnswer::CheckAnswer,
            ),
        ];
        for (i, (gate, org, scan, challenge, active, closed, expected)) in
            cases.into_iter().enumerate()
        {
            assert_eq!(
                decide_muster_response(gate, org, scan, challenge, active, closed),
                expected,
                "case {i}"
            );
        }
    }

    #[test]
    fn the_list_reaches_back_to_the_day_start_and_at_least_twelve_hours() {
        let day = 86_400_000i64;
        let hour = 3_600_000i64;
        let cases = [
            (20 * day + 18 * hour, 20 * day),
            (20 * day + 12 * hour, 20 * day),
            (20 * day + 30 * 60_000, 20 * day + 30 * 60_000 - 12 * hour),
        ];
        for (now, since) in cases {
            assert_eq!(list_since_ms(now), since, "now {now}");
        }
    }

    #[test]
    fn scopes_are_served_by_their_sites_gates_only() {
        let site = Scope::Site("north".into());
        assert!(site.served_by(Some("north")));
        assert!(!site.served_by(Some("south")));
        assert!(!site.served_by(None));
        assert!(Scope::Everywhere.served_by(None));
        assert!(Scope::Zone {
            id: Uuid::nil(),
            name: "Lab".into()
        }
        .served_by(Some("south")));
    }

    #[test]
    fn counts_and_the_report_name_the_unaccounted() {
        let person = |n: u128, how: Option<MarkHow>| RollCallPerson {
            kind: if n == 5 {
                PersonKind::WalkIn
            } else {
                PersonKind::Pass
            },
            id: Uuid::from_u128(n),
            label: format!("P{n}"),
            last_seen: "Lobby".into(),
            marked_at_ms: how.map(|_| 5),
            marked_by: None,
            marked_where: None,
            how,
        };
        let people = [
            person(1, Some(MarkHow::Scan)),
            person(2, None),
            person(3, Some(MarkHow::Manual)),
            person(4, None),
            person(5, None),
        ];
        let counts = Counts::of(&people);
        assert_eq!(
            counts,
            Counts {
                inside: 5,
                safe: 2,
                unaccounted: 3,
                by_scan: 1,
                by_hand: 1
            }
        );
        let roll_call = RollCallRow {
            id: Uuid::from_u128(7),
            org_id: Uuid::nil(),
            site: None,
            zone_id: None,
            scope: "All sites".into(),
            started_at_ms: 1_000,
            started_by: "Officer".into(),
            ended_at_ms: None,
            ended_by: None,
        };
        let report = Report::of(&roll_call, &people, 91_000);
        assert_eq!(report.duration_s, 90);
        assert_eq!(
            report.unaccounted,
            vec![Uuid::from_u128(2), Uuid::from_u128(4)]
        );
        assert_eq!(report.unaccounted_walk_ins, vec![Uuid::from_u128(5)]);
        for kind in [PersonKind::Pass, PersonKind::WalkIn] {
            assert_eq!(PersonKind::try_from(kind.as_str().to_owned()), Ok(kind));
        }
        assert!(PersonKind::try_from("badge".to_owned()).is_err());
    }
}

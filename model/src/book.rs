//! One decider's book (the central server's or an on-site node's) and the TSR1 redemption
//! it runs on it, through `tessera_domain::rules` itself.
//!
//! The book holds, in a few small integers, what the decider's database holds about the one
//! pass the models follow: its uses and state, the challenges it issued, the outcomes stored
//! under their nonces, the scans it denied. Each step turns it back into the rows the
//! server reads ([`PassRow`], [`ChallengeRow`], [`RedemptionRow`], …) and asks the rules:
//! `decide_scan`, `decide_challenge_resend`, `decide_response`, `answer_is_right` (the real
//! MAC, under real keys), `wrong_answer_reason` and `settle`. A change to a rule changes
//! what the checker explores.

use tessera_domain::rows::{
    Admission, ChallengeContext, ChallengeRow, LockedRedemption, PassRow, PassState, RedemptionRow,
    StoredOutcome,
};
use tessera_domain::rules::{self, ChallengeResend, ResponseVerdict, ScanFacts, ScanVerdict};
use tessera_protocol::messages::DenyReason;
use tessera_protocol::{
    Nonce, PassId, PassKeys, RotatingCode, SecretKey, WalletChallenge, CODE_PERIOD_S,
};
use uuid::Uuid;

/// The models' epoch: a whole code step, so every code shown in a run is of one step.
pub const T0_MS: i64 = 1_800_000_000_000;
/// The site every pass, gate and node of the models belongs to.
pub const SITE: &str = "hall";
/// A challenge's lifetime in the models (the server's is 30 s; what matters is its order
/// against the other times: a step of the clock).
pub const CHALLENGE_LIFETIME_MS: i64 = 1_000;

/// The keys and ids every step needs, made once per model: a claimed pass with real keys.
pub struct Fixture {
    keys: PassKeys,
    wallet_key: Vec<u8>,
    /// The pass.
    pub pass_id: Uuid,
    /// Its organisation.
    pub org_id: Uuid,
}

impl std::fmt::Debug for Fixture {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fixture")
            .field("pass_id", &self.pass_id)
            .finish_non_exhaustive()
    }
}

impl Fixture {
    /// A pass claimed by a wallet, its keys derived as the server derives them.
    ///
    /// # Errors
    /// When the key agreement fails (it does not, for these fixed keys).
    pub fn new() -> tessera_protocol::Result<Self> {
        let pass_id = Uuid::from_u128(1);
        let server = SecretKey::from_bytes([7; 32]);
        let wallet = SecretKey::from_bytes([9; 32]);
        let wallet_public = wallet.public_key();
        let keys = PassKeys::for_server(&server, &wallet_public, PassId::new(pass_id))?;
        Ok(Fixture {
            keys,
            wallet_key: wallet_public.as_bytes().to_vec(),
            pass_id,
            org_id: Uuid::from_u128(2),
        })
    }

    /// The code the wallet shows at `at_ms` (true time: the wallet's clock is not modelled).
    #[must_use]
    pub fn code_at(&self, at_ms: i64) -> RotatingCode {
        let seconds = u64::try_from(at_ms / 1000).unwrap_or(0);
        self.keys
            .code_key
            .code_at(PassId::new(self.pass_id), seconds, CODE_PERIOD_S)
    }

    /// The wallet's answer to the challenge `nonce`; a wrong one is its answer to another.
    #[must_use]
    pub fn answer(&self, nonce: u8, right: bool) -> String {
        let asked = if right {
            nonce
        } else {
            nonce.wrapping_add(128)
        };
        self.keys
            .response_key
            .respond(&WalletChallenge {
                pass: PassId::new(self.pass_id),
                nonce: nonce_of(asked),
            })
            .to_string()
    }
}

/// A model nonce as the 32 bytes the server draws.
#[must_use]
pub fn nonce_of(nonce: u8) -> Nonce {
    Nonce::from_bytes([nonce; 32])
}

/// A gate's id.
#[must_use]
pub fn gate_id(gate: u8) -> Uuid {
    Uuid::from_u128(100 + u128::from(gate))
}

/// A scan's id (its gate's scans are numbered from 1).
#[must_use]
pub fn scan_id(gate: u8, scan: u8) -> Uuid {
    Uuid::from_u128(10_000 + u128::from(gate) * 100 + u128::from(scan))
}

/// What a gate is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Told {
    /// A challenge to show the wallet.
    Challenge(u8),
    /// Admitted (now, or earlier under this nonce).
    Admitted,
    /// Already admitted.
    AlreadyAdmitted,
    /// Denied, and why.
    Denied(Why),
    /// An `error` frame (a nonce this decider does not know, say).
    Error,
}

/// A denial's reason, as the models keep it (ordered, for the network's set).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Why(pub u8);

impl Why {
    /// The model's code for `reason`.
    #[must_use]
    pub fn of(reason: DenyReason) -> Self {
        Why(REASONS
            .iter()
            .position(|known| *known == reason)
            .and_then(|at| u8::try_from(at).ok())
            .unwrap_or(u8::MAX))
    }

    /// The reason.
    #[must_use]
    pub fn reason(self) -> Option<DenyReason> {
        REASONS.get(usize::from(self.0)).copied()
    }
}

const REASONS: [DenyReason; 14] = [
    DenyReason::UnknownPass,
    DenyReason::NotClaimed,
    DenyReason::BadCode,
    DenyReason::StaleCode,
    DenyReason::FutureCode,
    DenyReason::Revoked,
    DenyReason::Expired,
    DenyReason::NotYetValid,
    DenyReason::WrongSite,
    DenyReason::SiteDelegated,
    DenyReason::CodeReplayed,
    DenyReason::ChallengeBurned,
    DenyReason::ChallengeExpired,
    DenyReason::BadResponse,
];

/// An outcome stored under a nonce.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kept {
    /// Admitted.
    Admitted,
    /// Already admitted, naming an admission (its gate and time) when there is one.
    AlreadyAdmitted(Option<(u8, i64)>),
    /// Denied.
    Denied(Why),
}

impl Kept {
    fn of(outcome: StoredOutcome) -> Self {
        match outcome {
            StoredOutcome::Admitted => Kept::Admitted,
            StoredOutcome::AlreadyAdmitted(admission) => {
                Kept::AlreadyAdmitted(admission.map(|a| (gate_index(a.gate_id), a.at_ms)))
            }
            StoredOutcome::Denied(reason) => Kept::Denied(Why::of(reason)),
        }
    }

    fn stored(self) -> StoredOutcome {
        match self {
            Kept::Admitted => StoredOutcome::Admitted,
            Kept::AlreadyAdmitted(admission) => {
                StoredOutcome::AlreadyAdmitted(admission.map(|(gate, at_ms)| Admission {
                    gate_id: gate_id(gate),
                    at_ms,
                }))
            }
            Kept::Denied(why) => {
                StoredOutcome::Denied(why.reason().unwrap_or(DenyReason::BadResponse))
            }
        }
    }

    /// What the gate is told of it.
    #[must_use]
    pub fn told(self) -> Told {
        match self {
            Kept::Admitted => Told::Admitted,
            Kept::AlreadyAdmitted(_) => Told::AlreadyAdmitted,
            Kept::Denied(why) => Told::Denied(why),
        }
    }
}

fn gate_index(id: Uuid) -> u8 {
    u8::try_from(id.as_u128().saturating_sub(100)).unwrap_or(u8::MAX)
}

/// A challenge the decider issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Challenge {
    /// Its nonce.
    pub nonce: u8,
    /// The gate it was issued to.
    pub gate: u8,
    /// The scan it answers.
    pub scan: u8,
    /// The code's step.
    pub counter: u64,
    /// When it was issued (the decider's clock).
    pub created_ms: i64,
    /// Wrong answers counted.
    pub wrong: u8,
}

/// An outcome stored under a nonce, with its challenge's gate and scan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stored {
    /// The nonce.
    pub nonce: u8,
    /// What is stored.
    pub kept: Kept,
    /// When (the decider's clock).
    pub at_ms: i64,
}

/// What one decider holds about the pass.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Book {
    /// Whether it has the pass at all (a node before its first sync-down has not).
    pub knows_pass: bool,
    /// Uses counted.
    pub uses: i64,
    /// Every use counted (`used`).
    pub used: bool,
    /// Revoked.
    pub revoked: bool,
    /// Challenges (a crash loses those with no outcome: they are committed relaxed).
    pub challenges: Vec<Challenge>,
    /// Outcomes stored under nonces (durable).
    pub outcomes: Vec<Stored>,
    /// Scans denied before any challenge, by gate and scan (durable).
    pub denials: Vec<(u8, u8, Why)>,
    /// The step admission (gate, time, step), and the latest admission (gate, time).
    pub step_admission: Option<(u8, i64, u64)>,
    /// The latest admission.
    pub last_admission: Option<(u8, i64)>,
}

/// What a step of the redemption did besides its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Nothing more.
    None,
    /// An admission was committed under this nonce.
    Admitted(u8),
}

impl Book {
    /// A book that has the pass, claimed, with no use counted.
    #[must_use]
    pub fn with_pass() -> Self {
        Book {
            knows_pass: true,
            ..Book::default()
        }
    }

    /// The pass's stored state.
    #[must_use]
    pub fn state(&self) -> PassState {
        if self.revoked {
            PassState::Revoked
        } else if self.used {
            PassState::Used
        } else {
            PassState::Claimed
        }
    }

    /// The pass as the server's row.
    #[must_use]
    pub fn pass_row(&self, fixture: &Fixture, max_uses: i64) -> PassRow {
        PassRow {
            id: fixture.pass_id,
            org_id: fixture.org_id,
            label: "visitor".into(),
            site: Some(SITE.into()),
            valid_from_ms: T0_MS - 3_600_000,
            valid_until_ms: T0_MS + 3_600_000,
            max_uses,
            uses: self.uses,
            state: self.state(),
            claim_token_hash: Vec::new(),
            wallet_public_key: Some(fixture.wallet_key.clone()),
            server_kid: "k".into(),
            created_at_ms: T0_MS - 7_200_000,
            claimed_at_ms: Some(T0_MS - 7_000_000),
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

    /// Takes the central server's copy of the pass from a sync-down.
    pub fn take_pass(&mut self, pass: &PassRow) {
        self.knows_pass = true;
        self.uses = pass.uses;
        self.used = pass.state == PassState::Used;
        self.revoked = pass.state == PassState::Revoked;
    }

    /// A crash: the challenges committed relaxed and not yet followed by a durable commit
    /// are lost (an outcome's commit makes its challenge durable).
    pub fn crash(&mut self) {
        let outcomes = self.outcomes.clone();
        self.challenges
            .retain(|c| outcomes.iter().any(|stored| stored.nonce == c.nonce));
    }

    fn challenge_row(&self, fixture: &Fixture, c: &Challenge) -> ChallengeRow {
        ChallengeRow {
            nonce: nonce_of(c.nonce).as_bytes().to_vec(),
            org_id: fixture.org_id,
            gate_id: gate_id(c.gate),
            scan_id: scan_id(c.gate, c.scan),
            pass_id: fixture.pass_id,
            counter: i64::try_from(c.counter).unwrap_or(0),
            code_hash: vec![0; 32],
            created_at_ms: c.created_ms,
            expires_at_ms: c.created_ms + CHALLENGE_LIFETIME_MS,
            wrong_answers: i64::from(c.wrong),
        }
    }

    fn stored_row(&self, fixture: &Fixture, c: &Challenge) -> Option<RedemptionRow> {
        self.outcomes
            .iter()
            .find(|stored| stored.nonce == c.nonce)
            .map(|stored| {
                RedemptionRow::for_challenge(
                    &self.challenge_row(fixture, c),
                    stored.kept.stored(),
                    stored.at_ms,
                )
            })
    }

    fn context(&self, fixture: &Fixture, c: &Challenge, max_uses: i64) -> ChallengeContext {
        ChallengeContext {
            challenge: self.challenge_row(fixture, c),
            pass: self.pass_row(fixture, max_uses),
            stored: self.stored_row(fixture, c),
        }
    }

    /// A scan at `gate` of the code the wallet showed at `shown_at_ms` (true time), decided
    /// at `now_ms` on this decider's clock (§10 order; a resend is answered as the first
    /// was); `next_nonce` is the next fresh nonce.
    #[allow(clippy::too_many_arguments)]
    pub fn scan(
        &mut self,
        fixture: &Fixture,
        max_uses: i64,
        gate: u8,
        scan: u8,
        shown_at_ms: i64,
        now_ms: i64,
        decides_here: bool,
        next_nonce: &mut u8,
    ) -> Told {
        if let Some(c) = self
            .challenges
            .iter()
            .find(|c| c.gate == gate && c.scan == scan)
        {
            let context = self.context(fixture, c, max_uses);
            return match rules::decide_challenge_resend(&context, now_ms) {
                ChallengeResend::Stored(row) => Kept::of(row.outcome).told(),
                ChallengeResend::Closed(reason) => Told::Denied(Why::of(reason)),
                ChallengeResend::Open => Told::Challenge(c.nonce),
            };
        }
        if let Some((_, _, why)) = self
            .denials
            .iter()
            .find(|(g, s, _)| *g == gate && *s == scan)
        {
            return Told::Denied(*why);
        }
        let code = fixture.code_at(shown_at_ms);
        let counter = code.counter;
        let pass = self.pass_row(fixture, max_uses);
        let verdict = rules::decide_scan(&ScanFacts {
            code: Some(&code),
            pass: self.knows_pass.then_some(&pass),
            keys: Some(&fixture.keys),
            gate_id: gate_id(gate),
            gate_site: Some(SITE),
            step_gate_id: self
                .step_admission
                .filter(|(_, _, step)| *step == counter)
                .map(|(g, _, _)| gate_id(g)),
            now_ms,
            code_step_s: CODE_PERIOD_S,
            decides_here,
        });
        match verdict {
            ScanVerdict::Challenge => {
                let nonce = *next_nonce;
                *next_nonce = next_nonce.saturating_add(1);
                self.challenges.push(Challenge {
                    nonce,
                    gate,
                    scan,
                    counter,
                    created_ms: now_ms,
                    wrong: 0,
                });
                Told::Challenge(nonce)
            }
            ScanVerdict::Deny(denial) => {
                let why = Why::of(denial.reason);
                self.denials.push((gate, scan, why));
                Told::Denied(why)
            }
        }
    }

    /// A wallet's answer (`right` or a forgery), sent by `gate` for `scan` to the challenge
    /// `nonce`, decided at `now_ms` on this decider's clock, which `decides` for the pass or
    /// no longer does (a node's authority at the commit). A correct answer commits an
    /// admission when `rules::admits_now` (the hot path's conditional write) says so, and
    /// otherwise what `rules::settle` stores.
    #[allow(clippy::too_many_arguments)]
    pub fn answer(
        &mut self,
        fixture: &Fixture,
        max_uses: i64,
        gate: u8,
        scan: u8,
        nonce: u8,
        right: bool,
        decides: bool,
        now_ms: i64,
    ) -> (Told, Effect) {
        let Some(index) = self.challenges.iter().position(|c| c.nonce == nonce) else {
            return (Told::Error, Effect::None);
        };
        let c = self.challenges[index];
        let context = self.context(fixture, &c, max_uses);
        match rules::decide_response(
            gate_id(gate),
            fixture.org_id,
            scan_id(gate, scan),
            Some(&context),
            now_ms,
        ) {
            ResponseVerdict::UnknownNonce
            | ResponseVerdict::ForeignNonce { .. }
            | ResponseVerdict::ScanIdMismatch => return (Told::Error, Effect::None),
            ResponseVerdict::Stored(row) => return (Kept::of(row.outcome).told(), Effect::None),
            ResponseVerdict::Closed(reason) => {
                return (Told::Denied(Why::of(reason)), Effect::None)
            }
            ResponseVerdict::CheckAnswer => {}
        }
        let text = fixture.answer(nonce, right);
        if !rules::answer_is_right(&fixture.keys, fixture.pass_id, &nonce_of(nonce), &text) {
            return (self.wrong_answer(index), Effect::None);
        }
        // `redemption::redeem` on a node: no commit once it no longer decides (a return
        // was asked for, the lease ran out); nothing is stored.
        if !decides {
            return (
                Told::Denied(Why::of(DenyReason::SiteDelegated)),
                Effect::None,
            );
        }
        let locked = LockedRedemption {
            challenge: context.challenge,
            pass: context.pass,
            stored: context.stored,
            step_admission: self
                .step_admission
                .filter(|(_, _, step)| *step == c.counter)
                .map(|(g, at_ms, _)| Admission {
                    gate_id: gate_id(g),
                    at_ms,
                }),
            last_admission: self.last_admission.map(|(g, at_ms)| Admission {
                gate_id: gate_id(g),
                at_ms,
            }),
        };
        if rules::admits_now(&locked, &fixture.wallet_key, now_ms) {
            self.uses += 1;
            if self.uses >= max_uses {
                self.used = true;
            }
            self.step_admission = Some((gate, now_ms, c.counter));
            self.last_admission = Some((gate, now_ms));
            self.outcomes.push(Stored {
                nonce,
                kept: Kept::Admitted,
                at_ms: now_ms,
            });
            return (Told::Admitted, Effect::Admitted(nonce));
        }
        match rules::settle(&locked, &fixture.wallet_key, now_ms) {
            rules::Settlement::Replay(row) => (Kept::of(row.outcome).told(), Effect::None),
            rules::Settlement::Closed(reason) => (Told::Denied(Why::of(reason)), Effect::None),
            rules::Settlement::KeyUnbound => (self.wrong_answer(index), Effect::None),
            rules::Settlement::Store(outcome) => {
                let kept = Kept::of(outcome);
                self.outcomes.push(Stored {
                    nonce,
                    kept,
                    at_ms: now_ms,
                });
                (kept.told(), Effect::None)
            }
            // `admits_now` said no: settle cannot say admit.
            rules::Settlement::Admit => (Told::Error, Effect::None),
        }
    }

    /// §10 "Burning": the database counts a wrong answer up to `BURN_AT`.
    fn wrong_answer(&mut self, index: usize) -> Told {
        let counted = self
            .challenges
            .get(index)
            .is_some_and(|c| i64::from(c.wrong) < rules::BURN_AT);
        if counted {
            if let Some(c) = self.challenges.get_mut(index) {
                c.wrong += 1;
            }
        }
        Told::Denied(Why::of(rules::wrong_answer_reason(counted)))
    }
}

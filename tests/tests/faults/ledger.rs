//! What the gates, wallets and attackers of one run saw, and the shared queue of visitors.
//!
//! The invariants are checked against the database *and* against what every gate was told,
//! so each observation is written down as it happens: every `result` an honest gate
//! received (duplicates included, since a resend may be answered twice), every attack with
//! the answer it got, and counters for retries and faults.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use tessera_protocol::messages::{DenyReason, ErrorCode, Outcome, ServerMessage};
use tessera_protocol::Nonce;
use uuid::Uuid;

/// One `result` an honest gate received.
#[derive(Clone, Debug)]
pub struct Seen {
    /// The gate device it was sent to.
    pub gate_id: Uuid,
    /// The scan it concludes.
    pub scan_id: Uuid,
    /// Its nonce, if any.
    pub nonce: Option<Nonce>,
    /// The verdict.
    pub outcome: Outcome,
    /// The denial reason.
    pub reason: Option<DenyReason>,
    /// A stored outcome sent again.
    pub replayed: bool,
}

/// A challenge an honest gate received (material for a foreign-nonce attack).
#[derive(Clone, Debug)]
pub struct SeenChallenge {
    /// Its scan.
    pub scan_id: Uuid,
    /// The nonce.
    pub nonce: Nonce,
    /// The pass.
    pub pass: Uuid,
    /// When it was seen.
    pub at: Instant,
}

/// An admission an honest gate reported (material for a replayed-code attack).
#[derive(Clone, Debug)]
pub struct SeenAdmission {
    /// The pass.
    pub pass: Uuid,
    /// The rotating code that was scanned.
    pub code: String,
    /// Its step `T`.
    pub step: u64,
}

/// The kinds of attack injected during a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AttackKind {
    /// Another gate's nonce, with the wallet's correct answer (a copied credential).
    ForeignNonce,
    /// A code that already admitted someone, scanned at another gate.
    ReplayedCode,
    /// A wrong MAC for the attacker gate's own challenge.
    WrongMac,
}

/// One injected attack and what the server answered.
#[derive(Clone, Debug)]
pub struct Attack {
    /// Which attack.
    pub kind: AttackKind,
    /// The server's answer (`None` when nothing arrived before the deadline).
    pub answer: Option<ServerMessage>,
    /// How many times the attack frame was sent (retries after faults included).
    pub sends: u32,
    /// For a wrong MAC: the nonce that must stay unredeemed.
    pub nonce: Option<Nonce>,
}

/// Everything observed during one run.
#[derive(Debug, Default)]
pub struct Observed {
    /// Every `result` honest gates received.
    pub results: Vec<Seen>,
    /// Honest challenges, newest last.
    pub challenges: Vec<SeenChallenge>,
    /// Honest admissions, newest last.
    pub admissions: Vec<SeenAdmission>,
    /// Attacks and their answers.
    pub attacks: Vec<Attack>,
    /// `error` codes honest gates received.
    pub errors: HashMap<ErrorCode, u64>,
    /// Problems found while the run was going (a gate that could not finish, a frame it
    /// could not read); each is a violation.
    pub problems: Vec<String>,
    /// How long each step of the honest exchanges took.
    pub timings: Vec<Timing>,
}

/// How long one step of an honest exchange took, counted from the first time its message
/// was sent (so a resend after a lost connection counts the whole wait).
#[derive(Clone, Debug)]
pub struct Timing {
    /// When the answer arrived.
    pub at: Instant,
    /// Which step.
    pub step: Step,
    /// From the first send to the answer.
    pub took: std::time::Duration,
    /// The message had to be sent again (its connection was lost).
    pub resent: bool,
}

/// The two round trips of an admission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// `scan` → `challenge`.
    ScanToChallenge,
    /// `response` → `result`.
    ResponseToResult,
}

/// The shared record of a run.
#[derive(Debug, Default)]
pub struct Ledger {
    /// Observations.
    pub seen: Mutex<Observed>,
    /// Scans started by honest gates.
    pub scans: AtomicU64,
    /// Messages resent by honest gates (timeouts, retryable errors, reconnects).
    pub retries: AtomicU64,
    /// Failed connection attempts of honest gates.
    pub failed_connects: AtomicU64,
    /// Connection attempts the server deferred with `Retry-After`.
    pub deferred_connects: AtomicU64,
    /// Honest gates connected now.
    pub online: AtomicUsize,
    /// Visits repeated with a fresh code after a stale or expired one.
    pub revisits: AtomicU64,
}

impl Ledger {
    /// Runs `f` on the observations.
    pub fn with<T>(&self, f: impl FnOnce(&mut Observed) -> T) -> T {
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut seen)
    }

    /// Adds one to a counter.
    pub fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::SeqCst);
    }

    /// A problem found during the run.
    pub fn problem(&self, text: String) {
        self.with(|seen| seen.problems.push(text));
    }
}

/// A visitor who must get in: one use of a pass.
#[derive(Clone, Debug)]
pub struct Visit {
    /// The pass.
    pub pass: Uuid,
    /// The visitor does not show up before this step (a second use needs a new code).
    pub not_before_step: u64,
    /// Uses still to come after this one.
    pub uses_after: u32,
    /// Attempts so far (a stale code makes the visitor try again).
    pub attempt: u32,
}

/// Visitors waiting to walk up to any gate; `outstanding` counts those not yet admitted
/// (waiting or at a gate), so gates know when the run's work is done.
#[derive(Debug, Default)]
pub struct VisitQueue {
    waiting: Mutex<VecDeque<Visit>>,
    outstanding: AtomicUsize,
    /// The doors closed: no new visit starts, no follow-up is queued.
    closed: std::sync::atomic::AtomicBool,
}

impl VisitQueue {
    /// Queues the first use of each pass.
    pub fn new(visits: Vec<Visit>) -> Self {
        let outstanding = AtomicUsize::new(visits.len());
        Self {
            waiting: Mutex::new(visits.into()),
            outstanding,
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, VecDeque<Visit>> {
        self.waiting
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The first visitor allowed to show up at `step`, if any.
    pub fn next_ready(&self, step: u64) -> Option<Visit> {
        let mut waiting = self.waiting();
        let at = waiting.iter().position(|v| v.not_before_step <= step)?;
        waiting.remove(at)
    }

    /// The visitor comes back later (a stale code, an unanswered challenge).
    pub fn retry(&self, visit: Visit) {
        self.waiting().push_back(visit);
    }

    /// Closes the doors: the visitors still waiting go home (their visits end unstarted),
    /// the ones at a gate finish, and nobody comes back for another use. A run that stops
    /// at a moment of its choosing (`tests/tests/storm`) ends this way.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let mut waiting = self.waiting();
        self.outstanding.fetch_sub(waiting.len(), Ordering::SeqCst);
        waiting.clear();
    }

    /// The visit ended; a follow-up use, if any, is queued for a later step.
    pub fn finish(&self, visit: &Visit, admitted_step: u64) {
        if visit.uses_after > 0 && !self.closed.load(Ordering::SeqCst) {
            self.outstanding.fetch_add(1, Ordering::SeqCst);
            self.waiting().push_back(Visit {
                pass: visit.pass,
                not_before_step: admitted_step + 1,
                uses_after: visit.uses_after - 1,
                attempt: 0,
            });
        }
        self.outstanding.fetch_sub(1, Ordering::SeqCst);
    }

    /// The visit ended without admission and will not be retried.
    pub fn give_up(&self) {
        self.outstanding.fetch_sub(1, Ordering::SeqCst);
    }

    /// Visits not finished.
    pub fn outstanding(&self) -> usize {
        self.outstanding.load(Ordering::SeqCst)
    }
}

//! TSR1 at one gate (issue 54's second model): a scan, its challenge, the wallet's answers
//! right or forged, resends of either, three wrong answers burning the challenge, and the
//! outcome stored under the nonce answered again on a retry, over a network that loses,
//! duplicates and reorders, with a server that crashes.
//!
//! The decisions are `tessera_domain::rules`' own, through [`crate::book::Book`].

use stateright::{Model, Property};

use tessera_protocol::messages::DenyReason;

use crate::book::{Book, Fixture, Told, Why, T0_MS};
use crate::system::TICK_MS;

/// The bounds of one run.
#[derive(Clone, Copy, Debug)]
pub struct ExchangeBounds {
    /// Scans the gate makes.
    pub scans: u8,
    /// Answers the wallet (or a forger) sends per challenge.
    pub answers: u8,
    /// The pass's uses.
    pub max_uses: i64,
    /// The last step of the clock.
    pub max_time_s: u8,
    /// Messages lost.
    pub drops: u8,
    /// Messages delivered twice.
    pub dups: u8,
    /// Server crashes.
    pub crashes: u8,
}

impl ExchangeBounds {
    /// The suite's bounds.
    #[must_use]
    pub fn suite() -> Self {
        ExchangeBounds {
            scans: 2,
            answers: 4,
            max_uses: 1,
            max_time_s: 1,
            drops: 1,
            dups: 1,
            crashes: 1,
        }
    }

    /// The deeper run's bounds.
    #[must_use]
    pub fn deep() -> Self {
        ExchangeBounds {
            scans: 3,
            answers: 5,
            max_uses: 2,
            max_time_s: 2,
            drops: 2,
            dups: 2,
            crashes: 1,
        }
    }
}

/// A message in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Frame {
    /// The gate's scan.
    Scan {
        /// Its scan.
        scan: u8,
        /// When the code was shown.
        shown_ms: i64,
    },
    /// The gate's `response`: the wallet's answer, right or forged.
    Answer {
        /// Its scan.
        scan: u8,
        /// The challenge.
        nonce: u8,
        /// Whether it is the wallet's MAC.
        right: bool,
    },
    /// The server's answer.
    Reply {
        /// The scan.
        scan: u8,
        /// What the gate is told.
        told: Told,
    },
}

/// The gate's journal of its scan in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Open {
    /// The scan.
    pub scan: u8,
    /// When the code was shown.
    pub shown_ms: i64,
    /// Its challenge.
    pub nonce: Option<u8>,
    /// Answers sent.
    pub answers: u8,
    /// The last answer sent (for a resend).
    pub last: Option<bool>,
}

/// A state of the exchange.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Exchange {
    /// The clock.
    pub now_ms: i64,
    /// The server's book.
    pub book: Book,
    /// Scans made.
    pub scans: u8,
    /// The scan in flight.
    pub open: Option<Open>,
    /// Frames in flight (a set).
    pub net: Vec<Frame>,
    /// The next nonce.
    pub next_nonce: u8,
    /// Faults left: drops, duplicates, crashes.
    pub faults: [u8; 3],
    /// What the checker keeps: admissions, the first outcome the gate heard per nonce,
    /// wrong answers sent per nonce, and the violations seen.
    pub ghost: ExchangeGhost,
}

/// What the checker keeps.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ExchangeGhost {
    /// Admissions committed (nonces).
    pub admissions: Vec<u8>,
    /// The first final outcome heard per nonce.
    pub heard: Vec<(u8, Told)>,
    /// A later answer under a nonce differed from the first.
    pub changed: bool,
    /// An admission under a nonce after three wrong answers to it were counted.
    pub burned_admitted: bool,
    /// The gate was told admitted with no admission stored.
    pub told_uncommitted: bool,
    /// A challenge burned.
    pub burned: bool,
    /// A retry was answered with the stored outcome.
    pub replayed: bool,
}

/// A step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// The clock moves.
    Tick,
    /// The gate scans.
    Scan,
    /// The wallet (`true`) or a forger (`false`) answers the challenge.
    Answer(bool),
    /// The gate resends its journaled frame.
    Resend,
    /// The guard gives up on the scan (to scan again).
    Abandon,
    /// A frame arrives (and, `true`, stays to arrive again).
    Deliver(Frame, bool),
    /// A frame is lost.
    Drop(Frame),
    /// A frame arrives and is acted on, and the server's answer is lost.
    LoseReply(Frame),
    /// The server crashes and restarts.
    Crash,
}

/// The exchange model.
#[derive(Debug)]
pub struct ExchangeModel {
    /// Its bounds.
    pub bounds: ExchangeBounds,
    fixture: Fixture,
}

/// The properties' names.
pub mod names {
    /// Safety: uses.
    pub const USES: &str = "a pass is admitted at most its uses";
    /// Safety: burning.
    pub const BURNED: &str = "a challenge with three wrong answers never admits";
    /// Safety: the stored outcome.
    pub const STORED: &str = "a retry is answered with the outcome stored under its nonce";
    /// Safety: commit before answer.
    pub const TOLD: &str = "the gate is told admitted only for a committed admission";
    /// Reachability: a burn.
    pub const BURNS: &str = "a challenge burns";
    /// Reachability: a replay.
    pub const REPLAYS: &str = "a resent answer gets the stored outcome";
    /// Reachability: an admission.
    pub const ADMITS: &str = "a visitor is admitted";
}

impl ExchangeModel {
    /// The model within `bounds`.
    ///
    /// # Errors
    /// When the fixture's keys cannot be derived.
    pub fn new(bounds: ExchangeBounds) -> tessera_protocol::Result<Self> {
        Ok(ExchangeModel {
            bounds,
            fixture: Fixture::new()?,
        })
    }

    fn send(s: &mut Exchange, frame: Frame) {
        if let Err(at) = s.net.binary_search(&frame) {
            s.net.insert(at, frame);
        }
    }

    fn journaled(open: &Open) -> Frame {
        match (open.nonce, open.last) {
            (Some(nonce), Some(right)) => Frame::Answer {
                scan: open.scan,
                nonce,
                right,
            },
            _ => Frame::Scan {
                scan: open.scan,
                shown_ms: open.shown_ms,
            },
        }
    }

    /// Acts on `frame`; the server's answer goes straight back to the gate (its socket is
    /// waiting) unless `lost`.
    fn deliver(&self, s: &mut Exchange, frame: Frame, lost: bool) {
        let max_uses = self.bounds.max_uses;
        match frame {
            Frame::Scan { scan, shown_ms } => {
                let mut next = s.next_nonce;
                let told = s.book.scan(
                    &self.fixture,
                    max_uses,
                    0,
                    scan,
                    shown_ms,
                    s.now_ms,
                    true,
                    &mut next,
                );
                s.next_nonce = next;
                if !lost {
                    self.deliver(s, Frame::Reply { scan, told }, false);
                }
            }
            Frame::Answer { scan, nonce, right } => {
                let stored_before = s.book.outcomes.iter().any(|o| o.nonce == nonce);
                let (told, effect) = s.book.answer(
                    &self.fixture,
                    max_uses,
                    0,
                    scan,
                    nonce,
                    right,
                    true,
                    s.now_ms,
                );
                if let crate::book::Effect::Admitted(nonce) = effect {
                    let burned = s.book.challenges.iter().any(|c| {
                        c.nonce == nonce && i64::from(c.wrong) >= tessera_domain::rules::BURN_AT
                    });
                    if burned {
                        s.ghost.burned_admitted = true;
                    }
                    s.ghost.admissions.push(nonce);
                }
                if stored_before {
                    s.ghost.replayed = true;
                }
                if told == Told::Denied(Why::of(DenyReason::ChallengeBurned)) {
                    s.ghost.burned = true;
                }
                if matches!(told, Told::Admitted | Told::AlreadyAdmitted)
                    || s.book.outcomes.iter().any(|o| o.nonce == nonce)
                {
                    match s.ghost.heard.iter().find(|(n, _)| *n == nonce) {
                        Some((_, first)) if *first != told => s.ghost.changed = true,
                        Some(_) => {}
                        None => s.ghost.heard.push((nonce, told)),
                    }
                }
                if !lost {
                    self.deliver(s, Frame::Reply { scan, told }, false);
                }
            }
            Frame::Reply { scan, told } => {
                let Some(open) = s.open else {
                    return;
                };
                if open.scan != scan {
                    return;
                }
                match told {
                    Told::Challenge(nonce) => {
                        if open.nonce.is_none() {
                            s.open = Some(Open {
                                nonce: Some(nonce),
                                ..open
                            });
                        }
                    }
                    Told::Admitted => {
                        let committed = open.nonce.is_some_and(|nonce| {
                            s.book
                                .outcomes
                                .iter()
                                .any(|o| o.nonce == nonce && o.kept == crate::book::Kept::Admitted)
                        });
                        if !committed {
                            s.ghost.told_uncommitted = true;
                        }
                        s.open = None;
                    }
                    // `bad_response` leaves the challenge open for another try; anything
                    // else ends the scan.
                    Told::Denied(why) if why.reason() == Some(DenyReason::BadResponse) => {}
                    _ => s.open = None,
                }
            }
        }
    }
}

impl Model for ExchangeModel {
    type State = Exchange;
    type Action = Step;

    fn init_states(&self) -> Vec<Exchange> {
        vec![Exchange {
            now_ms: T0_MS,
            book: Book::with_pass(),
            scans: 0,
            open: None,
            net: Vec::new(),
            next_nonce: 1,
            faults: [self.bounds.drops, self.bounds.dups, self.bounds.crashes],
            ghost: ExchangeGhost::default(),
        }]
    }

    fn actions(&self, s: &Exchange, actions: &mut Vec<Step>) {
        let b = &self.bounds;
        if s.now_ms < T0_MS + i64::from(b.max_time_s) * TICK_MS {
            actions.push(Step::Tick);
        }
        // The gate waits for an answer to what it sent: it answers again, resends or
        // gives up only when nothing of its scan is in flight.
        let waiting = !s.net.is_empty();
        match s.open {
            None => {
                if s.scans < b.scans {
                    actions.push(Step::Scan);
                }
            }
            Some(_) if waiting => {}
            Some(open) => {
                if open.nonce.is_some() && open.answers < b.answers {
                    actions.push(Step::Answer(true));
                    actions.push(Step::Answer(false));
                }
                actions.push(Step::Resend);
                actions.push(Step::Abandon);
            }
        }
        for frame in &s.net {
            actions.push(Step::Deliver(*frame, false));
            if s.faults[1] > 0 {
                actions.push(Step::Deliver(*frame, true));
            }
            if s.faults[0] > 0 {
                actions.push(Step::Drop(*frame));
                actions.push(Step::LoseReply(*frame));
            }
        }
        if s.faults[2] > 0 {
            actions.push(Step::Crash);
        }
    }

    fn next_state(&self, last: &Exchange, step: Step) -> Option<Exchange> {
        let mut s = last.clone();
        match step {
            Step::Tick => s.now_ms += TICK_MS,
            Step::Scan => {
                s.scans += 1;
                let open = Open {
                    scan: s.scans,
                    shown_ms: s.now_ms,
                    nonce: None,
                    answers: 0,
                    last: None,
                };
                s.open = Some(open);
                Self::send(&mut s, Self::journaled(&open));
            }
            Step::Answer(right) => {
                let open = s.open.as_mut()?;
                open.answers += 1;
                open.last = Some(right);
                let frame = Self::journaled(open);
                Self::send(&mut s, frame);
            }
            Step::Resend => {
                let frame = Self::journaled(&s.open?);
                Self::send(&mut s, frame);
            }
            Step::Abandon => s.open = None,
            Step::Deliver(frame, twice) => {
                if twice {
                    s.faults[1] -= 1;
                } else if let Ok(at) = s.net.binary_search(&frame) {
                    s.net.remove(at);
                }
                self.deliver(&mut s, frame, false);
            }
            Step::LoseReply(frame) => {
                s.faults[0] -= 1;
                if let Ok(at) = s.net.binary_search(&frame) {
                    s.net.remove(at);
                }
                self.deliver(&mut s, frame, true);
            }
            Step::Drop(frame) => {
                s.faults[0] -= 1;
                if let Ok(at) = s.net.binary_search(&frame) {
                    s.net.remove(at);
                }
            }
            Step::Crash => {
                s.faults[2] -= 1;
                s.book.crash();
            }
        }
        Some(s)
    }

    fn properties(&self) -> Vec<Property<Self>> {
        vec![
            Property::always(names::USES, |m: &ExchangeModel, s: &Exchange| {
                i64::try_from(s.ghost.admissions.len()).unwrap_or(i64::MAX) <= m.bounds.max_uses
            }),
            Property::always(names::BURNED, |_: &ExchangeModel, s: &Exchange| {
                !s.ghost.burned_admitted
            }),
            Property::always(names::STORED, |_: &ExchangeModel, s: &Exchange| {
                !s.ghost.changed
            }),
            Property::always(names::TOLD, |_: &ExchangeModel, s: &Exchange| {
                !s.ghost.told_uncommitted
            }),
            Property::sometimes(names::BURNS, |_: &ExchangeModel, s: &Exchange| {
                s.ghost.burned
            }),
            Property::sometimes(names::REPLAYS, |_: &ExchangeModel, s: &Exchange| {
                s.ghost.replayed
            }),
            Property::sometimes(names::ADMITS, |_: &ExchangeModel, s: &Exchange| {
                !s.ghost.admissions.is_empty()
            }),
        ]
    }
}

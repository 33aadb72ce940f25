//! The system: the central server, on-site nodes and gates, over a network that loses,
//! duplicates, reorders and delays, with crashes, a cut uplink and clocks that drift.
//!
//! Every decision is the project's own: who decides (`sites::central_admits`,
//! `sites::node_authority`), a lease's terms (`sites::lease_terms`), a sync-down
//! (`sites::merge_pass`), what a shipped admission is worth (`shipped::judge_admission`,
//! `shipped::ingest_admission`, `shipped::count_shipped_use`), and the redemption at each
//! decider (`rules`, through [`crate::book`]). The model only moves messages and time
//! between them. A [`Mutation`] puts a broken decision in one place, in the model only, to
//! show the checker finds what it breaks.
//!
//! Time runs in steps of a second of the central clock; a node's clock is the central one
//! plus its skew, fixed per run and within [`CLOCK_DRIFT_MS`].

use stateright::{Model, Property};
use tessera_domain::rows::PassState;
use tessera_domain::shipped::{self, Ingest, LeaseSpan, Shipper};
use tessera_domain::sites::{self, Lease, NodeAuthority, CLOCK_DRIFT_MS};
use uuid::Uuid;

use crate::book::{Book, Effect, Fixture, Told, CHALLENGE_LIFETIME_MS, SITE, T0_MS};

/// A lease's term in the model.
pub const LEASE_TERM_MS: i64 = 8_000;
/// How far an operator on site extends a lease.
pub const EXTENSION_MS: i64 = 4_000;
/// A step of the clock.
pub const TICK_MS: i64 = 1_000;

/// A decision broken on purpose, in the model only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// The model as built: every decision the project's.
    None,
    /// The drift margin dropped: the node's authority and the ingest's lease check read
    /// the lease's ends with no `CLOCK_DRIFT_MS`.
    NoDriftMargin,
    /// The central server admits a pass whose site a node holds.
    CentralAdmitsDelegated,
    /// The ingest counts a shipped admission whether or not its nonce was recorded.
    IngestTwice,
    /// The node hands its lease back while a shipped batch is still unanswered.
    ReturnRacesShip,
    /// The node goes on deciding while it returns its lease: the code before issue 54's
    /// first finding was fixed (`docs/model-checking.md`, "the return window").
    DecidesWhileReturning,
}

/// What an operator or an admin may do in a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Operators {
    /// An operator on site extends the node's lease (`node extend`).
    pub extend: bool,
    /// An operator returns the lease (`node return`), and may resume after.
    pub give_back: bool,
    /// An admin reclaims a lapsed lease from the central server.
    pub reclaim: bool,
    /// An issuer revokes the pass centrally.
    pub revoke: bool,
}

/// The bounds of one run.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// On-site nodes (1 or 2), all of the one site.
    pub nodes: u8,
    /// The gates, each naming its decider: `None` the central server, `Some(n)` node `n`.
    pub gates: Vec<Option<u8>>,
    /// Scans per gate.
    pub scans: u8,
    /// The pass's uses.
    pub max_uses: i64,
    /// The last step of the central clock.
    pub max_time_s: u8,
    /// Messages the network may lose.
    pub drops: u8,
    /// Messages the network may deliver twice.
    pub dups: u8,
    /// Crashes (a node, or the central server).
    pub crashes: u8,
    /// Times the uplink may be cut (and heal).
    pub cuts: u8,
    /// Requests each node's loop sends (asking for its lease, pulling, shipping,
    /// handing back): its rounds, bounded.
    pub requests: u8,
    /// The skews a node's clock may have against the central one.
    pub skews_ms: Vec<i64>,
    /// What operators may do.
    pub operators: Operators,
    /// An operator returns the lease only with the node's gates idle, and they scan no
    /// more until a resume. Without it, and with the return window's fix undone
    /// ([`Mutation::DecidesWhileReturning`]), the checker finds that window (see
    /// `docs/model-checking.md`).
    pub quiet_return: bool,
}

impl Bounds {
    /// The suite's bounds: one node whose clock runs the whole drift fast (the side on
    /// which it could start early and stamp admissions late), a gate on each side, one
    /// scan each, three seconds, a lost message, a duplicate, a crash and a cut.
    #[must_use]
    pub fn suite() -> Self {
        Bounds {
            nodes: 1,
            gates: vec![None, Some(0)],
            scans: 1,
            max_uses: 1,
            max_time_s: 3,
            drops: 1,
            dups: 1,
            crashes: 1,
            cuts: 1,
            requests: 4,
            skews_ms: vec![CLOCK_DRIFT_MS],
            operators: Operators::default(),
            quiet_return: true,
        }
    }
}

/// A lease as the model holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Held {
    /// Its id.
    pub id: u8,
    /// Its node.
    pub node: u8,
    /// Grant, start and end (central clock).
    pub granted_ms: i64,
    /// From when the node may admit.
    pub valid_from_ms: i64,
    /// Until when, without a renewal.
    pub expires_ms: i64,
}

impl Held {
    fn lease(&self, fixture: &Fixture) -> Lease {
        Lease {
            id: Uuid::from_u128(500 + u128::from(self.id)),
            org_id: fixture.org_id,
            site: SITE.into(),
            node_id: node_id(self.node),
            granted_at_ms: self.granted_ms,
            valid_from_ms: self.valid_from_ms,
            expires_at_ms: self.expires_ms,
        }
    }
}

fn node_id(node: u8) -> Uuid {
    Uuid::from_u128(300 + u128::from(node))
}

/// One admission the node shipped: its nonce and the node's time of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entry {
    /// The nonce it is stored under.
    pub nonce: u8,
    /// When the node decided it (its clock).
    pub decided_ms: i64,
}

/// A message in flight.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Msg {
    /// A gate's scan (the code the wallet showed at `shown_ms`, true time).
    Scan {
        /// The gate.
        gate: u8,
        /// Its scan.
        scan: u8,
        /// When the code was shown.
        shown_ms: i64,
    },
    /// A gate's `response` with the wallet's answer.
    Answer {
        /// The gate.
        gate: u8,
        /// Its scan.
        scan: u8,
        /// The challenge.
        nonce: u8,
    },
    /// A decider's answer to a gate.
    Reply {
        /// The gate.
        gate: u8,
        /// Its scan.
        scan: u8,
        /// What it is told.
        told: Told,
    },
    /// A node asks for (or renews) its lease.
    LeaseAsk(u8),
    /// The central server's grant.
    Grant(Held),
    /// A refusal (a lease held elsewhere, a reclaim, no lease to return).
    Refused(u8),
    /// A node pulls the site's changes.
    Pull(u8),
    /// The central server's copy of the pass, read at `as_of_ms`.
    Down {
        /// The node.
        node: u8,
        /// Uses.
        uses: i64,
        /// State.
        used: bool,
        /// Revoked.
        revoked: bool,
        /// When it was read (central clock).
        as_of_ms: i64,
    },
    /// A node ships its admissions after its cursor, through `upto`.
    Ship {
        /// The node.
        node: u8,
        /// The admissions.
        entries: Vec<Entry>,
        /// Its log's length when it shipped.
        upto: u8,
    },
    /// The central server's answer to a shipment.
    Shipped {
        /// The node.
        node: u8,
        /// Through where.
        upto: u8,
    },
    /// A node hands its lease back.
    Return {
        /// The node.
        node: u8,
        /// The lease.
        lease: u8,
    },
    /// The central server took it back.
    Returned(u8),
}

impl Msg {
    /// Whether it crosses the uplink (between a node and the central server).
    fn uplink(&self) -> bool {
        !matches!(
            self,
            Msg::Scan { .. } | Msg::Answer { .. } | Msg::Reply { .. }
        )
    }
}

/// A request a node's loop waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Waiting {
    /// A lease.
    Lease,
    /// A sync-down.
    Pull,
    /// A shipment's answer.
    Ship,
    /// The return's answer.
    Return,
}

/// The central server.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Central {
    /// Its book.
    pub book: Book,
    /// The lease held on the site.
    pub lease: Option<Held>,
    /// Every lease granted: its node, start and central end.
    pub spans: Vec<(u8, u8, i64, Option<i64>)>,
    /// Nodes blocked after a reclaim.
    pub blocked: Vec<u8>,
    /// Nonces of shipped outcomes recorded (`site_admissions`).
    pub recorded: Vec<u8>,
    /// The next lease's id.
    pub next_lease: u8,
}

/// An on-site node.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Its clock's skew against the central one.
    pub skew_ms: i64,
    /// Its book.
    pub book: Book,
    /// The lease it holds.
    pub lease: Option<Held>,
    /// An operator's extension.
    pub extended_until_ms: Option<i64>,
    /// The central time of its last sync-down.
    pub synced_as_of_ms: Option<i64>,
    /// Its admissions, in order (its audit log's, as far as they matter here).
    pub log: Vec<Entry>,
    /// How many the central server has acknowledged.
    pub up_cursor: u8,
    /// An operator asked it to return the lease.
    pub returning: bool,
    /// What its loop waits for (lost in a crash).
    pub waiting: Option<Waiting>,
    /// Requests its loop may still send (the bound on its rounds).
    pub requests: u8,
}

/// A gate and its journal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Gate {
    /// Scans made.
    pub scans: u8,
    /// The scan in flight: its code's time, its challenge, whether the wallet answered.
    pub open: Option<Journal>,
}

/// A gate's journal entry for its scan in flight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Journal {
    /// The scan.
    pub scan: u8,
    /// When the code was shown.
    pub shown_ms: i64,
    /// Its challenge.
    pub nonce: Option<u8>,
    /// The wallet answered.
    pub answered: bool,
}

/// What the checker remembers to judge the properties, which no actor sees.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Ghost {
    /// Every admission committed: decider (0 central, 1 + node) and nonce.
    pub admissions: Vec<(u8, u8)>,
    /// A gate was told admitted for a nonce with no admission stored.
    pub told_uncommitted: bool,
    /// Deciders the revocation reached.
    pub revocation_reached: Vec<u8>,
    /// An admission after the revocation reached its decider.
    pub admitted_after_revocation: bool,
    /// How often the central server counted each node's admission (nonce, count).
    pub counted: Vec<(u8, u8)>,
    /// An operator extended a lease on site.
    pub extended: bool,
    /// An admin reclaimed a lease.
    pub reclaimed: bool,
    /// A lease was returned.
    pub returned: bool,
    /// A node admitted, past its lease's end under an operator's extension, a pass the
    /// central server had revoked (the revocation not yet synced down): the documented
    /// trade-off.
    pub revoked_admitted_under_extension: bool,
}

/// A state of the system.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The central clock.
    pub now_ms: i64,
    /// The central server.
    pub central: Central,
    /// The nodes.
    pub nodes: Vec<Node>,
    /// The gates.
    pub gates: Vec<Gate>,
    /// Messages in flight (a set: the same message twice is one).
    pub net: Vec<Msg>,
    /// The uplink is cut.
    pub cut: bool,
    /// The next nonce.
    pub next_nonce: u8,
    /// Faults left: drops, duplicates, crashes, cuts.
    pub faults: [u8; 4],
    /// Operators' moves made: extend, return, resume, reclaim, revoke.
    pub moves: [bool; 5],
    /// What the checker keeps.
    pub ghost: Ghost,
}

/// A step.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// The clock moves a second.
    Tick,
    /// A message arrives (and, `twice`, stays to arrive again).
    Deliver(Msg, bool),
    /// A message is lost.
    Drop(Msg),
    /// A request arrives and is acted on, and its reply is lost.
    LoseReply(Msg),
    /// A node crashes and restarts (`None`: the central server).
    Crash(Option<u8>),
    /// The uplink is cut.
    Cut,
    /// The uplink heals.
    Heal,
    /// A gate scans a visitor's code.
    Scan(u8),
    /// The wallet answers the gate's challenge.
    WalletAnswers(u8),
    /// A gate resends its journaled scan or answer.
    Resend(u8),
    /// A node's loop asks for its lease.
    AskLease(u8),
    /// A node's loop pulls.
    Pull(u8),
    /// A node's loop ships.
    Ship(u8),
    /// A node's loop hands its lease back.
    GiveBack(u8),
    /// A node's loop gives up waiting.
    GiveUp(u8),
    /// An operator extends a node's lease on site.
    Extend(u8),
    /// An operator asks a node to return its lease.
    RequestReturn(u8),
    /// An operator lets a node lease again.
    Resume(u8),
    /// An admin reclaims the site's lapsed lease.
    Reclaim,
    /// An issuer revokes the pass.
    Revoke,
}

/// The system model.
#[derive(Debug)]
pub struct SystemModel {
    /// Its bounds.
    pub bounds: Bounds,
    /// The decision broken on purpose, if any.
    pub mutation: Mutation,
    fixture: Fixture,
}

const EXTEND: usize = 0;
const RETURN: usize = 1;
const RESUME: usize = 2;
const RECLAIM: usize = 3;
const REVOKE: usize = 4;

impl SystemModel {
    /// The model within `bounds`, with `mutation`.
    ///
    /// # Errors
    /// When the fixture's keys cannot be derived.
    pub fn new(bounds: Bounds, mutation: Mutation) -> tessera_protocol::Result<Self> {
        Ok(SystemModel {
            bounds,
            mutation,
            fixture: Fixture::new()?,
        })
    }

    fn node_now(&self, state: &State, node: u8) -> i64 {
        state.now_ms + state.nodes[usize::from(node)].skew_ms
    }

    /// `sites::node_authority`, or its margin-less copy under [`Mutation::NoDriftMargin`].
    fn authority(&self, state: &State, node: u8) -> NodeAuthority {
        let n = &state.nodes[usize::from(node)];
        let lease = n.lease.map(|held| held.lease(&self.fixture));
        let now = self.node_now(state, node);
        if self.mutation == Mutation::NoDriftMargin {
            return authority_without_margin(
                lease.as_ref(),
                n.extended_until_ms,
                n.synced_as_of_ms,
                n.returning,
                now,
            );
        }
        let returning = n.returning && self.mutation != Mutation::DecidesWhileReturning;
        sites::node_authority(
            lease.as_ref(),
            n.extended_until_ms,
            n.synced_as_of_ms,
            returning,
            now,
        )
    }

    fn central_decides(&self, state: &State) -> bool {
        if self.mutation == Mutation::CentralAdmitsDelegated {
            return true;
        }
        let held = state.central.lease.map(|held| held.lease(&self.fixture));
        sites::central_admits(Some(SITE), held.as_ref())
    }

    fn send(state: &mut State, msg: Msg) {
        if let Err(at) = state.net.binary_search(&msg) {
            state.net.insert(at, msg);
        }
    }

    /// A reply goes straight back to whoever asked (their socket is waiting), unless
    /// `lost`: then it never arrives.
    fn reply(&self, state: &mut State, msg: Msg, lost: bool) {
        if !lost {
            self.deliver(state, msg, false);
        }
    }

    fn deliver(&self, state: &mut State, msg: Msg, lost: bool) {
        match msg {
            Msg::Scan {
                gate,
                scan,
                shown_ms,
            } => self.scan_at_decider(state, gate, scan, shown_ms, lost),
            Msg::Answer { gate, scan, nonce } => {
                self.answer_at_decider(state, gate, scan, nonce, lost);
            }
            Msg::Reply { gate, scan, told } => self.gate_hears(state, gate, scan, told),
            Msg::LeaseAsk(node) => self.central_grants(state, node, lost),
            Msg::Grant(held) => {
                let n = &mut state.nodes[usize::from(held.node)];
                if n.waiting == Some(Waiting::Lease) {
                    n.waiting = None;
                    if n.lease.map(|l| l.id) != Some(held.id) {
                        n.extended_until_ms = None;
                    }
                    n.lease = Some(held);
                }
            }
            Msg::Refused(node) => {
                let n = &mut state.nodes[usize::from(node)];
                // A return refused (the lease is not held centrally any more: an earlier
                // return's answer was lost) ends the lease on the node too
                // (`NodeLink::give_back` on a 404).
                if n.waiting == Some(Waiting::Return) {
                    n.lease = None;
                    n.extended_until_ms = None;
                }
                n.waiting = None;
            }
            Msg::Pull(node) => {
                let c = &state.central.book;
                let down = Msg::Down {
                    node,
                    uses: c.uses,
                    used: c.used,
                    revoked: c.revoked,
                    as_of_ms: state.now_ms,
                };
                self.reply(state, down, lost);
            }
            Msg::Down {
                node,
                uses,
                used,
                revoked,
                as_of_ms,
            } => self.node_syncs_down(state, node, uses, used, revoked, as_of_ms),
            Msg::Ship {
                node,
                entries,
                upto,
            } => self.central_ingests(state, node, &entries, upto, lost),
            Msg::Shipped { node, upto } => {
                let n = &mut state.nodes[usize::from(node)];
                if n.waiting == Some(Waiting::Ship) {
                    n.waiting = None;
                    n.up_cursor = n.up_cursor.max(upto);
                }
            }
            Msg::Return { node, lease } => {
                let reply = match state.central.lease {
                    Some(held) if held.id == lease && held.node == node => {
                        state.central.lease = None;
                        end_span(&mut state.central, lease, state.now_ms);
                        state.ghost.returned = true;
                        Msg::Returned(node)
                    }
                    _ => Msg::Refused(node),
                };
                self.reply(state, reply, lost);
            }
            Msg::Returned(node) => {
                let n = &mut state.nodes[usize::from(node)];
                if n.waiting == Some(Waiting::Return) {
                    n.waiting = None;
                    n.lease = None;
                    n.extended_until_ms = None;
                }
            }
        }
    }

    fn decider_of(&self, gate: u8) -> Option<u8> {
        self.bounds.gates.get(usize::from(gate)).copied().flatten()
    }

    fn scan_at_decider(&self, state: &mut State, gate: u8, scan: u8, shown_ms: i64, lost: bool) {
        let max_uses = self.bounds.max_uses;
        let mut next = state.next_nonce;
        let told = match self.decider_of(gate) {
            None => {
                let decides = self.central_decides(state);
                let now = state.now_ms;
                state.central.book.scan(
                    &self.fixture,
                    max_uses,
                    gate,
                    scan,
                    shown_ms,
                    now,
                    decides,
                    &mut next,
                )
            }
            Some(node) => {
                let decides = self.authority(state, node) == NodeAuthority::Admits;
                let now = self.node_now(state, node);
                state.nodes[usize::from(node)].book.scan(
                    &self.fixture,
                    max_uses,
                    gate,
                    scan,
                    shown_ms,
                    now,
                    decides,
                    &mut next,
                )
            }
        };
        state.next_nonce = next;
        self.reply(state, Msg::Reply { gate, scan, told }, lost);
    }

    fn answer_at_decider(&self, state: &mut State, gate: u8, scan: u8, nonce: u8, lost: bool) {
        let max_uses = self.bounds.max_uses;
        let (decider, (told, effect)) = match self.decider_of(gate) {
            None => {
                let now = state.now_ms;
                (
                    0,
                    state.central.book.answer(
                        &self.fixture,
                        max_uses,
                        gate,
                        scan,
                        nonce,
                        true,
                        true,
                        now,
                    ),
                )
            }
            Some(node) => {
                let now = self.node_now(state, node);
                let decides = self.authority(state, node) == NodeAuthority::Admits;
                let n = &mut state.nodes[usize::from(node)];
                let result = n.book.answer(
                    &self.fixture,
                    max_uses,
                    gate,
                    scan,
                    nonce,
                    true,
                    decides,
                    now,
                );
                if result.1 == Effect::Admitted(nonce) {
                    n.log.push(Entry {
                        nonce,
                        decided_ms: now,
                    });
                    let past_end = n
                        .lease
                        .is_some_and(|held| now >= held.expires_ms - CLOCK_DRIFT_MS);
                    if past_end && n.extended_until_ms.is_some() && state.central.book.revoked {
                        state.ghost.revoked_admitted_under_extension = true;
                    }
                }
                (node + 1, result)
            }
        };
        if let Effect::Admitted(nonce) = effect {
            if state.ghost.revocation_reached.contains(&decider) {
                state.ghost.admitted_after_revocation = true;
            }
            state.ghost.admissions.push((decider, nonce));
        }
        self.reply(state, Msg::Reply { gate, scan, told }, lost);
    }

    fn gate_hears(&self, state: &mut State, gate: u8, scan: u8, told: Told) {
        let Some(open) = state.gates[usize::from(gate)].open else {
            return;
        };
        if open.scan != scan {
            return;
        }
        match told {
            // The wallet answers at once; a slow wallet is its answer waiting in the
            // network while the clock moves.
            Told::Challenge(nonce) => {
                if open.nonce.is_none() {
                    state.gates[usize::from(gate)].open = Some(Journal {
                        nonce: Some(nonce),
                        answered: true,
                        ..open
                    });
                    Self::send(state, Msg::Answer { gate, scan, nonce });
                }
            }
            // An `error` (a challenge lost in a crash: `unknown_nonce`) ends the scan: the
            // guard scans again.
            outcome => {
                if outcome == Told::Admitted {
                    let committed = open.nonce.is_some_and(|nonce| {
                        let book = match self.decider_of(gate) {
                            None => &state.central.book,
                            Some(node) => &state.nodes[usize::from(node)].book,
                        };
                        book.outcomes
                            .iter()
                            .any(|s| s.nonce == nonce && s.kept == crate::book::Kept::Admitted)
                    });
                    if !committed {
                        state.ghost.told_uncommitted = true;
                    }
                }
                state.gates[usize::from(gate)].open = None;
            }
        }
    }

    fn central_grants(&self, state: &mut State, node: u8, lost: bool) {
        let held = state.central.lease;
        let reply = match held {
            Some(held) if held.node != node => Msg::Refused(node),
            None if state.central.blocked.contains(&node) => Msg::Refused(node),
            _ => {
                let lease = held.map(|h| h.lease(&self.fixture));
                let (valid_from, expires) = sites::lease_terms(
                    state.now_ms,
                    CHALLENGE_LIFETIME_MS,
                    LEASE_TERM_MS,
                    lease.as_ref(),
                );
                let granted = match held {
                    Some(held) => Held {
                        expires_ms: expires,
                        ..held
                    },
                    None => {
                        let id = state.central.next_lease;
                        state.central.next_lease += 1;
                        state.central.spans.push((id, node, valid_from, None));
                        Held {
                            id,
                            node,
                            granted_ms: state.now_ms,
                            valid_from_ms: valid_from,
                            expires_ms: expires,
                        }
                    }
                };
                state.central.lease = Some(granted);
                Msg::Grant(granted)
            }
        };
        self.reply(state, reply, lost);
    }

    #[allow(clippy::too_many_arguments)]
    fn node_syncs_down(
        &self,
        state: &mut State,
        node: u8,
        uses: i64,
        used: bool,
        revoked: bool,
        as_of_ms: i64,
    ) {
        let max_uses = self.bounds.max_uses;
        let n = &mut state.nodes[usize::from(node)];
        if n.waiting != Some(Waiting::Pull) {
            return;
        }
        n.waiting = None;
        let central = Book {
            knows_pass: true,
            uses,
            used,
            revoked,
            ..Book::default()
        }
        .pass_row(&self.fixture, max_uses);
        let local = n
            .book
            .knows_pass
            .then(|| n.book.pass_row(&self.fixture, max_uses));
        let merged = sites::merge_pass(local.as_ref(), central);
        n.book.take_pass(&merged.pass);
        n.synced_as_of_ms = Some(as_of_ms);
        if merged.pass.state == PassState::Revoked
            && !state.ghost.revocation_reached.contains(&(node + 1))
        {
            state.ghost.revocation_reached.push(node + 1);
        }
    }

    fn central_ingests(
        &self,
        state: &mut State,
        node: u8,
        entries: &[Entry],
        upto: u8,
        lost: bool,
    ) {
        let spans: Vec<LeaseSpan> = state
            .central
            .spans
            .iter()
            .filter(|(_, owner, _, _)| *owner == node)
            .map(|(id, _, from, ended)| LeaseSpan {
                id: Uuid::from_u128(500 + u128::from(*id)),
                valid_from_ms: *from,
                ended_at_ms: *ended,
            })
            .collect();
        let shipper = Shipper {
            node_id: node_id(node),
            enrolled_at_ms: T0_MS - 60_000,
            leases: &spans,
            now_ms: state.now_ms,
        };
        for entry in entries {
            let judged = if self.mutation == Mutation::NoDriftMargin {
                spans.iter().any(|span| {
                    entry.decided_ms >= span.valid_from_ms
                        && entry.decided_ms <= span.ended_at_ms.unwrap_or(state.now_ms)
                })
            } else {
                shipped::judge_admission(&shipper, true, true, entry.decided_ms).is_ok()
            };
            if !judged {
                continue;
            }
            let recorded_now = !state.central.recorded.contains(&entry.nonce)
                || self.mutation == Mutation::IngestTwice;
            if !state.central.recorded.contains(&entry.nonce) {
                state.central.recorded.push(entry.nonce);
            }
            if shipped::ingest_admission(recorded_now, "admitted", true) == Ingest::CountUse {
                let book = &mut state.central.book;
                let (pass_state, uses) =
                    shipped::count_shipped_use(book.state(), book.uses, self.bounds.max_uses);
                book.uses = uses;
                book.used = pass_state == PassState::Used;
                match state
                    .ghost
                    .counted
                    .iter_mut()
                    .find(|(n, _)| *n == entry.nonce)
                {
                    Some((_, count)) => *count += 1,
                    None => state.ghost.counted.push((entry.nonce, 1)),
                }
            }
        }
        self.reply(state, Msg::Shipped { node, upto }, lost);
    }

    fn unshipped(n: &Node) -> Vec<Entry> {
        n.log
            .iter()
            .skip(usize::from(n.up_cursor))
            .copied()
            .collect()
    }

    fn node_gates_idle(&self, state: &State, node: u8) -> bool {
        self.bounds
            .gates
            .iter()
            .zip(&state.gates)
            .all(|(decider, gate)| *decider != Some(node) || gate.open.is_none())
    }

    fn gate_in_flight(state: &State, gate: u8) -> bool {
        state.net.iter().any(|msg| match msg {
            Msg::Scan { gate: g, .. }
            | Msg::Answer { gate: g, .. }
            | Msg::Reply { gate: g, .. } => *g == gate,
            _ => false,
        })
    }

    fn in_flight(state: &State, node: u8) -> bool {
        state.net.iter().any(|msg| match msg {
            Msg::LeaseAsk(n) | Msg::Refused(n) | Msg::Pull(n) | Msg::Returned(n) => *n == node,
            Msg::Grant(held) => held.node == node,
            Msg::Down { node: n, .. }
            | Msg::Ship { node: n, .. }
            | Msg::Shipped { node: n, .. }
            | Msg::Return { node: n, .. } => *n == node,
            _ => false,
        })
    }

    /// Heals the system and lets it run without faults, gates resending and wallets
    /// answering, nodes shipping and handing back what they were asked to, until nothing
    /// is left to do: the fair continuation the liveness properties are judged on. `None`
    /// when it does not come to rest.
    #[must_use]
    pub fn settle(&self, state: &State) -> Option<State> {
        let mut s = state.clone();
        s.cut = false;
        s.faults = [0; 4];
        // A refused return is not asked again for ever: the node keeps its lease then.
        let mut give_backs = 0;
        for _ in 0..400 {
            if let Some(msg) = s.net.first().cloned() {
                s.net.remove(0);
                self.deliver(&mut s, msg, false);
                continue;
            }
            let mut moved = false;
            for g in 0..s.gates.len() {
                let gate = u8::try_from(g).unwrap_or(u8::MAX);
                if let Some(open) = s.gates[g].open {
                    if open.nonce.is_some() && !open.answered {
                        self.step(&mut s, Action::WalletAnswers(gate));
                    } else {
                        self.step(&mut s, Action::Resend(gate));
                    }
                    moved = true;
                }
            }
            for n in 0..s.nodes.len() {
                let node = u8::try_from(n).unwrap_or(u8::MAX);
                let waiting = s.nodes[n].waiting;
                let unshipped = !Self::unshipped(&s.nodes[n]).is_empty();
                if waiting.is_some() {
                    self.step(&mut s, Action::GiveUp(node));
                    moved = true;
                } else if unshipped {
                    self.step(&mut s, Action::Ship(node));
                    moved = true;
                } else if s.nodes[n].returning && s.nodes[n].lease.is_some() && give_backs < 3 {
                    give_backs += 1;
                    self.step(&mut s, Action::GiveBack(node));
                    moved = true;
                }
            }
            if !moved {
                return Some(s);
            }
        }
        None
    }

    /// Applies `action` (assumed enabled).
    fn step(&self, s: &mut State, action: Action) {
        match action {
            Action::Tick => s.now_ms += TICK_MS,
            Action::Deliver(msg, twice) => {
                if twice {
                    s.faults[1] -= 1;
                } else if let Ok(at) = s.net.binary_search(&msg) {
                    s.net.remove(at);
                }
                self.deliver(s, msg, false);
            }
            Action::LoseReply(msg) => {
                s.faults[0] -= 1;
                if let Ok(at) = s.net.binary_search(&msg) {
                    s.net.remove(at);
                }
                self.deliver(s, msg, true);
            }
            Action::Drop(msg) => {
                s.faults[0] -= 1;
                if let Ok(at) = s.net.binary_search(&msg) {
                    s.net.remove(at);
                }
            }
            Action::Crash(who) => {
                s.faults[2] -= 1;
                match who {
                    None => s.central.book.crash(),
                    Some(node) => {
                        let n = &mut s.nodes[usize::from(node)];
                        n.book.crash();
                        n.waiting = None;
                    }
                }
            }
            Action::Cut => {
                s.faults[3] -= 1;
                s.cut = true;
            }
            Action::Heal => s.cut = false,
            Action::Scan(gate) => {
                let g = &mut s.gates[usize::from(gate)];
                g.scans += 1;
                let journal = Journal {
                    scan: g.scans,
                    shown_ms: s.now_ms,
                    nonce: None,
                    answered: false,
                };
                g.open = Some(journal);
                Self::send(
                    s,
                    Msg::Scan {
                        gate,
                        scan: journal.scan,
                        shown_ms: journal.shown_ms,
                    },
                );
            }
            Action::WalletAnswers(gate) => {
                if let Some(open) = s.gates[usize::from(gate)].open.as_mut() {
                    open.answered = true;
                    if let Some(nonce) = open.nonce {
                        let msg = Msg::Answer {
                            gate,
                            scan: open.scan,
                            nonce,
                        };
                        Self::send(s, msg);
                    }
                }
            }
            Action::Resend(gate) => {
                if let Some(msg) = Self::journaled(s, gate) {
                    Self::send(s, msg);
                }
            }
            Action::AskLease(node) => {
                s.nodes[usize::from(node)].requests -= 1;
                s.nodes[usize::from(node)].waiting = Some(Waiting::Lease);
                Self::send(s, Msg::LeaseAsk(node));
            }
            Action::Pull(node) => {
                s.nodes[usize::from(node)].requests -= 1;
                s.nodes[usize::from(node)].waiting = Some(Waiting::Pull);
                Self::send(s, Msg::Pull(node));
            }
            Action::Ship(node) => {
                let n = &mut s.nodes[usize::from(node)];
                n.requests = n.requests.saturating_sub(1);
                n.waiting = Some(Waiting::Ship);
                let msg = Msg::Ship {
                    node,
                    entries: Self::unshipped(n),
                    upto: u8::try_from(n.log.len()).unwrap_or(u8::MAX),
                };
                Self::send(s, msg);
            }
            Action::GiveBack(node) => {
                let n = &mut s.nodes[usize::from(node)];
                if let Some(held) = n.lease {
                    n.requests = n.requests.saturating_sub(1);
                    n.waiting = Some(Waiting::Return);
                    Self::send(
                        s,
                        Msg::Return {
                            node,
                            lease: held.id,
                        },
                    );
                }
            }
            Action::GiveUp(node) => s.nodes[usize::from(node)].waiting = None,
            Action::Extend(node) => {
                s.moves[EXTEND] = true;
                s.ghost.extended = true;
                let until = self.node_now(s, node) + EXTENSION_MS;
                s.nodes[usize::from(node)].extended_until_ms = Some(until);
            }
            Action::RequestReturn(node) => {
                s.moves[RETURN] = true;
                s.nodes[usize::from(node)].returning = true;
            }
            Action::Resume(node) => {
                s.moves[RESUME] = true;
                s.nodes[usize::from(node)].returning = false;
            }
            Action::Reclaim => {
                s.moves[RECLAIM] = true;
                s.ghost.reclaimed = true;
                if let Some(held) = s.central.lease.take() {
                    end_span(&mut s.central, held.id, s.now_ms);
                    s.central.blocked.push(held.node);
                }
            }
            Action::Revoke => {
                s.moves[REVOKE] = true;
                s.central.book.revoked = true;
                s.ghost.revocation_reached.push(0);
            }
        }
    }

    fn journaled(s: &State, gate: u8) -> Option<Msg> {
        let open = s.gates[usize::from(gate)].open?;
        Some(match (open.nonce, open.answered) {
            (Some(nonce), true) => Msg::Answer {
                gate,
                scan: open.scan,
                nonce,
            },
            _ => Msg::Scan {
                gate,
                scan: open.scan,
                shown_ms: open.shown_ms,
            },
        })
    }

    /// Whether every admission a node made is counted centrally exactly once, and every
    /// gate's journal is closed, once `settled`.
    fn all_recorded_once(&self, settled: &State) -> bool {
        let on_site = settled.ghost.admissions.iter().filter(|(d, _)| *d > 0);
        on_site.clone().all(|(_, nonce)| {
            settled
                .ghost
                .counted
                .iter()
                .any(|(n, count)| n == nonce && *count == 1)
        }) && settled.ghost.counted.iter().all(|(_, count)| *count == 1)
            && settled.gates.iter().all(|gate| gate.open.is_none())
    }

    /// Whether the central server has the site back and no node admits, once a return
    /// asked for has `settled`.
    fn handed_back(&self, settled: &State) -> bool {
        settled.nodes.iter().enumerate().all(|(n, node)| {
            !node.returning || {
                let node_index = u8::try_from(n).unwrap_or(u8::MAX);
                settled
                    .central
                    .lease
                    .is_none_or(|held| held.node != node_index)
                    && self.authority(settled, node_index) != NodeAuthority::Admits
            }
        })
    }
}

fn end_span(central: &mut Central, lease: u8, at_ms: i64) {
    for span in &mut central.spans {
        if span.0 == lease && span.3.is_none() {
            span.3 = Some(at_ms);
        }
    }
}

/// `sites::node_authority` with the drift margin dropped: the broken decision of
/// [`Mutation::NoDriftMargin`], never used otherwise.
fn authority_without_margin(
    lease: Option<&Lease>,
    extended_until_ms: Option<i64>,
    synced_as_of_ms: Option<i64>,
    return_requested: bool,
    now_ms: i64,
) -> NodeAuthority {
    let Some(lease) = lease else {
        return NodeAuthority::NoLease;
    };
    if return_requested {
        return NodeAuthority::Returning;
    }
    if now_ms < lease.valid_from_ms
        || synced_as_of_ms.is_none_or(|as_of| as_of < lease.valid_from_ms)
    {
        return NodeAuthority::Starting;
    }
    if now_ms < lease.expires_at_ms || extended_until_ms.is_some_and(|until| now_ms < until) {
        NodeAuthority::Admits
    } else {
        NodeAuthority::Lapsed
    }
}

/// The properties' names, for the tests and the deeper run.
pub mod names {
    /// Safety: admissions never exceed the pass's uses, an admin's reclaim excepted (what a
    /// node admitted and never shipped is unknown centrally, as `docs/operations.md` says).
    pub const USES: &str = "admissions of a pass never exceed its uses";
    /// The documented trade-off.
    pub const TRADE_OFF: &str =
        "trade-off: under an on-site extension a node admits a pass revoked centrally meanwhile";
    /// Safety: no gate told admitted for an answer not committed.
    pub const TOLD: &str = "a gate is never told admitted for an answer not committed";
    /// Safety: revocation.
    pub const REVOKED: &str =
        "a revoked pass is not admitted after the revocation reached its decider";
    /// Liveness: after healing.
    pub const RECORDED: &str =
        "after healing, every on-site admission is recorded centrally once and every journaled scan is answered";
    /// Liveness: return.
    pub const HANDED_BACK: &str = "a returned lease hands authority back";
    /// Reachability: the model does reach an on-site admission.
    pub const REACHES: &str = "an on-site admission is shipped and counted";
}

impl Model for SystemModel {
    type State = State;
    type Action = Action;

    fn init_states(&self) -> Vec<State> {
        let skews = &self.bounds.skews_ms;
        let nodes = usize::from(self.bounds.nodes);
        let mut combos: Vec<Vec<i64>> = vec![Vec::new()];
        for _ in 0..nodes {
            combos = combos
                .into_iter()
                .flat_map(|prefix| {
                    skews.iter().map(move |skew| {
                        let mut next = prefix.clone();
                        next.push(*skew);
                        next
                    })
                })
                .collect();
        }
        combos
            .into_iter()
            .map(|skews| State {
                now_ms: T0_MS,
                central: Central {
                    book: Book::with_pass(),
                    lease: None,
                    spans: Vec::new(),
                    blocked: Vec::new(),
                    recorded: Vec::new(),
                    next_lease: 1,
                },
                nodes: skews
                    .into_iter()
                    .map(|skew_ms| Node {
                        skew_ms,
                        book: Book::default(),
                        lease: None,
                        extended_until_ms: None,
                        synced_as_of_ms: None,
                        log: Vec::new(),
                        up_cursor: 0,
                        returning: false,
                        waiting: None,
                        requests: self.bounds.requests,
                    })
                    .collect(),
                gates: self
                    .bounds
                    .gates
                    .iter()
                    .map(|_| Gate {
                        scans: 0,
                        open: None,
                    })
                    .collect(),
                net: Vec::new(),
                cut: false,
                next_nonce: 1,
                faults: [
                    self.bounds.drops,
                    self.bounds.dups,
                    self.bounds.crashes,
                    self.bounds.cuts,
                ],
                moves: [false; 5],
                ghost: Ghost::default(),
            })
            .collect()
    }

    fn actions(&self, s: &State, actions: &mut Vec<Action>) {
        let b = &self.bounds;
        if s.now_ms < T0_MS + i64::from(b.max_time_s) * TICK_MS {
            actions.push(Action::Tick);
        }
        for msg in &s.net {
            if msg.uplink() && s.cut {
                continue;
            }
            actions.push(Action::Deliver(msg.clone(), false));
            if s.faults[1] > 0
                && matches!(
                    msg,
                    Msg::Scan { .. } | Msg::Answer { .. } | Msg::Ship { .. }
                )
            {
                actions.push(Action::Deliver(msg.clone(), true));
            }
            if s.faults[0] > 0 {
                actions.push(Action::Drop(msg.clone()));
                actions.push(Action::LoseReply(msg.clone()));
            }
        }
        if s.faults[2] > 0 {
            actions.push(Action::Crash(None));
            for node in 0..b.nodes {
                actions.push(Action::Crash(Some(node)));
            }
        }
        if s.cut {
            actions.push(Action::Heal);
        } else if s.faults[3] > 0 {
            actions.push(Action::Cut);
        }
        for (g, gate) in s.gates.iter().enumerate() {
            let index = u8::try_from(g).unwrap_or(u8::MAX);
            match gate.open {
                None => {
                    let quiet = b.quiet_return
                        && b.gates[g].is_some_and(|node| s.nodes[usize::from(node)].returning);
                    if gate.scans < b.scans && !quiet {
                        actions.push(Action::Scan(index));
                    }
                }
                Some(open) => {
                    if open.nonce.is_some() && !open.answered {
                        actions.push(Action::WalletAnswers(index));
                    }
                    // A gate resends when nothing of its scan is in flight any more: the
                    // scan, the answer or its reply was lost, or a decider crashed.
                    if !Self::gate_in_flight(s, index) {
                        actions.push(Action::Resend(index));
                    }
                }
            }
        }
        for (i, n) in s.nodes.iter().enumerate() {
            let node = u8::try_from(i).unwrap_or(u8::MAX);
            match n.waiting {
                Some(waiting) => {
                    if s.cut || !Self::in_flight(s, node) {
                        actions.push(Action::GiveUp(node));
                    }
                    if self.mutation == Mutation::ReturnRacesShip
                        && waiting == Waiting::Ship
                        && n.returning
                        && n.lease.is_some()
                    {
                        actions.push(Action::GiveBack(node));
                    }
                }
                None if n.requests == 0 => {}
                None => {
                    if n.returning {
                        if Self::unshipped(n).is_empty() {
                            if n.lease.is_some() {
                                actions.push(Action::GiveBack(node));
                            }
                        } else {
                            actions.push(Action::Ship(node));
                        }
                    } else {
                        actions.push(Action::AskLease(node));
                        if n.lease.is_some() {
                            actions.push(Action::Pull(node));
                        }
                        if !Self::unshipped(n).is_empty() {
                            actions.push(Action::Ship(node));
                        }
                    }
                }
            }
            let ops = b.operators;
            if ops.extend && !s.moves[EXTEND] && n.lease.is_some() {
                actions.push(Action::Extend(node));
            }
            if ops.give_back && !s.moves[RETURN] && n.lease.is_some() && !n.returning {
                let idle = !b.quiet_return || self.node_gates_idle(s, node);
                if idle {
                    actions.push(Action::RequestReturn(node));
                }
            }
            // Resumed once the return is done (a resume racing the return is the return
            // window again: `docs/model-checking.md`).
            if ops.give_back
                && s.moves[RETURN]
                && !s.moves[RESUME]
                && n.returning
                && n.lease.is_none()
            {
                actions.push(Action::Resume(node));
            }
        }
        let ops = b.operators;
        if ops.reclaim
            && !s.moves[RECLAIM]
            && s.central
                .lease
                .is_some_and(|held| s.now_ms >= held.expires_ms)
        {
            actions.push(Action::Reclaim);
        }
        if ops.revoke && !s.moves[REVOKE] {
            actions.push(Action::Revoke);
        }
    }

    fn next_state(&self, last: &State, action: Action) -> Option<State> {
        let mut s = last.clone();
        self.step(&mut s, action);
        Some(s)
    }

    fn properties(&self) -> Vec<Property<Self>> {
        vec![
            Property::always(names::USES, |m: &SystemModel, s: &State| {
                s.ghost.reclaimed
                    || i64::try_from(s.ghost.admissions.len()).unwrap_or(i64::MAX)
                        <= m.bounds.max_uses
            }),
            Property::sometimes(names::TRADE_OFF, |_: &SystemModel, s: &State| {
                s.ghost.revoked_admitted_under_extension
            }),
            Property::always(names::TOLD, |_: &SystemModel, s: &State| {
                !s.ghost.told_uncommitted
            }),
            Property::always(names::REVOKED, |_: &SystemModel, s: &State| {
                !s.ghost.admitted_after_revocation
            }),
            Property::always(names::RECORDED, |m: &SystemModel, s: &State| {
                s.ghost.reclaimed
                    || m.settle(s)
                        .is_some_and(|settled| m.all_recorded_once(&settled))
            }),
            Property::always(names::HANDED_BACK, |m: &SystemModel, s: &State| {
                s.nodes.iter().all(|node| !node.returning)
                    || m.settle(s).is_some_and(|settled| m.handed_back(&settled))
            }),
            Property::sometimes(names::REACHES, |_: &SystemModel, s: &State| {
                !s.ghost.counted.is_empty()
            }),
        ]
    }
}

//! An honest gate exactly as `tessera-gate` behaves, with a wallet-holding visitor in front.
//!
//! The decisions (what to send, when to resend, when to give up on a connection) are made by
//! the gate client's own [`GateCore`] state machine with its journal, and the socket is the
//! gate client's own [`GateConnection`]; only the loop around them is written here (it mirrors
//! `tessera_gate::run`, minus stdin and the tap endpoint). A load balancer is simulated by
//! reconnecting to the next server of the cluster after a failed attempt, so a gate whose
//! server was killed carries its journaled scans to another one.
//!
//! The visitor plays the wallet: shows the current rotating code, answers the challenge after
//! a human pause, and comes back with a fresh code if the first one went stale.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use futures_util::{stream, StreamExt, TryStreamExt};
use rand::seq::SliceRandom;
use rand::Rng;
use tessera_gate::backoff::Backoff;
use tessera_gate::events::Source;
use tessera_gate::{Action, CoreConfig, DeviceToken, GateConnection, GateCore, GateEvent};
use tessera_gate::{Error as GateError, MemoryJournal};
use tessera_protocol::messages::{DenyReason, GateMessage, Outcome, ServerMessage};
use tessera_protocol::{RotatingCode, WalletChallenge};
use tessera_tests::api::{ApiClient, GateDevice, PassSpec};
use tessera_tests::clock::unix_now;
use tessera_tests::Wallet;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::ledger::{Ledger, Seen, SeenAdmission, SeenChallenge, Step, Timing, Visit, VisitQueue};

/// What every simulated gate shares.
#[derive(Clone)]
pub struct World {
    /// The gate WebSocket URL of each server, updated when one restarts on a new port.
    pub urls: Arc<RwLock<Vec<String>>>,
    /// The shared record.
    pub ledger: Arc<Ledger>,
    /// Visitors waiting.
    pub visits: Arc<VisitQueue>,
    /// Each pass's wallet.
    pub wallets: Arc<HashMap<Uuid, Arc<Wallet>>>,
    /// The servers' code step.
    pub step_s: u64,
    /// Gates give up (and report what is still pending) at this instant.
    pub deadline: Instant,
}

impl World {
    /// The current step `T`.
    pub fn step(&self) -> u64 {
        unix_now() / self.step_s
    }

    /// The URL of server `index` (modulo the cluster size).
    pub fn url(&self, index: usize) -> String {
        let urls = self
            .urls
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        urls[index % urls.len()].clone()
    }
}

/// The visitors of a run, before it starts.
pub struct Visitors {
    /// Each pass's wallet.
    pub wallets: HashMap<Uuid, Arc<Wallet>>,
    /// Each pass and how often its visitor comes (`invariants::RunPasses::honest`).
    pub honest: Vec<(Uuid, i64)>,
    /// Each visitor's first visit, shuffled.
    pub visits: Vec<Visit>,
}

/// Issues and claims a pass with `max_uses`.
///
/// # Errors
/// When the API refuses either.
pub async fn claimed(
    admin: &ApiClient,
    label: String,
    max_uses: u32,
) -> anyhow::Result<Arc<Wallet>> {
    let spec = PassSpec {
        label,
        max_uses: Some(max_uses),
        ..PassSpec::default()
    };
    let issued = admin.issue_pass(&spec).await?;
    Ok(Arc::new(Wallet::claim(admin, &issued).await?))
}

/// A claimed pass for each `(label, uses)` (16 enrolled at a time), its visitor coming that
/// many times.
///
/// # Errors
/// When the API refuses an issue or a claim.
pub async fn enrol(admin: &ApiClient, plan: Vec<(String, u32)>) -> anyhow::Result<Visitors> {
    let claimed: Vec<(Arc<Wallet>, u32)> = stream::iter(plan)
        .map(|(label, uses)| async move { anyhow::Ok((claimed(admin, label, uses).await?, uses)) })
        .buffer_unordered(16)
        .try_collect()
        .await?;
    let mut visitors = Visitors {
        wallets: HashMap::new(),
        honest: Vec::new(),
        visits: Vec::new(),
    };
    for (wallet, uses) in claimed {
        visitors.honest.push((wallet.pass_id(), i64::from(uses)));
        visitors.visits.push(Visit {
            pass: wallet.pass_id(),
            not_before_step: 0,
            uses_after: uses.saturating_sub(1),
            attempt: 0,
        });
        visitors.wallets.insert(wallet.pass_id(), wallet);
    }
    visitors.visits.shuffle(&mut rand::thread_rng());
    Ok(visitors)
}

/// `count` gate devices labelled `"{prefix} {i}"`, in that order (16 created at a time).
///
/// # Errors
/// When the API refuses one.
pub async fn create_gates(
    admin: &ApiClient,
    count: usize,
    prefix: &str,
) -> anyhow::Result<Vec<GateDevice>> {
    stream::iter(0..count)
        .map(|i| async move { admin.create_gate(&format!("{prefix} {i}"), None).await })
        .buffered(16)
        .try_collect()
        .await
}

/// Starts a [`SimGate`] for each device, the `i`-th preferring server `i % servers`; each
/// task returns the scans its journal still held at the end.
///
/// # Errors
/// When a device token is unusable.
pub fn spawn_gates(
    devices: &[GateDevice],
    servers: usize,
    world: &World,
) -> anyhow::Result<Vec<tokio::task::JoinHandle<usize>>> {
    let mut tasks = Vec::with_capacity(devices.len());
    for (i, device) in devices.iter().enumerate() {
        let gate = SimGate::new(
            &format!("{i}"),
            &device.device_token,
            device.gate_id,
            i % servers.max(1),
            world.clone(),
        )?;
        tasks.push(tokio::spawn(gate.run()));
    }
    Ok(tasks)
}

/// The visitor standing at the gate.
struct AtGate {
    visit: Visit,
    code: String,
    step: u64,
    scan_id: Option<Uuid>,
}

/// One honest gate device.
pub struct SimGate {
    name: String,
    token: DeviceToken,
    home: usize,
    world: World,
    core: GateCore<MemoryJournal>,
    conn: Option<GateConnection>,
    gate_id: Uuid,
    failures: usize,
    backoff: Backoff,
    next_connect: Instant,
    at_gate: Option<AtGate>,
    answer_due: Option<(Instant, String)>,
    next_visitor: Instant,
    /// When each scan, and each answer, of the exchanges in progress was first sent.
    first_sent: HashMap<(Uuid, Step), Instant>,
    /// Scans sent again after a lost connection.
    resent: HashSet<Uuid>,
}

impl SimGate {
    /// A gate device whose first choice is server `home`.
    ///
    /// # Errors
    /// When the token is unusable.
    pub fn new(
        name: &str,
        token: &str,
        gate_id: Uuid,
        home: usize,
        world: World,
    ) -> anyhow::Result<Self> {
        let config = CoreConfig {
            request_timeout: Duration::from_secs(2),
            ..CoreConfig::default()
        };
        let (core, _started) = GateCore::open(MemoryJournal::default(), config)
            .map_err(|e| anyhow::anyhow!("open the gate core: {e}"))?;
        Ok(Self {
            name: name.to_owned(),
            token: DeviceToken::new(token).map_err(|e| anyhow::anyhow!("{e}"))?,
            home,
            world,
            core,
            conn: None,
            gate_id,
            failures: 0,
            backoff: Backoff::new(Duration::from_millis(200), Duration::from_secs(2)),
            next_connect: Instant::now(),
            at_gate: None,
            answer_due: None,
            next_visitor: Instant::now(),
            first_sent: HashMap::new(),
            resent: HashSet::new(),
        })
    }

    /// Serves visitors until none are left (or the deadline); returns the scans still
    /// pending in the journal, which must be none.
    pub async fn run(mut self) -> usize {
        loop {
            let now = Instant::now();
            if now >= self.world.deadline {
                break;
            }
            let idle = self.at_gate.is_none() && self.core.pending() == 0;
            if idle && self.world.visits.outstanding() == 0 {
                break;
            }
            if self.conn.is_none() && now >= self.next_connect {
                self.connect().await;
                continue;
            }
            if idle && now >= self.next_visitor {
                self.next_visitor_walks_up(now).await;
            }
            let actions = tokio::select! {
                message = recv(&mut self.conn) => match message {
                    Ok(message) => {
                        self.observe(&message);
                        self.core.on_server(&message, Instant::now())
                    }
                    Err(GateError::BadFrame(detail)) => {
                        self.world.ledger.problem(format!("gate {}: unreadable frame {detail}", self.name));
                        Ok(Vec::new())
                    }
                    Err(e) => {
                        self.lost(&e.to_string());
                        Ok(Vec::new())
                    }
                },
                () = tokio::time::sleep(Duration::from_millis(25)) => {
                    let now = Instant::now();
                    let mut actions = self.core.on_tick(now, OffsetDateTime::now_utc());
                    if let (Ok(list), Some((due, _))) = (actions.as_mut(), &self.answer_due) {
                        if now >= *due {
                            let (_, answer) = self.answer_due.take().unwrap_or((now, String::new()));
                            match self.core.on_line(&answer, Source::Scanner, now, OffsetDateTime::now_utc()) {
                                Ok(more) => list.extend(more),
                                Err(e) => self.world.ledger.problem(format!("gate {}: journal {e}", self.name)),
                            }
                        }
                    }
                    actions
                },
            };
            match actions {
                Ok(actions) => self.execute(actions).await,
                Err(e) => self
                    .world
                    .ledger
                    .problem(format!("gate {}: core error {e}", self.name)),
            }
        }
        if let Some(conn) = self.conn.take() {
            self.world.ledger.online.fetch_sub(1, Ordering::SeqCst);
            conn.close().await;
        }
        let pending = self.core.pending();
        if pending > 0 || self.at_gate.is_some() {
            self.world.ledger.problem(format!(
                "gate {} stopped with {pending} scans pending in its journal (visitor at gate: {})",
                self.name,
                self.at_gate.is_some()
            ));
        }
        pending
    }

    async fn connect(&mut self) {
        let url = self.world.url(self.home + self.failures);
        let pending = self.core.pending();
        match GateConnection::connect_with_pending(
            &url,
            &self.token,
            Duration::from_secs(2),
            pending,
        )
        .await
        {
            Ok(conn) => {
                let actions = self.core.on_connected(
                    conn.welcome(),
                    Instant::now(),
                    OffsetDateTime::now_utc(),
                );
                self.conn = Some(conn);
                self.world.ledger.online.fetch_add(1, Ordering::SeqCst);
                self.backoff.reset();
                match actions {
                    Ok(actions) => self.execute(actions).await,
                    Err(e) => self
                        .world
                        .ledger
                        .problem(format!("gate {}: {e}", self.name)),
                }
            }
            // The server is alive but busy: back to the same one when it says.
            Err(GateError::Busy { retry_after, .. }) => {
                Ledger::bump(&self.world.ledger.deferred_connects);
                self.next_connect =
                    Instant::now() + tessera_gate::backoff::after_retry_after(retry_after);
            }
            Err(_) => {
                Ledger::bump(&self.world.ledger.failed_connects);
                self.failures += 1;
                self.next_connect = Instant::now() + self.backoff.next_delay();
            }
        }
    }

    /// The connection is gone: go offline; the next attempt tries another server.
    fn lost(&mut self, reason: &str) {
        if self.conn.take().is_some() {
            self.world.ledger.online.fetch_sub(1, Ordering::SeqCst);
        }
        self.failures += 1;
        let delay = self.backoff.next_delay();
        self.next_connect = Instant::now() + delay;
        let _ = self.core.on_disconnected(reason, delay);
    }

    async fn next_visitor_walks_up(&mut self, now: Instant) {
        let step = self.world.step();
        let Some(visit) = self.world.visits.next_ready(step) else {
            self.next_visitor = now + Duration::from_millis(100);
            return;
        };
        let Some(wallet) = self.world.wallets.get(&visit.pass).cloned() else {
            self.world
                .ledger
                .problem(format!("no wallet for {}", visit.pass));
            self.world.visits.give_up();
            return;
        };
        let code: RotatingCode =
            wallet
                .keys
                .code_key
                .code_at(wallet.pass, unix_now(), self.world.step_s);
        let text = code.to_string();
        self.at_gate = Some(AtGate {
            visit,
            code: text.clone(),
            step: code.counter,
            scan_id: None,
        });
        Ledger::bump(&self.world.ledger.scans);
        match self
            .core
            .on_line(&text, Source::Scanner, now, OffsetDateTime::now_utc())
        {
            Ok(actions) => self.execute(actions).await,
            Err(e) => self
                .world
                .ledger
                .problem(format!("gate {}: journal {e}", self.name)),
        }
    }

    /// Writes down every result and challenge this honest gate is told, and how long it
    /// waited for each.
    fn observe(&mut self, message: &ServerMessage) {
        let now = Instant::now();
        let answered = match message {
            ServerMessage::Challenge(c) => Some((c.scan_id, Step::ScanToChallenge)),
            ServerMessage::Result(r) => Some((r.scan_id, Step::ResponseToResult)),
            _ => None,
        };
        if let Some(key) = answered {
            if let Some(sent) = self.first_sent.remove(&key) {
                let resent = if key.1 == Step::ResponseToResult {
                    self.resent.remove(&key.0)
                } else {
                    self.resent.contains(&key.0)
                };
                self.world.ledger.with(|seen| {
                    seen.timings.push(Timing {
                        at: now,
                        step: key.1,
                        took: now - sent,
                        resent,
                    });
                });
            }
        }
        let gate_id = self.gate_id;
        self.world.ledger.with(|seen| match message {
            ServerMessage::Result(r) => seen.results.push(Seen {
                gate_id,
                scan_id: r.scan_id,
                nonce: r.nonce,
                outcome: r.outcome,
                reason: r.reason,
                replayed: r.replayed,
            }),
            ServerMessage::Challenge(c) => seen.challenges.push(SeenChallenge {
                scan_id: c.scan_id,
                nonce: c.nonce,
                pass: c.pass.id,
                at: Instant::now(),
            }),
            ServerMessage::Error(e) => *seen.errors.entry(e.code).or_default() += 1,
            // This gate never asks for walk-ins or musters.
            ServerMessage::Welcome(_)
            | ServerMessage::WalkIn(_)
            | ServerMessage::MusterResult(_) => {}
        });
    }

    async fn execute(&mut self, actions: Vec<Action>) {
        for action in actions {
            match action {
                Action::Send(message) => {
                    let Some(conn) = self.conn.as_mut() else {
                        continue;
                    };
                    let key = match &message {
                        GateMessage::Scan { scan_id, .. } => {
                            Some((*scan_id, Step::ScanToChallenge))
                        }
                        GateMessage::Response { scan_id, .. } => {
                            Some((*scan_id, Step::ResponseToResult))
                        }
                        _ => None,
                    };
                    if let Some(key) = key {
                        self.first_sent.entry(key).or_insert_with(Instant::now);
                    }
                    if let Err(e) = conn.send(&message).await {
                        self.lost(&e.to_string());
                    }
                }
                Action::Reconnect => {
                    if self.conn.is_some() {
                        self.lost("the server stopped answering");
                    }
                }
                Action::Emit(event) => self.on_event(event),
            }
        }
    }

    fn on_event(&mut self, event: GateEvent) {
        let now = Instant::now();
        match event {
            GateEvent::Resend { scan_id, .. } => {
                self.resent.insert(scan_id);
                Ledger::bump(&self.world.ledger.retries);
            }
            GateEvent::Scan { scan_id, .. } => {
                if let Some(at) = self.at_gate.as_mut() {
                    at.scan_id = Some(scan_id);
                }
            }
            GateEvent::Challenge {
                scan_id,
                wallet_challenge,
                ..
            } => self.wallet_answers(scan_id, &wallet_challenge, now),
            GateEvent::Error {
                scan_id,
                retryable: false,
                code,
                ..
            } => {
                self.world.ledger.problem(format!(
                    "honest gate {} got the non-retryable error {code} for scan {scan_id:?}",
                    self.name
                ));
            }
            GateEvent::Result {
                scan_id,
                outcome,
                reason,
                ..
            } => self.visit_ends(scan_id, outcome, reason, now),
            GateEvent::ChallengeUnanswered { scan_id, .. }
            | GateEvent::ScanAbandoned { scan_id } => {
                self.visitor_tries_again(scan_id, now);
            }
            _ => {}
        }
    }

    fn wallet_answers(&mut self, scan_id: Uuid, wallet_challenge: &str, now: Instant) {
        let Some(at) = self.at_gate.as_ref().filter(|a| a.scan_id == Some(scan_id)) else {
            return;
        };
        let Some(wallet) = self.world.wallets.get(&at.visit.pass) else {
            return;
        };
        let Ok(challenge) = wallet_challenge.parse::<WalletChallenge>() else {
            self.world
                .ledger
                .problem(format!("unreadable wallet challenge {wallet_challenge}"));
            return;
        };
        if challenge.pass != wallet.pass {
            self.world.ledger.problem(format!(
                "gate {}: the challenge names another pass than the visitor's",
                self.name
            ));
            return;
        }
        let answer = wallet.keys.response_key.respond(&challenge).to_string();
        let pause = Duration::from_millis(rand::thread_rng().gen_range(30..200));
        self.answer_due = Some((now + pause, answer));
    }

    fn visit_ends(
        &mut self,
        scan_id: Uuid,
        outcome: Outcome,
        reason: Option<DenyReason>,
        now: Instant,
    ) {
        let Some(at) = self.at_gate.take_if(|a| a.scan_id == Some(scan_id)) else {
            return;
        };
        self.answer_due = None;
        self.next_visitor = now + Duration::from_millis(rand::thread_rng().gen_range(150..600));
        match (outcome, reason) {
            (Outcome::Admitted, _) => {
                self.world.ledger.with(|seen| {
                    seen.admissions.push(SeenAdmission {
                        pass: at.visit.pass,
                        code: at.code.clone(),
                        step: at.step,
                    });
                });
                self.world.visits.finish(&at.visit, at.step);
            }
            // A code that went stale while the database was away, or a challenge that
            // expired: the visitor shows a fresh code. Honest, and not a violation.
            (Outcome::Denied, Some(DenyReason::StaleCode | DenyReason::ChallengeExpired)) => {
                self.requeue(at.visit);
            }
            (outcome, reason) => {
                // Checked as a violation from the ledger's results; the visitor gives up.
                self.world.ledger.problem(format!(
                    "honest visitor of pass {} at gate {} got {outcome:?} {reason:?}",
                    at.visit.pass, self.name
                ));
                self.world.visits.give_up();
            }
        }
    }

    fn visitor_tries_again(&mut self, scan_id: Uuid, now: Instant) {
        let Some(at) = self.at_gate.take_if(|a| a.scan_id == Some(scan_id)) else {
            return;
        };
        self.answer_due = None;
        self.next_visitor = now + Duration::from_millis(100);
        self.requeue(at.visit);
    }

    fn requeue(&self, mut visit: Visit) {
        Ledger::bump(&self.world.ledger.revisits);
        visit.attempt += 1;
        if visit.attempt > 8 {
            self.world.ledger.problem(format!(
                "pass {} could not get in after {} attempts",
                visit.pass, visit.attempt
            ));
            self.world.visits.give_up();
        } else {
            self.world.visits.retry(visit);
        }
    }
}

async fn recv(conn: &mut Option<GateConnection>) -> tessera_gate::Result<ServerMessage> {
    match conn {
        Some(conn) => conn.recv().await,
        None => std::future::pending().await,
    }
}

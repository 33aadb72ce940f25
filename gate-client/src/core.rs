//! The gate's pending-scan state machine, free of sockets and clocks.
//!
//! Every input (a scanned line, a server message, a connection change, the passing of time)
//! goes in as a method call with the current time, and what the gate must do comes out as a
//! list of [`Action`]s. The journal is written before any message leaves, so nothing is ever
//! sent that a crash could forget. Keeping IO outside makes resends, timeouts and restarts
//! testable with a fake transport (see this crate's tests).
//!
//! A scan moves through: *scanned* (send `scan`) → *challenged* (wait for the wallet) →
//! *answered* (send `response`) → removed when its `result` arrives. What is resent is
//! always derived from the journal entry, so it is byte-for-byte the same message.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tessera_protocol::messages::{DenyReason, GateMessage, ServerMessage, Welcome};
use tessera_protocol::WalletResponse;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::backoff::delay_for;
use crate::error::{Error, Result};
use crate::events::{GateEvent, ResendReason, Source};
use crate::journal::{
    JournalChallenge, JournalDoc, JournalStore, JournalVerdict, PendingScan, Sensitive,
};

/// Longest accepted input line (a scanner's line or a tap answer).
pub const MAX_INPUT_LINE: usize = 1024;

/// Timing rules of the state machine.
#[derive(Clone, Debug)]
pub struct CoreConfig {
    /// How long to wait for an answer before resending.
    pub request_timeout: Duration,
    /// First delay after a retryable error.
    pub retry_base: Duration,
    /// Longest delay after retryable errors.
    pub retry_cap: Duration,
    /// Consecutive timeouts after which the connection is presumed dead.
    pub timeouts_before_reconnect: u32,
    /// A scan that never got its challenge is dropped after this long (its code is stale).
    pub scan_ttl: time::Duration,
    /// A challenge nobody answered is closed this long after it expired.
    pub challenge_grace: time::Duration,
}

impl Default for CoreConfig {
    fn default() -> Self {
        Self {
            request_timeout: Duration::from_secs(2),
            retry_base: Duration::from_millis(250),
            retry_cap: Duration::from_secs(10),
            timeouts_before_reconnect: 3,
            scan_ttl: time::Duration::seconds(60),
            challenge_grace: time::Duration::seconds(5),
        }
    }
}

/// What the caller must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Send this message on the connection.
    Send(GateMessage),
    /// Show this event.
    Emit(GateEvent),
    /// The connection looks dead: drop it and reconnect.
    Reconnect,
}

/// Verdicts the journal keeps at most while they wait to be shown.
const MAX_UNSHOWN_VERDICTS: usize = 64;

#[derive(Clone, Copy, Debug)]
struct Flight {
    sent_at: Instant,
    sends: u32,
    retry_at: Option<Instant>,
}

/// The state machine; `J` is where the journal lives.
#[derive(Debug)]
pub struct GateCore<J: JournalStore> {
    store: J,
    doc: JournalDoc,
    flights: HashMap<Uuid, Flight>,
    online: bool,
    config: CoreConfig,
    timeouts_in_a_row: u32,
}

impl<J: JournalStore> GateCore<J> {
    /// Loads the journal; pending scans are resent on [`GateCore::on_connected`].
    ///
    /// # Errors
    /// The store's load errors.
    pub fn open(mut store: J, config: CoreConfig) -> Result<(Self, Vec<Action>)> {
        let doc = store.load()?;
        let pending = doc.scans.len();
        let mut actions = vec![Action::Emit(GateEvent::Started { pending })];
        // Verdicts received before a crash but never shown: show them now.
        actions.extend(
            doc.verdicts
                .iter()
                .map(|v| Action::Emit(GateEvent::from_result(&v.result, doc.gate_id))),
        );
        Ok((
            Self {
                store,
                doc,
                flights: HashMap::new(),
                online: false,
                config,
                timeouts_in_a_row: 0,
            },
            actions,
        ))
    }

    /// The guard was shown the result of `scan_id` (or the turnstile got it): it may leave
    /// the journal now.
    ///
    /// # Errors
    /// Journal write errors.
    pub fn verdict_shown(&mut self, scan_id: Uuid) -> Result<()> {
        let Some(index) = self.doc.verdicts.iter().position(|v| v.scan_id == scan_id) else {
            return Ok(());
        };
        let mut doc = self.doc.clone();
        doc.verdicts.remove(index);
        self.commit(doc)
    }

    /// Verdicts received but not yet shown.
    pub fn unshown_verdicts(&self) -> usize {
        self.doc.verdicts.len()
    }

    /// Scans still waiting for a result.
    pub fn pending(&self) -> usize {
        self.doc.scans.len()
    }

    /// The pending scans (for display and tests).
    pub fn scans(&self) -> &[PendingScan] {
        &self.doc.scans
    }

    /// Whether the gate is connected.
    pub fn is_online(&self) -> bool {
        self.online
    }

    /// The gate id of the current or last connection.
    pub fn gate_id(&self) -> Option<Uuid> {
        self.doc.gate_id
    }

    /// Challenges waiting for a wallet's answer (offered on the tap endpoint).
    pub fn open_challenges(&self) -> Vec<String> {
        self.doc
            .scans
            .iter()
            .filter(|s| s.response.is_none())
            .filter_map(|s| s.challenge.as_ref().map(|c| c.wallet_challenge.clone()))
            .collect()
    }

    /// Writes `doc` durably, then adopts it.
    fn commit(&mut self, doc: JournalDoc) -> Result<()> {
        self.store.save(&doc)?;
        self.doc = doc;
        Ok(())
    }

    fn index_of(&self, scan_id: Uuid) -> Option<usize> {
        self.doc.scans.iter().position(|s| s.scan_id == scan_id)
    }

    /// The message that moves `scan` forward, if the gate is the one who must act.
    fn message_for(scan: &PendingScan) -> Option<GateMessage> {
        match (&scan.challenge, &scan.response) {
            (None, _) => Some(GateMessage::Scan {
                scan_id: scan.scan_id,
                code: scan.code.expose().to_owned(),
            }),
            (Some(c), Some(r)) => Some(GateMessage::Response {
                scan_id: scan.scan_id,
                nonce: c.nonce.to_string(),
                response: r.expose().to_owned(),
            }),
            (Some(_), None) => None,
        }
    }

    /// Sends the scan's current message if online, and starts its timer.
    fn send(&mut self, scan_id: Uuid, now: Instant, actions: &mut Vec<Action>) {
        if !self.online {
            return;
        }
        let Some(message) = self
            .index_of(scan_id)
            .and_then(|i| Self::message_for(&self.doc.scans[i]))
        else {
            self.flights.remove(&scan_id);
            return;
        };
        let sends = self.flights.get(&scan_id).map_or(0, |f| f.sends);
        self.flights.insert(
            scan_id,
            Flight {
                sent_at: now,
                sends: sends + 1,
                retry_at: None,
            },
        );
        actions.push(Action::Send(message));
    }

    /// The connection is up and authenticated: resend everything pending.
    ///
    /// # Errors
    /// [`Error::JournalGateMismatch`] when the journal's pending work belongs to another
    /// gate device; journal write errors.
    pub fn on_connected(
        &mut self,
        welcome: &Welcome,
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        if let Some(journal) = self.doc.gate_id {
            if journal != welcome.gate_id && !self.doc.scans.is_empty() {
                return Err(Error::JournalGateMismatch {
                    journal,
                    server: welcome.gate_id,
                });
            }
        }
        if self.doc.gate_id != Some(welcome.gate_id) {
            let mut doc = self.doc.clone();
            doc.gate_id = Some(welcome.gate_id);
            self.commit(doc)?;
        }
        self.online = true;
        self.timeouts_in_a_row = 0;
        self.flights.clear();
        let mut actions = vec![Action::Emit(GateEvent::Connected {
            gate_id: welcome.gate_id,
            site: welcome.site.clone(),
            clock_skew_s: (welcome.server_time - wall).whole_seconds(),
        })];
        let ids: Vec<Uuid> = self.doc.scans.iter().map(|s| s.scan_id).collect();
        for scan_id in ids {
            let before = actions.len();
            self.send(scan_id, now, &mut actions);
            if actions.len() > before {
                actions.insert(
                    before,
                    Action::Emit(GateEvent::Resend {
                        scan_id,
                        reason: ResendReason::Reconnect,
                        attempt: 0,
                    }),
                );
            }
        }
        Ok(actions)
    }

    /// The connection is gone; nothing is admitted until [`GateCore::on_connected`].
    pub fn on_disconnected(&mut self, reason: &str, retry_in: Duration) -> Vec<Action> {
        self.online = false;
        self.flights.clear();
        vec![Action::Emit(GateEvent::Offline {
            reason: reason.to_owned(),
            retry_in_ms: u64::try_from(retry_in.as_millis()).unwrap_or(u64::MAX),
        })]
    }

    /// A line from the scanner (stdin) or the tap endpoint.
    ///
    /// # Errors
    /// Journal write errors.
    pub fn on_line(
        &mut self,
        line: &str,
        source: Source,
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        let text = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        let reject = |message: &str| {
            Ok(vec![Action::Emit(GateEvent::InputRejected {
                message: message.to_owned(),
            })])
        };
        if text.is_empty() {
            return Ok(Vec::new());
        }
        if text.len() > MAX_INPUT_LINE {
            return reject("line too long");
        }
        if text.starts_with("TSR1R:") {
            return self.on_response(text, source, now);
        }
        if text.starts_with("TSR1C:") {
            return reject("that is the gate's challenge; the visitor's wallet must answer it");
        }
        if text.starts_with("TSR1:") && source == Source::Scanner {
            return self.on_scan(text, now, wall);
        }
        reject("not a Tessera code (expected TSR1:… or TSR1R:…)")
    }

    fn on_scan(&mut self, code: &str, now: Instant, wall: OffsetDateTime) -> Result<Vec<Action>> {
        if let Some(open) = self.doc.scans.iter().find(|s| s.code.expose() == code) {
            return Ok(vec![Action::Emit(GateEvent::DuplicateScan {
                scan_id: open.scan_id,
            })]);
        }
        let scan_id = Uuid::new_v4();
        let mut doc = self.doc.clone();
        doc.scans.push(PendingScan {
            scan_id,
            code: Sensitive::new(code),
            scanned_at: wall,
            challenge: None,
            response: None,
        });
        self.commit(doc)?;
        let mut actions = vec![Action::Emit(GateEvent::Scan {
            scan_id,
            queued: !self.online,
        })];
        self.send(scan_id, now, &mut actions);
        Ok(actions)
    }

    fn on_response(&mut self, text: &str, source: Source, now: Instant) -> Result<Vec<Action>> {
        let Ok(response) = text.parse::<WalletResponse>() else {
            return Ok(vec![Action::Emit(GateEvent::InputRejected {
                message: "unreadable wallet answer (TSR1R:…); scan it again".into(),
            })]);
        };
        let pass = response.pass.uuid();
        let open = self.doc.scans.iter().rposition(|s| {
            s.response.is_none() && s.challenge.as_ref().is_some_and(|c| c.pass.id == pass)
        });
        let Some(index) = open else {
            let answered = self
                .doc
                .scans
                .iter()
                .any(|s| s.response.as_ref().is_some_and(|r| r.expose() == text));
            if answered {
                // The same answer twice (scanner bounce, second tap): already on its way.
                return Ok(Vec::new());
            }
            return Ok(vec![Action::Emit(GateEvent::InputRejected {
                message: "no open challenge for this pass; scan the visitor's code first".into(),
            })]);
        };
        let scan_id = self.doc.scans[index].scan_id;
        let mut doc = self.doc.clone();
        doc.scans[index].response = Some(Sensitive::new(text));
        self.commit(doc)?;
        let mut actions = vec![Action::Emit(GateEvent::ResponseAccepted {
            scan_id,
            source,
            queued: !self.online,
        })];
        self.send(scan_id, now, &mut actions);
        Ok(actions)
    }

    /// A message from the server.
    ///
    /// # Errors
    /// Journal write errors.
    pub fn on_server(&mut self, message: &ServerMessage, now: Instant) -> Result<Vec<Action>> {
        self.timeouts_in_a_row = 0;
        match message {
            ServerMessage::Welcome(_) => Ok(Vec::new()),
            ServerMessage::Challenge(c) => {
                let Some(index) = self.index_of(c.scan_id) else {
                    return Ok(Vec::new());
                };
                let scan = &self.doc.scans[index];
                if scan.challenge.is_some() {
                    // A duplicate answer to a resent scan; the journaled one stands.
                    if scan.response.is_none() {
                        self.flights.remove(&c.scan_id);
                    }
                    return Ok(Vec::new());
                }
                let mut doc = self.doc.clone();
                doc.scans[index].challenge = Some(JournalChallenge {
                    nonce: c.nonce,
                    wallet_challenge: c.wallet_challenge.clone(),
                    expires_at: c.expires_at,
                    pass: c.pass.clone(),
                });
                self.commit(doc)?;
                self.flights.remove(&c.scan_id);
                Ok(vec![Action::Emit(GateEvent::Challenge {
                    scan_id: c.scan_id,
                    wallet_challenge: c.wallet_challenge.clone(),
                    expires_at: c.expires_at,
                    pass: c.pass.clone(),
                })])
            }
            ServerMessage::Result(r) => {
                let Some(index) = self.index_of(r.scan_id) else {
                    return Ok(Vec::new());
                };
                let scan = &self.doc.scans[index];
                if let (Some(c), Some(n)) = (&scan.challenge, &r.nonce) {
                    if scan.response.is_some() && c.nonce != *n {
                        // Not the answer to what we sent; keep waiting for ours.
                        return Ok(Vec::new());
                    }
                }
                let mut doc = self.doc.clone();
                if r.reason == Some(DenyReason::BadResponse) {
                    // TSR1 gives the wallet three tries: the challenge stays open for the
                    // next answer (the server says `challenge_burned` after the third).
                    doc.scans[index].response = None;
                } else {
                    doc.scans.remove(index);
                    // Kept until shown; a gate that never confirms cannot grow it unbounded.
                    if doc.verdicts.len() >= MAX_UNSHOWN_VERDICTS {
                        doc.verdicts.remove(0);
                    }
                    doc.verdicts.push(JournalVerdict {
                        scan_id: r.scan_id,
                        result: r.clone(),
                    });
                }
                self.commit(doc)?;
                self.flights.remove(&r.scan_id);
                Ok(vec![Action::Emit(GateEvent::from_result(
                    r,
                    self.doc.gate_id,
                ))])
            }
            ServerMessage::Error(e) => {
                let code = serde_json::to_value(e.code)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_else(|| "error".into());
                let message: String = e
                    .message
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(200)
                    .collect();
                let event = |retry_in: Option<Duration>| {
                    Action::Emit(GateEvent::Error {
                        scan_id: e.scan_id,
                        code: code.clone(),
                        message: message.clone(),
                        retryable: e.retryable,
                        retry_in_ms: retry_in
                            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
                    })
                };
                let targets: Vec<Uuid> = match e.scan_id {
                    Some(id) if self.index_of(id).is_some() => vec![id],
                    Some(_) => return Ok(vec![event(None)]),
                    None if e.retryable => self.flights.keys().copied().collect(),
                    None => return Ok(vec![event(None)]),
                };
                if e.retryable {
                    let mut longest = None;
                    for id in targets {
                        let flight = self.flights.entry(id).or_insert(Flight {
                            sent_at: now,
                            sends: 1,
                            retry_at: None,
                        });
                        let delay = delay_for(
                            self.config.retry_base,
                            self.config.retry_cap,
                            flight.sends.saturating_sub(1),
                        );
                        flight.retry_at = Some(now + delay);
                        longest = longest.max(Some(delay));
                    }
                    return Ok(vec![event(longest)]);
                }
                // Not retryable: resending the same frame cannot help.
                let mut doc = self.doc.clone();
                for id in targets {
                    if let Some(i) = doc.scans.iter().position(|s| s.scan_id == id) {
                        if doc.scans[i].response.is_some() {
                            // Let the wallet answer again rather than lose the scan.
                            doc.scans[i].response = None;
                        } else {
                            doc.scans.remove(i);
                        }
                    }
                    self.flights.remove(&id);
                }
                self.commit(doc)?;
                Ok(vec![event(None)])
            }
        }
    }

    /// Time passed: resend what timed out or is due after an error; close dead scans.
    ///
    /// # Errors
    /// Journal write errors.
    pub fn on_tick(&mut self, now: Instant, wall: OffsetDateTime) -> Result<Vec<Action>> {
        let mut actions = Vec::new();
        if self.online {
            let mut due: Vec<(Uuid, ResendReason, u32)> = Vec::new();
            let mut timed_out = false;
            for (id, flight) in &self.flights {
                match flight.retry_at {
                    Some(at) if now >= at => {
                        due.push((*id, ResendReason::RetryableError, flight.sends))
                    }
                    Some(_) => {}
                    None if now.duration_since(flight.sent_at) >= self.config.request_timeout => {
                        timed_out = true;
                        due.push((*id, ResendReason::Timeout, flight.sends));
                    }
                    None => {}
                }
            }
            if timed_out {
                self.timeouts_in_a_row += 1;
                if self.timeouts_in_a_row >= self.config.timeouts_before_reconnect {
                    self.timeouts_in_a_row = 0;
                    return Ok(vec![Action::Reconnect]);
                }
            }
            due.sort_by_key(|(id, _, _)| self.index_of(*id));
            for (scan_id, reason, attempt) in due {
                actions.push(Action::Emit(GateEvent::Resend {
                    scan_id,
                    reason,
                    attempt,
                }));
                self.send(scan_id, now, &mut actions);
            }
        }
        // Close scans that can no longer lead anywhere. Answered scans are never dropped:
        // the server may have admitted under that nonce, and only a result tells.
        let mut doc = self.doc.clone();
        let before = doc.scans.len();
        doc.scans.retain(|s| {
            let dead = match (&s.challenge, &s.response) {
                (Some(c), None) => wall > c.expires_at + self.config.challenge_grace,
                (None, None) => wall > s.scanned_at + self.config.scan_ttl,
                _ => false,
            };
            if dead {
                actions.push(Action::Emit(match &s.challenge {
                    Some(c) => GateEvent::ChallengeUnanswered {
                        scan_id: s.scan_id,
                        pass: c.pass.clone(),
                    },
                    None => GateEvent::ScanAbandoned { scan_id: s.scan_id },
                }));
            }
            !dead
        });
        if doc.scans.len() != before {
            for s in &self.doc.scans {
                if !doc.scans.iter().any(|k| k.scan_id == s.scan_id) {
                    self.flights.remove(&s.scan_id);
                }
            }
            self.commit(doc)?;
        }
        Ok(actions)
    }
}

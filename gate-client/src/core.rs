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
//!
//! A walk-in request (issue 16) moves through: *requested* (send `walk_in`) → *waiting*
//! (the host was asked) → removed when the server says `approved`, `denied` or `expired`.
//! It is resent, with the same `request_id` and content, after a timeout, a retryable
//! error, on every reconnect (so the new socket hears the host's decision) and once in a
//! while after its `expires_at` if the server has not said it expired.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use tessera_protocol::messages::{
    DenyReason, GateMessage, HostSummary, Outcome, ServerMessage, WalkInState, WalkInStatus,
    Welcome,
};
use tessera_protocol::{
    PartyAnswer, PartyChallenge, PartyCode, PassId, RotatingCode, WalletChallenge, WalletResponse,
    CODE_PERIOD_S,
};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::backoff::delay_for;
use crate::error::{Error, Result};
use crate::events::{GateEvent, ResendReason, Source};
use crate::journal::{
    JournalChallenge, JournalDoc, JournalStore, JournalVerdict, PendingScan, PendingWalkIn,
    Sensitive,
};
use crate::walkin::{self, GateHost, HostChoiceError, HostRef, WalkInLine};

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
    /// A walk-in the server still calls `waiting` this long after its `expires_at` is asked
    /// about again (resent), and again at this interval, until the server closes it.
    pub walk_in_recheck: time::Duration,
    /// A reader that faces the visitor and reads without pause (`--face-to-face`): a
    /// scanner line naming only passes whose scan is still open, or that were let in less
    /// than this long ago, is the same visitor still holding the phone up (its wallet shows
    /// the next 15-second code), not a new scan. `None`: every line counts, as a guard's hand
    /// scanner wants.
    pub pass_hold: Option<Duration>,
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
            walk_in_recheck: time::Duration::seconds(5),
            pass_hold: None,
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

/// Walk-in requests open at once, at most: more visitors than this waiting at one gate is
/// a stuck guard or a runaway script, and each open request is resent on every reconnect.
pub const MAX_OPEN_WALK_INS: usize = 50;

/// A walk-in request as the guard (or a caller of the library) makes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkInRequest {
    /// Whom the guard is holding (trimmed; 1–200 printable characters).
    pub visitor_name: String,
    /// The host asked.
    pub host_id: Uuid,
    /// The guard's note (trimmed; empty is none; at most 500 printable characters).
    pub note: Option<String>,
    /// The host's description, when the gate looked it up.
    pub host: Option<HostSummary>,
}

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
    /// When each walk-in past its expiry was last asked about again.
    rechecked: HashMap<Uuid, Instant>,
    /// Passes let in (or already let in) and when, for [`CoreConfig::pass_hold`]. Not
    /// journaled: after a restart a code counts again, and the server says `already_admitted`.
    let_in: HashMap<PassId, Instant>,
}

impl<J: JournalStore> GateCore<J> {
    /// Loads the journal; pending scans are resent on [`GateCore::on_connected`].
    ///
    /// # Errors
    /// The store's load errors.
    pub fn open(mut store: J, config: CoreConfig) -> Result<(Self, Vec<Action>)> {
        let doc = store.load()?;
        let pending = doc.scans.len();
        let mut actions = vec![Action::Emit(GateEvent::Started {
            pending,
            walk_ins: doc.walk_ins.len(),
        })];
        // Verdicts received before a crash but never shown: show them now.
        actions.extend(
            doc.verdicts
                .iter()
                .map(|v| Action::Emit(GateEvent::from_result(&v.result, doc.gate_id))),
        );
        actions.extend(
            doc.walk_in_verdicts
                .iter()
                .map(|v| Action::Emit(GateEvent::from_walk_in(v))),
        );
        Ok((
            Self {
                store,
                doc,
                flights: HashMap::new(),
                online: false,
                config,
                timeouts_in_a_row: 0,
                rechecked: HashMap::new(),
                let_in: HashMap::new(),
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

    /// The guard was shown how walk-in `request_id` ended: it may leave the journal now.
    ///
    /// # Errors
    /// Journal write errors.
    pub fn walk_in_shown(&mut self, request_id: Uuid) -> Result<()> {
        let Some(index) = self
            .doc
            .walk_in_verdicts
            .iter()
            .position(|v| v.request_id == request_id)
        else {
            return Ok(());
        };
        let mut doc = self.doc.clone();
        doc.walk_in_verdicts.remove(index);
        self.commit(doc)
    }

    /// Closed walk-ins received but not yet shown.
    pub fn unshown_walk_ins(&self) -> usize {
        self.doc.walk_in_verdicts.len()
    }

    /// Walk-in requests not closed yet.
    pub fn open_walk_ins(&self) -> usize {
        self.doc.walk_ins.len()
    }

    /// The open walk-in requests (for display and tests).
    pub fn walk_ins(&self) -> &[PendingWalkIn] {
        &self.doc.walk_ins
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

    fn walk_in_index(&self, request_id: Uuid) -> Option<usize> {
        self.doc
            .walk_ins
            .iter()
            .position(|w| w.request_id == request_id)
    }

    /// The `walk_in` frame of a journaled request: the same for every send.
    fn walk_in_frame(walk_in: &PendingWalkIn) -> GateMessage {
        GateMessage::WalkIn {
            request_id: walk_in.request_id,
            visitor_name: walk_in.visitor_name.clone(),
            host_id: walk_in.host_id,
            note: walk_in.note.clone(),
        }
    }

    /// The message that moves scan or walk-in `id` forward, if the gate must act.
    fn message_for_id(&self, id: Uuid) -> Option<GateMessage> {
        if let Some(i) = self.index_of(id) {
            return Self::message_for(&self.doc.scans[i]);
        }
        self.walk_in_index(id)
            .map(|i| Self::walk_in_frame(&self.doc.walk_ins[i]))
    }

    /// The resend event for scan or walk-in `id`.
    fn resend_event(&self, id: Uuid, reason: ResendReason, attempt: u32) -> GateEvent {
        if self.walk_in_index(id).is_some() {
            GateEvent::WalkInResend {
                request_id: id,
                reason,
                attempt,
            }
        } else {
            GateEvent::Resend {
                scan_id: id,
                reason,
                attempt,
            }
        }
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

    /// Sends the current message of a scan or walk-in if online, and starts its timer.
    fn send(&mut self, scan_id: Uuid, now: Instant, actions: &mut Vec<Action>) {
        if !self.online {
            return;
        }
        let Some(message) = self.message_for_id(scan_id) else {
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
            let open = !self.doc.scans.is_empty() || !self.doc.walk_ins.is_empty();
            if journal != welcome.gate_id && open {
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
        // Scans first, then walk-ins: every open request goes out again, so that this socket
        // hears the host's decision (the server tells only sockets that sent the request).
        let ids: Vec<Uuid> = self
            .doc
            .scans
            .iter()
            .map(|s| s.scan_id)
            .chain(self.doc.walk_ins.iter().map(|w| w.request_id))
            .collect();
        for id in ids {
            let before = actions.len();
            self.send(id, now, &mut actions);
            if actions.len() > before {
                let event = self.resend_event(id, ResendReason::Reconnect, 0);
                actions.insert(before, Action::Emit(event));
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
        if walkin::is_walk_in_line(text) {
            if source != Source::Scanner {
                return reject("walk-ins are typed at the gate, not sent over tap");
            }
            return self.on_walk_in_line(text, now, wall);
        }
        if text.len() > MAX_INPUT_LINE {
            return reject("line too long");
        }
        if text.starts_with("TSR1R:") {
            return self.on_response(text, source, now);
        }
        if text.starts_with("TSR1S:") {
            return self.on_party_answer(text, source, now);
        }
        if text.starts_with("TSR1C:") || text.starts_with("TSR1Q:") {
            return reject("that is the gate's challenge; the visitor's wallet must answer it");
        }
        if source == Source::Scanner && self.holds(text, now, wall) {
            return Ok(vec![Action::Emit(GateEvent::Held)]);
        }
        if text.starts_with("TSR1:") && source == Source::Scanner {
            return self.on_scan(text, now, wall);
        }
        if text.starts_with("TSR1P:") && source == Source::Scanner {
            return self.on_party_scan(text, now, wall);
        }
        reject("not a Tessera code (expected TSR1:…, TSR1P:…, TSR1R:… or TSR1S:…)")
    }

    /// With [`CoreConfig::pass_hold`], is `text` a code (`TSR1:`/`TSR1P:`) of a visitor still
    /// at the reader: every pass it names has an open scan or was let in within the hold?
    fn holds(&mut self, text: &str, now: Instant, wall: OffsetDateTime) -> bool {
        let Some(hold) = self.config.pass_hold else {
            return false;
        };
        let passes = code_passes(text);
        if passes.is_empty() {
            return false;
        }
        self.let_in
            .retain(|_, at| now.saturating_duration_since(*at) < hold);
        let step = time::Duration::seconds(CODE_PERIOD_S.try_into().unwrap_or(i64::MAX));
        let open = |pass: &PassId| {
            self.doc.scans.iter().any(|s| {
                let alive = match &s.challenge {
                    // An answer on its way, or a challenge the phone may still read.
                    Some(c) => s.response.is_some() || c.expires_at > wall,
                    // A code on its way for one code step (one queued offline may be stale
                    // by the time it goes: the visitor's next code must then count).
                    None => wall - s.scanned_at < step,
                };
                alive && code_passes(s.code.expose()).contains(pass)
            })
        };
        passes
            .iter()
            .all(|pass| self.let_in.contains_key(pass) || open(pass))
    }

    /// A `WALKIN` line: a host named by id is asked at once; a host named by unit or label
    /// must be looked up first ([`GateCore::on_host_lookup`]), which the gate runner does.
    fn on_walk_in_line(
        &mut self,
        text: &str,
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        match walkin::parse_line(text) {
            Err(message) => Ok(walk_in_rejected(message, Vec::new())),
            Ok(WalkInLine {
                host: HostRef::Query(query),
                ..
            }) => Ok(walk_in_rejected(
                format!("the host {query:?} must be looked up first; or give the host id"),
                Vec::new(),
            )),
            Ok(WalkInLine {
                host: HostRef::Id(host_id),
                visitor_name,
                note,
            }) => self.on_walk_in(
                WalkInRequest {
                    visitor_name,
                    host_id,
                    note,
                    host: None,
                },
                now,
                wall,
            ),
        }
    }

    /// The server listed `hosts` for the host query of walk-in `line`: ask the one it names,
    /// or tell the guard why not (none or several match; nothing is sent).
    ///
    /// # Errors
    /// Journal write errors.
    pub fn on_host_lookup(
        &mut self,
        line: &WalkInLine,
        hosts: &[GateHost],
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        let query = match &line.host {
            HostRef::Query(query) => query,
            HostRef::Id(host_id) => {
                let host = hosts
                    .iter()
                    .find(|h| h.host_id == *host_id)
                    .map(GateHost::summary);
                return self.on_walk_in(
                    WalkInRequest {
                        visitor_name: line.visitor_name.clone(),
                        host_id: *host_id,
                        note: line.note.clone(),
                        host,
                    },
                    now,
                    wall,
                );
            }
        };
        match walkin::pick_host(query, hosts) {
            Ok(host) => self.on_walk_in(
                WalkInRequest {
                    visitor_name: line.visitor_name.clone(),
                    host_id: host.host_id,
                    note: line.note.clone(),
                    host: Some(host.summary()),
                },
                now,
                wall,
            ),
            Err(HostChoiceError::Unknown) => Ok(walk_in_rejected(
                format!("no host matches {query:?}; `tessera-gate hosts` lists them"),
                Vec::new(),
            )),
            Err(HostChoiceError::Ambiguous(candidates)) => Ok(walk_in_rejected(
                format!(
                    "{} hosts match {query:?}; type the unit exactly, the label in quotes, or \
                     the host id",
                    candidates.len()
                ),
                candidates.iter().map(GateHost::summary).collect(),
            )),
        }
    }

    /// The guard asks a host to let a visitor in: the request is journaled, then sent (or,
    /// offline, sent on reconnect).
    ///
    /// # Errors
    /// Journal write errors.
    pub fn on_walk_in(
        &mut self,
        request: WalkInRequest,
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        let visitor_name = request.visitor_name.trim().to_owned();
        let note = request
            .note
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned);
        if let Err(message) = walkin::check_request(&visitor_name, note.as_deref()) {
            return Ok(walk_in_rejected(message, Vec::new()));
        }
        if let Some(open) = self.doc.walk_ins.iter().find(|w| {
            w.visitor_name == visitor_name && w.host_id == request.host_id && w.note == note
        }) {
            return Ok(vec![Action::Emit(GateEvent::DuplicateWalkIn {
                request_id: open.request_id,
            })]);
        }
        if self.doc.walk_ins.len() >= MAX_OPEN_WALK_INS {
            return Ok(walk_in_rejected(
                format!("{MAX_OPEN_WALK_INS} walk-ins are open already; wait for their hosts"),
                Vec::new(),
            ));
        }
        let request_id = Uuid::new_v4();
        let mut doc = self.doc.clone();
        doc.walk_ins.push(PendingWalkIn {
            request_id,
            visitor_name: visitor_name.clone(),
            host_id: request.host_id,
            note: note.clone(),
            host: request.host.clone(),
            requested_at: wall,
            walk_in_id: None,
            state: None,
            expires_at: None,
        });
        self.commit(doc)?;
        let mut actions = vec![Action::Emit(GateEvent::WalkInRequested {
            request_id,
            visitor_name,
            host_id: request.host_id,
            host: request.host,
            note,
            queued: !self.online,
        })];
        self.send(request_id, now, &mut actions);
        Ok(actions)
    }

    /// A `walk_in` state from the server (an answer, or a change it pushed).
    fn on_walk_in_status(&mut self, status: &WalkInStatus) -> Result<Vec<Action>> {
        let Some(index) = self.walk_in_index(status.request_id) else {
            // Closed already (a late duplicate) or never ours: nothing changes.
            return Ok(Vec::new());
        };
        self.flights.remove(&status.request_id);
        let old = &self.doc.walk_ins[index];
        let mut doc = self.doc.clone();
        if status.state == WalkInState::Waiting {
            let unchanged = old.state == Some(WalkInState::Waiting)
                && old.expires_at == Some(status.expires_at)
                && old.walk_in_id == Some(status.walk_in_id)
                && old.host.as_ref() == Some(&status.host);
            if unchanged {
                // The answer to a resend: the guard already sees this.
                return Ok(Vec::new());
            }
            let entry = &mut doc.walk_ins[index];
            entry.state = Some(WalkInState::Waiting);
            entry.walk_in_id = Some(status.walk_in_id);
            entry.expires_at = Some(status.expires_at);
            entry.host = Some(status.host.clone());
        } else {
            doc.walk_ins.remove(index);
            // Kept until shown; a gate that never confirms cannot grow it unbounded.
            if doc.walk_in_verdicts.len() >= MAX_UNSHOWN_VERDICTS {
                doc.walk_in_verdicts.remove(0);
            }
            doc.walk_in_verdicts.push(status.clone());
            self.rechecked.remove(&status.request_id);
        }
        self.commit(doc)?;
        Ok(vec![Action::Emit(GateEvent::from_walk_in(status))])
    }

    fn on_scan(&mut self, code: &str, now: Instant, wall: OffsetDateTime) -> Result<Vec<Action>> {
        if let Some(open) = self.doc.scans.iter().find(|s| s.code.expose() == code) {
            return Ok(vec![Action::Emit(GateEvent::DuplicateScan {
                scan_id: open.scan_id,
            })]);
        }
        let scan = PendingScan::new(code, wall, None);
        let scan_id = scan.scan_id;
        let mut doc = self.doc.clone();
        doc.scans.push(scan);
        self.commit(doc)?;
        let mut actions = vec![Action::Emit(GateEvent::Scan {
            scan_id,
            queued: !self.online,
        })];
        self.send(scan_id, now, &mut actions);
        Ok(actions)
    }

    /// A party's code (`TSR1P:…`): each member becomes a scan of its own, journaled
    /// together and sent as TSR1's own `scan` frames; the party's one challenge follows
    /// once every member has its challenge or its verdict ([`Self::party_challenge`]).
    fn on_party_scan(
        &mut self,
        text: &str,
        now: Instant,
        wall: OffsetDateTime,
    ) -> Result<Vec<Action>> {
        let Ok(party) = text.parse::<PartyCode>() else {
            return Ok(vec![Action::Emit(GateEvent::InputRejected {
                message: "unreadable party code (TSR1P:…); scan it again".into(),
            })]);
        };
        let codes: Vec<String> = party.codes().iter().map(ToString::to_string).collect();
        if let Some(open) = self
            .doc
            .scans
            .iter()
            .find(|s| codes.iter().any(|code| s.code.expose() == code))
        {
            return Ok(vec![Action::Emit(GateEvent::DuplicateScan {
                scan_id: open.scan_id,
            })]);
        }
        let party_id = Uuid::new_v4();
        let mut doc = self.doc.clone();
        let scan_ids: Vec<Uuid> = codes
            .iter()
            .map(|code| {
                let scan = PendingScan::new(code, wall, Some(party_id));
                let scan_id = scan.scan_id;
                doc.scans.push(scan);
                scan_id
            })
            .collect();
        self.commit(doc)?;
        let mut actions = Vec::new();
        for scan_id in scan_ids {
            actions.push(Action::Emit(GateEvent::Scan {
                scan_id,
                queued: !self.online,
            }));
            self.send(scan_id, now, &mut actions);
        }
        Ok(actions)
    }

    /// The party's one challenge, once none of its members still waits for the server's
    /// word on its code and at least one was challenged.
    fn party_challenge(&self, party_id: Option<Uuid>) -> Option<GateEvent> {
        let party_id = party_id?;
        let members: Vec<&PendingScan> = self
            .doc
            .scans
            .iter()
            .filter(|s| s.party == Some(party_id))
            .collect();
        let challenges = members
            .iter()
            .map(|member| member.challenge.as_ref())
            .collect::<Option<Vec<_>>>()?;
        let parsed = challenges
            .iter()
            .map(|c| c.wallet_challenge.parse::<WalletChallenge>().ok())
            .collect::<Option<Vec<_>>>()?;
        let wallet_challenge = PartyChallenge::new(parsed).ok()?.to_string();
        Some(GateEvent::PartyChallenge {
            party_id,
            wallet_challenge,
            expires_at: challenges.iter().map(|c| c.expires_at).min()?,
            passes: challenges.iter().map(|c| c.pass.clone()).collect(),
        })
    }

    /// A party's answer (`TSR1S:…`): each member's `TSR1R:…` goes as if scanned alone.
    fn on_party_answer(&mut self, text: &str, source: Source, now: Instant) -> Result<Vec<Action>> {
        let Ok(answer) = text.parse::<PartyAnswer>() else {
            return Ok(vec![Action::Emit(GateEvent::InputRejected {
                message: "unreadable party answer (TSR1S:…); scan it again".into(),
            })]);
        };
        let mut actions = Vec::new();
        for member in answer.members() {
            actions.extend(self.on_response(&member.to_string(), source, now)?);
        }
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
            // This gate sends no `muster_*` frames, so a muster result is not for it.
            ServerMessage::Welcome(_) | ServerMessage::MusterResult(_) => Ok(Vec::new()),
            ServerMessage::WalkIn(status) => self.on_walk_in_status(status),
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
                let party = doc.scans[index].party;
                self.commit(doc)?;
                self.flights.remove(&c.scan_id);
                let mut actions = vec![Action::Emit(GateEvent::Challenge {
                    scan_id: c.scan_id,
                    wallet_challenge: c.wallet_challenge.clone(),
                    expires_at: c.expires_at,
                    pass: c.pass.clone(),
                })];
                actions.extend(self.party_challenge(party).map(Action::Emit));
                Ok(actions)
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
                let party = scan.party;
                let challenged = scan.challenge.is_some();
                if matches!(r.outcome, Outcome::Admitted | Outcome::AlreadyAdmitted) {
                    for pass in code_passes(scan.code.expose()) {
                        self.let_in.insert(pass, now);
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
                let mut actions = vec![Action::Emit(GateEvent::from_result(r, self.doc.gate_id))];
                if !challenged {
                    // A member refused at its scan: the others' challenge may be complete.
                    actions.extend(self.party_challenge(party).map(Action::Emit));
                }
                Ok(actions)
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
                        request_id: e.request_id,
                        code: code.clone(),
                        message: message.clone(),
                        retryable: e.retryable,
                        retry_in_ms: retry_in
                            .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
                    })
                };
                let targets: Vec<Uuid> = match (e.scan_id, e.request_id) {
                    (Some(id), _) if self.index_of(id).is_some() => vec![id],
                    (_, Some(id)) if self.walk_in_index(id).is_some() => vec![id],
                    (Some(_), _) | (_, Some(_)) => return Ok(vec![event(None)]),
                    (None, None) if e.retryable => self.flights.keys().copied().collect(),
                    (None, None) => return Ok(vec![event(None)]),
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
                    // A refused walk-in is closed: nobody was admitted, the guard decides.
                    doc.walk_ins.retain(|w| w.request_id != id);
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
            due.sort_by_key(|(id, _, _)| (self.index_of(*id), self.walk_in_index(*id)));
            for (id, reason, attempt) in due {
                actions.push(Action::Emit(self.resend_event(id, reason, attempt)));
                self.send(id, now, &mut actions);
            }
            // A request the server still calls waiting well after its expiry: ask what
            // became of it (the pushed `expired` may have been lost with a socket).
            let recheck = self.config.walk_in_recheck;
            let every = Duration::try_from(recheck).unwrap_or(Duration::from_secs(5));
            let overdue: Vec<Uuid> = self
                .doc
                .walk_ins
                .iter()
                .filter(|w| w.expires_at.is_some_and(|at| wall > at + recheck))
                .filter(|w| !self.flights.contains_key(&w.request_id))
                .filter(|w| {
                    self.rechecked
                        .get(&w.request_id)
                        .is_none_or(|at| now.duration_since(*at) >= every)
                })
                .map(|w| w.request_id)
                .collect();
            for id in overdue {
                self.rechecked.insert(id, now);
                actions.push(Action::Emit(self.resend_event(
                    id,
                    ResendReason::Timeout,
                    0,
                )));
                self.send(id, now, &mut actions);
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

/// The passes a code (`TSR1:`) or a party code (`TSR1P:`) names; none for anything else.
fn code_passes(text: &str) -> Vec<PassId> {
    if let Ok(code) = text.parse::<RotatingCode>() {
        return vec![code.pass];
    }
    text.parse::<PartyCode>()
        .map(|party| party.codes().iter().map(|c| c.pass).collect())
        .unwrap_or_default()
}

fn walk_in_rejected(message: String, hosts: Vec<HostSummary>) -> Vec<Action> {
    vec![Action::Emit(GateEvent::WalkInRejected { message, hosts })]
}

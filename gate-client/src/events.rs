//! What the gate tells its operator: one event type, printed as JSON lines or as text.
//!
//! Turnstile controllers read `--json` (one object per line, `event` first), guards read the
//! coloured text. Both come from the same [`GateEvent`] so they can never disagree. Events
//! never carry a rotating code or a wallet response (those are short-lived credentials); a
//! challenge is public (it is shown as a QR code) and is included.

use std::io::{self, Write};

use serde::Serialize;
use tessera_protocol::messages::{
    DenyReason, HostSummary, Outcome, PassSummary, ScanResult, WalkInReason, WalkInState,
    WalkInStatus,
};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::walkin::describe_host;

/// Where an answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Typed on stdin (the scanner read the wallet's TSR1R QR code).
    Scanner,
    /// Sent by a wallet over the tap endpoint.
    Tap,
}

/// Why a message is sent again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResendReason {
    /// No answer within the request timeout.
    Timeout,
    /// A new connection after the old one dropped (or a restart).
    Reconnect,
    /// The server answered with a retryable error.
    RetryableError,
}

/// One thing that happened at the gate.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GateEvent {
    /// The gate started; `pending` scans were found in the journal and will be resent.
    Started {
        /// Scans waiting in the journal.
        pending: usize,
        /// Open walk-in requests in the journal (omitted when none).
        #[serde(skip_serializing_if = "is_zero")]
        walk_ins: usize,
    },
    /// A connection attempt begins.
    Connecting {
        /// The attempt number since the last successful connection.
        attempt: u32,
    },
    /// Connected and authenticated.
    Connected {
        /// This gate device.
        gate_id: Uuid,
        /// Its site.
        site: Option<String>,
        /// Server clock minus local clock, in seconds.
        clock_skew_s: i64,
    },
    /// Not connected: nobody is admitted until the connection is back.
    Offline {
        /// Why.
        reason: String,
        /// When the next attempt is made.
        retry_in_ms: u64,
    },
    /// A code was scanned and a new scan started.
    Scan {
        /// The new scan.
        scan_id: Uuid,
        /// True when offline: the scan waits in the journal.
        queued: bool,
    },
    /// The same code was scanned again while its scan is still open; ignored.
    DuplicateScan {
        /// The open scan.
        scan_id: Uuid,
    },
    /// With `--face-to-face`: a code of a visitor still at the reader (its scan is open, or
    /// it was let in moments ago), ignored; no scan starts.
    Held,
    /// The server challenged a scan: the wallet must answer.
    Challenge {
        /// The scan.
        scan_id: Uuid,
        /// `TSR1C:…` for the wallet (shown as QR, offered on the tap endpoint).
        wallet_challenge: String,
        /// Deadline for the answer.
        #[serde(with = "time::serde::rfc3339")]
        expires_at: OffsetDateTime,
        /// The pass.
        pass: PassSummary,
    },
    /// Every member of a party that the server challenged has its challenge: one
    /// `TSR1Q:…` for the wallet covers them all (members refused at the scan have had
    /// their verdicts).
    PartyChallenge {
        /// The party.
        party_id: Uuid,
        /// `TSR1Q:…` for the wallet.
        wallet_challenge: String,
        /// Deadline for the answer: the earliest member's.
        #[serde(with = "time::serde::rfc3339")]
        expires_at: OffsetDateTime,
        /// The challenged passes, in the party's order.
        passes: Vec<PassSummary>,
    },
    /// A wallet answered; the response is journaled and sent.
    ResponseAccepted {
        /// The scan.
        scan_id: Uuid,
        /// Scanner or tap.
        source: Source,
        /// True when offline: it waits in the journal.
        queued: bool,
    },
    /// A message is sent again (same scan_id, nonce and response).
    Resend {
        /// The scan.
        scan_id: Uuid,
        /// Why.
        reason: ResendReason,
        /// How many times it was sent before.
        attempt: u32,
    },
    /// The server's verdict. Green, amber or red.
    Result {
        /// The scan.
        scan_id: Uuid,
        /// The verdict.
        outcome: Outcome,
        /// Why it was denied.
        reason: Option<DenyReason>,
        /// A stored outcome delivered again.
        replayed: bool,
        /// The pass, when known.
        pass: Option<PassSummary>,
        /// On `already_admitted`: when the first admission happened.
        #[serde(with = "time::serde::rfc3339::option")]
        first_admitted_at: Option<OffsetDateTime>,
        /// On `already_admitted`: where.
        first_gate_id: Option<Uuid>,
        /// On `already_admitted`: whether `first_gate_id` is this gate.
        first_gate_is_this_gate: bool,
        /// The wallet proved it is the admitted one.
        same_wallet: bool,
        /// On `stale_code`: the code's age.
        #[serde(skip_serializing_if = "Option::is_none")]
        age_s: Option<u64>,
        /// On `future_code`: how far ahead.
        #[serde(skip_serializing_if = "Option::is_none")]
        ahead_s: Option<u64>,
    },
    /// The server reported an error.
    Error {
        /// The scan, when the error names one.
        scan_id: Option<Uuid>,
        /// The walk-in request, when the error names one (omitted otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        request_id: Option<Uuid>,
        /// The error code.
        code: String,
        /// The server's message.
        message: String,
        /// Whether the gate resends.
        retryable: bool,
        /// When retryable: the delay before the resend.
        #[serde(skip_serializing_if = "Option::is_none")]
        retry_in_ms: Option<u64>,
    },
    /// A challenge expired without an answer; the scan is closed.
    ChallengeUnanswered {
        /// The scan.
        scan_id: Uuid,
        /// The pass.
        pass: PassSummary,
    },
    /// A scan that never reached the server was dropped (its code is too old to be useful).
    ScanAbandoned {
        /// The scan.
        scan_id: Uuid,
    },
    /// A line on stdin or the tap endpoint was not usable.
    InputRejected {
        /// What was wrong, for the guard.
        message: String,
    },
    /// stdin closed: finishing pending scans.
    Draining {
        /// Scans still open.
        pending: usize,
        /// Walk-in requests still open (omitted when none).
        #[serde(skip_serializing_if = "is_zero")]
        walk_ins: usize,
        /// Maximum wait.
        timeout_ms: u64,
    },
    /// The gate stops.
    Exit {
        /// The process exit code.
        code: u8,
        /// Scans left in the journal for the next start.
        pending: usize,
        /// Walk-in requests left open in the journal (omitted when none).
        #[serde(skip_serializing_if = "is_zero")]
        walk_ins: usize,
        /// Why, when the gate stops on an error.
        #[serde(skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    },
    /// A walk-in request was journaled and sent (or, offline, queued).
    WalkInRequested {
        /// Made by the gate for this request, kept for every resend.
        request_id: Uuid,
        /// Whom the guard is holding.
        visitor_name: String,
        /// The host asked.
        host_id: Uuid,
        /// The host, when the gate looked it up; `null` when named by id (the server's
        /// answer names it).
        host: Option<HostSummary>,
        /// The guard's note.
        note: Option<String>,
        /// True when offline: the request waits in the journal.
        queued: bool,
    },
    /// The same walk-in (visitor, host and note) typed again while it is open; ignored.
    DuplicateWalkIn {
        /// The open request.
        request_id: Uuid,
    },
    /// The server's state of a walk-in request. `approved` means the visitor may enter.
    WalkIn {
        /// The gate's id of the request.
        request_id: Uuid,
        /// The server's id of it.
        walk_in_id: Uuid,
        /// `waiting`, `approved`, `denied` or `expired`.
        state: WalkInState,
        /// `host_denied` or `approval_timeout` when closed without an admission.
        reason: Option<WalkInReason>,
        /// True when this answers a resend (the state may be older than this event).
        replayed: bool,
        /// Whom the guard is holding.
        visitor_name: String,
        /// The guard's note.
        note: Option<String>,
        /// The host asked (and, on `approved`, the one who approved).
        host: HostSummary,
        /// When the approval timeout ends.
        #[serde(with = "time::serde::rfc3339")]
        expires_at: OffsetDateTime,
        /// When the host answered or the request expired.
        #[serde(with = "time::serde::rfc3339::option")]
        decided_at: Option<OffsetDateTime>,
    },
    /// A walk-in frame is sent again (same `request_id` and content).
    WalkInResend {
        /// The request.
        request_id: Uuid,
        /// Why.
        reason: ResendReason,
        /// How many times it was sent before.
        attempt: u32,
    },
    /// A walk-in line could not be sent; nothing was sent or journaled.
    WalkInRejected {
        /// What was wrong, for the guard.
        message: String,
        /// When the host was ambiguous: the candidates (else empty).
        hosts: Vec<HostSummary>,
    },
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl GateEvent {
    /// The `walk_in` event for a server `walk_in` message.
    pub fn from_walk_in(status: &WalkInStatus) -> Self {
        Self::WalkIn {
            request_id: status.request_id,
            walk_in_id: status.walk_in_id,
            state: status.state,
            reason: status.reason,
            replayed: status.replayed,
            visitor_name: status.visitor_name.clone(),
            note: status.note.clone(),
            host: status.host.clone(),
            expires_at: status.expires_at,
            decided_at: status.decided_at,
        }
    }

    /// The `result` event for a server result.
    pub fn from_result(result: &ScanResult, this_gate: Option<Uuid>) -> Self {
        Self::Result {
            scan_id: result.scan_id,
            outcome: result.outcome,
            reason: result.reason,
            replayed: result.replayed,
            pass: result.pass.clone(),
            first_admitted_at: result.first_admitted_at,
            first_gate_id: result.first_gate_id,
            first_gate_is_this_gate: this_gate.is_some() && result.first_gate_id == this_gate,
            same_wallet: result.same_wallet,
            age_s: result.age_s,
            ahead_s: result.ahead_s,
        }
    }
}

#[derive(Serialize)]
struct Line<'a> {
    #[serde(flatten)]
    event: &'a GateEvent,
    #[serde(with = "time::serde::rfc3339")]
    at: OffsetDateTime,
}

/// Prints events, as JSON lines or as coloured text.
#[derive(Debug)]
pub struct Printer {
    json: bool,
    color: bool,
}

const GREEN: &str = "\x1b[1;97;42m";
const AMBER: &str = "\x1b[1;30;43m";
const RED: &str = "\x1b[1;97;41m";
const RESET: &str = "\x1b[0m";

impl Printer {
    /// A printer; `color` only matters for text.
    pub fn new(json: bool, color: bool) -> Self {
        Self { json, color }
    }

    /// Writes one event to `out`.
    ///
    /// # Errors
    /// I/O errors of `out`.
    pub fn print(&self, event: &GateEvent, out: &mut impl Write) -> io::Result<()> {
        let now = OffsetDateTime::now_utc();
        if self.json {
            let line = Line { event, at: now };
            serde_json::to_writer(&mut *out, &line).map_err(io::Error::other)?;
            out.write_all(b"\n")?;
        } else {
            out.write_all(self.text(event, now).as_bytes())?;
        }
        out.flush()
    }

    fn paint(&self, color: &str, text: &str) -> String {
        if self.color {
            format!("{color} {text} {RESET}")
        } else {
            text.to_owned()
        }
    }

    /// The human form of an event (with a trailing newline).
    pub fn text(&self, event: &GateEvent, now: OffsetDateTime) -> String {
        match event {
            GateEvent::Started {
                pending: 0,
                walk_ins: 0,
            } => "gate started\n".into(),
            GateEvent::Started {
                pending,
                walk_ins: 0,
            } => {
                format!("gate started; resending {pending} pending scan(s) from the journal\n")
            }
            GateEvent::Started { pending, walk_ins } => format!(
                "gate started; resending {pending} pending scan(s) and {walk_ins} open \
                 walk-in(s) from the journal\n"
            ),
            GateEvent::Connecting { attempt } if *attempt <= 1 => "connecting…\n".into(),
            GateEvent::Connecting { attempt } => format!("connecting (attempt {attempt})…\n"),
            GateEvent::Connected {
                gate_id,
                site,
                clock_skew_s,
            } => {
                let mut s = format!(
                    "ONLINE as gate {gate_id}{}\n",
                    site.as_deref().map(|s| format!(" at site {s:?}")).unwrap_or_default()
                );
                if clock_skew_s.abs() >= 10 {
                    s.push_str(&format!(
                        "warning: this machine's clock is {}s off the server's\n",
                        clock_skew_s
                    ));
                }
                s
            }
            GateEvent::Offline {
                reason,
                retry_in_ms,
            } => format!(
                "{} {reason}; retrying in {:.1} s\n",
                self.paint(RED, "OFFLINE: do not admit anyone"),
                *retry_in_ms as f64 / 1000.0
            ),
            GateEvent::Scan { queued: false, .. } => "scanned; checking…\n".into(),
            GateEvent::Scan { queued: true, .. } => format!(
                "{} scan kept; it is sent when the connection is back\n",
                self.paint(RED, "OFFLINE: do not admit")
            ),
            GateEvent::DuplicateScan { .. } => "same code scanned again; still checking\n".into(),
            GateEvent::Held => "the same visitor's next code; ignored\n".into(),
            GateEvent::Challenge {
                wallet_challenge,
                expires_at,
                pass,
                ..
            } => {
                let left = (*expires_at - now).whole_seconds().max(0);
                let qr = tessera_wallet::qr::render(wallet_challenge).unwrap_or_default();
                format!(
                    "code OK for {:?}; the visitor's wallet must answer within {left} s:\n{qr}\n{wallet_challenge}\n\
                     (scan the wallet's TSR1R answer, or let it tap)\n",
                    pass.label
                )
            }
            GateEvent::PartyChallenge {
                wallet_challenge,
                expires_at,
                passes,
                ..
            } => {
                let left = (*expires_at - now).whole_seconds().max(0);
                let qr = tessera_wallet::qr::render(wallet_challenge).unwrap_or_default();
                let names: Vec<String> = passes.iter().map(|p| format!("{:?}", p.label)).collect();
                format!(
                    "party of {}: codes OK for {}; the visitor's wallet must answer within {left} s:\n{qr}\n{wallet_challenge}\n\
                     (scan the wallet's TSR1S answer)\n",
                    passes.len(),
                    names.join(", ")
                )
            }
            GateEvent::ResponseAccepted { queued: false, .. } => "answer received; checking…\n".into(),
            GateEvent::ResponseAccepted { queued: true, .. } => format!(
                "{} answer kept; it is sent when the connection is back\n",
                self.paint(RED, "OFFLINE: do not admit")
            ),
            GateEvent::Resend {
                reason, attempt, ..
            } => {
                let why = match reason {
                    ResendReason::Timeout => "no answer in time",
                    ResendReason::Reconnect => "reconnected",
                    ResendReason::RetryableError => "server asked to retry",
                };
                format!("resending ({why}, attempt {})\n", attempt + 1)
            }
            GateEvent::Result { .. } => self.result_text(event, now),
            GateEvent::Error {
                code,
                message,
                retryable: false,
                request_id: Some(_),
                ..
            } => format!(
                "{} {code}: {message}; the request is closed, nothing was admitted\n",
                self.paint(RED, "WALK-IN REFUSED")
            ),
            GateEvent::Error {
                code,
                message,
                retryable,
                ..
            } => {
                if *retryable {
                    format!("server busy ({code}): {message}; retrying\n")
                } else {
                    format!("{} {code}: {message}\n", self.paint(RED, "ERROR"))
                }
            }
            GateEvent::ChallengeUnanswered { pass, .. } => format!(
                "{} the wallet for {:?} never answered (a screenshot?); scan closed\n",
                self.paint(RED, "NOT ADMITTED"),
                pass.label
            ),
            GateEvent::ScanAbandoned { .. } => {
                "a scan made while offline was dropped (its code is too old now); scan again\n"
                    .into()
            }
            GateEvent::InputRejected { message } => format!("ignored input: {message}\n"),
            GateEvent::Draining {
                pending,
                walk_ins,
                timeout_ms,
            } => format!(
                "input closed; waiting up to {:.0} s for {pending} open scan(s){}\n",
                *timeout_ms as f64 / 1000.0,
                if *walk_ins > 0 {
                    format!(" and {walk_ins} walk-in(s)")
                } else {
                    String::new()
                }
            ),
            GateEvent::Exit {
                code,
                error: Some(error),
                ..
            } => format!("{} {error} (exit {code})\n", self.paint(RED, "GATE STOPPED")),
            GateEvent::Exit {
                code,
                pending: 0,
                walk_ins: 0,
                ..
            } => format!("gate stopped (exit {code})\n"),
            GateEvent::Exit {
                code,
                pending,
                walk_ins: 0,
                ..
            } => format!(
                "gate stopped (exit {code}); {pending} scan(s) stay in the journal and are resent on the next start\n"
            ),
            GateEvent::Exit {
                code,
                pending,
                walk_ins,
                ..
            } => format!(
                "gate stopped (exit {code}); {pending} scan(s) and {walk_ins} walk-in(s) stay in \
                 the journal and are resent on the next start\n"
            ),
            GateEvent::WalkInRequested {
                visitor_name,
                host_id,
                host,
                queued,
                ..
            } => {
                let whom = host
                    .as_ref()
                    .map_or_else(|| format!("host {host_id}"), describe_host);
                if *queued {
                    format!(
                        "{} walk-in for {visitor_name:?} to see {whom} kept; it is sent when the \
                         connection is back\n",
                        self.paint(RED, "OFFLINE: do not admit")
                    )
                } else {
                    format!("walk-in: asking {whom} to let {visitor_name:?} in…\n")
                }
            }
            GateEvent::DuplicateWalkIn { .. } => {
                "the same walk-in is already open; still waiting for the host\n".into()
            }
            GateEvent::WalkIn { .. } => self.walk_in_text(event, now),
            GateEvent::WalkInResend {
                reason, attempt, ..
            } => {
                let why = match reason {
                    ResendReason::Timeout => "no answer in time",
                    ResendReason::Reconnect => "reconnected",
                    ResendReason::RetryableError => "server asked to retry",
                };
                format!("resending walk-in ({why}, attempt {})\n", attempt + 1)
            }
            GateEvent::WalkInRejected { message, hosts } => {
                let mut text = format!("walk-in not sent: {message}\n");
                for host in hosts {
                    text.push_str(&format!(
                        "  {}  {:<8}  {}\n",
                        host.id,
                        host.unit.as_deref().unwrap_or("-"),
                        host.label
                    ));
                }
                text
            }
        }
    }

    fn walk_in_text(&self, event: &GateEvent, now: OffsetDateTime) -> String {
        let GateEvent::WalkIn {
            state,
            replayed,
            visitor_name,
            host,
            expires_at,
            ..
        } = event
        else {
            return String::new();
        };
        let whom = describe_host(host);
        let again = if *replayed {
            " (decided earlier, delivered again)"
        } else {
            ""
        };
        match state {
            WalkInState::Waiting => {
                let left = (*expires_at - now).whole_seconds().max(0);
                format!(
                    "{} {whom} was asked to let {visitor_name:?} in; do not admit yet (the \
                     request expires in {left} s)\n",
                    self.paint(AMBER, "WAITING FOR HOST:")
                )
            }
            WalkInState::Approved => format!(
                "{} {visitor_name:?}: approved by {whom}; let the visitor in{again}\n",
                self.paint(GREEN, "WALK-IN APPROVED")
            ),
            WalkInState::Denied => format!(
                "{} {visitor_name:?}: {whom} said no; do not admit{again}\n",
                self.paint(RED, "WALK-IN DENIED")
            ),
            WalkInState::Expired => format!(
                "{} {visitor_name:?}: {whom} did not answer in time; do not admit{again}\n",
                self.paint(RED, "WALK-IN EXPIRED")
            ),
        }
    }

    fn result_text(&self, event: &GateEvent, now: OffsetDateTime) -> String {
        let GateEvent::Result {
            outcome,
            reason,
            replayed,
            pass,
            first_admitted_at,
            first_gate_id,
            first_gate_is_this_gate,
            age_s,
            ahead_s,
            ..
        } = event
        else {
            return String::new();
        };
        let who = pass
            .as_ref()
            .map(|p| format!(" {:?}", p.label))
            .unwrap_or_default();
        let again = if *replayed {
            " (stored outcome, delivered again)"
        } else {
            ""
        };
        match outcome {
            Outcome::Admitted => format!("{}{who}{again}\n", self.paint(GREEN, "ADMITTED")),
            Outcome::AlreadyAdmitted => {
                let when = first_admitted_at
                    .map(|t| ago(now, t))
                    .unwrap_or_else(|| "earlier".into());
                let gate = match (first_gate_is_this_gate, first_gate_id) {
                    (true, _) => "this gate".to_owned(),
                    (false, Some(id)) => format!("gate {id}"),
                    (false, None) => "another gate".to_owned(),
                };
                format!(
                    "{}{who}: same phone, admitted {when} at {gate}{again}\n",
                    self.paint(AMBER, "ALREADY ADMITTED")
                )
            }
            Outcome::Denied => {
                let why = reason.map_or_else(
                    || "no reason given".into(),
                    |r| explain(r, *age_s, *ahead_s),
                );
                format!("{}{who}: {why}{again}\n", self.paint(RED, "DENIED"))
            }
        }
    }
}

/// "2 min ago" style text.
pub fn ago(now: OffsetDateTime, then: OffsetDateTime) -> String {
    let secs = (now - then).whole_seconds();
    match secs {
        s if s < 0 => "just now".into(),
        s if s < 60 => format!("{s} s ago"),
        s if s < 3600 => format!("{} min ago", s / 60),
        s if s < 86_400 => format!("{} h {} min ago", s / 3600, (s % 3600) / 60),
        _ => format!("on {}", then.date()),
    }
}

/// A guard-readable explanation of a denial.
pub fn explain(reason: DenyReason, age_s: Option<u64>, ahead_s: Option<u64>) -> String {
    match reason {
        DenyReason::MalformedCode => "not a Tessera code".into(),
        DenyReason::UnknownPass => "unknown pass".into(),
        DenyReason::BadCode => "wrong code (forged, or from another wallet)".into(),
        DenyReason::StaleCode => match age_s {
            Some(a) => format!("stale code, {a} s old: a screenshot? ask for the live wallet"),
            None => "stale code: a screenshot? ask for the live wallet".into(),
        },
        DenyReason::FutureCode => match ahead_s {
            Some(a) => format!("code from the future ({a} s ahead): the phone's clock is wrong"),
            None => "code from the future: the phone's clock is wrong".into(),
        },
        DenyReason::NotClaimed => "pass not claimed by a wallet yet".into(),
        DenyReason::Revoked => "pass revoked by the issuer".into(),
        DenyReason::Expired => "pass expired".into(),
        DenyReason::NotYetValid => "pass not valid yet".into(),
        DenyReason::WrongSite => "pass is for another site".into(),
        DenyReason::CodeReplayed => {
            "this code already admitted someone at another gate (copied code)".into()
        }
        DenyReason::ChallengeExpired => "the wallet answered too late; scan again".into(),
        DenyReason::BadResponse => {
            "wrong answer from the wallet (not the pass holder's phone?); the challenge stays \
             open for another try"
                .into()
        }
        DenyReason::ChallengeBurned => "too many wrong answers; scan again".into(),
        DenyReason::ForeignNonce => {
            "this answer belongs to another gate's scan (copied credential)".into()
        }
        DenyReason::UnknownNonce => "unknown challenge".into(),
        DenyReason::NotInside => "not inside this zone: nothing to leave".into(),
        DenyReason::ZoneNotAllowed => "pass is not valid for this zone".into(),
        DenyReason::AlreadyInside => "already inside this zone (pass-back)".into(),
        DenyReason::ReentryNotAllowed => "no re-entry into this zone after leaving".into(),
        DenyReason::EntryLimit => "no entries left today for this zone".into(),
        DenyReason::SeeStaff => "please wait: staff are on their way".into(),
        DenyReason::NoRollCall => "no roll call in progress".into(),
        DenyReason::NotOnRollCall => "not on the roll call's list".into(),
        DenyReason::SiteDelegated => {
            "decided elsewhere: the venue's node or the central server".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;

    fn result(outcome: Outcome, reason: Option<DenyReason>) -> GateEvent {
        GateEvent::Result {
            scan_id: Uuid::nil(),
            outcome,
            reason,
            replayed: false,
            pass: Some(PassSummary {
                id: Uuid::nil(),
                label: "Ada".into(),
            }),
            first_admitted_at: Some(OffsetDateTime::UNIX_EPOCH),
            first_gate_id: Some(Uuid::nil()),
            first_gate_is_this_gate: false,
            same_wallet: true,
            age_s: Some(47),
            ahead_s: None,
        }
    }

    #[test]
    fn already_admitted_reads_like_a_sentence() {
        let p = Printer::new(false, false);
        let now = OffsetDateTime::UNIX_EPOCH + Duration::seconds(130);
        let text = p.text(&result(Outcome::AlreadyAdmitted, None), now);
        assert_eq!(
            text,
            format!(
                "ALREADY ADMITTED \"Ada\": same phone, admitted 2 min ago at gate {}\n",
                Uuid::nil()
            )
        );
        let stale = p.text(&result(Outcome::Denied, Some(DenyReason::StaleCode)), now);
        assert!(stale.contains("47 s old"), "{stale}");
    }

    #[test]
    fn json_lines_start_with_the_event_name() {
        let mut out = Vec::new();
        Printer::new(true, false)
            .print(&result(Outcome::Admitted, None), &mut out)
            .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("{\"event\":\"result\""), "{text}");
        assert!(text.ends_with("}\n"));
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["outcome"], "admitted");
        assert!(value["at"].is_string());
    }
}

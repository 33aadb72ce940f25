//! `GateCore` against the table of cases the web gate's JavaScript state machine runs too
//! (`web/test/gate-core-cases.json`, read by `web/test/unit/gate-core.test.mjs`), so the two
//! implementations cannot drift apart: events go in, normalised actions come out, and both
//! must produce exactly the listed actions.
//!
//! The walk-in cases (issue 16) live beside this file (`walk-in-cases.json`) in the same
//! vocabulary plus the walk-in actions, so the web gate's `walkins.js` can adopt them.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tessera_gate::events::{GateEvent, Source};
use tessera_gate::walkin::{self, GateHost};
use tessera_gate::{Action, CoreConfig, Error, GateCore, MemoryJournal};
use tessera_protocol::messages::{GateMessage, ServerMessage, Welcome};
use time::OffsetDateTime;
use uuid::Uuid;

const TABLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../web/test/gate-core-cases.json"
);

const WALK_IN_TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/walk-in-cases.json");

/// One action in the table's vocabulary, or `None` for informational events.
fn normalise(action: &Action) -> Option<Value> {
    Some(match action {
        Action::Send(GateMessage::Scan { scan_id, code }) => {
            json!({"send": "scan", "scan_id": scan_id.to_string(), "code": code})
        }
        Action::Send(GateMessage::Response {
            scan_id,
            nonce,
            response,
        }) => {
            json!({"send": "response", "scan_id": scan_id.to_string(), "nonce": nonce, "response": response})
        }
        // The native gate never musters (the web gate's muster mode is tested in web/test).
        Action::Send(GateMessage::MusterScan { scan_id, code }) => {
            json!({"send": "muster_scan", "scan_id": scan_id.to_string(), "code": code})
        }
        Action::Send(GateMessage::MusterResponse {
            scan_id,
            nonce,
            response,
        }) => {
            json!({"send": "muster_response", "scan_id": scan_id.to_string(), "nonce": nonce, "response": response})
        }
        Action::Send(GateMessage::WalkIn {
            request_id,
            visitor_name,
            host_id,
            note,
        }) => json!({
            "send": "walk_in",
            "request_id": request_id.to_string(),
            "visitor_name": visitor_name,
            "host_id": host_id.to_string(),
            "note": note,
        }),
        Action::Reconnect => json!({"reconnect": true}),
        Action::Emit(event) => match event {
            GateEvent::Connected { .. } => json!({"status": "online"}),
            GateEvent::Offline { .. } => json!({"status": "offline"}),
            GateEvent::Scan {
                scan_id,
                queued: true,
            } => json!({"queued": "scan", "scan_id": scan_id.to_string()}),
            GateEvent::ResponseAccepted {
                scan_id,
                queued: true,
                ..
            } => json!({"queued": "response", "scan_id": scan_id.to_string()}),
            GateEvent::DuplicateScan { scan_id } => {
                json!({"show": "duplicate", "scan_id": scan_id.to_string()})
            }
            GateEvent::Challenge {
                scan_id,
                wallet_challenge,
                ..
            } => {
                json!({"show": "challenge", "scan_id": scan_id.to_string(), "wallet_challenge": wallet_challenge})
            }
            GateEvent::Result {
                scan_id,
                outcome,
                reason,
                replayed,
                ..
            } => json!({
                "show": "verdict",
                "scan_id": scan_id.to_string(),
                "outcome": outcome.as_str(),
                "reason": serde_json::to_value(reason).expect("reason serialises"),
                "replayed": replayed,
            }),
            GateEvent::Error {
                scan_id,
                request_id,
                code,
                retryable,
                ..
            } => {
                let mut shown = json!({
                    "show": "error",
                    "scan_id": scan_id.map(|s| s.to_string()),
                    "code": code,
                    "retryable": retryable,
                });
                if let Some(id) = request_id {
                    shown["request_id"] = json!(id.to_string());
                }
                shown
            }
            GateEvent::WalkInRequested {
                request_id,
                queued: true,
                ..
            } => json!({"queued": "walk_in", "request_id": request_id.to_string()}),
            GateEvent::DuplicateWalkIn { request_id } => {
                json!({"show": "duplicate_walk_in", "request_id": request_id.to_string()})
            }
            GateEvent::WalkIn {
                request_id,
                state,
                reason,
                replayed,
                ..
            } => json!({
                "show": "walk_in",
                "request_id": request_id.to_string(),
                "state": state.as_str(),
                "reason": serde_json::to_value(reason).expect("reason serialises"),
                "replayed": replayed,
            }),
            GateEvent::WalkInRejected { hosts, .. } => {
                json!({"show": "walk_in_rejected", "hosts": hosts.len()})
            }
            GateEvent::PartyChallenge {
                wallet_challenge, ..
            } => {
                json!({"show": "party_challenge", "wallet_challenge": wallet_challenge})
            }
            GateEvent::ChallengeUnanswered { scan_id, .. } => {
                json!({"show": "unanswered", "scan_id": scan_id.to_string()})
            }
            GateEvent::ScanAbandoned { scan_id } => {
                json!({"show": "abandoned", "scan_id": scan_id.to_string()})
            }
            GateEvent::InputRejected { .. } => json!({"show": "rejected"}),
            GateEvent::Started { .. }
            | GateEvent::Connecting { .. }
            | GateEvent::Scan { .. }
            | GateEvent::ResponseAccepted { .. }
            | GateEvent::Resend { .. }
            | GateEvent::Draining { .. }
            | GateEvent::Exit { .. }
            | GateEvent::WalkInRequested { .. }
            | GateEvent::WalkInResend { .. }
            | GateEvent::Held => return None,
        },
    })
}

/// `expected` matches `actual`; a `"$name"` string binds to (or must equal) the actual value.
fn matches(expected: &Value, actual: &Value, bindings: &mut HashMap<String, String>) -> bool {
    match (expected, actual) {
        (Value::String(e), Value::String(a)) if e.starts_with('$') => {
            match bindings.get(e) {
                Some(bound) => bound == a,
                None => {
                    if bindings.values().any(|v| v == a) {
                        return false; // a new name must be a new scan
                    }
                    bindings.insert(e.clone(), a.clone());
                    true
                }
            }
        }
        (Value::Object(e), Value::Object(a)) => {
            e.len() == a.len()
                && e.iter()
                    .all(|(k, v)| a.get(k).is_some_and(|av| matches(v, av, bindings)))
        }
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(x, y)| matches(x, y, bindings))
        }
        _ => expected == actual,
    }
}

/// Replaces bound `"$name"` strings in an event.
fn substitute(value: &Value, bindings: &HashMap<String, String>) -> Value {
    match value {
        Value::String(s) if s.starts_with('$') => Value::String(
            bindings
                .get(s)
                .unwrap_or_else(|| panic!("{s} is used before an action bound it"))
                .clone(),
        ),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), substitute(v, bindings)))
                .collect(),
        ),
        Value::Array(items) => {
            Value::Array(items.iter().map(|v| substitute(v, bindings)).collect())
        }
        other => other.clone(),
    }
}

struct Runner {
    journal: MemoryJournal,
    core: Option<GateCore<MemoryJournal>>,
    t0: Instant,
    wall0: OffsetDateTime,
    bindings: HashMap<String, String>,
}

impl Runner {
    fn core(&mut self) -> &mut GateCore<MemoryJournal> {
        self.core
            .as_mut()
            .expect("the first step of a case is `open`")
    }

    /// Runs one event; `Err` carries the normalised name of a core error.
    fn step(&mut self, event: &Value, at: u64) -> Result<Vec<Action>, String> {
        let now = self.t0 + Duration::from_millis(at);
        let wall = self.wall0 + time::Duration::milliseconds(at as i64);
        let (kind, body) = event
            .as_object()
            .and_then(|o| o.iter().next())
            .expect("an event is an object with one key");
        let body = substitute(body, &self.bindings);
        let core_error = |e: Error| match e {
            Error::JournalGateMismatch { .. } => "gate_mismatch".to_owned(),
            other => format!("unexpected error: {other}"),
        };
        match kind.as_str() {
            "open" => {
                // A reload: a new core on the same journal.
                let (core, actions) = GateCore::open(self.journal.clone(), CoreConfig::default())
                    .map_err(core_error)?;
                self.core = Some(core);
                Ok(actions)
            }
            "connected" => {
                let gate_id: Uuid = body["gate_id"]
                    .as_str()
                    .expect("gate_id")
                    .parse()
                    .expect("uuid");
                let welcome = Welcome {
                    gate_id,
                    site: None,
                    server_time: wall,
                    protocol: 1,
                };
                self.core()
                    .on_connected(&welcome, now, wall)
                    .map_err(core_error)
            }
            "disconnected" => {
                let reason = body["reason"].as_str().unwrap_or("closed").to_owned();
                let retry = Duration::from_millis(body["retry_in_ms"].as_u64().unwrap_or(0));
                Ok(self.core().on_disconnected(&reason, retry))
            }
            "line" => {
                let text = body.as_str().expect("a line is a string").to_owned();
                self.core()
                    .on_line(&text, Source::Scanner, now, wall)
                    .map_err(core_error)
            }
            "server" => {
                let message: ServerMessage =
                    serde_json::from_value(body.clone()).expect("a valid server message");
                self.core().on_server(&message, now).map_err(core_error)
            }
            "tick" => self.core().on_tick(now, wall).map_err(core_error),
            "verdict_shown" => {
                let id: Uuid = body.as_str().expect("scan id").parse().expect("uuid");
                self.core().verdict_shown(id).map_err(core_error)?;
                Ok(Vec::new())
            }
            "walk_in_shown" => {
                let id: Uuid = body.as_str().expect("request id").parse().expect("uuid");
                self.core().walk_in_shown(id).map_err(core_error)?;
                Ok(Vec::new())
            }
            "lookup" => {
                let line = walkin::parse_line(body["line"].as_str().expect("line"))
                    .expect("a lookup's line parses");
                let hosts: Vec<GateHost> =
                    serde_json::from_value(body["hosts"].clone()).expect("hosts");
                self.core()
                    .on_host_lookup(&line, &hosts, now, wall)
                    .map_err(core_error)
            }
            other => panic!("unknown event {other:?}"),
        }
    }
}

#[test]
fn gate_core_follows_the_shared_table() {
    run_table(TABLE, 8);
}

#[test]
fn gate_core_follows_the_walk_in_table() {
    run_table(WALK_IN_TABLE, 10);
}

fn run_table(path: &str, min_cases: usize) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let table: Value = serde_json::from_str(&text).expect("the table is JSON");
    let start = OffsetDateTime::parse(
        table["start"].as_str().expect("start"),
        &time::format_description::well_known::Rfc3339,
    )
    .expect("start is RFC 3339");
    let cases = table["cases"].as_array().expect("cases");
    assert!(cases.len() >= min_cases, "the table lost its cases");
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().expect("name");
        let mut runner = Runner {
            journal: MemoryJournal::default(),
            core: None,
            t0: Instant::now(),
            wall0: start,
            bindings: HashMap::new(),
        };
        for (i, step) in case["steps"].as_array().expect("steps").iter().enumerate() {
            let at = step["at"].as_u64().unwrap_or(0);
            let outcome = runner.step(&step["event"], at);
            let where_ = format!("{name} / step {i} ({})", step["event"]);
            match (outcome, step.get("expect_error")) {
                (Err(e), Some(want)) if want.as_str() == Some(e.as_str()) => {}
                (Err(e), _) => {
                    failures.push(format!("{where_}: error {e}"));
                    break;
                }
                (Ok(actions), Some(want)) => {
                    failures.push(format!("{where_}: expected error {want}, got {actions:?}"));
                    break;
                }
                (Ok(actions), None) => {
                    let got: Vec<Value> = actions.iter().filter_map(normalise).collect();
                    let want = step["expect"].clone();
                    if !matches(&want, &Value::Array(got.clone()), &mut runner.bindings) {
                        failures.push(format!(
                            "{where_}:\n    expected {want}\n    got      {}",
                            Value::Array(got)
                        ));
                        break;
                    }
                }
            }
            let core = runner.core();
            if let Some(n) = step.get("pending").and_then(Value::as_u64) {
                if core.pending() as u64 != n {
                    failures.push(format!(
                        "{where_}: {} pending, expected {n}",
                        core.pending()
                    ));
                    break;
                }
            }
            if let Some(n) = step.get("walk_ins").and_then(Value::as_u64) {
                if core.open_walk_ins() as u64 != n {
                    failures.push(format!(
                        "{where_}: {} open walk-ins, expected {n}",
                        core.open_walk_ins()
                    ));
                    break;
                }
            }
            if let Some(n) = step.get("unshown_walk_ins").and_then(Value::as_u64) {
                if core.unshown_walk_ins() as u64 != n {
                    failures.push(format!(
                        "{where_}: {} unshown walk-ins, expected {n}",
                        core.unshown_walk_ins()
                    ));
                    break;
                }
            }
            if let Some(n) = step.get("unshown").and_then(Value::as_u64) {
                if core.unshown_verdicts() as u64 != n {
                    failures.push(format!(
                        "{where_}: {} unshown verdicts, expected {n}",
                        core.unshown_verdicts()
                    ));
                    break;
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

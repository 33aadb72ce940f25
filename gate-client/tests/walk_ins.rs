//! Walk-ins (issue 16) at the gate: the state machine's edges the shared table does not
//! reach (the tap, the journal on disk, a failing journal, the printed forms), and the
//! whole `run` loop against a fake server that lists hosts over HTTP and drops the gate's
//! link after it answered `waiting`: the gate must resend the same request and show the
//! approval, and stdin closing must wait for it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tessera_gate::events::{GateEvent, Printer, Source};
use tessera_gate::run::{run, GateConfig, EXIT_OK, EXIT_PENDING};
use tessera_gate::{Action, CoreConfig, DeviceToken, FileJournal, GateCore, MemoryJournal};
use tessera_protocol::messages::{
    GateMessage, HostSummary, ServerMessage, WalkInReason, WalkInState, WalkInStatus, Welcome,
};
use time::OffsetDateTime;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

const TOKEN: &str = "gate-token";

fn host_12b() -> HostSummary {
    HostSummary {
        id: "7b2d9e40-1c3a-4f5b-9d6e-00000000000a".parse().unwrap(),
        label: "R. Iyer, Flat 12B".into(),
        unit: Some("12B".into()),
    }
}

fn host_112b() -> HostSummary {
    HostSummary {
        id: "7b2d9e40-1c3a-4f5b-9d6e-00000000000b".parse().unwrap(),
        label: "K. Obi, Flat 112B".into(),
        unit: Some("112B".into()),
    }
}

fn status(request_id: Uuid, state: WalkInState, replayed: bool) -> WalkInStatus {
    let now = OffsetDateTime::now_utc();
    WalkInStatus {
        request_id,
        walk_in_id: Uuid::from_u128(7),
        state,
        reason: state.reason(),
        visitor_name: "Sam Okafor".into(),
        note: Some("parcel".into()),
        host: host_12b(),
        expires_at: now + time::Duration::minutes(5),
        decided_at: (state != WalkInState::Waiting).then_some(now),
        replayed,
    }
}

fn welcome(gate_id: Uuid) -> Welcome {
    Welcome {
        gate_id,
        site: None,
        server_time: OffsetDateTime::now_utc(),
        protocol: 1,
    }
}

fn sent(actions: &[Action]) -> Vec<GateMessage> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Send(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

fn shown(actions: &[Action]) -> Vec<GateEvent> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Emit(e) => Some(e.clone()),
            _ => None,
        })
        .collect()
}

fn line_for(host: Uuid) -> String {
    format!("WALKIN {host} Sam Okafor -- parcel")
}

#[test]
fn a_walk_in_from_the_tap_endpoint_is_refused() {
    let (mut core, _) = GateCore::open(MemoryJournal::default(), CoreConfig::default()).unwrap();
    let now = Instant::now();
    core.on_connected(&welcome(Uuid::new_v4()), now, OffsetDateTime::now_utc())
        .unwrap();
    let actions = core
        .on_line(
            &line_for(host_12b().id),
            Source::Tap,
            now,
            OffsetDateTime::now_utc(),
        )
        .unwrap();
    assert!(sent(&actions).is_empty(), "{actions:?}");
    assert!(matches!(
        shown(&actions).as_slice(),
        [GateEvent::InputRejected { .. }]
    ));
    assert_eq!(core.open_walk_ins(), 0);
}

#[test]
fn nothing_is_sent_that_the_journal_did_not_take() {
    let journal = MemoryJournal::default();
    let (mut core, _) = GateCore::open(journal.clone(), CoreConfig::default()).unwrap();
    let now = Instant::now();
    core.on_connected(&welcome(Uuid::new_v4()), now, OffsetDateTime::now_utc())
        .unwrap();
    journal
        .fail_saves
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let failed = core.on_line(
        &line_for(host_12b().id),
        Source::Scanner,
        now,
        OffsetDateTime::now_utc(),
    );
    assert!(failed.is_err(), "{failed:?}");
    assert_eq!(core.open_walk_ins(), 0);
}

#[test]
fn a_restart_on_the_journal_file_resends_the_identical_frame() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal.json");
    let gate_id = Uuid::new_v4();
    let now = Instant::now();
    let (mut core, _) = GateCore::open(FileJournal::new(&path), CoreConfig::default()).unwrap();
    core.on_connected(&welcome(gate_id), now, OffsetDateTime::now_utc())
        .unwrap();
    let first = sent(
        &core
            .on_line(
                &line_for(host_12b().id),
                Source::Scanner,
                now,
                OffsetDateTime::now_utc(),
            )
            .unwrap(),
    );
    let [GateMessage::WalkIn { request_id, .. }] = first.as_slice() else {
        panic!("{first:?}")
    };
    core.on_server(
        &ServerMessage::WalkIn(status(*request_id, WalkInState::Waiting, false)),
        now,
    )
    .unwrap();
    drop(core);

    let (mut again, started) =
        GateCore::open(FileJournal::new(&path), CoreConfig::default()).unwrap();
    assert!(
        matches!(
            shown(&started).as_slice(),
            [GateEvent::Started {
                pending: 0,
                walk_ins: 1
            }]
        ),
        "{started:?}"
    );
    let resent = sent(
        &again
            .on_connected(&welcome(gate_id), now, OffsetDateTime::now_utc())
            .unwrap(),
    );
    assert_eq!(resent, first, "the resend is the same request and content");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"walk_ins\""), "{text}");
    assert!(text.contains("\"state\": \"waiting\""), "{text}");
}

#[test]
fn walk_in_events_print_as_documented() {
    let request_id = Uuid::new_v4();
    let approved = GateEvent::from_walk_in(&status(request_id, WalkInState::Approved, true));
    let mut out = Vec::new();
    Printer::new(true, false)
        .print(&approved, &mut out)
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("{\"event\":\"walk_in\","), "{text}");
    assert_eq!(value["request_id"], request_id.to_string());
    assert_eq!(value["state"], "approved");
    assert_eq!(value["reason"], serde_json::Value::Null);
    assert_eq!(value["replayed"], true);
    assert_eq!(value["host"]["label"], "R. Iyer, Flat 12B");
    assert_eq!(value["host"]["unit"], "12B");
    assert!(value["expires_at"].as_str().unwrap().ends_with('Z'));
    assert!(value["decided_at"].is_string());
    assert!(value["at"].is_string());

    let printer = Printer::new(false, false);
    let now = OffsetDateTime::now_utc();
    let text = printer.text(&approved, now);
    assert_eq!(
        text,
        "WALK-IN APPROVED \"Sam Okafor\": approved by \"R. Iyer, Flat 12B\"; let the visitor \
         in (decided earlier, delivered again)\n"
    );
    let waiting = printer.text(
        &GateEvent::from_walk_in(&status(request_id, WalkInState::Waiting, false)),
        now,
    );
    assert!(
        waiting.starts_with("WAITING FOR HOST: \"R. Iyer, Flat 12B\" was asked"),
        "{waiting}"
    );
    assert!(
        waiting.contains("expires in 299 s") || waiting.contains("expires in 300 s"),
        "{waiting}"
    );
    let mut denied = status(request_id, WalkInState::Denied, false);
    denied.reason = Some(WalkInReason::HostDenied);
    let text = printer.text(&GateEvent::from_walk_in(&denied), now);
    assert!(text.starts_with("WALK-IN DENIED"), "{text}");
    let text = printer.text(
        &GateEvent::from_walk_in(&status(request_id, WalkInState::Expired, false)),
        now,
    );
    assert!(text.starts_with("WALK-IN EXPIRED"), "{text}");

    // Events of a gate that never takes a walk-in print as they always did.
    let mut out = Vec::new();
    Printer::new(true, false)
        .print(
            &GateEvent::Started {
                pending: 2,
                walk_ins: 0,
            },
            &mut out,
        )
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.starts_with("{\"event\":\"started\",\"pending\":2,\"at\":"),
        "{text}"
    );
}

/// What the fake server saw: every walk-in frame with the connection it came on, and
/// every host query.
#[derive(Default)]
struct Seen {
    frames: Vec<(usize, GateMessage)>,
    queries: Vec<String>,
}

/// Answers `GET /v1/gate/hosts` (bearer checked) with two hosts, and the gate WebSocket:
/// on the first connection a walk-in gets `waiting` and the link is dropped; on later ones
/// it gets `approved`, `replayed: true`.
async fn fake_server(gate_id: Uuid, seen: Arc<Mutex<Seen>>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut sockets = 0;
        loop {
            let (stream, _) = listener.accept().await.unwrap();
            if is_host_lookup(&stream).await {
                tokio::spawn(answer_hosts(stream, Arc::clone(&seen)));
                continue;
            }
            let conn_no = sockets;
            sockets += 1;
            let seen = Arc::clone(&seen);
            tokio::spawn(async move {
                let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
                    return;
                };
                let welcome = ServerMessage::Welcome(welcome(gate_id));
                ws.send(Message::text(serde_json::to_string(&welcome).unwrap()))
                    .await
                    .unwrap();
                while let Some(Ok(frame)) = ws.next().await {
                    let Message::Text(text) = frame else { continue };
                    let msg: GateMessage = serde_json::from_str(text.as_str()).unwrap();
                    seen.lock().unwrap().frames.push((conn_no, msg.clone()));
                    let GateMessage::WalkIn { request_id, .. } = msg else {
                        continue;
                    };
                    let (state, replayed) = if conn_no == 0 {
                        (WalkInState::Waiting, false)
                    } else {
                        (WalkInState::Approved, true)
                    };
                    let reply = ServerMessage::WalkIn(status(request_id, state, replayed));
                    ws.send(Message::text(serde_json::to_string(&reply).unwrap()))
                        .await
                        .unwrap();
                    if conn_no == 0 {
                        // The link dies while the host decides.
                        break;
                    }
                }
            });
        }
    });
    format!("ws://{addr}/v1/gate/ws")
}

async fn is_host_lookup(stream: &TcpStream) -> bool {
    let mut head = [0u8; 64];
    for _ in 0..100 {
        let n = stream.peek(&mut head).await.unwrap_or(0);
        if n >= 20 || n == 0 {
            return head[..n].starts_with(b"GET /v1/gate/hosts");
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    false
}

async fn answer_hosts(mut stream: TcpStream, seen: Arc<Mutex<Seen>>) {
    let mut request = Vec::new();
    let mut buf = [0u8; 1024];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
        let n = stream.read(&mut buf).await.unwrap();
        if n == 0 {
            return;
        }
        request.extend_from_slice(&buf[..n]);
    }
    let request = String::from_utf8_lossy(&request).into_owned();
    let first = request.lines().next().unwrap_or_default().to_owned();
    seen.lock().unwrap().queries.push(first);
    let authorised = request
        .lines()
        .any(|l| l.eq_ignore_ascii_case(&format!("authorization: Bearer {TOKEN}")));
    let (status, body) = if authorised {
        let hosts: Vec<_> = [host_112b(), host_12b()]
            .into_iter()
            .map(|h| serde_json::json!({"host_id": h.id, "label": h.label, "unit": h.unit}))
            .collect();
        ("200 OK", serde_json::json!({ "hosts": hosts }).to_string())
    } else {
        ("401 Unauthorized", "{}".to_owned())
    };
    let response = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
}

fn config(server: String, journal: std::path::PathBuf, drain: Duration) -> GateConfig {
    GateConfig {
        server,
        token: DeviceToken::new(TOKEN).unwrap(),
        journal,
        tap_listen: None,
        json: true,
        request_timeout: Duration::from_millis(500),
        drain_timeout: drain,
        connect_timeout: Duration::from_secs(2),
        heartbeat: Duration::from_secs(5),
        reconnect_cap: Duration::from_millis(500),
        pass_hold: None,
    }
}

#[tokio::test]
async fn a_walk_in_by_unit_survives_a_dropped_link_and_stdin_waits_for_the_approval() {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let server = fake_server(Uuid::new_v4(), Arc::clone(&seen)).await;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.json");
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let gate = tokio::spawn(run(
        config(server, journal.clone(), Duration::from_secs(10)),
        rx,
    ));
    // "2B" matches both flats: nothing is sent. "12b" is one flat's unit exactly.
    tx.send("WALKIN 2B Sam Okafor -- parcel".into())
        .await
        .unwrap();
    tx.send("WALKIN 12b Sam Okafor -- parcel".into())
        .await
        .unwrap();
    drop(tx);
    let code = tokio::time::timeout(Duration::from_secs(15), gate)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code, EXIT_OK, "the gate waited for the host's decision");

    let seen = seen.lock().unwrap();
    assert_eq!(seen.queries.len(), 2, "{:?}", seen.queries);
    assert!(
        seen.queries[0].starts_with("GET /v1/gate/hosts?q=2B "),
        "{:?}",
        seen.queries
    );
    let walk_ins: Vec<_> = seen
        .frames
        .iter()
        .filter(|(_, m)| matches!(m, GateMessage::WalkIn { .. }))
        .collect();
    assert_eq!(walk_ins.len(), 2, "one send and one resend: {walk_ins:?}");
    assert_eq!((walk_ins[0].0, walk_ins[1].0), (0, 1));
    assert_eq!(walk_ins[0].1, walk_ins[1].1, "the resend is the same frame");
    let GateMessage::WalkIn {
        host_id,
        visitor_name,
        note,
        ..
    } = &walk_ins[0].1
    else {
        unreachable!()
    };
    assert_eq!(*host_id, host_12b().id);
    assert_eq!(visitor_name, "Sam Okafor");
    assert_eq!(note.as_deref(), Some("parcel"));
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(!text.contains("walk_in"), "closed and shown: {text}");
}

#[tokio::test]
async fn the_drain_timeout_keeps_a_waiting_walk_in_for_the_next_start() {
    let seen = Arc::new(Mutex::new(Seen::default()));
    // A server that only ever says waiting: the first connection's answer, then silence.
    let server = fake_server(Uuid::new_v4(), Arc::clone(&seen)).await;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.json");
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let gate = tokio::spawn(run(config(server, journal.clone(), Duration::ZERO), rx));
    tx.send(line_for(host_12b().id)).await.unwrap();
    drop(tx);
    let code = tokio::time::timeout(Duration::from_secs(15), gate)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code, EXIT_PENDING);
    let text = std::fs::read_to_string(&journal).unwrap();
    assert!(text.contains("\"walk_ins\""), "{text}");
    assert!(text.contains("Sam Okafor"), "{text}");
}

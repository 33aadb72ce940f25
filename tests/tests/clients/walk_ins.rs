//! Issue 16: walk-ins through the real `tessera-gate` binary. The guard types a `WALKIN` line,
//! the gate looks the host up by unit, the host approves over REST with its own key, and
//! the gate prints the approval; and the fault requirement: **a walk-in approved while the
//! gate's link is cut and restored is admitted exactly once** (the gate resends the same
//! request after the outage, learns the approval as a replay, and the server holds one
//! approved walk-in and one `walk_in_approved` event however often it is resent).

use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tempfile::TempDir;
use tessera_protocol::messages::{GateMessage, ServerMessage, WalkInState};
use tessera_tests::proxy::TcpProxy;
use tessera_tests::tls::TestCa;
use tessera_tests::{both_backends, sqlite_only, ApiClient, Backend, Gate, TestServer};
use uuid::Uuid;

use crate::support::{assert_clean_exit_event, client_binary, event_name, GateProcess, GateSetup};

both_backends!(
    a_walk_in_approved_by_its_host_over_rest_is_printed_as_approved,
    a_walk_in_approved_while_the_link_is_cut_is_admitted_exactly_once,
    refused_denied_expired_and_restarted_walk_ins_are_printed_as_such,
);
sqlite_only!(the_host_lookup_of_a_wss_gate_goes_over_https);

const HOST_LABEL: &str = "R. Iyer, Flat 12B";
const VISITOR: &str = "Sam Okafor";
const EXIT_TIMEOUT: Duration = Duration::from_secs(15);
/// The shortest outage: several failed reconnects.
const OUTAGE: Duration = Duration::from_secs(2);

/// A server, two hosts (units 12B and 112B: "2B" is ambiguous), and a gate ready to run.
struct Desk {
    server: TestServer,
    host_id: Uuid,
    host: ApiClient,
    gate_id: Uuid,
    device_token: String,
    gate: GateSetup,
    _dir: TempDir,
}

/// `POST /v1/api-keys` with role `host`: the key id is the host id.
async fn create_host(admin: &ApiClient, label: &str, unit: &str) -> Result<(Uuid, String)> {
    let answer = admin
        .post(
            "/v1/api-keys",
            &json!({"role": "host", "label": label, "unit": unit}),
        )
        .await?
        .expect(201)
        .with_context(|| format!("create host {label:?}"))?;
    ensure!(answer["role"] == "host", "{answer}");
    ensure!(answer["unit"] == unit, "{answer}");
    let id = answer["key_id"]
        .as_str()
        .and_then(|t| t.parse().ok())
        .with_context(|| format!("no key_id in {answer}"))?;
    let key = answer["api_key"]
        .as_str()
        .with_context(|| format!("no api_key in {answer}"))?
        .to_owned();
    Ok((id, key))
}

async fn desk(backend: Backend) -> Result<Desk> {
    desk_on(TestServer::start(backend).await?).await
}

async fn desk_on(server: TestServer) -> Result<Desk> {
    let admin = server.admin();
    let (host_id, host_key) = create_host(&admin, HOST_LABEL, "12B").await?;
    create_host(&admin, "K. Obi, Flat 112B", "112B").await?;
    let device = admin.create_gate("Lobby", None).await?;
    let dir = tempfile::tempdir().context("make the client temp dir")?;
    let token_file = dir.path().join("gate.token");
    std::fs::write(&token_file, format!("{}\n", device.device_token))
        .context("write the token file")?;
    Ok(Desk {
        host: server.client(&host_key),
        gate: GateSetup {
            server_url: server.gate_ws_url(),
            token_file,
            journal: dir.path().join("journal.json"),
            ca_file: None,
        },
        server,
        host_id,
        gate_id: device.gate_id,
        device_token: device.device_token,
        _dir: dir,
    })
}

impl Desk {
    /// Types the walk-in for flat 12B and waits until the server says `waiting`; returns
    /// the `walk_in_requested` and `walk_in` events.
    async fn ask(&self, gate: &mut GateProcess) -> Result<(Value, Value)> {
        gate.type_line(&format!("WALKIN 12b {VISITOR} -- parcel"))
            .await?;
        let requested = gate.expect("walk_in_requested").await?;
        assert_eq!(requested["queued"], false, "{requested}");
        assert_eq!(
            requested["host_id"],
            self.host_id.to_string(),
            "{requested}"
        );
        assert_eq!(requested["host"]["label"], HOST_LABEL, "{requested}");
        assert_eq!(requested["visitor_name"], VISITOR, "{requested}");
        assert_eq!(requested["note"], "parcel", "{requested}");
        let request_id = requested["request_id"].as_str().unwrap_or_default();
        assert_eq!(
            request_id.parse::<Uuid>().map(|u| u.get_version_num()).ok(),
            Some(4),
            "request_id is a UUID v4: {requested}"
        );
        let waiting = gate.expect("walk_in").await?;
        assert_eq!(waiting["request_id"], request_id, "{waiting}");
        assert_eq!(waiting["state"], "waiting", "{waiting}");
        assert_eq!(waiting["reason"], Value::Null, "{waiting}");
        assert_eq!(waiting["replayed"], false, "{waiting}");
        assert_eq!(waiting["host"]["id"], self.host_id.to_string(), "{waiting}");
        assert!(waiting["expires_at"].is_string(), "{waiting}");
        assert!(waiting["walk_in_id"].is_string(), "{waiting}");
        Ok((requested, waiting))
    }

    /// The host's `POST /v1/walk-ins/{id}/approve`.
    async fn approve(&self, walk_in_id: &str) -> Result<Value> {
        let answer = self
            .host
            .post(&format!("/v1/walk-ins/{walk_in_id}/approve"), &json!({}))
            .await?
            .expect(200)
            .context("the host approves")?;
        assert_eq!(answer["state"], "approved", "{answer}");
        Ok(answer)
    }

    /// The walk-ins of `state` the admin sees, as `GET /v1/walk-ins?state=` lists them.
    async fn walk_ins(&self, state: &str) -> Result<Vec<Value>> {
        let list = self
            .server
            .admin()
            .get(&format!("/v1/walk-ins?state={state}"))
            .await?
            .expect(200)
            .with_context(|| format!("list {state} walk-ins"))?;
        list["walk_ins"]
            .as_array()
            .cloned()
            .with_context(|| format!("no walk_ins in {list}"))
    }

    /// Exactly one approved walk-in with this request, of this gate, and exactly one
    /// `walk_in_approved` audit event for it.
    async fn assert_approved_once(&self, request_id: &str, walk_in_id: &str) -> Result<()> {
        let approved = self.walk_ins("approved").await?;
        let ours: Vec<&Value> = approved
            .iter()
            .filter(|w| w["request_id"] == request_id)
            .collect();
        assert_eq!(ours.len(), 1, "approved walk-ins: {approved:?}");
        assert_eq!(ours[0]["walk_in_id"], walk_in_id, "{approved:?}");
        assert_eq!(ours[0]["gate_id"], self.gate_id.to_string(), "{approved:?}");
        assert_eq!(approved.len(), 1, "one walk-in, one approval: {approved:?}");
        let waiting = self.walk_ins("waiting").await?;
        assert!(
            waiting.iter().all(|w| w["request_id"] != request_id),
            "still waiting: {waiting:?}"
        );
        let events = self.server.admin().audit("kind=walk_in_approved").await?;
        let for_it: Vec<_> = events
            .iter()
            .filter(|e| e.details["walk_in_id"] == walk_in_id)
            .collect();
        assert_eq!(for_it.len(), 1, "walk_in_approved events: {events:?}");
        assert_eq!(events.len(), 1, "walk_in_approved events: {events:?}");
        assert_eq!(for_it[0].gate_id, Some(self.gate_id), "{:?}", for_it[0]);
        Ok(())
    }
}

/// Closes stdin, expects a clean exit and a journal without walk-ins.
async fn finish(gate: &mut GateProcess, journal: &std::path::Path) -> Result<()> {
    gate.close_stdin();
    let exit = gate.expect("exit").await?;
    assert_clean_exit_event(&exit);
    assert!(exit.get("walk_ins").is_none(), "{exit}");
    let status = gate.wait_exit(EXIT_TIMEOUT).await?;
    assert_eq!(status.code(), Some(0), "the gate's exit status");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(journal)?)?;
    assert!(doc.get("walk_ins").is_none(), "journal after exit: {doc}");
    assert!(doc.get("walk_in_verdicts").is_none(), "journal: {doc}");
    Ok(())
}

/// `tessera-gate hosts --server … --token-file … <args>`: exit code and stdout.
async fn gate_hosts(setup: &GateSetup, args: &[&str]) -> Result<(Option<i32>, String)> {
    let mut command = tokio::process::Command::new(client_binary("tessera-gate"));
    for (key, _) in std::env::vars() {
        if key.starts_with("TESSERA_") {
            command.env_remove(key);
        }
    }
    if let Some(ca) = &setup.ca_file {
        command.env("SSL_CERT_FILE", ca);
    }
    let output = tokio::time::timeout(
        Duration::from_secs(30),
        command
            .arg("hosts")
            .arg("--server")
            .arg(&setup.server_url)
            .arg("--token-file")
            .arg(&setup.token_file)
            .args(args)
            .stdin(Stdio::null())
            .kill_on_drop(true)
            .output(),
    )
    .await
    .context("`tessera-gate hosts` did not finish in time")?
    .context("run `tessera-gate hosts`")?;
    Ok((
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    ))
}

async fn a_walk_in_approved_by_its_host_over_rest_is_printed_as_approved(
    backend: Backend,
) -> Result<()> {
    let desk = desk(backend).await?;

    // `tessera-gate hosts` lists what the gate may ask, by unit or label.
    let (code, table) = gate_hosts(&desk.gate, &["12B"]).await?;
    ensure!(code == Some(0), "`hosts 12B` exited {code:?}: {table}");
    ensure!(
        table.contains(&desk.host_id.to_string()) && table.contains(HOST_LABEL),
        "`hosts 12B` printed {table:?}"
    );
    let (code, listed) = gate_hosts(&desk.gate, &["--json"]).await?;
    ensure!(code == Some(0), "`hosts --json` exited {code:?}");
    let listed: Value = serde_json::from_str(listed.trim()).context("`hosts --json`")?;
    ensure!(
        listed["hosts"].as_array().map(Vec::len) == Some(2),
        "{listed}"
    );
    let wrong = GateSetup {
        token_file: desk.gate.journal.with_file_name("wrong.token"),
        ..desk.gate.clone()
    };
    std::fs::write(&wrong.token_file, "not-a-token\n")?;
    let (code, _) = gate_hosts(&wrong, &[]).await?;
    ensure!(code == Some(3), "a wrong token: exit {code:?}");

    let mut gate = GateProcess::spawn("gate", &desk.gate, &[])?;
    let connected = gate.expect("connected").await?;
    assert_eq!(
        connected["gate_id"],
        desk.gate_id.to_string(),
        "{connected}"
    );

    // "2B" is in both units: the gate names the candidates and sends nothing.
    gate.type_line(&format!("WALKIN 2B {VISITOR}")).await?;
    let rejected = gate.expect("walk_in_rejected").await?;
    assert_eq!(
        rejected["hosts"].as_array().map(Vec::len),
        Some(2),
        "{rejected}"
    );
    gate.type_line(&format!("WALKIN 9Z {VISITOR}")).await?;
    let unknown = gate.expect("walk_in_rejected").await?;
    assert_eq!(unknown["hosts"], json!([]), "{unknown}");

    let (requested, waiting) = desk.ask(&mut gate).await?;
    let request_id = requested["request_id"].as_str().unwrap_or_default();
    let walk_in_id = waiting["walk_in_id"].as_str().unwrap_or_default();
    // The host sees it among its own waiting requests, named as the guard typed it.
    let mine = desk
        .host
        .get("/v1/walk-ins?state=waiting")
        .await?
        .expect(200)?;
    let listed = mine["walk_ins"].as_array().cloned().unwrap_or_default();
    ensure!(
        listed.len() == 1
            && listed[0]["walk_in_id"] == walk_in_id
            && listed[0]["visitor_name"] == VISITOR
            && listed[0]["note"] == "parcel",
        "the host's waiting walk-ins: {mine}"
    );

    desk.approve(walk_in_id).await?;
    let approved = gate.expect("walk_in").await?;
    assert_eq!(approved["request_id"], request_id, "{approved}");
    assert_eq!(approved["walk_in_id"], walk_in_id, "{approved}");
    assert_eq!(approved["state"], "approved", "{approved}");
    assert_eq!(approved["reason"], Value::Null, "{approved}");
    assert_eq!(
        approved["replayed"], false,
        "pushed, not replayed: {approved}"
    );
    assert_eq!(approved["host"]["label"], HOST_LABEL, "{approved}");
    assert!(approved["decided_at"].is_string(), "{approved}");
    assert_eq!(gate.seen_count("scan"), 0, "nothing else was sent");

    finish(&mut gate, &desk.gate.journal).await?;
    desk.assert_approved_once(request_id, walk_in_id).await
}

/// Types a walk-in for flat 12B and returns its request id and walk-in id once `waiting`.
async fn ask_for(gate: &mut GateProcess, visitor: &str) -> Result<(String, String)> {
    gate.type_line(&format!("WALKIN 12B {visitor}")).await?;
    let requested = gate.expect("walk_in_requested").await?;
    let waiting = gate.expect("walk_in").await?;
    ensure!(
        waiting["state"] == "waiting" && waiting["request_id"] == requested["request_id"],
        "{waiting}"
    );
    Ok((
        requested["request_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
        waiting["walk_in_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned(),
    ))
}

/// The server's refusals, the host's no, the approval timeout and a restart, each as the
/// gate prints it: a frame naming no host is `bad_request` about that `request_id`; a deny
/// and an expiry are pushed; a gate killed with two open walk-ins resends both on restart,
/// learns the approval given meanwhile, and shows `request_id_reused` for the one whose
/// journal entry was changed behind its back (never a second request under that id).
async fn refused_denied_expired_and_restarted_walk_ins_are_printed_as_such(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_APPROVAL_TIMEOUT_S", "3")
        .start()
        .await?;
    let desk = desk_on(server).await?;
    let mut gate = GateProcess::spawn("gate", &desk.gate, &[])?;
    gate.expect("connected").await?;

    let stranger = Uuid::new_v4();
    gate.type_line(&format!("WALKIN {stranger} {VISITOR}"))
        .await?;
    let requested = gate.expect("walk_in_requested").await?;
    assert_eq!(requested["host"], Value::Null, "named by id: {requested}");
    let refused = gate.expect("error").await?;
    assert_eq!(refused["request_id"], requested["request_id"], "{refused}");
    assert_eq!(refused["scan_id"], Value::Null, "{refused}");
    assert_eq!(refused["code"], "bad_request", "{refused}");
    assert_eq!(refused["retryable"], false, "{refused}");

    let (denied_request, denied_id) = ask_for(&mut gate, "Dee").await?;
    desk.host
        .post(&format!("/v1/walk-ins/{denied_id}/deny"), &json!({}))
        .await?
        .expect(200)
        .context("the host denies")?;
    let denied = gate.expect("walk_in").await?;
    assert_eq!(denied["request_id"], denied_request, "{denied}");
    assert_eq!(denied["state"], "denied", "{denied}");
    assert_eq!(denied["reason"], "host_denied", "{denied}");

    let (expired_request, expired_id) = ask_for(&mut gate, "Eve").await?;
    let expired = gate.expect("walk_in").await?;
    assert_eq!(expired["request_id"], expired_request, "{expired}");
    assert_eq!(expired["state"], "expired", "{expired}");
    assert_eq!(expired["reason"], "approval_timeout", "{expired}");
    let late = desk
        .host
        .post(&format!("/v1/walk-ins/{expired_id}/approve"), &json!({}))
        .await?;
    assert_eq!(
        late.status, 409,
        "approving after the timeout: {}",
        late.body
    );
    assert_eq!(
        late.json()?["error"]["code"],
        "approval_timeout",
        "{}",
        late.body
    );

    // Two open walk-ins, then the gate dies; the host approves one of them meanwhile. The
    // server's timeout is 3 s: the approval must come before it.
    let (kim_request, kim_id) = ask_for(&mut gate, "Kim").await?;
    let (ana_request, _) = ask_for(&mut gate, "Ana").await?;
    gate.kill().await?;
    desk.approve(&kim_id).await?;
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&desk.gate.journal)?)?;
    let open = doc["walk_ins"].as_array_mut().context("walk_ins")?;
    assert_eq!(open.len(), 2, "{open:?}");
    for entry in open.iter_mut() {
        if entry["request_id"] == ana_request.as_str() {
            entry["visitor_name"] = json!("Ana Someone-Else");
        }
    }
    std::fs::write(&desk.gate.journal, serde_json::to_vec_pretty(&doc)?)?;

    let mut gate = GateProcess::spawn("gate (restarted)", &desk.gate, &[])?;
    let started = gate.expect("started").await?;
    assert_eq!(started["walk_ins"], 2, "{started}");
    gate.expect("connected").await?;
    let (mut approved, mut reused) = (None, None);
    while approved.is_none() || reused.is_none() {
        let event = gate.next_event(crate::support::EVENT_TIMEOUT).await?;
        match event_name(&event) {
            "walk_in" if event["request_id"] == kim_request.as_str() => approved = Some(event),
            "error" if event["request_id"] == ana_request.as_str() => reused = Some(event),
            "walk_in_resend" | "connected" | "connecting" => {}
            _ => anyhow::bail!("unexpected after the restart: {event}"),
        }
    }
    let approved = approved.unwrap_or_default();
    assert_eq!(approved["state"], "approved", "{approved}");
    assert_eq!(approved["replayed"], true, "{approved}");
    let reused = reused.unwrap_or_default();
    assert_eq!(reused["code"], "request_id_reused", "{reused}");
    assert_eq!(reused["retryable"], false, "{reused}");
    assert_eq!(gate.seen_count("walk_in_resend"), 2, "both were resent");

    finish(&mut gate, &desk.gate.journal).await?;
    desk.assert_approved_once(&kim_request, &kim_id).await
}

/// Reads events until the gate has shown OFFLINE twice more and `OUTAGE` has passed.
async fn stay_offline(gate: &mut GateProcess, since: Instant) -> Result<()> {
    let mut offline = 0;
    while offline < 2 || since.elapsed() < OUTAGE {
        gate.expect("offline").await?;
        offline += 1;
    }
    Ok(())
}

async fn a_walk_in_approved_while_the_link_is_cut_is_admitted_exactly_once(
    backend: Backend,
) -> Result<()> {
    let desk = desk(backend).await?;
    let proxy = TcpProxy::start(desk.server.addr.to_string()).await?;
    let via_proxy = desk.gate.via(format!("ws://{}/v1/gate/ws", proxy.addr));
    let mut gate = GateProcess::spawn("gate", &via_proxy, &[])?;
    gate.expect("connected").await?;
    let (requested, waiting) = desk.ask(&mut gate).await?;
    let request_id = requested["request_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let walk_in_id = waiting["walk_in_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();

    // The link dies; the host approves meanwhile (its REST call does not go through the
    // proxy); the gate cannot hear the pushed approval.
    proxy.cut();
    let cut_at = Instant::now();
    gate.expect("offline").await?;
    desk.approve(&walk_in_id).await?;
    let journal: Value = serde_json::from_str(&std::fs::read_to_string(&desk.gate.journal)?)?;
    assert_eq!(
        journal["walk_ins"][0]["request_id"], request_id,
        "the open walk-in is journaled: {journal}"
    );
    stay_offline(&mut gate, cut_at).await?;
    assert_eq!(gate.seen_count("walk_in"), 1, "only `waiting` so far");

    // Back online: the same request goes out again and the answer is the approval.
    proxy.restore();
    gate.expect("connected").await?;
    let resend = gate.expect("walk_in_resend").await?;
    assert_eq!(resend["request_id"], request_id, "{resend}");
    assert_eq!(resend["reason"], "reconnect", "{resend}");
    let approved = gate.expect("walk_in").await?;
    assert_eq!(approved["request_id"], request_id, "{approved}");
    assert_eq!(approved["walk_in_id"], walk_in_id, "{approved}");
    assert_eq!(approved["state"], "approved", "{approved}");
    assert_eq!(
        approved["replayed"], true,
        "learnt from the resend: {approved}"
    );
    assert_eq!(approved["host"]["label"], HOST_LABEL, "{approved}");
    let late: Vec<Value> = gate
        .drain_ready()
        .into_iter()
        .filter(|e| event_name(e) == "walk_in")
        .collect();
    assert!(late.is_empty(), "one decision shown: {late:?}");

    // However often the same request arrives again, it stays one approval.
    let mut raw = Gate::connect(&desk.server.gate_ws_url(), &desk.device_token).await?;
    let frame = GateMessage::WalkIn {
        request_id: request_id.parse()?,
        visitor_name: VISITOR.to_owned(),
        host_id: desk.host_id,
        note: Some("parcel".to_owned()),
    };
    for _ in 0..3 {
        raw.send(&frame).await?;
        match raw.recv().await? {
            ServerMessage::WalkIn(status) => {
                ensure!(
                    status.state == WalkInState::Approved && status.replayed,
                    "a resend after the approval answered {status:?}"
                );
            }
            other => anyhow::bail!("a resend after the approval answered {other:?}"),
        }
    }
    raw.close().await;

    finish(&mut gate, &desk.gate.journal).await?;
    desk.assert_approved_once(&request_id, &walk_in_id).await
}

/// The REST base of a `wss://` gate is `https://` on the same host and port, trusting what
/// the WebSocket trusts (`SSL_CERT_FILE` here).
async fn the_host_lookup_of_a_wss_gate_goes_over_https(backend: Backend) -> Result<()> {
    let dir = tempfile::tempdir().context("make the client temp dir")?;
    let ca = TestCa::create(dir.path())?;
    let server = TestServer::builder(backend).tls(&ca).start().await?;
    let admin = server.admin();
    let (host_id, _) = create_host(&admin, HOST_LABEL, "12B").await?;
    let device = admin.create_gate("TLS lobby", None).await?;
    let token_file = dir.path().join("gate.token");
    std::fs::write(&token_file, format!("{}\n", device.device_token))?;
    let setup = GateSetup {
        server_url: server.gate_ws_url(),
        token_file,
        journal: dir.path().join("journal.json"),
        ca_file: Some(ca.ca_pem.clone()),
    };
    ensure!(
        setup.server_url.starts_with("wss://"),
        "{}",
        setup.server_url
    );
    let (code, table) = gate_hosts(&setup, &["iyer"]).await?;
    ensure!(
        code == Some(0) && table.contains(&host_id.to_string()),
        "`hosts iyer` over https: exit {code:?}, {table:?}"
    );
    let untrusting = GateSetup {
        ca_file: None,
        ..setup.clone()
    };
    let (code, _) = gate_hosts(&untrusting, &["iyer"]).await?;
    ensure!(code == Some(1), "a gate without the CA: exit {code:?}");

    let mut gate = GateProcess::spawn("tls gate", &setup, &[])?;
    gate.expect("connected").await?;
    gate.type_line(&format!("WALKIN \"{HOST_LABEL}\" {VISITOR}"))
        .await?;
    let requested = gate.expect("walk_in_requested").await?;
    assert_eq!(requested["host_id"], host_id.to_string(), "{requested}");
    assert_eq!(requested["note"], Value::Null, "{requested}");
    let waiting = gate.expect("walk_in").await?;
    assert_eq!(waiting["state"], "waiting", "{waiting}");
    Ok(())
}

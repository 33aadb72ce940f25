//! Issue 16 (`docs/protocol.md`, "Walk-ins"): a gate holds a visitor without a pass and asks
//! a host over its WebSocket; the host answers over REST (or watches the waiting set as
//! Server-Sent Events); the gate learns the outcome pushed on its socket, or by resending.
//!
//! Why these rules matter: an approval *is* an admission, so it must happen once however
//! often a gate on a flaky link resends; a request must close exactly one way (approved,
//! denied or expired) and never be reopened by a late or second answer; and no host may
//! answer, or even see, another host's visitor.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::{
    DenyReason, ErrorCode, ServerMessage, WalkInReason, WalkInState, WalkInStatus,
};
use tessera_tests::api::HostKey;
use tessera_tests::clock::{now, parse_rfc3339};
use tessera_tests::fixtures::connected_gate;
use tessera_tests::gate::{Gate, WalkIn};
use tessera_tests::sse::{SseEvent, SseStream};
use tessera_tests::{
    assert_error_reply, assert_event, assert_walk_in_error, both_backends, count_events, error,
    result, ApiClient, Backend, TestServer,
};
use uuid::Uuid;

both_backends!(
    an_approval_reaches_the_gate_and_is_audited,
    the_host_watches_its_waiting_requests_as_events,
    resending_answers_the_current_state_and_admits_once,
    a_request_id_with_other_content_is_request_id_reused,
    a_denial_closes_the_request_and_the_other_decision_is_refused,
    an_unanswered_request_expires_at_the_approval_timeout,
    a_gate_that_reconnects_and_resends_learns_what_happened,
    only_the_requests_host_or_an_admin_answers_it,
    a_walk_in_for_no_host_of_the_organisation_is_bad_request,
);

/// How long a pushed state may take to reach the gate.
const PUSH_WITHIN: Duration = Duration::from_secs(5);

/// `walk_in` for `request` in `state`, with every field the contract fixes for it.
#[track_caller]
fn assert_status(
    status: &WalkInStatus,
    request: &WalkIn,
    host: &HostKey,
    state: WalkInState,
    replayed: bool,
) {
    assert_eq!(status.request_id, request.request_id, "{status:?}");
    assert_eq!(status.state, state, "state in {status:?}");
    assert_eq!(status.reason, state.reason(), "reason in {status:?}");
    assert_eq!(status.visitor_name, request.visitor_name, "{status:?}");
    assert_eq!(status.note, request.note, "note in {status:?}");
    assert_eq!(status.host.id, host.key_id, "host in {status:?}");
    assert_eq!(status.host.label, host.label, "host label in {status:?}");
    assert_eq!(status.host.unit, host.unit, "host unit in {status:?}");
    assert_eq!(status.replayed, replayed, "replayed in {status:?}");
    assert_eq!(
        status.decided_at.is_some(),
        state != WalkInState::Waiting,
        "decided_at is set once the request closed: {status:?}"
    );
}

/// A WalkIn as the REST API shows it: every field, and the state and reason.
#[track_caller]
fn assert_walk_in_json(walk_in: &Value, status: &WalkInStatus, gate_id: Uuid, state: WalkInState) {
    for field in [
        "walk_in_id",
        "request_id",
        "gate_id",
        "gate_label",
        "visitor_name",
        "note",
        "host",
        "state",
        "reason",
        "created_at",
        "expires_at",
        "decided_at",
    ] {
        assert!(walk_in.get(field).is_some(), "{field} in {walk_in}");
    }
    assert_eq!(
        walk_in["walk_in_id"],
        status.walk_in_id.to_string(),
        "{walk_in}"
    );
    assert_eq!(
        walk_in["request_id"],
        status.request_id.to_string(),
        "{walk_in}"
    );
    assert_eq!(walk_in["gate_id"], gate_id.to_string(), "{walk_in}");
    assert_eq!(walk_in["visitor_name"], status.visitor_name, "{walk_in}");
    assert_eq!(
        walk_in["host"]["id"],
        status.host.id.to_string(),
        "{walk_in}"
    );
    assert_eq!(walk_in["host"]["label"], status.host.label, "{walk_in}");
    assert_eq!(walk_in["state"], state.as_str(), "{walk_in}");
    match state.reason() {
        Some(WalkInReason::HostDenied) => assert_eq!(walk_in["reason"], "host_denied"),
        Some(WalkInReason::ApprovalTimeout) => {
            assert_eq!(walk_in["reason"], "approval_timeout");
        }
        None => assert_eq!(walk_in["reason"], Value::Null, "{walk_in}"),
    }
    assert_eq!(
        walk_in["decided_at"].is_string(),
        state != WalkInState::Waiting,
        "decided_at in {walk_in}"
    );
}

/// A server with a host, a gate and a socket of it.
struct Desk {
    server: TestServer,
    host: HostKey,
    gate_id: Uuid,
    device_token: String,
    gate: Gate,
}

impl Desk {
    async fn start(server: TestServer) -> Result<Self> {
        let admin = server.admin();
        let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
        let (device, gate) = connected_gate(&server, &admin, "North entrance", None).await?;
        Ok(Self {
            host,
            gate_id: device.gate_id,
            device_token: device.device_token,
            gate,
            server,
        })
    }

    fn as_host(&self) -> ApiClient {
        self.server.client(&self.host.api_key)
    }

    fn request(&self, visitor: &str) -> WalkIn {
        WalkIn::new(visitor, self.host.key_id, Some("parcel"))
    }

    async fn reconnect(&self) -> Result<Gate> {
        Gate::connect(&self.server.gate_ws_url(), &self.device_token).await
    }
}

/// `POST /v1/walk-ins/{id}/<decision>` with `{}`.
async fn decide(client: &ApiClient, walk_in: Uuid, decision: &str) -> Result<tessera_tests::Reply> {
    client
        .post(&format!("/v1/walk-ins/{walk_in}/{decision}"), &json!({}))
        .await
}

/// `GET /v1/walk-ins?state=<state>` as the list of walk-ins.
async fn listed(client: &ApiClient, state: &str) -> Result<Vec<Value>> {
    let answer = client
        .get(&format!("/v1/walk-ins?state={state}"))
        .await?
        .expect(200)
        .with_context(|| format!("list the {state} walk-ins"))?;
    answer["walk_ins"]
        .as_array()
        .cloned()
        .with_context(|| format!("walk_ins in {answer}"))
}

fn ids(walk_ins: &[Value]) -> Vec<String> {
    walk_ins
        .iter()
        .filter_map(|w| w["walk_in_id"].as_str().map(str::to_owned))
        .collect()
}

/// The stored walk-in rows of a gate (the approval is the admission, so this counts them).
async fn rows_of_gate(server: &TestServer, gate_id: Uuid, state: &str) -> Result<i64> {
    server
        .db()
        .scalar_i64(
            &format!("SELECT count(*) FROM walk_ins WHERE gate_id = $1 AND state = '{state}'"),
            gate_id,
        )
        .await
}

async fn an_approval_reaches_the_gate_and_is_audited(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    // A second socket of the same gate that never sends a walk_in sees nothing new.
    let mut bystander = desk.reconnect().await?;
    let request = desk.request("Sam Okafor");
    let before = now();
    let waiting = desk.gate.walk_in_status(&request).await?;
    assert_status(&waiting, &request, &desk.host, WalkInState::Waiting, false);
    let expires_in = waiting.expires_at - before;
    assert!(
        expires_in > time::Duration::seconds(290) && expires_in <= time::Duration::seconds(302),
        "the default approval timeout is 300 s, expires_at is {expires_in} away"
    );

    let host = desk.as_host();
    let shown = listed(&host, "waiting").await?;
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert_walk_in_json(&shown[0], &waiting, desk.gate_id, WalkInState::Waiting);
    assert_eq!(shown[0]["gate_label"], "North entrance");
    assert_eq!(shown[0]["note"], "parcel");

    let approved = decide(&host, waiting.walk_in_id, "approve")
        .await?
        .expect(200)?;
    assert_walk_in_json(&approved, &waiting, desk.gate_id, WalkInState::Approved);
    let pushed = desk.gate.pushed_walk_in(PUSH_WITHIN).await?;
    assert_status(&pushed, &request, &desk.host, WalkInState::Approved, false);
    assert_eq!(pushed.walk_in_id, waiting.walk_in_id);
    assert_eq!(pushed.host.label, "R. Iyer, Flat 12B");
    assert_eq!(
        approved["decided_at"]
            .as_str()
            .map(parse_rfc3339)
            .transpose()?,
        pushed.decided_at,
        "one decision time"
    );
    // The bystander's first message is the answer to its own frame, not a walk_in.
    let (scan_id, answer) = bystander.scan("not-a-code").await?;
    let answer = result(answer);
    assert_eq!(
        (answer.scan_id, answer.reason),
        (scan_id, Some(DenyReason::MalformedCode))
    );

    assert!(listed(&host, "waiting").await?.is_empty());
    assert_eq!(
        ids(&listed(&host, "approved").await?),
        [waiting.walk_in_id.to_string()]
    );
    let events = desk.server.admin().audit("").await?;
    for (kind, severity) in [("walk_in_requested", "info"), ("walk_in_approved", "info")] {
        let event = assert_event(&events, kind, severity, None);
        assert_eq!(event.gate_id, Some(desk.gate_id), "{kind} names the gate");
        assert_eq!(
            event.details["walk_in_id"],
            waiting.walk_in_id.to_string(),
            "{kind}: {}",
            event.details
        );
        assert_eq!(
            event.details["host_id"],
            desk.host.key_id.to_string(),
            "{kind}: {}",
            event.details
        );
    }
    assert_eq!(
        rows_of_gate(&desk.server, desk.gate_id, "approved").await?,
        1
    );
    Ok(())
}

/// The `walk_in_id`s of a `walk_ins` event.
fn event_ids(event: &SseEvent) -> Vec<String> {
    event.data["walk_ins"]
        .as_array()
        .map(|all| ids(all))
        .unwrap_or_default()
}

async fn the_host_watches_its_waiting_requests_as_events(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let other = desk
        .server
        .admin()
        .create_host("M. Chen", Some("3A"))
        .await?;
    let mut stream = SseStream::open(
        reqwest::Client::new()
            .get(desk.server.url("/v1/walk-ins/stream"))
            .bearer_auth(&desk.host.api_key),
    )
    .await?;
    let first = stream.next_within(Duration::from_secs(5)).await?;
    assert_eq!(first.event.as_deref(), Some("walk_ins"), "{first:?}");
    assert!(event_ids(&first).is_empty(), "nothing waits yet: {first:?}");

    let request = desk.request("Sam Okafor");
    let waiting = desk.gate.walk_in_status(&request).await?;
    let started = Instant::now();
    let (event, _) = stream
        .until(Duration::from_secs(5), |e| !event_ids(e).is_empty())
        .await?;
    println!(
        "walk-in to the host's stream on {backend}: {} ms",
        started.elapsed().as_millis()
    );
    assert_eq!(event_ids(&event), [waiting.walk_in_id.to_string()]);
    assert_walk_in_json(
        &event.data["walk_ins"][0],
        &waiting,
        desk.gate_id,
        WalkInState::Waiting,
    );

    // Another host's visitor is not in this host's set.
    let theirs = WalkIn::new("Someone else", other.key_id, None);
    desk.gate.walk_in_status(&theirs).await?;

    decide(&desk.as_host(), waiting.walk_in_id, "approve")
        .await?
        .expect(200)?;
    let (closed, seen) = stream
        .until(Duration::from_secs(5), |e| event_ids(e).is_empty())
        .await?;
    assert_eq!(closed.event.as_deref(), Some("walk_ins"));
    for event in &seen {
        assert_eq!(
            event_ids(event),
            [waiting.walk_in_id.to_string()],
            "only this host's requests: {event:?}"
        );
    }

    // An admin's stream holds all of the organisation; staff other than admins have none.
    let mut admin_stream = SseStream::open(
        reqwest::Client::new()
            .get(desk.server.url("/v1/walk-ins/stream"))
            .bearer_auth(&desk.server.org().admin_key),
    )
    .await?;
    let all = admin_stream.next_within(Duration::from_secs(5)).await?;
    assert_eq!(
        event_ids(&all).len(),
        1,
        "the other host's request waits: {all:?}"
    );
    let issuer = desk.server.admin().create_api_key("issuer").await?;
    let refused = reqwest::Client::new()
        .get(desk.server.url("/v1/walk-ins/stream"))
        .bearer_auth(issuer)
        .send()
        .await?;
    assert_eq!(refused.status().as_u16(), 403);
    Ok(())
}

async fn resending_answers_the_current_state_and_admits_once(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let request = desk.request("Sam Okafor");
    let waiting = desk.gate.walk_in_status(&request).await?;
    let again = desk.gate.walk_in_status(&request).await?;
    assert_status(&again, &request, &desk.host, WalkInState::Waiting, true);
    assert_eq!(again.walk_in_id, waiting.walk_in_id, "one request");
    assert_eq!(
        again.expires_at, waiting.expires_at,
        "a resend does not extend it"
    );
    assert_eq!(listed(&desk.as_host(), "waiting").await?.len(), 1);

    decide(&desk.as_host(), waiting.walk_in_id, "approve")
        .await?
        .expect(200)?;
    let pushed = desk.gate.pushed_walk_in(PUSH_WITHIN).await?;
    assert_eq!(pushed.state, WalkInState::Approved);
    for _ in 0..3 {
        let resent = desk.gate.walk_in_status(&request).await?;
        assert_status(&resent, &request, &desk.host, WalkInState::Approved, true);
        assert_eq!(resent.walk_in_id, waiting.walk_in_id);
        assert_eq!(resent.decided_at, pushed.decided_at, "the same decision");
    }

    let events = desk.server.admin().audit("").await?;
    assert_eq!(
        count_events(&events, "walk_in_approved", None),
        1,
        "an approval is one admission however often it is resent"
    );
    let requested: Vec<_> = events
        .iter()
        .filter(|e| e.kind == "walk_in_requested")
        .collect();
    assert_eq!(requested.len(), 5, "every answer is audited");
    assert_ne!(
        requested[0].details["resent"], true,
        "{}",
        requested[0].details
    );
    for resend in &requested[1..] {
        assert_eq!(resend.details["resent"], true, "{}", resend.details);
    }
    assert_eq!(
        rows_of_gate(&desk.server, desk.gate_id, "approved").await?,
        1
    );
    assert_eq!(
        desk.server
            .db()
            .scalar_i64(
                "SELECT count(*) FROM walk_ins WHERE gate_id = $1",
                desk.gate_id
            )
            .await?,
        1
    );
    Ok(())
}

async fn a_request_id_with_other_content_is_request_id_reused(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let other_host = desk.server.admin().create_host("M. Chen", None).await?;
    let request = desk.request("Sam Okafor");
    let waiting = desk.gate.walk_in_status(&request).await?;
    let variants = [
        WalkIn {
            visitor_name: "Sam Okafor Jr".to_owned(),
            ..request.clone()
        },
        WalkIn {
            note: Some("flowers".to_owned()),
            ..request.clone()
        },
        WalkIn {
            note: None,
            ..request.clone()
        },
        WalkIn {
            host_id: other_host.key_id,
            ..request.clone()
        },
    ];
    for variant in &variants {
        let refused = error(desk.gate.walk_in(variant).await?);
        assert_walk_in_error(&refused, ErrorCode::RequestIdReused, request.request_id);
    }
    // The wire form: `scan_id` null, the `request_id` echoed.
    desk.gate.send(&variants[0].frame()).await?;
    let raw = desk.gate.recv_json().await?;
    assert_eq!(raw["type"], "error", "{raw}");
    assert_eq!(raw["code"], "request_id_reused", "{raw}");
    assert_eq!(raw["scan_id"], Value::Null, "{raw}");
    assert_eq!(raw["request_id"], request.request_id.to_string(), "{raw}");
    assert_eq!(raw["retryable"], false, "{raw}");

    // Nothing was overwritten: the original still answers, unchanged.
    let again = desk.gate.walk_in_status(&request).await?;
    assert_status(&again, &request, &desk.host, WalkInState::Waiting, true);
    assert_eq!(again.walk_in_id, waiting.walk_in_id);
    let shown = listed(&desk.server.admin(), "waiting").await?;
    assert_eq!(ids(&shown), [waiting.walk_in_id.to_string()]);
    assert_eq!(shown[0]["visitor_name"], "Sam Okafor");
    assert_eq!(shown[0]["note"], "parcel");
    Ok(())
}

async fn a_denial_closes_the_request_and_the_other_decision_is_refused(
    backend: Backend,
) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let host = desk.as_host();
    let denied_request = desk.request("Sam Okafor");
    let to_deny = desk.gate.walk_in_status(&denied_request).await?;
    let approved_request = desk.request("Ada Lovelace");
    let to_approve = desk.gate.walk_in_status(&approved_request).await?;

    let denied = decide(&host, to_deny.walk_in_id, "deny")
        .await?
        .expect(200)?;
    assert_walk_in_json(&denied, &to_deny, desk.gate_id, WalkInState::Denied);
    let pushed = desk.gate.pushed_walk_in(PUSH_WITHIN).await?;
    assert_status(
        &pushed,
        &denied_request,
        &desk.host,
        WalkInState::Denied,
        false,
    );
    assert_eq!(pushed.reason, Some(WalkInReason::HostDenied));

    // An admin answers too.
    let admin = desk.server.admin();
    let approved = decide(&admin, to_approve.walk_in_id, "approve")
        .await?
        .expect(200)?;
    assert_walk_in_json(&approved, &to_approve, desk.gate_id, WalkInState::Approved);
    let pushed = desk.gate.pushed_walk_in(PUSH_WITHIN).await?;
    assert_eq!(pushed.request_id, approved_request.request_id);
    assert_eq!(pushed.state, WalkInState::Approved);

    // The same decision again answers the same; the other one is a conflict.
    for (walk_in, same, other, first) in [
        (to_deny.walk_in_id, "deny", "approve", &denied),
        (to_approve.walk_in_id, "approve", "deny", &approved),
    ] {
        let again = decide(&host, walk_in, same).await?.expect(200)?;
        assert_eq!(&again, first, "{same} twice answers the same");
        let refused = decide(&host, walk_in, other).await?;
        assert_error_reply(&refused, 409, "already_decided");
    }
    let resent = desk.gate.walk_in_status(&denied_request).await?;
    assert_status(
        &resent,
        &denied_request,
        &desk.host,
        WalkInState::Denied,
        true,
    );

    // Who may not decide: staff other than admins, and nothing that does not exist.
    for role in ["issuer", "auditor"] {
        let staff = desk.server.client(&admin.create_api_key(role).await?);
        let reply = decide(&staff, to_deny.walk_in_id, "deny").await?;
        assert_eq!(reply.status, 403, "{role}: {}", reply.body);
    }
    let auditor = desk.server.client(&admin.create_api_key("auditor").await?);
    assert_eq!(
        listed(&auditor, "denied").await?.len(),
        1,
        "auditors read them"
    );
    let unknown = decide(&host, Uuid::now_v7(), "approve").await?;
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    let bad_state = host.get("/v1/walk-ins?state=maybe").await?;
    assert_eq!(bad_state.status, 400, "{}", bad_state.body);

    let events = admin.audit("").await?;
    let denial = assert_event(&events, "walk_in_denied", "warning", None);
    assert_eq!(denial.details["walk_in_id"], to_deny.walk_in_id.to_string());
    assert_eq!(count_events(&events, "walk_in_approved", None), 1);
    assert_eq!(count_events(&events, "walk_in_denied", None), 1);
    Ok(())
}

async fn an_unanswered_request_expires_at_the_approval_timeout(backend: Backend) -> Result<()> {
    // The setting is bounded to 1 s – 1 day.
    for refused in ["0", "86401"] {
        let start = TestServer::builder(backend)
            .env("TESSERA_APPROVAL_TIMEOUT_S", refused)
            .start()
            .await;
        assert!(
            start.is_err(),
            "TESSERA_APPROVAL_TIMEOUT_S={refused} was accepted"
        );
    }
    let server = TestServer::builder(backend)
        .env("TESSERA_APPROVAL_TIMEOUT_S", "1")
        .start()
        .await?;
    let mut desk = Desk::start(server).await?;
    let request = desk.request("Sam Okafor");
    let before = now();
    let waiting = desk.gate.walk_in_status(&request).await?;
    let expires_in = waiting.expires_at - before;
    assert!(
        expires_in <= time::Duration::seconds(2),
        "a 1 s timeout, expires_at is {expires_in} away"
    );

    let started = Instant::now();
    let expired = desk.gate.pushed_walk_in(PUSH_WITHIN).await?;
    println!(
        "expiry pushed {} ms after the request on {backend}",
        started.elapsed().as_millis()
    );
    assert_status(&expired, &request, &desk.host, WalkInState::Expired, false);
    assert_eq!(expired.reason, Some(WalkInReason::ApprovalTimeout));
    assert!(
        expired.decided_at >= Some(waiting.expires_at),
        "it expired at expires_at, not before: {expired:?}"
    );

    let host = desk.as_host();
    for decision in ["approve", "deny"] {
        let refused = decide(&host, waiting.walk_in_id, decision).await?;
        assert_error_reply(&refused, 409, "approval_timeout");
    }
    let resent = desk.gate.walk_in_status(&request).await?;
    assert_status(&resent, &request, &desk.host, WalkInState::Expired, true);
    let shown = listed(&host, "expired").await?;
    assert_eq!(ids(&shown), [waiting.walk_in_id.to_string()]);
    assert_walk_in_json(&shown[0], &waiting, desk.gate_id, WalkInState::Expired);
    // The expiry is appended by the server's own sweep, on its own clock: wait for it.
    let deadline = Instant::now() + PUSH_WITHIN;
    let events = loop {
        let events = desk.server.admin().audit("").await?;
        if count_events(&events, "walk_in_expired", None) > 0 || Instant::now() > deadline {
            break events;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let event = assert_event(&events, "walk_in_expired", "warning", None);
    assert_eq!(event.gate_id, Some(desk.gate_id));
    assert_eq!(
        event.details["walk_in_id"],
        waiting.walk_in_id.to_string(),
        "{}",
        event.details
    );
    assert_eq!(count_events(&events, "walk_in_approved", None), 0);
    Ok(())
}

async fn a_gate_that_reconnects_and_resends_learns_what_happened(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let requests = [
        desk.request("To approve"),
        desk.request("To deny"),
        desk.request("Still waiting"),
    ];
    let mut walk_ins = Vec::new();
    for request in &requests {
        walk_ins.push(desk.gate.walk_in_status(request).await?.walk_in_id);
    }
    // The link drops; the host answers meanwhile.
    let fresh = desk.reconnect().await?;
    std::mem::replace(&mut desk.gate, fresh).close().await;
    let host = desk.as_host();
    decide(&host, walk_ins[0], "approve").await?.expect(200)?;
    decide(&host, walk_ins[1], "deny").await?.expect(200)?;

    let mut gate = desk.reconnect().await?;
    for (request, state) in requests.iter().zip([
        WalkInState::Approved,
        WalkInState::Denied,
        WalkInState::Waiting,
    ]) {
        let status = gate.walk_in_status(request).await?;
        assert_status(&status, request, &desk.host, state, true);
    }
    // Having resent it, the new socket is told of the next change unprompted.
    decide(&host, walk_ins[2], "approve").await?.expect(200)?;
    let pushed = gate.pushed_walk_in(PUSH_WITHIN).await?;
    assert_eq!(pushed.request_id, requests[2].request_id);
    assert_eq!(pushed.state, WalkInState::Approved);
    let events = desk.server.admin().audit("").await?;
    assert_eq!(count_events(&events, "walk_in_approved", None), 2);
    Ok(())
}

async fn only_the_requests_host_or_an_admin_answers_it(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let admin = desk.server.admin();
    let other = admin.create_host("M. Chen", Some("3A")).await?;
    let as_other = desk.server.client(&other.api_key);
    let request = desk.request("Sam Okafor");
    let waiting = desk.gate.walk_in_status(&request).await?;

    // Another host neither sees nor answers it; nor does another organisation's admin.
    assert!(listed(&as_other, "waiting").await?.is_empty());
    let org_b = desk.server.init_org("Org B").await?;
    let foreign_admin = desk.server.client(&org_b.admin_key);
    assert!(listed(&foreign_admin, "waiting").await?.is_empty());
    for client in [&as_other, &foreign_admin] {
        for decision in ["approve", "deny"] {
            let reply = decide(client, waiting.walk_in_id, decision).await?;
            assert_eq!(reply.status, 404, "{decision}: {}", reply.body);
        }
    }
    let still = listed(&desk.as_host(), "waiting").await?;
    assert_eq!(
        ids(&still),
        [waiting.walk_in_id.to_string()],
        "nothing changed"
    );
    let resent = desk.gate.walk_in_status(&request).await?;
    assert_eq!(resent.state, WalkInState::Waiting);
    // Staff of the organisation read all of it.
    let auditor = desk.server.client(&admin.create_api_key("auditor").await?);
    assert_eq!(
        ids(&listed(&auditor, "waiting").await?),
        [waiting.walk_in_id.to_string()]
    );
    Ok(())
}

async fn a_walk_in_for_no_host_of_the_organisation_is_bad_request(backend: Backend) -> Result<()> {
    let mut desk = Desk::start(TestServer::start(backend).await?).await?;
    let admin = desk.server.admin();
    let org_b = desk.server.init_org("Org B").await?;
    let foreign = desk
        .server
        .client(&org_b.admin_key)
        .create_host("Elsewhere", Some("12B"))
        .await?;
    let staff_key = admin.create_key("issuer", "front desk").await?;
    let staff_id: Uuid = serde_json::from_value(staff_key["key_id"].clone())?;
    let host_id = desk.host.key_id;
    let refused = [
        WalkIn::new("Sam Okafor", Uuid::now_v7(), None),
        WalkIn::new("Sam Okafor", foreign.key_id, None),
        WalkIn::new("Sam Okafor", staff_id, None),
        WalkIn::new("", host_id, None),
        WalkIn::new(&"S".repeat(201), host_id, None),
        WalkIn::new("Sam\u{7}Okafor", host_id, None),
        WalkIn::new("Sam Okafor", host_id, Some("n".repeat(501).as_str())),
    ];
    for request in &refused {
        let answer = error(desk.gate.walk_in(request).await?);
        assert_walk_in_error(&answer, ErrorCode::BadRequest, request.request_id);
    }
    assert!(
        listed(&admin, "waiting").await?.is_empty(),
        "nothing was asked"
    );
    assert_eq!(
        count_events(&admin.audit("").await?, "walk_in_requested", None),
        0
    );

    // The edges that are fine: a 200-character name, a 500-character note, no note at all.
    let longest = WalkIn::new(&"S".repeat(200), host_id, Some("n".repeat(500).as_str()));
    desk.gate.walk_in_status(&longest).await?;
    let request_id = Uuid::new_v4();
    desk.gate
        .send_frame(tokio_tungstenite::tungstenite::Message::text(
            json!({
                "type": "walk_in",
                "request_id": request_id,
                "visitor_name": "No note",
                "host_id": host_id,
            })
            .to_string(),
        ))
        .await?;
    match desk.gate.recv().await? {
        ServerMessage::WalkIn(status) => {
            assert_eq!(status.request_id, request_id);
            assert_eq!(status.note, None);
        }
        other => anyhow::bail!("expected a walk_in for a frame without note, got {other:?}"),
    }
    // The gate's own ordinary messages are untouched by any of this.
    let (scan_id, answer) = desk.gate.scan("not-a-code").await?;
    assert_eq!(result(answer).scan_id, scan_id);
    Ok(())
}

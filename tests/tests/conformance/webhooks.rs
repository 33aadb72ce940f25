//! Issue 17 (`docs/protocol.md`, "Webhooks"): admission events delivered to other systems.
//!
//! Why these rules matter: a turnstile controller or a CRM acts on what it hears, so an
//! event must reach it however often it is down, slow or failing, in the order its pass saw
//! them, signed so that nobody else can forge one, and never lost by a crash after the
//! COMMIT; a receiver that says `410 Gone` must stop getting calls, and what could not be
//! delivered must wait where an admin can see and replay it.
//!
//! Each test runs a receiver in the test process ([`Receiver`]): an HTTP server on
//! 127.0.0.1 that verifies `Tessera-Signature` itself (its own HMAC-SHA256, not the
//! server's), rejects a `t` older than 5 minutes, records every request by event id and
//! answers what the test scripted. Back-off is 2, 4, 8 … s, so every test keeps its
//! failures to one or two attempts per event.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::{Connection, PgConnection};
use tessera_tests::api::{GateDevice, PassSpec};
use tessera_tests::clock::{now, parse_rfc3339, step_with_margin, unix_now};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::{Gate, WalkIn};
use tessera_tests::{both_backends, postgres_only, ApiClient, Backend, TestServer, Wallet};
use uuid::Uuid;

both_backends!(
    admissions_walk_ins_and_revocations_arrive_once_signed_and_filtered,
    a_receiver_down_then_failing_then_slow_gets_every_event_in_order_per_pass,
    a_new_event_waits_behind_its_pass_s_undelivered_one,
    gone_disables_the_webhook_and_dead_letters_the_event,
    a_replayed_letter_of_a_disabled_webhook_is_listed_again_unsent,
    a_replayed_letter_of_a_disabled_webhook_is_listed_again_while_others_are_enabled,
    an_event_out_of_retries_is_dead_and_replay_delivers_it,
    kill_9_between_commit_and_delivery_loses_nothing,
    webhooks_pointing_inside_are_refused_at_create_and_at_send,
    admins_disable_enable_rotate_and_delete_webhooks,
    webhook_secrets_are_sealed_at_rest,
    each_change_of_an_alarm_is_an_event,
    a_watchlist_match_is_one_watchlist_hit_event,
);
postgres_only!(two_replicas_deliver_each_event_of_a_burst_exactly_once);
postgres_only!(an_event_whose_transaction_holds_its_id_for_seconds_is_delivered);

/// Receivers must reject a signature timestamp older than this (`docs/protocol.md`).
const SIGNATURE_TOLERANCE_S: i64 = 300;
/// How long a healthy receiver may wait for an event that committed.
const DELIVERED_WITHIN: Duration = Duration::from_secs(10);
/// How long a test watches for a call that must not come.
const QUIET_FOR: Duration = Duration::from_millis(1_500);

// ------------------------------------------------------------------ the receiver

/// HMAC-SHA256 (RFC 2104) over the concatenation of `parts`, written here from the
/// definition so the receiver shares no code with the server.
fn hmac_sha256(key: &[u8], parts: &[&[u8]]) -> [u8; 32] {
    let mut block = [0u8; 64];
    if key.len() > block.len() {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let mut inner = Sha256::new();
    inner.update(block.map(|b| b ^ 0x36));
    for part in parts {
        inner.update(part);
    }
    let mut outer = Sha256::new();
    outer.update(block.map(|b| b ^ 0x5c));
    outer.update(inner.finalize());
    outer.finalize().into()
}

/// Whether two byte strings are equal, in time that depends on their length only.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Checks `Tessera-Signature: t=<unix s>,v1=<hex HMAC-SHA256(secret, t + "." + body)>` as a
/// receiver must: the time no older (nor further ahead) than five minutes, one `v1` equal
/// to the MAC, compared in constant time. The error says why a request is refused.
fn verify_signature(secret: &str, header: Option<&str>, body: &[u8], now_s: i64) -> Result<()> {
    let header = header.context("no Tessera-Signature header")?;
    let mut t = None;
    let mut macs = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => t = Some(value),
            Some(("v1", value)) => macs.push(value),
            _ => {}
        }
    }
    let t_text = t.with_context(|| format!("no t= in {header:?}"))?;
    let t: i64 = t_text
        .parse()
        .with_context(|| format!("t={t_text:?} is not unix seconds"))?;
    ensure!(
        now_s - t <= SIGNATURE_TOLERANCE_S,
        "t={t} is {} s old",
        now_s - t
    );
    ensure!(
        t - now_s <= SIGNATURE_TOLERANCE_S,
        "t={t} is {} s ahead",
        t - now_s
    );
    let expected = hmac_sha256(secret.as_bytes(), &[t_text.as_bytes(), b".", body]);
    let matches = macs.iter().any(|mac| {
        data_encoding::HEXLOWER_PERMISSIVE
            .decode(mac.as_bytes())
            .is_ok_and(|mac| constant_time_eq(&mac, &expected))
    });
    ensure!(matches, "no v1 in {header:?} is the HMAC of t.body");
    Ok(())
}

/// A server that may deliver to this suite's receivers on loopback, which the webhook
/// policy refuses unless the operator allows it (issue 29): set explicitly, as an operator
/// with an on-premises receiver would.
fn loopback_allowed(backend: Backend) -> tessera_tests::server::ServerBuilder {
    TestServer::builder(backend).env("TESSERA_WEBHOOK_ALLOW", "127.0.0.1")
}

/// One request the receiver took: the event, what it answered, and the headers it checks.
#[derive(Clone, Debug)]
struct Arrival {
    /// The event's `id`.
    id: String,
    event: Value,
    /// The status the receiver answered.
    answered: u16,
    /// `Tessera-Event-Id`.
    event_id_header: Option<String>,
    content_type: Option<String>,
}

impl Arrival {
    fn delivered(&self) -> bool {
        (200..300).contains(&self.answered)
    }

    fn pass_id(&self) -> Option<&str> {
        self.event["pass_id"].as_str()
    }

    /// The number in `evt_<n>`: ids grow in commit order.
    fn seq(&self) -> i64 {
        self.id
            .strip_prefix("evt_")
            .and_then(|n| n.parse().ok())
            .unwrap_or(-1)
    }
}

/// What the receiver answers: the scripted statuses first, then `otherwise`, each after
/// `delay`.
#[derive(Debug)]
struct Script {
    next: VecDeque<u16>,
    otherwise: u16,
    delay: Duration,
}

#[derive(Debug)]
struct Shared {
    secret: Mutex<String>,
    script: Mutex<Script>,
    arrivals: Mutex<Vec<Arrival>>,
    /// Requests refused for their signature or body, with the reason.
    rejected: Mutex<Vec<String>>,
    in_flight: Mutex<HashMap<String, usize>>,
    /// Event ids that arrived while an earlier request for the same id was still open.
    overlaps: Mutex<Vec<String>>,
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A webhook receiver inside the test process.
struct Receiver {
    addr: SocketAddr,
    shared: Arc<Shared>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// A local port nothing listens on (yet): the server's calls to it are refused.
fn unused_port() -> Result<u16> {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").context("bind a probe port")?;
    Ok(probe.local_addr()?.port())
}

/// The URL a receiver on `port` takes events at.
fn hook_url(port: u16) -> String {
    format!("http://127.0.0.1:{port}/hook")
}

impl Receiver {
    /// A healthy receiver (answers 204 at once) on a fresh port.
    async fn start() -> Result<Self> {
        Self::start_on(0).await
    }

    /// A healthy receiver on `port` (0: any).
    async fn start_on(port: u16) -> Result<Self> {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
            .await
            .with_context(|| format!("bind the receiver to port {port}"))?;
        let addr = listener.local_addr()?;
        let shared = Arc::new(Shared {
            secret: Mutex::new(String::new()),
            script: Mutex::new(Script {
                next: VecDeque::new(),
                otherwise: 204,
                delay: Duration::ZERO,
            }),
            arrivals: Mutex::new(Vec::new()),
            rejected: Mutex::new(Vec::new()),
            in_flight: Mutex::new(HashMap::new()),
            overlaps: Mutex::new(Vec::new()),
        });
        let app = Router::new()
            .route("/hook", post(take))
            .with_state(Arc::clone(&shared));
        let task = tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        Ok(Self { addr, shared, task })
    }

    fn url(&self) -> String {
        hook_url(self.addr.port())
    }

    fn set_secret(&self, secret: &str) {
        *lock(&self.shared.secret) = secret.to_owned();
    }

    /// Answers `statuses` to the next requests, then `otherwise`, each after `delay`.
    fn script(&self, statuses: &[u16], otherwise: u16, delay: Duration) {
        let mut script = lock(&self.shared.script);
        script.next = statuses.iter().copied().collect();
        script.otherwise = otherwise;
        script.delay = delay;
    }

    fn arrivals(&self) -> Vec<Arrival> {
        lock(&self.shared.arrivals).clone()
    }

    /// Every request so far for event `id`.
    fn attempts_of(&self, id: &str) -> usize {
        self.arrivals().iter().filter(|a| a.id == id).count()
    }

    /// Each event answered 2xx, once, in the order of its first 2xx.
    fn delivered(&self) -> Vec<Arrival> {
        let mut seen = std::collections::HashSet::new();
        self.arrivals()
            .into_iter()
            .filter(|a| a.delivered() && seen.insert(a.id.clone()))
            .collect()
    }

    /// Waits until `count` distinct events were answered 2xx; returns them.
    async fn wait_delivered(&self, count: usize, within: Duration) -> Result<Vec<Arrival>> {
        let deadline = Instant::now() + within;
        loop {
            let delivered = self.delivered();
            if delivered.len() >= count {
                return Ok(delivered);
            }
            if Instant::now() >= deadline {
                bail!(
                    "{} of {count} events delivered within {within:?}; requests: {:#?}; \
                     rejected: {:?}",
                    delivered.len(),
                    self.arrivals(),
                    lock(&self.shared.rejected)
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Asserts that no request was refused for its signature and none overlapped another
    /// for the same event.
    #[track_caller]
    fn assert_clean(&self) {
        let rejected = lock(&self.shared.rejected).clone();
        assert!(rejected.is_empty(), "refused requests: {rejected:?}");
        let overlaps = lock(&self.shared.overlaps).clone();
        assert!(
            overlaps.is_empty(),
            "events sent again while a request for them was open: {overlaps:?}"
        );
    }
}

/// The receiver's one route: verify, record, answer as scripted.
async fn take(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let secret = lock(&shared.secret).clone();
    let now_s = i64::try_from(unix_now()).unwrap_or(i64::MAX);
    let signature = header("tessera-signature");
    if let Err(why) = verify_signature(&secret, signature.as_deref(), &body, now_s) {
        lock(&shared.rejected).push(format!("{why:#}"));
        return StatusCode::BAD_REQUEST;
    }
    let event: Value = match serde_json::from_slice(&body) {
        Ok(event) => event,
        Err(error) => {
            lock(&shared.rejected).push(format!("body is not JSON: {error}"));
            return StatusCode::BAD_REQUEST;
        }
    };
    let Some(id) = event["id"].as_str().map(str::to_owned) else {
        lock(&shared.rejected).push(format!("event without an id: {event}"));
        return StatusCode::BAD_REQUEST;
    };
    {
        let mut in_flight = lock(&shared.in_flight);
        let open = in_flight.entry(id.clone()).or_default();
        if *open > 0 {
            lock(&shared.overlaps).push(id.clone());
        }
        *open += 1;
    }
    let (answer, delay) = {
        let mut script = lock(&shared.script);
        (
            script.next.pop_front().unwrap_or(script.otherwise),
            script.delay,
        )
    };
    lock(&shared.arrivals).push(Arrival {
        id: id.clone(),
        event,
        answered: answer,
        event_id_header: header("tessera-event-id"),
        content_type: header("content-type"),
    });
    tokio::time::sleep(delay).await;
    if let Some(open) = lock(&shared.in_flight).get_mut(&id) {
        *open -= 1;
    }
    StatusCode::from_u16(answer).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
}

// ------------------------------------------------------------------ REST helpers

/// `POST /v1/webhooks`; returns `(webhook_id, secret)` after checking the answer's shape.
async fn create_webhook(
    admin: &ApiClient,
    url: &str,
    events: Option<&[&str]>,
) -> Result<(Uuid, String)> {
    let mut body = json!({ "url": url });
    if let Some(events) = events {
        body["events"] = json!(events);
    }
    let answer = admin
        .post("/v1/webhooks", &body)
        .await?
        .expect(201)
        .context("create a webhook")?;
    let id: Uuid = answer["webhook_id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .with_context(|| format!("webhook_id in {answer}"))?;
    let secret = answer["secret"]
        .as_str()
        .filter(|s| s.len() >= 16)
        .with_context(|| format!("a secret in {answer}"))?
        .to_owned();
    assert_eq!(answer["url"], url, "{answer}");
    let wanted = events.map_or_else(
        || json!(["admission", "exit", "walk_in", "revocation"]),
        |events| json!(events),
    );
    assert_eq!(answer["events"], wanted, "{answer}");
    Ok((id, secret))
}

/// The webhook `id` as `GET /v1/webhooks` lists it.
async fn listed_webhook(admin: &ApiClient, id: Uuid) -> Result<Value> {
    let list = admin.get("/v1/webhooks").await?.expect(200)?;
    list["webhooks"]
        .as_array()
        .and_then(|all| all.iter().find(|w| w["webhook_id"] == id.to_string()))
        .cloned()
        .with_context(|| format!("webhook {id} in {list}"))
}

/// `GET /v1/webhooks/dead-letters`.
async fn dead_letters(client: &ApiClient) -> Result<Vec<Value>> {
    let answer = client
        .get("/v1/webhooks/dead-letters")
        .await?
        .expect(200)
        .context("list the dead letters")?;
    answer["dead_letters"]
        .as_array()
        .cloned()
        .with_context(|| format!("dead_letters in {answer}"))
}

/// Waits until the dead-letter list holds `count` letters; returns them.
async fn wait_dead_letters(
    client: &ApiClient,
    count: usize,
    within: Duration,
) -> Result<Vec<Value>> {
    let deadline = Instant::now() + within;
    loop {
        let letters = dead_letters(client).await?;
        if letters.len() >= count {
            return Ok(letters);
        }
        ensure!(
            Instant::now() < deadline,
            "{} of {count} dead letters within {within:?}: {letters:?}",
            letters.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `POST /v1/webhooks/dead-letters/{id}/replay`.
async fn replay(client: &ApiClient, delivery_id: &Value) -> Result<tessera_tests::Reply> {
    let id = match delivery_id {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    client
        .post_empty(&format!("/v1/webhooks/dead-letters/{id}/replay"))
        .await
}

/// How many of the webhook's queued deliveries failed at least once and wait for their
/// next attempt (the outbox row, read as the server stored it).
async fn failed_and_waiting(server: &TestServer, webhook: Uuid) -> Result<i64> {
    server
        .db()
        .scalar_i64(
            "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1 \
             AND state = 'pending' AND attempts >= 1 AND last_error IS NOT NULL",
            webhook,
        )
        .await
}

/// Waits until `count` of the webhook's deliveries failed once and wait for a retry.
async fn wait_failed(server: &TestServer, webhook: Uuid, count: i64) -> Result<()> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let failed = failed_and_waiting(server, webhook).await?;
        if failed >= count {
            return Ok(());
        }
        ensure!(
            Instant::now() < deadline,
            "{failed} of {count} deliveries failed once within 10 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A multi-use pass, claimed.
async fn pass_for(admin: &ApiClient, label: &str, uses: u32) -> Result<Wallet> {
    let spec = PassSpec {
        label: label.to_owned(),
        max_uses: Some(uses),
        ..PassSpec::default()
    };
    Ok(claimed_pass(admin, &spec).await?.1)
}

/// Admits `wallet` once at `gate` with the code of `step`; returns the challenge's scan_id.
async fn admit_at(gate: &mut Gate, wallet: &Wallet, step: u64) -> Result<Uuid> {
    let (challenge, _) = admit(gate, wallet, &wallet.code_text(step)).await?;
    Ok(challenge.scan_id)
}

/// Checks the fields every delivered event carries, per `docs/protocol.md`.
#[track_caller]
fn assert_event_shape(
    arrival: &Arrival,
    kind: &str,
    org: Uuid,
    pass: Option<Uuid>,
    gate: Option<&GateDevice>,
    between: (time::OffsetDateTime, time::OffsetDateTime),
) {
    let event = &arrival.event;
    assert!(
        arrival.id.starts_with("evt_") && arrival.seq() > 0,
        "id {:?}",
        arrival.id
    );
    assert_eq!(
        arrival.event_id_header.as_deref(),
        Some(arrival.id.as_str()),
        "Tessera-Event-Id of {event}"
    );
    assert!(
        arrival
            .content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("application/json")),
        "content type {:?}",
        arrival.content_type
    );
    assert_eq!(event["type"], kind, "{event}");
    for field in ["id", "type", "occurred_at", "pass_id", "gate_id"] {
        assert!(event.get(field).is_some(), "{field} in {event}");
    }
    assert_eq!(event["org_id"], org.to_string(), "{event}");
    assert_eq!(
        event["pass_id"],
        pass.map_or(Value::Null, |p| json!(p.to_string())),
        "pass_id of {event}"
    );
    assert_eq!(
        event["gate_id"],
        gate.map_or(Value::Null, |g| json!(g.gate_id.to_string())),
        "gate_id of {event}"
    );
    let at = event["occurred_at"]
        .as_str()
        .map(parse_rfc3339)
        .and_then(Result::ok);
    let slack = time::Duration::seconds(2);
    assert!(
        at.is_some_and(|at| at >= between.0 - slack && at <= between.1 + slack),
        "occurred_at of {event} within {between:?}"
    );
    assert!(event["data"].is_object(), "data of {event}");
}

// ------------------------------------------------------------------ the tests

#[test]
fn the_receivers_signature_check_is_hmac_sha256_over_time_dot_body() {
    // RFC 4231, test case 2.
    let mac = hmac_sha256(b"Jefe", &[b"what do ya want ", b"for nothing?"]);
    assert_eq!(
        data_encoding::HEXLOWER.encode(&mac),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
    // RFC 4231, test case 6: a key longer than the block is hashed first.
    let mac = hmac_sha256(
        &[0xaa; 131],
        &[b"Test Using Larger Than Block-Size Key - Hash Key First"],
    );
    assert_eq!(
        data_encoding::HEXLOWER.encode(&mac),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
    );
    // The server's own known answer (`server/crates/flows/src/webhooks.rs`), from openssl.
    let t = 1_764_441_600;
    let body = br#"{"id":"evt_1"}"#;
    let header = "t=1764441600,v1=c41277c674ca8b617ec16ea2e3818cff87217a8db2b13c1294e0f1b345a27b6a";
    verify_signature("whsec_test", Some(header), body, t).expect("the known answer verifies");
    verify_signature("whsec_test", Some(header), body, t + SIGNATURE_TOLERANCE_S)
        .expect("five minutes old is still fine");
    let refused = [
        ("whsec_test", Some(header), &br#"{"id":"evt_2"}"#[..], t),
        ("whsec_other", Some(header), &body[..], t),
        (
            "whsec_test",
            Some(header),
            &body[..],
            t + SIGNATURE_TOLERANCE_S + 1,
        ),
        (
            "whsec_test",
            Some(header),
            &body[..],
            t - SIGNATURE_TOLERANCE_S - 1,
        ),
        (
            "whsec_test",
            Some(
                "t=1764441601,v1=c41277c674ca8b617ec16ea2e3818cff87217a8db2b13c1294e0f1b345a27b6a",
            ),
            &body[..],
            t,
        ),
        ("whsec_test", Some("v1=c41277c6"), &body[..], t),
        ("whsec_test", None, &body[..], t),
    ];
    for (secret, header, body, now_s) in refused {
        assert!(
            verify_signature(secret, header, body, now_s).is_err(),
            "{secret} {header:?} {} at {now_s}",
            String::from_utf8_lossy(body)
        );
    }
}

async fn admissions_walk_ins_and_revocations_arrive_once_signed_and_filtered(
    backend: Backend,
) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let org = server.org().org_id;
    // Committed before any webhook existed: promised to nobody.
    let early = admin.issue_pass(&PassSpec::default()).await?;
    admin.revoke(early.pass_id).await?.expect(200)?;

    let everything = Receiver::start().await?;
    let revocations = Receiver::start().await?;
    let (all_id, all_secret) = create_webhook(&admin, &everything.url(), None).await?;
    everything.set_secret(&all_secret);
    let (_, revocation_secret) =
        create_webhook(&admin, &revocations.url(), Some(&["revocation"])).await?;
    revocations.set_secret(&revocation_secret);
    assert_ne!(
        all_secret, revocation_secret,
        "each webhook has its own secret"
    );
    let listed = listed_webhook(&admin, all_id).await?;
    assert!(
        listed.get("secret").is_none(),
        "the list shows no secret: {listed}"
    );
    assert_eq!(listed["disabled_at"], Value::Null, "{listed}");

    let before = now();
    let spec = PassSpec {
        max_uses: Some(2),
        ..PassSpec::default()
    };
    let (issued, wallet) = claimed_pass(&admin, &spec).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let (challenge, _) = admit(&mut gate, &wallet, &wallet.code_now()).await?;

    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let request = WalkIn::new("Sam Okafor", host.key_id, None);
    let waiting = gate.walk_in_status(&request).await?;
    server
        .client(&host.api_key)
        .post(
            &format!("/v1/walk-ins/{}/approve", waiting.walk_in_id),
            &json!({}),
        )
        .await?
        .expect(200)
        .context("approve the walk-in")?;

    admin.revoke(issued.pass_id).await?.expect(200)?;
    let after = now();

    let got = everything.wait_delivered(3, DELIVERED_WITHIN).await?;
    let only = revocations.wait_delivered(1, DELIVERED_WITHIN).await?;
    // Healthy receivers: nothing comes twice, nothing else comes.
    tokio::time::sleep(QUIET_FOR).await;
    everything.assert_clean();
    revocations.assert_clean();
    assert_eq!(
        everything.arrivals().len(),
        3,
        "{:#?}",
        everything.arrivals()
    );
    assert_eq!(
        revocations.arrivals().len(),
        1,
        "{:#?}",
        revocations.arrivals()
    );

    let of_type = |kind: &str| {
        got.iter()
            .find(|a| a.event["type"] == kind)
            .with_context(|| format!("no {kind} event among {got:#?}"))
    };
    let admission = of_type("admission")?;
    assert_event_shape(
        admission,
        "admission",
        org,
        Some(issued.pass_id),
        Some(&device),
        (before, after),
    );
    assert_eq!(
        admission.event["data"]["outcome"], "admitted",
        "{}",
        admission.event
    );
    assert_eq!(
        admission.event["data"]["scan_id"],
        challenge.scan_id.to_string(),
        "{}",
        admission.event
    );
    let walk_in = of_type("walk_in")?;
    assert_event_shape(
        walk_in,
        "walk_in",
        org,
        None,
        Some(&device),
        (before, after),
    );
    assert_eq!(
        walk_in.event["data"]["walk_in_id"],
        waiting.walk_in_id.to_string(),
        "{}",
        walk_in.event
    );
    let revocation = of_type("revocation")?;
    assert_event_shape(
        revocation,
        "revocation",
        org,
        Some(issued.pass_id),
        None,
        (before, after),
    );
    // In order per pass: the admission committed first and went first.
    assert!(admission.seq() < revocation.seq(), "{got:#?}");
    let ids: std::collections::HashSet<&str> = got.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(ids.len(), 3, "three events, three ids: {got:#?}");

    // The filtered webhook got the same event (the same id), signed with its own secret.
    assert_eq!(only[0].id, revocation.id);
    assert_eq!(only[0].event, revocation.event);
    let early_sent = everything
        .arrivals()
        .into_iter()
        .chain(revocations.arrivals())
        .any(|a| a.pass_id() == Some(early.pass_id.to_string().as_str()));
    assert!(
        !early_sent,
        "an event from before the webhook existed was sent"
    );
    Ok(())
}

async fn a_receiver_down_then_failing_then_slow_gets_every_event_in_order_per_pass(
    backend: Backend,
) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    // Nothing listens there yet: the first attempts are refused.
    let port = unused_port()?;
    let (webhook, secret) = create_webhook(&admin, &hook_url(port), Some(&["admission"])).await?;
    let ada = pass_for(&admin, "Ada", 3).await?;
    let grace = pass_for(&admin, "Grace", 3).await?;
    let (_, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (_, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    // Steps T−1, T and T+1 are one admission each; six admissions take well under 3 s.
    let step = step_with_margin(3).await;
    let mut admitted: HashMap<Uuid, Vec<String>> = HashMap::new();
    for offset in [0, 1, 2] {
        let at = step - 1 + offset;
        let scan = admit_at(&mut gate_a, &ada, at).await?;
        admitted
            .entry(ada.pass_id())
            .or_default()
            .push(scan.to_string());
        let scan = admit_at(&mut gate_b, &grace, at).await?;
        admitted
            .entry(grace.pass_id())
            .or_default()
            .push(scan.to_string());
    }
    // Both passes' first events were tried while the receiver was down.
    wait_failed(&server, webhook, 2).await?;

    // Up now, but the first two requests fail, and every answer takes 300 ms.
    let receiver = Receiver::start_on(port).await?;
    receiver.set_secret(&secret);
    receiver.script(&[500, 500], 204, Duration::from_millis(300));
    let started = Instant::now();
    let delivered = receiver.wait_delivered(6, Duration::from_secs(15)).await?;
    let took = started.elapsed();
    receiver.assert_clean();

    let arrivals = receiver.arrivals();
    assert_eq!(
        arrivals.iter().filter(|a| a.answered == 500).count(),
        2,
        "{arrivals:#?}"
    );
    for (pass, scans) in &admitted {
        let pass = pass.to_string();
        // Every request of a pass, failed or not, in arrival order: an event is never sent
        // before the one before it was delivered, so the ids never go down.
        let attempts: Vec<i64> = arrivals
            .iter()
            .filter(|a| a.pass_id() == Some(pass.as_str()))
            .map(Arrival::seq)
            .collect();
        assert!(
            attempts.windows(2).all(|w| w[0] <= w[1]),
            "pass {pass}: requests out of order {attempts:?}"
        );
        let order: Vec<String> = delivered
            .iter()
            .filter(|a| a.pass_id() == Some(pass.as_str()))
            .map(|a| a.event["data"]["scan_id"].as_str().unwrap_or("").to_owned())
            .collect();
        assert_eq!(&order, scans, "pass {pass}: delivered in admission order");
    }
    eprintln!("all six delivered {took:?} after the receiver came up");
    Ok(())
}

/// The dispatcher makes a new event's first attempt straight from the audit log, except
/// for a pass that has an undelivered event queued: its new events wait behind that one,
/// while other passes' events go straight out. An event delivered at its first attempt is
/// not written to the queue at all (the outbox costs the admissions no row).
async fn a_new_event_waits_behind_its_pass_s_undelivered_one(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    // The first request fails; its retry comes 2 s later.
    receiver.script(&[500], 204, Duration::ZERO);
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), Some(&["admission"])).await?;
    receiver.set_secret(&secret);
    let ada = pass_for(&admin, "Ada", 2).await?;
    let grace = pass_for(&admin, "Grace", 1).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    let step = step_with_margin(2).await;
    let first = admit_at(&mut gate, &ada, step - 1).await?;
    wait_failed(&server, webhook, 1).await?;
    let second = admit_at(&mut gate, &ada, step).await?;
    let other = admit_at(&mut gate, &grace, step).await?;

    let delivered = receiver.wait_delivered(3, DELIVERED_WITHIN).await?;
    tokio::time::sleep(QUIET_FOR).await;
    receiver.assert_clean();
    let scan = |a: &Arrival| a.event["data"]["scan_id"].as_str().unwrap_or("").to_owned();
    let ada_id = ada.pass_id().to_string();
    let requests: Vec<(String, u16)> = receiver
        .arrivals()
        .iter()
        .filter(|a| a.pass_id() == Some(ada_id.as_str()))
        .map(|a| (scan(a), a.answered))
        .collect();
    assert_eq!(
        requests,
        [
            (first.to_string(), 500),
            (first.to_string(), 204),
            (second.to_string(), 204)
        ],
        "Ada's second event is sent only after her first was delivered"
    );
    let grace_at = delivered
        .iter()
        .position(|a| scan(a) == other.to_string())
        .context("Grace's event arrived")?;
    let ada_first_at = delivered
        .iter()
        .position(|a| scan(a) == first.to_string())
        .context("Ada's first event arrived")?;
    assert!(
        grace_at < ada_first_at,
        "another pass's event does not wait for Ada's retry: {delivered:#?}"
    );
    // Queued: Ada's failed event and the one behind it. Grace's went out at its first
    // attempt and left no row.
    let queued = server
        .db()
        .scalar_i64(
            "SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1",
            webhook,
        )
        .await?;
    assert_eq!(queued, 2, "rows written to the queue");
    Ok(())
}

async fn gone_disables_the_webhook_and_dead_letters_the_event(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    receiver.script(&[], 410, Duration::ZERO);
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), None).await?;
    receiver.set_secret(&secret);
    let wallet = pass_for(&admin, "Ada", 2).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;

    let letters = wait_dead_letters(&admin, 1, DELIVERED_WITHIN).await?;
    let gone = receiver.arrivals();
    assert_eq!(gone.len(), 1, "{gone:#?}");
    let letter = &letters[0];
    assert_eq!(letter["event_id"], gone[0].id.as_str(), "{letter}");
    assert_eq!(letter["webhook_id"], webhook.to_string(), "{letter}");
    assert_eq!(letter["event_type"], "admission", "{letter}");
    assert_eq!(letter["pass_id"], wallet.pass_id().to_string(), "{letter}");
    assert_eq!(letter["attempts"], 1, "{letter}");
    assert!(
        letter["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("410")),
        "{letter}"
    );
    assert_eq!(
        letter["event"], gone[0].event,
        "the letter holds the event as sent"
    );
    assert!(letter["queued_at"]
        .as_str()
        .map(parse_rfc3339)
        .is_some_and(|t| t.is_ok()));
    let listed = listed_webhook(&admin, webhook).await?;
    assert!(
        listed["disabled_at"]
            .as_str()
            .map(parse_rfc3339)
            .is_some_and(|t| t.is_ok()),
        "a 410 disables the webhook: {listed}"
    );
    assert!(
        listed["disabled_reason"]
            .as_str()
            .is_some_and(|r| r.contains("410")),
        "{listed}"
    );
    let disabled = admin.audit("kind=webhook_disabled").await?;
    assert_eq!(
        disabled.len(),
        1,
        "one audit event disables it: {disabled:#?}"
    );
    assert_eq!(disabled[0].details["webhook_id"], webhook.to_string());
    assert_eq!(disabled[0].severity, "warning");

    // Disabled: later events are not sent to it.
    admin.revoke(wallet.pass_id()).await?.expect(200)?;
    tokio::time::sleep(QUIET_FOR).await;
    assert_eq!(receiver.arrivals().len(), 1, "{:#?}", receiver.arrivals());

    // Who may see and replay: auditors read, only admins replay, other tenants see nothing.
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    assert_eq!(dead_letters(&auditor).await?.len(), letters.len());
    assert_eq!(replay(&auditor, &letter["delivery_id"]).await?.status, 403);
    let other = server.client(&server.init_org("Org B").await?.admin_key);
    assert!(dead_letters(&other).await?.is_empty());
    assert_eq!(replay(&other, &letter["delivery_id"]).await?.status, 404);
    for unknown in [json!(999_999_999), json!("abc")] {
        assert_eq!(replay(&admin, &unknown).await?.status, 404, "{unknown}");
    }

    receiver.assert_clean();
    Ok(())
}

/// A webhook that answered `410` to one admission, disabled, with that event dead: the
/// server, the receiver, the webhook and the letter.
async fn gone_webhook(backend: Backend) -> Result<(TestServer, Receiver, Uuid, Value)> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    receiver.script(&[], 410, Duration::ZERO);
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), None).await?;
    receiver.set_secret(&secret);
    let wallet = pass_for(&admin, "Ada", 2).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let letter = wait_dead_letters(&admin, 1, DELIVERED_WITHIN).await?[0].clone();
    ensure!(
        listed_webhook(&admin, webhook).await?["disabled_at"].is_string(),
        "the 410 did not disable the webhook"
    );
    Ok((server, receiver, webhook, letter))
}

/// Replays the dead letter of a disabled webhook and checks what the contract allows: it
/// is queued again (200, `pending`), but a disabled webhook gets no call, and there is no
/// way to enable it again, so the letter goes back to the dead-letter list (with a fresh
/// count of attempts and the reason) instead of vanishing from every list.
async fn replay_to_a_disabled_webhook(backend: Backend, another_enabled: bool) -> Result<()> {
    let (server, receiver, webhook, letter) = gone_webhook(backend).await?;
    let admin = server.admin();
    if another_enabled {
        // Another tenant's webhook, enabled: the dispatcher has something to do each round.
        let other = server.client(&server.init_org("Org B").await?.admin_key);
        let elsewhere = Receiver::start().await?;
        create_webhook(&other, &elsewhere.url(), None).await?;
    }
    receiver.script(&[], 204, Duration::ZERO);
    let replayed = replay(&admin, &letter["delivery_id"]).await?.expect(200)?;
    assert_eq!(replayed["delivery_id"], letter["delivery_id"], "{replayed}");
    assert_eq!(replayed["state"], "pending", "{replayed}");
    let deadline = Instant::now() + Duration::from_secs(5);
    let back = loop {
        let again = dead_letters(&admin).await?;
        let found = again
            .iter()
            .find(|l| l["delivery_id"] == letter["delivery_id"])
            .cloned();
        if let Some(found) = found {
            break found;
        }
        if Instant::now() >= deadline {
            let stored = server
                .db()
                .texts(
                    "SELECT state || ' attempts=' || attempts FROM webhook_deliveries \
                     WHERE webhook_id = $1",
                    webhook,
                )
                .await?;
            bail!(
                "5 s after the replay the letter is in no list (stored: {stored:?}); \
                 dead letters: {again:?}"
            );
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(back["attempts"], 1, "{back}");
    assert!(
        back["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("disabled")),
        "{back}"
    );
    assert_eq!(
        receiver.arrivals().len(),
        1,
        "a disabled webhook got a call"
    );
    assert!(listed_webhook(&admin, webhook).await?["disabled_at"].is_string());
    receiver.assert_clean();
    Ok(())
}

async fn a_replayed_letter_of_a_disabled_webhook_is_listed_again_unsent(
    backend: Backend,
) -> Result<()> {
    replay_to_a_disabled_webhook(backend, false).await
}

async fn a_replayed_letter_of_a_disabled_webhook_is_listed_again_while_others_are_enabled(
    backend: Backend,
) -> Result<()> {
    replay_to_a_disabled_webhook(backend, true).await
}

async fn an_event_out_of_retries_is_dead_and_replay_delivers_it(backend: Backend) -> Result<()> {
    // Three seconds of retries: attempts at 0 s and 2 s, and the next (at 6 s) is too late.
    let server = loopback_allowed(backend)
        .env("TESSERA_WEBHOOK_RETRY_FOR_S", "3")
        .start()
        .await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    receiver.script(&[], 500, Duration::ZERO);
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), None).await?;
    receiver.set_secret(&secret);
    let wallet = pass_for(&admin, "Ada", 2).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;

    let started = Instant::now();
    let letters = wait_dead_letters(&admin, 1, DELIVERED_WITHIN).await?;
    let dead_after = started.elapsed();
    let letter = &letters[0];
    let id = letter["event_id"].as_str().context("event_id")?.to_owned();
    assert_eq!(letter["attempts"], 2, "{letter}");
    assert_eq!(letter["last_error"], "answered 500", "{letter}");
    assert_eq!(receiver.attempts_of(&id), 2, "{:#?}", receiver.arrivals());
    assert!(
        listed_webhook(&admin, webhook).await?["disabled_at"].is_null(),
        "running out of retries does not disable the webhook"
    );

    receiver.script(&[], 204, Duration::ZERO);
    let replayed = replay(&admin, &letter["delivery_id"]).await?.expect(200)?;
    assert_eq!(replayed["state"], "pending", "{replayed}");
    let delivered = receiver.wait_delivered(1, DELIVERED_WITHIN).await?;
    assert_eq!(delivered[0].id, id);
    assert_eq!(
        delivered[0].event, letter["event"],
        "the same event, the same body"
    );
    assert_eq!(receiver.attempts_of(&id), 3);
    assert!(dead_letters(&admin).await?.is_empty());
    // Delivered now, so it is no dead letter to replay.
    assert_eq!(replay(&admin, &letter["delivery_id"]).await?.status, 404);
    receiver.assert_clean();
    eprintln!("dead after {dead_after:?}");
    Ok(())
}

async fn kill_9_between_commit_and_delivery_loses_nothing(backend: Backend) -> Result<()> {
    let mut server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let port = unused_port()?;
    let (webhook, secret) = create_webhook(&admin, &hook_url(port), None).await?;
    let wallet = pass_for(&admin, "Ada", 2).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    let (challenge, _) = admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let revoked = admin.issue_pass(&PassSpec::default()).await?;
    admin.revoke(revoked.pass_id).await?.expect(200)?;
    // Both are in the outbox and failed once against the closed port...
    wait_failed(&server, webhook, 2).await?;
    // ...and a third has just committed, queued or not yet: SIGKILL now.
    let last = admin.issue_pass(&PassSpec::default()).await?;
    admin.revoke(last.pass_id).await?.expect(200)?;
    server.kill9().await?;
    drop(gate);

    server.start_same_port().await?;
    let receiver = Receiver::start_on(port).await?;
    receiver.set_secret(&secret);
    let started = Instant::now();
    // A kill during an attempt would leave that event leased for 30 s: allow for it.
    let delivered = receiver.wait_delivered(3, Duration::from_secs(40)).await?;
    let took = started.elapsed();
    tokio::time::sleep(QUIET_FOR).await;
    receiver.assert_clean();
    let admission = delivered
        .iter()
        .find(|a| a.event["type"] == "admission")
        .context("the admission")?;
    assert_eq!(
        admission.event["data"]["scan_id"],
        challenge.scan_id.to_string()
    );
    for pass in [revoked.pass_id, last.pass_id] {
        assert!(
            delivered.iter().any(|a| a.event["type"] == "revocation"
                && a.pass_id() == Some(pass.to_string().as_str())),
            "the revocation of {pass} in {delivered:#?}"
        );
    }
    // No request reached the receiver before the kill, so each came once.
    assert_eq!(receiver.arrivals().len(), 3, "{:#?}", receiver.arrivals());
    eprintln!("delivered {took:?} after the restart");
    Ok(())
}

/// A PostgreSQL sequence hands out an event's id before its transaction commits; a later
/// event may commit first. A transaction slowed for seconds (a loaded machine did it to
/// four revocations of a burst once) must delay the readers, not have its event skipped.
async fn an_event_whose_transaction_holds_its_id_for_seconds_is_delivered(
    backend: Backend,
) -> Result<()> {
    /// Longer than any time-based grace a reader could give a gap.
    const HELD: Duration = Duration::from_secs(4);
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    let (_, secret) = create_webhook(&admin, &receiver.url(), None).await?;
    receiver.set_secret(&secret);
    let first = admin.issue_pass(&PassSpec::default()).await?;
    admin.revoke(first.pass_id).await?.expect(200)?;
    receiver.wait_delivered(1, Duration::from_secs(10)).await?;

    // The slow transaction: a revocation's event for a second pass, written as the store
    // writes it, holding its id while a third pass's revocation commits after it.
    let held = admin.issue_pass(&PassSpec::default()).await?;
    let mut slow = PgConnection::connect(server.database_url()).await?;
    let mut tx = slow.begin().await?;
    let held_id: i64 = sqlx::query_scalar(
        "INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
         SELECT at_ms, org_id, kind, severity, gate_id, $1, details FROM audit_events \
         WHERE kind = 'pass_revoked' AND pass_id = $2 RETURNING id",
    )
    .bind(held.pass_id)
    .bind(first.pass_id)
    .fetch_one(&mut *tx)
    .await?;
    let last = admin.issue_pass(&PassSpec::default()).await?;
    admin.revoke(last.pass_id).await?.expect(200)?;
    tokio::time::sleep(HELD).await;
    // The readers wait at the gap the whole time: the event after it is not sent either.
    assert_eq!(receiver.delivered().len(), 1, "{:#?}", receiver.arrivals());
    tx.commit().await?;

    let delivered = receiver.wait_delivered(3, Duration::from_secs(10)).await?;
    tokio::time::sleep(QUIET_FOR).await;
    receiver.assert_clean();
    let ids: Vec<&str> = delivered.iter().map(|a| a.id.as_str()).collect();
    let held_event = format!("evt_{held_id}");
    assert!(
        ids.contains(&held_event.as_str()),
        "{held_event} in {ids:?}"
    );
    for pass in [first.pass_id, held.pass_id, last.pass_id] {
        assert!(
            delivered
                .iter()
                .any(|a| a.pass_id() == Some(pass.to_string().as_str())),
            "the revocation of {pass} in {delivered:#?}"
        );
    }
    assert_eq!(receiver.arrivals().len(), 3, "{:#?}", receiver.arrivals());
    Ok(())
}

async fn two_replicas_deliver_each_event_of_a_burst_exactly_once(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let pg = PgUrl::parse(server.database_url())?;
    let replica = Replica::start("B", &server, &pg.host, pg.port, &[]).await?;
    let admin = server.admin();
    let admin_b = ApiClient::new(
        reqwest::Client::new(),
        replica.url(""),
        Some(server.org().admin_key.clone()),
    );
    let receiver = Receiver::start().await?;
    // A little time per answer, so both dispatchers have requests open at once.
    receiver.script(&[], 204, Duration::from_millis(30));
    let (_, secret) = create_webhook(&admin, &receiver.url(), None).await?;
    receiver.set_secret(&secret);

    let mut passes = Vec::new();
    for n in 0..40 {
        passes.push(
            admin
                .issue_pass(&PassSpec {
                    label: format!("Visitor {n}"),
                    ..PassSpec::default()
                })
                .await?
                .pass_id,
        );
    }
    let wallet_a = pass_for(&admin, "Ada", 1).await?;
    let wallet_b = pass_for(&admin, "Grace", 1).await?;
    let device_a = admin.create_gate("gate A", None).await?;
    let device_b = admin.create_gate("gate B", None).await?;
    let mut gate_a = Gate::connect(&server.gate_ws_url(), &device_a.device_token).await?;
    let mut gate_b = Gate::connect(&replica.gate_ws_url(), &device_b.device_token).await?;

    // The burst: revocations through both replicas at once, and an admission at each.
    let started = Instant::now();
    let revokes = passes.iter().enumerate().map(|(n, pass)| {
        let client = if n % 2 == 0 {
            admin.clone()
        } else {
            admin_b.clone()
        };
        let pass = *pass;
        async move { client.revoke(pass).await?.expect(200) }
    });
    let (code_a, code_b) = (wallet_a.code_now(), wallet_b.code_now());
    let (revoked, a, b) = tokio::join!(
        futures_util::future::join_all(revokes),
        admit(&mut gate_a, &wallet_a, &code_a),
        admit(&mut gate_b, &wallet_b, &code_b),
    );
    for answer in revoked {
        answer?;
    }
    a?;
    b?;
    let expected = passes.len() + 2;
    // What this checks is exactly once, not how fast. A reader passes a gap in the audit ids
    // only once every transaction that could hold the missing id has ended, and PostgreSQL's
    // snapshot horizon spans the cluster: a write transaction left open by another test's
    // database on the same server holds delivery back until it ends (CI saw 26 of 42 within
    // 15 s). A lost event still fails here, after a minute.
    let delivered = receiver
        .wait_delivered(expected, Duration::from_secs(60))
        .await?;
    let took = started.elapsed();
    tokio::time::sleep(QUIET_FOR).await;
    receiver.assert_clean();
    let arrivals = receiver.arrivals();
    let mut per_id: HashMap<&str, usize> = HashMap::new();
    for arrival in &arrivals {
        *per_id.entry(arrival.id.as_str()).or_default() += 1;
    }
    let twice: Vec<_> = per_id.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        twice.is_empty(),
        "sent more than once to a healthy receiver: {twice:?}"
    );
    assert_eq!(arrivals.len(), expected, "{arrivals:#?}");
    assert_eq!(delivered.len(), expected);
    eprintln!("{expected} events through two replicas in {took:?}");
    drop(replica);
    Ok(())
}

// ------------------------------------------------------------------ issue 29

/// Finding 2: no webhook reaches inside the network unless the operator allows it; what
/// a dead letter says of the network is only "answered N", "unreachable" or "refused by
/// policy".
async fn webhooks_pointing_inside_are_refused_at_create_and_at_send(
    backend: Backend,
) -> Result<()> {
    let receiver = Receiver::start().await?;
    let port = receiver.addr.port();
    {
        let server = TestServer::start(backend).await?;
        let admin = server.admin();
        let own = server.url("/v1/healthz");
        let inside = [
            (format!("http://127.0.0.1:{port}/hook"), "loopback"),
            (format!("http://0x7f000001:{port}/hook"), "loopback"),
            (format!("http://2130706433:{port}/hook"), "loopback"),
            (
                "http://169.254.169.254/latest/meta-data/".to_owned(),
                "link-local",
            ),
            ("http://localhost:5432/".to_owned(), "loopback"),
            (own, "loopback"),
            ("http://[::1]:9/".to_owned(), "loopback"),
            ("http://10.0.0.8/".to_owned(), "RFC 1918"),
            ("http://192.168.1.20:8080/".to_owned(), "RFC 1918"),
            ("http://100.64.1.1/".to_owned(), "CGNAT"),
            ("http://[fd00::1]/".to_owned(), "unique local"),
            ("http://[::ffff:127.0.0.1]/".to_owned(), "IPv4-mapped"),
            ("http://0.0.0.0:8080/".to_owned(), "unspecified"),
            ("http://224.0.0.1/".to_owned(), "multicast"),
        ];
        for (url, rule) in &inside {
            let reply = admin.post("/v1/webhooks", &json!({ "url": url })).await?;
            assert_eq!(reply.status, 422, "{url}: {}", reply.body);
            let body = reply.json()?;
            assert_eq!(body["error"]["code"], "refused_by_policy", "{url}: {body}");
            let message = body["error"]["message"].as_str().unwrap_or_default();
            assert!(
                message.contains(rule),
                "{url}: {message:?} names no {rule:?}"
            );
        }
        let list = admin.get("/v1/webhooks").await?.expect(200)?;
        assert_eq!(list["webhooks"], json!([]), "nothing was created: {list}");
    }

    // An operator allows loopback; a webhook made then, and one at a closed port.
    let mut server = loopback_allowed(backend)
        .env("TESSERA_WEBHOOK_RETRY_FOR_S", "3")
        .start()
        .await?;
    let admin = server.admin();
    let (_, secret) = create_webhook(&admin, &receiver.url(), Some(&["admission"])).await?;
    receiver.set_secret(&secret);
    let closed = hook_url(unused_port()?);
    create_webhook(&admin, &closed, Some(&["admission"])).await?;
    let wallet = pass_for(&admin, "Ada", 3).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    receiver.wait_delivered(1, DELIVERED_WITHIN).await?;
    let letters = wait_dead_letters(&admin, 1, DELIVERED_WITHIN).await?;
    assert_eq!(letters[0]["last_error"], "unreachable", "{letters:?}");
    drop(gate);

    // The operator takes the permission back: the webhook stays, but nothing is sent to it.
    server.set_env("TESSERA_WEBHOOK_ALLOW", None);
    server.restart().await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "gate B", None).await?;
    let next = pass_for(&admin, "Bo", 1).await?;
    admit(&mut gate, &next, &next.code_now()).await?;
    // Both webhooks point at loopback now: the new event is refused for each of them.
    let letters = wait_dead_letters(&admin, 3, DELIVERED_WITHIN).await?;
    let said = |error: &str| {
        letters
            .iter()
            .filter(|letter| letter["last_error"] == error)
            .count()
    };
    assert_eq!(said("refused by policy"), 2, "{letters:#?}");
    assert_eq!(said("unreachable"), 1, "{letters:#?}");
    for letter in &letters {
        let error = letter["last_error"].as_str().unwrap_or_default();
        assert!(
            ["unreachable", "refused by policy"].contains(&error) || error.starts_with("answered "),
            "a dead letter says more than it may: {error:?}"
        );
    }
    assert_eq!(receiver.delivered().len(), 1, "{:#?}", receiver.arrivals());
    assert_eq!(
        receiver.arrivals().len(),
        1,
        "nothing reached the refused receiver"
    );
    receiver.assert_clean();
    Ok(())
}

/// Finding 2: an admin disables, enables, re-keys and deletes a webhook, each audited, so a
/// webhook planted with a stolen key does not outlive the key.
async fn admins_disable_enable_rotate_and_delete_webhooks(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), Some(&["admission"])).await?;
    receiver.set_secret(&secret);
    let wallet = pass_for(&admin, "Ada", 4).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    receiver.wait_delivered(1, DELIVERED_WITHIN).await?;

    // Only an admin changes webhooks.
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    for path in ["disable", "enable", "rotate-secret"] {
        let refused = auditor
            .post_empty(&format!("/v1/webhooks/{webhook}/{path}"))
            .await?;
        assert_eq!(refused.status, 403, "{path}: {}", refused.body);
    }
    assert_eq!(
        auditor
            .delete(&format!("/v1/webhooks/{webhook}"))
            .await?
            .status,
        403
    );

    let disabled = admin
        .post_empty(&format!("/v1/webhooks/{webhook}/disable"))
        .await?
        .expect(200)?;
    assert!(disabled["disabled_at"].is_string(), "{disabled}");
    assert_eq!(disabled["disabled_reason"], "disabled by an admin");
    let next = pass_for(&admin, "Cy", 1).await?;
    admit(&mut gate, &next, &next.code_now()).await?;
    tokio::time::sleep(QUIET_FOR).await;
    assert_eq!(
        receiver.arrivals().len(),
        1,
        "a disabled webhook gets nothing"
    );

    let rotated = admin
        .post_empty(&format!("/v1/webhooks/{webhook}/rotate-secret"))
        .await?
        .expect(200)?;
    let new_secret = rotated["secret"].as_str().context("secret")?.to_owned();
    assert_ne!(new_secret, secret);
    receiver.set_secret(&new_secret);
    let enabled = admin
        .post_empty(&format!("/v1/webhooks/{webhook}/enable"))
        .await?
        .expect(200)?;
    assert!(enabled["disabled_at"].is_null(), "{enabled}");
    let next = pass_for(&admin, "Di", 1).await?;
    admit(&mut gate, &next, &next.code_now()).await?;
    // The new event, signed with the new secret; the one while it was off is not sent.
    receiver.wait_delivered(2, DELIVERED_WITHIN).await?;
    tokio::time::sleep(QUIET_FOR).await;
    assert_eq!(receiver.arrivals().len(), 2, "{:#?}", receiver.arrivals());
    receiver.assert_clean();

    assert_eq!(
        admin
            .delete(&format!("/v1/webhooks/{webhook}"))
            .await?
            .status,
        204
    );
    assert_eq!(
        admin
            .delete(&format!("/v1/webhooks/{webhook}"))
            .await?
            .status,
        404
    );
    assert_eq!(
        admin
            .post_empty(&format!("/v1/webhooks/{}/disable", Uuid::now_v7()))
            .await?
            .status,
        404
    );
    let list = admin.get("/v1/webhooks").await?.expect(200)?;
    assert_eq!(list["webhooks"], json!([]), "{list}");
    let next = pass_for(&admin, "Ed", 1).await?;
    admit(&mut gate, &next, &next.code_now()).await?;
    tokio::time::sleep(QUIET_FOR).await;
    assert_eq!(
        receiver.arrivals().len(),
        2,
        "a deleted webhook gets nothing"
    );

    for kind in [
        "webhook_disabled",
        "webhook_secret_rotated",
        "webhook_enabled",
        "webhook_deleted",
    ] {
        let events = admin.audit(&format!("kind={kind}")).await?;
        assert_eq!(events.len(), 1, "{kind}: {events:?}");
        assert_eq!(
            events[0].details["webhook_id"],
            webhook.to_string(),
            "{kind}"
        );
        assert!(
            events[0].details["by_key_id"].is_string(),
            "{kind}: {:?}",
            events[0]
        );
    }
    Ok(())
}

/// Finding 2: a webhook's secret is stored sealed under the server key, so a database read
/// alone cannot sign; a secret an older server stored in the clear is sealed at start-up.
async fn webhook_secrets_are_sealed_at_rest(backend: Backend) -> Result<()> {
    let mut server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    let (webhook, secret) = create_webhook(&admin, &receiver.url(), Some(&["admission"])).await?;
    let stored = server
        .db()
        .texts("SELECT secret FROM webhooks WHERE id = $1", webhook)
        .await?;
    assert_eq!(stored.len(), 1);
    assert!(stored[0].starts_with("sealed1."), "{stored:?}");
    let plain = secret.trim_start_matches("whsec_");
    assert!(
        !stored[0].contains(plain),
        "the secret is in the row: {stored:?}"
    );

    // A server from before sealing wrote its secrets in the clear.
    tessera_tests::db::execute_as_owner(
        server.database(),
        "UPDATE webhooks SET secret = 'whsec_written_in_the_clear'",
    )
    .await?;
    server.restart().await?;
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let stored = server
            .db()
            .texts("SELECT secret FROM webhooks WHERE id = $1", webhook)
            .await?;
        if stored[0].starts_with("sealed1.") {
            assert!(!stored[0].contains("written_in_the_clear"), "{stored:?}");
            break;
        }
        ensure!(Instant::now() < deadline, "never sealed: {stored:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // It still signs with the same secret.
    receiver.set_secret("whsec_written_in_the_clear");
    let admin = server.admin();
    let wallet = pass_for(&admin, "Ada", 1).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    receiver.wait_delivered(1, DELIVERED_WITHIN).await?;
    receiver.assert_clean();
    Ok(())
}

async fn each_change_of_an_alarm_is_an_event(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let receiver = Receiver::start().await?;
    let types = [
        "alarm.opened",
        "alarm.acknowledged",
        "alarm.assigned",
        "alarm.resolved",
    ];
    let (_, secret) = create_webhook(&admin, &receiver.url(), Some(&types)).await?;
    receiver.set_secret(&secret);
    // A copied nonce (an alarm), among an admission (not an alarm event).
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (_, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    let challenge = gate_a.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    gate_b.answer(&challenge, &response).await?;
    gate_a.answer(&challenge, &response).await?;
    let opened = receiver.wait_delivered(1, DELIVERED_WITHIN).await?;
    let alarm_id = opened[0].event["data"]["alarm_id"]
        .as_i64()
        .context("alarm.opened names its alarm")?;
    assert_eq!(opened[0].event["type"], "alarm.opened");
    assert_eq!(opened[0].event["data"]["alarm"], "foreign_nonce");
    assert_eq!(opened[0].event["data"]["event"]["kind"], "response");
    assert_eq!(opened[0].event["pass_id"], json!(issued.pass_id));
    let key = admin.create_key("security", "Grace Hopper").await?;
    let officer = server.client(key["api_key"].as_str().context("api_key")?);
    officer
        .post_empty(&format!("/v1/alarms/{alarm_id}/acknowledge"))
        .await?
        .expect(200)?;
    officer
        .post(
            &format!("/v1/alarms/{alarm_id}/assign"),
            &json!({"assignee": "Linus"}),
        )
        .await?
        .expect(200)?;
    officer
        .post(
            &format!("/v1/alarms/{alarm_id}/resolve"),
            &json!({"outcome": "confirmed", "note": "re-paired gate B"}),
        )
        .await?
        .expect(200)?;
    let got = receiver.wait_delivered(4, DELIVERED_WITHIN).await?;
    tokio::time::sleep(QUIET_FOR).await;
    receiver.assert_clean();
    let seen: Vec<&Value> = got.iter().map(|a| &a.event["type"]).collect();
    assert_eq!(seen, types.map(|t| json!(t)).iter().collect::<Vec<_>>());
    for arrival in &got[1..] {
        assert_eq!(arrival.event["data"]["alarm_id"], alarm_id);
        assert_eq!(arrival.event["data"]["alarm"], "foreign_nonce");
    }
    assert_eq!(got[3].event["data"]["outcome"], "confirmed");
    assert_eq!(got[3].event["data"]["note"], "re-paired gate B");
    assert_eq!(receiver.arrivals().len(), 4, "{:#?}", receiver.arrivals());
    Ok(())
}

async fn a_watchlist_match_is_one_watchlist_hit_event(backend: Backend) -> Result<()> {
    let server = loopback_allowed(backend).start().await?;
    let admin = server.admin();
    let both = Receiver::start().await?;
    let alarms_only = Receiver::start().await?;
    let (_, secret) = create_webhook(
        &admin,
        &both.url(),
        Some(&["watchlist.hit", "alarm.opened"]),
    )
    .await?;
    both.set_secret(&secret);
    let (_, secret) = create_webhook(&admin, &alarms_only.url(), Some(&["alarm.opened"])).await?;
    alarms_only.set_secret(&secret);
    let entry = admin
        .post(
            "/v1/watchlist",
            &json!({"email": "eve@example.com", "reason": "former contractor", "mode": "flag"}),
        )
        .await?
        .expect(201)?;
    admin
        .post(
            "/v1/passes",
            &PassSpec::default().to_json_with(&json!({"email": "eve@example.com"})),
        )
        .await?
        .expect(201)?;
    let got = both.wait_delivered(1, DELIVERED_WITHIN).await?;
    let other = alarms_only.wait_delivered(1, DELIVERED_WITHIN).await?;
    tokio::time::sleep(QUIET_FOR).await;
    both.assert_clean();
    alarms_only.assert_clean();
    // One audit event, one delivery per webhook: the most specific type it subscribed to.
    assert_eq!(both.arrivals().len(), 1, "{:#?}", both.arrivals());
    assert_eq!(got[0].event["type"], "watchlist.hit");
    assert_eq!(got[0].event["data"]["entry_id"], entry["id"]);
    assert_eq!(got[0].event["data"]["stage"], "issue");
    assert_eq!(other[0].event["type"], "alarm.opened");
    assert_eq!(other[0].event["data"]["alarm"], "watchlist_hit");
    assert_eq!(got[0].id, other[0].id, "the same event under its one id");
    Ok(())
}

//! Issue 31: a host told of a walk-in by Web Push, on both backends. A loopback push
//! service (`web/test/push/service.mjs`) plays the browser's: it subscribes as a browser
//! would, checks each push's VAPID JWT, and decrypts it with `http_ece` (independent of the
//! server's RFC 8291 code). The pushed Approve action settles the walk-in once (the gate
//! sees APPROVED); a push service that says the browser is gone has its subscription
//! removed; bad subscriptions are refused.

use std::time::Duration;

use anyhow::{Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::WalkInState;
use tessera_tests::fixtures::connected_gate;
use tessera_tests::gate::WalkIn;
use tessera_tests::mail::post_answer;
use tessera_tests::push::PushService;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    a_walk_in_is_pushed_encrypted_and_its_approve_action_settles_it,
    bad_subscriptions_are_refused,
    a_host_keeps_ten_browsers_and_the_oldest_makes_way,
    a_walk_in_with_long_texts_is_pushed_in_a_4096_byte_body,
);

const WITHIN: Duration = Duration::from_secs(30);

async fn server(backend: Backend) -> Result<TestServer> {
    TestServer::builder(backend)
        .env("TESSERA_PUSH_ALLOW", "127.0.0.1")
        .start()
        .await
}

async fn a_walk_in_is_pushed_encrypted_and_its_approve_action_settles_it(
    backend: Backend,
) -> Result<()> {
    let service = PushService::start().await?;
    let server = server(backend).await?;
    let admin = server.admin();
    let key = server.anonymous().get("/v1/push/key").await?.expect(200)?;
    let vapid_key = key["public_key"].as_str().context("public_key")?.to_owned();
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let as_host = server.client(&host.api_key);
    // Two browsers: one live, one the service says is gone.
    for gone in [false, true] {
        let subscription = service.subscription(gone).await?;
        as_host
            .post("/v1/push/subscriptions", &subscription)
            .await?
            .expect(201)?;
    }
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    let request = WalkIn::new("Sam Okafor", host.key_id, Some("parcel"));
    let waiting = gate.walk_in_status(&request).await?;
    assert_eq!(waiting.state, WalkInState::Waiting);

    let pushes = service.wait_for(2, WITHIN).await?;
    let live: Vec<&Value> = pushes.iter().filter(|p| p["status"] == 201).collect();
    assert_eq!(live.len(), 1, "{pushes:#?}");
    let push = live[0];
    assert_eq!(push["encoding"], "aes128gcm");
    assert_eq!(push["urgency"], "high");
    let ttl: i64 = push["ttl"].as_str().context("TTL")?.parse()?;
    assert!(
        (1..=300).contains(&ttl),
        "TTL is the approval window: {ttl}"
    );
    assert_eq!(push["vapid"]["ok"], true, "{push}");
    assert_eq!(
        push["vapid"]["key"],
        vapid_key.as_str(),
        "signed with the published key"
    );
    assert!(push["error"].is_null(), "decrypted by http_ece: {push}");
    let payload = &push["payload"];
    assert_eq!(payload["type"], "walk_in");
    assert_eq!(payload["visitor"], "Sam Okafor");
    assert_eq!(payload["gate"], "North entrance");
    assert_eq!(payload["note"], "parcel");
    assert_eq!(payload["walk_in_id"], waiting.walk_in_id.to_string());

    // The notification's Approve action posts its link: the gate sees APPROVED, once.
    let (status, _) = post_answer(payload["approve"].as_str().context("approve")?).await?;
    assert_eq!(status, 200);
    let pushed = gate.pushed_walk_in(Duration::from_secs(5)).await?;
    assert_eq!(pushed.state, WalkInState::Approved);
    let (status, _) = post_answer(payload["deny"].as_str().context("deny")?).await?;
    assert_eq!(status, 409, "the other answer comes too late");
    assert_eq!(admin.audit("kind=walk_in_approved").await?.len(), 1);

    // The gone browser's subscription is removed and its message recorded as bounced.
    let messages = admin.get("/v1/messages").await?.expect(200)?;
    let messages = messages["messages"].as_array().context("messages")?;
    let states: Vec<&str> = messages
        .iter()
        .filter(|m| m["kind"] == "approval_push")
        .filter_map(|m| m["state"].as_str())
        .collect();
    let mut sorted = states.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["bounced", "sent"], "{messages:?}");
    assert!(
        !serde_json::to_string(messages)?.contains("/push/"),
        "an endpoint (a capability URL) is never shown"
    );
    let left = server
        .db()
        .scalar_i64(
            "SELECT count(*) FROM push_subscriptions WHERE host_id = $1",
            host.key_id,
        )
        .await?;
    assert_eq!(left, 1, "the gone subscription is removed");
    Ok(())
}

async fn bad_subscriptions_are_refused(backend: Backend) -> Result<()> {
    let service = PushService::start().await?;
    let server = server(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer", None).await?;
    let as_host = server.client(&host.api_key);
    let good = service.subscription(false).await?;
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "keys that are not a point",
            json!({ "endpoint": good["endpoint"], "keys": { "p256dh": "AAAA", "auth": good["keys"]["auth"] } }),
            "keys",
        ),
        (
            "a short auth secret",
            json!({ "endpoint": good["endpoint"], "keys": { "p256dh": good["keys"]["p256dh"], "auth": "AAAA" } }),
            "keys",
        ),
        (
            "an endpoint inside the network",
            json!({ "endpoint": "https://10.0.0.5/push/x", "keys": good["keys"] }),
            "endpoint",
        ),
        (
            "plain http to a host not allowed",
            json!({ "endpoint": "http://push.example.net/x", "keys": good["keys"] }),
            "endpoint",
        ),
        (
            "not a URL",
            json!({ "endpoint": "push me", "keys": good["keys"] }),
            "endpoint",
        ),
    ];
    for (name, body, field) in cases {
        let reply = as_host.post("/v1/push/subscriptions", &body).await?;
        assert_eq!(reply.status, 422, "{name}: {}", reply.body);
        assert_eq!(reply.json()?["error"]["field"], field, "{name}");
        // A refused place names the setting that would allow it: push's own.
        assert!(
            !reply.body.contains("TESSERA_WEBHOOK_ALLOW"),
            "{name}: {}",
            reply.body
        );
        if name == "an endpoint inside the network" {
            assert!(reply.body.contains("TESSERA_PUSH_ALLOW"), "{}", reply.body);
        }
    }
    // Only a host subscribes.
    let reply = admin.post("/v1/push/subscriptions", &good).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    as_host
        .post("/v1/push/subscriptions", &good)
        .await?
        .expect(201)?;
    Ok(())
}

/// Issue 50, item 8: each walk-in is pushed to every browser of its host, so a host keeps
/// at most 10; the 11th subscription drops the oldest, never refused.
async fn a_host_keeps_ten_browsers_and_the_oldest_makes_way(backend: Backend) -> Result<()> {
    let service = PushService::start().await?;
    let server = server(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let as_host = server.client(&host.api_key);
    let mut endpoints = Vec::new();
    for n in 0..11 {
        let subscription = service.subscription(false).await?;
        endpoints.push(
            subscription["endpoint"]
                .as_str()
                .context("endpoint")?
                .to_owned(),
        );
        let subscribed = as_host
            .post("/v1/push/subscriptions", &subscription)
            .await?
            .expect(201)?;
        assert_eq!(
            subscribed["dropped_oldest"],
            u64::from(n == 10),
            "subscription {n}: {subscribed}"
        );
        // Distinct subscription times, so "oldest" is unambiguous.
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let db = server.db();
    let kept = db
        .texts(
            "SELECT endpoint FROM push_subscriptions WHERE host_id = $1",
            host.key_id,
        )
        .await?;
    assert_eq!(kept.len(), 10, "{kept:?}");
    assert!(!kept.contains(&endpoints[0]), "the oldest made way");
    assert!(kept.contains(&endpoints[1]));
    assert!(kept.contains(&endpoints[10]), "the newest is kept");

    // Another host's browsers are not counted against this one.
    let other = admin.create_host("M. Chen", None).await?;
    let subscribed = server
        .client(&other.api_key)
        .post(
            "/v1/push/subscriptions",
            &service.subscription(false).await?,
        )
        .await?
        .expect(201)?;
    assert_eq!(subscribed["dropped_oldest"], 0);

    // A walk-in goes to the ten, no more.
    let (_, mut gate) = connected_gate(&server, &admin, "North entrance", None).await?;
    gate.walk_in_status(&WalkIn::new("Sam Okafor", host.key_id, None))
        .await?;
    let pushes = service.wait_for(10, WITHIN).await?;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let pushes = service.wait_for(pushes.len(), Duration::ZERO).await?;
    assert_eq!(pushes.len(), 10, "{pushes:#?}");
    let oldest = endpoints[0].rsplit('/').next().context("id")?;
    assert!(pushes.iter().all(|p| p["subscription"] != oldest));
    Ok(())
}

/// Issue 50, item 8: a push body is at most 4096 bytes, so its message at most 3,993
/// (RFC 8291 §4). A walk-in whose name, gate and note are long in a script of several bytes
/// a character is still pushed, its texts shortened, in a body the service takes, and
/// decrypted by `http_ece`; its Approve link answers the whole request.
async fn a_walk_in_with_long_texts_is_pushed_in_a_4096_byte_body(backend: Backend) -> Result<()> {
    let service = PushService::start().await?;
    let server = server(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    server
        .client(&host.api_key)
        .post(
            "/v1/push/subscriptions",
            &service.subscription(false).await?,
        )
        .await?
        .expect(201)?;
    let long = |word: &str, chars: usize| -> String {
        word.repeat(chars)
            .chars()
            .take(chars)
            .collect::<String>()
            .trim()
            .to_owned()
    };
    let visitor = long("Ἀλέξανδρος ", 200);
    let gate_label = long("Βόρεια είσοδος ", 200);
    let note = long("παράδοση δέματος ", 500);
    let (_, mut gate) = connected_gate(&server, &admin, &gate_label, None).await?;
    let waiting = gate
        .walk_in_status(&WalkIn::new(&visitor, host.key_id, Some(&note)))
        .await?;
    assert_eq!(waiting.state, WalkInState::Waiting);
    let push = service.wait_for(1, WITHIN).await?.remove(0);
    assert_eq!(push["status"], 201, "{push}");
    let body_length = push["body_length"].as_u64().context("body_length")?;
    assert!(body_length <= 4096, "a {body_length}-byte body");
    assert!(push["error"].is_null(), "decrypted by http_ece: {push}");
    let payload = &push["payload"];
    assert_eq!(payload["walk_in_id"], waiting.walk_in_id.to_string());
    let shown = payload["visitor"].as_str().context("visitor")?;
    assert!(
        shown.ends_with('…') && visitor.starts_with(shown.trim_end_matches('…')),
        "{shown}"
    );
    let (status, body) = post_answer(payload["approve"].as_str().context("approve")?).await?;
    assert_eq!(status, 200, "{body}");
    let pushed = gate.pushed_walk_in(Duration::from_secs(5)).await?;
    assert_eq!(pushed.state, WalkInState::Approved);
    assert_eq!(pushed.visitor_name, visitor, "the request itself is whole");
    Ok(())
}

//! Issue 32, section 3: alarms handled to the end. Every high-severity event is an alarm,
//! open until someone acknowledges it; it can be assigned and is resolved with an outcome
//! and a note; every change is audited with the alarm's pass and gate; two officers acting
//! at once get one winner and the other a 409 naming them, on one server and across two
//! replicas of one PostgreSQL database; and the roles' boundaries hold.

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::DenyReason;
use tessera_tests::api::{ApiClient, PassSpec};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::fixtures::{claimed_pass, connected_gate};
use tessera_tests::{assert_response_denied, both_backends, postgres_only, Backend, TestServer};
use uuid::Uuid;

both_backends!(
    an_alarm_is_taken_assigned_and_ended_once_with_its_events,
    a_crowd_acknowledging_at_once_has_one_winner,
    only_security_and_admin_change_alarms_and_issuers_do_not_read_them,
    bad_alarm_requests_get_clear_errors_and_change_nothing,
    metrics_count_open_alarms_and_time_to_acknowledge,
);

postgres_only!(two_replicas_acknowledging_at_once_have_one_winner);

/// A copied nonce: gate B presents gate A's challenge. Returns the pass and gate B's id.
async fn foreign_nonce(server: &TestServer, admin: &ApiClient) -> Result<(Uuid, Uuid)> {
    let (issued, wallet) = claimed_pass(
        admin,
        &PassSpec {
            label: "Ada Lovelace".to_owned(),
            ..PassSpec::default()
        },
    )
    .await?;
    let (_, mut gate_a) = connected_gate(server, admin, "North gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(server, admin, "North gate B", None).await?;
    let challenge = gate_a.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    let foreign = gate_b.answer(&challenge, &response).await?;
    assert_response_denied(&foreign, &challenge, DenyReason::ForeignNonce, false);
    Ok((issued.pass_id, device_b.gate_id))
}

/// The one alarm of `client`'s organisation named `name`.
async fn the_alarm(client: &ApiClient, name: &str) -> Result<Value> {
    let list = client.get("/v1/alarms").await?.expect(200)?;
    let found: Vec<&Value> = list["alarms"]
        .as_array()
        .context("alarms is a list")?
        .iter()
        .filter(|alarm| alarm["alarm"] == name)
        .collect();
    let [alarm] = found.as_slice() else {
        anyhow::bail!("expected one {name} alarm in {list}");
    };
    Ok((*alarm).clone())
}

/// A security key's client and its label.
async fn officer(server: &TestServer, admin: &ApiClient, label: &str) -> Result<ApiClient> {
    let key = admin.create_key("security", label).await?;
    let secret = key["api_key"].as_str().context("api_key")?;
    Ok(server.client(secret))
}

fn id_of(alarm: &Value) -> Result<i64> {
    alarm["id"].as_i64().context("an alarm id")
}

async fn an_alarm_is_taken_assigned_and_ended_once_with_its_events(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (pass_id, gate_id) = foreign_nonce(&server, &admin).await?;
    let grace = officer(&server, &admin, "Grace Hopper").await?;
    let linus = officer(&server, &admin, "Linus Pauling").await?;

    let alarm = the_alarm(&grace, "foreign_nonce").await?;
    let id = id_of(&alarm)?;
    assert_eq!(alarm["state"], "open", "{alarm}");
    assert_eq!(alarm["version"], 0);
    assert_eq!(alarm["assignee"], Value::Null);
    assert_eq!(alarm["event"]["severity"], "high");
    assert_eq!(alarm["event"]["kind"], "response");
    assert_eq!(alarm["event"]["pass_id"], json!(pass_id));
    assert_eq!(alarm["event"]["gate_id"], json!(gate_id));
    // The alarm's id is its event's id in the audit log.
    let high = admin.audit("severity=high").await?;
    ensure!(
        high.iter().any(|e| e.id == json!(id)),
        "alarm {id} is not a high event"
    );

    let taken = grace
        .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
        .await?
        .expect(200)?;
    assert_eq!(taken["state"], "acknowledged");
    assert_eq!(taken["acknowledged_by"], "Grace Hopper");
    assert_eq!(
        taken["assignee"], "Grace Hopper",
        "taking an alarm makes it yours"
    );
    ensure!(taken["acknowledged_at"].is_string(), "{taken}");

    let late = linus
        .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
        .await?;
    assert_eq!(late.status, 409, "{}", late.body);
    let late = late.json()?;
    assert_eq!(late["error"]["code"], "already_acknowledged");
    let message = late["error"]["message"].as_str().unwrap_or_default();
    ensure!(message.contains("Grace Hopper"), "{message}");

    let given = linus
        .post(
            &format!("/v1/alarms/{id}/assign"),
            &json!({"assignee": "Linus Pauling"}),
        )
        .await?
        .expect(200)?;
    assert_eq!(given["assignee"], "Linus Pauling");
    assert_eq!(given["state"], "acknowledged");
    assert_eq!(
        given["acknowledged_by"], "Grace Hopper",
        "an assignment keeps the acknowledger"
    );

    let ended = linus
        .post(
            &format!("/v1/alarms/{id}/resolve"),
            &json!({"outcome": "confirmed", "note": "Tablet at gate B re-paired"}),
        )
        .await?
        .expect(200)?;
    assert_eq!(ended["state"], "resolved");
    assert_eq!(ended["outcome"], "confirmed");
    assert_eq!(ended["note"], "Tablet at gate B re-paired");
    assert_eq!(ended["resolved_by"], "Linus Pauling");
    assert_eq!(ended["version"], 3);

    for (path, body) in [
        ("resolve", json!({"outcome": "false_alarm"})),
        ("assign", json!({"assignee": "Grace Hopper"})),
    ] {
        let again = grace
            .post(&format!("/v1/alarms/{id}/{path}"), &body)
            .await?;
        assert_eq!(again.status, 409, "{path}: {}", again.body);
        assert_eq!(again.json()?["error"]["code"], "already_resolved");
    }
    let again = grace
        .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
        .await?;
    assert_eq!(again.json()?["error"]["code"], "already_resolved");

    // Filters by state; the resolved alarm reads back as it was left.
    for (state, holds) in [("open", false), ("acknowledged", false), ("resolved", true)] {
        let page = grace
            .get(&format!("/v1/alarms?state={state}"))
            .await?
            .expect(200)?;
        let ids: Vec<i64> = page["alarms"]
            .as_array()
            .map(|alarms| alarms.iter().filter_map(|a| a["id"].as_i64()).collect())
            .unwrap_or_default();
        assert_eq!(ids.contains(&id), holds, "state={state}: {page}");
    }
    let shown = grace.get(&format!("/v1/alarms/{id}")).await?.expect(200)?;
    assert_eq!(shown["state"], "resolved");
    assert_eq!(shown["note"], "Tablet at gate B re-paired");

    // Each change is one audited event, about the alarm's pass and gate, naming the alarm.
    for (kind, state) in [
        ("alarm_acknowledged", "acknowledged"),
        ("alarm_assigned", "acknowledged"),
        ("alarm_resolved", "resolved"),
    ] {
        let events = admin.audit(&format!("kind={kind}")).await?;
        let [event] = events.as_slice() else {
            anyhow::bail!("expected one {kind} event, got {events:?}");
        };
        assert_eq!(event.pass_id, Some(pass_id), "{kind}");
        assert_eq!(event.gate_id, Some(gate_id), "{kind}");
        assert_eq!(event.details["alarm_id"], id, "{kind}");
        assert_eq!(event.details["alarm"], "foreign_nonce", "{kind}");
        assert_eq!(event.details["state"], state, "{kind}");
    }
    let resolved = admin.audit("kind=alarm_resolved").await?;
    assert_eq!(resolved[0].details["outcome"], "confirmed");
    Ok(())
}

async fn a_crowd_acknowledging_at_once_has_one_winner(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    foreign_nonce(&server, &admin).await?;
    let mut officers = Vec::new();
    for n in 0..8 {
        officers.push(officer(&server, &admin, &format!("Officer {n}")).await?);
    }
    let id = id_of(&the_alarm(&admin, "foreign_nonce").await?)?;
    let path = format!("/v1/alarms/{id}/acknowledge");
    let answers =
        futures_util::future::join_all(officers.iter().map(|officer| officer.post_empty(&path)))
            .await;
    let mut winners = Vec::new();
    let mut told = Vec::new();
    for answer in answers {
        let answer = answer?;
        match answer.status {
            200 => winners.push(answer.json()?["acknowledged_by"].clone()),
            409 => told.push(answer.json()?),
            other => anyhow::bail!("an acknowledgement got {other}: {}", answer.body),
        }
    }
    let [winner] = winners.as_slice() else {
        anyhow::bail!("expected one winner, got {winners:?}");
    };
    let winner = winner.as_str().context("the winner's name")?;
    assert_eq!(told.len(), 7);
    for refusal in &told {
        assert_eq!(refusal["error"]["code"], "already_acknowledged");
        let message = refusal["error"]["message"].as_str().unwrap_or_default();
        ensure!(message.contains(winner), "{message} does not name {winner}");
    }
    assert_eq!(admin.audit("kind=alarm_acknowledged").await?.len(), 1);
    Ok(())
}

async fn two_replicas_acknowledging_at_once_have_one_winner(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let pg = PgUrl::parse(server.database_url())?;
    let replica = Replica::start("B", &server, &pg.host, pg.port, &[]).await?;
    let admin = server.admin();
    foreign_nonce(&server, &admin).await?;
    let id = id_of(&the_alarm(&admin, "foreign_nonce").await?)?;
    // Rounds of two officers, one on each replica, each round on a fresh alarm state: the
    // first round acknowledges, the next ones race to resolve.
    let on_a = officer(&server, &admin, "Officer on A").await?;
    let key_b = admin.create_key("security", "Officer on B").await?;
    let on_b = ApiClient::new(
        reqwest::Client::new(),
        format!("http://{}", replica.addr),
        key_b["api_key"].as_str().map(str::to_owned),
    );
    let path = format!("/v1/alarms/{id}/acknowledge");
    let (a, b) = tokio::join!(on_a.post_empty(&path), on_b.post_empty(&path));
    let mut statuses = [a?.status, b?.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "one winner across replicas");
    let path = format!("/v1/alarms/{id}/resolve");
    let body = json!({"outcome": "no_action"});
    let (a, b) = tokio::join!(on_a.post(&path, &body), on_b.post(&path, &body));
    let (a, b) = (a?, b?);
    let mut statuses = [a.status, b.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{} / {}", a.body, b.body);
    let loser = if a.status == 409 { a } else { b };
    assert_eq!(loser.json()?["error"]["code"], "already_resolved");
    assert_eq!(admin.audit("kind=alarm_acknowledged").await?.len(), 1);
    assert_eq!(admin.audit("kind=alarm_resolved").await?.len(), 1);
    Ok(())
}

async fn only_security_and_admin_change_alarms_and_issuers_do_not_read_them(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    foreign_nonce(&server, &admin).await?;
    let id = id_of(&the_alarm(&admin, "foreign_nonce").await?)?;
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let host = admin.create_host("R. Iyer", Some("12B")).await?;
    let host = server.client(&host.api_key);
    let security = officer(&server, &admin, "Grace Hopper").await?;

    // Reading: security, auditor and admin.
    for (who, client, status) in [
        ("security", &security, 200),
        ("auditor", &auditor, 200),
        ("admin", &admin, 200),
        ("issuer", &issuer, 403),
        ("host", &host, 403),
    ] {
        assert_eq!(
            client.get("/v1/alarms").await?.status,
            status,
            "{who} lists"
        );
        assert_eq!(
            client.get(&format!("/v1/alarms/{id}")).await?.status,
            status,
            "{who} reads one"
        );
    }
    // Changing: security and admin only.
    for (who, client) in [("auditor", &auditor), ("issuer", &issuer), ("host", &host)] {
        let refused = client
            .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
            .await?;
        assert_eq!(refused.status, 403, "{who}: {}", refused.body);
        let refused = client
            .post(
                &format!("/v1/alarms/{id}/resolve"),
                &json!({"outcome": "no_action"}),
            )
            .await?;
        assert_eq!(refused.status, 403, "{who}: {}", refused.body);
    }
    assert_eq!(the_alarm(&admin, "foreign_nonce").await?["state"], "open");
    // Security reads the audit log as an auditor does; it issues nothing.
    assert_eq!(security.get("/v1/audit").await?.status, 200);
    assert_eq!(
        security
            .post("/v1/passes", &PassSpec::default().to_json())
            .await?
            .status,
        403
    );
    security
        .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
        .await?
        .expect(200)?;
    admin
        .post(
            &format!("/v1/alarms/{id}/resolve"),
            &json!({"outcome": "duplicate"}),
        )
        .await?
        .expect(200)?;
    // The security key is listed under its role.
    let keys = admin.get("/v1/api-keys").await?.expect(200)?;
    let listed = keys
        .as_array()
        .or_else(|| keys["keys"].as_array())
        .context("a key list")?
        .iter()
        .find(|key| key["label"] == "Grace Hopper")
        .cloned()
        .context("the security key is listed")?;
    assert_eq!(listed["role"], "security");
    Ok(())
}

async fn bad_alarm_requests_get_clear_errors_and_change_nothing(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    foreign_nonce(&server, &admin).await?;
    let id = id_of(&the_alarm(&admin, "foreign_nonce").await?)?;
    // An info event is no alarm.
    let info = admin.audit("kind=pass_issued").await?;
    let info_id = info
        .first()
        .and_then(|event| event.id.as_i64())
        .context("a pass_issued event")?;
    for path in [
        "/v1/alarms/abc".to_owned(),
        "/v1/alarms/0".to_owned(),
        "/v1/alarms/999999999".to_owned(),
        format!("/v1/alarms/{info_id}"),
    ] {
        assert_eq!(admin.get(&path).await?.status, 404, "{path}");
        let answer = admin.post_empty(&format!("{path}/acknowledge")).await?;
        assert_eq!(answer.status, 404, "{path}/acknowledge");
    }
    for query in [
        "state=closed",
        "limit=0",
        "limit=501",
        "cursor=x",
        "colour=red",
    ] {
        let answer = admin.get(&format!("/v1/alarms?{query}")).await?;
        assert_eq!(answer.status, 400, "{query}: {}", answer.body);
    }
    for (path, body) in [
        ("resolve", json!({"outcome": "fixed"})),
        ("resolve", json!({})),
        ("resolve", json!({"outcome": "confirmed", "note": ""})),
        (
            "resolve",
            json!({"outcome": "confirmed", "note": "x".repeat(2001)}),
        ),
        (
            "resolve",
            json!({"outcome": "confirmed", "note": "two\nlines"}),
        ),
        ("assign", json!({"assignee": "   "})),
        ("assign", json!({"assignee": "y".repeat(201)})),
        ("assign", json!({"to": "Grace"})),
    ] {
        let answer = admin
            .post(&format!("/v1/alarms/{id}/{path}"), &body)
            .await?;
        assert_eq!(answer.status, 400, "{path} {body}: {}", answer.body);
        assert_eq!(answer.json()?["error"]["code"], "bad_request");
    }
    let alarm = the_alarm(&admin, "foreign_nonce").await?;
    assert_eq!(alarm["state"], "open");
    assert_eq!(alarm["version"], 0, "nothing was written: {alarm}");
    ensure!(admin.audit("kind=alarm_resolved").await?.is_empty());
    Ok(())
}

/// The value of an unlabelled sample `name` in a text exposition.
fn sample(text: &str, name: &str) -> Option<f64> {
    text.lines().find_map(|line| {
        line.strip_prefix(name)?
            .strip_prefix(' ')?
            .trim()
            .parse()
            .ok()
    })
}

async fn metrics_count_open_alarms_and_time_to_acknowledge(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_METRICS_LISTEN", "127.0.0.1:0")
        .start()
        .await?;
    let url = format!(
        "http://{}/metrics",
        server.metrics_addr.context("no metrics address")?
    );
    let scrape = || async { reqwest::get(&url).await?.text().await };
    let before = scrape().await?;
    assert_eq!(
        sample(&before, "tessera_alarms_open"),
        Some(0.0),
        "{before}"
    );
    let admin = server.admin();
    foreign_nonce(&server, &admin).await?;
    let text = scrape().await?;
    assert_eq!(sample(&text, "tessera_alarms_open"), Some(1.0));
    let id = id_of(&the_alarm(&admin, "foreign_nonce").await?)?;
    admin
        .post_empty(&format!("/v1/alarms/{id}/acknowledge"))
        .await?
        .expect(200)?;
    let text = scrape().await?;
    assert_eq!(
        sample(&text, "tessera_alarms_open"),
        Some(1.0),
        "acknowledged is still open"
    );
    assert_eq!(
        sample(&text, "tessera_alarm_time_to_acknowledge_seconds_count"),
        Some(1.0),
        "{text}"
    );
    admin
        .post(
            &format!("/v1/alarms/{id}/resolve"),
            &json!({"outcome": "no_action"}),
        )
        .await?
        .expect(200)?;
    let text = scrape().await?;
    assert_eq!(sample(&text, "tessera_alarms_open"), Some(0.0));
    Ok(())
}

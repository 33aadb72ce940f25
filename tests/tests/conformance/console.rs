//! Issue 15 (`docs/console.md`): console sign-in by session cookie with its Origin and CSRF
//! rules, the live audit feed (backlog, live events, resuming after `Last-Event-ID`, across
//! replicas), gate presence and activity, the pass list and the export of a filtered view.

use std::time::{Duration, Instant};

use anyhow::{ensure, Context, Result};
use reqwest::header::{COOKIE, ORIGIN};
use serde_json::{json, Value};
use tessera_tests::api::PassSpec;
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::sse::SseStream;
use tessera_tests::{both_backends, postgres_only, Backend, TestServer};

both_backends!(
    an_api_key_becomes_a_session_cookie_that_guards_every_change,
    a_session_survives_a_restart_and_ends_at_sign_out,
    the_stream_sends_its_backlog_then_live_events_and_resumes_after_the_last_id,
    gates_show_online_then_offline_with_their_activity,
    the_export_holds_exactly_the_filtered_events,
    passes_are_listed_newest_first_in_pages,
    the_session_is_not_read_from_another_origin,
);

postgres_only!(a_foreign_nonce_on_one_replica_reaches_a_stream_on_another);

/// What the page holds after signing in: the cookie (as the browser would send it back)
/// and the session's body.
struct Session {
    cookie: String,
    body: Value,
}

async fn sign_in(server: &TestServer, key: &str) -> Result<(u16, Option<String>, Value)> {
    let response = reqwest::Client::new()
        .post(server.url("/v1/console/session"))
        .header(ORIGIN, server.url(""))
        .json(&json!({ "api_key": key }))
        .send()
        .await?;
    let status = response.status().as_u16();
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body = response.json().await.unwrap_or(Value::Null);
    Ok((status, set_cookie, body))
}

async fn session(server: &TestServer, key: &str) -> Result<Session> {
    let (status, set_cookie, body) = sign_in(server, key).await?;
    ensure!(status == 201, "sign-in answered {status}: {body}");
    let set_cookie = set_cookie.context("sign-in set no cookie")?;
    let cookie = set_cookie
        .split(';')
        .next()
        .context("cookie pair")?
        .trim()
        .to_owned();
    Ok(Session { cookie, body })
}

/// A request carrying the console cookie and nothing else.
fn with_cookie(
    server: &TestServer,
    method: reqwest::Method,
    path: &str,
    session: &Session,
) -> reqwest::RequestBuilder {
    reqwest::Client::new()
        .request(method, server.url(path))
        .header(COOKIE, &session.cookie)
}

fn csrf(session: &Session) -> String {
    session.body["csrf_token"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

async fn an_api_key_becomes_a_session_cookie_that_guards_every_change(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_AUDIT_AGGREGATE_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (status, set_cookie, body) = sign_in(&server, &server.org().admin_key).await?;
    assert_eq!(status, 201, "{body}");
    let set_cookie = set_cookie.context("Set-Cookie")?;
    for attribute in [
        "tessera_console=",
        "HttpOnly",
        "Secure",
        "SameSite=Strict",
        "Path=/",
    ] {
        assert!(
            set_cookie.contains(attribute),
            "{attribute} in {set_cookie}"
        );
    }
    assert!(set_cookie.contains("Max-Age=28800"), "{set_cookie}");
    assert!(
        !set_cookie.contains(&server.org().admin_key),
        "the cookie is not the key"
    );
    assert_eq!(body["role"], "admin");
    assert_eq!(body["org_id"], server.org().org_id.to_string());
    assert!(body["expires_at"]
        .as_str()
        .is_some_and(|t| t.ends_with('Z')));
    let csrf_token = body["csrf_token"]
        .as_str()
        .context("csrf_token")?
        .to_owned();
    let session = session(&server, &server.org().admin_key).await?;

    // Refused sign-ins: a wrong key, an issuer key, another origin, no origin.
    let (status, cookie, body) = sign_in(&server, "not-a-key").await?;
    assert_eq!((status, cookie), (401, None), "{body}");
    assert_eq!(body["error"]["code"], "unauthorized");
    let issuer_key = admin.create_api_key("issuer").await?;
    assert_eq!(sign_in(&server, &issuer_key).await?.0, 403);
    for origin in [Some("https://evil.example"), None] {
        let mut request = reqwest::Client::new()
            .post(server.url("/v1/console/session"))
            .json(&json!({ "api_key": server.org().admin_key }));
        if let Some(origin) = origin {
            request = request.header(ORIGIN, origin);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), 403, "sign-in from {origin:?}");
        assert!(response.headers().get("set-cookie").is_none());
    }
    let auditor_key = admin.create_api_key("auditor").await?;
    let auditor = self::session(&server, &auditor_key).await?;
    assert_eq!(auditor.body["role"], "auditor");

    // The cookie reads like the key; `GET /v1/console/session` gives the same token back.
    let current = with_cookie(
        &server,
        reqwest::Method::GET,
        "/v1/console/session",
        &session,
    )
    .send()
    .await?;
    assert_eq!(current.status().as_u16(), 200);
    let current: Value = current.json().await?;
    assert_eq!(current["csrf_token"], session.body["csrf_token"]);
    assert_ne!(
        current["csrf_token"].as_str(),
        Some(csrf_token.as_str()),
        "one token per session"
    );
    let audit = with_cookie(&server, reqwest::Method::GET, "/v1/audit", &session)
        .send()
        .await?;
    assert_eq!(audit.status().as_u16(), 200);

    // A change needs this server's Origin and the session's token, both.
    let pass = json!({
        "label": "Cookie pass",
        "valid_from": "2020-01-01T00:00:00Z",
        "valid_until": "2099-01-01T00:00:00Z",
    });
    let own_origin = server.url("");
    let cases: [(&str, Option<&str>, Option<String>, u16); 5] = [
        ("neither", None, None, 403),
        ("no CSRF token", Some(own_origin.as_str()), None, 403),
        ("no Origin", None, Some(csrf(&session)), 403),
        (
            "another origin",
            Some("https://evil.example"),
            Some(csrf(&session)),
            403,
        ),
        (
            "another session's token",
            Some(own_origin.as_str()),
            Some(csrf(&auditor)),
            403,
        ),
    ];
    for (what, origin, token, expected) in cases {
        let mut request =
            with_cookie(&server, reqwest::Method::POST, "/v1/passes", &session).json(&pass);
        if let Some(origin) = origin {
            request = request.header(ORIGIN, origin);
        }
        if let Some(token) = token {
            request = request.header("x-csrf-token", token);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), expected, "POST with {what}");
    }
    let issued = with_cookie(&server, reqwest::Method::POST, "/v1/passes", &session)
        .header(ORIGIN, &own_origin)
        .header("x-csrf-token", csrf(&session))
        .json(&pass)
        .send()
        .await?;
    assert_eq!(issued.status().as_u16(), 201, "POST with Origin and token");
    // The role is the key's: an auditor's session cannot issue.
    let refused = with_cookie(&server, reqwest::Method::POST, "/v1/passes", &auditor)
        .header(ORIGIN, &own_origin)
        .header("x-csrf-token", csrf(&auditor))
        .json(&pass)
        .send()
        .await?;
    assert_eq!(refused.status().as_u16(), 403);
    // Only ever refused passes were not stored: one pass with this label exists.
    let passes = admin.get("/v1/passes?limit=200").await?.expect(200)?;
    let labelled = passes["passes"]
        .as_array()
        .map(|all| all.iter().filter(|p| p["label"] == "Cookie pass").count());
    assert_eq!(labelled, Some(1));

    // A forged cookie is no session.
    let forged = Session {
        cookie: "tessera_console=forged".to_owned(),
        body: Value::Null,
    };
    let response = with_cookie(&server, reqwest::Method::GET, "/v1/audit", &forged)
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 401);

    // The refused changes on a live session name its tenant: its auditors see them.
    let deadline = Instant::now() + Duration::from_secs(10);
    let forgery = loop {
        let failures = admin.audit("kind=auth_failure").await?;
        if let Some(found) = failures
            .into_iter()
            .find(|e| e.details["sample_reason"] == "csrf")
        {
            break found;
        }
        ensure!(
            Instant::now() < deadline,
            "no auth_failure for the CSRF refusals"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(forgery.org_id, Some(server.org().org_id));
    assert_eq!(forgery.details["surface"], "console");
    assert_eq!(forgery.details["count"], 5, "{}", forgery.details);

    let events = admin.audit("kind=console_signed_in").await?;
    assert_eq!(events.len(), 3, "three sign-ins were accepted");
    assert!(events
        .iter()
        .all(|e| !e.details.to_string().contains("tessera_console")));
    Ok(())
}

async fn a_session_survives_a_restart_and_ends_at_sign_out(backend: Backend) -> Result<()> {
    let mut server = TestServer::start(backend).await?;
    let session = session(&server, &server.org().admin_key).await?;
    server.restart().await?;
    let current = with_cookie(
        &server,
        reqwest::Method::GET,
        "/v1/console/session",
        &session,
    )
    .send()
    .await?;
    assert_eq!(
        current.status().as_u16(),
        200,
        "the session outlives the process"
    );

    // Sign-out is a change too: it needs the token.
    let refused = with_cookie(
        &server,
        reqwest::Method::DELETE,
        "/v1/console/session",
        &session,
    )
    .header(ORIGIN, server.url(""))
    .send()
    .await?;
    assert_eq!(refused.status().as_u16(), 403);
    let out = with_cookie(
        &server,
        reqwest::Method::DELETE,
        "/v1/console/session",
        &session,
    )
    .header(ORIGIN, server.url(""))
    .header("x-csrf-token", csrf(&session))
    .send()
    .await?;
    assert_eq!(out.status().as_u16(), 204);
    let cleared = out
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    for path in ["/v1/console/session", "/v1/audit"] {
        let after = with_cookie(&server, reqwest::Method::GET, path, &session)
            .send()
            .await?;
        assert_eq!(after.status().as_u16(), 401, "{path} after sign-out");
    }
    assert_eq!(
        server.admin().audit("kind=console_signed_out").await?.len(),
        1
    );

    // A session past its end is refused (the shortest lifetime is a minute; the row is
    // aged in the database instead of waiting).
    let expiring = self::session(&server, &server.org().admin_key).await?;
    tessera_tests::db::execute_as_owner(
        server.database(),
        "UPDATE console_sessions SET expires_at_ms = 1",
    )
    .await?;
    let expired = with_cookie(
        &server,
        reqwest::Method::GET,
        "/v1/console/session",
        &expiring,
    )
    .send()
    .await?;
    assert_eq!(expired.status().as_u16(), 401);
    Ok(())
}

fn stream_request(base: &str, path: &str, key: &str) -> reqwest::RequestBuilder {
    reqwest::Client::new()
        .get(format!("{base}{path}"))
        .bearer_auth(key)
}

async fn issue(server: &TestServer, label: &str) -> Result<uuid::Uuid> {
    let spec = PassSpec {
        label: label.to_owned(),
        ..PassSpec::default()
    };
    Ok(server.admin().issue_pass(&spec).await?.pass_id)
}

async fn the_stream_sends_its_backlog_then_live_events_and_resumes_after_the_last_id(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let key = server.org().admin_key.clone();
    let base = server.url("");
    for n in 0..3 {
        issue(&server, &format!("Backlog {n}")).await?;
    }
    // The backlog: the newest two of the filter, oldest first, with labels.
    let mut stream = SseStream::open(stream_request(
        &base,
        "/v1/audit/stream?kind=pass_issued&backlog=2",
        &key,
    ))
    .await?;
    let first = stream.next_within(Duration::from_secs(5)).await?;
    let second = stream.next_within(Duration::from_secs(5)).await?;
    assert_eq!(first.event.as_deref(), Some("audit"));
    assert_eq!(first.data["pass_label"], "Backlog 1");
    assert_eq!(second.data["pass_label"], "Backlog 2");
    assert_eq!(second.id, Some(second.data["id"].to_string()));
    for field in [
        "id", "at", "kind", "severity", "org_id", "gate_id", "pass_id", "details",
    ] {
        assert!(
            second.data.get(field).is_some(),
            "{field} in {}",
            second.data
        );
    }

    // A live event arrives within a second of its commit; other kinds are filtered out.
    let started = Instant::now();
    let live = issue(&server, "Live").await?;
    let event = stream.next_within(Duration::from_secs(5)).await?;
    let delay = started.elapsed();
    assert_eq!(event.data["pass_id"], live.to_string());
    assert_eq!(event.data["kind"], "pass_issued");
    assert!(delay < Duration::from_secs(1), "live event after {delay:?}");
    println!("feed delay on {backend}: {} ms", delay.as_millis());
    let last_id = event.id.clone().context("id")?;
    drop(stream);

    // Missed while disconnected, delivered on reconnect after Last-Event-ID, once each.
    let missed = [
        issue(&server, "Missed A").await?,
        issue(&server, "Missed B").await?,
    ];
    let mut resumed = SseStream::open(
        stream_request(&base, "/v1/audit/stream?kind=pass_issued", &key)
            .header("last-event-id", &last_id),
    )
    .await?;
    for expected in missed {
        let event = resumed.next_within(Duration::from_secs(5)).await?;
        assert_eq!(event.data["pass_id"], expected.to_string());
    }
    let newer = issue(&server, "After resume").await?;
    let event = resumed.next_within(Duration::from_secs(5)).await?;
    assert_eq!(
        event.data["pass_id"],
        newer.to_string(),
        "nothing twice, nothing skipped"
    );

    // Bad starts and filters that do not apply are refused before streaming.
    for (path, header) in [
        ("/v1/audit/stream", Some("abc")),
        ("/v1/audit/stream?after=x", None),
        ("/v1/audit/stream?backlog=5000", None),
        ("/v1/audit/stream?limit=5", None),
        ("/v1/audit/stream?severity=loud", None),
    ] {
        let mut request = stream_request(&base, path, &key);
        if let Some(header) = header {
            request = request.header("last-event-id", header);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), 400, "{path} {header:?}");
    }
    let issuer = server.admin().create_api_key("issuer").await?;
    let response = stream_request(&base, "/v1/audit/stream", &issuer)
        .send()
        .await?;
    assert_eq!(
        response.status().as_u16(),
        403,
        "issuers do not read the audit log"
    );
    let response = reqwest::Client::new()
        .get(server.url("/v1/audit/stream"))
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 401);
    Ok(())
}

async fn gates_show_online_then_offline_with_their_activity(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let key = server.org().admin_key.clone();
    let idle = admin.create_gate("Idle door", None).await?;
    let listed = admin.get("/v1/gates").await?.expect(200)?;
    let gate = &listed["gates"][0];
    assert_eq!(gate["id"], idle.gate_id.to_string());
    assert_eq!(
        (gate["online"].clone(), gate["last_seen"].clone()),
        (json!(false), Value::Null)
    );

    let mut stream = SseStream::open(stream_request(
        &server.url(""),
        "/v1/audit/stream?backlog=0",
        &key,
    ))
    .await?;
    let (_issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "North door", None).await?;
    let (connected, _) = stream
        .until(Duration::from_secs(5), |e| {
            e.data["kind"] == "gate_connected"
        })
        .await?;
    assert_eq!(connected.data["gate_label"], "North door");
    let shown = admin
        .get(&format!("/v1/gates/{}", device.gate_id))
        .await?
        .expect(200)?;
    assert_eq!(shown["online"], true, "{shown}");
    assert_eq!(shown["sockets"], 1);
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    // A scan-time denial: a code that is not a TSR1 code.
    let (_, denied) = gate.scan("not-a-code").await?;
    ensure!(
        format!("{denied:?}").contains("MalformedCode"),
        "expected malformed_code, got {denied:?}"
    );
    let shown = admin
        .get(&format!("/v1/gates/{}", device.gate_id))
        .await?
        .expect(200)?;
    let stats = &shown["stats"];
    assert_eq!(stats["admissions"], 1, "{shown}");
    assert_eq!(stats["denials_by_reason"]["malformed_code"], 1, "{shown}");
    let scans: u64 = stats["scans_per_minute"]
        .as_array()
        .map(|minutes| minutes.iter().filter_map(|m| m["scans"].as_u64()).sum())
        .unwrap_or(0);
    assert_eq!(scans, 2, "{shown}");

    gate.close().await;
    let (gone, _) = stream
        .until(Duration::from_secs(5), |e| {
            e.data["kind"] == "gate_disconnected"
        })
        .await?;
    assert_eq!(gone.data["gate_id"], device.gate_id.to_string());
    let shown = admin
        .get(&format!("/v1/gates/{}", device.gate_id))
        .await?
        .expect(200)?;
    assert_eq!(shown["online"], false, "{shown}");
    assert!(shown["last_seen"].as_str().is_some(), "{shown}");
    let unknown = admin
        .get(&format!("/v1/gates/{}", uuid::Uuid::new_v4()))
        .await?;
    assert_eq!(unknown.status, 404);
    Ok(())
}

async fn the_export_holds_exactly_the_filtered_events(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    // More than one export page of one kind, and other kinds around them.
    for n in 0..1_005 {
        if n % 100 == 0 {
            admin.create_gate(&format!("Gate {n}"), None).await?;
        }
        issue(&server, &format!("Export {n}")).await?;
    }
    let mut expected = Vec::new();
    let mut cursor = String::new();
    loop {
        let page = admin
            .audit_page(&format!("kind=pass_issued&limit=1000{cursor}"))
            .await?;
        expected.extend(page.events.iter().map(|e| e.id.to_string()));
        match page.next_cursor {
            Some(next) => cursor = format!("&cursor={}", tessera_tests::api::cursor_text(&next)),
            None => break,
        }
    }
    assert_eq!(expected.len(), 1_005);

    let jsonl = admin
        .get("/v1/audit/export?format=jsonl&kind=pass_issued")
        .await?;
    assert_eq!(jsonl.status, 200, "{}", jsonl.body);
    assert_eq!(jsonl.content_type.as_deref(), Some("application/x-ndjson"));
    let ids: Vec<String> = jsonl
        .body
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).map(|e| e["id"].to_string()))
        .collect::<Result<_, _>>()?;
    assert_eq!(
        ids, expected,
        "the JSONL export is exactly the filtered view"
    );

    let csv = admin
        .get("/v1/audit/export?format=csv&kind=pass_issued")
        .await?;
    assert_eq!(csv.status, 200);
    let rows = tessera_tests::csv::parse(&csv.body)?;
    assert_eq!(rows[0][0], "id");
    let csv_ids: Vec<String> = rows[1..].iter().map(|r| r[0].clone()).collect();
    assert_eq!(
        csv_ids, expected,
        "the CSV export is exactly the filtered view"
    );

    for bad in [
        "/v1/audit/export",
        "/v1/audit/export?format=xml",
        "/v1/audit/export?format=csv&limit=5",
        "/v1/audit/export?format=csv&since=yesterday",
    ] {
        assert_eq!(admin.get(bad).await?.status, 400, "{bad}");
    }
    Ok(())
}

async fn passes_are_listed_newest_first_in_pages(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let mut ids = Vec::new();
    for n in 0..3 {
        ids.push(issue(&server, &format!("Listed {n}")).await?);
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let page = admin.get("/v1/passes?limit=2").await?.expect(200)?;
    let shown: Vec<String> = page["passes"]
        .as_array()
        .context("passes")?
        .iter()
        .map(|p| p["pass_id"].as_str().unwrap_or_default().to_owned())
        .collect();
    assert_eq!(shown, [ids[2].to_string(), ids[1].to_string()]);
    assert!(page["passes"][0].get("admissions").is_none());
    assert_eq!(page["passes"][0]["state"], "issued");
    let cursor = page["next_cursor"].as_str().context("next_cursor")?;
    let rest = admin
        .get(&format!("/v1/passes?limit=2&cursor={cursor}"))
        .await?
        .expect(200)?;
    assert_eq!(rest["passes"][0]["pass_id"], ids[0].to_string());
    assert_eq!(rest["next_cursor"], Value::Null);
    for bad in [
        "/v1/passes?limit=0",
        "/v1/passes?cursor=x",
        "/v1/passes?colour=red",
    ] {
        assert_eq!(admin.get(bad).await?.status, 400, "{bad}");
    }
    Ok(())
}

async fn a_foreign_nonce_on_one_replica_reaches_a_stream_on_another(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let pg = PgUrl::parse(server.database_url())?;
    let replica = Replica::start("B", &server, &pg.host, pg.port, &[]).await?;
    let replica_url = format!("http://{}", replica.addr);
    let mut stream = SseStream::open(stream_request(
        &replica_url,
        "/v1/audit/stream?backlog=0&severity=high",
        &server.org().admin_key,
    ))
    .await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(
        &admin,
        &PassSpec {
            label: "Ada Lovelace".to_owned(),
            ..PassSpec::default()
        },
    )
    .await?;
    let (device_a, mut gate_a) = connected_gate(&server, &admin, "Gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin, "Gate B", None).await?;
    let challenge = gate_a.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    let foreign = gate_b.answer(&challenge, &response).await?;
    let answered = Instant::now();
    ensure!(
        format!("{foreign:?}").contains("ForeignNonce"),
        "{foreign:?}"
    );
    let (alarm, _) = stream
        .until(Duration::from_secs(5), |e| {
            e.data["details"]["reason"] == "foreign_nonce"
        })
        .await?;
    let delay = answered.elapsed();
    assert_eq!(alarm.data["pass_id"], issued.pass_id.to_string());
    assert_eq!(alarm.data["pass_label"], "Ada Lovelace");
    assert_eq!(
        alarm.data["gate_id"],
        device_b.gate_id.to_string(),
        "the presenting gate"
    );
    assert_eq!(alarm.data["gate_label"], "Gate B");
    assert_eq!(
        alarm.data["details"]["challenge_gate_id"],
        device_a.gate_id.to_string()
    );
    println!(
        "foreign_nonce from replica A to a stream on replica B: {} ms",
        delay.as_millis()
    );
    assert!(delay < Duration::from_secs(1), "alarm after {delay:?}");
    Ok(())
}

/// Issue 50, item 9: `GET /v1/console/session` (which answers the session's CSRF token) is
/// refused to another site's page like every other read with the cookie.
async fn the_session_is_not_read_from_another_origin(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let session = session(&server, &server.org().admin_key).await?;
    let own_origin = server.url("");
    for (origin, expected) in [
        (Some("https://evil.example"), 403),
        (Some("null"), 403),
        (Some(own_origin.as_str()), 200),
        (None, 200),
    ] {
        let mut request = with_cookie(
            &server,
            reqwest::Method::GET,
            "/v1/console/session",
            &session,
        );
        if let Some(origin) = origin {
            request = request.header(ORIGIN, origin);
        }
        let response = request.send().await?;
        assert_eq!(response.status().as_u16(), expected, "from {origin:?}");
        let body = response.text().await?;
        assert_eq!(
            body.contains(&csrf(&session)),
            expected == 200,
            "from {origin:?}: {body}"
        );
    }
    // As for the other reads.
    let audit = with_cookie(&server, reqwest::Method::GET, "/v1/audit", &session)
        .header(ORIGIN, "https://evil.example")
        .send()
        .await?;
    assert_eq!(audit.status().as_u16(), 403);
    Ok(())
}

//! Issue 4 and PROTOCOL.md §8/§10: the audit log as an auditor reads it.
//!
//! Filters are checked against the unfiltered log (a filter must return exactly the matching
//! events, in order), pagination against one big page (no overlap, no gap), the CSV against
//! the JSON, and the whole log against every secret the test handled, because the audit log
//! is the one place secrets would quietly accumulate.

use std::collections::HashSet;

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_tests::api::{cursor_text, url_encode, AuditEvent, PassSpec};
use tessera_tests::clock::parse_rfc3339;
use tessera_tests::db::execute_as_owner;
use tessera_tests::fixtures::{admit, altered, claimed_pass, connected_gate, gate_sockets_closed};
use tessera_tests::gate::upgrade_status;
use tessera_tests::{both_backends, csv, describe, Backend, TestServer};
use uuid::Uuid;

both_backends!(
    audit_filters_return_exactly_the_matching_events,
    audit_pages_follow_the_cursor_without_overlap_or_gap,
    audit_csv_matches_the_json_and_neutralises_formulas,
    audit_never_holds_a_secret,
    authentication_failures_are_audited_without_the_credential,
    audit_log_is_append_only_in_the_schema,
);

/// A small but varied log: two passes, two gates, an admission, a replay and denials.
struct Busy {
    server: TestServer,
    pass_a: Uuid,
    pass_b: Uuid,
    gate_b: Uuid,
}

async fn busy_log(backend: Backend) -> Result<Busy> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued_a, wallet_a) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (issued_b, _) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate_a) = connected_gate(&server, &admin, "gate A", None).await?;
    let (device_b, mut gate_b) = connected_gate(&server, &admin, "gate B", None).await?;
    let code = wallet_a.code_now();
    admit(&mut gate_a, &wallet_a, &code).await?;
    gate_b.scan(&code).await?; // code_replayed, high
    gate_b.scan("garbage").await?; // malformed_code
    admin.revoke(issued_b.pass_id).await?.expect(200)?;
    // One at a time, so the two `gate_disconnected` events keep the log's time order.
    gate_a.close().await;
    gate_sockets_closed(&server, 1).await?;
    gate_b.close().await;
    gate_sockets_closed(&server, 0).await?;
    Ok(Busy {
        server,
        pass_a: issued_a.pass_id,
        pass_b: issued_b.pass_id,
        gate_b: device_b.gate_id,
    })
}

/// Which events a filter query must return.
type Matcher = Box<dyn Fn(&AuditEvent) -> bool>;

fn ids(events: &[AuditEvent]) -> Vec<Value> {
    events.iter().map(|e| e.id.clone()).collect()
}

async fn audit_filters_return_exactly_the_matching_events(backend: Backend) -> Result<()> {
    let busy = busy_log(backend).await?;
    let auditor = busy
        .server
        .client(&busy.server.admin().create_api_key("auditor").await?);
    let all = auditor.audit("").await?;
    ensure!(
        all.len() >= 12,
        "a busy log has few events:\n{}",
        describe(&all)
    );
    let org = busy.server.org().org_id;
    let mut previous = None;
    for event in &all {
        assert_eq!(event.org_id, Some(org), "{event:?}");
        assert!(
            ["info", "warning", "high"].contains(&event.severity.as_str()),
            "{event:?}"
        );
        assert!(
            event.details.is_object(),
            "details is a JSON object: {event:?}"
        );
        let at = parse_rfc3339(&event.at)?;
        ensure!(
            previous <= Some(at),
            "the log is not oldest first:\n{}",
            describe(&all)
        );
        previous = Some(at);
    }
    let unique: HashSet<String> = all.iter().map(|e| e.id.to_string()).collect();
    assert_eq!(unique.len(), all.len(), "event ids are not unique");

    let cases: Vec<(String, Matcher)> = vec![
        ("kind=claim".to_owned(), Box::new(|e| e.kind == "claim")),
        ("kind=scan".to_owned(), Box::new(|e| e.kind == "scan")),
        (
            "severity=high".to_owned(),
            Box::new(|e| e.severity == "high"),
        ),
        (
            "severity=warning".to_owned(),
            Box::new(|e| e.severity == "warning"),
        ),
        (
            format!("pass_id={}", busy.pass_a),
            Box::new(move |e| e.pass_id == Some(busy.pass_a)),
        ),
        (
            format!("pass_id={}", busy.pass_b),
            Box::new(move |e| e.pass_id == Some(busy.pass_b)),
        ),
        (
            format!("gate_id={}", busy.gate_b),
            Box::new(move |e| e.gate_id == Some(busy.gate_b)),
        ),
        (
            format!("kind=scan&severity=high&gate_id={}", busy.gate_b),
            Box::new(move |e| {
                e.kind == "scan" && e.severity == "high" && e.gate_id == Some(busy.gate_b)
            }),
        ),
    ];
    for (query, keep) in &cases {
        let expected: Vec<AuditEvent> = all.iter().filter(|e| keep(e)).cloned().collect();
        ensure!(!expected.is_empty(), "the busy log has nothing for {query}");
        let got = auditor.audit(query).await?;
        assert_eq!(
            ids(&got),
            ids(&expected),
            "?{query} returned\n{}\nexpected\n{}",
            describe(&got),
            describe(&expected)
        );
    }
    let high = auditor.audit("severity=high").await?;
    assert!(
        high.iter().any(|e| e.reason() == Some("code_replayed")),
        "{}",
        describe(&high)
    );

    // since is inclusive, until exclusive: split at an event's time, the halves partition.
    let split = &all[all.len() / 2].at;
    let split_at = parse_rfc3339(split)?;
    let since = auditor
        .audit(&format!("since={}", url_encode(split)))
        .await?;
    let until = auditor
        .audit(&format!("until={}", url_encode(split)))
        .await?;
    for event in &since {
        ensure!(
            parse_rfc3339(&event.at)? >= split_at,
            "since={split} returned {event:?}"
        );
    }
    for event in &until {
        ensure!(
            parse_rfc3339(&event.at)? < split_at,
            "until={split} returned {event:?}"
        );
    }
    let mut joined = ids(&until);
    joined.extend(ids(&since));
    assert_eq!(
        joined,
        ids(&all),
        "until={split} and since={split} must partition the log"
    );
    let window = auditor
        .audit(&format!(
            "since={}&until={}",
            url_encode(&all[1].at),
            url_encode(split)
        ))
        .await?;
    let first_at = parse_rfc3339(&all[1].at)?;
    let expected: Vec<Value> = all
        .iter()
        .filter(|e| parse_rfc3339(&e.at).is_ok_and(|at| at >= first_at && at < split_at))
        .map(|e| e.id.clone())
        .collect();
    assert_eq!(ids(&window), expected);

    let one = auditor.audit_page("limit=1").await?;
    assert_eq!(one.events.len(), 1);
    assert_eq!(one.events[0], all[0]);
    assert!(one.next_cursor.as_ref().is_some_and(|c| !c.is_null()));
    let default = auditor.audit_page("").await?;
    assert_eq!(default.events.len(), all.len().min(100));
    Ok(())
}

async fn audit_pages_follow_the_cursor_without_overlap_or_gap(backend: Backend) -> Result<()> {
    let busy = busy_log(backend).await?;
    let admin = busy.server.admin();
    let all = admin.audit_page("limit=1000").await?;
    assert!(
        all.next_cursor.is_none_or(|c| c.is_null()),
        "one page holds it all"
    );
    for limit in [1, 2, 5] {
        let mut walked: Vec<AuditEvent> = Vec::new();
        let mut cursor: Option<Value> = None;
        for _ in 0..=all.events.len() {
            let mut query = format!("limit={limit}");
            if let Some(c) = &cursor {
                query.push_str(&format!("&cursor={}", cursor_text(c)));
            }
            let page = admin.audit_page(&query).await?;
            ensure!(page.events.len() <= limit, "page larger than limit={limit}");
            walked.extend(page.events);
            match page.next_cursor {
                Some(next) if !next.is_null() => cursor = Some(next),
                _ => break,
            }
        }
        assert_eq!(
            ids(&walked),
            ids(&all.events),
            "walking pages of {limit} must give the whole log once, in order"
        );
    }
    // Pagination composes with filters.
    let query = format!("pass_id={}", busy.pass_a);
    let filtered = admin.audit(&query).await?;
    let mut walked = Vec::new();
    let mut cursor: Option<Value> = None;
    loop {
        let mut page_query = format!("{query}&limit=1");
        if let Some(c) = &cursor {
            page_query.push_str(&format!("&cursor={}", cursor_text(c)));
        }
        let page = admin.audit_page(&page_query).await?;
        walked.extend(page.events);
        match page.next_cursor {
            Some(next) if !next.is_null() => cursor = Some(next),
            _ => break,
        }
        ensure!(walked.len() <= filtered.len(), "pagination does not end");
    }
    assert_eq!(ids(&walked), ids(&filtered));
    Ok(())
}

const CSV_HEADER: [&str; 10] = [
    "id",
    "at",
    "kind",
    "severity",
    "org_id",
    "gate_id",
    "pass_id",
    "details",
    "actor",
    "origin_node_id",
];

async fn audit_csv_matches_the_json_and_neutralises_formulas(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    // User-controlled text that a spreadsheet would run, in every field a client can set.
    // With today's columns (ids, times, fixed kinds, UUIDs, a JSON object) no cell can start
    // with one of these, so this guards against a future column or a details format that
    // carries client text into a cell's first character.
    let formulas = [
        "=HYPERLINK(\"http://x.test\",\"y\")",
        "+SUM(1,2)",
        "-2+3",
        "@cmd",
    ];
    for (n, formula) in formulas.iter().enumerate() {
        let spec = PassSpec {
            label: (*formula).to_owned(),
            site: Some((*formula).to_owned()),
            ..PassSpec::default()
        };
        let (_, wallet) = claimed_pass(&admin, &spec).await?;
        let (_, mut gate) = connected_gate(&server, &admin, formula, Some(formula)).await?;
        admin
            .post(
                "/v1/api-keys",
                &json!({"role": "auditor", "label": formula}),
            )
            .await?
            .expect(201)?;
        if n == 0 {
            admit(&mut gate, &wallet, &wallet.code_now()).await?;
        }
        gate.scan(formula).await?;
    }
    // Each dropped gate's socket closes on its own time: wait, so both reads see the same log.
    gate_sockets_closed(&server, 0).await?;

    let json_events = admin.audit("").await?;
    let reply = admin
        .get_accepting("/v1/audit?limit=1000", "text/csv")
        .await?;
    assert_eq!(reply.status, 200, "{}", reply.body);
    ensure!(
        reply
            .content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("text/csv")),
        "Content-Type {:?}",
        reply.content_type
    );
    let rows = csv::parse(&reply.body).context("parse the audit CSV")?;
    assert_eq!(
        rows.first().map(Vec::as_slice),
        Some(&CSV_HEADER.map(str::to_owned)[..])
    );
    let rows = &rows[1..];
    assert_eq!(
        rows.len(),
        json_events.len(),
        "CSV and JSON hold different events"
    );
    for (row, event) in rows.iter().zip(&json_events) {
        assert_eq!(row.len(), CSV_HEADER.len(), "{row:?}");
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "a CSV cell starts like a formula: {cell:?}"
            );
        }
        let id = match &event.id {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        assert_eq!(row[0], id);
        assert_eq!(row[1], event.at);
        assert_eq!(row[2], event.kind);
        assert_eq!(row[3], event.severity);
        assert_eq!(
            row[4],
            event.org_id.map(|u| u.to_string()).unwrap_or_default()
        );
        assert_eq!(
            row[5],
            event.gate_id.map(|u| u.to_string()).unwrap_or_default()
        );
        assert_eq!(
            row[6],
            event.pass_id.map(|u| u.to_string()).unwrap_or_default()
        );
        let details: Value = serde_json::from_str(&row[7])
            .with_context(|| format!("details cell is not JSON: {:?}", row[7]))?;
        assert_eq!(details, event.details);
        assert_eq!(
            row[9],
            event
                .origin_node_id
                .map(|u| u.to_string())
                .unwrap_or_default()
        );
        // Keys act here, so no event names a person: the cell is empty, as `actor` is null.
        assert_eq!(row[8], "", "{row:?}");
        assert!(event.actor.is_null(), "{event:?}");
    }
    // Filters apply to CSV too.
    let reply = admin
        .get_accepting("/v1/audit?kind=pass_issued", "text/csv")
        .await?;
    let rows = csv::parse(&reply.body)?;
    assert_eq!(rows.len(), 1 + formulas.len(), "{}", reply.body);
    assert!(rows[1..].iter().all(|r| r[2] == "pass_issued"));
    Ok(())
}

async fn audit_never_holds_a_secret(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer_key = admin.create_api_key("issuer").await?;
    let issuer = server.client(&issuer_key);
    let issued = issuer.issue_pass(&PassSpec::default()).await?;
    let mut secrets: Vec<(String, String)> = vec![
        ("admin key".into(), server.org().admin_key.clone()),
        ("issuer key".into(), issuer_key.clone()),
        ("claim token".into(), issued.claim_token.clone()),
    ];
    // A wrong claim and a REST call with a mistyped key: failures are audited, their secrets not.
    let guessed_token = tessera_protocol::encoding::base64url(&[42u8; 32]);
    server
        .anonymous()
        .claim(&issued.pass_id.to_string(), &guessed_token, "AAAA")
        .await?;
    secrets.push(("guessed claim token".into(), guessed_token));
    let mistyped = altered(&issuer_key);
    server.client(&mistyped).get("/v1/audit").await?;
    secrets.push(("mistyped key".into(), mistyped));

    let wallet = tessera_tests::Wallet::claim(&server.anonymous(), &issued).await?;
    secrets.push(("wallet secret".into(), wallet.secret.to_hex().to_string()));
    let (device, mut gate) = connected_gate(&server, &admin, "gate A", None).await?;
    secrets.push(("device token".into(), device.device_token.clone()));
    let forged_token = altered(&device.device_token);
    assert_eq!(
        upgrade_status(&server.gate_ws_url(), Some(&forged_token)).await?,
        Some(401)
    );
    secrets.push(("forged device token".into(), forged_token));

    let code = wallet.code_now();
    let challenge = gate.challenge(&code).await?;
    let wrong = wallet.wrong_answer(&challenge);
    gate.answer(&challenge, &wrong).await?;
    let right = wallet.answer(&challenge)?;
    gate.answer(&challenge, &right).await?;
    let wrong_code = wallet.wrong_code_text(tessera_tests::clock::current_step());
    gate.scan(&wrong_code).await?;
    let otp = code.rsplit(':').next().unwrap_or_default().to_owned();
    for (what, text) in [
        ("rotating code", code.clone()),
        ("wrong rotating code", wrong_code.clone()),
        ("response", right.clone()),
        ("wrong response", wrong.clone()),
        (
            "MAC",
            right.rsplit(':').next().unwrap_or_default().to_owned(),
        ),
        (
            "wrong MAC",
            wrong.rsplit(':').next().unwrap_or_default().to_owned(),
        ),
        ("OTP", format!("\"{otp}\"")),
        ("OTP in a code", format!(":{otp}")),
    ] {
        secrets.push((what.into(), text));
    }

    let json_log = admin
        .get("/v1/audit?limit=1000")
        .await?
        .expect(200)?
        .to_string();
    let csv_log = admin
        .get_accepting("/v1/audit?limit=1000", "text/csv")
        .await?
        .body;
    ensure!(
        json_log.contains("bad_response"),
        "the log misses the wrong answer:\n{json_log}"
    );
    for (what, secret) in &secrets {
        ensure!(!secret.is_empty(), "empty secret {what}");
        for (format, log) in [("JSON", &json_log), ("CSV", &csv_log)] {
            ensure!(
                !log.contains(secret.as_str()),
                "the {format} audit log holds the {what} {secret:?}"
            );
        }
    }
    Ok(())
}

async fn authentication_failures_are_audited_without_the_credential(
    backend: Backend,
) -> Result<()> {
    // Failures are audited in aggregate (issue 12): one row per source and window, written
    // at the window's end; a one-second window lets the test see it.
    let server = TestServer::builder(backend)
        .env("TESSERA_AUDIT_AGGREGATE_S", "1")
        .start()
        .await?;
    let forged_key = altered(&server.org().admin_key);
    let forged_token = tessera_protocol::encoding::base64url(&[5u8; 32]);
    server.anonymous().get("/v1/audit").await?;
    server.client(&forged_key).get("/v1/audit").await?;
    assert_eq!(
        upgrade_status(&server.gate_ws_url(), None).await?,
        Some(401)
    );
    assert_eq!(
        upgrade_status(&server.gate_ws_url(), Some(&forged_token)).await?,
        Some(401)
    );
    let counted = |rows: &[String]| -> u64 {
        rows.iter()
            .filter_map(|row| serde_json::from_str::<Value>(row).ok())
            .map(|details| details["count"].as_u64().unwrap_or(0))
            .sum()
    };
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let rows = loop {
        let rows = server.db().audit_details_of_kind("auth_failure").await?;
        if counted(&rows) >= 4 || tokio::time::Instant::now() >= deadline {
            break rows;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert_eq!(
        counted(&rows),
        4,
        "every refused request is counted once: {rows:?}"
    );
    ensure!(
        rows.len() <= 2,
        "four failures from one source became {} rows: {rows:?}",
        rows.len()
    );
    for details in rows {
        ensure!(
            !details.contains(&forged_key) && !details.contains(&forged_token),
            "an auth_failure row holds the presented credential: {details}"
        );
    }
    Ok(())
}

async fn audit_log_is_append_only_in_the_schema(backend: Backend) -> Result<()> {
    // The application never rewrites history; the schema refuses it too, so a compromised
    // application role cannot quietly erase a foreign_nonce.
    let server = TestServer::start(backend).await?;
    server.admin().issue_pass(&PassSpec::default()).await?;
    let snapshot = |events: Vec<AuditEvent>| {
        events
            .into_iter()
            .map(|e| (e.id.to_string(), e.kind, e.severity, e.details.to_string()))
            .collect::<Vec<_>>()
    };
    let before = snapshot(server.admin().audit("").await?);
    let mut attempts = vec![
        "UPDATE audit_events SET severity = 'info'",
        "DELETE FROM audit_events",
    ];
    attempts.extend(match backend {
        // TRUNCATE fires no row trigger; an upsert's UPDATE must meet the row trigger.
        Backend::Postgres => [
            "TRUNCATE audit_events",
            "INSERT INTO audit_events (id, at_ms, kind, severity, details) \
             SELECT id, at_ms, kind, 'info', '{}' FROM audit_events \
             ON CONFLICT (id) DO UPDATE SET severity = 'info', details = '{}'",
        ],
        // REPLACE deletes the old row without firing the DELETE trigger.
        Backend::Sqlite => [
            "INSERT OR REPLACE INTO audit_events (id, at_ms, kind, severity, details) \
             SELECT id, at_ms, kind, 'info', '{}' FROM audit_events",
            "REPLACE INTO audit_events (id, at_ms, kind, severity, details) \
             SELECT id, at_ms, 'rewritten', 'info', '{}' FROM audit_events",
        ],
    });
    for sql in attempts {
        let outcome = execute_as_owner(server.database(), sql).await;
        ensure!(outcome.is_err(), "`{sql}` succeeded: {outcome:?}");
    }
    assert_eq!(
        snapshot(server.admin().audit("").await?),
        before,
        "the audit log changed"
    );
    Ok(())
}

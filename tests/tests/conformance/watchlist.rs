//! Issue 32, section 2: the watchlist. Its matching rules (email normalised and external
//! reference exact, name only a possible match, expired entries inert), applied when a pass
//! is issued (one by one and in bulk), when a wallet claims it and when the wallet answers a
//! gate (`see_staff`, held under the nonce, with a `watchlist_hit` alarm naming the gate);
//! its changes audited without the person's details; and the list readable by security and
//! admins only.

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::{DenyReason, Outcome};
use tessera_tests::api::{ApiClient, IssuedPass, PassSpec};
use tessera_tests::fixtures::{admit, connected_gate};
use tessera_tests::wallet::Wallet;
use tessera_tests::{assert_response_denied, both_backends, Backend, TestServer};
use uuid::Uuid;

both_backends!(
    the_matching_rules_decide_at_issue,
    bulk_rows_are_screened_by_external_reference,
    an_entry_added_after_issue_holds_at_claim,
    a_watchlisted_holder_is_held_at_the_gate_with_an_alarm,
    only_security_and_admins_read_and_change_the_list,
    the_organisation_export_holds_the_list_and_no_secret,
);

const NEUTRAL: &str = "this pass cannot be issued or claimed; please contact the security team";

async fn security(server: &TestServer, admin: &ApiClient) -> Result<ApiClient> {
    let key = admin.create_key("security", "Grace Hopper").await?;
    Ok(server.client(key["api_key"].as_str().context("api_key")?))
}

async fn add_entry(client: &ApiClient, body: Value) -> Result<Value> {
    client.post("/v1/watchlist", &body).await?.expect(201)
}

async fn issue_to(
    issuer: &ApiClient,
    label: &str,
    email: &str,
) -> Result<tessera_tests::api::Reply> {
    issuer
        .post(
            "/v1/passes",
            &PassSpec {
                label: label.to_owned(),
                ..PassSpec::default()
            }
            .to_json_with(&json!({ "email": email })),
        )
        .await
}

/// The `watchlist_hit` events so far.
async fn hits(admin: &ApiClient) -> Result<Vec<tessera_tests::api::AuditEvent>> {
    admin.audit("kind=watchlist_hit").await
}

async fn the_matching_rules_decide_at_issue(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let blocked = add_entry(
        &officer,
        json!({"email": "Mallory+Anything@Example.COM", "reason": "trespass order", "mode": "block"}),
    )
    .await?;
    assert_eq!(blocked["email"], "mallory@example.com", "stored normalised");
    let flagged = add_entry(
        &officer,
        json!({"email": "eve@example.com", "reason": "former contractor", "mode": "flag"}),
    )
    .await?;
    let by_name = add_entry(
        &officer,
        json!({"name": "Trudy Jones", "reason": "banned at another site", "mode": "block"}),
    )
    .await?;
    add_entry(
        &officer,
        json!({"email": "old@example.com", "reason": "lapsed", "mode": "block",
               "expires_at": "2099-01-01T00:00:00Z"}),
    )
    .await?;

    // An exact block: refused, neutrally, in every spelling of the address; nothing issued.
    for address in [
        "mallory@example.com",
        " MALLORY@example.com",
        "mallory+visit@example.com",
    ] {
        let refused = issue_to(&issuer, "M. Smith", address).await?;
        assert_eq!(refused.status, 409, "{address}: {}", refused.body);
        let body = refused.json()?;
        assert_eq!(body["error"]["code"], "not_permitted");
        assert_eq!(body["error"]["message"], NEUTRAL);
        ensure!(
            !refused.body.to_lowercase().contains("watch"),
            "{}",
            refused.body
        );
    }
    let passes = admin.get("/v1/passes").await?.expect(200)?;
    ensure!(
        !passes.to_string().contains("M. Smith"),
        "a refused pass was issued: {passes}"
    );
    // An exact flag: issued, and an alarm.
    let issued: IssuedPass = serde_json::from_value(
        issue_to(&issuer, "Eve", "Eve@example.com")
            .await?
            .expect(201)?,
    )?;
    // A name alone is only a possible match: issued, recorded at warning, no alarm.
    issue_to(&issuer, "Jones, TRUDY", "trudy@example.org")
        .await?
        .expect(201)?;
    // A different person, and an expired-later entry's address before it expires.
    issue_to(&issuer, "Ada Lovelace", "ada@example.com")
        .await?
        .expect(201)?;

    let events = hits(&admin).await?;
    let of = |entry: &Value| {
        events
            .iter()
            .filter(|e| e.details["entry_id"] == entry["id"])
            .cloned()
            .collect::<Vec<_>>()
    };
    let block_hits = of(&blocked);
    assert_eq!(block_hits.len(), 3, "{events:?}");
    for hit in &block_hits {
        assert_eq!(hit.severity, "high");
        assert_eq!(hit.details["refused"], true);
        assert_eq!(hit.details["stage"], "issue");
        assert_eq!(hit.details["matched_by"], "email");
        assert_eq!(hit.pass_id, None, "nothing was issued");
        ensure!(
            !hit.details.to_string().contains("mallory"),
            "no person's details in the log"
        );
    }
    let [flag_hit] = of(&flagged)
        .try_into()
        .map_err(|v| anyhow::anyhow!("{v:?}"))?;
    assert_eq!(flag_hit.severity, "high");
    assert_eq!(flag_hit.details["refused"], false);
    assert_eq!(flag_hit.pass_id, Some(issued.pass_id));
    let [name_hit] = of(&by_name)
        .try_into()
        .map_err(|v| anyhow::anyhow!("{v:?}"))?;
    assert_eq!(
        name_hit.severity, "warning",
        "a name is only a possible match"
    );
    assert_eq!(name_hit.details["matched_by"], "name");
    assert_eq!(name_hit.details["refused"], false);
    assert_eq!(
        events.len(),
        5,
        "the expired-later entry and Ada matched nothing: {events:?}"
    );

    // The exact matches are alarms; the possible one is not.
    let alarms = officer.get("/v1/alarms").await?.expect(200)?;
    let names: Vec<&Value> = alarms["alarms"]
        .as_array()
        .context("alarms")?
        .iter()
        .map(|a| &a["alarm"])
        .collect();
    assert_eq!(
        names.iter().filter(|n| **n == "watchlist_hit").count(),
        4,
        "{alarms}"
    );
    Ok(())
}

async fn bulk_rows_are_screened_by_external_reference(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    add_entry(
        &officer,
        json!({"external_ref": "EMP-7", "reason": "dismissed", "mode": "block"}),
    )
    .await?;
    let csv = "label,valid_until,external_ref\n\
               Mallory,2099-01-01T00:00:00Z,EMP-7\n\
               Ada,2099-01-01T00:00:00Z,emp-7\n\
               Grace,2099-01-01T00:00:00Z, EMP-8\n";
    let reply = admin
        .post_typed("/v1/passes/bulk", "text/csv", csv.to_owned())
        .await?;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let rows = tessera_tests::csv::parse(&reply.body)?;
    let status_of = |reference: &str| {
        rows.iter()
            .find(|cells| cells.get(1).map(String::as_str) == Some(reference))
            .and_then(|cells| cells.get(2).cloned())
    };
    assert_eq!(status_of("EMP-7").as_deref(), Some("409"), "{rows:?}");
    let refused = rows
        .iter()
        .find(|cells| cells[1] == "EMP-7")
        .context("row")?;
    assert_eq!(refused[5], NEUTRAL);
    // The reference is exact: case matters.
    assert_eq!(status_of("emp-7").as_deref(), Some("201"), "{rows:?}");
    let events = hits(&admin).await?;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].details["matched_by"], "external_ref");
    Ok(())
}

async fn an_entry_added_after_issue_holds_at_claim(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let blocked: IssuedPass = serde_json::from_value(
        issue_to(&admin, "Mallory", "mallory@example.com")
            .await?
            .expect(201)?,
    )?;
    let flagged: IssuedPass = serde_json::from_value(
        issue_to(&admin, "Eve", "eve@example.com")
            .await?
            .expect(201)?,
    )?;
    add_entry(
        &officer,
        json!({"email": "mallory@example.com", "reason": "r", "mode": "block"}),
    )
    .await?;
    add_entry(
        &officer,
        json!({"email": "eve@example.com", "reason": "r", "mode": "flag"}),
    )
    .await?;

    let anonymous = server.anonymous();
    let key = tessera_protocol::SecretKey::generate(&mut rand::rngs::OsRng);
    let refused = anonymous
        .claim(
            &blocked.pass_id.to_string(),
            &blocked.claim_token,
            &key.public_key().to_base64url(),
        )
        .await?;
    assert_eq!(refused.status, 409, "{}", refused.body);
    assert_eq!(refused.json()?["error"]["code"], "not_permitted");
    assert_eq!(
        admin.pass(blocked.pass_id).await?["state"],
        "issued",
        "nothing was bound"
    );
    Wallet::claim(&anonymous, &flagged).await?;
    assert_eq!(admin.pass(flagged.pass_id).await?["state"], "claimed");

    let events = hits(&admin).await?;
    let stages: Vec<(Option<Uuid>, &Value, &Value)> = events
        .iter()
        .map(|e| (e.pass_id, &e.details["stage"], &e.details["refused"]))
        .collect();
    assert_eq!(
        stages,
        vec![
            (Some(blocked.pass_id), &json!("claim"), &json!(true)),
            (Some(flagged.pass_id), &json!("claim"), &json!(false)),
        ]
    );
    Ok(())
}

async fn a_watchlisted_holder_is_held_at_the_gate_with_an_alarm(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let issued: IssuedPass = serde_json::from_value(
        issue_to(&admin, "Eve", "eve@example.com")
            .await?
            .expect(201)?,
    )?;
    let wallet = Wallet::claim(&server.anonymous(), &issued).await?;
    let (device, mut gate) = connected_gate(&server, &admin, "North gate", None).await?;
    let entry = add_entry(
        &officer,
        json!({"email": "eve@example.com", "reason": "former contractor", "mode": "flag"}),
    )
    .await?;

    let challenge = gate.challenge(&wallet.code_now()).await?;
    let response = wallet.answer(&challenge)?;
    let held = gate.answer(&challenge, &response).await?;
    assert_response_denied(&held, &challenge, DenyReason::SeeStaff, false);
    // A resend gets the stored outcome: still held, never admitted.
    let again = gate.answer(&challenge, &response).await?;
    assert_eq!(again.outcome, Outcome::Denied);
    assert_eq!(again.reason, Some(DenyReason::SeeStaff));
    assert!(again.replayed);
    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 0, "no use counted");

    let events = hits(&admin).await?;
    let [hit] = events.as_slice() else {
        anyhow::bail!("expected one watchlist_hit, got {events:?}");
    };
    assert_eq!(hit.severity, "high");
    assert_eq!(hit.gate_id, Some(device.gate_id));
    assert_eq!(hit.pass_id, Some(issued.pass_id));
    assert_eq!(hit.details["stage"], "gate");
    assert_eq!(hit.details["entry_id"], entry["id"]);
    assert_eq!(hit.details["scan_id"], json!(challenge.scan_id));
    let alarms = officer.get("/v1/alarms?state=open").await?.expect(200)?;
    let alarm = alarms["alarms"]
        .as_array()
        .and_then(|all| all.iter().find(|a| a["alarm"] == "watchlist_hit"))
        .context("an open watchlist_hit alarm")?;
    assert_eq!(alarm["event"]["gate_id"], json!(device.gate_id));

    // Off the list, the same wallet is admitted at once (this replica forgot its copy).
    let id = entry["id"].as_str().context("id")?;
    officer.delete(&format!("/v1/watchlist/{id}")).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    Ok(())
}

async fn only_security_and_admins_read_and_change_the_list(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    for (who, client) in [("auditor", &auditor), ("issuer", &issuer)] {
        assert_eq!(client.get("/v1/watchlist").await?.status, 403, "{who}");
        let refused = client
            .post(
                "/v1/watchlist",
                &json!({"name": "X", "reason": "r", "mode": "flag"}),
            )
            .await?;
        assert_eq!(refused.status, 403, "{who}");
    }
    let entry = add_entry(
        &admin,
        json!({"name": "Mallory Smith", "email": "mallory@example.com", "reason": "trespass", "mode": "flag"}),
    )
    .await?;
    assert_eq!(entry["added_by"], "bootstrap admin");
    let id = entry["id"].as_str().context("id")?.to_owned();
    let changed = officer
        .put(
            &format!("/v1/watchlist/{id}"),
            &json!({"email": "mallory@example.com", "reason": "trespass, renewed", "mode": "block",
                    "expires_at": "2099-06-01T00:00:00Z"}),
        )
        .await?
        .expect(200)?;
    assert_eq!(changed["mode"], "block");
    assert_eq!(changed["name"], Value::Null);
    assert_eq!(changed["added_by"], "bootstrap admin");
    assert_eq!(changed["expires_at"], "2099-06-01T00:00:00Z");
    for (client, status) in [(&auditor, 403), (&issuer, 403)] {
        let refused = client.delete(&format!("/v1/watchlist/{id}")).await?;
        assert_eq!(refused.status, status);
    }
    let listed = officer.get("/v1/watchlist").await?.expect(200)?;
    assert_eq!(listed["entries"].as_array().map(Vec::len), Some(1));
    assert_eq!(listed["entries"][0]["active"], true);

    // Bad input: a clear error, nothing changed.
    for body in [
        json!({"reason": "no identifier", "mode": "flag"}),
        json!({"name": "X", "reason": "", "mode": "flag"}),
        json!({"name": "X", "reason": "r", "mode": "ban"}),
        json!({"name": "X", "reason": "r", "mode": "flag", "expires_at": "2001-01-01T00:00:00Z"}),
        json!({"name": "two\nlines", "reason": "r", "mode": "flag"}),
        json!({"name": "X", "reason": "r", "mode": "flag", "colour": "red"}),
    ] {
        let refused = officer.post("/v1/watchlist", &body).await?;
        assert_eq!(refused.status, 400, "{body}: {}", refused.body);
    }
    let refused = officer
        .post(
            "/v1/watchlist",
            &json!({"email": "not an address", "reason": "r", "mode": "flag"}),
        )
        .await?;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert_eq!(refused.json()?["error"]["field"], "email");
    assert_eq!(
        officer
            .delete(&format!("/v1/watchlist/{}", Uuid::new_v4()))
            .await?
            .status,
        404
    );
    assert_eq!(officer.delete("/v1/watchlist/nope").await?.status, 404);

    officer.delete(&format!("/v1/watchlist/{id}")).await?;
    let listed = officer.get("/v1/watchlist").await?.expect(200)?;
    assert_eq!(listed["entries"], json!([]));

    // Every change is audited, naming which identifiers the entry holds, never their values.
    for (kind, identifiers) in [
        ("watchlist_entry_added", json!(["name", "email"])),
        ("watchlist_entry_changed", json!(["email"])),
        ("watchlist_entry_removed", json!(["email"])),
    ] {
        let events = admin.audit(&format!("kind={kind}")).await?;
        let [event] = events.as_slice() else {
            anyhow::bail!("expected one {kind}, got {events:?}");
        };
        assert_eq!(event.details["identifiers"], identifiers, "{kind}");
        assert_eq!(event.details["entry_id"], json!(id));
        let text = event.details.to_string();
        ensure!(
            !text.contains("mallory") && !text.contains("trespass"),
            "{kind}: {text}"
        );
    }
    Ok(())
}

/// The watchlist is in the organisation's data export (`GET /v1/export`, admin only), with
/// gates, zones, passes, webhooks and roll calls, and no secret is.
async fn the_organisation_export_holds_the_list_and_no_secret(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let entry = add_entry(
        &officer,
        json!({"external_ref": "EMP-4471", "reason": "badge not returned", "mode": "flag"}),
    )
    .await?;
    let gate = admin.create_gate("North gate", None).await?;
    let pass = admin
        .issue_pass(&PassSpec {
            label: "Ada Lovelace".into(),
            ..PassSpec::default()
        })
        .await?;
    officer
        .post("/v1/roll-calls", &json!({}))
        .await?
        .expect(201)?;
    assert_eq!(officer.get("/v1/export").await?.status, 403, "security");
    let reply = admin.get("/v1/export").await?;
    let text = reply.body.clone();
    let export = reply.expect(200)?;
    let entries = export["watchlist"].as_array().context("watchlist")?;
    ensure!(
        entries.len() == 1
            && entries[0]["id"] == entry["id"]
            && entries[0]["reason"] == "badge not returned",
        "the export's watchlist: {entries:?}"
    );
    ensure!(
        export["gates"]
            .as_array()
            .is_some_and(|gates| gates.iter().any(|g| g["id"] == gate.gate_id.to_string())),
        "the export's gates: {}",
        export["gates"]
    );
    ensure!(
        export["passes"].as_array().is_some_and(|passes| passes
            .iter()
            .any(|p| p["pass_id"] == pass.pass_id.to_string())),
        "the export's passes: {}",
        export["passes"]
    );
    ensure!(
        export["roll_calls"].as_array().map(Vec::len) == Some(1),
        "the export's roll calls: {}",
        export["roll_calls"]
    );
    for secret in [
        pass.claim_token.as_str(),
        gate.device_token.as_str(),
        "claim_token",
        "device_token",
        "secret",
    ] {
        ensure!(!text.contains(secret), "the export holds {secret:?}");
    }
    Ok(())
}

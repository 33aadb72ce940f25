//! Issue 32, section 4: personal data on request (GDPR Articles 15 and 17) and by retention.
//! An export holds a person's passes, visits, walk-ins, messages and audit events; an
//! erasure leaves no personal value anywhere (every text column of every table, the
//! webhook outbox and the message queue are searched for each erased string) while the
//! admissions and alarms keep their meaning and the audit log stays append-only for
//! everything else; retention erases each class after its period; only admins may do it.

use std::time::{Duration, Instant};

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_tests::api::{ApiClient, IssuedPass, PassSpec};
use tessera_tests::db::execute_as_owner;
use tessera_tests::fixtures::{admit, connected_gate};
use tessera_tests::gate::WalkIn;
use tessera_tests::wallet::Wallet;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    an_export_holds_everything_and_an_erasure_leaves_no_personal_value_anywhere,
    a_watchlist_entry_in_force_is_kept_visibly_and_an_expired_one_is_erased,
    retention_erases_each_class_after_its_period,
    only_admins_export_and_erase,
);

const NAME: &str = "Ada Lovelace";
const EMAIL: &str = "ada.lovelace@example.com";
const REFERENCE: &str = "ADA-1815";
const NOTE: &str = "Visiting the analytical engine lab";

/// A local port nothing listens on: webhook deliveries to it stay in the outbox.
fn unused_port() -> Result<u16> {
    let probe = std::net::TcpListener::bind("127.0.0.1:0")?;
    Ok(probe.local_addr()?.port())
}

/// Ada's pass from a bulk upload (a reference), mailed to her address, claimed, admitted;
/// and a walk-in under her name with a note, approved by a host. Returns the pass.
async fn ada_visits(server: &TestServer, admin: &ApiClient) -> Result<IssuedPass> {
    let csv = format!(
        "label,valid_until,external_ref,email\n{NAME},2099-01-01T00:00:00Z,{REFERENCE},{EMAIL}\n"
    );
    let reply = admin.post_typed("/v1/passes/bulk", "text/csv", csv).await?;
    ensure!(reply.status == 200, "bulk: {}", reply.body);
    let rows = tessera_tests::csv::parse(&reply.body)?;
    let row = rows.get(1).context("a row")?;
    ensure!(row[2] == "201", "{row:?}");
    let pass_id: uuid::Uuid = row[3].parse()?;
    let claim_url = &row[4];
    let token = claim_url
        .split("t=")
        .nth(1)
        .context("a claim token in the link")?
        .to_owned();
    let issued = IssuedPass {
        pass_id,
        claim_token: token,
        claim_url: claim_url.clone(),
        state: "issued".into(),
    };
    let wallet = Wallet::claim(&server.anonymous(), &issued).await?;
    let (_, mut gate) = connected_gate(server, admin, "North gate", None).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    let host = admin.create_host("R. Iyer", Some("12B")).await?;
    let waiting = gate
        .walk_in_status(&WalkIn::new(NAME, host.key_id, Some(NOTE)))
        .await?;
    server
        .client(&host.api_key)
        .post(
            &format!("/v1/walk-ins/{}/approve", waiting.walk_in_id),
            &json!({}),
        )
        .await?
        .expect(200)?;
    Ok(issued)
}

async fn an_export_holds_everything_and_an_erasure_leaves_no_personal_value_anywhere(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_WEBHOOK_ALLOW", "127.0.0.1")
        .start()
        .await?;
    let admin = server.admin();
    admin
        .post(
            "/v1/webhooks",
            &json!({"url": format!("http://127.0.0.1:{}/hook", unused_port()?)}),
        )
        .await?
        .expect(201)?;
    let issued = ada_visits(&server, &admin).await?;
    let db = server.db();

    // Article 15: everything, by any of her identifiers.
    let export = admin
        .post(
            "/v1/personal-data/export",
            &json!({"email": EMAIL, "name": NAME}),
        )
        .await?
        .expect(200)?;
    assert_eq!(
        export["passes"].as_array().map(Vec::len),
        Some(1),
        "{export}"
    );
    assert_eq!(export["passes"][0]["label"], NAME);
    assert_eq!(export["passes"][0]["external_ref"], REFERENCE);
    assert_eq!(export["visits"][0]["outcome"], "admitted");
    assert_eq!(export["walk_ins"][0]["visitor_name"], NAME);
    assert_eq!(export["walk_ins"][0]["note"], NOTE);
    assert_eq!(export["messages"][0]["to"], EMAIL);
    let kinds: Vec<&str> = export["audit"]
        .as_array()
        .context("audit")?
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    for kind in [
        "pass_issued",
        "message_queued",
        "claim",
        "response",
        "walk_in_requested",
        "walk_in_approved",
    ] {
        ensure!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    // The webhook outbox holds her name (the walk-in event) before the erasure.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !db
        .places_holding(NAME)
        .await?
        .iter()
        .any(|place| place.starts_with("webhook_deliveries.body"))
    {
        ensure!(
            Instant::now() < deadline,
            "no delivery queued: {:?}",
            db.places_holding(NAME).await?
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let admissions_before = admin.audit("kind=response").await?.len();

    // Article 17.
    let report = admin
        .post(
            "/v1/personal-data/erase",
            &json!({"email": EMAIL, "name": NAME, "external_ref": REFERENCE}),
        )
        .await?
        .expect(200)?;
    assert_eq!(
        report["classes"],
        json!(["name", "email", "external_ref", "notes"])
    );
    assert_eq!(report["passes"], 1);
    assert_eq!(report["walk_ins"], 1);
    ensure!(report["audit_events"].as_u64() >= Some(3), "{report}");
    ensure!(report["webhook_deliveries"].as_u64() >= Some(1), "{report}");
    let pseudonym = report["pseudonym"].as_str().context("pseudonym")?;

    for needle in [NAME, EMAIL, REFERENCE, NOTE] {
        let places = db.places_holding(needle).await?;
        ensure!(places.is_empty(), "{needle:?} is still in {places:?}");
    }
    // The pass, its admission and the log keep their meaning, under the pseudonym.
    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(pass["label"], format!("Erased person {pseudonym}"));
    assert_eq!(pass["uses"], 1);
    assert_eq!(pass["admissions"].as_array().map(Vec::len), Some(1));
    assert_eq!(admin.audit("kind=response").await?.len(), admissions_before);
    let erased = admin.audit("kind=personal_data_erased").await?;
    let [event] = erased.as_slice() else {
        anyhow::bail!("expected one personal_data_erased, got {erased:?}");
    };
    assert_eq!(event.details["cause"], "request");
    assert_eq!(event.details["erasure_id"], report["erasure_id"]);
    assert_eq!(event.details["pseudonym"], pseudonym);
    db.hot_rows_are_consistent().await?;

    // The audit log is still append-only for anything but a recorded erasure.
    for sql in [
        "UPDATE audit_events SET details = '{}' WHERE kind = 'response'",
        "UPDATE audit_events SET kind = 'scan' WHERE erasure_id IS NOT NULL",
    ] {
        let refused = execute_as_owner(server.database(), sql).await;
        ensure!(refused.is_err(), "{sql} was allowed: {refused:?}");
    }
    // An export now finds only the pseudonym.
    let again = admin
        .post(
            "/v1/personal-data/export",
            &json!({"pass_ids": [issued.pass_id]}),
        )
        .await?
        .expect(200)?;
    let text = again.to_string();
    for needle in [NAME, EMAIL, REFERENCE, NOTE] {
        ensure!(!text.contains(needle), "{needle} in {text}");
    }
    Ok(())
}

async fn retention_erases_each_class_after_its_period(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_RETENTION_INTERVAL_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let expired: IssuedPass = serde_json::from_value(
        admin
            .post(
                "/v1/passes",
                &PassSpec {
                    label: NAME.to_owned(),
                    ..PassSpec::default()
                }
                .to_json_with(&json!({"email": EMAIL})),
            )
            .await?
            .expect(201)?,
    )?;
    let current: IssuedPass = serde_json::from_value(
        admin
            .post(
                "/v1/passes",
                &PassSpec {
                    label: "Grace Hopper".to_owned(),
                    ..PassSpec::default()
                }
                .to_json_with(&json!({"email": "grace@example.com"})),
            )
            .await?
            .expect(201)?,
    )?;
    // The first pass ended three days ago (as if issued long ago).
    let three_days_ago = i64::try_from(tessera_tests::clock::unix_now())? * 1000 - 3 * 86_400_000;
    let sql = format!(
        "UPDATE passes SET valid_from_ms = {}, valid_until_ms = {three_days_ago} \
         WHERE label = '{NAME}'",
        three_days_ago - 86_400_000
    );
    ensure!(execute_as_owner(server.database(), &sql).await? == 1);

    let days = admin
        .put(
            "/v1/personal-data/retention",
            &json!({"email": 2, "name": 5}),
        )
        .await?
        .expect(200)?;
    assert_eq!(days, json!({"email": 2, "name": 5}));
    assert_eq!(
        admin
            .get("/v1/personal-data/retention")
            .await?
            .expect(200)?,
        days
    );
    let db = server.db();
    let deadline = Instant::now() + Duration::from_secs(20);
    while !db.places_holding(EMAIL).await?.is_empty() {
        ensure!(
            Instant::now() < deadline,
            "the address outlived its period: {:?}",
            db.places_holding(EMAIL).await?
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Only the class past its period: the name (5 days) stays, as does the current pass.
    let pass = admin.pass(expired.pass_id).await?;
    assert_eq!(pass["label"], NAME);
    ensure!(!db.places_holding("grace@example.com").await?.is_empty());
    let erased = admin.audit("kind=personal_data_erased").await?;
    let [event] = erased.as_slice() else {
        anyhow::bail!("expected one erasure, got {erased:?}");
    };
    assert_eq!(event.details["cause"], "retention");
    assert_eq!(event.details["classes"], json!(["email"]));
    assert_eq!(event.pass_id, None);
    // Once per class: later passes erase nothing more.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(admin.audit("kind=personal_data_erased").await?.len(), 1);
    let _ = current;
    db.hot_rows_are_consistent().await?;

    for body in [
        json!({"email": 0}),
        json!({"name": 3651}),
        json!({"phone": 3}),
    ] {
        let refused = admin.put("/v1/personal-data/retention", &body).await?;
        assert_eq!(refused.status, 400, "{body}: {}", refused.body);
    }
    Ok(())
}

async fn only_admins_export_and_erase(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let security = admin.create_key("security", "Grace").await?;
    let security = server.client(security["api_key"].as_str().context("key")?);
    for role in ["auditor", "issuer"] {
        let client = server.client(&admin.create_api_key(role).await?);
        for (path, status) in [
            ("/v1/personal-data/export", 403),
            ("/v1/personal-data/erase", 403),
        ] {
            let reply = client.post(path, &json!({"name": NAME})).await?;
            assert_eq!(reply.status, status, "{role} {path}");
        }
    }
    for path in ["/v1/personal-data/export", "/v1/personal-data/erase"] {
        let reply = security.post(path, &json!({"name": NAME})).await?;
        assert_eq!(reply.status, 403, "security {path}");
    }
    for body in [
        json!({}),
        json!({"name": "  "}),
        json!({"colour": "red"}),
        json!({"name": NAME, "classes": []}),
        json!({"name": NAME, "classes": ["phone"]}),
    ] {
        let reply = admin.post("/v1/personal-data/erase", &body).await?;
        assert_eq!(reply.status, 400, "{body}: {}", reply.body);
    }
    let nobody = admin
        .post("/v1/personal-data/export", &json!({"name": "Nobody Here"}))
        .await?
        .expect(200)?;
    assert_eq!(nobody["passes"], Value::Array(Vec::new()));
    Ok(())
}

/// Issue 50, item 6: a visitor also on the watchlist. The export shows the entries that name
/// them; an erasure keeps the one in force (the venue's legitimate interest in its ban),
/// says so in its answer and its event, typed, and rewrites the expired one like
/// everything else. The kept ban still holds; an unrelated entry is untouched.
async fn a_watchlist_entry_in_force_is_kept_visibly_and_an_expired_one_is_erased(
    backend: Backend,
) -> Result<()> {
    const BAN: &str = "Threatened the box office staff";
    const OLD: &str = "Complained loudly in 2019";
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issued: IssuedPass = serde_json::from_value(
        admin
            .post(
                "/v1/passes",
                &PassSpec {
                    label: NAME.to_owned(),
                    ..PassSpec::default()
                }
                .to_json_with(&json!({"email": EMAIL})),
            )
            .await?
            .expect(201)?,
    )?;
    let ban = admin
        .post(
            "/v1/watchlist",
            &json!({"name": NAME, "email": EMAIL, "reason": BAN, "mode": "block"}),
        )
        .await?
        .expect(201)?;
    let old = admin
        .post(
            "/v1/watchlist",
            &json!({"name": "Lovelace, Ada", "external_ref": REFERENCE, "reason": OLD, "mode": "flag"}),
        )
        .await?
        .expect(201)?;
    let other = admin
        .post(
            "/v1/watchlist",
            &json!({"name": "Mallory Smith", "reason": "trespass order", "mode": "block"}),
        )
        .await?
        .expect(201)?;
    // The old entry ran out years ago.
    ensure!(
        execute_as_owner(
            server.database(),
            &format!("UPDATE watchlist SET expires_at_ms = 1000 WHERE reason = '{OLD}'"),
        )
        .await?
            == 1
    );
    let id = |entry: &Value| entry["id"].as_str().unwrap_or_default().to_owned();

    // Article 15: the export shows both entries that name her, and what an erasure does.
    let export = admin
        .post(
            "/v1/personal-data/export",
            &json!({"pass_ids": [issued.pass_id]}),
        )
        .await?
        .expect(200)?;
    let listed = export["watchlist"].as_array().context("watchlist")?;
    assert_eq!(listed.len(), 2, "{export}");
    let ban_data = listed
        .iter()
        .find(|entry| entry["id"] == ban["id"])
        .context("the ban in the export")?;
    assert_eq!(ban_data["email"], EMAIL);
    assert_eq!(ban_data["name"], NAME);
    assert_eq!(ban_data["reason"], BAN);
    assert_eq!(ban_data["mode"], "block");
    assert_eq!(ban_data["matched_by"], "email");
    assert_eq!(ban_data["kept_on_erasure"], "legitimate_interest");
    let old_data = listed
        .iter()
        .find(|entry| entry["id"] == old["id"])
        .context("the expired entry in the export")?;
    assert_eq!(old_data["matched_by"], "name", "{old_data}");
    assert_eq!(old_data["kept_on_erasure"], Value::Null);
    let exported = admin.audit("kind=personal_data_exported").await?;
    assert_eq!(exported[0].details["watchlist_entries"], 2);

    // Article 17: the ban is kept, and the answer says which and why.
    let report = admin
        .post("/v1/personal-data/erase", &json!({"email": EMAIL}))
        .await?
        .expect(200)?;
    assert_eq!(
        report["kept"],
        json!([{
            "watchlist_entry_id": id(&ban),
            "mode": "block",
            "matched_by": "email",
            "because": "legitimate_interest",
        }]),
        "{report}"
    );
    assert_eq!(report["watchlist_entries"], 1, "{report}");
    let pseudonym = report["pseudonym"].as_str().context("pseudonym")?;
    let erased = admin.audit("kind=personal_data_erased").await?;
    assert_eq!(erased[0].details["kept"], report["kept"]);
    assert_eq!(erased[0].details["watchlist_entries"], 1);

    // Her name and address are now held by the ban alone; the expired entry holds nothing
    // of her, not even its reason.
    let db = server.db();
    assert_eq!(
        db.places_holding(EMAIL).await?,
        ["watchlist.email (1 rows)"]
    );
    assert_eq!(db.places_holding(NAME).await?, ["watchlist.name (1 rows)"]);
    for needle in [OLD, REFERENCE, "Lovelace, Ada"] {
        let places = db.places_holding(needle).await?;
        ensure!(places.is_empty(), "{needle:?} is still in {places:?}");
    }
    let entries = admin.get("/v1/watchlist").await?.expect(200)?;
    let entries = entries["entries"].as_array().context("entries")?;
    let find = |wanted: &Value| {
        entries
            .iter()
            .find(|entry| entry["id"] == wanted["id"])
            .cloned()
            .unwrap_or_default()
    };
    assert_eq!(find(&ban)["email"], EMAIL);
    assert_eq!(find(&ban)["reason"], BAN);
    assert_eq!(find(&old)["name"], format!("Erased person {pseudonym}"));
    assert_eq!(find(&old)["external_ref"], format!("erased-{pseudonym}-0"));
    assert_eq!(
        find(&other)["name"],
        "Mallory Smith",
        "another person's entry"
    );

    // The kept ban still keeps her out.
    let refused = admin
        .post(
            "/v1/passes",
            &PassSpec {
                label: "A. L.".to_owned(),
                ..PassSpec::default()
            }
            .to_json_with(&json!({"email": EMAIL})),
        )
        .await?;
    assert_eq!(refused.status, 409, "{}", refused.body);
    db.hot_rows_are_consistent().await?;
    Ok(())
}

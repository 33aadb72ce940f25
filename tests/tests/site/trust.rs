//! The on-site node's trust boundary (issue 50): what a node's token can do, tried by a
//! hostile holder of one against the real central server over HTTP, on both backends.
//!
//! - a node's sync-up is taken only for the kinds a node makes, for its own site's gates
//!   and passes, timed inside a lease it held; everything else is refused, counted, and
//!   recorded as a `site_node_fault` alarm, and what is taken says `origin_node_id`;
//! - the node's key is fixed at enrolment: a lease asked for with another key is refused;
//! - a reclaimed lease is not granted again to the same node without an admin's resume,
//!   and an admission shipped after the reclaim does not use the pass;
//! - an admin rotates a node's token (the old one gets 401) and revokes a node (its token
//!   gets 401, its lease ends), through the API and through `tessera-server nodes`.

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_protocol::encoding::base64url;
use tessera_tests::api::{ApiClient, PassSpec};
use tessera_tests::{fixtures, Backend, TestServer};
use uuid::Uuid;

const SITE: &str = "arena";

fn now_ms() -> i64 {
    tessera_domain::now_ms()
}

fn random_key() -> String {
    base64url(&rand::random::<[u8; 32]>())
}

fn nonce() -> String {
    base64url(&rand::random::<[u8; 32]>())
}

/// One event as a node ships it.
fn event(
    id: i64,
    at_ms: i64,
    kind: &str,
    severity: &str,
    gate: Option<Uuid>,
    pass: Option<Uuid>,
    details: Value,
) -> Value {
    json!({
        "id": id, "at_ms": at_ms, "kind": kind, "severity": severity,
        "gate_id": gate, "pass_id": pass, "details": details.to_string(),
    })
}

fn admitted(id: i64, at_ms: i64, gate: Uuid, pass: Uuid) -> Value {
    event(
        id,
        at_ms,
        "response",
        "info",
        Some(gate),
        Some(pass),
        json!({ "scan_id": Uuid::new_v4(), "outcome": "admitted", "counter": 7 }),
    )
}

fn admission(at_ms: i64, gate: Uuid, pass: Uuid) -> Value {
    json!({
        "nonce": nonce(), "pass_id": pass, "gate_id": gate, "scan_id": Uuid::new_v4(),
        "counter": 7, "outcome": "admitted", "decided_at_ms": at_ms,
    })
}

async fn enrol(admin: &ApiClient, label: &str, key: &str) -> Result<(Uuid, String)> {
    let enrolled = admin
        .post(
            "/v1/nodes",
            &json!({ "site": SITE, "label": label, "public_key": key }),
        )
        .await?
        .expect(201)?;
    let id = enrolled["node_id"].as_str().context("node_id")?.parse()?;
    let token = enrolled["token"].as_str().context("token")?.to_owned();
    Ok((id, token))
}

async fn node_state(admin: &ApiClient, node: Uuid) -> Result<Value> {
    let nodes = admin.get("/v1/nodes").await?.expect(200)?;
    nodes["nodes"]
        .as_array()
        .and_then(|nodes| {
            nodes
                .iter()
                .find(|view| view["node_id"] == node.to_string())
                .cloned()
        })
        .context("the node is listed")
}

#[track_caller]
fn no_content(reply: tessera_tests::api::Reply) -> Result<()> {
    ensure!(reply.status == 204, "expected 204: {reply:?}");
    Ok(())
}

async fn faults(admin: &ApiClient) -> Result<Vec<Value>> {
    Ok(admin
        .audit("kind=site_node_fault")
        .await?
        .into_iter()
        .map(|event| event.details)
        .collect())
}

pub(crate) async fn a_stolen_node_token_cannot_forge_or_keep_the_site(
    backend: Backend,
) -> Result<()> {
    let central = TestServer::builder(backend)
        .env("TESSERA_CHALLENGE_LIFETIME_S", "1")
        .start()
        .await?;
    let admin = central.admin();
    let org_id = central.org().org_id;
    let (pass, _) = fixtures::claimed_pass(
        &admin,
        &PassSpec {
            site: Some(SITE.to_owned()),
            ..PassSpec::default()
        },
    )
    .await?;
    let pass_id = pass.pass_id;
    let gate = admin
        .create_gate("East turnstile", Some(SITE))
        .await?
        .gate_id;
    let elsewhere = admin
        .create_gate("Box office", Some("theatre"))
        .await?
        .gate_id;
    // Another organisation's pass, for a forged event that names it.
    let other_org = central.init_org("Rival venue").await?;
    let other_admin = central.client(&other_org.admin_key);
    let foreign_pass = other_admin
        .issue_pass(&PassSpec {
            site: Some(SITE.to_owned()),
            ..PassSpec::default()
        })
        .await?
        .pass_id;

    let key = random_key();
    let (node_id, token) = enrol(&admin, "Arena PC", &key).await?;
    let node = central.client(&token);

    // 1. With no lease at all: a back-dated admin key, a made-up alarm about another
    //    organisation's pass, an admission. Nothing is written; one fault alarm is.
    let forged = json!({
        "events": [
            event(1, now_ms() - 86_400_000, "api_key_created", "info", None, None,
                  json!({ "key_id": Uuid::new_v4(), "role": "admin" })),
            event(2, now_ms(), "made_up_kind", "high", None, Some(foreign_pass), json!({ "any": 1 })),
            admitted(3, now_ms(), gate, pass_id),
        ],
        "admissions": [admission(now_ms(), gate, pass_id)],
    });
    let answer = node.post("/v1/node/events", &forged).await?.expect(200)?;
    ensure!(
        answer["events"] == 0 && answer["admissions"] == 0 && answer["refused"] == 4,
        "nothing forged is written without a lease: {answer}"
    );
    ensure!(
        admin
            .audit("kind=api_key_created")
            .await?
            .iter()
            .all(|e| e.origin_node_id.is_none()),
        "no node's api_key_created reaches the log"
    );
    ensure!(
        other_admin
            .audit("")
            .await?
            .iter()
            .all(|e| e.kind != "made_up_kind"),
        "no made-up kind reaches the other organisation's log"
    );
    ensure!(
        admin.pass(pass_id).await?["uses"] == 0,
        "the pass is unused"
    );
    let recorded = faults(&admin).await?;
    ensure!(
        recorded.len() == 1
            && recorded[0]["node_id"] == node_id.to_string()
            && recorded[0]["refused"] == 4
            && recorded[0]["reasons"]["foreign_kind"] == 2
            && recorded[0]["reasons"]["outside_lease"] == 2,
        "one fault event counts the refusals by reason: {recorded:?}"
    );
    let alarms = admin.get("/v1/alarms").await?.expect(200)?;
    ensure!(
        alarms["alarms"].as_array().is_some_and(|alarms| alarms
            .iter()
            .any(|alarm| alarm["alarm"] == "site_node_fault")),
        "the fault is an alarm: {alarms}"
    );

    // 2. The key is fixed at enrolment: another one gets no lease.
    let refused = node
        .post("/v1/node/lease", &json!({ "public_key": random_key() }))
        .await?;
    ensure!(
        refused.status == 409 && refused.json()?["error"]["code"] == "node_key_changed",
        "a lease for another key is refused: {refused:?}"
    );
    let lease = node
        .post("/v1/node/lease", &json!({ "public_key": key }))
        .await?
        .expect(200)?;
    let valid_from = lease["lease"]["valid_from_ms"]
        .as_i64()
        .context("valid_from_ms")?;
    tokio::time::sleep(std::time::Duration::from_millis(
        u64::try_from((valid_from - now_ms()).max(0))? + 50,
    ))
    .await;

    // 3. Under the lease: its own decisions are taken and marked; a foreign gate, a forged
    //    severity and a gate revocation are not.
    let at = now_ms();
    let batch = json!({
        "events": [
            admitted(10, at, gate, pass_id),
            admitted(11, at, elsewhere, pass_id),
            event(12, at, "gate_connected", "high", Some(gate), None,
                  json!({ "socket_id": Uuid::new_v4(), "replica_id": Uuid::new_v4() })),
            event(13, at, "gate_revoked", "info", Some(gate), None, json!({ "by_key_id": Uuid::new_v4() })),
        ],
        "admissions": [admission(at, gate, pass_id)],
    });
    let answer = node.post("/v1/node/events", &batch).await?.expect(200)?;
    ensure!(
        answer["events"] == 1 && answer["admissions"] == 1 && answer["refused"] == 3,
        "only the node's own decision is taken: {answer}"
    );
    let shipped: Vec<_> = admin
        .audit(&format!("kind=response&pass_id={pass_id}"))
        .await?;
    ensure!(
        shipped.len() == 1 && shipped[0].origin_node_id == Some(node_id),
        "the shipped answer says which node shipped it: {shipped:?}"
    );
    ensure!(admin.pass(pass_id).await?["uses"] == 1, "one use");

    // 4. Reclaimed: no new lease without an admin, and nothing decided afterwards counts.
    let spare = admin
        .issue_pass(&PassSpec {
            site: Some(SITE.to_owned()),
            ..PassSpec::default()
        })
        .await?
        .pass_id;
    admin
        .delete(&format!("/v1/nodes/{node_id}/lease"))
        .await
        .and_then(no_content)?;
    ensure!(node_state(&admin, node_id).await?["state"] == "reclaimed");
    let again = node
        .post("/v1/node/lease", &json!({ "public_key": key }))
        .await?;
    ensure!(
        again.status == 409 && again.json()?["error"]["code"] == "lease_reclaimed",
        "a reclaimed node gets no lease on its own: {again:?}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(
        u64::try_from(tessera_domain::sites::CLOCK_DRIFT_MS)? + 100,
    ))
    .await;
    let late = json!({ "events": [], "admissions": [admission(now_ms(), gate, spare)] });
    let answer = node.post("/v1/node/events", &late).await?.expect(200)?;
    ensure!(
        answer["admissions"] == 0 && answer["refused"] == 1,
        "an admission after the reclaim is refused: {answer}"
    );
    ensure!(admin.pass(spare).await?["uses"] == 0, "and uses nothing");
    admin
        .post_empty(&format!("/v1/nodes/{node_id}/resume"))
        .await
        .and_then(no_content)?;
    node.post("/v1/node/lease", &json!({ "public_key": key }))
        .await?
        .expect(200)?;

    // 5. A new token: the old one is dead at once.
    let rotated = admin
        .post_empty(&format!("/v1/nodes/{node_id}/rotate"))
        .await?
        .expect(200)?;
    let new_token = rotated["token"].as_str().context("token")?.to_owned();
    ensure!(new_token != token);
    let old = node
        .post("/v1/node/lease", &json!({ "public_key": key }))
        .await?;
    ensure!(old.status == 401, "the old token is refused: {old:?}");
    let node = central.client(&new_token);
    node.post("/v1/node/lease", &json!({ "public_key": key }))
        .await?
        .expect(200)?;

    // 6. Revoked: the token is dead and the lease gone (the central server decides again).
    admin
        .post_empty(&format!("/v1/nodes/{node_id}/revoke"))
        .await
        .and_then(no_content)?;
    let dead = node
        .post("/v1/node/lease", &json!({ "public_key": key }))
        .await?;
    ensure!(
        dead.status == 401,
        "a revoked node's token is refused: {dead:?}"
    );
    let view = node_state(&admin, node_id).await?;
    ensure!(
        view["state"] == "revoked" && view["lease"].is_null() && view["revoked_at"].is_string(),
        "{view}"
    );
    ensure!(
        admin.audit("kind=site_node_revoked").await?.len() == 1,
        "the revocation is audited"
    );
    // A second revocation finds no node to revoke.
    admin
        .post_empty(&format!("/v1/nodes/{node_id}/revoke"))
        .await
        .and_then(|reply| {
            ensure!(reply.status == 404, "{reply:?}");
            Ok(())
        })?;

    // 7. The operator's command line does the same without a key.
    let (second, second_token) = enrol(&admin, "Spare PC", &random_key()).await?;
    let org = org_id.to_string();
    let second_text = second.to_string();
    let printed = central
        .run(&["nodes", "rotate", "--org", &org, "--node", &second_text])
        .await?;
    let printed: Value = serde_json::from_str(printed.trim())?;
    let cli_token = printed["token"].as_str().context("token")?.to_owned();
    let stale = central
        .client(&second_token)
        .get("/v1/node/changes")
        .await?;
    ensure!(stale.status == 401, "the rotated-away token: {stale:?}");
    central
        .run(&["nodes", "revoke", "--org", &org, "--node", &second_text])
        .await?;
    let revoked = central.client(&cli_token).get("/v1/node/changes").await?;
    ensure!(
        revoked.status == 401,
        "revoked from the command line: {revoked:?}"
    );
    let listed = central.run(&["nodes", "list", "--org", &org]).await?;
    ensure!(
        listed.lines().count() == 2 && !listed.contains(&cli_token),
        "two nodes listed, no token printed: {listed}"
    );
    Ok(())
}

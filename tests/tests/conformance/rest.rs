//! Issue 3: enrollment, keys, roles, tenancy and every REST status of PROTOCOL.md §3, §9, §10.
//!
//! These are the promises an issuer's or auditor's script relies on: the same wallet and
//! server keys on both sides of a claim, 401/403/404 exactly where the spec puts them, a
//! claim that binds once and answers retries, no oracle between a wrong token and an unknown
//! pass, and structured 4xx errors instead of 500s for whatever a client sends.

use std::time::Duration;

use anyhow::{ensure, Context, Result};
use rand::rngs::OsRng;
use serde_json::{json, Value};
use tessera_protocol::{PassKeys, PublicKey, SecretKey};
use tessera_tests::api::PassSpec;
use tessera_tests::clock::{parse_rfc3339, unix_now, STEP_S};
use tessera_tests::fixtures::altered;
use tessera_tests::wallet::Wallet;
use tessera_tests::{
    assert_client_error, assert_error_reply, assert_event, both_backends, count_events,
    postgres_only, sqlite_only, Backend, TestServer,
};
use uuid::Uuid;

both_backends!(
    enrollment_derives_the_same_keys_on_both_sides,
    missing_or_bad_credentials_get_401,
    wrong_roles_get_403,
    another_tenants_pass_is_404,
    malformed_requests_get_4xx_json_errors,
    oversized_bodies_get_413,
    claim_retry_with_the_same_key_returns_the_same_answer,
    claim_with_another_key_is_409_and_audited_high,
    wrong_token_and_unknown_pass_get_identical_404s,
    claim_rejects_low_order_and_malformed_keys_after_the_token,
    revoked_pass_cannot_be_claimed_and_revoking_twice_is_fine,
    gate_device_token_cannot_call_rest,
    concurrent_claims_bind_exactly_one_key,
    health_and_readiness_answer_on_a_current_schema,
);
postgres_only!(serve_on_a_schema_behind_is_not_ready_until_migrate);
sqlite_only!(serve_bootstraps_an_empty_sqlite_database_once);

async fn enrollment_derives_the_same_keys_on_both_sides(backend: Backend) -> Result<()> {
    let public_url = "https://tickets.example.test";
    let server = TestServer::builder(backend)
        .env("TESSERA_PUBLIC_URL", public_url)
        .start()
        .await?;
    let issuer = server.client(&server.admin().create_api_key("issuer").await?);

    let valid_until = tessera_tests::clock::now() + time::Duration::days(2);
    let spec = PassSpec {
        label: "Grace Hopper".to_owned(),
        valid_until,
        ..PassSpec::default()
    };
    let issued = issuer.issue_pass(&spec).await?;
    assert_eq!(issued.state, "issued");
    assert_eq!(
        issued.claim_url,
        format!(
            "{public_url}/claim#p={}&t={}",
            issued.pass_id, issued.claim_token
        ),
        "the claim secret travels in the fragment, exactly as the API returned it"
    );
    let token_bytes = data_len_base64url(&issued.claim_token);
    assert!(
        token_bytes >= 32,
        "claim_token must carry at least 32 random bytes, has {token_bytes}"
    );
    // Every credential carries at least 32 random bytes: at least 43 characters in any
    // text encoding.
    let gate = server.admin().create_gate("north door", None).await?;
    for (what, secret) in [
        ("admin key", server.org().admin_key.as_str()),
        ("claim token", issued.claim_token.as_str()),
        ("device token", gate.device_token.as_str()),
    ] {
        assert!(
            secret.len() >= 43,
            "{what} is too short to hold 32 random bytes"
        );
    }
    let before = issuer.pass(issued.pass_id).await?;
    for field in [
        "pass_id",
        "label",
        "state",
        "valid_from",
        "valid_until",
        "max_uses",
        "uses",
        "server_kid",
        "created_at",
        "admissions",
    ] {
        assert!(
            before.get(field).is_some(),
            "GET /v1/passes/{{id}} lacks {field}: {before}"
        );
    }
    assert_eq!(before["state"], "issued");
    assert_eq!(before["uses"], 0);
    assert_eq!(before["max_uses"], 1);

    let wallet_secret = SecretKey::generate(&mut OsRng);
    let wallet_public = wallet_secret.public_key();
    let wallet = Wallet::claim_with(&server.anonymous(), &issued, wallet_secret).await?;
    let claim = &wallet.claim;
    assert_eq!(claim.pass_id, issued.pass_id);
    assert_eq!(claim.label, "Grace Hopper");
    assert_eq!(claim.period_s, 15);
    assert_eq!(claim.digits, 8);
    assert_eq!(claim.algorithm, "SHA256");
    assert_eq!(
        parse_rfc3339(&claim.valid_until)?.unix_timestamp(),
        valid_until.unix_timestamp()
    );
    ensure!(
        parse_rfc3339(&claim.valid_from)? <= tessera_tests::clock::now(),
        "valid_from defaults to the issue time: {}",
        claim.valid_from
    );

    // The server side, from the key file the claim named.
    let server_secret = server.server_secret(&claim.server_kid)?;
    assert_eq!(
        server_secret.public_key().to_base64url(),
        claim.server_public_key,
        "server_public_key must be the public half of <key_dir>/<server_kid>.key"
    );
    let server_keys = PassKeys::for_server(&server_secret, &wallet_public, wallet.pass)
        .map_err(|e| anyhow::anyhow!("server-side derivation: {e}"))?;
    assert_eq!(
        server_keys.code_key.as_bytes(),
        wallet.keys.code_key.as_bytes(),
        "code_key differs between wallet and server"
    );
    assert_eq!(
        server_keys.response_key.as_bytes(),
        wallet.keys.response_key.as_bytes(),
        "response_key differs between wallet and server"
    );
    let now = unix_now();
    assert_eq!(
        server_keys
            .code_key
            .code_at(wallet.pass, now, STEP_S)
            .to_string(),
        wallet.code_now(),
        "the rotating code differs between wallet and server"
    );

    // The server stores W, never the derived keys.
    let stored = server.db().wallet_public_key(issued.pass_id).await?;
    assert_eq!(stored.as_deref(), Some(&wallet_public.as_bytes()[..]));
    let after = issuer.pass(issued.pass_id).await?;
    assert_eq!(after["state"], "claimed");
    assert_eq!(after["server_kid"], claim.server_kid.as_str());
    assert!(after["claimed_at"].is_string(), "claimed_at in {after}");

    let events = server
        .admin()
        .audit(&format!("pass_id={}", issued.pass_id))
        .await?;
    assert_event(&events, "pass_issued", "info", None);
    assert_event(&events, "claim", "info", None);
    Ok(())
}

/// The number of bytes an unpadded base64url string encodes.
fn data_len_base64url(text: &str) -> usize {
    text.len() * 6 / 8
}

/// Every authenticated route, with a body good enough to pass validation.
fn authenticated_routes(pass: Uuid) -> Vec<(&'static str, String, Option<Value>)> {
    vec![
        (
            "POST",
            "/v1/passes".to_owned(),
            Some(PassSpec::default().to_json()),
        ),
        ("GET", format!("/v1/passes/{pass}"), None),
        ("POST", format!("/v1/passes/{pass}/revoke"), None),
        (
            "POST",
            "/v1/gates".to_owned(),
            Some(json!({"label": "north door"})),
        ),
        (
            "POST",
            "/v1/api-keys".to_owned(),
            Some(json!({"role": "issuer", "label": "x"})),
        ),
        ("GET", "/v1/audit".to_owned(), None),
    ]
}

async fn call(
    client: &tessera_tests::ApiClient,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<tessera_tests::Reply> {
    match (method, body) {
        ("GET", _) => client.get(path).await,
        (_, Some(body)) => client.post(path, body).await,
        (_, None) => client.post_empty(path).await,
    }
}

async fn missing_or_bad_credentials_get_401(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let random_key = tessera_protocol::encoding::base64url(Uuid::new_v4().as_bytes());
    let clients = [
        ("no credential", server.anonymous()),
        ("a malformed key", server.client("not a key")),
        ("an unknown well-formed key", server.client(&random_key)),
        // A real key, altered in its last character.
        (
            "an altered key",
            server.client(&altered(&server.org().admin_key)),
        ),
    ];
    for (what, client) in &clients {
        for (method, path, body) in authenticated_routes(issued.pass_id) {
            let reply = call(client, method, &path, body.as_ref()).await?;
            assert_eq!(
                reply.status, 401,
                "{method} {path} with {what}: {}",
                reply.body
            );
            assert_error_reply(&reply, 401, "unauthorized");
        }
    }
    let pass = server.admin().pass(issued.pass_id).await?;
    assert_eq!(
        pass["state"], "issued",
        "an unauthenticated revoke must do nothing"
    );
    Ok(())
}

async fn wrong_roles_get_403(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let issued = issuer.issue_pass(&PassSpec::default()).await?;

    let forbidden: Vec<(&str, &tessera_tests::ApiClient, &str, String, Option<Value>)> = vec![
        (
            "auditor",
            &auditor,
            "POST",
            "/v1/passes".to_owned(),
            Some(PassSpec::default().to_json()),
        ),
        (
            "auditor",
            &auditor,
            "POST",
            format!("/v1/passes/{}/revoke", issued.pass_id),
            None,
        ),
        (
            "auditor",
            &auditor,
            "POST",
            "/v1/gates".to_owned(),
            Some(json!({"label": "g"})),
        ),
        (
            "auditor",
            &auditor,
            "POST",
            "/v1/api-keys".to_owned(),
            Some(json!({"role": "issuer", "label": "x"})),
        ),
        (
            "issuer",
            &issuer,
            "POST",
            "/v1/gates".to_owned(),
            Some(json!({"label": "g"})),
        ),
        (
            "issuer",
            &issuer,
            "POST",
            "/v1/api-keys".to_owned(),
            Some(json!({"role": "auditor", "label": "x"})),
        ),
        ("issuer", &issuer, "GET", "/v1/audit".to_owned(), None),
    ];
    for (role, client, method, path, body) in &forbidden {
        let reply = call(client, method, path, body.as_ref()).await?;
        assert_eq!(reply.status, 403, "{role} {method} {path}: {}", reply.body);
        assert_error_reply(&reply, 403, "forbidden");
    }

    // What each role may do.
    auditor.pass(issued.pass_id).await?;
    issuer.pass(issued.pass_id).await?;
    auditor.audit_page("limit=1").await?;
    admin.audit_page("limit=1").await?;
    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(
        pass["state"], "issued",
        "a forbidden revoke must do nothing"
    );
    Ok(())
}

async fn another_tenants_pass_is_404(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let org_b = server.init_org("Org B").await?;
    let admin_b = server.client(&org_b.admin_key);
    let auditor_b = server.client(&admin_b.create_api_key("auditor").await?);
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;

    for client in [&admin_b, &auditor_b] {
        let reply = client
            .get(&format!("/v1/passes/{}", issued.pass_id))
            .await?;
        assert_error_reply(&reply, 404, "not_found");
    }
    let reply = admin_b.revoke(issued.pass_id).await?;
    assert_error_reply(&reply, 404, "not_found");
    let unknown = admin_b
        .get(&format!("/v1/passes/{}", Uuid::new_v4()))
        .await?;
    assert_error_reply(&unknown, 404, "not_found");
    assert_eq!(
        reply.body, unknown.body,
        "another tenant's pass must look exactly like a pass that does not exist"
    );

    let pass = server.admin().pass(issued.pass_id).await?;
    assert_eq!(
        pass["state"], "issued",
        "another tenant's revoke must do nothing"
    );
    let seen_by_b = admin_b
        .audit(&format!("pass_id={}", issued.pass_id))
        .await?;
    assert!(
        seen_by_b.is_empty(),
        "org B sees org A's audit: {seen_by_b:?}"
    );
    let all_b = admin_b.audit("").await?;
    for event in &all_b {
        assert_eq!(
            event.org_id,
            Some(org_b.org_id),
            "org B's audit holds {event:?}"
        );
    }
    Ok(())
}

async fn malformed_requests_get_4xx_json_errors(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    let pass = issued.pass_id.to_string();
    let good_key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let until = PassSpec::default().to_json()["valid_until"].clone();

    let cases: Vec<(&str, String)> = vec![
        // not JSON at all, or cut short
        ("/v1/passes", "{\"label\":".to_owned()),
        ("/v1/passes", "label=x".to_owned()),
        ("/v1/passes", String::new()),
        ("/v1/passes", "[]".to_owned()),
        // missing fields
        ("/v1/passes", json!({"label": "x"}).to_string()),
        ("/v1/passes", json!({"valid_until": until}).to_string()),
        // wrong types and values
        ("/v1/passes", json!({"label": 7, "valid_until": until}).to_string()),
        ("/v1/passes", json!({"label": "x", "valid_until": "tomorrow"}).to_string()),
        ("/v1/passes", json!({"label": "x", "valid_until": until, "max_uses": "two"}).to_string()),
        ("/v1/passes", json!({"label": "x", "valid_until": until, "max_uses": -1}).to_string()),
        ("/v1/passes", json!({"label": "x", "valid_until": until, "valid_from": 12}).to_string()),
        // instants no answer could show as RFC 3339 in UTC (years -1 and 10000)
        ("/v1/passes", json!({"label": "x", "valid_until": until, "valid_from": "0000-01-01T00:00:00+23:59"}).to_string()),
        ("/v1/passes", json!({"label": "x", "valid_until": "9999-12-31T23:59:59-23:59"}).to_string()),
        ("/v1/claims", "{".to_owned()),
        ("/v1/claims", json!({"pass_id": pass, "wallet_public_key": good_key}).to_string()),
        ("/v1/claims", json!({"pass_id": 5, "claim_token": issued.claim_token, "wallet_public_key": good_key}).to_string()),
        ("/v1/claims", json!({"pass_id": "not-a-uuid", "claim_token": issued.claim_token, "wallet_public_key": good_key}).to_string()),
        ("/v1/gates", "nope".to_owned()),
        ("/v1/gates", json!({}).to_string()),
        ("/v1/gates", json!({"label": ["x"]}).to_string()),
        ("/v1/api-keys", json!({"label": "x"}).to_string()),
        ("/v1/api-keys", json!({"role": "superuser", "label": "x"}).to_string()),
        ("/v1/api-keys", json!({"role": "admin ", "label": "x"}).to_string()),
        ("/v1/api-keys", json!({"role": true, "label": "x"}).to_string()),
    ];
    for (path, body) in cases {
        let reply = admin.post_raw(path, body.clone()).await?;
        assert!(
            (400..500).contains(&reply.status),
            "POST {path} {body:?} → {} {}",
            reply.status,
            reply.body
        );
        assert_client_error(&reply);
    }

    let queries = [
        "limit=0",
        "limit=1001",
        "limit=ten",
        "since=yesterday",
        "pass_id=xyz",
        // a NUL byte reached PostgreSQL as a text parameter (503)
        "kind=%00",
        "kind=Response",
    ];
    for query in queries {
        let reply = admin.get(&format!("/v1/audit?{query}")).await?;
        assert!(
            (400..500).contains(&reply.status),
            "GET /v1/audit?{query} → {} {}",
            reply.status,
            reply.body
        );
        assert_client_error(&reply);
    }
    let reply = admin.get("/v1/passes/not-a-uuid").await?;
    assert_client_error(&reply);

    // Nothing above may have claimed the pass.
    assert_eq!(admin.pass(issued.pass_id).await?["state"], "issued");
    Ok(())
}

async fn oversized_bodies_get_413(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let mut spec = PassSpec::default().to_json();
    spec["label"] = json!("x".repeat(70 * 1024));
    for path in ["/v1/passes", "/v1/claims", "/v1/gates", "/v1/api-keys"] {
        let reply = admin.post_raw(path, spec.to_string()).await?;
        assert_error_reply(&reply, 413, "payload_too_large");
    }
    Ok(())
}

async fn claim_retry_with_the_same_key_returns_the_same_answer(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let anonymous = server.anonymous();
    let pass = issued.pass_id.to_string();
    let first = anonymous.claim(&pass, &issued.claim_token, &key).await?;
    let second = anonymous.claim(&pass, &issued.claim_token, &key).await?;
    let first_body = first.expect(200)?;
    assert_eq!(
        issued.claim_url,
        format!(
            "{}/claim#p={}&t={}",
            server.url(""),
            issued.pass_id,
            issued.claim_token
        ),
        "the public URL defaults to http://<listen address>"
    );
    let second_body = second.expect(200)?;
    assert_eq!(
        first_body, second_body,
        "a retried claim must get the same answer"
    );
    let stored = server.db().wallet_public_key(issued.pass_id).await?;
    assert_eq!(
        stored.as_deref(),
        Some(
            &PublicKey::from_base64url(&key)
                .map_err(anyhow::Error::msg)?
                .as_bytes()[..]
        )
    );
    let events = server
        .admin()
        .audit(&format!("pass_id={}", issued.pass_id))
        .await?;
    assert_eq!(
        count_events(&events, "claim_conflict", None),
        0,
        "a retry is no conflict"
    );
    Ok(())
}

async fn claim_with_another_key_is_409_and_audited_high(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let wallet = Wallet::claim(&server.anonymous(), &issued).await?;
    let thief = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let reply = server
        .anonymous()
        .claim(&issued.pass_id.to_string(), &issued.claim_token, &thief)
        .await?;
    assert_error_reply(&reply, 409, "already_claimed");
    let stored = server.db().wallet_public_key(issued.pass_id).await?;
    assert_eq!(
        stored.as_deref(),
        Some(&wallet.secret.public_key().as_bytes()[..]),
        "the first binding must stay"
    );
    let events = server
        .admin()
        .audit(&format!("pass_id={}", issued.pass_id))
        .await?;
    assert_event(&events, "claim_conflict", "high", None);
    Ok(())
}

async fn wrong_token_and_unknown_pass_get_identical_404s(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_AUDIT_AGGREGATE_S", "1")
        .start()
        .await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let anonymous = server.anonymous();
    let guessed_token = tessera_protocol::encoding::base64url(&[7u8; 32]);

    let wrong_token = anonymous
        .claim(&issued.pass_id.to_string(), &guessed_token, &key)
        .await?;
    let unknown_pass = anonymous
        .claim(&Uuid::new_v4().to_string(), &issued.claim_token, &key)
        .await?;
    assert_error_reply(&wrong_token, 404, "invalid_claim");
    assert_error_reply(&unknown_pass, 404, "invalid_claim");
    assert_eq!(
        wrong_token.body, unknown_pass.body,
        "a wrong token and an unknown pass must be indistinguishable"
    );

    // Rejected claims are audited in aggregate per source, tenant and window (issue 12):
    // the wrong token for this tenant's pass shows in its log once the window closes; the
    // unknown pass has no tenant.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    let event = loop {
        let events = server.admin().audit("kind=claim_rejected").await?;
        if let Some(event) = events.into_iter().next() {
            break event;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "no aggregated claim_rejected event 10 s after the refused claim"
        );
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    };
    assert_eq!(event.severity, "warning");
    assert_eq!(event.details["count"], 1, "{:?}", event.details);
    assert_eq!(event.details["sample_reason"], "invalid_claim");
    // A wrong guess must not burn the pass for its rightful wallet.
    Wallet::claim(&anonymous, &issued).await?;
    Ok(())
}

async fn claim_rejects_low_order_and_malformed_keys_after_the_token(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let anonymous = server.anonymous();
    let pass = issued.pass_id.to_string();
    let zero = PublicKey::from_bytes([0u8; 32]).to_base64url();
    let mut one = [0u8; 32];
    one[0] = 1;
    let order_one = PublicKey::from_bytes(one).to_base64url();
    let bad_keys = [
        zero.clone(),
        order_one,
        "abc".to_owned(),
        format!("{zero}="),
        tessera_protocol::encoding::base64url(&[9u8; 31]),
        tessera_protocol::encoding::base64url(&[9u8; 33]),
    ];
    for key in &bad_keys {
        let reply = anonymous.claim(&pass, &issued.claim_token, key).await?;
        assert_eq!(reply.status, 400, "wallet key {key:?}: {}", reply.body);
        assert_error_reply(&reply, 400, "invalid_public_key");
    }
    // The token is checked first: a wrong token with a bad key is still the 404.
    let guessed = tessera_protocol::encoding::base64url(&[1u8; 32]);
    let reply = anonymous.claim(&pass, &guessed, &zero).await?;
    assert_error_reply(&reply, 404, "invalid_claim");

    assert_eq!(server.db().wallet_public_key(issued.pass_id).await?, None);
    Wallet::claim(&anonymous, &issued).await?;
    Ok(())
}

async fn revoked_pass_cannot_be_claimed_and_revoking_twice_is_fine(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    for attempt in 1..=2 {
        let reply = admin.revoke(issued.pass_id).await?;
        let body = reply
            .expect(200)
            .with_context(|| format!("revoke #{attempt}"))?;
        assert_eq!(body["state"], "revoked");
        assert_eq!(body["pass_id"], issued.pass_id.to_string());
    }
    let key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let reply = server
        .anonymous()
        .claim(&issued.pass_id.to_string(), &issued.claim_token, &key)
        .await?;
    assert_error_reply(&reply, 409, "revoked");
    assert_eq!(admin.pass(issued.pass_id).await?["state"], "revoked");
    assert_eq!(server.db().pass_state(issued.pass_id).await?, "revoked");
    assert_eq!(server.db().wallet_public_key(issued.pass_id).await?, None);
    let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
    assert!(
        count_events(&events, "pass_revoked", None) >= 1,
        "no pass_revoked event:\n{}",
        tessera_tests::describe(&events)
    );
    Ok(())
}

async fn gate_device_token_cannot_call_rest(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let gate = server.admin().create_gate("north door", None).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let device = server.client(&gate.device_token);
    for (method, path, body) in authenticated_routes(issued.pass_id) {
        let reply = call(&device, method, &path, body.as_ref()).await?;
        assert_eq!(
            reply.status, 401,
            "{method} {path} with a device token: {}",
            reply.body
        );
        assert_error_reply(&reply, 401, "unauthorized");
    }
    Ok(())
}

async fn concurrent_claims_bind_exactly_one_key(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let start = std::sync::Arc::new(tokio::sync::Barrier::new(16));
    let mut tasks = Vec::new();
    for _ in 0..16 {
        let client = server.anonymous();
        let issued = issued.clone();
        let start = std::sync::Arc::clone(&start);
        tasks.push(tokio::spawn(async move {
            let key = SecretKey::generate(&mut OsRng).public_key();
            start.wait().await;
            let reply = client
                .claim(
                    &issued.pass_id.to_string(),
                    &issued.claim_token,
                    &key.to_base64url(),
                )
                .await;
            (key, reply)
        }));
    }
    let mut winners = Vec::new();
    let mut conflicts = 0;
    for task in tasks {
        let (key, reply) = task.await?;
        let reply = reply?;
        match reply.status {
            200 => winners.push(key),
            409 => {
                assert_error_reply(&reply, 409, "already_claimed");
                conflicts += 1;
            }
            other => panic!("a concurrent claim got {other}: {}", reply.body),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one claim must bind");
    assert_eq!(conflicts, 15);
    let stored = server.db().wallet_public_key(issued.pass_id).await?;
    assert_eq!(stored.as_deref(), Some(&winners[0].as_bytes()[..]));
    let events = server
        .admin()
        .audit(&format!("pass_id={}", issued.pass_id))
        .await?;
    assert_eq!(
        count_events(&events, "claim", None),
        1,
        "{}",
        tessera_tests::describe(&events)
    );
    assert_eq!(count_events(&events, "claim_conflict", None), 15);
    Ok(())
}

async fn health_and_readiness_answer_on_a_current_schema(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    assert_eq!(server.anonymous().get("/healthz").await?.status, 200);
    assert_eq!(server.anonymous().get("/readyz").await?.status, 200);
    Ok(())
}

async fn serve_on_a_schema_behind_is_not_ready_until_migrate(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend).without_setup().start().await?;
    let anonymous = server.anonymous();
    assert_eq!(
        anonymous.get("/healthz").await?.status,
        200,
        "alive even when behind"
    );
    let behind = anonymous.get("/readyz").await?;
    assert_eq!(
        behind.status, 503,
        "ready on an unmigrated schema: {}",
        behind.body
    );
    assert!(
        server.bootstrap_org.is_none(),
        "serve must never guess on PostgreSQL"
    );

    server.migrate().await?;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let reply = anonymous.get("/readyz").await?;
        if reply.status == 200 {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "/readyz still {} 15 s after migrate: {}",
            reply.status,
            reply.body
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let org = server.init_org("Late Org").await?;
    server
        .client(&org.admin_key)
        .issue_pass(&PassSpec::default())
        .await?;
    Ok(())
}

async fn serve_bootstraps_an_empty_sqlite_database_once(backend: Backend) -> Result<()> {
    let mut server = TestServer::builder(backend).without_setup().start().await?;
    let org = server
        .bootstrap_org
        .clone()
        .context("serve on an empty SQLite database must print the first org's admin key")?;
    assert_eq!(server.anonymous().get("/readyz").await?.status, 200);
    let admin = server.client(&org.admin_key);
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    server.restart().await?;
    assert!(
        server.bootstrap_org.is_none(),
        "a second serve must not make another organisation"
    );
    assert_eq!(
        admin_after_restart(&server, &org.admin_key, issued.pass_id).await?,
        "issued"
    );
    Ok(())
}

async fn admin_after_restart(server: &TestServer, key: &str, pass: Uuid) -> Result<String> {
    let body = server.client(key).pass(pass).await?;
    Ok(body["state"].as_str().unwrap_or_default().to_owned())
}

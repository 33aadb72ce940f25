//! Every REST route and the gate WebSocket upgrade refuse a missing, malformed, forged or
//! misplaced credential, and another tenant's objects are invisible (404, empty audit,
//! `unknown_pass`/`unknown_nonce` at the gate).
//!
//! Why every route, every credential shape: one handler that forgets its extractor, parses
//! the body before authenticating, or accepts a gate token where an API key belongs is a
//! hole; the table below makes that omission fail by name.

use anyhow::Result;
use reqwest::Method;
use serde_json::json;
use tessera_protocol::messages::DenyReason;
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{altered, claimed_pass, connected_gate};
use tessera_tests::gate::upgrade_status;
use tessera_tests::{assert_error_reply, both_backends, result, Backend, TestServer};

use crate::common::raw_call;

both_backends!(
    every_route_refuses_missing_forged_and_misplaced_credentials,
    another_tenant_sees_nothing_and_changes_nothing,
);

/// Each authenticated route with a body that would be valid.
fn routes(pass: &str) -> Vec<(Method, String, Option<serde_json::Value>)> {
    vec![
        (
            Method::POST,
            "/v1/passes".into(),
            Some(json!({"label": "x", "valid_until": "2099-01-01T00:00:00Z"})),
        ),
        (Method::GET, format!("/v1/passes/{pass}"), None),
        (Method::POST, format!("/v1/passes/{pass}/revoke"), None),
        (
            Method::POST,
            "/v1/gates".into(),
            Some(json!({"label": "x"})),
        ),
        (
            Method::POST,
            "/v1/api-keys".into(),
            Some(json!({"role": "issuer", "label": "x"})),
        ),
        (Method::GET, "/v1/audit".into(), None),
        (Method::GET, "/v1/audit?limit=5".into(), None),
    ]
}

async fn every_route_refuses_missing_forged_and_misplaced_credentials(
    backend: Backend,
) -> Result<()> {
    // Every route times every credential shape, from one source: far past the default
    // budget of failures per source, which `abuse_limits.rs` tests on its own.
    let server = TestServer::builder(backend)
        .env("TESSERA_AUTH_FAILURES_PER_MIN", "100000")
        .start()
        .await?;
    let admin = server.admin();
    let (issued, _) = claimed_pass(&admin, &PassSpec::default()).await?;
    let device = admin.create_gate("door", None).await?;
    let key = &server.org().admin_key;
    let forged = altered(key);
    let shapes: Vec<(&str, Option<String>)> = vec![
        ("no header", None),
        ("empty bearer", Some("Bearer ".to_owned())),
        ("bearer without space", Some(format!("Bearer{key}"))),
        ("basic scheme", Some(format!("Basic {key}"))),
        ("forged key", Some(format!("Bearer {forged}"))),
        ("key with suffix", Some(format!("Bearer {key}x"))),
        (
            "key prefix",
            Some(format!("Bearer {}", &key[..key.len() / 2])),
        ),
        ("two keys", Some(format!("Bearer {key} {key}"))),
        (
            "gate token as API key",
            Some(format!("Bearer {}", device.device_token)),
        ),
        ("NUL padding", Some(format!("Bearer {key}\u{0}"))),
    ];
    let mut checked = 0;
    for (method, path, body) in routes(&issued.pass_id.to_string()) {
        for (what, header) in &shapes {
            let reply = match raw_call(
                &server,
                method.clone(),
                &path,
                header.as_deref(),
                body.as_ref(),
            )
            .await
            {
                Ok(reply) => reply,
                // A header value reqwest refuses to send (NUL) cannot reach the server.
                Err(_) if what.contains("NUL") => continue,
                Err(e) => return Err(e),
            };
            assert_eq!(
                reply.status, 401,
                "{method} {path} with {what}: {}",
                reply.body
            );
            assert_error_reply(&reply, 401, "unauthorized");
            checked += 1;
        }
        // Authentication comes before the body is even read: garbage is still 401.
        let reply = server.anonymous().post_raw(&path, "{not json").await?;
        if method == Method::POST {
            assert_error_reply(&reply, 401, "unauthorized");
        }
    }
    // Wrong role: 403 on every route the role may not use.
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let forbidden = [
        (&auditor, Method::POST, "/v1/passes".to_owned()),
        (
            &auditor,
            Method::POST,
            format!("/v1/passes/{}/revoke", issued.pass_id),
        ),
        (&auditor, Method::POST, "/v1/gates".to_owned()),
        (&auditor, Method::POST, "/v1/api-keys".to_owned()),
        (&issuer, Method::POST, "/v1/gates".to_owned()),
        (&issuer, Method::POST, "/v1/api-keys".to_owned()),
        (&issuer, Method::GET, "/v1/audit".to_owned()),
    ];
    for (client, method, path) in forbidden {
        let body = routes(&issued.pass_id.to_string())
            .into_iter()
            .find(|(m, p, _)| *m == method && *p == path)
            .and_then(|(_, _, b)| b)
            .unwrap_or(json!({}));
        let reply = if method == Method::GET {
            client.get(&path).await?
        } else {
            client.post(&path, &body).await?
        };
        assert_error_reply(&reply, 403, "forbidden");
        checked += 1;
    }
    // Nothing changed: the pass is still claimed.
    assert_eq!(server.db().pass_state(issued.pass_id).await?, "claimed");

    // The WebSocket upgrade: 401 before any upgrade for every bad credential.
    let ws = server.gate_ws_url();
    for token in [
        None,
        Some(String::new()),
        Some(altered(&device.device_token)),
        Some(key.clone()),
        Some(format!("{}x", device.device_token)),
    ] {
        let status = upgrade_status(&ws, token.as_deref()).await?;
        assert_eq!(status, Some(401), "upgrade with {token:?}");
        checked += 1;
    }
    assert_eq!(upgrade_status(&ws, Some(&device.device_token)).await?, None);
    println!("hostile auth ({backend}): {checked} refused calls, all 401/403 with the error shape");
    Ok(())
}

async fn another_tenant_sees_nothing_and_changes_nothing(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin_a = server.admin();
    let org_b = server.init_org("Org B").await?;
    let admin_b = server.client(&org_b.admin_key);
    let (issued, wallet) = claimed_pass(&admin_a, &PassSpec::default()).await?;
    let (device_a, mut gate_a) = connected_gate(&server, &admin_a, "A door", None).await?;
    let (_, mut gate_b) = connected_gate(&server, &admin_b, "B door", None).await?;

    let pass = issued.pass_id;
    let reply = admin_b.get(&format!("/v1/passes/{pass}")).await?;
    assert_error_reply(&reply, 404, "not_found");
    let reply = admin_b
        .post_empty(&format!("/v1/passes/{pass}/revoke"))
        .await?;
    assert_error_reply(&reply, 404, "not_found");
    assert_eq!(
        server.db().pass_state(pass).await?,
        "claimed",
        "B revoked A's pass"
    );
    for query in [
        format!("pass_id={pass}"),
        format!("gate_id={}", device_a.gate_id),
        String::new(),
    ] {
        let events = admin_b.audit(&query).await?;
        assert!(
            events.iter().all(|e| e.org_id == Some(org_b.org_id)),
            "B's audit with ?{query} shows another tenant's events: {events:?}"
        );
        assert!(
            events
                .iter()
                .all(|e| e.pass_id != Some(pass) && e.gate_id != Some(device_a.gate_id)),
            "B's audit with ?{query} names A's pass or gate"
        );
    }
    // B's gate: A's pass does not exist, A's nonce does not exist.
    let code = wallet.code_now();
    let (scan_id, answer) = gate_b.scan(&code).await?;
    let denied = result(answer);
    assert_eq!(denied.reason, Some(DenyReason::UnknownPass), "{denied:?}");
    assert_eq!(denied.scan_id, scan_id);
    assert!(
        denied.pass.is_none(),
        "the label leaked to another tenant: {denied:?}"
    );
    let challenge = gate_a.challenge(&code).await?;
    let answer = wallet.answer(&challenge)?;
    let stolen = result(
        gate_b
            .respond(challenge.scan_id, &challenge.nonce.to_string(), &answer)
            .await?,
    );
    assert_eq!(stolen.reason, Some(DenyReason::UnknownNonce), "{stolen:?}");
    assert!(stolen.pass.is_none(), "{stolen:?}");
    assert_eq!(server.db().redemption_count(pass).await?, 0);
    // A's own gate is unaffected.
    let admitted = gate_a.answer(&challenge, &answer).await?;
    tessera_tests::assert_admitted(&admitted, &challenge, false);
    assert_eq!(server.db().pass_uses(pass).await?, 1);
    Ok(())
}

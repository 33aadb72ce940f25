//! Issue 14 additions (`docs/protocol.md`, "Browser gates"): pairing a gate by a one-time
//! link, the pairing cookie on the gate WebSocket with its `Origin` check, re-pairing and
//! revocation closing sockets, and `first_gate_label` on `already_admitted`.

use anyhow::{Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::Outcome;
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::{connect_with, upgrade_status, Closed, Gate};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    a_pairing_link_works_once_and_the_cookie_opens_the_gate_socket_from_its_own_origin,
    re_pairing_and_revoking_close_the_old_sockets,
    already_admitted_names_the_first_gate_by_label,
    a_new_link_cancels_the_older_ones_and_only_the_gate_page_pairs,
);

/// Creates a pairing link for `gate_id` and returns its secret (the fragment's `pair=`).
async fn pairing_secret(server: &TestServer, gate_id: uuid::Uuid) -> Result<String> {
    let made = server
        .admin()
        .post(&format!("/v1/gates/{gate_id}/pairing"), &json!({}))
        .await?
        .expect(201)?;
    let url = made["pairing_url"].as_str().context("pairing_url")?;
    assert!(
        url.starts_with(&server.url("/gate#pair=")),
        "the secret sits in the fragment: {url}"
    );
    assert!(
        made["expires_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{made}"
    );
    Ok(url.split_once("#pair=").context("fragment")?.1.to_owned())
}

/// Pairs with `secret` and returns the `Cookie` header value the browser would send.
async fn pair(server: &TestServer, secret: &str) -> Result<(u16, Option<String>, Value)> {
    pair_from(server, secret, Some(&server.url(""))).await
}

/// Pairs with `secret` from a page of `origin` (none: no `Origin` header).
async fn pair_from(
    server: &TestServer,
    secret: &str,
    origin: Option<&str>,
) -> Result<(u16, Option<String>, Value)> {
    let mut request = reqwest::Client::new()
        .post(server.url("/v1/gates/pair"))
        .json(&json!({ "pairing_secret": secret }));
    if let Some(origin) = origin {
        request = request.header(reqwest::header::ORIGIN, origin);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let body: Value = response.json().await.unwrap_or(Value::Null);
    Ok((status, cookie, body))
}

fn cookie_pair(set_cookie: &str) -> String {
    set_cookie
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_owned()
}

async fn a_pairing_link_works_once_and_the_cookie_opens_the_gate_socket_from_its_own_origin(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let device = admin.create_gate("North entrance", Some("north")).await?;
    // Only an admin pairs, and only its own organisation's gates.
    let issuer = admin
        .post(
            "/v1/api-keys",
            &json!({ "role": "issuer", "label": "desk" }),
        )
        .await?
        .expect(201)?;
    let issuer = server.client(issuer["api_key"].as_str().context("api_key")?);
    let refused = issuer
        .post(&format!("/v1/gates/{}/pairing", device.gate_id), &json!({}))
        .await?;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let unknown = admin
        .post(
            &format!("/v1/gates/{}/pairing", uuid::Uuid::now_v7()),
            &json!({}),
        )
        .await?;
    assert_eq!(unknown.status, 404, "{}", unknown.body);

    let secret = pairing_secret(&server, device.gate_id).await?;
    let (status, set_cookie, body) = pair(&server, &secret).await?;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["label"], "North entrance", "{body}");
    assert_eq!(body["site"], "north", "{body}");
    let set_cookie = set_cookie.context("pairing sets the credential cookie")?;
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] {
        assert!(
            set_cookie.contains(attribute),
            "{set_cookie} lacks {attribute}"
        );
    }
    let cookie = cookie_pair(&set_cookie);

    // Single use: the same link again, or a made-up one, is refused alike.
    for attempt in [secret.as_str(), "not-a-pairing-secret"] {
        let (status, again, body) = pair(&server, attempt).await?;
        assert_eq!(status, 404, "{body}");
        assert_eq!(body["error"]["code"], "invalid_pairing", "{body}");
        assert!(again.is_none(), "a refused pairing set a cookie");
    }

    // The browser learns it is paired without reading the HttpOnly cookie.
    let http = reqwest::Client::new();
    let me: Value = http
        .get(server.url("/v1/gate/me"))
        .header("Cookie", &cookie)
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(me["gate_id"], device.gate_id.to_string(), "{me}");
    let anonymous = http.get(server.url("/v1/gate/me")).send().await?;
    assert_eq!(anonymous.status(), 401);

    // The cookie opens the gate socket from the server's own origin only.
    let origin = server.url("");
    let gate = Gate::connect_browser(&server.gate_ws_url(), &cookie, &origin).await?;
    assert_eq!(gate.welcome.gate_id, device.gate_id);
    for headers in [
        vec![
            ("Cookie", cookie.clone()),
            ("Origin", "https://evil.example".to_owned()),
        ],
        vec![("Cookie", cookie.clone())],
    ] {
        match connect_with(&server.gate_ws_url(), &headers).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
                assert_eq!(response.status().as_u16(), 403, "{headers:?}");
            }
            other => anyhow::bail!("a cross-origin cookie upgrade was not refused: {other:?}"),
        }
    }
    // The pairing rotated the credential: the token made with the gate no longer works.
    assert_eq!(
        upgrade_status(&server.gate_ws_url(), Some(&device.device_token)).await?,
        Some(401)
    );
    for kind in ["gate_pairing_created", "gate_paired"] {
        assert_eq!(server.db().audit_kind_count(kind).await?, 1, "{kind}");
    }
    Ok(())
}

async fn re_pairing_and_revoking_close_the_old_sockets(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let device = admin.create_gate("South", None).await?;
    let origin = server.url("");

    // A native gate, then a re-pairing: its socket closes, its token stops working.
    let mut native = Gate::connect(&server.gate_ws_url(), &device.device_token).await?;
    let (_, first, _) = pair(&server, &pairing_secret(&server, device.gate_id).await?).await?;
    let first = cookie_pair(&first.context("cookie")?);
    assert_eq!(native.closed().await?, Closed::Code(1008.into()));
    let mut tablet = Gate::connect_browser(&server.gate_ws_url(), &first, &origin).await?;

    // Re-pairing moves the gate to a new tablet and cuts the old one off.
    let (_, second, _) = pair(&server, &pairing_secret(&server, device.gate_id).await?).await?;
    let second = cookie_pair(&second.context("cookie")?);
    assert_eq!(tablet.closed().await?, Closed::Code(1008.into()));
    let mut new_tablet = Gate::connect_browser(&server.gate_ws_url(), &second, &origin).await?;

    // Revocation closes the socket and refuses every credential of the gate.
    let revoked = admin
        .post(&format!("/v1/gates/{}/revoke", device.gate_id), &json!({}))
        .await?
        .expect(200)?;
    assert_eq!(revoked["gate_id"], device.gate_id.to_string(), "{revoked}");
    assert_eq!(new_tablet.closed().await?, Closed::Code(1008.into()));
    let again = connect_with(
        &server.gate_ws_url(),
        &[("Cookie", second.clone()), ("Origin", origin.clone())],
    )
    .await;
    assert!(
        matches!(&again, Err(tokio_tungstenite::tungstenite::Error::Http(r)) if r.status() == 401),
        "a revoked gate's cookie opened a socket: {again:?}"
    );
    let pairing = admin
        .post(&format!("/v1/gates/{}/pairing", device.gate_id), &json!({}))
        .await?;
    assert_eq!(pairing.status, 404, "a revoked gate cannot be paired again");
    let twice = admin
        .post(&format!("/v1/gates/{}/revoke", device.gate_id), &json!({}))
        .await?;
    assert_eq!(twice.status, 404);
    assert_eq!(server.db().audit_kind_count("gate_paired").await?, 2);
    assert_eq!(server.db().audit_kind_count("gate_revoked").await?, 1);
    Ok(())
}

async fn already_admitted_names_the_first_gate_by_label(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (_, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let (_, mut gate) = connected_gate(&server, &admin, "East turnstile 3", None).await?;
    let code = wallet.code_now();
    admit(&mut gate, &wallet, &code).await?;
    // The same gate scanning the same step again gets a fresh challenge; the right answer
    // is `already_admitted`, naming that step's admission by its gate's label.
    let challenge = gate.challenge(&code).await?;
    let result = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    assert_eq!(result.outcome, Outcome::AlreadyAdmitted, "{result:?}");
    assert_eq!(
        result.first_gate_label.as_deref(),
        Some("East turnstile 3"),
        "{result:?}"
    );
    assert!(result.first_gate_id.is_some());
    Ok(())
}

/// Issue 29, finding 4: a newer link cancels the gate's older unused ones, so an old link
/// cannot cut off the tablet paired with a newer one; and only this server's own page may
/// spend a link.
async fn a_new_link_cancels_the_older_ones_and_only_the_gate_page_pairs(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let device = server.admin().create_gate("North entrance", None).await?;
    let older = pairing_secret(&server, device.gate_id).await?;
    let newer = pairing_secret(&server, device.gate_id).await?;

    // Another site, or a request without an Origin, cannot spend the link...
    for origin in [Some("https://evil.example"), Some("null"), None] {
        let (status, cookie, body) = pair_from(&server, &newer, origin).await?;
        assert_eq!(status, 403, "{origin:?}: {body}");
        assert!(cookie.is_none());
    }
    // ...and the link still works from the gate page.
    let (status, cookie, body) = pair(&server, &newer).await?;
    assert_eq!(status, 200, "{body}");
    let tablet = cookie_pair(&cookie.context("Set-Cookie")?);

    // The older link was cancelled when the newer one was made: it cannot take over.
    let (status, _, body) = pair(&server, &older).await?;
    assert_eq!(status, 404, "{body}");
    assert_eq!(body["error"]["code"], "invalid_pairing");
    let me = reqwest::Client::new()
        .get(server.url("/v1/gate/me"))
        .header(reqwest::header::COOKIE, &tablet)
        .header(reqwest::header::ORIGIN, server.url(""))
        .send()
        .await?;
    assert_eq!(
        me.status(),
        200,
        "the tablet paired with the newer link keeps its place"
    );
    Ok(())
}

//! Issue 29, finding 4: the headers of every answer (`nosniff`, `no-store` on JSON that may
//! show a secret, HSTS over HTTPS), `Origin` compared with the server's own scheme and
//! public URL, and cookie reads refused from a foreign `Origin`, the console's and the
//! gate's alike.

use anyhow::{Context, Result};
use reqwest::header::{CACHE_CONTROL, COOKIE, ORIGIN};
use serde_json::json;
use tessera_tests::tls::TestCa;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    json_answers_are_neither_stored_nor_sniffed_and_plain_http_gets_no_hsts,
    https_answers_carry_hsts_and_the_origin_must_match_the_public_url,
    a_foreign_origin_cannot_read_with_a_cookie,
);

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
}

async fn json_answers_are_neither_stored_nor_sniffed_and_plain_http_gets_no_hsts(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let http = reqwest::Client::new();
    let made = http
        .post(server.url("/v1/api-keys"))
        .bearer_auth(&server.org().admin_key)
        .json(&json!({ "role": "issuer", "label": "desk" }))
        .send()
        .await?;
    assert_eq!(made.status(), 201);
    assert_eq!(header(&made, "cache-control").as_deref(), Some("no-store"));
    assert_eq!(
        header(&made, "x-content-type-options").as_deref(),
        Some("nosniff")
    );
    assert_eq!(
        header(&made, "strict-transport-security"),
        None,
        "plain HTTP"
    );
    for path in ["/v1/passes", "/v1/api-keys", "/v1/webhooks"] {
        let read = http
            .get(server.url(path))
            .bearer_auth(&server.org().admin_key)
            .send()
            .await?;
        assert_eq!(read.status(), 200, "{path}");
        assert_eq!(
            header(&read, "cache-control").as_deref(),
            Some("no-store"),
            "{path}"
        );
        assert_eq!(
            header(&read, "x-content-type-options").as_deref(),
            Some("nosniff"),
            "{path}"
        );
    }
    // Errors too: they are JSON.
    let refused = http.get(server.url("/v1/passes")).send().await?;
    assert_eq!(refused.status(), 401);
    assert_eq!(
        header(&refused, "cache-control").as_deref(),
        Some("no-store")
    );
    Ok(())
}

async fn https_answers_carry_hsts_and_the_origin_must_match_the_public_url(
    backend: Backend,
) -> Result<()> {
    let dir = tempfile::tempdir()?;
    let ca = TestCa::create(dir.path())?;
    let server = TestServer::builder(backend).tls(&ca).start().await?;
    let https = reqwest::Client::builder()
        .add_root_certificate(ca.reqwest_root()?)
        .build()?;
    let health = https.get(server.url("/healthz")).send().await?;
    assert_eq!(
        header(&health, "strict-transport-security").as_deref(),
        Some("max-age=31536000"),
    );
    // The same host and port under plain http is not this (https) server's origin.
    let plain_origin = server.url("").replacen("https://", "http://", 1);
    for (origin, status) in [(plain_origin.as_str(), 403), (&server.url("")[..], 201)] {
        let signed_in = https
            .post(server.url("/v1/console/session"))
            .header(ORIGIN, origin.trim_end_matches('/'))
            .json(&json!({ "api_key": server.org().admin_key }))
            .send()
            .await?;
        assert_eq!(signed_in.status().as_u16(), status, "from {origin}");
    }

    // Behind a TLS-terminating proxy the public URL says https: HSTS, and only its origin.
    let proxied = TestServer::builder(backend)
        .env("TESSERA_PUBLIC_URL", "https://gate.example.org")
        .start()
        .await?;
    let http = reqwest::Client::new();
    let health = http.get(proxied.url("/healthz")).send().await?;
    assert!(header(&health, "strict-transport-security").is_some());
    for (origin, status) in [
        (proxied.url(""), 403),
        ("http://gate.example.org".to_owned(), 403),
        ("https://gate.example.org".to_owned(), 201),
    ] {
        let signed_in = http
            .post(proxied.url("/v1/console/session"))
            .header(ORIGIN, origin.trim_end_matches('/'))
            .json(&json!({ "api_key": proxied.org().admin_key }))
            .send()
            .await?;
        assert_eq!(signed_in.status().as_u16(), status, "from {origin}");
    }
    Ok(())
}

async fn a_foreign_origin_cannot_read_with_a_cookie(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let http = reqwest::Client::new();
    let own = server.url("");
    let own = own.trim_end_matches('/');
    let signed_in = http
        .post(server.url("/v1/console/session"))
        .header(ORIGIN, own)
        .json(&json!({ "api_key": server.org().admin_key }))
        .send()
        .await?;
    assert_eq!(signed_in.status(), 201);
    let console = header(&signed_in, "set-cookie")
        .context("Set-Cookie")?
        .split(';')
        .next()
        .context("cookie")?
        .to_owned();

    // A gate paired in a browser holds its cookie too.
    let device = server.admin().create_gate("North", None).await?;
    let link = server
        .admin()
        .post(&format!("/v1/gates/{}/pairing", device.gate_id), &json!({}))
        .await?
        .expect(201)?;
    let secret = link["pairing_url"]
        .as_str()
        .and_then(|url| url.split_once("#pair="))
        .context("pairing_url")?
        .1
        .to_owned();
    let paired = http
        .post(server.url("/v1/gates/pair"))
        .header(ORIGIN, own)
        .json(&json!({ "pairing_secret": secret }))
        .send()
        .await?;
    assert_eq!(paired.status(), 200);
    let gate = header(&paired, "set-cookie")
        .context("Set-Cookie")?
        .split(';')
        .next()
        .context("cookie")?
        .to_owned();

    for (path, cookie) in [
        ("/v1/audit", &console),
        ("/v1/passes", &console),
        ("/v1/gate/me", &gate),
        ("/v1/gate/hosts?q=Iy", &gate),
    ] {
        let read = |origin: Option<&str>| {
            let mut request = http.get(server.url(path)).header(COOKIE, cookie.as_str());
            if let Some(origin) = origin {
                request = request.header(ORIGIN, origin);
            }
            request.send()
        };
        // A same-origin read (no Origin, or its own) works; another site's page is refused,
        // the same way for the console's cookie and the gate's.
        assert_eq!(read(None).await?.status(), 200, "{path}");
        assert_eq!(read(Some(own)).await?.status(), 200, "{path}");
        let foreign = read(Some("https://evil.example")).await?;
        assert_eq!(foreign.status(), 403, "{path} from another site");
        assert_eq!(
            header(&foreign, CACHE_CONTROL.as_str()).as_deref(),
            Some("no-store")
        );
    }
    Ok(())
}

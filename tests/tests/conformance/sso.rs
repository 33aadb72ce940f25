//! Issue 30 (`docs/sign-in.md`): staff sign in through the organisation's identity provider,
//! a real `oidc-provider` on loopback, on both backends: roles from the groups claim, the
//! just-in-time host, the audit log naming the person, every failure audited without a
//! session, back-channel logout, an admin ending sessions, and key sign-in switched off.

use anyhow::{ensure, Context, Result};
use reqwest::header::{COOKIE, ORIGIN};
use serde_json::{json, Value};
use tessera_tests::oidc::{people, settings, Browser, Provider, CLIENT_ID, CLIENT_SECRET};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    people_sign_in_with_the_role_their_groups_map_to_and_the_log_names_them,
    every_bad_sign_in_is_refused_audited_and_makes_no_session,
    the_provider_ends_sessions_and_so_can_an_admin,
    an_organisation_can_switch_key_sign_in_off,
    sign_in_by_email_goes_only_to_the_organisation_that_proved_the_domain,
    sign_ins_are_bounded_per_source_and_per_organisation,
    a_logout_token_is_taken_once_and_provider_refusals_name_their_setting,
);

/// A server that may reach the loopback provider, the provider, and the organisation's
/// settings pointing at it.
async fn set_up(backend: Backend) -> Result<(TestServer, Provider)> {
    let server = TestServer::builder(backend)
        .env("TESSERA_IDP_ALLOW", "127.0.0.1")
        .start()
        .await?;
    let provider = Provider::start(CLIENT_ID, &server.url(""), people()).await?;
    let reply = server
        .admin()
        .put("/v1/sso", &settings(&provider.issuer, true))
        .await?;
    let view = reply.expect(200)?;
    assert_eq!(view["client_secret_set"], true);
    assert!(
        !view.to_string().contains(CLIENT_SECRET),
        "the secret is never shown"
    );
    assert_eq!(view["redirect_uri"], server.url("/v1/sso/callback"));
    Ok((server, provider))
}

/// Signs `login` in through the provider to `page`; returns the browser (holding the
/// session cookie) and the callback's page.
async fn sign_in(
    server: &TestServer,
    login: &str,
    page: &str,
) -> Result<(Browser, tessera_tests::oidc::Page)> {
    let mut browser = Browser::new()?;
    let start = server.url(&format!(
        "/v1/sso/start?org={}&page={page}",
        server.org().org_id
    ));
    let callback = browser
        .sign_in_at_provider(&start, login, &server.url(""))
        .await?;
    let landed = browser.open(&callback).await?;
    Ok((browser, landed))
}

fn session_cookie(server: &TestServer, browser: &Browser) -> Option<String> {
    browser
        .cookie(&server.url(""), "tessera_console")
        .map(|value| format!("tessera_console={value}"))
}

async fn session_of(server: &TestServer, cookie: &str) -> Result<(u16, Value)> {
    let response = reqwest::Client::new()
        .get(server.url("/v1/console/session"))
        .header(COOKIE, cookie)
        .send()
        .await?;
    let status = response.status().as_u16();
    Ok((status, response.json().await.unwrap_or(Value::Null)))
}

async fn sign_in_failures(server: &TestServer) -> Result<Vec<String>> {
    Ok(server
        .admin()
        .audit("kind=sso_sign_in_failed")
        .await?
        .iter()
        .filter_map(|event| event.reason().map(str::to_owned))
        .collect())
}

async fn people_sign_in_with_the_role_their_groups_map_to_and_the_log_names_them(
    backend: Backend,
) -> Result<()> {
    let (server, provider) = set_up(backend).await?;

    // An admin by group: the page moves on to the console with the session cookie set.
    let (browser, landed) = sign_in(&server, "ada", "console").await?;
    assert_eq!(landed.status, 200, "{}", landed.body);
    assert!(landed.body.contains("url=/console"), "{}", landed.body);
    let cookie = session_cookie(&server, &browser).context("no session cookie")?;
    assert!(
        browser.cookie(&server.url(""), "tessera_sso").is_none(),
        "the login cookie is cleared"
    );
    let (status, session) = session_of(&server, &cookie).await?;
    assert_eq!(status, 200, "{session}");
    assert_eq!(session["role"], "admin");
    assert_eq!(session["person"]["name"], "Ada Lovelace");
    assert_eq!(session["person"]["subject"], "ada");
    assert_eq!(session["person"]["issuer"], provider.issuer);
    let ada_key = session["key_id"].as_str().context("key_id")?.to_owned();
    // The session ends with the ID token (an hour at this provider), before the server's
    // eight-hour limit.
    let expires_at = time::OffsetDateTime::parse(
        session["expires_at"].as_str().context("expires_at")?,
        &time::format_description::well_known::Rfc3339,
    )?;
    let left = expires_at - time::OffsetDateTime::now_utc();
    assert!(
        left <= time::Duration::seconds(3600) && left > time::Duration::seconds(3500),
        "the session ends with the ID token: {left}"
    );

    // The session does what an admin may, and the log names the person.
    let keys = reqwest::Client::new()
        .get(server.url("/v1/api-keys"))
        .header(COOKIE, &cookie)
        .send()
        .await?;
    assert_eq!(keys.status().as_u16(), 200);
    let signed_in = server.admin().audit("kind=console_signed_in").await?;
    let ada = signed_in
        .iter()
        .find(|event| event.details["person"]["subject"] == "ada")
        .context("a sign-in event naming ada")?;
    assert_eq!(ada.details["person"]["name"], "Ada Lovelace");
    assert_eq!(ada.details["by_key_id"], ada_key.as_str());
    assert_eq!(ada.details["role"], "admin");

    // The person's session does what an admin does from the console, with the CSRF token:
    // a gate, and the link that pairs a tablet with it.
    let csrf = session["csrf_token"]
        .as_str()
        .context("csrf_token")?
        .to_owned();
    let console_post = |path: String, body: Value| {
        reqwest::Client::new()
            .post(server.url(&path))
            .header(COOKIE, &cookie)
            .header(ORIGIN, server.url(""))
            .header("x-csrf-token", &csrf)
            .json(&body)
            .send()
    };
    let gate: Value = console_post("/v1/gates".into(), json!({ "label": "Lobby tablet" }))
        .await?
        .json()
        .await?;
    let gate_id = gate["gate_id"].as_str().context("gate_id")?;
    let pairing = console_post(format!("/v1/gates/{gate_id}/pairing"), json!({})).await?;
    assert_eq!(pairing.status().as_u16(), 201);
    let pairing: Value = pairing.json().await?;
    assert!(pairing["pairing_url"].as_str().is_some(), "{pairing}");
    // Each of those actions names the person who took it (issuer, subject, name) beside
    // the key they act as; the server's own admin key names nobody.
    let ada_person = json!({
        "issuer": provider.issuer,
        "subject": "ada",
        "name": "Ada Lovelace",
    });
    for kind in ["gate_created", "gate_pairing_created"] {
        let made = server.admin().audit(&format!("kind={kind}")).await?;
        let by_ada = made
            .iter()
            .find(|event| event.gate_id.map(|id| id.to_string()).as_deref() == Some(gate_id))
            .with_context(|| format!("a {kind} event for the gate: {made:?}"))?;
        assert_eq!(by_ada.actor, ada_person, "{kind}");
        assert_eq!(by_ada.details["by_key_id"], ada_key.as_str(), "{kind}");
    }
    let key_made = server.admin().audit("kind=sso_configured").await?;
    assert!(
        key_made.iter().all(|event| event.actor.is_null()),
        "an API key's action names no person: {key_made:?}"
    );
    let csv = reqwest::Client::new()
        .get(server.url("/v1/audit?kind=gate_created"))
        .header(COOKIE, &cookie)
        .header("accept", "text/csv")
        .send()
        .await?
        .text()
        .await?;
    assert!(
        csv.starts_with(
            "id,at,kind,severity,org_id,gate_id,pass_id,details,actor,origin_node_id\r\n"
        ),
        "{csv}"
    );
    assert!(
        csv.contains("Ada Lovelace"),
        "the export names the person: {csv}"
    );

    // Signing in again is the same person acting as the same key (keyed by issuer and
    // subject), not a second one.
    let (again, _) = sign_in(&server, "ada", "console").await?;
    let (_, second) =
        session_of(&server, &session_cookie(&server, &again).context("cookie")?).await?;
    assert_eq!(second["key_id"], ada_key.as_str());

    // An auditor by group.
    let (browser, _) = sign_in(&server, "grace", "console").await?;
    let (_, grace) = session_of(
        &server,
        &session_cookie(&server, &browser).context("cookie")?,
    )
    .await?;
    assert_eq!(grace["role"], "auditor");

    // A host, made just in time, for the host page.
    let (browser, landed) = sign_in(&server, "hana", "host").await?;
    assert!(landed.body.contains("url=/host"), "{}", landed.body);
    let hana_cookie = session_cookie(&server, &browser).context("cookie")?;
    let (_, hana) = session_of(&server, &hana_cookie).await?;
    assert_eq!(hana["role"], "host");
    assert_eq!(hana["label"], "Hana Ito");
    let hosts = server.admin().get("/v1/hosts?q=Hana").await?.expect(200)?;
    assert!(
        hosts.to_string().contains("Hana Ito"),
        "the host is listed: {hosts}"
    );

    // The admin's list shows every live session with its person.
    let list = server
        .admin()
        .get("/v1/console/sessions")
        .await?
        .expect(200)?;
    let names: Vec<&str> = list["sessions"]
        .as_array()
        .context("sessions")?
        .iter()
        .filter_map(|s| s["person_name"].as_str())
        .collect();
    for name in ["Ada Lovelace", "Grace Hopper", "Hana Ito"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    Ok(())
}

async fn every_bad_sign_in_is_refused_audited_and_makes_no_session(backend: Backend) -> Result<()> {
    let (server, provider) = set_up(backend).await?;
    let start = server.url(&format!("/v1/sso/start?org={}", server.org().org_id));

    // A person with no mapped role, and one outside the allowed domains.
    for (login, status, reason) in [("otto", 403, "no_role"), ("eve", 403, "domain_not_allowed")] {
        let (browser, landed) = sign_in(&server, login, "console").await?;
        assert_eq!(landed.status, status, "{login}: {}", landed.body);
        assert!(landed.body.contains("role=\"alert\""), "{}", landed.body);
        assert!(
            session_cookie(&server, &browser).is_none(),
            "{login} got no session"
        );
        assert!(sign_in_failures(&server)
            .await?
            .contains(&reason.to_owned()));
    }
    let page = {
        let (_, landed) = sign_in(&server, "otto", "console").await?;
        landed.body
    };
    assert!(page.contains("groups"), "the page says which claim: {page}");

    // A wrong state: the callback with another state than the one sent.
    let mut browser = Browser::new()?;
    let callback = browser
        .sign_in_at_provider(&start, "ada", &server.url(""))
        .await?;
    let forged = callback.replace("state=", "state=x");
    let landed = browser.open(&forged).await?;
    assert_eq!(landed.status, 400, "{}", landed.body);
    assert!(session_cookie(&server, &browser).is_none());

    // The callback in another browser than the one that began: refused, and the state is
    // spent, so the right browser cannot use it afterwards either.
    let mut began = Browser::new()?;
    let callback = began
        .sign_in_at_provider(&start, "ada", &server.url(""))
        .await?;
    let mut other = Browser::new()?;
    assert_eq!(other.open(&callback).await?.status, 400);
    assert_eq!(began.open(&callback).await?.status, 400);
    assert!(session_cookie(&server, &began).is_none());
    assert!(sign_in_failures(&server)
        .await?
        .contains(&"bad_state".to_owned()));

    // A replayed code: a code already exchanged, under a fresh state of this browser.
    let mut browser = Browser::new()?;
    let first = browser
        .sign_in_at_provider(&start, "ada", &server.url(""))
        .await?;
    assert_eq!(browser.open(&first).await?.status, 200);
    let used_code = query_value(&first, "code").context("code")?;
    let fresh = browser
        .sign_in_at_provider(&start, "ada", &server.url(""))
        .await?;
    let replayed = fresh.replace(
        &format!("code={}", query_value(&fresh, "code").context("code")?),
        &format!("code={used_code}"),
    );
    let before = session_cookie(&server, &browser);
    let landed = browser.open(&replayed).await?;
    assert_eq!(landed.status, 502, "{}", landed.body);
    assert_eq!(session_cookie(&server, &browser), before, "no new session");
    assert!(sign_in_failures(&server)
        .await?
        .contains(&"code_refused".to_owned()));

    // Tokens the provider's answer carries altered: tampered under the original signature,
    // re-signed for another audience, re-signed already expired.
    for mode in ["tamper", "wrong-aud", "wrong-iss", "expired"] {
        provider.alter_next_token(mode).await?;
        let (browser, landed) = sign_in(&server, "grace", "console").await?;
        assert_eq!(landed.status, 502, "{mode}: {}", landed.body);
        assert!(
            session_cookie(&server, &browser).is_none(),
            "{mode} made no session"
        );
    }
    let failures = sign_in_failures(&server).await?;
    assert!(
        failures
            .iter()
            .filter(|reason| *reason == "bad_token")
            .count()
            >= 3,
        "{failures:?}"
    );

    // The provider rotates its signing key: the next sign-in fetches the new JWKS.
    provider.rotate_key().await?;
    let (browser, landed) = sign_in(&server, "grace", "console").await?;
    assert_eq!(landed.status, 200, "after rotation: {}", landed.body);
    assert!(session_cookie(&server, &browser).is_some());

    // An unknown issuer is refused when an admin sets it.
    let unreachable = server
        .admin()
        .put(
            "/v1/sso",
            &settings("http://127.0.0.1:9/nothing-here", true),
        )
        .await?;
    assert_eq!(unreachable.status, 422, "{:?}", unreachable.json());
    // So is a plain-http issuer the operator did not allow.
    let plain = server
        .admin()
        .put("/v1/sso", &settings("http://idp.example.com", true))
        .await?;
    assert_eq!(plain.status, 400, "{:?}", plain.json());

    // A provider that cannot be reached any more: the person gets a page that says so.
    let mut provider = provider;
    let mut browser = Browser::new()?;
    let callback = browser
        .sign_in_at_provider(&start, "ada", &server.url(""))
        .await?;
    provider.stop().await?;
    let landed = browser.open(&callback).await?;
    assert_eq!(landed.status, 502, "{}", landed.body);
    assert!(session_cookie(&server, &browser).is_none());
    assert!(sign_in_failures(&server)
        .await?
        .contains(&"code_refused".to_owned()));
    Ok(())
}

async fn the_provider_ends_sessions_and_so_can_an_admin(backend: Backend) -> Result<()> {
    let (server, provider) = set_up(backend).await?;
    let (mut browser, _) = sign_in(&server, "ada", "console").await?;
    let cookie = session_cookie(&server, &browser).context("cookie")?;
    ensure!(session_of(&server, &cookie).await?.0 == 200, "signed in");

    // The person signs out at the provider: its back-channel logout ends the session here.
    let page = browser.sign_out_at_provider(&provider.issuer).await?;
    ensure!(
        page.status < 500,
        "provider logout: {} {}",
        page.status,
        page.body
    );
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while session_of(&server, &cookie).await?.0 == 200 {
        ensure!(
            std::time::Instant::now() < deadline,
            "the session outlived the provider's logout"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let ended = server.admin().audit("kind=sso_sessions_ended").await?;
    assert!(
        ended
            .iter()
            .any(|event| event.details["cause"] == "back_channel_logout"
                && event.details["sessions"] == 1),
        "{ended:?}"
    );

    // A forged logout token is refused.
    let forged = reqwest::Client::new()
        .post(server.url("/v1/sso/back-channel-logout"))
        .form(&[("logout_token", "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZGEifQ.")])
        .send()
        .await?;
    assert_eq!(forged.status().as_u16(), 400);

    // An admin ends someone's session.
    let (browser, _) = sign_in(&server, "grace", "console").await?;
    let grace = session_cookie(&server, &browser).context("cookie")?;
    let list = server
        .admin()
        .get("/v1/console/sessions")
        .await?
        .expect(200)?;
    let id = list["sessions"]
        .as_array()
        .context("sessions")?
        .iter()
        .find(|s| s["person_name"] == "Grace Hopper")
        .and_then(|s| s["id"].as_str())
        .context("grace's session")?
        .to_owned();
    let ended = server
        .admin()
        .delete(&format!("/v1/console/sessions/{id}"))
        .await?;
    assert_eq!(ended.status, 204, "{}", ended.body);
    assert_eq!(session_of(&server, &grace).await?.0, 401);
    assert_eq!(
        server
            .admin()
            .delete(&format!("/v1/console/sessions/{id}"))
            .await?
            .status,
        404
    );
    let ended = server.admin().audit("kind=session_ended").await?;
    assert_eq!(ended.len(), 1, "{ended:?}");

    // Signing out of an SSO session sends the browser on to the provider's logout.
    let (browser, _) = sign_in(&server, "ada", "console").await?;
    let cookie = session_cookie(&server, &browser).context("cookie")?;
    let (_, session) = session_of(&server, &cookie).await?;
    let out = reqwest::Client::new()
        .delete(server.url("/v1/console/session"))
        .header(COOKIE, &cookie)
        .header(ORIGIN, server.url(""))
        .header(
            "x-csrf-token",
            session["csrf_token"].as_str().unwrap_or_default(),
        )
        .send()
        .await?;
    assert_eq!(out.status().as_u16(), 200);
    let body: Value = out.json().await?;
    let url = body["end_session_url"]
        .as_str()
        .context("end_session_url")?;
    assert!(
        url.starts_with(&format!("{}/session/end", provider.issuer)),
        "{url}"
    );
    assert!(url.contains(CLIENT_ID), "{url}");
    assert_eq!(session_of(&server, &cookie).await?.0, 401);
    Ok(())
}

async fn an_organisation_can_switch_key_sign_in_off(backend: Backend) -> Result<()> {
    let (server, provider) = set_up(backend).await?;
    let sign_in_with_key = || async {
        let response = reqwest::Client::new()
            .post(server.url("/v1/console/session"))
            .header(ORIGIN, server.url(""))
            .json(&json!({ "api_key": server.org().admin_key }))
            .send()
            .await?;
        anyhow::Ok(response.status().as_u16())
    };
    assert_eq!(sign_in_with_key().await?, 201);
    // The secret may be left out once stored.
    let mut off = settings(&provider.issuer, false);
    off.as_object_mut()
        .context("object")?
        .remove("client_secret");
    server.admin().put("/v1/sso", &off).await?.expect(200)?;
    assert_eq!(sign_in_with_key().await?, 403);
    // Keys still work as bearer credentials, and people still sign in through SSO.
    server.admin().get("/v1/api-keys").await?.expect(200)?;
    let (browser, _) = sign_in(&server, "ada", "console").await?;
    assert!(session_cookie(&server, &browser).is_some());
    // The settings were audited, without the secret.
    let configured = server.admin().audit("kind=sso_configured").await?;
    assert_eq!(configured.len(), 2);
    assert!(!configured
        .iter()
        .any(|e| e.details.to_string().contains(CLIENT_SECRET)));
    assert_eq!(configured[1].details["key_sign_in"], false);
    assert_eq!(configured[1].details["secret_changed"], false);
    Ok(())
}

fn query_value(url: &str, name: &str) -> Option<String> {
    reqwest::Url::parse(url)
        .ok()?
        .query_pairs()
        .find(|(key, _)| key == name)
        .map(|(_, value)| value.into_owned())
}

/// A client that does not follow redirects, to read where `/v1/sso/start` sends a browser.
fn no_redirects() -> Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()?)
}

/// `/v1/sso/start?<query>`: its status, its `Location` (or body) and `Retry-After`.
async fn start_at(server: &TestServer, query: &str) -> Result<(u16, String, Option<String>)> {
    let response = no_redirects()?
        .get(server.url(&format!("/v1/sso/start?{query}")))
        .send()
        .await?;
    let status = response.status().as_u16();
    let header = |name| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    let location = header(reqwest::header::LOCATION);
    let retry_after = header(reqwest::header::RETRY_AFTER);
    let text = match location {
        Some(location) => location,
        None => response.text().await?,
    };
    Ok((status, text, retry_after))
}

/// Issue 50, item 3: an admin's `allowed_domains` routes no sign-in by email. A domain
/// routes only once proven, by its DNS TXT record (read from a real DNS server on loopback)
/// or by the operator's `tessera-server sso assign`, and to one organisation only.
async fn sign_in_by_email_goes_only_to_the_organisation_that_proved_the_domain(
    backend: Backend,
) -> Result<()> {
    let dns = tessera_tests::dns::DnsServer::start().await?;
    let server = TestServer::builder(backend)
        .env("TESSERA_IDP_ALLOW", "127.0.0.1")
        .env("TESSERA_DNS_SERVER", &dns.addr.to_string())
        .start()
        .await?;
    let provider = Provider::start(CLIENT_ID, &server.url(""), people()).await?;
    // The first organisation lists no domain; a second one lists example.com, under a
    // client of its own at the same provider.
    let mut first = settings(&provider.issuer, true);
    first["allowed_domains"] = json!([]);
    server.admin().put("/v1/sso", &first).await?.expect(200)?;
    let other = server.init_org("Mallory Ltd").await?;
    let mallory = server.client(&other.admin_key);
    let mut theirs = settings(&provider.issuer, true);
    theirs["client_id"] = json!("mallory-client");
    mallory.put("/v1/sso", &theirs).await?.expect(200)?;

    // Listing a domain sends nobody anywhere: the person is told to use their own link.
    let (status, page, _) = start_at(&server, "email=ada%40example.com").await?;
    assert_eq!(status, 404, "an unproven domain routes nothing: {page}");
    assert!(page.contains("own sign-in link"), "{page}");

    // Mallory claims example.com: the answer names the record that would prove it.
    let claim = mallory
        .post("/v1/sso/domains", &json!({ "domain": "Example.COM" }))
        .await?
        .expect(200)?;
    assert_eq!(claim["domain"], "example.com");
    assert_eq!(claim["proven"], false);
    assert_eq!(claim["txt_name"], "_tessera-challenge.example.com");
    let value = claim["txt_value"].as_str().context("txt_value")?.to_owned();
    assert!(value.starts_with("tessera-verify="), "{value}");
    // Without the record, or with another value there, it stays unproven.
    let verify = "/v1/sso/domains/example.com/verify";
    let missing = mallory.post_empty(verify).await?;
    assert_eq!(missing.status, 422, "{}", missing.body);
    assert!(
        missing.body.contains("_tessera-challenge.example.com"),
        "{}",
        missing.body
    );
    dns.publish_txt(
        "_tessera-challenge.example.com",
        "tessera-verify=someone-elses",
    );
    assert_eq!(mallory.post_empty(verify).await?.status, 422);
    let (status, _, _) = start_at(&server, "email=ada%40example.com").await?;
    assert_eq!(status, 404);

    // The domain's owner publishes the record: proven, it routes to Mallory's provider.
    dns.publish_txt("_tessera-challenge.example.com", &value);
    let proven = mallory.post_empty(verify).await?.expect(200)?;
    assert_eq!(proven["proven"], true);
    assert_eq!(proven["proven_by"], "dns");
    let (status, location, _) = start_at(&server, "email=ada%40example.com").await?;
    assert_eq!(status, 303, "{location}");
    assert!(location.contains("client_id=mallory-client"), "{location}");

    // Another organisation cannot prove it as well, even with its own record published.
    let ours = server
        .admin()
        .post("/v1/sso/domains", &json!({ "domain": "example.com" }))
        .await?
        .expect(200)?;
    assert_ne!(
        ours["txt_value"],
        value.as_str(),
        "each claim has its own token"
    );
    dns.publish_txt(
        "_tessera-challenge.example.com",
        ours["txt_value"].as_str().context("txt_value")?,
    );
    let taken = server.admin().post_empty(verify).await?;
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.body.contains("domain_taken"), "{}", taken.body);

    // The operator assigns a domain from the command line, to one organisation only.
    let org = server.org().org_id.to_string();
    let mallory_org = other.org_id.to_string();
    let assigned = server
        .run(&["sso", "assign", "--org", &org, "--domain", "example.org"])
        .await?;
    assert!(
        assigned.contains("\"proven_by\":\"operator\""),
        "{assigned}"
    );
    let (status, location, _) = start_at(&server, "email=ada%40example.org").await?;
    assert_eq!(status, 303, "{location}");
    assert!(
        location.contains(&format!("client_id={CLIENT_ID}")),
        "{location}"
    );
    let refused = server
        .run(&[
            "sso",
            "assign",
            "--org",
            &mallory_org,
            "--domain",
            "example.org",
        ])
        .await;
    assert!(
        refused.is_err(),
        "a proven domain has one owner: {refused:?}"
    );

    // Released, a domain routes nothing, and the next organisation may prove it.
    let released = mallory.delete("/v1/sso/domains/example.com").await?;
    assert_eq!(released.status, 204, "{}", released.body);
    let (status, _, _) = start_at(&server, "email=ada%40example.com").await?;
    assert_eq!(status, 404);
    let mine = server.admin().post_empty(verify).await?.expect(200)?;
    assert_eq!(mine["proven"], true);
    let (status, location, _) = start_at(&server, "email=ada%40example.com").await?;
    assert_eq!(status, 303);
    assert!(
        location.contains(&format!("client_id={CLIENT_ID}")),
        "{location}"
    );
    let listed = server.admin().get("/v1/sso/domains").await?.expect(200)?;
    assert_eq!(
        listed["domains"].as_array().map(Vec::len),
        Some(2),
        "{listed}"
    );

    // The organisation's own link works whatever its domains.
    let (status, location, _) = start_at(&server, &format!("org={}", other.org_id)).await?;
    assert_eq!(status, 303, "{location}");

    // Every change is audited under its organisation.
    let changes: Vec<(String, Option<String>)> = mallory
        .audit("kind=sso_domain_changed")
        .await?
        .iter()
        .map(|event| {
            (
                event.details["change"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                event.details["proven_by"].as_str().map(str::to_owned),
            )
        })
        .collect();
    for expected in [
        ("claimed".to_owned(), None),
        ("proven".to_owned(), Some("dns".to_owned())),
        ("released".to_owned(), None),
    ] {
        assert!(changes.contains(&expected), "{expected:?} in {changes:?}");
    }
    let ours = server.admin().audit("kind=sso_domain_changed").await?;
    assert!(
        ours.iter()
            .any(|event| event.details["proven_by"] == "operator"
                && event.details["domain"] == "example.org"),
        "{ours:?}"
    );
    Ok(())
}

/// Issue 50, item 4: sign-ins begun are bounded per source (each writes a row that lives
/// ten minutes) and per organisation, and a callback with a made-up `state` spends its
/// source's failure budget like a wrong key.
async fn sign_ins_are_bounded_per_source_and_per_organisation(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_IDP_ALLOW", "127.0.0.1")
        .env("TESSERA_SSO_STARTS_PER_MIN", "5")
        .env("TESSERA_SSO_LIVE_LOGINS", "3")
        .env("TESSERA_AUTH_FAILURES_PER_MIN", "4")
        .start()
        .await?;
    let provider = Provider::start(CLIENT_ID, &server.url(""), people()).await?;
    server
        .admin()
        .put("/v1/sso", &settings(&provider.issuer, true))
        .await?
        .expect(200)?;
    let link = format!("org={}", server.org().org_id);

    // Three sign-ins under way fill the organisation's cap: the fourth is told to wait.
    for _ in 0..3 {
        let (status, location, _) = start_at(&server, &link).await?;
        assert_eq!(status, 303, "{location}");
    }
    let (status, page, retry_after) = start_at(&server, &link).await?;
    assert_eq!(status, 503, "{page}");
    assert!(page.contains("too many sign-ins"), "{page}");
    assert!(retry_after.is_some(), "Retry-After");
    let live = server
        .db()
        .scalar_i64(
            "SELECT COUNT(*) FROM sso_logins WHERE org_id = $1",
            server.org().org_id,
        )
        .await?;
    assert_eq!(live, 3, "nothing stored past the cap");

    // The source's own budget: five starts a minute, then 429 before any work.
    let (status, _, _) = start_at(&server, &link).await?;
    assert_eq!(status, 503);
    let (status, page, retry_after) = start_at(&server, &link).await?;
    assert_eq!(status, 429, "{page}");
    assert!(retry_after.is_some(), "Retry-After");

    // Made-up states at the callback are failures of their source: past its budget it is
    // refused before any work, with Retry-After.
    let junk = || async {
        let response = reqwest::Client::new()
            .get(server.url("/v1/sso/callback?state=made-up&code=also-made-up"))
            .send()
            .await?;
        anyhow::Ok((
            response.status().as_u16(),
            response
                .headers()
                .contains_key(reqwest::header::RETRY_AFTER),
        ))
    };
    // Four failures a minute, a burst of as many: the fifth spends the budget.
    for _ in 0..5 {
        assert_eq!(junk().await?.0, 400);
    }
    let (status, retry_after) = junk().await?;
    assert_eq!(status, 429, "past its budget the source is refused");
    assert!(retry_after);
    Ok(())
}

/// Issue 50, item 9: a captured back-channel logout token ends nothing a second time, and
/// a provider the egress policy refuses names the provider's allow list.
async fn a_logout_token_is_taken_once_and_provider_refusals_name_their_setting(
    backend: Backend,
) -> Result<()> {
    let (server, provider) = set_up(backend).await?;
    let (browser, _) = sign_in(&server, "ada", "console").await?;
    let cookie = session_cookie(&server, &browser).context("cookie")?;
    ensure!(session_of(&server, &cookie).await?.0 == 200, "signed in");

    let token = provider.logout_token("ada").await?;
    let send = |token: String| async {
        let response = reqwest::Client::new()
            .post(server.url("/v1/sso/back-channel-logout"))
            .form(&[("logout_token", token)])
            .send()
            .await?;
        let status = response.status().as_u16();
        anyhow::Ok((status, response.text().await?))
    };
    let (status, body) = send(token.clone()).await?;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"sessions_ended\":1"), "{body}");
    assert_eq!(session_of(&server, &cookie).await?.0, 401);

    // Signed in again, the same token replayed ends nothing.
    let (browser, _) = sign_in(&server, "ada", "console").await?;
    let cookie = session_cookie(&server, &browser).context("cookie")?;
    let (status, body) = send(token).await?;
    assert_eq!(status, 400, "a replayed logout token is refused: {body}");
    assert!(body.contains("used before"), "{body}");
    assert_eq!(
        session_of(&server, &cookie).await?.0,
        200,
        "still signed in"
    );
    // A fresh token from the provider still works.
    let (status, body) = send(provider.logout_token("ada").await?).await?;
    assert_eq!(status, 200, "{body}");
    assert_eq!(session_of(&server, &cookie).await?.0, 401);

    // A provider at an address the operator did not allow: the refusal names the setting
    // that allows providers, not the webhooks' one.
    let refused = server
        .admin()
        .put(
            "/v1/sso",
            &settings("https://127.0.0.2:9/realms/staff", true),
        )
        .await?;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("TESSERA_IDP_ALLOW"),
        "{}",
        refused.body
    );
    assert!(
        !refused.body.contains("TESSERA_WEBHOOK_ALLOW"),
        "{}",
        refused.body
    );
    Ok(())
}

//! Issue 16 (`docs/protocol.md`, "Hosts"): a host is an API key of its own role that issues,
//! reads and revokes only its own passes; admins and issuers issue on a host's behalf; staff
//! and gates find hosts by label or unit; a host signs in to the `/host` page as the console
//! does.
//!
//! Why these rules matter: a host is a resident, not staff. Every pass read or change a host
//! key can reach beyond its own is a leak between neighbours, so each test checks the
//! refusals (404 for a pass that is not the host's, 403 for another host's id, 400 for an id
//! that is no host of the organisation) next to the success.

use std::collections::BTreeSet;

use anyhow::{Context, Result};
use reqwest::header::{COOKIE, ORIGIN};
use serde_json::{json, Value};
use tessera_tests::api::{url_encode, HostKey, PassSpec};
use tessera_tests::{assert_error_reply, both_backends, ApiClient, Backend, TestServer};
use uuid::Uuid;

both_backends!(
    a_host_key_is_created_with_its_label_and_unit,
    a_host_issues_reads_and_revokes_only_its_own_passes,
    admins_and_issuers_issue_on_a_hosts_behalf_within_their_organisation,
    staff_and_gates_find_hosts_by_label_or_unit_ignoring_case,
    an_empty_search_lists_the_first_twenty_hosts_by_label,
    a_host_signs_in_to_the_host_page_as_a_host,
);

/// The `pass_id`s of `GET /v1/passes` for `client` (one page of up to 200).
async fn listed_passes(client: &ApiClient) -> Result<BTreeSet<String>> {
    let page = client.get("/v1/passes?limit=200").await?.expect(200)?;
    Ok(page["passes"]
        .as_array()
        .with_context(|| format!("passes in {page}"))?
        .iter()
        .filter_map(|p| p["pass_id"].as_str().map(str::to_owned))
        .collect())
}

/// `GET path?q=<q>` with `client`, as the list of `(label, unit)` it answered, in order.
async fn search(client: &ApiClient, path: &str, q: &str) -> Result<Vec<(String, Option<String>)>> {
    let answer = client
        .get(&format!("{path}?q={}", url_encode(q)))
        .await?
        .expect(200)
        .with_context(|| format!("{path}?q={q:?}"))?;
    let hosts = answer["hosts"]
        .as_array()
        .with_context(|| format!("hosts in {answer}"))?;
    hosts
        .iter()
        .map(|h| {
            for field in ["host_id", "label", "unit"] {
                anyhow::ensure!(h.get(field).is_some(), "{field} in {h}");
            }
            Ok((
                h["label"].as_str().context("label")?.to_owned(),
                h["unit"].as_str().map(str::to_owned),
            ))
        })
        .collect()
}

fn labels(found: &[(String, Option<String>)]) -> Vec<&str> {
    found.iter().map(|(label, _)| label.as_str()).collect()
}

async fn a_host_key_is_created_with_its_label_and_unit(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let answer = admin
        .post(
            "/v1/api-keys",
            &json!({"role": "host", "label": "R. Iyer, Flat 12B", "unit": "12B"}),
        )
        .await?
        .expect(201)?;
    assert_eq!(answer["role"], "host", "{answer}");
    assert_eq!(answer["label"], "R. Iyer, Flat 12B", "{answer}");
    assert_eq!(answer["unit"], "12B", "{answer}");
    let host: HostKey = serde_json::from_value(answer.clone())?;
    assert!(host.api_key.len() >= 43, "a key carries 32 random bytes");
    // The key works, for a host's own (empty) pass list.
    assert!(listed_passes(&server.client(&host.api_key))
        .await?
        .is_empty());

    // `unit` is optional, and bounded like every label.
    let bare = admin.create_host("Reception", None).await?;
    assert_eq!(bare.unit, None);
    assert_ne!(bare.key_id, host.key_id);
    for unit in [
        json!(""),
        json!("x".repeat(201)),
        json!("12\u{7}B"),
        json!(12),
    ] {
        let reply = admin
            .post(
                "/v1/api-keys",
                &json!({"role": "host", "label": "Bad unit", "unit": unit}),
            )
            .await?;
        assert_eq!(reply.status, 400, "unit {unit}: {}", reply.body);
    }
    // Only an admin makes host keys; a host makes no keys at all.
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    for client in [&issuer, &server.client(&host.api_key)] {
        let reply = client
            .post(
                "/v1/api-keys",
                &json!({"role": "host", "label": "Sneaky", "unit": "1A"}),
            )
            .await?;
        assert_eq!(reply.status, 403, "{}", reply.body);
    }
    let created = admin.audit("kind=host_created").await?;
    assert_eq!(created.len(), 2, "one event per host: {created:?}");
    Ok(())
}

async fn a_host_issues_reads_and_revokes_only_its_own_passes(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let host_a = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let host_b = admin.create_host("M. Chen, Flat 3A", Some("3A")).await?;
    let as_a = server.client(&host_a.api_key);
    let as_b = server.client(&host_b.api_key);

    let spec = PassSpec {
        label: "Guest of A".to_owned(),
        ..PassSpec::default()
    };
    let own = as_a.issue_pass(&spec).await?.pass_id;
    // Naming itself is the same; naming another host is refused and issues nothing.
    let also_own = as_a
        .issue_pass_with(&spec, &json!({"host_id": host_a.key_id}))
        .await?;
    let refused = as_a
        .post(
            "/v1/passes",
            &spec.to_json_with(&json!({"host_id": host_b.key_id})),
        )
        .await?;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let of_b = as_b.issue_pass(&spec).await?;
    let of_staff = admin.issue_pass(&spec).await?;

    let shown = as_a.pass(own).await?;
    assert_eq!(
        shown["host_id"],
        host_a.key_id.to_string(),
        "a host's pass is its own: {shown}"
    );
    let staff_view = admin.pass(of_staff.pass_id).await?;
    assert_eq!(staff_view["host_id"], Value::Null, "{staff_view}");
    for other in [of_b.pass_id, of_staff.pass_id, Uuid::now_v7()] {
        let reply = as_a.get(&format!("/v1/passes/{other}")).await?;
        assert_eq!(reply.status, 404, "another's pass {other}: {}", reply.body);
    }
    assert_eq!(
        listed_passes(&as_a).await?,
        BTreeSet::from([own.to_string(), also_own.pass_id.to_string()]),
        "a host lists only its own passes"
    );
    let everything = listed_passes(&admin).await?;
    assert_eq!(everything.len(), 4, "staff see all of them");
    let page = admin.get("/v1/passes?limit=200").await?.expect(200)?;
    for pass in page["passes"].as_array().context("passes")? {
        assert!(pass.get("host_id").is_some(), "host_id in {pass}");
    }

    // Revoking: its own yes, another host's or staff's pass is not there for it.
    for other in [of_b.pass_id, of_staff.pass_id] {
        let reply = as_a.revoke(other).await?;
        assert_eq!(reply.status, 404, "{}", reply.body);
        assert_eq!(server.db().pass_state(other).await?, "issued");
    }
    let revoked = as_a.revoke(own).await?;
    assert_eq!(revoked.status, 200, "{}", revoked.body);
    assert_eq!(server.db().pass_state(own).await?, "revoked");

    // A host is no staff: no gates, no keys, no audit log.
    for (path, body) in [
        ("/v1/gates", Some(json!({"label": "Back door"}))),
        ("/v1/audit", None),
        ("/v1/gates", None),
    ] {
        let reply = match body {
            Some(body) => as_a.post(path, &body).await?,
            None => as_a.get(path).await?,
        };
        assert_eq!(reply.status, 403, "{path}: {}", reply.body);
    }
    Ok(())
}

async fn admins_and_issuers_issue_on_a_hosts_behalf_within_their_organisation(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let issuer_key = admin.create_key("issuer", "front desk").await?;
    let issuer = server.client(issuer_key["api_key"].as_str().context("api_key")?);
    let org_b = server.init_org("Org B").await?;
    let foreign_host = server
        .client(&org_b.admin_key)
        .create_host("Elsewhere", Some("12B"))
        .await?;
    let spec = PassSpec::default();

    let mut on_behalf = BTreeSet::new();
    for client in [&admin, &issuer] {
        let id = client
            .issue_pass_with(&spec, &json!({"host_id": host.key_id}))
            .await?
            .pass_id;
        assert_eq!(client.pass(id).await?["host_id"], host.key_id.to_string());
        on_behalf.insert(id.to_string());
    }
    assert_eq!(
        listed_passes(&server.client(&host.api_key)).await?,
        on_behalf,
        "the host sees what staff issued for it"
    );

    // Not a host of this organisation: another org's host, a staff key, nobody, not an id.
    let staff_key_id = issuer_key["key_id"].clone();
    for host_id in [
        json!(foreign_host.key_id),
        staff_key_id,
        json!(Uuid::now_v7()),
        json!("not-a-uuid"),
    ] {
        let reply = admin
            .post(
                "/v1/passes",
                &spec.to_json_with(&json!({ "host_id": host_id })),
            )
            .await?;
        assert_eq!(reply.status, 400, "host_id {host_id}: {}", reply.body);
    }
    assert_eq!(
        listed_passes(&admin).await?.len(),
        2,
        "refusals issue nothing"
    );
    Ok(())
}

async fn staff_and_gates_find_hosts_by_label_or_unit_ignoring_case(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let iyer = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    admin.create_host("M. Chen", Some("Flat 3a")).await?;
    admin.create_host("Reception 100%", None).await?;
    let org_b = server.init_org("Org B").await?;
    server
        .client(&org_b.admin_key)
        .create_host("R. Iyer's twin", Some("12B"))
        .await?;
    let device = admin.create_gate("North entrance", None).await?;
    let gate = server.client(&device.device_token);

    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    let cases: [(&str, &[&str]); 7] = [
        ("iyer", &["R. Iyer, Flat 12B"]),
        ("12b", &["R. Iyer, Flat 12B"]),
        ("FLAT", &["M. Chen", "R. Iyer, Flat 12B"]),
        ("3A", &["M. Chen"]),
        ("100%", &["Reception 100%"]),
        // `%` and `_` are text to match, not patterns.
        ("_", &[]),
        ("nobody", &[]),
    ];
    for client in [&admin, &auditor, &issuer] {
        for (q, expected) in cases {
            let found = search(client, "/v1/hosts", q).await?;
            assert_eq!(labels(&found), expected.to_vec(), "/v1/hosts?q={q}");
        }
    }
    for (q, expected) in cases {
        let found = search(&gate, "/v1/gate/hosts", q).await?;
        assert_eq!(labels(&found), expected.to_vec(), "/v1/gate/hosts?q={q}");
    }
    let found = search(&gate, "/v1/gate/hosts", "12b").await?;
    assert_eq!(
        found,
        vec![("R. Iyer, Flat 12B".to_owned(), Some("12B".to_owned()))]
    );
    let exact = gate.get("/v1/gate/hosts?q=12B").await?.expect(200)?;
    assert_eq!(
        exact["hosts"][0]["host_id"],
        iyer.key_id.to_string(),
        "{exact}"
    );
    let percent = search(&admin, "/v1/hosts", "%").await?;
    assert_eq!(labels(&percent), ["Reception 100%"], "a literal %");

    // Who may not: a host (it is no staff), a gate on the staff route, staff on the gate's.
    let host = server.client(&iyer.api_key);
    let reply = host.get("/v1/hosts?q=chen").await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let reply = gate.get("/v1/hosts?q=chen").await?;
    assert_error_reply(&reply, 401, "unauthorized");
    for client in [&admin, &server.anonymous()] {
        let reply = client.get("/v1/gate/hosts?q=chen").await?;
        assert_eq!(reply.status, 401, "{}", reply.body);
    }
    Ok(())
}

async fn an_empty_search_lists_the_first_twenty_hosts_by_label(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    // Created out of label order, so the order of the answer is the label's.
    for n in (0..22).rev() {
        admin
            .create_host(&format!("Host {n:02}"), Some(&format!("{n}")))
            .await?;
    }
    let device = admin.create_gate("North entrance", None).await?;
    let expected: Vec<String> = (0..20).map(|n| format!("Host {n:02}")).collect();
    for (client, path) in [
        (server.admin(), "/v1/hosts"),
        (server.client(&device.device_token), "/v1/gate/hosts"),
    ] {
        let found = search(&client, path, "").await?;
        assert_eq!(labels(&found), expected, "{path}?q=");
        let all = client.get(path).await?.expect(200)?;
        assert_eq!(
            all["hosts"].as_array().map(Vec::len),
            Some(20),
            "{path} without q"
        );
    }
    let found = search(&admin, "/v1/hosts", "host 2").await?;
    assert_eq!(labels(&found), ["Host 20", "Host 21"]);
    Ok(())
}

async fn a_host_signs_in_to_the_host_page_as_a_host(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let other = admin.create_host("M. Chen", None).await?;
    let own = server
        .client(&host.api_key)
        .issue_pass(&PassSpec::default())
        .await?;
    server
        .client(&other.api_key)
        .issue_pass(&PassSpec::default())
        .await?;

    let http = reqwest::Client::new();
    let response = http
        .post(server.url("/v1/console/session"))
        .header(ORIGIN, server.url(""))
        .json(&json!({ "api_key": host.api_key }))
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 201);
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .context("sign-in sets a cookie")?;
    for attribute in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] {
        assert!(
            set_cookie.contains(attribute),
            "{attribute} in {set_cookie}"
        );
    }
    let body: Value = response.json().await?;
    assert_eq!(body["role"], "host", "{body}");
    assert_eq!(body["label"], "R. Iyer, Flat 12B", "{body}");
    assert_eq!(body["unit"], "12B", "{body}");
    assert!(body["csrf_token"].is_string(), "{body}");
    let cookie = set_cookie
        .split(';')
        .next()
        .context("cookie pair")?
        .trim()
        .to_owned();

    let current: Value = http
        .get(server.url("/v1/console/session"))
        .header(COOKIE, &cookie)
        .send()
        .await?
        .json()
        .await?;
    assert_eq!(current["role"], "host", "{current}");
    // The cookie is the host: its own passes, nobody else's, no audit log.
    let page: Value = http
        .get(server.url("/v1/passes"))
        .header(COOKIE, &cookie)
        .send()
        .await?
        .json()
        .await?;
    let shown: Vec<&str> = page["passes"]
        .as_array()
        .context("passes")?
        .iter()
        .filter_map(|p| p["pass_id"].as_str())
        .collect();
    assert_eq!(shown, [own.pass_id.to_string()], "{page}");
    let audit = http
        .get(server.url("/v1/audit"))
        .header(COOKIE, &cookie)
        .send()
        .await?;
    assert_eq!(audit.status().as_u16(), 403);
    // The console's rules hold: another origin gets no session.
    let refused = http
        .post(server.url("/v1/console/session"))
        .header(ORIGIN, "https://evil.example")
        .json(&json!({ "api_key": host.api_key }))
        .send()
        .await?;
    assert_eq!(refused.status().as_u16(), 403);
    Ok(())
}

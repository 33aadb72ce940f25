//! Issue 29, finding 1: a staff key can be listed, revoked and rotated, by REST and by the
//! operator's `tessera-server keys`, each audited; a revoked key stops at once on every
//! replica, with every console session made from it and its open event streams.

use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use reqwest::header::{COOKIE, ORIGIN};
use serde_json::{json, Value};
use tessera_tests::cluster::Replica;
use tessera_tests::db::PgUrl;
use tessera_tests::sse::SseStream;
use tessera_tests::{both_backends, postgres_only, Backend, TestServer};

both_backends!(
    keys_are_listed_without_secrets_and_note_their_last_use,
    a_revoked_key_stops_with_its_sessions_and_streams,
    a_rotated_key_has_a_new_secret_and_an_optional_overlap,
    the_operator_lists_revokes_and_rotates_keys_from_the_command_line,
);

postgres_only!(a_key_revoked_on_one_replica_fails_on_another_at_once);

/// The key of `id` in `GET /v1/api-keys`.
async fn listed(server: &TestServer, id: &str) -> Result<Value> {
    let list = server.admin().get("/v1/api-keys").await?.expect(200)?;
    list["keys"]
        .as_array()
        .context("keys")?
        .iter()
        .find(|key| key["key_id"] == id)
        .cloned()
        .with_context(|| format!("{id} not in {list}"))
}

/// A console session cookie (`name=value`) for `key`.
async fn console_cookie(server: &TestServer, key: &str) -> Result<String> {
    let response = reqwest::Client::new()
        .post(server.url("/v1/console/session"))
        .header(ORIGIN, server.url(""))
        .json(&json!({ "api_key": key }))
        .send()
        .await?;
    ensure!(
        response.status() == 201,
        "sign-in answered {}",
        response.status()
    );
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|v| v.to_str().ok())
        .context("Set-Cookie")?;
    Ok(set_cookie.split(';').next().context("cookie")?.to_owned())
}

async fn status_with_cookie(server: &TestServer, path: &str, cookie: &str) -> Result<u16> {
    Ok(reqwest::Client::new()
        .get(server.url(path))
        .header(COOKIE, cookie)
        .send()
        .await?
        .status()
        .as_u16())
}

/// Reads `stream` until it ends; fails if it is still open after `limit`.
async fn ends_within(stream: &mut SseStream, limit: Duration) -> Result<()> {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match stream.next_within(left).await {
            Ok(_) => continue,
            Err(error) if format!("{error:#}").contains("ended") => return Ok(()),
            Err(error) => bail!("the stream did not end within {limit:?}: {error:#}"),
        }
    }
}

async fn keys_are_listed_without_secrets_and_note_their_last_use(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issuer = admin.create_key("issuer", "box office").await?;
    let issuer_key = issuer["api_key"].as_str().context("api_key")?.to_owned();
    let issuer_id = issuer["key_id"].as_str().context("key_id")?.to_owned();
    let host = admin.create_host("R. Iyer", Some("12B")).await?;

    let list = admin.get("/v1/api-keys").await?.expect(200)?;
    let text = list.to_string();
    for secret in [&issuer_key, &host.api_key, &server.org().admin_key] {
        assert!(
            !text.contains(secret.as_str()),
            "a secret in the list: {text}"
        );
    }
    let keys = list["keys"].as_array().context("keys")?;
    let roles: Vec<&str> = keys.iter().filter_map(|k| k["role"].as_str()).collect();
    assert_eq!(roles, ["admin", "issuer", "host"], "{list}");
    for key in keys {
        assert_eq!(key["state"], "active", "{key}");
        assert!(
            key.get("api_key").is_none() && key.get("key_hash").is_none(),
            "{key}"
        );
        assert!(
            key["created_at"].as_str().is_some_and(|t| t.ends_with('Z')),
            "{key}"
        );
    }
    let host_entry = listed(&server, &host.key_id.to_string()).await?;
    assert_eq!(host_entry["unit"], "12B");
    assert_eq!(host_entry["label"], "R. Iyer");
    // Never used yet.
    assert!(listed(&server, &issuer_id)
        .await?
        .get("last_used_at")
        .is_none());

    // A use is noted (in the background, within moments).
    server
        .client(&issuer_key)
        .get("/v1/passes")
        .await?
        .expect(200)?;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let entry = listed(&server, &issuer_id).await?;
        if entry["last_used_at"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z'))
        {
            break;
        }
        ensure!(Instant::now() < deadline, "last_used_at never set: {entry}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Only an admin sees the list.
    let refused = server.client(&issuer_key).get("/v1/api-keys").await?;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(server.anonymous().get("/v1/api-keys").await?.status, 401);
    Ok(())
}

async fn a_revoked_key_stops_with_its_sessions_and_streams(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let auditor = admin.create_key("auditor", "night desk").await?;
    let auditor_key = auditor["api_key"].as_str().context("api_key")?.to_owned();
    let auditor_id = auditor["key_id"].as_str().context("key_id")?.to_owned();
    let cookie = console_cookie(&server, &auditor_key).await?;
    assert_eq!(
        status_with_cookie(&server, "/v1/audit", &cookie).await?,
        200
    );
    let mut by_key = SseStream::open(
        reqwest::Client::new()
            .get(server.url("/v1/audit/stream?backlog=0"))
            .bearer_auth(&auditor_key),
    )
    .await?;
    let mut by_cookie = SseStream::open(
        reqwest::Client::new()
            .get(server.url("/v1/audit/stream?backlog=0"))
            .header(COOKIE, &cookie),
    )
    .await?;

    let revoked = admin
        .post_empty(&format!("/v1/api-keys/{auditor_id}/revoke"))
        .await?
        .expect(200)?;
    assert_eq!(revoked["state"], "revoked", "{revoked}");
    assert!(revoked["revoked_at"].as_str().is_some(), "{revoked}");

    // At once: the key, and the session made from it.
    assert_eq!(
        server.client(&auditor_key).get("/v1/audit").await?.status,
        401
    );
    assert_eq!(
        status_with_cookie(&server, "/v1/audit", &cookie).await?,
        401
    );
    // The open streams close within a few seconds.
    ends_within(&mut by_key, Duration::from_secs(6)).await?;
    ends_within(&mut by_cookie, Duration::from_secs(6)).await?;

    // Audited once, with who did it and how many sessions ended; a second revoke is a no-op.
    let again = admin
        .post_empty(&format!("/v1/api-keys/{auditor_id}/revoke"))
        .await?
        .expect(200)?;
    assert_eq!(again["revoked_at"], revoked["revoked_at"]);
    let events = admin.audit("kind=api_key_revoked").await?;
    assert_eq!(events.len(), 1, "{events:?}");
    let details = &events[0].details;
    assert_eq!(details["key_id"], auditor_id.as_str());
    assert_eq!(details["role"], "auditor");
    assert_eq!(details["sessions_ended"], 1);
    assert!(details["by_key_id"].as_str().is_some(), "{details}");

    // DELETE is the same call; a host's key is revoked the same way.
    let host = admin.create_host("T. Osei", None).await?;
    let deleted = admin
        .delete(&format!("/v1/api-keys/{}", host.key_id))
        .await?
        .expect(200)?;
    assert_eq!(deleted["state"], "revoked");
    assert_eq!(
        server
            .client(&host.api_key)
            .get("/v1/walk-ins")
            .await?
            .status,
        401
    );

    // Unknown ids, and the organisation's last admin key, are refused.
    let unknown = admin
        .post_empty(&format!("/v1/api-keys/{}/revoke", uuid::Uuid::now_v7()))
        .await?;
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    assert_eq!(
        admin
            .post_empty("/v1/api-keys/not-a-uuid/revoke")
            .await?
            .status,
        404
    );
    let admin_id = server.admin().get("/v1/api-keys").await?.expect(200)?["keys"][0]["key_id"]
        .as_str()
        .context("admin key id")?
        .to_owned();
    let last = admin
        .post_empty(&format!("/v1/api-keys/{admin_id}/revoke"))
        .await?;
    assert_eq!(last.status, 409, "{}", last.body);
    assert_eq!(last.json()?["error"]["code"], "last_admin_key");
    admin.get("/v1/api-keys").await?.expect(200)?;
    // A revoked key cannot be brought back by rotating it.
    let rotate = admin
        .post_empty(&format!("/v1/api-keys/{auditor_id}/rotate"))
        .await?;
    assert_eq!(rotate.status, 409, "{}", rotate.body);
    assert_eq!(rotate.json()?["error"]["code"], "key_revoked");
    Ok(())
}

async fn a_rotated_key_has_a_new_secret_and_an_optional_overlap(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let host = admin.create_host("R. Iyer", Some("12B")).await?;
    let first = host.api_key.clone();
    let cookie = console_cookie(&server, &first).await?;

    let rotated = admin
        .post(
            &format!("/v1/api-keys/{}/rotate", host.key_id),
            &json!({ "overlap_s": 3600 }),
        )
        .await?
        .expect(200)?;
    let second = rotated["api_key"].as_str().context("api_key")?.to_owned();
    assert_ne!(second, first);
    assert_eq!(rotated["key"]["key_id"], host.key_id.to_string());
    assert_eq!(rotated["key"]["role"], "host");
    assert!(
        rotated["key"]["previous_valid_until"].as_str().is_some(),
        "{rotated}"
    );
    // Both work during the overlap; the session made with the old secret ended.
    assert_eq!(server.client(&first).get("/v1/walk-ins").await?.status, 200);
    assert_eq!(
        server.client(&second).get("/v1/walk-ins").await?.status,
        200
    );
    assert_eq!(
        status_with_cookie(&server, "/v1/walk-ins", &cookie).await?,
        401
    );

    // Without an overlap (no body at all), the old secrets stop now.
    let third = admin
        .post_empty(&format!("/v1/api-keys/{}/rotate", host.key_id))
        .await?
        .expect(200)?["api_key"]
        .as_str()
        .context("api_key")?
        .to_owned();
    for old in [&first, &second] {
        assert_eq!(server.client(old).get("/v1/walk-ins").await?.status, 401);
    }
    assert_eq!(server.client(&third).get("/v1/walk-ins").await?.status, 200);

    // The admin key itself rotates the same way.
    let admin_id = admin.get("/v1/api-keys").await?.expect(200)?["keys"][0]["key_id"]
        .as_str()
        .context("admin key id")?
        .to_owned();
    let new_admin = admin
        .post(&format!("/v1/api-keys/{admin_id}/rotate"), &json!({}))
        .await?
        .expect(200)?["api_key"]
        .as_str()
        .context("api_key")?
        .to_owned();
    assert_eq!(admin.get("/v1/api-keys").await?.status, 401);
    let admin = server.client(&new_admin);
    admin.get("/v1/api-keys").await?.expect(200)?;

    // Bad bodies are refused with a clear error and change nothing.
    for body in [
        json!({ "overlap_s": 604_801 }),
        json!({ "overlap": 5 }),
        json!({ "overlap_s": -1 }),
    ] {
        let refused = admin
            .post(&format!("/v1/api-keys/{}/rotate", host.key_id), &body)
            .await?;
        assert_eq!(refused.status, 400, "{body}: {}", refused.body);
    }
    assert_eq!(server.client(&third).get("/v1/walk-ins").await?.status, 200);

    let events = admin.audit("kind=api_key_rotated").await?;
    assert_eq!(events.len(), 3, "{events:?}");
    assert_eq!(events[0].details["sessions_ended"], 1);
    assert!(events[0].details["previous_valid_until_ms"]
        .as_i64()
        .is_some());
    assert!(events[1].details.get("previous_valid_until_ms").is_none());
    Ok(())
}

async fn the_operator_lists_revokes_and_rotates_keys_from_the_command_line(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let org = server.org().org_id.to_string();
    let issuer = server.admin().create_key("issuer", "box office").await?;
    let issuer_id = issuer["key_id"].as_str().context("key_id")?.to_owned();
    let issuer_key = issuer["api_key"].as_str().context("api_key")?.to_owned();

    let listing = server.run(&["keys", "list", "--org", &org]).await?;
    let lines: Vec<Value> = listing
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .with_context(|| format!("JSON lines: {listing}"))?;
    assert_eq!(lines.len(), 2, "{listing}");
    assert!(!listing.contains(&issuer_key) && !listing.contains(&server.org().admin_key));
    let admin_id = lines[0]["key_id"].as_str().context("admin id")?.to_owned();

    // The leaked admin key is replaced without any working key in hand.
    let rotated = server
        .run(&["keys", "rotate", "--org", &org, &admin_id])
        .await?;
    let rotated: Value = serde_json::from_str(rotated.trim())?;
    let new_admin = rotated["api_key"].as_str().context("api_key")?.to_owned();
    assert_eq!(server.admin().get("/v1/api-keys").await?.status, 401);
    server
        .client(&new_admin)
        .get("/v1/api-keys")
        .await?
        .expect(200)?;

    let revoked = server
        .run(&["keys", "revoke", "--org", &org, &issuer_id])
        .await?;
    assert!(revoked.contains("\"revoked\""), "{revoked}");
    assert_eq!(
        server.client(&issuer_key).get("/v1/passes").await?.status,
        401
    );

    // The last admin key, and an unknown key, are refused with the reason.
    let last = server
        .run(&["keys", "revoke", "--org", &org, &admin_id])
        .await
        .err()
        .context("revoking the last admin key succeeded")?;
    assert!(
        format!("{last:#}").contains("last working admin key"),
        "{last:#}"
    );
    let unknown = uuid::Uuid::now_v7().to_string();
    let missing = server
        .run(&["keys", "revoke", "--org", &org, &unknown])
        .await
        .err()
        .context("revoking an unknown key succeeded")?;
    assert!(format!("{missing:#}").contains("has no key"), "{missing:#}");

    // Audited like the REST calls, without an admin key behind them.
    let events = server
        .client(&new_admin)
        .audit("kind=api_key_revoked")
        .await?;
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(
        events[0].details.get("by_key_id").is_none(),
        "{:?}",
        events[0]
    );
    Ok(())
}

async fn a_key_revoked_on_one_replica_fails_on_another_at_once(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let pg = PgUrl::parse(server.database_url())?;
    let replica = Replica::start("B", &server, &pg.host, pg.port, &[]).await?;
    let auditor = server.admin().create_key("auditor", "desk").await?;
    let key = auditor["api_key"].as_str().context("api_key")?.to_owned();
    let id = auditor["key_id"].as_str().context("key_id")?.to_owned();
    let on_b = tessera_tests::api::ApiClient::new(
        reqwest::Client::new(),
        format!("http://{}", replica.addr),
        Some(key.clone()),
    );
    on_b.get("/v1/audit").await?.expect(200)?;
    server
        .admin()
        .post_empty(&format!("/v1/api-keys/{id}/revoke"))
        .await?
        .expect(200)?;
    assert_eq!(on_b.get("/v1/audit").await?.status, 401);
    Ok(())
}

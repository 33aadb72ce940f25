//! Issue 34 (`docs/protocol.md`, "Languages and time zones"): an organisation's default
//! language and time zones (`GET`/`PUT /v1/locale`, admin, audited), a pass's language set
//! at issue time without any mail, and what the wallet reads of them in the claim preview
//! and the claim answer; then an invitation mailed in German and one in Arabic through a
//! real SMTP server, with the venue's time, on both backends.

use std::time::Duration;

use anyhow::{Context, Result};
use rand::rngs::OsRng;
use serde_json::{json, Value};
use tessera_protocol::SecretKey;
use tessera_tests::api::PassSpec;
use tessera_tests::mail::{use_relay, SmtpSink};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    the_organisations_language_and_zones_are_set_checked_and_audited,
    the_wallet_learns_the_passs_language_and_the_sites_zone,
    an_invitation_is_written_in_the_visitors_language_and_the_venues_time,
);

async fn the_organisations_language_and_zones_are_set_checked_and_audited(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let unset = admin.get("/v1/locale").await?.expect(200)?;
    assert_eq!(
        unset,
        json!({ "default_language": null, "time_zone": null, "sites": {} })
    );
    let refused: &[(&str, Value, u16, Option<&str>)] = &[
        (
            "a zone that is not one",
            json!({ "time_zone": "Europe/Atlantis" }),
            422,
            Some("time_zone"),
        ),
        (
            "a path for a zone",
            json!({ "time_zone": "../../etc/passwd" }),
            422,
            Some("time_zone"),
        ),
        (
            "a tag that is not one",
            json!({ "default_language": "German" }),
            422,
            Some("language"),
        ),
        (
            "a site's bad zone",
            json!({ "sites": { "lyon": "Paris" } }),
            422,
            Some("sites"),
        ),
        (
            "an empty site",
            json!({ "sites": { "": "Europe/Paris" } }),
            400,
            None,
        ),
        ("an unknown field", json!({ "zone": "UTC" }), 400, None),
    ];
    for (name, body, status, field) in refused {
        let reply = admin.put("/v1/locale", body).await?;
        assert_eq!(reply.status, *status, "{name}: {}", reply.body);
        if let Some(field) = field {
            assert_eq!(reply.json()?["error"]["field"], *field, "{name}");
        }
    }
    assert_eq!(
        server
            .db()
            .audit_kind_count("locale_settings_changed")
            .await?,
        0,
        "nothing refused is recorded"
    );
    let wanted = json!({
        "default_language": "de",
        "time_zone": "Europe/Berlin",
        "sites": { "lyon": "Europe/Paris" },
    });
    assert_eq!(admin.put("/v1/locale", &wanted).await?.expect(200)?, wanted);
    assert_eq!(admin.get("/v1/locale").await?.expect(200)?, wanted);
    let changed = admin.audit("kind=locale_settings_changed").await?;
    assert_eq!(changed.len(), 1, "{changed:?}");
    // Another admin call replaces it all (a site dropped is dropped).
    let fewer = json!({ "default_language": "fr", "time_zone": "UTC", "sites": {} });
    admin.put("/v1/locale", &fewer).await?.expect(200)?;
    assert_eq!(admin.get("/v1/locale").await?.expect(200)?, fewer);
    // Reading is for staff; setting for admins.
    let issuer = server.client(&admin.create_api_key("issuer").await?);
    assert_eq!(issuer.get("/v1/locale").await?.expect(200)?, fewer);
    let reply = issuer.put("/v1/locale", &wanted).await?;
    assert_eq!(reply.status, 403, "{}", reply.body);
    assert_eq!(server.anonymous().get("/v1/locale").await?.status, 401);
    Ok(())
}

async fn the_wallet_learns_the_passs_language_and_the_sites_zone(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    admin
        .put(
            "/v1/locale",
            &json!({ "default_language": "de", "time_zone": "Europe/Berlin",
                     "sites": { "lyon": "Europe/Paris" } }),
        )
        .await?
        .expect(200)?;
    // A language alone (no address to mail) is the pass's; a bad one is refused.
    let spec = PassSpec {
        site: Some("lyon".to_owned()),
        ..PassSpec::default()
    };
    let reply = admin
        .post(
            "/v1/passes",
            &spec.to_json_with(&json!({ "language": "français" })),
        )
        .await?;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.json()?["error"]["field"], "language");
    let issued = admin
        .post(
            "/v1/passes",
            &spec.to_json_with(&json!({ "language": "fr" })),
        )
        .await?
        .expect(201)?;
    let pass_id = issued["pass_id"].as_str().context("pass_id")?;
    let token = issued["claim_token"].as_str().context("claim_token")?;
    let anonymous = server.anonymous();
    let preview = anonymous
        .post(
            "/v1/claims/preview",
            &json!({ "pass_id": pass_id, "claim_token": token }),
        )
        .await?
        .expect(200)?;
    let key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let claimed = anonymous.claim(pass_id, token, &key).await?.expect(200)?;
    for (what, answer) in [("preview", &preview), ("claim", &claimed)] {
        assert_eq!(answer["language"], "fr", "{what}: {answer}");
        assert_eq!(answer["default_language"], "de", "{what}: {answer}");
        assert_eq!(
            answer["time_zone"], "Europe/Paris",
            "{what}: the site's own zone"
        );
    }
    // A pass of another site has the organisation's zone; one without a language says none.
    let other = admin.issue_pass(&PassSpec::default()).await?;
    let key = SecretKey::generate(&mut OsRng).public_key().to_base64url();
    let claimed = anonymous
        .claim(&other.pass_id.to_string(), &other.claim_token, &key)
        .await?
        .expect(200)?;
    assert_eq!(claimed["time_zone"], "Europe/Berlin", "{claimed}");
    assert!(claimed.get("language").is_none(), "{claimed}");
    Ok(())
}

async fn an_invitation_is_written_in_the_visitors_language_and_the_venues_time(
    backend: Backend,
) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = TestServer::start(backend).await?;
    use_relay(&server, sink.port()).await?;
    let admin = server.admin();
    admin
        .put("/v1/locale", &json!({ "time_zone": "Europe/Berlin" }))
        .await?
        .expect(200)?;
    // Valid until 2099-01-01 17:00 UTC: 18:00 in Berlin.
    let until = "2099-01-01T17:00:00Z";
    let issue = |email: &'static str, language: &'static str| {
        let admin = admin.clone();
        async move {
            admin
                .post(
                    "/v1/passes",
                    &PassSpec::default().to_json_with(&json!({
                        "email": email, "language": language, "valid_until": until,
                    })),
                )
                .await?
                .expect(201)
        }
    };
    issue("ada@example.com", "de-AT").await?;
    issue("amal@example.com", "ar").await?;
    let within = Duration::from_secs(30);
    let german = sink.wait_for("ada@example.com", 1, within).await?.remove(0);
    let subject = german["subject"].as_str().context("subject")?;
    assert!(subject.starts_with("Ihr Besucherausweis"), "{german}");
    let text = german["text"].as_str().context("text")?;
    assert!(text.contains("Guten Tag Ada Lovelace"), "{text}");
    assert!(
        text.contains("2099-01-01 18:00 (Europe/Berlin)"),
        "the venue's time: {text}"
    );
    let html = german["html"].as_str().context("html")?;
    assert!(html.contains("<html lang=\"de\" dir=\"ltr\">"), "{html}");
    let arabic = sink
        .wait_for("amal@example.com", 1, within)
        .await?
        .remove(0);
    let html = arabic["html"].as_str().context("html")?;
    assert!(html.contains("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
    let subject = arabic["subject"].as_str().context("subject")?;
    assert!(
        subject
            .chars()
            .any(|c| ('\u{0600}'..='\u{06ff}').contains(&c)),
        "an Arabic subject: {subject}"
    );
    // The claim link in both is one link, as in English.
    for mail in [&german, &arabic] {
        let images = mail["images"].as_array().context("images")?;
        assert_eq!(images.len(), 1, "{mail}");
        let qr = images[0]["qr"].as_str().context("a readable QR code")?;
        assert!(
            mail["text"].as_str().is_some_and(|t| t.contains(qr)),
            "{mail}"
        );
    }
    Ok(())
}

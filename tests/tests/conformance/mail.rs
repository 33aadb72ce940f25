//! Issue 31 (`docs/operations.md`, "Sending mail and notifications"): a pass's claim link
//! mailed to its visitor through a real SMTP server on loopback (`smtp-server`, parsed by
//! `mailparser`, its QR image read back by `jsqr`), on both backends: the link in the text
//! part, the HTML part and the QR code is one link, and it claims the pass; a relay that is
//! down delays mail and loses none; a refused address is recorded as bounced; bad addresses
//! and header injection are refused; a resend is explicit, audited, and retires the old link.

use std::time::Duration;

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_tests::api::{IssuedPass, PassSpec};
use tessera_tests::mail::{post_answer, use_relay, SmtpSink};
use tessera_tests::wallet::Wallet;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(
    an_invitation_carries_one_claim_link_that_claims_the_pass,
    a_relay_that_is_down_delays_mail_and_loses_none,
    bad_addresses_and_header_injection_are_refused,
    a_resend_is_audited_and_retires_the_earlier_link,
    a_host_answers_a_walk_in_from_the_mail_once,
    an_answer_link_after_the_window_shows_the_request_expired,
    a_revoked_hosts_mailed_link_answers_nothing,
    mail_waits_untouched_until_a_relay_is_set,
);

const WITHIN: Duration = Duration::from_secs(30);

/// A server whose relay is `sink`.
async fn set_up(backend: Backend, sink_port: u16) -> Result<TestServer> {
    set_up_with(TestServer::start(backend).await?, sink_port).await
}

async fn set_up_with(server: TestServer, sink_port: u16) -> Result<TestServer> {
    let shown = use_relay(&server, sink_port).await?;
    assert_eq!(shown["from"], "passes@venue.example");
    assert_eq!(shown["password_set"], false);
    Ok(server)
}

/// The claim link in a text: `<public url>/claim#p=…&t=…`, up to white space.
fn link_in(text: &str, base: &str) -> Option<String> {
    let start = text.find(&format!("{base}/claim#p="))?;
    let rest = &text[start..];
    let end = rest
        .find(|c: char| c.is_whitespace() || c == '"' || c == '<')
        .unwrap_or(rest.len());
    Some(rest[..end].replace("&amp;", "&"))
}

fn token_of(link: &str) -> Option<&str> {
    link.split_once("&t=").map(|(_, token)| token)
}

async fn issue_to(server: &TestServer, email: &str, label: &str) -> Result<Value> {
    server
        .admin()
        .post(
            "/v1/passes",
            &PassSpec {
                label: label.to_owned(),
                ..PassSpec::default()
            }
            .to_json_with(&json!({ "email": email, "language": "en" })),
        )
        .await?
        .expect(201)
}

async fn messages(server: &TestServer, query: &str) -> Result<Vec<Value>> {
    Ok(server
        .admin()
        .get(&format!("/v1/messages?{query}"))
        .await?
        .expect(200)?["messages"]
        .as_array()
        .cloned()
        .unwrap_or_default())
}

/// Waits until the message `id` is in `state`.
async fn settled(server: &TestServer, id: &str, state: &str) -> Result<Value> {
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        let message = server
            .admin()
            .get(&format!("/v1/messages/{id}"))
            .await?
            .expect(200)?;
        if message["state"] == state {
            return Ok(message);
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "message {id} is {message} after {WITHIN:?}, not {state}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

async fn an_invitation_carries_one_claim_link_that_claims_the_pass(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = set_up(backend, sink.port()).await?;
    let base = server.url("");
    // The organisation's sender name and reply-to address (admin, audited).
    let reply = server
        .admin()
        .put("/v1/mail", &json!({ "reply_to": "not an address" }))
        .await?;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.json()?["error"]["field"], "reply_to");
    server
        .admin()
        .put(
            "/v1/mail",
            &json!({ "from_name": "Riverside front desk", "reply_to": "desk@riverside.example" }),
        )
        .await?
        .expect(200)?;
    let set = server.admin().audit("kind=mail_settings_changed").await?;
    assert_eq!(set.len(), 1, "{set:?}");
    assert_eq!(set[0].details["reply_to"], "desk@riverside.example");
    let issued = issue_to(&server, "ada@example.com", "Ada Lovelace").await?;
    let message_id = issued["message_id"]
        .as_str()
        .context("message_id")?
        .to_owned();
    let pass_id = issued["pass_id"].as_str().context("pass_id")?.to_owned();

    let mail = sink.wait_for("ada@example.com", 1, WITHIN).await?.remove(0);
    assert_eq!(mail["envelope_from"], "passes@venue.example");
    assert!(
        mail["from"]
            .as_str()
            .is_some_and(|from| from.contains("Riverside front desk")
                && from.contains("passes@venue.example")),
        "{mail}"
    );
    assert_eq!(mail["reply_to"], "desk@riverside.example", "{mail}");
    assert!(
        mail["subject"]
            .as_str()
            .is_some_and(|s| s.starts_with("Your pass for ")),
        "{mail}"
    );
    assert!(
        mail["message_id"]
            .as_str()
            .is_some_and(|id| id.contains(&message_id)),
        "the Message-ID names the message, the same at every attempt: {mail}"
    );
    let text = mail["text"].as_str().context("a text part")?;
    let html = mail["html"].as_str().context("an HTML part")?;
    assert!(text.contains("Hello Ada Lovelace"), "{text}");
    assert!(text.contains("(UTC)"), "when it is valid: {text}");
    let from_text = link_in(text, &base).context("a claim link in the text part")?;
    let from_html = link_in(html, &base).context("a claim link in the HTML part")?;
    let images = mail["images"].as_array().context("images")?;
    assert_eq!(images.len(), 1, "one QR image: {mail}");
    assert!(html.contains(&format!(
        "cid:{}",
        images[0]["cid"].as_str().context("cid")?
    )));
    let from_qr = images[0]["qr"]
        .as_str()
        .context("a readable QR code")?
        .to_owned();
    assert_eq!(from_text, from_html);
    assert_eq!(from_text, from_qr, "the QR code holds the same link");
    assert!(from_text.starts_with(&format!("{base}/claim#p={pass_id}&t=")));

    // The message is recorded as sent, and the log says so without the token.
    let message = settled(&server, &message_id, "sent").await?;
    assert_eq!(message["to"], "ada@example.com");
    assert_eq!(message["language"], "en");
    let token = token_of(&from_text).context("token")?.to_owned();
    let log = server.admin().audit("").await?;
    for kind in ["message_queued", "message_sent"] {
        assert!(
            log.iter()
                .any(|e| e.kind == kind && e.details["message_id"] == message_id.as_str()),
            "{kind} in the log"
        );
    }
    let everything = format!("{log:?}") + &serde_json::to_string(&messages(&server, "").await?)?;
    assert!(
        !everything.contains(&token),
        "the claim token is in the message only"
    );
    assert!(!server.log_tail(10_000).contains(&token), "never in a log");

    // The link claims the pass.
    let pass = IssuedPass {
        pass_id: pass_id.parse()?,
        claim_token: token,
        claim_url: from_text,
        state: "issued".into(),
    };
    Wallet::claim(&server.anonymous(), &pass).await?;
    Ok(())
}

async fn a_relay_that_is_down_delays_mail_and_loses_none(backend: Backend) -> Result<()> {
    let mut sink = SmtpSink::start(0).await?;
    let server = set_up(backend, sink.port()).await?;
    sink.stop().await?;
    let visitors = ["v1@example.com", "v2@example.com", "v3@example.com"];
    for (n, to) in visitors.iter().enumerate() {
        issue_to(&server, to, &format!("Visitor {n}")).await?;
    }
    let bounce = issue_to(&server, "bounce@example.com", "Nobody").await?;
    let busy = issue_to(&server, "busy@example.com", "Busy").await?;
    // Down: each is tried, fails, and waits with the reason.
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        let pending = messages(&server, "state=pending").await?;
        if pending.len() == 5
            && pending
                .iter()
                .all(|m| m["attempts"].as_i64() >= Some(1) && m["last_error"].is_string())
        {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "not all tried while down: {pending:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(sink.received().is_empty());

    // Back: every message arrives, once each.
    sink.restart().await?;
    for to in visitors {
        sink.wait_for(to, 1, Duration::from_secs(60)).await?;
    }
    let bounced = settled(
        &server,
        bounce["message_id"].as_str().context("id")?,
        "bounced",
    )
    .await?;
    assert!(
        bounced["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("550")),
        "the refusal is recorded: {bounced}"
    );
    let log = server.admin().audit("kind=message_bounced").await?;
    assert!(
        log.iter().any(|e| e.details["to"] == "bounce@example.com"),
        "{log:?}"
    );
    // A mailbox that answers 4xx is tried again later, not given up on.
    let busy_id = busy["message_id"].as_str().context("id")?.to_owned();
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        let busy = server
            .admin()
            .get(&format!("/v1/messages/{busy_id}"))
            .await?
            .expect(200)?;
        assert_eq!(busy["state"], "pending", "{busy}");
        if busy["last_error"]
            .as_str()
            .is_some_and(|e| e.contains("451"))
        {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "never retried: {busy}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Nothing twice: a little longer, and still one each.
    tokio::time::sleep(Duration::from_secs(2)).await;
    for to in visitors {
        let got = sink.wait_for(to, 1, Duration::ZERO).await?;
        assert_eq!(got.len(), 1, "{to} got {} messages", got.len());
    }
    assert_eq!(messages(&server, "state=sent").await?.len(), 3);
    // Pages of two walk the whole list once, newest first.
    let all: Vec<Value> = messages(&server, "").await?;
    assert_eq!(all.len(), 5);
    let mut walked = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let query = match &cursor {
            Some(c) => format!("/v1/messages?limit=2&cursor={c}"),
            None => "/v1/messages?limit=2".to_owned(),
        };
        let page = server.admin().get(&query).await?.expect(200)?;
        walked.extend(page["messages"].as_array().cloned().unwrap_or_default());
        match page["next_cursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
        ensure!(walked.len() <= 5, "paging does not end");
    }
    let ids = |list: &[Value]| {
        list.iter()
            .map(|m| m["message_id"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&walked), ids(&all));
    let reply = server.admin().get("/v1/messages?cursor=nonsense").await?;
    assert_eq!(reply.status, 400, "{}", reply.body);
    Ok(())
}

async fn bad_addresses_and_header_injection_are_refused(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = set_up(backend, sink.port()).await?;
    let admin = server.admin();
    let cases: &[(&str, Value, &str)] = &[
        ("no @", json!({ "email": "not-an-email" }), "email"),
        ("no domain", json!({ "email": "ada@localhost" }), "email"),
        (
            "a header in the address",
            json!({ "email": "ada@example.com\r\nBcc: all@example.com" }),
            "email",
        ),
        (
            "a bad language",
            json!({ "email": "ada@example.com", "language": "english" }),
            "language",
        ),
    ];
    for (name, extra, field) in cases {
        let reply = admin
            .post("/v1/passes", &PassSpec::default().to_json_with(extra))
            .await?;
        assert_eq!(reply.status, 422, "{name}: {}", reply.body);
        let body = reply.json()?;
        assert_eq!(body["error"]["code"], "invalid_field", "{name}");
        assert_eq!(body["error"]["field"], *field, "{name}");
    }
    // A line break in a label that would end up in the message is refused at the door.
    let reply = admin
        .post(
            "/v1/passes",
            &PassSpec {
                label: "Ada\r\nBcc: all@example.com".into(),
                ..PassSpec::default()
            }
            .to_json_with(&json!({ "email": "ada@example.com" })),
        )
        .await?;
    assert_eq!(reply.status, 400, "{}", reply.body);
    // The bulk import names the row and the field.
    let csv = "label,valid_until,external_ref,email\n\
               Grace,2099-01-01T00:00:00Z,r1,grace@example.com\n\
               Bad,2099-01-01T00:00:00Z,r2,grace(at)example.com\n";
    let reply = admin
        .post_typed("/v1/passes/bulk", "text/csv", csv.to_owned())
        .await?;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(
        reply.body.contains(",422,") && reply.body.contains("email:"),
        "{}",
        reply.body
    );
    sink.wait_for("grace@example.com", 1, WITHIN).await?;
    assert!(
        messages(&server, "").await?.len() == 1,
        "nothing queued for a refused row"
    );
    Ok(())
}

async fn a_resend_is_audited_and_retires_the_earlier_link(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = set_up(backend, sink.port()).await?;
    let base = server.url("");
    let issued = issue_to(&server, "ada@example.com", "Ada Lovelace").await?;
    let pass_id = issued["pass_id"].as_str().context("pass_id")?.to_owned();
    let first = sink.wait_for("ada@example.com", 1, WITHIN).await?.remove(0);
    let first_link = link_in(first["text"].as_str().context("text")?, &base).context("link")?;

    // Sent again, to where the last one went (the body may be empty).
    let resent = server
        .admin()
        .post(&format!("/v1/passes/{pass_id}/invitation"), &json!({}))
        .await?
        .expect(202)?;
    assert_eq!(resent["to"], "ada@example.com");
    let both = sink.wait_for("ada@example.com", 2, WITHIN).await?;
    let second_link = link_in(both[1]["text"].as_str().context("text")?, &base).context("link")?;
    assert_ne!(first_link, second_link, "a resend is a new link");
    let log = server.admin().audit("kind=message_queued").await?;
    assert!(
        log.iter()
            .any(|e| e.details["resend"] == true && e.details["by_key_id"].is_string()),
        "the resend is audited with who asked: {log:?}"
    );

    // The earlier link no longer claims; the new one does.
    let anonymous = server.anonymous();
    let reply = anonymous
        .claim(
            &pass_id,
            token_of(&first_link).context("token")?,
            &tessera_protocol::SecretKey::generate(&mut rand::rngs::OsRng)
                .public_key()
                .to_base64url(),
        )
        .await?;
    assert_eq!(reply.status, 404, "{}", reply.body);
    let pass = IssuedPass {
        pass_id: pass_id.parse()?,
        claim_token: token_of(&second_link).context("token")?.to_owned(),
        claim_url: second_link,
        state: "issued".into(),
    };
    Wallet::claim(&anonymous, &pass).await?;
    // Once claimed there is no link to send.
    let reply = server
        .admin()
        .post(&format!("/v1/passes/{pass_id}/invitation"), &json!({}))
        .await?;
    assert_eq!(reply.status, 409, "{}", reply.body);
    // An issuer without an address for a pass that never had one is told what is missing.
    let plain = server.admin().issue_pass(&PassSpec::default()).await?;
    let reply = server
        .admin()
        .post(
            &format!("/v1/passes/{}/invitation", plain.pass_id),
            &json!({}),
        )
        .await?;
    assert_eq!(reply.status, 422, "{}", reply.body);
    assert_eq!(reply.json()?["error"]["field"], "email");
    Ok(())
}

/// The answer link after `label` in a mail's text (`Approve (let them in): <url>`).
fn answer_link(text: &str, label: &str) -> Option<String> {
    let start = text.find(label)? + label.len();
    text[start..].split_whitespace().next().map(str::to_owned)
}

/// A host with an address, a gate, and a walk-in for the host; the approval mail.
async fn walk_in_mailed(
    server: &TestServer,
    sink: &SmtpSink,
    host_email: &str,
) -> Result<(String, tessera_tests::gate::Gate, Value)> {
    let admin = server.admin();
    let host = admin
        .post(
            "/v1/api-keys",
            &json!({ "role": "host", "label": "R. Iyer, Flat 12B", "unit": "12B", "email": host_email }),
        )
        .await?
        .expect(201)?;
    let host_id = host["key_id"].as_str().context("key_id")?.to_owned();
    let (_, mut gate) =
        tessera_tests::fixtures::connected_gate(server, &admin, "North entrance", None).await?;
    let request = tessera_tests::gate::WalkIn::new("Sam Okafor", host_id.parse()?, Some("parcel"));
    let waiting = gate.walk_in_status(&request).await?;
    assert_eq!(
        waiting.state,
        tessera_protocol::messages::WalkInState::Waiting
    );
    let mail = sink.wait_for(host_email, 1, WITHIN).await?.remove(0);
    Ok((host_id, gate, mail))
}

async fn a_host_answers_a_walk_in_from_the_mail_once(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = set_up(backend, sink.port()).await?;
    let (host_id, mut gate, mail) = walk_in_mailed(&server, &sink, "iyer@example.com").await?;
    assert_eq!(
        mail["subject"], "Sam Okafor is waiting at North entrance",
        "{mail}"
    );
    let text = mail["text"].as_str().context("text")?;
    assert!(text.contains("parcel"), "the guard's note: {text}");
    let approve = answer_link(text, "Approve (let them in):").context("approve link")?;
    let deny = answer_link(text, "Deny:").context("deny link")?;
    assert!(mail["html"]
        .as_str()
        .is_some_and(|html| html.contains(&approve.replace('&', "&amp;"))));

    // A tampered signature opens nothing and answers nothing.
    let tampered = format!("{}x", &approve[..approve.len() - 1]);
    let page = reqwest::get(&tampered).await?;
    assert_eq!(page.status().as_u16(), 403);
    let csp = |page: &reqwest::Response| {
        page.headers()
            .get("content-security-policy")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        csp(&page).contains("form-action 'none'"),
        "a page without a form posts nowhere"
    );
    let (status, _) = post_answer(&tampered).await?;
    assert_eq!(status, 403);
    // Opening the link (as a mail scanner would) answers nothing either: it shows a button.
    let page = reqwest::get(&approve).await?;
    assert_eq!(page.status().as_u16(), 200);
    assert!(
        csp(&page).contains("form-action 'self'") && csp(&page).contains("default-src 'none'"),
        "the answer form posts only here, and the page runs no script: {}",
        csp(&page)
    );
    let body = page.text().await?;
    assert!(
        body.contains("id=\"answer-submit\"") && body.contains("Approve Sam Okafor"),
        "{body}"
    );
    let waiting = server
        .admin()
        .get("/v1/walk-ins?state=waiting")
        .await?
        .expect(200)?;
    assert_eq!(
        waiting["walk_ins"].as_array().map(Vec::len),
        Some(1),
        "{waiting}"
    );

    // The button settles it: the gate sees APPROVED.
    let (status, body) = post_answer(&approve).await?;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("Approved: Sam Okafor is let in at North entrance."),
        "{body}"
    );
    let pushed = gate.pushed_walk_in(Duration::from_secs(5)).await?;
    assert_eq!(
        pushed.state,
        tessera_protocol::messages::WalkInState::Approved
    );
    // A second click, or the other answer, shows what happened and changes nothing.
    let (status, body) = post_answer(&approve).await?;
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains("Already answered") && body.contains("Sam Okafor was let in at"),
        "{body}"
    );
    let (status, body) = post_answer(&deny).await?;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("was let in"), "{body}");
    let page = reqwest::get(&deny).await?.text().await?;
    assert!(
        page.contains("Already answered") && !page.contains("answer-submit"),
        "{page}"
    );
    // Once, audited as the host's answer.
    let approved = server.admin().audit("kind=walk_in_approved").await?;
    assert_eq!(approved.len(), 1, "{approved:?}");
    assert_eq!(approved[0].details["by_key_id"], host_id.as_str());
    assert!(server
        .admin()
        .audit("kind=walk_in_denied")
        .await?
        .is_empty());
    let sent = messages(&server, "state=sent").await?;
    assert!(
        sent.iter().any(|m| m["kind"] == "approval_request"),
        "{sent:?}"
    );
    Ok(())
}

async fn an_answer_link_after_the_window_shows_the_request_expired(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = TestServer::builder(backend)
        .env("TESSERA_APPROVAL_TIMEOUT_S", "3")
        .start()
        .await?;
    let server = set_up_with(server, sink.port()).await?;
    let (_, _gate, mail) = walk_in_mailed(&server, &sink, "iyer@example.com").await?;
    let approve = answer_link(
        mail["text"].as_str().context("text")?,
        "Approve (let them in):",
    )
    .context("link")?;
    tokio::time::sleep(Duration::from_secs(4)).await;
    let page = reqwest::get(&approve).await?.text().await?;
    assert!(
        page.contains("expired") && !page.contains("answer-submit"),
        "{page}"
    );
    let (status, body) = post_answer(&approve).await?;
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("expired"), "{body}");
    assert!(server
        .admin()
        .audit("kind=walk_in_approved")
        .await?
        .is_empty());

    // A request whose mail could not go out before its window closed is never sent late.
    let mut sink = sink;
    sink.stop().await?;
    let admin = server.admin();
    let host = admin
        .post(
            "/v1/api-keys",
            &json!({ "role": "host", "label": "M. Chen", "email": "chen@example.com" }),
        )
        .await?
        .expect(201)?;
    let (_, mut gate) =
        tessera_tests::fixtures::connected_gate(&server, &admin, "South entrance", None).await?;
    let request = tessera_tests::gate::WalkIn::new(
        "Lee Park",
        host["key_id"].as_str().context("key_id")?.parse()?,
        None,
    );
    gate.walk_in_status(&request).await?;
    tokio::time::sleep(Duration::from_secs(4)).await;
    sink.restart().await?;
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        let expired = messages(&server, "state=expired").await?;
        if expired.iter().any(|m| m["to"] == "chen@example.com") {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "not expired: {:?}",
            messages(&server, "").await?
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(
        sink.wait_for("chen@example.com", 1, Duration::ZERO)
            .await
            .is_err(),
        "a request past its window was mailed"
    );
    assert!(!server
        .admin()
        .audit("kind=message_expired")
        .await?
        .is_empty());
    Ok(())
}

/// Issue 50, item 7: a host revoked after the mail went out cannot let anyone in with its
/// Approve link; the request stays waiting for the venue, and the try is recorded.
async fn a_revoked_hosts_mailed_link_answers_nothing(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = TestServer::builder(backend)
        .env("TESSERA_AUDIT_AGGREGATE_S", "1")
        .start()
        .await?;
    let server = set_up_with(server, sink.port()).await?;
    let (host_id, mut gate, mail) = walk_in_mailed(&server, &sink, "iyer@example.com").await?;
    let text = mail["text"].as_str().context("text")?;
    let approve = answer_link(text, "Approve (let them in):").context("approve link")?;
    let deny = answer_link(text, "Deny:").context("deny link")?;
    let revoked = server
        .admin()
        .post_empty(&format!("/v1/api-keys/{host_id}/revoke"))
        .await?
        .expect(200)?;
    assert_eq!(revoked["state"], "revoked", "{revoked}");

    for link in [&approve, &deny] {
        let (status, body) = post_answer(link).await?;
        assert_eq!(status, 403, "{body}");
        assert!(body.contains("no longer"), "{body}");
        assert!(!body.contains("Thank you"), "{body}");
    }
    assert!(server
        .admin()
        .audit("kind=walk_in_approved")
        .await?
        .is_empty());
    assert!(server
        .admin()
        .audit("kind=walk_in_denied")
        .await?
        .is_empty());
    let waiting = server
        .admin()
        .get("/v1/walk-ins?state=waiting")
        .await?
        .expect(200)?;
    assert_eq!(
        waiting["walk_ins"].as_array().map(Vec::len),
        Some(1),
        "{waiting}"
    );
    // The venue still answers it: an admin's approval lets the visitor in.
    let id = waiting["walk_ins"][0]["walk_in_id"]
        .as_str()
        .context("walk_in_id")?
        .to_owned();
    server
        .admin()
        .post(&format!("/v1/walk-ins/{id}/approve"), &json!({}))
        .await?
        .expect(200)?;
    let pushed = gate.pushed_walk_in(Duration::from_secs(5)).await?;
    assert_eq!(
        pushed.state,
        tessera_protocol::messages::WalkInState::Approved
    );
    // Nor is a revoked host asked again: a new walk-in for them is refused at the gate, so
    // no mail or push about a visitor reaches them.
    let again = tessera_tests::gate::WalkIn::new("Lee Park", host_id.parse()?, None);
    match gate.walk_in(&again).await? {
        tessera_protocol::messages::ServerMessage::Error(error) => assert_eq!(
            error.code,
            tessera_protocol::messages::ErrorCode::BadRequest,
            "{error:?}"
        ),
        other => anyhow::bail!("a walk-in for a revoked host was taken: {other:?}"),
    }
    // The refused link is an authentication failure the organisation's auditors see.
    let deadline = tokio::time::Instant::now() + WITHIN;
    loop {
        let failures = server.admin().audit("kind=auth_failure").await?;
        if failures
            .iter()
            .any(|e| e.details["sample_reason"] == "host_revoked")
        {
            break;
        }
        ensure!(
            tokio::time::Instant::now() < deadline,
            "no auth_failure for the revoked host's link: {failures:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    Ok(())
}

async fn mail_waits_untouched_until_a_relay_is_set(backend: Backend) -> Result<()> {
    let sink = SmtpSink::start(0).await?;
    let server = TestServer::start(backend).await?;
    let issued = issue_to(&server, "ada@example.com", "Ada Lovelace").await?;
    let id = issued["message_id"]
        .as_str()
        .context("message_id")?
        .to_owned();
    // A few dispatcher rounds without a relay: the message is not tried, so it keeps no
    // back-off to sit out once a relay comes.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let waiting = server
        .admin()
        .get(&format!("/v1/messages/{id}"))
        .await?
        .expect(200)?;
    assert_eq!(waiting["state"], "pending", "{waiting}");
    assert_eq!(waiting["attempts"], 0, "{waiting}");
    use_relay(&server, sink.port()).await?;
    sink.wait_for("ada@example.com", 1, Duration::from_secs(10))
        .await?;
    settled(&server, &id, "sent").await?;
    Ok(())
}

//! Issue 13 addition (`docs/protocol.md`, "Before claiming"): `POST /v1/claims/preview`
//! tells a visitor what a link is for without claiming it, and is no oracle for pass ids.

use anyhow::Result;
use serde_json::{json, Value};
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::claimed_pass;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(preview_shows_the_pass_and_changes_nothing);

async fn preview_shows_the_pass_and_changes_nothing(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let spec = PassSpec {
        site: Some("north".to_owned()),
        ..PassSpec::default()
    };
    let issued = admin.issue_pass(&spec).await?;
    let anonymous = server.anonymous();
    let preview = |token: &str, pass: String| {
        let body = json!({ "pass_id": pass, "claim_token": token });
        let anonymous = anonymous.clone();
        async move { anonymous.post("/v1/claims/preview", &body).await }
    };

    let shown = preview(&issued.claim_token, issued.pass_id.to_string())
        .await?
        .expect(200)?;
    assert_eq!(shown["label"], "Ada Lovelace", "{shown}");
    assert_eq!(shown["site"], "north", "{shown}");
    assert_eq!(shown["state"], "issued", "{shown}");
    assert!(
        shown["valid_until"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z')),
        "{shown}"
    );
    assert_eq!(
        server.db().pass_state(issued.pass_id).await?,
        "issued",
        "a preview claims nothing"
    );

    // A wrong token and an unknown pass get the same answer.
    let wrong = preview("not-the-token", issued.pass_id.to_string()).await?;
    let unknown = preview(&issued.claim_token, uuid::Uuid::now_v7().to_string()).await?;
    let garbage = preview(&issued.claim_token, "not-a-uuid".to_owned()).await?;
    for reply in [&wrong, &unknown, &garbage] {
        let body: Value = reply.expect(404)?;
        assert_eq!(body["error"]["code"], "invalid_claim", "{body}");
    }
    assert_eq!(wrong.body, unknown.body);
    // An unknown field is refused like any other malformed body.
    let extra = anonymous
        .post(
            "/v1/claims/preview",
            &json!({ "pass_id": issued.pass_id, "claim_token": "x", "admin": true }),
        )
        .await?;
    assert_eq!(extra.status, 400, "{}", extra.body);

    // After a claim the preview says so, and shows the claim's site too.
    let (claimed, _wallet) = claimed_pass(&admin, &spec).await?;
    let after = preview(&claimed.claim_token, claimed.pass_id.to_string())
        .await?
        .expect(200)?;
    assert_eq!(after["state"], "claimed", "{after}");
    Ok(())
}

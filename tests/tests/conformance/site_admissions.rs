//! Issue 50, item 10: a pass admitted on site shows that admission. An on-site node ships
//! its admissions to `site_admissions` (not `redemptions`); `GET /v1/passes/{id}` lists
//! them beside the admissions made here, each marked `on_site` with the node that made it,
//! oldest first, so the console's pass page never says "Not admitted yet." for a pass used
//! on site.
//!
//! The shipped admission is written straight into the test's database, as the node's
//! sync-up stores it, so this test holds whatever path the sync-up takes to get there.

use anyhow::{Context, Result};
use serde_json::json;
use sqlx::Connection;
use tessera_tests::api::PassSpec;
use tessera_tests::db::TestDatabase;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{both_backends, Backend, TestServer};
use uuid::Uuid;

both_backends!(a_pass_admitted_on_site_lists_that_admission_with_its_node);

const SITE: &str = "stadium";

/// A node's shipped decision, as the sync-up stores it.
struct Shipped {
    nonce: [u8; 32],
    node_id: Uuid,
    org_id: Uuid,
    pass_id: Uuid,
    gate_id: Uuid,
    outcome: &'static str,
    decided_at_ms: i64,
}

/// Stores `shipped` in `site_admissions` and, for an admission, counts its use on the pass,
/// as the central server does when a node ships it.
async fn store_shipped(database: &TestDatabase, shipped: &Shipped) -> Result<()> {
    const INSERT: &str = "INSERT INTO site_admissions (nonce, node_id, org_id, pass_id, \
         gate_id, scan_id, counter, outcome, decided_at_ms, ingested_at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)";
    const USE: &str = "UPDATE passes SET uses = uses + 1, \
         state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END WHERE id = $1";
    let admitted = shipped.outcome == "admitted";
    macro_rules! write {
        ($conn:expr) => {{
            let mut conn = $conn;
            sqlx::query(INSERT)
                .bind(&shipped.nonce[..])
                .bind(shipped.node_id)
                .bind(shipped.org_id)
                .bind(shipped.pass_id)
                .bind(shipped.gate_id)
                .bind(Uuid::new_v4())
                .bind(1_i64)
                .bind(shipped.outcome)
                .bind(shipped.decided_at_ms)
                .bind(shipped.decided_at_ms + 500)
                .execute(&mut conn)
                .await?;
            if admitted {
                sqlx::query(USE)
                    .bind(shipped.pass_id)
                    .execute(&mut conn)
                    .await?;
            }
        }};
    }
    match database.backend {
        Backend::Sqlite => write!(sqlx::SqliteConnection::connect(&database.url).await?),
        Backend::Postgres => write!(sqlx::PgConnection::connect(&database.url).await?),
    }
    Ok(())
}

async fn a_pass_admitted_on_site_lists_that_admission_with_its_node(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let enrolled = admin
        .post(
            "/v1/nodes",
            &json!({ "site": SITE, "label": "North stand PC" }),
        )
        .await?
        .expect(201)?;
    let node_id: Uuid = enrolled["node_id"].as_str().context("node_id")?.parse()?;
    let turnstile = admin.create_gate("North turnstile", Some(SITE)).await?;
    let (device, mut box_office) =
        connected_gate(&server, &admin, "Box office", Some(SITE)).await?;

    // Two uses: one here at the box office, then one on site at the turnstile.
    let (issued, wallet) = claimed_pass(
        &admin,
        &PassSpec {
            max_uses: Some(2),
            site: Some(SITE.to_owned()),
            ..PassSpec::default()
        },
    )
    .await?;
    admit(&mut box_office, &wallet, &wallet.code_now()).await?;
    let later = i64::try_from(tessera_tests::clock::unix_now())? * 1000 + 1_000;
    let shipped = |nonce: u8, outcome, decided_at_ms| Shipped {
        nonce: [nonce; 32],
        node_id,
        org_id: server.org().org_id,
        pass_id: issued.pass_id,
        gate_id: turnstile.gate_id,
        outcome,
        decided_at_ms,
    };
    store_shipped(server.database(), &shipped(7, "admitted", later)).await?;
    // A refusal on site is no admission.
    store_shipped(
        server.database(),
        &shipped(8, "already_admitted", later + 1),
    )
    .await?;

    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(pass["state"], "used", "{pass}");
    assert_eq!(pass["uses"], 2, "{pass}");
    let admissions = pass["admissions"].as_array().context("admissions")?;
    assert_eq!(admissions.len(), 2, "{pass}");
    // Oldest first: here, without a node; then on site, naming the node.
    assert_eq!(admissions[0]["gate_id"], device.gate_id.to_string());
    assert!(admissions[0].get("on_site").is_none(), "{pass}");
    assert_eq!(admissions[1]["gate_id"], turnstile.gate_id.to_string());
    assert_eq!(
        admissions[1]["on_site"],
        json!({ "node_id": node_id }),
        "{pass}"
    );
    assert_eq!(
        admissions[1]["nonce"],
        tessera_protocol::encoding::base32(&[7; 32])
    );
    assert_eq!(
        admissions[1]["at"],
        tessera_domain::rfc3339(later),
        "the node's time"
    );

    // A pass used only on site is not "not admitted yet".
    let (only_on_site, _) = claimed_pass(
        &admin,
        &PassSpec {
            label: "Grace Hopper".to_owned(),
            site: Some(SITE.to_owned()),
            ..PassSpec::default()
        },
    )
    .await?;
    store_shipped(
        server.database(),
        &Shipped {
            pass_id: only_on_site.pass_id,
            ..shipped(9, "admitted", later)
        },
    )
    .await?;
    let pass = admin.pass(only_on_site.pass_id).await?;
    assert_eq!((&pass["state"], &pass["uses"]), (&json!("used"), &json!(1)));
    assert_eq!(
        pass["admissions"].as_array().map(Vec::len),
        Some(1),
        "{pass}"
    );
    assert_eq!(
        pass["admissions"][0]["on_site"]["node_id"],
        node_id.to_string()
    );
    Ok(())
}

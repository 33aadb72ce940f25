//! A node's lease and its trust (issue 50, found again under issue 51's parallel suite): a
//! lease request that passed the token check just before an admin revoked the node, or
//! reclaimed its lease, must not leave a lease behind. The store decides it in the
//! writing transactions themselves, on both backends:
//! - a revoke ends every lease the node holds when it commits, not only the one its caller
//!   saw before (a grant committed in between is ended too, with its event);
//! - a grant finds the node revoked, or held after a reclaim, and grants nothing.
//!
//! Needs PostgreSQL: `TESSERA_TEST_PG_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`.

// A test may unwrap and panic: a failure is the report (the workspace lints deny them in
// the server's own code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::Duration;

use sqlx::{Connection, PgConnection};
use tessera_domain::audit::NewAudit;
use tessera_domain::sites::{Lease, LeaseEnd};
use tessera_store::sites::{LeaseInsert, SiteNodeRow};
use tessera_store::{BatchObserver, NewOrg, Store, StoreOptions};
use uuid::Uuid;

const NOW: i64 = 1_800_000_000_000;

fn options(database_url: String) -> StoreOptions {
    StoreOptions {
        database_url,
        pool_min: 0,
        pool_max: 4,
        statement_timeout_ms: 5_000,
        checkin_timeout: Duration::from_secs(5),
        primary_probe: Duration::from_secs(1),
        on_batch: BatchObserver::default(),
    }
}

fn event(org_id: Uuid, kind: &'static str) -> NewAudit {
    NewAudit {
        at_ms: NOW,
        org_id: Some(org_id),
        kind,
        severity: "high",
        gate_id: None,
        pass_id: None,
        details: "{}".to_owned(),
        actor: None,
    }
}

fn lease(org_id: Uuid, node_id: Uuid) -> Lease {
    Lease {
        id: Uuid::new_v4(),
        org_id,
        site: "north".to_owned(),
        node_id,
        granted_at_ms: NOW,
        valid_from_ms: NOW,
        expires_at_ms: NOW + 60_000,
    }
}

/// A migrated store with one organisation and one enrolled node: (store, org, node).
async fn enrolled(url: String) -> (Store, Uuid, Uuid) {
    let store = Store::connect(&options(url)).await.unwrap();
    store.schema().migrate().await.unwrap();
    let org_id = Uuid::new_v4();
    store
        .orgs()
        .create_org(
            &NewOrg {
                id: org_id,
                name: "Venue",
                admin_key_id: Uuid::new_v4(),
                admin_key_hash: [1; 32],
                at_ms: NOW,
            },
            &event(org_id, "org_created"),
        )
        .await
        .unwrap();
    let node_id = Uuid::new_v4();
    let node = SiteNodeRow {
        id: node_id,
        org_id,
        site: "north".to_owned(),
        label: "North stand PC".to_owned(),
        public_key: None,
        created_at_ms: NOW,
        revoked_at_ms: None,
        last_seen_ms: None,
        down_seq: 0,
        up_through_ms: None,
        up_lag_ms: None,
        lease_blocked_at_ms: None,
    };
    store
        .sites()
        .insert_site_node(&node, &[2; 32], &event(org_id, "site_node_enrolled"))
        .await
        .unwrap();
    (store, org_id, node_id)
}

/// Asks the store to grant `lease`.
async fn grant(store: &Store, lease: &Lease) -> LeaseInsert {
    store
        .sites()
        .insert_lease(lease, &[3; 32], &event(lease.org_id, "site_lease_granted"))
        .await
        .unwrap()
}

async fn open_leases(store: &Store, node_id: Uuid) -> usize {
    store
        .sites()
        .node_leases(node_id)
        .await
        .unwrap()
        .iter()
        .filter(|lease| lease.ended_at_ms.is_none())
        .count()
}

async fn a_revoke_ends_the_lease_granted_after_its_caller_looked(url: String) {
    let (store, org_id, node_id) = enrolled(url).await;
    // The caller looked (no lease), then the node's grant committed, then the revoke.
    let granted = lease(org_id, node_id);
    assert_eq!(grant(&store, &granted).await, LeaseInsert::Granted);
    let ended = std::sync::Mutex::new(Vec::new());
    let lease_end = |row: &tessera_store::sites::LeaseRow| {
        ended.lock().unwrap().push(row.id);
        event(org_id, "site_lease_ended")
    };
    assert!(store
        .sites()
        .revoke_site_node(
            org_id,
            node_id,
            NOW + 1,
            &lease_end,
            &event(org_id, "site_node_revoked")
        )
        .await
        .unwrap());
    assert_eq!(*ended.lock().unwrap(), [granted.id], "the lease's event");
    assert_eq!(open_leases(&store, node_id).await, 0, "the lease is ended");
    // And a grant that comes after the revoke grants nothing.
    assert_eq!(
        grant(&store, &lease(org_id, node_id)).await,
        LeaseInsert::NodeShut
    );
    assert_eq!(open_leases(&store, node_id).await, 0);
}

async fn a_grant_after_a_reclaim_grants_nothing(url: String) {
    let (store, org_id, node_id) = enrolled(url).await;
    let granted = lease(org_id, node_id);
    assert_eq!(grant(&store, &granted).await, LeaseInsert::Granted);
    assert!(store
        .sites()
        .end_lease(
            org_id,
            granted.id,
            LeaseEnd::Reclaimed,
            NOW + 1,
            &event(org_id, "site_lease_ended")
        )
        .await
        .unwrap());
    assert_eq!(
        grant(&store, &lease(org_id, node_id)).await,
        LeaseInsert::NodeShut
    );
    assert_eq!(open_leases(&store, node_id).await, 0);
}

/// A new SQLite file in the system's temporary folder (the store creates it).
fn sqlite_url() -> String {
    let path = std::env::temp_dir().join(format!("tessera-node-lease-{}.db", Uuid::new_v4()));
    format!("sqlite://{}?mode=rwc", path.display())
}

fn admin_url() -> String {
    std::env::var("TESSERA_TEST_PG_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// A fresh PostgreSQL database for one test: its URL and name.
async fn postgres_database() -> (String, String) {
    let admin_url = admin_url();
    let name = format!("tessera_lease_{}", Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let base = admin_url.rsplit_once('/').unwrap().0;
    (format!("{base}/{name}"), name)
}

async fn drop_database(name: &str) {
    let mut admin = PgConnection::connect(&admin_url()).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}

#[tokio::test]
async fn sqlite_a_revoke_ends_the_lease_granted_after_its_caller_looked() {
    a_revoke_ends_the_lease_granted_after_its_caller_looked(sqlite_url()).await;
}

#[tokio::test]
async fn postgres_a_revoke_ends_the_lease_granted_after_its_caller_looked() {
    let (url, name) = postgres_database().await;
    a_revoke_ends_the_lease_granted_after_its_caller_looked(url).await;
    drop_database(&name).await;
}

#[tokio::test]
async fn sqlite_a_grant_after_a_reclaim_grants_nothing() {
    a_grant_after_a_reclaim_grants_nothing(sqlite_url()).await;
}

#[tokio::test]
async fn postgres_a_grant_after_a_reclaim_grants_nothing() {
    let (url, name) = postgres_database().await;
    a_grant_after_a_reclaim_grants_nothing(url).await;
    drop_database(&name).await;
}

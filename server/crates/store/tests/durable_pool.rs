//! Issue 11, defect 6: admissions commit synchronously whatever the database, role or URL
//! says. The durable and hot pools pin `synchronous_commit = on` as a connection start-up
//! option; a database whose default is `off` (a tuning an operator might apply for the
//! challenge writes) must not make admissions asynchronous behind the server's back.
//!
//! Needs PostgreSQL: `TESSERA_TEST_PG_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`.

// A test may unwrap and panic: a failure is the report (the workspace lints deny them in
// the server's own code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::time::Duration;

use sqlx::{Connection, PgConnection};
use tessera_store::{BatchObserver, Store, StoreOptions};

fn admin_url() -> String {
    std::env::var("TESSERA_TEST_PG_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

#[tokio::test]
async fn the_durable_pool_commits_synchronously_when_the_database_default_is_off() {
    let admin_url = admin_url();
    let name = format!("tessera_durable_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&admin_url).await.unwrap();
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(&format!(
        "ALTER DATABASE {name} SET synchronous_commit = off"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let base = admin_url.rsplit_once('/').unwrap().0;
    let url = format!("{base}/{name}");

    // The database default really is off for an ordinary connection.
    let mut plain = PgConnection::connect(&url).await.unwrap();
    let default: String = sqlx::query_scalar("SHOW synchronous_commit")
        .fetch_one(&mut plain)
        .await
        .unwrap();
    assert_eq!(default, "off");
    plain.close().await.unwrap();

    let options = StoreOptions {
        database_url: url,
        pool_min: 0,
        pool_max: 4,
        statement_timeout_ms: 5_000,
        checkin_timeout: Duration::from_secs(5),
        primary_probe: Duration::from_secs(1),
        on_batch: BatchObserver::default(),
    };
    let store = Store::connect(&options).await.unwrap();
    let Some(pg) = store.postgres() else {
        panic!(
            "a postgres:// URL opened {}",
            store.backend().backend_name()
        );
    };
    for _ in 0..3 {
        assert_eq!(
            pg.pool_settings("synchronous_commit").await.unwrap(),
            [
                ("durable", "on".to_owned()),
                ("hot", "on".to_owned()),
                ("relaxed", "off".to_owned()),
            ]
        );
    }
    // The hot path's statements keep one plan each (docs/performance.md, "Foreign keys,
    // the settle trigger and generic plans"); the durable pool's ad-hoc queries keep
    // PostgreSQL's choice.
    assert_eq!(
        pg.pool_settings("plan_cache_mode").await.unwrap(),
        [
            ("durable", "auto".to_owned()),
            ("hot", "force_generic_plan".to_owned()),
            ("relaxed", "force_generic_plan".to_owned()),
        ]
    );
    store.backend().close().await;
    sqlx::query(&format!("DROP DATABASE {name} WITH (FORCE)"))
        .execute(&mut admin)
        .await
        .unwrap();
}

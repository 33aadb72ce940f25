//! Issue 12: retention cannot be turned into erasure. Whoever holds the application's
//! database role can delete audit events only past the 400-day floor: not a recent one, not
//! by backdating one first, not by deleting everything at once.

use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{ensure, Result};
use tessera_tests::db::execute_as_owner;
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(audit_floor_holds_against_the_database_owner);

const DAY_MS: i64 = 86_400_000;

async fn audit_floor_holds_against_the_database_owner(backend: Backend) -> Result<()> {
    // The server's own retention keeps a century here, so only the attempts below act.
    let server = TestServer::builder(backend)
        .env("TESSERA_AUDIT_RETENTION_DAYS", "36500")
        .start()
        .await?;
    let now = i64::try_from(SystemTime::now().duration_since(UNIX_EPOCH)?.as_millis())?;
    for (kind, age_days) in [("t_recent", 0), ("t_399", 399), ("t_401", 401)] {
        execute_as_owner(
            server.database(),
            &format!(
                "INSERT INTO audit_events (at_ms, kind, severity, details) \
                 VALUES ({}, '{kind}', 'high', '{{}}')",
                now - age_days * DAY_MS
            ),
        )
        .await?;
    }
    let attempts = [
        // Everything at once: one protected row makes the whole statement fail.
        "DELETE FROM audit_events".to_owned(),
        // Backdate a recent event so that it falls past the floor.
        "UPDATE audit_events SET at_ms = 0 WHERE kind = 't_recent'".to_owned(),
        format!(
            "DELETE FROM audit_events WHERE at_ms > {}",
            now - 400 * DAY_MS + DAY_MS
        ),
    ];
    for sql in &attempts {
        let outcome = execute_as_owner(server.database(), sql).await;
        ensure!(outcome.is_err(), "`{sql}` succeeded: {outcome:?}");
    }
    let db = server.db();
    for kind in ["t_recent", "t_399", "t_401"] {
        assert_eq!(
            db.audit_kind_count(kind).await?,
            1,
            "{kind} survived the attempts"
        );
    }
    // The one deletion the schema allows: what is past the floor.
    let gone = execute_as_owner(
        server.database(),
        &format!(
            "DELETE FROM audit_events WHERE at_ms < {}",
            now - 400 * DAY_MS
        ),
    )
    .await?;
    assert_eq!(gone, 1);
    assert_eq!(db.audit_kind_count("t_401").await?, 0);
    assert_eq!(db.audit_kind_count("t_399").await?, 1);
    Ok(())
}

//! Issue 12: retention. The server removes challenges, redemptions, scan denials and audit
//! events past their periods, keeps everything younger, gives no use back, and audits every
//! removal with a `retention` event.
//!
//! Rows are aged by rewriting their times as the database owner (challenges and scan
//! denials have no triggers) or inserted old (the audit log accepts inserts), then the
//! server's own retention task, run every second here, must find them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{ensure, Context, Result};
use serde_json::Value;
use tessera_protocol::messages::Outcome;
use tessera_tests::api::PassSpec;
use tessera_tests::db::execute_as_owner;
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::{both_backends, Backend, TestServer};

both_backends!(retention_removes_only_what_is_past_its_period);

const DAY_MS: i64 = 86_400_000;

fn now_ms() -> Result<i64> {
    Ok(i64::try_from(
        SystemTime::now().duration_since(UNIX_EPOCH)?.as_millis(),
    )?)
}

/// The per-table counts of every `retention` event so far, summed.
async fn removed(server: &TestServer) -> Result<[u64; 4]> {
    let mut sum = [0u64; 4];
    for details in server.db().audit_details_of_kind("retention").await? {
        let details: Value = serde_json::from_str(&details)?;
        for (slot, table) in ["challenges", "redemptions", "scan_denials", "audit_events"]
            .iter()
            .enumerate()
        {
            sum[slot] += details["removed"][table]
                .as_u64()
                .with_context(|| format!("retention event without a {table} count: {details}"))?;
        }
        ensure!(
            details["audit_before"].is_string(),
            "a retention event names its cutoffs: {details}"
        );
    }
    Ok(sum)
}

async fn retention_removes_only_what_is_past_its_period(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_RETENTION_INTERVAL_S", "1")
        .start()
        .await?;
    let admin = server.admin();
    let (_, mut gate) = connected_gate(&server, &admin, "gate", None).await?;

    // Old: an admission, a challenge nobody answered and a scan-time denial...
    let (old, old_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    admit(&mut gate, &old_wallet, &old_wallet.code_now()).await?;
    let (unanswered, unanswered_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    gate.challenge(&unanswered_wallet.code_now()).await?;
    gate.scan("garbage").await?;
    // ...aged past the defaults (7 days for challenges, 30 for redemptions), and audit
    // events either side of the 400-day floor.
    let now = now_ms()?;
    for sql in [
        format!(
            "UPDATE challenges SET expires_at_ms = expires_at_ms - {}",
            31 * DAY_MS
        ),
        format!(
            "UPDATE scan_denials SET created_at_ms = created_at_ms - {}",
            8 * DAY_MS
        ),
        format!(
            "INSERT INTO audit_events (at_ms, kind, severity, details) \
             VALUES ({}, 'test_old', 'info', '{{}}')",
            now - 401 * DAY_MS
        ),
        format!(
            "INSERT INTO audit_events (at_ms, kind, severity, details) \
             VALUES ({}, 'test_kept', 'info', '{{}}')",
            now - 399 * DAY_MS
        ),
    ] {
        execute_as_owner(server.database(), &sql).await?;
    }
    // Fresh: an admission made after the ageing.
    let (fresh, fresh_wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    admit(&mut gate, &fresh_wallet, &fresh_wallet.code_now()).await?;

    // The unanswered challenge is first audited by the sweep, then removed.
    let expected = [2, 1, 1, 1];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let mut seen = removed(&server).await?;
    while seen != expected && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(250)).await;
        seen = removed(&server).await?;
    }
    assert_eq!(
        seen, expected,
        "removed [challenges, redemptions, scan_denials, audit_events]"
    );

    let db = server.db();
    assert_eq!(db.redemption_count(old.pass_id).await?, 0);
    assert_eq!(db.challenge_count(old.pass_id).await?, 0);
    assert_eq!(db.challenge_count(unanswered.pass_id).await?, 0);
    assert_eq!(
        db.pass_uses(old.pass_id).await?,
        1,
        "removing an outcome gives no use back"
    );
    assert_eq!(db.redemption_count(fresh.pass_id).await?, 1);
    assert_eq!(db.challenge_count(fresh.pass_id).await?, 1);
    assert_eq!(db.audit_kind_count("test_old").await?, 0);
    assert_eq!(db.audit_kind_count("test_kept").await?, 1);
    assert_eq!(
        db.audit_kind_count("challenge_unanswered").await?,
        1,
        "the unanswered challenge was audited before it went"
    );
    // A used pass stays used once its outcomes are gone: uses live on the pass.
    let challenge = gate.challenge(&old_wallet.code_now()).await?;
    let result = gate
        .answer(&challenge, &old_wallet.answer(&challenge)?)
        .await?;
    assert_eq!(
        result.outcome,
        Outcome::AlreadyAdmitted,
        "a used pass admits nobody after retention: {result:?}"
    );
    Ok(())
}

//! Retention: the server removes what it no longer needs, and says so in the audit log.
//!
//! Three periods, each configurable with a floor (`docs/operations.md` lists them):
//! - **challenges** without a stored outcome, and scan-time denials: kept
//!   `challenge_retention_h` past the challenge's expiry (default 7 days, at least 24 h);
//! - **redemptions**, the outcomes stored under a nonce: kept `redemption_retention_h` past
//!   their challenge's expiry (default 30 days, at least 24 h, so that a gate resending
//!   after a long outage still gets its stored outcome); the challenge goes with them;
//! - **audit events**: kept `audit_retention_days` (default and floor 400 days).
//!
//! Nothing past these floors can matter to TSR1: a code is accepted only within one step of
//! now and a challenge lives seconds, so a removed row can never let a screenshot in or turn
//! a replay into an admission; `uses` lives on the pass, not in counted redemptions.
//!
//! The removal goes through the one path the schema allows: ordinary deletes, and for audit
//! events a delete trigger that refuses anything younger than 400 days by the database's
//! own clock (migration `20261201000003_retention`). Each pass removes a bounded batch per
//! table in one transaction that also appends a `retention` event with the counts and the
//! cutoffs, so a removal is never unaudited. On PostgreSQL an advisory lock lets one
//! replica run a pass at a time.

use std::time::Duration;

use crate::error::Result;
use crate::shutdown::Shutdown;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, Retention};
use tessera_store::{RetentionCounts, RetentionCutoffs, Store};

/// The shortest configurable challenge or redemption retention, in hours.
pub const MIN_HOURS: u64 = 24;

/// The shortest audit retention, in days; the schema's delete trigger enforces the same.
pub const AUDIT_FLOOR_DAYS: u64 = 400;

/// Rows removed per table per transaction, so a pass never holds locks for long.
pub const BATCH: i64 = 5_000;

/// Transactions in one pass at most; a bigger backlog waits for the next pass.
const MAX_BATCHES_PER_PASS: usize = 200;

const HOUR_MS: i64 = 3_600_000;
const DAY_MS: i64 = 24 * HOUR_MS;

/// How long each kind of row is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetentionPolicy {
    /// Past a challenge's expiry, for challenges without an outcome and scan denials.
    pub challenges: Duration,
    /// Past a challenge's expiry, for the outcome stored under it.
    pub redemptions: Duration,
    /// Past an audit event's time.
    pub audit: Duration,
}

impl RetentionPolicy {
    /// The cutoffs of a pass run at `now_ms`. A period below its floor is raised to it, so
    /// no caller can ask for less than the documented minimum.
    pub fn cutoffs(&self, now_ms: i64) -> RetentionCutoffs {
        let before = |period: Duration, floor_ms: i64| {
            let period_ms = i64::try_from(period.as_millis())
                .unwrap_or(i64::MAX)
                .max(floor_ms);
            now_ms.saturating_sub(period_ms)
        };
        let hours_floor = i64::try_from(MIN_HOURS).unwrap_or(i64::MAX) * HOUR_MS;
        let audit_floor = i64::try_from(AUDIT_FLOOR_DAYS).unwrap_or(i64::MAX) * DAY_MS;
        RetentionCutoffs {
            challenges_before_ms: before(self.challenges, hours_floor),
            redemptions_before_ms: before(self.redemptions, hours_floor),
            audit_before_ms: before(self.audit, audit_floor),
        }
    }
}

/// Runs one retention pass at `now_ms`: batches until every table is under its cutoff (or
/// the pass has run its most batches); returns what it removed in all.
///
/// # Errors
/// Storage failures; the batches committed before one stay committed and audited.
pub async fn run_pass(
    store: &Store,
    policy: &RetentionPolicy,
    now_ms: i64,
    batch: i64,
) -> Result<RetentionCounts> {
    let cutoffs = policy.cutoffs(now_ms);
    let mut removed = RetentionCounts::default();
    for _ in 0..MAX_BATCHES_PER_PASS {
        let counts = store
            .retention()
            .apply_retention(&cutoffs, batch, &|counts| event(counts, &cutoffs))
            .await?;
        removed.challenges += counts.challenges;
        removed.redemptions += counts.redemptions;
        removed.scan_denials += counts.scan_denials;
        removed.audit_events += counts.audit_events;
        if !counts.any_at(batch) {
            break;
        }
    }
    Ok(removed)
}

/// The `retention` event of one batch: what went, and the cutoffs it went by.
fn event(counts: &RetentionCounts, cutoffs: &RetentionCutoffs) -> tessera_store::NewAudit {
    audit::event(
        Severity::Info,
        Subject::default(),
        Details::Retention(Retention {
            removed: *counts,
            challenges_expired_before: tessera_domain::rfc3339(cutoffs.challenges_before_ms),
            redemptions_expired_before: tessera_domain::rfc3339(cutoffs.redemptions_before_ms),
            audit_before: tessera_domain::rfc3339(cutoffs.audit_before_ms),
        }),
    )
}

/// The server's retention task: one pass at start-up, then one `every`, until shutdown.
/// A pass under way when shutdown begins finishes first (each batch is its own
/// transaction, so even an interrupted pass would lose nothing).
pub async fn run(store: Store, policy: RetentionPolicy, every: Duration, mut shutdown: Shutdown) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            () = shutdown.recv() => return,
            _ = tick.tick() => {}
        }
        match run_pass(&store, &policy, tessera_domain::now_ms(), BATCH).await {
            Ok(removed) if removed.total() > 0 => tracing::info!(
                challenges = removed.challenges,
                redemptions = removed.redemptions,
                scan_denials = removed.scan_denials,
                audit_events = removed.audit_events,
                "retention removed rows past their period"
            ),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "retention pass failed; retrying next pass"),
        }
        // Personal data past each organisation's period (issue 32): rewritten, not deleted.
        match crate::privacy::sweep(&store, tessera_domain::now_ms()).await {
            Ok(0) => {}
            Ok(erased) => tracing::info!(erased, "retention erased personal data past its period"),
            Err(error) => {
                tracing::warn!(%error, "personal data retention failed; retrying next pass")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000_000;

    fn policy(challenges_h: u64, redemptions_h: u64, audit_days: u64) -> RetentionPolicy {
        RetentionPolicy {
            challenges: Duration::from_secs(challenges_h * 3600),
            redemptions: Duration::from_secs(redemptions_h * 3600),
            audit: Duration::from_secs(audit_days * 86_400),
        }
    }

    #[test]
    fn cutoffs_follow_the_periods_and_never_go_below_the_floors() {
        let cases = [
            // (challenges h, redemptions h, audit days) → (challenge, redemption, audit) cutoffs
            (
                policy(168, 720, 400),
                (168 * HOUR_MS, 720 * HOUR_MS, 400 * DAY_MS),
            ),
            (
                policy(24, 24, 400),
                (24 * HOUR_MS, 24 * HOUR_MS, 400 * DAY_MS),
            ),
            (
                policy(48, 24, 3650),
                (48 * HOUR_MS, 24 * HOUR_MS, 3650 * DAY_MS),
            ),
            // Below the floors (only reachable by building a policy by hand): raised.
            (policy(0, 1, 30), (24 * HOUR_MS, 24 * HOUR_MS, 400 * DAY_MS)),
        ];
        for (policy, (challenges, redemptions, audit)) in cases {
            assert_eq!(
                policy.cutoffs(NOW),
                RetentionCutoffs {
                    challenges_before_ms: NOW - challenges,
                    redemptions_before_ms: NOW - redemptions,
                    audit_before_ms: NOW - audit,
                },
                "{policy:?}"
            );
        }
    }

    #[test]
    fn cutoffs_saturate_instead_of_overflowing() {
        let huge = RetentionPolicy {
            challenges: Duration::MAX,
            redemptions: Duration::MAX,
            audit: Duration::MAX,
        };
        let cutoffs = huge.cutoffs(i64::MIN + 5);
        assert_eq!(cutoffs.challenges_before_ms, i64::MIN);
        assert_eq!(cutoffs.audit_before_ms, i64::MIN);
    }

    #[test]
    fn the_schema_floor_is_the_same_400_days_on_both_backends() {
        // The trigger is what makes the floor hold against a compromised application; the
        // constant is what the server promises. They must say the same.
        let postgres = include_str!("../../../../migrations/postgres/20261201000003_retention.sql");
        let sqlite = include_str!("../../../../migrations/sqlite/20261201000003_retention.sql");
        assert_eq!(AUDIT_FLOOR_DAYS, 400);
        assert!(postgres.contains("- 400::bigint * 86400000"), "{postgres}");
        assert!(sqlite.contains("- 400 * 86400000"), "{sqlite}");
    }

    #[test]
    fn a_batch_at_the_limit_asks_for_another() {
        let counts = RetentionCounts {
            audit_events: 10,
            ..RetentionCounts::default()
        };
        assert!(counts.any_at(10));
        assert!(!counts.any_at(11));
        assert_eq!(counts.total(), 10);
    }
}

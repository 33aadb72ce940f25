//! Retention: how many rows each table holds, and deleting what is past its cutoff.
//!
//! [`retention_statements!`] implements [`RetentionStatements`] for a backend, with the
//! statements both run
//! (`shared.rs` says how a dialect's lock clauses are passed in).

use crate::{NewAudit, Result, RetentionCounts};

/// Retention: how many rows each table holds, and deleting what is past its cutoff.
#[async_trait::async_trait]
pub trait RetentionStatements {
    /// Rows in each table retention bounds, for the soak benchmark and the tests.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn retained_rows(&self) -> Result<RetentionCounts>;

    /// Removes up to `limit` rows per table past `cutoffs` and appends `event(counts)`
    /// in the same transaction when anything went, so that every removal is audited. On
    /// PostgreSQL one replica runs a pass at a time; the others find nothing to do.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn apply_retention(
        &self,
        cutoffs: &RetentionCutoffs,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a RetentionCounts) -> NewAudit + Send + Sync),
    ) -> Result<RetentionCounts>;
}

macro_rules! retention_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::retention::RetentionStatements for $store {
            async fn retained_rows(&self) -> Result<RetentionCounts> {
                let (challenges, redemptions, scan_denials, audit_events): (i64, i64, i64, i64) =
                    sqlx::query_as(
                        "SELECT (SELECT COUNT(*) FROM challenges), (SELECT COUNT(*) FROM redemptions), \
                         (SELECT COUNT(*) FROM scan_denials), (SELECT COUNT(*) FROM audit_events)",
                    )
                    .fetch_one(self.reads())
                    .await
                    .map_err(Error::storage("count retained rows"))?;
                let count = |n: i64| u64::try_from(n).unwrap_or(0);
                Ok(RetentionCounts {
                    challenges: count(challenges),
                    redemptions: count(redemptions),
                    scan_denials: count(scan_denials),
                    audit_events: count(audit_events),
                })
            }

            async fn apply_retention(
                &self,
                cutoffs: &RetentionCutoffs,
                limit: i64,
                event: &(dyn for<'a> Fn(&'a RetentionCounts) -> NewAudit + Send + Sync),
            ) -> Result<RetentionCounts> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("retention").await?;
                if !retention_turn(&mut tx).await? {
                    return Ok(RetentionCounts::default());
                }
                // Outcomes first: a challenge cannot go while an outcome is stored under it. Only
                // under settled challenges, so that the sweep never takes a challenge whose
                // outcome has gone for an unanswered one.
                let redemptions = sqlx::query(
                    "DELETE FROM redemptions WHERE nonce IN ( \
                        SELECT c.nonce FROM challenges c JOIN redemptions r ON r.nonce = c.nonce \
                        WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE LIMIT $2)",
                )
                .bind(cutoffs.redemptions_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old redemptions"))?
                .rows_affected();
                // Only settled challenges, or ones the unanswered sweep has audited, ever go.
                let challenges = sqlx::query(
                    "DELETE FROM challenges WHERE nonce IN ( \
                        SELECT c.nonce FROM challenges c \
                        WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE \
                        AND NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.nonce = c.nonce) \
                        LIMIT $2)",
                )
                .bind(cutoffs.challenges_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old challenges"))?
                .rows_affected();
                let scan_denials = sqlx::query(
                    "DELETE FROM scan_denials WHERE (gate_id, scan_id) IN ( \
                        SELECT gate_id, scan_id FROM scan_denials WHERE created_at_ms < $1 LIMIT $2)",
                )
                .bind(cutoffs.challenges_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old scan denials"))?
                .rows_affected();
                // The schema's delete trigger refuses any event younger than its 400-day floor.
                let audit_events = sqlx::query(
                    "DELETE FROM audit_events WHERE id IN ( \
                        SELECT id FROM audit_events WHERE at_ms < $1 ORDER BY id LIMIT $2)",
                )
                .bind(cutoffs.audit_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old audit events"))?
                .rows_affected();
                let counts = RetentionCounts {
                    challenges,
                    redemptions,
                    scan_denials,
                    audit_events,
                };
                if counts.total() > 0 {
                    insert_audit(&mut tx, &event(&counts)).await?;
                    commit(tx, "retention").await?;
                }
                Ok(counts)
            }
        }
    };
}

pub(crate) use retention_statements;

/// The ages past which one retention pass removes rows, in stored milliseconds
/// (`tessera_flows::retention` computes them from the configured periods).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetentionCutoffs {
    /// Challenges without a stored outcome, and scan-time denials, from before this go.
    pub challenges_before_ms: i64,
    /// Outcomes stored under a challenge that expired before this go (the challenge goes
    /// with them once it is past `challenges_before_ms` too).
    pub redemptions_before_ms: i64,
    /// Audit events recorded before this go; the schema refuses any younger than 400 days.
    pub audit_before_ms: i64,
}

//! The audit log and the feed's reads of it: appending events, reading them back by filter or
//! after a cursor.
//!
//! [`audit_statements!`] implements [`AuditStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use crate::columns::{Columns, FromColumns};
use crate::{AuditFilter, AuditRow, NewAudit, Result};

/// The audit log and the feed's reads of it: appending events, reading them back by filter or
/// after a cursor.
#[async_trait::async_trait]
pub trait AuditStatements {
    /// Ids and times of every tenant's events after `after_id`, in id order, with the
    /// transactions that could still commit an id among them ([`crate::AuditIds`]).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<AuditIds>;

    /// The largest event id (0 for an empty log).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn max_audit_id(&self) -> Result<i64>;

    /// The newest `filter.limit` events matching `filter`, newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>>;

    /// Appends an audit event, and wakes the live feed once it is stored.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_audit(&self, event: &NewAudit) -> Result<()>;

    /// Appends aggregated events together, with a relaxed commit.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()>;

    /// One page of a tenant's audit log, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>>;
}

macro_rules! audit_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::audit::AuditStatements for $store {
            async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<crate::AuditIds> {
                let rows = sqlx::query_as(concat!(
                    "SELECT id, at_ms, ",
                    $writers,
                    " FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2"
                ))
                .bind(after_id)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read audit ids"))?;
                Ok(crate::AuditIds::from_rows(rows))
            }

            async fn max_audit_id(&self) -> Result<i64> {
                sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_events")
                    .fetch_one(self.reads())
                    .await
                    .map_err(Error::storage("read the last audit id"))
            }

            async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
                sqlx::query(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 \
                     AND ($2 IS NULL OR kind = $2) AND ($3 IS NULL OR severity = $3) \
                     AND ($4 IS NULL OR gate_id = $4) AND ($5 IS NULL OR pass_id = $5) \
                     ORDER BY id DESC LIMIT $6",
                )
                .bind(filter.org_id)
                .bind(&filter.kind)
                .bind(&filter.severity)
                .bind(filter.gate_id)
                .bind(filter.pass_id)
                .bind(filter.limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read the audit tail"))
            }

            async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut conn = self
                    .writes()
                    .acquire()
                    .await
                    .map_err(Error::storage("acquire for audit"))?;
                let done = insert_audit(&mut conn, event).await;
                if done.is_ok() {
                    crate::audit_appended();
                }
                done
            }

            async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin_relaxed("begin aggregated audit").await?;
                for event in events {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "commit aggregated audit").await
            }

            async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
                sqlx::query(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 \
                     AND ($2 IS NULL OR kind = $2) AND ($3 IS NULL OR severity = $3) \
                     AND ($4 IS NULL OR gate_id = $4) AND ($5 IS NULL OR pass_id = $5) \
                     AND ($6 IS NULL OR at_ms >= $6) AND ($7 IS NULL OR at_ms < $7) \
                     AND ($8 IS NULL OR id > $8) AND ($10 IS NULL OR id <= $10) \
                     ORDER BY id LIMIT $9",
                )
                .bind(filter.org_id)
                .bind(&filter.kind)
                .bind(&filter.severity)
                .bind(filter.gate_id)
                .bind(filter.pass_id)
                .bind(filter.since_ms)
                .bind(filter.until_ms)
                .bind(filter.after_id)
                .bind(filter.limit)
                .bind(filter.through_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("query audit log"))
            }
        }
    };
}

pub(crate) use audit_statements;

impl FromColumns for crate::AuditRow {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        let actor = match (
            row.col::<Option<String>>("actor_issuer")?,
            row.col::<Option<String>>("actor_subject")?,
            row.col::<Option<String>>("actor_name")?,
        ) {
            (Some(issuer), Some(subject), name) => Some(tessera_domain::sso::Person {
                name: name.unwrap_or_else(|| subject.clone()),
                issuer,
                subject,
            }),
            _ => None,
        };
        let kind: String = row.col("kind")?;
        let details: String = row.col("details")?;
        Ok(crate::AuditRow {
            id: row.col("id")?,
            at_ms: row.col("at_ms")?,
            org_id: row.col("org_id")?,
            severity: row.text("severity")?,
            gate_id: row.col("gate_id")?,
            pass_id: row.col("pass_id")?,
            event: tessera_domain::events::Recorded::decode(&kind, &details),
            actor,
            origin_node_id: row.col("origin_node_id")?,
        })
    }
}

/// The audit events after a reader's cursor, as one statement saw them
/// ([`AuditStatements::audit_ids_after`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditIds {
    /// Each id with its event's time, in id order.
    pub ids: Vec<(i64, i64)>,
    /// PostgreSQL: the transactions of the statement's snapshot. `None` on SQLite, whose
    /// one writer commits its ids in order: a missing id there was never committed.
    pub writers: Option<Writers>,
}

impl AuditIds {
    /// Builds it from rows of id, time and the snapshot's two bounds (`NULL` on SQLite).
    #[must_use]
    pub fn from_rows(rows: Vec<(i64, i64, Option<i64>, Option<i64>)>) -> Self {
        let writers = rows.first().and_then(|row| match (row.2, row.3) {
            (Some(oldest_running), Some(next)) => Some(Writers {
                oldest_running,
                next,
            }),
            _ => None,
        });
        Self {
            ids: rows
                .into_iter()
                .map(|(id, at_ms, _, _)| (id, at_ms))
                .collect(),
            writers,
        }
    }
}

/// Which PostgreSQL transactions could still commit an audit event when a statement read
/// the log: a sequence hands ids out before COMMIT, so a missing id may belong to one of
/// them. Every audit insert takes its transaction id before its event id (the `id`
/// column's default), so the transaction holding a missing id before a visible one is
/// older than the snapshot's `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Writers {
    /// `xmin`: every transaction older than this had ended.
    pub oldest_running: i64,
    /// `xmax`: every transaction that had begun writing is older than this.
    pub next: i64,
}

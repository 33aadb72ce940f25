//! The security team's statements (issues 32 and 34): alarms as people handle them, and
//! the watchlist that raises them.
//!
//! [`security_statements!`] implements [`SecurityStatements`] for a backend, with
//! the same statements on both: an alarm is a high-severity row of `audit_events`, joined
//! to its row of `alarms` once someone touched it, and every change is written only if the
//! alarm is still at the version its decision was made on.

use uuid::Uuid;

use crate::columns::{Columns, FromColumns};
use crate::{AlarmFilter, AlarmRow, NewAudit, Result};

/// Columns of an alarm: its event, and its handling from `LEFT JOIN alarms a`.
macro_rules! alarm_columns {
    () => {
        "SELECT e.id, e.at_ms, e.org_id, e.kind, e.severity, e.gate_id, e.pass_id, e.details, \
         e.actor_issuer, e.actor_subject, e.actor_name, e.origin_node_id, a.state AS alarm_state, \
         a.version AS alarm_version, a.assignee, a.acknowledged_at_ms, a.acknowledged_by, \
         a.resolved_at_ms, a.resolved_by, a.outcome, a.note, a.updated_at_ms AS alarm_updated_at_ms \
         FROM audit_events e LEFT JOIN alarms a ON a.audit_id = e.id "
    };
}

/// The security team's primitives (issue 32), the same statements on both backends,
/// written once in `security.rs`.
#[async_trait::async_trait]
pub trait SecurityStatements {
    /// An organisation's alarms, newest first: its high-severity events with what people
    /// did with each.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn alarms(&self, filter: &AlarmFilter) -> Result<Vec<AlarmRow>>;

    /// One alarm (read from the primary: a change is decided on it).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn alarm(&self, org_id: Uuid, alarm_id: i64) -> Result<Option<AlarmRow>>;

    /// Stores an alarm's next handling with its event, if the alarm is still at
    /// `read_version` (0: untouched); false, with nothing written, when someone changed it
    /// since.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn write_alarm(
        &self,
        org_id: Uuid,
        alarm_id: i64,
        read_version: i64,
        next: &tessera_domain::alarms::Handling,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Alarms not resolved, across organisations (for `/metrics`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn open_alarms(&self) -> Result<i64>;

    /// An organisation's watchlist, expired entries included, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn watchlist(&self, org_id: Uuid) -> Result<Vec<tessera_domain::watchlist::WatchEntry>>;

    /// Adds (`new`) or replaces a watchlist entry, with its event; false when a replaced
    /// entry is not the organisation's.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_watch_entry(
        &self,
        entry: &tessera_domain::watchlist::WatchEntry,
        new: bool,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Removes a watchlist entry with its event; false when there is no such entry.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn remove_watch_entry(&self, org_id: Uuid, id: Uuid, event: &NewAudit) -> Result<bool>;
}

macro_rules! security_statements {
    (store: $store:ty $(,)?) => {
        #[async_trait::async_trait]
        impl crate::security::SecurityStatements for $store {
            async fn alarms(&self, filter: &AlarmFilter) -> Result<Vec<AlarmRow>> {
                sqlx::query(concat!(
                    crate::security::alarm_columns!(),
                    "WHERE e.org_id = $1 AND e.severity = 'high' \
                     AND ($2 IS NULL OR COALESCE(a.state, 'open') = $2) \
                     AND ($3 IS NULL OR e.id < $3) ORDER BY e.id DESC LIMIT $4"
                ))
                .bind(filter.org_id)
                .bind(filter.state.map(|state| state.as_str()))
                .bind(filter.before_id)
                .bind(filter.limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list alarms"))
            }

            async fn alarm(&self, org_id: Uuid, alarm_id: i64) -> Result<Option<AlarmRow>> {
                sqlx::query(concat!(
                    crate::security::alarm_columns!(),
                    "WHERE e.org_id = $1 AND e.id = $2 AND e.severity = 'high'"
                ))
                .bind(org_id)
                .bind(alarm_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load alarm"))
            }

            async fn write_alarm(
                &self,
                org_id: Uuid,
                alarm_id: i64,
                read_version: i64,
                next: &tessera_domain::alarms::Handling,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("change alarm").await?;
                let state = next.current().as_str();
                let outcome = next.outcome.map(|outcome| outcome.as_str());
                // A first change inserts the row (nobody else may have); a later one moves
                // it from the version it was decided on.
                let write = if read_version == 0 {
                    sqlx::query(
                        "INSERT INTO alarms (audit_id, org_id, state, version, assignee, \
                         acknowledged_at_ms, acknowledged_by, resolved_at_ms, resolved_by, \
                         outcome, note, updated_at_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                         ON CONFLICT (audit_id) DO NOTHING",
                    )
                } else {
                    sqlx::query(
                        "UPDATE alarms SET state = $3, version = $4, assignee = $5, \
                         acknowledged_at_ms = $6, acknowledged_by = $7, resolved_at_ms = $8, \
                         resolved_by = $9, outcome = $10, note = $11, updated_at_ms = $12 \
                         WHERE audit_id = $1 AND org_id = $2 AND version = $13",
                    )
                }
                .bind(alarm_id)
                .bind(org_id)
                .bind(state)
                .bind(next.version)
                .bind(&next.assignee)
                .bind(next.acknowledged_at_ms)
                .bind(&next.acknowledged_by)
                .bind(next.resolved_at_ms)
                .bind(&next.resolved_by)
                .bind(outcome)
                .bind(&next.note)
                .bind(next.updated_at_ms);
                let write = if read_version == 0 {
                    write
                } else {
                    write.bind(read_version)
                };
                let written = write
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("change alarm"))?
                .rows_affected()
                    == 1;
                if !written {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "change alarm").await?;
                Ok(true)
            }

            async fn open_alarms(&self) -> Result<i64> {
                sqlx::query_scalar(
                    "SELECT (SELECT COUNT(*) FROM audit_events WHERE severity = 'high') \
                     - (SELECT COUNT(*) FROM alarms a JOIN audit_events e ON e.id = a.audit_id \
                        WHERE a.state = 'resolved')",
                )
                .fetch_one(self.reads())
                .await
                .map_err(Error::storage("count open alarms"))
            }

            async fn watchlist(&self, org_id: Uuid) -> Result<Vec<tessera_domain::watchlist::WatchEntry>> {
                sqlx::query(
                    "SELECT id, org_id, name, email, external_ref, reason, mode, added_by, \
                     created_at_ms, updated_at_ms, expires_at_ms FROM watchlist \
                     WHERE org_id = $1 ORDER BY created_at_ms, id LIMIT 100000",
                )
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("load watchlist"))
            }

            async fn put_watch_entry(
                &self,
                entry: &tessera_domain::watchlist::WatchEntry,
                new: bool,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("put watchlist entry").await?;
                let written = sqlx::query(if new {
                    "INSERT INTO watchlist (id, org_id, name, email, external_ref, reason, mode, \
                     added_by, created_at_ms, updated_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
                } else {
                    // Who added it and when do not change; they sit in the condition so that
                    // both statements bind the same parameters.
                    "UPDATE watchlist SET name = $3, email = $4, external_ref = $5, reason = $6, \
                     mode = $7, updated_at_ms = $10, expires_at_ms = $11 \
                     WHERE id = $1 AND org_id = $2 AND added_by = $8 AND created_at_ms = $9"
                })
                .bind(entry.id)
                .bind(entry.org_id)
                .bind(&entry.name)
                .bind(&entry.email)
                .bind(&entry.external_ref)
                .bind(&entry.reason)
                .bind(entry.mode.as_str())
                .bind(&entry.added_by)
                .bind(entry.created_at_ms)
                .bind(entry.updated_at_ms)
                .bind(entry.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("put watchlist entry"))?
                .rows_affected()
                    == 1;
                if !written {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "put watchlist entry").await?;
                Ok(true)
            }

            async fn remove_watch_entry(&self, org_id: Uuid, id: Uuid, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("remove watchlist entry").await?;
                let removed = sqlx::query("DELETE FROM watchlist WHERE id = $1 AND org_id = $2")
                    .bind(id)
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("remove watchlist entry"))?
                    .rows_affected()
                    == 1;
                if !removed {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "remove watchlist entry").await?;
                Ok(true)
            }

        }
    };
}

pub(crate) use {alarm_columns, security_statements};

/// Reads an audit event's columns and, from a `LEFT JOIN alarms`, `alarm_state`,
/// `alarm_version`, `assignee`, `acknowledged_at_ms`, `acknowledged_by`, `resolved_at_ms`,
/// `resolved_by`, `outcome`, `note` and `alarm_updated_at_ms`.
impl FromColumns for crate::AlarmRow {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        use tessera_domain::alarms::{AlarmState, Handling};
        let state: Option<AlarmState> = row.opt_text("alarm_state")?;
        Ok(crate::AlarmRow {
            event: crate::AuditRow::from_columns(row)?,
            handling: Handling {
                state: Some(state.unwrap_or(AlarmState::Open)),
                version: row.col::<Option<i64>>("alarm_version")?.unwrap_or(0),
                assignee: row.col("assignee")?,
                acknowledged_at_ms: row.col("acknowledged_at_ms")?,
                acknowledged_by: row.col("acknowledged_by")?,
                resolved_at_ms: row.col("resolved_at_ms")?,
                resolved_by: row.col("resolved_by")?,
                outcome: row.opt_text("outcome")?,
                note: row.col("note")?,
                updated_at_ms: row.col("alarm_updated_at_ms")?,
            },
        })
    }
}
crate::columns::from_columns!(tessera_domain::watchlist::WatchEntry {
    id,
    org_id,
    name,
    email,
    external_ref,
    reason,
    mode: text,
    added_by,
    created_at_ms,
    updated_at_ms,
    expires_at_ms,
});

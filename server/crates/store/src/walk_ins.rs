//! Walk-ins: a visitor asking at the gate, the host's decision, and the requests that expire
//! unanswered.
//!
//! [`walk_ins_statements!`] implements [`WalkInStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use crate::{MessageRow, NewAudit, Result, WalkInRow, WalkInView};
use uuid::Uuid;

/// Walk-ins: a visitor asking at the gate, the host's decision, and the requests that expire
/// unanswered.
#[async_trait::async_trait]
pub trait WalkInStatements {
    /// Records a walk-in request once per gate and request id, with its event and the
    /// messages that tell its host; returns it as stored and whether this call made it
    /// (only then are the messages queued).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn create_walk_in(
        &self,
        walk_in: &WalkInRow,
        event: &NewAudit,
        messages: &[(MessageRow, NewAudit)],
    ) -> Result<(WalkInRow, bool)>;

    /// A gate's walk-in request by its request id.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn walk_in_by_request(
        &self,
        gate_id: Uuid,
        request_id: Uuid,
    ) -> Result<Option<WalkInView>>;

    /// A tenant's walk-in request by its id.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>>;

    /// A tenant's walk-in requests, newest first, of one host and one state when given.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn list_walk_ins(
        &self,
        org_id: Uuid,
        host_id: Option<Uuid>,
        state: Option<&str>,
        limit: i64,
    ) -> Result<Vec<WalkInView>>;

    /// Closes a waiting, unexpired request with a decision and its event; false otherwise.
    /// A decision made as the host `acting_host` (their key, session or mailed link) is
    /// written only while that host is not revoked, in the same statement, so a link mailed
    /// before a revocation answers nothing after it.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn decide_walk_in(
        &self,
        org_id: Uuid,
        id: Uuid,
        state: &str,
        now_ms: i64,
        acting_host: Option<Uuid>,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Expires up to `limit` requests still waiting at `now_ms`, each with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn expire_walk_ins(
        &self,
        now_ms: i64,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a WalkInRow) -> NewAudit + Send + Sync),
    ) -> Result<usize>;
}

macro_rules! walk_ins_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::walk_ins::WalkInStatements for $store {
            async fn create_walk_in(
                &self,
                walk_in: &WalkInRow,
                event: &NewAudit,
                messages: &[(MessageRow, NewAudit)],
            ) -> Result<(WalkInRow, bool)> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("create walk-in").await?;
                let created = sqlx::query(
                    "INSERT INTO walk_ins (id, org_id, gate_id, request_id, host_id, visitor_name, \
                     note, state, created_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, 'waiting', $8, $9) \
                     ON CONFLICT (gate_id, request_id) DO NOTHING",
                )
                .bind(walk_in.id)
                .bind(walk_in.org_id)
                .bind(walk_in.gate_id)
                .bind(walk_in.request_id)
                .bind(walk_in.host_id)
                .bind(&walk_in.visitor_name)
                .bind(&walk_in.note)
                .bind(walk_in.created_at_ms)
                .bind(walk_in.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("create walk-in"))?
                .rows_affected()
                    == 1;
                if created {
                    insert_audit(&mut tx, event).await?;
                    for (message, queued) in messages {
                        insert_message(&mut tx, message).await?;
                        insert_audit(&mut tx, queued).await?;
                    }
                }
                let stored: WalkInRow = sqlx::query(
                    "SELECT id, org_id, gate_id, request_id, host_id, visitor_name, note, state, \
                     created_at_ms, expires_at_ms, decided_at_ms FROM walk_ins \
                     WHERE gate_id = $1 AND request_id = $2",
                )
                .bind(walk_in.gate_id)
                .bind(walk_in.request_id)
                .try_map(crate::columns::decode)
                .fetch_one(&mut *tx)
                .await
                .map_err(Error::storage("load walk-in"))?;
                commit(tx, "create walk-in").await?;
                Ok((stored, created))
            }

            async fn walk_in_by_request(
                &self,
                gate_id: Uuid,
                request_id: Uuid,
            ) -> Result<Option<WalkInView>> {
                sqlx::query(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.gate_id = $1 AND w.request_id = $2",
                )
                .bind(gate_id)
                .bind(request_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load walk-in"))
            }

            async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>> {
                sqlx::query(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.id = $1 AND w.org_id = $2",
                )
                .bind(id)
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load walk-in"))
            }

            async fn list_walk_ins(
                &self,
                org_id: Uuid,
                host_id: Option<Uuid>,
                state: Option<&str>,
                limit: i64,
            ) -> Result<Vec<WalkInView>> {
                sqlx::query(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.org_id = $1 AND ($2 IS NULL OR w.host_id = $2) \
                     AND ($3 IS NULL OR w.state = $3) \
                     ORDER BY w.created_at_ms DESC, w.id DESC LIMIT $4",
                )
                .bind(org_id)
                .bind(host_id)
                .bind(state)
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list walk-ins"))
            }

            async fn decide_walk_in(
                &self,
                org_id: Uuid,
                id: Uuid,
                state: &str,
                now_ms: i64,
                acting_host: Option<Uuid>,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("decide walk-in").await?;
                let decided = sqlx::query(
                    "UPDATE walk_ins SET state = $3, decided_at_ms = $4 \
                     WHERE id = $1 AND org_id = $2 AND state = 'waiting' AND expires_at_ms > $4 \
                     AND ($5 IS NULL OR EXISTS (SELECT 1 FROM hosts h \
                          WHERE h.id = $5 AND h.org_id = $2 AND h.revoked_at_ms IS NULL))",
                )
                .bind(id)
                .bind(org_id)
                .bind(state)
                .bind(now_ms)
                .bind(acting_host)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("decide walk-in"))?
                .rows_affected()
                    == 1;
                if decided {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "decide walk-in").await?;
                Ok(decided)
            }

            async fn expire_walk_ins(
                &self,
                now_ms: i64,
                limit: i64,
                event: &(dyn for<'a> Fn(&'a WalkInRow) -> NewAudit + Send + Sync),
            ) -> Result<usize> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("expire walk-ins").await?;
                let expired: Vec<WalkInRow> = sqlx::query(concat!(
                    "UPDATE walk_ins SET state = 'expired', decided_at_ms = expires_at_ms \
                     WHERE id IN (SELECT id FROM walk_ins WHERE state = 'waiting' \
                     AND expires_at_ms <= $1 ORDER BY expires_at_ms LIMIT $2",
                    $skip_locked,
                    ") RETURNING id, org_id, gate_id, request_id, host_id, visitor_name, note, \
                     state, created_at_ms, expires_at_ms, decided_at_ms",
                ))
                .bind(now_ms)
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("expire walk-ins"))?;
                for walk_in in &expired {
                    insert_audit(&mut tx, &event(walk_in)).await?;
                }
                commit(tx, "expire walk-ins").await?;
                Ok(expired.len())
            }
        }
    };
}

pub(crate) use walk_ins_statements;

crate::columns::from_columns!(crate::WalkInRow {
    id,
    org_id,
    gate_id,
    request_id,
    host_id,
    visitor_name,
    note,
    state: text,
    created_at_ms,
    expires_at_ms,
    decided_at_ms,
});
crate::columns::from_columns!(crate::WalkInView {
    walk_in: flatten,
    gate_label,
    host_label,
    host_unit,
});

//! People: hosts, whom visitors are invited by, and the console's sessions.
//!
//! [`people_statements!`] implements [`PeopleStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{ApiKeyRow, ConsoleSessionRow, HostRow, NewAudit, Result};

/// People: hosts and the console's sessions.
#[async_trait::async_trait]
pub trait PeopleStatements {
    /// Stores a host and its key's hash with the creation event, together.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_host(
        &self,
        host: &HostRow,
        key_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// A host of the tenant, unless revoked (a revoked host is asked nothing and given
    /// nothing).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>>;

    /// The tenant's hosts, not revoked, whose label or unit matches `pattern` (a
    /// lower-case `LIKE` pattern with `\\` escapes), by label.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn search_hosts(&self, org_id: Uuid, pattern: &str, limit: i64) -> Result<Vec<HostRow>>;

    /// Where a host is told of walk-ins: their own address, else the one their identity
    /// provider gave at their last sign-in; none for a revoked host.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn host_email(&self, org_id: Uuid, host_id: Uuid) -> Result<Option<String>>;

    /// Stores a console session (the SHA-256 of its cookie) for `key` with its sign-in event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_console_session(
        &self,
        token_hash: &[u8; 32],
        key: &ApiKeyRow,
        now_ms: i64,
        expires_at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// The key behind a console session that has not ended by `now_ms`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn console_session(
        &self,
        token_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<ConsoleSessionRow>>;

    /// Ends a console session with its sign-out event; false when there was none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn delete_console_session(&self, token_hash: &[u8; 32], event: &NewAudit)
        -> Result<bool>;
}

macro_rules! people_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::people::PeopleStatements for $store {
            async fn insert_host(
                &self,
                host: &HostRow,
                key_hash: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert host").await?;
                sqlx::query(
                    "INSERT INTO hosts (id, org_id, label, unit, key_hash, created_at_ms, email) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(host.id)
                .bind(host.org_id)
                .bind(&host.label)
                .bind(&host.unit)
                .bind(&key_hash[..])
                .bind(at_ms)
                .bind(&host.email)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert host"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert host").await
            }

            async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>> {
                sqlx::query(
                    "SELECT id, org_id, label, unit FROM hosts \
                     WHERE id = $1 AND org_id = $2 AND revoked_at_ms IS NULL",
                )
                    .bind(id)
                    .bind(org_id)
                    .try_map(crate::columns::decode)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load host"))
            }

            async fn search_hosts(&self, org_id: Uuid, pattern: &str, limit: i64) -> Result<Vec<HostRow>> {
                sqlx::query(
                    "SELECT id, org_id, label, unit FROM hosts WHERE org_id = $1 \
                     AND revoked_at_ms IS NULL \
                     AND (lower(label) LIKE $2 ESCAPE '\\' OR lower(COALESCE(unit, '')) LIKE $2 ESCAPE '\\') \
                     ORDER BY label, id LIMIT $3",
                )
                .bind(org_id)
                .bind(pattern)
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("search hosts"))
            }

            async fn host_email(&self, org_id: Uuid, host_id: Uuid) -> Result<Option<String>> {
                let email: Option<Option<String>> = sqlx::query_scalar(
                    "SELECT COALESCE(h.email, (SELECT p.email FROM people p \
                     WHERE p.host_id = h.id AND p.email IS NOT NULL \
                     ORDER BY p.signed_in_at_ms DESC LIMIT 1)) \
                     FROM hosts h WHERE h.org_id = $1 AND h.id = $2 AND h.revoked_at_ms IS NULL",
                )
                .bind(org_id)
                .bind(host_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load host email"))?;
                Ok(email.flatten())
            }

            async fn insert_console_session(
                &self,
                token_hash: &[u8; 32],
                key: &ApiKeyRow,
                now_ms: i64,
                expires_at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert console session").await?;
                sqlx::query(if key.role == Role::Host {
                    "INSERT INTO host_sessions (token_hash, org_id, host_id, created_at_ms, \
                         expires_at_ms) VALUES ($1, $2, $3, $4, $5)"
                } else {
                    "INSERT INTO console_sessions (token_hash, org_id, api_key_id, created_at_ms, \
                         expires_at_ms) VALUES ($1, $2, $3, $4, $5)"
                })
                .bind(&token_hash[..])
                .bind(key.org_id)
                .bind(key.id)
                .bind(now_ms)
                .bind(expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert console session"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert console session").await
            }

            async fn console_session(
                &self,
                token_hash: &[u8; 32],
                now_ms: i64,
            ) -> Result<Option<ConsoleSessionRow>> {
                sqlx::query(
                    "SELECT k.id, k.org_id, COALESCE(k.role_name, k.role) AS role, k.label, \
                     s.expires_at_ms, \
                     p.name AS person_name, p.issuer AS person_issuer, p.subject AS person_subject \
                     FROM console_sessions s JOIN api_keys k ON k.id = s.api_key_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.token_hash = $1 AND s.expires_at_ms > $2 AND k.revoked_at_ms IS NULL \
                     UNION ALL SELECT h.id, h.org_id, 'host', h.label, s.expires_at_ms, \
                     p.name, p.issuer, p.subject \
                     FROM host_sessions s JOIN hosts h ON h.id = s.host_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.token_hash = $1 AND s.expires_at_ms > $2 AND h.revoked_at_ms IS NULL",
                )
                .bind(&token_hash[..])
                .bind(now_ms)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load console session"))
            }

            async fn delete_console_session(
                &self,
                token_hash: &[u8; 32],
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("delete console session").await?;
                let mut deleted = 0;
                for statement in [
                    "DELETE FROM console_sessions WHERE token_hash = $1",
                    "DELETE FROM host_sessions WHERE token_hash = $1",
                ] {
                    deleted += sqlx::query(statement)
                        .bind(&token_hash[..])
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("delete console session"))?
                        .rows_affected();
                }
                if deleted != 1 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "delete console session").await?;
                Ok(true)
            }

        }
    };
}

pub(crate) use people_statements;

crate::columns::from_columns!(crate::HostRow {
    id,
    org_id,
    label,
    unit,
    email: default
});
crate::columns::from_columns!(crate::ApiKeyRow {
    id,
    org_id,
    role: text,
    label
});
crate::columns::from_columns!(crate::ConsoleSessionRow {
    key: flatten,
    expires_at_ms,
    person_name,
    person_issuer,
    person_subject,
});

//! Gates and their pairing: a gate's credential, label and pairing links, and revoking it.
//!
//! [`gates_statements!`] implements [`GateStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::columns::{Columns, FromColumns};
use crate::{GateRow, NewAudit, PairingRow, Result};

/// Gates and their pairing: a gate's credential, label and pairing links, and revoking it.
#[async_trait::async_trait]
pub trait GateStatements {
    /// Stores a new gate device with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_gate(
        &self,
        gate: &GateRow,
        token_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Finds a gate by the hash of its presented device token.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>>;

    /// A gate's label by id.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn gate_label(&self, id: Uuid) -> Result<Option<String>>;

    /// Stores a pairing link for a live gate of its organisation; false when there is none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool>;

    /// Uses a pairing link once and rotates its gate's credential to `token_hash`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn redeem_pairing(
        &self,
        secret_hash: &[u8; 32],
        token_hash: &[u8; 32],
        now_ms: i64,
        event: &(dyn for<'a> Fn(&'a GateRow) -> NewAudit + Send + Sync),
    ) -> Result<Option<GateRow>>;

    /// Revokes a live gate of `org_id`; false when there is none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn revoke_gate(
        &self,
        org_id: Uuid,
        gate_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;
}

macro_rules! gates_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::gates::GateStatements for $store {
            async fn insert_gate(
                &self,
                gate: &GateRow,
                token_hash: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert gate").await?;
                sqlx::query(
                    "INSERT INTO gates (id, org_id, label, site, token_hash, created_at_ms, zone_id, \
                     direction, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(gate.id)
                .bind(gate.org_id)
                .bind(&gate.label)
                .bind(&gate.site)
                .bind(&token_hash[..])
                .bind(at_ms)
                .bind(gate.zone_id)
                .bind(gate.direction.unwrap_or(tessera_domain::zones::Direction::Entry).as_str())
                .bind(&gate.language)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert gate"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert gate").await
            }

            async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>> {
                sqlx::query(
                    "SELECT id, org_id, label, site, zone_id, direction, language FROM gates \
                     WHERE token_hash = $1 AND revoked_at_ms IS NULL",
                )
                .bind(&hash[..])
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load gate"))
            }

            async fn gate_label(&self, id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar("SELECT label FROM gates WHERE id = $1")
                    .bind(id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load gate label"))
            }

            async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert pairing").await?;
                let stored = sqlx::query(
                    "INSERT INTO gate_pairings (secret_hash, gate_id, org_id, created_at_ms, \
                     expires_at_ms) SELECT $1, id, org_id, $3, $4 FROM gates \
                     WHERE id = $2 AND org_id = $5 AND revoked_at_ms IS NULL",
                )
                .bind(&pairing.secret_hash[..])
                .bind(pairing.gate_id)
                .bind(pairing.created_at_ms)
                .bind(pairing.expires_at_ms)
                .bind(pairing.org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert pairing"))?
                .rows_affected();
                if stored != 1 {
                    return Ok(false);
                }
                // A new link replaces the gate's older unused ones.
                cancel_pairings(&mut tx, pairing.gate_id, &pairing.secret_hash, pairing.created_at_ms)
                    .await?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert pairing").await?;
                Ok(true)
            }

            async fn redeem_pairing(
                &self,
                secret_hash: &[u8; 32],
                token_hash: &[u8; 32],
                now_ms: i64,
                event: &(dyn for<'a> Fn(&'a GateRow) -> NewAudit + Send + Sync),
            ) -> Result<Option<GateRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("redeem pairing").await?;
                let gate_id: Option<Uuid> = sqlx::query_scalar(
                    "UPDATE gate_pairings SET used_at_ms = $2 \
                     WHERE secret_hash = $1 AND used_at_ms IS NULL AND expires_at_ms > $2 \
                     RETURNING gate_id",
                )
                .bind(&secret_hash[..])
                .bind(now_ms)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("use pairing"))?;
                let Some(gate_id) = gate_id else {
                    return Ok(None);
                };
                let gate: Option<GateRow> = sqlx::query(
                    "UPDATE gates SET token_hash = $1 WHERE id = $2 AND revoked_at_ms IS NULL \
                     RETURNING id, org_id, label, site, language",
                )
                .bind(&token_hash[..])
                .bind(gate_id)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("rotate gate credential"))?;
                let Some(gate) = gate else {
                    return Ok(None);
                };
                // The tablet just paired is the gate's device: no older link may take its
                // place.
                cancel_pairings(&mut tx, gate_id, secret_hash, now_ms).await?;
                insert_audit(&mut tx, &event(&gate)).await?;
                commit(tx, "redeem pairing").await?;
                Ok(Some(gate))
            }

            async fn revoke_gate(
                &self,
                org_id: Uuid,
                gate_id: Uuid,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("revoke gate").await?;
                let revoked = sqlx::query(
                    "UPDATE gates SET revoked_at_ms = $3 \
                     WHERE id = $1 AND org_id = $2 AND revoked_at_ms IS NULL",
                )
                .bind(gate_id)
                .bind(org_id)
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("revoke gate"))?
                .rows_affected();
                if revoked != 1 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "revoke gate").await?;
                Ok(true)
            }
        }
    };
}

pub(crate) use gates_statements;

impl FromColumns for crate::GateRow {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        let direction = match row.opt_text("direction") {
            Err(sqlx::Error::ColumnNotFound(_)) => None,
            read => read?,
        };
        Ok(crate::GateRow {
            id: row.col("id")?,
            org_id: row.col("org_id")?,
            label: row.col("label")?,
            site: row.col("site")?,
            zone_id: row.col_or_default("zone_id")?,
            direction,
            language: row.col_or_default("language")?,
        })
    }
}
crate::columns::from_columns!(crate::GateStatusRow {
    id,
    label,
    site,
    created_at_ms,
    revoked_at_ms,
    sockets,
    last_seen_ms,
});

//! Zones: their rules, and the check-out sweep at a zone's closing time.
//!
//! [`zones_statements!`] implements [`ZoneStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{NewAudit, Result, ZoneRow};

/// Zones: their rules, and the check-out sweep at a zone's closing time.
#[async_trait::async_trait]
pub trait ZoneStatements {
    /// Stores a zone with its creation event, together.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()>;

    /// The organisation's zones by name, without counting who is inside.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn zone_rows(&self, org_id: Uuid) -> Result<Vec<ZoneRow>>;

    /// A tenant's zones, each with how many passes are inside now.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>>;

    /// Checks everyone out of the zones whose check-out minute has come today.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn auto_checkout(
        &self,
        today: i64,
        minute: i64,
        now_ms: i64,
        event: &(dyn for<'a> Fn(&'a ZoneRow, u64) -> NewAudit + Send + Sync),
    ) -> Result<usize>;
}

macro_rules! zones_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::zones::ZoneStatements for $store {
            async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert zone").await?;
                sqlx::query(
                    "INSERT INTO zones (id, org_id, name, allow_reentry, max_entries_per_day, \
                     checkout_at_minute, checks_out_others, created_at_ms, last_checkout_day) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(zone.id)
                .bind(zone.org_id)
                .bind(&zone.name)
                .bind(zone.allow_reentry)
                .bind(zone.max_entries_per_day)
                .bind(zone.checkout_at_minute)
                .bind(zone.checks_out_others)
                .bind(zone.created_at_ms)
                .bind(zone.last_checkout_day)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert zone"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert zone").await
            }

            async fn zone_rows(&self, org_id: Uuid) -> Result<Vec<ZoneRow>> {
                sqlx::query(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones \
                     WHERE org_id = $1 ORDER BY name, id",
                )
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list zones"))
            }

            async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>> {
                let zones = self.zone_rows(org_id).await?;
                let counts: Vec<(Uuid, i64)> = sqlx::query_as(
                    "SELECT zone_id, COUNT(*) FROM zone_presence WHERE org_id = $1 AND inside \
                     GROUP BY zone_id",
                )
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("count who is inside"))?;
                Ok(zones
                    .into_iter()
                    .map(|zone| {
                        let inside = counts
                            .iter()
                            .find(|(id, _)| *id == zone.id)
                            .map_or(0, |(_, n)| *n);
                        (zone, inside)
                    })
                    .collect())
            }

            async fn auto_checkout(
                &self,
                today: i64,
                minute: i64,
                now_ms: i64,
                event: &(dyn for<'a> Fn(&'a ZoneRow, u64) -> NewAudit + Send + Sync),
            ) -> Result<usize> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("automatic check-out").await?;
                let due: Vec<ZoneRow> = sqlx::query(concat!(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones \
                     WHERE checkout_at_minute IS NOT NULL AND checkout_at_minute <= $2 \
                     AND (last_checkout_day IS NULL OR last_checkout_day < $1)",
                    $for_update,
                ))
                .bind(today)
                .bind(minute)
                .try_map(crate::columns::decode)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("find zones to check out"))?;
                for zone in &due {
                    let out = sqlx::query(
                        "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $2 \
                         WHERE zone_id = $1 AND inside",
                    )
                    .bind(zone.id)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("check everyone out"))?
                    .rows_affected();
                    sqlx::query("UPDATE zones SET last_checkout_day = $2 WHERE id = $1")
                        .bind(zone.id)
                        .bind(today)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("mark the check-out"))?;
                    insert_audit(&mut tx, &event(zone, out)).await?;
                }
                commit(tx, "automatic check-out").await?;
                Ok(due.len())
            }
        }
    };
}

pub(crate) use zones_statements;

crate::columns::from_columns!(crate::ZoneRow {
    id,
    org_id,
    name,
    allow_reentry,
    max_entries_per_day,
    checkout_at_minute,
    checks_out_others,
    last_checkout_day,
    created_at_ms,
});

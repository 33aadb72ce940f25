//! What the centre sends down to an on-site node: the passes, zones and presence that
//! changed since a cursor, its gates and keys, the events it has not seen, and the node
//! applying them.
//!
//! [`site_down_statements!`] implements [`SiteDownStatements`] for a backend, with the
//! statements both run
//! (`sites.rs` says what the dialect passes in).

use crate::sites::{DownCursor, PassChange, Resync, ShippedEvent, SiteGateRow, SitePass};
use crate::{NewAudit, Result};
use tessera_domain::rows::{PassRow, ZoneRow};
use tessera_domain::sites::{Merged, PresenceRecord};
use uuid::Uuid;

/// What the centre sends down to an on-site node, and the node applying it.
#[async_trait::async_trait]
pub trait SiteDownStatements {
    /// The site's passes written after `after_seq` in the log, in log order, at most
    /// `limit`; with `resync`, only those at or before its `through_seq` whose last writer
    /// was a transaction at or past its `since_tx`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn pass_changes(
        &self,
        org_id: Uuid,
        site: &str,
        after_seq: i64,
        resync: Option<Resync>,
        limit: i64,
    ) -> Result<Vec<PassChange>>;

    /// PostgreSQL: the oldest transaction still running (`xmin`). A change read after this
    /// and not visible belongs to a transaction at or past it. `None` on SQLite, whose one
    /// writer commits the log in order.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn change_horizon(&self) -> Result<Option<i64>>;

    /// The site's gates, revoked ones included (so that the node learns of revocations).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn site_gates(&self, org_id: Uuid, site: &str) -> Result<Vec<SiteGateRow>>;

    /// Applies a sync-down on the node, in one transaction: the gates,
    /// each pass merged with the node's copy by `merge` (with the report `report` makes of
    /// a conflict), its sealed keys, and the cursor. Answers the passes that conflicted.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    #[allow(clippy::too_many_arguments)]
    async fn apply_site_down(
        &self,
        zones: &[ZoneRow],
        gates: &[SiteGateRow],
        passes: &[SitePass],
        down: DownCursor,
        merge: &(dyn for<'p> Fn(Option<&'p PassRow>, PassRow) -> Merged + Send + Sync),
        report: &(dyn for<'p> Fn(&'p PassRow) -> NewAudit + Send + Sync),
    ) -> Result<Vec<Uuid>>;

    /// The zones of the site's passes changed at places `after_seq` (exclusive) to
    /// `through_seq` of the log: `(pass, zone)`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn changed_pass_zones(
        &self,
        org_id: Uuid,
        site: &str,
        after_seq: i64,
        through_seq: i64,
    ) -> Result<Vec<(Uuid, Uuid)>>;

    /// The standing in zones of the site's passes changed at places `after_seq` (exclusive)
    /// to `through_seq` of the log.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn changed_presence(
        &self,
        org_id: Uuid,
        site: &str,
        after_seq: i64,
        through_seq: i64,
    ) -> Result<Vec<PresenceRecord>>;

    /// Every pass key the node holds, sealed: `(pass, wallet key, sealed keys)`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn node_pass_keys(&self) -> Result<Vec<(Uuid, Vec<u8>, String)>>;

    /// The node's audit events after `after_id`, oldest first, at most `limit`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn events_after(&self, after_id: i64, limit: i64) -> Result<Vec<ShippedEvent>>;
}

macro_rules! site_down_statements {
    (store: $store:ty, db: $db:ty, horizon: $horizon:literal $(,)?) => {
        #[async_trait::async_trait]
        impl crate::site_down::SiteDownStatements for $store {
            async fn pass_changes(
                &self,
                org_id: Uuid,
                site: &str,
                after_seq: i64,
                resync: Option<crate::sites::Resync>,
                limit: i64,
            ) -> Result<Vec<crate::sites::PassChange>> {
                let query = match resync {
                    None => sqlx::query(
                        "SELECT c.seq, c.at_ms AS changed_at_ms, p.* FROM pass_changes c \
                         JOIN passes p ON p.id = c.pass_id \
                         WHERE c.seq > $1 AND p.org_id = $2 AND p.site = $3 \
                         ORDER BY c.seq LIMIT $4",
                    ),
                    Some(_) => sqlx::query(
                        "SELECT c.seq, c.at_ms AS changed_at_ms, p.* FROM pass_changes c \
                         JOIN passes p ON p.id = c.pass_id \
                         WHERE c.tx >= $5 AND c.seq > $1 AND c.seq <= $6 AND p.org_id = $2 \
                         AND p.site = $3 ORDER BY c.seq LIMIT $4",
                    ),
                };
                let query = query.bind(after_seq).bind(org_id).bind(site).bind(limit);
                let query = match resync {
                    None => query,
                    Some(resync) => query.bind(resync.since_tx).bind(resync.through_seq),
                };
                query
                    .try_map(crate::columns::decode)
                    .fetch_all(self.writes())
                    .await
                    .map_err(Error::storage("read pass changes"))
            }

            async fn change_horizon(&self) -> Result<Option<i64>> {
                sqlx::query_scalar($horizon)
                    .fetch_one(self.writes())
                    .await
                    .map_err(Error::storage("read the change horizon"))
            }

            async fn site_gates(
                &self,
                org_id: Uuid,
                site: &str,
            ) -> Result<Vec<crate::sites::SiteGateRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, label, site, token_hash, created_at_ms, language, \
                     revoked_at_ms, zone_id, direction FROM gates \
                     WHERE org_id = $1 AND site = $2 ORDER BY id",
                )
                .bind(org_id)
                .bind(site)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list site gates"))
            }

            async fn apply_site_down(
                &self,
                zones: &[tessera_domain::rows::ZoneRow],
                gates: &[crate::sites::SiteGateRow],
                passes: &[crate::sites::SitePass],
                down: crate::sites::DownCursor,
                merge: &(dyn for<'p> Fn(
                    Option<&'p tessera_domain::rows::PassRow>,
                    tessera_domain::rows::PassRow,
                ) -> tessera_domain::sites::Merged
                      + Send
                      + Sync),
                report: &(dyn for<'p> Fn(&'p tessera_domain::rows::PassRow) -> NewAudit + Send + Sync),
            ) -> Result<Vec<Uuid>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("apply sync-down").await?;
                // Zones first: gates and passes name them. The node keeps its own day of the
                // last automatic check-out (its sweeper runs there).
                for zone in zones {
                    sqlx::query(
                        "INSERT INTO zones (id, org_id, name, allow_reentry, max_entries_per_day, \
                         checkout_at_minute, checks_out_others, last_checkout_day, created_at_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                         ON CONFLICT (id) DO UPDATE SET name = excluded.name, \
                         allow_reentry = excluded.allow_reentry, \
                         max_entries_per_day = excluded.max_entries_per_day, \
                         checkout_at_minute = excluded.checkout_at_minute, \
                         checks_out_others = excluded.checks_out_others",
                    )
                    .bind(zone.id)
                    .bind(zone.org_id)
                    .bind(&zone.name)
                    .bind(zone.allow_reentry)
                    .bind(zone.max_entries_per_day)
                    .bind(zone.checkout_at_minute)
                    .bind(zone.checks_out_others)
                    .bind(zone.last_checkout_day)
                    .bind(zone.created_at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("write a site zone"))?;
                }
                for gate in gates {
                    sqlx::query(
                        "INSERT INTO gates (id, org_id, label, site, token_hash, created_at_ms, \
                         language, revoked_at_ms, zone_id, direction) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                         ON CONFLICT (id) DO UPDATE SET label = excluded.label, \
                         site = excluded.site, token_hash = excluded.token_hash, \
                         language = excluded.language, revoked_at_ms = excluded.revoked_at_ms, \
                         zone_id = excluded.zone_id, direction = excluded.direction",
                    )
                    .bind(gate.id)
                    .bind(gate.org_id)
                    .bind(&gate.label)
                    .bind(&gate.site)
                    .bind(&gate.token_hash)
                    .bind(gate.created_at_ms)
                    .bind(&gate.language)
                    .bind(gate.revoked_at_ms)
                    .bind(gate.zone_id)
                    .bind(&gate.direction)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("write a site gate"))?;
                }
                let mut conflicts = Vec::new();
                for site_pass in passes {
                    let central = &site_pass.pass;
                    let local: Option<tessera_domain::rows::PassRow> =
                        sqlx::query("SELECT * FROM passes WHERE id = $1")
                            .bind(central.id)
                            .try_map(crate::columns::decode)
                            .fetch_optional(&mut *tx)
                            .await
                            .map_err(Error::storage("read the node's pass"))?;
                    let merged = merge(local.as_ref(), central.clone());
                    if merged.revoked_after_admission {
                        insert_audit(&mut tx, &report(&merged.pass)).await?;
                        conflicts.push(merged.pass.id);
                    }
                    let pass = &merged.pass;
                    // Most changes that come back are this node's own admissions, counted
                    // centrally: a pass as it already is here is not written again (the
                    // writer is the admissions' too).
                    if local.as_ref() != Some(pass) {
                        sqlx::query(
                            "INSERT INTO passes (id, org_id, label, site, valid_from_ms, \
                             valid_until_ms, max_uses, uses, state, claim_token_hash, \
                             wallet_public_key, server_kid, created_at_ms, claimed_at_ms, \
                             revoked_at_ms, max_transfers, transfers, rebinds, language) \
                             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, \
                             $15, $16, $17, $18, $19) \
                             ON CONFLICT (id) DO UPDATE SET label = excluded.label, \
                             site = excluded.site, valid_from_ms = excluded.valid_from_ms, \
                             valid_until_ms = excluded.valid_until_ms, max_uses = excluded.max_uses, \
                             uses = excluded.uses, state = excluded.state, \
                             claim_token_hash = excluded.claim_token_hash, \
                             wallet_public_key = excluded.wallet_public_key, \
                             server_kid = excluded.server_kid, claimed_at_ms = excluded.claimed_at_ms, \
                             revoked_at_ms = excluded.revoked_at_ms, \
                             max_transfers = excluded.max_transfers, transfers = excluded.transfers, \
                             rebinds = excluded.rebinds, language = excluded.language",
                        )
                        .bind(pass.id)
                        .bind(pass.org_id)
                        .bind(&pass.label)
                        .bind(&pass.site)
                        .bind(pass.valid_from_ms)
                        .bind(pass.valid_until_ms)
                        .bind(pass.max_uses)
                        .bind(pass.uses)
                        .bind(pass.state.as_str())
                        .bind(&pass.claim_token_hash)
                        .bind(&pass.wallet_public_key)
                        .bind(&pass.server_kid)
                        .bind(pass.created_at_ms)
                        .bind(pass.claimed_at_ms)
                        .bind(pass.revoked_at_ms)
                        .bind(pass.max_transfers)
                        .bind(pass.transfers)
                        .bind(pass.rebinds)
                        .bind(&pass.language)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("write a site pass"))?;
                    }
                    let held: Option<Vec<u8>> = sqlx::query_scalar(
                        "SELECT wallet_public_key FROM node_pass_keys WHERE pass_id = $1",
                    )
                    .bind(pass.id)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(Error::storage("read a pass's sealed keys"))?;
                    match (&site_pass.sealed_keys, &pass.wallet_public_key) {
                        // The same wallet's keys, sealed anew: what is held stays.
                        (Some(_), Some(wallet)) if held.as_ref() == Some(wallet) => {}
                        (Some(sealed), Some(wallet)) => {
                            sqlx::query(
                                "INSERT INTO node_pass_keys (pass_id, wallet_public_key, sealed) \
                                 VALUES ($1, $2, $3) ON CONFLICT (pass_id) DO UPDATE SET \
                                 wallet_public_key = excluded.wallet_public_key, \
                                 sealed = excluded.sealed",
                            )
                            .bind(pass.id)
                            .bind(wallet)
                            .bind(sealed)
                            .execute(&mut *tx)
                            .await
                            .map_err(Error::storage("write a pass's sealed keys"))?;
                        }
                        _ => {
                            sqlx::query("DELETE FROM node_pass_keys WHERE pass_id = $1")
                                .bind(pass.id)
                                .execute(&mut *tx)
                                .await
                                .map_err(Error::storage("drop a pass's keys"))?;
                        }
                    }
                    // The zones it is valid for, as the central server has them now.
                    let mut held: Vec<Uuid> =
                        sqlx::query_scalar("SELECT zone_id FROM pass_zones WHERE pass_id = $1")
                            .bind(pass.id)
                            .fetch_all(&mut *tx)
                            .await
                            .map_err(Error::storage("read a pass's zones"))?;
                    let mut zones = site_pass.zones.clone();
                    held.sort_unstable();
                    zones.sort_unstable();
                    if held != zones {
                        sqlx::query("DELETE FROM pass_zones WHERE pass_id = $1")
                            .bind(pass.id)
                            .execute(&mut *tx)
                            .await
                            .map_err(Error::storage("clear a pass's zones"))?;
                        for zone_id in &zones {
                            sqlx::query(
                                "INSERT INTO pass_zones (pass_id, zone_id) VALUES ($1, $2)",
                            )
                            .bind(pass.id)
                            .bind(zone_id)
                            .execute(&mut *tx)
                            .await
                            .map_err(Error::storage("write a pass's zone"))?;
                        }
                    }
                    for record in &site_pass.presence {
                        merge_presence_in(&mut tx, record).await?;
                    }
                }
                sqlx::query(
                    "UPDATE node_state SET down_seq = $1, down_as_of_ms = $2, updated_at_ms = $2, \
                     down_horizon = COALESCE($3, down_horizon) WHERE id = 1",
                )
                .bind(down.seq)
                .bind(down.as_of_ms)
                .bind(down.horizon)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("move the sync-down cursor"))?;
                commit(tx, "apply sync-down").await?;
                Ok(conflicts)
            }

            async fn changed_pass_zones(
                &self,
                org_id: Uuid,
                site: &str,
                after_seq: i64,
                through_seq: i64,
            ) -> Result<Vec<(Uuid, Uuid)>> {
                sqlx::query_as(
                    "SELECT z.pass_id, z.zone_id FROM pass_changes c \
                     JOIN passes p ON p.id = c.pass_id JOIN pass_zones z ON z.pass_id = c.pass_id \
                     WHERE c.seq > $3 AND c.seq <= $4 AND p.org_id = $1 AND p.site = $2",
                )
                .bind(org_id)
                .bind(site)
                .bind(after_seq)
                .bind(through_seq)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("read changed passes' zones"))
            }

            async fn changed_presence(
                &self,
                org_id: Uuid,
                site: &str,
                after_seq: i64,
                through_seq: i64,
            ) -> Result<Vec<tessera_domain::sites::PresenceRecord>> {
                sqlx::query(
                    "SELECT z.pass_id, z.zone_id, z.org_id, z.inside, z.entry_day, \
                     z.entries_on_day, z.entered_at_ms, z.exited_at_ms FROM pass_changes c \
                     JOIN passes p ON p.id = c.pass_id \
                     JOIN zone_presence z ON z.pass_id = c.pass_id \
                     WHERE c.seq > $3 AND c.seq <= $4 AND p.org_id = $1 AND p.site = $2",
                )
                .bind(org_id)
                .bind(site)
                .bind(after_seq)
                .bind(through_seq)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("read changed passes' standing in zones"))
            }

            async fn node_pass_keys(&self) -> Result<Vec<(Uuid, Vec<u8>, String)>> {
                sqlx::query_as("SELECT pass_id, wallet_public_key, sealed FROM node_pass_keys")
                    .fetch_all(self.reads())
                    .await
                    .map_err(Error::storage("load pass keys"))
            }

            async fn events_after(
                &self,
                after_id: i64,
                limit: i64,
            ) -> Result<Vec<crate::sites::ShippedEvent>> {
                sqlx::query_as(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details \
                     FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2",
                )
                .bind(after_id)
                .bind(limit)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("read events to ship"))
            }

        }
    };
}

pub(crate) use site_down_statements;

//! What an on-site node ships up to the centre: its batch of admissions and events, its cursor,
//! its state, and the presence it merges.
//!
//! [`site_up_statements!`] implements [`SiteUpStatements`] for a backend, with the statements
//! both run (`sites.rs` says what the dialect passes in).

use crate::sites::{CountedAdmission, Ingested, NodeStateRow, ShippedAdmission, ShippedBatch};
use crate::{NewAudit, Result};
use tessera_domain::sites::PresenceRecord;
use uuid::Uuid;

/// What an on-site node ships up to the centre: its batch of admissions and events, its cursor,
/// its state, and the presence it merges.
#[async_trait::async_trait]
pub trait SiteUpStatements {
    /// Writes what a node shipped, in one transaction: each event once (by the node's id
    /// for it), each admission once (by nonce), counting an admission's use on its pass,
    /// for each counted admission the report `report` makes of it, if any, and the
    /// `fault` event recording what the batch had that was refused.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn ingest_site_batch(
        &self,
        node_id: Uuid,
        site: &str,
        batch: ShippedBatch<'_>,
        report: &(dyn for<'c> Fn(&'c CountedAdmission) -> Option<NewAudit> + Send + Sync),
    ) -> Result<Ingested>;

    /// Moves the node's sync-up cursor forward (never back).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_up_cursor(&self, cursor: i64, at_ms: i64) -> Result<()>;

    /// The outcome stored for a gate's scan, if there is one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn stored_outcome_of_scan(
        &self,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<ShippedAdmission>>;

    /// The node's state row.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn node_state(&self) -> Result<Option<NodeStateRow>>;

    /// Writes the node's state row, with an event when one is given.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_node_state(&self, state: &NodeStateRow, event: Option<&NewAudit>) -> Result<()>;

    /// A pass's standing in every zone it ever entered.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn presence_of(&self, pass_id: Uuid) -> Result<Vec<PresenceRecord>>;

    /// Writes each record that is later than the one there
    /// ([`tessera_domain::sites::presence_wins`]).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn merge_presence(&self, records: &[PresenceRecord]) -> Result<()>;

    /// Writes the node's copy of its organisation.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_node_org(&self, org_id: Uuid, name: &str) -> Result<()>;
}

macro_rules! site_up_statements {
    (store: $store:ty, db: $db:ty, horizon: $horizon:literal $(,)?) => {
        #[async_trait::async_trait]
        impl crate::site_up::SiteUpStatements for $store {
            async fn ingest_site_batch(
                &self,
                node_id: Uuid,
                site: &str,
                batch: crate::sites::ShippedBatch<'_>,
                report: &(dyn for<'c> Fn(&'c crate::sites::CountedAdmission) -> Option<NewAudit>
                      + Send
                      + Sync),
            ) -> Result<crate::sites::Ingested> {
                let crate::sites::ShippedBatch {
                    events,
                    admissions,
                    at_ms,
                    fault,
                } = batch;
                let _writing = self.write_turn().await;
                let mut tx = self.begin("ingest site batch").await?;
                // One ingest at a time appends to the log (see the migration).
                sqlx::query("UPDATE site_sync_turn SET turns = turns + 1 WHERE id = 1")
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("take the sync turn"))?;
                let mut ingested = crate::sites::Ingested::default();
                for admission in admissions {
                    let counted = sqlx::query(
                        "INSERT INTO site_admissions (nonce, node_id, org_id, pass_id, gate_id, \
                         scan_id, counter, outcome, decided_at_ms, ingested_at_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
                         ON CONFLICT (nonce) DO NOTHING",
                    )
                    .bind(&admission.nonce)
                    .bind(node_id)
                    .bind(admission.org_id)
                    .bind(admission.pass_id)
                    .bind(admission.gate_id)
                    .bind(admission.scan_id)
                    .bind(admission.counter)
                    .bind(&admission.outcome)
                    .bind(admission.decided_at_ms)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("count site admission"))?
                    .rows_affected()
                        == 1;
                    // The decision is the domain's (`shipped::ingest_admission`); the
                    // UPDATE below is `shipped::count_shipped_use` in SQL.
                    if tessera_domain::shipped::ingest_admission(
                        counted,
                        &admission.outcome,
                        admission.counts_use,
                    ) != tessera_domain::shipped::Ingest::CountUse
                    {
                        continue;
                    }
                    ingested.admissions += 1;
                    let pass: Option<(String, Option<i64>)> = sqlx::query_as(
                        "UPDATE passes SET \
                         state = CASE WHEN state = 'claimed' AND uses + 1 >= max_uses \
                                 THEN 'used' ELSE state END, \
                         uses = CASE WHEN uses < max_uses THEN uses + 1 ELSE uses END \
                         WHERE id = $1 AND org_id = $2 AND site = $3 \
                         RETURNING state, revoked_at_ms",
                    )
                    .bind(admission.pass_id)
                    .bind(admission.org_id)
                    .bind(site)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(Error::storage("count a site admission's use"))?;
                    let Some((state, revoked_at_ms)) = pass else {
                        continue;
                    };
                    let state = tessera_domain::rows::PassState::try_from(state)
                        .map_err(|_| Error::Internal("a pass's stored state is not one this server knows"))?;
                    let counted = crate::sites::CountedAdmission {
                        pass_id: admission.pass_id,
                        gate_id: admission.gate_id,
                        decided_at_ms: admission.decided_at_ms,
                        state,
                        revoked_at_ms,
                    };
                    if let Some(event) = report(&counted) {
                        insert_audit(&mut tx, &event).await?;
                        ingested.conflicts += 1;
                    }
                }
                for event in events {
                    ingested.events += sqlx::query(
                        "INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, \
                         pass_id, details, origin_node_id, origin_id) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                         ON CONFLICT (origin_node_id, origin_id) \
                         WHERE origin_node_id IS NOT NULL DO NOTHING",
                    )
                    .bind(event.at_ms)
                    .bind(event.org_id)
                    .bind(&event.kind)
                    .bind(&event.severity)
                    .bind(event.gate_id)
                    .bind(event.pass_id)
                    .bind(&event.details)
                    .bind(node_id)
                    .bind(event.id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("append a shipped event"))?
                    .rows_affected();
                }
                if let Some(fault) = fault {
                    insert_audit(&mut tx, fault).await?;
                }
                commit(tx, "ingest site batch").await?;
                Ok(ingested)
            }

            async fn put_up_cursor(&self, cursor: i64, at_ms: i64) -> Result<()> {
                let _writing = self.write_turn().await;
                sqlx::query(
                    "UPDATE node_state SET up_cursor = $1, updated_at_ms = $2 \
                     WHERE id = 1 AND up_cursor < $1",
                )
                .bind(cursor)
                .bind(at_ms)
                .execute(self.writes())
                .await
                .map_err(Error::storage("move the sync-up cursor"))?;
                Ok(())
            }

            async fn stored_outcome_of_scan(
                &self,
                gate_id: Uuid,
                scan_id: Uuid,
            ) -> Result<Option<crate::sites::ShippedAdmission>> {
                sqlx::query_as(
                    "SELECT r.nonce, r.org_id, r.pass_id, r.gate_id, r.scan_id, r.counter, \
                     r.outcome, r.created_at_ms AS decided_at_ms FROM challenges c \
                     JOIN redemptions r ON r.nonce = c.nonce \
                     WHERE c.gate_id = $1 AND c.scan_id = $2",
                )
                .bind(gate_id)
                .bind(scan_id)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("read a stored outcome"))
            }

            async fn node_state(&self) -> Result<Option<crate::sites::NodeStateRow>> {
                sqlx::query_as(
                    "SELECT node_id, org_id, site, lease_id, lease_granted_at_ms, \
                     lease_valid_from_ms, lease_expires_at_ms, lease_signature, extended_until_ms, \
                     down_seq, down_as_of_ms, down_horizon, up_cursor, return_requested_ms, \
                     updated_at_ms FROM node_state \
                     WHERE id = 1",
                )
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load node state"))
            }

            async fn put_node_state(
                &self,
                state: &crate::sites::NodeStateRow,
                event: Option<&NewAudit>,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("write node state").await?;
                sqlx::query(
                    "INSERT INTO node_state (id, node_id, org_id, site, lease_id, \
                     lease_granted_at_ms, lease_valid_from_ms, lease_expires_at_ms, \
                     lease_signature, extended_until_ms, down_seq, down_as_of_ms, up_cursor, \
                     updated_at_ms) VALUES (1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) \
                     ON CONFLICT (id) DO UPDATE SET node_id = excluded.node_id, \
                     org_id = excluded.org_id, site = excluded.site, lease_id = excluded.lease_id, \
                     lease_granted_at_ms = excluded.lease_granted_at_ms, \
                     lease_valid_from_ms = excluded.lease_valid_from_ms, \
                     lease_expires_at_ms = excluded.lease_expires_at_ms, \
                     lease_signature = excluded.lease_signature, \
                     updated_at_ms = excluded.updated_at_ms",
                )
                .bind(state.node_id)
                .bind(state.org_id)
                .bind(&state.site)
                .bind(state.lease_id)
                .bind(state.lease_granted_at_ms)
                .bind(state.lease_valid_from_ms)
                .bind(state.lease_expires_at_ms)
                .bind(&state.lease_signature)
                .bind(state.extended_until_ms)
                .bind(state.down_seq)
                .bind(state.down_as_of_ms)
                .bind(state.up_cursor)
                .bind(state.updated_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("write node state"))?;
                if let Some(event) = event {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "write node state").await
            }

            async fn presence_of(
                &self,
                pass_id: Uuid,
            ) -> Result<Vec<tessera_domain::sites::PresenceRecord>> {
                sqlx::query(
                    "SELECT pass_id, zone_id, org_id, inside, entry_day, entries_on_day, \
                     entered_at_ms, exited_at_ms FROM zone_presence WHERE pass_id = $1",
                )
                .bind(pass_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("read a pass's standing in zones"))
            }

            async fn merge_presence(
                &self,
                records: &[tessera_domain::sites::PresenceRecord],
            ) -> Result<()> {
                if records.is_empty() {
                    return Ok(());
                }
                let _writing = self.write_turn().await;
                let mut tx = self.begin("merge standing in zones").await?;
                for record in records {
                    merge_presence_in(&mut tx, record).await?;
                }
                commit(tx, "merge standing in zones").await
            }

            async fn put_node_org(&self, org_id: Uuid, name: &str) -> Result<()> {
                let _writing = self.write_turn().await;
                sqlx::query(
                    "INSERT INTO orgs (id, name, created_at_ms) VALUES ($1, $2, $3) \
                     ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                )
                .bind(org_id)
                .bind(name)
                .bind(tessera_domain::now_ms())
                .execute(self.writes())
                .await
                .map_err(Error::storage("write the organisation"))?;
                Ok(())
            }
        }
    };
}

pub(crate) use site_up_statements;

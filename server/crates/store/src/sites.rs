//! On-site nodes' statements (issue 35), the same on both backends.
//!
//! On the central server: nodes and their credentials, the lease table (whose partial
//! unique index refuses a second holder of a site), the change log of a site's passes
//! (`pass_changes`, kept by a trigger on `passes`: one row per pass, moved to the end of the
//! log by every write), and the ingest of what a node shipped: its audit events once each
//! (by the node's own event id) and its admissions once each (by nonce), with the pass's
//! uses, in one transaction. On the node: its state row, the site's rows as the central
//! server sent them, and the sealed pass keys.
//!
//! [`site_statements!`] implements [`SiteStatements`] for a backend.

use tessera_domain::rows::{PassRow, PassState, ZoneRow};
use tessera_domain::sites::{Lease, LeaseEnd, Merged, PresenceRecord};
use uuid::Uuid;

use crate::{NewAudit, Result};

/// An on-site node as the central server knows it.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SiteNodeRow {
    /// The node.
    pub id: Uuid,
    /// Its organisation.
    pub org_id: Uuid,
    /// The site it serves.
    pub site: String,
    /// Free text.
    pub label: String,
    /// Its X25519 key (pass keys are sealed to it), once it asked for a lease.
    pub public_key: Option<Vec<u8>>,
    /// Enrolment time.
    pub created_at_ms: i64,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
    /// Its last request.
    pub last_seen_ms: Option<i64>,
    /// How far down the change log it synced.
    pub down_seq: i64,
    /// The time of the newest event it shipped.
    pub up_through_ms: Option<i64>,
    /// How old its oldest unshipped event was at its last sync-up.
    pub up_lag_ms: Option<i64>,
    /// When an admin reclaimed its lease: it gets none until an admin resumes it.
    pub lease_blocked_at_ms: Option<i64>,
}

/// What [`SiteStatements::insert_lease`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeaseInsert {
    /// The lease is granted.
    Granted,
    /// Another lease is held on the site.
    SiteHeld,
    /// The node was revoked, or held after a reclaim, before the grant committed.
    NodeShut,
}

/// A lease row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LeaseRow {
    /// The lease.
    pub id: Uuid,
    /// The organisation.
    pub org_id: Uuid,
    /// The site.
    pub site: String,
    /// Its holder.
    pub node_id: Uuid,
    /// First grant.
    pub granted_at_ms: i64,
    /// Start.
    pub valid_from_ms: i64,
    /// End, as last renewed.
    pub expires_at_ms: i64,
    /// When it was handed back or reclaimed.
    pub ended_at_ms: Option<i64>,
}

impl From<LeaseRow> for Lease {
    fn from(row: LeaseRow) -> Self {
        Lease {
            id: row.id,
            org_id: row.org_id,
            site: row.site,
            node_id: row.node_id,
            granted_at_ms: row.granted_at_ms,
            valid_from_ms: row.valid_from_ms,
            expires_at_ms: row.expires_at_ms,
        }
    }
}

/// A pass from the change log, with its place in it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct PassChange {
    /// Its place in the log.
    pub seq: i64,
    /// When it was last written (the database's clock).
    pub changed_at_ms: i64,
    /// The pass as it is now.
    #[sqlx(flatten)]
    pub pass: PassRow,
}

/// A gate of a site, with what a node needs to let it connect.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SiteGateRow {
    /// The gate.
    pub id: Uuid,
    /// Its organisation.
    pub org_id: Uuid,
    /// Its label.
    pub label: String,
    /// Its site.
    pub site: Option<String>,
    /// SHA-256 of its device token.
    pub token_hash: Vec<u8>,
    /// Creation time.
    pub created_at_ms: i64,
    /// The language of its screens.
    pub language: Option<String>,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
    /// Its zone (none: the whole site).
    pub zone_id: Option<Uuid>,
    /// `entry` or `exit`.
    pub direction: String,
}

/// The node's one row of state.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct NodeStateRow {
    /// The node's id at the central server.
    pub node_id: Uuid,
    /// Its organisation.
    pub org_id: Uuid,
    /// Its site.
    pub site: String,
    /// The lease, when it holds one.
    pub lease_id: Option<Uuid>,
    /// The lease's first grant.
    pub lease_granted_at_ms: Option<i64>,
    /// The lease's start.
    pub lease_valid_from_ms: Option<i64>,
    /// The lease's end.
    pub lease_expires_at_ms: Option<i64>,
    /// The central server's signature over the lease, and the key that made it.
    pub lease_signature: Option<String>,
    /// Until when an operator on site extended a lapsed lease.
    pub extended_until_ms: Option<i64>,
    /// How far down the central change log it synced.
    pub down_seq: i64,
    /// The central time of its last complete sync-down.
    pub down_as_of_ms: Option<i64>,
    /// The central transaction horizon of its last complete round: its next round re-reads
    /// what transactions from there on wrote ([`Resync`]).
    pub down_horizon: Option<i64>,
    /// The last of its own audit events the central server has.
    pub up_cursor: i64,
    /// When an operator asked it to hand its lease back (it ships everything first).
    pub return_requested_ms: Option<i64>,
    /// Last write.
    pub updated_at_ms: i64,
}

impl NodeStateRow {
    /// The lease it holds, whole.
    pub fn lease(&self) -> Option<Lease> {
        Some(Lease {
            id: self.lease_id?,
            org_id: self.org_id,
            site: self.site.clone(),
            node_id: self.node_id,
            granted_at_ms: self.lease_granted_at_ms?,
            valid_from_ms: self.lease_valid_from_ms?,
            expires_at_ms: self.lease_expires_at_ms?,
        })
    }

    /// Holds `lease` (or none), with its signature.
    pub fn set_lease(&mut self, lease: Option<&Lease>, signature: Option<String>) {
        self.lease_id = lease.map(|lease| lease.id);
        self.lease_granted_at_ms = lease.map(|lease| lease.granted_at_ms);
        self.lease_valid_from_ms = lease.map(|lease| lease.valid_from_ms);
        self.lease_expires_at_ms = lease.map(|lease| lease.expires_at_ms);
        self.lease_signature = signature;
        if lease.is_none() {
            self.extended_until_ms = None;
        }
    }
}

/// A pass the central server sent a node, with its keys sealed for the node's disk.
#[derive(Clone, Debug)]
pub struct SitePass {
    /// The pass.
    pub pass: PassRow,
    /// Its keys, sealed under the node's own server key; none while it is not claimed.
    pub sealed_keys: Option<String>,
    /// The zones it is valid for (none: every zone).
    pub zones: Vec<Uuid>,
    /// Its standing in each zone it ever entered.
    pub presence: Vec<PresenceRecord>,
}

/// A re-read of the change log: the changes at or before `through_seq` last written by a
/// transaction at or past `since_tx` (one that was still running when an earlier read
/// passed their place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resync {
    /// The earlier round's horizon ([`SiteStatements::change_horizon`]).
    pub since_tx: i64,
    /// The node's cursor when the re-read began.
    pub through_seq: i64,
}

/// Where a node's sync-down stands after a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DownCursor {
    /// How far down the central log it synced.
    pub seq: i64,
    /// The central time the page was read at.
    pub as_of_ms: i64,
    /// At a round's end, the horizon the next round re-reads from (`None`: unchanged).
    pub horizon: Option<i64>,
}

/// One of a node's audit events, as stored there and shipped.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ShippedEvent {
    /// The node's id for it.
    pub id: i64,
    /// Its time (the node's clock).
    pub at_ms: i64,
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// Its kind.
    pub kind: String,
    /// `info`, `warning` or `high`.
    pub severity: String,
    /// Gate involved.
    pub gate_id: Option<Uuid>,
    /// Pass involved.
    pub pass_id: Option<Uuid>,
    /// JSON object text.
    pub details: String,
}

/// An outcome a node stored under a nonce.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ShippedAdmission {
    /// The nonce: the key that makes it count once.
    pub nonce: Vec<u8>,
    /// Tenant.
    pub org_id: Uuid,
    /// The pass.
    pub pass_id: Uuid,
    /// The gate.
    pub gate_id: Uuid,
    /// The scan.
    pub scan_id: Uuid,
    /// The code's step.
    pub counter: i64,
    /// `admitted`, `already_admitted` or `denied`.
    pub outcome: String,
    /// When the node decided (its clock).
    pub decided_at_ms: i64,
    /// Whether it used one of the pass's admissions (a move inside a zone after the
    /// day's first entry does not).
    #[sqlx(default)]
    pub counts_use: bool,
}

/// A shipped admission newly counted centrally, and the pass as it is after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountedAdmission {
    /// The admission.
    pub pass_id: Uuid,
    /// Where.
    pub gate_id: Uuid,
    /// When the node decided.
    pub decided_at_ms: i64,
    /// The pass's state after the count.
    pub state: PassState,
    /// When the central server revoked it, if it did.
    pub revoked_at_ms: Option<i64>,
}

/// What an ingest wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ingested {
    /// Events appended (the rest had come before).
    pub events: u64,
    /// Admissions counted (the rest had come before).
    pub admissions: u64,
    /// Conflicts reported.
    pub conflicts: u64,
}

/// What an ingest writes of a node's batch: what was taken of it, when, and the fault
/// event for what was refused.
#[derive(Clone, Copy, Debug)]
pub struct ShippedBatch<'a> {
    /// Its events taken.
    pub events: &'a [ShippedEvent],
    /// Its admissions taken.
    pub admissions: &'a [ShippedAdmission],
    /// The central server's time.
    pub at_ms: i64,
    /// The `site_node_fault` event, when something was refused.
    pub fault: Option<&'a NewAudit>,
}

/// The on-site nodes' primitives.
#[async_trait::async_trait]
pub trait SiteStatements {
    /// Enrols a node with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_site_node(
        &self,
        node: &SiteNodeRow,
        token_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<()>;

    /// Revokes a node and ends every lease it holds at commit, each with the event
    /// `lease_end` makes of it, with the node's event; false when it was unknown or already
    /// revoked. The node's row is written first: a grant in flight for the node either
    /// commits before (and its lease is ended here) or finds the node revoked
    /// ([`LeaseInsert::NodeShut`]).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn revoke_site_node(
        &self,
        org_id: Uuid,
        node_id: Uuid,
        at_ms: i64,
        lease_end: &(dyn for<'row> Fn(&'row LeaseRow) -> NewAudit + Send + Sync),
        event: &NewAudit,
    ) -> Result<bool>;

    /// Gives a live node a new token (the old one stops working), with its event; false
    /// when it was unknown or revoked.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn rotate_site_node_token(
        &self,
        org_id: Uuid,
        node_id: Uuid,
        token_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<bool>;

    /// Lets a live node whose lease was reclaimed ask for one again, with its event; false
    /// when it was unknown, revoked, or not waiting.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn resume_site_node(&self, org_id: Uuid, node_id: Uuid, event: &NewAudit)
        -> Result<bool>;

    /// Every lease a node held or holds, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn node_leases(&self, node_id: Uuid) -> Result<Vec<LeaseRow>>;

    /// The live node holding this token.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn site_node_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<SiteNodeRow>>;

    /// An organisation's nodes, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn site_nodes(&self, org_id: Uuid) -> Result<Vec<SiteNodeRow>>;

    /// The leases held in an organisation (at most one per site).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn held_leases(&self, org_id: Uuid) -> Result<Vec<LeaseRow>>;

    /// The lease held on a site, if any.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn held_lease(&self, org_id: Uuid, site: &str) -> Result<Option<LeaseRow>>;

    /// Grants a new lease with its event, and records the node's key if it had none (a key
    /// once recorded never changes), only while the node is neither revoked nor held after
    /// a reclaim at commit: its row is written first, so a revoke or reclaim committing
    /// meanwhile is seen.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_lease(
        &self,
        lease: &Lease,
        node_key: &[u8],
        event: &NewAudit,
    ) -> Result<LeaseInsert>;

    /// Moves a held lease's end (false when it is not held any more).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn renew_lease(&self, lease_id: Uuid, expires_at_ms: i64) -> Result<bool>;

    /// Ends a held lease with its event (false when it was not held). A reclaimed lease
    /// also blocks its node from another until an admin resumes it.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn end_lease(
        &self,
        org_id: Uuid,
        lease_id: Uuid,
        end: LeaseEnd,
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;

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

    /// Notes a node's request: when, and where its syncs stand.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn note_site_node(
        &self,
        node_id: Uuid,
        seen_ms: i64,
        down_seq: Option<i64>,
        up: Option<(i64, i64)>,
    ) -> Result<()>;

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

    /// The outcome stored for a gate's scan, if there is one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn stored_outcome_of_scan(
        &self,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<ShippedAdmission>>;

    /// Moves the node's sync-up cursor forward (never back).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_up_cursor(&self, cursor: i64, at_ms: i64) -> Result<()>;

    /// Writes the node's copy of its organisation.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_node_org(&self, org_id: Uuid, name: &str) -> Result<()>;

    /// An operator's extension of the node's lease, with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn extend_node_lease(&self, until_ms: i64, event: &NewAudit) -> Result<()>;

    /// Asks the running node to hand its lease back and hold none (`Some`: since when), or
    /// lets it take a lease again (`None`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn set_node_return(&self, at_ms: Option<i64>) -> Result<()>;

    /// Clears an operator's extension (the lease it extended is gone).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn clear_node_extension(&self) -> Result<()>;
}

/// A node's columns, for `SELECT`.
macro_rules! node_columns {
    () => {
        "SELECT id, org_id, site, label, public_key, created_at_ms, revoked_at_ms, last_seen_ms, \
         down_seq, up_through_ms, up_lag_ms, lease_blocked_at_ms FROM site_nodes "
    };
}

/// A lease's columns, for `SELECT` and `RETURNING`.
macro_rules! lease_fields {
    () => {
        "id, org_id, site, node_id, granted_at_ms, valid_from_ms, expires_at_ms, ended_at_ms"
    };
}

/// A lease's columns, for `SELECT`.
macro_rules! lease_columns {
    () => {
        concat!(
            "SELECT ",
            crate::sites::lease_fields!(),
            " FROM site_leases "
        )
    };
}

macro_rules! site_statements {
    (store: $store:ty, db: $db:ty, horizon: $horizon:literal $(,)?) => {
        /// Writes `record` if it is later than the standing there
        /// ([`tessera_domain::sites::presence_wins`]), in a
        /// transaction of the caller's.
        async fn merge_presence_in(
            conn: &mut <$db as sqlx::Database>::Connection,
            record: &tessera_domain::sites::PresenceRecord,
        ) -> Result<()> {
            let current: Option<tessera_domain::sites::PresenceRecord> = sqlx::query_as(
                "SELECT pass_id, zone_id, org_id, inside, entry_day, entries_on_day, \
                 entered_at_ms, exited_at_ms FROM zone_presence \
                 WHERE pass_id = $1 AND zone_id = $2",
            )
            .bind(record.pass_id)
            .bind(record.zone_id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(Error::storage("read a standing in a zone"))?;
            if !tessera_domain::sites::presence_wins(current.as_ref(), record) {
                return Ok(());
            }
            sqlx::query(
                "INSERT INTO zone_presence (pass_id, zone_id, org_id, inside, entry_day, \
                 entries_on_day, entered_at_ms, exited_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (pass_id, zone_id) DO UPDATE SET inside = excluded.inside, \
                 entry_day = excluded.entry_day, entries_on_day = excluded.entries_on_day, \
                 entered_at_ms = excluded.entered_at_ms, exited_at_ms = excluded.exited_at_ms",
            )
            .bind(record.pass_id)
            .bind(record.zone_id)
            .bind(record.org_id)
            .bind(record.inside)
            .bind(record.entry_day)
            .bind(record.entries_on_day)
            .bind(record.entered_at_ms)
            .bind(record.exited_at_ms)
            .execute(&mut *conn)
            .await
            .map_err(Error::storage("write a standing in a zone"))?;
            Ok(())
        }

        #[async_trait::async_trait]
        impl crate::sites::SiteStatements for $store {
            async fn insert_site_node(
                &self,
                node: &crate::sites::SiteNodeRow,
                token_hash: &[u8; 32],
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("enrol site node").await?;
                sqlx::query(
                    "INSERT INTO site_nodes (id, org_id, site, label, token_hash, created_at_ms, \
                     public_key) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(node.id)
                .bind(node.org_id)
                .bind(&node.site)
                .bind(&node.label)
                .bind(&token_hash[..])
                .bind(node.created_at_ms)
                .bind(node.public_key.as_deref())
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("enrol site node"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "enrol site node").await
            }

            async fn revoke_site_node(
                &self,
                org_id: Uuid,
                node_id: Uuid,
                at_ms: i64,
                lease_end: &(dyn for<'row> Fn(&'row crate::sites::LeaseRow) -> NewAudit + Send + Sync),
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("revoke site node").await?;
                let revoked = sqlx::query(
                    "UPDATE site_nodes SET revoked_at_ms = $1 \
                     WHERE id = $2 AND org_id = $3 AND revoked_at_ms IS NULL",
                )
                .bind(at_ms)
                .bind(node_id)
                .bind(org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("revoke site node"))?
                .rows_affected()
                    == 1;
                if !revoked {
                    return Ok(false);
                }
                // After the node's row: a grant that wrote it first has committed by now,
                // and this statement's snapshot sees its lease.
                let ended: Vec<crate::sites::LeaseRow> = sqlx::query_as(concat!(
                    "UPDATE site_leases SET ended_at_ms = $1, end_reason = 'reclaimed' \
                     WHERE node_id = $2 AND ended_at_ms IS NULL RETURNING ",
                    crate::sites::lease_fields!()
                ))
                .bind(at_ms)
                .bind(node_id)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("end a revoked node's lease"))?;
                for lease in &ended {
                    insert_audit(&mut tx, &lease_end(lease)).await?;
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "revoke site node").await?;
                Ok(true)
            }

            async fn rotate_site_node_token(
                &self,
                org_id: Uuid,
                node_id: Uuid,
                token_hash: &[u8; 32],
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("rotate site node token").await?;
                let rotated = sqlx::query(
                    "UPDATE site_nodes SET token_hash = $1 \
                     WHERE id = $2 AND org_id = $3 AND revoked_at_ms IS NULL",
                )
                .bind(&token_hash[..])
                .bind(node_id)
                .bind(org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("rotate site node token"))?
                .rows_affected()
                    == 1;
                if !rotated {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "rotate site node token").await?;
                Ok(true)
            }

            async fn resume_site_node(
                &self,
                org_id: Uuid,
                node_id: Uuid,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("resume site node").await?;
                let resumed = sqlx::query(
                    "UPDATE site_nodes SET lease_blocked_at_ms = NULL \
                     WHERE id = $1 AND org_id = $2 AND revoked_at_ms IS NULL \
                     AND lease_blocked_at_ms IS NOT NULL",
                )
                .bind(node_id)
                .bind(org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("resume site node"))?
                .rows_affected()
                    == 1;
                if !resumed {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "resume site node").await?;
                Ok(true)
            }

            async fn node_leases(&self, node_id: Uuid) -> Result<Vec<crate::sites::LeaseRow>> {
                sqlx::query_as(concat!(
                    crate::sites::lease_columns!(),
                    "WHERE node_id = $1 ORDER BY granted_at_ms, id"
                ))
                .bind(node_id)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("list a node's leases"))
            }

            async fn site_node_by_token_hash(
                &self,
                hash: &[u8; 32],
            ) -> Result<Option<crate::sites::SiteNodeRow>> {
                sqlx::query_as(concat!(
                    crate::sites::node_columns!(),
                    "WHERE token_hash = $1 AND revoked_at_ms IS NULL"
                ))
                .bind(&hash[..])
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load site node"))
            }

            async fn site_nodes(&self, org_id: Uuid) -> Result<Vec<crate::sites::SiteNodeRow>> {
                sqlx::query_as(concat!(
                    crate::sites::node_columns!(),
                    "WHERE org_id = $1 ORDER BY created_at_ms, id"
                ))
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list site nodes"))
            }

            async fn held_leases(&self, org_id: Uuid) -> Result<Vec<crate::sites::LeaseRow>> {
                sqlx::query_as(concat!(
                    crate::sites::lease_columns!(),
                    "WHERE org_id = $1 AND ended_at_ms IS NULL ORDER BY site"
                ))
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list leases"))
            }

            async fn held_lease(
                &self,
                org_id: Uuid,
                site: &str,
            ) -> Result<Option<crate::sites::LeaseRow>> {
                // The primary's view: a lease granted a moment ago must be seen at once.
                sqlx::query_as(concat!(
                    crate::sites::lease_columns!(),
                    "WHERE org_id = $1 AND site = $2 AND ended_at_ms IS NULL"
                ))
                .bind(org_id)
                .bind(site)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load lease"))
            }

            async fn insert_lease(
                &self,
                lease: &tessera_domain::sites::Lease,
                node_key: &[u8],
                event: &NewAudit,
            ) -> Result<crate::sites::LeaseInsert> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("grant lease").await?;
                // The node's row first: it waits for a revoke or reclaim writing it, and then
                // sees what that committed.
                let open = sqlx::query(
                    "UPDATE site_nodes SET public_key = COALESCE(public_key, $1) \
                     WHERE id = $2 AND revoked_at_ms IS NULL AND lease_blocked_at_ms IS NULL",
                )
                .bind(node_key)
                .bind(lease.node_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("record node key"))?
                .rows_affected()
                    == 1;
                if !open {
                    return Ok(crate::sites::LeaseInsert::NodeShut);
                }
                let inserted = sqlx::query(
                    "INSERT INTO site_leases (id, org_id, site, node_id, granted_at_ms, \
                     valid_from_ms, expires_at_ms) \
                     SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM site_leases \
                     WHERE org_id = $2 AND site = $3 AND ended_at_ms IS NULL)",
                )
                .bind(lease.id)
                .bind(lease.org_id)
                .bind(&lease.site)
                .bind(lease.node_id)
                .bind(lease.granted_at_ms)
                .bind(lease.valid_from_ms)
                .bind(lease.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("grant lease"))?
                .rows_affected()
                    == 1;
                if !inserted {
                    return Ok(crate::sites::LeaseInsert::SiteHeld);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "grant lease").await?;
                Ok(crate::sites::LeaseInsert::Granted)
            }

            async fn renew_lease(&self, lease_id: Uuid, expires_at_ms: i64) -> Result<bool> {
                let _writing = self.write_turn().await;
                Ok(sqlx::query(
                    "UPDATE site_leases SET expires_at_ms = $1 \
                     WHERE id = $2 AND ended_at_ms IS NULL",
                )
                .bind(expires_at_ms)
                .bind(lease_id)
                .execute(self.writes())
                .await
                .map_err(Error::storage("renew lease"))?
                .rows_affected()
                    == 1)
            }

            async fn end_lease(
                &self,
                org_id: Uuid,
                lease_id: Uuid,
                end: tessera_domain::sites::LeaseEnd,
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("end lease").await?;
                let ended = sqlx::query(
                    "UPDATE site_leases SET ended_at_ms = $1, end_reason = $2 \
                     WHERE id = $3 AND org_id = $4 AND ended_at_ms IS NULL",
                )
                .bind(at_ms)
                .bind(end.as_str())
                .bind(lease_id)
                .bind(org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("end lease"))?
                .rows_affected()
                    == 1;
                if !ended {
                    return Ok(false);
                }
                if end.blocks_node() {
                    sqlx::query(
                        "UPDATE site_nodes SET lease_blocked_at_ms = $1 \
                         WHERE id = (SELECT node_id FROM site_leases WHERE id = $2)",
                    )
                    .bind(at_ms)
                    .bind(lease_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("hold a reclaimed node"))?;
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "end lease").await?;
                Ok(true)
            }

            async fn pass_changes(
                &self,
                org_id: Uuid,
                site: &str,
                after_seq: i64,
                resync: Option<crate::sites::Resync>,
                limit: i64,
            ) -> Result<Vec<crate::sites::PassChange>> {
                let query = match resync {
                    None => sqlx::query_as(
                        "SELECT c.seq, c.at_ms AS changed_at_ms, p.* FROM pass_changes c \
                         JOIN passes p ON p.id = c.pass_id \
                         WHERE c.seq > $1 AND p.org_id = $2 AND p.site = $3 \
                         ORDER BY c.seq LIMIT $4",
                    ),
                    Some(_) => sqlx::query_as(
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

            async fn note_site_node(
                &self,
                node_id: Uuid,
                seen_ms: i64,
                down_seq: Option<i64>,
                up: Option<(i64, i64)>,
            ) -> Result<()> {
                sqlx::query(
                    "UPDATE site_nodes SET last_seen_ms = $1, \
                     down_seq = COALESCE($2, down_seq), \
                     up_through_ms = COALESCE($3, up_through_ms), \
                     up_lag_ms = COALESCE($4, up_lag_ms) WHERE id = $5",
                )
                .bind(seen_ms)
                .bind(down_seq)
                .bind(up.map(|(through, _)| through))
                .bind(up.map(|(_, lag)| lag))
                .bind(node_id)
                .execute(self.writes())
                .await
                .map_err(Error::storage("note site node"))?;
                Ok(())
            }

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
                    if !counted || admission.outcome != "admitted" || !admission.counts_use {
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
                        sqlx::query_as("SELECT * FROM passes WHERE id = $1")
                            .bind(central.id)
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
                sqlx::query_as(
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
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("read changed passes' standing in zones"))
            }

            async fn presence_of(
                &self,
                pass_id: Uuid,
            ) -> Result<Vec<tessera_domain::sites::PresenceRecord>> {
                sqlx::query_as(
                    "SELECT pass_id, zone_id, org_id, inside, entry_day, entries_on_day, \
                     entered_at_ms, exited_at_ms FROM zone_presence WHERE pass_id = $1",
                )
                .bind(pass_id)
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

            async fn extend_node_lease(&self, until_ms: i64, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("extend lease on site").await?;
                sqlx::query("UPDATE node_state SET extended_until_ms = $1 WHERE id = 1")
                    .bind(until_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("extend lease on site"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "extend lease on site").await
            }

            async fn set_node_return(&self, at_ms: Option<i64>) -> Result<()> {
                let _writing = self.write_turn().await;
                sqlx::query("UPDATE node_state SET return_requested_ms = $1 WHERE id = 1")
                    .bind(at_ms)
                    .execute(self.writes())
                    .await
                    .map_err(Error::storage("ask for the lease's return"))?;
                Ok(())
            }

            async fn clear_node_extension(&self) -> Result<()> {
                let _writing = self.write_turn().await;
                sqlx::query("UPDATE node_state SET extended_until_ms = NULL WHERE id = 1")
                    .execute(self.writes())
                    .await
                    .map_err(Error::storage("clear the extension"))?;
                Ok(())
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
        }
    };
}

pub(crate) use {lease_columns, lease_fields, node_columns, site_statements};

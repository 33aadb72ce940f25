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

use tessera_domain::rows::{PassRow, PassState};
use tessera_domain::sites::{Lease, LeaseEnd, PresenceRecord};
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
#[derive(Clone, Debug)]
pub struct PassChange {
    /// Its place in the log.
    pub seq: i64,
    /// When it was last written (the database's clock).
    pub changed_at_ms: i64,
    /// The pass as it is now.
    pub pass: PassRow,
}

crate::columns::from_columns!(PassChange {
    seq,
    changed_at_ms,
    pass: flatten
});

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
    /// The earlier round's horizon ([`crate::SiteDownStatements::change_horizon`]).
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
            let current: Option<tessera_domain::sites::PresenceRecord> = sqlx::query(
                "SELECT pass_id, zone_id, org_id, inside, entry_day, entries_on_day, \
                 entered_at_ms, exited_at_ms FROM zone_presence \
                 WHERE pass_id = $1 AND zone_id = $2",
            )
            .bind(record.pass_id)
            .bind(record.zone_id)
            .try_map(crate::columns::decode)
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

        }
    };
}

pub(crate) use {lease_columns, lease_fields, node_columns, site_statements};

crate::columns::from_columns!(tessera_domain::sites::PresenceRecord {
    pass_id,
    zone_id,
    org_id,
    inside,
    entry_day,
    entries_on_day,
    entered_at_ms,
    exited_at_ms,
});

//! SQLite, the embedded default for a single site.
//!
//! Connections: one writer with `synchronous = FULL` for durable commits, one writer with
//! `synchronous = NORMAL` for relaxed ones (challenges), read-only connections for reads,
//! and an in-process lock that lets one writer in at a time, so the two writers never meet
//! SQLite's busy handler (which sleeps in steps of milliseconds). Every method that writes
//! takes that lock itself, visibly. In WAL mode the durable writer's fsync also covers
//! every frame the relaxed writer appended before it. Group commit here is one
//! `BEGIN IMMEDIATE … COMMIT` (one fsync) around the statements of many operations.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};
use tokio::sync::{Mutex, OwnedMutexGuard};
use uuid::Uuid;

use super::batch::{Attempt, Batcher};
use super::{
    AdmitOp, ApiKeyRow, AuditFilter, AuditRow, ChallengeContext, ChallengeRow, Conflict,
    ConsoleSessionRow, GateRow, GateSocket, GateStatusRow, LockedRedemption, NewAudit, NewOrg,
    PairingRow, PassRow, RedemptionRow, RetentionCounts, RetentionCutoffs, ScanContext,
    ScanDenialRow, ScanRecord,
};
use super::{
    ByRef, HostRow, LinkKind, LinkOutcome, PassLinkRow, Role, TransferClaim, WalkInRow, WalkInView,
};
use super::{DeliveryRow, Finished, NewDelivery, SweptChallenge, WebhookRow, ZoneRow};
use crate::error::{Error, Result};
use crate::{Backend, RedemptionTx, StoreOptions};

/// The SQLite schema's migrations, embedded.
pub static MIGRATIONS: Migrator = sqlx::migrate!("../../../migrations/sqlite");

/// Read-only connections: reads of scans and answers run beside the one writer.
const READERS: u32 = 4;

/// The SQLite store.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    read: SqlitePool,
    write: SqlitePool,
    relaxed: SqlitePool,
    write_lock: Arc<Mutex<()>>,
    challenges: Batcher<(ChallengeRow, NewAudit), bool>,
    admissions: Batcher<AdmitOp, bool>,
}

/// Maps a UNIQUE refusal of the SQLite schema to what it means (SQLite names the columns,
/// not the constraint).
fn conflict(error: &sqlx::Error) -> Option<Conflict> {
    let sqlx::Error::Database(db) = error else {
        return None;
    };
    let message = db.message();
    if message.contains("redemptions.pass_id, redemptions.counter")
        || message.contains("redemptions_one_admission_per_step")
    {
        Some(Conflict::StepAdmitted)
    } else if message.contains("redemptions.nonce") {
        Some(Conflict::NonceStored)
    } else if message.contains("challenges.gate_id, challenges.scan_id")
        || message.contains("scan_denials.gate_id, scan_denials.scan_id")
    {
        Some(Conflict::ScanIdTaken)
    } else {
        None
    }
}

impl SqliteStore {
    /// The pool the shared reads run on.
    fn reads(&self) -> &SqlitePool {
        &self.read
    }

    /// The pool the shared single-statement writes run on (the one writer connection).
    fn writes(&self) -> &SqlitePool {
        &self.write
    }

    /// The single writer's turn, held until the write commits: SQLite has one writer, and
    /// waiting here rather than on `SQLITE_BUSY` keeps writes in arrival order.
    async fn write_turn(&self) -> tokio::sync::MutexGuard<'_, ()> {
        self.write_lock.lock().await
    }

    /// Opens (and creates) the database file and starts the write batchers.
    ///
    /// # Errors
    /// [`Error::Config`] for an unparsable URL, [`Error::Storage`] if it cannot open.
    pub async fn connect(settings: &StoreOptions) -> Result<Self> {
        let options = SqliteConnectOptions::from_str(&settings.database_url)
            .map_err(|_| Error::Config("TESSERA_DATABASE_URL is not a valid sqlite:// URL".into()))?
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        let in_memory = options.get_filename() == std::path::Path::new(":memory:")
            || settings.database_url.contains("mode=memory");
        let writer = |synchronous| {
            SqlitePoolOptions::new()
                .max_connections(1)
                .acquire_timeout(settings.checkin_timeout)
                .connect_with(
                    options
                        .clone()
                        .create_if_missing(true)
                        .journal_mode(SqliteJournalMode::Wal)
                        .synchronous(synchronous),
                )
        };
        let write = writer(SqliteSynchronous::Full)
            .await
            .map_err(Error::storage("open sqlite database"))?;
        let (read, relaxed) = if in_memory {
            // Every connection to an in-memory database is a database of its own.
            (write.clone(), write.clone())
        } else {
            let relaxed = writer(SqliteSynchronous::Normal)
                .await
                .map_err(Error::storage("open sqlite database"))?;
            let read = SqlitePoolOptions::new()
                .max_connections(READERS)
                .acquire_timeout(settings.checkin_timeout)
                .connect_with(options.read_only(true))
                .await
                .map_err(Error::storage("open sqlite database for reading"))?;
            (read, relaxed)
        };
        let write_lock = Arc::new(Mutex::new(()));
        let challenges = Batcher::spawn(
            "challenges",
            1,
            settings.on_batch.clone(),
            {
                let (pool, lock) = (relaxed.clone(), Arc::clone(&write_lock));
                move |ops| insert_challenges(pool.clone(), Arc::clone(&lock), ops)
            },
            {
                let (pool, lock) = (relaxed.clone(), Arc::clone(&write_lock));
                move |op| {
                    let (pool, lock) = (pool.clone(), Arc::clone(&lock));
                    async move { single(insert_challenges(pool, lock, Arc::from([op])).await) }
                }
            },
        );
        let admissions = Batcher::spawn(
            "admissions",
            1,
            settings.on_batch.clone(),
            {
                let (pool, lock) = (write.clone(), Arc::clone(&write_lock));
                move |ops| admit_batch(pool.clone(), Arc::clone(&lock), ops)
            },
            {
                let (pool, lock) = (write.clone(), Arc::clone(&write_lock));
                move |op| {
                    let (pool, lock) = (pool.clone(), Arc::clone(&lock));
                    async move { single(admit_batch(pool, lock, Arc::from([op])).await) }
                }
            },
        );
        Ok(SqliteStore {
            read,
            write,
            relaxed,
            write_lock,
            challenges,
            admissions,
        })
    }

    // ------------------------------------- hosts, walk-ins, re-binding and transfer

    // ------------------------------------------------------------ webhooks (issue 17)

    // ------------------------------------------------------------ zones (issue 17)

    // ------------------------------------------------------------ the security console

    async fn begin_relaxed(&self, context: &'static str) -> Result<Transaction<'static, Sqlite>> {
        self.relaxed
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(Error::storage(context))
    }

    async fn begin(&self, context: &'static str) -> Result<Transaction<'static, Sqlite>> {
        self.write
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(Error::storage(context))
    }
}

crate::shared::shared_functions!(Sqlite);
crate::shared::shared_statements!(SqliteStore);

#[async_trait::async_trait]
impl Backend for SqliteStore {
    fn backend_name(&self) -> &'static str {
        "sqlite"
    }

    async fn close(&self) {
        self.read.close().await;
        self.relaxed.close().await;
        self.write.close().await;
    }

    fn pool_stats(&self) -> Vec<(&'static str, u32, usize)> {
        vec![
            ("read", self.read.size(), self.read.num_idle()),
            ("write", self.write.size(), self.write.num_idle()),
            ("relaxed", self.relaxed.size(), self.relaxed.num_idle()),
        ]
    }

    fn waiting(&self) -> Vec<(&'static str, usize)> {
        vec![self.challenges.waiting(), self.admissions.waiting()]
    }

    async fn scan_context(
        &self,
        (pass_id, counter, gate_id, scan_id): (Uuid, i64, Uuid, Uuid),
    ) -> Result<Option<ScanContext>> {
        sqlx::query_as(
            "SELECT p.id AS p_id, p.org_id AS p_org_id, p.label AS p_label, p.site AS p_site, \
             p.valid_from_ms AS p_valid_from_ms, p.valid_until_ms AS p_valid_until_ms, \
             p.max_uses AS p_max_uses, p.uses AS p_uses, p.state AS p_state, \
             p.claim_token_hash AS p_claim_token_hash, p.wallet_public_key AS p_wallet_public_key, \
             p.server_kid AS p_server_kid, p.created_at_ms AS p_created_at_ms, \
             p.claimed_at_ms AS p_claimed_at_ms, p.revoked_at_ms AS p_revoked_at_ms, \
             (SELECT r.gate_id FROM redemptions r WHERE r.pass_id = q.pass_id \
                 AND r.counter = q.counter AND r.outcome = 'admitted') AS step_gate_id, \
             ((SELECT 1 FROM challenges c WHERE c.gate_id = q.gate_id AND c.scan_id = q.scan_id) \
                 IS NOT NULL OR (SELECT 1 FROM scan_denials d WHERE d.gate_id = q.gate_id \
                 AND d.scan_id = q.scan_id) IS NOT NULL) AS resent_scan \
             FROM (SELECT $1 AS pass_id, $2 AS counter, $3 AS gate_id, $4 AS scan_id) q \
             CROSS JOIN passes p WHERE p.id = q.pass_id",
        )
        .bind(pass_id)
        .bind(counter)
        .bind(gate_id)
        .bind(scan_id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load scan context"))
    }

    async fn challenge_context(&self, nonce: [u8; 32]) -> Result<Option<ChallengeContext>> {
        sqlx::query_as(
            "SELECT c.nonce, c.org_id, c.gate_id, c.scan_id, c.pass_id, c.counter, \
             c.code_hash, c.created_at_ms, c.expires_at_ms, c.wrong_answers, \
             p.id AS p_id, p.org_id AS p_org_id, p.label AS p_label, p.site AS p_site, \
             p.valid_from_ms AS p_valid_from_ms, p.valid_until_ms AS p_valid_until_ms, \
             p.max_uses AS p_max_uses, p.uses AS p_uses, p.state AS p_state, \
             p.claim_token_hash AS p_claim_token_hash, p.wallet_public_key AS p_wallet_public_key, \
             p.server_kid AS p_server_kid, p.created_at_ms AS p_created_at_ms, \
             p.claimed_at_ms AS p_claimed_at_ms, p.revoked_at_ms AS p_revoked_at_ms, \
             r.outcome AS r_outcome, r.reason AS r_reason, \
             r.first_admitted_at_ms AS r_first_admitted_at_ms, r.first_gate_id AS r_first_gate_id, \
             r.created_at_ms AS r_created_at_ms \
             FROM challenges c JOIN passes p ON p.id = c.pass_id \
             LEFT JOIN redemptions r ON r.nonce = c.nonce WHERE c.nonce = $1",
        )
        .bind(&nonce[..])
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load challenge context"))
    }

    async fn begin_redemption(&self) -> Result<Box<dyn RedemptionTx>> {
        let writing = Arc::clone(&self.write_lock).lock_owned().await;
        Ok(Box::new(SqliteRedemption {
            tx: self.begin("redemption").await?,
            _writing: writing,
        }))
    }

    async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut conn = self
            .write
            .acquire()
            .await
            .map_err(Error::storage("acquire for audit"))?;
        insert_audit(&mut conn, event).await
    }

    async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self
            .relaxed
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(Error::storage("begin aggregated audit"))?;
        for event in events {
            insert_audit(&mut tx, event).await?;
        }
        commit(tx, "commit aggregated audit").await
    }

    async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
        sqlx::query_as(
            "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details \
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
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("query audit log"))
    }

    async fn apply_retention(
        &self,
        cutoffs: &RetentionCutoffs,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a RetentionCounts) -> NewAudit + Send + Sync),
    ) -> Result<RetentionCounts> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("retention").await?;
        // Outcomes first: a challenge cannot go while an outcome is stored under it. Only
        // under settled challenges, so that the sweep never takes a challenge whose
        // outcome has gone for an unanswered one.
        let redemptions = sqlx::query(
            "DELETE FROM redemptions WHERE nonce IN ( \
                SELECT c.nonce FROM challenges c JOIN redemptions r ON r.nonce = c.nonce \
                WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE LIMIT $2)",
        )
        .bind(cutoffs.redemptions_before_ms)
        .bind(limit)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("remove old redemptions"))?
        .rows_affected();
        // Only settled challenges, or ones the unanswered sweep has audited, ever go.
        let challenges = sqlx::query(
            "DELETE FROM challenges WHERE nonce IN ( \
                SELECT c.nonce FROM challenges c \
                WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE \
                AND NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.nonce = c.nonce) \
                LIMIT $2)",
        )
        .bind(cutoffs.challenges_before_ms)
        .bind(limit)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("remove old challenges"))?
        .rows_affected();
        let scan_denials = sqlx::query(
            "DELETE FROM scan_denials WHERE (gate_id, scan_id) IN ( \
                SELECT gate_id, scan_id FROM scan_denials WHERE created_at_ms < $1 LIMIT $2)",
        )
        .bind(cutoffs.challenges_before_ms)
        .bind(limit)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("remove old scan denials"))?
        .rows_affected();
        // The schema's delete trigger refuses any event younger than its 400-day floor.
        let audit_events = sqlx::query(
            "DELETE FROM audit_events WHERE id IN ( \
                SELECT id FROM audit_events WHERE at_ms < $1 ORDER BY id LIMIT $2)",
        )
        .bind(cutoffs.audit_before_ms)
        .bind(limit)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("remove old audit events"))?
        .rows_affected();
        let counts = RetentionCounts {
            challenges,
            redemptions,
            scan_denials,
            audit_events,
        };
        if counts.total() > 0 {
            insert_audit(&mut tx, &event(&counts)).await?;
            commit(tx, "retention").await?;
        }
        Ok(counts)
    }

    async fn mint_link(
        &self,
        link: &PassLinkRow,
        refuse: &(dyn for<'a> Fn(&'a PassRow) -> Option<LinkOutcome> + Send + Sync),
        event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
    ) -> Result<LinkOutcome> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("mint pass link").await?;
        let pass: Option<PassRow> = sqlx::query_as(
            "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
             state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
             claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
             external_ref FROM passes WHERE id = $1 AND org_id = $2",
        )
        .bind(link.pass_id)
        .bind(link.org_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("load pass for a link"))?;
        let Some(pass) = pass else {
            return Ok(LinkOutcome::UnknownPass);
        };
        let earlier: Option<PassLinkRow> = sqlx::query_as(
            "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
             expires_at_ms, closed_at_ms, claimed_key FROM pass_links WHERE request_key = $1",
        )
        .bind(&link.request_key)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("find pass link"))?;
        if let Some(earlier) = earlier {
            return Ok(
                if earlier.pass_id == link.pass_id && earlier.kind == link.kind {
                    LinkOutcome::Replayed(earlier)
                } else {
                    LinkOutcome::RequestKeyTaken
                },
            );
        }
        if let Some(refusal) = refuse(&pass) {
            return Ok(refusal);
        }
        sqlx::query(
            "UPDATE pass_links SET closed_at_ms = $2 WHERE pass_id = $1 AND closed_at_ms IS NULL",
        )
        .bind(link.pass_id)
        .bind(link.created_at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("close earlier pass links"))?;
        sqlx::query(
            "INSERT INTO pass_links (id, pass_id, org_id, kind, request_key, token_hash, \
             created_at_ms, expires_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(link.id)
        .bind(link.pass_id)
        .bind(link.org_id)
        .bind(link.kind.as_str())
        .bind(&link.request_key)
        .bind(&link.token_hash)
        .bind(link.created_at_ms)
        .bind(link.expires_at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert pass link"))?;
        if link.kind == LinkKind::Rebind {
            sqlx::query(
                "UPDATE passes SET claim_token_hash = $2, wallet_public_key = NULL, \
                 claimed_at_ms = NULL, rebinds = rebinds + 1, \
                 state = CASE WHEN state = 'claimed' THEN 'issued' ELSE state END WHERE id = $1",
            )
            .bind(link.pass_id)
            .bind(&link.token_hash)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("re-bind pass"))?;
        }
        insert_audit(&mut tx, &event(&pass)).await?;
        commit(tx, "mint pass link").await?;
        Ok(LinkOutcome::Minted)
    }

    async fn claim_transfer(
        &self,
        link_id: Uuid,
        wallet_key: &[u8; 32],
        now_ms: i64,
        refuse: &(dyn for<'a, 'b> Fn(&'a PassRow, &'b PassLinkRow) -> Option<TransferClaim>
              + Send
              + Sync),
        event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
    ) -> Result<TransferClaim> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("claim transfer").await?;
        let link: Option<PassLinkRow> = sqlx::query_as(
            "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
             expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
             WHERE id = $1 AND kind = 'transfer'",
        )
        .bind(link_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("load transfer link"))?;
        let Some(link) = link else {
            return Ok(TransferClaim::Invalid);
        };
        let pass: Option<PassRow> = sqlx::query_as(
            "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
             state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
             claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
             external_ref FROM passes WHERE id = $1",
        )
        .bind(link.pass_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("load transferred pass"))?;
        let Some(pass) = pass else {
            return Ok(TransferClaim::Invalid);
        };
        if let Some(decided) = refuse(&pass, &link) {
            return Ok(decided);
        }
        sqlx::query(
            "UPDATE passes SET wallet_public_key = $2, claimed_at_ms = $3, \
             transfers = transfers + 1 WHERE id = $1",
        )
        .bind(link.pass_id)
        .bind(&wallet_key[..])
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("bind the recipient's key"))?;
        sqlx::query("UPDATE pass_links SET closed_at_ms = $2, claimed_key = $3 WHERE id = $1")
            .bind(link_id)
            .bind(now_ms)
            .bind(&wallet_key[..])
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("close transfer link"))?;
        insert_audit(&mut tx, &event(&pass)).await?;
        commit(tx, "claim transfer").await?;
        Ok(TransferClaim::Claimed)
    }

    async fn expire_walk_ins(
        &self,
        now_ms: i64,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a WalkInRow) -> NewAudit + Send + Sync),
    ) -> Result<usize> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("expire walk-ins").await?;
        let expired: Vec<WalkInRow> = sqlx::query_as(
            "UPDATE walk_ins SET state = 'expired', decided_at_ms = expires_at_ms \
             WHERE id IN (SELECT id FROM walk_ins WHERE state = 'waiting' \
             AND expires_at_ms <= $1 ORDER BY expires_at_ms LIMIT $2) \
             RETURNING id, org_id, gate_id, request_id, host_id, visitor_name, note, state, \
             created_at_ms, expires_at_ms, decided_at_ms",
        )
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await
        .map_err(Error::storage("expire walk-ins"))?;
        for walk_in in &expired {
            insert_audit(&mut tx, &event(walk_in)).await?;
        }
        commit(tx, "expire walk-ins").await?;
        Ok(expired.len())
    }

    async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>> {
        sqlx::query_as(
            "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
             disabled_at_ms, disabled_reason FROM webhooks \
             WHERE ($1 IS NULL AND disabled_at_ms IS NULL) OR org_id = $1 \
             ORDER BY created_at_ms, id",
        )
        .bind(org_id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("list webhooks"))
    }

    async fn lease_webhook(
        &self,
        webhook_id: Uuid,
        from: i64,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let leased = sqlx::query(
            "UPDATE webhooks SET send_lease_until_ms = $3 \
             WHERE id = $1 AND audit_cursor = $2 AND disabled_at_ms IS NULL \
             AND (send_lease_until_ms IS NULL OR send_lease_until_ms <= $4)",
        )
        .bind(webhook_id)
        .bind(from)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(now_ms)
        .execute(&self.relaxed)
        .await
        .map_err(Error::storage("lease webhook"))?
        .rows_affected()
            == 1;
        Ok(leased)
    }

    async fn enqueue_deliveries(
        &self,
        webhook: &WebhookRow,
        from: i64,
        to: i64,
        deliveries: &[NewDelivery],
        disables: Option<&NewAudit>,
        now_ms: i64,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin_relaxed("enqueue deliveries").await?;
        let moved = sqlx::query(
            "UPDATE webhooks SET audit_cursor = $3, send_lease_until_ms = NULL \
             WHERE id = $1 AND audit_cursor = $2",
        )
        .bind(webhook.id)
        .bind(from)
        .bind(to)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("move webhook cursor"))?
        .rows_affected()
            == 1;
        if !moved {
            return Ok(false);
        }
        // In event order: a delivery's id is its place in its pass's queue.
        for delivery in deliveries {
            sqlx::query(
                "INSERT INTO webhook_deliveries (webhook_id, org_id, audit_id, pass_id, \
                 event_type, body, state, attempts, next_attempt_ms, last_error, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
                 ON CONFLICT (webhook_id, audit_id) DO NOTHING",
            )
            .bind(webhook.id)
            .bind(webhook.org_id)
            .bind(delivery.audit_id)
            .bind(delivery.pass_id)
            .bind(&delivery.event_type)
            .bind(&delivery.body)
            .bind(delivery.state.as_str())
            .bind(delivery.attempts)
            .bind(delivery.next_attempt_ms)
            .bind(delivery.last_error.as_deref())
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("enqueue delivery"))?;
        }
        if let Some(event) = disables {
            disable_webhook(&mut tx, webhook.id, event, now_ms).await?;
        }
        tx.commit()
            .await
            .map_err(Error::storage("enqueue deliveries"))?;
        Ok(true)
    }

    async fn claim_deliveries(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin_relaxed("claim deliveries").await?;
        let claimed = sqlx::query_as(
            "UPDATE webhook_deliveries SET next_attempt_ms = $2, attempts = attempts + 1 \
             WHERE id IN (SELECT d.id FROM webhook_deliveries d \
             WHERE d.state = 'pending' AND d.next_attempt_ms <= $1 \
             AND (d.pass_id IS NULL OR d.id = (SELECT MIN(e.id) FROM webhook_deliveries e \
             WHERE e.webhook_id = d.webhook_id AND e.pass_id = d.pass_id \
             AND e.state = 'pending')) \
             ORDER BY d.id LIMIT $3) \
             RETURNING id, webhook_id, org_id, audit_id, pass_id, event_type, body, state, \
             attempts, next_attempt_ms, last_error, created_at_ms, delivered_at_ms",
        )
        .bind(now_ms)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(limit)
        .fetch_all(&mut *tx)
        .await
        .map_err(Error::storage("claim deliveries"))?;
        tx.commit()
            .await
            .map_err(Error::storage("claim deliveries"))?;
        Ok(claimed)
    }

    async fn finish_deliveries(&self, finished: &[Finished], now_ms: i64) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin_relaxed("finish deliveries").await?;
        for f in finished {
            sqlx::query(
                "UPDATE webhook_deliveries SET state = $2, next_attempt_ms = $3, \
                 last_error = COALESCE($4, last_error), \
                 delivered_at_ms = CASE WHEN $2 = 'delivered' THEN $5 ELSE delivered_at_ms END \
                 WHERE id = $1",
            )
            .bind(f.id)
            .bind(f.state.as_str())
            .bind(f.next_attempt_ms)
            .bind(f.error.as_deref())
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("finish deliveries"))?;
            if let Some(event) = &f.disables {
                disable_webhook(&mut tx, f.webhook_id, event, now_ms).await?;
            }
        }
        tx.commit()
            .await
            .map_err(Error::storage("finish deliveries"))
    }

    async fn auto_checkout(
        &self,
        today: i64,
        minute: i64,
        now_ms: i64,
        event: &(dyn for<'a> Fn(&'a ZoneRow, u64) -> NewAudit + Send + Sync),
    ) -> Result<usize> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("automatic check-out").await?;
        let due: Vec<ZoneRow> = sqlx::query_as(
            "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
             checks_out_others, last_checkout_day, created_at_ms FROM zones \
             WHERE checkout_at_minute IS NOT NULL AND checkout_at_minute <= $2 \
             AND (last_checkout_day IS NULL OR last_checkout_day < $1)",
        )
        .bind(today)
        .bind(minute)
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

    async fn open_gate_socket(
        &self,
        socket: GateSocket,
        replica_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin_relaxed("open gate socket").await?;
        sqlx::query(
            "INSERT INTO gate_sockets (id, gate_id, replica_id, opened_at_ms, seen_at_ms) \
             VALUES ($1, $2, $3, $4, $4)",
        )
        .bind(socket.id)
        .bind(socket.gate_id)
        .bind(replica_id)
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("open gate socket"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "open gate socket").await
    }

    async fn touch_gate_sockets(&self, replica_id: Uuid, now_ms: i64) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        sqlx::query("UPDATE gate_sockets SET seen_at_ms = $2 WHERE replica_id = $1")
            .bind(replica_id)
            .bind(now_ms)
            .execute(&self.relaxed)
            .await
            .map_err(Error::storage("refresh gate sockets"))?;
        Ok(())
    }

    async fn close_gate_socket(
        &self,
        socket: GateSocket,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin_relaxed("close gate socket").await?;
        sqlx::query("DELETE FROM gate_sockets WHERE id = $1")
            .bind(socket.id)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("close gate socket"))?;
        sqlx::query("UPDATE gates SET last_seen_ms = $2 WHERE id = $1")
            .bind(socket.gate_id)
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("close gate socket"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "close gate socket").await
    }

    async fn gate_statuses(
        &self,
        org_id: Uuid,
        gate_id: Option<Uuid>,
        seen_since_ms: i64,
    ) -> Result<Vec<GateStatusRow>> {
        // SQLite's two-argument MAX is NULL if either is; 0 stands in and is turned back.
        sqlx::query_as(
            "SELECT g.id, g.label, g.created_at_ms, g.revoked_at_ms, \
             (SELECT COUNT(*) FROM gate_sockets s \
              WHERE s.gate_id = g.id AND s.seen_at_ms >= $3) AS sockets, \
             NULLIF(MAX(COALESCE((SELECT MAX(s.seen_at_ms) FROM gate_sockets s \
                                  WHERE s.gate_id = g.id), 0), \
                        COALESCE(g.last_seen_ms, 0)), 0) AS last_seen_ms \
             FROM gates g WHERE g.org_id = $1 AND ($2 IS NULL OR g.id = $2) \
             ORDER BY g.created_at_ms DESC, g.id",
        )
        .bind(org_id)
        .bind(gate_id)
        .bind(seen_since_ms)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("load gates"))
    }

    async fn list_passes(
        &self,
        org_id: Uuid,
        before: Option<(i64, Uuid)>,
        limit: i64,
        host_id: Option<Uuid>,
    ) -> Result<Vec<PassRow>> {
        sqlx::query_as(
            "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
             state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
             claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
             external_ref FROM passes \
             WHERE org_id = $1 AND ($2 IS NULL OR (created_at_ms, id) < ($2, $3)) \
             AND ($5 IS NULL OR host_id = $5) \
             ORDER BY created_at_ms DESC, id DESC LIMIT $4",
        )
        .bind(org_id)
        .bind(before.map(|(at, _)| at))
        .bind(before.map(|(_, id)| id))
        .bind(limit)
        .bind(host_id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("list passes"))
    }

    async fn max_audit_id(&self) -> Result<i64> {
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_events")
            .fetch_one(&self.read)
            .await
            .map_err(Error::storage("read the last audit id"))
    }

    async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
        sqlx::query_as(
            "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details \
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
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("read the audit tail"))
    }
}

/// The outcome of a batch of one, for the batcher's single runs.
fn single(outcome: Result<Vec<Attempt<bool>>>) -> Result<bool> {
    match outcome?.pop() {
        Some(Attempt::Done(done)) => Ok(done),
        _ => Ok(false),
    }
}

/// Challenges with their `challenge_issued` events, all in one transaction on the relaxed
/// writer. A challenge whose gate already holds one for the scan id changes no row, and
/// its event is then skipped too (`changes()` is that of the INSERT before it).
async fn insert_challenges(
    pool: SqlitePool,
    write_lock: Arc<Mutex<()>>,
    ops: Arc<[(ChallengeRow, NewAudit)]>,
) -> Result<Vec<Attempt<bool>>> {
    let _writing = write_lock.lock().await;
    let mut tx = pool
        .begin_with("BEGIN IMMEDIATE")
        .await
        .map_err(Error::storage("begin challenges"))?;
    let mut stored = Vec::with_capacity(ops.len());
    for (challenge, event) in ops.iter() {
        let changed = sqlx::query(
            "INSERT INTO challenges (nonce, org_id, gate_id, scan_id, pass_id, counter, \
                 code_hash, created_at_ms, expires_at_ms, wrong_answers) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0) \
                 ON CONFLICT (gate_id, scan_id) DO NOTHING; \
             INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, \
                 details) SELECT $10, $2, $11, $12, $3, $5, $13 WHERE changes() = 1",
        )
        .bind(&challenge.nonce)
        .bind(challenge.org_id)
        .bind(challenge.gate_id)
        .bind(challenge.scan_id)
        .bind(challenge.pass_id)
        .bind(challenge.counter)
        .bind(&challenge.code_hash)
        .bind(challenge.created_at_ms)
        .bind(challenge.expires_at_ms)
        .bind(event.at_ms)
        .bind(event.kind)
        .bind(event.severity)
        .bind(&event.details)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert challenge"))?
        .rows_affected();
        stored.push(Attempt::Done(changed == 2));
    }
    commit(tx, "commit challenges").await?;
    Ok(stored)
}

/// Admissions, all in one durable transaction. For each: if the challenge is still open
/// (this gate's and scan's, for this pass and step, fewer wrong answers than `burn_at`, not
/// expired, no outcome stored) and the pass may admit now (claimed, uses left, within its
/// validity, its step not admitted yet), count the use, store `admitted` under the nonce
/// and append the event: three statements in one query, each later one running only if the
/// one before changed a row (`changes() = 1`), so an admission changes three rows or none.
/// These are the conditions of `rules::settle`'s admission, which the redemption
/// transaction applies when this refuses.
async fn admit_batch(
    pool: SqlitePool,
    write_lock: Arc<Mutex<()>>,
    ops: Arc<[AdmitOp]>,
) -> Result<Vec<Attempt<bool>>> {
    let _writing = write_lock.lock().await;
    let mut tx = pool
        .begin_with("BEGIN IMMEDIATE")
        .await
        .map_err(Error::storage("begin admissions"))?;
    let mut admitted = Vec::with_capacity(ops.len());
    for op in ops.iter() {
        let changed = sqlx::query(
            "UPDATE passes SET uses = uses + 1, \
                 state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END \
                 WHERE id = $1 AND state = 'claimed' AND uses < max_uses \
                 AND valid_from_ms <= $3 AND valid_until_ms > $3 AND wallet_public_key = $12 \
                 AND (SELECT 1 FROM redemptions r WHERE r.pass_id = $1 AND r.counter = $2 \
                 AND r.outcome = 'admitted') IS NULL \
                 AND (SELECT 1 FROM challenges c WHERE c.nonce = $4 AND c.gate_id = $6 \
                 AND c.scan_id = $7 AND c.pass_id = $1 AND c.counter = $2 \
                 AND c.wrong_answers < $11 AND c.expires_at_ms > $3) IS NOT NULL \
                 AND (SELECT 1 FROM redemptions r WHERE r.nonce = $4) IS NULL; \
             INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, \
                 outcome, created_at_ms) SELECT $4, $5, $6, $7, $1, $2, 'admitted', $3 \
                 WHERE changes() = 1; \
             INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, \
                 details) SELECT $8, $5, 'response', $9, $6, $1, $10 WHERE changes() = 1",
        )
        .bind(op.row.pass_id)
        .bind(op.row.counter)
        .bind(op.row.created_at_ms)
        .bind(&op.row.nonce)
        .bind(op.row.org_id)
        .bind(op.row.gate_id)
        .bind(op.row.scan_id)
        .bind(op.event.at_ms)
        .bind(op.event.severity)
        .bind(&op.event.details)
        .bind(op.burn_at)
        .bind(&op.wallet_key)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("admit"))?
        .rows_affected();
        admitted.push(Attempt::Done(changed == 3));
    }
    commit(tx, "commit admissions").await?;
    Ok(admitted)
}

/// The redemption transaction on SQLite, holding the write lock until it ends.
#[derive(Debug)]
pub struct SqliteRedemption {
    tx: Transaction<'static, Sqlite>,
    _writing: OwnedMutexGuard<()>,
}

crate::shared::shared_redemption!(SqliteRedemption);

#[async_trait::async_trait]
impl RedemptionTx for SqliteRedemption {
    async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>> {
        sqlx::query_as(
            "SELECT c.nonce, c.org_id, c.gate_id, c.scan_id, c.pass_id, c.counter, \
             c.code_hash, c.created_at_ms, c.expires_at_ms, c.wrong_answers, \
             p.id AS p_id, p.org_id AS p_org_id, p.label AS p_label, p.site AS p_site, \
             p.valid_from_ms AS p_valid_from_ms, p.valid_until_ms AS p_valid_until_ms, \
             p.max_uses AS p_max_uses, p.uses AS p_uses, p.state AS p_state, \
             p.claim_token_hash AS p_claim_token_hash, \
             p.wallet_public_key AS p_wallet_public_key, p.server_kid AS p_server_kid, \
             p.created_at_ms AS p_created_at_ms, p.claimed_at_ms AS p_claimed_at_ms, \
             p.revoked_at_ms AS p_revoked_at_ms, \
             r.outcome AS r_outcome, r.reason AS r_reason, \
             r.first_admitted_at_ms AS r_first_admitted_at_ms, \
             r.first_gate_id AS r_first_gate_id, r.created_at_ms AS r_created_at_ms, \
             s.gate_id AS step_gate_id, s.created_at_ms AS step_at_ms, \
             (SELECT l.gate_id FROM redemptions l WHERE l.pass_id = c.pass_id \
                 AND l.outcome = 'admitted' ORDER BY l.created_at_ms DESC, l.nonce DESC \
                 LIMIT 1) AS last_gate_id, \
             (SELECT l.created_at_ms FROM redemptions l WHERE l.pass_id = c.pass_id \
                 AND l.outcome = 'admitted' ORDER BY l.created_at_ms DESC, l.nonce DESC \
                 LIMIT 1) AS last_at_ms \
             FROM challenges c JOIN passes p ON p.id = c.pass_id \
             LEFT JOIN redemptions r ON r.nonce = c.nonce \
             LEFT JOIN redemptions s ON s.pass_id = c.pass_id AND s.counter = c.counter \
                 AND s.outcome = 'admitted' \
             WHERE c.nonce = $1",
        )
        .bind(&nonce[..])
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(Error::storage("read locked redemption"))
    }

    async fn zone_view(
        &mut self,
        pass_id: Uuid,
        zone_id: Uuid,
    ) -> Result<Option<(ZoneRow, super::ZoneView)>> {
        let zone: Option<ZoneRow> = sqlx::query_as(
            "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
             checks_out_others, last_checkout_day, created_at_ms FROM zones WHERE id = $1",
        )
        .bind(zone_id)
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(Error::storage("load zone"))?;
        let Some(zone) = zone else {
            return Ok(None);
        };
        let (listed, allowed): (i64, i64) = sqlx::query_as(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN zone_id = $2 THEN 1 ELSE 0 END), 0) \
             FROM pass_zones WHERE pass_id = $1",
        )
        .bind(pass_id)
        .bind(zone_id)
        .fetch_one(&mut *self.tx)
        .await
        .map_err(Error::storage("load pass zones"))?;
        let presence: Vec<(Uuid, bool, i64, i64)> = sqlx::query_as(
            "SELECT zone_id, inside, entry_day, entries_on_day FROM zone_presence \
             WHERE pass_id = $1",
        )
        .bind(pass_id)
        .fetch_all(&mut *self.tx)
        .await
        .map_err(Error::storage("load zone presence"))?;
        let here = presence.iter().find(|(id, ..)| *id == zone_id).map(
            |(_, inside, entry_day, entries_on_day)| super::Presence {
                inside: *inside,
                entry_day: *entry_day,
                entries_on_day: *entries_on_day,
            },
        );
        let view = super::ZoneView {
            allow_reentry: zone.allow_reentry,
            max_entries_per_day: zone.max_entries_per_day,
            pass_allowed: listed == 0 || allowed > 0,
            presence: here,
            entered_any: !presence.is_empty(),
        };
        Ok(Some((zone, view)))
    }
}

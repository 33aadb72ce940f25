//! SQLite, the embedded default for a single site.
//!
//! Connections: one writer with `synchronous = FULL` for durable commits, one writer with
//! `synchronous = NORMAL` for relaxed ones (challenges), read-only connections for reads,
//! and an in-process lock that lets one writer in at a time, so the two writers never meet
//! SQLite's busy handler (which sleeps in steps of milliseconds). Every method that writes
//! takes that lock itself, visibly. In WAL mode the durable writer's fsync also covers
//! every frame the relaxed writer appended before it. Group commit here is one
//! `BEGIN IMMEDIATE … COMMIT` (one fsync) around the statements of many operations.
//! No pool pings a connection on acquire: an SQLite connection is a file handle in this
//! process and cannot break while it lies idle, and a ping is a hop to its worker thread.

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
    AdmitOp, ApiKeyListing, ApiKeyRow, AuditFilter, AuditRow, ChallengeContext, ChallengeRow,
    Conflict, ConsoleSessionRow, GateRow, GateStatusRow, LockedRedemption, NewAudit, NewOrg,
    PairingRow, PassRow, RedemptionRow, RetentionCounts, RetentionCutoffs, ScanContext,
    ScanDenialRow, ScanRecord,
};
use super::{AlarmFilter, AlarmRow};
use super::{
    ByRef, HostRow, LinkKind, LinkOutcome, PassLinkRow, Role, TransferClaim, WalkInRow, WalkInView,
};
use super::{
    DeliveryRow, Finished, KeyChange, NewDelivery, NewSecret, SweptChallenge, WebhookChange,
    WebhookRow, ZoneRow,
};
use super::{
    MessageFilter, MessageRow, MessageSettlement, MessageState, OrgLocaleRow, OrgMailRow,
    PushSubscriptionRow, SmtpSettingsRow,
};
use super::{SocketChange, SocketMove};
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
    sockets: Batcher<SocketChange, ()>,
    /// The database file, `None` in memory.
    file: Option<std::path::PathBuf>,
}

/// Creates a missing database file empty and 0600 (an empty file is an empty database to
/// SQLite), so a server run outside the packaged unit's `UMask=0077` does not leave its
/// passes, keys' hashes and audit world-readable; SQLite gives the `-wal` and `-shm` files
/// it makes the main file's mode. An existing file keeps the mode its operator chose.
///
/// # Errors
/// [`Error::Storage`] when the file cannot be made.
fn create_private(file: &std::path::Path) -> Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    match options.open(file) {
        Ok(_) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(error) => Err(Error::storage("create the sqlite database file")(
            sqlx::Error::Io(error),
        )),
    }
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
    /// The scan's one read ([`crate::Store::scan_context`]).
    pub(crate) async fn scan_context(
        &self,
        lookup: crate::ScanLookup,
    ) -> Result<Option<ScanContext>> {
        sqlx::query(concat!(
            "SELECT ",
            crate::shared::pass_columns!(),
            ", ",
            crate::shared::scan_flags!(),
            " FROM (SELECT $1 AS pass_id, $2 AS counter, $3 AS gate_id, $4 AS scan_id) q ",
            "CROSS JOIN passes p WHERE p.id = q.pass_id",
        ))
        .bind(lookup.pass_id)
        .bind(lookup.counter)
        .bind(lookup.gate_id)
        .bind(lookup.scan_id)
        .try_map(crate::columns::decode)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load scan context"))
    }

    /// The answer's one read ([`crate::Store::challenge_context`]).
    pub(crate) async fn challenge_context(
        &self,
        nonce: [u8; 32],
    ) -> Result<Option<ChallengeContext>> {
        sqlx::query(concat!(
            "SELECT ",
            crate::shared::answer_columns!(),
            " FROM challenges c JOIN passes p ON p.id = c.pass_id LEFT JOIN redemptions r ",
            "ON r.nonce = c.nonce WHERE c.nonce = $1",
        ))
        .bind(&nonce[..])
        .try_map(crate::columns::decode)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load challenge context"))
    }

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
        let file = (!in_memory).then(|| options.get_filename().to_path_buf());
        if let Some(file) = &file {
            create_private(file)?;
        }
        let writer = |synchronous| {
            SqlitePoolOptions::new()
                .test_before_acquire(false)
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
                .test_before_acquire(false)
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
        let sockets = Batcher::spawn(
            "gate sockets",
            1,
            settings.on_batch.clone(),
            {
                let (pool, lock) = (relaxed.clone(), Arc::clone(&write_lock));
                move |changes| record_gate_sockets(pool.clone(), Arc::clone(&lock), changes)
            },
            {
                let (pool, lock) = (relaxed.clone(), Arc::clone(&write_lock));
                move |change| {
                    let (pool, lock) = (pool.clone(), Arc::clone(&lock));
                    async move {
                        record_gate_sockets(pool, lock, Arc::from([change])).await?;
                        Ok(())
                    }
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
            sockets,
            file,
        })
    }

    /// The database file, `None` for an in-memory database.
    pub(crate) fn file(&self) -> Option<&std::path::Path> {
        self.file.as_deref()
    }

    /// A gate socket's change, group-committed ([`crate::Store::record_gate_socket`]).
    pub(crate) async fn record_gate_socket(&self, change: SocketChange) -> Result<()> {
        self.sockets.submit(change).await
    }

    async fn begin_relaxed(&self, context: &'static str) -> Result<Transaction<'static, Sqlite>> {
        self.relaxed
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(Error::storage(context))
    }

    /// Gate presence and the webhook dispatcher's bookkeeping: on the relaxed writer too.
    async fn begin_presence(&self, context: &'static str) -> Result<Transaction<'static, Sqlite>> {
        self.begin_relaxed(context).await
    }

    async fn begin(&self, context: &'static str) -> Result<Transaction<'static, Sqlite>> {
        self.write
            .begin_with("BEGIN IMMEDIATE")
            .await
            .map_err(Error::storage(context))
    }
}

/// A retention pass holds the write turn, so nothing else writes meanwhile: always its turn.
async fn retention_turn(_tx: &mut Transaction<'static, Sqlite>) -> Result<bool> {
    Ok(true)
}

crate::shared::shared_functions!(Sqlite);
crate::security::security_statements!(store: SqliteStore);
crate::roll_calls::roll_call_statements!(store: SqliteStore);
crate::sign_in::sign_in_statements!(store: SqliteStore);
crate::sites::site_statements! {
    store: SqliteStore,
    db: sqlx::Sqlite,
    horizon: "SELECT NULL",
}
crate::site_down::site_down_statements! {
    store: SqliteStore,
    db: sqlx::Sqlite,
    horizon: "SELECT NULL",
}
crate::site_up::site_up_statements! {
    store: SqliteStore,
    db: sqlx::Sqlite,
    horizon: "SELECT NULL",
}
crate::shared::shared_statements! {
    store: SqliteStore,
    redemption: SqliteRedemption,
    // One writer at a time (the write turn, then `BEGIN IMMEDIATE`): no row to lock.
    for_update: "",
    skip_locked: "",
    writers: "NULL, NULL",
}

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

    async fn begin_redemption(&self) -> Result<Box<dyn RedemptionTx>> {
        let writing = Arc::clone(&self.write_lock).lock_owned().await;
        Ok(Box::new(SqliteRedemption {
            tx: self.begin("redemption").await?,
            _writing: writing,
        }))
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

    async fn gate_statuses(
        &self,
        org_id: Uuid,
        gate_id: Option<Uuid>,
        seen_since_ms: i64,
    ) -> Result<Vec<GateStatusRow>> {
        // SQLite's two-argument MAX is NULL if either is; 0 stands in and is turned back.
        sqlx::query(
            "SELECT g.id, g.label, g.site, g.created_at_ms, g.revoked_at_ms, \
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
        .try_map(crate::columns::decode)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("load gates"))
    }
}

/// The outcome of a batch of one, for the batcher's single runs.
fn single(outcome: Result<Vec<Attempt<bool>>>) -> Result<bool> {
    match outcome?.pop() {
        Some(Attempt::Done(done)) => Ok(done),
        _ => Ok(false),
    }
}

/// Gate socket changes with their events, in one transaction on the relaxed writer.
async fn record_gate_sockets(
    pool: SqlitePool,
    write_lock: Arc<Mutex<()>>,
    changes: Arc<[SocketChange]>,
) -> Result<Vec<Attempt<()>>> {
    let _writing = write_lock.lock().await;
    let mut tx = pool
        .begin_with("BEGIN IMMEDIATE")
        .await
        .map_err(Error::storage("begin gate sockets"))?;
    apply_socket_changes(&mut tx, &changes).await?;
    commit(tx, "record gate sockets").await?;
    Ok(changes.iter().map(|_| Attempt::Done(())).collect())
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

#[async_trait::async_trait]
impl RedemptionTx for SqliteRedemption {
    async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>> {
        sqlx::query(concat!(
            "SELECT ",
            crate::shared::answer_columns!(),
            ", s.gate_id AS step_gate_id, s.created_at_ms AS step_at_ms, (SELECT l.gate_id ",
            "FROM redemptions l WHERE l.pass_id = c.pass_id AND l.outcome = 'admitted' ",
            "ORDER BY l.created_at_ms DESC, l.nonce DESC LIMIT 1) AS last_gate_id, (SELECT ",
            "l.created_at_ms FROM redemptions l WHERE l.pass_id = c.pass_id AND l.outcome ",
            "= 'admitted' ORDER BY l.created_at_ms DESC, l.nonce DESC LIMIT 1) AS ",
            "last_at_ms FROM challenges c JOIN passes p ON p.id = c.pass_id LEFT JOIN ",
            "redemptions r ON r.nonce = c.nonce LEFT JOIN redemptions s ON s.pass_id = ",
            "c.pass_id AND s.counter = c.counter AND s.outcome = 'admitted' WHERE c.nonce ",
            "= $1",
        ))
        .bind(&nonce[..])
        .try_map(crate::columns::decode)
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(Error::storage("read locked redemption"))
    }
}

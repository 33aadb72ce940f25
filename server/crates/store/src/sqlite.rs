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
use sqlx::{Sqlite, SqliteConnection, SqlitePool, Transaction};
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
use crate::StoreOptions;

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

    /// Applies pending migrations.
    ///
    /// # Errors
    /// [`Error::Migrate`].
    pub async fn migrate(&self) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        MIGRATIONS.run(&self.write).await?;
        Ok(())
    }

    /// Versions of the applied migrations.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn applied_migrations(&self) -> Result<Vec<i64>> {
        sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(&self.read)
            .await
            .map_err(Error::storage("read applied migrations"))
    }

    /// Checks that the database answers.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn ping(&self) -> Result<()> {
        sqlx::query("SELECT 1")
            .execute(&self.read)
            .await
            .map_err(Error::storage("ping"))?;
        Ok(())
    }

    /// Closes every connection.
    pub async fn close(&self) {
        self.read.close().await;
        self.relaxed.close().await;
        self.write.close().await;
    }

    /// Number of organisations.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_orgs(&self) -> Result<i64> {
        sqlx::query_scalar("SELECT count(*) FROM orgs")
            .fetch_one(&self.read)
            .await
            .map_err(Error::storage("count organisations"))
    }

    /// Creates an organisation, its first admin key and the key's audit event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn create_org(&self, org: &NewOrg<'_>, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("create org").await?;
        sqlx::query("INSERT INTO orgs (id, name, created_at_ms) VALUES ($1, $2, $3)")
            .bind(org.id)
            .bind(org.name)
            .bind(org.at_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("insert organisation"))?;
        sqlx::query(
            "INSERT INTO api_keys (id, org_id, role, label, key_hash, created_at_ms) \
             VALUES ($1, $2, 'admin', 'bootstrap admin', $3, $4)",
        )
        .bind(org.admin_key_id)
        .bind(org.id)
        .bind(&org.admin_key_hash[..])
        .bind(org.at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert admin key"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "create org").await
    }

    /// Stores a new API key with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_api_key(
        &self,
        key: &ApiKeyRow,
        hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert api key").await?;
        sqlx::query(
            "INSERT INTO api_keys (id, org_id, role, label, key_hash, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(key.id)
        .bind(key.org_id)
        .bind(key.role.as_str())
        .bind(&key.label)
        .bind(&hash[..])
        .bind(at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert api key"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert api key").await
    }

    /// Finds an API key by the hash of the presented secret.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn api_key_by_hash(&self, hash: &[u8; 32]) -> Result<Option<ApiKeyRow>> {
        sqlx::query_as(
            "SELECT id, org_id, role, label FROM api_keys WHERE key_hash = $1 \
             UNION ALL SELECT id, org_id, 'host', label FROM hosts WHERE key_hash = $1",
        )
        .bind(&hash[..])
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load api key"))
    }

    /// Stores a new gate device with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_gate(
        &self,
        gate: &GateRow,
        token_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert gate").await?;
        sqlx::query(
            "INSERT INTO gates (id, org_id, label, site, token_hash, created_at_ms, zone_id, \
             direction) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(gate.id)
        .bind(gate.org_id)
        .bind(&gate.label)
        .bind(&gate.site)
        .bind(&token_hash[..])
        .bind(at_ms)
        .bind(gate.zone_id)
        .bind(gate.direction.as_deref().unwrap_or("entry"))
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert gate"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert gate").await
    }

    /// Finds a gate by the hash of its presented device token.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>> {
        sqlx::query_as(
            "SELECT id, org_id, label, site, zone_id, direction FROM gates \
             WHERE token_hash = $1 AND revoked_at_ms IS NULL",
        )
        .bind(&hash[..])
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load gate"))
    }

    /// Each pool's open and idle connections, for `/metrics`.
    pub fn pool_stats(&self) -> Vec<(&'static str, u32, usize)> {
        vec![
            ("read", self.read.size(), self.read.num_idle()),
            ("write", self.write.size(), self.write.num_idle()),
            ("relaxed", self.relaxed.size(), self.relaxed.num_idle()),
        ]
    }

    /// Operations waiting in each group-commit queue, for `/metrics`.
    pub fn waiting(&self) -> Vec<(&'static str, usize)> {
        vec![self.challenges.waiting(), self.admissions.waiting()]
    }

    /// A gate's label by id (revoked gates keep theirs), for `already_admitted`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_label(&self, id: Uuid) -> Result<Option<String>> {
        sqlx::query_scalar("SELECT label FROM gates WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.read)
            .await
            .map_err(Error::storage("load gate label"))
    }

    /// Stores a pairing link for a live gate of the link's organisation, with its event;
    /// false (nothing stored) when that organisation has no such live gate.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
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
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert pairing").await?;
        Ok(true)
    }

    /// Uses a pairing link once: marks it used, rotates its gate's device credential to
    /// `token_hash` and appends `event(gate)`, together. `None`, with nothing changed, for
    /// an unknown, used or expired link or a revoked gate.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn redeem_pairing(
        &self,
        secret_hash: &[u8; 32],
        token_hash: &[u8; 32],
        now_ms: i64,
        event: impl FnOnce(&GateRow) -> NewAudit,
    ) -> Result<Option<GateRow>> {
        let _writing = self.write_lock.lock().await;
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
        let gate: Option<GateRow> = sqlx::query_as(
            "UPDATE gates SET token_hash = $1 WHERE id = $2 AND revoked_at_ms IS NULL \
             RETURNING id, org_id, label, site",
        )
        .bind(&token_hash[..])
        .bind(gate_id)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("rotate gate credential"))?;
        let Some(gate) = gate else {
            return Ok(None);
        };
        insert_audit(&mut tx, &event(&gate)).await?;
        commit(tx, "redeem pairing").await?;
        Ok(Some(gate))
    }

    /// Revokes a live gate of `org_id` with its event; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn revoke_gate(
        &self,
        org_id: Uuid,
        gate_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
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

    /// Stores a new pass with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pass(&self, pass: &PassRow, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert pass").await?;
        if !insert_pass_row(&mut tx, pass, None).await? {
            return Err(Error::Internal("a pass without a reference was refused"));
        }
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert pass").await
    }

    /// Loads a pass of any tenant (callers check the tenant).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>> {
        sqlx::query_as(
            "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
             state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
             claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
             external_ref FROM passes WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load pass"))
    }

    /// Admissions of a pass, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<RedemptionRow>> {
        sqlx::query_as(
            "SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, outcome, reason, \
             first_admitted_at_ms, first_gate_id, created_at_ms FROM redemptions \
             WHERE pass_id = $1 AND outcome = 'admitted' ORDER BY created_at_ms, nonce",
        )
        .bind(id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("load admissions"))
    }

    /// Marks a tenant's pass revoked (idempotent) and appends its audit event; false, with
    /// nothing written, when the pass is not the tenant's.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn revoke_pass(
        &self,
        org_id: Uuid,
        id: Uuid,
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("revoke pass").await?;
        let revoked = sqlx::query(
            "UPDATE passes SET state = 'revoked', revoked_at_ms = COALESCE(revoked_at_ms, $3) \
             WHERE id = $1 AND org_id = $2",
        )
        .bind(id)
        .bind(org_id)
        .bind(at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("revoke pass"))?
        .rows_affected()
            > 0;
        if revoked {
            insert_audit(&mut tx, event).await?;
        }
        commit(tx, "revoke pass").await?;
        Ok(revoked)
    }

    /// Binds a wallet key to an unclaimed, unrevoked pass, atomically and once, with its
    /// audit event; false, with nothing written, when the pass was not `issued`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn bind_wallet(
        &self,
        id: Uuid,
        wallet_key: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("bind wallet").await?;
        let bound = sqlx::query(
            "UPDATE passes SET wallet_public_key = $2, claimed_at_ms = $3, \
             state = CASE WHEN state = 'issued' THEN 'claimed' ELSE state END \
             WHERE id = $1 AND state IN ('issued', 'used') AND wallet_public_key IS NULL",
        )
        .bind(id)
        .bind(&wallet_key[..])
        .bind(at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("bind wallet key"))?
        .rows_affected()
            == 1;
        if bound {
            insert_audit(&mut tx, event).await?;
        }
        commit(tx, "bind wallet").await?;
        Ok(bound)
    }

    /// The scan's one read: the pass (`p_*`), the gate that admitted its step, and whether
    /// the gate already answered this scan id. SQLite joins in the order written after
    /// `CROSS JOIN`: the lookup row first, so the pass is found by its primary key.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_context(
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

    /// What the gate already got for a scan id: its challenge or its stored denial.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_record(&self, gate_id: Uuid, scan_id: Uuid) -> Result<Option<ScanRecord>> {
        let challenge: Option<ChallengeRow> = sqlx::query_as(
            "SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
             created_at_ms, expires_at_ms, wrong_answers FROM challenges \
             WHERE gate_id = $1 AND scan_id = $2",
        )
        .bind(gate_id)
        .bind(scan_id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load challenge by scan"))?;
        if let Some(challenge) = challenge {
            return Ok(Some(ScanRecord::Challenge(challenge)));
        }
        let denial: Option<ScanDenialRow> = sqlx::query_as(
            "SELECT d.gate_id, d.scan_id, d.org_id, d.code_hash, d.reason, d.pass_id, \
             p.label AS pass_label, d.age_s, d.ahead_s, d.created_at_ms \
             FROM scan_denials d LEFT JOIN passes p ON p.id = d.pass_id \
             WHERE d.gate_id = $1 AND d.scan_id = $2",
        )
        .bind(gate_id)
        .bind(scan_id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load denial by scan"))?;
        Ok(denial.map(ScanRecord::Denial))
    }

    /// Stores a challenge and its `challenge_issued` event on the relaxed writer, batched;
    /// false when the gate already holds one for the scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_challenge(
        &self,
        challenge: &ChallengeRow,
        event: &NewAudit,
    ) -> Result<bool> {
        self.challenges
            .submit((challenge.clone(), event.clone()))
            .await
    }

    /// Stores a scan-time denial under the gate's scan id with its audit event; false,
    /// with nothing written, when the gate already has a record for that scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_scan_denial(
        &self,
        denial: &ScanDenialRow,
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("scan denial").await?;
        let stored = sqlx::query(
            "INSERT INTO scan_denials (gate_id, scan_id, org_id, code_hash, reason, pass_id, \
             age_s, ahead_s, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
             ON CONFLICT (gate_id, scan_id) DO NOTHING",
        )
        .bind(denial.gate_id)
        .bind(denial.scan_id)
        .bind(denial.org_id)
        .bind(&denial.code_hash)
        .bind(denial.reason.as_str())
        .bind(denial.pass_id)
        .bind(denial.age_s)
        .bind(denial.ahead_s)
        .bind(denial.created_at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert scan denial"))?
        .rows_affected()
            == 1;
        if stored {
            insert_audit(&mut tx, event).await?;
        }
        commit(tx, "scan denial").await?;
        Ok(stored)
    }

    /// The answer's one read: challenge, pass (`p_*`) and stored outcome (`r_*`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn challenge_context(&self, nonce: [u8; 32]) -> Result<Option<ChallengeContext>> {
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

    /// The common admission, batched into one durable transaction; false, with nothing
    /// written, when it may not admit now.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admit(&self, op: &AdmitOp) -> Result<bool> {
        self.admissions.submit(op.clone()).await
    }

    /// Counts one wrong answer unless the challenge is burned at `limit`, with the event
    /// `event(counted)`, in one transaction. Returns whether it was counted.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn record_wrong_answer(
        &self,
        nonce: &[u8; 32],
        limit: i64,
        event: impl FnOnce(bool) -> NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("wrong answer").await?;
        let counted: Option<i64> = sqlx::query_scalar(
            "UPDATE challenges SET wrong_answers = wrong_answers + 1 \
             WHERE nonce = $1 AND wrong_answers < $2 RETURNING wrong_answers",
        )
        .bind(&nonce[..])
        .bind(limit)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("record wrong answer"))?;
        insert_audit(&mut tx, &event(counted.is_some())).await?;
        commit(tx, "wrong answer").await?;
        Ok(counted.is_some())
    }

    /// Opens the redemption transaction: `BEGIN IMMEDIATE` under the write lock, so every
    /// other writer waits until it ends.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn begin_redemption(&self) -> Result<SqliteRedemption> {
        let writing = Arc::clone(&self.write_lock).lock_owned().await;
        Ok(SqliteRedemption {
            tx: self.begin("redemption").await?,
            _writing: writing,
        })
    }

    /// Appends an audit event, durably.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut conn = self
            .write
            .acquire()
            .await
            .map_err(Error::storage("acquire for audit"))?;
        insert_audit(&mut conn, event).await
    }

    /// Appends aggregated events in one transaction on the relaxed writer (no fsync at
    /// commit: they summarise warnings, never an admission or a high-severity signal).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()> {
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

    /// One page of a tenant's audit log, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
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

    /// Settles up to `limit` expired challenges, oldest first, and appends
    /// `event(challenge)` for each one without a stored outcome, in one transaction;
    /// returns how many it settled.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn sweep_unanswered(
        &self,
        now_ms: i64,
        limit: i64,
        event: impl Fn(&ChallengeRow) -> NewAudit,
    ) -> Result<usize> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("sweep").await?;
        let settled: Vec<SweptChallenge> = sqlx::query_as(
            "UPDATE challenges SET unanswered_audited = TRUE \
             WHERE unanswered_audited = FALSE AND nonce IN ( \
                SELECT c.nonce FROM challenges c \
                WHERE c.unanswered_audited = FALSE AND c.expires_at_ms < $1 \
                ORDER BY c.expires_at_ms LIMIT $2) \
             RETURNING nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
             created_at_ms, expires_at_ms, wrong_answers, \
             (SELECT 1 FROM redemptions r WHERE r.nonce = challenges.nonce) IS NOT NULL \
             AS answered",
        )
        .bind(now_ms)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await
        .map_err(Error::storage("settle expired challenges"))?;
        for unanswered in settled.iter().filter(|swept| !swept.answered) {
            insert_audit(&mut tx, &event(&unanswered.challenge)).await?;
        }
        commit(tx, "sweep").await?;
        Ok(settled.len())
    }

    /// Begins a write transaction on the durable writer; the caller holds the write lock.
    /// Removes up to `limit` rows per table past `cutoffs`, and appends `event(counts)` in
    /// the same transaction when anything went.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn apply_retention(
        &self,
        cutoffs: &RetentionCutoffs,
        limit: i64,
        event: impl FnOnce(&RetentionCounts) -> NewAudit,
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

    /// Rows in each table that retention bounds.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn retained_rows(&self) -> Result<RetentionCounts> {
        let (challenges, redemptions, scan_denials, audit_events): (i64, i64, i64, i64) =
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM challenges), (SELECT COUNT(*) FROM redemptions), \
                 (SELECT COUNT(*) FROM scan_denials), (SELECT COUNT(*) FROM audit_events)",
            )
            .fetch_one(&self.read)
            .await
            .map_err(Error::storage("count retained rows"))?;
        let count = |n: i64| u64::try_from(n).unwrap_or(0);
        Ok(RetentionCounts {
            challenges: count(challenges),
            redemptions: count(redemptions),
            scan_denials: count(scan_denials),
            audit_events: count(audit_events),
        })
    }

    // ------------------------------------- hosts, walk-ins, re-binding and transfer

    /// The events of a pass's life (issue, claims, re-binds, transfers, revocation), oldest
    /// first: what `GET /v1/passes/{id}` shows as its history.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>> {
        sqlx::query_as(
            "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details \
             FROM audit_events WHERE org_id = $1 AND pass_id = $2 AND kind IN ('pass_issued', \
             'claim', 'pass_rebound', 'transfer_started', 'pass_transferred', 'pass_revoked') \
             ORDER BY id LIMIT 1000",
        )
        .bind(org_id)
        .bind(pass_id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("read pass history"))
    }

    /// Stores a host and its key's hash with the creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_host(
        &self,
        host: &HostRow,
        key_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert host").await?;
        sqlx::query(
            "INSERT INTO hosts (id, org_id, label, unit, key_hash, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(host.id)
        .bind(host.org_id)
        .bind(&host.label)
        .bind(&host.unit)
        .bind(&key_hash[..])
        .bind(at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert host"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert host").await
    }

    /// A host of the tenant.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>> {
        sqlx::query_as("SELECT id, org_id, label, unit FROM hosts WHERE id = $1 AND org_id = $2")
            .bind(id)
            .bind(org_id)
            .fetch_optional(&self.read)
            .await
            .map_err(Error::storage("load host"))
    }

    /// The tenant's hosts whose label or unit matches `pattern` (a lower-case `LIKE`
    /// pattern with `\` escapes), by label.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn search_hosts(
        &self,
        org_id: Uuid,
        pattern: &str,
        limit: i64,
    ) -> Result<Vec<HostRow>> {
        sqlx::query_as(
            "SELECT id, org_id, label, unit FROM hosts WHERE org_id = $1 \
             AND (lower(label) LIKE $2 ESCAPE '\\' OR lower(COALESCE(unit, '')) LIKE $2 ESCAPE '\\') \
             ORDER BY label, id LIMIT $3",
        )
        .bind(org_id)
        .bind(pattern)
        .bind(limit)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("search hosts"))
    }

    /// Issues a pass under an issuer's reference, once: a pass with a reference already
    /// stored is not inserted (the unique index decides, so concurrent uploads cannot both
    /// insert), and the stored one is returned with whether its content hash is the same.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pass_by_ref(
        &self,
        pass: &PassRow,
        content_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<ByRef> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert pass by reference").await?;
        if insert_pass_row(&mut tx, pass, Some(content_hash)).await? {
            insert_audit(&mut tx, event).await?;
            commit(tx, "insert pass by reference").await?;
            return Ok(ByRef::Issued);
        }
        let existing: Option<(Uuid, Option<Vec<u8>>)> = sqlx::query_as(
            "SELECT id, content_hash FROM passes WHERE org_id = $1 AND external_ref = $2",
        )
        .bind(pass.org_id)
        .bind(&pass.external_ref)
        .fetch_optional(&mut *tx)
        .await
        .map_err(Error::storage("find pass by reference"))?;
        drop(tx);
        let (id, stored_hash) = existing.ok_or(Error::Internal(
            "a pass refused by its reference is not there",
        ))?;
        let stored = self
            .pass_by_id(id)
            .await?
            .ok_or(Error::Internal("a pass found by reference vanished"))?;
        Ok(ByRef::Existing {
            pass: Box::new(stored),
            same_content: stored_hash.as_deref() == Some(&content_hash[..]),
        })
    }

    /// Mints a re-bind or transfer link for a pass of the tenant, in one transaction with
    /// its event (`event` sees the pass as it was). A re-bind unbinds the wallet key and
    /// replaces the claim token at once; a transfer leaves both until the link is claimed.
    /// Either closes the pass's earlier open links. The same request key again returns the
    /// link it minted; `refuse` (the caller's rule, given the pass as locked) may stop it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn mint_link(
        &self,
        link: &PassLinkRow,
        refuse: impl FnOnce(&PassRow) -> Option<LinkOutcome>,
        event: impl FnOnce(&PassRow) -> NewAudit,
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

    /// The transfer link of a pass with this token hash, open or not.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn transfer_link(
        &self,
        pass_id: Uuid,
        token_hash: &[u8; 32],
    ) -> Result<Option<PassLinkRow>> {
        sqlx::query_as(
            "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
             expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
             WHERE pass_id = $1 AND token_hash = $2 AND kind = 'transfer'",
        )
        .bind(pass_id)
        .bind(&token_hash[..])
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load transfer link"))
    }

    /// Claims a transfer link: binds `wallet_key` in place of the sender's, counts the
    /// transfer and closes the link, with its event (`event` sees the pass before), in one
    /// transaction, unless `refuse` (the caller's rule, given both as locked) decides
    /// otherwise.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn claim_transfer(
        &self,
        link_id: Uuid,
        wallet_key: &[u8; 32],
        now_ms: i64,
        refuse: impl FnOnce(&PassRow, &PassLinkRow) -> Option<TransferClaim>,
        event: impl FnOnce(&PassRow) -> NewAudit,
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

    /// Stores a transfer nonce (relaxed: a lost nonce is only asked for again).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_transfer_nonce(
        &self,
        nonce: &[u8; 32],
        pass: &PassRow,
        now_ms: i64,
        expires_at_ms: i64,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        sqlx::query(
            "INSERT INTO transfer_nonces (nonce, pass_id, org_id, created_at_ms, expires_at_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&nonce[..])
        .bind(pass.id)
        .bind(pass.org_id)
        .bind(now_ms)
        .bind(expires_at_ms)
        .execute(&self.relaxed)
        .await
        .map_err(Error::storage("insert transfer nonce"))?;
        Ok(())
    }

    /// The pass a transfer nonce was issued for, while it lives.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn transfer_nonce(&self, nonce: &[u8; 32], now_ms: i64) -> Result<Option<Uuid>> {
        sqlx::query_scalar(
            "SELECT pass_id FROM transfer_nonces WHERE nonce = $1 AND expires_at_ms > $2",
        )
        .bind(&nonce[..])
        .bind(now_ms)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load transfer nonce"))
    }

    /// Records a walk-in request once per gate and request id, with its event; a resend
    /// finds the stored one. Returns the request as stored and whether this call made it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn create_walk_in(
        &self,
        walk_in: &WalkInRow,
        event: &NewAudit,
    ) -> Result<(WalkInRow, bool)> {
        let _writing = self.write_lock.lock().await;
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
        }
        let stored: WalkInRow = sqlx::query_as(
            "SELECT id, org_id, gate_id, request_id, host_id, visitor_name, note, state, \
             created_at_ms, expires_at_ms, decided_at_ms FROM walk_ins \
             WHERE gate_id = $1 AND request_id = $2",
        )
        .bind(walk_in.gate_id)
        .bind(walk_in.request_id)
        .fetch_one(&mut *tx)
        .await
        .map_err(Error::storage("load walk-in"))?;
        commit(tx, "create walk-in").await?;
        Ok((stored, created))
    }

    /// A gate's walk-in request by its request id, with its gate's and host's names.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn walk_in_by_request(
        &self,
        gate_id: Uuid,
        request_id: Uuid,
    ) -> Result<Option<WalkInView>> {
        sqlx::query_as(
            "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
             w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
             h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
             JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
             WHERE w.gate_id = $1 AND w.request_id = $2",
        )
        .bind(gate_id)
        .bind(request_id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load walk-in"))
    }

    /// A tenant's walk-in request by its id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>> {
        sqlx::query_as(
            "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
             w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
             h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
             JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
             WHERE w.id = $1 AND w.org_id = $2",
        )
        .bind(id)
        .bind(org_id)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load walk-in"))
    }

    /// A tenant's walk-in requests, newest first, of one host and one state when given.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn list_walk_ins(
        &self,
        org_id: Uuid,
        host_id: Option<Uuid>,
        state: Option<&str>,
        limit: i64,
    ) -> Result<Vec<WalkInView>> {
        sqlx::query_as(
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
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("list walk-ins"))
    }

    /// Closes a waiting request that has not expired with the host's decision and its event
    /// (for an approval: the walk-in admission), together; false when it was not waiting or
    /// its time was up.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn decide_walk_in(
        &self,
        org_id: Uuid,
        id: Uuid,
        state: &str,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("decide walk-in").await?;
        let decided = sqlx::query(
            "UPDATE walk_ins SET state = $3, decided_at_ms = $4 \
             WHERE id = $1 AND org_id = $2 AND state = 'waiting' AND expires_at_ms > $4",
        )
        .bind(id)
        .bind(org_id)
        .bind(state)
        .bind(now_ms)
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

    /// Expires up to `limit` requests still waiting at `now_ms`, each with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn expire_walk_ins(
        &self,
        now_ms: i64,
        limit: i64,
        event: impl Fn(&WalkInRow) -> NewAudit,
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

    // ------------------------------------------------------------ webhooks (issue 17)

    /// Stores a webhook with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_webhook(&self, webhook: &WebhookRow, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        let mut tx = self.begin("insert webhook").await?;
        sqlx::query(
            "INSERT INTO webhooks (id, org_id, url, secret, events, audit_cursor, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(webhook.id)
        .bind(webhook.org_id)
        .bind(&webhook.url)
        .bind(&webhook.secret)
        .bind(&webhook.events)
        .bind(webhook.audit_cursor)
        .bind(webhook.created_at_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("insert webhook"))?;
        insert_audit(&mut tx, event).await?;
        commit(tx, "insert webhook").await
    }

    /// Webhooks: a tenant's, or (`None`) every enabled one, for the dispatcher.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>> {
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

    /// Holds a webhook whose cursor is still at `from` until `now_ms + lease_ms`, for one
    /// dispatcher to send the events after it; false when another holds it or moved the
    /// cursor first. Relaxed like the rest of the dispatcher's bookkeeping below.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn lease_webhook(
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

    /// The passes with a queued, undelivered event for this webhook: their new events
    /// wait behind it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn waiting_passes(&self, webhook_id: Uuid) -> Result<Vec<Uuid>> {
        sqlx::query_scalar(
            "SELECT DISTINCT pass_id FROM webhook_deliveries \
             WHERE webhook_id = $1 AND state = 'pending' AND pass_id IS NOT NULL",
        )
        .bind(webhook_id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("read waiting passes"))
    }

    /// Moves a webhook's cursor from `from` to `to` and ends its send lease, queues the
    /// events its round did not deliver, and disables it if a receiver answered 410, in one
    /// transaction under the write lock; false (nothing written) when another dispatcher
    /// moved the cursor first.
    ///
    /// This and the claims and results below commit without waiting for the WAL flush:
    /// the events themselves are the audit log's, durable already, and a crash that loses
    /// this bookkeeping only sends an event again (delivery is at least once, with a stable
    /// id); a synchronous commit per delivery cost as much as an admission.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn enqueue_deliveries(
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
            .bind(delivery.state)
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

    /// Claims up to `limit` deliveries that are due, for `lease_ms`: each is the oldest
    /// pending one of its webhook and pass (so a pass's events go out in order), and no
    /// other dispatcher takes it until the lease ends. The pending rows are walked in id
    /// order and each is checked against its pass's oldest by one index lookup, so a claim
    /// costs the same with ten or a hundred thousand queued (an anti-join over all pending
    /// rows ran into the statement timeout at a few thousand: `bench/webhooks.sh`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn claim_deliveries(
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

    /// Records a round's finished attempts in one transaction under the write lock (one
    /// lock and one commit per round, not per event), disabling the webhooks that answered
    /// 410.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn finish_deliveries(&self, finished: &[Finished], now_ms: i64) -> Result<()> {
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
            .bind(f.state)
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

    /// A tenant's deliveries in one state, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn deliveries(
        &self,
        org_id: Uuid,
        state: &str,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>> {
        sqlx::query_as(
            "SELECT id, webhook_id, org_id, audit_id, pass_id, event_type, body, state, \
             attempts, next_attempt_ms, last_error, created_at_ms, delivered_at_ms \
             FROM webhook_deliveries WHERE org_id = $1 AND state = $2 ORDER BY id DESC LIMIT $3",
        )
        .bind(org_id)
        .bind(state)
        .bind(limit)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("list deliveries"))
    }

    /// Puts a dead delivery of the tenant back in the queue, due now; false when there is
    /// no such dead delivery.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn replay_delivery(&self, org_id: Uuid, id: i64, now_ms: i64) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
        let replayed = sqlx::query(
            "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, \
             next_attempt_ms = $3, created_at_ms = $3 \
             WHERE id = $1 AND org_id = $2 AND state = 'dead'",
        )
        .bind(id)
        .bind(org_id)
        .bind(now_ms)
        .execute(&self.write)
        .await
        .map_err(Error::storage("replay delivery"))?
        .rows_affected()
            == 1;
        Ok(replayed)
    }

    // ------------------------------------------------------------ zones (issue 17)

    /// Stores a zone with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()> {
        let _writing = self.write_lock.lock().await;
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

    /// A tenant's zones, each with how many passes are inside it now.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>> {
        let zones: Vec<ZoneRow> = sqlx::query_as(
            "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
             checks_out_others, last_checkout_day, created_at_ms FROM zones \
             WHERE org_id = $1 ORDER BY name, id",
        )
        .bind(org_id)
        .fetch_all(&self.read)
        .await
        .map_err(Error::storage("list zones"))?;
        let counts: Vec<(Uuid, i64)> = sqlx::query_as(
            "SELECT zone_id, COUNT(*) FROM zone_presence WHERE org_id = $1 AND inside \
             GROUP BY zone_id",
        )
        .bind(org_id)
        .fetch_all(&self.read)
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

    /// Checks everyone out of each zone whose check-out minute has come today and that was
    /// not checked out yet today, each with its event; the zones done.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn auto_checkout(
        &self,
        today: i64,
        minute: i64,
        now_ms: i64,
        event: impl Fn(&ZoneRow, u64) -> NewAudit,
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

    // ------------------------------------------------------------ the security console

    /// Stores a console session (the SHA-256 of its cookie) for `key` with its sign-in
    /// event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_console_session(
        &self,
        token_hash: &[u8; 32],
        key: &ApiKeyRow,
        now_ms: i64,
        expires_at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        let _writing = self.write_lock.lock().await;
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

    /// The key behind a console session that has not ended by `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn console_session(
        &self,
        token_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<ConsoleSessionRow>> {
        sqlx::query_as(
            "SELECT k.id, k.org_id, k.role, k.label, s.expires_at_ms \
             FROM console_sessions s JOIN api_keys k ON k.id = s.api_key_id \
             WHERE s.token_hash = $1 AND s.expires_at_ms > $2 \
             UNION ALL SELECT h.id, h.org_id, 'host', h.label, s.expires_at_ms \
             FROM host_sessions s JOIN hosts h ON h.id = s.host_id \
             WHERE s.token_hash = $1 AND s.expires_at_ms > $2",
        )
        .bind(&token_hash[..])
        .bind(now_ms)
        .fetch_optional(&self.read)
        .await
        .map_err(Error::storage("load console session"))
    }

    /// Ends a console session with its sign-out event, together; false when there was none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn delete_console_session(
        &self,
        token_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<bool> {
        let _writing = self.write_lock.lock().await;
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

    /// Records an open gate socket with its `gate_connected` event, together, on the
    /// relaxed writer (presence is not an admission).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn open_gate_socket(
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

    /// Marks every socket this replica holds open as seen at `now_ms`, in one statement.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn touch_gate_sockets(&self, replica_id: Uuid, now_ms: i64) -> Result<()> {
        let _writing = self.write_lock.lock().await;
        sqlx::query("UPDATE gate_sockets SET seen_at_ms = $2 WHERE replica_id = $1")
            .bind(replica_id)
            .bind(now_ms)
            .execute(&self.relaxed)
            .await
            .map_err(Error::storage("refresh gate sockets"))?;
        Ok(())
    }

    /// Removes a closed gate socket, stamps its gate's `last_seen_ms` and appends its
    /// `gate_disconnected` event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn close_gate_socket(
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

    /// A tenant's gates (or one of them), newest first, with their sockets refreshed since
    /// `seen_since_ms` and when one was last seen.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_statuses(
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

    /// A page of a tenant's passes, newest first, after the `(created_at_ms, id)` cursor.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn list_passes(
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

    /// Ids and times of every tenant's events after `after_id`, in id order.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<Vec<(i64, i64)>> {
        sqlx::query_as("SELECT id, at_ms FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2")
            .bind(after_id)
            .bind(limit)
            .fetch_all(&self.read)
            .await
            .map_err(Error::storage("read audit ids"))
    }

    /// The largest event id (0 for an empty log).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn max_audit_id(&self) -> Result<i64> {
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_events")
            .fetch_one(&self.read)
            .await
            .map_err(Error::storage("read the last audit id"))
    }

    /// The newest `filter.limit` events matching `filter`, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
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

/// Commits, then wakes the live audit feed (most transactions here append an event; a
/// wake-up without one costs the feed one read).
async fn commit(tx: Transaction<'static, Sqlite>, context: &'static str) -> Result<()> {
    tx.commit().await.map_err(Error::storage(context))?;
    super::audit_appended();
    Ok(())
}

/// Inserts a pass with every column; false when its `external_ref` is already the
/// tenant's (nothing inserted).
async fn insert_pass_row(
    conn: &mut SqliteConnection,
    pass: &PassRow,
    content_hash: Option<&[u8; 32]>,
) -> Result<bool> {
    let inserted = sqlx::query(
        "INSERT INTO passes (id, org_id, label, site, valid_from_ms, valid_until_ms, \
         max_uses, uses, state, claim_token_hash, wallet_public_key, server_kid, \
         created_at_ms, host_id, max_transfers, external_ref, content_hash) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) \
         ON CONFLICT (org_id, external_ref) WHERE external_ref IS NOT NULL DO NOTHING",
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
    .bind(pass.host_id)
    .bind(pass.max_transfers)
    .bind(&pass.external_ref)
    .bind(content_hash.map(|hash| hash.to_vec()))
    .execute(&mut *conn)
    .await
    .map_err(Error::storage("insert pass"))?
    .rows_affected();
    if inserted == 1 {
        for zone_id in &pass.zones {
            sqlx::query("INSERT INTO pass_zones (pass_id, zone_id) VALUES ($1, $2)")
                .bind(pass.id)
                .bind(zone_id)
                .execute(&mut *conn)
                .await
                .map_err(Error::storage("insert pass zone"))?;
        }
    }
    Ok(inserted == 1)
}

/// Appends an audit event on a connection or inside a transaction, so that a state change
/// and its event commit together.
/// Disables a webhook whose receiver answered `410 Gone`, with the audit event that says
/// so, in the caller's transaction; once: a webhook disabled already writes nothing.
async fn disable_webhook(
    conn: &mut SqliteConnection,
    webhook_id: Uuid,
    event: &NewAudit,
    now_ms: i64,
) -> Result<()> {
    let disabled = sqlx::query(
        "UPDATE webhooks SET disabled_at_ms = $2, \
         disabled_reason = 'the receiver answered 410 Gone' \
         WHERE id = $1 AND disabled_at_ms IS NULL",
    )
    .bind(webhook_id)
    .bind(now_ms)
    .execute(&mut *conn)
    .await
    .map_err(Error::storage("disable webhook"))?;
    if disabled.rows_affected() == 1 {
        insert_audit(conn, event).await?;
    }
    Ok(())
}

async fn insert_audit(conn: &mut SqliteConnection, event: &NewAudit) -> Result<()> {
    sqlx::query(
        "INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(event.at_ms)
    .bind(event.org_id)
    .bind(event.kind)
    .bind(event.severity)
    .bind(event.gate_id)
    .bind(event.pass_id)
    .bind(&event.details)
    .execute(conn)
    .await
    .map_err(Error::storage("append audit event"))?;
    Ok(())
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

impl SqliteRedemption {
    /// Reads the challenge, its pass, the outcome stored under the nonce and the
    /// admissions an `already_admitted` names. `BEGIN IMMEDIATE` already excludes every
    /// other writer, so what this reads stays true until the commit.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>> {
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

    /// The zone a gate belongs to and the pass's standing in it, read inside the
    /// redemption transaction (the presence row locked where the backend can).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zone_view(
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

    /// Records a pass's move into or out of a zone (and, for an entry into a zone that
    /// says so, out of every other), inside the redemption transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zone_move(
        &mut self,
        zone: &ZoneRow,
        pass_id: Uuid,
        entering: bool,
        now_ms: i64,
    ) -> Result<()> {
        if entering {
            let today = now_ms.div_euclid(86_400_000);
            sqlx::query(
                "INSERT INTO zone_presence (pass_id, zone_id, org_id, inside, entry_day, \
                 entries_on_day, entered_at_ms) VALUES ($1, $2, $3, TRUE, $4, 1, $5) \
                 ON CONFLICT (pass_id, zone_id) DO UPDATE SET inside = TRUE, \
                 entries_on_day = CASE WHEN zone_presence.entry_day = $4 \
                 THEN zone_presence.entries_on_day + 1 ELSE 1 END, \
                 entry_day = $4, entered_at_ms = $5",
            )
            .bind(pass_id)
            .bind(zone.id)
            .bind(zone.org_id)
            .bind(today)
            .bind(now_ms)
            .execute(&mut *self.tx)
            .await
            .map_err(Error::storage("enter zone"))?;
            if zone.checks_out_others {
                sqlx::query(
                    "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $3 \
                     WHERE pass_id = $1 AND zone_id <> $2 AND inside",
                )
                .bind(pass_id)
                .bind(zone.id)
                .bind(now_ms)
                .execute(&mut *self.tx)
                .await
                .map_err(Error::storage("check out of other zones"))?;
            }
        } else {
            sqlx::query(
                "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $3 \
                 WHERE pass_id = $1 AND zone_id = $2",
            )
            .bind(pass_id)
            .bind(zone.id)
            .bind(now_ms)
            .execute(&mut *self.tx)
            .await
            .map_err(Error::storage("leave zone"))?;
        }
        Ok(())
    }

    /// Counts one use of the pass (the caller decided it may admit).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_use(&mut self, pass_id: Uuid) -> Result<()> {
        sqlx::query(
            "UPDATE passes SET uses = uses + 1, \
             state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END WHERE id = $1",
        )
        .bind(pass_id)
        .execute(&mut *self.tx)
        .await
        .map_err(Error::storage("count pass use"))?;
        Ok(())
    }

    /// Stores the outcome under its nonce with its audit event. A unique index that
    /// refuses it is reported as the [`Conflict`] it means.
    ///
    /// # Errors
    /// [`Error::Conflict`], [`Error::Storage`].
    pub async fn store_outcome(&mut self, row: &RedemptionRow, event: &NewAudit) -> Result<()> {
        let (outcome, reason, first_at, first_gate) = row.outcome.columns();
        sqlx::query(
            "INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, \
             outcome, reason, first_admitted_at_ms, first_gate_id, created_at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(&row.nonce)
        .bind(row.org_id)
        .bind(row.gate_id)
        .bind(row.scan_id)
        .bind(row.pass_id)
        .bind(row.counter)
        .bind(outcome)
        .bind(reason)
        .bind(first_at)
        .bind(first_gate)
        .bind(row.created_at_ms)
        .execute(&mut *self.tx)
        .await
        .map_err(|error| match conflict(&error) {
            Some(conflict) => Error::Conflict(conflict),
            None => Error::Storage {
                context: "store outcome",
                source: error,
            },
        })?;
        insert_audit(&mut self.tx, event).await
    }

    /// Commits. An error here means the outcome's fate is unknown.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn commit(self) -> Result<()> {
        commit(self.tx, "commit redemption").await
    }
}

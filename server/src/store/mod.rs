//! Storage primitives over PostgreSQL or SQLite, with one set of queries.
//!
//! The admission rules live in [`crate::admission`] and know nothing of SQL; this module only
//! offers the primitives they need, with the same atomicity on both backends. Both schemas
//! use the same column types as far as sqlx is concerned (UUIDs, BIGINT milliseconds, bytes,
//! text), so each query is written once and the [`on_read!`] and [`on_write!`] macros
//! instantiate it for the backend in use. The only dialect differences are connection set-up, the migration set and
//! row locking (`FOR UPDATE` on PostgreSQL; SQLite write transactions are exclusive anyway).

mod batch;
mod rows;

use std::collections::BTreeSet;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, Postgres, Sqlite, SqlitePool, Transaction};
use tokio::sync::{Mutex, OwnedMutexGuard};
use uuid::Uuid;

pub use rows::*;

use self::batch::Batcher;
use crate::config::Settings;
use crate::error::{Error, Result};

static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/postgres");
static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../migrations/sqlite");

/// Admission statements in flight at once on PostgreSQL; admissions that arrive meanwhile
/// wait and go together in the next statement (group commit, see [`batch`]). One keeps the
/// batches largest; `docs/performance.md` has the runs that chose these three numbers.
const ADMISSION_BATCHES_IN_FLIGHT: usize = 1;

/// Challenge-insert statements in flight at once on PostgreSQL (and the relaxed pool's
/// connections).
const CHALLENGE_BATCHES_IN_FLIGHT: u32 = 1;

/// Batched reads of the scan and the answer in flight at once on PostgreSQL, each.
const READ_BATCHES_IN_FLIGHT: usize = 2;

/// Read-only SQLite connections: reads of scans and answers run beside the one writer.
const SQLITE_READERS: u32 = 4;

/// Runs `$body` with `$pool` bound to a pool for reads: PostgreSQL's pool, or SQLite's
/// read-only connections (WAL lets them read while the writer writes).
macro_rules! on_read {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Postgres(pg) => {
                let $pool = &pg.pool;
                $body
            }
            Store::Sqlite(lite) => {
                let $pool = &lite.read;
                $body
            }
        }
    };
}

/// Runs `$body` with `$pool` bound to the pool for durable writes. On SQLite the body holds
/// the in-process write lock, so the two writing connections never meet SQLite's busy
/// handler (which sleeps in steps of milliseconds).
macro_rules! on_write {
    ($store:expr, $pool:ident => $body:expr) => {
        match $store {
            Store::Postgres(pg) => {
                let $pool = &pg.pool;
                $body
            }
            Store::Sqlite(lite) => {
                let _writing = lite.write_lock.lock().await;
                let $pool = &lite.write;
                $body
            }
        }
    };
}

/// Same as [`on_write!`] for an open redemption transaction.
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            RedemptionTx::Postgres($conn) => {
                let $conn = &mut **$conn;
                $body
            }
            RedemptionTx::Sqlite($conn, _) => {
                let $conn = &mut **$conn;
                $body
            }
        }
    };
}

const PASS_COLUMNS: &str = "id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, claimed_at_ms, revoked_at_ms";
const CHALLENGE_COLUMNS: &str = "nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
     created_at_ms, expires_at_ms, wrong_answers";
const REDEMPTION_COLUMNS: &str =
    "nonce, org_id, gate_id, scan_id, pass_id, counter, outcome, reason, \
     first_admitted_at_ms, first_gate_id, created_at_ms";

/// The conditional count of one use: `$1` pass, `$2` step counter, `$3` now (ms).
///
/// Conditions on other tables in hot statements are scalar subqueries on unique keys, never
/// `EXISTS`: PostgreSQL turns `[NOT] EXISTS` into a join it may plan as a hash over the
/// whole table, which a table that grew since its statistics were taken (an evening's
/// first burst) turns into a sequential scan per statement; a scalar subquery is always an
/// index probe per row.
pub(crate) const COUNT_USE: &str = "UPDATE passes SET uses = uses + 1, \
     state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END \
     WHERE id = $1 AND state = 'claimed' AND uses < max_uses \
     AND valid_from_ms <= $3 AND valid_until_ms > $3 \
     AND (SELECT 1 FROM redemptions r WHERE r.pass_id = $1 \
     AND r.counter = $2 AND r.outcome = 'admitted') IS NULL";

/// The scan's step and resend checks, for a pass `passes` and a lookup `q` (`pass_id`,
/// `counter`, `gate_id`, `scan_id`). Scalar subqueries, not `EXISTS`: PostgreSQL may plan a
/// select-list `EXISTS` as a hash of the whole table, which a table that grew since its
/// statistics were taken turns into a sequential scan per batch.
pub(crate) const STEP_COLUMNS: &str = "(SELECT r.gate_id FROM redemptions r \
     WHERE r.pass_id = q.pass_id AND r.counter = q.counter AND r.outcome = 'admitted') AS step_gate_id, \
     (SELECT 1 FROM challenges c WHERE c.gate_id = q.gate_id AND c.scan_id = q.scan_id) IS NOT NULL \
     AS resent_scan";

/// The columns of [`ChallengeContext`], from a challenge `c` joined by [`CONTEXT_JOINS`].
pub(crate) const CONTEXT_COLUMNS: &str = "c.nonce, c.org_id, c.gate_id, c.scan_id, c.pass_id, \
     c.counter, c.code_hash, c.created_at_ms, c.expires_at_ms, c.wrong_answers, \
     p.label AS p_label, p.site AS p_site, p.valid_from_ms AS p_valid_from_ms, \
     p.valid_until_ms AS p_valid_until_ms, p.max_uses AS p_max_uses, p.uses AS p_uses, \
     p.state AS p_state, p.claim_token_hash AS p_claim_token_hash, \
     p.wallet_public_key AS p_wallet_public_key, p.server_kid AS p_server_kid, \
     p.created_at_ms AS p_created_at_ms, p.claimed_at_ms AS p_claimed_at_ms, \
     p.revoked_at_ms AS p_revoked_at_ms, \
     r.outcome AS r_outcome, r.reason AS r_reason, \
     r.first_admitted_at_ms AS r_first_admitted_at_ms, r.first_gate_id AS r_first_gate_id, \
     r.created_at_ms AS r_created_at_ms";

/// The challenge's pass and the outcome stored under its nonce, if any.
pub(crate) const CONTEXT_JOINS: &str =
    "JOIN passes p ON p.id = c.pass_id LEFT JOIN redemptions r ON r.nonce = c.nonce";

/// Whether the database schema matches this server's migrations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaStatus {
    /// Every migration this server knows is applied.
    Current,
    /// Some migration is missing: run `tessera-server migrate`.
    Behind,
}

/// A new organisation with its first admin key.
#[derive(Debug)]
pub struct NewOrg<'a> {
    /// Org id.
    pub id: Uuid,
    /// Display name.
    pub name: &'a str,
    /// Admin key id.
    pub admin_key_id: Uuid,
    /// SHA-256 of the admin key.
    pub admin_key_hash: [u8; 32],
    /// Creation time.
    pub at_ms: i64,
}

/// The database, PostgreSQL or SQLite.
#[derive(Clone, Debug)]
pub enum Store {
    /// Production: shared by stateless replicas.
    Postgres(PgStore),
    /// Embedded default for a single site.
    Sqlite(SqliteStore),
}

/// PostgreSQL's two pools: one whose commits are durable, and a small one whose commits
/// are asynchronous (`synchronous_commit = off`) for the writes that may be lost in a
/// database crash without losing an admission or an audited replay signal
/// (`docs/threat-model.md` §6).
#[derive(Clone, Debug)]
pub struct PgStore {
    pool: PgPool,
    relaxed: PgPool,
    steps: Batcher<batch::StepLookup, Option<PassWithStep>>,
    contexts: Batcher<[u8; 32], Option<ChallengeContext>>,
    challenges: Batcher<batch::ChallengeOp, bool>,
    admissions: Batcher<batch::AdmitOp, bool>,
}

/// SQLite's connections: one writer with `synchronous = FULL` for durable commits, one
/// writer with `synchronous = NORMAL` for the relaxed ones, read-only connections for
/// reads, and an in-process lock that lets one writer in at a time. In WAL mode the
/// durable writer's fsync also covers every frame the relaxed writer appended before it.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    read: SqlitePool,
    write: SqlitePool,
    write_lock: Arc<Mutex<()>>,
    challenges: Batcher<batch::ChallengeOp, bool>,
    admissions: Batcher<batch::AdmitOp, bool>,
    relaxed: SqlitePool,
}

/// An open redemption transaction; dropping it without [`RedemptionTx::commit`] rolls back.
#[derive(Debug)]
pub enum RedemptionTx {
    /// On PostgreSQL.
    Postgres(Transaction<'static, Postgres>),
    /// On SQLite, holding the write lock until it ends.
    Sqlite(Transaction<'static, Sqlite>, OwnedMutexGuard<()>),
}

impl Store {
    /// Opens a pool for the configured database. PostgreSQL connects lazily so a server can
    /// start (and report not ready) while the database is down; SQLite creates its file.
    ///
    /// # Errors
    /// [`Error::Config`] for an unparsable URL, [`Error::Storage`] if SQLite cannot open.
    pub async fn connect(settings: &Settings) -> Result<Self> {
        if settings.is_postgres() {
            let options = PgConnectOptions::from_str(&settings.database_url)
                .map_err(|_| {
                    Error::Config("TESSERA_DATABASE_URL is not a valid postgres:// URL".into())
                })?
                .options([(
                    "statement_timeout",
                    settings.statement_timeout_ms.to_string(),
                )])
                .application_name("tessera-server");
            let pool = PgPoolOptions::new()
                .min_connections(settings.pool_min.min(settings.pool_max))
                .max_connections(settings.pool_max.max(1))
                .acquire_timeout(settings.checkin_timeout())
                .connect_lazy_with(options.clone());
            let relaxed = PgPoolOptions::new()
                .max_connections(CHALLENGE_BATCHES_IN_FLIGHT)
                .acquire_timeout(settings.checkin_timeout())
                .connect_lazy_with(options.options([("synchronous_commit", "off")]));
            let challenges = Batcher::spawn(CHALLENGE_BATCHES_IN_FLIGHT as usize, {
                let relaxed = relaxed.clone();
                move |ops| batch::insert_challenges(relaxed.clone(), ops)
            });
            let admissions = Batcher::spawn(ADMISSION_BATCHES_IN_FLIGHT, {
                let pool = pool.clone();
                move |ops| batch::admit(pool.clone(), ops)
            });
            let steps = Batcher::spawn(READ_BATCHES_IN_FLIGHT, {
                let pool = pool.clone();
                move |ops| batch::passes_with_step(pool.clone(), ops)
            });
            let contexts = Batcher::spawn(READ_BATCHES_IN_FLIGHT, {
                let pool = pool.clone();
                move |ops| batch::challenge_contexts(pool.clone(), ops)
            });
            Ok(Store::Postgres(PgStore {
                pool,
                relaxed,
                steps,
                contexts,
                challenges,
                admissions,
            }))
        } else {
            let options = SqliteConnectOptions::from_str(&settings.database_url)
                .map_err(|_| {
                    Error::Config("TESSERA_DATABASE_URL is not a valid sqlite:// URL".into())
                })?
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(5));
            let in_memory = options.get_filename() == std::path::Path::new(":memory:")
                || settings.database_url.contains("mode=memory");
            let writer = |synchronous| {
                SqlitePoolOptions::new()
                    .max_connections(1)
                    .acquire_timeout(settings.checkin_timeout())
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
                    .max_connections(SQLITE_READERS)
                    .acquire_timeout(settings.checkin_timeout())
                    .connect_with(options.read_only(true))
                    .await
                    .map_err(Error::storage("open sqlite database for reading"))?;
                (read, relaxed)
            };
            let write_lock = Arc::new(Mutex::new(()));
            let challenges = Batcher::spawn(1, {
                let writer = (relaxed.clone(), Arc::clone(&write_lock));
                move |ops| batch::sqlite_insert_challenges(writer.clone(), ops)
            });
            let admissions = Batcher::spawn(1, {
                let writer = (write.clone(), Arc::clone(&write_lock));
                move |ops| batch::sqlite_admit(writer.clone(), ops)
            });
            Ok(Store::Sqlite(SqliteStore {
                read,
                write,
                write_lock,
                challenges,
                admissions,
                relaxed,
            }))
        }
    }

    /// `postgres` or `sqlite`, for logs.
    pub fn backend_name(&self) -> &'static str {
        match self {
            Store::Postgres(_) => "postgres",
            Store::Sqlite(_) => "sqlite",
        }
    }

    fn migrator(&self) -> &'static Migrator {
        match self {
            Store::Postgres(_) => &POSTGRES_MIGRATIONS,
            Store::Sqlite(_) => &SQLITE_MIGRATIONS,
        }
    }

    /// Applies pending migrations.
    ///
    /// # Errors
    /// [`Error::Migrate`] when a migration fails or an applied one was changed.
    pub async fn migrate(&self) -> Result<()> {
        let migrator = self.migrator();
        on_write!(self, pool => migrator.run(pool).await?);
        Ok(())
    }

    /// Compares applied migrations with the ones this server was built with.
    ///
    /// # Errors
    /// [`Error::Storage`] when the database does not answer.
    pub async fn schema_status(&self) -> Result<SchemaStatus> {
        self.ping().await?;
        let applied: Vec<i64> = on_read!(self, pool => {
            sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
                .fetch_all(pool)
                .await
        })
        .unwrap_or_default();
        let applied: BTreeSet<i64> = applied.into_iter().collect();
        let current = self
            .migrator()
            .iter()
            .all(|migration| applied.contains(&migration.version));
        Ok(if current {
            SchemaStatus::Current
        } else {
            SchemaStatus::Behind
        })
    }

    /// Checks that the database answers.
    ///
    /// # Errors
    /// [`Error::Storage`] otherwise.
    pub async fn ping(&self) -> Result<()> {
        on_read!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|done| done.rows_affected()))
            .map_err(Error::storage("ping"))?;
        Ok(())
    }

    /// Closes the pool.
    pub async fn close(&self) {
        match self {
            Store::Postgres(pg) => {
                pg.pool.close().await;
                pg.relaxed.close().await;
            }
            Store::Sqlite(lite) => {
                lite.read.close().await;
                lite.relaxed.close().await;
                lite.write.close().await;
            }
        }
    }

    /// Number of organisations (to bootstrap an empty embedded database).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_orgs(&self) -> Result<i64> {
        on_read!(self, pool => sqlx::query_scalar("SELECT count(*) FROM orgs").fetch_one(pool).await)
            .map_err(Error::storage("count organisations"))
    }

    /// Creates an organisation and its admin key in one transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn create_org(&self, org: &NewOrg<'_>) -> Result<()> {
        on_write!(self, pool => {
            let mut tx = pool.begin().await.map_err(Error::storage("begin create org"))?;
            sqlx::query("INSERT INTO orgs (id, name, created_at_ms) VALUES ($1, $2, $3)")
                .bind(org.id)
                .bind(org.name)
                .bind(org.at_ms)
                .execute(&mut *tx)
                .await.map(|done| done.rows_affected())
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
            .await.map(|done| done.rows_affected())
            .map_err(Error::storage("insert admin key"))?;
            tx.commit().await.map_err(Error::storage("commit create org"))
        })
    }

    /// Stores a new API key.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_api_key(&self, key: &ApiKeyRow, hash: &[u8; 32], at_ms: i64) -> Result<()> {
        on_write!(self, pool => {
            sqlx::query(
                "INSERT INTO api_keys (id, org_id, role, label, key_hash, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(key.id)
            .bind(key.org_id)
            .bind(&key.role)
            .bind(&key.label)
            .bind(&hash[..])
            .bind(at_ms)
            .execute(pool)
            .await.map(|done| done.rows_affected())
        })
        .map_err(Error::storage("insert api key"))?;
        Ok(())
    }

    /// Finds an API key by the hash of the presented secret.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn api_key_by_hash(&self, hash: &[u8; 32]) -> Result<Option<ApiKeyRow>> {
        on_read!(self, pool => {
            sqlx::query_as("SELECT id, org_id, role, label FROM api_keys WHERE key_hash = $1")
                .bind(&hash[..])
                .fetch_optional(pool)
                .await
        })
        .map_err(Error::storage("load api key"))
    }

    /// Stores a new gate device.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_gate(
        &self,
        gate: &GateRow,
        token_hash: &[u8; 32],
        at_ms: i64,
    ) -> Result<()> {
        on_write!(self, pool => {
            sqlx::query(
                "INSERT INTO gates (id, org_id, label, site, token_hash, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(gate.id)
            .bind(gate.org_id)
            .bind(&gate.label)
            .bind(&gate.site)
            .bind(&token_hash[..])
            .bind(at_ms)
            .execute(pool)
            .await.map(|done| done.rows_affected())
        })
        .map_err(Error::storage("insert gate"))?;
        Ok(())
    }

    /// Finds a gate by the hash of its presented device token.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>> {
        on_read!(self, pool => {
            sqlx::query_as("SELECT id, org_id, label, site FROM gates WHERE token_hash = $1")
                .bind(&hash[..])
                .fetch_optional(pool)
                .await
        })
        .map_err(Error::storage("load gate"))
    }

    /// Stores a new pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pass(&self, pass: &PassRow) -> Result<()> {
        on_write!(self, pool => {
            sqlx::query(
                "INSERT INTO passes (id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, \
                 uses, state, claim_token_hash, wallet_public_key, server_kid, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
            )
            .bind(pass.id)
            .bind(pass.org_id)
            .bind(&pass.label)
            .bind(&pass.site)
            .bind(pass.valid_from_ms)
            .bind(pass.valid_until_ms)
            .bind(pass.max_uses)
            .bind(pass.uses)
            .bind(&pass.state)
            .bind(&pass.claim_token_hash)
            .bind(&pass.wallet_public_key)
            .bind(&pass.server_kid)
            .bind(pass.created_at_ms)
            .execute(pool)
            .await.map(|done| done.rows_affected())
        })
        .map_err(Error::storage("insert pass"))?;
        Ok(())
    }

    /// Loads a pass of any tenant (callers check the tenant).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>> {
        let sql = format!("SELECT {PASS_COLUMNS} FROM passes WHERE id = $1");
        on_read!(self, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
            .map_err(Error::storage("load pass"))
    }

    /// A pass with the gate its step `counter` already admitted at, and whether `gate_id`
    /// already has a challenge for `scan_id` (one round trip for the scan's checks).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_with_step(
        &self,
        id: Uuid,
        counter: i64,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<PassWithStep>> {
        let lite = match self {
            Store::Postgres(pg) => return pg.steps.submit((id, counter, gate_id, scan_id)).await,
            Store::Sqlite(lite) => lite,
        };
        // SQLite joins in the order written after CROSS JOIN: the lookup row first, so the
        // pass is found by its primary key (the other order scans every pass).
        let sql = format!(
            "SELECT {PASS_COLUMNS}, {STEP_COLUMNS} \
             FROM (SELECT $1 AS pass_id, $2 AS counter, $3 AS gate_id, $4 AS scan_id) q \
             CROSS JOIN passes WHERE passes.id = q.pass_id"
        );
        sqlx::query_as(&sql)
            .bind(id)
            .bind(counter)
            .bind(gate_id)
            .bind(scan_id)
            .fetch_optional(&lite.read)
            .await
            .map_err(Error::storage("load pass with step"))
    }

    /// Admissions of a pass, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<RedemptionRow>> {
        let sql = format!(
            "SELECT {REDEMPTION_COLUMNS} FROM redemptions WHERE pass_id = $1 AND outcome = 'admitted' \
             ORDER BY created_at_ms, nonce"
        );
        on_read!(self, pool => sqlx::query_as(&sql).bind(id).fetch_all(pool).await)
            .map_err(Error::storage("load admissions"))
    }

    /// Marks a pass revoked (idempotent); false when the pass is not the tenant's.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn revoke_pass(&self, org_id: Uuid, id: Uuid, at_ms: i64) -> Result<bool> {
        let result = on_write!(self, pool => {
            sqlx::query(
                "UPDATE passes SET state = 'revoked', revoked_at_ms = COALESCE(revoked_at_ms, $3) \
                 WHERE id = $1 AND org_id = $2",
            )
            .bind(id)
            .bind(org_id)
            .bind(at_ms)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })
        .map_err(Error::storage("revoke pass"))?;
        Ok(result > 0)
    }

    /// Binds a wallet key to an unclaimed, unrevoked pass, atomically and once.
    /// Returns false when the pass was not in `issued` state (already claimed or revoked).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn bind_wallet(&self, id: Uuid, wallet_key: &[u8; 32], at_ms: i64) -> Result<bool> {
        let affected = on_write!(self, pool => {
            sqlx::query(
                "UPDATE passes SET wallet_public_key = $2, state = 'claimed', claimed_at_ms = $3 \
                 WHERE id = $1 AND state = 'issued' AND wallet_public_key IS NULL",
            )
            .bind(id)
            .bind(&wallet_key[..])
            .bind(at_ms)
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
        })
        .map_err(Error::storage("bind wallet key"))?;
        Ok(affected == 1)
    }

    /// The challenge a gate got for a scan id, if any.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn challenge_by_scan(
        &self,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<ChallengeRow>> {
        let sql = format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE gate_id = $1 AND scan_id = $2"
        );
        on_read!(self, pool => sqlx::query_as(&sql).bind(gate_id).bind(scan_id).fetch_optional(pool).await)
            .map_err(Error::storage("load challenge by scan"))
    }

    /// The challenge with this nonce, its pass and any outcome stored under it, of any
    /// tenant (callers check tenant and gate): the answer's one read.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn challenge_context(&self, nonce: &[u8; 32]) -> Result<Option<ChallengeContext>> {
        let Store::Sqlite(lite) = self else {
            return match self {
                Store::Postgres(pg) => pg.contexts.submit(*nonce).await,
                Store::Sqlite(_) => Ok(None),
            };
        };
        let sql = format!(
            "SELECT {CONTEXT_COLUMNS} FROM challenges c {CONTEXT_JOINS} WHERE c.nonce = $1"
        );
        sqlx::query_as(&sql)
            .bind(&nonce[..])
            .fetch_optional(&lite.read)
            .await
            .map_err(Error::storage("load challenge context"))
    }

    /// Stores a challenge and its `challenge_issued` audit event atomically. Returns false
    /// (and stores nothing) when the gate already has a challenge for this scan id: a
    /// concurrent resend won the race and the caller re-reads it.
    ///
    /// The commit is relaxed (asynchronous on PostgreSQL, no fsync on SQLite): losing the
    /// last few milliseconds of challenges in a database crash can only turn a pending
    /// scan into `unknown_nonce` (the guard re-scans), never admit anyone or lose an
    /// admission, and it keeps the one durable flush per admission for the redemption.
    /// On PostgreSQL both rows go in one statement, shared with the challenges issued
    /// meanwhile ([`batch`]).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_challenge(
        &self,
        challenge: &ChallengeRow,
        issued: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => {
                pg.challenges
                    .submit((challenge.clone(), issued.clone()))
                    .await
            }
            Store::Sqlite(lite) => {
                lite.challenges
                    .submit((challenge.clone(), issued.clone()))
                    .await
            }
        }
    }

    /// Counts the use, stores the admission under its nonce and its audit event, durably
    /// and atomically, if the challenge is still open (this gate's and scan's, unanswered,
    /// not burned, not expired) and the pass may admit now (see
    /// [`RedemptionTx::count_use`]). Returns false, having written nothing,
    /// otherwise: the caller then reads why. On PostgreSQL it is one statement (one round
    /// trip, one synchronous commit), shared with the admissions that arrive meanwhile
    /// (group commit, [`batch`]); a unique-index refusal undoes all of it.
    ///
    /// # Errors
    /// [`Error::Storage`] (a concurrent duplicate is a unique violation).
    pub async fn admit(&self, row: &RedemptionRow, event: &NewAudit) -> Result<bool> {
        let op = (row.clone(), event.clone());
        match self {
            Store::Postgres(pg) => pg.admissions.submit(op).await,
            Store::Sqlite(lite) => lite.admissions.submit(op).await,
        }
    }

    /// Counts one wrong answer unless the challenge is already burned, and appends the
    /// audit event `audit(counted)` in the same transaction, so a counted wrong answer is
    /// never without its event. Returns whether the answer was counted (false: it was
    /// already burned at `limit`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn record_wrong_answer(
        &self,
        nonce: &[u8; 32],
        limit: i64,
        audit: impl FnOnce(bool) -> NewAudit,
    ) -> Result<bool> {
        on_write!(self, pool => {
            let mut tx = pool.begin().await.map_err(Error::storage("begin wrong answer"))?;
            let count: Option<i64> = sqlx::query_scalar(
                "UPDATE challenges SET wrong_answers = wrong_answers + 1 \
                 WHERE nonce = $1 AND wrong_answers < $2 RETURNING wrong_answers",
            )
            .bind(&nonce[..])
            .bind(limit)
            .fetch_optional(&mut *tx)
            .await
            .map_err(Error::storage("record wrong answer"))?;
            insert_audit_query(&audit(count.is_some()))
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("audit wrong answer"))?;
            tx.commit().await.map_err(Error::storage("commit wrong answer"))?;
            Ok(count.is_some())
        })
    }

    /// The outcome stored under a nonce, if any.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn redemption_by_nonce(&self, nonce: &[u8; 32]) -> Result<Option<RedemptionRow>> {
        let sql = format!("SELECT {REDEMPTION_COLUMNS} FROM redemptions WHERE nonce = $1");
        on_read!(self, pool => sqlx::query_as(&sql).bind(&nonce[..]).fetch_optional(pool).await)
            .map_err(Error::storage("load redemption"))
    }

    /// Opens the redemption transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn begin_redemption(&self) -> Result<RedemptionTx> {
        Ok(match self {
            Store::Postgres(pg) => RedemptionTx::Postgres(
                pg.pool
                    .begin()
                    .await
                    .map_err(Error::storage("begin redemption"))?,
            ),
            Store::Sqlite(lite) => {
                let writing = Arc::clone(&lite.write_lock).lock_owned().await;
                RedemptionTx::Sqlite(
                    lite.write
                        .begin_with("BEGIN IMMEDIATE")
                        .await
                        .map_err(Error::storage("begin redemption"))?,
                    writing,
                )
            }
        })
    }

    /// Appends an audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
        on_write!(self, pool => insert_audit_query(event).execute(pool).await.map(|done| done.rows_affected()))
            .map_err(Error::storage("append audit event"))?;
        Ok(())
    }

    /// One page of a tenant's audit log, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
        on_read!(self, pool => {
            sqlx::query_as(
                "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details FROM audit_events \
                 WHERE org_id = $1 \
                 AND ($2 IS NULL OR kind = $2) AND ($3 IS NULL OR severity = $3) \
                 AND ($4 IS NULL OR gate_id = $4) AND ($5 IS NULL OR pass_id = $5) \
                 AND ($6 IS NULL OR at_ms >= $6) AND ($7 IS NULL OR at_ms < $7) \
                 AND ($8 IS NULL OR id > $8) \
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
            .fetch_all(pool)
            .await
        })
        .map_err(Error::storage("query audit log"))
    }

    /// Marks up to `limit` expired, never-redeemed challenges as audited and appends a
    /// `challenge_unanswered` event for each, in one transaction (safe across replicas: a
    /// row is claimed by exactly one `UPDATE`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn sweep_unanswered(
        &self,
        now_ms: i64,
        limit: i64,
        event: impl Fn(&ChallengeRow) -> NewAudit,
    ) -> Result<usize> {
        let sql = format!(
            "UPDATE challenges SET unanswered_audited = TRUE \
             WHERE unanswered_audited = FALSE AND nonce IN ( \
                SELECT c.nonce FROM challenges c \
                WHERE c.unanswered_audited = FALSE AND c.expires_at_ms < $1 \
                AND (SELECT 1 FROM redemptions r WHERE r.nonce = c.nonce) IS NULL \
                ORDER BY c.expires_at_ms LIMIT $2) \
             RETURNING {CHALLENGE_COLUMNS}"
        );
        on_write!(self, pool => {
            let mut tx = pool.begin().await.map_err(Error::storage("begin sweep"))?;
            let swept: Vec<ChallengeRow> = sqlx::query_as(&sql)
                .bind(now_ms)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("mark unanswered challenges"))?;
            for challenge in &swept {
                insert_audit_query(&event(challenge))
                    .execute(&mut *tx)
                    .await.map(|done| done.rows_affected())
                    .map_err(Error::storage("audit unanswered challenge"))?;
            }
            tx.commit().await.map_err(Error::storage("commit sweep"))?;
            Ok(swept.len())
        })
    }
}

fn insert_audit_query<DB>(
    event: &NewAudit,
) -> sqlx::query::Query<'_, DB, <DB as sqlx::Database>::Arguments<'_>>
where
    DB: sqlx::Database,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<Uuid>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> &'a String: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    bind_audit(
        sqlx::query(
            "INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        ),
        event,
    )
}

/// Binds an audit event's seven columns, in the order of `audit_events`.
fn bind_audit<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>,
    event: &'q NewAudit,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>
where
    DB: sqlx::Database,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<Uuid>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q String: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    query
        .bind(event.at_ms)
        .bind(event.org_id)
        .bind(event.kind)
        .bind(event.severity)
        .bind(event.gate_id)
        .bind(event.pass_id)
        .bind(&event.details)
}

fn bind_challenge<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>,
    challenge: &'q ChallengeRow,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>
where
    DB: sqlx::Database,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Uuid: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q Vec<u8>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    query
        .bind(&challenge.nonce)
        .bind(challenge.org_id)
        .bind(challenge.gate_id)
        .bind(challenge.scan_id)
        .bind(challenge.pass_id)
        .bind(challenge.counter)
        .bind(&challenge.code_hash)
        .bind(challenge.created_at_ms)
        .bind(challenge.expires_at_ms)
}

impl RedemptionTx {
    /// Loads the pass as this transaction must see it, locked (PostgreSQL `FOR UPDATE`;
    /// SQLite's `BEGIN IMMEDIATE` already excludes every other writer), to explain a use
    /// that was not counted.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn lock_pass(&mut self, id: Uuid) -> Result<Option<PassRow>> {
        let lock = match self {
            RedemptionTx::Postgres(_) => " FOR UPDATE",
            RedemptionTx::Sqlite(..) => "",
        };
        let sql = format!("SELECT {PASS_COLUMNS} FROM passes WHERE id = $1{lock}");
        on_tx!(self, conn => sqlx::query_as(&sql).bind(id).fetch_optional(conn).await)
            .map_err(Error::storage("lock pass"))
    }

    /// Counts one use if the pass may admit now: claimed, within its validity, uses left,
    /// and its step `counter` not yet admitted (one shown code admits one person). One
    /// conditional UPDATE, so the check and the count are atomic; it returns whether the
    /// use was counted. A concurrent admission of the same step that slips past the
    /// `NOT EXISTS` is stopped by the unique index when its outcome is inserted.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_use(&mut self, pass_id: Uuid, counter: i64, now_ms: i64) -> Result<bool> {
        let affected = on_tx!(self, conn => {
            sqlx::query(COUNT_USE)
            .bind(pass_id)
            .bind(counter)
            .bind(now_ms)
            .execute(conn)
            .await
            .map(|done| done.rows_affected())
        })
        .map_err(Error::storage("count pass use"))?;
        Ok(affected == 1)
    }

    /// The pass's first admission.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn first_admission(&mut self, pass_id: Uuid) -> Result<Option<RedemptionRow>> {
        let sql = format!(
            "SELECT {REDEMPTION_COLUMNS} FROM redemptions WHERE pass_id = $1 AND outcome = 'admitted' \
             ORDER BY created_at_ms, nonce LIMIT 1"
        );
        on_tx!(self, conn => sqlx::query_as(&sql).bind(pass_id).fetch_optional(conn).await)
            .map_err(Error::storage("load first admission"))
    }

    /// Records the outcome under its nonce (the nonce is the primary key).
    ///
    /// # Errors
    /// [`Error::Storage`] (a duplicate nonce is a unique violation).
    pub async fn insert_redemption(&mut self, row: &RedemptionRow) -> Result<()> {
        on_tx!(self, conn => {
            sqlx::query(
                "INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, outcome, \
                 reason, first_admitted_at_ms, first_gate_id, created_at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(&row.nonce)
            .bind(row.org_id)
            .bind(row.gate_id)
            .bind(row.scan_id)
            .bind(row.pass_id)
            .bind(row.counter)
            .bind(&row.outcome)
            .bind(&row.reason)
            .bind(row.first_admitted_at_ms)
            .bind(row.first_gate_id)
            .bind(row.created_at_ms)
            .execute(conn)
            .await.map(|done| done.rows_affected())
        })
        .map_err(Error::storage("insert redemption"))?;
        Ok(())
    }

    /// Appends an audit event inside the transaction, so it commits with the outcome.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audit(&mut self, event: &NewAudit) -> Result<()> {
        on_tx!(self, conn => insert_audit_query(event).execute(conn).await.map(|done| done.rows_affected()))
            .map_err(Error::storage("append audit event in transaction"))?;
        Ok(())
    }

    /// Commits. An error here means the outcome's fate is unknown.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn commit(self) -> Result<()> {
        match self {
            RedemptionTx::Postgres(tx) => tx.commit().await,
            RedemptionTx::Sqlite(tx, _writing) => tx.commit().await,
        }
        .map_err(Error::storage("commit redemption"))
    }
}

//! PostgreSQL, the production backend: stateless replicas share one database.
//!
//! Pools: `durable`, whose connections pin `synchronous_commit = on` so that no database,
//! role or URL default can make an admission asynchronous; `hot`, the same for the
//! batched reads and admissions of the hot path; and `relaxed` (`synchronous_commit =
//! off`) for challenge writes, which a database crash may lose without losing an admission
//! or an audited replay signal (`docs/threat-model.md` §6).
//! The hot reads and writes of a scan and an answer go through [`Batcher`]s: each batch is
//! one statement over arrays (`unnest`), so N gates share one round trip and one commit.
//!
//! `hot` and `relaxed` also pin `plan_cache_mode = force_generic_plan`. Their statements
//! are the same few, run thousands of times a second with parameters of one shape
//! (arrays of keys), and every table they touch is reached through a unique index (below),
//! so one plan fits every execution. Left to choose, PostgreSQL plans an array-parameter
//! statement anew at every execution (the custom plan always looks cheaper than a generic
//! one, whose arrays it cannot see): a profile at 32 gates found that planning took about
//! a sixth of the database's CPU. `durable` keeps the default, because its ad-hoc queries
//! (the console's filters, retention's cut-offs) do gain from plans that see their values.
//!
//! Conditions on other tables in hot statements are scalar subqueries on unique keys, never
//! `EXISTS`: PostgreSQL may plan `[NOT] EXISTS` as a hash over a whole table, which a table
//! that grew since its statistics were taken (an evening's first burst) turns into a
//! sequential scan per statement; a scalar subquery is always an index probe per row.
//!
//! A pooled connection is pinged before it is handed out only when it has lain idle for
//! [`PING_IDLE_AFTER`] (see [`pool`]): sqlx already pings every connection as it goes back
//! into the pool, so one that broke in use never returns; the ping on the way out costs
//! the hot path a round trip per acquire for nothing more than a connection that died
//! while idle, and that is what the idle threshold still catches.

use std::sync::Arc;

use sqlx::migrate::Migrator;
use sqlx::postgres::PgPoolOptions;
use sqlx::{PgPool, Postgres, Transaction};
use uuid::Uuid;

use super::batch::{by_position, Attempt, Batcher, ALONE_IN_FLIGHT};
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
use crate::columns::{Columns, FromColumns};
use crate::error::{Error, Result};
use crate::{Backend, RedemptionTx, ScanLookup, StoreOptions};

/// The PostgreSQL schema's migrations, embedded.
pub static MIGRATIONS: Migrator = sqlx::migrate!("../../../migrations/postgres");

/// The channel on which replicas wake each other's live audit feeds.
const AUDIT_CHANNEL: &str = "tessera_audit";

/// How long a pooled connection may lie idle before it is pinged on its way out (see
/// [`pool`]).
const PING_IDLE_AFTER: std::time::Duration = std::time::Duration::from_secs(1);

/// Pool options shared by every pool: no ping on acquire unless the connection lay idle for
/// [`PING_IDLE_AFTER`]. sqlx's default pings on every acquire, a round trip before each
/// statement of the hot path (about 3 % of the server's samples at 1 gate, issue 28); a
/// connection that broke while in use never reaches the pool again (sqlx pings it on
/// release and closes it when that fails), so the only connection the per-acquire ping
/// caught that this one misses is one that broke in the last second of idling, which fails
/// its one statement with a retryable error and is then closed.
fn pool() -> PgPoolOptions {
    PgPoolOptions::new()
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= PING_IDLE_AFTER {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
}

/// The advisory lock one retention pass holds, so replicas take turns ("tsr1retn").
const RETENTION_LOCK: i64 = 0x7473_7231_7265_746e;

/// Admission statements in flight at once; admissions that arrive meanwhile wait and go
/// together in the next statement. One keeps the batches largest; `docs/performance.md`
/// has the runs that chose these numbers.
const ADMISSION_BATCHES_IN_FLIGHT: usize = 1;

/// Challenge-insert statements in flight at once (and the relaxed pool's connections).
const CHALLENGE_BATCHES_IN_FLIGHT: u32 = 1;

/// Batched reads of the scan and of the answer in flight at once, each.
const READ_BATCHES_IN_FLIGHT: usize = 2;

/// The hot pool's connections: its three batchers' statements in flight at most, and one
/// failed batch's single runs beside them (more of those wait for a connection).
const HOT_CONNECTIONS: u32 =
    (2 * READ_BATCHES_IN_FLIGHT + ADMISSION_BATCHES_IN_FLIGHT + ALONE_IN_FLIGHT) as u32;

/// The PostgreSQL store: its pools and the batchers of the hot path.
#[derive(Clone, Debug)]
pub struct PgStore {
    durable: PgPool,
    hot: PgPool,
    relaxed: PgPool,
    feed: PgPool,
    scans: Batcher<ScanLookup, Option<ScanContext>>,
    contexts: Batcher<[u8; 32], Option<ChallengeContext>>,
    challenges: Batcher<(ChallengeRow, NewAudit), bool>,
    admissions: Batcher<AdmitOp, bool>,
    sockets: Batcher<SocketChange, ()>,
}

/// Maps a named constraint of the PostgreSQL schema to what it means.
fn conflict(error: &sqlx::Error) -> Option<Conflict> {
    let sqlx::Error::Database(db) = error else {
        return None;
    };
    match db.constraint()? {
        "redemptions_pkey" => Some(Conflict::NonceStored),
        "redemptions_one_admission_per_step" => Some(Conflict::StepAdmitted),
        "challenges_gate_id_scan_id_key" | "scan_denials_pkey" => Some(Conflict::ScanIdTaken),
        _ => None,
    }
}

/// PostgreSQL has no single-writer turn: writers wait on row locks, not on each other.
#[derive(Debug)]
pub(crate) struct NoTurn;

impl PgStore {
    /// The scan's one read, batched ([`crate::Store::scan_context`]).
    pub(crate) async fn scan_context(&self, lookup: ScanLookup) -> Result<Option<ScanContext>> {
        self.scans.submit(lookup).await
    }

    /// The answer's one read, batched ([`crate::Store::challenge_context`]).
    pub(crate) async fn challenge_context(
        &self,
        nonce: [u8; 32],
    ) -> Result<Option<ChallengeContext>> {
        self.contexts.submit(nonce).await
    }

    /// A gate socket's change, group-committed ([`crate::Store::record_gate_socket`]).
    pub(crate) async fn record_gate_socket(&self, change: SocketChange) -> Result<()> {
        self.sockets.submit(change).await
    }

    /// The pool the shared reads run on.
    fn reads(&self) -> &PgPool {
        &self.durable
    }

    /// The pool the shared single-statement writes run on.
    fn writes(&self) -> &PgPool {
        &self.durable
    }

    /// A writer's turn: always at once on PostgreSQL (see [`NoTurn`]).
    async fn write_turn(&self) -> NoTurn {
        NoTurn
    }

    /// Opens both pools lazily (a server can start, and report not ready, while the
    /// database is down) and starts the batchers.
    ///
    /// # Errors
    /// [`Error::Config`] for an unparsable URL.
    pub fn connect(settings: &StoreOptions) -> Result<Self> {
        // One host: the URL's own options; several: a primary locator's (`primary.rs`).
        let options = super::primary::connect_options(settings)?
            .options([(
                "statement_timeout",
                settings.statement_timeout_ms.to_string(),
            )])
            .application_name("tessera-server");
        let durable = pool()
            .min_connections(settings.pool_min.min(settings.pool_max))
            .max_connections(settings.pool_max.max(1))
            .acquire_timeout(settings.checkin_timeout)
            .connect_lazy_with(options.clone().options([("synchronous_commit", "on")]));
        let hot = pool()
            .max_connections(HOT_CONNECTIONS)
            .acquire_timeout(settings.checkin_timeout)
            .connect_lazy_with(options.clone().options([
                ("synchronous_commit", "on"),
                ("plan_cache_mode", "force_generic_plan"),
            ]));
        let relaxed = pool()
            .max_connections(CHALLENGE_BATCHES_IN_FLIGHT)
            .acquire_timeout(settings.checkin_timeout)
            .connect_lazy_with(options.clone().options([
                ("synchronous_commit", "off"),
                ("plan_cache_mode", "force_generic_plan"),
            ]));
        // The live feed's own two connections: one held by `LISTEN`, one for `NOTIFY`, so
        // neither waits behind (or holds up) an admission or a challenge.
        let feed = pool()
            .max_connections(2)
            .acquire_timeout(settings.checkin_timeout)
            .connect_lazy_with(options);
        let scans = Batcher::spawn(
            "scan contexts",
            READ_BATCHES_IN_FLIGHT,
            settings.on_batch.clone(),
            {
                let pool = hot.clone();
                move |lookups| scan_contexts(pool.clone(), lookups)
            },
            {
                let pool = hot.clone();
                move |lookup| {
                    let pool = pool.clone();
                    async move { scan_context(&pool, lookup).await }
                }
            },
        );
        let contexts = Batcher::spawn(
            "challenge contexts",
            READ_BATCHES_IN_FLIGHT,
            settings.on_batch.clone(),
            {
                let pool = hot.clone();
                move |nonces| challenge_contexts(pool.clone(), nonces)
            },
            {
                let pool = hot.clone();
                move |nonce| {
                    let pool = pool.clone();
                    async move { challenge_context(&pool, nonce).await }
                }
            },
        );
        let challenges = Batcher::spawn(
            "challenges",
            CHALLENGE_BATCHES_IN_FLIGHT as usize,
            settings.on_batch.clone(),
            {
                let pool = relaxed.clone();
                move |ops| insert_challenges(pool.clone(), ops)
            },
            {
                let pool = relaxed.clone();
                move |op| {
                    let pool = pool.clone();
                    async move { insert_challenge(&pool, op).await }
                }
            },
        );
        let admissions = Batcher::spawn(
            "admissions",
            ADMISSION_BATCHES_IN_FLIGHT,
            settings.on_batch.clone(),
            {
                let pool = hot.clone();
                move |ops| admit_batch(pool.clone(), ops)
            },
            {
                let pool = hot.clone();
                move |op| {
                    let pool = pool.clone();
                    async move { admit_one(&pool, &op).await }
                }
            },
        );
        // One presence transaction at a time, on a durable connection with a relaxed
        // commit: a reconnect storm queues here instead of taking the pool.
        let sockets = Batcher::spawn(
            "gate sockets",
            1,
            settings.on_batch.clone(),
            {
                let pool = durable.clone();
                move |changes| record_gate_sockets(pool.clone(), changes)
            },
            {
                let pool = durable.clone();
                move |change| {
                    let pool = pool.clone();
                    async move {
                        record_gate_sockets(pool, Arc::from([change])).await?;
                        Ok(())
                    }
                }
            },
        );
        Ok(PgStore {
            durable,
            hot,
            relaxed,
            feed,
            scans,
            contexts,
            challenges,
            admissions,
            sockets,
        })
    }

    /// A setting as each pool's connections see it, by pool name (for tests and
    /// diagnostics).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pool_settings(&self, name: &str) -> Result<Vec<(&'static str, String)>> {
        let mut seen = Vec::new();
        for (pool_name, pool) in [
            ("durable", &self.durable),
            ("hot", &self.hot),
            ("relaxed", &self.relaxed),
        ] {
            let value = sqlx::query_scalar("SELECT current_setting($1)")
                .bind(name)
                .fetch_one(pool)
                .await
                .map_err(Error::storage("read setting"))?;
            seen.push((pool_name, value));
        }
        Ok(seen)
    }

    /// A durable-pool transaction that commits without waiting for the WAL flush (for gate
    /// presence and the webhook dispatcher's bookkeeping only; the durable pool pins
    /// `synchronous_commit=on` for everything else).
    async fn begin_presence(
        &self,
        context: &'static str,
    ) -> Result<Transaction<'static, Postgres>> {
        begin_unflushed(&self.durable, context).await
    }

    /// A transaction on the relaxed pool (`synchronous_commit = off`), for aggregated events.
    async fn begin_relaxed(&self, context: &'static str) -> Result<Transaction<'static, Postgres>> {
        self.relaxed.begin().await.map_err(Error::storage(context))
    }

    async fn begin(&self, context: &'static str) -> Result<Transaction<'static, Postgres>> {
        self.durable.begin().await.map_err(Error::storage(context))
    }
}

/// Whether this replica runs the retention pass: one at a time, so the others find the lock
/// taken and skip the pass instead of waiting on (or deadlocking with) the same rows.
async fn retention_turn(tx: &mut Transaction<'static, Postgres>) -> Result<bool> {
    sqlx::query_scalar("SELECT pg_try_advisory_xact_lock($1)")
        .bind(RETENTION_LOCK)
        .fetch_one(&mut **tx)
        .await
        .map_err(Error::storage("take the retention lock"))
}

crate::shared::shared_functions!(Postgres);
crate::security::security_statements!(store: PgStore);
crate::roll_calls::roll_call_statements!(store: PgStore);
crate::sign_in::sign_in_statements!(store: PgStore);
crate::sites::site_statements! {
    store: PgStore,
    db: sqlx::Postgres,
    horizon: "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint",
}
crate::site_down::site_down_statements! {
    store: PgStore,
    db: sqlx::Postgres,
    horizon: "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint",
}
crate::site_up::site_up_statements! {
    store: PgStore,
    db: sqlx::Postgres,
    horizon: "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint",
}
crate::shared::shared_statements! {
    store: PgStore,
    redemption: PgRedemption,
    // Replicas write at once: a transaction locks the rows it decides on as it reads them,
    for_update: " FOR UPDATE",
    // and a queue claim takes only rows no other replica holds, without waiting for them.
    skip_locked: " FOR UPDATE SKIP LOCKED",
    // An audit reader sees which transactions its statement's snapshot left running.
    writers: "pg_snapshot_xmin(pg_current_snapshot())::text::bigint, \
              pg_snapshot_xmax(pg_current_snapshot())::text::bigint",
}

#[async_trait::async_trait]
impl Backend for PgStore {
    fn backend_name(&self) -> &'static str {
        "postgres"
    }

    async fn close(&self) {
        self.durable.close().await;
        self.hot.close().await;
        self.relaxed.close().await;
        self.feed.close().await;
    }

    fn pool_stats(&self) -> Vec<(&'static str, u32, usize)> {
        vec![
            ("durable", self.durable.size(), self.durable.num_idle()),
            ("hot", self.hot.size(), self.hot.num_idle()),
            ("relaxed", self.relaxed.size(), self.relaxed.num_idle()),
            ("feed", self.feed.size(), self.feed.num_idle()),
        ]
    }

    fn waiting(&self) -> Vec<(&'static str, usize)> {
        vec![
            self.scans.waiting(),
            self.contexts.waiting(),
            self.challenges.waiting(),
            self.admissions.waiting(),
        ]
    }

    async fn begin_redemption(&self) -> Result<Box<dyn RedemptionTx>> {
        Ok(Box::new(PgRedemption {
            tx: self.begin("redemption").await?,
        }))
    }

    async fn lease_webhook(
        &self,
        webhook_id: Uuid,
        from: i64,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<bool> {
        let mut tx = self.begin_presence("lease webhook").await?;
        let leased = sqlx::query(
            "UPDATE webhooks SET send_lease_until_ms = $3 \
             WHERE id = $1 AND audit_cursor = $2 AND disabled_at_ms IS NULL \
             AND (send_lease_until_ms IS NULL OR send_lease_until_ms <= $4)",
        )
        .bind(webhook_id)
        .bind(from)
        .bind(now_ms.saturating_add(lease_ms))
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("lease webhook"))?
        .rows_affected()
            == 1;
        tx.commit().await.map_err(Error::storage("lease webhook"))?;
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
        let mut tx = self.begin_presence("enqueue deliveries").await?;
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
        // One statement for the round, its rows in event order (a delivery's id is its
        // place in its pass's queue), rather than a statement per event.
        if !deliveries.is_empty() {
            sqlx::query(
                "INSERT INTO webhook_deliveries (webhook_id, org_id, audit_id, pass_id, \
                 event_type, body, state, attempts, next_attempt_ms, last_error, created_at_ms) \
                 SELECT $1, $2, t.audit_id, t.pass_id, t.event_type, t.body, t.state, \
                 t.attempts, t.next_ms, t.error, $11 \
                 FROM unnest($3::int8[], $4::uuid[], $5::text[], $6::text[], $7::text[], \
                 $8::int8[], $9::int8[], $10::text[]) WITH ORDINALITY \
                 AS t(audit_id, pass_id, event_type, body, state, attempts, next_ms, error, n) \
                 ORDER BY t.n \
                 ON CONFLICT (webhook_id, audit_id) DO NOTHING",
            )
            .bind(webhook.id)
            .bind(webhook.org_id)
            .bind(deliveries.iter().map(|d| d.audit_id).collect::<Vec<_>>())
            .bind(deliveries.iter().map(|d| d.pass_id).collect::<Vec<_>>())
            .bind(
                deliveries
                    .iter()
                    .map(|d| d.event_type.as_str())
                    .collect::<Vec<_>>(),
            )
            .bind(
                deliveries
                    .iter()
                    .map(|d| d.body.as_str())
                    .collect::<Vec<_>>(),
            )
            .bind(
                deliveries
                    .iter()
                    .map(|d| d.state.as_str())
                    .collect::<Vec<_>>(),
            )
            .bind(deliveries.iter().map(|d| d.attempts).collect::<Vec<_>>())
            .bind(
                deliveries
                    .iter()
                    .map(|d| d.next_attempt_ms)
                    .collect::<Vec<_>>(),
            )
            .bind(
                deliveries
                    .iter()
                    .map(|d| d.last_error.as_deref())
                    .collect::<Vec<_>>(),
            )
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("enqueue deliveries"))?;
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
        let mut tx = self.begin_presence("finish deliveries").await?;
        sqlx::query(
            "UPDATE webhook_deliveries d SET state = t.state, next_attempt_ms = t.next_ms, \
             last_error = COALESCE(t.error, d.last_error), \
             delivered_at_ms = CASE WHEN t.state = 'delivered' THEN $5 ELSE d.delivered_at_ms END \
             FROM unnest($1::int8[], $2::text[], $3::int8[], $4::text[]) AS t(id, state, next_ms, error) \
             WHERE d.id = t.id",
        )
        .bind(finished.iter().map(|f| f.id).collect::<Vec<_>>())
        .bind(finished.iter().map(|f| f.state.as_str()).collect::<Vec<_>>())
        .bind(finished.iter().map(|f| f.next_attempt_ms).collect::<Vec<_>>())
        .bind(finished.iter().map(|f| f.error.as_deref()).collect::<Vec<_>>())
        .bind(now_ms)
        .execute(&mut *tx)
        .await
        .map_err(Error::storage("finish deliveries"))?;
        for (webhook_id, event) in finished
            .iter()
            .filter_map(|f| Some((f.webhook_id, f.disables.as_ref()?)))
        {
            disable_webhook(&mut tx, webhook_id, event, now_ms).await?;
        }
        tx.commit()
            .await
            .map_err(Error::storage("finish deliveries"))
    }

    async fn touch_gate_sockets(&self, replica_id: Uuid, now_ms: i64) -> Result<()> {
        let mut tx = self.begin_presence("refresh gate sockets").await?;
        sqlx::query("UPDATE gate_sockets SET seen_at_ms = $2 WHERE replica_id = $1")
            .bind(replica_id)
            .bind(now_ms)
            .execute(&mut *tx)
            .await
            .map_err(Error::storage("refresh gate sockets"))?;
        commit(tx, "refresh gate sockets").await
    }

    async fn gate_statuses(
        &self,
        org_id: Uuid,
        gate_id: Option<Uuid>,
        seen_since_ms: i64,
    ) -> Result<Vec<GateStatusRow>> {
        sqlx::query(
            "SELECT g.id, g.label, g.site, g.created_at_ms, g.revoked_at_ms, \
             (SELECT COUNT(*) FROM gate_sockets s \
              WHERE s.gate_id = g.id AND s.seen_at_ms >= $3) AS sockets, \
             GREATEST((SELECT MAX(s.seen_at_ms) FROM gate_sockets s WHERE s.gate_id = g.id), \
                      g.last_seen_ms) AS last_seen_ms \
             FROM gates g WHERE g.org_id = $1 AND ($2::uuid IS NULL OR g.id = $2) \
             ORDER BY g.created_at_ms DESC, g.id",
        )
        .bind(org_id)
        .bind(gate_id)
        .bind(seen_since_ms)
        .try_map(crate::columns::decode)
        .fetch_all(&self.durable)
        .await
        .map_err(Error::storage("load gates"))
    }

    async fn notify_audit(&self) -> Result<()> {
        sqlx::query("SELECT pg_notify($1, '')")
            .bind(AUDIT_CHANNEL)
            .execute(&self.feed)
            .await
            .map_err(Error::storage("notify audit feed"))?;
        Ok(())
    }

    async fn audit_listener(&self) -> Result<Option<sqlx::postgres::PgListener>> {
        let mut listener = sqlx::postgres::PgListener::connect_with(&self.feed)
            .await
            .map_err(Error::storage("listen for audit events"))?;
        listener
            .listen(AUDIT_CHANNEL)
            .await
            .map_err(Error::storage("listen for audit events"))?;
        Ok(Some(listener))
    }
}

/// A batched read's row with the 1-based position of the lookup it answers.
struct Numbered<T>(i64, T);

impl<T: FromColumns> FromColumns for Numbered<T> {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        Ok(Numbered(row.col("i")?, T::from_columns(row)?))
    }
}

/// The scan's read for many scans: each pass (columns `p_*`), the gate that admitted its
/// step, and whether the gate already answered the scan id (a challenge or a denial).
async fn scan_contexts(
    pool: PgPool,
    lookups: Arc<[ScanLookup]>,
) -> Result<Vec<Attempt<Option<ScanContext>>>> {
    let rows: Vec<Numbered<ScanContext>> = sqlx::query(concat!(
        "SELECT q.i, ",
        crate::shared::pass_columns!(),
        ", ",
        crate::shared::scan_flags!(),
        " FROM unnest($1::uuid[], $2::int8[], $3::uuid[], $4::uuid[]) WITH ORDINALITY ",
        "AS q(pass_id, counter, gate_id, scan_id, i) JOIN passes p ON p.id = q.pass_id",
    ))
    .bind(lookups.iter().map(|l| l.pass_id).collect::<Vec<_>>())
    .bind(lookups.iter().map(|l| l.counter).collect::<Vec<_>>())
    .bind(lookups.iter().map(|l| l.gate_id).collect::<Vec<_>>())
    .bind(lookups.iter().map(|l| l.scan_id).collect::<Vec<_>>())
    .try_map(crate::columns::decode)
    .fetch_all(&pool)
    .await
    .map_err(Error::storage("load scan contexts"))?;
    Ok(by_position(
        lookups.len(),
        rows.into_iter().map(|Numbered(i, row)| (i, row)).collect(),
    ))
}

/// One scan's read, for a lookup whose batch failed.
async fn scan_context(pool: &PgPool, lookup: ScanLookup) -> Result<Option<ScanContext>> {
    let mut found = scan_contexts(pool.clone(), Arc::from([lookup])).await?;
    match found.pop() {
        Some(Attempt::Done(context)) => Ok(context),
        _ => Ok(None),
    }
}

/// The answer's read for many nonces: challenge, pass (`p_*`) and stored outcome (`r_*`).
async fn challenge_contexts(
    pool: PgPool,
    nonces: Arc<[[u8; 32]]>,
) -> Result<Vec<Attempt<Option<ChallengeContext>>>> {
    let rows: Vec<Numbered<ChallengeContext>> = sqlx::query(concat!(
        "SELECT q.i, ",
        crate::shared::answer_columns!(),
        " FROM unnest($1::bytea[]) WITH ORDINALITY AS q(nonce, i) JOIN challenges c ON ",
        "c.nonce = q.nonce JOIN passes p ON p.id = c.pass_id LEFT JOIN redemptions r ",
        "ON r.nonce = c.nonce",
    ))
    .bind(nonces.iter().map(|n| n.to_vec()).collect::<Vec<_>>())
    .try_map(crate::columns::decode)
    .fetch_all(&pool)
    .await
    .map_err(Error::storage("load challenge contexts"))?;
    Ok(by_position(
        nonces.len(),
        rows.into_iter().map(|Numbered(i, row)| (i, row)).collect(),
    ))
}

/// One answer's read, for a nonce whose batch failed.
async fn challenge_context(pool: &PgPool, nonce: [u8; 32]) -> Result<Option<ChallengeContext>> {
    let mut found = challenge_contexts(pool.clone(), Arc::from([nonce])).await?;
    match found.pop() {
        Some(Attempt::Done(context)) => Ok(context),
        _ => Ok(None),
    }
}

/// Challenges with their audit events in one relaxed statement; each outcome says whether
/// that challenge was stored (false: its gate already holds one for the scan id).
async fn insert_challenges(
    pool: PgPool,
    ops: Arc<[(ChallengeRow, NewAudit)]>,
) -> Result<Vec<Attempt<bool>>> {
    let stored: Vec<Vec<u8>> = sqlx::query_scalar(
        "WITH input AS (SELECT * FROM unnest($1::bytea[], $2::uuid[], $3::uuid[], \
             $4::uuid[], $5::uuid[], $6::int8[], $7::bytea[], $8::int8[], $9::int8[], \
             $10::int8[], $11::text[], $12::text[], $13::text[]) AS t(nonce, org_id, gate_id, \
             scan_id, pass_id, counter, code_hash, created_at_ms, expires_at_ms, audit_at_ms, \
             kind, severity, details)), \
         issued AS (INSERT INTO challenges (nonce, org_id, gate_id, scan_id, pass_id, counter, \
             code_hash, created_at_ms, expires_at_ms, wrong_answers) \
             SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
             created_at_ms, expires_at_ms, 0 FROM input \
             ON CONFLICT (gate_id, scan_id) DO NOTHING RETURNING nonce), \
         audited AS (INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, \
             pass_id, details) SELECT i.audit_at_ms, i.org_id, i.kind, i.severity, i.gate_id, \
             i.pass_id, i.details FROM input i JOIN issued USING (nonce)) \
         SELECT nonce FROM issued",
    )
    .bind(ops.iter().map(|(c, _)| c.nonce.clone()).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.org_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.gate_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.scan_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.pass_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.counter).collect::<Vec<_>>())
    .bind(
        ops.iter()
            .map(|(c, _)| c.code_hash.clone())
            .collect::<Vec<_>>(),
    )
    .bind(ops.iter().map(|(c, _)| c.created_at_ms).collect::<Vec<_>>())
    .bind(ops.iter().map(|(c, _)| c.expires_at_ms).collect::<Vec<_>>())
    .bind(ops.iter().map(|(_, e)| e.at_ms).collect::<Vec<_>>())
    .bind(ops.iter().map(|(_, e)| e.kind).collect::<Vec<_>>())
    .bind(ops.iter().map(|(_, e)| e.severity).collect::<Vec<_>>())
    .bind(
        ops.iter()
            .map(|(_, e)| e.details.as_str())
            .collect::<Vec<_>>(),
    )
    .fetch_all(&pool)
    .await
    .map_err(Error::storage("insert challenges"))?;
    Ok(ops
        .iter()
        .map(|(c, _)| Attempt::Done(stored.contains(&c.nonce)))
        .collect())
}

/// One challenge, for an operation whose batch failed.
async fn insert_challenge(pool: &PgPool, op: (ChallengeRow, NewAudit)) -> Result<bool> {
    let mut done = insert_challenges(pool.clone(), Arc::from([op])).await?;
    match done.pop() {
        Some(Attempt::Done(stored)) => Ok(stored),
        _ => Ok(false),
    }
}

/// Gate socket changes in one transaction (`synchronous_commit = off`: presence, like a
/// challenge, may lose its last milliseconds in a database crash; the refresh restores it).
async fn record_gate_sockets(
    pool: PgPool,
    changes: Arc<[SocketChange]>,
) -> Result<Vec<Attempt<()>>> {
    let mut tx = begin_unflushed(&pool, "begin gate sockets").await?;
    apply_socket_changes(&mut tx, &changes).await?;
    commit(tx, "record gate sockets").await?;
    Ok(changes.iter().map(|_| Attempt::Done(())).collect())
}

/// A transaction on `pool` that commits without waiting for the WAL flush.
async fn begin_unflushed(
    pool: &PgPool,
    context: &'static str,
) -> Result<Transaction<'static, Postgres>> {
    let mut tx = pool.begin().await.map_err(Error::storage(context))?;
    sqlx::query("SET LOCAL synchronous_commit = off")
        .execute(&mut *tx)
        .await
        .map_err(Error::storage(context))?;
    Ok(tx)
}

/// Admissions in one durable statement. For each input row: if its challenge is still open
/// (this gate's and scan's, for this pass and step, fewer wrong answers than the op's
/// `burn_at`, not expired, no outcome stored) and the pass may admit now (claimed, uses left, within its
/// validity, its step not admitted yet), count the use, store `admitted` under the nonce
/// and append the event. These are the conditions of `rules::settle`'s admission, which the
/// redemption transaction applies when this statement refuses. One row is updated once per
/// statement, so an admission sharing its pass with another of the batch is run alone.
async fn admit_batch(pool: PgPool, ops: Arc<[AdmitOp]>) -> Result<Vec<Attempt<bool>>> {
    if ops.len() == 1 {
        return Ok(vec![Attempt::Done(admit_one(&pool, &ops[0]).await?)]);
    }
    let admitted: Vec<Vec<u8>> = sqlx::query_scalar(
        "WITH input AS (SELECT * FROM unnest($1::bytea[], $2::uuid[], $3::uuid[], $4::uuid[], \
             $5::uuid[], $6::int8[], $7::int8[], $8::int8[], $9::text[], $10::text[], \
             $12::bytea[]) AS t(nonce, org_id, gate_id, scan_id, pass_id, counter, now_ms, \
             audit_at_ms, severity, details, wallet_key)), \
         counted AS (UPDATE passes p SET uses = p.uses + 1, \
             state = CASE WHEN p.uses + 1 >= p.max_uses THEN 'used' ELSE p.state END \
             FROM input i WHERE p.id = i.pass_id AND p.state = 'claimed' \
             AND p.uses < p.max_uses \
             AND p.valid_from_ms <= i.now_ms AND p.valid_until_ms > i.now_ms \
             AND p.wallet_public_key = i.wallet_key \
             AND (SELECT 1 FROM redemptions r WHERE r.pass_id = i.pass_id \
             AND r.counter = i.counter AND r.outcome = 'admitted') IS NULL \
             AND (SELECT 1 FROM challenges c WHERE c.nonce = i.nonce \
             AND c.gate_id = i.gate_id AND c.scan_id = i.scan_id AND c.pass_id = i.pass_id \
             AND c.counter = i.counter AND c.wrong_answers < $11 \
             AND c.expires_at_ms > i.now_ms) IS NOT NULL \
             AND (SELECT 1 FROM redemptions r WHERE r.nonce = i.nonce) IS NULL \
             RETURNING i.*), \
         stored AS (INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, \
             counter, outcome, created_at_ms) SELECT nonce, org_id, gate_id, scan_id, \
             pass_id, counter, 'admitted', now_ms FROM counted RETURNING nonce), \
         audited AS (INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, \
             pass_id, details) SELECT c.audit_at_ms, c.org_id, 'response', c.severity, \
             c.gate_id, c.pass_id, c.details FROM counted c JOIN stored USING (nonce)) \
         SELECT nonce FROM stored",
    )
    .bind(
        ops.iter()
            .map(|op| op.row.nonce.clone())
            .collect::<Vec<_>>(),
    )
    .bind(ops.iter().map(|op| op.row.org_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|op| op.row.gate_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|op| op.row.scan_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|op| op.row.pass_id).collect::<Vec<_>>())
    .bind(ops.iter().map(|op| op.row.counter).collect::<Vec<_>>())
    .bind(
        ops.iter()
            .map(|op| op.row.created_at_ms)
            .collect::<Vec<_>>(),
    )
    .bind(ops.iter().map(|op| op.event.at_ms).collect::<Vec<_>>())
    .bind(ops.iter().map(|op| op.event.severity).collect::<Vec<_>>())
    .bind(
        ops.iter()
            .map(|op| op.event.details.as_str())
            .collect::<Vec<_>>(),
    )
    .bind(ops.first().map_or(0, |op| op.burn_at))
    .bind(
        ops.iter()
            .map(|op| op.wallet_key.clone())
            .collect::<Vec<_>>(),
    )
    .fetch_all(&pool)
    .await
    .map_err(Error::storage("admit batch"))?;
    Ok(ops
        .iter()
        .map(|op| {
            let shares_pass = ops
                .iter()
                .filter(|other| other.row.pass_id == op.row.pass_id)
                .count()
                > 1;
            if admitted.contains(&op.row.nonce) {
                Attempt::Done(true)
            } else if shares_pass {
                Attempt::Alone
            } else {
                Attempt::Done(false)
            }
        })
        .collect())
}

/// One admission in one statement, with the conditions of [`admit_batch`] (the batch of
/// one, and every single retry). Kept apart from the `unnest` form: at one gate that
/// statement answered about 30 % slower (p50 1.0 ms against 0.7 ms). A concurrent
/// admission of the same step or nonce that slips past the subqueries is refused by a
/// unique index; that refusal means "not admitted now", and the caller's redemption
/// transaction then decides what this answer gets.
async fn admit_one(pool: &PgPool, op: &AdmitOp) -> Result<bool> {
    let result = sqlx::query(
        "WITH counted AS (UPDATE passes SET uses = uses + 1, \
             state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END \
             WHERE id = $1 AND state = 'claimed' AND uses < max_uses \
             AND valid_from_ms <= $3 AND valid_until_ms > $3 AND wallet_public_key = $12 \
             AND (SELECT 1 FROM redemptions r WHERE r.pass_id = $1 AND r.counter = $2 \
             AND r.outcome = 'admitted') IS NULL \
             AND (SELECT 1 FROM challenges c WHERE c.nonce = $4 AND c.gate_id = $6 \
             AND c.scan_id = $7 AND c.pass_id = $1 AND c.counter = $2 \
             AND c.wrong_answers < $11 AND c.expires_at_ms > $3) IS NOT NULL \
             AND (SELECT 1 FROM redemptions r WHERE r.nonce = $4) IS NULL RETURNING id), \
         stored AS (INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, \
             counter, outcome, created_at_ms) \
             SELECT $4, $5, $6, $7, id, $2, 'admitted', $3 FROM counted RETURNING nonce) \
         INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
         SELECT $8, $5, 'response', $9, $6, $1, $10 FROM stored",
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
    .execute(pool)
    .await;
    match result {
        Ok(done) => Ok(done.rows_affected() == 1),
        Err(error) if conflict(&error).is_some() => Ok(false),
        Err(error) => Err(Error::Storage {
            context: "admit",
            source: error,
        }),
    }
}

/// The redemption transaction on PostgreSQL.
#[derive(Debug)]
pub struct PgRedemption {
    tx: Transaction<'static, Postgres>,
}

#[async_trait::async_trait]
impl RedemptionTx for PgRedemption {
    async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>> {
        let locked: Option<i32> = sqlx::query_scalar(
            "SELECT 1 FROM challenges c JOIN passes p ON p.id = c.pass_id \
             WHERE c.nonce = $1 FOR UPDATE OF c, p",
        )
        .bind(&nonce[..])
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(Error::storage("lock challenge and pass"))?;
        if locked.is_none() {
            return Ok(None);
        }
        sqlx::query(concat!(
            "SELECT ",
            crate::shared::answer_columns!(),
            ", s.gate_id AS step_gate_id, s.created_at_ms AS step_at_ms, l.gate_id AS ",
            "last_gate_id, l.created_at_ms AS last_at_ms FROM challenges c JOIN passes p ",
            "ON p.id = c.pass_id LEFT JOIN redemptions r ON r.nonce = c.nonce LEFT JOIN ",
            "redemptions s ON s.pass_id = c.pass_id AND s.counter = c.counter AND ",
            "s.outcome = 'admitted' LEFT JOIN LATERAL (SELECT gate_id, created_at_ms FROM ",
            "redemptions WHERE pass_id = c.pass_id AND outcome = 'admitted' ORDER BY ",
            "created_at_ms DESC, nonce DESC LIMIT 1) l ON TRUE WHERE c.nonce = $1",
        ))
        .bind(&nonce[..])
        .try_map(crate::columns::decode)
        .fetch_optional(&mut *self.tx)
        .await
        .map_err(Error::storage("read locked redemption"))
    }
}

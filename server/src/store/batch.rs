//! Group commit: many admissions (or challenges) in one statement on PostgreSQL, in one
//! transaction on SQLite.
//!
//! At an evening burst the database, not the server, is the ceiling, and most of its work
//! per admission is per *statement* (protocol round trip, snapshot, commit, WAL flush), not
//! per row. A [`Batcher`] queues the operations that arrive while earlier statements are
//! in flight and sends each queue as one statement over arrays (`unnest`), so N admissions
//! share one round trip and one synchronous commit. Nobody waits for a batch to fill: with
//! a statement slot free, an operation is sent at once, alone; batches form only when the
//! database is already busy, which is exactly when amortising pays.
//!
//! Every caller still hears only its own outcome, and only after the statement that holds
//! it has committed. An operation the batched statement does not complete (its pass
//! appears twice in the batch, or the statement fails as a whole: a unique-index refusal,
//! a deadlock, a lost connection) is run again alone by the same path a batch of one
//! takes, so batching changes how writes are grouped, never what they decide.
//!
//! SQLite runs in-process, so its cost per statement is a hop to the connection's thread
//! and its cost per commit an fsync: there a batch is one `BEGIN IMMEDIATE … COMMIT` with
//! one multi-statement query per operation, under the in-process write lock.

use std::future::Future;
use std::sync::Arc;

use sqlx::sqlite::SqliteArguments;
use sqlx::{FromRow, PgPool, Sqlite, SqlitePool};
use tokio::sync::{mpsc, oneshot, Mutex, Semaphore};
use uuid::Uuid;

use super::{
    ChallengeContext, ChallengeRow, NewAudit, PassWithStep, RedemptionRow, CONTEXT_COLUMNS,
    CONTEXT_JOINS, COUNT_USE, PASS_COLUMNS, STEP_COLUMNS,
};
use crate::admission::MAX_WRONG_ANSWERS;
use crate::error::{Error, Result};

/// Operations queued at most before submitters wait (back-pressure, bounded memory).
const QUEUE_DEPTH: usize = 4096;

/// Operations in one statement at most.
const MAX_BATCH: usize = 128;

/// A queue whose operations are executed in batches by `run`, at most `in_flight`
/// batches at a time.
#[derive(Debug)]
pub(super) struct Batcher<Op, Out> {
    queue: mpsc::Sender<Pending<Op, Out>>,
}

impl<Op, Out> Clone for Batcher<Op, Out> {
    fn clone(&self) -> Self {
        Batcher {
            queue: self.queue.clone(),
        }
    }
}

#[derive(Debug)]
struct Pending<Op, Out> {
    op: Op,
    reply: oneshot::Sender<Result<Out>>,
}

impl<Op, Out> Batcher<Op, Out>
where
    Op: Send + 'static,
    Out: Send + 'static,
{
    /// Starts the dispatcher task; it ends when the last handle is dropped.
    pub(super) fn spawn<F, Fut>(in_flight: usize, run: F) -> Self
    where
        F: Fn(Vec<Op>) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Vec<Result<Out>>> + Send + 'static,
    {
        let (queue, mut incoming) = mpsc::channel::<Pending<Op, Out>>(QUEUE_DEPTH);
        let slots = Arc::new(Semaphore::new(in_flight.max(1)));
        let run = Arc::new(run);
        tokio::spawn(async move {
            loop {
                let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
                    return;
                };
                let Some(first) = incoming.recv().await else {
                    return;
                };
                let mut batch = vec![first];
                while batch.len() < MAX_BATCH {
                    match incoming.try_recv() {
                        Ok(next) => batch.push(next),
                        Err(_) => break,
                    }
                }
                let run = Arc::clone(&run);
                tokio::spawn(async move {
                    let (ops, replies): (Vec<_>, Vec<_>) =
                        batch.into_iter().map(|p| (p.op, p.reply)).unzip();
                    let outcomes = run(ops).await;
                    drop(slot);
                    for (reply, outcome) in replies.into_iter().zip(outcomes) {
                        // A submitter that went away (its gate disconnected) needs no answer;
                        // what was committed stays committed for its resend.
                        let _ = reply.send(outcome);
                    }
                });
            }
        });
        Batcher { queue }
    }

    /// Queues `op` and waits for its own outcome.
    pub(super) async fn submit(&self, op: Op) -> Result<Out> {
        let (reply, answer) = oneshot::channel();
        self.queue
            .send(Pending { op, reply })
            .await
            .map_err(|_| Error::StorageTimeout("write queue closed"))?;
        answer
            .await
            .map_err(|_| Error::StorageTimeout("batched write abandoned"))?
    }
}

/// A challenge and its `challenge_issued` event (whose subject is the challenge's).
pub(super) type ChallengeOp = (ChallengeRow, NewAudit);

/// An admission to attempt and its `response` event (whose subject is the redemption's).
pub(super) type AdmitOp = (RedemptionRow, NewAudit);

/// Inserts challenges with their audit events in one asynchronously committed statement;
/// each outcome says whether that challenge was stored (false: its gate already holds a
/// challenge for the scan id).
pub(super) async fn insert_challenges(pool: PgPool, ops: Vec<ChallengeOp>) -> Vec<Result<bool>> {
    const SQL: &str = "WITH input AS (SELECT * FROM unnest($1::bytea[], $2::uuid[], \
         $3::uuid[], $4::uuid[], $5::uuid[], $6::int8[], $7::bytea[], $8::int8[], $9::int8[], \
         $10::int8[], $11::text[], $12::text[], $13::text[]) AS t(nonce, org_id, gate_id, \
         scan_id, pass_id, counter, code_hash, created_at_ms, expires_at_ms, audit_at_ms, \
         kind, severity, details)), \
     issued AS (INSERT INTO challenges (nonce, org_id, gate_id, scan_id, pass_id, counter, \
         code_hash, created_at_ms, expires_at_ms, wrong_answers) \
         SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, created_at_ms, \
         expires_at_ms, 0 FROM input ON CONFLICT (gate_id, scan_id) DO NOTHING RETURNING nonce), \
     audited AS (INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, \
         details) SELECT i.audit_at_ms, i.org_id, i.kind, i.severity, i.gate_id, i.pass_id, \
         i.details FROM input i JOIN issued USING (nonce)) \
     SELECT nonce FROM issued";
    let column = |f: fn(&ChallengeOp) -> i64| ops.iter().map(f).collect::<Vec<i64>>();
    let ids = |f: fn(&ChallengeOp) -> Uuid| ops.iter().map(f).collect::<Vec<Uuid>>();
    let result: std::result::Result<Vec<Vec<u8>>, sqlx::Error> = sqlx::query_scalar(SQL)
        .bind(ops.iter().map(|(c, _)| c.nonce.clone()).collect::<Vec<_>>())
        .bind(ids(|(c, _)| c.org_id))
        .bind(ids(|(c, _)| c.gate_id))
        .bind(ids(|(c, _)| c.scan_id))
        .bind(ids(|(c, _)| c.pass_id))
        .bind(column(|(c, _)| c.counter))
        .bind(
            ops.iter()
                .map(|(c, _)| c.code_hash.clone())
                .collect::<Vec<_>>(),
        )
        .bind(column(|(c, _)| c.created_at_ms))
        .bind(column(|(c, _)| c.expires_at_ms))
        .bind(column(|(_, e)| e.at_ms))
        .bind(ops.iter().map(|(_, e)| e.kind).collect::<Vec<_>>())
        .bind(ops.iter().map(|(_, e)| e.severity).collect::<Vec<_>>())
        .bind(
            ops.iter()
                .map(|(_, e)| e.details.as_str())
                .collect::<Vec<_>>(),
        )
        .fetch_all(&pool)
        .await;
    match result {
        Ok(stored) => ops
            .iter()
            .map(|(c, _)| Ok(stored.contains(&c.nonce)))
            .collect(),
        Err(source) => {
            let context = "insert challenges";
            if ops.len() == 1 {
                return vec![Err(Error::Storage { context, source })];
            }
            // One failure decides nothing for the others: run each alone.
            let mut outcomes = Vec::with_capacity(ops.len());
            for op in ops {
                outcomes.extend(Box::pin(insert_challenges(pool.clone(), vec![op])).await);
            }
            outcomes
        }
    }
}

/// Attempts admissions in one synchronously committed statement: for each, if its
/// challenge is still open and the pass may admit now, count the use and store the
/// outcome `admitted` under the nonce with its event.
/// Each outcome says whether it was admitted (false: nothing was written for it).
pub(super) async fn admit(pool: PgPool, ops: Vec<AdmitOp>) -> Vec<Result<bool>> {
    if ops.len() == 1 {
        return vec![admit_one(&pool, &ops[0]).await];
    }
    // The conditions of `COUNT_USE` and `OPEN_CHALLENGE`, per row of the input.
    const SQL: &str =
        "WITH input AS (SELECT * FROM unnest($1::bytea[], $2::uuid[], $3::uuid[], $4::uuid[], \
             $5::uuid[], $6::int8[], $7::int8[], $8::int8[], $9::text[], $10::text[]) \
             AS t(nonce, org_id, gate_id, scan_id, pass_id, counter, now_ms, audit_at_ms, \
             severity, details)), \
         counted AS (UPDATE passes p SET uses = p.uses + 1, \
             state = CASE WHEN p.uses + 1 >= p.max_uses THEN 'used' ELSE p.state END \
             FROM input i WHERE p.id = i.pass_id AND p.state = 'claimed' AND p.uses < p.max_uses \
             AND p.valid_from_ms <= i.now_ms AND p.valid_until_ms > i.now_ms \
             AND (SELECT 1 FROM redemptions r WHERE r.pass_id = i.pass_id \
             AND r.counter = i.counter AND r.outcome = 'admitted') IS NULL \
             AND (SELECT 1 FROM challenges c WHERE c.nonce = i.nonce \
             AND c.gate_id = i.gate_id AND c.scan_id = i.scan_id AND c.pass_id = i.pass_id \
             AND c.counter = i.counter AND c.wrong_answers < $11 AND c.expires_at_ms > i.now_ms) \
             IS NOT NULL \
             AND (SELECT 1 FROM redemptions r WHERE r.nonce = i.nonce) IS NULL \
             RETURNING i.*), \
         stored AS (INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, \
             outcome, created_at_ms) SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, \
             'admitted', now_ms FROM counted RETURNING nonce), \
         audited AS (INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, \
             details) SELECT c.audit_at_ms, c.org_id, 'response', c.severity, c.gate_id, \
             c.pass_id, c.details FROM counted c JOIN stored USING (nonce)) \
         SELECT nonce FROM stored";
    let ids = |f: fn(&AdmitOp) -> Uuid| ops.iter().map(f).collect::<Vec<Uuid>>();
    let column = |f: fn(&AdmitOp) -> i64| ops.iter().map(f).collect::<Vec<i64>>();
    let result: std::result::Result<Vec<Vec<u8>>, sqlx::Error> = sqlx::query_scalar(SQL)
        .bind(ops.iter().map(|(r, _)| r.nonce.clone()).collect::<Vec<_>>())
        .bind(ids(|(r, _)| r.org_id))
        .bind(ids(|(r, _)| r.gate_id))
        .bind(ids(|(r, _)| r.scan_id))
        .bind(ids(|(r, _)| r.pass_id))
        .bind(column(|(r, _)| r.counter))
        .bind(column(|(r, _)| r.created_at_ms))
        .bind(column(|(_, e)| e.at_ms))
        .bind(ops.iter().map(|(_, e)| e.severity).collect::<Vec<_>>())
        .bind(
            ops.iter()
                .map(|(_, e)| e.details.as_str())
                .collect::<Vec<_>>(),
        )
        .bind(MAX_WRONG_ANSWERS)
        .fetch_all(&pool)
        .await;
    let admitted = match result {
        Ok(admitted) => admitted,
        Err(_) => {
            // A unique-index refusal, deadlock or lost connection undoes the whole
            // statement; each admission is then attempted alone (a committed one meets its
            // own nonce and the caller reads the stored outcome).
            let mut outcomes = Vec::with_capacity(ops.len());
            for op in &ops {
                outcomes.push(admit_one(&pool, op).await);
            }
            return outcomes;
        }
    };
    let mut outcomes = Vec::with_capacity(ops.len());
    for op in &ops {
        let shares_pass = ops
            .iter()
            .filter(|other| other.0.pass_id == op.0.pass_id)
            .count()
            > 1;
        if admitted.contains(&op.0.nonce) {
            outcomes.push(Ok(true));
        } else if shares_pass {
            // One row is updated once per statement: an admission that shared its pass
            // with another of this batch was not considered, so it is attempted alone.
            outcomes.push(admit_one(&pool, op).await);
        } else {
            // Considered and not counted: the pass may not admit now.
            outcomes.push(Ok(false));
        }
    }
    outcomes
}

/// The use counted only if the challenge `$4` is still open: this gate's (`$6`) and scan's
/// (`$7`), for pass `$1` and step `$2`, not burned, not expired at `$3`, no outcome yet.
const OPEN_CHALLENGE: &str = "AND (SELECT 1 FROM challenges c \
     WHERE c.nonce = $4 AND c.gate_id = $6 AND c.scan_id = $7 AND c.pass_id = $1 \
     AND c.counter = $2 AND c.wrong_answers < $15 AND c.expires_at_ms > $3) IS NOT NULL \
     AND (SELECT 1 FROM redemptions r WHERE r.nonce = $4) IS NULL";

/// One admission in one statement (the batch of one, and every fallback). Kept apart from
/// the batched form: at one gate the `unnest` statement answered about 30 % slower (p50
/// 1.0 ms against 0.7 ms).
async fn admit_one(pool: &PgPool, op: &AdmitOp) -> Result<bool> {
    let sql = format!(
        "WITH counted AS ({COUNT_USE} {OPEN_CHALLENGE} RETURNING id), \
         stored AS (INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, \
             outcome, created_at_ms) \
             SELECT $4, $5, $6, $7, id, $2, 'admitted', $3 FROM counted RETURNING nonce) \
         INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
         SELECT $8, $9, $10, $11, $12, $13, $14 FROM stored"
    );
    let admitted = bind_admission(sqlx::query(&sql), op)
        .execute(pool)
        .await
        .map_err(Error::storage("admit"))?
        .rows_affected();
    Ok(admitted == 1)
}

/// Binds `$1` … `$15` of the single-admission statements.
fn bind_admission<'q, DB>(
    query: sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>,
    (row, event): &'q AdmitOp,
) -> sqlx::query::Query<'q, DB, <DB as sqlx::Database>::Arguments<'q>>
where
    DB: sqlx::Database,
    i64: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Uuid: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<Uuid>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q Vec<u8>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q str: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    &'q String: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    let query = query
        .bind(row.pass_id)
        .bind(row.counter)
        .bind(row.created_at_ms)
        .bind(&row.nonce)
        .bind(row.org_id)
        .bind(row.gate_id)
        .bind(row.scan_id);
    super::bind_audit(query, event).bind(MAX_WRONG_ANSWERS)
}

/// SQLite's writer: a pool of one connection and the lock shared with the other writer.
pub(super) type SqliteWriter = (SqlitePool, Arc<Mutex<()>>);

/// Makes an `INSERT … SELECT` of a multi-statement SQLite query run only if the statement
/// before it changed a row, so the query changes all its rows or none.
const IF_PREVIOUS_CHANGED: &str = "WHERE changes() = 1";

/// Admissions on SQLite, all in one `BEGIN IMMEDIATE … COMMIT` (one fsync for the batch):
/// the conditions of PostgreSQL's statement, as three statements in one query, so an
/// admission changes exactly three rows and anything else none.
pub(super) async fn sqlite_admit(writer: SqliteWriter, ops: Vec<AdmitOp>) -> Vec<Result<bool>> {
    let sql = format!(
        "{COUNT_USE} {OPEN_CHALLENGE}; \
         INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, outcome, \
             created_at_ms) SELECT $4, $5, $6, $7, $1, $2, 'admitted', $3 {IF_PREVIOUS_CHANGED}; \
         INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
             SELECT $8, $9, $10, $11, $12, $13, $14 {IF_PREVIOUS_CHANGED}"
    );
    fn bind<'q>(
        query: sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>>,
        op: &'q AdmitOp,
    ) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>> {
        bind_admission(query, op)
    }
    in_one_sqlite_transaction(writer, &ops, &sql, bind, 3, "admit").await
}

/// Challenges on SQLite, all in one transaction on the relaxed writer.
pub(super) async fn sqlite_insert_challenges(
    writer: SqliteWriter,
    ops: Vec<ChallengeOp>,
) -> Vec<Result<bool>> {
    let sql = format!(
        "INSERT INTO challenges (nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
             created_at_ms, expires_at_ms, wrong_answers) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0) ON CONFLICT (gate_id, scan_id) DO NOTHING; \
         INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details) \
             SELECT $10, $2, $11, $12, $3, $5, $13 {IF_PREVIOUS_CHANGED}"
    );
    fn bind<'q>(
        query: sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>>,
        (challenge, event): &'q ChallengeOp,
    ) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>> {
        super::bind_challenge(query, challenge)
            .bind(event.at_ms)
            .bind(event.kind)
            .bind(event.severity)
            .bind(&event.details)
    }
    in_one_sqlite_transaction(writer, &ops, &sql, bind, 2, "insert challenge").await
}

/// Runs each operation's query in one transaction under the write lock; an operation
/// succeeded when it changed `expected` rows. If any query fails, the transaction is rolled
/// back and each operation runs again in a transaction of its own, so one failure (a
/// unique-index refusal) decides nothing for the others.
async fn in_one_sqlite_transaction<'o, Op>(
    (pool, write_lock): SqliteWriter,
    ops: &'o [Op],
    sql: &'o str,
    bind: for<'q> fn(
        sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>>,
        &'q Op,
    ) -> sqlx::query::Query<'q, Sqlite, SqliteArguments<'q>>,
    expected: u64,
    context: &'static str,
) -> Vec<Result<bool>> {
    let _writing = write_lock.lock().await;
    let run = |ops: &'o [Op]| {
        let pool = pool.clone();
        async move {
            let mut tx = pool
                .begin_with("BEGIN IMMEDIATE")
                .await
                .map_err(Error::storage(context))?;
            let mut changed = Vec::with_capacity(ops.len());
            for op in ops {
                let result = bind(sqlx::query(sql), op)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage(context))?;
                changed.push(result.rows_affected() == expected);
            }
            tx.commit().await.map_err(Error::storage(context))?;
            Ok::<_, Error>(changed)
        }
    };
    match run(ops).await {
        Ok(changed) => changed.into_iter().map(Ok).collect(),
        Err(error) if ops.len() == 1 => vec![Err(error)],
        Err(_) => {
            let mut outcomes = Vec::with_capacity(ops.len());
            for op in ops {
                outcomes.push(
                    run(std::slice::from_ref(op))
                        .await
                        .map(|changed| changed.first().copied().unwrap_or(false)),
                );
            }
            outcomes
        }
    }
}

/// The scan's read: pass, counter, gate, scan id.
pub(super) type StepLookup = (Uuid, i64, Uuid, Uuid);

/// A batched read's row with the 1-based position of the lookup it answers.
#[derive(FromRow)]
struct NumberedStep {
    i: i64,
    #[sqlx(flatten)]
    row: PassWithStep,
}

#[derive(FromRow)]
struct NumberedContext {
    i: i64,
    #[sqlx(flatten)]
    row: ChallengeContext,
}

/// Puts each numbered row in its lookup's place (lookups without a row stay `None`).
fn by_position<T>(count: usize, rows: Vec<(i64, T)>) -> Vec<Result<Option<T>>> {
    let mut found: Vec<Option<T>> = std::iter::repeat_with(|| None).take(count).collect();
    for (i, row) in rows {
        if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| found.get_mut(i)) {
            *slot = Some(row);
        }
    }
    found.into_iter().map(Ok).collect()
}

/// Fails every lookup of a batch whose statement failed, each with its own error value.
fn all_failed<T>(count: usize, context: &'static str, source: &sqlx::Error) -> Vec<Result<T>> {
    let message = source.to_string();
    (0..count)
        .map(|_| {
            Err(Error::Storage {
                context,
                source: sqlx::Error::Protocol(message.clone()),
            })
        })
        .collect()
}

/// The scan's read for many scans: each pass with its step's admission and resend check.
pub(super) async fn passes_with_step(
    pool: PgPool,
    lookups: Vec<StepLookup>,
) -> Vec<Result<Option<PassWithStep>>> {
    let sql = format!(
        "SELECT q.i, {PASS_COLUMNS}, {STEP_COLUMNS} \
         FROM unnest($1::uuid[], $2::int8[], $3::uuid[], $4::uuid[]) WITH ORDINALITY \
         AS q(pass_id, counter, gate_id, scan_id, i) JOIN passes ON passes.id = q.pass_id"
    );
    let result: std::result::Result<Vec<NumberedStep>, sqlx::Error> = sqlx::query_as(&sql)
        .bind(lookups.iter().map(|l| l.0).collect::<Vec<_>>())
        .bind(lookups.iter().map(|l| l.1).collect::<Vec<_>>())
        .bind(lookups.iter().map(|l| l.2).collect::<Vec<_>>())
        .bind(lookups.iter().map(|l| l.3).collect::<Vec<_>>())
        .fetch_all(&pool)
        .await;
    match result {
        Ok(rows) => by_position(
            lookups.len(),
            rows.into_iter().map(|n| (n.i, n.row)).collect(),
        ),
        Err(source) => all_failed(lookups.len(), "load passes with step", &source),
    }
}

/// The answer's read for many nonces: challenge, pass and any stored outcome.
pub(super) async fn challenge_contexts(
    pool: PgPool,
    nonces: Vec<[u8; 32]>,
) -> Vec<Result<Option<ChallengeContext>>> {
    let sql = format!(
        "SELECT q.i, {CONTEXT_COLUMNS} FROM unnest($1::bytea[]) WITH ORDINALITY AS q(nonce, i) \
         JOIN challenges c ON c.nonce = q.nonce {CONTEXT_JOINS}"
    );
    let result: std::result::Result<Vec<NumberedContext>, sqlx::Error> = sqlx::query_as(&sql)
        .bind(nonces.iter().map(|n| n.to_vec()).collect::<Vec<_>>())
        .fetch_all(&pool)
        .await;
    match result {
        Ok(rows) => by_position(
            nonces.len(),
            rows.into_iter().map(|n| (n.i, n.row)).collect(),
        ),
        Err(source) => all_failed(nonces.len(), "load challenge contexts", &source),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex as StdMutex;
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn each_submitter_gets_its_own_outcome_and_busy_batches_group() {
        let sizes = Arc::new(StdMutex::new(Vec::new()));
        let batcher = Batcher::spawn(1, {
            let sizes = Arc::clone(&sizes);
            move |ops: Vec<u32>| {
                sizes.lock().unwrap().push(ops.len());
                async move {
                    // A statement in flight, so the others queue behind it.
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    ops.into_iter()
                        .map(|op| {
                            if op % 7 == 0 {
                                Err(Error::NotFound)
                            } else {
                                Ok(op * 2)
                            }
                        })
                        .collect()
                }
            }
        });
        let submitted: Vec<_> = (1..=50u32)
            .map(|op| {
                let batcher = batcher.clone();
                tokio::spawn(async move { (op, batcher.submit(op).await) })
            })
            .collect();
        for task in submitted {
            let (op, outcome) = task.await.unwrap();
            match outcome {
                Ok(doubled) => assert_eq!(doubled, op * 2),
                Err(error) => {
                    assert_eq!(op % 7, 0, "{op}: {error}");
                    assert!(matches!(error, Error::NotFound));
                }
            }
        }
        let sizes = sizes.lock().unwrap().clone();
        assert_eq!(sizes.iter().sum::<usize>(), 50);
        assert!(sizes.iter().any(|&size| size > 1), "{sizes:?}");
    }

    #[test]
    fn rows_go_back_to_their_lookup_and_missing_ones_stay_none() {
        let placed = by_position(4, vec![(3, "c"), (1, "a"), (9, "out of range")]);
        let placed: Vec<Option<&str>> = placed.into_iter().map(|r| r.unwrap()).collect();
        assert_eq!(placed, vec![Some("a"), None, Some("c"), None]);
    }
}

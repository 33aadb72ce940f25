//! Group commit machinery: a queue whose operations run together, knowing no SQL.
//!
//! At an evening burst the database, not the server, is the ceiling, and most of its work
//! per operation is per *statement* (round trip, snapshot, commit, WAL flush), not per row.
//! A [`Batcher`] queues the operations that arrive while earlier batches are in flight and
//! hands each queue to its backend's batch function as one group: PostgreSQL sends it as
//! one statement over arrays, SQLite as one transaction. Nobody waits for a batch to fill:
//! with a slot free an operation is sent at once, alone; batches form only when the
//! database is already busy, which is exactly when amortising pays.
//!
//! Every submitter hears only its own outcome, and only after the batch that holds it has
//! committed. An operation the batch function could not decide (it answered
//! [`Attempt::Alone`], e.g. its pass appeared twice in one statement), and every operation
//! of a batch that failed as a whole, is run again by itself through the backend's single
//! function. Those single runs happen after the batch's slot is released, a few at a time,
//! and only for submitters still waiting, so one failing batch neither stalls the next ones
//! nor retries work nobody will read; each single run reports its own error, with its kind.

use std::future::Future;
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, oneshot, Semaphore};

use crate::error::{Error, Result};

/// Operations queued at most before submitters wait (back-pressure, bounded memory).
const QUEUE_DEPTH: usize = 4096;

/// Operations in one batch at most.
const MAX_BATCH: usize = 128;

/// Single runs of one failed batch in flight at once.
pub const ALONE_IN_FLIGHT: usize = 4;

/// Told the name and size of every batch as it is sent, so the server's metrics can count
/// batches without the storage layer knowing of metrics.
#[derive(Clone, Default)]
pub struct BatchObserver(Option<Arc<dyn Fn(&'static str, usize) + Send + Sync>>);

impl BatchObserver {
    /// Calls `observe(name, size)` for every batch.
    pub fn new(observe: impl Fn(&'static str, usize) + Send + Sync + 'static) -> Self {
        BatchObserver(Some(Arc::new(observe)))
    }

    fn observe(&self, name: &'static str, size: usize) {
        if let Some(observe) = &self.0 {
            observe(name, size);
        }
    }
}

impl std::fmt::Debug for BatchObserver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "BatchObserver"
        } else {
            "BatchObserver(none)"
        })
    }
}

/// What a batch function says about one of its operations.
#[derive(Debug)]
pub enum Attempt<Out> {
    /// Decided (and, for a write, committed).
    Done(Out),
    /// Not decided by the batch: run it by itself.
    Alone,
}

/// A queue whose operations are executed in batches, at most `in_flight` at a time.
#[derive(Debug)]
pub struct Batcher<Op, Out> {
    name: &'static str,
    queue: mpsc::Sender<Pending<Op, Out>>,
}

impl<Op, Out> Clone for Batcher<Op, Out> {
    fn clone(&self) -> Self {
        Batcher {
            name: self.name,
            queue: self.queue.clone(),
        }
    }
}

impl<Op, Out> Batcher<Op, Out> {
    /// Its name and the operations queued now: they wait for a statement slot, which is
    /// to say for a database connection (the dispatcher takes a slot before it takes a
    /// queue), so this is the hot path's pool wait (`/metrics`).
    pub fn waiting(&self) -> (&'static str, usize) {
        (self.name, QUEUE_DEPTH - self.queue.capacity())
    }
}

#[derive(Debug)]
struct Pending<Op, Out> {
    op: Op,
    reply: oneshot::Sender<Result<Out>>,
    /// The submitter's span, so that its batch can be followed from the gate's request.
    span: tracing::Span,
}

impl<Op, Out> Batcher<Op, Out>
where
    Op: Clone + Send + Sync + 'static,
    Out: Send + 'static,
{
    /// Starts the dispatcher task; it ends when the last handle is dropped. `name` labels
    /// the batch in logs; `batch` runs a group (its outcomes in the order of its input, one
    /// per operation, or one error for the whole group); `alone` runs one operation;
    /// `observer` hears of every batch sent.
    pub fn spawn<B, BFut, A, AFut>(
        name: &'static str,
        in_flight: usize,
        observer: BatchObserver,
        batch: B,
        alone: A,
    ) -> Self
    where
        B: Fn(Arc<[Op]>) -> BFut + Send + Sync + 'static,
        BFut: Future<Output = Result<Vec<Attempt<Out>>>> + Send + 'static,
        A: Fn(Op) -> AFut + Send + Sync + 'static,
        AFut: Future<Output = Result<Out>> + Send + 'static,
    {
        let (queue, mut incoming) = mpsc::channel::<Pending<Op, Out>>(QUEUE_DEPTH);
        let slots = Arc::new(Semaphore::new(in_flight.max(1)));
        let batch = Arc::new(batch);
        let alone = Arc::new(alone);
        let alone_slots = Arc::new(Semaphore::new(ALONE_IN_FLIGHT));
        tokio::spawn(async move {
            loop {
                let Ok(slot) = Arc::clone(&slots).acquire_owned().await else {
                    return;
                };
                let Some(first) = incoming.recv().await else {
                    return;
                };
                let mut group = vec![first];
                while group.len() < MAX_BATCH {
                    match incoming.try_recv() {
                        Ok(next) => group.push(next),
                        Err(_) => break,
                    }
                }
                let batch = Arc::clone(&batch);
                let alone = Arc::clone(&alone);
                let alone_slots = Arc::clone(&alone_slots);
                let observer = observer.clone();
                tokio::spawn(async move {
                    let started = Instant::now();
                    let size = group.len();
                    observer.observe(name, size);
                    // The batch borrows the operations through a shared slice; one is
                    // copied only if it has to run alone.
                    let mut waiting = Vec::with_capacity(size);
                    let mut ops = Vec::with_capacity(size);
                    for Pending { op, reply, span } in group {
                        ops.push(op);
                        waiting.push((reply, span));
                    }
                    let ops: Arc<[Op]> = ops.into();
                    let attempts = batch(Arc::clone(&ops)).await;
                    drop(slot);
                    let elapsed_ms = started.elapsed().as_secs_f64() * 1000.0;
                    let attempts: Vec<Attempt<Out>> = match attempts {
                        Ok(attempts) if attempts.len() == size => attempts,
                        Ok(attempts) => {
                            tracing::error!(
                                batch = name,
                                size,
                                answered = attempts.len(),
                                "batch answered the wrong number of operations; running each alone"
                            );
                            (0..size).map(|_| Attempt::Alone).collect()
                        }
                        Err(error) => {
                            tracing::warn!(
                                batch = name,
                                size,
                                elapsed_ms,
                                %error,
                                "batch failed as a whole; running its operations alone"
                            );
                            (0..size).map(|_| Attempt::Alone).collect()
                        }
                    };
                    for ((index, (reply, span)), attempt) in
                        waiting.into_iter().enumerate().zip(attempts)
                    {
                        match attempt {
                            Attempt::Done(out) => {
                                span.in_scope(|| {
                                    tracing::debug!(batch = name, size, elapsed_ms, "batched");
                                });
                                // A submitter that went away (its gate disconnected) needs
                                // no answer; what was committed stays for its resend.
                                let _ = reply.send(Ok(out));
                            }
                            Attempt::Alone if reply.is_closed() => {}
                            Attempt::Alone => {
                                let op = ops[index].clone();
                                let alone = Arc::clone(&alone);
                                let alone_slots = Arc::clone(&alone_slots);
                                tokio::spawn(async move {
                                    let Ok(_running) = alone_slots.acquire_owned().await else {
                                        return;
                                    };
                                    if reply.is_closed() {
                                        return;
                                    }
                                    let out = alone(op).await;
                                    span.in_scope(|| {
                                        tracing::debug!(
                                            batch = name,
                                            ok = out.is_ok(),
                                            "ran alone"
                                        );
                                    });
                                    let _ = reply.send(out);
                                });
                            }
                        }
                    }
                });
            }
        });
        Batcher { name, queue }
    }

    /// Queues `op` and waits for its own outcome.
    ///
    /// # Errors
    /// The operation's own error, or [`Error::StorageTimeout`] when the queue is gone.
    pub async fn submit(&self, op: Op) -> Result<Out> {
        let (reply, answer) = oneshot::channel();
        let span = tracing::Span::current();
        self.queue
            .send(Pending { op, reply, span })
            .await
            .map_err(|_| Error::StorageTimeout("write queue closed"))?;
        answer
            .await
            .map_err(|_| Error::StorageTimeout("batched write abandoned"))?
    }
}

/// Puts each numbered row (1-based position of the lookup it answers) in its lookup's place;
/// lookups without a row stay `None`.
pub fn by_position<T>(count: usize, rows: Vec<(i64, T)>) -> Vec<Attempt<Option<T>>> {
    let mut found: Vec<Option<T>> = std::iter::repeat_with(|| None).take(count).collect();
    for (i, row) in rows {
        if let Some(slot) = usize::try_from(i - 1).ok().and_then(|i| found.get_mut(i)) {
            *slot = Some(row);
        }
    }
    found.into_iter().map(Attempt::Done).collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex as StdMutex;
    use std::time::Duration;

    use super::*;

    #[tokio::test]
    async fn each_submitter_gets_its_own_outcome_and_busy_batches_group() {
        let sizes = Arc::new(StdMutex::new(Vec::new()));
        let batcher = Batcher::spawn(
            "test",
            1,
            BatchObserver::default(),
            {
                let sizes = Arc::clone(&sizes);
                move |ops: Arc<[u32]>| {
                    sizes.lock().unwrap().push(ops.len());
                    async move {
                        // A statement in flight, so the others queue behind it.
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        Ok(ops
                            .iter()
                            .map(|&op| {
                                if op % 7 == 0 {
                                    Attempt::Alone
                                } else {
                                    Attempt::Done(op * 2)
                                }
                            })
                            .collect())
                    }
                }
            },
            |op: u32| async move { Ok(op * 3) },
        );
        let submitted: Vec<_> = (1..=50u32)
            .map(|op| {
                let batcher = batcher.clone();
                tokio::spawn(async move { (op, batcher.submit(op).await) })
            })
            .collect();
        for task in submitted {
            let (op, outcome) = task.await.unwrap();
            let expected = if op % 7 == 0 { op * 3 } else { op * 2 };
            assert_eq!(outcome.unwrap(), expected, "{op}");
        }
        let sizes = sizes.lock().unwrap().clone();
        assert_eq!(sizes.iter().sum::<usize>(), 50);
        assert!(sizes.iter().any(|&size| size > 1), "{sizes:?}");
    }

    /// Issue 11, defect 3: a batch that fails as a whole must not hold the only slot while
    /// its operations are retried one by one; retries skip submitters that went away and
    /// keep their own error.
    #[tokio::test]
    async fn a_failed_batch_releases_its_slot_before_its_slow_single_retries() {
        let alone_runs = Arc::new(AtomicUsize::new(0));
        let batcher = Batcher::spawn(
            "test",
            1,
            BatchObserver::default(),
            |ops: Arc<[u32]>| async move {
                if ops.contains(&0) {
                    Err(Error::Internal("not found"))
                } else {
                    Ok(ops.iter().copied().map(Attempt::Done).collect())
                }
            },
            {
                let alone_runs = Arc::clone(&alone_runs);
                move |op: u32| {
                    alone_runs.fetch_add(1, Ordering::SeqCst);
                    async move {
                        // Each single retry is slow, as on a struggling database.
                        tokio::time::sleep(Duration::from_millis(400)).await;
                        if op == 0 {
                            Err(Error::Internal("forbidden"))
                        } else {
                            Ok(op)
                        }
                    }
                }
            },
        );
        // Hold the only slot with a slow batch so that the next ones group behind it.
        let poisoned: Vec<_> = (0..6u32)
            .map(|op| {
                let batcher = batcher.clone();
                tokio::spawn(async move { batcher.submit(op).await })
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(20)).await;
        // Another gate arrives while the failed batch's operations are being retried.
        let started = Instant::now();
        assert_eq!(batcher.submit(99).await.unwrap(), 99);
        assert!(
            started.elapsed() < Duration::from_millis(300),
            "a healthy operation waited {:?} behind a failed batch",
            started.elapsed()
        );
        let mut outcomes = Vec::new();
        for task in poisoned {
            outcomes.push(task.await.unwrap());
        }
        assert!(
            matches!(outcomes[0], Err(Error::Internal("forbidden"))),
            "the failing operation keeps its own error: {:?}",
            outcomes[0]
        );
        for (op, outcome) in outcomes.iter().enumerate().skip(1) {
            assert_eq!(*outcome.as_ref().unwrap(), op as u32);
        }
    }

    #[tokio::test]
    async fn retries_skip_submitters_that_went_away() {
        let alone_runs = Arc::new(AtomicUsize::new(0));
        let batcher = Batcher::spawn(
            "test",
            1,
            BatchObserver::default(),
            |_ops: Arc<[u32]>| async move {
                tokio::time::sleep(Duration::from_millis(50)).await;
                Err::<Vec<Attempt<u32>>, _>(Error::Internal("not found"))
            },
            {
                let alone_runs = Arc::clone(&alone_runs);
                move |op: u32| {
                    alone_runs.fetch_add(1, Ordering::SeqCst);
                    async move { Ok(op) }
                }
            },
        );
        let gone = {
            let batcher = batcher.clone();
            tokio::spawn(async move { batcher.submit(1).await })
        };
        tokio::time::sleep(Duration::from_millis(10)).await;
        gone.abort();
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(alone_runs.load(Ordering::SeqCst), 0);
        assert_eq!(batcher.submit(2).await.unwrap(), 2);
        assert_eq!(alone_runs.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn rows_go_back_to_their_lookup_and_missing_ones_stay_none() {
        let placed = by_position(4, vec![(3, "c"), (1, "a"), (9, "out of range")]);
        let placed: Vec<Option<&str>> = placed
            .into_iter()
            .map(|r| match r {
                Attempt::Done(found) => found,
                Attempt::Alone => panic!("by_position decides every lookup"),
            })
            .collect();
        assert_eq!(placed, vec![Some("a"), None, Some("c"), None]);
    }
}

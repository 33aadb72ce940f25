//! Wake-ups for the readers of the audit log: this replica's live feeds and the webhook
//! dispatcher.
//!
//! The table is the truth; a wake-up only says "read it now" instead of at the next poll.
//! They come from this process (the store signals after every commit that may have
//! appended events) and, on PostgreSQL, from other replicas: each replica sends a `NOTIFY`
//! after its own appends (at most one per [`NOTIFY_EVERY`]) and `LISTEN`s for the others'.
//! A lost notification therefore delays an event by at most a reader's poll, and loses
//! nothing.
//!
//! It also keeps the readers from reading past an event that has not committed yet
//! ([`Hub::safe_upto`]): a PostgreSQL sequence hands out ids before COMMIT, so a missing id
//! may be a transaction still running, or one that rolled back. A reader passes it once
//! every transaction that could hold it has ended, which the read's own snapshot tells
//! ([`tessera_store::Writers`]): no time limit decides, so a transaction slowed for seconds
//! by a loaded machine delays its readers and loses them nothing.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::watch;

use tessera_store::{AuditIds, Store};

/// Without a snapshot to tell (SQLite, whose one writer commits ids in order, so that a
/// gap there is a rollback or a deletion), how long a gap holds a reader back from when this
/// process first saw it.
pub const GAP_GRACE_MS: i64 = 2_000;
/// Without a snapshot, an event older than this (by its own time) has no uncommitted event
/// before it.
pub const SETTLED_MS: i64 = 60_000;
/// With a snapshot, how long a gap may hold readers back before they pass it anyway, with a
/// warning: only a transaction left open that long (a session idle in a transaction) does
/// that, and readers must not stop for good behind it.
pub const STUCK_MS: i64 = 10 * 60_000;
/// The most `NOTIFY`s one replica sends per this interval.
pub const NOTIFY_EVERY: Duration = Duration::from_millis(20);

/// This replica's wake-ups for its audit readers.
#[derive(Debug)]
pub struct Hub {
    generation: watch::Sender<u64>,
    gaps: Mutex<Gaps>,
}

impl Hub {
    /// Starts the tasks that wake streams: this process's appends (and, on PostgreSQL, the
    /// `NOTIFY` that tells the other replicas) and the other replicas' `NOTIFY`s, in
    /// `tasks`, which the server awaits at shutdown.
    pub fn spawn(
        store: Store,
        shutdown: watch::Receiver<bool>,
        tasks: &mut tokio::task::JoinSet<()>,
    ) -> Arc<Self> {
        let hub = Arc::new(Self {
            generation: watch::channel(0).0,
            gaps: Mutex::new(Gaps::default()),
        });
        tasks.spawn(wake_on_local_appends(
            Arc::clone(&hub),
            store.clone(),
            shutdown.clone(),
        ));
        tasks.spawn(wake_on_notifications(Arc::clone(&hub), store, shutdown));
        hub
    }

    /// A receiver that changes at every wake-up.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.generation.subscribe()
    }

    /// How far a reader at `cursor` may read through `ids` now ([`safe_upto`]), with the
    /// gaps this process has seen, whichever of its readers saw them first.
    pub fn safe_upto(&self, cursor: i64, ids: &AuditIds) -> i64 {
        let mut gaps = self.gaps.lock().unwrap_or_else(PoisonError::into_inner);
        safe_upto(cursor, ids, tessera_domain::now_ms(), &mut gaps)
    }

    fn wake(&self) {
        self.generation.send_modify(|n| *n = n.wrapping_add(1));
    }
}

async fn wake_on_local_appends(hub: Arc<Hub>, store: Store, mut shutdown: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            () = tessera_store::audit_appended_wait() => {}
            _ = shutdown.changed() => return,
        }
        hub.wake();
        if let Err(error) = store.backend().notify_audit().await {
            tracing::debug!(%error, "could not notify other replicas of new audit events");
        }
        // Appends during this pause leave one permit: one more wake-up, not one each.
        tokio::time::sleep(NOTIFY_EVERY).await;
    }
}

async fn wake_on_notifications(hub: Arc<Hub>, store: Store, mut shutdown: watch::Receiver<bool>) {
    loop {
        let mut listener = match store.backend().audit_listener().await {
            Ok(Some(listener)) => listener,
            Ok(None) => return,
            Err(error) => {
                tracing::warn!(%error, "cannot listen for other replicas' audit events; polling");
                tokio::select! {
                    () = tokio::time::sleep(Duration::from_secs(5)) => continue,
                    _ = shutdown.changed() => return,
                }
            }
        };
        loop {
            tokio::select! {
                received = listener.recv() => match received {
                    Ok(_) => hub.wake(),
                    Err(error) => {
                        tracing::warn!(%error, "lost the audit notification channel; reconnecting");
                        hub.wake();
                        break;
                    }
                },
                _ = shutdown.changed() => return,
            }
        }
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// The gaps in the ids this process has seen, keyed by the id just before each.
#[derive(Debug, Default)]
pub struct Gaps {
    seen: BTreeMap<i64, Gap>,
}

/// One gap: when it was first seen, and (PostgreSQL) the snapshot's `next` then: every
/// transaction that could hold the missing id is older than that.
#[derive(Clone, Copy, Debug)]
struct Gap {
    first_seen_ms: i64,
    holders_before: Option<i64>,
}

/// How far a reader may read from `cursor` (`ids` in id order, each with its event's time):
/// through every id that follows without a gap, and past a gap only once it is settled.
///
/// - **PostgreSQL** (the read's snapshot is known): once the oldest running transaction is
///   no older than the snapshot's `next` when the gap was first seen, every transaction
///   that could hold the missing id has ended, and this read, taken after, would hold the
///   id had it committed. Only a gap held [`STUCK_MS`] is passed without that, with a
///   warning.
/// - **SQLite**: once it has been seen for [`GAP_GRACE_MS`], or the event after it is
///   [`SETTLED_MS`] old. (A gap's age is not the event after it's time: that time is taken
///   before the event's transaction waits for its turn.)
pub fn safe_upto(cursor: i64, ids: &AuditIds, now_ms: i64, gaps: &mut Gaps) -> i64 {
    let mut upto = cursor;
    for &(id, at_ms) in &ids.ids {
        if id != upto.saturating_add(1) {
            let gap = *gaps.seen.entry(upto).or_insert(Gap {
                first_seen_ms: now_ms,
                holders_before: ids.writers.map(|writers| writers.next),
            });
            let held_ms = now_ms.saturating_sub(gap.first_seen_ms);
            let settled = match (gap.holders_before, ids.writers) {
                (Some(before), Some(writers)) => {
                    let stuck = held_ms >= STUCK_MS;
                    if stuck && writers.oldest_running < before {
                        tracing::warn!(
                            after_id = upto,
                            held_s = held_ms / 1000,
                            "an audit id is held by a transaction open this long; readers pass it"
                        );
                    }
                    writers.oldest_running >= before || stuck
                }
                _ => held_ms >= GAP_GRACE_MS || now_ms.saturating_sub(at_ms) >= SETTLED_MS,
            };
            if !settled {
                break;
            }
        }
        upto = id;
    }
    gaps.seen
        .retain(|_, gap| now_ms.saturating_sub(gap.first_seen_ms) < 2 * STUCK_MS);
    upto
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessera_store::Writers;

    fn sqlite(ids: &[(i64, i64)]) -> AuditIds {
        AuditIds {
            ids: ids.to_vec(),
            writers: None,
        }
    }

    #[test]
    fn without_a_snapshot_a_reader_waits_at_a_gap_from_when_it_was_first_seen() {
        const T: i64 = 1_000_000;
        // Each case runs after the ones above it, on the same gaps seen.
        type Case<'a> = (&'a str, i64, i64, &'a [(i64, i64)], i64);
        let cases: &[Case] = &[
            ("nothing new", T, 5, &[], 5),
            ("contiguous", T, 5, &[(6, T), (7, T), (8, T)], 8),
            (
                "a gap right after the cursor, just seen",
                T,
                5,
                &[(7, T), (8, T)],
                5,
            ),
            (
                "the event after it is old, but the gap was just seen",
                T,
                10,
                &[(12, T - 3 * GAP_GRACE_MS)],
                10,
            ),
            (
                "the first gap, seen a while",
                T + GAP_GRACE_MS - 1,
                5,
                &[(7, T), (8, T)],
                5,
            ),
            (
                "the first gap, seen for its grace",
                T + GAP_GRACE_MS,
                5,
                &[(7, T), (8, T)],
                8,
            ),
            (
                "the second gap, seen for its grace; a third just seen",
                T + GAP_GRACE_MS,
                10,
                &[(12, T), (14, T)],
                12,
            ),
            (
                "an event settled by its own time: the gap before it is passed at sight",
                T + GAP_GRACE_MS,
                20,
                &[(25, T + GAP_GRACE_MS - SETTLED_MS), (26, T)],
                26,
            ),
            (
                "retention removed the start of an old log",
                T + GAP_GRACE_MS,
                0,
                &[(900, T - SETTLED_MS), (901, T)],
                901,
            ),
            ("the first event of a fresh log", T, 0, &[(1, T)], 1),
        ];
        let mut gaps = Gaps::default();
        for (name, now, cursor, ids, expected) in cases {
            assert_eq!(
                safe_upto(*cursor, &sqlite(ids), *now, &mut gaps),
                *expected,
                "{name}"
            );
        }
        // Long after, the gaps seen are forgotten.
        safe_upto(0, &sqlite(&[]), T + 3 * STUCK_MS, &mut gaps);
        assert!(gaps.seen.is_empty(), "{gaps:?}");
    }

    #[test]
    fn with_a_snapshot_a_reader_waits_until_every_possible_holder_has_ended() {
        const T: i64 = 1_000_000;
        // Each case runs after the ones above it, on the same gaps seen. The snapshot:
        // (oldest running transaction, next transaction).
        type Case<'a> = (&'a str, i64, i64, &'a [(i64, i64)], (i64, i64), i64);
        let cases: &[Case] = &[
            ("contiguous", T, 5, &[(6, T), (7, T)], (100, 105), 7),
            (
                "a gap, its holder maybe among the running",
                T,
                7,
                &[(9, T), (10, T)],
                (100, 105),
                7,
            ),
            (
                "a minute on, a holder from then still runs: time decides nothing",
                T + 60_000,
                7,
                &[(9, T), (10, T)],
                (104, 130),
                7,
            ),
            (
                "the event after it is old by its own time: still waits",
                T + 60_000,
                7,
                &[(9, T - 10 * SETTLED_MS), (10, T)],
                (104, 130),
                7,
            ),
            (
                "every transaction from then has ended: passed at once",
                T + 60_001,
                7,
                &[(9, T), (10, T), (12, T)],
                (105, 131),
                10,
            ),
            (
                "the next gap was seen with next 131, and 130 still runs",
                T + 60_002,
                10,
                &[(12, T)],
                (130, 140),
                10,
            ),
            (
                "the missing id committed meanwhile: contiguous",
                T + 60_003,
                10,
                &[(11, T), (12, T)],
                (131, 140),
                12,
            ),
            (
                "a gap behind a transaction left open",
                T,
                20,
                &[(22, T)],
                (150, 160),
                20,
            ),
            (
                "still open when the gap has been held for STUCK_MS: passed",
                T + STUCK_MS,
                20,
                &[(22, T)],
                (150, 170),
                22,
            ),
        ];
        let mut gaps = Gaps::default();
        for (name, now, cursor, ids, (oldest_running, next), expected) in cases {
            let ids = AuditIds {
                ids: ids.to_vec(),
                writers: Some(Writers {
                    oldest_running: *oldest_running,
                    next: *next,
                }),
            };
            assert_eq!(
                safe_upto(*cursor, &ids, *now, &mut gaps),
                *expected,
                "{name}"
            );
        }
    }
}

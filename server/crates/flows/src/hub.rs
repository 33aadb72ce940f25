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
//! may be a transaction still running, or one that rolled back.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::watch;

use tessera_store::Store;

/// How long a gap in the ids may hold a reader back, from when this process first saw it.
pub const GAP_GRACE_MS: i64 = 2_000;
/// An event older than this (by its own time) has no uncommitted event before it: no
/// transaction that appends an event lives this long after the event's time was taken.
pub const SETTLED_MS: i64 = 60_000;
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
    pub fn safe_upto(&self, cursor: i64, ids: &[(i64, i64)]) -> i64 {
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
        if let Err(error) = store.notify_audit().await {
            tracing::debug!(%error, "could not notify other replicas of new audit events");
        }
        // Appends during this pause leave one permit: one more wake-up, not one each.
        tokio::time::sleep(NOTIFY_EVERY).await;
    }
}

async fn wake_on_notifications(hub: Arc<Hub>, store: Store, mut shutdown: watch::Receiver<bool>) {
    loop {
        let mut listener = match store.audit_listener().await {
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

/// When each gap in the ids was first seen: keyed by the id just before it.
#[derive(Debug, Default)]
pub struct Gaps {
    first_seen_ms: BTreeMap<i64, i64>,
}

/// How far a reader may read from `cursor` (`ids` in id order, each with its event's time):
/// through every id that follows without a gap, and past a gap only once it has been seen
/// for [`GAP_GRACE_MS`] (a transaction that took the missing id has had that long to
/// commit since the event after it did) or the event after it is [`SETTLED_MS`] old.
///
/// A gap's age is not the event after it's time: that time is taken before the event's
/// transaction waits for a connection, so under load it can be seconds old when the event
/// commits, and a transaction holding the missing id can still be running.
pub fn safe_upto(cursor: i64, ids: &[(i64, i64)], now_ms: i64, gaps: &mut Gaps) -> i64 {
    let mut upto = cursor;
    for &(id, at_ms) in ids {
        if id != upto.saturating_add(1) && now_ms.saturating_sub(at_ms) < SETTLED_MS {
            let seen = *gaps.first_seen_ms.entry(upto).or_insert(now_ms);
            if now_ms.saturating_sub(seen) < GAP_GRACE_MS {
                break;
            }
        }
        upto = id;
    }
    // A gap first seen that long ago is settled by its next event's time as well.
    gaps.first_seen_ms
        .retain(|_, seen| now_ms.saturating_sub(*seen) < SETTLED_MS);
    upto
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_waits_at_a_gap_from_when_it_was_first_seen() {
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
                safe_upto(*cursor, ids, *now, &mut gaps),
                *expected,
                "{name}"
            );
        }
        // Once settled, the gaps seen are forgotten.
        safe_upto(0, &[], T + GAP_GRACE_MS + SETTLED_MS, &mut gaps);
        assert!(gaps.first_seen_ms.is_empty(), "{gaps:?}");
    }
}

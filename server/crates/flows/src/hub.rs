//! Wake-ups for the readers of the audit log: this replica's live feeds and the webhook
//! dispatcher.
//!
//! The table is the truth; a wake-up only says "read it now" instead of at the next poll.
//! They come from this process (the store signals after every commit that may have
//! appended events) and, on PostgreSQL, from other replicas: each replica sends a `NOTIFY`
//! after its own appends (at most one per [`NOTIFY_EVERY`]) and `LISTEN`s for the others'.
//! A lost notification therefore delays an event by at most a reader's poll, and loses
//! nothing.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use tessera_store::Store;

/// How long a gap in the ids may hold a reader back.
pub const GAP_GRACE_MS: i64 = 2_000;
/// The most `NOTIFY`s one replica sends per this interval.
pub const NOTIFY_EVERY: Duration = Duration::from_millis(20);

/// This replica's wake-ups for its audit readers.
#[derive(Debug)]
pub struct Hub {
    generation: watch::Sender<u64>,
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

/// How far a reader may read from `cursor`: through every id that follows without a gap,
/// and past a gap only once the event after it is `grace_ms` old (`ids` in id order, each
/// with its event's time).
pub fn safe_upto(cursor: i64, ids: &[(i64, i64)], now_ms: i64, grace_ms: i64) -> i64 {
    let mut upto = cursor;
    for &(id, at_ms) in ids {
        if id != upto.saturating_add(1) && now_ms.saturating_sub(at_ms) < grace_ms {
            break;
        }
        upto = id;
    }
    upto
}

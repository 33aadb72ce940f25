//! One shutdown signal for every long-running task (mini-redis `shutdown.rs`).
//!
//! The server flips a `watch` channel once; each background loop and each gate socket
//! holds a [`Shutdown`] and stops at its next wait, after finishing what it was doing, so
//! the server can await them all before it closes the store.

use tokio::sync::watch;

/// A task's view of the shutdown signal (cheap to clone).
#[derive(Clone, Debug)]
pub struct Shutdown(watch::Receiver<bool>);

impl Shutdown {
    /// Listens on `signal`, which flips to `true` once, at shutdown.
    pub fn new(signal: watch::Receiver<bool>) -> Self {
        Shutdown(signal)
    }

    /// Whether shutdown has begun.
    pub fn is_shutdown(&self) -> bool {
        *self.0.borrow()
    }

    /// Resolves once shutdown has begun (at once if it already has, or if the server that
    /// would signal it is gone).
    pub async fn recv(&mut self) {
        // An error means the sender was dropped: nobody can ever signal, so stop too.
        let _ = self.0.wait_for(|stopping| *stopping).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn resolves_on_the_signal_or_when_the_signaller_is_gone() {
        let (tx, rx) = watch::channel(false);
        let mut shutdown = Shutdown::new(rx);
        assert!(!shutdown.is_shutdown());
        let waiting = tokio::spawn({
            let mut shutdown = shutdown.clone();
            async move { shutdown.recv().await }
        });
        tx.send(true).unwrap();
        waiting.await.unwrap();
        assert!(shutdown.is_shutdown());
        // A clone made after the signal resolves at once.
        shutdown.clone().recv().await;

        let (tx, rx) = watch::channel(false);
        drop(tx);
        Shutdown::new(rx).recv().await;
        shutdown.recv().await;
    }
}

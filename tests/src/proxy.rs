//! TCP proxies the test can cut: the honest way to make a peer unreachable mid-test.
//!
//! The server (or a gate) is pointed at a proxy instead of its peer. [`Switchboard`] is what
//! every proxy here shares: a local listener whose open connections can all be dropped at
//! once ([`Switchboard::cut`]: sockets reset mid-transaction, new ones fail at once) and
//! let through again ([`Switchboard::restore`]). [`TcpProxy`] forwards bytes unchanged;
//! the lossy and PostgreSQL-aware proxies plug their own forwarding into a switchboard.
//! Nothing about the server or the database is faked: the failure met is the one a network
//! partition or a database restart produces.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::{AbortHandle, JoinHandle};

/// A local listener that hands each accepted connection to a forwarding task, and can drop
/// every open connection and refuse new ones.
#[derive(Debug)]
pub struct Switchboard {
    /// Where clients connect.
    pub addr: SocketAddr,
    up: Arc<AtomicBool>,
    connections: Arc<Mutex<Vec<AbortHandle>>>,
    acceptor: JoinHandle<()>,
}

impl Switchboard {
    /// Listens on `127.0.0.1:<random port>` and runs `forward(client)` per connection.
    ///
    /// # Errors
    /// When it cannot bind.
    pub async fn start<F, Fut>(forward: F) -> Result<Self>
    where
        F: Fn(TcpStream) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .context("bind the proxy")?;
        let addr = listener.local_addr()?;
        let up = Arc::new(AtomicBool::new(true));
        let connections: Arc<Mutex<Vec<AbortHandle>>> = Arc::default();
        let acceptor = tokio::spawn({
            let up = Arc::clone(&up);
            let connections = Arc::clone(&connections);
            async move {
                while let Ok((client, _)) = listener.accept().await {
                    if !up.load(Ordering::SeqCst) {
                        // Refused: the client sees the connection close before any byte.
                        drop(client);
                        continue;
                    }
                    let task = tokio::spawn(forward(client));
                    let mut open = connections
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner);
                    open.retain(|handle| !handle.is_finished());
                    open.push(task.abort_handle());
                }
            }
        });
        Ok(Self {
            addr,
            up,
            connections,
            acceptor,
        })
    }

    /// Drops every open connection and refuses new ones until [`Switchboard::restore`].
    pub fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        let open = std::mem::take(
            &mut *self
                .connections
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        );
        for connection in open {
            connection.abort();
        }
    }

    /// Lets new connections through again.
    pub fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

impl Drop for Switchboard {
    fn drop(&mut self) {
        self.acceptor.abort();
        self.cut();
    }
}

/// A cuttable TCP forwarder in front of one upstream address.
#[derive(Debug)]
pub struct TcpProxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    board: Switchboard,
}

impl TcpProxy {
    /// Starts forwarding `127.0.0.1:<random port>` to `upstream` (`host:port`).
    ///
    /// # Errors
    /// When it cannot bind.
    pub async fn start(upstream: String) -> Result<Self> {
        let board = Switchboard::start(move |client| forward(client, upstream.clone())).await?;
        Ok(Self {
            addr: board.addr,
            board,
        })
    }

    /// Drops every open connection and refuses new ones until [`TcpProxy::restore`].
    pub fn cut(&self) {
        self.board.cut();
    }

    /// Lets new connections through again.
    pub fn restore(&self) {
        self.board.restore();
    }
}

async fn forward(mut client: TcpStream, upstream: String) {
    let Ok(mut server) = TcpStream::connect(upstream).await else {
        return;
    };
    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
}

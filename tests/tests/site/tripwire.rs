//! The node's uplink, cuttable at a chosen point of a sync-up batch.
//!
//! A [`Switchboard`] forwarding bytes unchanged, which also watches for the node's
//! `POST /v1/node/events` (or, armed with [`Tripwire::arm_on`], another request, such as the
//! lease's return) and, once armed, springs one [`Trap`] on the next such request: the
//! link dies in the middle of the request's body (the central server gets half a batch), or
//! after the whole request, as the answer comes back (the central server wrote the batch;
//! the node never hears so), or the answer is held until the test kills the node and cuts.
//! The node's HTTP client speaks HTTP/1.1 without pipelining, so the next bytes from the
//! server after a request are its answer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::Result;
use tessera_tests::proxy::Switchboard;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Notify;

/// The request line a sync-up batch starts with.
pub const SHIP: &[u8] = b"POST /v1/node/events ";
/// The request line of the lease's return.
pub const RETURN: &[u8] = b"POST /v1/node/lease/return ";

/// Where the link dies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trap {
    /// After this many bytes of the request.
    MidRequest(usize),
    /// When the answer starts to come back, before any of it reaches the node.
    BeforeAnswer,
    /// The answer is held, and [`Tripwire::held`] is notified; the test cuts.
    HoldAnswer,
}

#[derive(Debug)]
struct Shared {
    armed: Mutex<Option<Trap>>,
    /// The request line the armed trap waits for ([`SHIP`] unless armed on another).
    line: Mutex<&'static [u8]>,
    sprung: Mutex<Vec<Trap>>,
    held: Notify,
    /// Bytes from the node to the central server, and back.
    up_bytes: AtomicU64,
    down_bytes: AtomicU64,
}

/// A cuttable uplink with one trap at a time.
#[derive(Debug)]
pub struct Tripwire {
    /// Where the node connects.
    pub addr: std::net::SocketAddr,
    board: Switchboard,
    shared: Arc<Shared>,
}

impl Tripwire {
    pub async fn start(upstream: String) -> Result<Self> {
        let shared = Arc::new(Shared::default());
        let board = Switchboard::start({
            let shared = Arc::clone(&shared);
            move |client| forward(client, upstream.clone(), Arc::clone(&shared))
        })
        .await?;
        Ok(Self {
            addr: board.addr,
            board,
            shared,
        })
    }

    pub fn cut(&self) {
        self.board.cut();
    }

    pub fn restore(&self) {
        self.board.restore();
    }

    /// Springs `trap` on the next batch the node ships.
    pub fn arm(&self, trap: Trap) {
        self.arm_on(SHIP, trap);
    }

    /// Springs `trap` on the next request that starts with `line` ([`SHIP`], [`RETURN`]).
    pub fn arm_on(&self, line: &'static [u8], trap: Trap) {
        *lock(&self.shared.line) = line;
        *lock(&self.shared.armed) = Some(trap);
    }

    /// The traps sprung so far, in order.
    pub fn sprung(&self) -> Vec<Trap> {
        lock(&self.shared.sprung).clone()
    }

    /// Bytes carried so far: node to central server, central server to node.
    pub fn bytes(&self) -> (u64, u64) {
        (
            self.shared.up_bytes.load(Ordering::Relaxed),
            self.shared.down_bytes.load(Ordering::Relaxed),
        )
    }

    /// Resolves when a [`Trap::HoldAnswer`] holds an answer.
    pub async fn held(&self) {
        self.shared.held.notified().await;
    }
}

impl Default for Shared {
    fn default() -> Self {
        Shared {
            armed: Mutex::default(),
            line: Mutex::new(SHIP),
            sprung: Mutex::default(),
            held: Notify::default(),
            up_bytes: AtomicU64::default(),
            down_bytes: AtomicU64::default(),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The trap a connection's current request carries. A request that ends before its trap
/// springs (the node gave up waiting on a loaded machine, say, and asks again on a new
/// connection) hands it back, so that the next batch carries it: every armed trap springs.
struct Carried {
    shared: Arc<Shared>,
    trap: Option<Trap>,
}

impl Drop for Carried {
    fn drop(&mut self) {
        if let Some(trap) = self.trap.take() {
            let mut armed = lock(&self.shared.armed);
            if armed.is_none() {
                *armed = Some(trap);
            }
        }
    }
}

async fn forward(mut client: TcpStream, upstream: String, shared: Arc<Shared>) {
    let Ok(mut server) = TcpStream::connect(upstream).await else {
        return;
    };
    // The trap this connection's current request carries, and its bytes so far.
    let mut carried = Carried {
        shared: Arc::clone(&shared),
        trap: None,
    };
    let trap = &mut carried.trap;
    let mut sent = 0usize;
    let (mut up, mut down) = ([0u8; 16 * 1024], [0u8; 16 * 1024]);
    loop {
        tokio::select! {
            read = client.read(&mut up) => {
                let Ok(n) = read else { return };
                if n == 0 {
                    return;
                }
                let chunk = &up[..n];
                let line = *lock(&shared.line);
                if chunk.windows(line.len()).any(|window| window == line) {
                    // A trap armed since wins; otherwise one the last request on this
                    // connection did not spring (it was shorter) rides on this one.
                    if let Some(next) = lock(&shared.armed).take() {
                        *trap = Some(next);
                    }
                    sent = 0;
                }
                if let Some(Trap::MidRequest(at)) = *trap {
                    if sent + n >= at {
                        let _ = server.write_all(&chunk[..at.saturating_sub(sent)]).await;
                        lock(&shared.sprung).push(Trap::MidRequest(at));
                        *trap = None;
                        return;
                    }
                }
                sent += n;
                shared.up_bytes.fetch_add(n as u64, Ordering::Relaxed);
                if server.write_all(chunk).await.is_err() {
                    return;
                }
            }
            read = server.read(&mut down) => {
                let Ok(n) = read else { return };
                if n == 0 {
                    return;
                }
                match trap.take() {
                    Some(Trap::BeforeAnswer) => {
                        lock(&shared.sprung).push(Trap::BeforeAnswer);
                        return;
                    }
                    Some(Trap::HoldAnswer) => {
                        lock(&shared.sprung).push(Trap::HoldAnswer);
                        shared.held.notify_one();
                        // Until the test cuts the link (which aborts this task).
                        std::future::pending::<()>().await;
                    }
                    // A request shorter than the cut: the next batch carries the trap.
                    Some(short @ Trap::MidRequest(_)) => *trap = Some(short),
                    None => {}
                }
                shared.down_bytes.fetch_add(n as u64, Ordering::Relaxed);
                if client.write_all(&down[..n]).await.is_err() {
                    return;
                }
            }
        }
    }
}

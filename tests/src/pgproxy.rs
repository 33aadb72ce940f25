//! A PostgreSQL-aware TCP proxy that can lose the answer to a redemption's `COMMIT`.
//!
//! The hardest fault for TSR1 §7 rule 5 is a commit whose fate the server cannot know: the
//! `COMMIT` reached PostgreSQL (so the admission is durable) but the answer never came back.
//! [`TcpProxy`](crate::proxy::TcpProxy) can only cut every connection at once, so it cannot
//! aim at that instant. This proxy reads the client→server half of the PostgreSQL wire
//! protocol (message type and length, the text of `Parse` and simple `Query` messages, the
//! statement name of `Bind`) and, once armed with [`PgFaultProxy::arm_commit_cut`], waits for
//! a transaction that ran `INSERT INTO redemptions` (alone or inside a `WITH`) to commit:
//! its `COMMIT`, or, for a statement outside `BEGIN`, the `Sync` that ends its implicit
//! transaction. It forwards that message to PostgreSQL, discards everything PostgreSQL
//! answers from then on, and closes both sides after a hold time: exactly "COMMIT sent,
//! answer lost". It also offers the
//! blunt [`PgFaultProxy::cut`]/[`PgFaultProxy::restore`] of `TcpProxy` ("database unavailable").
//!
//! TLS would hide the messages, so the proxy answers a client's `SSLRequest` with `N`
//! ("no TLS here") itself, as a PostgreSQL without TLS does; `sslmode=prefer` clients (the
//! server's default) then talk plain text. Nothing else is altered.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::proxy::Switchboard;

/// `SSLRequest` code (PostgreSQL protocol, "Message Formats").
const SSL_REQUEST: u32 = 80_877_103;
/// `GSSENCRequest` code.
const GSSENC_REQUEST: u32 = 80_877_104;
/// Longest message the parser buffers before giving up on parsing (it keeps forwarding).
const MAX_PARSED_MESSAGE: usize = 1 << 20;

/// Shared state of one proxy.
#[derive(Debug, Default)]
struct Shared {
    /// One-shot: the next redemption COMMIT loses its answer.
    armed: AtomicBool,
    hold_ms: AtomicU64,
    commit_cuts: AtomicU64,
    redemption_commits: AtomicU64,
}

/// A cuttable, PostgreSQL-aware forwarder in front of one PostgreSQL server.
#[derive(Debug)]
pub struct PgFaultProxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    board: Switchboard,
}

impl PgFaultProxy {
    /// Starts forwarding `127.0.0.1:<random port>` to `upstream` (`host:port`).
    ///
    /// # Errors
    /// When it cannot bind.
    pub async fn start(upstream: String) -> Result<Self> {
        let shared = Arc::new(Shared::default());
        let board = Switchboard::start({
            let shared = Arc::clone(&shared);
            move |client| serve(client, upstream.clone(), Arc::clone(&shared))
        })
        .await
        .context("start the PostgreSQL fault proxy")?;
        Ok(Self {
            addr: board.addr,
            shared,
            board,
        })
    }

    /// Drops every open connection and refuses new ones until [`PgFaultProxy::restore`].
    pub fn cut(&self) {
        self.board.cut();
    }

    /// Lets new connections through again.
    pub fn restore(&self) {
        self.board.restore();
    }

    /// Arms the one-shot fault: the next `COMMIT` of a transaction that inserted a redemption
    /// is forwarded, its answer is discarded, and the connection is closed `hold` later.
    pub fn arm_commit_cut(&self, hold: Duration) {
        self.shared.hold_ms.store(
            u64::try_from(hold.as_millis()).unwrap_or(u64::MAX),
            Ordering::SeqCst,
        );
        self.shared.armed.store(true, Ordering::SeqCst);
    }

    /// Whether an armed fault is still waiting for its `COMMIT`.
    pub fn is_armed(&self) -> bool {
        self.shared.armed.load(Ordering::SeqCst)
    }

    /// Disarms a fault that has not fired.
    pub fn disarm(&self) {
        self.shared.armed.store(false, Ordering::SeqCst);
    }

    /// How many redemption `COMMIT`s lost their answer so far.
    pub fn commit_cuts(&self) -> u64 {
        self.shared.commit_cuts.load(Ordering::SeqCst)
    }

    /// How many redemption `COMMIT`s went through this proxy (cut or not).
    pub fn redemption_commits(&self) -> u64 {
        self.shared.redemption_commits.load(Ordering::SeqCst)
    }
}

/// What the client→server parser knows about one connection.
#[derive(Debug, Default)]
struct Session {
    /// Prepared statement name → whether it inserts a redemption.
    statements: HashMap<String, bool>,
    /// The unnamed statement inserts a redemption.
    unnamed_is_redemption: bool,
    /// Inside `BEGIN` … `COMMIT`/`ROLLBACK`.
    explicit_tx: bool,
    /// A redemption insert ran since the transaction (explicit, or implicit up to `Sync`)
    /// began.
    redemption_in_tx: bool,
}

/// What to do with one parsed client message.
enum Verdict {
    Forward,
    /// Forward it, then lose every answer and close after the hold time.
    ForwardThenLoseAnswer,
}

impl Session {
    fn inspect(&mut self, kind: u8, body: &[u8], shared: &Shared) -> Verdict {
        match kind {
            b'P' => {
                let (name, rest) = cstr(body);
                let (query, _) = cstr(rest);
                let inserts = is_redemption_insert(query);
                if name.is_empty() {
                    self.unnamed_is_redemption = inserts;
                } else {
                    self.statements.insert(name.to_owned(), inserts);
                }
            }
            b'B' => {
                let (_portal, rest) = cstr(body);
                let (statement, _) = cstr(rest);
                let inserts = if statement.is_empty() {
                    self.unnamed_is_redemption
                } else {
                    self.statements.get(statement).copied().unwrap_or(false)
                };
                self.redemption_in_tx |= inserts;
            }
            // Outside BEGIN, `Sync` commits the implicit transaction of the statements
            // before it: a single-statement redemption commits here.
            b'S' if !self.explicit_tx && std::mem::take(&mut self.redemption_in_tx) => {
                return Self::redemption_committed(shared);
            }
            b'Q' => {
                let (query, _) = cstr(body);
                let word = query.trim_start().to_ascii_uppercase();
                if is_redemption_insert(query) {
                    self.redemption_in_tx = true;
                }
                if word.starts_with("BEGIN") || word.starts_with("START TRANSACTION") {
                    self.explicit_tx = true;
                }
                let ends_tx = word.starts_with("COMMIT")
                    || word.starts_with("ROLLBACK")
                    || word.starts_with("END");
                if ends_tx || !self.explicit_tx {
                    self.explicit_tx = false;
                    let was_redemption = std::mem::take(&mut self.redemption_in_tx);
                    if was_redemption && !word.starts_with("ROLLBACK") {
                        return Self::redemption_committed(shared);
                    }
                }
            }
            _ => {}
        }
        Verdict::Forward
    }

    /// Counts a redemption commit sent to PostgreSQL; the armed fault takes its answer.
    fn redemption_committed(shared: &Shared) -> Verdict {
        shared.redemption_commits.fetch_add(1, Ordering::SeqCst);
        if shared.armed.swap(false, Ordering::SeqCst) {
            shared.commit_cuts.fetch_add(1, Ordering::SeqCst);
            return Verdict::ForwardThenLoseAnswer;
        }
        Verdict::Forward
    }
}

/// Whether a statement inserts into `redemptions` (alone, or as part of a `WITH`).
fn is_redemption_insert(query: &str) -> bool {
    query
        .to_ascii_uppercase()
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .windows(3)
        .any(|w| w == ["INSERT", "INTO", "REDEMPTIONS"])
}

/// A NUL-terminated string at the start of `bytes`, and what follows it.
fn cstr(bytes: &[u8]) -> (&str, &[u8]) {
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    let text = std::str::from_utf8(&bytes[..end]).unwrap_or("");
    (text, bytes.get(end + 1..).unwrap_or(&[]))
}

async fn serve(client: TcpStream, upstream: String, shared: Arc<Shared>) {
    let Ok(server) = TcpStream::connect(upstream).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let (mut client_rx, mut client_tx) = client.into_split();
    let (mut server_rx, server_tx) = server.into_split();
    let lose_answers = Arc::new(AtomicBool::new(false));
    let (cut_tx, mut cut_rx) = tokio::sync::mpsc::channel::<Duration>(1);

    // The client's untyped start-up messages: answer SSLRequest/GSSENCRequest with 'N'
    // ourselves, forward the StartupMessage (or CancelRequest) as is.
    let mut server_tx = server_tx;
    let startup = async {
        loop {
            let mut head = [0u8; 8];
            client_rx.read_exact(&mut head).await.ok()?;
            let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
            let code = u32::from_be_bytes([head[4], head[5], head[6], head[7]]);
            if len == 8 && (code == SSL_REQUEST || code == GSSENC_REQUEST) {
                client_tx.write_all(b"N").await.ok()?;
                continue;
            }
            let mut rest = vec![0u8; len.checked_sub(8)?];
            client_rx.read_exact(&mut rest).await.ok()?;
            server_tx.write_all(&head).await.ok()?;
            server_tx.write_all(&rest).await.ok()?;
            return Some(());
        }
    };
    if startup.await.is_none() {
        return;
    }

    let upward = {
        let shared = Arc::clone(&shared);
        let lose_answers = Arc::clone(&lose_answers);
        async move {
            let mut session = Session::default();
            let mut pending: Vec<u8> = Vec::new();
            let mut chunk = vec![0u8; 16 * 1024];
            let mut raw = false;
            loop {
                let n = match client_rx.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                if raw {
                    if server_tx.write_all(&chunk[..n]).await.is_err() {
                        return;
                    }
                    continue;
                }
                pending.extend_from_slice(&chunk[..n]);
                // Forward whole messages only, so a fault lands exactly after its COMMIT.
                let mut start = 0;
                while pending.len() - start >= 5 {
                    let kind = pending[start];
                    let len = u32::from_be_bytes([
                        pending[start + 1],
                        pending[start + 2],
                        pending[start + 3],
                        pending[start + 4],
                    ]) as usize;
                    if !(4..=MAX_PARSED_MESSAGE).contains(&len) {
                        // Not a message we understand: stop parsing, keep forwarding.
                        raw = true;
                        break;
                    }
                    let end = start + 1 + len;
                    if pending.len() < end {
                        break;
                    }
                    let verdict = session.inspect(kind, &pending[start + 5..end], &shared);
                    if server_tx.write_all(&pending[start..end]).await.is_err() {
                        return;
                    }
                    start = end;
                    if let Verdict::ForwardThenLoseAnswer = verdict {
                        lose_answers.store(true, Ordering::SeqCst);
                        let hold = Duration::from_millis(shared.hold_ms.load(Ordering::SeqCst));
                        let _ = cut_tx.try_send(hold);
                    }
                }
                pending.drain(..start);
                if raw {
                    if server_tx.write_all(&pending).await.is_err() {
                        return;
                    }
                    pending.clear();
                }
            }
        }
    };
    let downward = {
        let lose_answers = Arc::clone(&lose_answers);
        async move {
            let mut chunk = vec![0u8; 16 * 1024];
            loop {
                let n = match server_rx.read(&mut chunk).await {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                };
                if lose_answers.load(Ordering::SeqCst) {
                    continue;
                }
                if client_tx.write_all(&chunk[..n]).await.is_err() {
                    return;
                }
            }
        }
    };
    let cut_after_hold = async move {
        match cut_rx.recv().await {
            Some(hold) => tokio::time::sleep(hold).await,
            None => std::future::pending::<()>().await,
        }
    };
    // Whichever ends first ends the connection: both sockets drop here.
    tokio::select! {
        () = upward => {}
        () = downward => {}
        () = cut_after_hold => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_the_redemption_insert_only() {
        assert!(is_redemption_insert(
            "INSERT INTO redemptions (nonce, org_id) VALUES ($1, $2)"
        ));
        assert!(is_redemption_insert("insert  into\nREDEMPTIONS (x)"));
        assert!(!is_redemption_insert("SELECT 1 FROM redemptions"));
        assert!(!is_redemption_insert("INSERT INTO challenges (nonce)"));
        assert!(is_redemption_insert(
            "WITH counted AS (UPDATE passes SET uses = 1 RETURNING id), \
             stored AS (INSERT INTO redemptions (nonce) SELECT id FROM counted) SELECT 1"
        ));
        assert!(!is_redemption_insert("INSERT INTO redemptions_archive (x)"));
    }
}

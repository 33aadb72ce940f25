//! The gate's local "tap" endpoint: a stand-in for NFC or BLE between gate and phone.
//!
//! A tiny line protocol over TCP (UTF-8, `\n`-terminated lines of at most 1024 bytes): a
//! wallet names the passes it holds with `PASS <PASS>` lines (at most
//! [`MAX_PASSES_PER_CLIENT`]); the gate writes each open challenge of those passes as
//! `TSR1C:<PASS>:<NONCE>`, on connect and whenever a new one appears, and when such a scan
//! ends `RESULT <PASS> <outcome> <reason|->` (PASS in base32 as in codes). A wallet writes
//! back `TSR1R:<PASS>:<MAC>` lines; anything else is ignored. Answers go through the same
//! path as scanned ones, so the gate matches them to the open challenge of their pass.
//!
//! **Trust model.** Like an NFC field the endpoint has no authentication: anyone who can
//! connect may name any pass id and see its open challenge. That is why it binds loopback
//! unless told otherwise (`--tap-listen PORT` is `127.0.0.1:PORT`), and why it shows a
//! client only the passes it names: a pass id is not a secret, but a client no longer sees
//! every visitor's challenges and outcomes by merely connecting. Seeing a challenge gains an
//! attacker nothing without the pass's wallet key (only the wallet can answer it), and a
//! wrong answer counts towards the challenge's three tries like any other. Clients are
//! limited in number and line length, and each is split into a reader and a writer task
//! (the loser is aborted).

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, mpsc, watch, Semaphore};

use crate::core::MAX_INPUT_LINE;
use crate::error::{Error, Result};

/// Most wallets connected at once.
const MAX_CLIENTS: usize = 32;

/// Most passes one tap client may name.
pub const MAX_PASSES_PER_CLIENT: usize = 64;

/// The address `--tap-listen` binds: a bare port means loopback.
pub fn tap_address(setting: &str) -> String {
    match setting.parse::<u16>() {
        Ok(port) => format!("127.0.0.1:{port}"),
        Err(_) => setting.to_owned(),
    }
}

/// The pass field of a `TSR1C:<PASS>:<NONCE>` line or of a `RESULT <PASS> …` line.
fn pass_of(line: &str) -> Option<&str> {
    if let Some(rest) = line.strip_prefix("TSR1C:") {
        return rest.split(':').next();
    }
    line.strip_prefix("RESULT ")?.split(' ').next()
}

/// A running tap endpoint; dropping it stops accepting.
#[derive(Debug)]
pub struct TapServer {
    open: watch::Sender<Vec<String>>,
    results: broadcast::Sender<String>,
    local_addr: SocketAddr,
    accept: tokio::task::JoinHandle<()>,
}

impl Drop for TapServer {
    fn drop(&mut self) {
        self.accept.abort();
    }
}

impl TapServer {
    /// Listens on `addr`; wallet answers are sent to `answers`.
    ///
    /// # Errors
    /// [`Error::TapBind`].
    pub async fn bind(addr: &str, answers: mpsc::Sender<String>) -> Result<Self> {
        let addr = tap_address(addr);
        let addr = addr.as_str();
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| Error::TapBind {
                addr: addr.to_owned(),
                source,
            })?;
        let local_addr = listener.local_addr()?;
        let (open, _) = watch::channel(Vec::new());
        let (results, _) = broadcast::channel(64);
        let limit = Arc::new(Semaphore::new(MAX_CLIENTS));
        let accept = {
            let open = open.clone();
            let results = results.clone();
            tokio::spawn(async move {
                loop {
                    let Ok((stream, _)) = listener.accept().await else {
                        continue;
                    };
                    let Ok(permit) = limit.clone().try_acquire_owned() else {
                        drop(stream);
                        continue;
                    };
                    let open = open.subscribe();
                    let results = results.subscribe();
                    let answers = answers.clone();
                    tokio::spawn(async move {
                        serve_client(stream, open, results, answers).await;
                        drop(permit);
                    });
                }
            })
        };
        Ok(Self {
            open,
            results,
            local_addr,
            accept,
        })
    }

    /// The bound address (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Publishes the challenges currently waiting for an answer.
    pub fn set_open(&self, challenges: Vec<String>) {
        self.open.send_if_modified(|current| {
            if *current == challenges {
                false
            } else {
                *current = challenges;
                true
            }
        });
    }

    /// Tells connected wallets how a scan ended.
    pub fn result(&self, pass_b32: &str, outcome: &str, reason: Option<&str>) {
        let _ = self.results.send(format!(
            "RESULT {pass_b32} {outcome} {}\n",
            reason.unwrap_or("-")
        ));
    }
}

async fn serve_client(
    stream: TcpStream,
    mut open: watch::Receiver<Vec<String>>,
    mut results: broadcast::Receiver<String>,
    answers: mpsc::Sender<String>,
) {
    let _ = stream.set_nodelay(true);
    let (read, mut write) = stream.into_split();
    let (named_tx, mut named) = watch::channel(HashSet::<String>::new());
    let mut reader = tokio::spawn(async move {
        let mut reader = BufReader::new(read);
        let mut line = Vec::with_capacity(128);
        loop {
            line.clear();
            let limited = (&mut reader).take(MAX_INPUT_LINE as u64 + 1);
            let mut limited = limited;
            match limited.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => return,
                Ok(_) if line.len() > MAX_INPUT_LINE => return,
                Ok(_) => {}
            }
            let Ok(text) = std::str::from_utf8(&line) else {
                continue;
            };
            let text = text.trim();
            if let Some(pass) = text.strip_prefix("PASS ") {
                let pass = pass.trim();
                if tessera_protocol::PassId::from_base32(pass).is_ok() {
                    named_tx.send_if_modified(|named| {
                        named.len() < MAX_PASSES_PER_CLIENT && named.insert(pass.to_owned())
                    });
                }
                continue;
            }
            if text.starts_with("TSR1R:") && answers.send(text.to_owned()).await.is_err() {
                return;
            }
        }
    });
    let mut writer = tokio::spawn(async move {
        let mut sent: HashSet<String> = HashSet::new();
        loop {
            let passes = named.borrow_and_update().clone();
            let ours = |line: &str| pass_of(line).is_some_and(|pass| passes.contains(pass));
            let current = open.borrow_and_update().clone();
            sent.retain(|c| current.contains(c));
            for challenge in current.into_iter().filter(|c| ours(c)) {
                if sent.insert(challenge.clone())
                    && write
                        .write_all(format!("{challenge}\n").as_bytes())
                        .await
                        .is_err()
                {
                    return;
                }
            }
            tokio::select! {
                changed = open.changed() => if changed.is_err() { return },
                changed = named.changed() => if changed.is_err() { return },
                line = results.recv() => match line {
                    Ok(line) if ours(&line) => if write.write_all(line.as_bytes()).await.is_err() { return },
                    Ok(_) => {}
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                },
            }
        }
    });
    tokio::select! {
        _ = &mut reader => writer.abort(),
        _ = &mut writer => reader.abort(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn offers_challenges_and_forwards_answers() {
        let (tx, mut rx) = mpsc::channel(4);
        let tap = TapServer::bind("0", tx).await.unwrap();
        assert!(
            tap.local_addr().ip().is_loopback(),
            "a bare port binds loopback"
        );
        let (ours, theirs) = ("AGJPHJC3NR6Y5H5AWHBNHZHVAY", "AGJPHJC3NR6Y5H5AWHBNHZHVAQ");
        tap.set_open(vec![
            format!("TSR1C:{theirs}:N1"),
            format!("TSR1C:{ours}:N2"),
        ]);
        let stream = TcpStream::connect(tap.local_addr()).await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        // Nothing is offered until the client names its passes, then only those.
        write
            .write_all(format!("PASS {ours}\nPASS not-a-pass\n").as_bytes())
            .await
            .unwrap();
        assert_eq!(
            lines.next_line().await.unwrap().unwrap(),
            format!("TSR1C:{ours}:N2")
        );
        tap.set_open(vec![
            format!("TSR1C:{theirs}:N1"),
            format!("TSR1C:{ours}:N2"),
            format!("TSR1C:{theirs}:N3"),
            format!("TSR1C:{ours}:N4"),
        ]);
        assert_eq!(
            lines.next_line().await.unwrap().unwrap(),
            format!("TSR1C:{ours}:N4")
        );
        write.write_all(b"hello\nTSR1R:X:Y\n").await.unwrap();
        assert_eq!(rx.recv().await.unwrap(), "TSR1R:X:Y");
        tap.result(theirs, "admitted", None);
        tap.result(ours, "denied", Some("revoked"));
        assert_eq!(
            lines.next_line().await.unwrap().unwrap(),
            format!("RESULT {ours} denied revoked"),
            "another visitor's outcome is not shown"
        );
    }
}

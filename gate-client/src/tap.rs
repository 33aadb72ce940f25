//! The gate's local "tap" endpoint: a stand-in for NFC or BLE between gate and phone.
//!
//! A tiny line protocol over TCP (UTF-8, `\n`-terminated lines of at most 1024 bytes):
//! on connect and whenever a new one appears, the gate writes each open challenge as
//! `TSR1C:<PASS>:<NONCE>`; when a scan with a known pass ends it writes
//! `RESULT <PASS> <outcome> <reason|->` (PASS in base32 as in codes). A wallet writes back
//! `TSR1R:<PASS>:<MAC>` lines; anything else is ignored. Answers go through the same path as
//! scanned ones, so the gate matches them to the open challenge of their pass. Like an NFC
//! field it has no authentication; bind it to a local address. Clients are limited in number
//! and line length, and each is split into a reader and a writer task (the loser is aborted).

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
            if text.starts_with("TSR1R:") && answers.send(text.to_owned()).await.is_err() {
                return;
            }
        }
    });
    let mut writer = tokio::spawn(async move {
        let mut sent: HashSet<String> = HashSet::new();
        loop {
            let current = open.borrow_and_update().clone();
            sent.retain(|c| current.contains(c));
            for challenge in current {
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
                line = results.recv() => match line {
                    Ok(line) => if write.write_all(line.as_bytes()).await.is_err() { return },
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
        let tap = TapServer::bind("127.0.0.1:0", tx).await.unwrap();
        tap.set_open(vec!["TSR1C:A:B".into()]);
        let stream = TcpStream::connect(tap.local_addr()).await.unwrap();
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        assert_eq!(lines.next_line().await.unwrap().unwrap(), "TSR1C:A:B");
        tap.set_open(vec!["TSR1C:A:B".into(), "TSR1C:C:D".into()]);
        assert_eq!(lines.next_line().await.unwrap().unwrap(), "TSR1C:C:D");
        write.write_all(b"hello\nTSR1R:X:Y\n").await.unwrap();
        assert_eq!(rx.recv().await.unwrap(), "TSR1R:X:Y");
        tap.result("PASS", "admitted", None);
        assert_eq!(
            lines.next_line().await.unwrap().unwrap(),
            "RESULT PASS admitted -"
        );
    }
}

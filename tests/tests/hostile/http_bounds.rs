//! Issue 12: a slow or silent client cannot hold an HTTP socket beyond the documented bounds.
//!
//! Headers must arrive within the header timeout (counted from the connection's start, or
//! from the previous response on a keep-alive connection), so a connection that never sends
//! a byte, one whose headers never finish and an idle keep-alive connection are all closed;
//! a request whose body never finishes is answered 408 after the request timeout; and the
//! number of open connections is capped, the next one waiting until a slot frees. The
//! server runs with small bounds here so that each can be seen within seconds.

use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Result};
use tessera_tests::{both_backends, Backend, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

both_backends!(
    slow_silent_and_idle_connections_are_closed,
    a_body_that_never_finishes_gets_408,
    open_connections_are_capped_and_the_next_waits_for_a_slot,
);

/// Reads until the peer closes (or `limit` passes); returns what was read and when it closed.
async fn until_closed(tcp: &mut TcpStream, limit: Duration) -> Result<(Vec<u8>, Duration)> {
    let started = Instant::now();
    let mut got = Vec::new();
    let mut buffer = [0u8; 4096];
    loop {
        let left = limit.saturating_sub(started.elapsed());
        match tokio::time::timeout(left, tcp.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Ok((got, started.elapsed())),
            Ok(Ok(n)) => got.extend_from_slice(&buffer[..n]),
            Err(_) => bail!(
                "still open after {limit:?}; read {:?}",
                String::from_utf8_lossy(&got)
            ),
        }
    }
}

async fn slow_silent_and_idle_connections_are_closed(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_HEADER_TIMEOUT_S", "1")
        .start()
        .await?;
    let limit = Duration::from_secs(5);

    let mut silent = TcpStream::connect(server.addr).await?;
    let mut slow = TcpStream::connect(server.addr).await?;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await?;
    let mut idle = TcpStream::connect(server.addr).await?;
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await?;

    let (nothing, after) = until_closed(&mut silent, limit).await?;
    ensure!(
        nothing.is_empty(),
        "a silent connection was sent {nothing:?}"
    );
    ensure!(
        after >= Duration::from_millis(900),
        "closed too early: {after:?}"
    );
    until_closed(&mut slow, limit).await?;
    let (answered, _) = until_closed(&mut idle, limit).await?;
    ensure!(
        String::from_utf8_lossy(&answered).starts_with("HTTP/1.1 200"),
        "the keep-alive request was answered before its connection idled out: {:?}",
        String::from_utf8_lossy(&answered)
    );
    Ok(())
}

async fn a_body_that_never_finishes_gets_408(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_REQUEST_TIMEOUT_S", "1")
        .start()
        .await?;
    let mut tcp = TcpStream::connect(server.addr).await?;
    tcp.write_all(
        b"POST /v1/claims HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"pass_id\":",
    )
    .await?;
    let started = Instant::now();
    let mut buffer = [0u8; 1024];
    let n = tokio::time::timeout(Duration::from_secs(5), tcp.read(&mut buffer)).await??;
    let head = String::from_utf8_lossy(&buffer[..n]);
    ensure!(
        head.starts_with("HTTP/1.1 408"),
        "a stalled body got {head:?}"
    );
    ensure!(
        started.elapsed() < Duration::from_secs(4),
        "answered after {:?}",
        started.elapsed()
    );
    Ok(())
}

async fn open_connections_are_capped_and_the_next_waits_for_a_slot(backend: Backend) -> Result<()> {
    let server = TestServer::builder(backend)
        .env("TESSERA_MAX_HTTP_CONNECTIONS", "4")
        .env("TESSERA_HEADER_TIMEOUT_S", "30")
        .start()
        .await?;
    let mut holders = Vec::new();
    for _ in 0..4 {
        holders.push(TcpStream::connect(server.addr).await?);
    }
    // Give the server a moment to accept all four.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut waiting = TcpStream::connect(server.addr).await?;
    waiting
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await?;
    let mut buffer = [0u8; 1024];
    let early = tokio::time::timeout(Duration::from_millis(800), waiting.read(&mut buffer)).await;
    ensure!(
        early.is_err(),
        "a fifth connection was served while four held every slot: {early:?}"
    );
    drop(holders.pop());
    let n = tokio::time::timeout(Duration::from_secs(5), waiting.read(&mut buffer)).await??;
    let head = String::from_utf8_lossy(&buffer[..n]);
    ensure!(
        head.starts_with("HTTP/1.1 200"),
        "the waiting request got {head:?}"
    );
    Ok(())
}

//! The HTTP front door: accepting connections under time and count bounds.
//!
//! `axum::serve` sets no header-read timeout, so a client whose headers never finish, or a
//! connection that never sends a byte, used to hold a socket forever; a few thousand of
//! them exhausted the file descriptors and every reconnecting gate was refused. Here each
//! connection is served by hyper's HTTP/1 with a header-read timeout that also starts when a
//! keep-alive connection goes idle (so idle and silent connections are closed too), the
//! number of open connections is capped (beyond it the server stops accepting until one
//! closes, and the kernel's backlog holds the rest), and shutdown lets every connection
//! finish its request. Request and body timeouts are tower layers (`http::router`). With a
//! TLS acceptor ([`crate::tls`]) each connection first completes its handshake, within the
//! same header timeout, so a client that never finishes one holds nothing either.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::response::IntoResponse;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{watch, Semaphore};
use tower::ServiceExt;

/// Bounds of the HTTP front door.
#[derive(Clone, Copy, Debug)]
pub struct HttpBounds {
    /// Longest wait for a request's headers, counted from the connection's start or from
    /// the end of the previous response.
    pub header_timeout: Duration,
    /// Most connections open at once.
    pub max_connections: usize,
}

/// Serves one connection (plain or TLS) until it ends or `stop` asks it to finish.
async fn serve_io<I>(
    io: I,
    http: &hyper::server::conn::http1::Builder,
    app: Router,
    remote: SocketAddr,
    mut stop: watch::Receiver<bool>,
) where
    I: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request
            .extensions_mut()
            .insert(ConnectInfo::<SocketAddr>(remote));
        // A request, once started, runs to its end in its own task even if the client goes
        // away: hyper drops the service future of a closed connection, and a handler
        // dropped inside a database transaction left SQLite's only writer connection
        // mid-transaction for the next request ("begin_with at non-zero transaction
        // depth", seen when a claiming wallet was killed). What the handler commits stays
        // committed, as its retry expects.
        let handled = tokio::spawn(app.clone().oneshot(request));
        async move {
            match handled.await {
                Ok(answer) => answer,
                Err(error) => {
                    tracing::error!(%error, "request handler failed");
                    Ok(axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response())
                }
            }
        }
    });
    let connection = http
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => {}
        _ = stop.changed() => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}

/// Longest wait at shutdown for open connections to finish their request.
const DRAIN_LIMIT: Duration = Duration::from_secs(10);

/// Accepts and serves connections until `stop` flips to true, then drains them.
///
/// # Errors
/// IO failure of the listener.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    bounds: HttpBounds,
    tls: Option<tokio_rustls::TlsAcceptor>,
    mut stop: watch::Receiver<bool>,
) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(bounds.max_connections.max(1)));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(bounds.header_timeout)
        .keep_alive(true);
    loop {
        let slot = tokio::select! {
            slot = Arc::clone(&slots).acquire_owned() => slot,
            _ = stop.changed() => break,
        };
        let Ok(slot) = slot else { break };
        let (tcp, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of descriptors or a connection reset before accept: keep serving.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        let _ = tcp.set_nodelay(true);
        let app = app.clone();
        let http = http.clone();
        let tls = tls.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            match tls {
                None => serve_io(tcp, &http, app, remote, stop).await,
                Some(acceptor) => {
                    match tokio::time::timeout(bounds.header_timeout, acceptor.accept(tcp)).await {
                        Ok(Ok(stream)) => serve_io(stream, &http, app, remote, stop).await,
                        Ok(Err(error)) => tracing::debug!(%remote, %error, "TLS handshake failed"),
                        Err(_) => tracing::debug!(%remote, "TLS handshake timed out"),
                    }
                }
            }
            drop(slot);
        });
    }
    let all = u32::try_from(bounds.max_connections.max(1)).unwrap_or(u32::MAX);
    if tokio::time::timeout(DRAIN_LIMIT, slots.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!("HTTP connections still open after {DRAIN_LIMIT:?}; stopping anyway");
    }
    Ok(())
}

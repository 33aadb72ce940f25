//! A small async client for the gate WebSocket (`GET /v1/gate/ws`, TSR1 §6).
//!
//! [`GateConnection`] does the authenticated upgrade, waits for `welcome`, and then sends
//! [`GateMessage`]s and receives [`ServerMessage`]s as typed values. It is deliberately
//! free of retry policy so the gate runtime, the end-to-end tests and a load generator can
//! all drive it their own way. [`GateConnection::recv`] is cancel-safe, so it can sit in a
//! `tokio::select!` loop.

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tessera_protocol::messages::{GateMessage, ServerMessage, Welcome, PENDING_SCANS_HEADER};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// Largest frame accepted from the server (the server caps gate frames at 16 KiB too).
const MAX_FRAME: usize = 64 * 1024;

/// A gate device token; `Debug` is redacted.
#[derive(Clone)]
pub struct DeviceToken(Zeroizing<String>);

impl DeviceToken {
    /// Wraps a token after checking it can travel in an HTTP header.
    ///
    /// # Errors
    /// [`Error::Config`] for an empty token or one with spaces or control characters.
    pub fn new(text: &str) -> Result<Self> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::Config("the device token is empty".into()));
        }
        if !text.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(Error::Config(
                "the device token contains spaces or non-ASCII characters".into(),
            ));
        }
        Ok(Self(Zeroizing::new(text.to_owned())))
    }

    /// Reads the token from a file (surrounding whitespace ignored).
    ///
    /// # Errors
    /// [`Error::TokenFile`], or as [`DeviceToken::new`].
    pub fn from_file(path: &Path) -> Result<Self> {
        let text =
            Zeroizing::new(
                std::fs::read_to_string(path).map_err(|source| Error::TokenFile {
                    path: path.to_path_buf(),
                    source,
                })?,
            );
        Self::new(&text)
    }

    /// The token, for an `Authorization` header.
    pub(crate) fn expose(&self) -> &str {
        self.0.as_str()
    }
}

impl fmt::Debug for DeviceToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DeviceToken(<redacted>)")
    }
}

/// Checks that `url` is a `ws://` or `wss://` URL.
///
/// # Errors
/// [`Error::BadServerUrl`].
pub fn check_server_url(url: &str) -> Result<()> {
    let ok = (url.starts_with("ws://") || url.starts_with("wss://"))
        && url.len() > "wss://".len()
        && url.is_ascii()
        && !url.contains(char::is_whitespace);
    if ok {
        Ok(())
    } else {
        Err(Error::BadServerUrl(url.chars().take(200).collect()))
    }
}

/// An authenticated gate connection.
pub struct GateConnection {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    welcome: Welcome,
    last_seen: Instant,
}

impl fmt::Debug for GateConnection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GateConnection")
            .field("gate_id", &self.welcome.gate_id)
            .finish_non_exhaustive()
    }
}

impl GateConnection {
    /// Connects, authenticates with `token` and waits for `welcome`, all within `timeout`.
    ///
    /// # Errors
    /// [`Error::BadServerUrl`], [`Error::Unauthorized`] (401), [`Error::Busy`] (429 or 503 with
    /// `Retry-After`), [`Error::UpgradeRefused`],
    /// [`Error::Connect`], [`Error::Timeout`], [`Error::NoWelcome`].
    pub async fn connect(url: &str, token: &DeviceToken, timeout: Duration) -> Result<Self> {
        Self::connect_with_pending(url, token, timeout, 0).await
    }

    /// [`GateConnection::connect`] for a gate holding `pending` journaled scans (a visitor
    /// waiting for a verdict): it says so (`Tessera-Pending-Scans`), and a server deferring
    /// reconnects lets it in first.
    ///
    /// # Errors
    /// As [`GateConnection::connect`].
    pub async fn connect_with_pending(
        url: &str,
        token: &DeviceToken,
        timeout: Duration,
        pending: usize,
    ) -> Result<Self> {
        check_server_url(url)?;
        tokio::time::timeout(timeout, Self::connect_inner(url, token, pending))
            .await
            .map_err(|_| Error::Timeout("the connection and welcome"))?
    }

    async fn connect_inner(url: &str, token: &DeviceToken, pending: usize) -> Result<Self> {
        let mut request = url
            .into_client_request()
            .map_err(|_| Error::BadServerUrl(url.chars().take(200).collect()))?;
        let mut value = HeaderValue::from_str(&format!("Bearer {}", token.0.as_str()))
            .map_err(|_| Error::Config("the device token cannot be sent in a header".into()))?;
        value.set_sensitive(true);
        request.headers_mut().insert("authorization", value);
        if pending > 0 {
            request
                .headers_mut()
                .insert(PENDING_SCANS_HEADER, HeaderValue::from(pending));
        }
        // A gate's frames are small: a 4 KiB read buffer (it grows for a larger frame)
        // instead of the default 128 KiB.
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .max_message_size(Some(MAX_FRAME))
            .max_frame_size(Some(MAX_FRAME));
        let (ws, _) = tokio_tungstenite::connect_async_with_config(request, Some(config), true)
            .await
            .map_err(|e| match e {
                tungstenite::Error::Http(response) if response.status().as_u16() == 401 => {
                    Error::Unauthorized
                }
                tungstenite::Error::Http(response) => {
                    let status = response.status().as_u16();
                    match retry_after(response.headers()) {
                        Some(retry_after) if matches!(status, 429 | 503) => Error::Busy {
                            status,
                            retry_after,
                        },
                        _ => Error::UpgradeRefused(status),
                    }
                }
                other => Error::Connect(other.to_string()),
            })?;
        let mut conn = Self {
            ws,
            welcome: Welcome {
                gate_id: uuid::Uuid::nil(),
                site: None,
                server_time: time::OffsetDateTime::UNIX_EPOCH,
                protocol: 0,
            },
            last_seen: Instant::now(),
        };
        match conn.recv().await? {
            ServerMessage::Welcome(welcome) => {
                conn.welcome = welcome;
                Ok(conn)
            }
            _ => Err(Error::NoWelcome),
        }
    }

    /// The server's `welcome`.
    pub fn welcome(&self) -> &Welcome {
        &self.welcome
    }

    /// When a frame of any kind last arrived (for heartbeats).
    pub fn last_seen(&self) -> Instant {
        self.last_seen
    }

    /// Sends one message.
    ///
    /// # Errors
    /// [`Error::Connect`] when the connection is broken.
    pub async fn send(&mut self, message: &GateMessage) -> Result<()> {
        let text = serde_json::to_string(message).map_err(|e| Error::Connect(e.to_string()))?;
        self.ws
            .send(Message::text(text))
            .await
            .map_err(|e| Error::Connect(e.to_string()))
    }

    /// Sends a WebSocket ping (the heartbeat); the pong updates [`GateConnection::last_seen`].
    ///
    /// # Errors
    /// [`Error::Connect`] when the connection is broken.
    pub async fn ping(&mut self) -> Result<()> {
        self.ws
            .send(Message::Ping(Vec::new().into()))
            .await
            .map_err(|e| Error::Connect(e.to_string()))
    }

    /// Receives the next server message. Cancel-safe.
    ///
    /// A frame that is not valid JSON gives [`Error::BadFrame`] and the connection stays
    /// usable; [`Error::Closed`] and [`Error::Connect`] mean it is gone.
    ///
    /// # Errors
    /// As above.
    pub async fn recv(&mut self) -> Result<ServerMessage> {
        loop {
            let frame = match self.ws.next().await {
                None => return Err(Error::Closed(None)),
                Some(Err(e)) => return Err(Error::Connect(e.to_string())),
                Some(Ok(frame)) => frame,
            };
            self.last_seen = Instant::now();
            match frame {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str())
                        .map_err(|e| Error::BadFrame(e.to_string()));
                }
                Message::Close(frame) => {
                    return Err(Error::Closed(frame.map(|f| {
                        format!("{} {}", u16::from(f.code), f.reason.as_str())
                            .chars()
                            .filter(|c| !c.is_control())
                            .take(120)
                            .collect()
                    })));
                }
                Message::Binary(_) => return Err(Error::BadFrame("binary frame".into())),
                // Pings are answered by tungstenite itself; pongs only refresh last_seen.
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    }

    /// Receives the next message or gives up after `timeout`.
    ///
    /// # Errors
    /// [`Error::Timeout`], or as [`GateConnection::recv`].
    pub async fn recv_timeout(&mut self, timeout: Duration) -> Result<ServerMessage> {
        tokio::time::timeout(timeout, self.recv())
            .await
            .map_err(|_| Error::Timeout("a server message"))?
    }

    /// Closes the connection politely (best effort).
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(1), self.ws.close(None)).await;
    }
}

/// Longest `Retry-After` a gate honours (a longer one is read as this).
const MAX_RETRY_AFTER: Duration = Duration::from_secs(300);

/// A `Retry-After` in whole seconds (the form Tessera sends), capped at
/// [`MAX_RETRY_AFTER`]; `None` when absent or not a number.
fn retry_after(headers: &tungstenite::http::HeaderMap) -> Option<Duration> {
    let seconds: u64 = headers
        .get(tungstenite::http::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()?;
    Some(Duration::from_secs(seconds).min(MAX_RETRY_AFTER))
}

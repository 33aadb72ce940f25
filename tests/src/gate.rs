//! A gate device over a real WebSocket (PROTOCOL.md §6), speaking the protocol crate's message
//! types so the suite and the server cannot disagree on a field name by accident.
//!
//! Every receive has a timeout: a server that forgets to answer must fail the test quickly,
//! not hang the suite.

use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use tessera_protocol::messages::{
    Challenge, ErrorMessage, GateMessage, ScanResult, ServerMessage, WalkInStatus, Welcome,
};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

/// How long the server may take to answer one frame.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(5);

/// The raw socket type.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens the gate WebSocket with an optional bearer token, returning the handshake error as
/// is (a 401 is a `tungstenite::Error::Http` carrying the response).
///
/// # Errors
/// When the handshake fails.
pub async fn connect_raw(
    url: &str,
    token: Option<&str>,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    match token {
        Some(token) => connect_with(url, &[("Authorization", format!("Bearer {token}"))]).await,
        None => connect_with(url, &[]).await,
    }
}

/// Opens the gate WebSocket with these extra request headers (a browser gate's `Cookie`
/// and `Origin`, say), returning the handshake error as is.
///
/// # Errors
/// When the handshake fails.
pub async fn connect_with(
    url: &str,
    headers: &[(&'static str, String)],
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let mut request = url.into_client_request()?;
    for (name, value) in headers {
        let value = HeaderValue::from_str(value)
            .map_err(|e| tokio_tungstenite::tungstenite::Error::HttpFormat(e.into()))?;
        request.headers_mut().append(*name, value);
    }
    let (socket, _) = tokio_tungstenite::connect_async(request).await?;
    Ok(socket)
}

/// The HTTP status of a refused WebSocket upgrade, or `None` if the upgrade succeeded.
///
/// # Errors
/// When the connection failed for another reason than an HTTP answer.
pub async fn upgrade_status(url: &str, token: Option<&str>) -> Result<Option<u16>> {
    match connect_raw(url, token).await {
        Ok(_) => Ok(None),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            Ok(Some(response.status().as_u16()))
        }
        Err(e) => Err(anyhow!(
            "WebSocket handshake failed without an HTTP answer: {e}"
        )),
    }
}

/// A connected, authenticated gate device.
#[derive(Debug)]
pub struct Gate {
    socket: Socket,
    /// The `welcome` the server sent on connect.
    pub welcome: Welcome,
}

/// How a connection ended, as seen by the gate.
#[derive(Debug, PartialEq, Eq)]
pub enum Closed {
    /// A close frame with this code.
    Code(CloseCode),
    /// A close frame without a code, or the stream ended without one.
    NoCode,
}

impl Gate {
    /// Connects with `token` and reads the `welcome`.
    ///
    /// # Errors
    /// When the upgrade fails or the first frame is not a `welcome`.
    pub async fn connect(url: &str, token: &str) -> Result<Self> {
        let socket = connect_raw(url, Some(token))
            .await
            .context("open the gate WebSocket")?;
        Self::welcomed(socket).await
    }

    /// Connects as a browser gate does: the pairing cookie and an `Origin`.
    ///
    /// # Errors
    /// When the upgrade is refused or no `welcome` arrives.
    pub async fn connect_browser(url: &str, cookie: &str, origin: &str) -> Result<Self> {
        let socket = connect_with(
            url,
            &[("Cookie", cookie.to_owned()), ("Origin", origin.to_owned())],
        )
        .await
        .context("open the gate WebSocket with the pairing cookie")?;
        Self::welcomed(socket).await
    }

    async fn welcomed(socket: Socket) -> Result<Self> {
        let mut gate = Self {
            socket,
            welcome: Welcome {
                gate_id: Uuid::nil(),
                site: None,
                server_time: time::OffsetDateTime::UNIX_EPOCH,
                protocol: 0,
            },
        };
        match gate.recv().await? {
            ServerMessage::Welcome(welcome) => gate.welcome = welcome,
            other => bail!("expected welcome first, got {other:?}"),
        }
        Ok(gate)
    }

    /// Sends one gate message as a text frame.
    ///
    /// # Errors
    /// When the socket is closed.
    pub async fn send(&mut self, message: &GateMessage) -> Result<()> {
        let text = serde_json::to_string(message)?;
        self.send_frame(Message::text(text)).await
    }

    /// Sends any frame (binary, malformed JSON, oversized text…).
    ///
    /// # Errors
    /// When the socket is closed.
    pub async fn send_frame(&mut self, frame: Message) -> Result<()> {
        self.socket.send(frame).await.context("send a frame")
    }

    /// The next server message, within [`RECV_TIMEOUT`].
    ///
    /// # Errors
    /// On timeout, a closed socket, or a frame that is not a server message.
    pub async fn recv(&mut self) -> Result<ServerMessage> {
        self.recv_within(RECV_TIMEOUT).await
    }

    /// The next server message, within `limit`.
    ///
    /// # Errors
    /// On timeout, a closed socket, or a frame that is not a server message.
    pub async fn recv_within(&mut self, limit: Duration) -> Result<ServerMessage> {
        loop {
            let frame = tokio::time::timeout(limit, self.socket.next())
                .await
                .map_err(|_| anyhow!("no server message within {limit:?}"))?
                .context("the server closed the WebSocket")?
                .context("read a frame")?;
            match frame {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str())
                        .with_context(|| format!("not a server message: {}", text.as_str()));
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => bail!("expected a text frame, got {other:?}"),
            }
        }
    }

    /// The next frame as raw JSON (to check field presence the typed message hides).
    ///
    /// # Errors
    /// On timeout, a closed socket or a non-JSON frame.
    pub async fn recv_json(&mut self) -> Result<serde_json::Value> {
        loop {
            let frame = tokio::time::timeout(RECV_TIMEOUT, self.socket.next())
                .await
                .map_err(|_| anyhow!("no server message within {RECV_TIMEOUT:?}"))?
                .context("the server closed the WebSocket")?
                .context("read a frame")?;
            match frame {
                Message::Text(text) => {
                    return serde_json::from_str(text.as_str())
                        .with_context(|| format!("not JSON: {}", text.as_str()));
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => bail!("expected a text frame, got {other:?}"),
            }
        }
    }

    /// Reads until the server closes the connection, ignoring other frames.
    ///
    /// # Errors
    /// When the server neither closes nor ends the stream in time.
    pub async fn closed(&mut self) -> Result<Closed> {
        let deadline = tokio::time::Instant::now() + RECV_TIMEOUT;
        loop {
            let next = tokio::time::timeout_at(deadline, self.socket.next())
                .await
                .map_err(|_| anyhow!("the server did not close within {RECV_TIMEOUT:?}"))?;
            match next {
                Some(Ok(Message::Close(Some(frame)))) => return Ok(Closed::Code(frame.code)),
                Some(Ok(Message::Close(None))) | None => return Ok(Closed::NoCode),
                Some(Ok(_)) => {}
                Some(Err(e)) => bail!("the connection broke without a close frame: {e}"),
            }
        }
    }

    /// Sends a `scan` with a fresh `scan_id` and returns it with the answer.
    ///
    /// # Errors
    /// When sending or receiving fails.
    pub async fn scan(&mut self, code: &str) -> Result<(Uuid, ServerMessage)> {
        let scan_id = Uuid::new_v4();
        let answer = self.scan_as(scan_id, code).await?;
        Ok((scan_id, answer))
    }

    /// Sends a `scan` with the given `scan_id` and returns the answer.
    ///
    /// # Errors
    /// When sending or receiving fails.
    pub async fn scan_as(&mut self, scan_id: Uuid, code: &str) -> Result<ServerMessage> {
        self.send(&GateMessage::Scan {
            scan_id,
            code: code.to_owned(),
        })
        .await?;
        self.recv().await
    }

    /// Sends a `response` and returns the answer.
    ///
    /// # Errors
    /// When sending or receiving fails.
    pub async fn respond(
        &mut self,
        scan_id: Uuid,
        nonce: &str,
        response: &str,
    ) -> Result<ServerMessage> {
        self.send(&GateMessage::Response {
            scan_id,
            nonce: nonce.to_owned(),
            response: response.to_owned(),
        })
        .await?;
        self.recv().await
    }

    /// Scans `code`, expecting a challenge.
    ///
    /// # Errors
    /// When the answer is not a challenge for that scan.
    pub async fn challenge(&mut self, code: &str) -> Result<Challenge> {
        let (scan_id, answer) = self.scan(code).await?;
        match answer {
            ServerMessage::Challenge(challenge) if challenge.scan_id == scan_id => Ok(challenge),
            other => bail!("expected a challenge for scan {scan_id}, got {other:?}"),
        }
    }

    /// Relays `response` for `challenge`, expecting a result.
    ///
    /// # Errors
    /// When the answer is not a result.
    pub async fn answer(&mut self, challenge: &Challenge, response: &str) -> Result<ScanResult> {
        let nonce = challenge.nonce.to_string();
        match self.respond(challenge.scan_id, &nonce, response).await? {
            ServerMessage::Result(result) => Ok(result),
            other => bail!("expected a result, got {other:?}"),
        }
    }

    /// Sends a `walk_in` frame (issue 16) and returns the answer, whatever it is.
    ///
    /// # Errors
    /// When sending or receiving fails.
    pub async fn walk_in(&mut self, request: &WalkIn) -> Result<ServerMessage> {
        self.send(&request.frame()).await?;
        self.recv().await
    }

    /// Sends a `walk_in` frame, expecting the request's state back.
    ///
    /// # Errors
    /// When the answer is not a `walk_in` for that request.
    pub async fn walk_in_status(&mut self, request: &WalkIn) -> Result<WalkInStatus> {
        match self.walk_in(request).await? {
            ServerMessage::WalkIn(status) if status.request_id == request.request_id => Ok(status),
            other => bail!(
                "expected the walk_in state of request {}, got {other:?}",
                request.request_id
            ),
        }
    }

    /// The next message, which must be a `walk_in` the server pushed, within `limit`.
    ///
    /// # Errors
    /// On timeout or another message.
    pub async fn pushed_walk_in(&mut self, limit: Duration) -> Result<WalkInStatus> {
        match self.recv_within(limit).await? {
            ServerMessage::WalkIn(status) => Ok(status),
            other => bail!("expected a pushed walk_in, got {other:?}"),
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}

/// One walk-in request as a gate keeps it for every resend (issue 16): the same
/// `request_id` and content each time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkIn {
    /// Made by the gate, once per request.
    pub request_id: Uuid,
    /// Whom the guard is holding.
    pub visitor_name: String,
    /// The host asked.
    pub host_id: Uuid,
    /// The guard's note.
    pub note: Option<String>,
}

impl WalkIn {
    /// A new request (fresh `request_id`) for `visitor_name` to see `host_id`.
    pub fn new(visitor_name: &str, host_id: Uuid, note: Option<&str>) -> Self {
        Self {
            request_id: Uuid::new_v4(),
            visitor_name: visitor_name.to_owned(),
            host_id,
            note: note.map(str::to_owned),
        }
    }

    /// The frame.
    pub fn frame(&self) -> GateMessage {
        GateMessage::WalkIn {
            request_id: self.request_id,
            visitor_name: self.visitor_name.clone(),
            host_id: self.host_id,
            note: self.note.clone(),
        }
    }
}

/// The error of a message that must be an `error`.
///
/// # Errors
/// When it is another message.
pub fn into_error(message: ServerMessage) -> Result<ErrorMessage> {
    match message {
        ServerMessage::Error(error) => Ok(error),
        other => bail!("expected an error message, got {other:?}"),
    }
}

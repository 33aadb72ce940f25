//! The gate WebSocket, `GET /v1/gate/ws` (TSR1 §6).
//!
//! The device token is checked before the upgrade, so an unauthenticated client never gets
//! a socket; a verified gate then waits its turn in this replica's budget of new sockets
//! per second (`crate::reconnects`: `503` with a spread `Retry-After` past it). Each
//! connection holds a permit from a bounded pool; frames are capped at 16 KiB; each message
//! is rate-limited per gate device and every database step runs under a deadline, so a slow
//! database yields a retryable `error` instead of a hung guard.
//! Messages of one connection are handled in order (a gate waits for each answer anyway).
//! Only a storage failure is answered `storage_unavailable` (retryable); any other fault is
//! logged at error level and answered `internal` (not retryable), so a gate stops resending
//! what cannot succeed. Refused frames are audited in aggregate: one `rate_limited` event
//! per connection and minute, never one per frame.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocketUpgrade};
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use tessera_protocol::messages::{ErrorCode, ErrorMessage, GateMessage, ServerMessage, Welcome};
use tracing::Instrument;
use uuid::Uuid;

use crate::http::bearer_token;
use crate::state::AppState;
use tessera_domain::events::{CapScope, ConnectionRefused, Details, GateSocketEvent, RateLimited};
use tessera_store::{GateRow, GateSocket};

/// Largest accepted frame or message.
pub const MAX_FRAME_BYTES: usize = 16 * 1024;
/// Initial read buffer per connection.
const READ_BUFFER_BYTES: usize = 4 * 1024;
/// Most bytes queued for a gate that does not read (a slow client cannot hold more).
const WRITE_BUFFER_LIMIT_BYTES: usize = 256 * 1024;
/// How often the server pings an idle gate.
const PING_EVERY: Duration = Duration::from_secs(30);
/// A gate silent for this long (no message, no pong) is disconnected.
const SILENCE_LIMIT: Duration = Duration::from_secs(90);

/// WebSocket close code for a message that is too big.
const CLOSE_TOO_BIG: u16 = 1009;
/// WebSocket close code for a protocol violation.
const CLOSE_PROTOCOL_ERROR: u16 = 1002;
/// WebSocket close code for a text frame that is not UTF-8.
const CLOSE_INVALID_DATA: u16 = 1007;
/// WebSocket close code for a policy violation: the gate's credential was revoked.
const CLOSE_POLICY: u16 = 1008;
/// WebSocket close code for a server going away.
const CLOSE_GOING_AWAY: u16 = 1001;

/// The gate WebSocket's route, merged into [`crate::http::router`] by the app.
pub fn router() -> Router<AppState> {
    Router::new().route("/v1/gate/ws", get(upgrade))
}

async fn upgrade(
    State(state): State<AppState>,
    crate::http::Peer(peer): crate::http::Peer,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let source = state.sources.source(&headers, peer);
    // A native gate sends `Authorization: Bearer`; a browser gate cannot, and sends its
    // pairing cookie, accepted only from this server's own origin (`http::pairing`).
    let token = match bearer_token(&headers) {
        Some(token) => token,
        None => match crate::http::cookie_credential(&headers) {
            Some(token) if state.own_origin.matches(&headers) => token,
            Some(_) => {
                crate::http::auth_failed(&state, source, "gate_ws_origin", true);
                return crate::Error::Forbidden.into_response();
            }
            None => {
                if let Err(refused) = crate::http::refuse_spent_source(&state, source, "gate_ws") {
                    return refused.into_response();
                }
                crate::http::auth_failed(&state, source, "gate_ws", false);
                return crate::Error::Unauthorized.into_response();
            }
        },
    };
    let credential = tessera_flows::credentials::hash(token);
    // Another's failures at this address do not keep a gate that verified lately out.
    if let Err(refused) = crate::http::admit_credential(&state, source, &credential, "gate_ws") {
        return refused.into_response();
    }
    let gate = match state.store.gates().gate_by_token_hash(&credential).await {
        Ok(Some(gate)) => {
            state.sources.verified(&credential);
            gate
        }
        Ok(None) => {
            state.sources.forget(&credential);
            crate::http::auth_failed(&state, source, "gate_ws", true);
            return crate::Error::Unauthorized.into_response();
        }
        Err(error) => return crate::Error::from(error).into_response(),
    };
    // A reconnect storm waits its turn here, before it costs the database anything more.
    let visitor_waiting = headers
        .get(tessera_protocol::messages::PENDING_SCANS_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok())
        .is_some_and(|n| n > 0);
    if let crate::reconnects::Connect::RetryAfter(seconds) =
        state.gate_connects.try_connect(visitor_waiting)
    {
        tessera_flows::metrics::get().rate_limited("gate_connect");
        tracing::debug!(gate_id = %gate.id, seconds, "deferring a gate connection");
        return retry_later(
            StatusCode::SERVICE_UNAVAILABLE,
            "reconnect_later",
            format!("this server is opening many gate connections; come back in {seconds} s"),
            seconds,
        );
    }
    let slot = match state.gate_sockets.open(gate.id, gate.org_id) {
        Ok(slot) => slot,
        Err(cap) => return refuse_over_cap(&state, &gate, cap).await,
    };
    let Ok(permit) = state.gate_connections.clone().try_acquire_owned() else {
        tracing::warn!(gate_id = %gate.id, "refusing gate connection: connection limit reached");
        return (StatusCode::SERVICE_UNAVAILABLE, "too many gate connections").into_response();
    };
    // Small buffers: tungstenite's defaults (128 KiB each way) would cost ~140 KiB per idle
    // gate, 1.4 GB for 10,000; frames are capped at 16 KiB and grow the buffer on demand.
    ws.max_message_size(MAX_FRAME_BYTES)
        .max_frame_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(WRITE_BUFFER_LIMIT_BYTES)
        .on_upgrade(move |socket| async move {
            let (sink, stream) = socket.split();
            serve_gate(state, gate, credential, sink, stream).await;
            // Released only now, so shutdown can wait for every socket to finish.
            drop(permit);
            drop(slot);
        })
}

/// 429 for a gate device or tenant at its socket cap, audited at most once a minute per gate.
async fn refuse_over_cap(
    state: &AppState,
    gate: &GateRow,
    cap: crate::state::CapReached,
) -> Response {
    tracing::warn!(gate_id = %gate.id, scope = cap.scope(), limit = cap.limit(), "refusing gate connection over its cap");
    if state.gate_sockets.audit_refusal_now(gate.id) {
        let event = tessera_domain::audit::event(
            tessera_domain::audit::Severity::Warning,
            tessera_domain::audit::Subject {
                org_id: Some(gate.org_id),
                gate_id: Some(gate.id),
                pass_id: None,
            },
            Details::GateConnectionRefused(ConnectionRefused {
                cap: match cap {
                    crate::state::CapReached::Gate(_) => CapScope::Gate,
                    crate::state::CapReached::Tenant(_) => CapScope::Tenant,
                },
                limit: u64::try_from(cap.limit()).unwrap_or(u64::MAX),
            }),
        );
        if let Err(error) = state.store.audit().insert_audit(&event).await {
            tracing::warn!(%error, "could not audit a refused gate connection");
        }
    }
    let message = match cap {
        crate::state::CapReached::Gate(limit) => {
            format!("this gate device already holds {limit} connections, the most allowed")
        }
        crate::state::CapReached::Tenant(limit) => {
            format!("this organisation's gates already hold {limit} connections, the most allowed")
        }
    };
    retry_later(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_connections",
        message,
        5,
    )
}

/// A refused upgrade with its error body and `Retry-After`.
fn retry_later(status: StatusCode, code: &str, message: String, seconds: u64) -> Response {
    let mut response = (
        status,
        axum::Json(crate::error::ErrorBody {
            error: crate::error::ErrorDetail {
                code: code.to_owned(),
                message,
                field: None,
            },
        }),
    )
        .into_response();
    response.headers_mut().insert(
        axum::http::header::RETRY_AFTER,
        axum::http::HeaderValue::from(seconds),
    );
    response
}

/// Serves one gate connection over any message sink and stream (a real socket, or channels
/// in tests).
pub async fn serve_gate<S, R>(
    state: AppState,
    gate: GateRow,
    credential: [u8; 32],
    sink: S,
    stream: R,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let span = tracing::info_span!("gate_connection", gate_id = %gate.id);
    let socket = GateSocket {
        id: Uuid::new_v4(),
        gate_id: gate.id,
    };
    presence(&state, &gate, socket, true)
        .instrument(span.clone())
        .await;
    let mut refused = RefusedFrames::default();
    serve_frames(&state, &gate, &credential, &mut refused, sink, stream)
        .instrument(span.clone())
        .await;
    refused.flush(&state, &gate).instrument(span.clone()).await;
    presence(&state, &gate, socket, false)
        .instrument(span)
        .await;
}

/// How often a replica marks the gate sockets it holds as still open (`http::gates` counts
/// a socket as open while its row is fresh).
pub const PRESENCE_EVERY: Duration = Duration::from_secs(20);

/// Records a gate socket opening or closing, with its `gate_connected` or
/// `gate_disconnected` event, so every replica's console sees it; the store group-commits
/// the changes of gates connecting at once. A failure is logged and the gate keeps its
/// socket: presence must never cost an admission.
async fn presence(state: &AppState, gate: &GateRow, socket: GateSocket, open: bool) {
    let held = GateSocketEvent {
        socket_id: socket.id,
        replica_id: state.replica_id,
    };
    let (details, context) = if open {
        (Details::GateConnected(held), "record an open gate socket")
    } else {
        (
            Details::GateDisconnected(held),
            "record a closed gate socket",
        )
    };
    let event = tessera_domain::audit::event(
        tessera_domain::audit::Severity::Info,
        tessera_domain::audit::Subject {
            org_id: Some(gate.org_id),
            gate_id: Some(gate.id),
            pass_id: None,
        },
        details,
    );
    let change = tessera_store::SocketChange {
        socket,
        change: if open {
            tessera_store::SocketMove::Opened {
                replica_id: state.replica_id,
            }
        } else {
            tessera_store::SocketMove::Closed
        },
        at_ms: tessera_domain::now_ms(),
        event,
    };
    let recorded = state.store.record_gate_socket(change).await;
    if let Err(error) = recorded {
        tracing::warn!(%error, gate_id = %gate.id, "could not {context}");
    }
}

/// Refreshes this replica's open gate sockets every [`PRESENCE_EVERY`], until shutdown.
pub async fn refresh_presence(state: AppState) {
    let mut every = tokio::time::interval(PRESENCE_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut shutdown = state.shutdown.clone();
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = shutdown.changed() => return,
        }
        if let Err(error) = state
            .store
            .backend()
            .touch_gate_sockets(state.replica_id, tessera_domain::now_ms())
            .await
        {
            tracing::warn!(%error, "could not refresh this replica's gate sockets");
        }
    }
}

/// Frames refused for the gate's rate on one connection, counted per minute window.
#[derive(Debug, Default)]
struct RefusedFrames {
    window_start_ms: i64,
    frames: u64,
}

impl RefusedFrames {
    const WINDOW_MS: i64 = 60_000;

    /// Counts one refused frame; when it opens a new minute, the previous minute's count is
    /// returned to be audited.
    fn count(&mut self, now_ms: i64) -> Option<(i64, u64)> {
        let window = now_ms - now_ms.rem_euclid(Self::WINDOW_MS);
        let closed = (window != self.window_start_ms && self.frames > 0)
            .then_some((self.window_start_ms, self.frames));
        if window != self.window_start_ms {
            self.window_start_ms = window;
            self.frames = 0;
        }
        self.frames += 1;
        closed
    }

    /// Audits the count of the current window, if any.
    async fn flush(&mut self, state: &AppState, gate: &GateRow) {
        if self.frames > 0 {
            audit_refused(state, gate, self.window_start_ms, self.frames).await;
            self.frames = 0;
        }
    }
}

async fn audit_refused(state: &AppState, gate: &GateRow, window_start_ms: i64, frames: u64) {
    let event = tessera_domain::audit::event(
        tessera_domain::audit::Severity::Warning,
        tessera_domain::audit::Subject {
            org_id: Some(gate.org_id),
            gate_id: Some(gate.id),
            pass_id: None,
        },
        Details::RateLimited(RateLimited {
            frames,
            window_start: tessera_domain::rfc3339(window_start_ms),
            window_s: RefusedFrames::WINDOW_MS / 1000,
        }),
    );
    if let Err(error) = state.store.audit().insert_audit(&event).await {
        tracing::warn!(%error, frames, "could not audit rate-limited frames");
    }
}

async fn serve_frames<S, R>(
    state: &AppState,
    gate: &GateRow,
    credential: &[u8; 32],
    refused: &mut RefusedFrames,
    mut sink: S,
    mut stream: R,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    tracing::info!(gate_id = %gate.id, "gate connected");
    let welcome = ServerMessage::Welcome(Welcome {
        gate_id: gate.id,
        site: gate.site.clone(),
        server_time: time::OffsetDateTime::now_utc(),
        protocol: tessera_protocol::PROTOCOL_VERSION,
    });
    if send(&mut sink, &welcome).await.is_err() {
        return;
    }
    let mut shutdown = state.shutdown.clone();
    let mut revocations = state.gate_revocations.subscribe();
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut last_heard = Instant::now();
    let mut issued_here = tessera_flows::redemption::Issued::default();
    // Walk-in requests this socket sent that are still open, with the state it last sent:
    // each change is pushed (`docs/protocol.md`, walk-ins), woken by any commit here or on
    // another replica, and looked at every second regardless.
    let mut watched = Watched::default();
    let mut wake = state.feed.subscribe();
    let mut walk_in_tick = tokio::time::interval(Duration::from_secs(1));
    walk_in_tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let frame = tokio::select! {
            frame = stream.next() => frame,
            Ok(()) = wake.changed(), if !watched.is_empty() => {
                if watched.push_changes(state, gate, &mut sink).await.is_err() {
                    break;
                }
                continue;
            }
            _ = walk_in_tick.tick(), if !watched.is_empty() => {
                if watched.push_changes(state, gate, &mut sink).await.is_err() {
                    break;
                }
                continue;
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE_LIMIT {
                    tracing::info!(gate_id = %gate.id, "closing silent gate connection");
                    break;
                }
                // A credential revoked or rotated through another replica ends here too.
                if !still_valid(state, gate, credential).await {
                    let _ = sink.send(close(CLOSE_POLICY, "gate credential revoked")).await;
                    break;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
                continue;
            }
            revoked = revocations.recv() => {
                let gone = match revoked {
                    Ok(id) => id == gate.id && !still_valid(state, gate, credential).await,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        !still_valid(state, gate, credential).await
                    }
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => false,
                };
                if gone {
                    tracing::info!(gate_id = %gate.id, "closing a revoked gate's connection");
                    let _ = sink.send(close(CLOSE_POLICY, "gate credential revoked")).await;
                    break;
                }
                continue;
            }
            _ = shutdown.changed() => {
                let _ = sink.send(close(CLOSE_GOING_AWAY, "server shutting down")).await;
                break;
            }
        };
        last_heard = Instant::now();
        let reply = match frame {
            None => break,
            Some(Err(error)) => {
                tracing::info!(gate_id = %gate.id, %error, "gate connection error");
                let _ = sink.send(close_for_error(&error.to_string())).await;
                break;
            }
            Some(Ok(Message::Close(_))) => break,
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Binary(_))) => {
                bad_request(None, "binary frames are not part of TSR1; send JSON text")
            }
            Some(Ok(Message::Text(text))) => {
                let reply =
                    handle_text(state, gate, refused, &mut issued_here, text.as_str()).await;
                watched.note(&reply);
                reply
            }
        };
        if send(&mut sink, &reply).await.is_err() {
            break;
        }
    }
    tracing::info!(gate_id = %gate.id, "gate disconnected");
}

/// Whether the connection's credential still names this gate (not revoked, not rotated by
/// a new pairing). A storage failure keeps the connection: a flaky database must not cut
/// every guard off.
async fn still_valid(state: &AppState, gate: &GateRow, credential: &[u8; 32]) -> bool {
    match state.store.gates().gate_by_token_hash(credential).await {
        Ok(found) => found.is_some_and(|found| found.id == gate.id),
        Err(error) => {
            tracing::debug!(%error, gate_id = %gate.id, "could not recheck a gate credential");
            true
        }
    }
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }))
}

/// The RFC 6455 close frame for a read error. axum hides tungstenite's error type, so its
/// stable `Display` prefixes decide: capacity → 1009, bad UTF-8 → 1007, else 1002.
fn close_for_error(error: &str) -> Message {
    if error.contains("Space limit exceeded") || error.contains("too long") {
        close(CLOSE_TOO_BIG, "message too big (16 KiB at most)")
    } else if error.contains("UTF-8") {
        close(CLOSE_INVALID_DATA, "text frames must be UTF-8")
    } else {
        close(CLOSE_PROTOCOL_ERROR, "WebSocket protocol violation")
    }
}

async fn send<S: Sink<Message> + Unpin>(sink: &mut S, message: &ServerMessage) -> Result<(), ()> {
    let text = serde_json::to_string(message).map_err(|_| ())?;
    sink.send(Message::Text(text.into())).await.map_err(|_| ())
}

fn bad_request(scan_id: Option<Uuid>, message: &str) -> ServerMessage {
    ServerMessage::Error(ErrorMessage {
        scan_id,
        request_id: None,
        code: ErrorCode::BadRequest,
        message: message.to_owned(),
        retryable: false,
    })
}

/// Decodes and handles one text frame.
async fn handle_text(
    state: &AppState,
    gate: &GateRow,
    refused: &mut RefusedFrames,
    issued_here: &mut tessera_flows::redemption::Issued,
    text: &str,
) -> ServerMessage {
    let message = match serde_json::from_str::<GateMessage>(text) {
        Ok(message) => message,
        Err(_) => {
            // Echo the scan id when the frame has a readable one, so the gate can match it.
            let scan_id = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| {
                    v.get("scan_id")
                        .and_then(|s| s.as_str())
                        .and_then(|s| s.parse().ok())
                });
            return bad_request(
                scan_id,
                "not a valid TSR1 gate message (type scan, response, walk_in, muster_scan or muster_response; exact fields)",
            );
        }
    };
    let scan_id = match &message {
        GateMessage::Scan { scan_id, .. }
        | GateMessage::Response { scan_id, .. }
        | GateMessage::MusterScan { scan_id, .. }
        | GateMessage::MusterResponse { scan_id, .. } => *scan_id,
        GateMessage::WalkIn {
            request_id,
            visitor_name,
            host_id,
            note,
        } => {
            let asked = tessera_flows::walk_ins::Asked {
                request_id: *request_id,
                visitor_name,
                host_id: *host_id,
                note: note.as_deref(),
            };
            return walk_in(state, gate, refused, asked).await;
        }
    };
    if !state.gate_limits.allow(gate.id) {
        tessera_flows::metrics::get().rate_limited("gate_frames");
        if let Some((window_start_ms, frames)) = refused.count(tessera_domain::now_ms()) {
            audit_refused(state, gate, window_start_ms, frames).await;
        }
        return ServerMessage::Error(ErrorMessage::new(Some(scan_id), ErrorCode::RateLimited));
    }
    let is_scan = matches!(
        message,
        GateMessage::Scan { .. } | GateMessage::MusterScan { .. }
    );
    let started = Instant::now();
    let reply = answer(state, gate, issued_here, &message, scan_id).await;
    tessera_flows::metrics::get().gate_answer(is_scan, &reply, started.elapsed());
    reply
}

/// Runs one scan or response under the operation deadline and turns its failure into the
/// gate's error frame.
async fn answer(
    state: &AppState,
    gate: &GateRow,
    issued_here: &mut tessera_flows::redemption::Issued,
    message: &GateMessage,
    scan_id: Uuid,
) -> ServerMessage {
    let work = async {
        match message {
            GateMessage::Scan { scan_id, code } => {
                tessera_flows::redemption::scan(
                    &state.redemption,
                    gate,
                    issued_here,
                    *scan_id,
                    code,
                )
                .await
            }
            GateMessage::Response {
                scan_id,
                nonce,
                response,
            } => {
                tessera_flows::redemption::respond(
                    &state.redemption,
                    gate,
                    issued_here,
                    *scan_id,
                    nonce,
                    response,
                )
                .await
            }
            GateMessage::MusterScan { scan_id, code } => {
                tessera_flows::roll_calls::muster_scan(&state.redemption, gate, *scan_id, code)
                    .await
            }
            GateMessage::MusterResponse {
                scan_id,
                nonce,
                response,
            } => {
                tessera_flows::roll_calls::muster_respond(
                    &state.redemption,
                    gate,
                    *scan_id,
                    nonce,
                    response,
                )
                .await
            }
            // Answered before this point (`handle_text`).
            GateMessage::WalkIn { .. } => Err(tessera_flows::Error::Internal(
                "a walk-in reached the scan path",
            )),
        }
    };
    match tokio::time::timeout(state.settings.operation_timeout, work).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(error)) if error.is_storage() => {
            tracing::warn!(gate_id = %gate.id, %scan_id, %error, "gate request failed in storage");
            ServerMessage::Error(ErrorMessage::new(
                Some(scan_id),
                ErrorCode::StorageUnavailable,
            ))
        }
        Ok(Err(error)) => {
            tracing::error!(gate_id = %gate.id, %scan_id, %error, "gate request cannot be answered");
            ServerMessage::Error(ErrorMessage::new(Some(scan_id), ErrorCode::Internal))
        }
        Err(_) => {
            tracing::warn!(gate_id = %gate.id, %scan_id, "gate request timed out");
            ServerMessage::Error(ErrorMessage::new(Some(scan_id), ErrorCode::Timeout))
        }
    }
}

/// Answers a `walk_in` frame under the gate's frame budget and the operation deadline; its
/// errors name the request (`request_id`), not a scan.
async fn walk_in(
    state: &AppState,
    gate: &GateRow,
    refused: &mut RefusedFrames,
    asked: tessera_flows::walk_ins::Asked<'_>,
) -> ServerMessage {
    let error = |code: ErrorCode| {
        ServerMessage::Error(ErrorMessage {
            request_id: Some(asked.request_id),
            ..ErrorMessage::new(None, code)
        })
    };
    if !state.gate_limits.allow(gate.id) {
        tessera_flows::metrics::get().rate_limited("gate_frames");
        if let Some((window_start_ms, frames)) = refused.count(tessera_domain::now_ms()) {
            audit_refused(state, gate, window_start_ms, frames).await;
        }
        return error(ErrorCode::RateLimited);
    }
    let work = tessera_flows::walk_ins::ask(
        &state.store,
        &state.mailer,
        state.settings.approval_timeout,
        gate,
        asked,
    );
    match tokio::time::timeout(state.settings.operation_timeout, work).await {
        Ok(Ok(reply)) => reply,
        Ok(Err(failure)) if failure.is_storage() => {
            tracing::warn!(gate_id = %gate.id, request_id = %asked.request_id, error = %failure, "walk-in failed in storage");
            error(ErrorCode::StorageUnavailable)
        }
        Ok(Err(failure)) => {
            tracing::error!(gate_id = %gate.id, request_id = %asked.request_id, error = %failure, "walk-in cannot be answered");
            error(ErrorCode::Internal)
        }
        Err(_) => error(ErrorCode::Timeout),
    }
}

/// The walk-in requests a socket watches, each with the state it last sent.
#[derive(Debug, Default)]
struct Watched {
    open: std::collections::HashMap<Uuid, tessera_protocol::messages::WalkInState>,
}

impl Watched {
    fn is_empty(&self) -> bool {
        self.open.is_empty()
    }

    /// Starts (or stops) watching the request an answer names.
    fn note(&mut self, reply: &ServerMessage) {
        if let ServerMessage::WalkIn(status) = reply {
            if status.state == tessera_protocol::messages::WalkInState::Waiting {
                self.open.insert(status.request_id, status.state);
            } else {
                self.open.remove(&status.request_id);
            }
        }
    }

    /// Sends each watched request whose state changed; a closed one is then forgotten. A
    /// storage failure keeps watching (the next wake-up or second reads again).
    async fn push_changes<S: Sink<Message> + Unpin>(
        &mut self,
        state: &AppState,
        gate: &GateRow,
        sink: &mut S,
    ) -> Result<(), ()> {
        let ids: Vec<Uuid> = self.open.keys().copied().collect();
        for request_id in ids {
            let status =
                match tessera_flows::walk_ins::current(&state.store, gate.id, request_id).await {
                    Ok(Some(status)) => status,
                    Ok(None) => {
                        self.open.remove(&request_id);
                        continue;
                    }
                    Err(error) => {
                        tracing::debug!(%error, %request_id, "could not reread a walk-in");
                        continue;
                    }
                };
            if self.open.get(&request_id) == Some(&status.state) {
                continue;
            }
            let message = ServerMessage::WalkIn(status);
            send(sink, &message).await?;
            self.note(&message);
        }
        Ok(())
    }
}

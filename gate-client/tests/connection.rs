//! `GateConnection` over a real socket against a minimal fake gate endpoint.
#![allow(clippy::result_large_err)] // tungstenite's handshake callback signature

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tessera_gate::{DeviceToken, Error, GateConnection};
use tessera_protocol::messages::{DenyReason, GateMessage, ScanResult, ServerMessage, Welcome};
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::StatusCode;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

const TOKEN: &str = "good-token";

/// Accepts one connection: 401 unless the bearer token is right, then welcome, then answers
/// every scan with a stale_code denial.
async fn fake_server(gate_id: Uuid) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let (stream, _) = listener.accept().await.unwrap();
            tokio::spawn(async move {
                let check = |req: &Request, resp: Response| -> Result<Response, ErrorResponse> {
                    let ok = req
                        .headers()
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        == Some(&format!("Bearer {TOKEN}"));
                    if ok {
                        Ok(resp)
                    } else {
                        let mut err = ErrorResponse::new(None);
                        *err.status_mut() = StatusCode::UNAUTHORIZED;
                        Err(err)
                    }
                };
                let Ok(mut ws) = tokio_tungstenite::accept_hdr_async(stream, check).await else {
                    return;
                };
                let welcome = ServerMessage::Welcome(Welcome {
                    gate_id,
                    site: None,
                    server_time: time::OffsetDateTime::now_utc(),
                    protocol: 1,
                });
                ws.send(Message::text(serde_json::to_string(&welcome).unwrap()))
                    .await
                    .unwrap();
                ws.send(Message::text("not json")).await.unwrap();
                while let Some(Ok(frame)) = ws.next().await {
                    if let Message::Text(text) = frame {
                        let msg: GateMessage = serde_json::from_str(text.as_str()).unwrap();
                        let GateMessage::Scan { scan_id, .. } = msg else {
                            continue;
                        };
                        let denial = ServerMessage::Result(ScanResult::denied(
                            scan_id,
                            DenyReason::StaleCode,
                        ));
                        ws.send(Message::text(serde_json::to_string(&denial).unwrap()))
                            .await
                            .unwrap();
                    }
                }
            });
        }
    });
    format!("ws://{addr}/v1/gate/ws")
}

#[tokio::test]
async fn connects_sends_and_receives_typed_messages() {
    let gate_id = Uuid::new_v4();
    let url = fake_server(gate_id).await;

    let bad = DeviceToken::new("wrong").unwrap();
    let err = GateConnection::connect(&url, &bad, Duration::from_secs(5))
        .await
        .unwrap_err();
    assert!(matches!(err, Error::Unauthorized), "{err}");

    let token = DeviceToken::new(TOKEN).unwrap();
    assert!(!format!("{token:?}").contains(TOKEN));
    let mut conn = GateConnection::connect(&url, &token, Duration::from_secs(5))
        .await
        .unwrap();
    assert_eq!(conn.welcome().gate_id, gate_id);
    // A broken frame is reported but the connection stays usable.
    assert!(matches!(conn.recv().await, Err(Error::BadFrame(_))));
    let scan_id = Uuid::new_v4();
    conn.send(&GateMessage::Scan {
        scan_id,
        code: "TSR1:x".into(),
    })
    .await
    .unwrap();
    conn.ping().await.unwrap();
    let reply = conn.recv_timeout(Duration::from_secs(5)).await.unwrap();
    assert!(matches!(reply, ServerMessage::Result(r) if r.scan_id == scan_id));
    assert!(matches!(
        conn.recv_timeout(Duration::from_millis(100)).await,
        Err(Error::Timeout(_))
    ));
    conn.close().await;

    assert!(matches!(
        GateConnection::connect("http://x", &token, Duration::from_secs(1)).await,
        Err(Error::BadServerUrl(_))
    ));
}

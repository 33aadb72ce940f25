//! In-process smoke test of the gate WebSocket on the embedded default: the server runs on
//! port 0 through `Application`, a real WebSocket client drives scan → challenge → response,
//! and the wallet side is computed with the protocol crate. The full conformance suite on
//! both backends lives in the workspace `tests/` crate; this one guards the library API.

// A test may unwrap and panic: a failure is the report (the workspace lints deny them in
// the server's own code).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tessera_protocol::messages::{GateMessage, Outcome, ServerMessage};
use tessera_protocol::{PassId, PassKeys, PublicKey, SecretKey, WalletChallenge};
use tessera_server::config::Settings;
use tessera_server::Application;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser)]
struct Args {
    #[command(flatten)]
    settings: Settings,
}

/// A server on the embedded default with a temporary database, on port 0, plus `extra`
/// flags; stopped when the sender is used or dropped.
struct Running {
    _dir: tempfile::TempDir,
    admin: String,
    addr: std::net::SocketAddr,
    stop: tokio::sync::oneshot::Sender<()>,
    server: tokio::task::JoinHandle<tessera_server::Result<()>>,
}

async fn start(extra: &[&str]) -> Running {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("t.db").display());
    let key_dir = dir.path().join("keys");
    let mut argv = vec![
        "test",
        "--listen",
        "127.0.0.1:0",
        "--database-url",
        &db,
        "--key-dir",
        key_dir.to_str().unwrap(),
    ];
    argv.extend_from_slice(extra);
    let args = Args::parse_from(argv);
    let (app, bootstrap) = Application::build(args.settings).await.unwrap();
    let admin = bootstrap.unwrap().admin_key.to_string();
    let addr = app.local_addr().unwrap();
    let (stop, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until_stopped(async {
        let _ = stop_rx.await;
    }));
    Running {
        _dir: dir,
        admin,
        addr,
        stop,
        server,
    }
}

#[tokio::test]
async fn admits_once_and_replays_the_stored_outcome() {
    let Running {
        _dir,
        admin,
        addr,
        stop: stop_tx,
        server,
    } = start(&[]).await;

    let http = reqwest::Client::new();
    let base = format!("http://{addr}");
    let post = |path: &str, body: Value| {
        http.post(format!("{base}{path}"))
            .bearer_auth(&admin)
            .json(&body)
            .send()
    };
    let pass: Value = post(
        "/v1/passes",
        json!({"label": "Ada", "valid_until": "2099-01-01T00:00:00Z"}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let gate: Value = post("/v1/gates", json!({"label": "North"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let wallet = SecretKey::generate(&mut rand::rngs::OsRng);
    let claim: Value = http
        .post(format!("{base}/v1/claims"))
        .json(&json!({
            "pass_id": pass["pass_id"],
            "claim_token": pass["claim_token"],
            "wallet_public_key": wallet.public_key().to_base64url(),
        }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let pass_id = PassId::new(pass["pass_id"].as_str().unwrap().parse().unwrap());
    let server_key =
        PublicKey::from_base64url(claim["server_public_key"].as_str().unwrap()).unwrap();
    let keys = PassKeys::for_wallet(&wallet, &server_key, pass_id).unwrap();

    let mut request = format!("ws://{addr}/v1/gate/ws")
        .into_client_request()
        .unwrap();
    request.headers_mut().insert(
        "authorization",
        format!("Bearer {}", gate["device_token"].as_str().unwrap())
            .parse()
            .unwrap(),
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    assert!(matches!(next(&mut ws).await, ServerMessage::Welcome(_)));

    let now = time::OffsetDateTime::now_utc().unix_timestamp() as u64;
    let scan_id = uuid::Uuid::new_v4();
    let code = keys.code_key.code_at(pass_id, now, 15).to_string();
    let send = |msg: GateMessage| Message::Text(serde_json::to_string(&msg).unwrap().into());
    ws.send(send(GateMessage::Scan { scan_id, code }))
        .await
        .unwrap();
    let challenge = match next(&mut ws).await {
        ServerMessage::Challenge(c) => c,
        other => panic!("expected a challenge, got {other:?}"),
    };
    let wallet_challenge: WalletChallenge = challenge.wallet_challenge.parse().unwrap();
    let answer = keys.response_key.respond(&wallet_challenge).to_string();
    let response = GateMessage::Response {
        scan_id,
        nonce: challenge.nonce.to_string(),
        response: answer,
    };
    for replayed in [false, true] {
        ws.send(send(response.clone())).await.unwrap();
        match next(&mut ws).await {
            ServerMessage::Result(result) => {
                assert_eq!(result.outcome, Outcome::Admitted);
                assert_eq!(result.replayed, replayed);
            }
            other => panic!("expected a result, got {other:?}"),
        }
    }
    let shown: Value = http
        .get(format!(
            "{base}/v1/passes/{}",
            pass["pass_id"].as_str().unwrap()
        ))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(shown["uses"], 1);
    assert_eq!(shown["state"], "used");

    let _ = stop_tx.send(());
    server.await.unwrap().unwrap();
}

async fn next<S>(ws: &mut S) -> ServerMessage
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    loop {
        if let Message::Text(text) = ws.next().await.unwrap().unwrap() {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// Issue 11, defect 8: shutdown waits for open gate sockets. A socket finishes the message
/// it is handling before the store closes (axum does not wait for upgraded connections), so
/// a gate busy at shutdown gets real answers and then a 1001 close, never a storage error
/// from a store that closed under it.
#[tokio::test]
async fn shutdown_lets_gate_sockets_finish_before_the_store_closes() {
    let Running {
        _dir,
        admin,
        addr,
        stop: stop_tx,
        server,
    } = start(&["--gate-rate-per-s", "100000"]).await;
    let gate: Value = reqwest::Client::new()
        .post(format!("http://{addr}/v1/gates"))
        .bearer_auth(&admin)
        .json(&json!({"label": "North"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = gate["device_token"].as_str().unwrap().to_owned();
    let mut sockets = Vec::new();
    for _ in 0..4 {
        let mut request = format!("ws://{addr}/v1/gate/ws")
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("authorization", format!("Bearer {token}").parse().unwrap());
        let (mut ws, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        assert!(matches!(next(&mut ws).await, ServerMessage::Welcome(_)));
        sockets.push(ws);
    }
    // Every socket keeps the server busy: each scan is a denial written to the database.
    for ws in &mut sockets {
        for _ in 0..200 {
            let scan = GateMessage::Scan {
                scan_id: uuid::Uuid::new_v4(),
                code: "TSR1:not-a-code".to_owned(),
            };
            ws.send(Message::Text(serde_json::to_string(&scan).unwrap().into()))
                .await
                .unwrap();
        }
    }
    let _ = next(&mut sockets[0]).await;
    let _ = stop_tx.send(());
    let mut answered = 0;
    for ws in &mut sockets {
        while let Some(Ok(frame)) = ws.next().await {
            match frame {
                Message::Text(text) => {
                    let reply: ServerMessage = serde_json::from_str(&text).unwrap();
                    assert!(
                        matches!(reply, ServerMessage::Result(_)),
                        "a busy gate at shutdown got {reply:?}"
                    );
                    answered += 1;
                }
                Message::Close(frame) => {
                    assert_eq!(frame.map(|f| u16::from(f.code)), Some(1001));
                    break;
                }
                _ => {}
            }
        }
    }
    assert!(answered > 0, "no scan was answered before the close");
    server.await.unwrap().unwrap();
}

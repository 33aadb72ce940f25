//! The whole gate loop against a fake server that drops the connection right after the
//! wallet's response: the gate must reconnect and resend the identical response, and show
//! the stored outcome.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tessera_gate::run::{run, GateConfig, EXIT_OK};
use tessera_gate::DeviceToken;
use tessera_protocol::messages::{
    Challenge, GateMessage, Outcome, PassSummary, ScanResult, ServerMessage, Welcome,
};
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

const CODE: &str = "TSR1:AGJPHJC3NR6Y5H5AWHBNHZHVAY:117629440:80238672";
const CHALLENGE: &str =
    "TSR1C:AGJPHJC3NR6Y5H5AWHBNHZHVAY:UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ";
const RESPONSE: &str = "TSR1R:AGJPHJC3NR6Y5H5AWHBNHZHVAY:HCEE5S6MNMNKJOEAQBSQT5FJ7Y";
const NONCE: &str = "UCQKBIFRWGY3DQWCYLBNHU6T2PSOJZHE6X27L5IGAYDAMFYXC4LQ";

fn pass() -> PassSummary {
    PassSummary {
        id: "0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506".parse().unwrap(),
        label: "Ada".into(),
    }
}

async fn flaky_server(gate_id: Uuid, log: Arc<Mutex<Vec<(usize, GateMessage)>>>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        for conn_no in 0.. {
            let (stream, _) = listener.accept().await.unwrap();
            let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
            let welcome = ServerMessage::Welcome(Welcome {
                gate_id,
                site: None,
                server_time: time::OffsetDateTime::now_utc(),
                protocol: 1,
            });
            ws.send(Message::text(serde_json::to_string(&welcome).unwrap()))
                .await
                .unwrap();
            while let Some(Ok(frame)) = ws.next().await {
                let Message::Text(text) = frame else { continue };
                let msg: GateMessage = serde_json::from_str(text.as_str()).unwrap();
                log.lock().unwrap().push((conn_no, msg.clone()));
                let reply = match msg {
                    GateMessage::Scan { scan_id, .. } => ServerMessage::Challenge(Challenge {
                        scan_id,
                        nonce: NONCE.parse().unwrap(),
                        wallet_challenge: CHALLENGE.into(),
                        expires_at: time::OffsetDateTime::now_utc() + time::Duration::seconds(30),
                        pass: pass(),
                    }),
                    // This gate takes no walk-ins and musters nobody.
                    GateMessage::WalkIn { .. }
                    | GateMessage::MusterScan { .. }
                    | GateMessage::MusterResponse { .. } => continue,
                    // First connection: the commit happens, the answer is lost with the link.
                    GateMessage::Response { .. } if conn_no == 0 => break,
                    GateMessage::Response { scan_id, .. } => ServerMessage::Result(ScanResult {
                        scan_id,
                        nonce: Some(NONCE.parse().unwrap()),
                        outcome: Outcome::Admitted,
                        reason: None,
                        replayed: true,
                        pass: Some(pass()),
                        first_admitted_at: None,
                        first_gate_id: None,
                        first_gate_label: None,
                        same_wallet: false,
                        age_s: None,
                        ahead_s: None,
                    }),
                };
                ws.send(Message::text(serde_json::to_string(&reply).unwrap()))
                    .await
                    .unwrap();
            }
        }
    });
    format!("ws://{addr}/v1/gate/ws")
}

#[tokio::test]
async fn a_dropped_connection_after_the_response_resends_it_and_shows_the_stored_outcome() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let server = flaky_server(Uuid::new_v4(), log.clone()).await;
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("journal.json");
    let config = GateConfig {
        server,
        token: DeviceToken::new("t").unwrap(),
        journal: journal.clone(),
        tap_listen: None,
        json: true,
        request_timeout: Duration::from_millis(500),
        drain_timeout: Duration::from_secs(10),
        connect_timeout: Duration::from_secs(2),
        heartbeat: Duration::from_secs(5),
        reconnect_cap: Duration::from_millis(500),
        pass_hold: None,
    };
    let (tx, rx) = tokio::sync::mpsc::channel(8);
    let gate = tokio::spawn(run(config, rx));
    tx.send(CODE.into()).await.unwrap();
    // Wait until the challenge is journaled, then "scan" the wallet's answer.
    for _ in 0..100 {
        if std::fs::read_to_string(&journal).is_ok_and(|j| j.contains("TSR1C:")) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    tx.send(RESPONSE.into()).await.unwrap();
    drop(tx);
    let code = tokio::time::timeout(Duration::from_secs(15), gate)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(code, EXIT_OK);

    let log = log.lock().unwrap().clone();
    let responses: Vec<_> = log
        .iter()
        .filter(|(_, m)| matches!(m, GateMessage::Response { .. }))
        .collect();
    assert_eq!(responses.len(), 2, "{log:?}");
    assert_eq!(responses[0].0, 0);
    assert_eq!(responses[1].0, 1);
    assert_eq!(
        responses[0].1, responses[1].1,
        "the resend is byte-for-byte the same"
    );
    let journal = std::fs::read_to_string(&journal).unwrap();
    assert!(journal.contains("\"scans\": []"), "{journal}");
}

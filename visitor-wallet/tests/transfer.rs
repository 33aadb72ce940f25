//! Handing a pass on (issue 16) through the public API, against a scripted HTTP server: the
//! proof is the protocol's transfer vector, a lost answer is retried with the same nonce
//! and proof, refusals are clear errors that change nothing, and a link that brings a
//! handed-on pass back to this wallet claims it with a fresh key.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tessera_wallet::{ClaimClient, ClaimLink, ClaimStatus, Error, Wallet};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `docs/protocol.md`, "Transfer proof test vector".
const VECTOR_PROOF: &str = "TSR1T:AGJPHJC3NR6Y5H5AWHBNHZHVAY:PLEHRPSSUNISEUL33GMHW6PR3U";

fn vectors() -> Value {
    serde_json::from_str(include_str!("../../protocol/tests/protocol-vectors.json")).unwrap()
}

/// A wallet file holding the vector pass, claimed against the vector server key, on `base`.
fn vector_wallet(dir: &std::path::Path, base: &str) -> Wallet {
    let v = vectors();
    let doc = json!({
        "format": "tessera-wallet/1",
        "passes": [{
            "pass_id": v["pass_id"],
            "api_base": base,
            "wallet_secret": v["wallet_secret"],
            "claimed": {
                "label": "Ada",
                "server_public_key": v["server_public_b64url"],
                "server_kid": "k1",
                "period_s": 15,
                "valid_from": "2020-01-01T00:00:00Z",
                "valid_until": "2100-01-01T00:00:00Z",
                "claimed_at": "2025-01-01T00:00:00Z"
            },
            "created_at": "2025-01-01T00:00:00Z"
        }]
    });
    let path = dir.join("wallet.json");
    std::fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
    Wallet::open_for_update(&path).unwrap()
}

enum Reply {
    /// Read the request, then close without answering (a lost answer).
    Drop,
    /// Answer with this status and JSON body.
    Json(u16, Value),
}

/// Answers connections in order with the replies `script` makes for the server's base URL;
/// records each request's path and body.
async fn scripted_server(
    script: impl FnOnce(&str) -> Vec<Reply>,
) -> (String, Arc<Mutex<Vec<(String, Value)>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let replies = script(&base);
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        for reply in replies {
            let (mut sock, _) = listener.accept().await.unwrap();
            let mut buf = Vec::new();
            let (path, body) = loop {
                let mut chunk = [0u8; 4096];
                let n = sock.read(&mut chunk).await.unwrap();
                buf.extend_from_slice(&chunk[..n]);
                let text = String::from_utf8_lossy(&buf).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let len: usize = text
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().parse().unwrap())
                        })
                        .unwrap_or(0);
                    if buf.len() >= end + 4 + len {
                        let path = text.split(' ').nth(1).unwrap_or_default().to_owned();
                        break (path, buf[end + 4..end + 4 + len].to_vec());
                    }
                }
                assert!(n > 0, "the request was cut short");
            };
            log.lock()
                .unwrap()
                .push((path, serde_json::from_slice(&body).unwrap()));
            match reply {
                Reply::Drop => drop(sock),
                Reply::Json(status, value) => {
                    let body = value.to_string();
                    let head = format!(
                        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                        body.len()
                    );
                    sock.write_all(head.as_bytes()).await.unwrap();
                    sock.write_all(body.as_bytes()).await.unwrap();
                    sock.shutdown().await.unwrap();
                }
            }
        }
    });
    (base, seen)
}

fn nonce_answer() -> Value {
    json!({"nonce": vectors()["nonce_b32"], "expires_at": "2030-01-01T00:02:00Z"})
}

fn transfer_answer(base: &str) -> Value {
    let pass = vectors()["pass_id"].clone();
    json!({
        "pass_id": pass,
        "transfer_id": "0192f3a4-5b6c-7d8e-9fa0-00000000aaaa",
        "claim_url": format!("{base}/claim#p={}&t=dHJhbnNmZXI", pass.as_str().unwrap()),
        "claim_token": "dHJhbnNmZXI",
        "expires_at": "2100-01-01T00:00:00Z"
    })
}

fn client() -> ClaimClient {
    ClaimClient::new(Duration::from_secs(5)).unwrap()
}

#[tokio::test]
async fn a_transfer_proves_the_key_and_retries_a_lost_answer_with_the_same_proof() {
    let (base, seen) = scripted_server(|base| {
        vec![
            Reply::Json(201, nonce_answer()),
            Reply::Drop,
            Reply::Json(201, transfer_answer(base)),
        ]
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut wallet = vector_wallet(dir.path(), &base);
    let (answer, pass) = wallet.transfer(None, &client()).await.unwrap();
    assert_eq!(
        answer.transfer_id.to_string(),
        "0192f3a4-5b6c-7d8e-9fa0-00000000aaaa"
    );
    assert!(answer.claim_url().contains("&t=dHJhbnNmZXI"));
    assert!(pass.transfer.is_some(), "the transfer is recorded");
    assert!(!format!("{answer:?}").contains("dHJhbnNmZXI"));

    let seen = seen.lock().unwrap().clone();
    let pass_id = vectors()["pass_id"].clone();
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert_eq!(seen[0].0, "/v1/transfers/nonce");
    assert_eq!(seen[0].1, json!({ "pass_id": pass_id }));
    assert_eq!(seen[1].0, "/v1/transfers");
    assert_eq!(
        seen[1].1,
        json!({"pass_id": pass_id, "nonce": vectors()["nonce_b32"], "proof": VECTOR_PROOF})
    );
    assert_eq!(seen[1], seen[2], "the retry is the same request");

    // The record survives in the file; the link (a secret) is not kept.
    let text = std::fs::read_to_string(wallet.path()).unwrap();
    assert!(text.contains("\"transfer\""), "{text}");
    assert!(!text.contains("dHJhbnNmZXI"), "{text}");
}

#[tokio::test]
async fn refusals_are_clear_errors_and_change_nothing() {
    for (status, code) in [
        (409, "transfer_not_allowed"),
        (403, "bad_proof"),
        (409, "revoked"),
    ] {
        let refusal = json!({"error": {"code": code, "message": "no"}});
        let (base, _) = scripted_server(|_| {
            if code == "bad_proof" {
                vec![
                    Reply::Json(201, nonce_answer()),
                    Reply::Json(status, refusal),
                ]
            } else {
                vec![Reply::Json(status, refusal)]
            }
        })
        .await;
        let dir = tempfile::tempdir().unwrap();
        let mut wallet = vector_wallet(dir.path(), &base);
        let before = std::fs::read(wallet.path()).unwrap();
        let err = wallet.transfer(None, &client()).await.unwrap_err();
        match code {
            "transfer_not_allowed" => assert!(matches!(err, Error::TransferNotAllowed), "{err}"),
            "bad_proof" => assert!(matches!(err, Error::BadProof), "{err}"),
            _ => assert!(matches!(err, Error::Revoked), "{err}"),
        }
        assert_eq!(std::fs::read(wallet.path()).unwrap(), before, "{code}");
    }
    let dir = tempfile::tempdir().unwrap();
    let mut wallet = vector_wallet(dir.path(), "http://127.0.0.1:9");
    let err = wallet.transfer(None, &client()).await.unwrap_err();
    assert!(matches!(err, Error::Network { .. }), "{err}");
}

#[tokio::test]
async fn a_handed_on_pass_coming_back_is_claimed_with_a_fresh_key() {
    let v = vectors();
    let server_key = v["server_public_b64url"].clone();
    let (base, seen) = scripted_server(|base| {
        vec![
            Reply::Json(201, nonce_answer()),
            Reply::Json(201, transfer_answer(base)),
            Reply::Json(
                200,
                json!({"pass_id": v["pass_id"], "label": "Ada", "site": null,
                       "valid_from": "2020-01-01T00:00:00Z", "valid_until": "2100-01-01T00:00:00Z",
                       "state": "issued", "transfer": true}),
            ),
            Reply::Json(
                200,
                json!({"pass_id": v["pass_id"], "label": "Ada", "server_public_key": server_key,
                       "server_kid": "k1", "period_s": 15, "digits": 8, "algorithm": "SHA256",
                       "valid_from": "2020-01-01T00:00:00Z", "valid_until": "2100-01-01T00:00:00Z"}),
            ),
        ]
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut wallet = vector_wallet(dir.path(), &base);
    let old_key = wallet.passes()[0].wallet_public_key();
    let (answer, _) = wallet.transfer(None, &client()).await.unwrap();
    let link: ClaimLink = answer.claim_url().parse().unwrap();
    let (status, pass) = wallet.claim(&link, &client()).await.unwrap();
    assert_eq!(status, ClaimStatus::Claimed);
    assert_ne!(pass.wallet_public_key(), old_key, "a fresh key");
    assert!(pass.transfer.is_none());
    assert!(pass.claimed.is_some());
    let new_key = pass.wallet_public_key().to_base64url();
    let seen = seen.lock().unwrap().clone();
    let paths: Vec<&str> = seen.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            "/v1/transfers/nonce",
            "/v1/transfers",
            "/v1/claims/preview",
            "/v1/claims"
        ]
    );
    assert_eq!(seen[2].1["claim_token"], "dHJhbnNmZXI");
    assert_eq!(seen[3].1["wallet_public_key"], new_key);
}

#[tokio::test]
async fn a_stale_link_of_a_handed_on_pass_keeps_the_key() {
    let (base, _) = scripted_server(|base| {
        vec![
            Reply::Json(201, nonce_answer()),
            Reply::Json(201, transfer_answer(base)),
            Reply::Json(
                200,
                json!({"pass_id": vectors()["pass_id"], "label": "Ada", "site": null,
                       "valid_from": "2020-01-01T00:00:00Z", "valid_until": "2100-01-01T00:00:00Z",
                       "state": "claimed"}),
            ),
        ]
    })
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut wallet = vector_wallet(dir.path(), &base);
    let old_key = wallet.passes()[0].wallet_public_key();
    let (answer, _) = wallet.transfer(None, &client()).await.unwrap();
    let link: ClaimLink = answer.claim_url().parse().unwrap();
    let (status, pass) = wallet.claim(&link, &client()).await.unwrap();
    assert_eq!(status, ClaimStatus::AlreadyInWallet);
    assert_eq!(pass.wallet_public_key(), old_key);
}

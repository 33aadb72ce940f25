//! Wallet behaviour through the public API: the file format, protocol vectors and claims
//! against a scripted HTTP server.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tessera_protocol::WalletChallenge;
use tessera_wallet::{ClaimClient, ClaimLink, ClaimStatus, Error, Validity, Wallet};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn vectors() -> Value {
    serde_json::from_str(include_str!("../../protocol/tests/protocol-vectors.json")).unwrap()
}

/// A wallet file holding the vector pass, claimed against the vector server key.
fn vector_wallet(dir: &std::path::Path, valid_until: &str) -> Wallet {
    let v = vectors();
    let doc = json!({
        "format": "tessera-wallet/1",
        "passes": [{
            "pass_id": v["pass_id"],
            "api_base": "http://127.0.0.1:9",
            "wallet_secret": v["wallet_secret"],
            "claimed": {
                "label": "Ada",
                "server_public_key": v["server_public_b64url"],
                "server_kid": "k1",
                "period_s": 15,
                "valid_from": "2020-01-01T00:00:00Z",
                "valid_until": valid_until,
                "claimed_at": "2025-01-01T00:00:00Z"
            },
            "created_at": "2025-01-01T00:00:00Z"
        }]
    });
    let path = dir.join("wallet.json");
    std::fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
    Wallet::open(&path).unwrap()
}

#[test]
fn codes_and_responses_match_the_protocol_vectors() {
    let dir = tempfile::tempdir().unwrap();
    let wallet = vector_wallet(dir.path(), "2100-01-01T00:00:00Z");
    let v = vectors();
    let pass = wallet.select(None).unwrap();
    assert_eq!(
        pass.wallet_public_key().to_base64url(),
        v["wallet_public_b64url"]
    );
    for case in v["rotating_codes"].as_array().unwrap() {
        let code = pass.code_at(case["unix_time"].as_u64().unwrap()).unwrap();
        assert_eq!(code.to_string(), case["code"].as_str().unwrap());
    }
    let challenge: WalletChallenge = v["wallet_challenge"].as_str().unwrap().parse().unwrap();
    let response = wallet.respond(&challenge).unwrap();
    assert_eq!(response.to_string(), v["wallet_response"].as_str().unwrap());
    // Saving and reloading keeps everything.
    wallet.save().unwrap();
    let again = Wallet::open(wallet.path()).unwrap();
    assert_eq!(
        again.respond(&challenge).unwrap().to_string(),
        v["wallet_response"].as_str().unwrap()
    );
}

#[test]
fn wrong_pass_challenge_and_expiry_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let wallet = vector_wallet(dir.path(), "2021-01-01T00:00:00Z");
    let other = WalletChallenge {
        pass: tessera_protocol::PassId::new(uuid::Uuid::new_v4()),
        nonce: tessera_protocol::Nonce::from_bytes([7; 32]),
    };
    assert!(matches!(
        wallet.respond(&other),
        Err(Error::WrongPassChallenge(_))
    ));
    let pass = wallet.select(None).unwrap();
    assert!(matches!(
        pass.validity_at(time::OffsetDateTime::now_utc()),
        Validity::Expired(_)
    ));
}

#[test]
fn corrupt_or_foreign_files_give_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.json");
    let secret = "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20";
    for (content, want_corrupt) in [
        ("".to_owned(), true),
        ("{\"format\":\"tessera-wallet/1\",\"passes\":[".to_owned(), true),
        ("\u{0}\u{1}garbage".to_owned(), true),
        (format!("{{\"format\":\"tessera-wallet/1\",\"passes\":[{{\"pass_id\":\"x\",\"wallet_secret\":\"{secret}\"}}]}}"), true),
        ("{\"format\":\"tessera-wallet/9\",\"passes\":[]}".to_owned(), false),
    ] {
        std::fs::write(&path, &content).unwrap();
        let err = Wallet::open(&path).unwrap_err();
        let text = err.to_string();
        if want_corrupt {
            assert!(matches!(err, Error::WalletCorrupt { .. }), "{text}");
        } else {
            assert!(matches!(err, Error::UnsupportedFormat { .. }), "{text}");
        }
        assert!(!text.contains(secret), "{text}");
        assert!(text.contains("w.json"), "{text}");
    }
    // A directory where the file should be: unreadable, not a panic.
    let dir_path = dir.path().join("d.json");
    std::fs::create_dir(&dir_path).unwrap();
    assert!(matches!(
        Wallet::open(&dir_path),
        Err(Error::WalletUnreadable { .. })
    ));
}

#[cfg(unix)]
#[test]
fn saved_wallet_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let wallet = vector_wallet(dir.path(), "2100-01-01T00:00:00Z");
    std::fs::set_permissions(wallet.path(), std::fs::Permissions::from_mode(0o644)).unwrap();
    wallet.save().unwrap();
    let mode = std::fs::metadata(wallet.path())
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

/// What the scripted server does with one connection.
#[derive(Clone)]
enum Reply {
    /// Read the request, then close without answering (a dropped answer).
    Drop,
    /// Answer with this status and JSON body.
    Json(u16, Value),
}

/// A one-route HTTP server answering connections in order; records request bodies.
async fn scripted_server(replies: Vec<Reply>) -> (String, Arc<Mutex<Vec<Value>>>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        for reply in replies {
            let (mut sock, _) = listener.accept().await.unwrap();
            let mut buf = Vec::new();
            let body = loop {
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
                        break buf[end + 4..end + 4 + len].to_vec();
                    }
                }
                if n == 0 {
                    break Vec::new();
                }
            };
            log.lock()
                .unwrap()
                .push(serde_json::from_slice(&body).unwrap());
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
    (format!("http://{addr}"), seen)
}

fn answer(pass_id: &str, server_key: &str) -> Value {
    json!({
        "pass_id": pass_id, "label": "Grace", "server_public_key": server_key,
        "server_kid": "k1", "period_s": 15, "digits": 8, "algorithm": "SHA256",
        "valid_from": "2020-01-01T00:00:00Z", "valid_until": "2100-01-01T00:00:00Z"
    })
}

#[tokio::test]
async fn a_retried_claim_resends_the_same_key() {
    let v = vectors();
    let pass_id = uuid::Uuid::new_v4().to_string();
    let (base, seen) = scripted_server(vec![
        Reply::Drop,
        Reply::Json(
            200,
            answer(&pass_id, v["server_public_b64url"].as_str().unwrap()),
        ),
    ])
    .await;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.json");
    let link: ClaimLink = format!("{base}/claim#p={pass_id}&t=c2VjcmV0LXRva2Vu")
        .parse()
        .unwrap();
    let client = ClaimClient::new(Duration::from_secs(5)).unwrap();

    let mut wallet = Wallet::open(&path).unwrap();
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::Network { .. })
    ));
    // A new process: the key must come from the file.
    let mut wallet = Wallet::open(&path).unwrap();
    let (status, pass) = wallet.claim(&link, &client).await.unwrap();
    assert_eq!(status, ClaimStatus::Claimed);
    assert_eq!(pass.label(), "Grace");
    pass.code_at(1_764_441_600).unwrap();
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0]["wallet_public_key"], seen[1]["wallet_public_key"]);
    assert_eq!(seen[0]["claim_token"], "c2VjcmV0LXRva2Vu");
    // The token is no longer stored once the claim succeeded.
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(!file.contains("c2VjcmV0LXRva2Vu"));
    // A third run does not contact the server.
    let (status, _) = wallet.claim(&link, &client).await.unwrap();
    assert_eq!(status, ClaimStatus::AlreadyInWallet);
}

#[tokio::test]
async fn server_refusals_map_to_clear_errors() {
    let err = |code: &str| json!({"error": {"code": code, "message": "nope"}});
    let pass_id = uuid::Uuid::new_v4().to_string();
    let (base, _) = scripted_server(vec![
        Reply::Json(404, err("invalid_claim")),
        Reply::Json(409, err("already_claimed")),
        Reply::Json(409, err("revoked")),
        Reply::Json(400, err("invalid_public_key")),
        // A low-order server key in a 200 answer.
        Reply::Json(
            200,
            answer(&pass_id, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
        ),
    ])
    .await;
    let dir = tempfile::tempdir().unwrap();
    let mut wallet = Wallet::open(dir.path().join("w.json")).unwrap();
    let link: ClaimLink = format!("{base}/claim#p={pass_id}&t=dG9r").parse().unwrap();
    let client = ClaimClient::new(Duration::from_secs(5)).unwrap();
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::InvalidClaim)
    ));
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::AlreadyClaimed)
    ));
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::Revoked)
    ));
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::ClaimRejected { status: 400, .. })
    ));
    assert!(matches!(
        wallet.claim(&link, &client).await,
        Err(Error::BadServerKey { .. })
    ));
    assert!(wallet.select(None).unwrap().claimed.is_none());
}

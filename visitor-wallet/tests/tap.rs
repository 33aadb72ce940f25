//! The wallet side of the tap protocol over an in-memory duplex link.

use serde_json::{json, Value};
use tessera_wallet::tap::{answer_challenges, TapEvent};
use tessera_wallet::Wallet;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

#[tokio::test]
async fn answers_its_own_pass_and_stops_on_the_result() {
    let v: Value =
        serde_json::from_str(include_str!("../../protocol/tests/protocol-vectors.json")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("w.json");
    let doc = json!({"format": "tessera-wallet/1", "passes": [{
        "pass_id": v["pass_id"], "api_base": "http://x", "wallet_secret": v["wallet_secret"],
        "claimed": {"label": "Ada", "server_public_key": v["server_public_b64url"], "server_kid": "k",
            "period_s": 15, "valid_from": "2020-01-01T00:00:00Z", "valid_until": "2100-01-01T00:00:00Z",
            "claimed_at": "2025-01-01T00:00:00Z"},
        "created_at": "2025-01-01T00:00:00Z"}]});
    std::fs::write(&path, doc.to_string()).unwrap();
    let wallet = Wallet::open(&path).unwrap();

    let (gate, phone) = tokio::io::duplex(4096);
    let (phone_read, phone_write) = tokio::io::split(phone);
    let (gate_read, mut gate_write) = tokio::io::split(gate);
    let other = format!("TSR1C:{}:{}\n", "A".repeat(26), "A".repeat(52));
    let mine = format!("{}\n", v["wallet_challenge"].as_str().unwrap());
    let script = format!(
        "hello\n{other}{mine}{mine}RESULT {} admitted -\n",
        v["pass_id_b32"].as_str().unwrap()
    );
    gate_write.write_all(script.as_bytes()).await.unwrap();

    let mut events = Vec::new();
    let outcome = answer_challenges(
        &wallet,
        BufReader::new(phone_read),
        phone_write,
        true,
        |e| events.push(e),
    )
    .await
    .unwrap();
    assert_eq!(outcome.as_deref(), Some("admitted"));
    assert!(matches!(events[0], TapEvent::NotOurs(_)));
    assert!(matches!(events[1], TapEvent::Answered { .. }));
    assert!(matches!(events[2], TapEvent::Result { .. }));
    assert_eq!(events.len(), 3, "the repeated challenge is answered once");

    let mut lines = BufReader::new(gate_read).lines();
    // First the wallet names the passes it holds, so the gate offers it only theirs.
    let named = lines.next_line().await.unwrap().unwrap();
    assert!(named.starts_with("PASS "), "{named}");
    assert_eq!(
        lines.next_line().await.unwrap().unwrap(),
        v["wallet_response"].as_str().unwrap()
    );
}

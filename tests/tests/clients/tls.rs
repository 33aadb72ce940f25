//! Issue 13: the server speaks HTTPS and `wss://` itself when given a certificate, and the
//! real clients reach it that way: `tessera-wallet` claims over HTTPS and `tessera-gate`
//! admits over `wss://`, both trusting a CA the test made (`SSL_CERT_FILE`). A client that
//! does not trust the CA, or speaks plain HTTP to the TLS port, gets nowhere.

use anyhow::{ensure, Context, Result};
use tessera_tests::api::PassSpec;
use tessera_tests::tls::TestCa;
use tessera_tests::{both_backends, Backend, TestServer};

use crate::support::{assert_admitted_event, GateProcess, GateSetup, WalletCli};

both_backends!(wallet_and_gate_admit_over_https_and_wss);

async fn wallet_and_gate_admit_over_https_and_wss(backend: Backend) -> Result<()> {
    let dir = tempfile::tempdir().context("make the client temp dir")?;
    let ca = TestCa::create(dir.path())?;
    let server = TestServer::builder(backend).tls(&ca).start().await?;
    ensure!(server.url("").starts_with("https://"), "{}", server.url(""));
    let admin = server.admin();
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    ensure!(
        issued.claim_url.starts_with("https://"),
        "claim links name the HTTPS origin: {}",
        issued.claim_url
    );
    let device = admin.create_gate("TLS gate", None).await?;

    // Neither an untrusting client nor plain HTTP gets an answer.
    let untrusting = reqwest::Client::new()
        .get(server.url("/healthz"))
        .send()
        .await;
    ensure!(untrusting.is_err(), "a client without the CA was answered");
    let plain = reqwest::Client::new()
        .get(server.url("/healthz").replacen("https://", "http://", 1))
        .send()
        .await;
    ensure!(
        !plain.map(|r| r.status().is_success()).unwrap_or(false),
        "plain HTTP on the TLS port was served"
    );

    let wallet = WalletCli::new(dir.path().join("wallet.json")).trusting(&ca.ca_pem);
    wallet.ok(&["claim", &issued.claim_url]).await?;
    let untrusted_wallet = WalletCli::new(dir.path().join("other.json"));
    let refused = untrusted_wallet.run(&["claim", &issued.claim_url]).await?;
    ensure!(
        !refused.status.success(),
        "a wallet without the CA claimed over HTTPS"
    );

    let token_file = dir.path().join("gate.token");
    std::fs::write(&token_file, format!("{}\n", device.device_token))?;
    let setup = GateSetup {
        server_url: server.gate_ws_url(),
        token_file,
        journal: dir.path().join("journal.json"),
        ca_file: Some(ca.ca_pem.clone()),
    };
    ensure!(
        setup.server_url.starts_with("wss://"),
        "{}",
        setup.server_url
    );
    let mut gate = GateProcess::spawn("tls gate", &setup, &[])?;
    gate.expect("connected").await?;
    let code = wallet.last_line(&["code"]).await?;
    gate.type_line(&code).await?;
    let challenge = gate.expect("challenge").await?;
    let scan_id = challenge["scan_id"].as_str().unwrap_or_default().to_owned();
    let answer = wallet
        .last_line(&[
            "respond",
            challenge["wallet_challenge"].as_str().unwrap_or_default(),
        ])
        .await?;
    gate.type_line(&answer).await?;
    let result = gate.expect("result").await?;
    assert_admitted_event(&result, &scan_id, issued.pass_id, "Ada Lovelace", false);
    assert_eq!(server.db().pass_uses(issued.pass_id).await?, 1);
    Ok(())
}

//! `tessera-walkthrough`: the product story, narrated, with real code over real sockets.
//!
//! Starts a server on the embedded default (SQLite in a temporary directory, port 0), then
//! plays what visitors, guards and security staff live through, using the real wallet
//! library (`tessera_wallet::Wallet`, a wallet file in the same temporary directory) and the
//! real gate connection (`tessera_gate::GateConnection`) — no shortcut through the database.
//! Run it with `cargo run -p tessera-tests --bin tessera-walkthrough`.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Parser;
use serde_json::{json, Value};
use tessera_gate::events::{GateEvent, Printer};
use tessera_gate::{DeviceToken, GateConnection};
use tessera_protocol::messages::{Challenge, GateMessage, ScanResult, ServerMessage};
use tessera_protocol::WalletChallenge;
use tessera_server::config::Settings;
use tessera_server::Application;
use tessera_wallet::{ClaimClient, ClaimLink, Wallet};
use uuid::Uuid;

/// The demo's challenge lifetime, shortened from 30 s so the "unanswered" scene is quick.
const DEMO_CHALLENGE_LIFETIME_S: &str = "3";

#[derive(Parser)]
struct ServerArgs {
    #[command(flatten)]
    settings: Settings,
}

struct Gate {
    name: &'static str,
    id: Uuid,
    connection: GateConnection,
    token: DeviceToken,
    url: String,
}

impl Gate {
    async fn request(&mut self, message: GateMessage) -> Result<ServerMessage> {
        self.connection.send(&message).await?;
        Ok(self.connection.recv_timeout(Duration::from_secs(5)).await?)
    }

    async fn scan(&mut self, code: String) -> Result<(Uuid, ServerMessage)> {
        let scan_id = Uuid::new_v4();
        say(&format!("{} scans {code}", self.name));
        Ok((
            scan_id,
            self.request(GateMessage::Scan { scan_id, code }).await?,
        ))
    }

    async fn respond(
        &mut self,
        scan_id: Uuid,
        challenge: &Challenge,
        response: String,
    ) -> Result<ScanResult> {
        match self
            .request(GateMessage::Response {
                scan_id,
                nonce: challenge.nonce.to_string(),
                response,
            })
            .await?
        {
            ServerMessage::Result(result) => Ok(result),
            other => bail!("expected a result, got {other:?}"),
        }
    }

    fn show(&self, result: &ScanResult) {
        let event = GateEvent::from_result(result, Some(self.id));
        let text = Printer::new(false, true).text(&event, time::OffsetDateTime::now_utc());
        println!("      {} screen: {text}", self.name);
    }
}

fn scene(title: &str, story: &str) {
    println!("\n\x1b[1m━━ {title}\x1b[0m\n   {story}");
}

fn say(line: &str) {
    println!("   · {line}");
}

fn expect_challenge(message: ServerMessage) -> Result<Challenge> {
    match message {
        ServerMessage::Challenge(challenge) => Ok(challenge),
        other => bail!("expected a challenge, got {other:?}"),
    }
}

fn now_s() -> u64 {
    time::OffsetDateTime::now_utc().unix_timestamp().max(0) as u64
}

#[tokio::main]
async fn main() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let db = format!("sqlite://{}", dir.path().join("tessera.db").display());
    let keys = dir.path().join("keys");
    let args = ServerArgs::parse_from([
        "walkthrough",
        "--listen",
        "127.0.0.1:0",
        "--database-url",
        &db,
        "--key-dir",
        keys.to_str().context("temporary path is not UTF-8")?,
        "--challenge-lifetime-s",
        DEMO_CHALLENGE_LIFETIME_S,
    ]);
    let (app, bootstrap) = Application::build(args.settings).await?;
    let admin = bootstrap
        .context("a fresh database bootstraps an organisation")?
        .admin_key
        .to_string();
    let addr = app.local_addr()?;
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(app.run_until_stopped(async {
        let _ = stopped.await;
    }));
    let base = format!("http://{addr}");
    println!(
        "Tessera walkthrough — server on {base} (SQLite in {}), real wallet and gate code.",
        dir.path().display()
    );
    println!("(Challenges live {DEMO_CHALLENGE_LIFETIME_S} s in this demo instead of 30 s.)");

    let http = reqwest::Client::new();
    let post = |path: &str, body: Value| {
        let request = http
            .post(format!("{base}{path}"))
            .bearer_auth(&admin)
            .json(&body);
        async move {
            let response = request.send().await?;
            let status = response.status();
            let body: Value = response.json().await?;
            if !status.is_success() {
                bail!("{status}: {body}");
            }
            anyhow::Ok(body)
        }
    };

    scene(
        "Set-up",
        "Venue staff create two gates and issue passes; each visitor claims one into a wallet.",
    );
    let mut gates = Vec::new();
    for name in ["North gate", "South gate"] {
        let made = post("/v1/gates", json!({ "label": name })).await?;
        let token = DeviceToken::new(made["device_token"].as_str().context("device_token")?)?;
        let url = format!("ws://{addr}/v1/gate/ws");
        let connection = GateConnection::connect(&url, &token, Duration::from_secs(5)).await?;
        say(&format!(
            "{name} connected, gate id {}",
            connection.welcome().gate_id
        ));
        gates.push(Gate {
            name,
            id: connection.welcome().gate_id,
            connection,
            token,
            url,
        });
    }
    let claims = ClaimClient::new(Duration::from_secs(5))?;
    let mut wallets = Vec::new();
    for visitor in ["Ada", "Grace", "Linus"] {
        let pass = post(
            "/v1/passes",
            json!({ "label": visitor, "valid_until": "2099-01-01T00:00:00Z" }),
        )
        .await?;
        let link: ClaimLink = pass["claim_url"].as_str().context("claim_url")?.parse()?;
        let mut wallet = Wallet::open(dir.path().join(format!("{visitor}-wallet.json")))?;
        wallet.claim(&link, &claims).await?;
        say(&format!(
            "{visitor} claimed pass {} (X25519 key made on the phone)",
            pass["pass_id"].as_str().unwrap_or("?")
        ));
        wallets.push(wallet);
    }
    let (ada, grace, linus) = (
        &wallets[0].passes()[0],
        &wallets[1].passes()[0],
        &wallets[2].passes()[0],
    );
    let [north, south] = &mut gates[..] else {
        bail!("two gates")
    };

    scene(
        "1. An admission",
        "Ada shows her rotating code; North scans it, gets a one-time nonce, her phone answers.",
    );
    let (scan_id, message) = north.scan(ada.code_at(now_s())?.to_string()).await?;
    let challenge = expect_challenge(message)?;
    say(&format!(
        "server challenges: {}",
        challenge.wallet_challenge
    ));
    let wallet_challenge: WalletChallenge = challenge.wallet_challenge.parse()?;
    let answer = wallets[0].respond(&wallet_challenge)?.to_string();
    say(&format!("Ada's wallet answers: {answer}"));
    let result = north.respond(scan_id, &challenge, answer.clone()).await?;
    north.show(&result);
    let (ada_scan, ada_challenge, ada_answer) = (scan_id, challenge, answer);

    scene(
        "2. A dropped answer, retried",
        "Grace's answer reaches the server but the guard's network drops the reply.",
    );
    let (scan_id, message) = north.scan(grace.code_at(now_s())?.to_string()).await?;
    let challenge = expect_challenge(message)?;
    let answer = wallets[1]
        .respond(&challenge.wallet_challenge.parse()?)?
        .to_string();
    north
        .connection
        .send(&GateMessage::Response {
            scan_id,
            nonce: challenge.nonce.to_string(),
            response: answer.clone(),
        })
        .await?;
    say("the response is sent … and the connection dies before the result arrives");
    tokio::time::sleep(Duration::from_millis(200)).await;
    let fresh = GateConnection::connect(&north.url, &north.token, Duration::from_secs(5)).await?;
    std::mem::replace(&mut north.connection, fresh)
        .close()
        .await;
    say("the gate reconnects and resends the same scan_id, nonce and answer");
    let result = north.respond(scan_id, &challenge, answer).await?;
    north.show(&result);
    say(&format!(
        "replayed: {} — the stored success, not a false alarm",
        result.replayed
    ));

    scene(
        "3. A stale screenshot",
        "Someone shows a screenshot of Linus's code taken a minute ago.",
    );
    let (_, message) = south
        .scan(linus.code_at(now_s().saturating_sub(60))?.to_string())
        .await?;
    if let ServerMessage::Result(result) = &message {
        south.show(result);
    }

    scene("4. A live screenshot without the wallet", "A friend relays Linus's live code by video call: it scans, but only Linus's phone could answer.");
    let (_, message) = south.scan(linus.code_at(now_s())?.to_string()).await?;
    let challenge = expect_challenge(message)?;
    say(&format!(
        "challenge {} … nobody can answer it",
        challenge.wallet_challenge
    ));
    tokio::time::sleep(Duration::from_secs(
        DEMO_CHALLENGE_LIFETIME_S.parse::<u64>()? + 3,
    ))
    .await;
    say("it expired unanswered; the server audits that (see the log below)");

    scene(
        "5. A second gate replays a nonce",
        "A copied gate credential? South presents the nonce and answer North used for Ada.",
    );
    let result = south.respond(ada_scan, &ada_challenge, ada_answer).await?;
    south.show(&result);

    scene(
        "6. The visitor comes back after the guard lost the scan",
        "North's guard closed the scan window; Ada walks back and scans again.",
    );
    let (scan_id, message) = north.scan(ada.code_at(now_s())?.to_string()).await?;
    let challenge = expect_challenge(message)?;
    let answer = wallets[0]
        .respond(&challenge.wallet_challenge.parse()?)?
        .to_string();
    let result = north.respond(scan_id, &challenge, answer).await?;
    north.show(&result);
    say(&format!(
        "same_wallet: {} — it is the phone that was admitted, not a copy",
        result.same_wallet
    ));

    scene(
        "7. What security sees",
        "The audit log of everything above (GET /v1/audit), oldest first:",
    );
    let audit: Value = http
        .get(format!("{base}/v1/audit?limit=1000"))
        .bearer_auth(&admin)
        .send()
        .await?
        .json()
        .await?;
    println!("   severity kind                   gate                  details");
    for event in audit["events"].as_array().context("events")? {
        let gate = event["gate_id"].as_str().and_then(|id| {
            if id == north.id.to_string() {
                Some("North gate")
            } else if id == south.id.to_string() {
                Some("South gate")
            } else {
                None
            }
        });
        println!(
            "   {:<8} {:<22} {:<21} {}",
            event["severity"].as_str().unwrap_or(""),
            event["kind"].as_str().unwrap_or(""),
            gate.unwrap_or("-"),
            event["details"]
        );
    }

    let _ = stop.send(());
    server.await??;
    println!("\nDone. Everything ran against a real server over real sockets; the temporary database is gone.");
    Ok(())
}

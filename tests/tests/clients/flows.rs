//! Issue 5: an admission through the real `tessera-wallet` and `tessera-gate` binaries, and
//! the gate's reliability promises under the failures it exists for.
//!
//! `docs/clients.md` promises that a gate killed at any point resends from its journal and
//! shows the stored outcome, and that a flaky link never costs an admission nor makes two.
//! Those promises are only worth something end to end: the journal on disk, the process
//! dying for real (SIGKILL), the link dying for real (a proxy between gate and server), and
//! the server's rows (one redemption, `uses` = 1) as the judge.

use std::os::unix::process::ExitStatusExt;
use std::time::{Duration, Instant};

use anyhow::{ensure, Context, Result};
use serde_json::Value;
use tempfile::TempDir;
use tessera_protocol::RotatingCode;
use tessera_tests::api::PassSpec;
use tessera_tests::clock::current_step;
use tessera_tests::proxy::TcpProxy;
use tessera_tests::{both_backends, Backend, TestServer};
use uuid::Uuid;

use crate::support::{
    assert_admitted_event, assert_bound_key, assert_clean_exit_event, event_name, eventually,
    journal_scans, nonce_of, public_key_of, GateProcess, GateSetup, LossyProxy, WalletCli,
};

both_backends!(
    claim_code_scan_respond_admits,
    gate_killed_after_sending_its_response_shows_the_stored_outcome_on_restart,
    link_cut_while_the_wallet_answers_admits_once_after_restore,
    link_cut_after_the_server_committed_replays_the_admission,
    a_second_gate_on_one_journal_stops_and_says_why,
    concurrent_claims_into_one_wallet_keep_every_pass,
);

/// How long a gate may take to drain and exit once stdin closes.
const EXIT_TIMEOUT: Duration = Duration::from_secs(15);
const LABEL: &str = "Ada Lovelace";
/// How long the server may take to commit what a gate sent.
const COMMIT_TIMEOUT: Duration = Duration::from_secs(10);
/// The shortest outage in the cut-and-restore tests: several failed reconnects.
const OUTAGE: Duration = Duration::from_secs(2);

/// A server, a pass claimed by the real wallet binary, and a gate device ready to run.
struct Scene {
    server: TestServer,
    wallet: WalletCli,
    pass_id: Uuid,
    gate_id: Uuid,
    gate: GateSetup,
    _dir: TempDir,
}

async fn scene(backend: Backend) -> Result<Scene> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let issued = admin.issue_pass(&PassSpec::default()).await?;
    let device = admin.create_gate("North gate", None).await?;
    let dir = tempfile::tempdir().context("make the client temp dir")?;
    let token_file = dir.path().join("gate.token");
    std::fs::write(&token_file, format!("{}\n", device.device_token))
        .context("write the token file")?;

    let wallet = WalletCli::new(dir.path().join("wallet.json"));
    let claimed = wallet.ok(&["claim", &issued.claim_url]).await?;
    ensure!(
        claimed.starts_with(&format!("claimed pass {}", issued.pass_id)),
        "`claim` printed {claimed:?}"
    );
    Ok(Scene {
        gate: GateSetup {
            server_url: server.gate_ws_url(),
            token_file,
            journal: dir.path().join("journal.json"),
            ca_file: None,
        },
        server,
        wallet,
        pass_id: issued.pass_id,
        gate_id: device.gate_id,
        _dir: dir,
    })
}

impl Scene {
    /// `tessera-wallet code`, checked to be the current code of this pass.
    async fn code(&self) -> Result<String> {
        let code = self.wallet.last_line(&["code"]).await?;
        assert_current_code(&code, self.pass_id);
        Ok(code)
    }

    /// `tessera-wallet respond <challenge>`.
    async fn respond(&self, wallet_challenge: &str) -> Result<String> {
        let answer = self
            .wallet
            .last_line(&["respond", wallet_challenge])
            .await?;
        ensure!(
            answer.starts_with("TSR1R:") && answer.len() == 6 + 26 + 1 + 26,
            "`respond` printed {answer:?}"
        );
        Ok(answer)
    }

    /// Waits for the gate to connect as this scene's device, scans the wallet's code and
    /// returns the challenge event.
    async fn scan(&self, gate: &mut GateProcess) -> Result<Value> {
        let connected = gate.expect("connected").await?;
        assert_eq!(
            connected["gate_id"],
            self.gate_id.to_string(),
            "{connected}"
        );
        let code = self.code().await?;
        gate.type_line(&code).await?;
        let scan = gate.expect("scan").await?;
        assert_eq!(
            scan["queued"], false,
            "an online scan is sent at once: {scan}"
        );
        let challenge = gate.expect("challenge").await?;
        assert_eq!(challenge["scan_id"], scan["scan_id"], "{challenge}");
        assert_eq!(
            challenge["pass"]["id"],
            self.pass_id.to_string(),
            "{challenge}"
        );
        assert_eq!(challenge["pass"]["label"], LABEL, "{challenge}");
        let text = challenge["wallet_challenge"].as_str().unwrap_or_default();
        assert!(
            text.starts_with(&format!("TSR1C:{}:", pass_base32(self.pass_id))),
            "the challenge names the pass: {challenge}"
        );
        nonce_of(text);
        Ok(challenge)
    }

    /// Exactly one admission is stored: `uses` 1, one redemption (admitted), one challenge.
    async fn assert_one_admission(&self) -> Result<()> {
        let db = self.server.db();
        assert_eq!(db.pass_uses(self.pass_id).await?, 1, "passes.uses");
        assert_eq!(db.pass_state(self.pass_id).await?, "used", "passes.state");
        assert_eq!(
            db.redemption_outcomes(self.pass_id).await?,
            vec!["admitted".to_owned()],
            "one redemption row, admitted"
        );
        assert_eq!(
            db.challenge_count(self.pass_id).await?,
            1,
            "resends must not mint a second challenge"
        );
        Ok(())
    }
}

/// Closes stdin, expects a clean `exit` event and status 0, and an empty journal.
async fn finish(gate: &mut GateProcess, journal: &std::path::Path) -> Result<()> {
    gate.close_stdin();
    let exit = gate.expect("exit").await?;
    assert_clean_exit_event(&exit);
    let status = gate.wait_exit(EXIT_TIMEOUT).await?;
    assert_eq!(status.code(), Some(0), "the gate's exit status");
    assert_eq!(
        journal_scans(journal)?,
        Vec::<Value>::new(),
        "journal after exit"
    );
    Ok(())
}

fn pass_base32(pass: Uuid) -> String {
    tessera_protocol::PassId::new(pass).to_base32()
}

/// `code` is the canonical `TSR1:<PASS>:<T>:<OTP>` of `pass` for a step the server accepts.
#[track_caller]
fn assert_current_code(code: &str, pass: Uuid) {
    let parsed: RotatingCode = code
        .parse()
        .unwrap_or_else(|e| panic!("`code` printed {code:?}, not a TSR1 code: {e}"));
    assert_eq!(parsed.to_string(), code, "the code is canonical");
    assert_eq!(parsed.pass.uuid(), pass, "the code names the pass: {code}");
    let step = current_step();
    assert!(
        parsed.counter + 1 >= step && parsed.counter <= step + 1,
        "the code's step {} is not the current one ({step})",
        parsed.counter
    );
}

async fn claim_code_scan_respond_admits(backend: Backend) -> Result<()> {
    let scene = scene(backend).await?;

    // The wallet file is what the docs say: private, the pass claimed, the token gone, and
    // its key is the one the server bound.
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(&scene.wallet.path)?)?;
    assert_eq!(doc["format"], "tessera-wallet/1", "{doc}");
    let pass = &doc["passes"][0];
    assert_eq!(pass["pass_id"], scene.pass_id.to_string(), "{doc}");
    assert_eq!(pass["claimed"]["label"], LABEL, "{doc}");
    assert!(
        pass.get("claim_token").is_none(),
        "token kept after the claim"
    );
    let secret = pass["wallet_secret"].as_str().unwrap_or_default();
    let bound = scene.server.db().wallet_public_key(scene.pass_id).await?;
    assert_bound_key(bound.as_deref(), &public_key_of(secret)?, scene.pass_id);
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&scene.wallet.path)?.permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "wallet file mode");
    }
    let listed = scene.wallet.ok(&["list"]).await?;
    assert!(
        listed.contains(&scene.pass_id.to_string()) && listed.contains("valid"),
        "`list` printed {listed:?}"
    );

    let mut gate = GateProcess::spawn("gate", &scene.gate, &[])?;
    let started = gate.expect("started").await?;
    assert_eq!(started["pending"], 0, "{started}");
    let challenge = scene.scan(&mut gate).await?;
    let scan_id = challenge["scan_id"].as_str().unwrap_or_default().to_owned();
    let answer = scene
        .respond(challenge["wallet_challenge"].as_str().unwrap_or_default())
        .await?;
    gate.type_line(&answer).await?;
    let accepted = gate.expect("response_accepted").await?;
    assert_eq!(accepted["scan_id"], scan_id, "{accepted}");
    assert_eq!(accepted["source"], "scanner", "{accepted}");
    assert_eq!(accepted["queued"], false, "{accepted}");
    let result = gate.expect("result").await?;
    assert_admitted_event(&result, &scan_id, scene.pass_id, LABEL, false);
    // Events never carry a rotating code or a wallet response (docs/clients.md).
    let printed: String = gate.seen.iter().map(Value::to_string).collect();
    assert!(!printed.contains("TSR1:"), "a rotating code was printed");
    assert!(
        !printed.contains(&answer),
        "the wallet response was printed"
    );

    finish(&mut gate, &scene.gate.journal).await?;
    scene.assert_one_admission().await
}

async fn gate_killed_after_sending_its_response_shows_the_stored_outcome_on_restart(
    backend: Backend,
) -> Result<()> {
    let scene = scene(backend).await?;
    let proxy = LossyProxy::start(scene.server.addr).await?;
    let mut gate = GateProcess::spawn(
        "gate (to be killed)",
        &scene.gate.via(proxy.gate_ws_url()),
        &[],
    )?;
    let challenge = scene.scan(&mut gate).await?;
    let scan_id = challenge["scan_id"].as_str().unwrap_or_default().to_owned();
    let wallet_challenge = challenge["wallet_challenge"].as_str().unwrap_or_default();
    let nonce = nonce_of(wallet_challenge);
    let answer = scene.respond(wallet_challenge).await?;

    // From here the server hears the gate but the gate never hears the server: the response
    // arrives and is committed, its result is lost on the way back.
    proxy.lose_replies(true);
    gate.type_line(&answer).await?;
    let accepted = gate.expect("response_accepted").await?;
    assert_eq!(accepted["queued"], false, "{accepted}");
    let db = scene.server.db();
    eventually(
        "the server stored the admission",
        COMMIT_TIMEOUT,
        || async { Ok(db.redemption_count(scene.pass_id).await? == 1) },
    )
    .await?;
    eventually(
        "the server's answer was lost in the proxy",
        COMMIT_TIMEOUT,
        || async { Ok(proxy.lost_bytes() > 0) },
    )
    .await?;

    // The journal holds exactly what was sent: this scan, its nonce, the wallet's answer.
    let before = journal_scans(&scene.gate.journal)?;
    assert_eq!(before.len(), 1, "journal before the kill: {before:?}");
    assert_eq!(before[0]["scan_id"], scan_id, "{before:?}");
    assert_eq!(before[0]["challenge"]["nonce"], nonce, "{before:?}");
    assert_eq!(before[0]["response"], answer, "{before:?}");
    let ready = gate.drain_ready();
    assert!(
        gate.seen.iter().all(|e| event_name(e) != "result"),
        "the gate saw a result although the proxy lost every answer: {ready:?}"
    );
    let status = gate.kill().await?;
    assert_eq!(status.signal(), Some(9), "killed by SIGKILL: {status}");
    assert_eq!(
        journal_scans(&scene.gate.journal)?,
        before,
        "the killed gate's journal"
    );

    // A new process on the same journal, straight to the server.
    let mut gate = GateProcess::spawn("gate (restarted)", &scene.gate, &[])?;
    let started = gate.expect("started").await?;
    assert_eq!(started["pending"], 1, "{started}");
    let connected = gate.expect("connected").await?;
    assert_eq!(
        connected["gate_id"],
        scene.gate_id.to_string(),
        "{connected}"
    );
    let resend = gate.expect("resend").await?;
    assert_eq!(resend["scan_id"], scan_id, "{resend}");
    assert_eq!(resend["reason"], "reconnect", "{resend}");
    let result = gate.expect("result").await?;
    // replayed:true for this scan_id means the server found the outcome stored under the
    // journaled nonce; any other nonce would be unknown to it.
    assert_admitted_event(&result, &scan_id, scene.pass_id, LABEL, true);
    assert_eq!(
        gate.seen_count("scan"),
        0,
        "the restarted gate scanned nothing new"
    );

    finish(&mut gate, &scene.gate.journal).await?;
    scene.assert_one_admission().await
}

/// Reads `offline` events (each one a lost connection or a failed reconnect) until the
/// gate has shown OFFLINE at least twice more and `OUTAGE` has passed since `since`.
async fn stay_offline(gate: &mut GateProcess, since: Instant) -> Result<()> {
    let mut offline_events = 0;
    while offline_events < 2 || since.elapsed() < OUTAGE {
        let offline = gate.expect("offline").await?;
        assert!(offline["retry_in_ms"].is_u64(), "{offline}");
        offline_events += 1;
    }
    assert_eq!(gate.seen_count("result"), 0, "no verdict while offline");
    Ok(())
}

async fn link_cut_while_the_wallet_answers_admits_once_after_restore(
    backend: Backend,
) -> Result<()> {
    let scene = scene(backend).await?;
    let proxy = TcpProxy::start(scene.server.addr.to_string()).await?;
    let via_proxy = scene.gate.via(format!("ws://{}/v1/gate/ws", proxy.addr));
    let mut gate = GateProcess::spawn("gate", &via_proxy, &[])?;
    let challenge = scene.scan(&mut gate).await?;
    let scan_id = challenge["scan_id"].as_str().unwrap_or_default().to_owned();

    // The link dies while the visitor's phone answers.
    proxy.cut();
    let cut_at = Instant::now();
    gate.expect("offline").await?;
    let answer = scene
        .respond(challenge["wallet_challenge"].as_str().unwrap_or_default())
        .await?;
    gate.type_line(&answer).await?;
    let accepted = gate.expect("response_accepted").await?;
    assert_eq!(accepted["scan_id"], scan_id, "{accepted}");
    assert_eq!(
        accepted["queued"], true,
        "an answer made offline is queued: {accepted}"
    );
    let journal = journal_scans(&scene.gate.journal)?;
    assert_eq!(journal.len(), 1, "{journal:?}");
    assert_eq!(
        journal[0]["response"], answer,
        "queued answers are journaled"
    );
    stay_offline(&mut gate, cut_at).await?;
    assert_eq!(
        scene.server.db().redemption_count(scene.pass_id).await?,
        0,
        "nothing reached the server while the link was cut"
    );

    proxy.restore();
    gate.expect("connected").await?;
    let resend = gate.expect("resend").await?;
    assert_eq!(resend["scan_id"], scan_id, "{resend}");
    assert_eq!(resend["reason"], "reconnect", "{resend}");
    let result = gate.expect("result").await?;
    assert_admitted_event(&result, &scan_id, scene.pass_id, LABEL, false);

    finish(&mut gate, &scene.gate.journal).await?;
    scene.assert_one_admission().await
}

async fn link_cut_after_the_server_committed_replays_the_admission(backend: Backend) -> Result<()> {
    let scene = scene(backend).await?;
    let proxy = LossyProxy::start(scene.server.addr).await?;
    let mut gate = GateProcess::spawn("gate", &scene.gate.via(proxy.gate_ws_url()), &[])?;
    let challenge = scene.scan(&mut gate).await?;
    let scan_id = challenge["scan_id"].as_str().unwrap_or_default().to_owned();
    let answer = scene
        .respond(challenge["wallet_challenge"].as_str().unwrap_or_default())
        .await?;

    // The response arrives and is committed; the result dies with the link.
    proxy.lose_replies(true);
    gate.type_line(&answer).await?;
    gate.expect("response_accepted").await?;
    let db = scene.server.db();
    eventually(
        "the server stored the admission",
        COMMIT_TIMEOUT,
        || async { Ok(db.redemption_count(scene.pass_id).await? == 1 && proxy.lost_bytes() > 0) },
    )
    .await?;
    proxy.cut();
    let cut_at = Instant::now();
    proxy.lose_replies(false);
    stay_offline(&mut gate, cut_at).await?;

    proxy.restore();
    gate.expect("connected").await?;
    let resend = gate.expect("resend").await?;
    assert_eq!(resend["scan_id"], scan_id, "{resend}");
    let result = gate.expect("result").await?;
    assert_admitted_event(&result, &scan_id, scene.pass_id, LABEL, true);
    assert_eq!(gate.seen_count("result"), 1, "exactly one verdict");

    finish(&mut gate, &scene.gate.journal).await?;
    scene.assert_one_admission().await
}

/// Issue 12: the journal holds the only record of answers whose outcome the gate has not
/// seen; a second `tessera-gate` on the same journal would overwrite it, so it stops at once
/// with the journal's exit code and a message saying which file is taken, while the first
/// keeps working.
async fn a_second_gate_on_one_journal_stops_and_says_why(backend: Backend) -> Result<()> {
    let scene = scene(backend).await?;
    let mut first = GateProcess::spawn("first", &scene.gate, &[])?;
    first.expect("started").await?;
    let mut second = GateProcess::spawn("second", &scene.gate, &[])?;
    let status = second.wait_exit(EXIT_TIMEOUT).await?;
    ensure!(
        status.code() == Some(5),
        "the second gate exited with {status}"
    );
    // Its output is read by tasks of its own; give them a moment after the exit.
    let mut said = String::new();
    for _ in 0..40 {
        said = second.transcript().join("\n");
        if said.contains("in use by another tessera-gate") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    ensure!(
        said.contains("in use by another tessera-gate"),
        "the second gate did not say why: {said}"
    );
    first.close_stdin();
    let status = first.wait_exit(EXIT_TIMEOUT).await?;
    ensure!(status.success(), "the first gate exited with {status}");
    Ok(())
}

/// Issue 12: two `claim`s into one wallet file at once must not lose either pass (each
/// loads, changes and saves the whole file; the wallet's lock makes the second wait).
async fn concurrent_claims_into_one_wallet_keep_every_pass(backend: Backend) -> Result<()> {
    let scene = scene(backend).await?;
    let admin = scene.server.admin();
    for round in 0..3 {
        let a = admin.issue_pass(&PassSpec::default()).await?;
        let b = admin.issue_pass(&PassSpec::default()).await?;
        let (claim_a, claim_b) = (["claim", &a.claim_url], ["claim", &b.claim_url]);
        let (first, second) = tokio::join!(scene.wallet.ok(&claim_a), scene.wallet.ok(&claim_b));
        first?;
        second?;
        let listed = scene.wallet.ok(&["list"]).await?;
        for pass in [a.pass_id, b.pass_id] {
            ensure!(
                listed.contains(&pass.to_string()),
                "round {round}: pass {pass} lost from the wallet: {listed}"
            );
        }
    }
    Ok(())
}

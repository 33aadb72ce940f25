//! Issue 52: a party on one phone through the real binaries. `tessera-wallet code --party`
//! shows one code for three passes, `tessera-gate` splits it into three scans, shows one
//! challenge for the two the server challenged (the third is revoked and refused on its
//! own), `tessera-wallet respond` answers both in one `TSR1S`, and each is admitted once;
//! the same code at a second gate is then a replay for each member. The first gate runs as a
//! turnstile whose reader faces the visitor (`--face-to-face`): a member's next code, while
//! the challenge shows and after the verdict, is the same visitor and starts no scan.

use std::collections::BTreeMap;
use std::time::Duration;

use anyhow::{ensure, Context, Result};
use tessera_protocol::{PartyAnswer, PartyChallenge, PartyCode};
use tessera_tests::api::PassSpec;
use tessera_tests::{both_backends, Backend, TestServer};
use uuid::Uuid;

use crate::support::{event_name, GateProcess, GateSetup, WalletCli};

both_backends!(a_party_goes_through_in_one_exchange_each_pass_on_its_own);

const EVENTS_WITHIN: Duration = Duration::from_secs(15);

async fn a_party_goes_through_in_one_exchange_each_pass_on_its_own(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let dir = tempfile::tempdir()?;
    let wallet = WalletCli::new(dir.path().join("wallet.json"));
    let mut names: BTreeMap<Uuid, &str> = BTreeMap::new();
    for label in ["Ada", "Ben", "Cy"] {
        let issued = admin
            .issue_pass(&PassSpec {
                label: label.to_owned(),
                ..PassSpec::default()
            })
            .await?;
        wallet.ok(&["claim", &issued.claim_url]).await?;
        names.insert(issued.pass_id, label);
    }
    let ben = *names
        .iter()
        .find(|(_, name)| **name == "Ben")
        .context("Ben")?
        .0;
    admin.revoke(ben).await?.expect(200)?;

    let gate_setup = |name: &str, token: &str| -> Result<GateSetup> {
        let token_file = dir.path().join(format!("{name}.token"));
        std::fs::write(&token_file, format!("{token}\n"))?;
        Ok(GateSetup {
            server_url: server.gate_ws_url(),
            token_file,
            journal: dir.path().join(format!("{name}.journal")),
            ca_file: None,
        })
    };
    let north = admin.create_gate("North gate", None).await?;
    let mut gate = GateProcess::spawn(
        "north",
        &gate_setup("north", &north.device_token)?,
        &["--face-to-face"],
    )?;
    gate.expect("connected").await?;

    // One code for the party: every claimed pass of the wallet, at one step.
    let code = wallet.last_line(&["code", "--party"]).await?;
    let party: PartyCode = code
        .parse()
        .with_context(|| format!("`code --party` printed {code:?}"))?;
    ensure!(party.codes().len() == 3, "three members: {code}");
    gate.type_line(&code).await?;

    // Three scans; Ben's refused on its own; one challenge for Ada and Cy.
    let mut results = Vec::new();
    let challenge = loop {
        let event = gate.next_event(EVENTS_WITHIN).await?;
        match event_name(&event) {
            "party_challenge" => break event,
            "result" => results.push(event),
            "scan" | "challenge" => {}
            other => anyhow::bail!("unexpected `{other}` before the party's challenge: {event}"),
        }
    };
    ensure!(
        gate.seen_count("scan") == 3,
        "one scan per member: {:?}",
        gate.seen
    );
    let [refused] = results.as_slice() else {
        anyhow::bail!("one member refused at its scan: {results:?}");
    };
    ensure!(
        refused["outcome"] == "denied"
            && refused["reason"] == "revoked"
            && refused["pass"]["label"] == "Ben",
        "Ben is refused, revoked, by name: {refused}"
    );
    let text = challenge["wallet_challenge"].as_str().unwrap_or_default();
    let parsed: PartyChallenge = text
        .parse()
        .with_context(|| format!("a TSR1Q: {challenge}"))?;
    let challenged: Vec<&str> = parsed
        .members()
        .iter()
        .filter_map(|member| names.get(&member.pass.uuid()).copied())
        .collect();
    ensure!(
        challenged == ["Ada", "Cy"] || challenged == ["Cy", "Ada"],
        "{challenge}"
    );
    let labels: Vec<&str> = challenge["passes"]
        .as_array()
        .map(|passes| passes.iter().filter_map(|p| p["label"].as_str()).collect())
        .unwrap_or_default();
    ensure!(
        labels == challenged,
        "the event names the challenged people: {challenge}"
    );

    // The phone still held up shows the next step's code before it has read the challenge:
    // the same visitor, held.
    let id_of = |name: &str| -> Result<String> {
        Ok(names
            .iter()
            .find(|(_, n)| **n == name)
            .context("a member")?
            .0
            .to_string())
    };
    let next_step = (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?
        + Duration::from_secs(15))
    .as_secs()
    .to_string();
    next_code_is_held(
        &mut gate,
        &wallet,
        &id_of("Cy")?,
        &next_step,
        "Cy's next code while challenged",
    )
    .await?;

    // One answer for both.
    let answer = wallet.last_line(&["respond", text]).await?;
    let parsed: PartyAnswer = answer
        .parse()
        .with_context(|| format!("`respond` printed {answer:?}"))?;
    ensure!(parsed.members().len() == 2, "{answer}");
    gate.type_line(&answer).await?;
    let mut admitted = Vec::new();
    while admitted.len() < 2 {
        let event = gate.next_event(EVENTS_WITHIN).await?;
        match event_name(&event) {
            "result" => {
                ensure!(
                    event["outcome"] == "admitted",
                    "each member admitted: {event}"
                );
                admitted.push(
                    event["pass"]["label"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                );
            }
            "response_accepted" => {}
            other => anyhow::bail!("unexpected `{other}` after the party's answer: {event}"),
        }
    }
    admitted.sort();
    ensure!(admitted == ["Ada", "Cy"], "{admitted:?}");
    // Let in, Ada walks through with the phone still up: her next code is held too.
    next_code_is_held(
        &mut gate,
        &wallet,
        &id_of("Ada")?,
        &next_step,
        "Ada's next code after her verdict",
    )
    .await?;
    ensure!(
        gate.seen_count("scan") == 3,
        "no scan after the party's: {:?}",
        gate.seen
    );
    let db = server.db();
    for (pass, name) in &names {
        let uses = db.pass_uses(*pass).await?;
        ensure!(
            uses == i64::from(*name != "Ben"),
            "{name}: {uses} uses, one admission each and none for the revoked pass"
        );
    }

    // The same party code at another gate: each member's code is a replay there.
    let south = admin.create_gate("South gate", None).await?;
    let mut other = GateProcess::spawn("south", &gate_setup("south", &south.device_token)?, &[])?;
    other.expect("connected").await?;
    other.type_line(&code).await?;
    let mut reasons = Vec::new();
    while reasons.len() < 3 {
        let event = other.next_event(EVENTS_WITHIN).await?;
        if event_name(&event) == "result" {
            reasons.push(event["reason"].as_str().unwrap_or_default().to_owned());
        }
    }
    reasons.sort();
    ensure!(
        reasons == ["code_replayed", "code_replayed", "revoked"],
        "a shown party code admits nobody twice: {reasons:?}"
    );
    Ok(())
}

/// The wallet's code for `pass` at `at` (a later step), typed into the face-to-face gate:
/// the same visitor's next code, which the gate holds rather than scans.
async fn next_code_is_held(
    gate: &mut GateProcess,
    wallet: &WalletCli,
    pass: &str,
    at: &str,
    when: &str,
) -> Result<()> {
    let line = wallet.last_line(&["code", pass, "--at", at]).await?;
    gate.type_line(&line).await?;
    let held = gate.next_event(EVENTS_WITHIN).await?;
    ensure!(event_name(&held) == "held", "{when}: {held}");
    Ok(())
}

//! Issue 32: roll calls. Who is on the list when one starts (inside a zone now, or admitted
//! today at a gate without a zone), marking people safe by a muster scan (the TSR1
//! exchange: only the wallet's answer marks, exactly once, and a resend replays) or by hand
//! (once per mark id), ending one with its report, the CSV export, who may start and read
//! them, a zone's roll call listing only that zone, and walk-ins (no pass) listed and
//! marked by hand.

use anyhow::{ensure, Context, Result};
use serde_json::{json, Value};
use tessera_protocol::messages::{
    Challenge, DenyReason, GateMessage, MusterOutcome, MusterResult, ServerMessage,
};
use tessera_protocol::WalletChallenge;
use tessera_tests::api::{ApiClient, GateDevice, IssuedPass, PassSpec, Reply};
use tessera_tests::fixtures::{admit, claimed_pass, connected_gate};
use tessera_tests::gate::{Gate, WalkIn};
use tessera_tests::{
    assert_admitted, assert_error_reply, both_backends, describe, Backend, TestServer, Wallet,
};
use uuid::Uuid;

both_backends!(
    a_roll_call_lists_who_is_inside_and_marks_by_scan_once,
    a_screenshot_cannot_mark_anyone_safe,
    manual_marks_count_once_per_mark_id,
    ending_writes_the_report_and_closes_marks,
    roles_bound_roll_calls,
    a_zone_roll_call_lists_only_that_zone,
    approved_walk_ins_are_listed_and_marked_by_hand,
);

/// The security officer's key label: who starts, marks in the console and ends.
const OFFICER: &str = "Grace Hopper";
/// The marshal's gate at the assembly point.
const MARSHAL: &str = "Assembly point A";
/// A gate without a zone.
const FRONT_DOOR: &str = "Front door";

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A security key's client, labelled [`OFFICER`].
async fn security(server: &TestServer, admin: &ApiClient) -> Result<ApiClient> {
    let key = admin.create_key("security", OFFICER).await?;
    Ok(server.client(key["api_key"].as_str().context("api_key")?))
}

/// A claimed pass labelled `label`.
async fn visitor(admin: &ApiClient, label: &str) -> Result<(IssuedPass, Wallet)> {
    claimed_pass(
        admin,
        &PassSpec {
            label: label.to_owned(),
            ..PassSpec::default()
        },
    )
    .await
}

/// `POST /v1/roll-calls` with `body`, expecting 201: the roll call and its id.
async fn start(client: &ApiClient, body: &Value) -> Result<(Uuid, Value)> {
    let started = client
        .post("/v1/roll-calls", body)
        .await?
        .expect(201)
        .with_context(|| format!("start a roll call with {body}"))?;
    let id = started["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .with_context(|| format!("id in {started}"))?;
    Ok((id, started))
}

/// `GET /v1/roll-calls/{id}`, expecting 200.
async fn show(client: &ApiClient, id: Uuid) -> Result<Value> {
    client
        .get(&format!("/v1/roll-calls/{id}"))
        .await?
        .expect(200)
        .with_context(|| format!("read roll call {id}"))
}

/// The `(label, pass_id)` of everyone on a roll call's list, in the listed order.
fn listed(roll_call: &Value) -> Vec<(String, String)> {
    roll_call["people"]
        .as_array()
        .map(|people| {
            people
                .iter()
                .map(|p| {
                    (
                        p["label"].as_str().unwrap_or("?").to_owned(),
                        p["pass_id"].as_str().unwrap_or("?").to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

/// The person holding `pass` on a roll call's list.
fn person(roll_call: &Value, pass: Uuid) -> Result<&Value> {
    roll_call["people"]
        .as_array()
        .and_then(|people| {
            people
                .iter()
                .find(|p| p["pass_id"] == json!(pass.to_string()))
        })
        .with_context(|| format!("pass {pass} on the list {roll_call}"))
}

fn counts(inside: u64, safe: u64, by_scan: u64, by_hand: u64) -> Value {
    json!({
        "inside": inside,
        "safe": safe,
        "unaccounted": inside - safe,
        "by_scan": by_scan,
        "by_hand": by_hand,
    })
}

/// Sends a `muster_scan` of `code` under a fresh scan id: the scan id and the answer.
async fn muster_scan(gate: &mut Gate, code: &str) -> Result<(Uuid, ServerMessage)> {
    let scan_id = Uuid::new_v4();
    gate.send(&GateMessage::MusterScan {
        scan_id,
        code: code.to_owned(),
    })
    .await?;
    Ok((scan_id, gate.recv().await?))
}

/// A `muster_scan` of the wallet's current code, expecting a challenge for its pass.
async fn muster_challenge(gate: &mut Gate, wallet: &Wallet) -> Result<Challenge> {
    match muster_scan(gate, &wallet.code_now()).await? {
        (scan_id, ServerMessage::Challenge(challenge)) if challenge.scan_id == scan_id => {
            assert_eq!(
                challenge.pass.id,
                wallet.pass_id(),
                "the challenge names the scanned pass: {challenge:?}"
            );
            Ok(challenge)
        }
        (scan_id, other) => {
            anyhow::bail!("expected a challenge for muster scan {scan_id}, got {other:?}")
        }
    }
}

/// A `muster_scan` of the wallet's current code, expecting a `muster_result` denial.
async fn muster_scan_denied(gate: &mut Gate, wallet: &Wallet) -> Result<MusterResult> {
    match muster_scan(gate, &wallet.code_now()).await? {
        (scan_id, ServerMessage::MusterResult(result)) if result.scan_id == scan_id => {
            assert_eq!(result.outcome, MusterOutcome::Denied, "{result:?}");
            assert_eq!(result.nonce, None, "a scan-time denial has no nonce");
            assert!(!result.replayed, "{result:?}");
            Ok(result)
        }
        (scan_id, other) => {
            anyhow::bail!("expected a muster_result for muster scan {scan_id}, got {other:?}")
        }
    }
}

/// Relays `response` to the muster challenge, expecting a `muster_result`.
async fn muster_answer(
    gate: &mut Gate,
    challenge: &Challenge,
    response: &str,
) -> Result<MusterResult> {
    gate.send(&GateMessage::MusterResponse {
        scan_id: challenge.scan_id,
        nonce: challenge.nonce.to_string(),
        response: response.to_owned(),
    })
    .await?;
    match gate.recv().await? {
        ServerMessage::MusterResult(result) => {
            assert_eq!(result.scan_id, challenge.scan_id, "scan_id in {result:?}");
            assert_eq!(result.nonce, Some(challenge.nonce), "nonce in {result:?}");
            Ok(result)
        }
        other => anyhow::bail!("expected a muster_result, got {other:?}"),
    }
}

/// Asserts a `safe` or `already_safe` result for the challenge's pass in `roll_call`,
/// marked by `by`.
fn assert_marked(
    result: &MusterResult,
    outcome: MusterOutcome,
    replayed: bool,
    roll_call: Uuid,
    by: &str,
) {
    assert_eq!(result.outcome, outcome, "outcome in {result:?}");
    assert_eq!(result.reason, None, "reason in {result:?}");
    assert_eq!(result.replayed, replayed, "replayed in {result:?}");
    assert_eq!(result.roll_call_id, Some(roll_call), "{result:?}");
    assert_eq!(result.marked_by.as_deref(), Some(by), "{result:?}");
    assert!(result.marked_at.is_some(), "marked_at in {result:?}");
    assert!(result.pass.is_some(), "pass in {result:?}");
}

/// Asserts a muster denial for `reason`.
fn assert_muster_denied(result: &MusterResult, reason: DenyReason) {
    assert_eq!(
        result.outcome,
        MusterOutcome::Denied,
        "outcome in {result:?}"
    );
    assert_eq!(result.reason, Some(reason), "reason in {result:?}");
    assert_eq!(result.marked_at, None, "{result:?}");
    assert_eq!(result.marked_by, None, "{result:?}");
}

/// `POST {prefix}/{id}/marks` (`/v1/roll-calls` for the console, `/v1/gate/roll-calls`
/// for a gate), whatever the answer.
async fn mark(
    client: &ApiClient,
    prefix: &str,
    roll_call: Uuid,
    mark_id: Uuid,
    pass: Uuid,
) -> Result<Reply> {
    client
        .post(
            &format!("{prefix}/{roll_call}/marks"),
            &json!({ "mark_id": mark_id, "pass_id": pass }),
        )
        .await
}

/// `POST /v1/zones` named `name`; the zone's id.
async fn create_zone(admin: &ApiClient, name: &str) -> Result<Uuid> {
    let answer = admin
        .post("/v1/zones", &json!({ "name": name, "allow_reentry": true }))
        .await?
        .expect(201)
        .with_context(|| format!("create zone {name}"))?;
    answer["zone_id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .with_context(|| format!("zone_id in {answer}"))
}

/// Creates a gate of `zone` with `direction` and connects it.
async fn zone_gate(
    server: &TestServer,
    admin: &ApiClient,
    label: &str,
    zone: Uuid,
    direction: &str,
) -> Result<(GateDevice, Gate)> {
    let answer = admin
        .post(
            "/v1/gates",
            &json!({ "label": label, "zone_id": zone, "direction": direction }),
        )
        .await?
        .expect(201)
        .with_context(|| format!("create {direction} gate {label}"))?;
    let device: GateDevice =
        serde_json::from_value(answer.clone()).with_context(|| format!("gate {answer}"))?;
    let gate = Gate::connect(&server.gate_ws_url(), &device.device_token)
        .await
        .with_context(|| format!("connect gate {label}"))?;
    Ok((device, gate))
}

/// Every audit event of `kind`.
async fn events(admin: &ApiClient, kind: &str) -> Result<Vec<tessera_tests::api::AuditEvent>> {
    admin.audit(&format!("kind={kind}")).await
}

// ---------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------

async fn a_roll_call_lists_who_is_inside_and_marks_by_scan_once(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let lab = create_zone(&admin, "Lab").await?;
    let (_, mut lab_door) = zone_gate(&server, &admin, "Lab door", lab, "entry").await?;
    let (marshal, mut muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let (ada, ada_wallet) = visitor(&admin, "Ada Lovelace").await?;
    let (katherine, katherine_wallet) = visitor(&admin, "Katherine Johnson").await?;
    let (_, mallory_wallet) = visitor(&admin, "Mallory Smith").await?;

    admit(&mut front, &ada_wallet, &ada_wallet.code_now()).await?;
    admit(
        &mut lab_door,
        &katherine_wallet,
        &katherine_wallet.code_now(),
    )
    .await?;

    let (id, started) = start(&officer, &json!({})).await?;
    assert_eq!(started["scope"], "All sites", "{started}");
    assert_eq!(started["site"], Value::Null);
    assert_eq!(started["zone_id"], Value::Null);
    assert_eq!(started["active"], true);
    assert_eq!(started["started_by"], OFFICER);
    assert_eq!(started["ended_at"], Value::Null);
    assert_eq!(started["counts"], counts(2, 0, 0, 0), "{started}");
    assert_eq!(
        listed(&started),
        [
            ("Ada Lovelace".to_owned(), ada.pass_id.to_string()),
            (
                "Katherine Johnson".to_owned(),
                katherine.pass_id.to_string()
            ),
        ],
        "the admitted two, by label; never the pass that did not come in"
    );
    assert_eq!(person(&started, ada.pass_id)?["last_seen"], FRONT_DOOR);
    assert_eq!(person(&started, katherine.pass_id)?["last_seen"], "Lab");
    for p in started["people"].as_array().context("people")? {
        assert_eq!(p["safe"], false, "{p}");
        assert_eq!(p["how"], Value::Null, "{p}");
    }

    // A muster scan: a challenge, the wallet's answer marks its holder safe.
    let challenge = muster_challenge(&mut muster, &ada_wallet).await?;
    let response = ada_wallet.answer(&challenge)?;
    let safe = muster_answer(&mut muster, &challenge, &response).await?;
    assert_marked(&safe, MusterOutcome::Safe, false, id, MARSHAL);
    // The same answer again (a lost reply): the stored outcome, nobody marked twice.
    let again = muster_answer(&mut muster, &challenge, &response).await?;
    assert_marked(&again, MusterOutcome::Safe, true, id, MARSHAL);
    assert_eq!(again.marked_at, safe.marked_at, "the same mark");
    let marked = events(&admin, "roll_call_marked").await?;
    let [event] = marked.as_slice() else {
        anyhow::bail!("expected one roll_call_marked:\n{}", describe(&marked));
    };
    assert_eq!(event.pass_id, Some(ada.pass_id));
    assert_eq!(event.gate_id, Some(marshal.gate_id));
    assert_eq!(event.details["how"], "scan");
    assert_eq!(event.details["roll_call_id"], json!(id));
    assert_eq!(event.details["scan_id"], json!(challenge.scan_id));
    assert_eq!(event.details["marked_where"], MARSHAL);

    // Scanned again later (a new scan, a new challenge): already safe, who and when.
    let second = muster_challenge(&mut muster, &ada_wallet).await?;
    ensure!(second.nonce != challenge.nonce, "a fresh challenge");
    let already = muster_answer(&mut muster, &second, &ada_wallet.answer(&second)?).await?;
    assert_marked(&already, MusterOutcome::AlreadySafe, false, id, MARSHAL);
    assert_eq!(already.marked_at, safe.marked_at, "when they were marked");
    assert_eq!(
        events(&admin, "roll_call_marked").await?.len(),
        1,
        "already safe writes no mark"
    );

    let now = show(&officer, id).await?;
    assert_eq!(now["counts"], counts(2, 1, 1, 0), "{now}");
    let ada_now = person(&now, ada.pass_id)?;
    assert_eq!(ada_now["safe"], true, "{ada_now}");
    assert_eq!(ada_now["how"], "scan");
    assert_eq!(ada_now["marked_by"], MARSHAL);
    assert_eq!(ada_now["marked_where"], MARSHAL);
    ensure!(ada_now["marked_at"].is_string(), "{ada_now}");
    assert_eq!(person(&now, katherine.pass_id)?["safe"], false);

    // Someone who never came in is not on the list.
    let refused = muster_scan_denied(&mut muster, &mallory_wallet).await?;
    assert_muster_denied(&refused, DenyReason::NotOnRollCall);
    assert_eq!(show(&officer, id).await?["counts"], counts(2, 1, 1, 0));
    Ok(())
}

async fn a_screenshot_cannot_mark_anyone_safe(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let (_, mut muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let (ada, ada_wallet) = visitor(&admin, "Ada Lovelace").await?;
    let (_, friend_wallet) = visitor(&admin, "Eve Friend").await?;
    admit(&mut front, &ada_wallet, &ada_wallet.code_now()).await?;

    // No roll call going: a muster scan marks nobody.
    let refused = muster_scan_denied(&mut muster, &ada_wallet).await?;
    assert_muster_denied(&refused, DenyReason::NoRollCall);

    let (id, _) = start(&officer, &json!({})).await?;
    // Ada is inside; her friend outside shows a screenshot of her code. The code verifies,
    // but the friend's phone cannot answer Ada's challenge.
    let challenge = muster_challenge(&mut muster, &ada_wallet).await?;
    let parsed: WalletChallenge = challenge
        .wallet_challenge
        .parse()
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let friends_answer = friend_wallet.keys.response_key.respond(&parsed).to_string();
    let garbled = "TSR1R:not-an-answer".to_owned();
    let flipped = ada_wallet.wrong_answer(&challenge);
    for wrong in [&friends_answer, &garbled, &flipped] {
        let result = muster_answer(&mut muster, &challenge, wrong).await?;
        assert_muster_denied(&result, DenyReason::BadResponse);
        assert!(!result.replayed, "{result:?}");
    }
    // Three wrong answers burn the challenge: even the right one is refused now.
    let burned = muster_answer(&mut muster, &challenge, &ada_wallet.answer(&challenge)?).await?;
    assert_muster_denied(&burned, DenyReason::ChallengeBurned);

    let now = show(&officer, id).await?;
    assert_eq!(
        now["counts"],
        counts(1, 0, 0, 0),
        "still unaccounted: {now}"
    );
    assert_eq!(person(&now, ada.pass_id)?["safe"], false);
    assert_eq!(events(&admin, "roll_call_marked").await?.len(), 0);
    let refusals = events(&admin, "muster_refused").await?;
    let bad: Vec<_> = refusals
        .iter()
        .filter(|e| e.reason() == Some("bad_response"))
        .collect();
    assert_eq!(bad.len(), 3, "{}", describe(&refusals));
    for event in bad {
        assert_eq!(event.severity, "warning");
        assert_eq!(event.pass_id, Some(ada.pass_id));
        assert_eq!(event.details["roll_call_id"], json!(id));
    }

    // Ada herself, at a new scan, is marked.
    let fresh = muster_challenge(&mut muster, &ada_wallet).await?;
    let safe = muster_answer(&mut muster, &fresh, &ada_wallet.answer(&fresh)?).await?;
    assert_marked(&safe, MusterOutcome::Safe, false, id, MARSHAL);
    assert_eq!(show(&officer, id).await?["counts"], counts(1, 1, 1, 0));
    Ok(())
}

async fn manual_marks_count_once_per_mark_id(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let (marshal, mut muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let tablet = server.client(&marshal.device_token);
    let (ada, ada_wallet) = visitor(&admin, "Ada Lovelace").await?;
    let (katherine, katherine_wallet) = visitor(&admin, "Katherine Johnson").await?;
    let mallory = admin
        .issue_pass(&PassSpec {
            label: "Mallory Smith".to_owned(),
            ..PassSpec::default()
        })
        .await?;
    admit(&mut front, &ada_wallet, &ada_wallet.code_now()).await?;
    admit(&mut front, &katherine_wallet, &katherine_wallet.code_now()).await?;
    let (id, _) = start(&officer, &json!({})).await?;

    // The marshal's tablet reads the roll calls it serves, with their lists.
    let served = tablet.get("/v1/gate/roll-calls").await?.expect(200)?;
    let roll_calls = served["roll_calls"].as_array().context("roll_calls")?;
    assert_eq!(roll_calls.len(), 1, "{served}");
    assert_eq!(roll_calls[0]["id"], json!(id));
    assert_eq!(listed(&roll_calls[0]).len(), 2, "{served}");

    // A tick on the tablet, sent twice under one mark id: marked once.
    let first_id = Uuid::new_v4();
    let first = mark(&tablet, "/v1/gate/roll-calls", id, first_id, ada.pass_id)
        .await?
        .expect(201)?;
    assert_eq!(first["result"], "marked", "{first}");
    assert_eq!(first["person"]["safe"], true);
    assert_eq!(first["person"]["how"], "manual");
    assert_eq!(first["person"]["marked_by"], MARSHAL);
    assert_eq!(first["person"]["marked_where"], MARSHAL);
    let resent = mark(&tablet, "/v1/gate/roll-calls", id, first_id, ada.pass_id)
        .await?
        .expect(200)?;
    assert_eq!(resent["result"], "resent", "{resent}");
    assert_eq!(resent["person"]["marked_at"], first["person"]["marked_at"]);
    let marked = events(&admin, "roll_call_marked").await?;
    let [event] = marked.as_slice() else {
        anyhow::bail!("expected one roll_call_marked:\n{}", describe(&marked));
    };
    assert_eq!(event.details["how"], "manual");
    assert_eq!(event.details["mark_id"], json!(first_id));
    assert_eq!(event.gate_id, Some(marshal.gate_id));
    assert_eq!(event.pass_id, Some(ada.pass_id));

    // The same mark id for someone else is a client bug: refused, nobody marked.
    let reused = mark(
        &tablet,
        "/v1/gate/roll-calls",
        id,
        first_id,
        katherine.pass_id,
    )
    .await?;
    assert_error_reply(&reused, 409, "mark_id_reused");
    // The console ticks someone already safe: who marked them stays.
    let already = mark(&officer, "/v1/roll-calls", id, Uuid::new_v4(), ada.pass_id)
        .await?
        .expect(200)?;
    assert_eq!(already["result"], "already_safe", "{already}");
    assert_eq!(already["person"]["marked_by"], MARSHAL);
    // Someone not on the list.
    let stranger = mark(
        &officer,
        "/v1/roll-calls",
        id,
        Uuid::new_v4(),
        mallory.pass_id,
    )
    .await?;
    assert_error_reply(&stranger, 409, "not_on_roll_call");
    let unknown = mark(
        &officer,
        "/v1/roll-calls",
        Uuid::new_v4(),
        Uuid::new_v4(),
        ada.pass_id,
    )
    .await?;
    assert_eq!(unknown.status, 404, "{unknown:?}");
    assert_eq!(show(&officer, id).await?["counts"], counts(2, 1, 0, 1));

    // The console ticks Katherine: marked by the officer, in the console.
    let by_console = mark(
        &officer,
        "/v1/roll-calls",
        id,
        Uuid::new_v4(),
        katherine.pass_id,
    )
    .await?
    .expect(201)?;
    assert_eq!(by_console["result"], "marked");
    assert_eq!(by_console["person"]["marked_by"], OFFICER);
    assert_eq!(by_console["person"]["marked_where"], "Console");
    assert_eq!(events(&admin, "roll_call_marked").await?.len(), 2);
    assert_eq!(show(&officer, id).await?["counts"], counts(2, 2, 0, 2));

    // A muster scan of someone ticked by hand: already safe, with who ticked them.
    let challenge = muster_challenge(&mut muster, &katherine_wallet).await?;
    let result = muster_answer(
        &mut muster,
        &challenge,
        &katherine_wallet.answer(&challenge)?,
    )
    .await?;
    assert_marked(&result, MusterOutcome::AlreadySafe, false, id, OFFICER);
    assert_eq!(events(&admin, "roll_call_marked").await?.len(), 2);
    Ok(())
}

async fn ending_writes_the_report_and_closes_marks(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let (marshal, mut muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let tablet = server.client(&marshal.device_token);
    let mut people = Vec::new();
    for label in ["Ada Lovelace", "Bob Baker", "Carol Cole"] {
        let (issued, wallet) = visitor(&admin, label).await?;
        admit(&mut front, &wallet, &wallet.code_now()).await?;
        people.push((issued, wallet));
    }
    let [(ada, ada_wallet), (bob, _), (carol, carol_wallet)] = &people[..] else {
        anyhow::bail!("three visitors");
    };
    let (id, _) = start(&officer, &json!({})).await?;
    let challenge = muster_challenge(&mut muster, ada_wallet).await?;
    let safe = muster_answer(&mut muster, &challenge, &ada_wallet.answer(&challenge)?).await?;
    assert_marked(&safe, MusterOutcome::Safe, false, id, MARSHAL);
    mark(&officer, "/v1/roll-calls", id, Uuid::new_v4(), bob.pass_id)
        .await?
        .expect(201)?;
    // Carol's code is scanned, but her answer only arrives after the end.
    let pending = muster_challenge(&mut muster, carol_wallet).await?;

    let ended = officer
        .post_empty(&format!("/v1/roll-calls/{id}/end"))
        .await?
        .expect(200)?;
    let report = &ended["report"];
    assert_eq!(report["roll_call_id"], json!(id), "{ended}");
    assert_eq!(report["scope"], "All sites");
    assert_eq!(report["counts"], counts(3, 2, 1, 1), "{ended}");
    assert_eq!(report["unaccounted"], json!([carol.pass_id]), "{ended}");
    ensure!(report["duration_s"].is_u64(), "{ended}");

    let written = events(&admin, "roll_call_ended").await?;
    let [event] = written.as_slice() else {
        anyhow::bail!("expected one roll_call_ended:\n{}", describe(&written));
    };
    assert_eq!(event.details["roll_call_id"], json!(id));
    assert_eq!(
        event.details["counts"], report["counts"],
        "{}",
        event.details
    );
    assert_eq!(event.details["unaccounted"], report["unaccounted"]);
    assert_eq!(event.details["scope"], "All sites");

    // Ended once.
    let again = officer
        .post_empty(&format!("/v1/roll-calls/{id}/end"))
        .await?;
    assert_error_reply(&again, 409, "roll_call_ended");
    assert_eq!(events(&admin, "roll_call_ended").await?.len(), 1);
    // No marks after the end, by hand or by scan.
    let late = mark(
        &officer,
        "/v1/roll-calls",
        id,
        Uuid::new_v4(),
        carol.pass_id,
    )
    .await?;
    assert_error_reply(&late, 409, "roll_call_ended");
    let late = mark(
        &tablet,
        "/v1/gate/roll-calls",
        id,
        Uuid::new_v4(),
        carol.pass_id,
    )
    .await?;
    assert_error_reply(&late, 409, "roll_call_ended");
    let refused = muster_scan_denied(&mut muster, carol_wallet).await?;
    assert_muster_denied(&refused, DenyReason::NoRollCall);
    // A challenge issued before the end cannot be answered after it.
    let too_late = muster_answer(&mut muster, &pending, &carol_wallet.answer(&pending)?).await?;
    assert_muster_denied(&too_late, DenyReason::NoRollCall);
    assert_eq!(too_late.roll_call_id, Some(id), "{too_late:?}");
    assert_eq!(events(&admin, "roll_call_marked").await?.len(), 2);

    let now = show(&officer, id).await?;
    assert_eq!(now["active"], false, "{now}");
    assert_eq!(now["ended_by"], OFFICER);
    ensure!(now["ended_at"].is_string(), "{now}");
    assert_eq!(now["counts"], counts(3, 2, 1, 1));
    let list = officer.get("/v1/roll-calls").await?.expect(200)?;
    let roll_calls = list["roll_calls"].as_array().context("roll_calls")?;
    assert_eq!(roll_calls.len(), 1, "{list}");
    assert_eq!(roll_calls[0]["active"], false);
    assert_eq!(roll_calls[0]["counts"]["safe"], 2);
    assert_eq!(roll_calls[0]["counts"]["unaccounted"], 1);
    ensure!(
        roll_calls[0].get("people").is_none(),
        "the list has no people: {list}"
    );
    let served = tablet.get("/v1/gate/roll-calls").await?.expect(200)?;
    assert_eq!(
        served["roll_calls"],
        json!([]),
        "an ended roll call is served no more"
    );

    // The CSV: a header, one line per person, the unaccounted first.
    let csv = officer.get(&format!("/v1/roll-calls/{id}/csv")).await?;
    assert_eq!(csv.status, 200, "{csv:?}");
    ensure!(
        csv.content_type
            .as_deref()
            .is_some_and(|t| t.starts_with("text/csv")),
        "{csv:?}"
    );
    let rows = tessera_tests::csv::parse(&csv.body)?;
    assert_eq!(
        rows[0],
        [
            "name",
            "status",
            "last_seen",
            "marked_at",
            "marked_by",
            "marked_where",
            "how",
            "pass_id",
            "walk_in_id"
        ],
        "{}",
        csv.body
    );
    assert_eq!(rows.len(), 4, "{}", csv.body);
    let line = |n: usize| -> Vec<&str> {
        let row: &Vec<String> = &rows[n];
        // name, status, last_seen, marked_by, how, pass_id
        [0, 1, 2, 4, 6, 7]
            .iter()
            .map(|&i| row[i].as_str())
            .collect()
    };
    let (ada_id, bob_id, carol_id) = (
        ada.pass_id.to_string(),
        bob.pass_id.to_string(),
        carol.pass_id.to_string(),
    );
    assert_eq!(
        line(1),
        [
            "Carol Cole",
            "unaccounted",
            FRONT_DOOR,
            "",
            "",
            carol_id.as_str()
        ]
    );
    assert_eq!(
        line(2),
        [
            "Ada Lovelace",
            "safe",
            FRONT_DOOR,
            MARSHAL,
            "scan",
            ada_id.as_str()
        ]
    );
    assert_eq!(
        line(3),
        [
            "Bob Baker",
            "safe",
            FRONT_DOOR,
            OFFICER,
            "manual",
            bob_id.as_str()
        ]
    );
    ensure!(
        rows[1][3].is_empty() && !rows[2][3].is_empty(),
        "{}",
        csv.body
    );

    server.db().hot_rows_are_consistent().await?;
    Ok(())
}

async fn roles_bound_roll_calls(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let key = admin.create_key("security", OFFICER).await?;
    let officer = server.client(key["api_key"].as_str().context("api_key")?);
    let auditor = server.client(&admin.create_api_key("auditor").await?);
    let issuer = server.client(&admin.create_api_key("issuer").await?);

    for (who, client) in [("auditor", &auditor), ("issuer", &issuer)] {
        let refused = client.post("/v1/roll-calls", &json!({})).await?;
        assert_eq!(refused.status, 403, "{who} starts: {}", refused.body);
        let refused = client.get("/v1/roll-calls").await?;
        assert_eq!(refused.status, 403, "{who} lists: {}", refused.body);
    }
    assert_eq!(
        server
            .anonymous()
            .post("/v1/roll-calls", &json!({}))
            .await?
            .status,
        401
    );
    let refused = officer
        .post(
            "/v1/roll-calls",
            &json!({ "site": "north", "zone_id": Uuid::new_v4() }),
        )
        .await?;
    assert_eq!(refused.status, 400, "a site or a zone: {}", refused.body);
    let refused = officer
        .post("/v1/roll-calls", &json!({ "zone_id": Uuid::new_v4() }))
        .await?;
    assert_eq!(refused.status, 404, "an unknown zone: {}", refused.body);
    assert_eq!(
        events(&admin, "roll_call_started").await?.len(),
        0,
        "nothing started by a refused request"
    );

    let (by_officer, started) = start(&officer, &json!({})).await?;
    assert_eq!(started["started_by"], OFFICER);
    let (by_admin, started) = start(&admin, &json!({ "site": "north" })).await?;
    assert_eq!(started["scope"], "Site north", "{started}");
    assert_eq!(started["site"], "north");
    for (who, client) in [("auditor", &auditor), ("issuer", &issuer)] {
        let refused = client.get(&format!("/v1/roll-calls/{by_officer}")).await?;
        assert_eq!(refused.status, 403, "{who} reads one: {}", refused.body);
        let refused = client
            .post_empty(&format!("/v1/roll-calls/{by_officer}/end"))
            .await?;
        assert_eq!(refused.status, 403, "{who} ends one: {}", refused.body);
    }
    let list = admin.get("/v1/roll-calls").await?.expect(200)?;
    let ids: Vec<&Value> = list["roll_calls"]
        .as_array()
        .context("roll_calls")?
        .iter()
        .map(|r| &r["id"])
        .collect();
    assert_eq!(ids, [&json!(by_admin), &json!(by_officer)], "newest first");

    // Starting one is an alarm.
    let started = events(&admin, "roll_call_started").await?;
    assert_eq!(started.len(), 2, "{}", describe(&started));
    let mine = started
        .iter()
        .find(|e| e.details["roll_call_id"] == json!(by_officer))
        .context("the officer's roll_call_started")?;
    assert_eq!(mine.severity, "high");
    assert_eq!(mine.details["by_key_id"], key["key_id"]);
    assert_eq!(mine.details["inside"], 0);
    let alarms = officer.get("/v1/alarms?state=open").await?.expect(200)?;
    let raised: Vec<&Value> = alarms["alarms"]
        .as_array()
        .context("alarms")?
        .iter()
        .filter(|a| a["alarm"] == "roll_call_started")
        .collect();
    assert_eq!(raised.len(), 2, "{alarms}");
    ensure!(
        raised
            .iter()
            .any(|a| a["event"]["details"]["roll_call_id"] == json!(by_officer)),
        "{alarms}"
    );
    for alarm in raised {
        assert_eq!(alarm["state"], "open", "{alarm}");
    }
    Ok(())
}

async fn a_zone_roll_call_lists_only_that_zone(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let lab = create_zone(&admin, "Lab").await?;
    let pool = create_zone(&admin, "Pool").await?;
    let (_, mut into_lab) = zone_gate(&server, &admin, "Lab in", lab, "entry").await?;
    let (_, mut out_of_lab) = zone_gate(&server, &admin, "Lab out", lab, "exit").await?;
    let (_, mut into_pool) = zone_gate(&server, &admin, "Pool in", pool, "entry").await?;
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let (_, mut muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let (ada, ada_wallet) = visitor(&admin, "Ada Lovelace").await?;
    let (bob, bob_wallet) = visitor(&admin, "Bob Baker").await?;
    let (carol, carol_wallet) = visitor(&admin, "Carol Cole").await?;
    let (dan, dan_wallet) = visitor(&admin, "Dan Drake").await?;

    // Ada is in the lab; Bob went in and came out (each move its own code step); Carol is
    // in the pool; Dan came in at the front door.
    let step = tessera_tests::clock::step_with_margin(3).await;
    admit(&mut into_lab, &ada_wallet, &ada_wallet.code_text(step)).await?;
    admit(&mut into_lab, &bob_wallet, &bob_wallet.code_text(step)).await?;
    let challenge = out_of_lab
        .challenge(&bob_wallet.code_text(step + 1))
        .await?;
    let left = out_of_lab
        .answer(&challenge, &bob_wallet.answer(&challenge)?)
        .await?;
    assert_admitted(&left, &challenge, false);
    admit(&mut into_pool, &carol_wallet, &carol_wallet.code_text(step)).await?;
    admit(&mut front, &dan_wallet, &dan_wallet.code_text(step)).await?;

    let (id, started) = start(&officer, &json!({ "zone_id": lab })).await?;
    assert_eq!(started["scope"], "Zone Lab", "{started}");
    assert_eq!(started["zone_id"], json!(lab));
    assert_eq!(started["site"], Value::Null);
    assert_eq!(
        listed(&started),
        [("Ada Lovelace".to_owned(), ada.pass_id.to_string())],
        "only who is inside the lab now"
    );
    assert_eq!(person(&started, ada.pass_id)?["last_seen"], "Lab");
    assert_eq!(started["counts"], counts(1, 0, 0, 0));
    let event = events(&admin, "roll_call_started").await?;
    assert_eq!(event.len(), 1);
    assert_eq!(event[0].details["zone_id"], json!(lab));
    assert_eq!(event[0].details["inside"], 1);

    // A marshal serves the zone's roll call: the pool's visitor is not on it.
    let refused = muster_scan_denied(&mut muster, &carol_wallet).await?;
    assert_muster_denied(&refused, DenyReason::NotOnRollCall);
    let challenge = muster_challenge(&mut muster, &ada_wallet).await?;
    let safe = muster_answer(&mut muster, &challenge, &ada_wallet.answer(&challenge)?).await?;
    assert_marked(&safe, MusterOutcome::Safe, false, id, MARSHAL);
    officer
        .post_empty(&format!("/v1/roll-calls/{id}/end"))
        .await?
        .expect(200)?;

    // Everywhere: both zones' insiders and the front door's visitor, never Bob, who left.
    let (_, everywhere) = start(&officer, &json!({})).await?;
    let mut expected = vec![
        ("Ada Lovelace".to_owned(), ada.pass_id.to_string()),
        ("Carol Cole".to_owned(), carol.pass_id.to_string()),
        ("Dan Drake".to_owned(), dan.pass_id.to_string()),
    ];
    expected.sort();
    assert_eq!(listed(&everywhere), expected, "{everywhere}");
    ensure!(
        person(&everywhere, bob.pass_id).is_err(),
        "Bob left the lab before: {everywhere}"
    );
    assert_eq!(person(&everywhere, carol.pass_id)?["last_seen"], "Pool");
    assert_eq!(person(&everywhere, dan.pass_id)?["last_seen"], FRONT_DOOR);
    Ok(())
}

/// A walk-in a host approved has no pass, but is inside: the roll call lists them (a
/// waiting or denied one not), a marshal ticks them by hand under a mark id exactly once,
/// and the report names those never marked.
async fn approved_walk_ins_are_listed_and_marked_by_hand(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let officer = security(&server, &admin).await?;
    let host = admin.create_host("R. Iyer, Flat 12B", Some("12B")).await?;
    let host_client = server.client(&host.api_key);
    let (_, mut front) = connected_gate(&server, &admin, FRONT_DOOR, None).await?;
    let (marshal, _muster) = connected_gate(&server, &admin, MARSHAL, None).await?;
    let tablet = server.client(&marshal.device_token);
    let (ada, ada_wallet) = visitor(&admin, "Ada Lovelace").await?;
    admit(&mut front, &ada_wallet, &ada_wallet.code_now()).await?;
    let walk_in = |name: &str| WalkIn::new(name, host.key_id, Some("parcel"));
    let (sam, tom, una) = (
        walk_in("Sam Okafor"),
        walk_in("Tom Waiting"),
        walk_in("Una Denied"),
    );
    let mut ids = Vec::new();
    for request in [&sam, &tom, &una] {
        ids.push(front.walk_in_status(request).await?.walk_in_id);
    }
    let (sam_id, una_id) = (ids[0], ids[2]);
    let sam_too = walk_in("Sam's colleague");
    let colleague_id = front.walk_in_status(&sam_too).await?.walk_in_id;
    for (id, decision) in [
        (sam_id, "approve"),
        (colleague_id, "approve"),
        (una_id, "deny"),
    ] {
        host_client
            .post(&format!("/v1/walk-ins/{id}/{decision}"), &json!({}))
            .await?
            .expect(200)
            .with_context(|| format!("{decision} walk-in {id}"))?;
    }

    let (id, started) = start(&officer, &json!({})).await?;
    assert_eq!(started["counts"], counts(3, 0, 0, 0), "{started}");
    let people = started["people"].as_array().context("people")?;
    let names: Vec<&str> = people.iter().filter_map(|p| p["label"].as_str()).collect();
    assert_eq!(
        names,
        ["Ada Lovelace", "Sam Okafor", "Sam's colleague"],
        "{started}"
    );
    let sam_listed = &people[1];
    assert_eq!(sam_listed["kind"], "walk_in", "{sam_listed}");
    assert_eq!(sam_listed["walk_in_id"], json!(sam_id), "{sam_listed}");
    assert_eq!(sam_listed["last_seen"], FRONT_DOOR, "{sam_listed}");
    ensure!(sam_listed.get("pass_id").is_none(), "{sam_listed}");
    assert_eq!(people[0]["kind"], "pass");
    assert_eq!(people[0]["pass_id"], json!(ada.pass_id));

    // A roll call of another site lists nobody from this gate (it has no site).
    let (_, elsewhere) = start(&officer, &json!({ "site": "south" })).await?;
    assert_eq!(elsewhere["counts"], counts(0, 0, 0, 0), "{elsewhere}");

    // Ticked by hand on the tablet, twice under one mark id: marked once.
    let marks = format!("/v1/gate/roll-calls/{id}/marks");
    let mark_id = Uuid::new_v4();
    let body = json!({ "mark_id": mark_id, "walk_in_id": sam_id });
    let first = tablet.post(&marks, &body).await?.expect(201)?;
    assert_eq!(first["result"], "marked", "{first}");
    assert_eq!(first["person"]["kind"], "walk_in");
    assert_eq!(first["person"]["how"], "manual");
    assert_eq!(first["person"]["marked_by"], MARSHAL);
    let resent = tablet.post(&marks, &body).await?.expect(200)?;
    assert_eq!(resent["result"], "resent", "{resent}");
    // The same mark id for a pass holder is refused; so is a mark naming both or neither.
    let reused = mark(&tablet, "/v1/gate/roll-calls", id, mark_id, ada.pass_id).await?;
    assert_error_reply(&reused, 409, "mark_id_reused");
    for body in [
        json!({ "mark_id": Uuid::new_v4(), "walk_in_id": sam_id, "pass_id": ada.pass_id }),
        json!({ "mark_id": Uuid::new_v4() }),
    ] {
        let refused = tablet.post(&marks, &body).await?;
        assert_eq!(refused.status, 400, "{body}: {refused:?}");
    }
    // A denied walk-in, or one of another id space, is not on the list.
    let denied = tablet
        .post(
            &marks,
            &json!({ "mark_id": Uuid::new_v4(), "walk_in_id": una_id }),
        )
        .await?;
    assert_error_reply(&denied, 409, "not_on_roll_call");
    let as_pass = mark(&tablet, "/v1/gate/roll-calls", id, Uuid::new_v4(), sam_id).await?;
    assert_error_reply(&as_pass, 409, "not_on_roll_call");

    let marked = events(&admin, "roll_call_marked").await?;
    let [event] = marked.as_slice() else {
        anyhow::bail!("expected one roll_call_marked:\n{}", describe(&marked));
    };
    assert_eq!(event.details["walk_in_id"], json!(sam_id));
    assert_eq!(event.pass_id, None);
    assert_eq!(event.gate_id, Some(marshal.gate_id));
    assert_eq!(show(&officer, id).await?["counts"], counts(3, 1, 0, 1));

    // The CSV names the walk-in in its own column.
    let csv = officer.get(&format!("/v1/roll-calls/{id}/csv")).await?;
    let rows = tessera_tests::csv::parse(&csv.body)?;
    let sam_row = rows
        .iter()
        .find(|row| row[0] == "Sam Okafor")
        .with_context(|| csv.body.clone())?;
    assert_eq!(sam_row[7], "", "{}", csv.body);
    assert_eq!(sam_row[8], sam_id.to_string(), "{}", csv.body);

    // The report names the walk-in never marked apart from the passes.
    let ended = officer
        .post(&format!("/v1/roll-calls/{id}/end"), &json!({}))
        .await?
        .expect(200)?;
    assert_eq!(ended["report"]["unaccounted"], json!([ada.pass_id]));
    assert_eq!(
        ended["report"]["unaccounted_walk_ins"],
        json!([colleague_id])
    );
    server.db().hot_rows_are_consistent().await?;
    Ok(())
}

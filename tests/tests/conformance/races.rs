//! Issue 4, §7 rule 6: concurrent answers for one single-use pass at many gates admit exactly
//! once; every other wallet proof gets `already_admitted`.
//!
//! Sixteen connections, one device each, all holding a live challenge for the same code, all
//! released at the same instant: the storage backend's conditional update is the only thing
//! standing between this and a double admission.

use std::sync::Arc;

use anyhow::Result;
use tessera_protocol::messages::Outcome;
use tessera_tests::api::PassSpec;
use tessera_tests::fixtures::{claimed_pass, connected_gate};
use tessera_tests::{assert_already_admitted, both_backends, count_events, Backend, TestServer};

both_backends!(sixteen_gates_answering_at_once_admit_exactly_once);

async fn sixteen_gates_answering_at_once_admit_exactly_once(backend: Backend) -> Result<()> {
    const GATES: usize = 16;
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let (issued, wallet) = claimed_pass(&admin, &PassSpec::default()).await?;
    let code = wallet.code_now();

    let mut ready = Vec::new();
    for n in 0..GATES {
        let (device, mut gate) =
            connected_gate(&server, &admin, &format!("gate {n}"), None).await?;
        let challenge = gate.challenge(&code).await?;
        let response = wallet.answer(&challenge)?;
        ready.push((device, gate, challenge, response));
    }

    let start = Arc::new(tokio::sync::Barrier::new(GATES));
    let mut tasks = Vec::new();
    for (device, mut gate, challenge, response) in ready {
        let start = Arc::clone(&start);
        tasks.push(tokio::spawn(async move {
            start.wait().await;
            let result = gate.answer(&challenge, &response).await;
            (device, challenge, result)
        }));
    }
    let mut finished = Vec::new();
    for task in tasks {
        let (device, challenge, result) = task.await?;
        finished.push((device, challenge, result?));
    }

    let winners: Vec<_> = finished
        .iter()
        .filter(|(_, _, r)| r.outcome == Outcome::Admitted)
        .collect();
    assert_eq!(
        winners.len(),
        1,
        "exactly one admission, got {:?}",
        finished
            .iter()
            .map(|(_, _, r)| r.outcome)
            .collect::<Vec<_>>()
    );
    let winner_gate = winners[0].0.gate_id;
    for (device, challenge, result) in &finished {
        if device.gate_id != winner_gate {
            assert_already_admitted(result, challenge, winner_gate, false);
        }
    }

    let db = server.db();
    assert_eq!(db.pass_uses(issued.pass_id).await?, 1);
    assert_eq!(db.pass_state(issued.pass_id).await?, "used");
    let outcomes = db.redemption_outcomes(issued.pass_id).await?;
    assert_eq!(
        outcomes.len(),
        GATES,
        "one stored outcome per nonce: {outcomes:?}"
    );
    assert_eq!(
        outcomes.iter().filter(|o| *o == "admitted").count(),
        1,
        "{outcomes:?}"
    );
    let pass = admin.pass(issued.pass_id).await?;
    assert_eq!(pass["admissions"].as_array().map(Vec::len), Some(1));
    let events = admin.audit(&format!("pass_id={}", issued.pass_id)).await?;
    assert_eq!(count_events(&events, "response", Some("admitted")), 1);
    assert_eq!(
        count_events(&events, "response", Some("already_admitted")),
        GATES - 1
    );
    server.db().hot_rows_are_consistent().await?;
    Ok(())
}

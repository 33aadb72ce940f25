//! The set-up steps most tests share: a claimed pass, a connected gate, an admission.
//!
//! Each step asserts its own success with the server's answer in the error, so a test's body
//! is only about the rule it checks.

use anyhow::{Context, Result};
use tessera_protocol::messages::{Challenge, ScanResult};

use crate::api::{ApiClient, GateDevice, IssuedPass, PassSpec};
use crate::checks::assert_admitted;
use crate::gate::Gate;
use crate::server::TestServer;
use crate::wallet::Wallet;

/// Issues a pass per `spec` and claims it with a fresh wallet key.
///
/// # Errors
/// When issuing or claiming fails.
pub async fn claimed_pass(issuer: &ApiClient, spec: &PassSpec) -> Result<(IssuedPass, Wallet)> {
    let issued = issuer.issue_pass(spec).await?;
    let wallet = Wallet::claim(issuer, &issued).await?;
    Ok((issued, wallet))
}

/// Creates a gate device with `admin` and connects it.
///
/// # Errors
/// When creating or connecting fails.
pub async fn connected_gate(
    server: &TestServer,
    admin: &ApiClient,
    label: &str,
    site: Option<&str>,
) -> Result<(GateDevice, Gate)> {
    let device = admin.create_gate(label, site).await?;
    let gate = Gate::connect(&server.gate_ws_url(), &device.device_token)
        .await
        .with_context(|| format!("connect gate {label}"))?;
    Ok((device, gate))
}

/// Scans `code` at `gate`, answers the challenge as `wallet` and asserts a fresh admission.
///
/// # Errors
/// When any message is not the expected one.
pub async fn admit(
    gate: &mut Gate,
    wallet: &Wallet,
    code: &str,
) -> Result<(Challenge, ScanResult)> {
    let challenge = gate.challenge(code).await?;
    let result = gate.answer(&challenge, &wallet.answer(&challenge)?).await?;
    assert_admitted(&result, &challenge, false);
    Ok((challenge, result))
}

/// Waits until all but `still_open` of the gate sockets the server saw open are recorded as
/// closed (their `gate_disconnected` events appended): a dropped [`Gate`] closes on the
/// server's time, so a test that reads the audit log twice and compares waits for this.
///
/// # Errors
/// When sockets stay open for 10 s.
pub async fn gate_sockets_closed(server: &crate::TestServer, still_open: i64) -> Result<()> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let db = server.db();
        let opened = db.audit_kind_count("gate_connected").await?;
        let closed = db.audit_kind_count("gate_disconnected").await?;
        if opened - closed == still_open {
            return Ok(());
        }
        anyhow::ensure!(
            std::time::Instant::now() < deadline,
            "{opened} gate sockets opened, {closed} recorded as closed, {still_open} expected open"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// `secret` with its last character changed: a credential one typo away from a real one.
pub fn altered(secret: &str) -> String {
    let mut chars: Vec<char> = secret.chars().collect();
    if let Some(last) = chars.last_mut() {
        *last = if *last == 'A' { 'B' } else { 'A' };
    }
    chars.into_iter().collect()
}

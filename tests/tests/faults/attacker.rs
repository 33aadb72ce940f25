//! The attacks injected while the faults happen, from gate devices of the same tenant.
//!
//! Each attack is what a real adversary can do with material an honest gate exposes: a
//! nonce copied from another gate's screen together with the wallet's *correct* answer
//! (`foreign_nonce`), a code that already admitted someone shown again at another gate
//! (`code_replayed`), and a wrong MAC (`bad_response`). The attacker retries like a gate
//! does (same frame after a timeout, a retryable error or a lost connection), so a fault can
//! never be the reason an attack is "blocked": only the server's verdict counts.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tessera_gate::{DeviceToken, GateConnection};
use tessera_protocol::messages::{GateMessage, ServerMessage};
use tessera_protocol::{Nonce, WalletChallenge};
use tessera_tests::clock::unix_now;
use tessera_tests::Wallet;
use uuid::Uuid;

use crate::ledger::{Attack, AttackKind};
use crate::sim_gate::World;

/// How long one attack may take, retries included.
const ATTACK_DEADLINE: Duration = Duration::from_secs(20);

/// A hostile gate device of the same tenant.
pub struct Attacker {
    token: DeviceToken,
    home: usize,
    world: World,
    conn: Option<GateConnection>,
    failures: usize,
    /// Passes only attackers touch: the wrong-MAC attack must leave them unused.
    targets: Vec<Arc<Wallet>>,
}

impl Attacker {
    /// An attacker whose first choice is server `home`.
    ///
    /// # Errors
    /// When the token is unusable.
    pub fn new(
        token: &str,
        home: usize,
        world: World,
        targets: Vec<Arc<Wallet>>,
    ) -> anyhow::Result<Self> {
        Ok(Self {
            token: DeviceToken::new(token).map_err(|e| anyhow::anyhow!("{e}"))?,
            home,
            world,
            conn: None,
            failures: 0,
            targets,
        })
    }

    /// Attacks in turn until `stop`.
    pub async fn run(mut self, stop: Arc<AtomicBool>) {
        let kinds = [
            AttackKind::ForeignNonce,
            AttackKind::ReplayedCode,
            AttackKind::WrongMac,
        ];
        let mut turn = self.home;
        while !stop.load(Ordering::SeqCst) {
            let kind = kinds[turn % kinds.len()];
            turn += 1;
            let attack = match kind {
                AttackKind::ForeignNonce => self.foreign_nonce().await,
                AttackKind::ReplayedCode => self.replayed_code().await,
                AttackKind::WrongMac => self.wrong_mac(turn).await,
            };
            if let Some(attack) = attack {
                self.world.ledger.with(|seen| seen.attacks.push(attack));
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        if let Some(conn) = self.conn.take() {
            conn.close().await;
        }
    }

    /// A nonce another gate got a moment ago, answered correctly by its wallet.
    async fn foreign_nonce(&mut self) -> Option<Attack> {
        let victim = self.world.ledger.with(|seen| {
            seen.challenges
                .iter()
                .rev()
                .find(|c| c.at.elapsed() < Duration::from_secs(10))
                .cloned()
        })?;
        let wallet = self.world.wallets.get(&victim.pass)?.clone();
        let response = wallet
            .keys
            .response_key
            .respond(&WalletChallenge {
                pass: wallet.pass,
                nonce: victim.nonce,
            })
            .to_string();
        let message = GateMessage::Response {
            scan_id: victim.scan_id,
            nonce: victim.nonce.to_string(),
            response,
        };
        let (answer, sends) = self.exchange(&message, victim.scan_id).await;
        Some(attack(
            AttackKind::ForeignNonce,
            answer.as_ref(),
            sends,
            None,
        ))
    }

    /// A code that admitted someone at an honest gate, while it is still fresh.
    async fn replayed_code(&mut self) -> Option<Attack> {
        let step = self.world.step();
        let used = self.world.ledger.with(|seen| {
            seen.admissions
                .iter()
                .rev()
                // At least one whole step of freshness left, so a verdict of stale_code
                // would mean the server let it age, not that the attack came late.
                .find(|a| a.step >= step)
                .cloned()
        })?;
        let scan_id = Uuid::new_v4();
        let message = GateMessage::Scan {
            scan_id,
            code: used.code.clone(),
        };
        let (answer, sends) = self.exchange(&message, scan_id).await;
        Some(attack(
            AttackKind::ReplayedCode,
            answer.as_ref(),
            sends,
            None,
        ))
    }

    /// A wrong MAC for this gate's own challenge on a pass nobody else uses.
    async fn wrong_mac(&mut self, turn: usize) -> Option<Attack> {
        let wallet = self.targets.get(turn % self.targets.len().max(1))?.clone();
        let code = wallet
            .keys
            .code_key
            .code_at(wallet.pass, unix_now(), self.world.step_s)
            .to_string();
        let scan_id = Uuid::new_v4();
        let (answer, _) = self
            .exchange(&GateMessage::Scan { scan_id, code }, scan_id)
            .await;
        let Some(ServerMessage::Challenge(challenge)) = answer else {
            // No challenge (a stale code after a long outage): nothing was injected.
            return None;
        };
        let mut mac = *wallet
            .keys
            .response_key
            .mac(wallet.pass, &challenge.nonce)
            .as_bytes();
        mac[7] ^= 0x20;
        let response = tessera_protocol::WalletResponse {
            pass: wallet.pass,
            mac: tessera_protocol::ResponseMac::from_bytes(mac),
        }
        .to_string();
        let message = GateMessage::Response {
            scan_id,
            nonce: challenge.nonce.to_string(),
            response,
        };
        let (answer, sends) = self.exchange(&message, scan_id).await;
        Some(attack(
            AttackKind::WrongMac,
            answer.as_ref(),
            sends,
            Some(challenge.nonce),
        ))
    }

    /// Sends `message` until a challenge or result for `scan_id` comes back, resending the
    /// same frame after a retryable error, a timeout or a lost connection.
    async fn exchange(
        &mut self,
        message: &GateMessage,
        scan_id: Uuid,
    ) -> (Option<ServerMessage>, u32) {
        let deadline = Instant::now() + ATTACK_DEADLINE;
        let mut sends = 0;
        while Instant::now() < deadline {
            if self.conn.is_none() {
                let url = self.world.url(self.home + self.failures);
                match GateConnection::connect(&url, &self.token, Duration::from_secs(2)).await {
                    Ok(conn) => self.conn = Some(conn),
                    Err(_) => {
                        self.failures += 1;
                        tokio::time::sleep(Duration::from_millis(200)).await;
                        continue;
                    }
                }
            }
            let Some(conn) = self.conn.as_mut() else {
                continue;
            };
            sends += 1;
            if conn.send(message).await.is_err() {
                self.conn = None;
                self.failures += 1;
                continue;
            }
            let wait_until = Instant::now() + Duration::from_secs(3);
            loop {
                let left = wait_until.saturating_duration_since(Instant::now());
                match conn.recv_timeout(left).await {
                    Ok(ServerMessage::Result(r)) if r.scan_id == scan_id => {
                        return (Some(ServerMessage::Result(r)), sends)
                    }
                    Ok(ServerMessage::Challenge(c)) if c.scan_id == scan_id => {
                        return (Some(ServerMessage::Challenge(c)), sends)
                    }
                    Ok(ServerMessage::Error(e)) if e.scan_id == Some(scan_id) => {
                        if e.retryable {
                            tokio::time::sleep(Duration::from_millis(300)).await;
                            break;
                        }
                        return (Some(ServerMessage::Error(e)), sends);
                    }
                    // An answer to an earlier attempt of an earlier attack: skip it.
                    Ok(_) => continue,
                    Err(tessera_gate::Error::Timeout(_)) => break,
                    Err(_) => {
                        self.conn = None;
                        self.failures += 1;
                        break;
                    }
                }
            }
        }
        (None, sends)
    }
}

fn attack(
    kind: AttackKind,
    answer: Option<&ServerMessage>,
    sends: u32,
    nonce: Option<Nonce>,
) -> Attack {
    Attack {
        kind,
        answer: answer.cloned(),
        sends,
        nonce,
    }
}

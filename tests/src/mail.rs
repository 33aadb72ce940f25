//! A real SMTP server for the mail tests: `web/test/mail/smtp.mjs` (`smtp-server` and
//! `mailparser` from npm) on loopback. It reports each message it receives, parsed, with
//! the QR code of its image read back; the tests stop and start it to play a relay that is
//! down for a while.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::node::{npm_ready, web_dir};

/// A running SMTP sink and what it received so far.
pub struct SmtpSink {
    child: Option<Child>,
    port: u16,
    received: Arc<Mutex<Vec<Value>>>,
}

impl SmtpSink {
    /// Starts the sink on `port` (0: any free port).
    ///
    /// # Errors
    /// Without Node.js or the npm packages, or when it does not listen in 20 s.
    pub async fn start(port: u16) -> Result<Self> {
        let received = Arc::new(Mutex::new(Vec::new()));
        let (child, port) = spawn(port, Arc::clone(&received)).await?;
        Ok(SmtpSink {
            child: Some(child),
            port,
            received,
        })
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops it (the relay is down).
    ///
    /// # Errors
    /// When the process cannot be killed.
    pub async fn stop(&mut self) -> Result<()> {
        if let Some(mut child) = self.child.take() {
            child.kill().await?;
            child.wait().await?;
        }
        Ok(())
    }

    /// Starts it again on the same port, keeping what it received.
    ///
    /// # Errors
    /// As [`SmtpSink::start`].
    pub async fn restart(&mut self) -> Result<()> {
        self.stop().await?;
        let (child, _) = spawn(self.port, Arc::clone(&self.received)).await?;
        self.child = Some(child);
        Ok(())
    }

    /// Every message received so far.
    pub fn received(&self) -> Vec<Value> {
        self.received
            .lock()
            .map(|received| received.clone())
            .unwrap_or_default()
    }

    /// Waits up to `within` until `count` messages went to `to`; returns them.
    ///
    /// # Errors
    /// When fewer arrived in time.
    pub async fn wait_for(&self, to: &str, count: usize, within: Duration) -> Result<Vec<Value>> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let got: Vec<Value> = self
                .received()
                .into_iter()
                .filter(|mail| {
                    mail["envelope_to"]
                        .as_array()
                        .is_some_and(|all| all.iter().any(|address| address == to))
                })
                .collect();
            if got.len() >= count {
                return Ok(got);
            }
            if tokio::time::Instant::now() >= deadline {
                bail!(
                    "{} of {count} messages to {to} arrived within {within:?}; received: {:#?}",
                    got.len(),
                    self.received()
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

async fn spawn(port: u16, received: Arc<Mutex<Vec<Value>>>) -> Result<(Child, u16)> {
    npm_ready()?;
    let mut child = Command::new("node")
        .arg("test/mail/smtp.mjs")
        .arg(port.to_string())
        .current_dir(web_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .context("node not found: the mail tests need Node.js 20 (apt-get install nodejs)")?;
    let stdout = child.stdout.take().context("sink stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let first = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
        .await
        .context("the SMTP sink did not start within 20 s")??
        .context("the SMTP sink exited before it listened")?;
    let port = serde_json::from_str::<Value>(&first)
        .with_context(|| format!("the SMTP sink said {first:?}"))?["port"]
        .as_u64()
        .and_then(|port| u16::try_from(port).ok())
        .context("no port")?;
    tokio::spawn(async move {
        while let Ok(Some(line)) = lines.next_line().await {
            if let Ok(mail) = serde_json::from_str::<Value>(&line) {
                if let Ok(mut received) = received.lock() {
                    received.push(mail);
                }
            }
        }
    });
    Ok((child, port))
}

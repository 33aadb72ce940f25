//! A real SMTP server for the mail tests: `web/test/mail/smtp.mjs` (`smtp-server` and
//! `mailparser` from npm) on loopback. It reports each message it receives, parsed, with
//! the QR code of its image read back; the tests stop and start it to play a relay that is
//! down for a while.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde_json::Value;
use tokio::process::Child;

use crate::node::{spawn_script, Script};

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
    let Script {
        child,
        first,
        mut lines,
    } = spawn_script("test/mail/smtp.mjs", &[port.to_string()], "the SMTP sink").await?;
    let port = first["port"]
        .as_u64()
        .and_then(|port| u16::try_from(port).ok())
        .context("the SMTP sink named no port")?;
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

/// Sets `server`'s SMTP relay to the sink on `port` (no TLS), with the From address
/// `passes@venue.example`; returns what `tessera-server mail set` printed.
///
/// # Errors
/// When the command fails.
pub async fn use_relay(server: &crate::TestServer, port: u16) -> Result<Value> {
    let shown = server
        .run(&[
            "mail",
            "set",
            "--host",
            "127.0.0.1",
            "--port",
            &port.to_string(),
            "--tls",
            "none",
            "--from",
            "passes@venue.example",
        ])
        .await?;
    Ok(serde_json::from_str(shown.trim())?)
}

/// The form fields of a walk-in answer link (its query), as its page's form posts them.
pub fn answer_form(link: &str) -> Vec<(String, String)> {
    link.split_once('?')
        .map(|(_, query)| {
            query
                .split('&')
                .filter_map(|pair| pair.split_once('='))
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect()
        })
        .unwrap_or_default()
}

/// Posts a walk-in answer link's form, as its page's button (or a notification's action)
/// does; returns the status and the page.
///
/// # Errors
/// On a transport failure.
pub async fn post_answer(link: &str) -> Result<(u16, String)> {
    let url = link.split_once('?').map_or(link, |(path, _)| path);
    let response = reqwest::Client::new()
        .post(url)
        .form(&answer_form(link))
        .send()
        .await?;
    Ok((response.status().as_u16(), response.text().await?))
}

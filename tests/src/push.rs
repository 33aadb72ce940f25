//! A loopback Web Push service for the push tests: `web/test/push/service.mjs`, which makes
//! subscriptions as a browser would, checks each push's VAPID header and decrypts it with
//! `http_ece` from npm, an implementation independent of the server's.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde_json::{json, Value};
use tokio::process::Child;

use crate::node::{spawn_script, Script};

/// A running push service and what it received.
pub struct PushService {
    _child: Child,
    url: String,
    received: Arc<Mutex<Vec<Value>>>,
}

impl PushService {
    /// Starts the service on a free loopback port.
    ///
    /// # Errors
    /// Without Node.js or the npm packages, or when it does not listen in 20 s.
    pub async fn start() -> Result<Self> {
        let Script {
            child,
            first,
            mut lines,
        } = spawn_script("test/push/service.mjs", &[], "the push service").await?;
        let url = first["url"]
            .as_str()
            .context("the push service named no url")?
            .to_owned();
        let received = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&received);
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                if let Ok(push) = serde_json::from_str::<Value>(&line) {
                    if let Ok(mut received) = sink.lock() {
                        received.push(push);
                    }
                }
            }
        });
        Ok(PushService {
            _child: child,
            url,
            received,
        })
    }

    /// A new subscription, as `PushSubscription.toJSON()`; a `gone` one answers 410.
    ///
    /// # Errors
    /// When the service does not answer.
    pub async fn subscription(&self, gone: bool) -> Result<Value> {
        Ok(reqwest::Client::new()
            .post(format!("{}/__subscribe", self.url))
            .json(&json!({ "gone": gone }))
            .send()
            .await?
            .json()
            .await?)
    }

    /// Waits up to `within` for `count` pushes; returns them all.
    ///
    /// # Errors
    /// When fewer arrived in time.
    pub async fn wait_for(&self, count: usize, within: Duration) -> Result<Vec<Value>> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let got = self.received.lock().map(|r| r.clone()).unwrap_or_default();
            if got.len() >= count {
                return Ok(got);
            }
            if tokio::time::Instant::now() >= deadline {
                bail!(
                    "{} of {count} pushes arrived within {within:?}: {got:#?}",
                    got.len()
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

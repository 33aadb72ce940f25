//! A Server-Sent Events reader for `GET /v1/audit/stream`, as a browser's `EventSource`
//! would read it: `id:`, `event:` and `data:` lines, a blank line ending each event, and
//! comment lines (`: keep-alive`) ignored.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use serde_json::Value;

/// One event of the stream.
#[derive(Clone, Debug)]
pub struct SseEvent {
    /// `id:`, the audit event id.
    pub id: Option<String>,
    /// `event:`.
    pub event: Option<String>,
    /// `data:` parsed as JSON (`null` when there was none).
    pub data: Value,
}

/// An open stream.
pub struct SseStream {
    response: reqwest::Response,
    buffer: String,
}

impl std::fmt::Debug for SseStream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SseStream").finish_non_exhaustive()
    }
}

impl SseStream {
    /// Opens `request`, which must answer 200 `text/event-stream`.
    ///
    /// # Errors
    /// On a transport failure, another status or content type.
    pub async fn open(request: reqwest::RequestBuilder) -> Result<Self> {
        let response = request.send().await.context("open the event stream")?;
        let status = response.status().as_u16();
        if status != 200 {
            let body = response.text().await.unwrap_or_default();
            bail!("the event stream answered {status}: {body}");
        }
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        if !content_type.starts_with("text/event-stream") {
            bail!("the event stream is {content_type:?}, not text/event-stream");
        }
        Ok(Self {
            response,
            buffer: String::new(),
        })
    }

    /// The next event with data (retry-only events are skipped), within `limit`.
    ///
    /// # Errors
    /// When none arrives in time or the stream ends.
    pub async fn next_within(&mut self, limit: Duration) -> Result<SseEvent> {
        tokio::time::timeout(limit, self.next())
            .await
            .with_context(|| format!("no event within {limit:?}"))?
    }

    async fn next(&mut self) -> Result<SseEvent> {
        loop {
            if let Some(end) = self.buffer.find("\n\n") {
                let block: String = self.buffer.drain(..end + 2).collect();
                let mut event = SseEvent {
                    id: None,
                    event: None,
                    data: Value::Null,
                };
                let mut data = String::new();
                for line in block.lines() {
                    if let Some(value) = line.strip_prefix("id:") {
                        event.id = Some(value.trim().to_owned());
                    } else if let Some(value) = line.strip_prefix("event:") {
                        event.event = Some(value.trim().to_owned());
                    } else if let Some(value) = line.strip_prefix("data:") {
                        data.push_str(value.strip_prefix(' ').unwrap_or(value));
                    }
                }
                if data.is_empty() {
                    continue;
                }
                event.data = serde_json::from_str(&data)
                    .with_context(|| format!("event data is not JSON: {data:?}"))?;
                return Ok(event);
            }
            let chunk = self
                .response
                .chunk()
                .await
                .context("read the event stream")?;
            match chunk {
                Some(bytes) => self
                    .buffer
                    .push_str(&String::from_utf8_lossy(&bytes).replace("\r\n", "\n")),
                None => bail!("the event stream ended"),
            }
        }
    }

    /// Events until `pred` holds for one (returned with the ones before it), within `limit`.
    ///
    /// # Errors
    /// When none matches in time.
    pub async fn until(
        &mut self,
        limit: Duration,
        pred: impl Fn(&SseEvent) -> bool,
    ) -> Result<(SseEvent, Vec<SseEvent>)> {
        let deadline = tokio::time::Instant::now() + limit;
        let mut before = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let event = self.next_within(left).await.with_context(|| {
                format!(
                    "no matching event within {limit:?}; saw {:?}",
                    before
                        .iter()
                        .map(|e: &SseEvent| e.data["kind"].clone())
                        .collect::<Vec<_>>()
                )
            })?;
            if pred(&event) {
                return Ok((event, before));
            }
            before.push(event);
        }
    }
}

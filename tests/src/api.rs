//! A small REST client for the server's JSON API (PROTOCOL.md §9), plus the calls tests make
//! over and over (issue a pass, make a gate, read the audit log).
//!
//! Requests return a [`Reply`] whatever the status, because the status and the error body
//! are what half of the suite asserts; the typed helpers insist on the success status and put
//! the body in the error otherwise, so a failing set-up step says what the server answered.

use anyhow::{bail, Context, Result};
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE};
use serde::Deserialize;
use serde_json::{json, Value};
use time::OffsetDateTime;
use uuid::Uuid;

use crate::clock::{now, rfc3339};

/// A status and the raw body of an HTTP answer.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The body as text.
    pub body: String,
}

impl Reply {
    /// The body parsed as JSON.
    ///
    /// # Errors
    /// When the body is not JSON.
    pub fn json(&self) -> Result<Value> {
        serde_json::from_str(&self.body)
            .with_context(|| format!("HTTP {} body is not JSON: {:?}", self.status, self.body))
    }

    /// The JSON body, provided the status is `status`.
    ///
    /// # Errors
    /// When the status differs (the error shows the body) or the body is not JSON.
    pub fn expect(&self, status: u16) -> Result<Value> {
        if self.status != status {
            bail!("expected HTTP {status}, got {}: {}", self.status, self.body);
        }
        self.json()
    }
}

/// A REST client with or without a bearer credential.
#[derive(Clone, Debug)]
pub struct ApiClient {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
}

/// What `POST /v1/passes` gets: [`PassSpec::default`] is a single-use pass valid for a day.
#[derive(Clone, Debug)]
pub struct PassSpec {
    /// Shown to the guard.
    pub label: String,
    /// Start of validity, if not now.
    pub valid_from: Option<OffsetDateTime>,
    /// End of validity.
    pub valid_until: OffsetDateTime,
    /// Admissions allowed; `None` leaves the server's default (1).
    pub max_uses: Option<u32>,
    /// The only site whose gates may admit it.
    pub site: Option<String>,
}

impl Default for PassSpec {
    fn default() -> Self {
        Self {
            label: "Ada Lovelace".to_owned(),
            valid_from: None,
            valid_until: now() + time::Duration::days(1),
            max_uses: None,
            site: None,
        }
    }
}

impl PassSpec {
    /// The request body.
    pub fn to_json(&self) -> Value {
        let mut body = json!({
            "label": self.label,
            "valid_until": rfc3339(self.valid_until),
        });
        if let Some(from) = self.valid_from {
            body["valid_from"] = json!(rfc3339(from));
        }
        if let Some(max_uses) = self.max_uses {
            body["max_uses"] = json!(max_uses);
        }
        if let Some(site) = &self.site {
            body["site"] = json!(site);
        }
        body
    }

    /// The request body with the fields of `extra` (a JSON object) added or replaced.
    pub fn to_json_with(&self, extra: &Value) -> Value {
        let mut body = self.to_json();
        if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
            for (key, value) in extra {
                body.insert(key.clone(), value.clone());
            }
        }
        body
    }
}

/// The answer to `POST /v1/passes`.
#[derive(Clone, Debug, Deserialize)]
pub struct IssuedPass {
    /// The new pass.
    pub pass_id: Uuid,
    /// The one-time claim secret.
    pub claim_token: String,
    /// `<public url>/claim#p=<pass>&t=<token>`.
    pub claim_url: String,
    /// Always `issued`.
    pub state: String,
}

/// The answer to `POST /v1/gates`: a gate device and its one-time token.
#[derive(Clone, Debug, Deserialize)]
pub struct GateDevice {
    /// The device id.
    pub gate_id: Uuid,
    /// Its bearer token for the gate WebSocket.
    pub device_token: String,
    /// Its site, if any.
    #[serde(default)]
    pub site: Option<String>,
}

/// A host key as `POST /v1/api-keys` with `"role": "host"` answers it (issue 16): its
/// `key_id` is the host id.
#[derive(Clone, Debug, Deserialize)]
pub struct HostKey {
    /// The host id.
    pub key_id: Uuid,
    /// The host's bearer key (shown once).
    pub api_key: String,
    /// Always `host`.
    pub role: String,
    /// The host's display name.
    pub label: String,
    /// The unit, flat or office, if given.
    #[serde(default)]
    pub unit: Option<String>,
}

/// A claim link minted after issue: a re-bind's or a transfer's answer (issue 16). Both
/// carry the pass, its new claim token and the link that holds it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ClaimLink {
    /// The pass the link claims.
    pub pass_id: Uuid,
    /// The new claim secret.
    pub claim_token: String,
    /// `<public url>/claim#p=<pass>&t=<token>`.
    pub claim_url: String,
}

/// One audit event as `GET /v1/audit` returns it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct AuditEvent {
    /// Opaque, unique id.
    pub id: Value,
    /// RFC 3339 time.
    pub at: String,
    /// What happened.
    pub kind: String,
    /// `info`, `warning` or `high`.
    pub severity: String,
    /// The tenant.
    pub org_id: Option<Uuid>,
    /// The gate involved, if any.
    pub gate_id: Option<Uuid>,
    /// The pass involved, if any.
    pub pass_id: Option<Uuid>,
    /// Bounded details; a denial's reason is `details.reason`.
    pub details: Value,
    /// The person who acted (issuer, subject, name) in an identity-provider session.
    #[serde(default)]
    pub actor: Value,
    /// The on-site node that shipped it, if one did.
    #[serde(default)]
    pub origin_node_id: Option<Uuid>,
}

impl AuditEvent {
    /// `details.reason`, if any.
    pub fn reason(&self) -> Option<&str> {
        self.details.get("reason").and_then(Value::as_str)
    }

    /// `details.outcome`, if any.
    pub fn outcome(&self) -> Option<&str> {
        self.details.get("outcome").and_then(Value::as_str)
    }
}

/// One page of `GET /v1/audit`.
#[derive(Clone, Debug, Deserialize)]
pub struct AuditPage {
    /// Oldest first.
    pub events: Vec<AuditEvent>,
    /// Where the next page starts; `null` on the last page.
    pub next_cursor: Option<Value>,
}

impl ApiClient {
    /// A client for the server at `base` (`http://host:port`).
    pub fn new(http: reqwest::Client, base: String, token: Option<String>) -> Self {
        Self { http, base, token }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let request = self.http.request(method, format!("{}{path}", self.base));
        match &self.token {
            Some(token) => request.header(AUTHORIZATION, format!("Bearer {token}")),
            None => request,
        }
    }

    async fn send(request: reqwest::RequestBuilder) -> Result<Reply> {
        let response = request.send().await.context("send the HTTP request")?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let body = response.text().await.context("read the HTTP body")?;
        Ok(Reply {
            status,
            content_type,
            body,
        })
    }

    /// `GET path`.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn get(&self, path: &str) -> Result<Reply> {
        Self::send(self.request(reqwest::Method::GET, path)).await
    }

    /// `GET path` with an `Accept` header.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn get_accepting(&self, path: &str, accept: &str) -> Result<Reply> {
        Self::send(
            self.request(reqwest::Method::GET, path)
                .header(ACCEPT, accept),
        )
        .await
    }

    /// `POST path` with a JSON body.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn post(&self, path: &str, body: &Value) -> Result<Reply> {
        Self::send(self.request(reqwest::Method::POST, path).json(body)).await
    }

    /// `POST path` with a raw body declared as JSON (for malformed-input tests).
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> Result<Reply> {
        Self::send(
            self.request(reqwest::Method::POST, path)
                .header(CONTENT_TYPE, "application/json")
                .body(body),
        )
        .await
    }

    /// `PUT path` with a JSON body.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn put(&self, path: &str, body: &Value) -> Result<Reply> {
        Self::send(self.request(reqwest::Method::PUT, path).json(body)).await
    }

    /// `DELETE path`.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn delete(&self, path: &str) -> Result<Reply> {
        Self::send(self.request(reqwest::Method::DELETE, path)).await
    }

    /// `POST path` without a body.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn post_empty(&self, path: &str) -> Result<Reply> {
        Self::send(self.request(reqwest::Method::POST, path)).await
    }

    /// Creates an API key with `role` and returns the key.
    ///
    /// # Errors
    /// Unless the server answers 201 with `api_key`.
    pub async fn create_api_key(&self, role: &str) -> Result<String> {
        let body = self
            .post(
                "/v1/api-keys",
                &json!({"role": role, "label": format!("{role} key")}),
            )
            .await?
            .expect(201)
            .with_context(|| format!("create an {role} API key"))?;
        body["api_key"]
            .as_str()
            .map(str::to_owned)
            .with_context(|| format!("no api_key in {body}"))
    }

    /// Creates a gate device.
    ///
    /// # Errors
    /// Unless the server answers 201 with `gate_id` and `device_token`.
    pub async fn create_gate(&self, label: &str, site: Option<&str>) -> Result<GateDevice> {
        let mut body = json!({ "label": label });
        if let Some(site) = site {
            body["site"] = json!(site);
        }
        let answer = self
            .post("/v1/gates", &body)
            .await?
            .expect(201)
            .context("create a gate")?;
        serde_json::from_value(answer.clone()).with_context(|| format!("gate answer {answer}"))
    }

    /// Issues a pass.
    ///
    /// # Errors
    /// Unless the server answers 201 with the issued pass.
    pub async fn issue_pass(&self, spec: &PassSpec) -> Result<IssuedPass> {
        let answer = self
            .post("/v1/passes", &spec.to_json())
            .await?
            .expect(201)
            .context("issue a pass")?;
        serde_json::from_value(answer.clone()).with_context(|| format!("issue answer {answer}"))
    }

    /// `GET /v1/passes/{id}`, expecting 200.
    ///
    /// # Errors
    /// Unless the server answers 200 with JSON.
    pub async fn pass(&self, id: Uuid) -> Result<Value> {
        self.get(&format!("/v1/passes/{id}"))
            .await?
            .expect(200)
            .with_context(|| format!("read pass {id}"))
    }

    /// `POST /v1/passes/{id}/revoke`, whatever the answer.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn revoke(&self, id: Uuid) -> Result<Reply> {
        self.post_empty(&format!("/v1/passes/{id}/revoke")).await
    }

    /// `POST /v1/claims`, whatever the answer.
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn claim(&self, pass_id: &str, claim_token: &str, wallet_key: &str) -> Result<Reply> {
        self.post(
            "/v1/claims",
            &json!({
                "pass_id": pass_id,
                "claim_token": claim_token,
                "wallet_public_key": wallet_key,
            }),
        )
        .await
    }

    /// `POST path` with a raw body of the given content type (a CSV upload, say).
    ///
    /// # Errors
    /// On a transport failure only.
    pub async fn post_typed(
        &self,
        path: &str,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> Result<Reply> {
        Self::send(
            self.request(reqwest::Method::POST, path)
                .header(CONTENT_TYPE, content_type)
                .body(body),
        )
        .await
    }

    /// Creates an API key with `role` and `label` and returns the whole answer (`key_id`
    /// included, which [`ApiClient::create_api_key`] drops).
    ///
    /// # Errors
    /// Unless the server answers 201.
    pub async fn create_key(&self, role: &str, label: &str) -> Result<Value> {
        self.post("/v1/api-keys", &json!({"role": role, "label": label}))
            .await?
            .expect(201)
            .with_context(|| format!("create an {role} API key"))
    }

    /// Creates a host key (`POST /v1/api-keys` with role `host`, issue 16).
    ///
    /// # Errors
    /// Unless the server answers 201 with a host key.
    pub async fn create_host(&self, label: &str, unit: Option<&str>) -> Result<HostKey> {
        let mut body = json!({"role": "host", "label": label});
        if let Some(unit) = unit {
            body["unit"] = json!(unit);
        }
        let answer = self
            .post("/v1/api-keys", &body)
            .await?
            .expect(201)
            .with_context(|| format!("create host {label:?}"))?;
        serde_json::from_value(answer.clone()).with_context(|| format!("host answer {answer}"))
    }

    /// Issues a pass per `spec` with the fields of `extra` added to the body (`host_id`,
    /// `max_transfers`…).
    ///
    /// # Errors
    /// Unless the server answers 201 with the issued pass.
    pub async fn issue_pass_with(&self, spec: &PassSpec, extra: &Value) -> Result<IssuedPass> {
        let answer = self
            .post("/v1/passes", &spec.to_json_with(extra))
            .await?
            .expect(201)
            .context("issue a pass")?;
        serde_json::from_value(answer.clone()).with_context(|| format!("issue answer {answer}"))
    }

    /// One page of `GET /v1/audit?<query>`.
    ///
    /// # Errors
    /// Unless the server answers 200 with an audit page.
    pub async fn audit_page(&self, query: &str) -> Result<AuditPage> {
        let answer = self
            .get(&format!("/v1/audit?{query}"))
            .await?
            .expect(200)
            .with_context(|| format!("read the audit log with ?{query}"))?;
        serde_json::from_value(answer.clone()).with_context(|| format!("audit page {answer}"))
    }

    /// Every audit event matching `query`, following `next_cursor` to the end.
    ///
    /// # Errors
    /// When a page fails.
    pub async fn audit(&self, query: &str) -> Result<Vec<AuditEvent>> {
        let mut events = Vec::new();
        let mut cursor: Option<Value> = None;
        for _ in 0..1000 {
            let mut page_query = format!("limit=1000&{query}");
            if let Some(cursor) = &cursor {
                page_query.push_str(&format!("&cursor={}", cursor_text(cursor)));
            }
            let page = self.audit_page(&page_query).await?;
            events.extend(page.events);
            match page.next_cursor {
                Some(next) if !next.is_null() => cursor = Some(next),
                _ => return Ok(events),
            }
        }
        bail!("the audit log did not end after 1000 pages")
    }
}

/// A cursor as a query-string value (it may be a JSON string or number).
pub fn cursor_text(cursor: &Value) -> String {
    let raw = match cursor {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    url_encode(&raw)
}

/// Percent-encodes everything but unreserved characters (RFC 3986).
pub fn url_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

//! The gate's host directory: `GET /v1/gate/hosts?q=` with the device token (issue 16).
//!
//! A guard names a host by unit or label; the gate asks the server which hosts match before
//! it sends a walk-in, so that a typo is an error line on the guard's screen rather than a
//! request to the wrong person. The REST base is the gate WebSocket's own origin (and any
//! path prefix before `/v1/gate/ws`), over `http` for `ws` and `https` for `wss`, so the
//! token never goes anywhere the WebSocket would not take it.

use std::time::Duration;

use serde::Deserialize;

use crate::connection::DeviceToken;
use crate::error::{Error, Result};
use crate::walkin::GateHost;

/// The path of the gate WebSocket under the server's base.
const WS_PATH: &str = "/v1/gate/ws";
/// Largest answer read (20 hosts of at most a few hundred bytes each fit many times over).
const MAX_ANSWER: usize = 256 * 1024;

/// The REST base (`http://host:port[/prefix]`) of a gate WebSocket URL.
///
/// # Errors
/// [`Error::BadServerUrl`] when `ws_url` is not a `ws://` or `wss://` URL.
pub fn http_base(ws_url: &str) -> Result<String> {
    crate::connection::check_server_url(ws_url)?;
    let bad = || Error::BadServerUrl(ws_url.chars().take(200).collect());
    let mut url = url::Url::parse(ws_url).map_err(|_| bad())?;
    let scheme = if url.scheme() == "wss" {
        "https"
    } else {
        "http"
    };
    url.set_scheme(scheme).map_err(|()| bad())?;
    let path = url.path().trim_end_matches('/');
    let prefix = path.strip_suffix(WS_PATH).unwrap_or("").to_owned();
    url.set_path(&prefix);
    url.set_query(None);
    url.set_fragment(None);
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

#[derive(Deserialize)]
struct HostList {
    hosts: Vec<GateHost>,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorDetail,
}

#[derive(Deserialize)]
struct ErrorDetail {
    code: String,
}

/// Looks hosts up on one server with one gate's token.
#[derive(Clone)]
pub struct HostDirectory {
    http: reqwest::Client,
    base: String,
    token: DeviceToken,
}

impl std::fmt::Debug for HostDirectory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HostDirectory")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl HostDirectory {
    /// A directory for the server behind the gate WebSocket `ws_url`; each lookup gives up
    /// after `timeout`.
    ///
    /// # Errors
    /// [`Error::BadServerUrl`]; [`Error::HostLookup`] if the HTTP stack cannot start.
    pub fn new(ws_url: &str, token: DeviceToken, timeout: Duration) -> Result<Self> {
        let base = http_base(ws_url)?;
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("tessera-gate/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| Error::HostLookup(e.without_url().to_string()))?;
        Ok(Self { http, base, token })
    }

    /// The REST base the lookups go to.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Up to 20 hosts whose label or unit contains `query` (all hosts, by label, for an
    /// empty query).
    ///
    /// # Errors
    /// [`Error::Unauthorized`] for a 401; [`Error::HostLookup`] for anything else that is
    /// not a host list.
    pub async fn search(&self, query: &str) -> Result<Vec<GateHost>> {
        let network = |e: reqwest::Error| Error::HostLookup(chain(&e.without_url()));
        let mut response = self
            .http
            .get(format!("{}/v1/gate/hosts", self.base))
            .query(&[("q", query)])
            .bearer_auth(self.token.expose())
            .send()
            .await
            .map_err(network)?;
        let status = response.status();
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(network)? {
            if body.len() + chunk.len() > MAX_ANSWER {
                return Err(Error::HostLookup(
                    "the server's host list is too large".into(),
                ));
            }
            body.extend_from_slice(&chunk);
        }
        if status.as_u16() == 401 {
            return Err(Error::Unauthorized);
        }
        if !status.is_success() {
            let code = serde_json::from_slice::<ErrorBody>(&body)
                .map(|b| sanitize(&b.error.code))
                .unwrap_or_else(|_| "no error code".into());
            let hint = if status.as_u16() == 404 {
                " (does this server know hosts? it needs issue 16)"
            } else {
                ""
            };
            return Err(Error::HostLookup(format!(
                "the server answered HTTP {} ({code}){hint}",
                status.as_u16()
            )));
        }
        let list: HostList = serde_json::from_slice(&body)
            .map_err(|_| Error::HostLookup("the server's answer is not a host list".into()))?;
        Ok(list
            .hosts
            .into_iter()
            .map(|h| GateHost {
                host_id: h.host_id,
                label: sanitize(&h.label),
                unit: h.unit.as_deref().map(sanitize),
            })
            .collect())
    }
}

/// An error and its causes ("error sending request: … Connection refused").
fn chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.contains(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    sanitize(&text)
}

/// At most 200 printable characters of server-supplied text (it reaches a terminal).
fn sanitize(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(200).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rest_base_is_the_websockets_origin() {
        let cases = [
            ("ws://127.0.0.1:8080/v1/gate/ws", "http://127.0.0.1:8080"),
            ("wss://gate.example/v1/gate/ws", "https://gate.example"),
            (
                "wss://x.example:8443/tessera/v1/gate/ws",
                "https://x.example:8443/tessera",
            ),
            ("ws://x.example/elsewhere?a=b", "http://x.example"),
        ];
        for (ws, base) in cases {
            assert_eq!(http_base(ws).unwrap(), base, "{ws}");
        }
        assert!(http_base("http://x.example/v1/gate/ws").is_err());
    }

    #[test]
    fn debug_hides_the_token() {
        let dir = HostDirectory::new(
            "ws://127.0.0.1:1/v1/gate/ws",
            DeviceToken::new("secret-token").unwrap(),
            Duration::from_secs(1),
        )
        .unwrap();
        assert!(!format!("{dir:?}").contains("secret-token"));
    }
}

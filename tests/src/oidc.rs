//! A real OpenID provider for the sign-in tests, and a person's browser that signs in
//! through it over HTTP.
//!
//! [`Provider`] runs `web/test/oidc/provider.mjs`: `oidc-provider` from npm (a certified
//! implementation) on loopback, with the test's client and people (`npm ci` in `web/` first,
//! when needed; without Node.js and npm the test fails and says so). [`Browser`] follows
//! redirects itself and keeps cookies per host, as a browser does, and fills in the
//! provider's own login form; the Chromium suite does the same in a real browser.

use std::collections::HashMap;
use std::process::Stdio;
use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::node::{npm_ready, web_dir};

/// A running `oidc-provider`, killed when dropped.
pub struct Provider {
    child: Child,
    /// Its issuer URL, `http://127.0.0.1:<port>`.
    pub issuer: String,
}

/// The client secret the tests register.
pub const CLIENT_SECRET: &str = "test-client-secret-that-is-long-enough-0123456789";

impl Provider {
    /// Starts a provider with one client, `client_id`, for a server at `server_url`, and
    /// `people` (`{ id: { email, name, groups } }`).
    ///
    /// # Errors
    /// When Node.js or the package is missing, or the provider does not start.
    pub async fn start(client_id: &str, server_url: &str, people: Value) -> Result<Self> {
        Self::start_with_env(client_id, server_url, people, &[]).await
    }

    /// [`Provider::start`] with environment for the provider's process (`NODE_EXTRA_CA_CERTS`
    /// when the server speaks HTTPS with a test CA, for its back-channel logout requests).
    ///
    /// # Errors
    /// As [`Provider::start`].
    pub async fn start_with_env(
        client_id: &str,
        server_url: &str,
        people: Value,
        env: &[(&str, String)],
    ) -> Result<Self> {
        npm_ready()?;
        let config = json!({
            "clients": [{
                "client_id": client_id,
                "client_secret": CLIENT_SECRET,
                "redirect_uris": [format!("{server_url}/v1/sso/callback")],
                "post_logout_redirect_uris": [format!("{server_url}/console")],
                "backchannel_logout_uri": format!("{server_url}/v1/sso/back-channel-logout"),
                "backchannel_logout_session_required": true,
            }],
            "people": people,
        });
        let mut child = Command::new("node")
            .arg("test/oidc/provider.mjs")
            .arg(config.to_string())
            .current_dir(web_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true)
            .envs(env.iter().map(|(key, value)| (*key, value.as_str())))
            .spawn()
            .context(
                "node not found: the sign-in tests need Node.js 20 (apt-get install nodejs)",
            )?;
        let stdout = child.stdout.take().context("provider stdout")?;
        let mut lines = BufReader::new(stdout).lines();
        let first = tokio::time::timeout(Duration::from_secs(20), lines.next_line())
            .await
            .context("the OpenID provider did not start within 20 s")??
            .context("the OpenID provider exited before it listened")?;
        let issuer = serde_json::from_str::<Value>(&first)
            .with_context(|| format!("provider said {first:?}"))?["issuer"]
            .as_str()
            .context("no issuer")?
            .to_owned();
        // Keep reading its output so it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Ok(Provider { child, issuer })
    }

    async fn control(&self, path: &str, body: Value) -> Result<()> {
        let response = reqwest::Client::new()
            .post(format!("{}/__control/{path}", self.issuer))
            .json(&body)
            .send()
            .await?;
        ensure!(
            response.status().is_success(),
            "provider control {path}: {}",
            response.status()
        );
        Ok(())
    }

    /// A new signing key at the provider; the old one leaves its JWKS.
    ///
    /// # Errors
    /// When the provider does not answer.
    pub async fn rotate_key(&self) -> Result<()> {
        self.control("rotate", json!({})).await
    }

    /// The next token response's ID token is altered: `tamper`, `wrong-aud` or `expired`.
    ///
    /// # Errors
    /// When the provider does not answer.
    pub async fn alter_next_token(&self, mode: &str) -> Result<()> {
        self.control("next-token", json!({ "mode": mode })).await
    }

    /// A back-channel logout token for `sub`, signed by the provider as it signs the ones
    /// it sends, with a fresh `jti`.
    ///
    /// # Errors
    /// When the provider does not answer.
    pub async fn logout_token(&self, sub: &str) -> Result<String> {
        let response = reqwest::Client::new()
            .post(format!("{}/__control/logout-token", self.issuer))
            .json(&json!({ "sub": sub }))
            .send()
            .await?;
        ensure!(
            response.status().is_success(),
            "provider control logout-token: {}",
            response.status()
        );
        let body: Value = response.json().await?;
        Ok(body["logout_token"]
            .as_str()
            .context("logout_token")?
            .to_owned())
    }

    /// Stops the provider (it cannot be reached any more).
    ///
    /// # Errors
    /// When it cannot be killed.
    pub async fn stop(&mut self) -> Result<()> {
        self.child.kill().await.context("kill provider")
    }
}

/// The client id the tests register.
pub const CLIENT_ID: &str = "tessera-test";

/// The people of the tests' provider: an admin, an auditor and a host by group, one whose
/// groups map to nothing, one outside the allowed domain.
pub fn people() -> Value {
    json!({
        "ada": { "email": "ada@example.com", "name": "Ada Lovelace", "groups": ["tessera-admins", "staff"] },
        "grace": { "email": "grace@example.com", "name": "Grace Hopper", "groups": ["security"] },
        "hana": { "email": "hana@example.com", "name": "Hana Ito", "groups": ["residents"] },
        "otto": { "email": "otto@example.com", "name": "Otto Unmapped", "groups": ["staff"] },
        "eve": { "email": "eve@elsewhere.test", "name": "Eve Outside", "groups": ["tessera-admins"] },
    })
}

/// The organisation's settings (`PUT /v1/sso`) for the tests' provider at `issuer`.
pub fn settings(issuer: &str, key_sign_in: bool) -> Value {
    json!({
        "issuer": issuer,
        "client_id": CLIENT_ID,
        "client_secret": CLIENT_SECRET,
        "allowed_domains": ["example.com"],
        "role_claim": "groups",
        "role_map": [
            { "value": "tessera-admins", "role": "admin" },
            { "value": "security", "role": "auditor" },
            { "value": "residents", "role": "host" },
        ],
        "key_sign_in": key_sign_in,
    })
}

/// One HTTP answer, as a browser saw it.
#[derive(Debug)]
pub struct Page {
    /// Its status.
    pub status: u16,
    /// Its URL.
    pub url: String,
    /// Its body.
    pub body: String,
}

/// A person's browser: cookies per host, redirects followed one by one.
#[derive(Default)]
pub struct Browser {
    client: reqwest::Client,
    jar: HashMap<String, HashMap<String, String>>,
}

fn host_of(url: &str) -> Result<String> {
    let parsed = reqwest::Url::parse(url).with_context(|| format!("not a URL: {url}"))?;
    Ok(format!(
        "{}:{}",
        parsed.host_str().unwrap_or_default(),
        parsed.port_or_known_default().unwrap_or_default()
    ))
}

impl Browser {
    /// A browser with no cookies.
    ///
    /// # Errors
    /// When the HTTP client cannot be built.
    pub fn new() -> Result<Self> {
        Ok(Browser {
            client: reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .build()?,
            jar: HashMap::new(),
        })
    }

    /// The value of a cookie the browser holds for `url`'s host.
    pub fn cookie(&self, url: &str, name: &str) -> Option<String> {
        self.jar.get(&host_of(url).ok()?)?.get(name).cloned()
    }

    fn remember(&mut self, url: &str, response: &reqwest::Response) -> Result<()> {
        let jar = self.jar.entry(host_of(url)?).or_default();
        for value in response.headers().get_all(reqwest::header::SET_COOKIE) {
            let text = value.to_str().unwrap_or_default();
            let Some((name, value)) = text.split(';').next().and_then(|pair| pair.split_once('='))
            else {
                continue;
            };
            let gone = text.to_ascii_lowercase().contains("max-age=0")
                || text
                    .to_ascii_lowercase()
                    .contains("expires=thu, 01 jan 1970");
            if gone || value.is_empty() {
                jar.remove(name.trim());
            } else {
                jar.insert(name.trim().to_owned(), value.trim().to_owned());
            }
        }
        Ok(())
    }

    async fn send(
        &mut self,
        method: reqwest::Method,
        url: &str,
        form: Option<&[(&str, &str)]>,
    ) -> Result<reqwest::Response> {
        let mut request = self.client.request(method, url);
        if let Some(cookies) = self.jar.get(&host_of(url)?) {
            let header: Vec<String> = cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
            if !header.is_empty() {
                request = request.header(reqwest::header::COOKIE, header.join("; "));
            }
        }
        if let Some(form) = form {
            request = request.form(form);
        }
        let response = request
            .send()
            .await
            .with_context(|| format!("request {url}"))?;
        self.remember(url, &response)?;
        Ok(response)
    }

    /// Opens `url` and follows redirects (at most 10) to a page.
    ///
    /// # Errors
    /// Network failures, a redirect loop.
    pub async fn open(&mut self, url: &str) -> Result<Page> {
        self.follow(reqwest::Method::GET, url, None).await
    }

    /// Posts a form and follows redirects to a page.
    ///
    /// # Errors
    /// Network failures, a redirect loop.
    pub async fn submit(&mut self, url: &str, form: &[(&str, &str)]) -> Result<Page> {
        self.follow(reqwest::Method::POST, url, Some(form)).await
    }

    /// Opens `url` and follows redirects until one leads to a URL starting with `stop`,
    /// which is returned without opening it.
    ///
    /// # Errors
    /// Network failures, a page reached before `stop`.
    pub async fn open_until(&mut self, url: &str, stop: &str) -> Result<String> {
        let mut url = url.to_owned();
        for _ in 0..10 {
            let response = self.send(reqwest::Method::GET, &url, None).await?;
            let Some(next) = location(&url, &response)? else {
                bail!(
                    "{url} answered {} before reaching {stop}",
                    response.status()
                );
            };
            if next.starts_with(stop) {
                return Ok(next);
            }
            url = next;
        }
        bail!("more than 10 redirects")
    }

    async fn follow(
        &mut self,
        method: reqwest::Method,
        url: &str,
        form: Option<&[(&str, &str)]>,
    ) -> Result<Page> {
        let mut response = self.send(method, url, form).await?;
        let mut url = url.to_owned();
        for _ in 0..10 {
            match location(&url, &response)? {
                Some(next) => {
                    url = next;
                    response = self.send(reqwest::Method::GET, &url, None).await?;
                }
                None => {
                    return Ok(Page {
                        status: response.status().as_u16(),
                        url,
                        body: response.text().await.unwrap_or_default(),
                    })
                }
            }
        }
        bail!("more than 10 redirects")
    }

    /// Signs in at the provider's own login form, reached by `url` (the server's
    /// `/v1/sso/start…`), as `login`; returns the server's callback URL the provider sends
    /// the browser back to, without opening it.
    ///
    /// # Errors
    /// When the flow does not reach the login form or the callback.
    pub async fn sign_in_at_provider(
        &mut self,
        url: &str,
        login: &str,
        server_url: &str,
    ) -> Result<String> {
        // A person still signed in at the provider is sent straight back.
        let callback = format!("{}/v1/sso/callback", server_url.trim_end_matches('/'));
        let mut next = url.to_owned();
        let form = loop {
            let response = self.send(reqwest::Method::GET, &next, None).await?;
            match location(&next, &response)? {
                Some(to) if to.starts_with(&callback) => return Ok(to),
                Some(to) => next = to,
                None => {
                    break Page {
                        status: response.status().as_u16(),
                        url: next,
                        body: response.text().await.unwrap_or_default(),
                    }
                }
            }
        };
        ensure!(
            form.status == 200,
            "expected the provider's login form, got {} at {}: {}",
            form.status,
            form.url,
            form.body
        );
        let action = form_action(&form.body).context("no form on the provider's login page")?;
        let response = self
            .send(
                reqwest::Method::POST,
                &action,
                Some(&[("prompt", "login"), ("login", login), ("password", "any")]),
            )
            .await?;
        let next = location(&action, &response)?.context("login did not redirect")?;
        if next.starts_with(&callback) {
            return Ok(next);
        }
        self.open_until(&next, &callback).await
    }

    /// Ends the person's session at the provider (its RP-initiated logout page, confirmed),
    /// which sends back-channel logout tokens to the clients it signed in to.
    ///
    /// # Errors
    /// When the provider's logout page is not as expected.
    pub async fn sign_out_at_provider(&mut self, issuer: &str) -> Result<Page> {
        let page = self.open(&format!("{issuer}/session/end")).await?;
        ensure!(
            page.status == 200,
            "logout page answered {}: {}",
            page.status,
            page.body
        );
        let action = form_action(&page.body).context("no form on the provider's logout page")?;
        let xsrf = hidden_value(&page.body, "xsrf").context("no xsrf on the logout page")?;
        self.submit(&action, &[("xsrf", &xsrf), ("logout", "yes")])
            .await
    }
}

fn location(url: &str, response: &reqwest::Response) -> Result<Option<String>> {
    if !response.status().is_redirection() {
        return Ok(None);
    }
    let location = response
        .headers()
        .get(reqwest::header::LOCATION)
        .and_then(|value| value.to_str().ok())
        .context("redirect without Location")?;
    Ok(Some(reqwest::Url::parse(url)?.join(location)?.to_string()))
}

fn form_action(html: &str) -> Option<String> {
    let start = html.find("<form")?;
    let tag = &html[start..start + html[start..].find('>')?];
    let at = tag.find("action=\"")? + "action=\"".len();
    Some(tag[at..at + tag[at..].find('"')?].replace("&amp;", "&"))
}

fn hidden_value(html: &str, name: &str) -> Option<String> {
    let marker = format!("name=\"{name}\"");
    let at = html.find(&marker)?;
    let tag_start = html[..at].rfind('<')?;
    let tag = &html[tag_start..at + html[at..].find('>')?];
    let value_at = tag.find("value=\"")? + "value=\"".len();
    Some(tag[value_at..value_at + tag[value_at..].find('"')?].to_owned())
}

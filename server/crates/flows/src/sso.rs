//! Staff sign-in with the organisation's identity provider: OpenID Connect's authorization
//! code flow with PKCE, a `state` and a `nonce`, as the relying party (`docs/sign-in.md`).
//!
//! - [`Sso::configure`]: an admin names the provider (issuer, client id and secret, allowed
//!   email domains, which claim values give which role); the provider's discovery document
//!   is fetched there and then, so a wrong issuer is refused at once, and the secret is
//!   sealed (`crate::sealing`).
//! - [`Sso::begin`]: a sign-in starts: a fresh `state`, `nonce` and PKCE verifier are stored
//!   (the state by its hash, bound to the browser by the hash of a cookie only it holds)
//!   and the browser is sent to the provider.
//! - [`Sso::finish`]: the provider's callback: the state is taken (good once), the code is
//!   exchanged with the verifier and the client secret, and the ID token is checked by the
//!   `openidconnect` crate: signature against the provider's JWKS, issuer, audience,
//!   expiry, nonce. Then the domain decisions (`tessera_domain::sso`) pick the role, and
//!   storage records the person, the key or host they act as (made just in time, by issuer
//!   and subject), the session and the event in one transaction. Every failure is audited
//!   and makes no session.
//! - [`Sso::back_channel_logout`]: the provider says a session ended (OIDC Back-Channel
//!   Logout 1.0): the logout token is checked like an ID token (type `logout+jwt`, its
//!   event present, no nonce) and the sessions of that `sid` (or subject) end.
//!
//! - Sign-in by email (`/v1/sso/start?email=`) goes only to the organisation that proved
//!   the address's domain ([`Sso::prove_domain`]: a DNS TXT record
//!   `_tessera-challenge.<domain>` holding the token [`Sso::claim_domain`] handed out, read
//!   by [`crate::dns_proof`]) or that the server's operator assigned it to
//!   ([`Sso::assign_domain`], `tessera-server sso assign`); a proven domain has one owner.
//!   `allowed_domains` only filters who may sign in once the provider vouched for them:
//!   anyone can type a domain there, so it routes nothing.
//! - Sign-ins under way are capped per organisation ([`Sso::begin`]), and each
//!   back-channel logout token is taken once (its `jti` remembered until it expires).
//!
//! Every request to a provider goes through [`Guarded`]: the operator's allow list
//! (`TESSERA_IDP_ALLOW`) decides whether an internal address may be reached, as for
//! webhooks (`crate::egress`), redirects are not followed, and plain `http` is accepted only
//! for a host that list names. Discovery documents (with their JWKS) are cached for ten
//! minutes; a token signed by a key the cached JWKS lacks fetches them again at once (a
//! provider that rotated its key), at most every ten seconds a provider.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use openidconnect::core::{
    CoreAuthenticationFlow, CoreClient, CoreGenderClaim, CoreIdTokenVerifier,
    CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm,
};
use openidconnect::{
    AdditionalClaims, AsyncHttpClient, AuthorizationCode, ClientId, ClientSecret, CsrfToken,
    HttpRequest, HttpResponse, IdToken, IssuerUrl, JsonWebTokenType, Nonce,
    NormalizedJsonWebTokenType, PkceCodeChallenge, PkceCodeVerifier, ProviderMetadataWithLogout,
    RedirectUrl, Scope, TokenResponse,
};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::SsoDomainChanged;
use tessera_domain::events::{Details, SignedIn, SsoSessionsEnded, SsoSignInFailed};
use tessera_domain::sso::{
    self as rules, DomainProven, LogoutOnce, Page, Person, PersonSignIn, Refusal, SsoDomainRow,
};
use tessera_store::{ConsoleSessionRow, SsoConfigRow, SsoLoginRow, Store};

use crate::credentials::{self, MintedSecret};
use crate::dns_proof::TxtLookup;
use crate::egress::Policy;
use crate::keyring::Keyring;
use crate::sealing::{self, Purpose};

/// How long a sign-in may take between the redirect and the callback.
pub const LOGIN_TTL_MS: i64 = 10 * 60 * 1000;
/// How long a discovery document (with its JWKS) is reused.
const METADATA_TTL: Duration = Duration::from_secs(10 * 60);
/// The soonest a provider's JWKS is fetched again for a key it lacks.
const REFETCH_AT_MOST_EVERY: Duration = Duration::from_secs(10);
/// Longest wait for a provider's answer.
const PROVIDER_TIMEOUT: Duration = Duration::from_secs(10);
/// The event a logout token carries (Back-Channel Logout 1.0 §2.4).
const LOGOUT_EVENT: &str = "http://schemas.openid.net/event/backchannel-logout";
/// The `typ` of a logout token (Back-Channel Logout 1.0 §2.4).
const LOGOUT_TYPE: &str = "logout+jwt";

/// Why a sign-in, a logout or a configuration failed.
#[derive(Debug, thiserror::Error)]
pub enum SsoError {
    /// The organisation has no identity provider, or none admits this email domain.
    #[error("{0}")]
    NotConfigured(String),
    /// The organisation has as many sign-ins under way as it may (`TESSERA_SSO_LIVE_LOGINS`).
    #[error("too many sign-ins to this organisation are under way; try again in a few minutes")]
    Busy,
    /// The organisation has not claimed this domain.
    #[error("this organisation has not claimed {0}")]
    DomainNotClaimed(String),
    /// Another organisation proved this domain first.
    #[error("another organisation has proven {0}; a domain signs in to one organisation")]
    DomainTaken(String),
    /// The domain's TXT record is missing or holds another value.
    #[error("{0}")]
    DomainNotProven(String),
    /// The provider could not be reached, or answered what is not OpenID Connect.
    #[error("the identity provider could not be reached: {0}")]
    Unreachable(String),
    /// The callback's `state` is unknown, used, expired or not this browser's.
    #[error("this sign-in link is not valid any more (used, expired, or begun in another browser); start again")]
    BadState,
    /// The provider answered the sign-in with an error (the person cancelled, say).
    #[error("the identity provider refused the sign-in: {0}")]
    ProviderSaid(String),
    /// The provider would not exchange the code (a replayed or expired code).
    #[error("the identity provider would not exchange the sign-in code: {0}")]
    CodeRefused(String),
    /// The ID token (or logout token) failed a check.
    #[error("the identity provider's token failed verification: {0}")]
    BadToken(String),
    /// The person is verified but may not sign in.
    #[error("{0}")]
    Refused(Refusal),
    /// An admin revoked the key or host this person acts as.
    #[error("an admin of this organisation has revoked this person's access")]
    Revoked,
    /// A configuration value is not acceptable.
    #[error("{0}")]
    Invalid(String),
    /// The sealed client secret could not be opened (the server key is missing).
    #[error("the client secret cannot be opened: {0}")]
    Seal(#[from] sealing::SealError),
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] tessera_store::Error),
}

impl SsoError {
    /// A stable word for the audit log.
    pub fn reason(&self) -> &'static str {
        match self {
            SsoError::NotConfigured(_) => "not_configured",
            SsoError::Busy => "busy",
            SsoError::DomainNotClaimed(_) => "domain_not_claimed",
            SsoError::DomainTaken(_) => "domain_taken",
            SsoError::DomainNotProven(_) => "domain_not_proven",
            SsoError::Unreachable(_) => "unreachable",
            SsoError::BadState => "bad_state",
            SsoError::ProviderSaid(_) => "provider_error",
            SsoError::CodeRefused(_) => "code_refused",
            SsoError::BadToken(_) => "bad_token",
            SsoError::Refused(refusal) => refusal.reason(),
            SsoError::Revoked => "revoked",
            SsoError::Invalid(_) => "invalid",
            SsoError::Seal(_) => "sealed_secret",
            SsoError::Store(_) => "storage",
        }
    }
}

/// Every claim the ID token carries beyond the standard ones (`groups`, `roles`, `sid`,
/// `events`, a provider's own), for the role mapping and logout.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct OtherClaims(serde_json::Map<String, serde_json::Value>);

impl AdditionalClaims for OtherClaims {}

type Token = IdToken<
    OtherClaims,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJwsSigningAlgorithm,
>;
type Metadata = ProviderMetadataWithLogout;

/// An HTTP client for providers: the egress policy applies to every request.
#[derive(Clone, Debug)]
pub struct Guarded {
    client: reqwest::Client,
    policy: Policy,
}

/// Why a request to a provider was not made or failed.
#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    /// The egress policy refuses the address.
    #[error(transparent)]
    Refused(#[from] crate::egress::Refused),
    /// Not a URL.
    #[error("not a URL: {0}")]
    Url(#[from] url::ParseError),
    /// The request failed.
    #[error(transparent)]
    Request(#[from] reqwest::Error),
    /// The request could not be built.
    #[error(transparent)]
    Http(#[from] openidconnect::http::Error),
}

impl Guarded {
    fn new(policy: Policy) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .no_proxy()
            .timeout(PROVIDER_TIMEOUT)
            .connect_timeout(PROVIDER_TIMEOUT)
            .dns_resolver(policy.resolver())
            .build()?;
        Ok(Guarded { client, policy })
    }

    async fn send(&self, request: HttpRequest) -> Result<HttpResponse, HttpError> {
        let url = url::Url::parse(&request.uri().to_string())?;
        self.policy.check_url(&url)?;
        let response = self
            .client
            .execute(reqwest::Request::try_from(request)?)
            .await?;
        let mut builder = openidconnect::http::Response::builder().status(response.status());
        for (name, value) in response.headers() {
            builder = builder.header(name, value);
        }
        let body = response.bytes().await?;
        Ok(builder.body(body.to_vec())?)
    }
}

impl<'c> AsyncHttpClient<'c> for Guarded {
    type Error = HttpError;
    type Future = Pin<Box<dyn Future<Output = Result<HttpResponse, HttpError>> + Send + 'c>>;

    fn call(&'c self, request: HttpRequest) -> Self::Future {
        Box::pin(self.send(request))
    }
}

struct Cached {
    metadata: Metadata,
    fetched: Instant,
    /// Fetched because a token named a key the JWKS lacked.
    for_unknown_key: bool,
}

/// When a provider's discovery document (and JWKS) is fetched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fetch {
    /// Only when none is cached or the cached one is older than ten minutes.
    IfStale,
    /// Now (an admin is setting the provider up).
    Now,
    /// Now, because a token names a key the cached JWKS lacks (a rotation): at most every
    /// ten seconds a provider, so tokens with made-up key ids cannot make this server
    /// hammer the provider.
    UnknownKey,
}

/// What an admin sets (the secret only when it changes).
#[derive(Clone)]
pub struct ConfigInput {
    /// The provider's issuer URL.
    pub issuer: String,
    /// The client id.
    pub client_id: String,
    /// A new client secret; `None` keeps the stored one.
    pub client_secret: Option<String>,
    /// Allowed email domains.
    pub allowed_domains: Vec<rules::Domain>,
    /// The claim whose values map to roles.
    pub role_claim: String,
    /// The mapping.
    pub role_map: Vec<rules::RoleMapping>,
    /// Whether API keys may still sign in to the pages.
    pub key_sign_in: bool,
}

impl std::fmt::Debug for ConfigInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ConfigInput")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

pub use tessera_domain::audit::Actor;

/// A sign-in begun: where to send the browser, and the cookie that binds it.
pub struct Begun {
    /// The provider's authorization URL.
    pub redirect: url::Url,
    /// The browser-binding cookie's value.
    pub browser_secret: MintedSecret,
}

/// A sign-in finished: the session and its cookie.
pub struct Finished {
    /// The session, as the pages' session endpoint shows it.
    pub session: ConsoleSessionRow,
    /// The session cookie's value.
    pub secret: MintedSecret,
    /// Where the person goes.
    pub page: Page,
}

/// The sign-in flows, their provider cache and HTTP client.
pub struct Sso {
    store: Store,
    keys: Arc<Keyring>,
    http: Guarded,
    /// Where the provider sends the browser back (`<public URL>/v1/sso/callback`).
    redirect: RedirectUrl,
    session_ttl_s: u64,
    cache: Mutex<HashMap<String, Cached>>,
    dns: TxtLookup,
    live_logins: i64,
}

impl std::fmt::Debug for Sso {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sso")
            .field("redirect", &self.redirect.as_str())
            .finish_non_exhaustive()
    }
}

/// The callback's query, as the provider sends it.
#[derive(Clone, Default, Deserialize)]
pub struct Callback {
    /// The authorization code.
    pub code: Option<String>,
    /// The state sent.
    pub state: Option<String>,
    /// An error instead of a code.
    pub error: Option<String>,
    /// The error's description.
    pub error_description: Option<String>,
}

impl std::fmt::Debug for Callback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Callback")
            .field("error", &self.error)
            .finish_non_exhaustive()
    }
}

impl Sso {
    /// The flows for a server whose public URL is `public_url`; domain proofs are read
    /// at `dns_server` (or the system's name servers), and at most `live_logins` sign-ins of
    /// one organisation are under way at once.
    ///
    /// # Errors
    /// [`SsoError::Invalid`] for a public URL that cannot hold the callback path, or an
    /// HTTP client or DNS resolver that cannot be built.
    pub fn new(
        store: Store,
        keys: Arc<Keyring>,
        policy: Policy,
        public_url: &str,
        session_ttl_s: u64,
        dns_server: Option<std::net::SocketAddr>,
        live_logins: u32,
    ) -> Result<Self, SsoError> {
        let redirect = RedirectUrl::new(format!(
            "{}/v1/sso/callback",
            public_url.trim_end_matches('/')
        ))
        .map_err(|error| SsoError::Invalid(format!("public URL: {error}")))?;
        // A refusal names the setting that lifts it for providers, not for webhooks.
        let http = Guarded::new(policy.named("TESSERA_IDP_ALLOW"))
            .map_err(|error| SsoError::Invalid(format!("HTTP client: {error}")))?;
        let dns = TxtLookup::new(dns_server)
            .map_err(|error| SsoError::Invalid(format!("DNS resolver: {error}")))?;
        Ok(Sso {
            store,
            keys,
            http,
            redirect,
            session_ttl_s,
            cache: Mutex::new(HashMap::new()),
            dns,
            live_logins: i64::from(live_logins.max(1)),
        })
    }

    /// The callback URL to register at the provider.
    pub fn redirect_url(&self) -> &str {
        self.redirect.as_str()
    }

    /// Checks an issuer URL: a URL, `https` unless the operator's allow list names its host.
    fn issuer_url(&self, issuer: &str) -> Result<IssuerUrl, SsoError> {
        let url = url::Url::parse(issuer).map_err(|_| {
            SsoError::Invalid(
                "issuer must be a URL such as https://login.example.com/realms/staff".into(),
            )
        })?;
        let plain_allowed = url.scheme() == "http" && self.http.policy.lists(&url);
        if url.scheme() != "https" && !plain_allowed {
            return Err(SsoError::Invalid(
                "issuer must be an https URL (plain http only for a host TESSERA_IDP_ALLOW names)"
                    .into(),
            ));
        }
        IssuerUrl::new(issuer.to_owned())
            .map_err(|error| SsoError::Invalid(format!("issuer: {error}")))
    }

    /// The provider's discovery document and JWKS, cached or fetched as `fetch` says.
    async fn metadata(&self, issuer: &str, fetch: Fetch) -> Result<Metadata, SsoError> {
        if let Some(metadata) = self.cache_get(issuer, fetch) {
            return Ok(metadata);
        }
        let issuer_url = self.issuer_url(issuer)?;
        let metadata = Metadata::discover_async(issuer_url, &self.http)
            .await
            .map_err(|error| SsoError::Unreachable(chain(&error)))?;
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(
                issuer.to_owned(),
                Cached {
                    metadata: metadata.clone(),
                    fetched: Instant::now(),
                    for_unknown_key: fetch == Fetch::UnknownKey,
                },
            );
        }
        Ok(metadata)
    }

    fn cache_get(&self, issuer: &str, fetch: Fetch) -> Option<Metadata> {
        let cache = self.cache.lock().ok()?;
        let cached = cache.get(issuer)?;
        let age = cached.fetched.elapsed();
        let usable = match fetch {
            Fetch::IfStale => age < METADATA_TTL,
            Fetch::Now => false,
            Fetch::UnknownKey => cached.for_unknown_key && age < REFETCH_AT_MOST_EVERY,
        };
        usable.then(|| cached.metadata.clone())
    }

    /// Stores the organisation's provider, after fetching its discovery document.
    ///
    /// # Errors
    /// [`SsoError::Invalid`] for a bad value or a new provider without a secret,
    /// [`SsoError::Unreachable`], storage failures.
    pub async fn configure(
        &self,
        org_id: Uuid,
        input: ConfigInput,
        by: &Actor,
    ) -> Result<SsoConfigRow, SsoError> {
        let issuer = input.issuer.trim().to_owned();
        let client_id = input.client_id.trim().to_owned();
        if client_id.is_empty() || client_id.len() > 255 {
            return Err(SsoError::Invalid(
                "client_id must be 1–255 characters".into(),
            ));
        }
        let role_claim = input.role_claim.trim().to_owned();
        if role_claim.is_empty() || role_claim.len() > 100 {
            return Err(SsoError::Invalid(
                "role_claim must be 1–100 characters".into(),
            ));
        }
        if input.role_map.is_empty() || input.role_map.len() > rules::MAX_ENTRIES {
            return Err(SsoError::Invalid(format!(
                "role_map must map 1–{} claim values",
                rules::MAX_ENTRIES
            )));
        }
        if input
            .role_map
            .iter()
            .any(|m| m.value.is_empty() || m.value.len() > 255)
        {
            return Err(SsoError::Invalid(
                "role_map values must be 1–255 characters".into(),
            ));
        }
        if input.allowed_domains.len() > rules::MAX_ENTRIES {
            return Err(SsoError::Invalid(format!(
                "allowed_domains may list at most {}",
                rules::MAX_ENTRIES
            )));
        }
        let existing = self.store.sso().sso_config(org_id).await?;
        let sealed = match (&input.client_secret, &existing) {
            (Some(secret), _) => {
                if secret.is_empty() || secret.len() > 1024 {
                    return Err(SsoError::Invalid(
                        "client_secret must be 1–1024 characters".into(),
                    ));
                }
                sealing::seal(&self.keys, Purpose::SsoClientSecret, org_id, secret)?
            }
            (None, Some(existing)) => existing.client_secret.clone(),
            (None, None) => {
                return Err(SsoError::Invalid(
                    "client_secret is required the first time".into(),
                ))
            }
        };
        if self
            .store
            .sso()
            .sso_config_by_client(&issuer, &client_id)
            .await?
            .iter()
            .any(|other| other.org_id != org_id)
        {
            return Err(SsoError::Invalid(
                "another organisation already signs in with this issuer and client id".into(),
            ));
        }
        // Refuse a provider that does not answer now, rather than at a person's sign-in.
        self.metadata(&issuer, Fetch::Now).await?;
        let row = SsoConfigRow {
            org_id,
            issuer: issuer.clone(),
            client_id: client_id.clone(),
            client_secret: sealed,
            allowed_domains: rules::Domains(input.allowed_domains),
            role_claim,
            role_map: rules::RoleMap(input.role_map),
            key_sign_in: input.key_sign_in,
            updated_at_ms: tessera_domain::now_ms(),
        };
        let event = audit::event(
            Severity::Info,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::SsoConfigured(tessera_domain::events::SsoConfigured {
                by_key_id: by.key_id,
                by_person: by.person.clone(),
                issuer,
                client_id,
                secret_changed: input.client_secret.is_some(),
                key_sign_in: input.key_sign_in,
            }),
        )
        .by(by.person.as_ref());
        self.store.sso().put_sso_config(&row, &event).await?;
        Ok(row)
    }

    /// Removes the organisation's provider; false when it had none.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn remove(&self, org_id: Uuid, by: &Actor) -> Result<bool, SsoError> {
        let event = audit::event(
            Severity::Warning,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::SsoRemoved(tessera_domain::events::ByKey {
                by_key_id: by.key_id,
            }),
        )
        .by(by.person.as_ref());
        Ok(self.store.sso().delete_sso_config(org_id, &event).await?)
    }

    /// The organisation's sign-in domains, proven or not.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn domains(&self, org_id: Uuid) -> Result<Vec<SsoDomainRow>, SsoError> {
        Ok(self.store.sign_in().sso_domains(org_id).await?)
    }

    /// Claims `domain` for sign-in by email: the row holds the token its TXT record must
    /// hold. Claiming it again hands out the same token.
    ///
    /// # Errors
    /// [`SsoError::Invalid`] past [`rules::MAX_ENTRIES`] domains, storage failures.
    pub async fn claim_domain(
        &self,
        org_id: Uuid,
        domain: &rules::Domain,
        by: &Actor,
    ) -> Result<SsoDomainRow, SsoError> {
        let claimed = self.store.sign_in().sso_domains(org_id).await?;
        if let Some(row) = claimed.iter().find(|row| row.domain == domain.as_str()) {
            return Ok(row.clone());
        }
        if claimed.len() >= rules::MAX_ENTRIES {
            return Err(SsoError::Invalid(format!(
                "an organisation may claim at most {} domains",
                rules::MAX_ENTRIES
            )));
        }
        let row = new_domain_row(org_id, domain);
        let event = domain_event(org_id, domain.as_str(), "claimed", None, Some(by));
        Ok(self.store.sign_in().claim_sso_domain(&row, &event).await?)
    }

    /// Proves a claimed domain by its TXT record: `_tessera-challenge.<domain>` must hold
    /// `tessera-verify=<token>`. Proven, it routes sign-in by email to this organisation.
    ///
    /// # Errors
    /// [`SsoError::DomainNotClaimed`], [`SsoError::DomainNotProven`] (no such record, or
    /// DNS did not answer), [`SsoError::DomainTaken`], storage failures.
    pub async fn prove_domain(
        &self,
        org_id: Uuid,
        domain: &rules::Domain,
        by: &Actor,
    ) -> Result<SsoDomainRow, SsoError> {
        let claimed = self.store.sign_in().sso_domains(org_id).await?;
        let Some(row) = claimed
            .into_iter()
            .find(|row| row.domain == domain.as_str())
        else {
            return Err(SsoError::DomainNotClaimed(domain.as_str().to_owned()));
        };
        if row.proven_at_ms.is_none() {
            let records = self.dns.txt(&row.record_name()).await.map_err(|error| {
                SsoError::DomainNotProven(format!(
                    "{} could not be checked: {error}",
                    row.record_name()
                ))
            })?;
            if !rules::txt_proves(&records, &row) {
                return Err(SsoError::DomainNotProven(format!(
                    "no TXT record {:?} at {} yet (DNS changes can take a while to appear)",
                    row.record_value(),
                    row.record_name()
                )));
            }
        }
        let event = domain_event(org_id, domain.as_str(), "proven", Some("dns"), Some(by));
        settle_proof(&self.store, org_id, domain, "dns", None, &event).await
    }

    /// Releases a domain: it no longer routes sign-in by email here.
    ///
    /// # Errors
    /// [`SsoError::DomainNotClaimed`], storage failures.
    pub async fn release_domain(
        &self,
        org_id: Uuid,
        domain: &rules::Domain,
        by: &Actor,
    ) -> Result<(), SsoError> {
        release_domain(&self.store, org_id, domain, Some(by)).await
    }

    /// The organisation that signs in people of `email`'s domain: the one that proved it.
    ///
    /// # Errors
    /// [`SsoError::NotConfigured`] when none did.
    pub async fn org_for_email(&self, email: &str) -> Result<Uuid, SsoError> {
        let domain = email.rsplit_once('@').map_or(email, |(_, domain)| domain);
        let domain = rules::Domain::parse(domain).map_err(|_| {
            SsoError::NotConfigured("enter your work email address, such as ada@example.com".into())
        })?;
        let orgs = self
            .store
            .sso()
            .sso_orgs_for_domain(domain.as_str())
            .await?;
        match orgs.as_slice() {
            [org] => Ok(*org),
            [] => Err(SsoError::NotConfigured(format!(
                "no organisation has proven {} for sign-in by email here; use your organisation's own sign-in link, or ask your admin",
                domain.as_str()
            ))),
            _ => Err(SsoError::NotConfigured(format!(
                "several organisations admit {}; use your organisation's own sign-in link",
                domain.as_str()
            ))),
        }
    }

    /// Begins a sign-in to `page` for the organisation `org_id`.
    ///
    /// # Errors
    /// [`SsoError::NotConfigured`], [`SsoError::Unreachable`], storage failures.
    pub async fn begin(&self, org_id: Uuid, page: Page) -> Result<Begun, SsoError> {
        let config = self.store.sso().sso_config(org_id).await?.ok_or_else(|| {
            SsoError::NotConfigured("this organisation has not set up single sign-on".into())
        })?;
        let metadata = self.metadata(&config.issuer, Fetch::IfStale).await?;
        let client = CoreClient::from_provider_metadata(
            metadata.clone(),
            ClientId::new(config.client_id.clone()),
            None,
        )
        .set_redirect_uri(self.redirect.clone());
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let state = CsrfToken::new_random_len(32);
        let nonce = Nonce::new_random_len(32);
        let mut request = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                {
                    let state = state.clone();
                    move || state
                },
                {
                    let nonce = nonce.clone();
                    move || nonce
                },
            )
            .set_pkce_challenge(challenge)
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()));
        // Ask for the role claim's scope where the provider has one (`groups`, `roles`).
        let supported = metadata.scopes_supported().cloned().unwrap_or_default();
        for wanted in ["groups", "roles", config.role_claim.as_str()] {
            let scope = Scope::new(wanted.to_owned());
            if supported.contains(&scope) && !matches!(wanted, "email" | "profile" | "openid") {
                request = request.add_scope(scope);
            }
        }
        let (redirect, _, _) = request.url();
        let browser_secret = credentials::mint();
        let now = tessera_domain::now_ms();
        let stored = self
            .store
            .sso()
            .insert_sso_login(
                &SsoLoginRow {
                    state_hash: credentials::hash(state.secret()).to_vec(),
                    org_id,
                    browser_hash: browser_secret.hash.to_vec(),
                    nonce: nonce.secret().clone(),
                    pkce_verifier: verifier.secret().clone(),
                    page,
                    created_at_ms: now,
                    expires_at_ms: now.saturating_add(LOGIN_TTL_MS),
                },
                self.live_logins,
            )
            .await?;
        if !stored {
            // Each start holds a row for ten minutes: a flood from many sources must not
            // grow the table without bound, nor crowd out a tenant's other sign-ins
            // forever (they free up as the flood's rows expire).
            return Err(SsoError::Busy);
        }
        Ok(Begun {
            redirect,
            browser_secret,
        })
    }

    /// Finishes a sign-in from the provider's callback and the browser's binding cookie.
    /// A failure is audited (under the organisation, once the state names it) and makes no
    /// session.
    ///
    /// # Errors
    /// The [`SsoError`] the person's page explains.
    pub async fn finish(
        &self,
        callback: &Callback,
        browser_secret: Option<&str>,
    ) -> Result<Finished, SsoError> {
        let now = tessera_domain::now_ms();
        let login = match &callback.state {
            Some(state) => {
                self.store
                    .sso()
                    .take_sso_login(&credentials::hash(state), now)
                    .await?
            }
            None => None,
        };
        let Some(login) = login else {
            // No organisation is known: nothing to audit under a tenant.
            return Err(SsoError::BadState);
        };
        let bound = browser_secret.is_some_and(|secret| {
            credentials::hashes_match(
                Some(login.browser_hash.as_slice()),
                &credentials::hash(secret),
            )
        });
        let config = self.store.sso().sso_config(login.org_id).await?;
        let issuer = config.as_ref().map(|config| config.issuer.clone());
        let outcome = match (bound, config) {
            (false, _) => Err((SsoError::BadState, None)),
            (true, None) => Err((
                SsoError::NotConfigured("this organisation has removed single sign-on".into()),
                None,
            )),
            (true, Some(config)) => self.verified_sign_in(&config, &login, callback, now).await,
        };
        match outcome {
            Ok(finished) => Ok(finished),
            Err((error, person)) => {
                self.audit_failure(login.org_id, issuer, person, &error)
                    .await;
                Err(error)
            }
        }
    }

    /// Audits a failed sign-in; a failure to audit is logged, not added to the person's.
    async fn audit_failure(
        &self,
        org_id: Uuid,
        issuer: Option<String>,
        person: Option<Person>,
        error: &SsoError,
    ) {
        if matches!(error, SsoError::Store(_)) {
            return;
        }
        let event = audit::event(
            Severity::Warning,
            Subject {
                org_id: Some(org_id),
                ..Subject::default()
            },
            Details::SsoSignInFailed(SsoSignInFailed {
                reason: error.reason().to_owned(),
                detail: error.to_string(),
                issuer,
                person,
            }),
        );
        if let Err(failure) = self.store.audit().insert_audit(&event).await {
            tracing::warn!(%failure, "could not audit a failed sign-in");
        }
    }

    async fn verified_sign_in(
        &self,
        config: &SsoConfigRow,
        login: &SsoLoginRow,
        callback: &Callback,
        now: i64,
    ) -> Result<Finished, (SsoError, Option<Person>)> {
        if let Some(error) = &callback.error {
            let described = callback
                .error_description
                .as_deref()
                .map_or_else(|| error.clone(), |text| format!("{error}: {text}"));
            return Err((SsoError::ProviderSaid(printable(&described)), None));
        }
        let Some(code) = &callback.code else {
            return Err((
                SsoError::ProviderSaid("no code in the callback".into()),
                None,
            ));
        };
        let secret = sealing::open(
            &self.keys,
            Purpose::SsoClientSecret,
            config.org_id,
            &config.client_secret,
        )
        .map_err(|error| (SsoError::Seal(error), None))?;
        let metadata = self
            .metadata(&config.issuer, Fetch::IfStale)
            .await
            .map_err(|error| (error, None))?;
        let client = CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(config.client_id.clone()),
            Some(ClientSecret::new(secret.to_string())),
        )
        .set_redirect_uri(self.redirect.clone());
        let exchange = client
            .exchange_code(AuthorizationCode::new(code.clone()))
            .map_err(|error| (SsoError::Unreachable(error.to_string()), None))?
            .set_pkce_verifier(PkceCodeVerifier::new(login.pkce_verifier.clone()));
        let tokens = exchange
            .request_async(&self.http)
            .await
            .map_err(|error| (SsoError::CodeRefused(printable(&chain(&error))), None))?;
        let Some(id_token) = tokens.id_token() else {
            return Err((
                SsoError::BadToken("the provider sent no ID token".into()),
                None,
            ));
        };
        let token: Token = id_token
            .to_string()
            .parse()
            .map_err(|error: serde_json::Error| (SsoError::BadToken(error.to_string()), None))?;
        let nonce = Nonce::new(login.nonce.clone());
        let claims = self
            .verify(config, &secret, &token, &nonce, None)
            .await
            .map_err(|error| (error, None))?;
        let person = person_of(&claims);
        let email = claims.email().map(|email| email.as_str().to_owned());
        let others = serde_json::Value::Object(claims.additional_claims().0.clone());
        let decided = rules::email_allowed(
            email.as_deref(),
            claims.email_verified(),
            &config.allowed_domains.0,
        )
        .and_then(|()| {
            rules::role_for(
                &rules::claim_values(&others, &config.role_claim),
                &config.role_map.0,
            )
            .ok_or_else(|| Refusal::NoRole(config.role_claim.clone()))
        });
        let role = match decided {
            Ok(role) => role,
            Err(refusal) => {
                // A person who lost every role loses the sessions they still hold.
                self.end_for_lost_access(config, &person).await;
                return Err((SsoError::Refused(refusal), Some(person)));
            }
        };
        let sid = others
            .get("sid")
            .and_then(|sid| sid.as_str())
            .map(str::to_owned);
        let expires_at_ms = rules::session_end(
            now,
            self.session_ttl_s,
            claims.expiration().timestamp_millis(),
        );
        let cookie = credentials::mint();
        let principal = credentials::mint();
        let sign_in = PersonSignIn {
            org_id: config.org_id,
            person: person.clone(),
            email,
            role,
            new_person_id: Uuid::new_v4(),
            new_principal_id: Uuid::new_v4(),
            principal_hash: principal.hash,
            token_hash: cookie.hash,
            sid,
            now_ms: now,
            expires_at_ms,
        };
        // The key or host the person acts as is known once storage has found or made it.
        let org_id = config.org_id;
        let signed_in = {
            let person = person.clone();
            move |key_id: Uuid| {
                audit::event(
                    Severity::Info,
                    Subject {
                        org_id: Some(org_id),
                        ..Subject::default()
                    },
                    Details::ConsoleSignedIn(SignedIn {
                        by_key_id: key_id,
                        role: role.as_str().to_owned(),
                        person: Some(person.clone()),
                    }),
                )
                .by(Some(&person))
            }
        };
        let session = self
            .store
            .sso()
            .sign_in_person(&sign_in, &signed_in)
            .await
            .map_err(|error| (SsoError::Store(error), Some(person.clone())))?;
        match session {
            Some(session) => Ok(Finished {
                session,
                secret: cookie,
                page: login.page,
            }),
            None => Err((SsoError::Revoked, Some(person))),
        }
    }

    /// Checks a token's signature (fetching the JWKS again once for a key it lacks),
    /// issuer, audience, expiry and nonce; `jose_type` admits a `typ` other than `JWT`.
    async fn verify(
        &self,
        config: &SsoConfigRow,
        secret: &str,
        token: &Token,
        nonce: &Nonce,
        jose_type: Option<&str>,
    ) -> Result<openidconnect::IdTokenClaims<OtherClaims, CoreGenderClaim>, SsoError> {
        let mut fresh = false;
        loop {
            let metadata = self
                .metadata(
                    &config.issuer,
                    if fresh {
                        Fetch::UnknownKey
                    } else {
                        Fetch::IfStale
                    },
                )
                .await?;
            let mut verifier = CoreIdTokenVerifier::new_confidential_client(
                ClientId::new(config.client_id.clone()),
                ClientSecret::new(secret.to_owned()),
                metadata.issuer().clone(),
                metadata.jwks().clone(),
            )
            .set_allowed_algs(metadata.id_token_signing_alg_values_supported().clone());
            if let Some(jose_type) = jose_type {
                verifier = verifier.set_allowed_jose_types(jose_types(jose_type));
            }
            let checked = if jose_type.is_some() {
                token.claims(&verifier, |found: Option<&Nonce>| match found {
                    None => Ok(()),
                    Some(_) => Err("a logout token must not carry a nonce".to_owned()),
                })
            } else {
                token.claims(&verifier, nonce)
            };
            match checked {
                Ok(claims) => return Ok(claims.clone()),
                // A key the cached JWKS lacks: the provider may have rotated it. (A bad
                // signature under a known key is no reason to fetch anything.)
                Err(openidconnect::ClaimsVerificationError::SignatureVerification(
                    openidconnect::SignatureVerificationError::NoMatchingKey,
                )) if !fresh => {
                    fresh = true;
                }
                Err(error) => return Err(SsoError::BadToken(printable(&chain(&error)))),
            }
        }
    }

    async fn end_for_lost_access(&self, config: &SsoConfigRow, person: &Person) {
        let event = sessions_ended_event(config, "access_ended", Some(&person.subject));
        if let Err(error) = self
            .store
            .sso()
            .end_person_sessions(
                config.org_id,
                &config.issuer,
                Some(&person.subject),
                None,
                None,
                &event,
            )
            .await
        {
            tracing::warn!(%error, "could not end the sessions of a person without a role");
        }
    }

    /// Ends the sessions a provider's logout token names; how many ended.
    ///
    /// # Errors
    /// [`SsoError::BadToken`] for a token that is not a valid logout token of a configured
    /// provider, storage failures.
    pub async fn back_channel_logout(&self, logout_token: &str) -> Result<u64, SsoError> {
        let token: Token = logout_token
            .trim()
            .parse()
            .map_err(|_| SsoError::BadToken("not a JWT".into()))?;
        // The token names its issuer and audience; only a provider an organisation set up,
        // for that organisation's client, is believed, and only after its signature checks.
        let (issuer, audiences) = unverified_issuer_and_audiences(&token)
            .ok_or_else(|| SsoError::BadToken("no issuer or audience".into()))?;
        let mut configs = Vec::new();
        for audience in &audiences {
            configs.extend(
                self.store
                    .sso()
                    .sso_config_by_client(&issuer, audience)
                    .await?,
            );
        }
        let Some(config) = configs.into_iter().next() else {
            return Err(SsoError::BadToken(
                "no organisation signs in with this provider and client".into(),
            ));
        };
        let secret = sealing::open(
            &self.keys,
            Purpose::SsoClientSecret,
            config.org_id,
            &config.client_secret,
        )?;
        let claims = self
            .verify(
                &config,
                &secret,
                &token,
                &Nonce::new(String::new()),
                Some("logout+jwt"),
            )
            .await?;
        let others = &claims.additional_claims().0;
        if others
            .get("events")
            .and_then(|events| events.get(LOGOUT_EVENT))
            .is_none()
        {
            return Err(SsoError::BadToken(
                "the token carries no back-channel logout event".into(),
            ));
        }
        // Back-Channel Logout 1.0 §2.4: a logout token carries a `jti`, and §2.6 lets the
        // receiver refuse one it has seen: a captured token ends nothing a second time.
        let jti = others
            .get("jti")
            .and_then(|jti| jti.as_str())
            .filter(|jti| !jti.is_empty() && jti.len() <= 255)
            .ok_or_else(|| SsoError::BadToken("the logout token carries no jti".into()))?;
        let once = LogoutOnce {
            issuer: config.issuer.clone(),
            jti: jti.to_owned(),
            expires_at_ms: claims.expiration().timestamp_millis(),
            now_ms: tessera_domain::now_ms(),
        };
        let sid = others.get("sid").and_then(|sid| sid.as_str());
        let subject = claims.subject().as_str();
        let event = sessions_ended_event(&config, "back_channel_logout", Some(subject));
        self.store
            .sso()
            .end_person_sessions(
                config.org_id,
                &config.issuer,
                Some(subject),
                sid,
                Some(&once),
                &event,
            )
            .await?
            .ok_or_else(|| SsoError::BadToken("this logout token was used before".into()))
    }

    /// Where to send a person signing out, so the provider ends its session too (its
    /// `end_session_endpoint`, when it has one).
    pub async fn end_session_url(&self, org_id: Uuid, back_to: &str) -> Option<url::Url> {
        let config = self.store.sso().sso_config(org_id).await.ok()??;
        let metadata = self.metadata(&config.issuer, Fetch::IfStale).await.ok()?;
        let endpoint = metadata
            .additional_metadata()
            .end_session_endpoint
            .clone()?;
        let mut url = endpoint.url().clone();
        url.query_pairs_mut()
            .append_pair("client_id", &config.client_id)
            .append_pair("post_logout_redirect_uri", back_to);
        Some(url)
    }
}

/// Assigns `domain` to an organisation as the server's operator (`tessera-server sso
/// assign`): proven without DNS, claimed first if need be.
///
/// # Errors
/// [`SsoError::DomainTaken`] when another organisation proved it, storage failures.
pub async fn assign_domain(
    store: &Store,
    org_id: Uuid,
    domain: &rules::Domain,
) -> Result<SsoDomainRow, SsoError> {
    let row = new_domain_row(org_id, domain);
    let event = domain_event(org_id, domain.as_str(), "proven", Some("operator"), None);
    settle_proof(store, org_id, domain, "operator", Some(&row), &event).await
}

/// Releases an organisation's domain; `by` is `None` for the operator.
///
/// # Errors
/// [`SsoError::DomainNotClaimed`], storage failures.
pub async fn release_domain(
    store: &Store,
    org_id: Uuid,
    domain: &rules::Domain,
    by: Option<&Actor>,
) -> Result<(), SsoError> {
    let event = domain_event(org_id, domain.as_str(), "released", None, by);
    if store
        .sign_in()
        .release_sso_domain(org_id, domain.as_str(), &event)
        .await?
    {
        Ok(())
    } else {
        Err(SsoError::DomainNotClaimed(domain.as_str().to_owned()))
    }
}

async fn settle_proof(
    store: &Store,
    org_id: Uuid,
    domain: &rules::Domain,
    by: &str,
    claim: Option<&SsoDomainRow>,
    event: &tessera_store::NewAudit,
) -> Result<SsoDomainRow, SsoError> {
    let now = tessera_domain::now_ms();
    match store
        .sign_in()
        .prove_sso_domain(org_id, domain.as_str(), by, claim, now, event)
        .await?
    {
        DomainProven::Proven => {}
        DomainProven::NotClaimed => {
            return Err(SsoError::DomainNotClaimed(domain.as_str().to_owned()))
        }
        DomainProven::TakenElsewhere => {
            return Err(SsoError::DomainTaken(domain.as_str().to_owned()))
        }
    }
    store
        .sign_in()
        .sso_domains(org_id)
        .await?
        .into_iter()
        .find(|row| row.domain == domain.as_str())
        .ok_or_else(|| SsoError::DomainNotClaimed(domain.as_str().to_owned()))
}

/// A new claim on `domain`: a fresh token for its TXT record.
fn new_domain_row(org_id: Uuid, domain: &rules::Domain) -> SsoDomainRow {
    SsoDomainRow {
        org_id,
        domain: domain.as_str().to_owned(),
        token: credentials::mint().text.as_str().to_owned(),
        created_at_ms: tessera_domain::now_ms(),
        proven_at_ms: None,
        proven_by: None,
    }
}

/// The event of a domain claimed, proven or released; `by` is `None` for the operator.
fn domain_event(
    org_id: Uuid,
    domain: &str,
    change: &str,
    proven_by: Option<&str>,
    by: Option<&Actor>,
) -> tessera_store::NewAudit {
    let severity = if change == "claimed" {
        Severity::Info
    } else {
        Severity::Warning
    };
    audit::event(
        severity,
        Subject {
            org_id: Some(org_id),
            ..Subject::default()
        },
        Details::SsoDomainChanged(SsoDomainChanged {
            domain: domain.to_owned(),
            change: change.to_owned(),
            proven_by: proven_by.map(str::to_owned),
            by_key_id: by.map(|by| by.key_id),
            by_person: by.and_then(|by| by.person.clone()),
        }),
    )
    .by(by.and_then(|by| by.person.as_ref()))
}

/// The event of sessions a provider ended, made for how many storage ended.
fn sessions_ended_event<'a>(
    config: &'a SsoConfigRow,
    cause: &'a str,
    subject: Option<&'a str>,
) -> impl Fn(u64) -> tessera_store::NewAudit + Send + Sync + 'a {
    move |sessions| {
        audit::event(
            Severity::Info,
            Subject {
                org_id: Some(config.org_id),
                ..Subject::default()
            },
            Details::SsoSessionsEnded(SsoSessionsEnded {
                cause: cause.to_owned(),
                issuer: config.issuer.clone(),
                subject: subject.map(str::to_owned),
                sessions,
            }),
        )
    }
}

/// The person a verified ID token names.
fn person_of(claims: &openidconnect::IdTokenClaims<OtherClaims, CoreGenderClaim>) -> Person {
    let subject = claims.subject().as_str().to_owned();
    let name = claims
        .name()
        .and_then(|name| name.get(None))
        .map(|name| name.as_str().to_owned())
        .or_else(|| claims.email().map(|email| email.as_str().to_owned()))
        .unwrap_or_else(|| subject.clone());
    Person {
        issuer: claims.issuer().as_str().to_owned(),
        subject,
        name: printable(&name),
    }
}

/// The issuer and audiences a token claims, read before its signature is checked, only to
/// find which provider's keys check it.
fn unverified_issuer_and_audiences(token: &Token) -> Option<(String, Vec<String>)> {
    let verifier = CoreIdTokenVerifier::new_insecure_without_verification()
        .set_allowed_jose_types(jose_types(LOGOUT_TYPE));
    let claims = token.claims(&verifier, |_: Option<&Nonce>| Ok(())).ok()?;
    Some((
        claims.issuer().as_str().to_owned(),
        claims
            .audiences()
            .iter()
            .map(|audience| audience.as_str().to_owned())
            .collect(),
    ))
}

/// The `typ` headers a token may carry: `JWT` and `also`, normalised.
fn jose_types(also: &str) -> Vec<NormalizedJsonWebTokenType> {
    ["JWT", also]
        .into_iter()
        .filter_map(|kind| JsonWebTokenType::new(kind.to_owned()).normalize().ok())
        .collect()
}

/// An error and its causes, in one line.
fn chain(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

/// Text from a provider, made safe to show and log: printable and short.
fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(300).collect()
}

//! Staff sign-in with the organisation's identity provider (OpenID Connect): what an admin
//! configures, and the pure decisions a sign-in makes once the provider's ID token has been
//! verified (`tessera_flows::sso` verifies it).
//!
//! - [`Domain`]: an allowed email domain, parsed once;
//! - [`email_allowed`]: whether the person's email is of an allowed domain, and verified;
//! - [`claim_values`] and [`role_for`]: which Tessera role the person's claim maps to (the
//!   strongest of those it matches), or none, which refuses the sign-in;
//! - [`session_end`]: a session ends with the ID token or the server's limit, whichever is
//!   first.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::roles::Role;

/// Most allowed domains and role mappings an organisation may list.
pub const MAX_ENTRIES: usize = 50;

/// An allowed email domain: lower-case DNS labels, as in `example.com`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Domain(String);

/// Why a configuration value was refused, for a 400 answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvalidSetting(pub String);

impl Domain {
    /// Parses a domain, lower-casing it.
    ///
    /// # Errors
    /// [`InvalidSetting`] for anything that is not a DNS name of two labels or more.
    pub fn parse(text: &str) -> Result<Self, InvalidSetting> {
        let text = text.trim().trim_end_matches('.').to_ascii_lowercase();
        let valid = crate::label::is_dns_name(&text) && text.contains('.');
        if valid {
            Ok(Domain(text))
        } else {
            Err(InvalidSetting(format!(
                "allowed_domains: {text:?} is not a domain such as example.com"
            )))
        }
    }

    /// The domain.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Domain {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Domain::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// One value of the role claim and the Tessera role it gives.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RoleMapping {
    /// A value of the role claim, compared exactly (e.g. `tessera-admins`).
    #[schema(example = "tessera-admins")]
    pub value: String,
    /// The role it gives.
    pub role: Role,
}

/// The allowed email domains, as stored (a JSON array).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Domains(pub Vec<Domain>);

impl TryFrom<String> for Domains {
    type Error = serde_json::Error;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_str(&text).map(Domains)
    }
}

impl Domains {
    /// The stored form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "[]".to_owned())
    }
}

/// The role mapping, as stored (a JSON array of [`RoleMapping`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoleMap(pub Vec<RoleMapping>);

impl TryFrom<String> for RoleMap {
    type Error = serde_json::Error;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        serde_json::from_str(&text).map(RoleMap)
    }
}

impl RoleMap {
    /// The stored form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&self.0).unwrap_or_else(|_| "[]".to_owned())
    }
}

/// An organisation's identity provider, as stored: the client secret is sealed
/// (`tessera_flows::sealing`, bound to the organisation's id).
#[derive(Clone)]
pub struct SsoConfigRow {
    /// The organisation.
    pub org_id: Uuid,
    /// The provider's issuer URL, exactly as its discovery document and tokens name it.
    pub issuer: String,
    /// This organisation's client id at the provider.
    pub client_id: String,
    /// The client secret, sealed.
    pub client_secret: String,
    /// Email domains admitted; empty admits anyone the provider vouches for.
    pub allowed_domains: Domains,
    /// The claim whose values map to roles (`groups`, `roles`, `realm_access.roles`).
    pub role_claim: String,
    /// Which claim value gives which role.
    pub role_map: RoleMap,
    /// Whether staff may still sign in to the pages with an API key.
    pub key_sign_in: bool,
    /// When it was last changed.
    pub updated_at_ms: i64,
}

impl std::fmt::Debug for SsoConfigRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SsoConfigRow")
            .field("org_id", &self.org_id)
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &"<sealed>")
            .field("allowed_domains", &self.allowed_domains)
            .field("role_claim", &self.role_claim)
            .field("role_map", &self.role_map)
            .field("key_sign_in", &self.key_sign_in)
            .finish()
    }
}

/// Which page a sign-in returns to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Page {
    /// The security console, `/console`.
    Console,
    /// The host page, `/host`.
    Host,
}

impl Page {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Page::Console => "console",
            Page::Host => "host",
        }
    }

    /// The page's path.
    pub fn path(self) -> &'static str {
        match self {
            Page::Console => "/console",
            Page::Host => "/host",
        }
    }
}

impl TryFrom<String> for Page {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "console" => Ok(Page::Console),
            "host" => Ok(Page::Host),
            _ => Err(format!("unknown page {text:?}")),
        }
    }
}

/// A sign-in under way, between the redirect to the provider and its callback.
#[derive(Clone)]
pub struct SsoLoginRow {
    /// SHA-256 of the `state` sent to the provider.
    pub state_hash: Vec<u8>,
    /// The organisation signing in.
    pub org_id: Uuid,
    /// SHA-256 of the cookie that binds the sign-in to the browser that began it.
    pub browser_hash: Vec<u8>,
    /// The `nonce` the ID token must carry.
    pub nonce: String,
    /// The PKCE verifier the code is exchanged with.
    pub pkce_verifier: String,
    /// Where the person goes once signed in.
    pub page: Page,
    /// When it began.
    pub created_at_ms: i64,
    /// When the callback is no longer accepted.
    pub expires_at_ms: i64,
}

impl std::fmt::Debug for SsoLoginRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SsoLoginRow")
            .field("org_id", &self.org_id)
            .field("page", &self.page)
            .field("expires_at_ms", &self.expires_at_ms)
            .finish_non_exhaustive()
    }
}

/// A person as the provider names them: what the audit log and the console show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Person {
    /// The provider (`iss`).
    pub issuer: String,
    /// Their id at the provider (`sub`).
    pub subject: String,
    /// Their display name (`name`, else their email, else the subject).
    pub name: String,
}

/// A verified person signing in: what storage records in one transaction (the person made
/// or updated, the key or host they act as made or changed, the session, the event).
#[derive(Clone)]
pub struct PersonSignIn {
    /// The organisation.
    pub org_id: Uuid,
    /// Who.
    pub person: Person,
    /// Their email, if the provider sent one.
    pub email: Option<String>,
    /// The role their claims map to now.
    pub role: Role,
    /// An id for the person, used if they are new.
    pub new_person_id: Uuid,
    /// An id for the key or host they act as, used if it must be made.
    pub new_principal_id: Uuid,
    /// The hash stored for a principal made now: of a secret nobody holds.
    pub principal_hash: [u8; 32],
    /// SHA-256 of the new session cookie.
    pub token_hash: [u8; 32],
    /// The provider's session id, for back-channel logout.
    pub sid: Option<String>,
    /// Now.
    pub now_ms: i64,
    /// When the session ends ([`session_end`]).
    pub expires_at_ms: i64,
}

impl std::fmt::Debug for PersonSignIn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PersonSignIn")
            .field("org_id", &self.org_id)
            .field("person", &self.person)
            .field("role", &self.role)
            .finish_non_exhaustive()
    }
}

/// A live console or host session, as an admin's session list shows it.
#[derive(Clone, Debug)]
pub struct SessionListing {
    /// SHA-256 of the session's cookie: the session's id (it reveals nothing of the cookie).
    pub token_hash: Vec<u8>,
    /// The key or host it acts as.
    pub key_id: Uuid,
    /// Its role.
    pub role: Role,
    /// The key's or host's label.
    pub label: String,
    /// The person, for an SSO session.
    pub person_name: Option<String>,
    /// Their email, for an SSO session.
    pub person_email: Option<String>,
    /// When it began.
    pub created_at_ms: i64,
    /// When it ends.
    pub expires_at_ms: i64,
}

/// Why a verified person may not sign in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The organisation allows some domains, and the token names no email.
    #[error("the identity provider sent no email address, and this organisation admits only some email domains")]
    NoEmail,
    /// The provider says the email is not verified.
    #[error("the identity provider has not verified this email address")]
    UnverifiedEmail,
    /// The email's domain is not among the allowed.
    #[error("the email domain {0} is not one this organisation admits")]
    DomainNotAllowed(String),
    /// No value of the role claim maps to a role.
    #[error("no Tessera role is mapped to this person's {0} claim; ask an admin to map one of your groups")]
    NoRole(String),
}

impl Refusal {
    /// A short stable reason, for the audit event.
    pub fn reason(&self) -> &'static str {
        match self {
            Refusal::NoEmail => "no_email",
            Refusal::UnverifiedEmail => "unverified_email",
            Refusal::DomainNotAllowed(_) => "domain_not_allowed",
            Refusal::NoRole(_) => "no_role",
        }
    }
}

/// Whether `email` may sign in: any, when no domain is listed; otherwise a verified address
/// (a provider that does not say is believed) whose domain is listed exactly (a listed
/// `example.com` does not admit `evil-example.com` or `a.example.com`).
///
/// # Errors
/// The [`Refusal`].
pub fn email_allowed(
    email: Option<&str>,
    verified: Option<bool>,
    allowed: &[Domain],
) -> Result<(), Refusal> {
    if allowed.is_empty() {
        return Ok(());
    }
    let Some(email) = email else {
        return Err(Refusal::NoEmail);
    };
    if verified == Some(false) {
        return Err(Refusal::UnverifiedEmail);
    }
    let domain = email
        .rsplit_once('@')
        .map(|(_, domain)| domain.trim_end_matches('.').to_ascii_lowercase())
        .unwrap_or_default();
    if allowed.iter().any(|listed| listed.as_str() == domain) {
        Ok(())
    } else {
        Err(Refusal::DomainNotAllowed(domain))
    }
}

/// The string values of the claim `path` in `claims`: a string, or the strings of an array.
/// A dotted path reaches into objects (Keycloak's `realm_access.roles`); a claim whose own
/// name has a dot is found first.
pub fn claim_values(claims: &serde_json::Value, path: &str) -> Vec<String> {
    let found = claims.get(path).or_else(|| {
        path.split('.')
            .try_fold(claims, |value, part| value.get(part))
    });
    match found {
        Some(serde_json::Value::String(value)) => vec![value.clone()],
        Some(serde_json::Value::Array(values)) => values
            .iter()
            .filter_map(|value| value.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    }
}

/// How much a role may do, to pick the strongest of several.
fn strength(role: Role) -> u8 {
    match role {
        Role::Admin => 4,
        Role::Security => 3,
        Role::Auditor => 2,
        Role::Issuer => 1,
        Role::Host => 0,
    }
}

/// The strongest role that one of `values` maps to, if any.
pub fn role_for(values: &[String], map: &[RoleMapping]) -> Option<Role> {
    map.iter()
        .filter(|mapping| values.contains(&mapping.value))
        .map(|mapping| mapping.role)
        .max_by_key(|role| strength(*role))
}

/// When a session made at `now_ms` ends: at the ID token's expiry or after the server's
/// `ttl_s`, whichever is first.
pub fn session_end(now_ms: i64, ttl_s: u64, id_token_expires_ms: i64) -> i64 {
    let ttl_ms = i64::try_from(ttl_s)
        .unwrap_or(i64::MAX / 1000)
        .saturating_mul(1000);
    now_ms.saturating_add(ttl_ms).min(id_token_expires_ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn domains(list: &[&str]) -> Vec<Domain> {
        list.iter().map(|d| Domain::parse(d).unwrap()).collect()
    }

    #[test]
    fn domains_parse_once_lower_cased() {
        for (text, ok) in [
            ("example.com", Some("example.com")),
            (" Example.COM. ", Some("example.com")),
            ("a-b.example.co.uk", Some("a-b.example.co.uk")),
            ("localhost", None),
            ("", None),
            ("-a.com", None),
            ("a_b.com", None),
            ("a..com", None),
            ("@example.com", None),
        ] {
            assert_eq!(
                Domain::parse(text).ok().as_ref().map(Domain::as_str),
                ok,
                "{text:?}"
            );
        }
    }

    #[test]
    fn email_domains_are_matched_exactly() {
        let allowed = domains(&["example.com", "example.org"]);
        type Case<'a> = (
            Option<&'a str>,
            Option<bool>,
            &'a [Domain],
            Result<(), Refusal>,
        );
        let table: &[Case] = &[
            (Some("ada@example.com"), Some(true), &allowed, Ok(())),
            (Some("ada@EXAMPLE.org"), None, &allowed, Ok(())),
            (
                Some("ada@example.com"),
                Some(false),
                &allowed,
                Err(Refusal::UnverifiedEmail),
            ),
            (None, None, &allowed, Err(Refusal::NoEmail)),
            (
                Some("ada@evil-example.com"),
                Some(true),
                &allowed,
                Err(Refusal::DomainNotAllowed("evil-example.com".into())),
            ),
            (
                Some("ada@a.example.com"),
                Some(true),
                &allowed,
                Err(Refusal::DomainNotAllowed("a.example.com".into())),
            ),
            (
                Some("example.com"),
                Some(true),
                &allowed,
                Err(Refusal::DomainNotAllowed(String::new())),
            ),
            // Nothing listed: anyone the provider vouches for.
            (None, Some(false), &[], Ok(())),
        ];
        for (email, verified, allowed, expected) in table {
            assert_eq!(
                &email_allowed(*email, *verified, allowed),
                expected,
                "{email:?}"
            );
        }
    }

    #[test]
    fn claim_values_read_strings_arrays_and_dotted_paths() {
        let claims = json!({
            "groups": ["a", 7, "b"],
            "role": "admin",
            "realm_access": { "roles": ["tessera-admin"] },
            "dotted.name": "x",
            "flag": true,
        });
        assert_eq!(claim_values(&claims, "groups"), ["a", "b"]);
        assert_eq!(claim_values(&claims, "role"), ["admin"]);
        assert_eq!(
            claim_values(&claims, "realm_access.roles"),
            ["tessera-admin"]
        );
        assert_eq!(claim_values(&claims, "dotted.name"), ["x"]);
        assert!(claim_values(&claims, "flag").is_empty());
        assert!(claim_values(&claims, "missing").is_empty());
        assert!(claim_values(&claims, "realm_access.missing").is_empty());
    }

    #[test]
    fn the_strongest_mapped_role_wins_and_unmapped_is_none() {
        let map = [
            RoleMapping {
                value: "hosts".into(),
                role: Role::Host,
            },
            RoleMapping {
                value: "security".into(),
                role: Role::Auditor,
            },
            RoleMapping {
                value: "it".into(),
                role: Role::Admin,
            },
            RoleMapping {
                value: "front-desk".into(),
                role: Role::Issuer,
            },
        ];
        let values = |list: &[&str]| list.iter().map(|v| (*v).to_owned()).collect::<Vec<_>>();
        for (held, expected) in [
            (values(&["hosts"]), Some(Role::Host)),
            (values(&["hosts", "security"]), Some(Role::Auditor)),
            (values(&["front-desk", "hosts"]), Some(Role::Issuer)),
            (values(&["security", "it", "hosts"]), Some(Role::Admin)),
            (values(&["Hosts"]), None),
            (values(&[]), None),
        ] {
            assert_eq!(role_for(&held, &map), expected, "{held:?}");
        }
        assert_eq!(role_for(&values(&["it"]), &[]), None);
    }

    #[test]
    fn a_session_ends_with_the_token_or_the_server_limit() {
        assert_eq!(session_end(1_000, 60, 31_000), 31_000);
        assert_eq!(session_end(1_000, 10, 31_000), 11_000);
        assert_eq!(session_end(1_000, u64::MAX, 31_000), 31_000);
        assert_eq!(session_end(1_000, 60, 0), 0);
    }
}

/// The DNS name under a domain whose TXT record proves it (`_tessera-challenge.<domain>`).
pub const CHALLENGE_LABEL: &str = "_tessera-challenge";

/// What the TXT record that proves a domain holds, before the token.
pub const CHALLENGE_PREFIX: &str = "tessera-verify=";

/// A domain an organisation claimed for sign-in by email, proven or not yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SsoDomainRow {
    /// The organisation.
    pub org_id: Uuid,
    /// The domain, as [`Domain`] checked it.
    pub domain: String,
    /// The token the TXT record must hold (published in DNS, so no secret).
    pub token: String,
    /// When it was claimed.
    pub created_at_ms: i64,
    /// When it was proven; `None` until then.
    pub proven_at_ms: Option<i64>,
    /// `dns` or `operator`, once proven.
    pub proven_by: Option<String>,
}

impl SsoDomainRow {
    /// The name to publish the TXT record at.
    pub fn record_name(&self) -> String {
        format!("{CHALLENGE_LABEL}.{}", self.domain)
    }

    /// The TXT record's value.
    pub fn record_value(&self) -> String {
        format!("{CHALLENGE_PREFIX}{}", self.token)
    }
}

/// Whether one of a name's TXT records (each its strings joined, as RFC 7208 §3.3 reads
/// them) is exactly the value that proves `row`.
pub fn txt_proves(records: &[String], row: &SsoDomainRow) -> bool {
    let wanted = row.record_value();
    records.iter().any(|record| record.trim() == wanted)
}

/// What proving (or assigning) a domain came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DomainProven {
    /// Proven now, or already.
    Proven,
    /// The organisation has not claimed this domain.
    NotClaimed,
    /// Another organisation proved it first: a proven domain has one owner.
    TakenElsewhere,
}

/// A back-channel logout token taken once: its issuer and `jti`, remembered until it
/// expires.
#[derive(Clone, Debug)]
pub struct LogoutOnce {
    /// The provider.
    pub issuer: String,
    /// The token's `jti`.
    pub jti: String,
    /// When the token expires (then the memory of it may go).
    pub expires_at_ms: i64,
    /// Now.
    pub now_ms: i64,
}

#[cfg(test)]
mod domain_proof_tests {
    use super::*;

    #[test]
    fn only_the_exact_record_proves_a_domain() {
        let row = SsoDomainRow {
            org_id: Uuid::nil(),
            domain: "example.com".into(),
            token: "abc".into(),
            created_at_ms: 0,
            proven_at_ms: None,
            proven_by: None,
        };
        assert_eq!(row.record_name(), "_tessera-challenge.example.com");
        assert!(txt_proves(
            &["v=spf1 -all".into(), "tessera-verify=abc".into()],
            &row
        ));
        for wrong in [
            "tessera-verify=abcd",
            "tessera-verify=",
            "abc",
            "x tessera-verify=abc",
        ] {
            assert!(!txt_proves(&[wrong.into()], &row), "{wrong}");
        }
    }
}

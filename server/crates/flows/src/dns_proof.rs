//! The DNS lookup that proves a sign-in domain (issue 50): the TXT records of
//! `_tessera-challenge.<domain>`, read through `hickory-resolver` at the operator's name
//! server (`TESSERA_DNS_SERVER`, for a split-horizon DNS or the tests' server on loopback)
//! or the system's (`/etc/resolv.conf`).
//!
//! Nothing is cached: an admin who just published the record and asks again must be
//! answered from DNS, not from a remembered "no such record".

use std::net::SocketAddr;
use std::time::Duration;

use hickory_resolver::config::{NameServerConfigGroup, ResolverConfig, ResolverOpts};
use hickory_resolver::name_server::TokioConnectionProvider;
use hickory_resolver::TokioResolver;

/// Longest wait for one answer; the lookup tries twice, so an admin's "verify" is answered
/// within about six seconds even when the name server is down (under the ten seconds
/// clients and the OpenAPI test's schemathesis wait).
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(3);

/// Why the TXT records could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LookupError {
    /// The system's resolver configuration could not be read.
    #[error("the system's DNS configuration cannot be read: {0}")]
    Config(String),
    /// The name server failed or did not answer (a missing record is no error).
    #[error("DNS did not answer: {0}")]
    Dns(String),
}

/// Reads TXT records for domain proofs.
#[derive(Clone)]
pub struct TxtLookup {
    resolver: TokioResolver,
}

impl std::fmt::Debug for TxtLookup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TxtLookup").finish_non_exhaustive()
    }
}

impl TxtLookup {
    /// Asks `server` (UDP, then TCP for a long answer), or the system's name servers.
    ///
    /// # Errors
    /// [`LookupError::Config`] when the system's configuration cannot be read.
    pub fn new(server: Option<SocketAddr>) -> Result<Self, LookupError> {
        let mut options = ResolverOpts::default();
        options.timeout = LOOKUP_TIMEOUT;
        options.attempts = 2;
        options.cache_size = 0;
        let builder = match server {
            Some(server) => TokioResolver::builder_with_config(
                ResolverConfig::from_parts(
                    None,
                    Vec::new(),
                    NameServerConfigGroup::from_ips_clear(&[server.ip()], server.port(), true),
                ),
                TokioConnectionProvider::default(),
            ),
            None => TokioResolver::builder_tokio()
                .map_err(|error| LookupError::Config(error.to_string()))?,
        };
        Ok(TxtLookup {
            resolver: builder.with_options(options).build(),
        })
    }

    /// The TXT records of `name`, each its strings joined; none when the name has none.
    ///
    /// # Errors
    /// [`LookupError::Dns`] when the name server fails or does not answer.
    pub async fn txt(&self, name: &str) -> Result<Vec<String>, LookupError> {
        // Fully qualified: no search domain is ever appended.
        let fqdn = format!("{}.", name.trim_end_matches('.'));
        match self.resolver.txt_lookup(fqdn).await {
            Ok(found) => Ok(found
                .iter()
                .map(|txt| {
                    txt.txt_data()
                        .iter()
                        .map(|part| String::from_utf8_lossy(part).into_owned())
                        .collect::<String>()
                })
                .collect()),
            Err(error) if error.is_no_records_found() => Ok(Vec::new()),
            Err(error) => Err(LookupError::Dns(error.to_string())),
        }
    }
}

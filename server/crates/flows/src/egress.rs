//! Where the server may send a request of its own (a webhook): never inside the network
//! it runs in, unless the operator allows that place by name.
//!
//! A webhook URL is the one address an admin chooses and the server then connects to, so a
//! stolen admin key could point it at loopback, the cloud metadata address, the database or
//! the server's own port, and read a dead letter's error as a port scanner. OWASP's SSRF
//! rules apply, at create time and at every send:
//! - [`refusal`] names the rule an address breaks: loopback, private (RFC 1918), link-local
//!   (and the metadata address in it), shared address space (CGNAT, 100.64/10), unique local
//!   (IPv6 ULA), IPv4-mapped, IPv4-compatible and NAT64 forms, unspecified, multicast,
//!   broadcast and the other special-purpose ranges no receiver lives in;
//! - the operator's [`Policy`] (`TESSERA_WEBHOOK_ALLOW`: host names and CIDRs) is the only
//!   way in, for on-premises receivers;
//! - at send time a name is resolved by [`Policy::resolver`], which drops every address the
//!   policy refuses, and the HTTP client connects only to the addresses it returned: no
//!   second lookup that DNS rebinding could answer differently. An IP literal is checked as
//!   it is ([`Policy::check_url`]). Redirects and proxies are off.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;

use ipnet::IpNet;

/// Which internal places the operator allows as webhook receivers (or, [`Policy::named`]
/// after another setting, as identity providers or push services).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    hosts: Vec<String>,
    nets: Vec<IpNet>,
    /// The setting that lifts a refusal, for its message; `TESSERA_WEBHOOK_ALLOW` unset.
    setting: Option<&'static str>,
}

/// A URL or address the policy refuses, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{target} is {rule}; this server may not connect there (an operator may allow it with {setting})")]
pub struct Refused {
    /// The host or address refused.
    pub target: String,
    /// The rule, e.g. "loopback".
    pub rule: &'static str,
    /// The setting that would allow it (`TESSERA_WEBHOOK_ALLOW`, `TESSERA_IDP_ALLOW`, …).
    pub setting: &'static str,
}

/// Why the allow list could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("TESSERA_WEBHOOK_ALLOW: {0:?} is neither a host name nor a CIDR (e.g. 10.1.2.0/24,hooks.internal)")]
pub struct BadAllowEntry(pub String);

/// The rule `ip` breaks, or `None` for an address on the public internet.
pub fn refusal(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => refusal_v4(v4),
        IpAddr::V6(v6) => refusal_v6(v6),
    }
}

fn refusal_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_loopback() => "loopback",
        _ if ip.is_private() => "a private address (RFC 1918)",
        _ if ip.is_link_local() => "link-local (the cloud metadata address is one)",
        (100, 64..=127, _) => "shared address space (CGNAT, 100.64.0.0/10)",
        _ if ip.is_broadcast() => "broadcast",
        _ if ip.is_multicast() => "multicast",
        (0, _, _) => "\"this network\" (0.0.0.0/8)",
        (192, 0, 0) => "IETF protocol assignments (192.0.0.0/24)",
        (198, 18..=19, _) => "benchmarking (198.18.0.0/15)",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "documentation",
        (240..=255, _, _) => "reserved (240.0.0.0/4)",
        _ => return None,
    })
}

fn refusal_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let segments = ip.segments();
    Some(match segments {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_loopback() => "loopback",
        _ if ip.is_multicast() => "multicast",
        [0, 0, 0, 0, 0, 0xffff, _, _] => "an IPv4-mapped address",
        [0, 0, 0, 0, 0, 0, _, _] => "an IPv4-compatible address",
        [0x64, 0xff9b, ..] => "a NAT64 address",
        [first, ..] if first & 0xfe00 == 0xfc00 => "unique local (IPv6 ULA, fc00::/7)",
        [first, ..] if first & 0xffc0 == 0xfe80 => "link-local",
        [first, ..] if first & 0xffc0 == 0xfec0 => "site-local",
        [0x2001, 0xdb8, ..] => "documentation",
        [0x2002, ..] => "a 6to4 address",
        _ => return None,
    })
}

impl Policy {
    /// Reads the allow list: comma-separated host names and CIDRs (a bare address is a
    /// one-address net). Empty allows nothing internal.
    ///
    /// # Errors
    /// [`BadAllowEntry`] naming the entry that is neither.
    pub fn parse(text: &str) -> Result<Self, BadAllowEntry> {
        let mut policy = Policy::default();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            if let Ok(net) = entry.parse::<IpNet>() {
                policy.nets.push(net.trunc());
            } else if let Ok(ip) = entry.parse::<IpAddr>() {
                policy.nets.push(IpNet::from(ip));
            } else if is_host_name(entry) {
                policy
                    .hosts
                    .push(entry.trim_end_matches('.').to_ascii_lowercase());
            } else {
                return Err(BadAllowEntry(entry.to_owned()));
            }
        }
        Ok(policy)
    }

    /// The same policy, its refusals naming `setting` (e.g. `TESSERA_IDP_ALLOW`) as the way
    /// to allow a place.
    #[must_use]
    pub fn named(mut self, setting: &'static str) -> Self {
        self.setting = Some(setting);
        self
    }

    /// The setting a refusal names.
    pub fn setting(&self) -> &'static str {
        self.setting.unwrap_or("TESSERA_WEBHOOK_ALLOW")
    }

    /// Whether the operator allows this host name, whatever it resolves to.
    pub fn allows_host(&self, host: &str) -> bool {
        let host = host.trim_end_matches('.');
        self.hosts
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(host))
    }

    /// Whether the allow list names this URL's host: the name itself, or an address in an
    /// allowed net.
    pub fn lists(&self, url: &url::Url) -> bool {
        match url.host() {
            Some(url::Host::Ipv4(ip)) => self.nets.iter().any(|net| net.contains(&IpAddr::V4(ip))),
            Some(url::Host::Ipv6(ip)) => self.nets.iter().any(|net| net.contains(&IpAddr::V6(ip))),
            Some(url::Host::Domain(name)) => self.allows_host(name),
            None => false,
        }
    }

    /// The rule `ip` breaks under this policy (an allowed net lifts every rule).
    pub fn refuses(&self, ip: IpAddr) -> Option<&'static str> {
        if self.nets.iter().any(|net| net.contains(&ip)) {
            return None;
        }
        refusal(ip)
    }

    /// Checks what can be checked of a URL without the network: its host, when it is an
    /// address (the URL parser has already read `0x7f000001` as `127.0.0.1`). A name is
    /// checked by what it resolves to ([`Policy::check_url_resolving`], [`Policy::resolver`]).
    ///
    /// # Errors
    /// [`Refused`] with the rule.
    pub fn check_url(&self, url: &url::Url) -> Result<(), Refused> {
        let setting = self.setting();
        let refused = |target: String, rule| {
            Err(Refused {
                target,
                rule,
                setting,
            })
        };
        match url.host() {
            Some(url::Host::Ipv4(ip)) => match self.refuses(IpAddr::V4(ip)) {
                Some(rule) => refused(ip.to_string(), rule),
                None => Ok(()),
            },
            Some(url::Host::Ipv6(ip)) => match self.refuses(IpAddr::V6(ip)) {
                Some(rule) => refused(ip.to_string(), rule),
                None => Ok(()),
            },
            Some(url::Host::Domain(_)) => Ok(()),
            None => refused(String::new(), "not a host"),
        }
    }

    /// Checks a URL and, for a name, every address it resolves to now (create time).
    ///
    /// # Errors
    /// [`Refused`] with the rule of the first refused address.
    pub async fn check_url_resolving(&self, url: &url::Url) -> Result<(), Refused> {
        self.check_url(url)?;
        if let Some(url::Host::Domain(name)) = url.host() {
            if self.allows_host(name) {
                return Ok(());
            }
            let port = url.port_or_known_default().unwrap_or(443);
            // A name that does not resolve yet is no address inside: sending will say
            // "unreachable" until it does, and check what it resolves to then.
            if let Ok(addrs) = tokio::net::lookup_host((name, port)).await {
                for addr in addrs {
                    if let Some(rule) = self.refuses(addr.ip()) {
                        return Err(Refused {
                            target: format!("{name} ({})", addr.ip()),
                            rule,
                            setting: self.setting(),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The resolver the webhook client connects through: it resolves a name once and hands
    /// the client only the addresses this policy allows, so the checked address is the one
    /// connected to.
    pub fn resolver(&self) -> Arc<PolicyResolver> {
        Arc::new(PolicyResolver {
            policy: self.clone(),
        })
    }
}

fn is_host_name(text: &str) -> bool {
    tessera_domain::label::is_dns_name(text)
}

/// A [`reqwest::dns::Resolve`] that refuses what the [`Policy`] refuses.
#[derive(Debug)]
pub struct PolicyResolver {
    policy: Policy,
}

impl reqwest::dns::Resolve for PolicyResolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let policy = self.policy.clone();
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> = if policy.allows_host(&host) {
                found
            } else {
                let mut allowed = Vec::with_capacity(found.len());
                for addr in found {
                    match policy.refuses(addr.ip()) {
                        None => allowed.push(addr),
                        Some(rule) => {
                            return Err(Box::new(Refused {
                                target: format!("{host} ({})", addr.ip()),
                                rule,
                                setting: policy.setting(),
                            })
                                as Box<dyn std::error::Error + Send + Sync>)
                        }
                    }
                }
                allowed
            };
            Ok(Box::new(allowed.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Whether an error from the HTTP client (or anything it wraps) is a policy refusal.
pub fn is_refusal(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut current = Some(error);
    while let Some(error) = current {
        if error.is::<Refused>() {
            return true;
        }
        current = error.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_refused_by_rule() {
        let cases: &[(&str, Option<&str>)] = &[
            ("127.0.0.1", Some("loopback")),
            ("127.255.0.9", Some("loopback")),
            ("10.1.2.3", Some("a private address (RFC 1918)")),
            ("172.16.0.1", Some("a private address (RFC 1918)")),
            ("172.31.255.255", Some("a private address (RFC 1918)")),
            ("192.168.1.1", Some("a private address (RFC 1918)")),
            (
                "169.254.169.254",
                Some("link-local (the cloud metadata address is one)"),
            ),
            (
                "100.64.0.1",
                Some("shared address space (CGNAT, 100.64.0.0/10)"),
            ),
            (
                "100.127.255.254",
                Some("shared address space (CGNAT, 100.64.0.0/10)"),
            ),
            ("0.0.0.0", Some("unspecified")),
            ("0.1.2.3", Some("\"this network\" (0.0.0.0/8)")),
            ("224.0.0.1", Some("multicast")),
            ("255.255.255.255", Some("broadcast")),
            ("240.0.0.1", Some("reserved (240.0.0.0/4)")),
            ("198.18.0.1", Some("benchmarking (198.18.0.0/15)")),
            ("::1", Some("loopback")),
            ("::", Some("unspecified")),
            ("::ffff:127.0.0.1", Some("an IPv4-mapped address")),
            ("::ffff:8.8.8.8", Some("an IPv4-mapped address")),
            ("::127.0.0.1", Some("an IPv4-compatible address")),
            ("64:ff9b::a9fe:a9fe", Some("a NAT64 address")),
            ("fc00::1", Some("unique local (IPv6 ULA, fc00::/7)")),
            ("fd12:3456::1", Some("unique local (IPv6 ULA, fc00::/7)")),
            ("fe80::1", Some("link-local")),
            ("ff02::1", Some("multicast")),
            ("2002:7f00:1::", Some("a 6to4 address")),
            // The public internet.
            ("8.8.8.8", None),
            ("100.63.255.255", None),
            ("100.128.0.1", None),
            ("172.15.255.255", None),
            ("172.32.0.1", None),
            ("2606:4700:4700::1111", None),
        ];
        for (text, rule) in cases {
            let ip: IpAddr = text.parse().unwrap();
            assert_eq!(refusal(ip), *rule, "{text}");
        }
    }

    #[test]
    fn the_allow_list_lifts_the_rules_for_its_hosts_and_nets_only() {
        let policy = Policy::parse(" 10.1.2.0/24, hooks.internal ,127.0.0.1,fd00::/8 ").unwrap();
        let cases: &[(&str, Option<&str>)] = &[
            ("10.1.2.77", None),
            ("10.1.3.1", Some("a private address (RFC 1918)")),
            ("127.0.0.1", None),
            ("127.0.0.2", Some("loopback")),
            ("fd00::5", None),
            ("fc00::5", Some("unique local (IPv6 ULA, fc00::/7)")),
        ];
        for (text, rule) in cases {
            assert_eq!(policy.refuses(text.parse().unwrap()), *rule, "{text}");
        }
        assert!(policy.allows_host("HOOKS.internal."));
        assert!(!policy.allows_host("evil.hooks.internal"));
        assert_eq!(Policy::parse("").unwrap(), Policy::default());
        for bad in ["10.0.0.0/33", "http://x", "a b", "-x.example"] {
            assert_eq!(
                Policy::parse(bad),
                Err(BadAllowEntry(bad.to_owned())),
                "{bad}"
            );
        }
    }

    #[test]
    fn urls_with_internal_literals_are_refused_before_any_lookup() {
        let policy = Policy::default();
        let cases: &[(&str, Option<&str>)] = &[
            ("http://127.0.0.1:9000/hook", Some("loopback")),
            ("http://0x7f000001:9000/hook", Some("loopback")),
            ("http://2130706433/hook", Some("loopback")),
            ("http://0177.0.0.1/hook", Some("loopback")),
            ("http://[::1]:8080/", Some("loopback")),
            ("http://[::ffff:7f00:1]/", Some("an IPv4-mapped address")),
            (
                "http://169.254.169.254/latest/meta-data/",
                Some("link-local (the cloud metadata address is one)"),
            ),
            ("https://hooks.example.com/tessera", None),
            ("https://93.184.215.14/", None),
        ];
        for (text, rule) in cases {
            let url = url::Url::parse(text).unwrap();
            assert_eq!(
                policy.check_url(&url).err().map(|r| r.rule),
                *rule,
                "{text}"
            );
        }
    }

    #[tokio::test]
    async fn names_are_checked_by_what_they_resolve_to() {
        let url = url::Url::parse("http://localhost:5432/").unwrap();
        let refused = Policy::default()
            .check_url_resolving(&url)
            .await
            .unwrap_err();
        assert_eq!(refused.rule, "loopback");
        assert!(refused.target.starts_with("localhost ("), "{refused}");
        assert!(Policy::parse("localhost")
            .unwrap()
            .check_url_resolving(&url)
            .await
            .is_ok());
        assert!(Policy::parse("127.0.0.1,::1")
            .unwrap()
            .check_url_resolving(&url)
            .await
            .is_ok());
    }

    #[tokio::test]
    async fn the_resolver_hands_out_no_refused_address() {
        use reqwest::dns::Resolve as _;
        let name = |text: &str| text.parse::<reqwest::dns::Name>().unwrap();
        let error = Policy::default()
            .resolver()
            .resolve(name("localhost"))
            .await
            .err()
            .expect("localhost refused");
        assert!(is_refusal(error.as_ref()), "{error}");
        let allowed = Policy::parse("localhost").unwrap();
        let addrs: Vec<SocketAddr> = allowed
            .resolver()
            .resolve(name("localhost"))
            .await
            .unwrap()
            .collect();
        assert!(addrs.iter().all(|a| a.ip().is_loopback()) && !addrs.is_empty());
    }
}

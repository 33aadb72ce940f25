//! Which `Origin` is this server's own: what every cookie, pairing and console request is
//! checked against, so that another site's page cannot act, or read, with a credential the
//! browser attaches.

use axum::http::{header, HeaderMap};

/// Which `Origin` is this server's own: its configured public URL (scheme, host and port),
/// or, when none is configured, the request's own `Host` under the scheme the server
/// speaks (`https` with `--tls-cert`, else `http`).
#[derive(Clone, Debug)]
pub struct OwnOrigin {
    configured: Option<url::Origin>,
    tls: bool,
}

impl OwnOrigin {
    /// From the configured public URL (if any) and whether the server speaks TLS itself.
    pub fn new(public_url: Option<&str>, tls: bool) -> Self {
        Self {
            configured: public_url
                .and_then(|text| url::Url::parse(text).ok())
                .map(|url| url.origin())
                .filter(url::Origin::is_tuple),
            tls,
        }
    }

    /// Whether the request's `Origin` is this server's own (absent, `null` or another
    /// scheme, host or port is not).
    pub fn matches(&self, headers: &HeaderMap) -> bool {
        let Some(origin) = headers
            .get(header::ORIGIN)
            .and_then(|value| value.to_str().ok())
            .and_then(|text| url::Url::parse(text).ok())
            .filter(|url| matches!(url.scheme(), "http" | "https"))
        else {
            return false;
        };
        if let Some(configured) = &self.configured {
            return origin.origin() == *configured;
        }
        let scheme = if self.tls { "https" } else { "http" };
        let Some(host) = headers
            .get(header::HOST)
            .and_then(|value| value.to_str().ok())
        else {
            return false;
        };
        let authority = match (origin.host_str(), origin.port()) {
            (Some(name), Some(port)) => format!("{name}:{port}"),
            (Some(name), None) => name.to_owned(),
            _ => return false,
        };
        origin.scheme() == scheme && authority.eq_ignore_ascii_case(host)
    }

    /// Whether a request that names an `Origin` names a foreign one (a request without
    /// one, from a non-browser client or a same-origin navigation, is not foreign).
    pub fn is_foreign(&self, headers: &HeaderMap) -> bool {
        headers.contains_key(header::ORIGIN) && !self.matches(headers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    #[test]
    fn only_this_servers_own_origin_is_the_same_origin() {
        let plain = OwnOrigin::new(None, false);
        let tls = OwnOrigin::new(None, true);
        let public = OwnOrigin::new(Some("https://gate.example:8443/"), false);
        let cases = [
            (
                &tls,
                Some("https://gate.example:8443"),
                Some("gate.example:8443"),
                true,
            ),
            (
                &plain,
                Some("http://127.0.0.1:8080"),
                Some("127.0.0.1:8080"),
                true,
            ),
            (
                &tls,
                Some("https://GATE.example"),
                Some("gate.example"),
                true,
            ),
            // The scheme counts: an http page is not the https server's own.
            (
                &tls,
                Some("http://gate.example"),
                Some("gate.example"),
                false,
            ),
            (
                &plain,
                Some("https://127.0.0.1:8080"),
                Some("127.0.0.1:8080"),
                false,
            ),
            (
                &tls,
                Some("https://evil.example"),
                Some("gate.example"),
                false,
            ),
            (
                &tls,
                Some("https://gate.example.evil.example"),
                Some("gate.example"),
                false,
            ),
            (
                &tls,
                Some("https://gate.example:9999"),
                Some("gate.example:8443"),
                false,
            ),
            (&tls, Some("null"), Some("gate.example"), false),
            (&tls, Some("file:///x"), Some("gate.example"), false),
            (&tls, None, Some("gate.example"), false),
            (&tls, Some("https://gate.example"), None, false),
            // With a public URL, that is the origin, whatever Host says.
            (
                &public,
                Some("https://gate.example:8443"),
                Some("10.0.0.5:8080"),
                true,
            ),
            (
                &public,
                Some("http://gate.example:8443"),
                Some("gate.example:8443"),
                false,
            ),
            (
                &public,
                Some("https://gate.example"),
                Some("gate.example"),
                false,
            ),
            (
                &public,
                Some("https://evil.example"),
                Some("evil.example"),
                false,
            ),
        ];
        for (own, origin, host, same) in cases {
            let mut pairs = Vec::new();
            if let Some(origin) = origin {
                pairs.push(("origin", origin));
            }
            if let Some(host) = host {
                pairs.push(("host", host));
            }
            assert_eq!(
                own.matches(&headers(&pairs)),
                same,
                "{own:?} {origin:?} {host:?}"
            );
        }
        assert!(!plain.is_foreign(&headers(&[("host", "127.0.0.1:8080")])));
        assert!(plain.is_foreign(&headers(&[("origin", "https://evil.example")])));
    }
}

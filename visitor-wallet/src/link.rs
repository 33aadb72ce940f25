//! Parsing of claim links (`<public base>/claim#p=<uuid>&t=<token>`, TSR1 §3, §10).
//!
//! The claim secret sits in the URL fragment so it never reaches a server log; the wallet
//! therefore reads it locally and sends it only in the claim request's body. The API base is
//! the link's own origin (plus any path prefix before `/claim`), so a link from one server
//! can never make the wallet send its token to another.

use std::fmt;
use std::str::FromStr;

use url::Url;
use uuid::Uuid;
use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// A one-time claim token, as the issuer's API returned it. Its `Debug` is redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct ClaimToken(Zeroizing<String>);

impl ClaimToken {
    /// Wraps a token after checking it is non-empty unpadded base64url text.
    ///
    /// # Errors
    /// [`Error::BadClaimLink`] for anything else.
    pub fn new(text: &str) -> Result<Self> {
        let ok = !text.is_empty()
            && text.len() <= 512
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(Self(Zeroizing::new(text.to_owned())))
        } else {
            Err(Error::BadClaimLink("the token (t=) is not base64url text"))
        }
    }

    /// The token text, to send in the claim body.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for ClaimToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClaimToken(<redacted>)")
    }
}

impl serde::Serialize for ClaimToken {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for ClaimToken {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let text = Zeroizing::new(String::deserialize(d)?);
        Self::new(&text).map_err(|_| serde::de::Error::custom("claim token is not base64url"))
    }
}

/// A parsed claim link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimLink {
    /// Where `POST /v1/claims` goes, without a trailing slash (e.g. `https://tessera.example`).
    pub api_base: String,
    /// The pass to claim.
    pub pass_id: Uuid,
    /// The one-time claim token.
    pub token: ClaimToken,
}

impl FromStr for ClaimLink {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let url = Url::parse(text.trim())
            .map_err(|_| Error::BadClaimLink("not a URL (expected https://…/claim#p=…&t=…)"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(Error::BadClaimLink(
                "the link must start with https:// or http://",
            ));
        }
        if url.host_str().is_none() {
            return Err(Error::BadClaimLink("the link has no host"));
        }
        let fragment = url.fragment().ok_or(Error::BadClaimLink(
            "the link has no #p=…&t=… part; was it cut short?",
        ))?;
        let mut pass = None;
        let mut token = None;
        for (key, value) in url::form_urlencoded::parse(fragment.as_bytes()) {
            let slot = match key.as_ref() {
                "p" => &mut pass,
                "t" => &mut token,
                _ => continue,
            };
            if slot.is_some() {
                return Err(Error::BadClaimLink("the link repeats p= or t="));
            }
            *slot = Some(Zeroizing::new(value.into_owned()));
        }
        let pass = pass.ok_or(Error::BadClaimLink("the link has no pass id (p=)"))?;
        let pass_id = Uuid::parse_str(&pass)
            .map_err(|_| Error::BadClaimLink("the pass id (p=) is not a UUID"))?;
        let token = ClaimToken::new(
            &token.ok_or(Error::BadClaimLink("the link has no claim token (t=)"))?,
        )?;
        Ok(Self {
            api_base: api_base(&url),
            pass_id,
            token,
        })
    }
}

/// The link's origin plus any path prefix before a final `/claim`.
fn api_base(url: &Url) -> String {
    let origin = url.origin().ascii_serialization();
    let path = url.path().trim_end_matches('/');
    let prefix = path.strip_suffix("/claim").unwrap_or("");
    format!("{origin}{prefix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: &str = "0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506";

    #[test]
    fn parses_a_server_link() {
        let link: ClaimLink = format!("http://127.0.0.1:8080/claim#p={ID}&t=abc_-XYZ09")
            .parse()
            .unwrap();
        assert_eq!(link.api_base, "http://127.0.0.1:8080");
        assert_eq!(link.pass_id.to_string(), ID);
        assert_eq!(link.token.expose(), "abc_-XYZ09");
        assert!(!format!("{link:?}").contains("abc_"));
    }

    #[test]
    fn keeps_a_path_prefix_and_default_port() {
        let link: ClaimLink = format!("https://tickets.example/tessera/claim#t=tok&p={ID}")
            .parse()
            .unwrap();
        assert_eq!(link.api_base, "https://tickets.example/tessera");
        let link: ClaimLink = format!("https://x.example:443/elsewhere#p={ID}&t=tok")
            .parse()
            .unwrap();
        assert_eq!(link.api_base, "https://x.example");
    }

    #[test]
    fn rejects_broken_links() {
        for bad in [
            "".to_owned(),
            "claim#p=1&t=2".to_owned(),
            format!("ftp://x/claim#p={ID}&t=tok"),
            format!("https://x/claim?p={ID}&t=tok"),
            "https://x/claim#t=tok".to_owned(),
            format!("https://x/claim#p={ID}"),
            "https://x/claim#p=nope&t=tok".to_owned(),
            format!("https://x/claim#p={ID}&t=to%20k"),
            format!("https://x/claim#p={ID}&t="),
            format!("https://x/claim#p={ID}&t=a&t=b"),
        ] {
            assert!(
                matches!(bad.parse::<ClaimLink>(), Err(Error::BadClaimLink(_))),
                "{bad}"
            );
        }
    }
}

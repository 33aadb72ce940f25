//! Languages and time zones (issue 34): the values that say in which language a visitor,
//! a guard or a host reads, and in which zone a venue's clock runs.
//!
//! A pass carries its visitor's language (set at issue time), a gate its guards', a push
//! subscription its browser's; an organisation has a default language and a time zone, and
//! a site may have its own zone. The pages choose among them (`web/src/i18n.js`); the
//! server's mail uses the same order: the recipient's own language, else the
//! organisation's, else English.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

pub use crate::mail::Language;

/// An IANA time zone name the zone database knows (`Europe/Berlin`, `UTC`): the host's,
/// else the copy compiled in.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct TimeZoneName(String);

/// A zone name that names no zone.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{0:?} is not a time zone name (an IANA name such as Europe/Berlin)")]
pub struct UnknownTimeZone(pub String);

impl TimeZoneName {
    /// Checks `name` against the zone database.
    ///
    /// # Errors
    /// [`UnknownTimeZone`].
    pub fn parse(name: &str) -> Result<Self, UnknownTimeZone> {
        if name.len() > 64 || name.is_empty() {
            return Err(UnknownTimeZone(name.chars().take(64).collect()));
        }
        jiff::tz::TimeZone::get(name)
            .map(|_| TimeZoneName(name.to_owned()))
            .map_err(|_| UnknownTimeZone(name.to_owned()))
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `at_ms` (Unix milliseconds) as the venue's wall clock, `YYYY-MM-DD HH:MM`.
    pub fn wall_clock(&self, at_ms: i64) -> String {
        wall_clock(Some(self), at_ms)
    }
}

impl fmt::Debug for TimeZoneName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TimeZoneName({})", self.0)
    }
}

impl<'de> Deserialize<'de> for TimeZoneName {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        TimeZoneName::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// `at_ms` as `YYYY-MM-DD HH:MM` in `zone`, or in UTC without one.
pub fn wall_clock(zone: Option<&TimeZoneName>, at_ms: i64) -> String {
    let tz = zone
        .and_then(|zone| jiff::tz::TimeZone::get(zone.as_str()).ok())
        .unwrap_or(jiff::tz::TimeZone::UTC);
    match jiff::Timestamp::from_millisecond(at_ms) {
        Ok(at) => at
            .to_zoned_datetime(tz)
            .strftime("%Y-%m-%d %H:%M")
            .to_string(),
        Err(_) => String::new(),
    }
}

/// The name a wall clock in `zone` is labelled with: the zone's, or `UTC` without one.
pub fn zone_name(zone: Option<&TimeZoneName>) -> &str {
    zone.map_or("UTC", TimeZoneName::as_str)
}

/// An organisation's language and clock: its default language, its zone, and the zones of
/// sites that are elsewhere.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrgLocale {
    /// The language of its pages and messages when nobody said another.
    pub default_language: Option<Language>,
    /// Its venues' zone.
    pub time_zone: Option<TimeZoneName>,
    /// A zone per site, where a site is not in `time_zone`.
    pub sites: BTreeMap<String, TimeZoneName>,
}

impl OrgLocale {
    /// The zone of `site` (the organisation's when the site has none of its own).
    pub fn zone_of(&self, site: Option<&str>) -> Option<&TimeZoneName> {
        site.and_then(|site| self.sites.get(site))
            .or(self.time_zone.as_ref())
    }

    /// The language a message to someone who speaks `own` is written in: `own`, else the
    /// organisation's default (the catalogue falls back to English after that).
    pub fn language_for<'a>(&'a self, own: Option<&'a str>) -> Option<&'a str> {
        own.or(self.default_language.as_ref().map(Language::as_str))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_names_are_checked_against_the_database() {
        for ok in [
            "Europe/Berlin",
            "UTC",
            "America/Argentina/Buenos_Aires",
            "Asia/Riyadh",
        ] {
            assert_eq!(
                TimeZoneName::parse(ok).map(|z| z.0),
                Ok(ok.to_owned()),
                "{ok}"
            );
        }
        for bad in [
            "",
            "Europe/Atlantis",
            "berlin",
            "../etc/passwd",
            &"A/".repeat(40),
        ] {
            assert!(TimeZoneName::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn wall_clock_is_the_venues_time() {
        // 2026-12-05T17:00:00Z
        let at = 1_796_490_000_000;
        let cases = [
            (None, "2026-12-05 17:00"),
            (Some("Europe/Berlin"), "2026-12-05 18:00"),
            (Some("America/New_York"), "2026-12-05 12:00"),
            (Some("Asia/Kolkata"), "2026-12-05 22:30"),
        ];
        for (zone, want) in cases {
            let zone = zone.map(|z| TimeZoneName::parse(z).expect("zone"));
            assert_eq!(wall_clock(zone.as_ref(), at), want, "{zone:?}");
        }
    }

    #[test]
    fn a_site_has_its_own_zone_or_the_organisations() {
        let berlin = TimeZoneName::parse("Europe/Berlin").expect("zone");
        let paris = TimeZoneName::parse("Europe/Paris").expect("zone");
        let locale = OrgLocale {
            default_language: Some(Language::parse("language", "de").expect("tag")),
            time_zone: Some(berlin.clone()),
            sites: BTreeMap::from([("lyon".to_owned(), paris.clone())]),
        };
        let cases = [
            (Some("lyon"), Some(&paris)),
            (Some("munich"), Some(&berlin)),
            (None, Some(&berlin)),
        ];
        for (site, want) in cases {
            assert_eq!(locale.zone_of(site), want, "{site:?}");
        }
        assert_eq!(OrgLocale::default().zone_of(Some("lyon")), None);
        assert_eq!(locale.language_for(Some("fr")), Some("fr"));
        assert_eq!(locale.language_for(None), Some("de"));
        assert_eq!(OrgLocale::default().language_for(None), None);
    }
}

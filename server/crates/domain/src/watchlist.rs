//! The watchlist (issue 32): people a security team wants to know about, or keep out.
//!
//! An entry names a person by any of an email address, an external reference (the
//! organisation's own id for them) and a name, with a reason, who added it, an optional
//! expiry and a mode: `flag` (let them in, tell security) or `block` (keep them out).
//!
//! Matching ([`screen`]) is a pure function of the entries and what a pass says of its
//! holder:
//! - **email**, normalised ([`normalise_email`]): trimmed, lower-cased, and without a
//!   `+tag` in the local part (`Ada+visits@Example.com` is `ada@example.com`): an exact
//!   match;
//! - **external reference**: trimmed, compared exactly (case matters: it is someone
//!   else's identifier): an exact match;
//! - **name** ([`normalise_name`]): lower-cased words of letters and digits, in any order
//!   (`Lovelace, Ada` is `ada lovelace`): only a *possible* match, since two people share a
//!   name. A possible match never refuses or holds anyone; it is recorded for review.
//!
//! An expired entry matches nothing. Of several matches the strongest counts: an exact
//! `block`, then an exact `flag`, then a possible match.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// What a watchlist entry does when it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WatchMode {
    /// Allowed, and security is told (an alarm).
    Flag,
    /// Refused when a pass is issued or claimed; held at a gate.
    Block,
}

impl WatchMode {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            WatchMode::Flag => "flag",
            WatchMode::Block => "block",
        }
    }
}

impl TryFrom<String> for WatchMode {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "flag" => Ok(WatchMode::Flag),
            "block" => Ok(WatchMode::Block),
            _ => Err(format!("unknown watch mode {text:?}")),
        }
    }
}

/// Which of an entry's identifiers matched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MatchedBy {
    /// The normalised email address: exact.
    Email,
    /// The external reference: exact.
    ExternalRef,
    /// The name only: a possible match.
    Name,
}

impl MatchedBy {
    /// Whether this is an exact match (email or external reference).
    pub fn is_exact(self) -> bool {
        self != MatchedBy::Name
    }
}

/// A watchlist entry as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchEntry {
    /// Its id.
    pub id: Uuid,
    /// Tenant.
    pub org_id: Uuid,
    /// The person's name, as entered.
    pub name: Option<String>,
    /// The email address, normalised.
    pub email: Option<String>,
    /// The organisation's reference for the person.
    pub external_ref: Option<String>,
    /// Why they are on the list.
    pub reason: String,
    /// `flag` or `block`.
    pub mode: WatchMode,
    /// Who added it (a person's name, or the key's label).
    pub added_by: String,
    /// When it was added.
    pub created_at_ms: i64,
    /// When it last changed.
    pub updated_at_ms: i64,
    /// When it stops matching; `None`: never.
    pub expires_at_ms: Option<i64>,
}

impl WatchEntry {
    /// Whether it still matches at `now_ms`.
    pub fn is_active(&self, now_ms: i64) -> bool {
        self.expires_at_ms.is_none_or(|at| at > now_ms)
    }
}

/// What a pass says of its holder, as a watchlist compares it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Holder<'a> {
    /// The pass's label (the visitor's name).
    pub name: Option<&'a str>,
    /// The address its invitation went to.
    pub email: Option<&'a str>,
    /// Its external reference.
    pub external_ref: Option<&'a str>,
}

/// An entry that matched, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit<'a> {
    /// The entry.
    pub entry: &'a WatchEntry,
    /// How it matched.
    pub by: MatchedBy,
}

impl Hit<'_> {
    /// Whether the holder is to be refused (issue, claim) or held (gate): an exact
    /// `block`.
    pub fn blocks(&self) -> bool {
        self.by.is_exact() && self.entry.mode == WatchMode::Block
    }

    /// Whether security is to be alarmed: any exact match.
    pub fn alarms(&self) -> bool {
        self.by.is_exact()
    }
}

/// An email address as the watchlist compares it: trimmed, lower-cased, without a `+tag`
/// in the local part. `None` for text without exactly one `@` between non-empty parts.
pub fn normalise_email(text: &str) -> Option<String> {
    let lower = text.trim().to_lowercase();
    let (local, domain) = lower.split_once('@')?;
    if domain.contains('@') || domain.is_empty() {
        return None;
    }
    let local = local.split_once('+').map_or(local, |(base, _)| base);
    if local.is_empty() {
        return None;
    }
    Some(format!("{local}@{domain}"))
}

/// A name as the watchlist compares it: its lower-cased words of letters and digits,
/// sorted, joined by one space (`"Lovelace, Ada"` → `"ada lovelace"`).
pub fn normalise_name(text: &str) -> String {
    let lower = text.to_lowercase();
    let mut words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .collect();
    words.sort_unstable();
    words.join(" ")
}

/// The strongest match of `holder` among the entries active at `now_ms`, if any.
pub fn screen<'a>(entries: &'a [WatchEntry], holder: &Holder<'_>, now_ms: i64) -> Option<Hit<'a>> {
    let email = holder.email.and_then(normalise_email);
    let external_ref = holder.external_ref.map(str::trim).filter(|r| !r.is_empty());
    let name = holder
        .name
        .map(normalise_name)
        .filter(|name| !name.is_empty());
    let strength = |hit: &Hit<'_>| match (hit.by.is_exact(), hit.entry.mode) {
        (true, WatchMode::Block) => 3,
        (true, WatchMode::Flag) => 2,
        (false, WatchMode::Block) => 1,
        (false, WatchMode::Flag) => 0,
    };
    entries
        .iter()
        .filter(|entry| entry.is_active(now_ms))
        .filter_map(|entry| {
            let by = if email.is_some() && entry.email.as_deref() == email.as_deref() {
                MatchedBy::Email
            } else if external_ref.is_some()
                && entry.external_ref.as_deref().map(str::trim) == external_ref
            {
                MatchedBy::ExternalRef
            } else if name.is_some()
                && entry.name.as_deref().map(normalise_name).as_deref() == name.as_deref()
            {
                MatchedBy::Name
            } else {
                return None;
            };
            Some(Hit { entry, by })
        })
        .max_by_key(|hit| strength(hit))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_000_000;

    fn entry(
        name: Option<&str>,
        email: Option<&str>,
        external_ref: Option<&str>,
        mode: WatchMode,
    ) -> WatchEntry {
        WatchEntry {
            id: Uuid::new_v4(),
            org_id: Uuid::nil(),
            name: name.map(str::to_owned),
            email: email.and_then(normalise_email),
            external_ref: external_ref.map(str::to_owned),
            reason: "test".into(),
            mode,
            added_by: "Grace".into(),
            created_at_ms: 0,
            updated_at_ms: 0,
            expires_at_ms: None,
        }
    }

    #[test]
    fn emails_and_names_normalise() {
        let cases = [
            ("ada@example.com", Some("ada@example.com")),
            ("  Ada@Example.COM ", Some("ada@example.com")),
            ("ada+visits@example.com", Some("ada@example.com")),
            ("ada+a+b@example.com", Some("ada@example.com")),
            ("+tag@example.com", None),
            ("ada", None),
            ("ada@", None),
            ("a@b@c", None),
        ];
        for (text, expected) in cases {
            assert_eq!(normalise_email(text).as_deref(), expected, "{text}");
        }
        assert_eq!(normalise_name("Lovelace, Ada"), "ada lovelace");
        assert_eq!(normalise_name("  ADA   lovelace "), "ada lovelace");
        assert_eq!(normalise_name("Zoë O'Brien"), "brien o zoë");
        assert_eq!(normalise_name("---"), "");
    }

    #[test]
    fn the_matching_table() {
        use MatchedBy::*;
        use WatchMode::*;
        let by_email = entry(None, Some("Mallory@Example.com"), None, Block);
        let by_ref = entry(None, None, Some("EMP-7"), Flag);
        let by_name = entry(Some("Mallory Smith"), None, None, Block);
        let entries = [by_email.clone(), by_ref.clone(), by_name.clone()];
        let holder = |name, email, external_ref| Holder {
            name,
            email,
            external_ref,
        };
        // (holder, expected entry and how, blocks, alarms)
        type Row<'a> = (Holder<'a>, Option<(&'a WatchEntry, MatchedBy)>, bool, bool);
        let table: [Row<'_>; 9] = [
            (
                holder(None, Some("mallory+x@example.COM"), None),
                Some((&by_email, Email)),
                true,
                true,
            ),
            (
                holder(None, Some("mallory@example.org"), None),
                None,
                false,
                false,
            ),
            (
                holder(None, None, Some(" EMP-7 ")),
                Some((&by_ref, ExternalRef)),
                false,
                true,
            ),
            (holder(None, None, Some("emp-7")), None, false, false),
            (
                holder(Some("smith, MALLORY"), None, None),
                Some((&by_name, Name)),
                false,
                false,
            ),
            (
                holder(Some("Mallory Smithson"), None, None),
                None,
                false,
                false,
            ),
            // The strongest wins: an exact flag over a possible block.
            (
                holder(Some("Mallory Smith"), None, Some("EMP-7")),
                Some((&by_ref, ExternalRef)),
                false,
                true,
            ),
            // An exact block over an exact flag.
            (
                holder(None, Some("mallory@example.com"), Some("EMP-7")),
                Some((&by_email, Email)),
                true,
                true,
            ),
            (holder(None, None, None), None, false, false),
        ];
        for (holder, expected, blocks, alarms) in table {
            let hit = screen(&entries, &holder, NOW);
            assert_eq!(hit.map(|hit| (hit.entry, hit.by)), expected, "{holder:?}");
            assert_eq!(hit.is_some_and(|hit| hit.blocks()), blocks, "{holder:?}");
            assert_eq!(hit.is_some_and(|hit| hit.alarms()), alarms, "{holder:?}");
        }
    }

    #[test]
    fn an_expired_entry_matches_nothing() {
        let mut expired = entry(None, Some("mallory@example.com"), None, WatchMode::Block);
        expired.expires_at_ms = Some(NOW);
        let holder = Holder {
            email: Some("mallory@example.com"),
            ..Holder::default()
        };
        assert_eq!(screen(std::slice::from_ref(&expired), &holder, NOW), None);
        expired.expires_at_ms = Some(NOW + 1);
        assert!(screen(std::slice::from_ref(&expired), &holder, NOW).is_some());
    }
}

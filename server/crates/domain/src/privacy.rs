//! Personal data (issue 32, GDPR Articles 15 and 17): what the server holds about a
//! visitor, in classes, and how an erasure rewrites it.
//!
//! The classes ([`DataClass`]) and where each lives:
//! - **name**: a pass's label, a walk-in's visitor name (and the same text inside audit
//!   details and webhook bodies);
//! - **email**: the addresses invitations were mailed to (`messages.to_address`; message
//!   addresses are emails today) and inside audit details (`message_*` events' `to`);
//! - **external_ref**: a pass's external reference (bulk issue), and inside `pass_issued`;
//! - **notes**: a guard's note on a walk-in;
//! - and, of each class, a **watchlist entry** about the person: its name, email, external
//!   reference, and its reason as a note ([`watch_matches`] finds the entries).
//!
//! No phone number is held today. Staff (hosts, people signing in through the identity
//! provider) are not visitors: their records are not in these classes.
//!
//! **The watchlist is the one place an erasure may keep** ([`on_erasure`]): an entry still
//! in force is kept as it is, under the venue's legitimate interest in keeping out, or
//! watching for, someone it has banned or flagged (GDPR Articles 6(1)(f) and 17(3)(e); the
//! erasure of Article 17(1)(c) yields to overriding legitimate grounds). The decision is
//! visible: the export shows the entry, and the erasure's answer and its event list what
//! was kept and why ([`Kept`]). An admin who finds the interest no longer holds removes the
//! entry (`DELETE /v1/watchlist/{id}`). An entry past its expiry serves no interest any
//! more and is rewritten like everything else.
//!
//! An erasure replaces every value of the chosen classes with one pseudonym
//! ([`Pseudonym`]), the same everywhere for one person, so that a pass keeps its admissions
//! and an alarm its pass, but nobody can read who it was. [`rewrite`] is the one rule for
//! text inside JSON (audit details, webhook bodies): a string equal to an erased value
//! (case-insensitively for an address) becomes its pseudonym; nothing else changes.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::watchlist::{normalise_email, normalise_name, MatchedBy, WatchEntry, WatchMode};

/// A class of personal data.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DataClass {
    /// Names: pass labels, walk-in visitor names.
    Name,
    /// Email addresses invitations went to.
    Email,
    /// External references.
    ExternalRef,
    /// Guards' notes on walk-ins.
    Notes,
}

impl DataClass {
    /// Every class.
    pub const ALL: [DataClass; 4] = [
        DataClass::Name,
        DataClass::Email,
        DataClass::ExternalRef,
        DataClass::Notes,
    ];

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            DataClass::Name => "name",
            DataClass::Email => "email",
            DataClass::ExternalRef => "external_ref",
            DataClass::Notes => "notes",
        }
    }

    /// Parses a stored name.
    pub fn parse(text: &str) -> Option<DataClass> {
        DataClass::ALL
            .into_iter()
            .find(|class| class.as_str() == text)
    }
}

/// A set of classes, stored as their names joined by commas.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Classes(Vec<DataClass>);

impl Classes {
    /// The given classes, each once, in [`DataClass::ALL`] order.
    pub fn new(classes: impl IntoIterator<Item = DataClass>) -> Self {
        let mut set: Vec<DataClass> = classes.into_iter().collect();
        set.sort_unstable();
        set.dedup();
        Classes(set)
    }

    /// Every class.
    pub fn all() -> Self {
        Classes(DataClass::ALL.to_vec())
    }

    /// Whether `class` is in the set.
    pub fn contains(&self, class: DataClass) -> bool {
        self.0.contains(&class)
    }

    /// The classes.
    pub fn iter(&self) -> impl Iterator<Item = DataClass> + '_ {
        self.0.iter().copied()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The stored text.
    pub fn stored(&self) -> String {
        let names: Vec<&str> = self.0.iter().map(|class| class.as_str()).collect();
        names.join(",")
    }

    /// Reads stored text; unknown names are skipped (a newer server's class).
    pub fn from_stored(text: Option<&str>) -> Self {
        Classes::new(
            text.unwrap_or_default()
                .split(',')
                .filter_map(DataClass::parse),
        )
    }

    /// The classes of `self` and `other`.
    #[must_use]
    pub fn union(&self, other: &Classes) -> Classes {
        Classes::new(self.iter().chain(other.iter()))
    }
}

/// The stand-ins of one erased person, derived from the erasure's short id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pseudonym {
    short: String,
}

impl Pseudonym {
    /// The pseudonym named `short` (8 lower-case hex characters of the erasure's id).
    pub fn new(short: &str) -> Self {
        Pseudonym {
            short: short.to_owned(),
        }
    }

    /// It, as stored in `erasures.pseudonym`.
    pub fn as_str(&self) -> &str {
        &self.short
    }

    /// What a name becomes: `Erased person 3f9a2c1d`.
    pub fn name(&self) -> String {
        format!("Erased person {}", self.short)
    }

    /// What an address becomes: `erased-3f9a2c1d@erased.invalid` (a domain that never
    /// resolves, RFC 2606).
    pub fn email(&self) -> String {
        format!("erased-{}@erased.invalid", self.short)
    }

    /// What the external reference of the pass `n`-th in the erasure becomes (unique per
    /// organisation, as references are).
    pub fn external_ref(&self, n: usize) -> String {
        format!("erased-{}-{n}", self.short)
    }

    /// What a note becomes.
    pub fn note(&self) -> String {
        format!("(erased {})", self.short)
    }
}

/// One value to replace, and with what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replacement {
    /// The personal value.
    pub original: String,
    /// Its pseudonym.
    pub with: String,
    /// Compare without regard to case (addresses).
    pub any_case: bool,
}

/// Replaces every string in `value` equal to a replacement's original with its pseudonym,
/// at any depth; true when anything changed.
pub fn rewrite(value: &mut Value, replacements: &[Replacement]) -> bool {
    match value {
        Value::String(text) => {
            let found = replacements.iter().find(|r| {
                if r.any_case {
                    r.original.eq_ignore_ascii_case(text.trim())
                } else {
                    r.original == *text
                }
            });
            match found {
                Some(replacement) if *text != replacement.with => {
                    text.clone_from(&replacement.with);
                    true
                }
                _ => false,
            }
        }
        // Every item is rewritten (no short-circuit), then whether any changed.
        Value::Array(items) => {
            let mut changed = false;
            for item in items {
                changed |= rewrite(item, replacements);
            }
            changed
        }
        Value::Object(map) => {
            let mut changed = false;
            for item in map.values_mut() {
                changed |= rewrite(item, replacements);
            }
            changed
        }
        _ => false,
    }
}

/// Rewrites JSON text (an audit event's details, a webhook body): the new text when
/// anything changed. Text that is not JSON is left alone.
pub fn rewrite_text(text: &str, replacements: &[Replacement]) -> Option<String> {
    let mut value: Value = serde_json::from_str(text).ok()?;
    if rewrite(&mut value, replacements) {
        serde_json::to_string(&value).ok()
    } else {
        None
    }
}

/// How long each class is kept after a pass expires, in days: per organisation. A class
/// without an entry is kept (until erased on request).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RetentionDays {
    /// Names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<u32>,
    /// Email addresses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<u32>,
    /// External references.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_ref: Option<u32>,
    /// Walk-in notes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<u32>,
}

impl RetentionDays {
    /// The days of `class`.
    pub fn of(&self, class: DataClass) -> Option<u32> {
        match class {
            DataClass::Name => self.name,
            DataClass::Email => self.email,
            DataClass::ExternalRef => self.external_ref,
            DataClass::Notes => self.notes,
        }
    }

    /// The classes due for a pass that expired at `expired_at_ms`, seen at `now_ms`, that
    /// are not erased yet.
    pub fn due(&self, expired_at_ms: i64, now_ms: i64, erased: &Classes) -> Classes {
        const DAY_MS: i64 = 86_400_000;
        Classes::new(DataClass::ALL.into_iter().filter(|class| {
            !erased.contains(*class)
                && self.of(*class).is_some_and(|days| {
                    expired_at_ms.saturating_add(i64::from(days).saturating_mul(DAY_MS)) <= now_ms
                })
        }))
    }

    /// The shortest period set, for the sweep's query.
    pub fn shortest(&self) -> Option<u32> {
        DataClass::ALL
            .into_iter()
            .filter_map(|class| self.of(class))
            .min()
    }
}

/// Whom a request for personal data is about: any of these, each matched within the
/// organisation (`docs/threat-model.md`, "Personal data").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PersonSelector {
    /// These passes.
    pub pass_ids: Vec<uuid::Uuid>,
    /// Passes whose invitation went to this address, and those messages (any case).
    pub email: Option<String>,
    /// Passes with this external reference (exactly).
    pub external_ref: Option<String>,
    /// Passes labelled, and walk-ins named, this (any case, whole text).
    pub name: Option<String>,
}

/// A pass as a personal-data export shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassRecord {
    /// The pass.
    pub id: uuid::Uuid,
    /// Its label (the visitor's name).
    pub label: String,
    /// Its site.
    pub site: Option<String>,
    /// Its external reference.
    pub external_ref: Option<String>,
    /// `issued`, `claimed`, `used`, `revoked`.
    pub state: String,
    /// Valid from.
    pub valid_from_ms: i64,
    /// Valid until.
    pub valid_until_ms: i64,
    /// Uses so far.
    pub uses: i64,
    /// Issued at.
    pub created_at_ms: i64,
    /// Classes erased already.
    pub erased_classes: Option<String>,
}

/// One outcome at a gate (a visit, or a refusal after a correct answer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VisitRecord {
    /// The pass.
    pub pass_id: uuid::Uuid,
    /// The gate.
    pub gate_id: uuid::Uuid,
    /// `admitted`, `already_admitted`, `denied`.
    pub outcome: String,
    /// A denial's reason.
    pub reason: Option<String>,
    /// When.
    pub created_at_ms: i64,
}

/// A walk-in as an export shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalkInRecord {
    /// The request.
    pub id: uuid::Uuid,
    /// The gate that asked.
    pub gate_id: uuid::Uuid,
    /// The host asked.
    pub host_id: uuid::Uuid,
    /// The visitor's name as the guard typed it.
    pub visitor_name: String,
    /// The guard's note.
    pub note: Option<String>,
    /// `waiting`, `approved`, `denied`, `expired`.
    pub state: String,
    /// When.
    pub created_at_ms: i64,
}

/// A message as an export shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageRecord {
    /// The message.
    pub id: uuid::Uuid,
    /// Its pass.
    pub pass_id: Option<uuid::Uuid>,
    /// `invitation`, …
    pub kind: String,
    /// Where it went.
    pub to_address: String,
    /// `pending`, `sent`, …
    pub state: String,
    /// When it was queued.
    pub created_at_ms: i64,
}

/// A queued or sent webhook delivery holding an event about the person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeliveryRecord {
    /// The delivery.
    pub id: i64,
    /// Its audit event.
    pub audit_id: i64,
    /// The body sent (or to send).
    pub body: String,
}

/// A recorded erasure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErasureRecord {
    /// Its id (the audit log's `erasure_id`).
    pub id: uuid::Uuid,
    /// Tenant.
    pub org_id: uuid::Uuid,
    /// When.
    pub at_ms: i64,
    /// Who asked (a person's name, a key's label, or `retention`).
    pub by_name: String,
    /// What classes.
    pub classes: Classes,
    /// `request` or `retention`.
    pub cause: &'static str,
    /// The pseudonym.
    pub pseudonym: Pseudonym,
}

/// What identifies a person to the watchlist: every name, address and reference the
/// erasure or export found for them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Identifiers {
    /// Names (pass labels, walk-in names, the name asked for).
    pub names: Vec<String>,
    /// Email addresses (invitations, the address asked for).
    pub emails: Vec<String>,
    /// External references (passes', the one asked for).
    pub external_refs: Vec<String>,
}

/// A watchlist entry about the person, and which of their identifiers it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchMatch {
    /// The entry.
    pub entry: WatchEntry,
    /// The strongest identifier it shares with them (`name` alone may be a namesake).
    pub matched_by: MatchedBy,
}

/// The watchlist entries about the person `ids` identifies, as the watchlist itself
/// compares (a normalised address, an exact reference, a name's words in any order),
/// whether in force or expired, oldest first.
pub fn watch_matches(entries: &[WatchEntry], ids: &Identifiers) -> Vec<WatchMatch> {
    let emails: Vec<String> = ids
        .emails
        .iter()
        .filter_map(|email| normalise_email(email))
        .collect();
    let refs: Vec<&str> = ids
        .external_refs
        .iter()
        .map(|reference| reference.trim())
        .filter(|reference| !reference.is_empty())
        .collect();
    let names: Vec<String> = ids
        .names
        .iter()
        .map(|name| normalise_name(name))
        .filter(|name| !name.is_empty())
        .collect();
    entries
        .iter()
        .filter_map(|entry| {
            let matched_by = if entry
                .email
                .as_deref()
                .and_then(normalise_email)
                .is_some_and(|email| emails.contains(&email))
            {
                MatchedBy::Email
            } else if entry
                .external_ref
                .as_deref()
                .is_some_and(|reference| refs.contains(&reference.trim()))
            {
                MatchedBy::ExternalRef
            } else if entry
                .name
                .as_deref()
                .map(normalise_name)
                .is_some_and(|name| !name.is_empty() && names.contains(&name))
            {
                MatchedBy::Name
            } else {
                return None;
            };
            Some(WatchMatch {
                entry: entry.clone(),
                matched_by,
            })
        })
        .collect()
}

/// Why an erasure kept a record as it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum KeptBecause {
    /// A watchlist entry in force: the venue's legitimate interest in keeping out, or
    /// watching for, someone it banned or flagged overrides erasure (GDPR Articles 6(1)(f)
    /// and 17(3)(e)) until the entry expires or an admin removes it.
    LegitimateInterest,
}

/// A record an erasure kept, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Kept {
    /// The watchlist entry kept.
    pub watchlist_entry_id: uuid::Uuid,
    /// What it does.
    pub mode: WatchMode,
    /// Which of the person's identifiers it names.
    pub matched_by: MatchedBy,
    /// Why it was kept.
    pub because: KeptBecause,
}

/// What an erasure does with a watchlist entry about the person at `now_ms`: keeps it
/// while it is in force, else rewrites it.
pub fn on_erasure(found: &WatchMatch, now_ms: i64) -> Option<Kept> {
    found.entry.is_active(now_ms).then_some(Kept {
        watchlist_entry_id: found.entry.id,
        mode: found.entry.mode,
        matched_by: found.matched_by,
        because: KeptBecause::LegitimateInterest,
    })
}

/// A watchlist entry's rewrite: its id, and the new name, email, external reference and
/// reason (each only when its class is erased and it holds one).
pub type WatchRewrite = (
    uuid::Uuid,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// What an erasure writes, row by row, in one transaction.
#[derive(Clone, Debug, Default)]
pub struct ErasureWrites {
    /// Passes: id, new label (if names are erased), new external reference (if references
    /// are and it had one), the classes erased now (all so far).
    pub passes: Vec<(uuid::Uuid, Option<String>, Option<String>, String)>,
    /// Messages: id, new address; pending ones are settled as expired, their secret cleared.
    pub messages: Vec<(uuid::Uuid, String)>,
    /// Walk-ins: id, new visitor name (if names), whether to replace the note.
    pub walk_ins: Vec<(uuid::Uuid, Option<String>, Option<String>)>,
    /// Audit events: id, new details.
    pub audit: Vec<(i64, String)>,
    /// Webhook deliveries: id, new body.
    pub deliveries: Vec<(i64, String)>,
    /// Watchlist entries no longer in force ([`on_erasure`]).
    pub watchlist: Vec<WatchRewrite>,
    /// Watchlist entries kept, and why (nothing is written for them).
    pub kept: Vec<Kept>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn replacements() -> Vec<Replacement> {
        let pseudonym = Pseudonym::new("3f9a2c1d");
        vec![
            Replacement {
                original: "Ada Lovelace".into(),
                with: pseudonym.name(),
                any_case: false,
            },
            Replacement {
                original: "ada@example.com".into(),
                with: pseudonym.email(),
                any_case: true,
            },
        ]
    }

    #[test]
    fn rewriting_replaces_whole_values_at_any_depth_and_nothing_else() {
        let mut details = json!({
            "to": "Ada@Example.com",
            "walk_in": {"visitor_name": "Ada Lovelace", "host_id": "x"},
            "list": ["Ada Lovelace", "Ada Lovelace Jr", 7],
            "label": "ada lovelace",
            "count": 3,
        });
        assert!(rewrite(&mut details, &replacements()));
        assert_eq!(
            details,
            json!({
                "to": "erased-3f9a2c1d@erased.invalid",
                "walk_in": {"visitor_name": "Erased person 3f9a2c1d", "host_id": "x"},
                "list": ["Erased person 3f9a2c1d", "Ada Lovelace Jr", 7],
                // A name is compared exactly, as stored.
                "label": "ada lovelace",
                "count": 3,
            })
        );
        assert!(
            !rewrite(&mut details, &replacements()),
            "a second pass changes nothing"
        );
        assert_eq!(rewrite_text("not json", &replacements()), None);
        assert_eq!(rewrite_text(r#"{"a":"b"}"#, &replacements()), None);
        assert_eq!(
            rewrite_text(r#"{"to":"ada@example.com"}"#, &replacements()).as_deref(),
            Some(r#"{"to":"erased-3f9a2c1d@erased.invalid"}"#)
        );
    }

    fn entry(name: Option<&str>, email: Option<&str>, reference: Option<&str>) -> WatchEntry {
        WatchEntry {
            id: uuid::Uuid::new_v4(),
            org_id: uuid::Uuid::nil(),
            name: name.map(str::to_owned),
            email: email.map(str::to_owned),
            external_ref: reference.map(str::to_owned),
            reason: "Shouted at the box office".into(),
            mode: WatchMode::Block,
            added_by: "Grace".into(),
            created_at_ms: 1,
            updated_at_ms: 1,
            expires_at_ms: None,
        }
    }

    #[test]
    fn watchlist_entries_about_the_person_are_found_as_the_watchlist_matches() {
        let ids = Identifiers {
            names: vec!["Ada Lovelace".into()],
            emails: vec!["Ada+visits@Example.com".into()],
            external_refs: vec![" ADA-1815 ".into()],
        };
        let entries = [
            entry(None, Some("ada@example.com"), None),
            entry(None, None, Some("ADA-1815")),
            entry(Some("Lovelace, Ada"), None, None),
            entry(
                Some("Ada Lovelace"),
                Some("other@example.com"),
                Some("ada-1815"),
            ),
            entry(Some("Grace Hopper"), Some("grace@example.com"), None),
        ];
        let found: Vec<MatchedBy> = watch_matches(&entries, &ids)
            .into_iter()
            .map(|found| found.matched_by)
            .collect();
        assert_eq!(
            found,
            [
                MatchedBy::Email,
                MatchedBy::ExternalRef,
                MatchedBy::Name,
                // A reference is compared exactly: only the name matches.
                MatchedBy::Name,
            ]
        );
        assert!(watch_matches(&entries, &Identifiers::default()).is_empty());
    }

    #[test]
    fn an_entry_in_force_is_kept_and_an_expired_one_is_not() {
        let mut found = WatchMatch {
            entry: entry(Some("Ada Lovelace"), None, None),
            matched_by: MatchedBy::Name,
        };
        let kept = on_erasure(&found, 1_000).expect("kept");
        assert_eq!(kept.because, KeptBecause::LegitimateInterest);
        assert_eq!(kept.watchlist_entry_id, found.entry.id);
        assert_eq!(
            serde_json::to_value(&kept).expect("json")["because"],
            "legitimate_interest"
        );
        found.entry.expires_at_ms = Some(1_000);
        assert_eq!(on_erasure(&found, 1_000), None);
        assert!(on_erasure(&found, 999).is_some());
    }

    #[test]
    fn classes_are_stored_and_read_back() {
        let set = Classes::new([DataClass::Email, DataClass::Name, DataClass::Email]);
        assert_eq!(set.stored(), "name,email");
        assert_eq!(Classes::from_stored(Some("email,name,phone")), set);
        assert_eq!(Classes::from_stored(None), Classes::default());
        assert_eq!(
            set.union(&Classes::new([DataClass::Notes])).stored(),
            "name,email,notes"
        );
        for class in DataClass::ALL {
            assert_eq!(DataClass::parse(class.as_str()), Some(class));
        }
    }

    #[test]
    fn retention_is_due_per_class_once() {
        const DAY: i64 = 86_400_000;
        let days = RetentionDays {
            email: Some(30),
            name: Some(90),
            ..RetentionDays::default()
        };
        let expired = 1_000 * DAY;
        let table = [
            (expired + 29 * DAY, Classes::default(), ""),
            (expired + 30 * DAY, Classes::default(), "email"),
            (expired + 90 * DAY, Classes::default(), "name,email"),
            (expired + 90 * DAY, Classes::new([DataClass::Email]), "name"),
            (expired + 9_000 * DAY, Classes::all(), ""),
        ];
        for (now, erased, due) in table {
            assert_eq!(
                days.due(expired, now, &erased).stored(),
                due,
                "{now} {erased:?}"
            );
        }
        assert_eq!(days.shortest(), Some(30));
        assert_eq!(RetentionDays::default().shortest(), None);
    }
}

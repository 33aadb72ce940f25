//! Personal data (issue 32, GDPR Articles 15 and 17): what the server holds about a
//! visitor, in classes, and how an erasure rewrites it.
//!
//! The classes ([`DataClass`]) and where each lives:
//! - **name**: a pass's label, a walk-in's visitor name (and the same text inside audit
//!   details and webhook bodies);
//! - **email**: the addresses invitations were mailed to (`messages.to_address`; message
//!   addresses are emails today) and inside audit details (`message_*` events' `to`);
//! - **external_ref**: a pass's external reference (bulk issue), and inside `pass_issued`;
//! - **notes**: a guard's note on a walk-in.
//!
//! No phone number is held today. Staff (hosts, people signing in through the identity
//! provider) are not visitors: their records are not in these classes.
//!
//! An erasure replaces every value of the chosen classes with one pseudonym
//! ([`Pseudonym`]), the same everywhere for one person, so that a pass keeps its admissions
//! and an alarm its pass, but nobody can read who it was. [`rewrite`] is the one rule for
//! text inside JSON (audit details, webhook bodies): a string equal to an erased value
//! (case-insensitively for an address) becomes its pseudonym; nothing else changes.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

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
#[cfg_attr(feature = "sqlx", derive(sqlx::FromRow))]
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
#[cfg_attr(feature = "sqlx", derive(sqlx::FromRow))]
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
#[cfg_attr(feature = "sqlx", derive(sqlx::FromRow))]
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
#[cfg_attr(feature = "sqlx", derive(sqlx::FromRow))]
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
#[cfg_attr(feature = "sqlx", derive(sqlx::FromRow))]
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

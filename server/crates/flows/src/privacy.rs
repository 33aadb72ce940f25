//! Personal data on request and by retention (issue 32, GDPR Articles 15 and 17).
//!
//! [`export`] reads everything held about one person ([`tessera_store::PersonalData`]) and
//! records that it was read. [`erase`] turns it into row-by-row rewrites ([`plan`]: every
//! value of the chosen classes, wherever it sits, becomes one pseudonym) and storage writes
//! them, the erasure's record and its event in one transaction. [`sweep`] does the same,
//! pass by pass, for each class an organisation keeps for a limited time after a pass
//! expires. The rule for text inside JSON is [`tessera_domain::privacy::rewrite`].
//!
//! Both read the watchlist entries about the person too ([`gather`]): the export shows
//! them, and an erasure keeps those in force, saying so, and rewrites the expired ones
//! ([`tessera_domain::privacy::on_erasure`]: the decision and its grounds).

use uuid::Uuid;

use crate::error::Result;
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, PersonalDataErased, PersonalDataExported, Recorded};
use tessera_domain::now_ms;
use tessera_domain::privacy::{
    on_erasure, rewrite_text, watch_matches, Classes, DataClass, ErasureRecord, ErasureWrites,
    Identifiers, PersonSelector, Pseudonym, Replacement, RetentionDays,
};
use tessera_domain::sso::Person;
use tessera_store::{PersonalData, Store};

/// Passes the retention sweep erases per organisation and pass at most.
const SWEEP_PASSES: i64 = 500;

/// Who asks: the key and the person behind it, and the name the erasure records.
#[derive(Clone, Debug)]
pub struct Requester<'a> {
    /// The admin's key.
    pub key_id: Uuid,
    /// The person, in an identity-provider session.
    pub person: Option<&'a Person>,
    /// Their name (the person's, or the key's label).
    pub name: &'a str,
}

/// What an erasure did.
#[derive(Clone, Debug, PartialEq)]
pub struct Erased {
    /// Its id.
    pub erasure_id: Uuid,
    /// The pseudonym.
    pub pseudonym: String,
    /// Its event's details (the counts).
    pub details: PersonalDataErased,
}

/// The names, addresses and references `data` and `who` hold for the person.
fn identifiers(data: &PersonalData, who: &PersonSelector) -> Identifiers {
    let mut ids = Identifiers::default();
    ids.names
        .extend(data.passes.iter().map(|pass| pass.label.clone()));
    ids.names.extend(
        data.walk_ins
            .iter()
            .map(|walk_in| walk_in.visitor_name.clone()),
    );
    ids.names.extend(who.name.clone());
    ids.emails.extend(
        data.messages
            .iter()
            .map(|message| message.to_address.clone()),
    );
    ids.emails.extend(who.email.clone());
    ids.external_refs.extend(
        data.passes
            .iter()
            .filter_map(|pass| pass.external_ref.clone()),
    );
    ids.external_refs.extend(who.external_ref.clone());
    ids
}

/// Everything held about `who`: what the store finds of them, and the watchlist entries
/// that name any of their identifiers.
///
/// # Errors
/// Storage failures.
pub async fn gather(store: &Store, org_id: Uuid, who: &PersonSelector) -> Result<PersonalData> {
    let mut data = store.privacy().personal_data(org_id, who).await?;
    let entries = store.security().watchlist(org_id).await?;
    data.watchlist = watch_matches(&entries, &identifiers(&data, who));
    Ok(data)
}

/// Everything held about `who`, with a `personal_data_exported` event.
///
/// # Errors
/// Storage failures.
pub async fn export(
    store: &Store,
    org_id: Uuid,
    who: &PersonSelector,
    by: &Requester<'_>,
) -> Result<PersonalData> {
    let data = gather(store, org_id, who).await?;
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(org_id),
            ..Subject::default()
        },
        Details::PersonalDataExported(PersonalDataExported {
            passes: data.passes.len() as u64,
            walk_ins: data.walk_ins.len() as u64,
            audit_events: data.audit.len() as u64,
            watchlist_entries: data.watchlist.len() as u64,
            by_key_id: by.key_id,
        }),
    )
    .by(by.person);
    store.audit().insert_audit(&event).await?;
    Ok(data)
}

/// The details object of a stored event, as text.
fn details_text(event: &Recorded) -> Option<String> {
    let value = serde_json::to_value(event).ok()?;
    serde_json::to_string(value.get("details")?).ok()
}

/// The rewrites that erase `classes` of the person in `data` at `now_ms`: every value of
/// those classes becomes `pseudonym`'s, in its rows, in the audit events about them, in
/// their webhook deliveries and in the watchlist entries about them no longer in force;
/// the entries in force are kept, and listed as kept. Pure: it writes nothing.
pub fn plan(
    data: &PersonalData,
    who: &PersonSelector,
    classes: &Classes,
    pseudonym: &Pseudonym,
    now_ms: i64,
) -> ErasureWrites {
    let mut replacements = Vec::new();
    let mut add = |original: &str, with: String, any_case: bool| {
        if !original.trim().is_empty()
            && !replacements
                .iter()
                .any(|r: &Replacement| r.original == original)
        {
            replacements.push(Replacement {
                original: original.to_owned(),
                with,
                any_case,
            });
        }
    };
    if classes.contains(DataClass::Name) {
        for pass in &data.passes {
            add(&pass.label, pseudonym.name(), false);
        }
        for walk_in in &data.walk_ins {
            add(&walk_in.visitor_name, pseudonym.name(), false);
        }
        if let Some(name) = &who.name {
            add(name.trim(), pseudonym.name(), false);
        }
    }
    if classes.contains(DataClass::Email) {
        for message in &data.messages {
            add(&message.to_address, pseudonym.email(), true);
        }
        if let Some(email) = &who.email {
            add(email.trim(), pseudonym.email(), true);
        }
    }
    let mut writes = ErasureWrites::default();
    for (n, pass) in data.passes.iter().enumerate() {
        let reference = pass
            .external_ref
            .as_ref()
            .filter(|_| classes.contains(DataClass::ExternalRef))
            .map(|original| {
                let with = pseudonym.external_ref(n + 1);
                add(original, with.clone(), false);
                with
            });
        let erased = Classes::from_stored(pass.erased_classes.as_deref()).union(classes);
        writes.passes.push((
            pass.id,
            classes.contains(DataClass::Name).then(|| pseudonym.name()),
            reference,
            erased.stored(),
        ));
    }
    if classes.contains(DataClass::Notes) {
        for walk_in in &data.walk_ins {
            if let Some(note) = &walk_in.note {
                add(note, pseudonym.note(), false);
            }
        }
    }
    if classes.contains(DataClass::Email) {
        writes.messages = data
            .messages
            .iter()
            .map(|message| (message.id, pseudonym.email()))
            .collect();
    }
    if classes.contains(DataClass::Name) || classes.contains(DataClass::Notes) {
        writes.walk_ins = data
            .walk_ins
            .iter()
            .map(|walk_in| {
                (
                    walk_in.id,
                    classes.contains(DataClass::Name).then(|| pseudonym.name()),
                    classes.contains(DataClass::Notes).then(|| pseudonym.note()),
                )
            })
            .collect();
    }
    writes.audit = data
        .audit
        .iter()
        .filter_map(|event| {
            let text = details_text(&event.event)?;
            rewrite_text(&text, &replacements).map(|details| (event.id, details))
        })
        .collect();
    writes.deliveries = data
        .deliveries
        .iter()
        .filter_map(|delivery| {
            rewrite_text(&delivery.body, &replacements).map(|body| (delivery.id, body))
        })
        .collect();
    for found in &data.watchlist {
        if let Some(kept) = on_erasure(found, now_ms) {
            writes.kept.push(kept);
            continue;
        }
        let entry = &found.entry;
        let erase = |class: DataClass, held: &Option<String>, with: String| {
            held.as_ref()
                .filter(|held| classes.contains(class) && **held != with)
                .map(|_| with)
        };
        let rewrite = (
            entry.id,
            erase(DataClass::Name, &entry.name, pseudonym.name()),
            erase(DataClass::Email, &entry.email, pseudonym.email()),
            erase(
                DataClass::ExternalRef,
                &entry.external_ref,
                pseudonym.external_ref(0),
            ),
            erase(
                DataClass::Notes,
                &Some(entry.reason.clone()),
                pseudonym.note(),
            ),
        );
        if rewrite.1.is_some() || rewrite.2.is_some() || rewrite.3.is_some() || rewrite.4.is_some()
        {
            writes.watchlist.push(rewrite);
        }
    }
    writes
}

/// Erases `classes` of the person `who` names: plans the rewrites and writes them with the
/// erasure's record and its `personal_data_erased` event, in one transaction.
///
/// # Errors
/// Storage failures.
pub async fn erase(
    store: &Store,
    org_id: Uuid,
    who: &PersonSelector,
    classes: &Classes,
    by: Option<&Requester<'_>>,
) -> Result<Erased> {
    let data = gather(store, org_id, who).await?;
    let id = Uuid::new_v4();
    let short: String = id.simple().to_string().chars().take(8).collect();
    let pseudonym = Pseudonym::new(&short);
    let at_ms = now_ms();
    let writes = plan(&data, who, classes, &pseudonym, at_ms);
    let cause = if by.is_some() { "request" } else { "retention" };
    let details = PersonalDataErased {
        erasure_id: id,
        cause: cause.to_owned(),
        classes: classes
            .iter()
            .map(|class| class.as_str().to_owned())
            .collect(),
        pseudonym: short.clone(),
        passes: writes.passes.len() as u64,
        walk_ins: writes.walk_ins.len() as u64,
        messages: writes.messages.len() as u64,
        audit_events: writes.audit.len() as u64,
        deliveries: writes.deliveries.len() as u64,
        watchlist_entries: writes.watchlist.len() as u64,
        kept: writes.kept.clone(),
        by_key_id: by.map(|by| by.key_id),
    };
    let record = ErasureRecord {
        id,
        org_id,
        at_ms,
        by_name: by.map_or_else(|| "retention".to_owned(), |by| by.name.to_owned()),
        classes: classes.clone(),
        cause,
        pseudonym,
    };
    let event = audit::event(
        Severity::Info,
        Subject {
            org_id: Some(org_id),
            ..Subject::default()
        },
        Details::PersonalDataErased(details.clone()),
    )
    .by(by.and_then(|by| by.person));
    store
        .privacy()
        .erase_personal_data(&record, &writes, &event)
        .await?;
    Ok(Erased {
        erasure_id: id,
        pseudonym: short,
        details,
    })
}

/// The retention sweep: for each organisation that keeps some class for a limited time,
/// erases what is due of each expired pass (a pass at most once per class). Returns how
/// many erasures it made.
///
/// # Errors
/// Storage failures.
pub async fn sweep(store: &Store, now: i64) -> Result<usize> {
    const DAY_MS: i64 = 86_400_000;
    let mut erased = 0;
    for (org_id, retention) in store.privacy().privacy_orgs().await? {
        let Ok(days) = serde_json::from_str::<RetentionDays>(&retention) else {
            tracing::warn!(%org_id, "unreadable privacy settings; nothing erased");
            continue;
        };
        let Some(shortest) = days.shortest() else {
            continue;
        };
        let before = now.saturating_sub(i64::from(shortest).saturating_mul(DAY_MS));
        let mut after = None;
        let mut seen = 0;
        while seen < SWEEP_PASSES {
            let passes = store
                .privacy()
                .expired_passes(org_id, before, after, 100)
                .await?;
            let Some(last) = passes.last() else {
                break;
            };
            after = Some(last.0);
            seen += passes.len() as i64;
            for (pass_id, expired_at_ms, done) in passes {
                let due = days.due(expired_at_ms, now, &Classes::from_stored(done.as_deref()));
                if due.is_empty() {
                    continue;
                }
                let who = PersonSelector {
                    pass_ids: vec![pass_id],
                    ..PersonSelector::default()
                };
                erase(store, org_id, &who, &due, None).await?;
                erased += 1;
            }
        }
    }
    Ok(erased)
}

//! The watchlist at work (issue 32): a pass's holder screened when the pass is issued, when
//! a wallet claims it and when the wallet answers a gate.
//!
//! [`tessera_domain::watchlist::screen`] decides; this module reads the organisation's
//! entries and records what matched. Each replica keeps an organisation's entries for at
//! most [`FRESH_FOR`], and forgets them at once when it changes them itself, so a gate
//! checks a pass against the list without a query per answer; an entry added on another
//! replica holds there within [`FRESH_FOR`].
//!
//! What the holder and staff are told stays neutral: an issuer or a wallet refused for a
//! `block` hears [`Error::Withheld`], a gate hears `see_staff`. Only security and admins
//! read the list; the audit event (`watchlist_hit`) names the entry, not the person.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use uuid::Uuid;

use crate::error::{Error, Result};
use tessera_domain::audit::{self, Severity, Subject};
use tessera_domain::events::{Details, WatchStage, WatchlistHit};
use tessera_domain::now_ms;
use tessera_domain::sso::Person;
use tessera_domain::watchlist::{screen, Holder, MatchedBy, WatchEntry, WatchMode};
use tessera_store::{NewAudit, PassRow, Store};

/// How long a replica trusts the entries it read.
pub const FRESH_FOR: Duration = Duration::from_secs(2);

/// An organisation's entries, and when they were read.
type Read = (Instant, Arc<Vec<WatchEntry>>);

/// Each organisation's entries as this replica last read them.
#[derive(Debug, Default)]
pub struct Watchlist {
    read: Mutex<HashMap<Uuid, Read>>,
}

/// An exact match at a gate: the holder is held for staff.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hold {
    /// The entry.
    pub entry_id: Uuid,
    /// Its mode.
    pub mode: WatchMode,
    /// How it matched.
    pub matched_by: MatchedBy,
}

impl Hold {
    /// The `watchlist_hit` event of this hold at a gate, for `scan_id`.
    pub fn event(&self, subject: Subject, scan_id: Uuid) -> NewAudit {
        audit::event(
            Severity::High,
            subject,
            Details::WatchlistHit(WatchlistHit {
                entry_id: self.entry_id,
                mode: self.mode,
                matched_by: self.matched_by,
                stage: WatchStage::Gate,
                refused: true,
                by_key_id: None,
                scan_id: Some(scan_id),
            }),
        )
    }
}

impl Watchlist {
    /// The organisation's entries, read again when older than [`FRESH_FOR`].
    ///
    /// # Errors
    /// Storage failures.
    pub async fn entries(&self, store: &Store, org_id: Uuid) -> Result<Arc<Vec<WatchEntry>>> {
        if let Some((at, entries)) = self.lock().get(&org_id) {
            if at.elapsed() < FRESH_FOR {
                return Ok(Arc::clone(entries));
            }
        }
        let entries = Arc::new(store.security().watchlist(org_id).await?);
        self.lock()
            .insert(org_id, (Instant::now(), Arc::clone(&entries)));
        Ok(entries)
    }

    /// Forgets what this replica read of an organisation (it changed its list).
    pub fn forget(&self, org_id: Uuid) {
        self.lock().remove(&org_id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Uuid, Read>> {
        self.read.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Screens the holder of a pass being issued (`stage` issue) or claimed (`stage`
    /// claim): a match is recorded (an exact one is an alarm) before anything else is
    /// written, and an exact `block` is [`Error::Withheld`].
    ///
    /// # Errors
    /// [`Error::Withheld`], storage failures.
    pub async fn admit_holder(
        &self,
        store: &Store,
        org_id: Uuid,
        pass_id: Option<Uuid>,
        holder: &Holder<'_>,
        stage: WatchStage,
        by: Option<(Uuid, Option<&Person>)>,
    ) -> Result<()> {
        let entries = self.entries(store, org_id).await?;
        let Some(hit) = screen(&entries, holder, now_ms()) else {
            return Ok(());
        };
        let blocks = hit.blocks();
        let event = audit::event(
            if hit.alarms() {
                Severity::High
            } else {
                Severity::Warning
            },
            Subject {
                org_id: Some(org_id),
                gate_id: None,
                // A pass refused at issue never exists: the event names none.
                pass_id: pass_id.filter(|_| !(blocks && stage == WatchStage::Issue)),
            },
            Details::WatchlistHit(WatchlistHit {
                entry_id: hit.entry.id,
                mode: hit.entry.mode,
                matched_by: hit.by,
                stage,
                refused: blocks,
                by_key_id: by.map(|(key_id, _)| key_id),
                scan_id: None,
            }),
        )
        .by(by.and_then(|(_, person)| person));
        store.audit().insert_audit(&event).await?;
        if blocks {
            return Err(Error::Withheld);
        }
        Ok(())
    }

    /// Whether the holder of `pass`, answering a gate, is to be held for staff: an exact
    /// match of either mode. Reads the pass's invitation address only when the
    /// organisation has entries.
    ///
    /// # Errors
    /// Storage failures.
    pub async fn at_gate(&self, store: &Store, pass: &PassRow) -> Result<Option<Hold>> {
        let entries = self.entries(store, pass.org_id).await?;
        let now = now_ms();
        if !entries.iter().any(|entry| entry.is_active(now)) {
            return Ok(None);
        }
        let email = if entries.iter().any(|entry| entry.email.is_some()) {
            store.privacy().pass_email(pass.id).await?
        } else {
            None
        };
        let holder = Holder {
            name: None,
            email: email.as_deref(),
            external_ref: pass.external_ref.as_deref(),
        };
        Ok(screen(&entries, &holder, now)
            .filter(|hit| hit.alarms())
            .map(|hit| Hold {
                entry_id: hit.entry.id,
                mode: hit.entry.mode,
                matched_by: hit.by,
            }))
    }
}

//! Staff credentials after they are made: listed, revoked, rotated, and noted when used.
//!
//! The REST calls (`/v1/api-keys…`) and the operator's `tessera-server keys` command both
//! come here, so a revocation is the same change and the same audit event whoever makes
//! it. A revoked key stops working at once on every replica: each request looks its key up
//! in the database, which a revocation changes in the same transaction as it ends every
//! console or host session made from the key and appends its event. A rotation gives the
//! key a new secret under the same id and role; the old one works on for the overlap asked
//! for (at most [`MAX_OVERLAP`]) or stops at once.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use uuid::Uuid;

use tessera_domain::audit::{self, Actor, Severity, Subject};
use tessera_domain::events::{ApiKeyRevokedDetails, ApiKeyRotatedDetails, Details};
use tessera_domain::Refusal;
use tessera_store::{ApiKeyListing, KeyChange, NewSecret, Role, Store};

use crate::credentials::{self, MintedSecret};
use crate::error::{Error, Result};

/// The longest a rotated-out secret may keep working.
pub const MAX_OVERLAP: Duration = Duration::from_secs(7 * 24 * 3600);

/// How often a key's "last used" is written at most (per replica).
pub const LAST_USED_RESOLUTION_MS: i64 = 60_000;

/// Keys remembered for [`LastUsed`] at most before the memory is cleared.
const LAST_USED_TRACKED: usize = 10_000;

fn subject(org_id: Uuid) -> Subject {
    Subject {
        org_id: Some(org_id),
        ..Subject::default()
    }
}

/// Revokes a key of `org_id` and ends its sessions. `by` is the admin that asked; none
/// for the operator's command line.
///
/// # Errors
/// [`Error::NotFound`]; [`Refusal::LastAdminKey`] for the organisation's last working
/// admin key; [`Error::Store`]. Revoking a revoked key changes nothing and succeeds.
pub async fn revoke(
    store: &Store,
    org_id: Uuid,
    key_id: Uuid,
    by: Option<&Actor>,
) -> Result<ApiKeyListing> {
    let event = |key: &ApiKeyListing, sessions_ended: u64| {
        audit::event(
            Severity::Warning,
            subject(org_id),
            Details::ApiKeyRevoked(ApiKeyRevokedDetails {
                key_id: key.id,
                role: key.role,
                label: key.label.clone(),
                by_key_id: by.map(|actor| actor.key_id),
                sessions_ended,
            }),
        )
        .by(by.and_then(|actor| actor.person.as_ref()))
    };
    match store
        .orgs()
        .revoke_api_key(org_id, key_id, tessera_domain::now_ms(), &event)
        .await?
    {
        KeyChange::Done(key, _) | KeyChange::Revoked(key) => Ok(key),
        KeyChange::NotFound => Err(Error::NotFound),
        KeyChange::LastAdmin => Err(Error::Refused(Refusal::LastAdminKey)),
    }
}

/// Gives a working key of `org_id` a new secret; the old one works on for `overlap`
/// (zero: it stops now) and every session made from the key ends. Returns the key and its
/// new secret, to be shown once.
///
/// # Errors
/// [`Error::NotFound`]; [`Refusal::KeyRevoked`]; [`Error::Store`].
pub async fn rotate(
    store: &Store,
    org_id: Uuid,
    key_id: Uuid,
    overlap: Duration,
    by: Option<&Actor>,
) -> Result<(ApiKeyListing, MintedSecret)> {
    let now_ms = tessera_domain::now_ms();
    let overlap = overlap.min(MAX_OVERLAP);
    let minted = credentials::mint();
    let secret = NewSecret {
        hash: minted.hash,
        previous_valid_until_ms: (!overlap.is_zero())
            .then(|| now_ms.saturating_add(i64::try_from(overlap.as_millis()).unwrap_or(i64::MAX))),
    };
    let event = |key: &ApiKeyListing, sessions_ended: u64| {
        audit::event(
            Severity::Info,
            subject(org_id),
            Details::ApiKeyRotated(ApiKeyRotatedDetails {
                key_id: key.id,
                role: key.role,
                label: key.label.clone(),
                by_key_id: by.map(|actor| actor.key_id),
                previous_valid_until_ms: secret.previous_valid_until_ms,
                sessions_ended,
            }),
        )
        .by(by.and_then(|actor| actor.person.as_ref()))
    };
    match store
        .orgs()
        .rotate_api_key(org_id, key_id, &secret, now_ms, &event)
        .await?
    {
        KeyChange::Done(key, _) => Ok((key, minted)),
        KeyChange::NotFound => Err(Error::NotFound),
        KeyChange::Revoked(_) => Err(Error::Refused(Refusal::KeyRevoked)),
        KeyChange::LastAdmin => Err(Error::Internal("a rotation never removes an admin")),
    }
}

/// When each key was last noted as used by this replica, so that "last used" costs one
/// relaxed write per key and [`LAST_USED_RESOLUTION_MS`], not one per request.
#[derive(Debug, Default)]
pub struct LastUsed {
    written: Mutex<HashMap<Uuid, i64>>,
}

impl LastUsed {
    /// Notes that `key` was used at `now_ms`: true when it is due a write (the caller then
    /// calls [`touch`]).
    pub fn due(&self, key: Uuid, now_ms: i64) -> bool {
        let Ok(mut written) = self.written.lock() else {
            return false;
        };
        match written.get(&key) {
            Some(at) if now_ms.saturating_sub(*at) < LAST_USED_RESOLUTION_MS => false,
            _ => {
                if written.len() >= LAST_USED_TRACKED {
                    written.clear();
                }
                written.insert(key, now_ms);
                true
            }
        }
    }
}

/// Writes a key's "last used" in the background: a lost write only makes the list a
/// minute staler, so it never holds up or fails the request.
pub fn touch(store: &Store, key: Uuid, role: Role, now_ms: i64) {
    let store = store.clone();
    tokio::spawn(async move {
        if let Err(error) = store.orgs().touch_api_keys(&[(key, role)], now_ms).await {
            tracing::debug!(%error, "could not note a key's last use");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_used_is_due_once_a_minute_per_key() {
        let last_used = LastUsed::default();
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        let cases = [
            (a, 0, true),
            (a, 1_000, false),
            (b, 1_000, true),
            (a, LAST_USED_RESOLUTION_MS - 1, false),
            (a, LAST_USED_RESOLUTION_MS, true),
            (a, LAST_USED_RESOLUTION_MS + 5, false),
        ];
        for (key, at, due) in cases {
            assert_eq!(last_used.due(key, at), due, "key {key} at {at}");
        }
    }
}

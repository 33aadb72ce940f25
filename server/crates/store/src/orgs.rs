//! Organisations and their API keys: creating one, its name and languages, and the keys that act
//! for it.
//!
//! [`orgs_statements!`] implements [`OrgStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{ApiKeyListing, ApiKeyRow, NewAudit, Result, Role};

/// Organisations and their API keys: creating one, its name and languages, and the keys that act
/// for it.
#[async_trait::async_trait]
pub trait OrgStatements {
    /// Number of organisations (to bootstrap an empty embedded database).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn count_orgs(&self) -> Result<i64>;

    /// Creates an organisation and its admin key with the key's audit event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn create_org(&self, org: &NewOrg<'_>, event: &NewAudit) -> Result<()>;

    /// An organisation's default language, time zone and per-site zones (issue 34), as
    /// stored: checked where they were set.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn org_locale(&self, org_id: Uuid) -> Result<OrgLocaleRow>;

    /// Replaces an organisation's language and zones, with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_org_locale(
        &self,
        org_id: Uuid,
        locale: &OrgLocaleRow,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// An organisation's name.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn org_name(&self, org_id: Uuid) -> Result<Option<String>>;

    /// Stores a new API key with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_api_key(
        &self,
        key: &ApiKeyRow,
        hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Finds a working API key (or host key) by the hash of the presented secret: its
    /// current secret, or the one a rotation replaced until its overlap ends at `now_ms`.
    /// A revoked key is not found.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn api_key_by_hash(&self, hash: &[u8; 32], now_ms: i64) -> Result<Option<ApiKeyRow>>;

    /// The hashes of the working credentials of every tenant made or changed after
    /// `since_ms` (0: all), at most `limit`: gate tokens (a pairing changes one), API and
    /// host keys (and a rotated-out secret in its overlap), live console and host sessions.
    /// What a replica knows to be good, so that a flooding neighbour at the same address does
    /// not keep them out (`tessera_edges::abuse`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn live_credential_hashes(
        &self,
        now_ms: i64,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<Vec<u8>>>;

    /// The organisation's keys, host keys included, oldest first: never a secret or hash.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn list_api_keys(&self, org_id: Uuid) -> Result<Vec<ApiKeyListing>>;

    /// Revokes a key and ends every session made from it, with `event(key, sessions
    /// ended)`, together. The organisation's last working admin key is refused.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn revoke_api_key(
        &self,
        org_id: Uuid,
        key_id: Uuid,
        at_ms: i64,
        event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
    ) -> Result<KeyChange>;

    /// Gives a working key a new secret (the old one works on until the overlap ends, or
    /// stops now) and ends every session made from it, with `event(key, sessions ended)`,
    /// together.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn rotate_api_key(
        &self,
        org_id: Uuid,
        key_id: Uuid,
        secret: &NewSecret,
        at_ms: i64,
        event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
    ) -> Result<KeyChange>;

    /// Notes that keys were presented at `at_ms` (the key list's "last used"; relaxed).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn touch_api_keys(&self, keys: &[(Uuid, Role)], at_ms: i64) -> Result<()>;
}

macro_rules! orgs_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::orgs::OrgStatements for $store {
            async fn count_orgs(&self) -> Result<i64> {
                sqlx::query_scalar("SELECT count(*) FROM orgs")
                    .fetch_one(self.reads())
                    .await
                    .map_err(Error::storage("count organisations"))
            }

            async fn create_org(&self, org: &NewOrg<'_>, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("create org").await?;
                sqlx::query("INSERT INTO orgs (id, name, created_at_ms) VALUES ($1, $2, $3)")
                    .bind(org.id)
                    .bind(org.name)
                    .bind(org.at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("insert organisation"))?;
                sqlx::query(
                    "INSERT INTO api_keys (id, org_id, role, label, key_hash, created_at_ms) \
                     VALUES ($1, $2, 'admin', 'bootstrap admin', $3, $4)",
                )
                .bind(org.admin_key_id)
                .bind(org.id)
                .bind(&org.admin_key_hash[..])
                .bind(org.at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert admin key"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "create org").await
            }

            async fn org_locale(&self, org_id: Uuid) -> Result<OrgLocaleRow> {
                let org: Option<(Option<String>, Option<String>)> = sqlx::query_as(
                    "SELECT default_language, time_zone FROM org_locales WHERE org_id = $1",
                )
                .bind(org_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load locale"))?;
                let sites: Vec<(String, String)> = sqlx::query_as(
                    "SELECT site, time_zone FROM site_time_zones WHERE org_id = $1 ORDER BY site",
                )
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("load locale"))?;
                let (default_language, time_zone) = org.unwrap_or_default();
                Ok(OrgLocaleRow { default_language, time_zone, sites })
            }

            async fn put_org_locale(
                &self,
                org_id: Uuid,
                locale: &OrgLocaleRow,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("set locale").await?;
                sqlx::query(
                    "INSERT INTO org_locales (org_id, default_language, time_zone, updated_at_ms) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (org_id) DO UPDATE SET \
                     default_language = excluded.default_language, \
                     time_zone = excluded.time_zone, updated_at_ms = excluded.updated_at_ms",
                )
                .bind(org_id)
                .bind(&locale.default_language)
                .bind(&locale.time_zone)
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("set locale"))?;
                sqlx::query("DELETE FROM site_time_zones WHERE org_id = $1")
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("set locale"))?;
                for (site, zone) in &locale.sites {
                    sqlx::query(
                        "INSERT INTO site_time_zones (org_id, site, time_zone) VALUES ($1, $2, $3)",
                    )
                    .bind(org_id)
                    .bind(site)
                    .bind(zone)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("set locale"))?;
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "set locale").await
            }

            async fn org_name(&self, org_id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar("SELECT name FROM orgs WHERE id = $1")
                    .bind(org_id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load organisation name"))
            }

            async fn insert_api_key(
                &self,
                key: &ApiKeyRow,
                hash: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert api key").await?;
                sqlx::query(
                    "INSERT INTO api_keys (id, org_id, role, label, key_hash, created_at_ms, \
                     role_name) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(key.id)
                .bind(key.org_id)
                .bind(key.role.stored().0)
                .bind(&key.label)
                .bind(&hash[..])
                .bind(at_ms)
                .bind(key.role.stored().1)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert api key"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert api key").await
            }

            async fn api_key_by_hash(&self, hash: &[u8; 32], now_ms: i64) -> Result<Option<ApiKeyRow>> {
                sqlx::query(
                    "SELECT id, org_id, COALESCE(role_name, role) AS role, label FROM api_keys \
                     WHERE key_hash = $1 AND revoked_at_ms IS NULL \
                     UNION ALL SELECT id, org_id, COALESCE(role_name, role), label FROM api_keys \
                     WHERE previous_key_hash = $1 AND previous_valid_until_ms > $2 AND revoked_at_ms IS NULL \
                     UNION ALL SELECT id, org_id, 'host', label FROM hosts \
                     WHERE key_hash = $1 AND revoked_at_ms IS NULL \
                     UNION ALL SELECT id, org_id, 'host', label FROM hosts \
                     WHERE previous_key_hash = $1 AND previous_valid_until_ms > $2 AND revoked_at_ms IS NULL",
                )
                .bind(&hash[..])
                .bind(now_ms)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load api key"))
            }

            async fn live_credential_hashes(
                &self,
                now_ms: i64,
                since_ms: i64,
                limit: i64,
            ) -> Result<Vec<Vec<u8>>> {
                sqlx::query_scalar(
                    "SELECT token_hash FROM gates WHERE revoked_at_ms IS NULL AND (created_at_ms > $2 \
                     OR id IN (SELECT gate_id FROM gate_pairings WHERE used_at_ms > $2)) \
                     UNION ALL SELECT key_hash FROM api_keys WHERE revoked_at_ms IS NULL \
                     AND (created_at_ms > $2 OR rotated_at_ms > $2) \
                     UNION ALL SELECT previous_key_hash FROM api_keys \
                     WHERE previous_valid_until_ms > $1 AND revoked_at_ms IS NULL AND rotated_at_ms > $2 \
                     UNION ALL SELECT key_hash FROM hosts WHERE revoked_at_ms IS NULL \
                     AND (created_at_ms > $2 OR rotated_at_ms > $2) \
                     UNION ALL SELECT previous_key_hash FROM hosts \
                     WHERE previous_valid_until_ms > $1 AND revoked_at_ms IS NULL AND rotated_at_ms > $2 \
                     UNION ALL SELECT token_hash FROM console_sessions \
                     WHERE expires_at_ms > $1 AND created_at_ms > $2 \
                     UNION ALL SELECT token_hash FROM host_sessions \
                     WHERE expires_at_ms > $1 AND created_at_ms > $2 \
                     LIMIT $3",
                )
                .bind(now_ms)
                .bind(since_ms)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read live credential hashes"))
            }

            async fn list_api_keys(&self, org_id: Uuid) -> Result<Vec<ApiKeyListing>> {
                sqlx::query(concat!(
                    "SELECT id, COALESCE(role_name, role) AS role, label, CAST(NULL AS TEXT) AS unit, \
                     created_at_ms, last_used_ms, \
                     rotated_at_ms, previous_valid_until_ms, revoked_at_ms FROM api_keys WHERE org_id = $1 \
                     UNION ALL SELECT id, 'host', label, unit, created_at_ms, last_used_ms, \
                     rotated_at_ms, previous_valid_until_ms, revoked_at_ms FROM hosts WHERE org_id = $1 \
                     ORDER BY created_at_ms, id LIMIT ",
                    10000
                ))
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list api keys"))
            }

            async fn revoke_api_key(
                &self,
                org_id: Uuid,
                key_id: Uuid,
                at_ms: i64,
                event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
            ) -> Result<KeyChange> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("revoke api key").await?;
                let Some((mut key, table)) = find_key(&mut tx, org_id, key_id).await? else {
                    return Ok(KeyChange::NotFound);
                };
                if key.revoked_at_ms.is_some() {
                    return Ok(KeyChange::Revoked(key));
                }
                if key.role == Role::Admin {
                    // Every working admin key of the organisation, locked, so that two
                    // revocations at once cannot each leave the other as the last.
                    let admins: Vec<Uuid> = sqlx::query_scalar(concat!(
                        "SELECT id FROM api_keys WHERE org_id = $1 AND role = 'admin' \
                         AND revoked_at_ms IS NULL ",
                        $for_update
                    ))
                    .bind(org_id)
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(Error::storage("lock admin keys"))?;
                    if !admins.iter().any(|id| *id != key_id) {
                        return Ok(KeyChange::LastAdmin);
                    }
                }
                let revoked = sqlx::query(table.revoke)
                    .bind(key_id)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("revoke api key"))?
                    .rows_affected();
                if revoked != 1 {
                    // Another replica revoked it between the read and this write.
                    return Ok(KeyChange::Revoked(key));
                }
                let ended = sqlx::query(table.end_sessions)
                    .bind(key_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("end sessions of a revoked key"))?
                    .rows_affected();
                key.revoked_at_ms = Some(at_ms);
                insert_audit(&mut tx, &event(&key, ended)).await?;
                commit(tx, "revoke api key").await?;
                Ok(KeyChange::Done(key, ended))
            }

            async fn rotate_api_key(
                &self,
                org_id: Uuid,
                key_id: Uuid,
                secret: &NewSecret,
                at_ms: i64,
                event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
            ) -> Result<KeyChange> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("rotate api key").await?;
                let Some((mut key, table)) = find_key(&mut tx, org_id, key_id).await? else {
                    return Ok(KeyChange::NotFound);
                };
                if key.revoked_at_ms.is_some() {
                    return Ok(KeyChange::Revoked(key));
                }
                let rotated = sqlx::query(table.rotate)
                    .bind(key_id)
                    .bind(&secret.hash[..])
                    .bind(secret.previous_valid_until_ms)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("rotate api key"))?
                    .rows_affected();
                if rotated != 1 {
                    return Ok(KeyChange::Revoked(key));
                }
                let ended = sqlx::query(table.end_sessions)
                    .bind(key_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("end sessions of a rotated key"))?
                    .rows_affected();
                key.rotated_at_ms = Some(at_ms);
                key.previous_valid_until_ms = secret.previous_valid_until_ms;
                insert_audit(&mut tx, &event(&key, ended)).await?;
                commit(tx, "rotate api key").await?;
                Ok(KeyChange::Done(key, ended))
            }

            async fn touch_api_keys(&self, keys: &[(Uuid, Role)], at_ms: i64) -> Result<()> {
                if keys.is_empty() {
                    return Ok(());
                }
                let mut tx = self.begin_relaxed("touch api keys").await?;
                for (id, role) in keys {
                    sqlx::query(if *role == Role::Host {
                        "UPDATE hosts SET last_used_ms = $2 WHERE id = $1 \
                         AND (last_used_ms IS NULL OR last_used_ms < $2)"
                    } else {
                        "UPDATE api_keys SET last_used_ms = $2 WHERE id = $1 \
                         AND (last_used_ms IS NULL OR last_used_ms < $2)"
                    })
                    .bind(id)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("touch api key"))?;
                }
                commit(tx, "touch api keys").await
            }
        }
    };
}

pub(crate) use orgs_statements;

crate::columns::from_columns!(crate::ApiKeyListing {
    id,
    role: text,
    label,
    unit,
    created_at_ms,
    last_used_ms,
    rotated_at_ms,
    previous_valid_until_ms,
    revoked_at_ms,
});

/// What a revocation or rotation of a key found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyChange {
    /// Done: the key as it is now, and how many sessions made from it ended.
    Done(ApiKeyListing, u64),
    /// No key of this id in the organisation.
    NotFound,
    /// The key was revoked already (for a revocation: nothing more to do).
    Revoked(ApiKeyListing),
    /// It is the organisation's last working admin key: revoking it would lock everyone out.
    LastAdmin,
}

/// An organisation's language and clock as stored (issue 34); see
/// [`tessera_domain::locale::OrgLocale`] for what they mean.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrgLocaleRow {
    /// A BCP 47 tag.
    pub default_language: Option<String>,
    /// An IANA zone name.
    pub time_zone: Option<String>,
    /// `(site, zone)`, by site.
    pub sites: Vec<(String, String)>,
}

impl From<&tessera_domain::locale::OrgLocale> for OrgLocaleRow {
    fn from(locale: &tessera_domain::locale::OrgLocale) -> Self {
        OrgLocaleRow {
            default_language: locale
                .default_language
                .as_ref()
                .map(|tag| tag.as_str().to_owned()),
            time_zone: locale
                .time_zone
                .as_ref()
                .map(|zone| zone.as_str().to_owned()),
            sites: locale
                .sites
                .iter()
                .map(|(site, zone)| (site.clone(), zone.as_str().to_owned()))
                .collect(),
        }
    }
}

impl OrgLocaleRow {
    /// The values, checked again: one that no longer parses (a zone the database dropped)
    /// is left out, as if never set.
    pub fn parsed(self) -> tessera_domain::locale::OrgLocale {
        use tessera_domain::locale::{Language, OrgLocale, TimeZoneName};
        OrgLocale {
            default_language: self
                .default_language
                .and_then(|tag| Language::parse("language", &tag).ok()),
            time_zone: self
                .time_zone
                .and_then(|zone| TimeZoneName::parse(&zone).ok()),
            sites: self
                .sites
                .into_iter()
                .filter_map(|(site, zone)| Some((site, TimeZoneName::parse(&zone).ok()?)))
                .collect(),
        }
    }
}

/// A key's new secret: its hash, and until when the secret it replaces still works (none:
/// the old secret stops at once).
#[derive(Clone, Copy, Debug)]
pub struct NewSecret {
    /// SHA-256 of the new secret.
    pub hash: [u8; 32],
    /// End of the overlap.
    pub previous_valid_until_ms: Option<i64>,
}

/// A new organisation with its first admin key.
#[derive(Debug)]
pub struct NewOrg<'a> {
    /// Org id.
    pub id: Uuid,
    /// Display name.
    pub name: &'a str,
    /// Admin key id.
    pub admin_key_id: Uuid,
    /// SHA-256 of the admin key.
    pub admin_key_hash: [u8; 32],
    /// Creation time.
    pub at_ms: i64,
}

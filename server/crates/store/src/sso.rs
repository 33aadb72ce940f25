//! Single sign-on: an organisation's identity provider, its logins in flight, and the people who
//! signed in through it and their sessions.
//!
//! [`sso_statements!`] implements [`SsoStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use crate::{
    ConsoleSessionRow, LogoutOnce, NewAudit, PersonSignIn, Result, SessionListing, SsoConfigRow,
    SsoLoginRow,
};
use uuid::Uuid;

/// Single sign-on: an organisation's identity provider, its logins in flight, and the people who
/// signed in through it and their sessions.
#[async_trait::async_trait]
pub trait SsoStatements {
    /// An organisation's identity provider, if it configured one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sso_config(&self, org_id: Uuid) -> Result<Option<SsoConfigRow>>;

    /// The organisation whose provider is `issuer` with the client `client_id` (a logout
    /// token names no organisation, only these).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sso_config_by_client(
        &self,
        issuer: &str,
        client_id: &str,
    ) -> Result<Vec<SsoConfigRow>>;

    /// The organisation that proved `domain` (its DNS record, or the operator's
    /// assignment): the one sign-in by email at that domain goes to. At most one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sso_orgs_for_domain(&self, domain: &str) -> Result<Vec<Uuid>>;

    /// Stores (or replaces) an organisation's identity provider, with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_sso_config(&self, config: &SsoConfigRow, event: &NewAudit) -> Result<()>;

    /// Removes an organisation's identity provider, with its event; false when it had none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn delete_sso_config(&self, org_id: Uuid, event: &NewAudit) -> Result<bool>;

    /// Stores a sign-in under way (and drops those that expired), unless its organisation
    /// already has `cap` under way: then false, and nothing is stored.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_sso_login(&self, login: &SsoLoginRow, cap: i64) -> Result<bool>;

    /// Takes (finds and deletes, so it is good once) the sign-in under way with this
    /// state's hash, if it has not expired by `now_ms`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn take_sso_login(
        &self,
        state_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<SsoLoginRow>>;

    /// Records a verified person's sign-in in one transaction: the person made or updated,
    /// the key (admin, auditor, issuer) or host they act as made or given their role and
    /// name now, their sessions under another role ended, the session stored, the event.
    /// `event` is made for the key or host id. Returns the session, or `None` when an admin
    /// revoked the key or host they act as.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sign_in_person(
        &self,
        sign_in: &PersonSignIn,
        event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
    ) -> Result<Option<ConsoleSessionRow>>;

    /// Ends the SSO sessions of a person at `issuer`: those of the provider session `sid`,
    /// or, without one, every session of `subject`; with `event`, made for how many ended,
    /// when any ended. Returns how many ended. With `once` (a back-channel logout token),
    /// the token's `jti` is remembered in the same transaction until it expires, and a
    /// token remembered before ends nothing: then `None`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn end_person_sessions(
        &self,
        org_id: Uuid,
        issuer: &str,
        subject: Option<&str>,
        sid: Option<&str>,
        once: Option<&LogoutOnce>,
        event: &(dyn Fn(u64) -> NewAudit + Send + Sync),
    ) -> Result<Option<u64>>;

    /// The organisation's console and host sessions that have not ended by `now_ms`,
    /// newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn list_sessions(&self, org_id: Uuid, now_ms: i64) -> Result<Vec<SessionListing>>;

    /// Ends one of the organisation's sessions (an admin's decision), with its event made for
    /// the session's key or host; that id, or `None` when there was no such session.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn end_session(
        &self,
        org_id: Uuid,
        token_hash: &[u8; 32],
        event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
    ) -> Result<Option<Uuid>>;
}

/// The columns of an `sso_configs` row, in [`crate::SsoConfigRow`]'s order.
macro_rules! sso_config_columns {
    () => {
        "SELECT org_id, issuer, client_id, client_secret, allowed_domains, role_claim, \
         role_map, key_sign_in, updated_at_ms FROM sso_configs"
    };
}

macro_rules! sso_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::sso::SsoStatements for $store {
            async fn sso_config(&self, org_id: Uuid) -> Result<Option<$crate::SsoConfigRow>> {
                sqlx::query(concat!($crate::sso::sso_config_columns!(), " WHERE org_id = $1"))
                    .bind(org_id)
                    .try_map(crate::columns::decode)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load sso config"))
            }

            async fn sso_config_by_client(
                &self,
                issuer: &str,
                client_id: &str,
            ) -> Result<Vec<$crate::SsoConfigRow>> {
                sqlx::query(concat!($crate::sso::sso_config_columns!(), " WHERE issuer = $1 AND client_id = $2"))
                    .bind(issuer)
                    .bind(client_id)
                    .try_map(crate::columns::decode)
                    .fetch_all(self.reads())
                    .await
                    .map_err(Error::storage("load sso config by client"))
            }

            async fn sso_orgs_for_domain(&self, domain: &str) -> Result<Vec<Uuid>> {
                // Only a proven domain routes sign-in (issue 50): `allowed_domains` is what
                // an organisation's admin typed, and proves nothing.
                sqlx::query_scalar(
                    "SELECT org_id FROM sso_domains WHERE domain = $1 \
                     AND proven_at_ms IS NOT NULL ORDER BY org_id",
                )
                .bind(domain)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("find sso config by domain"))
            }

            async fn put_sso_config(&self, config: &$crate::SsoConfigRow, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("put sso config").await?;
                sqlx::query(
                    "INSERT INTO sso_configs (org_id, issuer, client_id, client_secret, \
                     allowed_domains, role_claim, role_map, key_sign_in, updated_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (org_id) DO UPDATE SET issuer = $2, client_id = $3, \
                     client_secret = $4, allowed_domains = $5, role_claim = $6, role_map = $7, \
                     key_sign_in = $8, updated_at_ms = $9",
                )
                .bind(config.org_id)
                .bind(&config.issuer)
                .bind(&config.client_id)
                .bind(&config.client_secret)
                .bind(config.allowed_domains.to_json())
                .bind(&config.role_claim)
                .bind(config.role_map.to_json())
                .bind(config.key_sign_in)
                .bind(config.updated_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("put sso config"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "put sso config").await
            }

            async fn delete_sso_config(&self, org_id: Uuid, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("delete sso config").await?;
                let deleted = sqlx::query("DELETE FROM sso_configs WHERE org_id = $1")
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("delete sso config"))?
                    .rows_affected();
                if deleted == 0 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "delete sso config").await?;
                Ok(true)
            }

            async fn insert_sso_login(&self, login: &$crate::SsoLoginRow, cap: i64) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert sso login").await?;
                sqlx::query("DELETE FROM sso_logins WHERE expires_at_ms <= $1")
                    .bind(login.created_at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("drop expired sso logins"))?;
                // Counted in the insert's own statement; on PostgreSQL two at once may both
                // see room, so the cap holds to within the requests in flight.
                let inserted = sqlx::query(
                    "INSERT INTO sso_logins (state_hash, org_id, browser_hash, nonce, \
                     pkce_verifier, page, created_at_ms, expires_at_ms) \
                     SELECT $1, $2, $3, $4, $5, $6, $7, $8 WHERE (SELECT COUNT(*) FROM sso_logins \
                     WHERE org_id = $2 AND expires_at_ms > $7) < $9",
                )
                .bind(&login.state_hash)
                .bind(login.org_id)
                .bind(&login.browser_hash)
                .bind(&login.nonce)
                .bind(&login.pkce_verifier)
                .bind(login.page.as_str())
                .bind(login.created_at_ms)
                .bind(login.expires_at_ms)
                .bind(cap)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert sso login"))?
                .rows_affected();
                commit(tx, "insert sso login").await?;
                Ok(inserted > 0)
            }

            async fn take_sso_login(
                &self,
                state_hash: &[u8; 32],
                now_ms: i64,
            ) -> Result<Option<$crate::SsoLoginRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("take sso login").await?;
                let login: Option<$crate::SsoLoginRow> = sqlx::query(
                    "DELETE FROM sso_logins WHERE state_hash = $1 RETURNING state_hash, org_id, \
                     browser_hash, nonce, pkce_verifier, page, created_at_ms, expires_at_ms",
                )
                .bind(&state_hash[..])
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("take sso login"))?;
                commit(tx, "take sso login").await?;
                Ok(login.filter(|login| login.expires_at_ms > now_ms))
            }

            async fn sign_in_person(
                &self,
                sign_in: &$crate::PersonSignIn,
                event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
            ) -> Result<Option<ConsoleSessionRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("sign in person").await?;
                let person = &sign_in.person;
                let found: Option<(Uuid, Option<Uuid>, Option<Uuid>)> = sqlx::query_as(concat!(
                    "SELECT id, api_key_id, host_id FROM people \
                     WHERE org_id = $1 AND issuer = $2 AND subject = $3",
                    $for_update
                ))
                .bind(sign_in.org_id)
                .bind(&person.issuer)
                .bind(&person.subject)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load person"))?;
                let (person_id, key_id, host_id) = match found {
                    Some(found) => found,
                    None => {
                        sqlx::query(
                            "INSERT INTO people (id, org_id, issuer, subject, name, email, \
                             created_at_ms, signed_in_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
                        )
                        .bind(sign_in.new_person_id)
                        .bind(sign_in.org_id)
                        .bind(&person.issuer)
                        .bind(&person.subject)
                        .bind(&person.name)
                        .bind(sign_in.email.as_deref())
                        .bind(sign_in.now_ms)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("insert person"))?;
                        (sign_in.new_person_id, None, None)
                    }
                };
                let is_host = sign_in.role == Role::Host;
                let existing = if is_host { host_id } else { key_id };
                let principal_id = match existing {
                    Some(id) => {
                        // The name and role follow the provider; an admin's revocation holds.
                        let update = if is_host {
                            sqlx::query(
                                "UPDATE hosts SET label = $2 WHERE id = $1 AND revoked_at_ms IS NULL",
                            )
                            .bind(id)
                            .bind(&person.name)
                        } else {
                            sqlx::query(
                                "UPDATE api_keys SET label = $2, role = $3, role_name = $4 \
                                 WHERE id = $1 AND revoked_at_ms IS NULL",
                            )
                            .bind(id)
                            .bind(&person.name)
                            .bind(sign_in.role.stored().0)
                            .bind(sign_in.role.stored().1)
                        };
                        let changed = update
                            .execute(&mut *tx)
                            .await
                            .map_err(Error::storage("update person's key"))?
                            .rows_affected();
                        if changed == 0 {
                            return Ok(None);
                        }
                        id
                    }
                    None => {
                        let id = sign_in.new_principal_id;
                        let insert = if is_host {
                            sqlx::query(
                                "INSERT INTO hosts (id, org_id, label, key_hash, created_at_ms) \
                                 VALUES ($1, $2, $3, $4, $5)",
                            )
                        } else {
                            sqlx::query(
                                "INSERT INTO api_keys (id, org_id, label, key_hash, created_at_ms, \
                                 role, role_name) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                            )
                        };
                        let insert = insert
                            .bind(id)
                            .bind(sign_in.org_id)
                            .bind(&person.name)
                            .bind(&sign_in.principal_hash[..])
                            .bind(sign_in.now_ms);
                        let insert = if is_host {
                            insert
                        } else {
                            insert
                                .bind(sign_in.role.stored().0)
                                .bind(sign_in.role.stored().1)
                        };
                        insert
                            .execute(&mut *tx)
                            .await
                            .map_err(Error::storage("insert person's key"))?;
                        sqlx::query(if is_host {
                            "UPDATE people SET host_id = $2 WHERE id = $1"
                        } else {
                            "UPDATE people SET api_key_id = $2 WHERE id = $1"
                        })
                        .bind(person_id)
                        .bind(id)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("link person's key"))?;
                        id
                    }
                };
                sqlx::query("UPDATE people SET name = $2, email = $3, signed_in_at_ms = $4 WHERE id = $1")
                    .bind(person_id)
                    .bind(&person.name)
                    .bind(sign_in.email.as_deref())
                    .bind(sign_in.now_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("update person"))?;
                // Sessions under the role the person no longer has end now.
                sqlx::query(if is_host {
                    "DELETE FROM console_sessions WHERE person_id = $1"
                } else {
                    "DELETE FROM host_sessions WHERE person_id = $1"
                })
                .bind(person_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("end sessions of another role"))?;
                sqlx::query(if is_host {
                    "INSERT INTO host_sessions (token_hash, org_id, host_id, created_at_ms, \
                     expires_at_ms, person_id, sid) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                } else {
                    "INSERT INTO console_sessions (token_hash, org_id, api_key_id, created_at_ms, \
                     expires_at_ms, person_id, sid) VALUES ($1, $2, $3, $4, $5, $6, $7)"
                })
                .bind(&sign_in.token_hash[..])
                .bind(sign_in.org_id)
                .bind(principal_id)
                .bind(sign_in.now_ms)
                .bind(sign_in.expires_at_ms)
                .bind(person_id)
                .bind(sign_in.sid.as_deref())
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert sso session"))?;
                insert_audit(&mut tx, &event(principal_id)).await?;
                commit(tx, "sign in person").await?;
                Ok(Some(ConsoleSessionRow {
                    key: ApiKeyRow {
                        id: principal_id,
                        org_id: sign_in.org_id,
                        role: sign_in.role,
                        label: person.name.clone(),
                    },
                    expires_at_ms: sign_in.expires_at_ms,
                    person_name: Some(person.name.clone()),
                    person_issuer: Some(person.issuer.clone()),
                    person_subject: Some(person.subject.clone()),
                }))
            }

            async fn end_person_sessions(
                &self,
                org_id: Uuid,
                issuer: &str,
                subject: Option<&str>,
                sid: Option<&str>,
                once: Option<&$crate::LogoutOnce>,
                event: &(dyn Fn(u64) -> NewAudit + Send + Sync),
            ) -> Result<Option<u64>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("end person sessions").await?;
                if let Some(once) = once {
                    sqlx::query("DELETE FROM sso_logout_tokens WHERE expires_at_ms <= $1")
                        .bind(once.now_ms)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("drop expired logout tokens"))?;
                    let fresh = sqlx::query(
                        "INSERT INTO sso_logout_tokens (issuer, jti, expires_at_ms) \
                         VALUES ($1, $2, $3) ON CONFLICT (issuer, jti) DO NOTHING",
                    )
                    .bind(&once.issuer)
                    .bind(&once.jti)
                    .bind(once.expires_at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("remember logout token"))?
                    .rows_affected();
                    if fresh == 0 {
                        return Ok(None);
                    }
                }
                let mut ended = 0;
                for statement in [
                    "DELETE FROM console_sessions WHERE org_id = $1 AND person_id IN \
                     (SELECT id FROM people WHERE org_id = $1 AND issuer = $2 \
                     AND ($3 IS NULL OR subject = $3)) AND ($4 IS NULL OR sid = $4)",
                    "DELETE FROM host_sessions WHERE org_id = $1 AND person_id IN \
                     (SELECT id FROM people WHERE org_id = $1 AND issuer = $2 \
                     AND ($3 IS NULL OR subject = $3)) AND ($4 IS NULL OR sid = $4)",
                ] {
                    ended += sqlx::query(statement)
                        .bind(org_id)
                        .bind(issuer)
                        .bind(subject)
                        .bind(sid)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("end person sessions"))?
                        .rows_affected();
                }
                if ended > 0 {
                    insert_audit(&mut tx, &event(ended)).await?;
                }
                commit(tx, "end person sessions").await?;
                Ok(Some(ended))
            }

            async fn list_sessions(&self, org_id: Uuid, now_ms: i64) -> Result<Vec<$crate::SessionListing>> {
                sqlx::query(
                    "SELECT s.token_hash, k.id AS key_id, COALESCE(k.role_name, k.role) AS role, \
                     k.label, p.name AS person_name, \
                     p.email AS person_email, s.created_at_ms, s.expires_at_ms \
                     FROM console_sessions s JOIN api_keys k ON k.id = s.api_key_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.org_id = $1 AND s.expires_at_ms > $2 AND k.revoked_at_ms IS NULL \
                     UNION ALL SELECT s.token_hash, h.id, 'host', h.label, p.name, p.email, \
                     s.created_at_ms, s.expires_at_ms \
                     FROM host_sessions s JOIN hosts h ON h.id = s.host_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.org_id = $1 AND s.expires_at_ms > $2 AND h.revoked_at_ms IS NULL \
                     ORDER BY 7 DESC LIMIT 1000",
                )
                .bind(org_id)
                .bind(now_ms)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list sessions"))
            }

            async fn end_session(
                &self,
                org_id: Uuid,
                token_hash: &[u8; 32],
                event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
            ) -> Result<Option<Uuid>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("end session").await?;
                let mut ended = None;
                for statement in [
                    "DELETE FROM console_sessions WHERE token_hash = $1 AND org_id = $2 \
                     RETURNING api_key_id",
                    "DELETE FROM host_sessions WHERE token_hash = $1 AND org_id = $2 \
                     RETURNING host_id",
                ] {
                    let key: Option<Uuid> = sqlx::query_scalar(statement)
                        .bind(&token_hash[..])
                        .bind(org_id)
                        .fetch_optional(&mut *tx)
                        .await
                        .map_err(Error::storage("end session"))?;
                    ended = ended.or(key);
                }
                let Some(key_id) = ended else {
                    return Ok(None);
                };
                insert_audit(&mut tx, &event(key_id)).await?;
                commit(tx, "end session").await?;
                Ok(Some(key_id))
            }
        }
    };
}

pub(crate) use {sso_config_columns, sso_statements};

crate::columns::from_columns!(crate::SsoConfigRow {
    org_id,
    issuer,
    client_id,
    client_secret,
    allowed_domains: text,
    role_claim,
    role_map: text,
    key_sign_in,
    updated_at_ms,
});
crate::columns::from_columns!(crate::SsoLoginRow {
    state_hash,
    org_id,
    browser_hash,
    nonce,
    pkce_verifier,
    page: text,
    created_at_ms,
    expires_at_ms,
});
crate::columns::from_columns!(crate::SessionListing {
    token_hash,
    key_id,
    role: text,
    label,
    person_name,
    person_email,
    created_at_ms,
    expires_at_ms,
});

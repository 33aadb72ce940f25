//! Personal data: what a visitor's data is and where it is held, erasing it, an organisation's
//! privacy settings, and the passes past them.
//!
//! [`privacy_statements!`] implements [`PrivacyStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{AuditRow, NewAudit, Result};

/// Personal data: what a visitor's data is and where it is held, erasing it, an organisation's
/// privacy settings, and the passes past them.
#[async_trait::async_trait]
pub trait PrivacyStatements {
    /// The address a pass's latest invitation went to, if one was mailed.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn pass_email(&self, pass_id: Uuid) -> Result<Option<String>>;

    /// Everything held about the person `who` names in an organisation.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn personal_data(
        &self,
        org_id: Uuid,
        who: &tessera_domain::privacy::PersonSelector,
    ) -> Result<PersonalData>;

    /// Records an erasure and writes it, with its event, in one transaction.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn erase_personal_data(
        &self,
        erasure: &tessera_domain::privacy::ErasureRecord,
        writes: &tessera_domain::privacy::ErasureWrites,
        event: &NewAudit,
    ) -> Result<()>;

    /// An organisation's retention per class (JSON), if set.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn privacy_settings(&self, org_id: Uuid) -> Result<Option<String>>;

    /// Sets an organisation's retention per class (JSON), with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_privacy_settings(
        &self,
        org_id: Uuid,
        retention: &str,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Every organisation's retention per class (JSON).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn privacy_orgs(&self) -> Result<Vec<(Uuid, String)>>;

    /// Passes of an organisation that expired before `before_ms`: id, expiry, classes
    /// erased already; oldest first, at most `limit`, after the pass `after`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn expired_passes(
        &self,
        org_id: Uuid,
        before_ms: i64,
        after: Option<Uuid>,
        limit: i64,
    ) -> Result<Vec<(Uuid, i64, Option<String>)>>;
}

macro_rules! privacy_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::privacy::PrivacyStatements for $store {
            async fn pass_email(&self, pass_id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar(
                    "SELECT to_address FROM messages WHERE pass_id = $1 AND kind = 'invitation' \
                     ORDER BY created_at_ms DESC, id DESC LIMIT 1",
                )
                .bind(pass_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load pass email"))
            }

            async fn personal_data(
                &self,
                org_id: Uuid,
                who: &tessera_domain::privacy::PersonSelector,
            ) -> Result<crate::PersonalData> {
                use tessera_domain::privacy::{MessageRecord, PassRecord, VisitRecord, WalkInRecord, DeliveryRecord};
                const PASS: &str = "SELECT id, label, site, external_ref, state, valid_from_ms, \
                    valid_until_ms, uses, created_at_ms, erased_classes FROM passes WHERE org_id = $1 ";
                let mut data = crate::PersonalData::default();
                let mut passes: Vec<PassRecord> = Vec::new();
                for id in &who.pass_ids {
                    let sql = format!("{PASS}AND id = $2");
                    passes.extend(sqlx::query(&sql).bind(org_id).bind(id)
                        .try_map(crate::columns::decode::<_, PassRecord>)
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by id"))?);
                }
                if let Some(email) = &who.email {
                    let sql = format!("{PASS}AND id IN (SELECT pass_id FROM messages \
                        WHERE org_id = $1 AND lower(to_address) = lower($2) AND pass_id IS NOT NULL)");
                    passes.extend(sqlx::query(&sql).bind(org_id).bind(email.trim())
                        .try_map(crate::columns::decode::<_, PassRecord>)
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by email"))?);
                }
                if let Some(reference) = &who.external_ref {
                    let sql = format!("{PASS}AND external_ref = $2");
                    passes.extend(sqlx::query(&sql).bind(org_id).bind(reference.trim())
                        .try_map(crate::columns::decode::<_, PassRecord>)
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by reference"))?);
                }
                if let Some(name) = &who.name {
                    let sql = format!("{PASS}AND lower(label) = lower($2)");
                    passes.extend(sqlx::query(&sql).bind(org_id).bind(name.trim())
                        .try_map(crate::columns::decode::<_, PassRecord>)
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by name"))?);
                    data.walk_ins = sqlx::query(
                        "SELECT id, gate_id, host_id, visitor_name, note, state, created_at_ms \
                         FROM walk_ins WHERE org_id = $1 AND lower(visitor_name) = lower($2) \
                         ORDER BY created_at_ms, id",
                    )
                    .bind(org_id)
                    .bind(name.trim())
                    .try_map(crate::columns::decode::<_, WalkInRecord>)
                    .fetch_all(self.writes())
                    .await
                    .map_err(Error::storage("find walk-ins by name"))?;
                }
                passes.sort_by_key(|pass| (pass.created_at_ms, pass.id));
                passes.dedup_by_key(|pass| pass.id);
                let mut messages: Vec<MessageRecord> = Vec::new();
                let mut audit: Vec<AuditRow> = Vec::new();
                for pass in &passes {
                    data.visits.extend(sqlx::query(
                        "SELECT pass_id, gate_id, outcome, reason, created_at_ms FROM redemptions \
                         WHERE org_id = $1 AND pass_id = $2 ORDER BY created_at_ms",
                    ).bind(org_id).bind(pass.id).try_map(crate::columns::decode::<_, VisitRecord>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find visits"))?);
                    messages.extend(sqlx::query(
                        "SELECT id, pass_id, kind, to_address, state, created_at_ms FROM messages \
                         WHERE org_id = $1 AND pass_id = $2",
                    ).bind(org_id).bind(pass.id).try_map(crate::columns::decode::<_, MessageRecord>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find messages"))?);
                    audit.extend(sqlx::query(
                        "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                         actor_issuer, actor_subject, actor_name, origin_node_id FROM audit_events \
                         WHERE org_id = $1 AND pass_id = $2",
                    ).bind(org_id).bind(pass.id).try_map(crate::columns::decode::<_, AuditRow>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find audit events of a pass"))?);
                }
                if let Some(email) = &who.email {
                    messages.extend(sqlx::query(
                        "SELECT id, pass_id, kind, to_address, state, created_at_ms FROM messages \
                         WHERE org_id = $1 AND lower(to_address) = lower($2)",
                    ).bind(org_id).bind(email.trim()).try_map(crate::columns::decode::<_, MessageRecord>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find messages by address"))?);
                }
                messages.sort_by_key(|message| (message.created_at_ms, message.id));
                messages.dedup_by_key(|message| message.id);
                // Events about a walk-in or a message name it in their details.
                let named: Vec<String> = data.walk_ins.iter().map(|w| w.id.to_string())
                    .chain(messages.iter().map(|m| m.id.to_string())).collect();
                for id in &named {
                    audit.extend(sqlx::query(
                        "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                         actor_issuer, actor_subject, actor_name, origin_node_id FROM audit_events \
                         WHERE org_id = $1 AND (kind LIKE 'walk_in%' OR kind LIKE 'message%') \
                         AND details LIKE $2",
                    ).bind(org_id).bind(format!("%{id}%")).try_map(crate::columns::decode::<_, AuditRow>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find audit events of a walk-in or message"))?);
                }
                audit.sort_by_key(|event| event.id);
                audit.dedup_by_key(|event| event.id);
                for event in &audit {
                    data.deliveries.extend(sqlx::query(
                        "SELECT id, audit_id, body FROM webhook_deliveries WHERE org_id = $1 AND audit_id = $2",
                    ).bind(org_id).bind(event.id).try_map(crate::columns::decode::<_, DeliveryRecord>).fetch_all(self.writes()).await
                    .map_err(Error::storage("find webhook deliveries"))?);
                }
                data.passes = passes;
                data.messages = messages;
                data.audit = audit;
                Ok(data)
            }

            async fn erase_personal_data(
                &self,
                erasure: &tessera_domain::privacy::ErasureRecord,
                writes: &tessera_domain::privacy::ErasureWrites,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("erase personal data").await?;
                sqlx::query(
                    "INSERT INTO erasures (id, org_id, at_ms, by_name, classes, cause, pseudonym) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(erasure.id)
                .bind(erasure.org_id)
                .bind(erasure.at_ms)
                .bind(&erasure.by_name)
                .bind(erasure.classes.stored())
                .bind(erasure.cause)
                .bind(erasure.pseudonym.as_str())
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("record erasure"))?;
                for (id, label, reference, classes) in &writes.passes {
                    sqlx::query(
                        "UPDATE passes SET label = COALESCE($3, label), \
                         external_ref = COALESCE($4, external_ref), erased_classes = $5 \
                         WHERE id = $1 AND org_id = $2",
                    )
                    .bind(id).bind(erasure.org_id).bind(label).bind(reference).bind(classes)
                    .execute(&mut *tx).await.map_err(Error::storage("erase pass"))?;
                }
                for (id, address) in &writes.messages {
                    sqlx::query(
                        "UPDATE messages SET to_address = $3, secret = NULL, \
                         state = CASE WHEN state = 'pending' THEN 'expired' ELSE state END, \
                         settled_at_ms = COALESCE(settled_at_ms, $4) WHERE id = $1 AND org_id = $2",
                    )
                    .bind(id).bind(erasure.org_id).bind(address).bind(erasure.at_ms)
                    .execute(&mut *tx).await.map_err(Error::storage("erase message"))?;
                }
                for (id, name, note) in &writes.walk_ins {
                    sqlx::query(
                        "UPDATE walk_ins SET visitor_name = COALESCE($3, visitor_name), \
                         note = CASE WHEN note IS NULL THEN NULL ELSE COALESCE($4, note) END \
                         WHERE id = $1 AND org_id = $2",
                    )
                    .bind(id).bind(erasure.org_id).bind(name).bind(note)
                    .execute(&mut *tx).await.map_err(Error::storage("erase walk-in"))?;
                }
                for (id, details) in &writes.audit {
                    sqlx::query(
                        "UPDATE audit_events SET details = $3, erasure_id = $4 \
                         WHERE id = $1 AND org_id = $2",
                    )
                    .bind(id).bind(erasure.org_id).bind(details).bind(erasure.id)
                    .execute(&mut *tx).await.map_err(Error::storage("erase inside an audit event"))?;
                }
                for (id, name, email, reference, reason) in &writes.watchlist {
                    sqlx::query(
                        "UPDATE watchlist SET name = COALESCE($3, name), email = COALESCE($4, email), \
                         external_ref = COALESCE($5, external_ref), reason = COALESCE($6, reason), \
                         updated_at_ms = $7 WHERE id = $1 AND org_id = $2 AND expires_at_ms <= $7",
                    )
                    .bind(id).bind(erasure.org_id).bind(name).bind(email).bind(reference).bind(reason)
                    .bind(erasure.at_ms)
                    .execute(&mut *tx).await.map_err(Error::storage("erase a watchlist entry"))?;
                }
                for (id, body) in &writes.deliveries {
                    sqlx::query("UPDATE webhook_deliveries SET body = $3 WHERE id = $1 AND org_id = $2")
                        .bind(id).bind(erasure.org_id).bind(body)
                        .execute(&mut *tx).await.map_err(Error::storage("erase inside a webhook delivery"))?;
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "erase personal data").await
            }

            async fn privacy_settings(&self, org_id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar("SELECT retention FROM privacy_settings WHERE org_id = $1")
                    .bind(org_id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load privacy settings"))
            }

            async fn put_privacy_settings(
                &self,
                org_id: Uuid,
                retention: &str,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("set privacy settings").await?;
                sqlx::query(
                    "INSERT INTO privacy_settings (org_id, retention, updated_at_ms) VALUES ($1, $2, $3) \
                     ON CONFLICT (org_id) DO UPDATE SET retention = excluded.retention, \
                     updated_at_ms = excluded.updated_at_ms",
                )
                .bind(org_id)
                .bind(retention)
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("set privacy settings"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "set privacy settings").await
            }

            async fn privacy_orgs(&self) -> Result<Vec<(Uuid, String)>> {
                sqlx::query_as("SELECT org_id, retention FROM privacy_settings ORDER BY org_id")
                    .fetch_all(self.reads())
                    .await
                    .map_err(Error::storage("load privacy settings"))
            }

            async fn expired_passes(
                &self,
                org_id: Uuid,
                before_ms: i64,
                after: Option<Uuid>,
                limit: i64,
            ) -> Result<Vec<(Uuid, i64, Option<String>)>> {
                sqlx::query_as(
                    "SELECT id, valid_until_ms, erased_classes FROM passes \
                     WHERE org_id = $1 AND valid_until_ms < $2 AND ($3 IS NULL OR id > $3) \
                     AND (erased_classes IS NULL OR erased_classes <> $5) \
                     ORDER BY id LIMIT $4",
                )
                .bind(org_id)
                .bind(before_ms)
                .bind(after)
                .bind(limit)
                .bind(tessera_domain::privacy::Classes::all().stored())
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("find expired passes"))
            }
        }
    };
}

pub(crate) use privacy_statements;

crate::columns::from_columns!(tessera_domain::privacy::PassRecord {
    id,
    label,
    site,
    external_ref,
    state,
    valid_from_ms,
    valid_until_ms,
    uses,
    created_at_ms,
    erased_classes,
});
crate::columns::from_columns!(tessera_domain::privacy::VisitRecord {
    pass_id,
    gate_id,
    outcome,
    reason,
    created_at_ms,
});
crate::columns::from_columns!(tessera_domain::privacy::WalkInRecord {
    id,
    gate_id,
    host_id,
    visitor_name,
    note,
    state,
    created_at_ms,
});
crate::columns::from_columns!(tessera_domain::privacy::MessageRecord {
    id,
    pass_id,
    kind,
    to_address,
    state,
    created_at_ms,
});
crate::columns::from_columns!(tessera_domain::privacy::DeliveryRecord { id, audit_id, body });

/// Everything held about one person (GDPR Article 15).
#[derive(Clone, Debug, Default)]
pub struct PersonalData {
    /// Their passes.
    pub passes: Vec<tessera_domain::privacy::PassRecord>,
    /// Outcomes at gates of those passes.
    pub visits: Vec<tessera_domain::privacy::VisitRecord>,
    /// Walk-ins under their name.
    pub walk_ins: Vec<tessera_domain::privacy::WalkInRecord>,
    /// Messages to them.
    pub messages: Vec<tessera_domain::privacy::MessageRecord>,
    /// Audit events about any of the above, oldest first.
    pub audit: Vec<AuditRow>,
    /// Webhook deliveries of those events.
    pub deliveries: Vec<tessera_domain::privacy::DeliveryRecord>,
    /// Watchlist entries about them: left empty by the store, found by the flow from the
    /// organisation's watchlist and their identifiers (`flows::privacy`).
    pub watchlist: Vec<tessera_domain::privacy::WatchMatch>,
}

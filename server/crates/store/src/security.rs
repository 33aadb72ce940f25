//! The security team's statements (issue 32): alarms as people handle them.
//!
//! [`security_statements!`] implements [`crate::SecurityStatements`] for a backend, with
//! the same statements on both: an alarm is a high-severity row of `audit_events`, joined
//! to its row of `alarms` once someone touched it, and every change is written only if the
//! alarm is still at the version its decision was made on.

/// Columns of an alarm: its event, and its handling from `LEFT JOIN alarms a`.
macro_rules! alarm_columns {
    () => {
        "SELECT e.id, e.at_ms, e.org_id, e.kind, e.severity, e.gate_id, e.pass_id, e.details, \
         e.actor_issuer, e.actor_subject, e.actor_name, e.origin_node_id, a.state AS alarm_state, \
         a.version AS alarm_version, a.assignee, a.acknowledged_at_ms, a.acknowledged_by, \
         a.resolved_at_ms, a.resolved_by, a.outcome, a.note, a.updated_at_ms AS alarm_updated_at_ms \
         FROM audit_events e LEFT JOIN alarms a ON a.audit_id = e.id "
    };
}

macro_rules! security_statements {
    (store: $store:ty $(,)?) => {
        #[async_trait::async_trait]
        impl crate::SecurityStatements for $store {
            async fn alarms(&self, filter: &AlarmFilter) -> Result<Vec<AlarmRow>> {
                sqlx::query_as(concat!(
                    crate::security::alarm_columns!(),
                    "WHERE e.org_id = $1 AND e.severity = 'high' \
                     AND ($2 IS NULL OR COALESCE(a.state, 'open') = $2) \
                     AND ($3 IS NULL OR e.id < $3) ORDER BY e.id DESC LIMIT $4"
                ))
                .bind(filter.org_id)
                .bind(filter.state.map(|state| state.as_str()))
                .bind(filter.before_id)
                .bind(filter.limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list alarms"))
            }

            async fn alarm(&self, org_id: Uuid, alarm_id: i64) -> Result<Option<AlarmRow>> {
                sqlx::query_as(concat!(
                    crate::security::alarm_columns!(),
                    "WHERE e.org_id = $1 AND e.id = $2 AND e.severity = 'high'"
                ))
                .bind(org_id)
                .bind(alarm_id)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load alarm"))
            }

            async fn write_alarm(
                &self,
                org_id: Uuid,
                alarm_id: i64,
                read_version: i64,
                next: &tessera_domain::alarms::Handling,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("change alarm").await?;
                let state = next.current().as_str();
                let outcome = next.outcome.map(|outcome| outcome.as_str());
                // A first change inserts the row (nobody else may have); a later one moves
                // it from the version it was decided on.
                let write = if read_version == 0 {
                    sqlx::query(
                        "INSERT INTO alarms (audit_id, org_id, state, version, assignee, \
                         acknowledged_at_ms, acknowledged_by, resolved_at_ms, resolved_by, \
                         outcome, note, updated_at_ms) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                         ON CONFLICT (audit_id) DO NOTHING",
                    )
                } else {
                    sqlx::query(
                        "UPDATE alarms SET state = $3, version = $4, assignee = $5, \
                         acknowledged_at_ms = $6, acknowledged_by = $7, resolved_at_ms = $8, \
                         resolved_by = $9, outcome = $10, note = $11, updated_at_ms = $12 \
                         WHERE audit_id = $1 AND org_id = $2 AND version = $13",
                    )
                }
                .bind(alarm_id)
                .bind(org_id)
                .bind(state)
                .bind(next.version)
                .bind(&next.assignee)
                .bind(next.acknowledged_at_ms)
                .bind(&next.acknowledged_by)
                .bind(next.resolved_at_ms)
                .bind(&next.resolved_by)
                .bind(outcome)
                .bind(&next.note)
                .bind(next.updated_at_ms);
                let write = if read_version == 0 {
                    write
                } else {
                    write.bind(read_version)
                };
                let written = write
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("change alarm"))?
                .rows_affected()
                    == 1;
                if !written {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "change alarm").await?;
                Ok(true)
            }

            async fn open_alarms(&self) -> Result<i64> {
                sqlx::query_scalar(
                    "SELECT (SELECT COUNT(*) FROM audit_events WHERE severity = 'high') \
                     - (SELECT COUNT(*) FROM alarms a JOIN audit_events e ON e.id = a.audit_id \
                        WHERE a.state = 'resolved')",
                )
                .fetch_one(self.reads())
                .await
                .map_err(Error::storage("count open alarms"))
            }

            async fn watchlist(&self, org_id: Uuid) -> Result<Vec<tessera_domain::watchlist::WatchEntry>> {
                sqlx::query_as(
                    "SELECT id, org_id, name, email, external_ref, reason, mode, added_by, \
                     created_at_ms, updated_at_ms, expires_at_ms FROM watchlist \
                     WHERE org_id = $1 ORDER BY created_at_ms, id LIMIT 100000",
                )
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("load watchlist"))
            }

            async fn put_watch_entry(
                &self,
                entry: &tessera_domain::watchlist::WatchEntry,
                new: bool,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("put watchlist entry").await?;
                let written = sqlx::query(if new {
                    "INSERT INTO watchlist (id, org_id, name, email, external_ref, reason, mode, \
                     added_by, created_at_ms, updated_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"
                } else {
                    // Who added it and when do not change; they sit in the condition so that
                    // both statements bind the same parameters.
                    "UPDATE watchlist SET name = $3, email = $4, external_ref = $5, reason = $6, \
                     mode = $7, updated_at_ms = $10, expires_at_ms = $11 \
                     WHERE id = $1 AND org_id = $2 AND added_by = $8 AND created_at_ms = $9"
                })
                .bind(entry.id)
                .bind(entry.org_id)
                .bind(&entry.name)
                .bind(&entry.email)
                .bind(&entry.external_ref)
                .bind(&entry.reason)
                .bind(entry.mode.as_str())
                .bind(&entry.added_by)
                .bind(entry.created_at_ms)
                .bind(entry.updated_at_ms)
                .bind(entry.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("put watchlist entry"))?
                .rows_affected()
                    == 1;
                if !written {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "put watchlist entry").await?;
                Ok(true)
            }

            async fn remove_watch_entry(&self, org_id: Uuid, id: Uuid, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("remove watchlist entry").await?;
                let removed = sqlx::query("DELETE FROM watchlist WHERE id = $1 AND org_id = $2")
                    .bind(id)
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("remove watchlist entry"))?
                    .rows_affected()
                    == 1;
                if !removed {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "remove watchlist entry").await?;
                Ok(true)
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
                    passes.extend(sqlx::query_as::<_, PassRecord>(&sql).bind(org_id).bind(id)
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by id"))?);
                }
                if let Some(email) = &who.email {
                    let sql = format!("{PASS}AND id IN (SELECT pass_id FROM messages \
                        WHERE org_id = $1 AND lower(to_address) = lower($2) AND pass_id IS NOT NULL)");
                    passes.extend(sqlx::query_as::<_, PassRecord>(&sql).bind(org_id).bind(email.trim())
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by email"))?);
                }
                if let Some(reference) = &who.external_ref {
                    let sql = format!("{PASS}AND external_ref = $2");
                    passes.extend(sqlx::query_as::<_, PassRecord>(&sql).bind(org_id).bind(reference.trim())
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by reference"))?);
                }
                if let Some(name) = &who.name {
                    let sql = format!("{PASS}AND lower(label) = lower($2)");
                    passes.extend(sqlx::query_as::<_, PassRecord>(&sql).bind(org_id).bind(name.trim())
                        .fetch_all(self.writes()).await.map_err(Error::storage("find passes by name"))?);
                    data.walk_ins = sqlx::query_as::<_, WalkInRecord>(
                        "SELECT id, gate_id, host_id, visitor_name, note, state, created_at_ms \
                         FROM walk_ins WHERE org_id = $1 AND lower(visitor_name) = lower($2) \
                         ORDER BY created_at_ms, id",
                    )
                    .bind(org_id)
                    .bind(name.trim())
                    .fetch_all(self.writes())
                    .await
                    .map_err(Error::storage("find walk-ins by name"))?;
                }
                passes.sort_by_key(|pass| (pass.created_at_ms, pass.id));
                passes.dedup_by_key(|pass| pass.id);
                let mut messages: Vec<MessageRecord> = Vec::new();
                let mut audit: Vec<AuditRow> = Vec::new();
                for pass in &passes {
                    data.visits.extend(sqlx::query_as::<_, VisitRecord>(
                        "SELECT pass_id, gate_id, outcome, reason, created_at_ms FROM redemptions \
                         WHERE org_id = $1 AND pass_id = $2 ORDER BY created_at_ms",
                    ).bind(org_id).bind(pass.id).fetch_all(self.writes()).await
                    .map_err(Error::storage("find visits"))?);
                    messages.extend(sqlx::query_as::<_, MessageRecord>(
                        "SELECT id, pass_id, kind, to_address, state, created_at_ms FROM messages \
                         WHERE org_id = $1 AND pass_id = $2",
                    ).bind(org_id).bind(pass.id).fetch_all(self.writes()).await
                    .map_err(Error::storage("find messages"))?);
                    audit.extend(sqlx::query_as::<_, AuditRow>(
                        "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                         actor_issuer, actor_subject, actor_name, origin_node_id FROM audit_events \
                         WHERE org_id = $1 AND pass_id = $2",
                    ).bind(org_id).bind(pass.id).fetch_all(self.writes()).await
                    .map_err(Error::storage("find audit events of a pass"))?);
                }
                if let Some(email) = &who.email {
                    messages.extend(sqlx::query_as::<_, MessageRecord>(
                        "SELECT id, pass_id, kind, to_address, state, created_at_ms FROM messages \
                         WHERE org_id = $1 AND lower(to_address) = lower($2)",
                    ).bind(org_id).bind(email.trim()).fetch_all(self.writes()).await
                    .map_err(Error::storage("find messages by address"))?);
                }
                messages.sort_by_key(|message| (message.created_at_ms, message.id));
                messages.dedup_by_key(|message| message.id);
                // Events about a walk-in or a message name it in their details.
                let named: Vec<String> = data.walk_ins.iter().map(|w| w.id.to_string())
                    .chain(messages.iter().map(|m| m.id.to_string())).collect();
                for id in &named {
                    audit.extend(sqlx::query_as::<_, AuditRow>(
                        "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                         actor_issuer, actor_subject, actor_name, origin_node_id FROM audit_events \
                         WHERE org_id = $1 AND (kind LIKE 'walk_in%' OR kind LIKE 'message%') \
                         AND details LIKE $2",
                    ).bind(org_id).bind(format!("%{id}%")).fetch_all(self.writes()).await
                    .map_err(Error::storage("find audit events of a walk-in or message"))?);
                }
                audit.sort_by_key(|event| event.id);
                audit.dedup_by_key(|event| event.id);
                for event in &audit {
                    data.deliveries.extend(sqlx::query_as::<_, DeliveryRecord>(
                        "SELECT id, audit_id, body FROM webhook_deliveries WHERE org_id = $1 AND audit_id = $2",
                    ).bind(org_id).bind(event.id).fetch_all(self.writes()).await
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
        }
    };
}

pub(crate) use {alarm_columns, security_statements};

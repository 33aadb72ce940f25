//! Webhooks and their outbox: endpoints, their deliveries, and the passes waiting for one.
//!
//! [`webhooks_statements!`] implements [`WebhookStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{DeliveryRow, DeliveryState, NewAudit, Result, WebhookRow};

/// Webhooks and their outbox: endpoints, their deliveries, and the passes waiting for one.
#[async_trait::async_trait]
pub trait WebhookStatements {
    /// Stores a webhook with its creation event, together.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_webhook(&self, webhook: &WebhookRow, event: &NewAudit) -> Result<()>;

    /// Changes a webhook of the tenant with `event` (none: no event, for the start-up
    /// sealing of old secrets), together; returns the webhook as it is after, and whether
    /// anything changed (disabling a disabled webhook changes nothing and writes no event).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn change_webhook(
        &self,
        org_id: Uuid,
        webhook_id: Uuid,
        change: &WebhookChange,
        event: Option<&NewAudit>,
    ) -> Result<(Option<WebhookRow>, bool)>;

    /// Every webhook, of any tenant, whose secret is not stored sealed (written by a server
    /// from before sealing).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn webhooks_unsealed(&self) -> Result<Vec<WebhookRow>>;

    /// Deletes a webhook of the tenant and its queued and dead deliveries, with `event`,
    /// together; false when there was none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn delete_webhook(
        &self,
        org_id: Uuid,
        webhook_id: Uuid,
        event: &NewAudit,
    ) -> Result<bool>;

    /// The passes with an undelivered event queued for this webhook.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn waiting_passes(&self, webhook_id: Uuid) -> Result<Vec<Uuid>>;

    /// A tenant's deliveries in one state, newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn deliveries(
        &self,
        org_id: Uuid,
        state: DeliveryState,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>>;

    /// Puts a dead delivery back in the queue; false when there is none.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn replay_delivery(&self, org_id: Uuid, id: i64, now_ms: i64) -> Result<bool>;

    /// Webhooks: a tenant's, or (`None`) every enabled one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>>;

    /// Claims due deliveries for a lease, each the oldest pending of its pass.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn claim_deliveries(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>>;
}

macro_rules! webhooks_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::webhooks::WebhookStatements for $store {
            async fn insert_webhook(&self, webhook: &WebhookRow, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert webhook").await?;
                sqlx::query(
                    "INSERT INTO webhooks (id, org_id, url, secret, events, audit_cursor, created_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(webhook.id)
                .bind(webhook.org_id)
                .bind(&webhook.url)
                .bind(&webhook.secret)
                .bind(webhook.events.stored())
                .bind(webhook.audit_cursor)
                .bind(webhook.created_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert webhook"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert webhook").await
            }

            async fn change_webhook(
                &self,
                org_id: Uuid,
                webhook_id: Uuid,
                change: &WebhookChange,
                event: Option<&NewAudit>,
            ) -> Result<(Option<WebhookRow>, bool)> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("change webhook").await?;
                let query = match change {
                    WebhookChange::Disable { at_ms, reason } => sqlx::query(
                        "UPDATE webhooks SET disabled_at_ms = $3, disabled_reason = $4 \
                         WHERE id = $1 AND org_id = $2 AND disabled_at_ms IS NULL",
                    )
                    .bind(webhook_id)
                    .bind(org_id)
                    .bind(at_ms)
                    .bind(reason),
                    WebhookChange::Enable { cursor } => sqlx::query(
                        "UPDATE webhooks SET disabled_at_ms = NULL, disabled_reason = NULL, \
                         audit_cursor = $3 WHERE id = $1 AND org_id = $2 AND disabled_at_ms IS NOT NULL",
                    )
                    .bind(webhook_id)
                    .bind(org_id)
                    .bind(cursor),
                    WebhookChange::Secret { stored, replacing } => sqlx::query(
                        "UPDATE webhooks SET secret = $3 WHERE id = $1 AND org_id = $2 \
                         AND ($4 IS NULL OR secret = $4)",
                    )
                    .bind(webhook_id)
                    .bind(org_id)
                    .bind(stored)
                    .bind(replacing),
                };
                let changed = query
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("change webhook"))?
                    .rows_affected()
                    == 1;
                if changed {
                    if let Some(event) = event {
                        insert_audit(&mut tx, event).await?;
                    }
                }
                let webhook: Option<WebhookRow> = sqlx::query(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks WHERE id = $1 AND org_id = $2",
                )
                .bind(webhook_id)
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load webhook"))?;
                commit(tx, "change webhook").await?;
                Ok((webhook, changed))
            }

            async fn webhooks_unsealed(&self) -> Result<Vec<WebhookRow>> {
                sqlx::query(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks WHERE secret NOT LIKE 'sealed1.%'",
                )
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list unsealed webhooks"))
            }

            async fn delete_webhook(
                &self,
                org_id: Uuid,
                webhook_id: Uuid,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("delete webhook").await?;
                sqlx::query("DELETE FROM webhook_deliveries WHERE webhook_id = $1 AND org_id = $2")
                    .bind(webhook_id)
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("delete webhook deliveries"))?;
                let deleted = sqlx::query("DELETE FROM webhooks WHERE id = $1 AND org_id = $2")
                    .bind(webhook_id)
                    .bind(org_id)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("delete webhook"))?
                    .rows_affected();
                if deleted != 1 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "delete webhook").await?;
                Ok(true)
            }

            async fn waiting_passes(&self, webhook_id: Uuid) -> Result<Vec<Uuid>> {
                sqlx::query_scalar(
                    "SELECT DISTINCT pass_id FROM webhook_deliveries \
                     WHERE webhook_id = $1 AND state = 'pending' AND pass_id IS NOT NULL",
                )
                .bind(webhook_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read waiting passes"))
            }

            async fn deliveries(&self, org_id: Uuid, state: $crate::DeliveryState, limit: i64) -> Result<Vec<DeliveryRow>> {
                sqlx::query(
                    "SELECT id, webhook_id, org_id, audit_id, pass_id, event_type, body, state, \
                     attempts, next_attempt_ms, last_error, created_at_ms, delivered_at_ms \
                     FROM webhook_deliveries WHERE org_id = $1 AND state = $2 ORDER BY id DESC LIMIT $3",
                )
                .bind(org_id)
                .bind(state.as_str())
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list deliveries"))
            }

            async fn replay_delivery(&self, org_id: Uuid, id: i64, now_ms: i64) -> Result<bool> {
                let _writing = self.write_turn().await;
                let replayed = sqlx::query(
                    "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, \
                     next_attempt_ms = $3, created_at_ms = $3 \
                     WHERE id = $1 AND org_id = $2 AND state = 'dead'",
                )
                .bind(id)
                .bind(org_id)
                .bind(now_ms)
                .execute(self.writes())
                .await
                .map_err(Error::storage("replay delivery"))?
                .rows_affected()
                    == 1;
                Ok(replayed)
            }

            async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>> {
                sqlx::query(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks \
                     WHERE ($1 IS NULL AND disabled_at_ms IS NULL) OR org_id = $1 \
                     ORDER BY created_at_ms, id",
                )
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list webhooks"))
            }

            async fn claim_deliveries(
                &self,
                now_ms: i64,
                lease_ms: i64,
                limit: i64,
            ) -> Result<Vec<DeliveryRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin_presence("claim deliveries").await?;
                let claimed = sqlx::query(concat!(
                    "UPDATE webhook_deliveries SET next_attempt_ms = $2, attempts = attempts + 1 \
                     WHERE id IN (SELECT d.id FROM webhook_deliveries d \
                     WHERE d.state = 'pending' AND d.next_attempt_ms <= $1 \
                     AND (d.pass_id IS NULL OR d.id = (SELECT MIN(e.id) FROM webhook_deliveries e \
                     WHERE e.webhook_id = d.webhook_id AND e.pass_id = d.pass_id \
                     AND e.state = 'pending')) \
                     ORDER BY d.id LIMIT $3",
                    $skip_locked,
                    ") RETURNING id, webhook_id, org_id, audit_id, pass_id, event_type, body, \
                     state, attempts, next_attempt_ms, last_error, created_at_ms, delivered_at_ms",
                ))
                .bind(now_ms)
                .bind(now_ms.saturating_add(lease_ms))
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("claim deliveries"))?;
                tx.commit()
                    .await
                    .map_err(Error::storage("claim deliveries"))?;
                Ok(claimed)
            }
        }
    };
}

pub(crate) use webhooks_statements;

crate::columns::from_columns!(crate::WebhookRow {
    id,
    org_id,
    url,
    secret,
    events: text,
    audit_cursor,
    created_at_ms,
    disabled_at_ms,
    disabled_reason,
});
crate::columns::from_columns!(crate::DeliveryRow {
    id,
    webhook_id,
    org_id,
    audit_id,
    pass_id,
    event_type,
    body,
    state: text,
    attempts,
    next_attempt_ms,
    last_error,
    created_at_ms,
    delivered_at_ms,
});

/// A change an admin (or start-up) makes to a webhook.
#[derive(Clone, Debug)]
pub enum WebhookChange {
    /// Stop sending to it (its cursor stays; its queue waits in the dead-letter list).
    Disable {
        /// When.
        at_ms: i64,
        /// Why, as the list shows it.
        reason: String,
    },
    /// Send to it again, from the events after `cursor` (those while it was off are not
    /// sent).
    Enable {
        /// The last audit id it will not be sent.
        cursor: i64,
    },
    /// A new signing secret, as stored (sealed); with `replacing`, only if the stored one is
    /// still that text (the start-up sealing of an old plaintext secret).
    Secret {
        /// The new stored secret.
        stored: String,
        /// The stored secret it must replace, if any.
        replacing: Option<String>,
    },
}

//! Messages and their channels: the mail and push outbox, an organisation's mail settings, and
//! hosts' browser push subscriptions.
//!
//! [`messages_statements!`] implements [`MessageStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{
    MessageRow, MessageState, NewAudit, OrgMailRow, PushSubscriptionRow, Result, SmtpSettingsRow,
};

/// Messages and their channels: the mail and push outbox, an organisation's mail settings, and
/// hosts' browser push subscriptions.
#[async_trait::async_trait]
pub trait MessageStatements {
    /// Queues a message with its event (a resend: a new pass's message commits with the
    /// pass, [`crate::PassStatements::insert_pass`]).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn queue_message(&self, message: &MessageRow, event: &NewAudit) -> Result<()>;

    /// Gives an unclaimed, unexpired pass a new claim token (the earlier link stops
    /// working) and queues the message that carries it, with its event, together. False
    /// (nothing written) when the pass is claimed, used, revoked, expired or not the
    /// tenant's.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn reinvite(
        &self,
        org_id: Uuid,
        pass_id: Uuid,
        token_hash: &[u8; 32],
        now_ms: i64,
        message: &MessageRow,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Claims up to `limit` due pending messages for `lease_ms`: each counts an attempt and
    /// is not due again before the lease ends, so no two dispatchers send it at once. With
    /// `with_mail` false only pushes are claimed: mail waits, untouched, for a relay.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn claim_messages(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
        with_mail: bool,
    ) -> Result<Vec<MessageRow>>;

    /// Records what the attempt numbered `attempts` came to, with `event` when it is one
    /// worth auditing; a settled message loses its sealed secret. False (and nothing
    /// written) when the message is no longer that attempt's: settled, or claimed again.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn settle_message(
        &self,
        id: Uuid,
        attempts: i64,
        settled: &MessageSettlement,
        event: Option<&NewAudit>,
    ) -> Result<bool>;

    /// A tenant's messages, newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn messages(&self, filter: &MessageFilter) -> Result<Vec<MessageRow>>;

    /// One message of a tenant.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn message(&self, org_id: Uuid, id: Uuid) -> Result<Option<MessageRow>>;

    /// The server's SMTP relay, if one is set.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn smtp_settings(&self) -> Result<Option<SmtpSettingsRow>>;

    /// Sets (or, with `None`, removes) the server's SMTP relay.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_smtp_settings(&self, settings: Option<&SmtpSettingsRow>) -> Result<()>;

    /// An organisation's sender name and reply-to address (empty when never set).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn org_mail(&self, org_id: Uuid) -> Result<OrgMailRow>;

    /// Sets an organisation's sender name and reply-to address, with its event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_org_mail(
        &self,
        org_id: Uuid,
        settings: &OrgMailRow,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Records a browser's push subscription for a host (replacing any of its endpoint),
    /// and drops that host's oldest beyond the newest `keep`, in the same transaction;
    /// answers how many it dropped.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn put_push_subscription(
        &self,
        subscription: &PushSubscriptionRow,
        keep: i64,
    ) -> Result<u64>;

    /// Removes push subscriptions: of a host, an endpoint, an id (those given, together;
    /// never all); how many.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn delete_push_subscription(
        &self,
        host_id: Option<Uuid>,
        endpoint: Option<&str>,
        id: Option<Uuid>,
    ) -> Result<u64>;

    /// A host's push subscriptions, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn push_subscriptions(&self, host_id: Uuid) -> Result<Vec<PushSubscriptionRow>>;

    /// One push subscription.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn push_subscription(&self, id: Uuid) -> Result<Option<PushSubscriptionRow>>;
}

/// The columns of a [`MessageRow`], in its order.
macro_rules! message_columns {
    () => {
        "id, org_id, kind, pass_id, walk_in_id, subscription_id, to_address, language, secret, \
         state, attempts, next_attempt_ms, not_after_ms, last_error, created_at_ms, settled_at_ms"
    };
}

macro_rules! messages_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::messages::MessageStatements for $store {
            async fn queue_message(&self, message: &MessageRow, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("queue message").await?;
                insert_message(&mut tx, message).await?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "queue message").await
            }

            async fn reinvite(
                &self,
                org_id: Uuid,
                pass_id: Uuid,
                token_hash: &[u8; 32],
                now_ms: i64,
                message: &MessageRow,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("send the claim link again").await?;
                let changed = sqlx::query(
                    "UPDATE passes SET claim_token_hash = $3 WHERE id = $1 AND org_id = $2 \
                     AND state = 'issued' AND valid_until_ms > $4",
                )
                .bind(pass_id)
                .bind(org_id)
                .bind(&token_hash[..])
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("send the claim link again"))?
                .rows_affected()
                    == 1;
                if !changed {
                    return Ok(false);
                }
                insert_message(&mut tx, message).await?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "send the claim link again").await?;
                Ok(true)
            }

            async fn claim_messages(
                &self,
                now_ms: i64,
                lease_ms: i64,
                limit: i64,
                with_mail: bool,
            ) -> Result<Vec<MessageRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin_presence("claim messages").await?;
                let claimed = sqlx::query(concat!(
                    "UPDATE messages SET next_attempt_ms = $2, attempts = attempts + 1 \
                     WHERE id IN (SELECT m.id FROM messages m \
                     WHERE m.state = 'pending' AND m.next_attempt_ms <= $1 \
                     AND ($4 OR m.kind = 'approval_push') \
                     ORDER BY m.next_attempt_ms LIMIT $3",
                    $skip_locked,
                    ") RETURNING ", $crate::messages::message_columns!(),
                ))
                .bind(now_ms)
                .bind(now_ms.saturating_add(lease_ms))
                .bind(limit)
                .bind(with_mail)
                .try_map(crate::columns::decode)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("claim messages"))?;
                tx.commit().await.map_err(Error::storage("claim messages"))?;
                Ok(claimed)
            }

            async fn settle_message(
                &self,
                id: Uuid,
                attempts: i64,
                settled: &MessageSettlement,
                event: Option<&NewAudit>,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("settle message").await?;
                let pending = settled.state == MessageState::Pending;
                // Only the attempt that claimed it settles it: a claim by another replica
                // after this lease ran out moved `attempts` on.
                let changed = sqlx::query(
                    "UPDATE messages SET state = $3, next_attempt_ms = $4, last_error = $5, \
                     settled_at_ms = $6, secret = CASE WHEN $7 THEN secret ELSE NULL END \
                     WHERE id = $1 AND attempts = $2 AND state = 'pending'",
                )
                .bind(id)
                .bind(attempts)
                .bind(settled.state.as_str())
                .bind(settled.next_attempt_ms)
                .bind(&settled.last_error)
                .bind((!pending).then_some(settled.at_ms))
                .bind(pending)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("settle message"))?
                .rows_affected()
                    == 1;
                if changed {
                    if let Some(event) = event {
                        insert_audit(&mut tx, event).await?;
                    }
                }
                commit(tx, "settle message").await?;
                Ok(changed)
            }

            async fn messages(&self, filter: &MessageFilter) -> Result<Vec<MessageRow>> {
                sqlx::query(concat!(
                    "SELECT ", $crate::messages::message_columns!(), " FROM messages WHERE org_id = $1 \
                     AND ($2 IS NULL OR state = $2) AND ($3 IS NULL OR pass_id = $3) \
                     AND ($4 IS NULL OR (created_at_ms, id) < ($4, $5)) \
                     ORDER BY created_at_ms DESC, id DESC LIMIT $6",
                ))
                .bind(filter.org_id)
                .bind(filter.state.map(MessageState::as_str))
                .bind(filter.pass_id)
                .bind(filter.before.map(|(at, _)| at))
                .bind(filter.before.map(|(_, id)| id))
                .bind(filter.limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list messages"))
            }

            async fn message(&self, org_id: Uuid, id: Uuid) -> Result<Option<MessageRow>> {
                sqlx::query(concat!(
                    "SELECT ", $crate::messages::message_columns!(), " FROM messages WHERE org_id = $1 AND id = $2",
                ))
                .bind(org_id)
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load message"))
            }

            async fn smtp_settings(&self) -> Result<Option<SmtpSettingsRow>> {
                sqlx::query(
                    "SELECT host, port, tls, username, password, from_address, updated_at_ms \
                     FROM smtp_settings WHERE id = 1",
                )
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load SMTP settings"))
            }

            async fn put_smtp_settings(&self, settings: Option<&SmtpSettingsRow>) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("set SMTP settings").await?;
                sqlx::query("DELETE FROM smtp_settings WHERE id = 1")
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("set SMTP settings"))?;
                if let Some(settings) = settings {
                    sqlx::query(
                        "INSERT INTO smtp_settings (id, host, port, tls, username, password, \
                         from_address, updated_at_ms) VALUES (1, $1, $2, $3, $4, $5, $6, $7)",
                    )
                    .bind(&settings.host)
                    .bind(settings.port)
                    .bind(settings.tls.as_str())
                    .bind(&settings.username)
                    .bind(&settings.password)
                    .bind(&settings.from_address)
                    .bind(settings.updated_at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("set SMTP settings"))?;
                }
                tx.commit().await.map_err(Error::storage("set SMTP settings"))
            }

            async fn org_mail(&self, org_id: Uuid) -> Result<OrgMailRow> {
                let row: Option<OrgMailRow> = sqlx::query(
                    "SELECT from_name, reply_to FROM org_mail_settings WHERE org_id = $1",
                )
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load mail settings"))?;
                Ok(row.unwrap_or_default())
            }

            async fn put_org_mail(
                &self,
                org_id: Uuid,
                settings: &OrgMailRow,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("set mail settings").await?;
                sqlx::query(
                    "INSERT INTO org_mail_settings (org_id, from_name, reply_to, updated_at_ms) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (org_id) DO UPDATE SET \
                     from_name = excluded.from_name, reply_to = excluded.reply_to, \
                     updated_at_ms = excluded.updated_at_ms",
                )
                .bind(org_id)
                .bind(&settings.from_name)
                .bind(&settings.reply_to)
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("set mail settings"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "set mail settings").await
            }

            async fn put_push_subscription(
                &self,
                subscription: &PushSubscriptionRow,
                keep: i64,
            ) -> Result<u64> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("subscribe to push").await?;
                // One row per endpoint: a browser that subscribes again (new keys, another
                // host signed in on it) replaces its row.
                sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
                    .bind(&subscription.endpoint)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("subscribe to push"))?;
                sqlx::query(
                    "INSERT INTO push_subscriptions (id, org_id, host_id, endpoint, p256dh, auth, \
                     created_at_ms, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(subscription.id)
                .bind(subscription.org_id)
                .bind(subscription.host_id)
                .bind(&subscription.endpoint)
                .bind(&subscription.p256dh)
                .bind(&subscription.auth)
                .bind(subscription.created_at_ms)
                .bind(&subscription.language)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("subscribe to push"))?;
                // Every walk-in is pushed to each of a host's browsers: the oldest go.
                let dropped = sqlx::query(
                    "DELETE FROM push_subscriptions WHERE host_id = $1 AND id NOT IN \
                     (SELECT id FROM push_subscriptions WHERE host_id = $1 \
                      ORDER BY created_at_ms DESC, id DESC LIMIT $2)",
                )
                .bind(subscription.host_id)
                .bind(keep)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("drop the oldest push subscriptions"))?
                .rows_affected();
                tx.commit().await.map_err(Error::storage("subscribe to push"))?;
                Ok(dropped)
            }

            async fn delete_push_subscription(
                &self,
                host_id: Option<Uuid>,
                endpoint: Option<&str>,
                id: Option<Uuid>,
            ) -> Result<u64> {
                let _writing = self.write_turn().await;
                sqlx::query(
                    "DELETE FROM push_subscriptions WHERE ($1 IS NULL OR host_id = $1) \
                     AND ($2 IS NULL OR endpoint = $2) AND ($3 IS NULL OR id = $3) \
                     AND NOT ($1 IS NULL AND $2 IS NULL AND $3 IS NULL)",
                )
                .bind(host_id)
                .bind(endpoint)
                .bind(id)
                .execute(self.writes())
                .await
                .map(|done| done.rows_affected())
                .map_err(Error::storage("unsubscribe from push"))
            }

            async fn push_subscriptions(&self, host_id: Uuid) -> Result<Vec<PushSubscriptionRow>> {
                sqlx::query(
                    "SELECT id, org_id, host_id, endpoint, p256dh, auth, created_at_ms, \
                     language FROM push_subscriptions WHERE host_id = $1 ORDER BY created_at_ms",
                )
                .bind(host_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list push subscriptions"))
            }

            async fn push_subscription(&self, id: Uuid) -> Result<Option<PushSubscriptionRow>> {
                sqlx::query(
                    "SELECT id, org_id, host_id, endpoint, p256dh, auth, created_at_ms, \
                     language FROM push_subscriptions WHERE id = $1",
                )
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load push subscription"))
            }
        }
    };
}

pub(crate) use {message_columns, messages_statements};

crate::columns::from_columns!(crate::MessageRow {
    id,
    org_id,
    kind: text,
    pass_id,
    walk_in_id,
    subscription_id,
    to_address,
    language,
    secret,
    state: text,
    attempts,
    next_attempt_ms,
    not_after_ms,
    last_error,
    created_at_ms,
    settled_at_ms,
});
crate::columns::from_columns!(crate::SmtpSettingsRow {
    host,
    port,
    tls: text,
    username,
    password,
    from_address,
    updated_at_ms,
});
crate::columns::from_columns!(crate::PushSubscriptionRow {
    id,
    org_id,
    host_id,
    endpoint,
    p256dh,
    auth,
    created_at_ms,
    language: default,
});
crate::columns::from_columns!(crate::OrgMailRow {
    from_name,
    reply_to
});

/// Filters of `GET /v1/messages`.
#[derive(Clone, Debug)]
pub struct MessageFilter {
    /// Tenant.
    pub org_id: Uuid,
    /// Only in this state.
    pub state: Option<MessageState>,
    /// Only about this pass.
    pub pass_id: Option<Uuid>,
    /// Older than this `(created_at_ms, id)` (the next page).
    pub before: Option<(i64, Uuid)>,
    /// At most this many.
    pub limit: i64,
}

/// Where an attempt leaves a message, as storage writes it.
#[derive(Clone, Debug)]
pub struct MessageSettlement {
    /// Its new state.
    pub state: MessageState,
    /// When it may be tried again (pending), else when it settled.
    pub next_attempt_ms: i64,
    /// Why it failed, if it did.
    pub last_error: Option<String>,
    /// Now.
    pub at_ms: i64,
}

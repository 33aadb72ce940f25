//! Passes and claims: issuing a pass, claiming and binding it to a wallet, links and transfers,
//! walk-ins that become passes, and a pass's history.
//!
//! [`passes_statements!`] implements [`PassStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::{
    AdmissionRow, AuditRow, LinkOutcome, MessageRow, NewAudit, PassLinkRow, PassRow, Result,
    TransferClaim,
};

/// Passes and claims: issuing a pass, claiming and binding it to a wallet, links and transfers,
/// walk-ins that become passes, and a pass's history.
#[async_trait::async_trait]
pub trait PassStatements {
    /// The ids of the passes of every tenant that a wallet may still claim (issued or
    /// claimed, not expired by `now_ms`) issued after `since_ms` (0: all), at most `limit`.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn claimable_pass_ids(&self, now_ms: i64, since_ms: i64, limit: i64)
        -> Result<Vec<Uuid>>;

    /// Stores a new pass with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_pass(
        &self,
        pass: &PassRow,
        event: &NewAudit,
        message: Option<(&MessageRow, &NewAudit)>,
    ) -> Result<()>;

    /// Loads a pass of any tenant (callers check the tenant).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>>;

    /// Admissions of a pass, oldest first: those committed here and those an on-site node
    /// decided and shipped (`site_admissions`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<AdmissionRow>>;

    /// Revokes a tenant's pass with its audit event; false when it is not the tenant's.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn revoke_pass(
        &self,
        org_id: Uuid,
        id: Uuid,
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Binds a wallet key to an `issued` pass, once, with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn bind_wallet(
        &self,
        id: Uuid,
        wallet_key: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;

    /// The events of a pass's life, oldest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>>;

    /// Issues a pass under an issuer's reference, once (see `shared.rs`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_pass_by_ref(
        &self,
        pass: &PassRow,
        content_hash: &[u8; 32],
        event: &NewAudit,
        message: Option<(&MessageRow, &NewAudit)>,
    ) -> Result<ByRef>;

    /// The transfer link of a pass with this token hash, open or not.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn transfer_link(
        &self,
        pass_id: Uuid,
        token_hash: &[u8; 32],
    ) -> Result<Option<PassLinkRow>>;

    /// Stores a transfer nonce for a pass.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_transfer_nonce(
        &self,
        nonce: &[u8; 32],
        pass: &PassRow,
        now_ms: i64,
        expires_at_ms: i64,
    ) -> Result<()>;

    /// The pass a transfer nonce was issued for, while it lives.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn transfer_nonce(&self, nonce: &[u8; 32], now_ms: i64) -> Result<Option<Uuid>>;

    /// Mints a re-bind or transfer link, unless `refuse` stops it (see `shared.rs`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn mint_link(
        &self,
        link: &PassLinkRow,
        refuse: &(dyn for<'a> Fn(&'a PassRow) -> Option<LinkOutcome> + Send + Sync),
        event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
    ) -> Result<LinkOutcome>;

    /// Claims a transfer link, unless `refuse` stops it (see `shared.rs`).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn claim_transfer(
        &self,
        link_id: Uuid,
        wallet_key: &[u8; 32],
        now_ms: i64,
        refuse: &(dyn for<'a, 'b> Fn(&'a PassRow, &'b PassLinkRow) -> Option<TransferClaim>
              + Send
              + Sync),
        event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
    ) -> Result<TransferClaim>;

    /// A page of a tenant's passes, newest first, after the `(created_at_ms, id)` cursor.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn list_passes(
        &self,
        org_id: Uuid,
        before: Option<(i64, Uuid)>,
        limit: i64,
        host_id: Option<Uuid>,
    ) -> Result<Vec<PassRow>>;
}

macro_rules! passes_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::passes::PassStatements for $store {
            async fn claimable_pass_ids(&self, now_ms: i64, since_ms: i64, limit: i64) -> Result<Vec<Uuid>> {
                sqlx::query_scalar(
                    "SELECT id FROM passes WHERE state IN ('issued', 'claimed') \
                     AND valid_until_ms > $1 AND created_at_ms > $2 LIMIT $3",
                )
                .bind(now_ms)
                .bind(since_ms)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read claimable passes"))
            }

            async fn insert_pass(
                &self,
                pass: &PassRow,
                event: &NewAudit,
                message: Option<(&MessageRow, &NewAudit)>,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert pass").await?;
                if !insert_pass_row(&mut tx, pass, None).await? {
                    return Err(Error::Internal("a pass without a reference was refused"));
                }
                insert_audit(&mut tx, event).await?;
                if let Some((message, queued)) = message {
                    insert_message(&mut tx, message).await?;
                    insert_audit(&mut tx, queued).await?;
                }
                commit(tx, "insert pass").await
            }

            async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>> {
                sqlx::query(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1",
                )
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load pass"))
            }

            async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<crate::AdmissionRow>> {
                sqlx::query(
                    "SELECT nonce, gate_id, created_at_ms AS at_ms, NULL AS node_id \
                     FROM redemptions WHERE pass_id = $1 AND outcome = 'admitted' \
                     UNION ALL \
                     SELECT nonce, gate_id, decided_at_ms AS at_ms, node_id \
                     FROM site_admissions WHERE pass_id = $1 AND outcome = 'admitted' \
                     ORDER BY at_ms, nonce",
                )
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("load admissions"))
            }

            async fn revoke_pass(
                &self,
                org_id: Uuid,
                id: Uuid,
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("revoke pass").await?;
                let revoked = sqlx::query(
                    "UPDATE passes SET state = 'revoked', revoked_at_ms = COALESCE(revoked_at_ms, $3) \
                     WHERE id = $1 AND org_id = $2",
                )
                .bind(id)
                .bind(org_id)
                .bind(at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("revoke pass"))?
                .rows_affected()
                    > 0;
                if revoked {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "revoke pass").await?;
                Ok(revoked)
            }

            async fn bind_wallet(
                &self,
                id: Uuid,
                wallet_key: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("bind wallet").await?;
                let bound = sqlx::query(
                    "UPDATE passes SET wallet_public_key = $2, claimed_at_ms = $3, \
                     state = CASE WHEN state = 'issued' THEN 'claimed' ELSE state END \
                     WHERE id = $1 AND state IN ('issued', 'used') AND wallet_public_key IS NULL",
                )
                .bind(id)
                .bind(&wallet_key[..])
                .bind(at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("bind wallet key"))?
                .rows_affected()
                    == 1;
                if bound {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "bind wallet").await?;
                Ok(bound)
            }

            async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>> {
                sqlx::query(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 AND pass_id = $2 AND kind IN ('pass_issued', \
                     'claim', 'pass_rebound', 'transfer_started', 'pass_transferred', 'pass_revoked') \
                     ORDER BY id LIMIT 1000",
                )
                .bind(org_id)
                .bind(pass_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read pass history"))
            }

            async fn insert_pass_by_ref(
                &self,
                pass: &PassRow,
                content_hash: &[u8; 32],
                event: &NewAudit,
                message: Option<(&MessageRow, &NewAudit)>,
            ) -> Result<ByRef> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert pass by reference").await?;
                if insert_pass_row(&mut tx, pass, Some(content_hash)).await? {
                    insert_audit(&mut tx, event).await?;
                    if let Some((message, queued)) = message {
                        insert_message(&mut tx, message).await?;
                        insert_audit(&mut tx, queued).await?;
                    }
                    commit(tx, "insert pass by reference").await?;
                    return Ok(ByRef::Issued);
                }
                let existing: Option<(Uuid, Option<Vec<u8>>)> = sqlx::query_as(
                    "SELECT id, content_hash FROM passes WHERE org_id = $1 AND external_ref = $2",
                )
                .bind(pass.org_id)
                .bind(&pass.external_ref)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("find pass by reference"))?;
                drop(tx);
                let (id, stored_hash) = existing.ok_or(Error::Internal(
                    "a pass refused by its reference is not there",
                ))?;
                let stored = self
                    .pass_by_id(id)
                    .await?
                    .ok_or(Error::Internal("a pass found by reference vanished"))?;
                Ok(ByRef::Existing {
                    pass: Box::new(stored),
                    same_content: stored_hash.as_deref() == Some(&content_hash[..]),
                })
            }

            async fn transfer_link(
                &self,
                pass_id: Uuid,
                token_hash: &[u8; 32],
            ) -> Result<Option<PassLinkRow>> {
                sqlx::query(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
                     WHERE pass_id = $1 AND token_hash = $2 AND kind = 'transfer'",
                )
                .bind(pass_id)
                .bind(&token_hash[..])
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load transfer link"))
            }

            async fn insert_transfer_nonce(
                &self,
                nonce: &[u8; 32],
                pass: &PassRow,
                now_ms: i64,
                expires_at_ms: i64,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                sqlx::query(
                    "INSERT INTO transfer_nonces (nonce, pass_id, org_id, created_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(&nonce[..])
                .bind(pass.id)
                .bind(pass.org_id)
                .bind(now_ms)
                .bind(expires_at_ms)
                .execute(&self.relaxed)
                .await
                .map_err(Error::storage("insert transfer nonce"))?;
                Ok(())
            }

            async fn transfer_nonce(&self, nonce: &[u8; 32], now_ms: i64) -> Result<Option<Uuid>> {
                sqlx::query_scalar(
                    "SELECT pass_id FROM transfer_nonces WHERE nonce = $1 AND expires_at_ms > $2",
                )
                .bind(&nonce[..])
                .bind(now_ms)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load transfer nonce"))
            }

            async fn mint_link(
                &self,
                link: &PassLinkRow,
                refuse: &(dyn for<'a> Fn(&'a PassRow) -> Option<LinkOutcome> + Send + Sync),
                event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
            ) -> Result<LinkOutcome> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("mint pass link").await?;
                let pass: Option<PassRow> = sqlx::query(concat!(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1 AND org_id = $2",
                    $for_update,
                ))
                .bind(link.pass_id)
                .bind(link.org_id)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load pass for a link"))?;
                let Some(pass) = pass else {
                    return Ok(LinkOutcome::UnknownPass);
                };
                let earlier: Option<PassLinkRow> = sqlx::query(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links WHERE request_key = $1",
                )
                .bind(&link.request_key)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("find pass link"))?;
                if let Some(earlier) = earlier {
                    return Ok(
                        if earlier.pass_id == link.pass_id && earlier.kind == link.kind {
                            LinkOutcome::Replayed(earlier)
                        } else {
                            LinkOutcome::RequestKeyTaken
                        },
                    );
                }
                if let Some(refusal) = refuse(&pass) {
                    return Ok(refusal);
                }
                sqlx::query(
                    "UPDATE pass_links SET closed_at_ms = $2 WHERE pass_id = $1 AND closed_at_ms IS NULL",
                )
                .bind(link.pass_id)
                .bind(link.created_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("close earlier pass links"))?;
                sqlx::query(
                    "INSERT INTO pass_links (id, pass_id, org_id, kind, request_key, token_hash, \
                     created_at_ms, expires_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(link.id)
                .bind(link.pass_id)
                .bind(link.org_id)
                .bind(link.kind.as_str())
                .bind(&link.request_key)
                .bind(&link.token_hash)
                .bind(link.created_at_ms)
                .bind(link.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert pass link"))?;
                if link.kind == LinkKind::Rebind {
                    sqlx::query(
                        "UPDATE passes SET claim_token_hash = $2, wallet_public_key = NULL, \
                         claimed_at_ms = NULL, rebinds = rebinds + 1, \
                         state = CASE WHEN state = 'claimed' THEN 'issued' ELSE state END WHERE id = $1",
                    )
                    .bind(link.pass_id)
                    .bind(&link.token_hash)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("re-bind pass"))?;
                }
                insert_audit(&mut tx, &event(&pass)).await?;
                commit(tx, "mint pass link").await?;
                Ok(LinkOutcome::Minted)
            }

            async fn claim_transfer(
                &self,
                link_id: Uuid,
                wallet_key: &[u8; 32],
                now_ms: i64,
                refuse: &(dyn for<'a, 'b> Fn(&'a PassRow, &'b PassLinkRow) -> Option<TransferClaim>
                      + Send
                      + Sync),
                event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
            ) -> Result<TransferClaim> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("claim transfer").await?;
                let link: Option<PassLinkRow> = sqlx::query(concat!(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
                     WHERE id = $1 AND kind = 'transfer'",
                    $for_update,
                ))
                .bind(link_id)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load transfer link"))?;
                let Some(link) = link else {
                    return Ok(TransferClaim::Invalid);
                };
                let pass: Option<PassRow> = sqlx::query(concat!(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1",
                    $for_update,
                ))
                .bind(link.pass_id)
                .try_map(crate::columns::decode)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load transferred pass"))?;
                let Some(pass) = pass else {
                    return Ok(TransferClaim::Invalid);
                };
                if let Some(decided) = refuse(&pass, &link) {
                    return Ok(decided);
                }
                sqlx::query(
                    "UPDATE passes SET wallet_public_key = $2, claimed_at_ms = $3, \
                     transfers = transfers + 1 WHERE id = $1",
                )
                .bind(link.pass_id)
                .bind(&wallet_key[..])
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("bind the recipient's key"))?;
                sqlx::query("UPDATE pass_links SET closed_at_ms = $2, claimed_key = $3 WHERE id = $1")
                    .bind(link_id)
                    .bind(now_ms)
                    .bind(&wallet_key[..])
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("close transfer link"))?;
                insert_audit(&mut tx, &event(&pass)).await?;
                commit(tx, "claim transfer").await?;
                Ok(TransferClaim::Claimed)
            }

            async fn list_passes(
                &self,
                org_id: Uuid,
                before: Option<(i64, Uuid)>,
                limit: i64,
                host_id: Option<Uuid>,
            ) -> Result<Vec<PassRow>> {
                sqlx::query(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes \
                     WHERE org_id = $1 AND ($2 IS NULL OR (created_at_ms, id) < ($2, $3)) \
                     AND ($5 IS NULL OR host_id = $5) \
                     ORDER BY created_at_ms DESC, id DESC LIMIT $4",
                )
                .bind(org_id)
                .bind(before.map(|(at, _)| at))
                .bind(before.map(|(_, id)| id))
                .bind(limit)
                .bind(host_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list passes"))
            }

        }
    };
}

pub(crate) use passes_statements;

crate::columns::from_columns!(crate::PassRow {
    id,
    org_id,
    label,
    site,
    valid_from_ms,
    valid_until_ms,
    max_uses,
    uses,
    state: text,
    claim_token_hash,
    wallet_public_key,
    server_kid,
    created_at_ms,
    claimed_at_ms,
    revoked_at_ms,
    host_id: default,
    max_transfers: default,
    transfers: default,
    rebinds: default,
    external_ref: default,
    language: default,
    zones: skip,
});
crate::columns::from_columns!(crate::PassLinkRow {
    id,
    pass_id,
    org_id,
    kind: text,
    request_key,
    token_hash,
    created_at_ms,
    expires_at_ms,
    closed_at_ms,
    claimed_key,
});
crate::columns::from_columns!(crate::AdmissionRow {
    nonce,
    gate_id,
    at_ms,
    node_id
});

/// What [`PassStatements::insert_pass_by_ref`] found.
#[derive(Debug)]
pub enum ByRef {
    /// The pass was issued now.
    Issued,
    /// The reference was the tenant's already.
    Existing {
        /// The pass stored under it (boxed: a pass row is large beside `Issued`).
        pass: Box<PassRow>,
        /// Whether it was issued with the same content.
        same_content: bool,
    },
}

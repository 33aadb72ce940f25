//! The statements that are the same on PostgreSQL and SQLite, written once.
//!
//! [`shared_statements!`] implements [`crate::SharedStatements`] for a backend and
//! [`crate::SharedRedemption`] for its redemption transaction: it is expanded inside
//! `postgres.rs` and `sqlite.rs`, so every name in it (the pool `reads()` and `writes()`,
//! `write_turn()`, `begin`, `begin_relaxed`, `begin_presence`, `retention_turn`, `commit`,
//! `insert_audit`, `conflict`, the row types) is that backend's own, and each statement is
//! compiled against the concrete driver, with no generic bounds to spell out.
//!
//! Where the dialects differ only by a lock clause, the statement is still written once:
//! the backend passes its clause (`FOR UPDATE`, `FOR UPDATE SKIP LOCKED`; nothing on
//! SQLite, whose writers take turns) and `concat!` appends it at compile time. The rest of
//! what differs is a helper of the backend's own, called here by name: `write_turn()` is
//! SQLite's single-writer turn and a no-op on PostgreSQL; `begin` opens a durable
//! transaction (SQLite's `BEGIN IMMEDIATE` on its writer), `begin_relaxed` and
//! `begin_presence` relaxed ones (SQLite's relaxed writer; on PostgreSQL the relaxed pool,
//! and `SET LOCAL synchronous_commit = off` on the durable one); `retention_turn` is
//! PostgreSQL's advisory lock and always granted on SQLite. Parameters need no casts:
//! sqlx sends each one's type with the statement, so `$1 IS NULL` is typed on both.
//! What is not the same statement (the unnest batches, the transactions of another shape,
//! `NOTIFY`, the pools) stays in the backend's module.

/// Implements [`crate::SharedStatements`] for `$store` and [`crate::SharedRedemption`] for
/// its redemption transaction `$redemption`, with the statements below and the backend's
/// lock clauses: `$for_update` ends a read whose rows the transaction goes on to change,
/// `$skip_locked` the inner select of a queue claim.
/// A pass's columns, prefixed `p_` as [`crate::ScanContext`], [`crate::ChallengeContext`]
/// and [`crate::LockedRedemption`] read them: one list for the hot path's six reads.
macro_rules! pass_columns {
    () => {
        "p.id AS p_id, p.org_id AS p_org_id, p.label AS p_label, p.site AS p_site, \
         p.valid_from_ms AS p_valid_from_ms, p.valid_until_ms AS p_valid_until_ms, \
         p.max_uses AS p_max_uses, p.uses AS p_uses, p.state AS p_state, \
         p.claim_token_hash AS p_claim_token_hash, p.wallet_public_key AS \
         p_wallet_public_key, p.server_kid AS p_server_kid, p.created_at_ms AS \
         p_created_at_ms, p.claimed_at_ms AS p_claimed_at_ms, p.revoked_at_ms AS \
         p_revoked_at_ms"
    };
}

/// A challenge's columns, as [`crate::ChallengeRow`] reads them (alias `c`).
macro_rules! challenge_columns {
    () => {
        "c.nonce, c.org_id, c.gate_id, c.scan_id, c.pass_id, c.counter, c.code_hash, \
         c.created_at_ms, c.expires_at_ms, c.wrong_answers"
    };
}

/// The stored outcome's columns, prefixed `r_` (alias `r`, possibly absent).
macro_rules! redemption_columns {
    () => {
        "r.outcome AS r_outcome, r.reason AS r_reason, r.first_admitted_at_ms AS \
         r_first_admitted_at_ms, r.first_gate_id AS r_first_gate_id, r.created_at_ms AS \
         r_created_at_ms"
    };
}

/// What an answer's reads take: the challenge, its pass and the outcome stored under it.
macro_rules! answer_columns {
    () => {
        concat!(
            $crate::shared::challenge_columns!(),
            ", ",
            $crate::shared::pass_columns!(),
            ", ",
            $crate::shared::redemption_columns!()
        )
    };
}

/// What a scan's read adds to its pass (alias `q` holding `pass_id`, `counter`, `gate_id`,
/// `scan_id`): the gate that already admitted this step, and whether the scan id was seen.
macro_rules! scan_flags {
    () => {
        "(SELECT r.gate_id FROM redemptions r WHERE r.pass_id = q.pass_id AND r.counter = \
         q.counter AND r.outcome = 'admitted') AS step_gate_id, ((SELECT 1 FROM \
         challenges c WHERE c.gate_id = q.gate_id AND c.scan_id = q.scan_id) IS NOT NULL \
         OR (SELECT 1 FROM scan_denials d WHERE d.gate_id = q.gate_id AND d.scan_id = \
         q.scan_id) IS NOT NULL) AS resent_scan"
    };
}

/// The columns of an `sso_configs` row, in [`crate::SsoConfigRow`]'s order.
macro_rules! sso_config_columns {
    () => {
        "SELECT org_id, issuer, client_id, client_secret, allowed_domains, role_claim, \
         role_map, key_sign_in, updated_at_ms FROM sso_configs"
    };
}

/// The columns of a [`MessageRow`], in its order.
macro_rules! message_columns {
    () => {
        "id, org_id, kind, pass_id, walk_in_id, subscription_id, to_address, language, secret, \
         state, attempts, next_attempt_ms, not_after_ms, last_error, created_at_ms, settled_at_ms"
    };
}

macro_rules! shared_statements {
    (
        store: $store:ty,
        redemption: $redemption:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        /// The hot path's shared primitives, called without dynamic dispatch (no boxed
        /// future per call): [`crate::Store`] reaches them by matching its backend.
        impl $store {
            /// What a gate already got for a scan id ([`crate::Store::scan_record`]).
            pub(crate) async fn scan_record(&self, gate_id: Uuid, scan_id: Uuid) -> Result<Option<ScanRecord>> {
                let challenge: Option<ChallengeRow> = sqlx::query_as(
                    "SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
                     created_at_ms, expires_at_ms, wrong_answers FROM challenges \
                     WHERE gate_id = $1 AND scan_id = $2",
                )
                .bind(gate_id)
                .bind(scan_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load challenge by scan"))?;
                if let Some(challenge) = challenge {
                    return Ok(Some(ScanRecord::Challenge(challenge)));
                }
                let denial: Option<ScanDenialRow> = sqlx::query_as(
                    "SELECT d.gate_id, d.scan_id, d.org_id, d.code_hash, d.reason, d.pass_id, \
                     p.label AS pass_label, d.age_s, d.ahead_s, d.created_at_ms \
                     FROM scan_denials d LEFT JOIN passes p ON p.id = d.pass_id \
                     WHERE d.gate_id = $1 AND d.scan_id = $2",
                )
                .bind(gate_id)
                .bind(scan_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load denial by scan"))?;
                Ok(denial.map(ScanRecord::Denial))
            }

            /// Stores a challenge and its event ([`crate::Store::insert_challenge`]).
            pub(crate) async fn insert_challenge(&self, challenge: &ChallengeRow, event: &NewAudit) -> Result<bool> {
                self.challenges
                    .submit((challenge.clone(), event.clone()))
                    .await
            }

            /// The common admission ([`crate::Store::admit`]).
            pub(crate) async fn admit(&self, op: &AdmitOp) -> Result<bool> {
                self.admissions.submit(op.clone()).await
            }
        }

        #[async_trait::async_trait]
        impl crate::SharedStatements for $store {
            fn migrations(&self) -> &'static Migrator {
                &MIGRATIONS
            }

            async fn applied_migrations(&self) -> Result<Vec<i64>> {
                sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
                    .fetch_all(self.reads())
                    .await
                    .map_err(Error::storage("read applied migrations"))
            }

            async fn ping(&self) -> Result<()> {
                sqlx::query("SELECT 1")
                    .execute(self.reads())
                    .await
                    .map_err(Error::storage("ping"))?;
                Ok(())
            }

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
                sqlx::query_as(
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

            async fn list_api_keys(&self, org_id: Uuid) -> Result<Vec<ApiKeyListing>> {
                sqlx::query_as(concat!(
                    "SELECT id, COALESCE(role_name, role) AS role, label, CAST(NULL AS TEXT) AS unit, \
                     created_at_ms, last_used_ms, \
                     rotated_at_ms, previous_valid_until_ms, revoked_at_ms FROM api_keys WHERE org_id = $1 \
                     UNION ALL SELECT id, 'host', label, unit, created_at_ms, last_used_ms, \
                     rotated_at_ms, previous_valid_until_ms, revoked_at_ms FROM hosts WHERE org_id = $1 \
                     ORDER BY created_at_ms, id LIMIT ",
                    10000
                ))
                .bind(org_id)
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

            async fn insert_gate(
                &self,
                gate: &GateRow,
                token_hash: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert gate").await?;
                sqlx::query(
                    "INSERT INTO gates (id, org_id, label, site, token_hash, created_at_ms, zone_id, \
                     direction, language) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(gate.id)
                .bind(gate.org_id)
                .bind(&gate.label)
                .bind(&gate.site)
                .bind(&token_hash[..])
                .bind(at_ms)
                .bind(gate.zone_id)
                .bind(gate.direction.unwrap_or(tessera_domain::zones::Direction::Entry).as_str())
                .bind(&gate.language)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert gate"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert gate").await
            }

            async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, label, site, zone_id, direction, language FROM gates \
                     WHERE token_hash = $1 AND revoked_at_ms IS NULL",
                )
                .bind(&hash[..])
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load gate"))
            }

            async fn gate_label(&self, id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar("SELECT label FROM gates WHERE id = $1")
                    .bind(id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load gate label"))
            }

            async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert pairing").await?;
                let stored = sqlx::query(
                    "INSERT INTO gate_pairings (secret_hash, gate_id, org_id, created_at_ms, \
                     expires_at_ms) SELECT $1, id, org_id, $3, $4 FROM gates \
                     WHERE id = $2 AND org_id = $5 AND revoked_at_ms IS NULL",
                )
                .bind(&pairing.secret_hash[..])
                .bind(pairing.gate_id)
                .bind(pairing.created_at_ms)
                .bind(pairing.expires_at_ms)
                .bind(pairing.org_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert pairing"))?
                .rows_affected();
                if stored != 1 {
                    return Ok(false);
                }
                // A new link replaces the gate's older unused ones.
                cancel_pairings(&mut tx, pairing.gate_id, &pairing.secret_hash, pairing.created_at_ms)
                    .await?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert pairing").await?;
                Ok(true)
            }

            async fn redeem_pairing(
                &self,
                secret_hash: &[u8; 32],
                token_hash: &[u8; 32],
                now_ms: i64,
                event: &(dyn for<'a> Fn(&'a GateRow) -> NewAudit + Send + Sync),
            ) -> Result<Option<GateRow>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("redeem pairing").await?;
                let gate_id: Option<Uuid> = sqlx::query_scalar(
                    "UPDATE gate_pairings SET used_at_ms = $2 \
                     WHERE secret_hash = $1 AND used_at_ms IS NULL AND expires_at_ms > $2 \
                     RETURNING gate_id",
                )
                .bind(&secret_hash[..])
                .bind(now_ms)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("use pairing"))?;
                let Some(gate_id) = gate_id else {
                    return Ok(None);
                };
                let gate: Option<GateRow> = sqlx::query_as(
                    "UPDATE gates SET token_hash = $1 WHERE id = $2 AND revoked_at_ms IS NULL \
                     RETURNING id, org_id, label, site, language",
                )
                .bind(&token_hash[..])
                .bind(gate_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("rotate gate credential"))?;
                let Some(gate) = gate else {
                    return Ok(None);
                };
                // The tablet just paired is the gate's device: no older link may take its
                // place.
                cancel_pairings(&mut tx, gate_id, secret_hash, now_ms).await?;
                insert_audit(&mut tx, &event(&gate)).await?;
                commit(tx, "redeem pairing").await?;
                Ok(Some(gate))
            }

            async fn revoke_gate(
                &self,
                org_id: Uuid,
                gate_id: Uuid,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("revoke gate").await?;
                let revoked = sqlx::query(
                    "UPDATE gates SET revoked_at_ms = $3 \
                     WHERE id = $1 AND org_id = $2 AND revoked_at_ms IS NULL",
                )
                .bind(gate_id)
                .bind(org_id)
                .bind(now_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("revoke gate"))?
                .rows_affected();
                if revoked != 1 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "revoke gate").await?;
                Ok(true)
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
                sqlx::query_as(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load pass"))
            }

            async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<crate::AdmissionRow>> {
                sqlx::query_as(
                    "SELECT nonce, gate_id, created_at_ms AS at_ms, NULL AS node_id \
                     FROM redemptions WHERE pass_id = $1 AND outcome = 'admitted' \
                     UNION ALL \
                     SELECT nonce, gate_id, decided_at_ms AS at_ms, node_id \
                     FROM site_admissions WHERE pass_id = $1 AND outcome = 'admitted' \
                     ORDER BY at_ms, nonce",
                )
                .bind(id)
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

            async fn insert_scan_denial(&self, denial: &ScanDenialRow, event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("scan denial").await?;
                let stored = sqlx::query(
                    "INSERT INTO scan_denials (gate_id, scan_id, org_id, code_hash, reason, pass_id, \
                     age_s, ahead_s, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (gate_id, scan_id) DO NOTHING",
                )
                .bind(denial.gate_id)
                .bind(denial.scan_id)
                .bind(denial.org_id)
                .bind(&denial.code_hash)
                .bind(denial.reason.as_str())
                .bind(denial.pass_id)
                .bind(denial.age_s)
                .bind(denial.ahead_s)
                .bind(denial.created_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert scan denial"))?
                .rows_affected()
                    == 1;
                if stored {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "scan denial").await?;
                Ok(stored)
            }

            async fn record_wrong_answer(
                &self,
                nonce: &[u8; 32],
                limit: i64,
                event: &(dyn Fn(bool) -> NewAudit + Send + Sync),
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("wrong answer").await?;
                let counted: Option<i64> = sqlx::query_scalar(
                    "UPDATE challenges SET wrong_answers = wrong_answers + 1 \
                     WHERE nonce = $1 AND wrong_answers < $2 RETURNING wrong_answers",
                )
                .bind(&nonce[..])
                .bind(limit)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("record wrong answer"))?;
                insert_audit(&mut tx, &event(counted.is_some())).await?;
                commit(tx, "wrong answer").await?;
                Ok(counted.is_some())
            }

            async fn sweep_unanswered(
                &self,
                now_ms: i64,
                limit: i64,
                event: &(dyn for<'a> Fn(&'a ChallengeRow) -> NewAudit + Send + Sync),
            ) -> Result<usize> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("sweep").await?;
                let settled: Vec<SweptChallenge> = sqlx::query_as(
                    "UPDATE challenges SET unanswered_audited = TRUE \
                     WHERE unanswered_audited = FALSE AND nonce IN ( \
                        SELECT c.nonce FROM challenges c \
                        WHERE c.unanswered_audited = FALSE AND c.expires_at_ms < $1 \
                        ORDER BY c.expires_at_ms LIMIT $2) \
                     RETURNING nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
                     created_at_ms, expires_at_ms, wrong_answers, \
                     (SELECT 1 FROM redemptions r WHERE r.nonce = challenges.nonce) IS NOT NULL \
                     AS answered",
                )
                .bind(now_ms)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("settle expired challenges"))?;
                for unanswered in settled.iter().filter(|swept| !swept.answered) {
                    insert_audit(&mut tx, &event(&unanswered.challenge)).await?;
                }
                commit(tx, "sweep").await?;
                Ok(settled.len())
            }

            async fn retained_rows(&self) -> Result<RetentionCounts> {
                let (challenges, redemptions, scan_denials, audit_events): (i64, i64, i64, i64) =
                    sqlx::query_as(
                        "SELECT (SELECT COUNT(*) FROM challenges), (SELECT COUNT(*) FROM redemptions), \
                         (SELECT COUNT(*) FROM scan_denials), (SELECT COUNT(*) FROM audit_events)",
                    )
                    .fetch_one(self.reads())
                    .await
                    .map_err(Error::storage("count retained rows"))?;
                let count = |n: i64| u64::try_from(n).unwrap_or(0);
                Ok(RetentionCounts {
                    challenges: count(challenges),
                    redemptions: count(redemptions),
                    scan_denials: count(scan_denials),
                    audit_events: count(audit_events),
                })
            }

            async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>> {
                sqlx::query_as(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 AND pass_id = $2 AND kind IN ('pass_issued', \
                     'claim', 'pass_rebound', 'transfer_started', 'pass_transferred', 'pass_revoked') \
                     ORDER BY id LIMIT 1000",
                )
                .bind(org_id)
                .bind(pass_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read pass history"))
            }

            async fn insert_host(
                &self,
                host: &HostRow,
                key_hash: &[u8; 32],
                at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert host").await?;
                sqlx::query(
                    "INSERT INTO hosts (id, org_id, label, unit, key_hash, created_at_ms, email) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(host.id)
                .bind(host.org_id)
                .bind(&host.label)
                .bind(&host.unit)
                .bind(&key_hash[..])
                .bind(at_ms)
                .bind(&host.email)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert host"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert host").await
            }

            async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, label, unit FROM hosts \
                     WHERE id = $1 AND org_id = $2 AND revoked_at_ms IS NULL",
                )
                    .bind(id)
                    .bind(org_id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load host"))
            }

            async fn search_hosts(&self, org_id: Uuid, pattern: &str, limit: i64) -> Result<Vec<HostRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, label, unit FROM hosts WHERE org_id = $1 \
                     AND revoked_at_ms IS NULL \
                     AND (lower(label) LIKE $2 ESCAPE '\\' OR lower(COALESCE(unit, '')) LIKE $2 ESCAPE '\\') \
                     ORDER BY label, id LIMIT $3",
                )
                .bind(org_id)
                .bind(pattern)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("search hosts"))
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
                sqlx::query_as(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
                     WHERE pass_id = $1 AND token_hash = $2 AND kind = 'transfer'",
                )
                .bind(pass_id)
                .bind(&token_hash[..])
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

            async fn create_walk_in(
                &self,
                walk_in: &WalkInRow,
                event: &NewAudit,
                messages: &[(MessageRow, NewAudit)],
            ) -> Result<(WalkInRow, bool)> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("create walk-in").await?;
                let created = sqlx::query(
                    "INSERT INTO walk_ins (id, org_id, gate_id, request_id, host_id, visitor_name, \
                     note, state, created_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, 'waiting', $8, $9) \
                     ON CONFLICT (gate_id, request_id) DO NOTHING",
                )
                .bind(walk_in.id)
                .bind(walk_in.org_id)
                .bind(walk_in.gate_id)
                .bind(walk_in.request_id)
                .bind(walk_in.host_id)
                .bind(&walk_in.visitor_name)
                .bind(&walk_in.note)
                .bind(walk_in.created_at_ms)
                .bind(walk_in.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("create walk-in"))?
                .rows_affected()
                    == 1;
                if created {
                    insert_audit(&mut tx, event).await?;
                    for (message, queued) in messages {
                        insert_message(&mut tx, message).await?;
                        insert_audit(&mut tx, queued).await?;
                    }
                }
                let stored: WalkInRow = sqlx::query_as(
                    "SELECT id, org_id, gate_id, request_id, host_id, visitor_name, note, state, \
                     created_at_ms, expires_at_ms, decided_at_ms FROM walk_ins \
                     WHERE gate_id = $1 AND request_id = $2",
                )
                .bind(walk_in.gate_id)
                .bind(walk_in.request_id)
                .fetch_one(&mut *tx)
                .await
                .map_err(Error::storage("load walk-in"))?;
                commit(tx, "create walk-in").await?;
                Ok((stored, created))
            }

            async fn walk_in_by_request(
                &self,
                gate_id: Uuid,
                request_id: Uuid,
            ) -> Result<Option<WalkInView>> {
                sqlx::query_as(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.gate_id = $1 AND w.request_id = $2",
                )
                .bind(gate_id)
                .bind(request_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load walk-in"))
            }

            async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>> {
                sqlx::query_as(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.id = $1 AND w.org_id = $2",
                )
                .bind(id)
                .bind(org_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load walk-in"))
            }

            async fn list_walk_ins(
                &self,
                org_id: Uuid,
                host_id: Option<Uuid>,
                state: Option<&str>,
                limit: i64,
            ) -> Result<Vec<WalkInView>> {
                sqlx::query_as(
                    "SELECT w.id, w.org_id, w.gate_id, w.request_id, w.host_id, w.visitor_name, w.note, \
                     w.state, w.created_at_ms, w.expires_at_ms, w.decided_at_ms, g.label AS gate_label, \
                     h.label AS host_label, h.unit AS host_unit FROM walk_ins w \
                     JOIN gates g ON g.id = w.gate_id JOIN hosts h ON h.id = w.host_id \
                     WHERE w.org_id = $1 AND ($2 IS NULL OR w.host_id = $2) \
                     AND ($3 IS NULL OR w.state = $3) \
                     ORDER BY w.created_at_ms DESC, w.id DESC LIMIT $4",
                )
                .bind(org_id)
                .bind(host_id)
                .bind(state)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list walk-ins"))
            }

            async fn decide_walk_in(
                &self,
                org_id: Uuid,
                id: Uuid,
                state: &str,
                now_ms: i64,
                acting_host: Option<Uuid>,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("decide walk-in").await?;
                let decided = sqlx::query(
                    "UPDATE walk_ins SET state = $3, decided_at_ms = $4 \
                     WHERE id = $1 AND org_id = $2 AND state = 'waiting' AND expires_at_ms > $4 \
                     AND ($5 IS NULL OR EXISTS (SELECT 1 FROM hosts h \
                          WHERE h.id = $5 AND h.org_id = $2 AND h.revoked_at_ms IS NULL))",
                )
                .bind(id)
                .bind(org_id)
                .bind(state)
                .bind(now_ms)
                .bind(acting_host)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("decide walk-in"))?
                .rows_affected()
                    == 1;
                if decided {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "decide walk-in").await?;
                Ok(decided)
            }

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
                let webhook: Option<WebhookRow> = sqlx::query_as(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks WHERE id = $1 AND org_id = $2",
                )
                .bind(webhook_id)
                .bind(org_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load webhook"))?;
                commit(tx, "change webhook").await?;
                Ok((webhook, changed))
            }

            async fn webhooks_unsealed(&self) -> Result<Vec<WebhookRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks WHERE secret NOT LIKE 'sealed1.%'",
                )
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
                sqlx::query_as(
                    "SELECT id, webhook_id, org_id, audit_id, pass_id, event_type, body, state, \
                     attempts, next_attempt_ms, last_error, created_at_ms, delivered_at_ms \
                     FROM webhook_deliveries WHERE org_id = $1 AND state = $2 ORDER BY id DESC LIMIT $3",
                )
                .bind(org_id)
                .bind(state.as_str())
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list deliveries"))
            }

            async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert zone").await?;
                sqlx::query(
                    "INSERT INTO zones (id, org_id, name, allow_reentry, max_entries_per_day, \
                     checkout_at_minute, checks_out_others, created_at_ms, last_checkout_day) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                )
                .bind(zone.id)
                .bind(zone.org_id)
                .bind(&zone.name)
                .bind(zone.allow_reentry)
                .bind(zone.max_entries_per_day)
                .bind(zone.checkout_at_minute)
                .bind(zone.checks_out_others)
                .bind(zone.created_at_ms)
                .bind(zone.last_checkout_day)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert zone"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert zone").await
            }

            async fn zone_rows(&self, org_id: Uuid) -> Result<Vec<ZoneRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones \
                     WHERE org_id = $1 ORDER BY name, id",
                )
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list zones"))
            }

            async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>> {
                let zones = self.zone_rows(org_id).await?;
                let counts: Vec<(Uuid, i64)> = sqlx::query_as(
                    "SELECT zone_id, COUNT(*) FROM zone_presence WHERE org_id = $1 AND inside \
                     GROUP BY zone_id",
                )
                .bind(org_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("count who is inside"))?;
                Ok(zones
                    .into_iter()
                    .map(|zone| {
                        let inside = counts
                            .iter()
                            .find(|(id, _)| *id == zone.id)
                            .map_or(0, |(_, n)| *n);
                        (zone, inside)
                    })
                    .collect())
            }

            async fn insert_console_session(
                &self,
                token_hash: &[u8; 32],
                key: &ApiKeyRow,
                now_ms: i64,
                expires_at_ms: i64,
                event: &NewAudit,
            ) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("insert console session").await?;
                sqlx::query(if key.role == Role::Host {
                    "INSERT INTO host_sessions (token_hash, org_id, host_id, created_at_ms, \
                         expires_at_ms) VALUES ($1, $2, $3, $4, $5)"
                } else {
                    "INSERT INTO console_sessions (token_hash, org_id, api_key_id, created_at_ms, \
                         expires_at_ms) VALUES ($1, $2, $3, $4, $5)"
                })
                .bind(&token_hash[..])
                .bind(key.org_id)
                .bind(key.id)
                .bind(now_ms)
                .bind(expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("insert console session"))?;
                insert_audit(&mut tx, event).await?;
                commit(tx, "insert console session").await
            }

            async fn console_session(
                &self,
                token_hash: &[u8; 32],
                now_ms: i64,
            ) -> Result<Option<ConsoleSessionRow>> {
                sqlx::query_as(
                    "SELECT k.id, k.org_id, COALESCE(k.role_name, k.role) AS role, k.label, \
                     s.expires_at_ms, \
                     p.name AS person_name, p.issuer AS person_issuer, p.subject AS person_subject \
                     FROM console_sessions s JOIN api_keys k ON k.id = s.api_key_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.token_hash = $1 AND s.expires_at_ms > $2 AND k.revoked_at_ms IS NULL \
                     UNION ALL SELECT h.id, h.org_id, 'host', h.label, s.expires_at_ms, \
                     p.name, p.issuer, p.subject \
                     FROM host_sessions s JOIN hosts h ON h.id = s.host_id \
                     LEFT JOIN people p ON p.id = s.person_id \
                     WHERE s.token_hash = $1 AND s.expires_at_ms > $2 AND h.revoked_at_ms IS NULL",
                )
                .bind(&token_hash[..])
                .bind(now_ms)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load console session"))
            }

            async fn delete_console_session(
                &self,
                token_hash: &[u8; 32],
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("delete console session").await?;
                let mut deleted = 0;
                for statement in [
                    "DELETE FROM console_sessions WHERE token_hash = $1",
                    "DELETE FROM host_sessions WHERE token_hash = $1",
                ] {
                    deleted += sqlx::query(statement)
                        .bind(&token_hash[..])
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("delete console session"))?
                        .rows_affected();
                }
                if deleted != 1 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "delete console session").await?;
                Ok(true)
            }

            async fn sso_config(&self, org_id: Uuid) -> Result<Option<$crate::SsoConfigRow>> {
                sqlx::query_as(concat!($crate::shared::sso_config_columns!(), " WHERE org_id = $1"))
                    .bind(org_id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load sso config"))
            }

            async fn sso_config_by_client(
                &self,
                issuer: &str,
                client_id: &str,
            ) -> Result<Vec<$crate::SsoConfigRow>> {
                sqlx::query_as(concat!($crate::shared::sso_config_columns!(), " WHERE issuer = $1 AND client_id = $2"))
                    .bind(issuer)
                    .bind(client_id)
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
                let login: Option<$crate::SsoLoginRow> = sqlx::query_as(
                    "DELETE FROM sso_logins WHERE state_hash = $1 RETURNING state_hash, org_id, \
                     browser_hash, nonce, pkce_verifier, page, created_at_ms, expires_at_ms",
                )
                .bind(&state_hash[..])
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
                sqlx::query_as(
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

            async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<crate::AuditIds> {
                let rows = sqlx::query_as(concat!(
                    "SELECT id, at_ms, ",
                    $writers,
                    " FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2"
                ))
                .bind(after_id)
                .bind(limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read audit ids"))?;
                Ok(crate::AuditIds::from_rows(rows))
            }

            async fn migrate(&self) -> Result<()> {
                let _writing = self.write_turn().await;
                MIGRATIONS.run(self.writes()).await?;
                Ok(())
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

            async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut conn = self
                    .writes()
                    .acquire()
                    .await
                    .map_err(Error::storage("acquire for audit"))?;
                insert_audit(&mut conn, event).await
            }

            async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin_relaxed("begin aggregated audit").await?;
                for event in events {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "commit aggregated audit").await
            }

            async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
                sqlx::query_as(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 \
                     AND ($2 IS NULL OR kind = $2) AND ($3 IS NULL OR severity = $3) \
                     AND ($4 IS NULL OR gate_id = $4) AND ($5 IS NULL OR pass_id = $5) \
                     AND ($6 IS NULL OR at_ms >= $6) AND ($7 IS NULL OR at_ms < $7) \
                     AND ($8 IS NULL OR id > $8) AND ($10 IS NULL OR id <= $10) \
                     ORDER BY id LIMIT $9",
                )
                .bind(filter.org_id)
                .bind(&filter.kind)
                .bind(&filter.severity)
                .bind(filter.gate_id)
                .bind(filter.pass_id)
                .bind(filter.since_ms)
                .bind(filter.until_ms)
                .bind(filter.after_id)
                .bind(filter.limit)
                .bind(filter.through_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("query audit log"))
            }

            async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
                sqlx::query_as(
                    "SELECT id, at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                     actor_issuer, actor_subject, actor_name, origin_node_id \
                     FROM audit_events WHERE org_id = $1 \
                     AND ($2 IS NULL OR kind = $2) AND ($3 IS NULL OR severity = $3) \
                     AND ($4 IS NULL OR gate_id = $4) AND ($5 IS NULL OR pass_id = $5) \
                     ORDER BY id DESC LIMIT $6",
                )
                .bind(filter.org_id)
                .bind(&filter.kind)
                .bind(&filter.severity)
                .bind(filter.gate_id)
                .bind(filter.pass_id)
                .bind(filter.limit)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("read the audit tail"))
            }

            async fn max_audit_id(&self) -> Result<i64> {
                sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM audit_events")
                    .fetch_one(self.reads())
                    .await
                    .map_err(Error::storage("read the last audit id"))
            }

            async fn apply_retention(
                &self,
                cutoffs: &RetentionCutoffs,
                limit: i64,
                event: &(dyn for<'a> Fn(&'a RetentionCounts) -> NewAudit + Send + Sync),
            ) -> Result<RetentionCounts> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("retention").await?;
                if !retention_turn(&mut tx).await? {
                    return Ok(RetentionCounts::default());
                }
                // Outcomes first: a challenge cannot go while an outcome is stored under it. Only
                // under settled challenges, so that the sweep never takes a challenge whose
                // outcome has gone for an unanswered one.
                let redemptions = sqlx::query(
                    "DELETE FROM redemptions WHERE nonce IN ( \
                        SELECT c.nonce FROM challenges c JOIN redemptions r ON r.nonce = c.nonce \
                        WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE LIMIT $2)",
                )
                .bind(cutoffs.redemptions_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old redemptions"))?
                .rows_affected();
                // Only settled challenges, or ones the unanswered sweep has audited, ever go.
                let challenges = sqlx::query(
                    "DELETE FROM challenges WHERE nonce IN ( \
                        SELECT c.nonce FROM challenges c \
                        WHERE c.expires_at_ms < $1 AND c.unanswered_audited = TRUE \
                        AND NOT EXISTS (SELECT 1 FROM redemptions r WHERE r.nonce = c.nonce) \
                        LIMIT $2)",
                )
                .bind(cutoffs.challenges_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old challenges"))?
                .rows_affected();
                let scan_denials = sqlx::query(
                    "DELETE FROM scan_denials WHERE (gate_id, scan_id) IN ( \
                        SELECT gate_id, scan_id FROM scan_denials WHERE created_at_ms < $1 LIMIT $2)",
                )
                .bind(cutoffs.challenges_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old scan denials"))?
                .rows_affected();
                // The schema's delete trigger refuses any event younger than its 400-day floor.
                let audit_events = sqlx::query(
                    "DELETE FROM audit_events WHERE id IN ( \
                        SELECT id FROM audit_events WHERE at_ms < $1 ORDER BY id LIMIT $2)",
                )
                .bind(cutoffs.audit_before_ms)
                .bind(limit)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("remove old audit events"))?
                .rows_affected();
                let counts = RetentionCounts {
                    challenges,
                    redemptions,
                    scan_denials,
                    audit_events,
                };
                if counts.total() > 0 {
                    insert_audit(&mut tx, &event(&counts)).await?;
                    commit(tx, "retention").await?;
                }
                Ok(counts)
            }

            async fn mint_link(
                &self,
                link: &PassLinkRow,
                refuse: &(dyn for<'a> Fn(&'a PassRow) -> Option<LinkOutcome> + Send + Sync),
                event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
            ) -> Result<LinkOutcome> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("mint pass link").await?;
                let pass: Option<PassRow> = sqlx::query_as(concat!(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1 AND org_id = $2",
                    $for_update,
                ))
                .bind(link.pass_id)
                .bind(link.org_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load pass for a link"))?;
                let Some(pass) = pass else {
                    return Ok(LinkOutcome::UnknownPass);
                };
                let earlier: Option<PassLinkRow> = sqlx::query_as(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links WHERE request_key = $1",
                )
                .bind(&link.request_key)
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
                let link: Option<PassLinkRow> = sqlx::query_as(concat!(
                    "SELECT id, pass_id, org_id, kind, request_key, token_hash, created_at_ms, \
                     expires_at_ms, closed_at_ms, claimed_key FROM pass_links \
                     WHERE id = $1 AND kind = 'transfer'",
                    $for_update,
                ))
                .bind(link_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("load transfer link"))?;
                let Some(link) = link else {
                    return Ok(TransferClaim::Invalid);
                };
                let pass: Option<PassRow> = sqlx::query_as(concat!(
                    "SELECT id, org_id, label, site, valid_from_ms, valid_until_ms, max_uses, uses, \
                     state, claim_token_hash, wallet_public_key, server_kid, created_at_ms, \
                     claimed_at_ms, revoked_at_ms, host_id, max_transfers, transfers, rebinds, \
                     external_ref, language FROM passes WHERE id = $1",
                    $for_update,
                ))
                .bind(link.pass_id)
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

            async fn expire_walk_ins(
                &self,
                now_ms: i64,
                limit: i64,
                event: &(dyn for<'a> Fn(&'a WalkInRow) -> NewAudit + Send + Sync),
            ) -> Result<usize> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("expire walk-ins").await?;
                let expired: Vec<WalkInRow> = sqlx::query_as(concat!(
                    "UPDATE walk_ins SET state = 'expired', decided_at_ms = expires_at_ms \
                     WHERE id IN (SELECT id FROM walk_ins WHERE state = 'waiting' \
                     AND expires_at_ms <= $1 ORDER BY expires_at_ms LIMIT $2",
                    $skip_locked,
                    ") RETURNING id, org_id, gate_id, request_id, host_id, visitor_name, note, \
                     state, created_at_ms, expires_at_ms, decided_at_ms",
                ))
                .bind(now_ms)
                .bind(limit)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("expire walk-ins"))?;
                for walk_in in &expired {
                    insert_audit(&mut tx, &event(walk_in)).await?;
                }
                commit(tx, "expire walk-ins").await?;
                Ok(expired.len())
            }

            async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, url, secret, events, audit_cursor, created_at_ms, \
                     disabled_at_ms, disabled_reason FROM webhooks \
                     WHERE ($1 IS NULL AND disabled_at_ms IS NULL) OR org_id = $1 \
                     ORDER BY created_at_ms, id",
                )
                .bind(org_id)
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
                let claimed = sqlx::query_as(concat!(
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
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("claim deliveries"))?;
                tx.commit()
                    .await
                    .map_err(Error::storage("claim deliveries"))?;
                Ok(claimed)
            }

            async fn auto_checkout(
                &self,
                today: i64,
                minute: i64,
                now_ms: i64,
                event: &(dyn for<'a> Fn(&'a ZoneRow, u64) -> NewAudit + Send + Sync),
            ) -> Result<usize> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("automatic check-out").await?;
                let due: Vec<ZoneRow> = sqlx::query_as(concat!(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones \
                     WHERE checkout_at_minute IS NOT NULL AND checkout_at_minute <= $2 \
                     AND (last_checkout_day IS NULL OR last_checkout_day < $1)",
                    $for_update,
                ))
                .bind(today)
                .bind(minute)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("find zones to check out"))?;
                for zone in &due {
                    let out = sqlx::query(
                        "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $2 \
                         WHERE zone_id = $1 AND inside",
                    )
                    .bind(zone.id)
                    .bind(now_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("check everyone out"))?
                    .rows_affected();
                    sqlx::query("UPDATE zones SET last_checkout_day = $2 WHERE id = $1")
                        .bind(zone.id)
                        .bind(today)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("mark the check-out"))?;
                    insert_audit(&mut tx, &event(zone, out)).await?;
                }
                commit(tx, "automatic check-out").await?;
                Ok(due.len())
            }

            async fn list_passes(
                &self,
                org_id: Uuid,
                before: Option<(i64, Uuid)>,
                limit: i64,
                host_id: Option<Uuid>,
            ) -> Result<Vec<PassRow>> {
                sqlx::query_as(
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
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list passes"))
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
                sqlx::query_as(
                    "SELECT id, org_id, host_id, endpoint, p256dh, auth, created_at_ms, \
                     language FROM push_subscriptions WHERE host_id = $1 ORDER BY created_at_ms",
                )
                .bind(host_id)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list push subscriptions"))
            }

            async fn push_subscription(&self, id: Uuid) -> Result<Option<PushSubscriptionRow>> {
                sqlx::query_as(
                    "SELECT id, org_id, host_id, endpoint, p256dh, auth, created_at_ms, \
                     language FROM push_subscriptions WHERE id = $1",
                )
                .bind(id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load push subscription"))
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

            async fn host_email(&self, org_id: Uuid, host_id: Uuid) -> Result<Option<String>> {
                let email: Option<Option<String>> = sqlx::query_scalar(
                    "SELECT COALESCE(h.email, (SELECT p.email FROM people p \
                     WHERE p.host_id = h.id AND p.email IS NOT NULL \
                     ORDER BY p.signed_in_at_ms DESC LIMIT 1)) \
                     FROM hosts h WHERE h.org_id = $1 AND h.id = $2 AND h.revoked_at_ms IS NULL",
                )
                .bind(org_id)
                .bind(host_id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load host email"))?;
                Ok(email.flatten())
            }

            async fn org_name(&self, org_id: Uuid) -> Result<Option<String>> {
                sqlx::query_scalar("SELECT name FROM orgs WHERE id = $1")
                    .bind(org_id)
                    .fetch_optional(self.reads())
                    .await
                    .map_err(Error::storage("load organisation name"))
            }

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
                let claimed = sqlx::query_as(concat!(
                    "UPDATE messages SET next_attempt_ms = $2, attempts = attempts + 1 \
                     WHERE id IN (SELECT m.id FROM messages m \
                     WHERE m.state = 'pending' AND m.next_attempt_ms <= $1 \
                     AND ($4 OR m.kind = 'approval_push') \
                     ORDER BY m.next_attempt_ms LIMIT $3",
                    $skip_locked,
                    ") RETURNING ", $crate::shared::message_columns!(),
                ))
                .bind(now_ms)
                .bind(now_ms.saturating_add(lease_ms))
                .bind(limit)
                .bind(with_mail)
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
                sqlx::query_as(concat!(
                    "SELECT ", $crate::shared::message_columns!(), " FROM messages WHERE org_id = $1 \
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
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list messages"))
            }

            async fn message(&self, org_id: Uuid, id: Uuid) -> Result<Option<MessageRow>> {
                sqlx::query_as(concat!(
                    "SELECT ", $crate::shared::message_columns!(), " FROM messages WHERE org_id = $1 AND id = $2",
                ))
                .bind(org_id)
                .bind(id)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load message"))
            }

            async fn smtp_settings(&self) -> Result<Option<SmtpSettingsRow>> {
                sqlx::query_as(
                    "SELECT host, port, tls, username, password, from_address, updated_at_ms \
                     FROM smtp_settings WHERE id = 1",
                )
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
                let row: Option<OrgMailRow> = sqlx::query_as(
                    "SELECT from_name, reply_to FROM org_mail_settings WHERE org_id = $1",
                )
                .bind(org_id)
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
        }

        #[async_trait::async_trait]
        impl crate::SharedRedemption for $redemption {
            async fn zone_view(
                &mut self,
                pass_id: Uuid,
                zone_id: Uuid,
            ) -> Result<Option<(ZoneRow, super::ZoneView)>> {
                let zone: Option<ZoneRow> = sqlx::query_as(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones WHERE id = $1",
                )
                .bind(zone_id)
                .fetch_optional(&mut *self.tx)
                .await
                .map_err(Error::storage("load zone"))?;
                let Some(zone) = zone else {
                    return Ok(None);
                };
                let (listed, allowed): (i64, i64) = sqlx::query_as(
                    "SELECT COUNT(*), COALESCE(SUM(CASE WHEN zone_id = $2 THEN 1 ELSE 0 END), 0) \
                     FROM pass_zones WHERE pass_id = $1",
                )
                .bind(pass_id)
                .bind(zone_id)
                .fetch_one(&mut *self.tx)
                .await
                .map_err(Error::storage("load pass zones"))?;
                let presence: Vec<(Uuid, bool, i64, i64)> = sqlx::query_as(concat!(
                    "SELECT zone_id, inside, entry_day, entries_on_day FROM zone_presence \
                     WHERE pass_id = $1",
                    $for_update,
                ))
                .bind(pass_id)
                .fetch_all(&mut *self.tx)
                .await
                .map_err(Error::storage("load zone presence"))?;
                let here = presence.iter().find(|(id, ..)| *id == zone_id).map(
                    |(_, inside, entry_day, entries_on_day)| super::Presence {
                        inside: *inside,
                        entry_day: *entry_day,
                        entries_on_day: *entries_on_day,
                    },
                );
                let view = super::ZoneView {
                    allow_reentry: zone.allow_reentry,
                    max_entries_per_day: zone.max_entries_per_day,
                    pass_allowed: listed == 0 || allowed > 0,
                    presence: here,
                    entered_any: !presence.is_empty(),
                };
                Ok(Some((zone, view)))
            }

            async fn zone_move(
                &mut self,
                zone: &ZoneRow,
                pass_id: Uuid,
                entering: bool,
                now_ms: i64,
            ) -> Result<()> {
                if entering {
                    let today = now_ms.div_euclid(86_400_000);
                    sqlx::query(
                        "INSERT INTO zone_presence (pass_id, zone_id, org_id, inside, entry_day, \
                         entries_on_day, entered_at_ms) VALUES ($1, $2, $3, TRUE, $4, 1, $5) \
                         ON CONFLICT (pass_id, zone_id) DO UPDATE SET inside = TRUE, \
                         entries_on_day = CASE WHEN zone_presence.entry_day = $4 \
                         THEN zone_presence.entries_on_day + 1 ELSE 1 END, \
                         entry_day = $4, entered_at_ms = $5",
                    )
                    .bind(pass_id)
                    .bind(zone.id)
                    .bind(zone.org_id)
                    .bind(today)
                    .bind(now_ms)
                    .execute(&mut *self.tx)
                    .await
                    .map_err(Error::storage("enter zone"))?;
                    if zone.checks_out_others {
                        sqlx::query(
                            "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $3 \
                             WHERE pass_id = $1 AND zone_id <> $2 AND inside",
                        )
                        .bind(pass_id)
                        .bind(zone.id)
                        .bind(now_ms)
                        .execute(&mut *self.tx)
                        .await
                        .map_err(Error::storage("check out of other zones"))?;
                    }
                } else {
                    sqlx::query(
                        "UPDATE zone_presence SET inside = FALSE, exited_at_ms = $3 \
                         WHERE pass_id = $1 AND zone_id = $2",
                    )
                    .bind(pass_id)
                    .bind(zone.id)
                    .bind(now_ms)
                    .execute(&mut *self.tx)
                    .await
                    .map_err(Error::storage("leave zone"))?;
                }
                Ok(())
            }

            async fn count_use(&mut self, pass_id: Uuid) -> Result<()> {
                sqlx::query(
                    "UPDATE passes SET uses = uses + 1, \
                     state = CASE WHEN uses + 1 >= max_uses THEN 'used' ELSE state END WHERE id = $1",
                )
                .bind(pass_id)
                .execute(&mut *self.tx)
                .await
                .map_err(Error::storage("count pass use"))?;
                Ok(())
            }

            async fn store_outcome(&mut self, row: &RedemptionRow, event: &NewAudit) -> Result<()> {
                let (outcome, reason, first_at, first_gate) = row.outcome.columns();
                sqlx::query(
                    "INSERT INTO redemptions (nonce, org_id, gate_id, scan_id, pass_id, counter, \
                     outcome, reason, first_admitted_at_ms, first_gate_id, created_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
                )
                .bind(&row.nonce)
                .bind(row.org_id)
                .bind(row.gate_id)
                .bind(row.scan_id)
                .bind(row.pass_id)
                .bind(row.counter)
                .bind(outcome)
                .bind(reason)
                .bind(first_at)
                .bind(first_gate)
                .bind(row.created_at_ms)
                .execute(&mut *self.tx)
                .await
                .map_err(|error| match conflict(&error) {
                    Some(conflict) => Error::Conflict(conflict),
                    None => Error::Storage {
                        context: "store outcome",
                        source: error,
                    },
                })?;
                insert_audit(&mut self.tx, event).await
            }

            async fn append_audit(&mut self, event: &NewAudit) -> Result<()> {
                insert_audit(&mut self.tx, event).await
            }

            async fn commit(self: Box<Self>) -> Result<()> {
                commit(self.tx, "commit redemption").await
            }
        }
    };
}

/// The helpers every statement above uses, for the driver `$db`: commit with context,
/// append an audit event on a connection or in a transaction, store a pass row, disable
/// a webhook with its event.
macro_rules! shared_functions {
    ($db:ident) => {
        /// Ends every unused pairing link of a gate but `keep` (as if it had expired at
        /// `now_ms`).
        async fn cancel_pairings(
            conn: &mut <$db as sqlx::Database>::Connection,
            gate_id: Uuid,
            keep: &[u8; 32],
            now_ms: i64,
        ) -> Result<()> {
            sqlx::query(
                "UPDATE gate_pairings SET expires_at_ms = $3 WHERE gate_id = $1 \
                 AND secret_hash <> $2 AND used_at_ms IS NULL AND expires_at_ms > $3",
            )
            .bind(gate_id)
            .bind(&keep[..])
            .bind(now_ms)
            .execute(conn)
            .await
            .map_err(Error::storage("cancel pairing links"))?;
            Ok(())
        }

        /// A key of the organisation by id, from `api_keys` or `hosts`, with the statements
        /// that change it in its table.
        async fn find_key(
            conn: &mut <$db as sqlx::Database>::Connection,
            org_id: Uuid,
            key_id: Uuid,
        ) -> Result<Option<(ApiKeyListing, &'static crate::shared::KeyTable)>> {
            for table in [&crate::shared::API_KEYS, &crate::shared::HOSTS] {
                let key: Option<ApiKeyListing> = sqlx::query_as(table.find)
                    .bind(org_id)
                    .bind(key_id)
                    .fetch_optional(&mut *conn)
                    .await
                    .map_err(Error::storage("load api key"))?;
                if let Some(key) = key {
                    return Ok(Some((key, table)));
                }
            }
            Ok(None)
        }

        /// Commits, then wakes the live audit feed (most transactions here append an event; a
        /// wake-up without one costs the feed one read).
        async fn commit(tx: Transaction<'static, $db>, context: &'static str) -> Result<()> {
            tx.commit().await.map_err(Error::storage(context))?;
            super::audit_appended();
            Ok(())
        }

        /// Queues a message on a connection or inside a transaction, so that it commits with
        /// the change that asks for it.
        async fn insert_message(conn: &mut <$db as sqlx::Database>::Connection, message: &MessageRow) -> Result<()> {
            sqlx::query(
                "INSERT INTO messages (id, org_id, kind, pass_id, walk_in_id, to_address, language, \
                 secret, state, attempts, next_attempt_ms, not_after_ms, last_error, created_at_ms, \
                 settled_at_ms, subscription_id) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
            )
            .bind(message.id)
            .bind(message.org_id)
            .bind(message.kind.as_str())
            .bind(message.pass_id)
            .bind(message.walk_in_id)
            .bind(&message.to_address)
            .bind(&message.language)
            .bind(&message.secret)
            .bind(message.state.as_str())
            .bind(message.attempts)
            .bind(message.next_attempt_ms)
            .bind(message.not_after_ms)
            .bind(&message.last_error)
            .bind(message.created_at_ms)
            .bind(message.settled_at_ms)
            .bind(message.subscription_id)
            .execute(conn)
            .await
            .map_err(Error::storage("queue message"))?;
            Ok(())
        }

        /// Appends an audit event on a connection or inside a transaction, so that a state change
        /// and its event commit together.
        async fn insert_audit(conn: &mut <$db as sqlx::Database>::Connection, event: &NewAudit) -> Result<()> {
            sqlx::query(
                "INSERT INTO audit_events (at_ms, org_id, kind, severity, gate_id, pass_id, details, \
                 actor_issuer, actor_subject, actor_name) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(event.at_ms)
            .bind(event.org_id)
            .bind(event.kind)
            .bind(event.severity)
            .bind(event.gate_id)
            .bind(event.pass_id)
            .bind(&event.details)
            .bind(event.actor.as_ref().map(|person| person.issuer.as_str()))
            .bind(event.actor.as_ref().map(|person| person.subject.as_str()))
            .bind(event.actor.as_ref().map(|person| person.name.as_str()))
            .execute(conn)
            .await
            .map_err(Error::storage("append audit event"))?;
            Ok(())
        }

        /// Applies gate socket changes in order, each with its event, in the caller's
        /// transaction (`Store::record_gate_socket`'s group commit).
        async fn apply_socket_changes(
            conn: &mut <$db as sqlx::Database>::Connection,
            changes: &[SocketChange],
        ) -> Result<()> {
            for change in changes {
                match change.change {
                    SocketMove::Opened { replica_id } => {
                        sqlx::query(
                            "INSERT INTO gate_sockets (id, gate_id, replica_id, opened_at_ms, seen_at_ms) \
                             VALUES ($1, $2, $3, $4, $4)",
                        )
                        .bind(change.socket.id)
                        .bind(change.socket.gate_id)
                        .bind(replica_id)
                        .bind(change.at_ms)
                        .execute(&mut *conn)
                        .await
                        .map_err(Error::storage("open gate socket"))?;
                    }
                    SocketMove::Closed => {
                        sqlx::query("DELETE FROM gate_sockets WHERE id = $1")
                            .bind(change.socket.id)
                            .execute(&mut *conn)
                            .await
                            .map_err(Error::storage("close gate socket"))?;
                        sqlx::query("UPDATE gates SET last_seen_ms = $2 WHERE id = $1")
                            .bind(change.socket.gate_id)
                            .bind(change.at_ms)
                            .execute(&mut *conn)
                            .await
                            .map_err(Error::storage("close gate socket"))?;
                    }
                }
                insert_audit(&mut *conn, &change.event).await?;
            }
            Ok(())
        }

        /// Disables a webhook whose receiver answered `410 Gone`, with the audit event that says
        /// so, in the caller's transaction; once: a webhook disabled already writes nothing.
        async fn disable_webhook(
            conn: &mut <$db as sqlx::Database>::Connection,
            webhook_id: Uuid,
            event: &NewAudit,
            now_ms: i64,
        ) -> Result<()> {
            let disabled = sqlx::query(
                "UPDATE webhooks SET disabled_at_ms = $2, \
                 disabled_reason = 'the receiver answered 410 Gone' \
                 WHERE id = $1 AND disabled_at_ms IS NULL",
            )
            .bind(webhook_id)
            .bind(now_ms)
            .execute(&mut *conn)
            .await
            .map_err(Error::storage("disable webhook"))?;
            if disabled.rows_affected() == 1 {
                insert_audit(conn, event).await?;
            }
            Ok(())
        }

        /// Inserts a pass with every column; false when its `external_ref` is already the
        /// tenant's (nothing inserted).
        async fn insert_pass_row(
            conn: &mut <$db as sqlx::Database>::Connection,
            pass: &PassRow,
            content_hash: Option<&[u8; 32]>,
        ) -> Result<bool> {
            let inserted = sqlx::query(
                "INSERT INTO passes (id, org_id, label, site, valid_from_ms, valid_until_ms, \
                 max_uses, uses, state, claim_token_hash, wallet_public_key, server_kid, \
                 created_at_ms, host_id, max_transfers, external_ref, content_hash, language) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
                 $18) \
                 ON CONFLICT (org_id, external_ref) WHERE external_ref IS NOT NULL DO NOTHING",
            )
            .bind(pass.id)
            .bind(pass.org_id)
            .bind(&pass.label)
            .bind(&pass.site)
            .bind(pass.valid_from_ms)
            .bind(pass.valid_until_ms)
            .bind(pass.max_uses)
            .bind(pass.uses)
            .bind(pass.state.as_str())
            .bind(&pass.claim_token_hash)
            .bind(&pass.wallet_public_key)
            .bind(&pass.server_kid)
            .bind(pass.created_at_ms)
            .bind(pass.host_id)
            .bind(pass.max_transfers)
            .bind(&pass.external_ref)
            .bind(content_hash.map(|hash| hash.to_vec()))
            .bind(&pass.language)
            .execute(&mut *conn)
            .await
            .map_err(Error::storage("insert pass"))?
            .rows_affected();
            if inserted == 1 {
                for zone_id in &pass.zones {
                    sqlx::query("INSERT INTO pass_zones (pass_id, zone_id) VALUES ($1, $2)")
                        .bind(pass.id)
                        .bind(zone_id)
                        .execute(&mut *conn)
                        .await
                        .map_err(Error::storage("insert pass zone"))?;
                }
            }
            Ok(inserted == 1)
        }

    };
}

pub(crate) use {
    answer_columns, challenge_columns, message_columns, pass_columns, redemption_columns,
    scan_flags, shared_functions, shared_statements, sso_config_columns,
};

/// The statements that change a key, for the table it lives in: admin, issuer and auditor
/// keys in `api_keys`, a host's in `hosts` (with its sessions in `console_sessions` and
/// `host_sessions`). Each binds the key id as `$1`.
pub(crate) struct KeyTable {
    /// Reads the key (`$1` org, `$2` id) as a listing.
    pub find: &'static str,
    /// Stamps `revoked_at_ms` (`$2`) unless it is stamped already.
    pub revoke: &'static str,
    /// Moves the current hash aside until `$3` (or drops it when `$3` is null), stores
    /// `$2` and stamps `rotated_at_ms` (`$4`).
    pub rotate: &'static str,
    /// Ends every session made from the key.
    pub end_sessions: &'static str,
}

/// The statements of one key table.
macro_rules! key_table {
    ($table:literal, $role:literal, $unit:literal, $sessions:literal, $session_key:literal) => {
        KeyTable {
            find: concat!(
                "SELECT id, ", $role, " AS role, label, ", $unit, " AS unit, created_at_ms, \
                 last_used_ms, rotated_at_ms, previous_valid_until_ms, revoked_at_ms FROM ",
                $table,
                " WHERE org_id = $1 AND id = $2"
            ),
            revoke: concat!(
                "UPDATE ", $table, " SET revoked_at_ms = $2 WHERE id = $1 AND revoked_at_ms IS NULL"
            ),
            rotate: concat!(
                "UPDATE ", $table, " SET previous_key_hash = CASE WHEN $3 IS NULL THEN NULL \
                 ELSE key_hash END, previous_valid_until_ms = $3, key_hash = $2, rotated_at_ms = $4 \
                 WHERE id = $1 AND revoked_at_ms IS NULL"
            ),
            end_sessions: concat!("DELETE FROM ", $sessions, " WHERE ", $session_key, " = $1"),
        }
    };
}

/// Admin, issuer and auditor keys.
pub(crate) const API_KEYS: KeyTable = key_table!(
    "api_keys",
    "COALESCE(role_name, role)",
    "CAST(NULL AS TEXT)",
    "console_sessions",
    "api_key_id"
);
/// Hosts' keys.
pub(crate) const HOSTS: KeyTable =
    key_table!("hosts", "'host'", "unit", "host_sessions", "host_id");

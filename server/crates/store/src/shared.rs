//! The statements that are the same on PostgreSQL and SQLite, written once: the hot path's
//! here, each aggregate's in its own module.
//!
//! [`shared_statements!`] implements the hot path and [`crate::SharedRedemption`] for a
//! backend's redemption transaction, and expands each aggregate's macro (`passes.rs`,
//! `gates.rs`, `audit.rs`, …) with the backend's lock clauses: it is expanded inside
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

/// Implements the hot path for `$store`, [`crate::SharedRedemption`] for its redemption
/// transaction `$redemption` and every aggregate's statements, with the backend's
/// lock clauses: `$for_update` ends a read whose rows the transaction goes on to change,
/// `$skip_locked` the inner select of a queue claim, `$writers` what an audit reader learns of
/// the transactions still writing.
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
                let challenge: Option<ChallengeRow> = sqlx::query(
                    "SELECT nonce, org_id, gate_id, scan_id, pass_id, counter, code_hash, \
                     created_at_ms, expires_at_ms, wrong_answers FROM challenges \
                     WHERE gate_id = $1 AND scan_id = $2",
                )
                .bind(gate_id)
                .bind(scan_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.reads())
                .await
                .map_err(Error::storage("load challenge by scan"))?;
                if let Some(challenge) = challenge {
                    return Ok(Some(ScanRecord::Challenge(challenge)));
                }
                let denial: Option<ScanDenialRow> = sqlx::query(
                    "SELECT d.gate_id, d.scan_id, d.org_id, d.code_hash, d.reason, d.pass_id, \
                     p.label AS pass_label, d.age_s, d.ahead_s, d.created_at_ms \
                     FROM scan_denials d LEFT JOIN passes p ON p.id = d.pass_id \
                     WHERE d.gate_id = $1 AND d.scan_id = $2",
                )
                .bind(gate_id)
                .bind(scan_id)
                .try_map(crate::columns::decode)
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

        crate::schema::schema_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::orgs::orgs_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::passes::passes_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::gates::gates_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::scans::scans_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::people::people_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::webhooks::webhooks_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::walk_ins::walk_ins_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::sso::sso_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::privacy::privacy_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::zones::zones_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::audit::audit_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::retention::retention_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }
        crate::messages::messages_statements! {
            store: $store,
            for_update: $for_update,
            skip_locked: $skip_locked,
            writers: $writers,
        }

        #[async_trait::async_trait]
        impl crate::SharedRedemption for $redemption {
            async fn zone_view(
                &mut self,
                pass_id: Uuid,
                zone_id: Uuid,
            ) -> Result<Option<(ZoneRow, super::ZoneView)>> {
                let zone: Option<ZoneRow> = sqlx::query(
                    "SELECT id, org_id, name, allow_reentry, max_entries_per_day, checkout_at_minute, \
                     checks_out_others, last_checkout_day, created_at_ms FROM zones WHERE id = $1",
                )
                .bind(zone_id)
                .try_map(crate::columns::decode)
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
                let key: Option<ApiKeyListing> = sqlx::query(table.find)
                    .bind(org_id)
                    .bind(key_id)
                    .try_map(crate::columns::decode)
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
    answer_columns, challenge_columns, pass_columns, redemption_columns, scan_flags,
    shared_functions, shared_statements,
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

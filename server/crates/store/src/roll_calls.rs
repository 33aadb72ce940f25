//! Roll calls' statements (issue 32), the same on both backends: the list taken once when a
//! roll call starts (pass holders in `roll_call_people`, walk-ins in `roll_call_walk_ins`,
//! read back as one list), marks written once (`marked_at_ms` from NULL) in the transaction
//! of their audit event, and muster challenges that store their outcome under their nonce.
//!
//! [`roll_call_statements!`] implements [`RollCallStatements`] for a backend.

use tessera_domain::roll_calls::{
    MarkHow, MusterChallengeRow, PersonKind, RollCallPerson, RollCallRow,
};
use uuid::Uuid;

use crate::{NewAudit, Result};

/// A mark to write: who, where, how, under which client mark id (manual) or nonce (scan).
#[derive(Clone, Debug)]
pub struct NewMark {
    /// The roll call.
    pub roll_call_id: Uuid,
    /// A pass holder or a walk-in (marked by hand only).
    pub kind: PersonKind,
    /// The pass's id, or the walk-in's.
    pub id: Uuid,
    /// When.
    pub at_ms: i64,
    /// Who marked (a gate's label, an officer).
    pub by: String,
    /// Where (the muster point).
    pub marked_where: String,
    /// How.
    pub how: MarkHow,
    /// The client's mark id (manual marks).
    pub mark_id: Option<Uuid>,
    /// The muster challenge answered (scans): its outcome is stored with the mark.
    pub nonce: Option<Vec<u8>>,
}

/// What writing a mark did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MarkWritten {
    /// Marked now; the event was written.
    Marked(RollCallPerson),
    /// Marked before (by anyone): nothing written. For a scan, `already_safe` is stored
    /// under its nonce.
    AlreadyMarked(RollCallPerson),
    /// This mark id was written before, for this person: nothing written.
    Resent(RollCallPerson),
    /// This mark id was used before for another person or roll call.
    MarkIdReused,
    /// The person is not on the roll call's list.
    NotListed,
    /// The roll call ended.
    Ended,
    /// (Scans) the muster challenge was answered, burned or expired meanwhile: re-read it.
    ChallengeClosed,
}

/// The roll calls' primitives.
#[async_trait::async_trait]
pub trait RollCallStatements {
    /// Starts a roll call: stores it and its list (passes inside its zones now, passes
    /// admitted since `since_ms` at its gates without a zone and not seen leaving since, and
    /// walk-ins approved since `since_ms` at its gates), with the event `event(listed)`
    /// makes, in one transaction. Answers how many it lists.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn start_roll_call(
        &self,
        roll_call: &RollCallRow,
        since_ms: i64,
        event: &(dyn Fn(u64) -> NewAudit + Send + Sync),
    ) -> Result<u64>;

    /// An organisation's roll calls, newest first, with how many each lists and how many
    /// are marked safe.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn roll_calls(&self, org_id: Uuid, limit: i64) -> Result<Vec<(RollCallRow, i64, i64)>>;

    /// One roll call of an organisation (from the primary).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn roll_call(&self, org_id: Uuid, id: Uuid) -> Result<Option<RollCallRow>>;

    /// A roll call's list with its marks, pass holders and walk-ins, by label (from the
    /// primary: a console polling it after a mark sees the mark).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn roll_call_people(&self, id: Uuid) -> Result<Vec<RollCallPerson>>;

    /// The organisation's roll calls in progress, newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn active_roll_calls(&self, org_id: Uuid) -> Result<Vec<RollCallRow>>;

    /// The roll calls in progress whose list holds `pass_id`, newest first.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn listing_roll_calls(&self, pass_id: Uuid) -> Result<Vec<RollCallRow>>;

    /// Writes a mark with the event `event` (only if it marks someone), in one
    /// transaction; for a scan, its outcome is stored under the nonce in the same one.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn write_mark(&self, mark: &NewMark, event: &NewAudit) -> Result<MarkWritten>;

    /// Ends a roll call: stamps its end and writes the event `event(list)` makes of its
    /// final list, in one transaction. `None` when it had ended already (or is not the
    /// organisation's).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn end_roll_call(
        &self,
        org_id: Uuid,
        id: Uuid,
        at_ms: i64,
        by: &str,
        event: &(dyn for<'a> Fn(&'a [RollCallPerson]) -> NewAudit + Send + Sync),
    ) -> Result<Option<Vec<RollCallPerson>>>;

    /// Stores a muster challenge with its event; false when the gate used the scan id
    /// before (a concurrent resend).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_muster_challenge(
        &self,
        challenge: &MusterChallengeRow,
        event: &NewAudit,
    ) -> Result<bool>;

    /// The muster challenge with this nonce (from the primary).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn muster_challenge(&self, nonce: &[u8]) -> Result<Option<MusterChallengeRow>>;

    /// The muster challenge a gate's scan id got (from the primary).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn muster_challenge_for_scan(
        &self,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<MusterChallengeRow>>;

    /// Counts a wrong answer to an open, unanswered muster challenge, with its event;
    /// false (nothing written) when three came before.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn count_muster_wrong_answer(&self, nonce: &[u8], event: &NewAudit) -> Result<bool>;

    /// A pass holder's mark in a roll call (from the primary).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn roll_call_person(
        &self,
        roll_call_id: Uuid,
        pass_id: Uuid,
    ) -> Result<Option<RollCallPerson>>;
}

/// The people on lists, pass holders (with their pass's label) and walk-ins (with their
/// name), as one relation with `roll_call_id`, `kind` and `id` to filter on.
macro_rules! person_columns {
    () => {
        "SELECT kind, id, label, last_seen, marked_at_ms, marked_by, marked_where, how FROM ( \
         SELECT 'pass' AS kind, p.pass_id AS id, s.label AS label, p.last_seen, \
         p.marked_at_ms, p.marked_by, p.marked_where, p.how, p.roll_call_id \
         FROM roll_call_people p JOIN passes s ON s.id = p.pass_id \
         UNION ALL SELECT 'walk_in', w.walk_in_id, k.visitor_name, w.last_seen, \
         w.marked_at_ms, w.marked_by, w.marked_where, w.how, w.roll_call_id \
         FROM roll_call_walk_ins w JOIN walk_ins k ON k.id = w.walk_in_id) people "
    };
}

/// The columns of a roll call.
macro_rules! roll_call_columns {
    () => {
        "SELECT id, org_id, site, zone_id, scope, started_at_ms, started_by, ended_at_ms, \
         ended_by FROM roll_calls "
    };
}

/// The columns of a muster challenge.
macro_rules! muster_columns {
    () => {
        "SELECT nonce, org_id, gate_id, scan_id, roll_call_id, pass_id, code_hash, \
         created_at_ms, expires_at_ms, wrong_answers, outcome FROM muster_challenges "
    };
}

macro_rules! roll_call_statements {
    (store: $store:ty $(,)?) => {
        #[async_trait::async_trait]
        impl crate::roll_calls::RollCallStatements for $store {
            async fn start_roll_call(
                &self,
                roll_call: &tessera_domain::roll_calls::RollCallRow,
                since_ms: i64,
                event: &(dyn Fn(u64) -> NewAudit + Send + Sync),
            ) -> Result<u64> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("start roll call").await?;
                sqlx::query(
                    "INSERT INTO roll_calls (id, org_id, site, zone_id, scope, started_at_ms, \
                     started_by) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(roll_call.id)
                .bind(roll_call.org_id)
                .bind(&roll_call.site)
                .bind(roll_call.zone_id)
                .bind(&roll_call.scope)
                .bind(roll_call.started_at_ms)
                .bind(&roll_call.started_by)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("start roll call"))?;
                // Inside a covered zone now (one row per pass: the first zone by name).
                let in_zones = sqlx::query(
                    "INSERT INTO roll_call_people (roll_call_id, pass_id, org_id, last_seen) \
                     SELECT $1, inside.pass_id, $2, inside.zone FROM ( \
                       SELECT zp.pass_id, MIN(z.name) AS zone FROM zone_presence zp \
                       JOIN zones z ON z.id = zp.zone_id \
                       WHERE zp.org_id = $2 AND zp.inside \
                       AND ($3 IS NULL OR zp.zone_id = $3) \
                       AND ($4 IS NULL OR EXISTS (SELECT 1 FROM gates g \
                           WHERE g.zone_id = zp.zone_id AND g.site = $4)) \
                       GROUP BY zp.pass_id) inside WHERE TRUE \
                     ON CONFLICT (roll_call_id, pass_id) DO NOTHING",
                )
                .bind(roll_call.id)
                .bind(roll_call.org_id)
                .bind(roll_call.zone_id)
                .bind(&roll_call.site)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("list who is inside its zones"))?
                .rows_affected();
                // Admitted today at a gate without a zone, and not seen leaving through a
                // zone's exit since. A zone's roll call has no such gates.
                let at_gates = if roll_call.zone_id.is_some() {
                    0
                } else {
                    sqlx::query(
                        "INSERT INTO roll_call_people (roll_call_id, pass_id, org_id, last_seen) \
                         SELECT $1, admitted.pass_id, $2, admitted.gate FROM ( \
                           SELECT r.pass_id, MAX(r.created_at_ms) AS at_ms, MIN(g.label) AS gate \
                           FROM redemptions r JOIN gates g ON g.id = r.gate_id \
                           WHERE r.org_id = $2 AND r.outcome = 'admitted' AND g.zone_id IS NULL \
                           AND r.created_at_ms >= $3 AND ($4 IS NULL OR g.site = $4) \
                           GROUP BY r.pass_id) admitted \
                         WHERE NOT EXISTS (SELECT 1 FROM zone_presence zp \
                           WHERE zp.pass_id = admitted.pass_id AND NOT zp.inside \
                           AND zp.exited_at_ms > admitted.at_ms) \
                         ON CONFLICT (roll_call_id, pass_id) DO NOTHING",
                    )
                    .bind(roll_call.id)
                    .bind(roll_call.org_id)
                    .bind(since_ms)
                    .bind(&roll_call.site)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("list who was admitted today"))?
                    .rows_affected()
                };
                // Walk-ins a host approved today at a covered gate: nothing records a
                // walk-in leaving, so everyone approved today is listed (the safe error).
                let walk_ins = sqlx::query(
                    "INSERT INTO roll_call_walk_ins (roll_call_id, walk_in_id, org_id, last_seen) \
                     SELECT $1, w.id, $2, g.label FROM walk_ins w JOIN gates g ON g.id = w.gate_id \
                     WHERE w.org_id = $2 AND w.state = 'approved' AND w.decided_at_ms >= $3 \
                     AND ($4 IS NULL OR g.site = $4) AND ($5 IS NULL OR g.zone_id = $5) \
                     ON CONFLICT (roll_call_id, walk_in_id) DO NOTHING",
                )
                .bind(roll_call.id)
                .bind(roll_call.org_id)
                .bind(since_ms)
                .bind(&roll_call.site)
                .bind(roll_call.zone_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("list today's walk-ins"))?
                .rows_affected();
                let listed = in_zones + at_gates + walk_ins;
                insert_audit(&mut tx, &event(listed)).await?;
                commit(tx, "start roll call").await?;
                Ok(listed)
            }

            async fn roll_calls(
                &self,
                org_id: Uuid,
                limit: i64,
            ) -> Result<Vec<(tessera_domain::roll_calls::RollCallRow, i64, i64)>> {
                let rows: Vec<tessera_domain::roll_calls::RollCallRow> = sqlx::query(concat!(
                    crate::roll_calls::roll_call_columns!(),
                    "WHERE org_id = $1 ORDER BY started_at_ms DESC, id LIMIT $2"
                ))
                .bind(org_id)
                .bind(limit)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("list roll calls"))?;
                let mut listed = Vec::with_capacity(rows.len());
                for row in rows {
                    let (inside, safe): (i64, i64) = sqlx::query_as(
                        "SELECT COUNT(*), COUNT(marked_at_ms) FROM ( \
                         SELECT marked_at_ms FROM roll_call_people WHERE roll_call_id = $1 \
                         UNION ALL \
                         SELECT marked_at_ms FROM roll_call_walk_ins WHERE roll_call_id = $1) people",
                    )
                    .bind(row.id)
                    .fetch_one(self.writes())
                    .await
                    .map_err(Error::storage("count a roll call"))?;
                    listed.push((row, inside, safe));
                }
                Ok(listed)
            }

            async fn roll_call(
                &self,
                org_id: Uuid,
                id: Uuid,
            ) -> Result<Option<tessera_domain::roll_calls::RollCallRow>> {
                sqlx::query(concat!(
                    crate::roll_calls::roll_call_columns!(),
                    "WHERE org_id = $1 AND id = $2"
                ))
                .bind(org_id)
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load roll call"))
            }

            async fn roll_call_people(
                &self,
                id: Uuid,
            ) -> Result<Vec<tessera_domain::roll_calls::RollCallPerson>> {
                sqlx::query(concat!(
                    crate::roll_calls::person_columns!(),
                    "WHERE roll_call_id = $1 ORDER BY label, id"
                ))
                .bind(id)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("load a roll call's list"))
            }

            async fn active_roll_calls(
                &self,
                org_id: Uuid,
            ) -> Result<Vec<tessera_domain::roll_calls::RollCallRow>> {
                sqlx::query(concat!(
                    crate::roll_calls::roll_call_columns!(),
                    "WHERE org_id = $1 AND ended_at_ms IS NULL ORDER BY started_at_ms DESC, id"
                ))
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("load roll calls in progress"))
            }

            async fn listing_roll_calls(
                &self,
                pass_id: Uuid,
            ) -> Result<Vec<tessera_domain::roll_calls::RollCallRow>> {
                sqlx::query(
                    "SELECT r.id, r.org_id, r.site, r.zone_id, r.scope, r.started_at_ms, \
                     r.started_by, r.ended_at_ms, r.ended_by FROM roll_calls r \
                     JOIN roll_call_people p ON p.roll_call_id = r.id \
                     WHERE p.pass_id = $1 AND r.ended_at_ms IS NULL \
                     ORDER BY r.started_at_ms DESC, r.id",
                )
                .bind(pass_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.writes())
                .await
                .map_err(Error::storage("find a pass's roll calls"))
            }

            async fn write_mark(
                &self,
                mark: &crate::roll_calls::NewMark,
                event: &NewAudit,
            ) -> Result<crate::roll_calls::MarkWritten> {
                use crate::roll_calls::MarkWritten;
                use tessera_domain::roll_calls::{Marked, PersonKind, RollCallPerson};
                let _writing = self.write_turn().await;
                let mut tx = self.begin("mark safe").await?;
                let read_person = concat!(
                    crate::roll_calls::person_columns!(),
                    "WHERE roll_call_id = $1 AND id = $2 AND kind = $3"
                );
                if let Some(mark_id) = mark.mark_id {
                    let before: Option<(Uuid, Uuid, String)> = sqlx::query_as(
                        "SELECT roll_call_id, pass_id, 'pass' FROM roll_call_people \
                         WHERE mark_id = $1 \
                         UNION ALL SELECT roll_call_id, walk_in_id, 'walk_in' \
                         FROM roll_call_walk_ins WHERE mark_id = $1",
                    )
                    .bind(mark_id)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(Error::storage("look a mark id up"))?;
                    if let Some((roll_call_id, id, kind)) = before {
                        if (roll_call_id, id, kind.as_str()) != (mark.roll_call_id, mark.id, mark.kind.as_str()) {
                            return Ok(MarkWritten::MarkIdReused);
                        }
                        let person = sqlx::query(read_person)
                            .bind(mark.roll_call_id)
                            .bind(mark.id)
                            .bind(mark.kind.as_str())
                            .try_map(crate::columns::decode::<_, RollCallPerson>)
                            .fetch_optional(&mut *tx)
                            .await
                            .map_err(Error::storage("read a mark"))?;
                        return Ok(match person {
                            Some(person) => MarkWritten::Resent(person),
                            None => MarkWritten::NotListed,
                        });
                    }
                }
                let ended: Option<Option<i64>> = sqlx::query_scalar(
                    "SELECT ended_at_ms FROM roll_calls WHERE id = $1",
                )
                .bind(mark.roll_call_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("read a roll call"))?;
                if !matches!(ended, Some(None)) {
                    return Ok(MarkWritten::Ended);
                }
                let write = match mark.kind {
                    PersonKind::Pass => {
                        "UPDATE roll_call_people SET marked_at_ms = $3, marked_by = $4, \
                         marked_where = $5, how = $6, mark_id = $7 \
                         WHERE roll_call_id = $1 AND pass_id = $2 AND marked_at_ms IS NULL"
                    }
                    PersonKind::WalkIn => {
                        "UPDATE roll_call_walk_ins SET marked_at_ms = $3, marked_by = $4, \
                         marked_where = $5, how = $6, mark_id = $7 \
                         WHERE roll_call_id = $1 AND walk_in_id = $2 AND marked_at_ms IS NULL"
                    }
                };
                let marked = sqlx::query(write)
                .bind(mark.roll_call_id)
                .bind(mark.id)
                .bind(mark.at_ms)
                .bind(&mark.by)
                .bind(&mark.marked_where)
                .bind(mark.how.as_str())
                .bind(mark.mark_id)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("mark safe"))?
                .rows_affected()
                    == 1;
                let person = sqlx::query(read_person)
                    .bind(mark.roll_call_id)
                    .bind(mark.id)
                    .bind(mark.kind.as_str())
                    .try_map(crate::columns::decode::<_, RollCallPerson>)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(Error::storage("read a mark"))?;
                let Some(now) = person else {
                    return Ok(MarkWritten::NotListed);
                };
                if let Some(nonce) = &mark.nonce {
                    let outcome = if marked { Marked::Safe } else { Marked::AlreadySafe };
                    let stored = sqlx::query(
                        "UPDATE muster_challenges SET outcome = $2 WHERE nonce = $1 \
                         AND outcome IS NULL AND wrong_answers < 3 AND expires_at_ms > $3",
                    )
                    .bind(nonce)
                    .bind(outcome.as_str())
                    .bind(mark.at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("store a muster outcome"))?
                    .rows_affected()
                        == 1;
                    if !stored {
                        // Dropped: the transaction rolls the mark back.
                        return Ok(MarkWritten::ChallengeClosed);
                    }
                }
                if marked {
                    insert_audit(&mut tx, event).await?;
                }
                commit(tx, "mark safe").await?;
                Ok(if marked {
                    MarkWritten::Marked(now)
                } else {
                    MarkWritten::AlreadyMarked(now)
                })
            }

            async fn end_roll_call(
                &self,
                org_id: Uuid,
                id: Uuid,
                at_ms: i64,
                by: &str,
                event: &(dyn for<'a> Fn(&'a [tessera_domain::roll_calls::RollCallPerson]) -> NewAudit
                      + Send
                      + Sync),
            ) -> Result<Option<Vec<tessera_domain::roll_calls::RollCallPerson>>> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("end roll call").await?;
                let ended = sqlx::query(
                    "UPDATE roll_calls SET ended_at_ms = $3, ended_by = $4 \
                     WHERE org_id = $1 AND id = $2 AND ended_at_ms IS NULL",
                )
                .bind(org_id)
                .bind(id)
                .bind(at_ms)
                .bind(by)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("end roll call"))?
                .rows_affected()
                    == 1;
                if !ended {
                    return Ok(None);
                }
                let people: Vec<tessera_domain::roll_calls::RollCallPerson> =
                    sqlx::query(concat!(
                        crate::roll_calls::person_columns!(),
                        "WHERE roll_call_id = $1 ORDER BY label, id"
                    ))
                    .bind(id)
                    .try_map(crate::columns::decode)
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(Error::storage("read the final list"))?;
                insert_audit(&mut tx, &event(&people)).await?;
                commit(tx, "end roll call").await?;
                Ok(Some(people))
            }

            async fn insert_muster_challenge(
                &self,
                challenge: &tessera_domain::roll_calls::MusterChallengeRow,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("issue muster challenge").await?;
                let inserted = sqlx::query(
                    "INSERT INTO muster_challenges (nonce, org_id, gate_id, scan_id, \
                     roll_call_id, pass_id, code_hash, created_at_ms, expires_at_ms) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                     ON CONFLICT (gate_id, scan_id) DO NOTHING",
                )
                .bind(&challenge.nonce)
                .bind(challenge.org_id)
                .bind(challenge.gate_id)
                .bind(challenge.scan_id)
                .bind(challenge.roll_call_id)
                .bind(challenge.pass_id)
                .bind(&challenge.code_hash)
                .bind(challenge.created_at_ms)
                .bind(challenge.expires_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("issue muster challenge"))?
                .rows_affected()
                    == 1;
                if !inserted {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "issue muster challenge").await?;
                Ok(true)
            }

            async fn muster_challenge(
                &self,
                nonce: &[u8],
            ) -> Result<Option<tessera_domain::roll_calls::MusterChallengeRow>> {
                sqlx::query(concat!(crate::roll_calls::muster_columns!(), "WHERE nonce = $1"))
                    .bind(nonce)
                    .try_map(crate::columns::decode)
                    .fetch_optional(self.writes())
                    .await
                    .map_err(Error::storage("load muster challenge"))
            }

            async fn muster_challenge_for_scan(
                &self,
                gate_id: Uuid,
                scan_id: Uuid,
            ) -> Result<Option<tessera_domain::roll_calls::MusterChallengeRow>> {
                sqlx::query(concat!(
                    crate::roll_calls::muster_columns!(),
                    "WHERE gate_id = $1 AND scan_id = $2"
                ))
                .bind(gate_id)
                .bind(scan_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("load muster challenge"))
            }

            async fn count_muster_wrong_answer(&self, nonce: &[u8], event: &NewAudit) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("count a wrong muster answer").await?;
                let counted = sqlx::query(
                    "UPDATE muster_challenges SET wrong_answers = wrong_answers + 1 \
                     WHERE nonce = $1 AND outcome IS NULL AND wrong_answers < 3",
                )
                .bind(nonce)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("count a wrong muster answer"))?
                .rows_affected()
                    == 1;
                insert_audit(&mut tx, event).await?;
                commit(tx, "count a wrong muster answer").await?;
                Ok(counted)
            }

            async fn roll_call_person(
                &self,
                roll_call_id: Uuid,
                pass_id: Uuid,
            ) -> Result<Option<tessera_domain::roll_calls::RollCallPerson>> {
                sqlx::query(concat!(
                    crate::roll_calls::person_columns!(),
                    "WHERE roll_call_id = $1 AND id = $2 AND kind = 'pass'"
                ))
                .bind(roll_call_id)
                .bind(pass_id)
                .try_map(crate::columns::decode)
                .fetch_optional(self.writes())
                .await
                .map_err(Error::storage("read a mark"))
            }
        }
    };
}

pub(crate) use muster_columns;
pub(crate) use person_columns;
pub(crate) use roll_call_columns;
pub(crate) use roll_call_statements;

crate::columns::from_columns!(tessera_domain::roll_calls::RollCallRow {
    id,
    org_id,
    site,
    zone_id,
    scope,
    started_at_ms,
    started_by,
    ended_at_ms,
    ended_by,
});
crate::columns::from_columns!(tessera_domain::roll_calls::RollCallPerson {
    kind: text,
    id,
    label,
    last_seen,
    marked_at_ms,
    marked_by,
    marked_where,
    how: opt_text,
});
crate::columns::from_columns!(tessera_domain::roll_calls::MusterChallengeRow {
    nonce,
    org_id,
    gate_id,
    scan_id,
    roll_call_id,
    pass_id,
    code_hash,
    created_at_ms,
    expires_at_ms,
    wrong_answers,
    outcome: opt_text,
});

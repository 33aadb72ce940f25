//! The redemption's statements off the hot path: a scan denied before any challenge, a wrong
//! answer counted, and unanswered challenges swept.
//!
//! [`scans_statements!`] implements [`ScanStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use uuid::Uuid;

use crate::columns::{decode_error, Columns, FromColumns};
use crate::{ChallengeRow, NewAudit, Result, ScanDenialRow};

/// The redemption's statements off the hot path: a scan denied before any challenge, a wrong
/// answer counted, and unanswered challenges swept.
#[async_trait::async_trait]
pub trait ScanStatements {
    /// Stores a scan-time denial with its event; false when the gate already has a record
    /// for the scan id.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn insert_scan_denial(&self, denial: &ScanDenialRow, event: &NewAudit) -> Result<bool>;

    /// Counts one wrong answer unless burned at `limit`, with `event(counted)`, together.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn record_wrong_answer(
        &self,
        nonce: &[u8; 32],
        limit: i64,
        event: &(dyn Fn(bool) -> NewAudit + Send + Sync),
    ) -> Result<bool>;

    /// Settles up to `limit` expired challenges, oldest first, and audits each one that
    /// has no stored outcome (a challenge nobody answered), once. An answered challenge
    /// needs no event; it is settled here, in bulk, rather than in its admission's
    /// statement, so that the admission writes nothing but its own rows. Returns how many
    /// it settled: `limit` of them means more may be due.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sweep_unanswered(
        &self,
        now_ms: i64,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a ChallengeRow) -> NewAudit + Send + Sync),
    ) -> Result<usize>;
}

macro_rules! scans_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::scans::ScanStatements for $store {
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
                let settled: Vec<SweptChallenge> = sqlx::query(
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
                .try_map(crate::columns::decode)
                .fetch_all(&mut *tx)
                .await
                .map_err(Error::storage("settle expired challenges"))?;
                for unanswered in settled.iter().filter(|swept| !swept.answered) {
                    insert_audit(&mut tx, &event(&unanswered.challenge)).await?;
                }
                commit(tx, "sweep").await?;
                Ok(settled.len())
            }
        }
    };
}

pub(crate) use scans_statements;

crate::columns::from_columns!(crate::ChallengeRow {
    nonce,
    org_id,
    gate_id,
    scan_id,
    pass_id,
    counter,
    code_hash,
    created_at_ms,
    expires_at_ms,
    wrong_answers,
});
crate::columns::from_columns!(crate::ScanDenialRow {
    gate_id,
    scan_id,
    org_id,
    code_hash,
    reason: parsed,
    pass_id,
    pass_label,
    age_s,
    ahead_s,
    created_at_ms,
});
crate::columns::from_columns!(crate::SweptChallenge {
    challenge: flatten,
    answered
});

impl FromColumns for crate::ScanContext {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        Ok(crate::ScanContext {
            pass: pass_from_prefixed(row)?,
            step_gate_id: row.col("step_gate_id")?,
            resent_scan: row.col("resent_scan")?,
        })
    }
}

impl FromColumns for crate::ChallengeContext {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        let challenge = crate::ChallengeRow::from_columns(row)?;
        let stored = stored_from_prefixed(row, &challenge)?;
        Ok(crate::ChallengeContext {
            pass: pass_from_prefixed(row)?,
            challenge,
            stored,
        })
    }
}

impl FromColumns for crate::LockedRedemption {
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self> {
        let crate::ChallengeContext {
            challenge,
            pass,
            stored,
        } = crate::ChallengeContext::from_columns(row)?;
        let admission = |gate: &str, at: &str| -> sqlx::Result<Option<crate::Admission>> {
            let columns: (Option<Uuid>, Option<i64>) = (row.col(gate)?, row.col(at)?);
            Ok(columns
                .0
                .zip(columns.1)
                .map(|(gate_id, at_ms)| crate::Admission { gate_id, at_ms }))
        };
        Ok(crate::LockedRedemption {
            challenge,
            pass,
            stored,
            step_admission: admission("step_gate_id", "step_at_ms")?,
            last_admission: admission("last_gate_id", "last_at_ms")?,
        })
    }
}

/// The pass columns of a joined row, each named `p_<column>`, as the hot path reads them
/// (the fields only the pass's page shows keep their defaults).
fn pass_from_prefixed(row: &impl Columns) -> sqlx::Result<crate::PassRow> {
    Ok(crate::PassRow {
        id: row.col("p_id")?,
        org_id: row.col("p_org_id")?,
        label: row.col("p_label")?,
        site: row.col("p_site")?,
        valid_from_ms: row.col("p_valid_from_ms")?,
        valid_until_ms: row.col("p_valid_until_ms")?,
        max_uses: row.col("p_max_uses")?,
        uses: row.col("p_uses")?,
        state: row.text("p_state")?,
        claim_token_hash: row.col("p_claim_token_hash")?,
        wallet_public_key: row.col("p_wallet_public_key")?,
        server_kid: row.col("p_server_kid")?,
        created_at_ms: row.col("p_created_at_ms")?,
        claimed_at_ms: row.col("p_claimed_at_ms")?,
        revoked_at_ms: row.col("p_revoked_at_ms")?,
        host_id: None,
        max_transfers: 0,
        transfers: 0,
        rebinds: 0,
        external_ref: None,
        language: None,
        zones: Vec::new(),
    })
}

/// The outcome columns of a joined row, each named `r_<column>` (all null when no outcome
/// is stored), for the challenge `challenge`.
fn stored_from_prefixed(
    row: &impl Columns,
    challenge: &crate::ChallengeRow,
) -> sqlx::Result<Option<crate::RedemptionRow>> {
    let outcome: Option<String> = row.col("r_outcome")?;
    let created_at_ms: Option<i64> = row.col("r_created_at_ms")?;
    let (Some(outcome), Some(created_at_ms)) = (outcome, created_at_ms) else {
        return Ok(None);
    };
    let reason: Option<String> = row.col("r_reason")?;
    let outcome = crate::StoredOutcome::from_columns(
        &outcome,
        reason.as_deref(),
        row.col("r_first_admitted_at_ms")?,
        row.col("r_first_gate_id")?,
    )
    .map_err(|message| decode_error("r_outcome", message))?;
    Ok(Some(crate::RedemptionRow::for_challenge(
        challenge,
        outcome,
        created_at_ms,
    )))
}

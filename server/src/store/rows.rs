//! Rows as stored, shared by both backends.
//!
//! Ids are UUIDs (PostgreSQL `uuid`, SQLite BLOB), times are unix milliseconds in both, so
//! one set of queries and one decoding serve PostgreSQL and SQLite alike.

use sqlx::FromRow;
use uuid::Uuid;

/// An API key as stored (without its hash).
#[derive(Clone, Debug, FromRow)]
pub struct ApiKeyRow {
    /// Key id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// `admin`, `issuer` or `auditor`.
    pub role: String,
    /// Free text.
    pub label: String,
}

/// A gate device as stored (without its token hash).
#[derive(Clone, Debug, FromRow)]
pub struct GateRow {
    /// Gate id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Free text, e.g. "North gate".
    pub label: String,
    /// Site the gate stands at, if any.
    pub site: Option<String>,
}

/// A pass.
#[derive(Clone, FromRow)]
pub struct PassRow {
    /// Pass id.
    pub id: Uuid,
    /// Owning organisation.
    pub org_id: Uuid,
    /// Issuer's label.
    pub label: String,
    /// Site restriction, if any.
    pub site: Option<String>,
    /// Not valid before.
    pub valid_from_ms: i64,
    /// Not valid from this instant on.
    pub valid_until_ms: i64,
    /// Admissions allowed.
    pub max_uses: i64,
    /// Admissions so far.
    pub uses: i64,
    /// `issued`, `claimed`, `used` or `revoked`.
    pub state: String,
    /// SHA-256 of the claim token.
    pub claim_token_hash: Vec<u8>,
    /// The wallet's X25519 public key once claimed.
    pub wallet_public_key: Option<Vec<u8>>,
    /// The server key the pass is bound to.
    pub server_kid: String,
    /// Issue time.
    pub created_at_ms: i64,
    /// Claim time.
    pub claimed_at_ms: Option<i64>,
    /// Revocation time.
    pub revoked_at_ms: Option<i64>,
}

impl std::fmt::Debug for PassRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassRow")
            .field("id", &self.id)
            .field("org_id", &self.org_id)
            .field("state", &self.state)
            .field("uses", &self.uses)
            .field("max_uses", &self.max_uses)
            .finish_non_exhaustive()
    }
}

/// A challenge issued to a gate for a scan.
#[derive(Clone, Debug, FromRow)]
pub struct ChallengeRow {
    /// The nonce (32 bytes), primary key.
    pub nonce: Vec<u8>,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The gate device it was issued to.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
    /// The scanned pass.
    pub pass_id: Uuid,
    /// The rotating code's step `T`.
    pub counter: i64,
    /// SHA-256 of the scanned code text (to detect a reused scan id).
    pub code_hash: Vec<u8>,
    /// Issue time.
    pub created_at_ms: i64,
    /// End of life.
    pub expires_at_ms: i64,
    /// Wrong answers so far (3 burns it).
    pub wrong_answers: i64,
}

/// An outcome stored under a nonce.
#[derive(Clone, Debug, FromRow)]
pub struct RedemptionRow {
    /// The challenge nonce, primary key.
    pub nonce: Vec<u8>,
    /// Owning organisation.
    pub org_id: Uuid,
    /// The gate that redeemed.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
    /// The pass.
    pub pass_id: Uuid,
    /// The rotating code's step.
    pub counter: i64,
    /// `admitted`, `already_admitted` or `denied`.
    pub outcome: String,
    /// The denial reason.
    pub reason: Option<String>,
    /// On `already_admitted`: when the pass was first admitted.
    pub first_admitted_at_ms: Option<i64>,
    /// On `already_admitted`: where the pass was first admitted.
    pub first_gate_id: Option<Uuid>,
    /// Commit time.
    pub created_at_ms: i64,
}

/// An audit event as stored.
#[derive(Clone, Debug, FromRow)]
pub struct AuditRow {
    /// Monotonic id (the pagination cursor).
    pub id: i64,
    /// Event time.
    pub at_ms: i64,
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// What happened.
    pub kind: String,
    /// `info`, `warning` or `high`.
    pub severity: String,
    /// Gate involved.
    pub gate_id: Option<Uuid>,
    /// Pass involved.
    pub pass_id: Option<Uuid>,
    /// Bounded JSON object.
    pub details: String,
}

/// A new audit event.
#[derive(Clone, Debug)]
pub struct NewAudit {
    /// Event time.
    pub at_ms: i64,
    /// Tenant.
    pub org_id: Option<Uuid>,
    /// What happened.
    pub kind: &'static str,
    /// `info`, `warning` or `high`.
    pub severity: &'static str,
    /// Gate involved.
    pub gate_id: Option<Uuid>,
    /// Pass involved.
    pub pass_id: Option<Uuid>,
    /// JSON object text.
    pub details: String,
}

/// Filters of `GET /v1/audit`.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    /// Tenant (always set).
    pub org_id: Uuid,
    /// Exact kind.
    pub kind: Option<String>,
    /// Exact severity.
    pub severity: Option<String>,
    /// Gate.
    pub gate_id: Option<Uuid>,
    /// Pass.
    pub pass_id: Option<Uuid>,
    /// Inclusive lower time bound.
    pub since_ms: Option<i64>,
    /// Exclusive upper time bound.
    pub until_ms: Option<i64>,
    /// Exclusive id cursor.
    pub after_id: Option<i64>,
    /// Page size.
    pub limit: i64,
}

/// A pass with the gate its code step `T` admitted at, if any (the scan's one read).
#[derive(Clone, Debug, FromRow)]
pub struct PassWithStep {
    /// The pass.
    #[sqlx(flatten)]
    pub pass: PassRow,
    /// The gate that admitted this pass with the scanned step, if one did.
    pub step_gate_id: Option<Uuid>,
    /// Whether the scanning gate already holds a challenge for this scan id (a resend).
    pub resent_scan: bool,
}

/// A challenge with its pass and any outcome stored under its nonce (the answer's one read).
#[derive(Clone, Debug, FromRow)]
pub struct ChallengeContext {
    /// The challenge.
    #[sqlx(flatten)]
    pub challenge: ChallengeRow,
    /// The scanned pass.
    #[sqlx(flatten)]
    pub pass: PassColumns,
    /// The stored outcome's columns (all null when nothing is stored yet).
    #[sqlx(flatten)]
    pub stored: StoredColumns,
}

/// The pass columns of [`ChallengeContext`], prefixed `p_` in the query.
#[derive(Clone, FromRow)]
#[allow(missing_docs)]
pub struct PassColumns {
    pub p_label: String,
    pub p_site: Option<String>,
    pub p_valid_from_ms: i64,
    pub p_valid_until_ms: i64,
    pub p_max_uses: i64,
    pub p_uses: i64,
    pub p_state: String,
    pub p_claim_token_hash: Vec<u8>,
    pub p_wallet_public_key: Option<Vec<u8>>,
    pub p_server_kid: String,
    pub p_created_at_ms: i64,
    pub p_claimed_at_ms: Option<i64>,
    pub p_revoked_at_ms: Option<i64>,
}

impl std::fmt::Debug for PassColumns {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PassColumns")
            .field("state", &self.p_state)
            .finish_non_exhaustive()
    }
}

/// The stored-outcome columns of [`ChallengeContext`], prefixed `r_` in the query.
#[derive(Clone, Debug, FromRow)]
#[allow(missing_docs)]
pub struct StoredColumns {
    pub r_outcome: Option<String>,
    pub r_reason: Option<String>,
    pub r_first_admitted_at_ms: Option<i64>,
    pub r_first_gate_id: Option<Uuid>,
    pub r_created_at_ms: Option<i64>,
}

impl ChallengeContext {
    /// Splits into the challenge, its pass and the stored outcome.
    pub fn into_parts(self) -> (ChallengeRow, PassRow, Option<RedemptionRow>) {
        let c = self.challenge;
        let p = self.pass;
        let pass = PassRow {
            id: c.pass_id,
            org_id: c.org_id,
            label: p.p_label,
            site: p.p_site,
            valid_from_ms: p.p_valid_from_ms,
            valid_until_ms: p.p_valid_until_ms,
            max_uses: p.p_max_uses,
            uses: p.p_uses,
            state: p.p_state,
            claim_token_hash: p.p_claim_token_hash,
            wallet_public_key: p.p_wallet_public_key,
            server_kid: p.p_server_kid,
            created_at_ms: p.p_created_at_ms,
            claimed_at_ms: p.p_claimed_at_ms,
            revoked_at_ms: p.p_revoked_at_ms,
        };
        let r = self.stored;
        let stored = match (r.r_outcome, r.r_created_at_ms) {
            (Some(outcome), Some(created_at_ms)) => Some(RedemptionRow {
                nonce: c.nonce.clone(),
                org_id: c.org_id,
                gate_id: c.gate_id,
                scan_id: c.scan_id,
                pass_id: c.pass_id,
                counter: c.counter,
                outcome,
                reason: r.r_reason,
                first_admitted_at_ms: r.r_first_admitted_at_ms,
                first_gate_id: r.r_first_gate_id,
                created_at_ms,
            }),
            _ => None,
        };
        (c, pass, stored)
    }
}

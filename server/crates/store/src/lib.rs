//! Storage: one small set of primitives, implemented by each backend in its own module.
//!
//! [`postgres`] and [`sqlite`] each implement the same primitives as inherent methods,
//! every statement a literal beside the code that binds it; [`Store`] only picks the
//! backend. The primitives know nothing of TSR1: the rules live in [`tessera_domain::rules`] and the
//! flow that applies them in [`crate::redemption`]. What a primitive guarantees is
//! atomicity: a state change and its audit event commit together, and a write refused by
//! a named unique constraint comes back as the [`Conflict`] it means. [`batch`] holds the
//! group-commit machinery both backends use for the hot path; it holds no SQL.

pub mod batch;
pub mod error;
pub mod postgres;
pub mod primary;
pub mod sqlite;

use std::collections::BTreeSet;

use uuid::Uuid;

pub use tessera_domain::rows::*;

/// Woken whenever audit events may have committed, so the live feed (`crate::feed`) reads
/// the table at once instead of at its next poll. A permit is kept when nobody waits, so a
/// wake-up is never lost between two waits.
static AUDIT_APPENDED: tokio::sync::Notify = tokio::sync::Notify::const_new();

/// Signals that audit events may have committed.
pub(crate) fn audit_appended() {
    AUDIT_APPENDED.notify_one();
}

/// Waits for the next [`audit_appended`].
pub async fn audit_appended_wait() {
    AUDIT_APPENDED.notified().await;
}

use self::postgres::{PgRedemption, PgStore};
use self::sqlite::{SqliteRedemption, SqliteStore};
pub use crate::batch::BatchObserver;
pub use crate::error::{Error, Result};
pub use tessera_domain::Conflict;

/// How the storage layer reaches its database and how long it waits for it. The server
/// builds this from its settings; the store knows nothing else of them.
#[derive(Clone)]
pub struct StoreOptions {
    /// `postgres://…` (one host, or several for the primary locator) or `sqlite://…`.
    pub database_url: String,
    /// PostgreSQL connections the durable pool keeps open at least.
    pub pool_min: u32,
    /// PostgreSQL connections of the durable pool at most.
    pub pool_max: u32,
    /// PostgreSQL `statement_timeout`, in milliseconds.
    pub statement_timeout_ms: u64,
    /// Longest wait for a pooled connection.
    pub checkin_timeout: std::time::Duration,
    /// How often the primary locator probes a multi-host URL's hosts.
    pub primary_probe: std::time::Duration,
    /// Told the size of every hot-path batch (the server's metrics count them).
    pub on_batch: BatchObserver,
}

impl StoreOptions {
    /// Whether the URL names PostgreSQL (anything else is SQLite).
    pub fn is_postgres(&self) -> bool {
        self.database_url.starts_with("postgres://")
            || self.database_url.starts_with("postgresql://")
    }
}

impl std::fmt::Debug for StoreOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The URL may hold a password: never shown.
        f.debug_struct("StoreOptions")
            .field(
                "backend",
                &if self.is_postgres() {
                    "postgres"
                } else {
                    "sqlite"
                },
            )
            .field("pool_min", &self.pool_min)
            .field("pool_max", &self.pool_max)
            .field("statement_timeout_ms", &self.statement_timeout_ms)
            .field("checkin_timeout", &self.checkin_timeout)
            .field("primary_probe", &self.primary_probe)
            .finish_non_exhaustive()
    }
}

/// Whether the database schema matches this server's migrations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaStatus {
    /// Every migration this server knows is applied.
    Current,
    /// Some migration is missing: run `tessera-server migrate`.
    Behind,
}

/// A new organisation with its first admin key.
#[derive(Debug)]
pub struct NewOrg<'a> {
    /// Org id.
    pub id: Uuid,
    /// Display name.
    pub name: &'a str,
    /// Admin key id.
    pub admin_key_id: Uuid,
    /// SHA-256 of the admin key.
    pub admin_key_hash: [u8; 32],
    /// Creation time.
    pub at_ms: i64,
}

/// An admission to attempt in one write: the `admitted` row to store under the nonce, its
/// audit event, and the wrong-answer count at which the challenge is burned.
#[derive(Clone, Debug)]
pub struct AdmitOp {
    /// The outcome row (`admitted`, stamped now).
    pub row: RedemptionRow,
    /// Its `response` audit event.
    pub event: NewAudit,
    /// Wrong answers that burn the challenge.
    pub burn_at: i64,
    /// The wallet key the answer was verified under: the pass must still be bound to it,
    /// so a key unbound meanwhile (a re-bind or a transfer) admits nobody.
    pub wallet_key: Vec<u8>,
}

/// The ages past which one retention pass removes rows, in stored milliseconds
/// ([`crate::retention`] computes them from the configured periods).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetentionCutoffs {
    /// Challenges without a stored outcome, and scan-time denials, from before this go.
    pub challenges_before_ms: i64,
    /// Outcomes stored under a challenge that expired before this go (the challenge goes
    /// with them once it is past `challenges_before_ms` too).
    pub redemptions_before_ms: i64,
    /// Audit events recorded before this go; the schema refuses any younger than 400 days.
    pub audit_before_ms: i64,
}

/// Rows one retention pass removed, per table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct RetentionCounts {
    /// From `challenges`.
    pub challenges: u64,
    /// From `redemptions`.
    pub redemptions: u64,
    /// From `scan_denials`.
    pub scan_denials: u64,
    /// From `audit_events`.
    pub audit_events: u64,
}

impl RetentionCounts {
    /// Rows removed in all.
    pub fn total(&self) -> u64 {
        self.challenges + self.redemptions + self.scan_denials + self.audit_events
    }

    /// Whether any table reached the batch limit (so another pass has more to do).
    pub fn any_at(&self, limit: i64) -> bool {
        let limit = u64::try_from(limit).unwrap_or(0);
        [
            self.challenges,
            self.redemptions,
            self.scan_denials,
            self.audit_events,
        ]
        .iter()
        .any(|&count| count >= limit)
    }
}

/// The database, PostgreSQL or SQLite.
#[derive(Clone, Debug)]
pub enum Store {
    /// Production: shared by stateless replicas.
    Postgres(PgStore),
    /// Embedded default for a single site.
    Sqlite(SqliteStore),
}

/// An open redemption transaction; dropping it without `commit` rolls back.
#[derive(Debug)]
pub enum RedemptionTx {
    /// On PostgreSQL.
    Postgres(PgRedemption),
    /// On SQLite, holding the write lock until it ends.
    Sqlite(SqliteRedemption),
}

impl Store {
    /// Opens the configured database. PostgreSQL connects lazily so a server can start
    /// (and report not ready) while the database is down; SQLite creates its file.
    ///
    /// # Errors
    /// [`Error::Config`] for an unparsable URL, [`Error::Storage`] if SQLite
    /// cannot open.
    pub async fn connect(settings: &StoreOptions) -> Result<Self> {
        if settings.is_postgres() {
            Ok(Store::Postgres(PgStore::connect(settings)?))
        } else {
            Ok(Store::Sqlite(SqliteStore::connect(settings).await?))
        }
    }

    /// `postgres` or `sqlite`, for logs.
    pub fn backend_name(&self) -> &'static str {
        match self {
            Store::Postgres(_) => "postgres",
            Store::Sqlite(_) => "sqlite",
        }
    }

    /// Applies pending migrations.
    ///
    /// # Errors
    /// [`Error::Migrate`] when a migration fails or an applied one was changed.
    pub async fn migrate(&self) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.migrate().await,
            Store::Sqlite(lite) => lite.migrate().await,
        }
    }

    /// Compares applied migrations with the ones this server was built with.
    ///
    /// # Errors
    /// [`Error::Storage`] when the database does not answer.
    pub async fn schema_status(&self) -> Result<SchemaStatus> {
        self.ping().await?;
        let (applied, known) = match self {
            Store::Postgres(pg) => (pg.applied_migrations().await, &postgres::MIGRATIONS),
            Store::Sqlite(lite) => (lite.applied_migrations().await, &sqlite::MIGRATIONS),
        };
        // No migrations table yet means nothing is applied.
        let applied: BTreeSet<i64> = applied.unwrap_or_default().into_iter().collect();
        let current = known.iter().all(|m| applied.contains(&m.version));
        Ok(if current {
            SchemaStatus::Current
        } else {
            SchemaStatus::Behind
        })
    }

    /// Checks that the database answers.
    ///
    /// # Errors
    /// [`Error::Storage`] otherwise.
    pub async fn ping(&self) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.ping().await,
            Store::Sqlite(lite) => lite.ping().await,
        }
    }

    /// Closes every connection.
    pub async fn close(&self) {
        match self {
            Store::Postgres(pg) => pg.close().await,
            Store::Sqlite(lite) => lite.close().await,
        }
    }

    /// Number of organisations (to bootstrap an empty embedded database).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_orgs(&self) -> Result<i64> {
        match self {
            Store::Postgres(pg) => pg.count_orgs().await,
            Store::Sqlite(lite) => lite.count_orgs().await,
        }
    }

    /// Creates an organisation and its admin key with the key's audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn create_org(&self, org: &NewOrg<'_>, event: &NewAudit) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.create_org(org, event).await,
            Store::Sqlite(lite) => lite.create_org(org, event).await,
        }
    }

    /// Stores a new API key with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_api_key(
        &self,
        key: &ApiKeyRow,
        hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_api_key(key, hash, at_ms, event).await,
            Store::Sqlite(lite) => lite.insert_api_key(key, hash, at_ms, event).await,
        }
    }

    /// Finds an API key by the hash of the presented secret.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn api_key_by_hash(&self, hash: &[u8; 32]) -> Result<Option<ApiKeyRow>> {
        match self {
            Store::Postgres(pg) => pg.api_key_by_hash(hash).await,
            Store::Sqlite(lite) => lite.api_key_by_hash(hash).await,
        }
    }

    /// Stores a new gate device with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_gate(
        &self,
        gate: &GateRow,
        token_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_gate(gate, token_hash, at_ms, event).await,
            Store::Sqlite(lite) => lite.insert_gate(gate, token_hash, at_ms, event).await,
        }
    }

    /// Finds a gate by the hash of its presented device token.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>> {
        match self {
            Store::Postgres(pg) => pg.gate_by_token_hash(hash).await,
            Store::Sqlite(lite) => lite.gate_by_token_hash(hash).await,
        }
    }

    /// Each pool's open and idle connections, for `/metrics`.
    pub fn pool_stats(&self) -> Vec<(&'static str, u32, usize)> {
        match self {
            Store::Postgres(pg) => pg.pool_stats(),
            Store::Sqlite(lite) => lite.pool_stats(),
        }
    }

    /// Operations waiting for a database connection in each group-commit queue.
    pub fn waiting(&self) -> Vec<(&'static str, usize)> {
        match self {
            Store::Postgres(pg) => pg.waiting(),
            Store::Sqlite(lite) => lite.waiting(),
        }
    }

    /// A gate's label by id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_label(&self, id: Uuid) -> Result<Option<String>> {
        match self {
            Store::Postgres(pg) => pg.gate_label(id).await,
            Store::Sqlite(lite) => lite.gate_label(id).await,
        }
    }

    /// Stores a pairing link for a live gate of its organisation; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.insert_pairing(pairing, event).await,
            Store::Sqlite(lite) => lite.insert_pairing(pairing, event).await,
        }
    }

    /// Uses a pairing link once and rotates its gate's credential to `token_hash`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn redeem_pairing(
        &self,
        secret_hash: &[u8; 32],
        token_hash: &[u8; 32],
        now_ms: i64,
        event: impl FnOnce(&GateRow) -> NewAudit,
    ) -> Result<Option<GateRow>> {
        match self {
            Store::Postgres(pg) => {
                pg.redeem_pairing(secret_hash, token_hash, now_ms, event)
                    .await
            }
            Store::Sqlite(lite) => {
                lite.redeem_pairing(secret_hash, token_hash, now_ms, event)
                    .await
            }
        }
    }

    /// Revokes a live gate of `org_id`; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn revoke_gate(
        &self,
        org_id: Uuid,
        gate_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.revoke_gate(org_id, gate_id, now_ms, event).await,
            Store::Sqlite(lite) => lite.revoke_gate(org_id, gate_id, now_ms, event).await,
        }
    }

    /// Stores a new pass with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pass(&self, pass: &PassRow, event: &NewAudit) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_pass(pass, event).await,
            Store::Sqlite(lite) => lite.insert_pass(pass, event).await,
        }
    }

    /// Loads a pass of any tenant (callers check the tenant).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>> {
        match self {
            Store::Postgres(pg) => pg.pass_by_id(id).await,
            Store::Sqlite(lite) => lite.pass_by_id(id).await,
        }
    }

    /// Admissions of a pass, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<RedemptionRow>> {
        match self {
            Store::Postgres(pg) => pg.admissions_of_pass(id).await,
            Store::Sqlite(lite) => lite.admissions_of_pass(id).await,
        }
    }

    /// Revokes a tenant's pass with its audit event; false when it is not the tenant's.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn revoke_pass(
        &self,
        org_id: Uuid,
        id: Uuid,
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.revoke_pass(org_id, id, at_ms, event).await,
            Store::Sqlite(lite) => lite.revoke_pass(org_id, id, at_ms, event).await,
        }
    }

    /// Binds a wallet key to an `issued` pass, once, with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn bind_wallet(
        &self,
        id: Uuid,
        wallet_key: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.bind_wallet(id, wallet_key, at_ms, event).await,
            Store::Sqlite(lite) => lite.bind_wallet(id, wallet_key, at_ms, event).await,
        }
    }

    /// The scan's one read for pass `pass_id` at step `counter`, scanned by `gate_id` as
    /// `scan_id`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_context(
        &self,
        pass_id: Uuid,
        counter: i64,
        gate_id: Uuid,
        scan_id: Uuid,
    ) -> Result<Option<ScanContext>> {
        let lookup = (pass_id, counter, gate_id, scan_id);
        match self {
            Store::Postgres(pg) => pg.scan_context(lookup).await,
            Store::Sqlite(lite) => lite.scan_context(lookup).await,
        }
    }

    /// What a gate already got for a scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_record(&self, gate_id: Uuid, scan_id: Uuid) -> Result<Option<ScanRecord>> {
        match self {
            Store::Postgres(pg) => pg.scan_record(gate_id, scan_id).await,
            Store::Sqlite(lite) => lite.scan_record(gate_id, scan_id).await,
        }
    }

    /// Stores a challenge and its event (relaxed commit); false when the gate already
    /// holds one for the scan id.
    ///
    /// The commit is relaxed (asynchronous on PostgreSQL, no fsync on SQLite): losing the
    /// last few milliseconds of challenges in a database crash can only turn a pending
    /// scan into `unknown_nonce` (the guard re-scans), never admit anyone or lose an
    /// admission (`docs/threat-model.md` §6).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_challenge(
        &self,
        challenge: &ChallengeRow,
        event: &NewAudit,
    ) -> Result<bool> {
        let done = match self {
            Store::Postgres(pg) => pg.insert_challenge(challenge, event).await,
            Store::Sqlite(lite) => lite.insert_challenge(challenge, event).await,
        };
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    /// Stores a scan-time denial with its event; false when the gate already has a record
    /// for the scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_scan_denial(
        &self,
        denial: &ScanDenialRow,
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.insert_scan_denial(denial, event).await,
            Store::Sqlite(lite) => lite.insert_scan_denial(denial, event).await,
        }
    }

    /// The answer's one read: the challenge with this nonce (any tenant's), its pass and
    /// any outcome stored under it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn challenge_context(&self, nonce: [u8; 32]) -> Result<Option<ChallengeContext>> {
        match self {
            Store::Postgres(pg) => pg.challenge_context(nonce).await,
            Store::Sqlite(lite) => lite.challenge_context(nonce).await,
        }
    }

    /// The common admission in one durable, group-committed write; false, with nothing
    /// written, when it may not admit now (the caller then runs the redemption
    /// transaction to decide what the answer gets).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admit(&self, op: &AdmitOp) -> Result<bool> {
        let done = match self {
            Store::Postgres(pg) => pg.admit(op).await,
            Store::Sqlite(lite) => lite.admit(op).await,
        };
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    // ------------------------------------- hosts, walk-ins, re-binding and transfer

    /// The events of a pass's life, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>> {
        match self {
            Store::Postgres(pg) => pg.pass_history(org_id, pass_id).await,
            Store::Sqlite(lite) => lite.pass_history(org_id, pass_id).await,
        }
    }

    /// Stores a host and its key's hash with the creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_host(
        &self,
        host: &HostRow,
        key_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_host(host, key_hash, at_ms, event).await,
            Store::Sqlite(lite) => lite.insert_host(host, key_hash, at_ms, event).await,
        }
    }

    /// A host of the tenant.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>> {
        match self {
            Store::Postgres(pg) => pg.host(org_id, id).await,
            Store::Sqlite(lite) => lite.host(org_id, id).await,
        }
    }

    /// The tenant's hosts whose label or unit matches `pattern` (a lower-case `LIKE`
    /// pattern with `\\` escapes), by label.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn search_hosts(
        &self,
        org_id: Uuid,
        pattern: &str,
        limit: i64,
    ) -> Result<Vec<HostRow>> {
        match self {
            Store::Postgres(pg) => pg.search_hosts(org_id, pattern, limit).await,
            Store::Sqlite(lite) => lite.search_hosts(org_id, pattern, limit).await,
        }
    }

    /// Issues a pass under an issuer's reference, once (see the backends).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_pass_by_ref(
        &self,
        pass: &PassRow,
        content_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<ByRef> {
        match self {
            Store::Postgres(pg) => pg.insert_pass_by_ref(pass, content_hash, event).await,
            Store::Sqlite(lite) => lite.insert_pass_by_ref(pass, content_hash, event).await,
        }
    }

    /// Mints a re-bind or transfer link, unless `refuse` stops it (see the backends).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn mint_link(
        &self,
        link: &PassLinkRow,
        refuse: impl FnOnce(&PassRow) -> Option<LinkOutcome>,
        event: impl FnOnce(&PassRow) -> NewAudit,
    ) -> Result<LinkOutcome> {
        match self {
            Store::Postgres(pg) => pg.mint_link(link, refuse, event).await,
            Store::Sqlite(lite) => lite.mint_link(link, refuse, event).await,
        }
    }

    /// The transfer link of a pass with this token hash, open or not.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn transfer_link(
        &self,
        pass_id: Uuid,
        token_hash: &[u8; 32],
    ) -> Result<Option<PassLinkRow>> {
        match self {
            Store::Postgres(pg) => pg.transfer_link(pass_id, token_hash).await,
            Store::Sqlite(lite) => lite.transfer_link(pass_id, token_hash).await,
        }
    }

    /// Claims a transfer link, unless `refuse` stops it (see the backends).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn claim_transfer(
        &self,
        link_id: Uuid,
        wallet_key: &[u8; 32],
        now_ms: i64,
        refuse: impl FnOnce(&PassRow, &PassLinkRow) -> Option<TransferClaim>,
        event: impl FnOnce(&PassRow) -> NewAudit,
    ) -> Result<TransferClaim> {
        match self {
            Store::Postgres(pg) => {
                pg.claim_transfer(link_id, wallet_key, now_ms, refuse, event)
                    .await
            }
            Store::Sqlite(lite) => {
                lite.claim_transfer(link_id, wallet_key, now_ms, refuse, event)
                    .await
            }
        }
    }

    /// Stores a transfer nonce for a pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_transfer_nonce(
        &self,
        nonce: &[u8; 32],
        pass: &PassRow,
        now_ms: i64,
        expires_at_ms: i64,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => {
                pg.insert_transfer_nonce(nonce, pass, now_ms, expires_at_ms)
                    .await
            }
            Store::Sqlite(lite) => {
                lite.insert_transfer_nonce(nonce, pass, now_ms, expires_at_ms)
                    .await
            }
        }
    }

    /// The pass a transfer nonce was issued for, while it lives.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn transfer_nonce(&self, nonce: &[u8; 32], now_ms: i64) -> Result<Option<Uuid>> {
        match self {
            Store::Postgres(pg) => pg.transfer_nonce(nonce, now_ms).await,
            Store::Sqlite(lite) => lite.transfer_nonce(nonce, now_ms).await,
        }
    }

    /// Records a walk-in request once per gate and request id, with its event; returns it
    /// as stored and whether this call made it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn create_walk_in(
        &self,
        walk_in: &WalkInRow,
        event: &NewAudit,
    ) -> Result<(WalkInRow, bool)> {
        match self {
            Store::Postgres(pg) => pg.create_walk_in(walk_in, event).await,
            Store::Sqlite(lite) => lite.create_walk_in(walk_in, event).await,
        }
    }

    /// A gate's walk-in request by its request id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn walk_in_by_request(
        &self,
        gate_id: Uuid,
        request_id: Uuid,
    ) -> Result<Option<WalkInView>> {
        match self {
            Store::Postgres(pg) => pg.walk_in_by_request(gate_id, request_id).await,
            Store::Sqlite(lite) => lite.walk_in_by_request(gate_id, request_id).await,
        }
    }

    /// A tenant's walk-in request by its id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>> {
        match self {
            Store::Postgres(pg) => pg.walk_in(org_id, id).await,
            Store::Sqlite(lite) => lite.walk_in(org_id, id).await,
        }
    }

    /// A tenant's walk-in requests, newest first, of one host and one state when given.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn list_walk_ins(
        &self,
        org_id: Uuid,
        host_id: Option<Uuid>,
        state: Option<&str>,
        limit: i64,
    ) -> Result<Vec<WalkInView>> {
        match self {
            Store::Postgres(pg) => pg.list_walk_ins(org_id, host_id, state, limit).await,
            Store::Sqlite(lite) => lite.list_walk_ins(org_id, host_id, state, limit).await,
        }
    }

    /// Closes a waiting, unexpired request with a decision and its event; false otherwise.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn decide_walk_in(
        &self,
        org_id: Uuid,
        id: Uuid,
        state: &str,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.decide_walk_in(org_id, id, state, now_ms, event).await,
            Store::Sqlite(lite) => lite.decide_walk_in(org_id, id, state, now_ms, event).await,
        }
    }

    /// Expires up to `limit` requests still waiting at `now_ms`, each with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn expire_walk_ins(
        &self,
        now_ms: i64,
        limit: i64,
        event: impl Fn(&WalkInRow) -> NewAudit,
    ) -> Result<usize> {
        match self {
            Store::Postgres(pg) => pg.expire_walk_ins(now_ms, limit, event).await,
            Store::Sqlite(lite) => lite.expire_walk_ins(now_ms, limit, event).await,
        }
    }

    // ------------------------------------------------------------ webhooks (issue 17)

    /// Stores a webhook with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_webhook(&self, webhook: &WebhookRow, event: &NewAudit) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_webhook(webhook, event).await,
            Store::Sqlite(lite) => lite.insert_webhook(webhook, event).await,
        }
    }

    /// Webhooks: a tenant's, or (`None`) every enabled one.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>> {
        match self {
            Store::Postgres(pg) => pg.webhooks(org_id).await,
            Store::Sqlite(lite) => lite.webhooks(org_id).await,
        }
    }

    /// Holds a webhook (its cursor still at `from`) for one dispatcher to send the events
    /// after it, for `lease_ms`; false when another holds it or moved the cursor first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn lease_webhook(
        &self,
        webhook_id: Uuid,
        from: i64,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.lease_webhook(webhook_id, from, now_ms, lease_ms).await,
            Store::Sqlite(lite) => lite.lease_webhook(webhook_id, from, now_ms, lease_ms).await,
        }
    }

    /// The passes with an undelivered event queued for this webhook.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn waiting_passes(&self, webhook_id: Uuid) -> Result<Vec<Uuid>> {
        match self {
            Store::Postgres(pg) => pg.waiting_passes(webhook_id).await,
            Store::Sqlite(lite) => lite.waiting_passes(webhook_id).await,
        }
    }

    /// Moves the webhook's cursor and ends its lease, queues what its round did not
    /// deliver, and disables it after a 410 (with `disables`), together; false if the
    /// cursor moved first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn enqueue_deliveries(
        &self,
        webhook: &WebhookRow,
        from: i64,
        to: i64,
        deliveries: &[NewDelivery],
        disables: Option<&NewAudit>,
        now_ms: i64,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => {
                pg.enqueue_deliveries(webhook, from, to, deliveries, disables, now_ms)
                    .await
            }
            Store::Sqlite(lite) => {
                lite.enqueue_deliveries(webhook, from, to, deliveries, disables, now_ms)
                    .await
            }
        }
    }

    /// Claims due deliveries for a lease, each the oldest pending of its pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn claim_deliveries(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>> {
        match self {
            Store::Postgres(pg) => pg.claim_deliveries(now_ms, lease_ms, limit).await,
            Store::Sqlite(lite) => lite.claim_deliveries(now_ms, lease_ms, limit).await,
        }
    }

    /// Records how a round's delivery attempts ended, in one transaction: one commit per
    /// round rather than per event, so that a busy webhook costs the admissions little.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn finish_deliveries(&self, finished: &[Finished], now_ms: i64) -> Result<()> {
        if finished.is_empty() {
            return Ok(());
        }
        match self {
            Store::Postgres(pg) => pg.finish_deliveries(finished, now_ms).await,
            Store::Sqlite(lite) => lite.finish_deliveries(finished, now_ms).await,
        }
    }

    /// A tenant's deliveries in one state, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn deliveries(
        &self,
        org_id: Uuid,
        state: &str,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>> {
        match self {
            Store::Postgres(pg) => pg.deliveries(org_id, state, limit).await,
            Store::Sqlite(lite) => lite.deliveries(org_id, state, limit).await,
        }
    }

    /// Puts a dead delivery back in the queue; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn replay_delivery(&self, org_id: Uuid, id: i64, now_ms: i64) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.replay_delivery(org_id, id, now_ms).await,
            Store::Sqlite(lite) => lite.replay_delivery(org_id, id, now_ms).await,
        }
    }

    // ------------------------------------------------------------ zones (issue 17)

    /// Stores a zone with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_zone(zone, event).await,
            Store::Sqlite(lite) => lite.insert_zone(zone, event).await,
        }
    }

    /// A tenant's zones, each with how many passes are inside now.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>> {
        match self {
            Store::Postgres(pg) => pg.zones(org_id).await,
            Store::Sqlite(lite) => lite.zones(org_id).await,
        }
    }

    /// Checks everyone out of the zones whose check-out minute has come today.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn auto_checkout(
        &self,
        today: i64,
        minute: i64,
        now_ms: i64,
        event: impl Fn(&ZoneRow, u64) -> NewAudit,
    ) -> Result<usize> {
        match self {
            Store::Postgres(pg) => pg.auto_checkout(today, minute, now_ms, event).await,
            Store::Sqlite(lite) => lite.auto_checkout(today, minute, now_ms, event).await,
        }
    }

    /// Stores a console session (the SHA-256 of its cookie) for `key` with its sign-in event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_console_session(
        &self,
        token_hash: &[u8; 32],
        key: &ApiKeyRow,
        now_ms: i64,
        expires_at_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => {
                pg.insert_console_session(token_hash, key, now_ms, expires_at_ms, event)
                    .await
            }
            Store::Sqlite(lite) => {
                lite.insert_console_session(token_hash, key, now_ms, expires_at_ms, event)
                    .await
            }
        }
    }

    /// The key behind a console session that has not ended by `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn console_session(
        &self,
        token_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<ConsoleSessionRow>> {
        match self {
            Store::Postgres(pg) => pg.console_session(token_hash, now_ms).await,
            Store::Sqlite(lite) => lite.console_session(token_hash, now_ms).await,
        }
    }

    /// Ends a console session with its sign-out event; false when there was none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn delete_console_session(
        &self,
        token_hash: &[u8; 32],
        event: &NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.delete_console_session(token_hash, event).await,
            Store::Sqlite(lite) => lite.delete_console_session(token_hash, event).await,
        }
    }

    /// Records an open gate socket of this replica with its `gate_connected` event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn open_gate_socket(
        &self,
        socket: GateSocket,
        replica_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.open_gate_socket(socket, replica_id, now_ms, event).await,
            Store::Sqlite(lite) => {
                lite.open_gate_socket(socket, replica_id, now_ms, event)
                    .await
            }
        }
    }

    /// Marks every socket this replica holds open as seen at `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn touch_gate_sockets(&self, replica_id: Uuid, now_ms: i64) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.touch_gate_sockets(replica_id, now_ms).await,
            Store::Sqlite(lite) => lite.touch_gate_sockets(replica_id, now_ms).await,
        }
    }

    /// Removes a closed gate socket with its `gate_disconnected` event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn close_gate_socket(
        &self,
        socket: GateSocket,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.close_gate_socket(socket, now_ms, event).await,
            Store::Sqlite(lite) => lite.close_gate_socket(socket, now_ms, event).await,
        }
    }

    /// A tenant's gates (or one), newest first, with their sockets seen since `seen_since_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn gate_statuses(
        &self,
        org_id: Uuid,
        gate_id: Option<Uuid>,
        seen_since_ms: i64,
    ) -> Result<Vec<GateStatusRow>> {
        match self {
            Store::Postgres(pg) => pg.gate_statuses(org_id, gate_id, seen_since_ms).await,
            Store::Sqlite(lite) => lite.gate_statuses(org_id, gate_id, seen_since_ms).await,
        }
    }

    /// A page of a tenant's passes, newest first, after the `(created_at_ms, id)` cursor.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn list_passes(
        &self,
        org_id: Uuid,
        before: Option<(i64, Uuid)>,
        limit: i64,
        host_id: Option<Uuid>,
    ) -> Result<Vec<PassRow>> {
        match self {
            Store::Postgres(pg) => pg.list_passes(org_id, before, limit, host_id).await,
            Store::Sqlite(lite) => lite.list_passes(org_id, before, limit, host_id).await,
        }
    }

    /// Ids and times of every tenant's events after `after_id`, in id order.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<Vec<(i64, i64)>> {
        match self {
            Store::Postgres(pg) => pg.audit_ids_after(after_id, limit).await,
            Store::Sqlite(lite) => lite.audit_ids_after(after_id, limit).await,
        }
    }

    /// The largest event id (0 for an empty log).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn max_audit_id(&self) -> Result<i64> {
        match self {
            Store::Postgres(pg) => pg.max_audit_id().await,
            Store::Sqlite(lite) => lite.max_audit_id().await,
        }
    }

    /// The newest `filter.limit` events matching `filter`, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
        match self {
            Store::Postgres(pg) => pg.audit_tail(filter).await,
            Store::Sqlite(lite) => lite.audit_tail(filter).await,
        }
    }

    /// Wakes every replica's live feeds (PostgreSQL `NOTIFY`; SQLite has one process).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn notify_audit(&self) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.notify_audit().await,
            Store::Sqlite(_) => Ok(()),
        }
    }

    /// A connection listening for other replicas' wake-ups (PostgreSQL only).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn audit_listener(&self) -> Result<Option<sqlx::postgres::PgListener>> {
        match self {
            Store::Postgres(pg) => pg.audit_listener().await.map(Some),
            Store::Sqlite(_) => Ok(None),
        }
    }

    /// Counts one wrong answer unless burned at `limit`, with `event(counted)`, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn record_wrong_answer(
        &self,
        nonce: &[u8; 32],
        limit: i64,
        event: impl FnOnce(bool) -> NewAudit,
    ) -> Result<bool> {
        match self {
            Store::Postgres(pg) => pg.record_wrong_answer(nonce, limit, event).await,
            Store::Sqlite(lite) => lite.record_wrong_answer(nonce, limit, event).await,
        }
    }

    /// Opens the redemption transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn begin_redemption(&self) -> Result<RedemptionTx> {
        Ok(match self {
            Store::Postgres(pg) => RedemptionTx::Postgres(pg.begin_redemption().await?),
            Store::Sqlite(lite) => RedemptionTx::Sqlite(lite.begin_redemption().await?),
        })
    }

    /// Appends an audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
        let done = match self {
            Store::Postgres(pg) => pg.insert_audit(event).await,
            Store::Sqlite(lite) => lite.insert_audit(event).await,
        };
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    /// Appends aggregated events together, with a relaxed commit.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()> {
        match self {
            Store::Postgres(pg) => pg.insert_audits_relaxed(events).await,
            Store::Sqlite(lite) => lite.insert_audits_relaxed(events).await,
        }
    }

    /// One page of a tenant's audit log, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>> {
        match self {
            Store::Postgres(pg) => pg.query_audit(filter).await,
            Store::Sqlite(lite) => lite.query_audit(filter).await,
        }
    }

    /// Settles up to `limit` expired challenges, oldest first, and audits each one that
    /// has no stored outcome (a challenge nobody answered), once. An answered challenge
    /// needs no event; it is settled here, in bulk, rather than in its admission's
    /// statement, so that the admission writes nothing but its own rows. Returns how many
    /// it settled: `limit` of them means more may be due.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn sweep_unanswered(
        &self,
        now_ms: i64,
        limit: i64,
        event: impl Fn(&ChallengeRow) -> NewAudit,
    ) -> Result<usize> {
        match self {
            Store::Postgres(pg) => pg.sweep_unanswered(now_ms, limit, event).await,
            Store::Sqlite(lite) => lite.sweep_unanswered(now_ms, limit, event).await,
        }
    }

    /// Removes up to `limit` rows per table past `cutoffs` and appends `event(counts)`
    /// in the same transaction when anything went, so that every removal is audited. On
    /// PostgreSQL one replica runs a pass at a time; the others find nothing to do.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn apply_retention(
        &self,
        cutoffs: &RetentionCutoffs,
        limit: i64,
        event: impl FnOnce(&RetentionCounts) -> NewAudit,
    ) -> Result<RetentionCounts> {
        match self {
            Store::Postgres(pg) => pg.apply_retention(cutoffs, limit, event).await,
            Store::Sqlite(lite) => lite.apply_retention(cutoffs, limit, event).await,
        }
    }

    /// Rows in each table retention bounds, for the soak benchmark and the tests.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn retained_rows(&self) -> Result<RetentionCounts> {
        match self {
            Store::Postgres(pg) => pg.retained_rows().await,
            Store::Sqlite(lite) => lite.retained_rows().await,
        }
    }
}

impl RedemptionTx {
    /// Locks and reads what the redemption decides on.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>> {
        match self {
            RedemptionTx::Postgres(tx) => tx.lock(nonce).await,
            RedemptionTx::Sqlite(tx) => tx.lock(nonce).await,
        }
    }

    /// The zone and the pass's standing in it, read inside the transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zone_view(
        &mut self,
        pass_id: Uuid,
        zone_id: Uuid,
    ) -> Result<Option<(ZoneRow, ZoneView)>> {
        match self {
            RedemptionTx::Postgres(pg) => pg.zone_view(pass_id, zone_id).await,
            RedemptionTx::Sqlite(lite) => lite.zone_view(pass_id, zone_id).await,
        }
    }

    /// Records a move into (`entering`) or out of a zone, inside the transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn zone_move(
        &mut self,
        zone: &ZoneRow,
        pass_id: Uuid,
        entering: bool,
        now_ms: i64,
    ) -> Result<()> {
        match self {
            RedemptionTx::Postgres(pg) => pg.zone_move(zone, pass_id, entering, now_ms).await,
            RedemptionTx::Sqlite(lite) => lite.zone_move(zone, pass_id, entering, now_ms).await,
        }
    }

    /// Counts one use of the locked pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn count_use(&mut self, pass_id: Uuid) -> Result<()> {
        match self {
            RedemptionTx::Postgres(tx) => tx.count_use(pass_id).await,
            RedemptionTx::Sqlite(tx) => tx.count_use(pass_id).await,
        }
    }

    /// Stores the outcome under its nonce with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Conflict`], [`Error::Storage`].
    pub async fn store_outcome(&mut self, row: &RedemptionRow, event: &NewAudit) -> Result<()> {
        match self {
            RedemptionTx::Postgres(tx) => tx.store_outcome(row, event).await,
            RedemptionTx::Sqlite(tx) => tx.store_outcome(row, event).await,
        }
    }

    /// Commits. An error here means the outcome's fate is unknown.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn commit(self) -> Result<()> {
        match self {
            RedemptionTx::Postgres(tx) => tx.commit().await,
            RedemptionTx::Sqlite(tx) => tx.commit().await,
        }
    }
}

/// What [`Store::insert_pass_by_ref`] found.
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

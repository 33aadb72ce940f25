//! Storage: one small interface per aggregate, on PostgreSQL or SQLite.
//!
//! [`Store`] is the way in. It names each aggregate's statements (`store.passes()`,
//! `store.gates()`, `store.audit()`, `store.webhooks()`, … one module and one trait each,
//! a handful of methods apiece) and calls the hot path's primitives (the scan's reads and
//! challenge, the answer's read and admission) on its backend directly rather than through
//! a trait, whose every call boxes its future. [`RedemptionTx`] and [`SharedRedemption`]
//! are the redemption transaction's steps, [`Backend`] what only one dialect writes (pools,
//! listeners, gate presence, the webhook lease). Each statement is written once, a literal
//! beside the code that binds it: in its aggregate's module when both databases run it (up
//! to the lock clause each backend passes in, `shared.rs`), in [`postgres`] or [`sqlite`]
//! when only that one does. The primitives know nothing of TSR1: the rules live in
//! [`tessera_domain::rules`] and the flow that applies them in `tessera_flows::redemption`.
//! What a primitive guarantees is atomicity: a state change and its audit event commit
//! together, and a write refused by a named unique constraint comes back as the
//! [`Conflict`] it means. [`batch`] holds the group-commit machinery both backends use for
//! the hot path; it holds no SQL.

pub mod audit;
pub mod batch;
mod columns;
pub mod error;
pub mod gates;
pub mod messages;
pub mod orgs;
pub mod passes;
pub mod people;
pub mod postgres;
pub mod primary;
pub mod privacy;
pub mod retention;
pub mod roll_calls;
pub mod scans;
pub mod schema;
pub mod security;
mod shared;
pub mod sign_in;
pub mod site_down;
pub mod site_up;
pub mod sites;
pub mod sqlite;
pub mod sso;
pub mod walk_ins;
pub mod webhooks;
pub mod zones;

use std::collections::BTreeSet;
use std::sync::Arc;

use uuid::Uuid;

pub use tessera_domain::mail::{
    MessageRow, MessageState, OrgMailRow, PushSubscriptionRow, SmtpSettingsRow,
};
pub use tessera_domain::rows::*;
pub use tessera_domain::sso::{
    LogoutOnce, PersonSignIn, SessionListing, SsoConfigRow, SsoDomainRow, SsoLoginRow,
};

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

use self::postgres::PgStore;
use self::sqlite::SqliteStore;
pub use crate::audit::{AuditIds, AuditStatements, Writers};
pub use crate::batch::BatchObserver;
pub use crate::error::{Error, Result};
pub use crate::gates::GateStatements;
pub use crate::messages::{MessageFilter, MessageSettlement, MessageStatements};
pub use crate::orgs::{KeyChange, NewOrg, NewSecret, OrgLocaleRow, OrgStatements};
pub use crate::passes::{ByRef, PassStatements};
pub use crate::people::PeopleStatements;
pub use crate::privacy::{PersonalData, PrivacyStatements};
pub use crate::retention::{RetentionCutoffs, RetentionStatements};
pub use crate::roll_calls::{MarkWritten, NewMark, RollCallStatements};
pub use crate::scans::ScanStatements;
pub use crate::schema::SchemaStatements;
pub use crate::security::SecurityStatements;
pub use crate::sign_in::SignInStatements;
pub use crate::site_down::SiteDownStatements;
pub use crate::site_up::SiteUpStatements;
pub use crate::sites::SiteStatements;
pub use crate::sso::SsoStatements;
pub use crate::walk_ins::WalkInStatements;
pub use crate::webhooks::{WebhookChange, WebhookStatements};
pub use crate::zones::ZoneStatements;
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

/// What the scan's one read looks up (batched on PostgreSQL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScanLookup {
    /// The pass the code names.
    pub pass_id: Uuid,
    /// The code's step (`-1`, which matches no stored step, for one no step can be).
    pub counter: i64,
    /// The scanning gate.
    pub gate_id: Uuid,
    /// The gate's scan id.
    pub scan_id: Uuid,
}

/// The database, PostgreSQL or SQLite: a handle to one backend, cheap to clone. Every
/// storage primitive off the hot path is a method of one aggregate's trait, reached by name
/// (`store.passes()`, `store.gates()`, …);
/// the hot path's primitives (a scan's reads and challenge, an answer's read and admission,
/// a gate socket's presence) are methods here that match the backend, so that none of them
/// boxes its future; `schema_status` and `finish_deliveries` add what is the same for both
/// backends.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
}

#[derive(Clone, Debug)]
enum Db {
    Postgres(Arc<PgStore>),
    Sqlite(Arc<SqliteStore>),
}

/// Runs `$call` on the backend behind `$store`, bound to `$backend`, with its concrete type:
/// the hot path's calls, without a boxed future.
macro_rules! on_backend {
    ($store:expr, $backend:ident => $call:expr) => {
        match &$store.db {
            Db::Postgres($backend) => $call,
            Db::Sqlite($backend) => $call,
        }
    };
}

/// Named ways in: each aggregate's statements, on this store's backend.
impl Store {
    /// The store's this build's migrations, applying them, whether the database answers.
    #[must_use]
    pub fn schema(&self) -> &dyn SchemaStatements {
        on_backend!(self, store => store.as_ref() as &dyn SchemaStatements)
    }

    /// The store's organisations, their names and languages, and their API keys.
    #[must_use]
    pub fn orgs(&self) -> &dyn OrgStatements {
        on_backend!(self, store => store.as_ref() as &dyn OrgStatements)
    }

    /// The store's passes, claims, links, transfers and walk-ins.
    #[must_use]
    pub fn passes(&self) -> &dyn PassStatements {
        on_backend!(self, store => store.as_ref() as &dyn PassStatements)
    }

    /// The store's gates, their credentials, labels and pairing links.
    #[must_use]
    pub fn gates(&self) -> &dyn GateStatements {
        on_backend!(self, store => store.as_ref() as &dyn GateStatements)
    }

    /// The store's the redemption off the hot path: denied scans, wrong answers, the sweep.
    #[must_use]
    pub fn scans(&self) -> &dyn ScanStatements {
        on_backend!(self, store => store.as_ref() as &dyn ScanStatements)
    }

    /// The store's hosts and console sessions.
    #[must_use]
    pub fn people(&self) -> &dyn PeopleStatements {
        on_backend!(self, store => store.as_ref() as &dyn PeopleStatements)
    }

    /// The store's webhooks, their deliveries and the passes waiting for one.
    #[must_use]
    pub fn webhooks(&self) -> &dyn WebhookStatements {
        on_backend!(self, store => store.as_ref() as &dyn WebhookStatements)
    }

    /// The store's walk-ins and their hosts' decisions.
    #[must_use]
    pub fn walk_ins(&self) -> &dyn WalkInStatements {
        on_backend!(self, store => store.as_ref() as &dyn WalkInStatements)
    }

    /// The store's single sign-on, its logins and the sessions of the people it signed in.
    #[must_use]
    pub fn sso(&self) -> &dyn SsoStatements {
        on_backend!(self, store => store.as_ref() as &dyn SsoStatements)
    }

    /// The store's personal data, its erasure and the privacy settings.
    #[must_use]
    pub fn privacy(&self) -> &dyn PrivacyStatements {
        on_backend!(self, store => store.as_ref() as &dyn PrivacyStatements)
    }

    /// The store's exchange with on-site nodes, downwards: changes since a cursor, applied
    /// on the node.
    #[must_use]
    pub fn site_down(&self) -> &dyn SiteDownStatements {
        on_backend!(self, store => store.as_ref() as &dyn SiteDownStatements)
    }

    /// The store's exchange with on-site nodes, upwards: batches, cursors, node state, presence.
    #[must_use]
    pub fn site_up(&self) -> &dyn SiteUpStatements {
        on_backend!(self, store => store.as_ref() as &dyn SiteUpStatements)
    }

    /// The store's zones and their check-out sweep.
    #[must_use]
    pub fn zones(&self) -> &dyn ZoneStatements {
        on_backend!(self, store => store.as_ref() as &dyn ZoneStatements)
    }

    /// The store's the audit log, read and appended.
    #[must_use]
    pub fn audit(&self) -> &dyn AuditStatements {
        on_backend!(self, store => store.as_ref() as &dyn AuditStatements)
    }

    /// The store's row counts and deletion past each cutoff.
    #[must_use]
    pub fn retention(&self) -> &dyn RetentionStatements {
        on_backend!(self, store => store.as_ref() as &dyn RetentionStatements)
    }

    /// The store's the mail and push outbox, mail settings, push subscriptions.
    #[must_use]
    pub fn messages(&self) -> &dyn MessageStatements {
        on_backend!(self, store => store.as_ref() as &dyn MessageStatements)
    }

    /// The store's alarms, the watchlist and personal data.
    #[must_use]
    pub fn security(&self) -> &dyn SecurityStatements {
        on_backend!(self, store => store.as_ref() as &dyn SecurityStatements)
    }

    /// The store's sites, their on-site nodes and leases.
    #[must_use]
    pub fn sites(&self) -> &dyn SiteStatements {
        on_backend!(self, store => store.as_ref() as &dyn SiteStatements)
    }

    /// The store's roll calls and their marks.
    #[must_use]
    pub fn roll_calls(&self) -> &dyn RollCallStatements {
        on_backend!(self, store => store.as_ref() as &dyn RollCallStatements)
    }

    /// The store's sign-in domains and their proofs.
    #[must_use]
    pub fn sign_in(&self) -> &dyn SignInStatements {
        on_backend!(self, store => store.as_ref() as &dyn SignInStatements)
    }

    /// What only one dialect writes: pools, listeners, gate presence, the webhook lease,
    /// the redemption transaction.
    #[must_use]
    pub fn backend(&self) -> &dyn Backend {
        on_backend!(self, store => store.as_ref() as &dyn Backend)
    }
}

impl Store {
    /// Opens the configured database. PostgreSQL connects lazily so a server can start
    /// (and report not ready) while the database is down; SQLite creates its file.
    ///
    /// # Errors
    /// [`Error::Config`] for an unparsable URL, [`Error::Storage`] if SQLite
    /// cannot open.
    pub async fn connect(settings: &StoreOptions) -> Result<Self> {
        let db = if settings.is_postgres() {
            Db::Postgres(Arc::new(PgStore::connect(settings)?))
        } else {
            Db::Sqlite(Arc::new(SqliteStore::connect(settings).await?))
        };
        Ok(Store { db })
    }

    /// Whether this is the embedded SQLite database (which the server migrates itself).
    pub fn is_sqlite(&self) -> bool {
        matches!(self.db, Db::Sqlite(_))
    }

    /// The SQLite database file (`None` on PostgreSQL and for an in-memory database): its
    /// directory is the server's state directory.
    pub fn sqlite_file(&self) -> Option<&std::path::Path> {
        match &self.db {
            Db::Sqlite(store) => store.file(),
            Db::Postgres(_) => None,
        }
    }

    /// The PostgreSQL backend, when that is what this is (for its own tests).
    pub fn postgres(&self) -> Option<&PgStore> {
        match &self.db {
            Db::Postgres(store) => Some(store),
            Db::Sqlite(_) => None,
        }
    }

    /// Compares applied migrations with the ones this server was built with.
    ///
    /// # Errors
    /// [`Error::Storage`] when the database does not answer.
    pub async fn schema_status(&self) -> Result<SchemaStatus> {
        self.schema().ping().await?;
        // No migrations table yet means nothing is applied.
        let applied: BTreeSet<i64> = self
            .schema()
            .applied_migrations()
            .await
            .unwrap_or_default()
            .into_iter()
            .collect();
        let current = self
            .schema()
            .migrations()
            .iter()
            .all(|m| applied.contains(&m.version));
        Ok(if current {
            SchemaStatus::Current
        } else {
            SchemaStatus::Behind
        })
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
        let done = on_backend!(self, store => store.insert_challenge(challenge, event).await);
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    /// The common admission in one durable, group-committed write; false, with nothing
    /// written, when it may not admit now (the caller then runs the redemption
    /// transaction to decide what the answer gets).
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn admit(&self, op: &AdmitOp) -> Result<bool> {
        let done = on_backend!(self, store => store.admit(op).await);
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    /// Records a gate socket opening (a `gate_sockets` row of this replica) or closing (the
    /// row removed, the gate's `last_seen_ms` set), with its event, on a relaxed commit.
    ///
    /// Group-committed: the changes that arrive while one transaction is in flight go
    /// together in the next, so a replica's thousands of gates reconnecting at once cost
    /// a few transactions, not one each, and never more than one connection at a time.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn record_gate_socket(&self, change: SocketChange) -> Result<()> {
        let done = on_backend!(self, store => store.record_gate_socket(change).await);
        if done.is_ok() {
            audit_appended();
        }
        done
    }

    /// The scan's one read: the pass, the gate its step already admitted at, and whether
    /// the gate already answered the scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_context(&self, lookup: ScanLookup) -> Result<Option<ScanContext>> {
        on_backend!(self, store => store.scan_context(lookup).await)
    }

    /// The answer's one read: the challenge with this nonce (any tenant's), its pass and
    /// any outcome stored under it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn challenge_context(&self, nonce: [u8; 32]) -> Result<Option<ChallengeContext>> {
        on_backend!(self, store => store.challenge_context(nonce).await)
    }

    /// What a gate already got for a scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn scan_record(&self, gate_id: Uuid, scan_id: Uuid) -> Result<Option<ScanRecord>> {
        on_backend!(self, store => store.scan_record(gate_id, scan_id).await)
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
        self.backend().finish_deliveries(finished, now_ms).await
    }
}

/// The storage primitives that are not the same statements on both databases, each
/// implemented by [`postgres`] and [`sqlite`] with the same atomicity: a state change and
/// its audit event commit together. The others are each aggregate's, in its module.
#[async_trait::async_trait]
pub trait Backend: Send + Sync + std::fmt::Debug {
    /// `postgres` or `sqlite`, for logs.
    fn backend_name(&self) -> &'static str;

    /// Closes every connection.
    async fn close(&self);

    /// Each pool's open and idle connections, for `/metrics`.
    fn pool_stats(&self) -> Vec<(&'static str, u32, usize)>;

    /// Operations waiting for a database connection in each group-commit queue.
    fn waiting(&self) -> Vec<(&'static str, usize)>;

    /// Holds a webhook (its cursor still at `from`) for one dispatcher to send the events
    /// after it, for `lease_ms`; false when another holds it or moved the cursor first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn lease_webhook(
        &self,
        webhook_id: Uuid,
        from: i64,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<bool>;

    /// Moves the webhook's cursor and ends its lease, queues what its round did not
    /// deliver, and disables it after a 410 (with `disables`), together; false if the
    /// cursor moved first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn enqueue_deliveries(
        &self,
        webhook: &WebhookRow,
        from: i64,
        to: i64,
        deliveries: &[NewDelivery],
        disables: Option<&NewAudit>,
        now_ms: i64,
    ) -> Result<bool>;

    /// Records how a round's delivery attempts ended, in one transaction: one commit per
    /// round rather than per event, so that a busy webhook costs the admissions little.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn finish_deliveries(&self, finished: &[Finished], now_ms: i64) -> Result<()>;

    /// Marks every socket this replica holds open as seen at `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn touch_gate_sockets(&self, replica_id: Uuid, now_ms: i64) -> Result<()>;

    /// A tenant's gates (or one), newest first, with their sockets seen since `seen_since_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn gate_statuses(
        &self,
        org_id: Uuid,
        gate_id: Option<Uuid>,
        seen_since_ms: i64,
    ) -> Result<Vec<GateStatusRow>>;

    /// Wakes every replica's live feeds (PostgreSQL `NOTIFY`; SQLite has one process).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn notify_audit(&self) -> Result<()> {
        Ok(())
    }

    /// A connection listening for other replicas' wake-ups (PostgreSQL only).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn audit_listener(&self) -> Result<Option<sqlx::postgres::PgListener>> {
        Ok(None)
    }

    /// Opens the redemption transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn begin_redemption(&self) -> Result<Box<dyn RedemptionTx>>;
}

/// An open redemption transaction; dropping it without `commit` rolls back.
#[async_trait::async_trait]
pub trait RedemptionTx: SharedRedemption + Send + std::fmt::Debug {
    /// Locks and reads what the redemption decides on.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn lock(&mut self, nonce: &[u8; 32]) -> Result<Option<LockedRedemption>>;
}

/// The redemption transaction's steps whose statements are the same on both backends (but
/// for a lock clause), written once in `shared.rs`.
#[async_trait::async_trait]
pub trait SharedRedemption {
    /// The zone and the pass's standing in it, read inside the transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn zone_view(
        &mut self,
        pass_id: Uuid,
        zone_id: Uuid,
    ) -> Result<Option<(ZoneRow, ZoneView)>>;

    /// Records a move into (`entering`) or out of a zone, inside the transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn zone_move(
        &mut self,
        zone: &ZoneRow,
        pass_id: Uuid,
        entering: bool,
        now_ms: i64,
    ) -> Result<()>;

    /// Counts one use of the locked pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn count_use(&mut self, pass_id: Uuid) -> Result<()>;

    /// Stores the outcome under its nonce with its audit event.
    ///
    /// # Errors
    /// [`crate::Error::Conflict`], [`Error::Storage`].
    async fn store_outcome(&mut self, row: &RedemptionRow, event: &NewAudit) -> Result<()>;

    /// Appends another audit event that commits with the outcome (a watchlist match).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn append_audit(&mut self, event: &NewAudit) -> Result<()>;

    /// Commits. An error here means the outcome's fate is unknown.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn commit(self: Box<Self>) -> Result<()>;
}

//! Storage: one small set of primitives, on PostgreSQL or SQLite.
//!
//! [`Backend`] and [`SharedStatements`] declare the primitives, [`RedemptionTx`] and
//! [`SharedRedemption`] the redemption transaction's steps. Each statement is written once,
//! a literal beside the code that binds it: in `shared.rs` when both databases run it (up
//! to the lock clause each backend passes in), in [`postgres`] or [`sqlite`] when only that
//! one does; [`Store`] picks the backend, and calls the hot path's five primitives (the
//! scan's reads and challenge, the answer's read and admission) on it directly rather than
//! through the trait, whose every call boxes its future. The primitives know nothing of
//! TSR1: the rules live in [`tessera_domain::rules`] and the flow that applies them in
//! `tessera_flows::redemption`. What a primitive guarantees is atomicity: a state change
//! and its audit event commit together, and a write refused by a named unique constraint
//! comes back as the [`Conflict`] it means. [`batch`] holds the group-commit machinery both
//! backends use for the hot path; it holds no SQL.

pub mod batch;
pub mod error;
pub mod postgres;
pub mod primary;
pub mod roll_calls;
mod security;
mod shared;
pub mod sign_in;
pub mod sites;
pub mod sqlite;

use std::collections::BTreeSet;
use std::sync::Arc;

use sqlx::migrate::Migrator;

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
pub use crate::batch::BatchObserver;
pub use crate::error::{Error, Result};
pub use crate::roll_calls::{MarkWritten, NewMark, RollCallStatements};
pub use crate::sign_in::SignInStatements;
pub use crate::sites::SiteStatements;
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

/// What a revocation or rotation of a key found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeyChange {
    /// Done: the key as it is now, and how many sessions made from it ended.
    Done(ApiKeyListing, u64),
    /// No key of this id in the organisation.
    NotFound,
    /// The key was revoked already (for a revocation: nothing more to do).
    Revoked(ApiKeyListing),
    /// It is the organisation's last working admin key: revoking it would lock everyone out.
    LastAdmin,
}

/// An organisation's language and clock as stored (issue 34); see
/// [`tessera_domain::locale::OrgLocale`] for what they mean.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrgLocaleRow {
    /// A BCP 47 tag.
    pub default_language: Option<String>,
    /// An IANA zone name.
    pub time_zone: Option<String>,
    /// `(site, zone)`, by site.
    pub sites: Vec<(String, String)>,
}

impl From<&tessera_domain::locale::OrgLocale> for OrgLocaleRow {
    fn from(locale: &tessera_domain::locale::OrgLocale) -> Self {
        OrgLocaleRow {
            default_language: locale
                .default_language
                .as_ref()
                .map(|tag| tag.as_str().to_owned()),
            time_zone: locale
                .time_zone
                .as_ref()
                .map(|zone| zone.as_str().to_owned()),
            sites: locale
                .sites
                .iter()
                .map(|(site, zone)| (site.clone(), zone.as_str().to_owned()))
                .collect(),
        }
    }
}

impl OrgLocaleRow {
    /// The values, checked again: one that no longer parses (a zone the database dropped)
    /// is left out, as if never set.
    pub fn parsed(self) -> tessera_domain::locale::OrgLocale {
        use tessera_domain::locale::{Language, OrgLocale, TimeZoneName};
        OrgLocale {
            default_language: self
                .default_language
                .and_then(|tag| Language::parse("language", &tag).ok()),
            time_zone: self
                .time_zone
                .and_then(|zone| TimeZoneName::parse(&zone).ok()),
            sites: self
                .sites
                .into_iter()
                .filter_map(|(site, zone)| Some((site, TimeZoneName::parse(&zone).ok()?)))
                .collect(),
        }
    }
}

/// A key's new secret: its hash, and until when the secret it replaces still works (none:
/// the old secret stops at once).
#[derive(Clone, Copy, Debug)]
pub struct NewSecret {
    /// SHA-256 of the new secret.
    pub hash: [u8; 32],
    /// End of the overlap.
    pub previous_valid_until_ms: Option<i64>,
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

/// What the batched scan read looks up: the pass, its code step, the gate and the scan id.
pub type ScanLookup = (Uuid, i64, Uuid, Uuid);

/// The database, PostgreSQL or SQLite: a handle to one backend, cheap to clone. Every
/// storage primitive off the hot path is a method of [`Backend`], reached through `Deref`;
/// the hot path's five (a scan's reads and challenge, an answer's read and admission) are
/// methods here that match the backend, so that none of them boxes its future; the few
/// others here add what is the same for both backends.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
}

#[derive(Clone, Debug)]
enum Db {
    Postgres(Arc<PgStore>),
    Sqlite(Arc<SqliteStore>),
}

/// The audit events after a reader's cursor, as one statement saw them
/// ([`Backend::audit_ids_after`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuditIds {
    /// Each id with its event's time, in id order.
    pub ids: Vec<(i64, i64)>,
    /// PostgreSQL: the transactions of the statement's snapshot. `None` on SQLite, whose
    /// one writer commits its ids in order: a missing id there was never committed.
    pub writers: Option<Writers>,
}

impl AuditIds {
    /// Builds it from rows of id, time and the snapshot's two bounds (`NULL` on SQLite).
    #[must_use]
    pub fn from_rows(rows: Vec<(i64, i64, Option<i64>, Option<i64>)>) -> Self {
        let writers = rows.first().and_then(|row| match (row.2, row.3) {
            (Some(oldest_running), Some(next)) => Some(Writers {
                oldest_running,
                next,
            }),
            _ => None,
        });
        Self {
            ids: rows
                .into_iter()
                .map(|(id, at_ms, _, _)| (id, at_ms))
                .collect(),
            writers,
        }
    }
}

/// Which PostgreSQL transactions could still commit an audit event when a statement read
/// the log: a sequence hands ids out before COMMIT, so a missing id may belong to one of
/// them. Every audit insert takes its transaction id before its event id (the `id`
/// column's default), so the transaction holding a missing id before a visible one is
/// older than the snapshot's `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Writers {
    /// `xmin`: every transaction older than this had ended.
    pub oldest_running: i64,
    /// `xmax`: every transaction that had begun writing is older than this.
    pub next: i64,
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

impl std::ops::Deref for Store {
    type Target = dyn Backend;

    fn deref(&self) -> &Self::Target {
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
        self.ping().await?;
        // No migrations table yet means nothing is applied.
        let applied: BTreeSet<i64> = self
            .applied_migrations()
            .await
            .unwrap_or_default()
            .into_iter()
            .collect();
        let current = self
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

    /// Appends an audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    pub async fn insert_audit(&self, event: &NewAudit) -> Result<()> {
        let done = (**self).insert_audit(event).await;
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
        (**self).finish_deliveries(finished, now_ms).await
    }
}

/// The storage primitives that are not the same statements on both databases, each
/// implemented by [`postgres`] and [`sqlite`] with the same atomicity: a state change and
/// its audit event commit together. The others are [`SharedStatements`].
#[async_trait::async_trait]
pub trait Backend:
    SharedStatements
    + SecurityStatements
    + RollCallStatements
    + SiteStatements
    + SignInStatements
    + Send
    + Sync
    + std::fmt::Debug
{
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

/// The security team's primitives (issue 32), the same statements on both backends,
/// written once in `security.rs`.
#[async_trait::async_trait]
pub trait SecurityStatements {
    /// An organisation's alarms, newest first: its high-severity events with what people
    /// did with each.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn alarms(&self, filter: &AlarmFilter) -> Result<Vec<AlarmRow>>;

    /// One alarm (read from the primary: a change is decided on it).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn alarm(&self, org_id: Uuid, alarm_id: i64) -> Result<Option<AlarmRow>>;

    /// Stores an alarm's next handling with its event, if the alarm is still at
    /// `read_version` (0: untouched); false, with nothing written, when someone changed it
    /// since.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn write_alarm(
        &self,
        org_id: Uuid,
        alarm_id: i64,
        read_version: i64,
        next: &tessera_domain::alarms::Handling,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Alarms not resolved, across organisations (for `/metrics`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn open_alarms(&self) -> Result<i64>;

    /// An organisation's watchlist, expired entries included, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn watchlist(&self, org_id: Uuid) -> Result<Vec<tessera_domain::watchlist::WatchEntry>>;

    /// Adds (`new`) or replaces a watchlist entry, with its event; false when a replaced
    /// entry is not the organisation's.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_watch_entry(
        &self,
        entry: &tessera_domain::watchlist::WatchEntry,
        new: bool,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Removes a watchlist entry with its event; false when there is no such entry.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn remove_watch_entry(&self, org_id: Uuid, id: Uuid, event: &NewAudit) -> Result<bool>;

    /// The address a pass's latest invitation went to, if one was mailed.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn pass_email(&self, pass_id: Uuid) -> Result<Option<String>>;

    /// Everything held about the person `who` names in an organisation.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn personal_data(
        &self,
        org_id: Uuid,
        who: &tessera_domain::privacy::PersonSelector,
    ) -> Result<PersonalData>;

    /// Records an erasure and writes it, with its event, in one transaction.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn erase_personal_data(
        &self,
        erasure: &tessera_domain::privacy::ErasureRecord,
        writes: &tessera_domain::privacy::ErasureWrites,
        event: &NewAudit,
    ) -> Result<()>;

    /// An organisation's retention per class (JSON), if set.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn privacy_settings(&self, org_id: Uuid) -> Result<Option<String>>;

    /// Sets an organisation's retention per class (JSON), with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_privacy_settings(
        &self,
        org_id: Uuid,
        retention: &str,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Every organisation's retention per class (JSON).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn privacy_orgs(&self) -> Result<Vec<(Uuid, String)>>;

    /// Passes of an organisation that expired before `before_ms`: id, expiry, classes
    /// erased already; oldest first, at most `limit`, after the pass `after`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn expired_passes(
        &self,
        org_id: Uuid,
        before_ms: i64,
        after: Option<Uuid>,
        limit: i64,
    ) -> Result<Vec<(Uuid, i64, Option<String>)>>;
}

/// Everything held about one person (GDPR Article 15).
#[derive(Clone, Debug, Default)]
pub struct PersonalData {
    /// Their passes.
    pub passes: Vec<tessera_domain::privacy::PassRecord>,
    /// Outcomes at gates of those passes.
    pub visits: Vec<tessera_domain::privacy::VisitRecord>,
    /// Walk-ins under their name.
    pub walk_ins: Vec<tessera_domain::privacy::WalkInRecord>,
    /// Messages to them.
    pub messages: Vec<tessera_domain::privacy::MessageRecord>,
    /// Audit events about any of the above, oldest first.
    pub audit: Vec<AuditRow>,
    /// Webhook deliveries of those events.
    pub deliveries: Vec<tessera_domain::privacy::DeliveryRecord>,
    /// Watchlist entries about them: left empty by the store, found by the flow from the
    /// organisation's watchlist and their identifiers (`flows::privacy`).
    pub watchlist: Vec<tessera_domain::privacy::WatchMatch>,
}

/// The primitives whose statements are the same on both backends, but for a lock clause
/// each backend passes in: declared here, written once in `shared.rs`, and implemented for
/// each backend by its `shared_statements!`.
#[async_trait::async_trait]
pub trait SharedStatements {
    /// The migrations this server was built with, for this backend.
    fn migrations(&self) -> &'static Migrator;

    /// The versions of the migrations applied to the database.
    ///
    /// # Errors
    /// [`Error::Storage`], e.g. when no migration was ever applied.
    async fn applied_migrations(&self) -> Result<Vec<i64>>;

    /// Applies pending migrations.
    ///
    /// # Errors
    /// [`Error::Migrate`] when a migration fails or an applied one was changed.
    async fn migrate(&self) -> Result<()>;

    /// Checks that the database answers.
    ///
    /// # Errors
    /// [`Error::Storage`] otherwise.
    async fn ping(&self) -> Result<()>;

    /// Number of organisations (to bootstrap an empty embedded database).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn count_orgs(&self) -> Result<i64>;

    /// Creates an organisation and its admin key with the key's audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn create_org(&self, org: &NewOrg<'_>, event: &NewAudit) -> Result<()>;

    /// Stores a new API key with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_api_key(
        &self,
        key: &ApiKeyRow,
        hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Finds a working API key (or host key) by the hash of the presented secret: its
    /// current secret, or the one a rotation replaced until its overlap ends at `now_ms`.
    /// A revoked key is not found.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn api_key_by_hash(&self, hash: &[u8; 32], now_ms: i64) -> Result<Option<ApiKeyRow>>;

    /// The hashes of the working credentials of every tenant made or changed after
    /// `since_ms` (0: all), at most `limit`: gate tokens (a pairing changes one), API and
    /// host keys (and a rotated-out secret in its overlap), live console and host sessions.
    /// What a replica knows to be good, so that a flooding neighbour at the same address does
    /// not keep them out (`tessera_edges::abuse`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn live_credential_hashes(
        &self,
        now_ms: i64,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<Vec<u8>>>;

    /// The ids of the passes of every tenant that a wallet may still claim (issued or
    /// claimed, not expired by `now_ms`) issued after `since_ms` (0: all), at most `limit`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn claimable_pass_ids(&self, now_ms: i64, since_ms: i64, limit: i64)
        -> Result<Vec<Uuid>>;

    /// The organisation's keys, host keys included, oldest first: never a secret or hash.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn list_api_keys(&self, org_id: Uuid) -> Result<Vec<ApiKeyListing>>;

    /// Revokes a key and ends every session made from it, with `event(key, sessions
    /// ended)`, together. The organisation's last working admin key is refused.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn revoke_api_key(
        &self,
        org_id: Uuid,
        key_id: Uuid,
        at_ms: i64,
        event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
    ) -> Result<KeyChange>;

    /// Gives a working key a new secret (the old one works on until the overlap ends, or
    /// stops now) and ends every session made from it, with `event(key, sessions ended)`,
    /// together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn rotate_api_key(
        &self,
        org_id: Uuid,
        key_id: Uuid,
        secret: &NewSecret,
        at_ms: i64,
        event: &(dyn for<'k> Fn(&'k ApiKeyListing, u64) -> NewAudit + Send + Sync),
    ) -> Result<KeyChange>;

    /// Notes that keys were presented at `at_ms` (the key list's "last used"; relaxed).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn touch_api_keys(&self, keys: &[(Uuid, Role)], at_ms: i64) -> Result<()>;

    /// Stores a new gate device with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_gate(
        &self,
        gate: &GateRow,
        token_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// Finds a gate by the hash of its presented device token.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn gate_by_token_hash(&self, hash: &[u8; 32]) -> Result<Option<GateRow>>;

    /// A gate's label by id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn gate_label(&self, id: Uuid) -> Result<Option<String>>;

    /// Stores a pairing link for a live gate of its organisation; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_pairing(&self, pairing: &PairingRow, event: &NewAudit) -> Result<bool>;

    /// Uses a pairing link once and rotates its gate's credential to `token_hash`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn redeem_pairing(
        &self,
        secret_hash: &[u8; 32],
        token_hash: &[u8; 32],
        now_ms: i64,
        event: &(dyn for<'a> Fn(&'a GateRow) -> NewAudit + Send + Sync),
    ) -> Result<Option<GateRow>>;

    /// Revokes a live gate of `org_id`; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn revoke_gate(
        &self,
        org_id: Uuid,
        gate_id: Uuid,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Stores a new pass with its audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_pass(
        &self,
        pass: &PassRow,
        event: &NewAudit,
        message: Option<(&MessageRow, &NewAudit)>,
    ) -> Result<()>;

    /// Loads a pass of any tenant (callers check the tenant).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn pass_by_id(&self, id: Uuid) -> Result<Option<PassRow>>;

    /// Admissions of a pass, oldest first: those committed here and those an on-site node
    /// decided and shipped (`site_admissions`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn admissions_of_pass(&self, id: Uuid) -> Result<Vec<AdmissionRow>>;

    /// Revokes a tenant's pass with its audit event; false when it is not the tenant's.
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn bind_wallet(
        &self,
        id: Uuid,
        wallet_key: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Stores a scan-time denial with its event; false when the gate already has a record
    /// for the scan id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_scan_denial(&self, denial: &ScanDenialRow, event: &NewAudit) -> Result<bool>;

    /// The events of a pass's life, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn pass_history(&self, org_id: Uuid, pass_id: Uuid) -> Result<Vec<AuditRow>>;

    /// Stores a host and its key's hash with the creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_host(
        &self,
        host: &HostRow,
        key_hash: &[u8; 32],
        at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// A host of the tenant, unless revoked (a revoked host is asked nothing and given
    /// nothing).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn host(&self, org_id: Uuid, id: Uuid) -> Result<Option<HostRow>>;

    /// The tenant's hosts, not revoked, whose label or unit matches `pattern` (a
    /// lower-case `LIKE` pattern with `\\` escapes), by label.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn search_hosts(&self, org_id: Uuid, pattern: &str, limit: i64) -> Result<Vec<HostRow>>;

    /// Issues a pass under an issuer's reference, once (see `shared.rs`).
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn transfer_link(
        &self,
        pass_id: Uuid,
        token_hash: &[u8; 32],
    ) -> Result<Option<PassLinkRow>>;

    /// Stores a transfer nonce for a pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn transfer_nonce(&self, nonce: &[u8; 32], now_ms: i64) -> Result<Option<Uuid>>;

    /// Records a walk-in request once per gate and request id, with its event and the
    /// messages that tell its host; returns it as stored and whether this call made it
    /// (only then are the messages queued).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn create_walk_in(
        &self,
        walk_in: &WalkInRow,
        event: &NewAudit,
        messages: &[(MessageRow, NewAudit)],
    ) -> Result<(WalkInRow, bool)>;

    /// A gate's walk-in request by its request id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn walk_in_by_request(
        &self,
        gate_id: Uuid,
        request_id: Uuid,
    ) -> Result<Option<WalkInView>>;

    /// A tenant's walk-in request by its id.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn walk_in(&self, org_id: Uuid, id: Uuid) -> Result<Option<WalkInView>>;

    /// A tenant's walk-in requests, newest first, of one host and one state when given.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn list_walk_ins(
        &self,
        org_id: Uuid,
        host_id: Option<Uuid>,
        state: Option<&str>,
        limit: i64,
    ) -> Result<Vec<WalkInView>>;

    /// Closes a waiting, unexpired request with a decision and its event; false otherwise.
    /// A decision made as the host `acting_host` (their key, session or mailed link) is
    /// written only while that host is not revoked, in the same statement, so a link mailed
    /// before a revocation answers nothing after it.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn decide_walk_in(
        &self,
        org_id: Uuid,
        id: Uuid,
        state: &str,
        now_ms: i64,
        acting_host: Option<Uuid>,
        event: &NewAudit,
    ) -> Result<bool>;

    /// Stores a webhook with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_webhook(&self, webhook: &WebhookRow, event: &NewAudit) -> Result<()>;

    /// Changes a webhook of the tenant with `event` (none: no event, for the start-up
    /// sealing of old secrets), together; returns the webhook as it is after, and whether
    /// anything changed (disabling a disabled webhook changes nothing and writes no event).
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn webhooks_unsealed(&self) -> Result<Vec<WebhookRow>>;

    /// Deletes a webhook of the tenant and its queued and dead deliveries, with `event`,
    /// together; false when there was none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn delete_webhook(
        &self,
        org_id: Uuid,
        webhook_id: Uuid,
        event: &NewAudit,
    ) -> Result<bool>;

    /// The passes with an undelivered event queued for this webhook.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn waiting_passes(&self, webhook_id: Uuid) -> Result<Vec<Uuid>>;

    /// A tenant's deliveries in one state, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn deliveries(
        &self,
        org_id: Uuid,
        state: DeliveryState,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>>;

    /// Puts a dead delivery back in the queue; false when there is none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn replay_delivery(&self, org_id: Uuid, id: i64, now_ms: i64) -> Result<bool>;

    /// Stores a zone with its creation event, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_zone(&self, zone: &ZoneRow, event: &NewAudit) -> Result<()>;

    /// The organisation's zones by name, without counting who is inside.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn zone_rows(&self, org_id: Uuid) -> Result<Vec<ZoneRow>>;

    /// A tenant's zones, each with how many passes are inside now.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn zones(&self, org_id: Uuid) -> Result<Vec<(ZoneRow, i64)>>;

    /// Stores a console session (the SHA-256 of its cookie) for `key` with its sign-in event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_console_session(
        &self,
        token_hash: &[u8; 32],
        key: &ApiKeyRow,
        now_ms: i64,
        expires_at_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// The key behind a console session that has not ended by `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn console_session(
        &self,
        token_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<ConsoleSessionRow>>;

    /// Ends a console session with its sign-out event; false when there was none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn delete_console_session(&self, token_hash: &[u8; 32], event: &NewAudit)
        -> Result<bool>;

    /// An organisation's identity provider, if it configured one.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn sso_config(&self, org_id: Uuid) -> Result<Option<SsoConfigRow>>;

    /// The organisation whose provider is `issuer` with the client `client_id` (a logout
    /// token names no organisation, only these).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn sso_config_by_client(
        &self,
        issuer: &str,
        client_id: &str,
    ) -> Result<Vec<SsoConfigRow>>;

    /// The organisation that proved `domain` (its DNS record, or the operator's
    /// assignment): the one sign-in by email at that domain goes to. At most one.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn sso_orgs_for_domain(&self, domain: &str) -> Result<Vec<Uuid>>;

    /// Stores (or replaces) an organisation's identity provider, with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_sso_config(&self, config: &SsoConfigRow, event: &NewAudit) -> Result<()>;

    /// Removes an organisation's identity provider, with its event; false when it had none.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn delete_sso_config(&self, org_id: Uuid, event: &NewAudit) -> Result<bool>;

    /// Stores a sign-in under way (and drops those that expired), unless its organisation
    /// already has `cap` under way: then false, and nothing is stored.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_sso_login(&self, login: &SsoLoginRow, cap: i64) -> Result<bool>;

    /// Takes (finds and deletes, so it is good once) the sign-in under way with this
    /// state's hash, if it has not expired by `now_ms`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn take_sso_login(
        &self,
        state_hash: &[u8; 32],
        now_ms: i64,
    ) -> Result<Option<SsoLoginRow>>;

    /// Records a verified person's sign-in in one transaction: the person made or updated,
    /// the key (admin, auditor, issuer) or host they act as made or given their role and
    /// name now, their sessions under another role ended, the session stored, the event.
    /// `event` is made for the key or host id. Returns the session, or `None` when an admin
    /// revoked the key or host they act as.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn sign_in_person(
        &self,
        sign_in: &PersonSignIn,
        event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
    ) -> Result<Option<ConsoleSessionRow>>;

    /// Ends the SSO sessions of a person at `issuer`: those of the provider session `sid`,
    /// or, without one, every session of `subject`; with `event`, made for how many ended,
    /// when any ended. Returns how many ended. With `once` (a back-channel logout token),
    /// the token's `jti` is remembered in the same transaction until it expires, and a
    /// token remembered before ends nothing: then `None`.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn end_person_sessions(
        &self,
        org_id: Uuid,
        issuer: &str,
        subject: Option<&str>,
        sid: Option<&str>,
        once: Option<&LogoutOnce>,
        event: &(dyn Fn(u64) -> NewAudit + Send + Sync),
    ) -> Result<Option<u64>>;

    /// The organisation's console and host sessions that have not ended by `now_ms`,
    /// newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn list_sessions(&self, org_id: Uuid, now_ms: i64) -> Result<Vec<SessionListing>>;

    /// Ends one of the organisation's sessions (an admin's decision), with its event made for
    /// the session's key or host; that id, or `None` when there was no such session.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn end_session(
        &self,
        org_id: Uuid,
        token_hash: &[u8; 32],
        event: &(dyn Fn(Uuid) -> NewAudit + Send + Sync),
    ) -> Result<Option<Uuid>>;

    /// Ids and times of every tenant's events after `after_id`, in id order, with the
    /// transactions that could still commit an id among them ([`AuditIds`]).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn audit_ids_after(&self, after_id: i64, limit: i64) -> Result<AuditIds>;

    /// Counts one wrong answer unless burned at `limit`, with `event(counted)`, together.
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn sweep_unanswered(
        &self,
        now_ms: i64,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a ChallengeRow) -> NewAudit + Send + Sync),
    ) -> Result<usize>;

    /// Rows in each table retention bounds, for the soak benchmark and the tests.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn retained_rows(&self) -> Result<RetentionCounts>;

    /// Mints a re-bind or transfer link, unless `refuse` stops it (see `shared.rs`).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn mint_link(
        &self,
        link: &PassLinkRow,
        refuse: &(dyn for<'a> Fn(&'a PassRow) -> Option<LinkOutcome> + Send + Sync),
        event: &(dyn for<'a> Fn(&'a PassRow) -> NewAudit + Send + Sync),
    ) -> Result<LinkOutcome>;

    /// Claims a transfer link, unless `refuse` stops it (see `shared.rs`).
    ///
    /// # Errors
    /// [`Error::Storage`].
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

    /// Expires up to `limit` requests still waiting at `now_ms`, each with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn expire_walk_ins(
        &self,
        now_ms: i64,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a WalkInRow) -> NewAudit + Send + Sync),
    ) -> Result<usize>;

    /// Webhooks: a tenant's, or (`None`) every enabled one.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn webhooks(&self, org_id: Option<Uuid>) -> Result<Vec<WebhookRow>>;

    /// Claims due deliveries for a lease, each the oldest pending of its pass.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn claim_deliveries(
        &self,
        now_ms: i64,
        lease_ms: i64,
        limit: i64,
    ) -> Result<Vec<DeliveryRow>>;

    /// Checks everyone out of the zones whose check-out minute has come today.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn auto_checkout(
        &self,
        today: i64,
        minute: i64,
        now_ms: i64,
        event: &(dyn for<'a> Fn(&'a ZoneRow, u64) -> NewAudit + Send + Sync),
    ) -> Result<usize>;

    /// A page of a tenant's passes, newest first, after the `(created_at_ms, id)` cursor.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn list_passes(
        &self,
        org_id: Uuid,
        before: Option<(i64, Uuid)>,
        limit: i64,
        host_id: Option<Uuid>,
    ) -> Result<Vec<PassRow>>;

    /// The largest event id (0 for an empty log).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn max_audit_id(&self) -> Result<i64>;

    /// The newest `filter.limit` events matching `filter`, newest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn audit_tail(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>>;

    /// Appends an audit event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_audit(&self, event: &NewAudit) -> Result<()>;

    /// Appends aggregated events together, with a relaxed commit.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn insert_audits_relaxed(&self, events: &[NewAudit]) -> Result<()>;

    /// One page of a tenant's audit log, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn query_audit(&self, filter: &AuditFilter) -> Result<Vec<AuditRow>>;

    /// Removes up to `limit` rows per table past `cutoffs` and appends `event(counts)`
    /// in the same transaction when anything went, so that every removal is audited. On
    /// PostgreSQL one replica runs a pass at a time; the others find nothing to do.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn apply_retention(
        &self,
        cutoffs: &RetentionCutoffs,
        limit: i64,
        event: &(dyn for<'a> Fn(&'a RetentionCounts) -> NewAudit + Send + Sync),
    ) -> Result<RetentionCounts>;

    /// Records a browser's push subscription for a host (replacing any of its endpoint),
    /// and drops that host's oldest beyond the newest `keep`, in the same transaction;
    /// answers how many it dropped.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_push_subscription(
        &self,
        subscription: &PushSubscriptionRow,
        keep: i64,
    ) -> Result<u64>;

    /// Removes push subscriptions: of a host, an endpoint, an id (those given, together;
    /// never all); how many.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn delete_push_subscription(
        &self,
        host_id: Option<Uuid>,
        endpoint: Option<&str>,
        id: Option<Uuid>,
    ) -> Result<u64>;

    /// A host's push subscriptions, oldest first.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn push_subscriptions(&self, host_id: Uuid) -> Result<Vec<PushSubscriptionRow>>;

    /// One push subscription.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn push_subscription(&self, id: Uuid) -> Result<Option<PushSubscriptionRow>>;

    /// Where a host is told of walk-ins: their own address, else the one their identity
    /// provider gave at their last sign-in; none for a revoked host.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn host_email(&self, org_id: Uuid, host_id: Uuid) -> Result<Option<String>>;

    /// An organisation's default language, time zone and per-site zones (issue 34), as
    /// stored: checked where they were set.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn org_locale(&self, org_id: Uuid) -> Result<OrgLocaleRow>;

    /// Replaces an organisation's language and zones, with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_org_locale(
        &self,
        org_id: Uuid,
        locale: &OrgLocaleRow,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;

    /// An organisation's name.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn org_name(&self, org_id: Uuid) -> Result<Option<String>>;

    /// Queues a message with its event (a resend: a new pass's message commits with the
    /// pass, [`SharedStatements::insert_pass`]).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn queue_message(&self, message: &MessageRow, event: &NewAudit) -> Result<()>;

    /// Gives an unclaimed, unexpired pass a new claim token (the earlier link stops
    /// working) and queues the message that carries it, with its event, together. False
    /// (nothing written) when the pass is claimed, used, revoked, expired or not the
    /// tenant's.
    ///
    /// # Errors
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
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
    /// [`Error::Storage`].
    async fn messages(&self, filter: &MessageFilter) -> Result<Vec<MessageRow>>;

    /// One message of a tenant.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn message(&self, org_id: Uuid, id: Uuid) -> Result<Option<MessageRow>>;

    /// The server's SMTP relay, if one is set.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn smtp_settings(&self) -> Result<Option<SmtpSettingsRow>>;

    /// Sets (or, with `None`, removes) the server's SMTP relay.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_smtp_settings(&self, settings: Option<&SmtpSettingsRow>) -> Result<()>;

    /// An organisation's sender name and reply-to address (empty when never set).
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn org_mail(&self, org_id: Uuid) -> Result<OrgMailRow>;

    /// Sets an organisation's sender name and reply-to address, with its event.
    ///
    /// # Errors
    /// [`Error::Storage`].
    async fn put_org_mail(
        &self,
        org_id: Uuid,
        settings: &OrgMailRow,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<()>;
}

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

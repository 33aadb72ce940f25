//! Per-test databases, and direct reads of what the server stored.
//!
//! Each test gets its own database (a temp-dir SQLite file, or a fresh PostgreSQL database
//! `tessera_t_<uuid>` created through an admin URL), so tests run in parallel and never see
//! each other's rows. The REST API says what the server *claims*; the few reads here check
//! what it *stored* (a redemption row per nonce, the bound wallet key), which is what the
//! idempotency and race rules of PROTOCOL.md §7 are really about.

use std::fmt;
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePoolOptions};
use sqlx::{Connection, Executor, PgConnection, PgPool, SqlitePool};
use uuid::Uuid;

/// Where PostgreSQL tests create their databases unless `TESSERA_TEST_PG_URL` says otherwise.
pub const DEFAULT_PG_ADMIN_URL: &str = "postgres://postgres@127.0.0.1:5432/postgres";

/// The storage backend a test runs against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// The embedded default: a SQLite file in the test's temp dir.
    Sqlite,
    /// A fresh database on the PostgreSQL of `TESSERA_TEST_PG_URL`.
    Postgres,
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Sqlite => "sqlite",
            Self::Postgres => "postgres",
        })
    }
}

/// The admin URL of the PostgreSQL server tests use.
pub fn pg_admin_url() -> String {
    std::env::var("TESSERA_TEST_PG_URL").unwrap_or_else(|_| DEFAULT_PG_ADMIN_URL.to_owned())
}

/// A PostgreSQL URL taken apart just enough to swap its database or its host and port
/// (the storage-failure test points the server at a proxy in front of the same database).
#[derive(Clone, Debug)]
pub struct PgUrl {
    scheme_and_user: String,
    /// Host name or address.
    pub host: String,
    /// TCP port.
    pub port: u16,
    database: String,
    query: String,
}

impl PgUrl {
    /// Parses `postgres://[user[:password]@]host[:port][/database][?query]`.
    ///
    /// # Errors
    /// When the text is not of that shape.
    pub fn parse(url: &str) -> Result<Self> {
        let scheme_end = url.find("://").context("database URL without scheme")? + 3;
        let (before_query, query) = match url.find('?') {
            Some(at) => (&url[..at], &url[at..]),
            None => (url, ""),
        };
        let rest = &before_query[scheme_end..];
        let (authority, database) = match rest.find('/') {
            Some(at) => (&rest[..at], &rest[at + 1..]),
            None => (rest, ""),
        };
        let (user, host_port) = match authority.rfind('@') {
            Some(at) => (&authority[..=at], &authority[at + 1..]),
            None => ("", authority),
        };
        let (host, port) = match host_port.rfind(':') {
            Some(at) => (
                &host_port[..at],
                host_port[at + 1..]
                    .parse()
                    .context("port in database URL")?,
            ),
            None => (host_port, 5432),
        };
        Ok(Self {
            scheme_and_user: format!("{}{user}", &url[..scheme_end]),
            host: host.to_owned(),
            port,
            database: database.to_owned(),
            query: query.to_owned(),
        })
    }

    /// The same server and credentials, another database.
    pub fn with_database(&self, database: &str) -> Self {
        Self {
            database: database.to_owned(),
            ..self.clone()
        }
    }

    /// The same credentials and database, reached at another address.
    pub fn with_endpoint(&self, host: &str, port: u16) -> Self {
        Self {
            host: host.to_owned(),
            port,
            ..self.clone()
        }
    }
}

impl fmt::Display for PgUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}:{}/{}{}",
            self.scheme_and_user, self.host, self.port, self.database, self.query
        )
    }
}

/// A database that belongs to one test; a PostgreSQL one is dropped with it.
#[derive(Debug)]
pub struct TestDatabase {
    /// Which backend.
    pub backend: Backend,
    /// The URL the server is given in `TESSERA_DATABASE_URL`.
    pub url: String,
    pg: Option<PgDatabase>,
}

#[derive(Debug)]
struct PgDatabase {
    admin_url: String,
    name: String,
}

impl TestDatabase {
    /// Makes an empty database: a file path under `dir` for SQLite (the server creates the
    /// file), a new PostgreSQL database with no schema for PostgreSQL.
    ///
    /// # Errors
    /// When PostgreSQL is unreachable at `TESSERA_TEST_PG_URL`.
    pub async fn create(backend: Backend, dir: &Path) -> Result<Self> {
        match backend {
            Backend::Sqlite => {
                let path = dir.join("tessera.db");
                Ok(Self {
                    backend,
                    url: format!("sqlite://{}", path.display()),
                    pg: None,
                })
            }
            Backend::Postgres => {
                let admin_url = pg_admin_url();
                let name = format!("tessera_t_{}", Uuid::new_v4().simple());
                let mut admin = PgConnection::connect(&admin_url).await.with_context(|| {
                    format!(
                        "connect to PostgreSQL at {admin_url} (set TESSERA_TEST_PG_URL to \
                         an admin URL of a PostgreSQL the tests may create databases on)"
                    )
                })?;
                admin
                    .execute(format!("CREATE DATABASE \"{name}\"").as_str())
                    .await
                    .with_context(|| format!("create database {name}"))?;
                let _ = admin.close().await;
                let url = PgUrl::parse(&admin_url)?.with_database(&name).to_string();
                Ok(Self {
                    backend,
                    url,
                    pg: Some(PgDatabase { admin_url, name }),
                })
            }
        }
    }

    /// Opens a small pool for the test's own reads.
    ///
    /// # Errors
    /// When the database cannot be opened.
    pub async fn reader(&self) -> Result<Db> {
        match self.backend {
            Backend::Sqlite => {
                let options = SqliteConnectOptions::from_str(&self.url)?
                    .read_only(true)
                    .busy_timeout(Duration::from_secs(10));
                let pool = SqlitePoolOptions::new()
                    .max_connections(2)
                    .connect_with(options)
                    .await
                    .context("open the SQLite database for reading")?;
                Ok(Db::Sqlite(pool))
            }
            Backend::Postgres => {
                let options = PgConnectOptions::from_str(&self.url)?;
                let pool = PgPoolOptions::new()
                    .max_connections(2)
                    .connect_with(options)
                    .await
                    .context("connect to the test's PostgreSQL database")?;
                Ok(Db::Postgres(pool))
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some(pg) = self.pg.take() else { return };
        // Drop runs inside the test's runtime, which cannot block on a future; a thread with
        // its own small runtime can. FORCE ends the connections a killed server left open.
        let dropper = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async move {
                if let Ok(mut admin) = PgConnection::connect(&pg.admin_url).await {
                    let sql = format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", pg.name);
                    let _ = admin.execute(sql.as_str()).await;
                    let _ = admin.close().await;
                }
            });
        });
        let _ = dropper.join();
    }
}

/// Runs one statement on a fresh read-write connection to the test's database (as the
/// database owner, like a compromised application role would) and returns the rows it
/// changed; used to check what the schema itself forbids.
///
/// # Errors
/// When the statement fails, which is what such a test hopes for.
pub async fn execute_as_owner(database: &TestDatabase, sql: &str) -> Result<u64> {
    let changed = match database.backend {
        Backend::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(&database.url).await?;
            conn.execute(sql).await?.rows_affected()
        }
        Backend::Postgres => {
            let mut conn = PgConnection::connect(&database.url).await?;
            conn.execute(sql).await?.rows_affected()
        }
    };
    Ok(changed)
}

/// Read access to a test's database, for asserting stored state.
///
/// Queries are written once in the SQL both backends accept (`$1` parameters, `CAST` to
/// `BIGINT`), with ids bound as `uuid::Uuid` (PostgreSQL `uuid`, SQLite 16-byte BLOB).
#[derive(Clone, Debug)]
pub enum Db {
    /// A read-only SQLite pool.
    Sqlite(SqlitePool),
    /// A PostgreSQL pool.
    Postgres(PgPool),
}

impl Db {
    /// One integer from a query with one id parameter.
    ///
    /// # Errors
    /// When the query fails or returns no row.
    pub async fn scalar_i64(&self, sql: &str, id: Uuid) -> Result<i64> {
        let value = match self {
            Self::Sqlite(pool) => {
                sqlx::query_scalar::<_, i64>(sql)
                    .bind(id)
                    .fetch_one(pool)
                    .await
            }
            Self::Postgres(pool) => {
                sqlx::query_scalar::<_, i64>(sql)
                    .bind(id)
                    .fetch_one(pool)
                    .await
            }
        };
        value.with_context(|| format!("query `{sql}`"))
    }

    /// The text column of every row of a query with one id parameter.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn texts(&self, sql: &str, id: Uuid) -> Result<Vec<String>> {
        let values = match self {
            Self::Sqlite(pool) => {
                sqlx::query_scalar::<_, String>(sql)
                    .bind(id)
                    .fetch_all(pool)
                    .await
            }
            Self::Postgres(pool) => {
                sqlx::query_scalar::<_, String>(sql)
                    .bind(id)
                    .fetch_all(pool)
                    .await
            }
        };
        values.with_context(|| format!("query `{sql}`"))
    }

    /// How many audit rows of `kind` exist, across all tenants (some, such as a failed
    /// authentication with an unknown credential, belong to no tenant and no auditor sees
    /// them through the API).
    ///
    /// # Errors
    /// When the query fails.
    pub async fn audit_kind_count(&self, kind: &str) -> Result<i64> {
        let sql = "SELECT count(*) FROM audit_events WHERE kind = $1";
        let value = match self {
            Self::Sqlite(pool) => {
                sqlx::query_scalar::<_, i64>(sql)
                    .bind(kind)
                    .fetch_one(pool)
                    .await
            }
            Self::Postgres(pool) => {
                sqlx::query_scalar::<_, i64>(sql)
                    .bind(kind)
                    .fetch_one(pool)
                    .await
            }
        };
        value.with_context(|| format!("query `{sql}`"))
    }

    /// The `details` text of every audit row of `kind`.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn audit_details_of_kind(&self, kind: &str) -> Result<Vec<String>> {
        let sql = "SELECT details FROM audit_events WHERE kind = $1 ORDER BY id";
        let values = match self {
            Self::Sqlite(pool) => {
                sqlx::query_scalar::<_, String>(sql)
                    .bind(kind)
                    .fetch_all(pool)
                    .await
            }
            Self::Postgres(pool) => {
                sqlx::query_scalar::<_, String>(sql)
                    .bind(kind)
                    .fetch_all(pool)
                    .await
            }
        };
        values.with_context(|| format!("query `{sql}`"))
    }

    /// `passes.uses` as stored.
    ///
    /// # Errors
    /// When the pass row is missing.
    pub async fn pass_uses(&self, pass: Uuid) -> Result<i64> {
        self.scalar_i64(
            "SELECT CAST(uses AS BIGINT) FROM passes WHERE id = $1",
            pass,
        )
        .await
    }

    /// `passes.state` as stored.
    ///
    /// # Errors
    /// When the pass row is missing.
    pub async fn pass_state(&self, pass: Uuid) -> Result<String> {
        let states = self
            .texts("SELECT state FROM passes WHERE id = $1", pass)
            .await?;
        match states.as_slice() {
            [state] => Ok(state.clone()),
            other => bail!("expected one pass row for {pass}, got {}", other.len()),
        }
    }

    /// How many redemptions (outcomes stored under a nonce) the pass has.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn redemption_count(&self, pass: Uuid) -> Result<i64> {
        self.scalar_i64("SELECT count(*) FROM redemptions WHERE pass_id = $1", pass)
            .await
    }

    /// The stored outcome of every redemption of the pass, oldest first.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn redemption_outcomes(&self, pass: Uuid) -> Result<Vec<String>> {
        self.texts(
            "SELECT outcome FROM redemptions WHERE pass_id = $1 ORDER BY created_at_ms",
            pass,
        )
        .await
    }

    /// Checks what the hot tables' foreign keys used to enforce on PostgreSQL (the
    /// migration `admission_without_row_locks` dropped them there): every challenge names
    /// a pass and a gate of its own organisation, and every stored outcome names its
    /// challenge's organisation, gate and pass.
    ///
    /// # Errors
    /// When a query fails, or a row breaks the rule (its count is in the message).
    pub async fn hot_rows_are_consistent(&self) -> Result<()> {
        let checks = [
            (
                "challenges whose pass or gate is missing or of another organisation",
                "SELECT count(*) FROM challenges c \
                 WHERE NOT EXISTS (SELECT 1 FROM passes p \
                     WHERE p.id = c.pass_id AND p.org_id = c.org_id) \
                 OR NOT EXISTS (SELECT 1 FROM gates g \
                     WHERE g.id = c.gate_id AND g.org_id = c.org_id)",
            ),
            (
                "stored outcomes that differ from their challenge or have none",
                "SELECT count(*) FROM redemptions r \
                 WHERE NOT EXISTS (SELECT 1 FROM challenges c WHERE c.nonce = r.nonce \
                     AND c.org_id = r.org_id AND c.gate_id = r.gate_id \
                     AND c.pass_id = r.pass_id)",
            ),
        ];
        for (what, sql) in checks {
            let found = match self {
                Self::Sqlite(pool) => sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await,
                Self::Postgres(pool) => sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await,
            }
            .with_context(|| format!("query `{sql}`"))?;
            anyhow::ensure!(found == 0, "{found} {what}");
        }
        Ok(())
    }

    /// Every `table.column` of text (or JSON text) in the database holding `needle`, in any
    /// case: the tables and their columns are read from the schema itself, so a table added
    /// later is searched too.
    ///
    /// # Errors
    /// When a query fails.
    pub async fn places_holding(&self, needle: &str) -> Result<Vec<String>> {
        let columns: Vec<(String, String)> = match self {
            Self::Postgres(pool) => sqlx::query_as(
                "SELECT table_name::text, column_name::text FROM information_schema.columns \
                 WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json') \
                 ORDER BY table_name, column_name",
            )
            .fetch_all(pool)
            .await
            .context("list text columns")?,
            Self::Sqlite(pool) => sqlx::query_as(
                "SELECT m.name, p.name FROM sqlite_master m, pragma_table_info(m.name) p \
                 WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' \
                 AND upper(p.type) IN ('TEXT', '') ORDER BY m.name, p.name",
            )
            .fetch_all(pool)
            .await
            .context("list text columns")?,
        };
        anyhow::ensure!(
            columns.len() > 20,
            "found only {} text columns",
            columns.len()
        );
        let pattern = format!("%{}%", needle.to_lowercase());
        let mut found = Vec::new();
        for (table, column) in columns {
            let sql = format!(
                "SELECT CAST(count(*) AS BIGINT) FROM \"{table}\" \
                 WHERE lower(CAST(\"{column}\" AS TEXT)) LIKE $1"
            );
            let count: i64 = match self {
                Self::Sqlite(pool) => {
                    sqlx::query_scalar(&sql)
                        .bind(&pattern)
                        .fetch_one(pool)
                        .await
                }
                Self::Postgres(pool) => {
                    sqlx::query_scalar(&sql)
                        .bind(&pattern)
                        .fetch_one(pool)
                        .await
                }
            }
            .with_context(|| format!("query `{sql}`"))?;
            if count > 0 {
                found.push(format!("{table}.{column} ({count} rows)"));
            }
        }
        Ok(found)
    }

    /// How many of the pass's challenges the sweep has settled (answered or audited as
    /// unanswered), so that it never reads them again.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn settled_challenge_count(&self, pass: Uuid) -> Result<i64> {
        self.scalar_i64(
            "SELECT count(*) FROM challenges WHERE pass_id = $1 AND unanswered_audited = TRUE",
            pass,
        )
        .await
    }

    /// How many challenges were minted for the pass.
    ///
    /// # Errors
    /// When the query fails.
    pub async fn challenge_count(&self, pass: Uuid) -> Result<i64> {
        self.scalar_i64("SELECT count(*) FROM challenges WHERE pass_id = $1", pass)
            .await
    }

    /// The wallet public key bound to the pass, as the raw 32 bytes, if any.
    ///
    /// # Errors
    /// When the query fails or the stored value is neither 32 raw bytes nor base64url text.
    pub async fn wallet_public_key(&self, pass: Uuid) -> Result<Option<Vec<u8>>> {
        let sql = "SELECT wallet_public_key FROM passes WHERE id = $1";
        let raw: Option<Vec<u8>> = match self {
            Self::Sqlite(pool) => {
                sqlx::query_scalar::<_, Option<Vec<u8>>>(sql)
                    .bind(pass)
                    .fetch_one(pool)
                    .await
            }
            Self::Postgres(pool) => {
                sqlx::query_scalar::<_, Option<Vec<u8>>>(sql)
                    .bind(pass)
                    .fetch_one(pool)
                    .await
            }
        }
        .with_context(|| format!("query `{sql}`"))?;
        Ok(raw)
    }
}

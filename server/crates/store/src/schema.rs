//! The schema: this build's migrations, applying them, and whether the database answers.
//!
//! [`schema_statements!`] implements [`SchemaStatements`] for a backend, with the statements
//! both run (`shared.rs` says how a dialect's lock clauses are passed in).

use sqlx::migrate::Migrator;

use crate::Result;

/// The schema: this build's migrations, applying them, and whether the database answers.
#[async_trait::async_trait]
pub trait SchemaStatements {
    /// The migrations this server was built with, for this backend.
    fn migrations(&self) -> &'static Migrator;

    /// The versions of the migrations applied to the database.
    ///
    /// # Errors
    /// [`crate::Error::Storage`], e.g. when no migration was ever applied.
    async fn applied_migrations(&self) -> Result<Vec<i64>>;

    /// Applies pending migrations.
    ///
    /// # Errors
    /// [`crate::Error::Migrate`] when a migration fails or an applied one was changed.
    async fn migrate(&self) -> Result<()>;

    /// Checks that the database answers.
    ///
    /// # Errors
    /// [`crate::Error::Storage`] otherwise.
    async fn ping(&self) -> Result<()>;
}

macro_rules! schema_statements {
    (
        store: $store:ty,
        for_update: $for_update:literal,
        skip_locked: $skip_locked:literal,
        writers: $writers:literal $(,)?
    ) => {
        #[async_trait::async_trait]
        impl crate::schema::SchemaStatements for $store {
            fn migrations(&self) -> &'static Migrator {
                &MIGRATIONS
            }

            async fn applied_migrations(&self) -> Result<Vec<i64>> {
                sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
                    .fetch_all(self.reads())
                    .await
                    .map_err(Error::storage("read applied migrations"))
            }

            async fn migrate(&self) -> Result<()> {
                let _writing = self.write_turn().await;
                MIGRATIONS.run(self.writes()).await?;
                Ok(())
            }

            async fn ping(&self) -> Result<()> {
                sqlx::query("SELECT 1")
                    .execute(self.reads())
                    .await
                    .map_err(Error::storage("ping"))?;
                Ok(())
            }
        }
    };
}

pub(crate) use schema_statements;

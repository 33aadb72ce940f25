//! Sign-in domains' statements (issue 50), the same on both backends: a domain an
//! organisation claims for sign-in by email, proven by its DNS TXT record or assigned by
//! the operator, and owned by one organisation at most once proven (the partial unique
//! index `sso_domains_proven` holds that against a race the checks here lose).
//!
//! [`sign_in_statements!`] implements [`SignInStatements`] for a backend.

use tessera_domain::sso::{DomainProven, SsoDomainRow};
use uuid::Uuid;

use crate::{NewAudit, Result};

/// The sign-in domains' primitives.
#[async_trait::async_trait]
pub trait SignInStatements {
    /// An organisation's domains, proven or not, by name.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn sso_domains(&self, org_id: Uuid) -> Result<Vec<SsoDomainRow>>;

    /// Claims a domain for an organisation with `row`'s token and `event`, unless it
    /// claimed it before; the row stored either way.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn claim_sso_domain(&self, row: &SsoDomainRow, event: &NewAudit) -> Result<SsoDomainRow>;

    /// Marks an organisation's claimed domain proven `by` (`dns` or `operator`) with
    /// `event`, unless another organisation proved it; with `claim`, the domain is claimed
    /// first when it was not (the operator assigns without a claim).
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn prove_sso_domain(
        &self,
        org_id: Uuid,
        domain: &str,
        by: &str,
        claim: Option<&SsoDomainRow>,
        now_ms: i64,
        event: &NewAudit,
    ) -> Result<DomainProven>;

    /// Releases an organisation's domain with `event`; false when it had not claimed it.
    ///
    /// # Errors
    /// [`crate::Error::Storage`].
    async fn release_sso_domain(
        &self,
        org_id: Uuid,
        domain: &str,
        event: &NewAudit,
    ) -> Result<bool>;
}

macro_rules! sign_in_statements {
    (store: $store:ty $(,)?) => {
        #[async_trait::async_trait]
        impl crate::sign_in::SignInStatements for $store {
            async fn sso_domains(
                &self,
                org_id: Uuid,
            ) -> Result<Vec<tessera_domain::sso::SsoDomainRow>> {
                sqlx::query(
                    "SELECT org_id, domain, token, created_at_ms, proven_at_ms, proven_by \
                     FROM sso_domains WHERE org_id = $1 ORDER BY domain",
                )
                .bind(org_id)
                .try_map(crate::columns::decode)
                .fetch_all(self.reads())
                .await
                .map_err(Error::storage("list sso domains"))
            }

            async fn claim_sso_domain(
                &self,
                row: &tessera_domain::sso::SsoDomainRow,
                event: &NewAudit,
            ) -> Result<tessera_domain::sso::SsoDomainRow> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("claim sso domain").await?;
                let claimed = sqlx::query(
                    "INSERT INTO sso_domains (org_id, domain, token, created_at_ms) \
                     VALUES ($1, $2, $3, $4) ON CONFLICT (org_id, domain) DO NOTHING",
                )
                .bind(row.org_id)
                .bind(&row.domain)
                .bind(&row.token)
                .bind(row.created_at_ms)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("claim sso domain"))?
                .rows_affected();
                if claimed > 0 {
                    insert_audit(&mut tx, event).await?;
                }
                let stored: tessera_domain::sso::SsoDomainRow = sqlx::query(
                    "SELECT org_id, domain, token, created_at_ms, proven_at_ms, proven_by \
                     FROM sso_domains WHERE org_id = $1 AND domain = $2",
                )
                .bind(row.org_id)
                .bind(&row.domain)
                .try_map(crate::columns::decode)
                .fetch_one(&mut *tx)
                .await
                .map_err(Error::storage("read claimed sso domain"))?;
                commit(tx, "claim sso domain").await?;
                Ok(stored)
            }

            async fn prove_sso_domain(
                &self,
                org_id: Uuid,
                domain: &str,
                by: &str,
                claim: Option<&tessera_domain::sso::SsoDomainRow>,
                now_ms: i64,
                event: &NewAudit,
            ) -> Result<tessera_domain::sso::DomainProven> {
                use tessera_domain::sso::DomainProven;
                let _writing = self.write_turn().await;
                let mut tx = self.begin("prove sso domain").await?;
                let owner: Option<Uuid> = sqlx::query_scalar(
                    "SELECT org_id FROM sso_domains WHERE domain = $1 AND proven_at_ms IS NOT NULL",
                )
                .bind(domain)
                .fetch_optional(&mut *tx)
                .await
                .map_err(Error::storage("find sso domain owner"))?;
                match owner {
                    Some(owner) if owner == org_id => return Ok(DomainProven::Proven),
                    Some(_) => return Ok(DomainProven::TakenElsewhere),
                    None => {}
                }
                if let Some(row) = claim {
                    sqlx::query(
                        "INSERT INTO sso_domains (org_id, domain, token, created_at_ms) \
                         VALUES ($1, $2, $3, $4) ON CONFLICT (org_id, domain) DO NOTHING",
                    )
                    .bind(row.org_id)
                    .bind(&row.domain)
                    .bind(&row.token)
                    .bind(row.created_at_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(Error::storage("claim sso domain"))?;
                }
                let proven = sqlx::query(
                    "UPDATE sso_domains SET proven_at_ms = $3, proven_by = $4 \
                     WHERE org_id = $1 AND domain = $2",
                )
                .bind(org_id)
                .bind(domain)
                .bind(now_ms)
                .bind(by)
                .execute(&mut *tx)
                .await
                .map_err(Error::storage("prove sso domain"))?
                .rows_affected();
                if proven == 0 {
                    return Ok(DomainProven::NotClaimed);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "prove sso domain").await?;
                Ok(DomainProven::Proven)
            }

            async fn release_sso_domain(
                &self,
                org_id: Uuid,
                domain: &str,
                event: &NewAudit,
            ) -> Result<bool> {
                let _writing = self.write_turn().await;
                let mut tx = self.begin("release sso domain").await?;
                let released =
                    sqlx::query("DELETE FROM sso_domains WHERE org_id = $1 AND domain = $2")
                        .bind(org_id)
                        .bind(domain)
                        .execute(&mut *tx)
                        .await
                        .map_err(Error::storage("release sso domain"))?
                        .rows_affected();
                if released == 0 {
                    return Ok(false);
                }
                insert_audit(&mut tx, event).await?;
                commit(tx, "release sso domain").await?;
                Ok(true)
            }
        }
    };
}

pub(crate) use sign_in_statements;

crate::columns::from_columns!(crate::SsoDomainRow {
    org_id,
    domain,
    token,
    created_at_ms,
    proven_at_ms,
    proven_by,
});

//! `tessera-server sso …`: the operator assigns a sign-in domain to an organisation (or
//! takes it back) straight on the database, without the DNS proof an organisation's admin
//! gives (`docs/sign-in.md`, "Domains"). A proven domain routes sign-in by email to its one
//! organisation; assigning one another organisation proved is refused.

use std::io::Write;

use clap::Subcommand;
use serde_json::json;

use crate::error::{Error, Result};
use tessera_domain::sso::Domain;
use tessera_store::Store;

/// What the operator does with sign-in domains.
#[derive(Debug, Subcommand)]
pub enum SsoAction {
    /// Assign a domain to an organisation: sign-in by email at that domain goes to its
    /// identity provider from now on. Prints the domain as JSON.
    Assign {
        /// The organisation's id.
        #[arg(long)]
        org: uuid::Uuid,
        /// The domain, e.g. example.com.
        #[arg(long)]
        domain: String,
    },
    /// Release an organisation's domain (proven or only claimed).
    Release {
        /// The organisation's id.
        #[arg(long)]
        org: uuid::Uuid,
        /// The domain.
        #[arg(long)]
        domain: String,
    },
    /// Print an organisation's domains as JSON lines.
    Domains {
        /// The organisation's id.
        #[arg(long)]
        org: uuid::Uuid,
    },
}

/// Runs `action` on `store`.
///
/// # Errors
/// [`Error::Config`] for a bad domain or a refusal, storage failures.
pub async fn run(store: &Store, action: SsoAction) -> Result<()> {
    let refused = |error: tessera_flows::sso::SsoError| match error {
        tessera_flows::sso::SsoError::Store(error) => Error::Store(error),
        other => Error::Config(other.to_string()),
    };
    match action {
        SsoAction::Assign { org, domain } => {
            let domain = parse(&domain)?;
            let row = tessera_flows::sso::assign_domain(store, org, &domain)
                .await
                .map_err(refused)?;
            print(&row)
        }
        SsoAction::Release { org, domain } => {
            let domain = parse(&domain)?;
            tessera_flows::sso::release_domain(store, org, &domain, None)
                .await
                .map_err(refused)
        }
        SsoAction::Domains { org } => {
            for row in store.sign_in().sso_domains(org).await? {
                print(&row)?;
            }
            Ok(())
        }
    }
}

fn parse(text: &str) -> Result<Domain> {
    Domain::parse(text)
        .map_err(|_| Error::Config(format!("{text:?} is not a domain such as example.com")))
}

fn print(row: &tessera_store::SsoDomainRow) -> Result<()> {
    let line = json!({
        "org_id": row.org_id,
        "domain": row.domain,
        "proven": row.proven_at_ms.is_some(),
        "proven_by": row.proven_by,
        "txt_name": row.record_name(),
        "txt_value": row.record_value(),
    });
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{line}")?;
    stdout.flush()?;
    Ok(())
}

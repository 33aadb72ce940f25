//! `tessera-server nodes …` on the central server: the operator lists, revokes, gives a new
//! token to, or resumes an organisation's on-site nodes straight on the database (the same
//! flows as `/v1/nodes/…`, audited the same way without a key), and `tessera-server node
//! key` on a node prints the key to enrol it with (`docs/operations.md`, "On-site node").

use std::io::Write;

use clap::Subcommand;
use serde_json::json;
use uuid::Uuid;

use crate::error::{Error, Result};
use tessera_flows::sites::SiteError;
use tessera_store::Store;

/// What the operator does with on-site nodes.
#[derive(Debug, Subcommand)]
pub enum NodesAction {
    /// Print an organisation's nodes as JSON lines, oldest first (never a token).
    List {
        /// The organisation's id.
        #[arg(long)]
        org: Uuid,
    },
    /// Revoke a node: its token stops working at once and the lease it holds ends.
    Revoke {
        /// The organisation's id.
        #[arg(long)]
        org: Uuid,
        /// The node's id.
        #[arg(long)]
        node: Uuid,
    },
    /// Give a node a new token, printed once as JSON; the old one stops working at once.
    Rotate {
        /// The organisation's id.
        #[arg(long)]
        org: Uuid,
        /// The node's id.
        #[arg(long)]
        node: Uuid,
    },
    /// Let a node whose lease was reclaimed take a lease again.
    Resume {
        /// The organisation's id.
        #[arg(long)]
        org: Uuid,
        /// The node's id.
        #[arg(long)]
        node: Uuid,
    },
}

/// Runs `action` on `store`.
///
/// # Errors
/// [`Error::Config`] for an unknown (or revoked) node, storage failures.
pub async fn run(store: &Store, action: NodesAction) -> Result<()> {
    let refused = |error: SiteError| match error {
        SiteError::Flow(flow) => Error::from(flow),
        other => Error::Config(other.to_string()),
    };
    match action {
        NodesAction::List { org } => {
            for node in store.sites().site_nodes(org).await? {
                print(&json!({
                    "node_id": node.id,
                    "site": node.site,
                    "label": node.label,
                    "created_at_ms": node.created_at_ms,
                    "revoked_at_ms": node.revoked_at_ms,
                    "lease_blocked_at_ms": node.lease_blocked_at_ms,
                    "last_seen_ms": node.last_seen_ms,
                    "key_fixed": node.public_key.is_some(),
                }))?;
            }
            Ok(())
        }
        NodesAction::Revoke { org, node } => {
            tessera_flows::sites::revoke(store, org, node, None)
                .await
                .map_err(refused)?;
            print(&json!({ "node_id": node, "revoked": true }))
        }
        NodesAction::Rotate { org, node } => {
            let token = tessera_flows::sites::rotate_token(store, org, node, None)
                .await
                .map_err(refused)?;
            print(&json!({ "node_id": node, "token": token.as_str() }))
        }
        NodesAction::Resume { org, node } => {
            tessera_flows::sites::allow_lease(store, org, node, None)
                .await
                .map_err(refused)?;
            print(&json!({ "node_id": node, "may_lease": true }))
        }
    }
}

fn print(value: &serde_json::Value) -> Result<()> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{value}")?;
    stdout.flush()?;
    Ok(())
}

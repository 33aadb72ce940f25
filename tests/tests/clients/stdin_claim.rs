//! Issue 12: `tessera-wallet claim -` reads the claim link from standard input, so the claim
//! token need sit neither in the process list (argv) nor in the shell's history; an empty
//! input is a clear usage error that binds nothing.

use std::process::Stdio;

use anyhow::{ensure, Context, Result};
use tempfile::TempDir;
use tessera_tests::api::PassSpec;
use tessera_tests::{both_backends, Backend, TestServer};
use tokio::io::AsyncWriteExt;

use crate::support::WalletCli;

both_backends!(claim_dash_reads_the_link_from_stdin);

async fn claim_dash_reads_the_link_from_stdin(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let issued = server.admin().issue_pass(&PassSpec::default()).await?;
    let dir = TempDir::new()?;
    let wallet = WalletCli::new(dir.path().join("wallet.json"));

    let empty = wallet.command(&["claim", "-"]).output().await?;
    ensure!(
        empty.status.code() == Some(2),
        "an empty stdin exited with {}: {}",
        empty.status,
        String::from_utf8_lossy(&empty.stderr)
    );
    ensure!(
        String::from_utf8_lossy(&empty.stderr).contains("standard input"),
        "the error names where the link was expected: {}",
        String::from_utf8_lossy(&empty.stderr)
    );

    let mut child = wallet
        .command(&["claim", "-"])
        .stdin(Stdio::piped())
        .spawn()
        .context("spawn `tessera-wallet claim -`")?;
    let mut stdin = child.stdin.take().context("the child's stdin")?;
    stdin
        .write_all(format!("{}\n", issued.claim_url).as_bytes())
        .await?;
    drop(stdin);
    let output = child.wait_with_output().await?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    ensure!(
        output.status.success() && stdout.starts_with(&format!("claimed pass {}", issued.pass_id)),
        "`claim -` exited with {}: {stdout} {}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    ensure!(
        server.db().pass_state(issued.pass_id).await? == "claimed",
        "the pass is not claimed"
    );
    Ok(())
}

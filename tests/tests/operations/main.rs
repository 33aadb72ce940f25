//! What the operator's machine sees of the real `tessera-server` binary (issue 50, items 5,
//! 9 and 11): the secrets it leaves on disk and in its log, and the settings it refuses.
//!
//! - The first start writes the first admin key to a 0600 file in the state directory and
//!   prints only that file's path; the SQLite database and its `-wal`/`-shm` files are 0600
//!   though the test runs under the usual umask 022 (outside the unit's `UMask=0077`).
//! - At `TESSERA_LOG=debug` no line carries a query string's value.
//! - An on-site node's token file that others may read, and an `--upstream` over plain HTTP
//!   to another host, stop `serve` with exit status 2 (a configuration error, which the unit
//!   does not restart) and a message saying what to change.
//!
//! SQLite only: the files are SQLite's, and the refusals come before any database is used.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use tessera_tests::server::server_binary;
use tessera_tests::{Backend, TestServer};

/// How long a refused `serve` may take to exit (a server that starts is killed after it).
const REFUSAL_LIMIT: Duration = Duration::from_secs(20);

#[track_caller]
fn mode(path: &Path) -> Result<u32> {
    Ok(std::fs::metadata(path)
        .with_context(|| format!("{} exists", path.display()))?
        .permissions()
        .mode()
        & 0o777)
}

#[tokio::test]
async fn the_first_start_keeps_the_admin_key_out_of_stdout_in_a_private_file() -> Result<()> {
    let server = TestServer::builder(Backend::Sqlite)
        .without_setup()
        .start()
        .await?;
    let org = server
        .bootstrap_org
        .clone()
        .context("the first start names the file holding the first admin key")?;
    let state = server.key_dir.parent().context("the test's directory")?;
    let key_file = state.join("first-admin-key.json");
    assert_eq!(
        mode(&key_file)?,
        0o600,
        "the key file is the server user's only"
    );
    let stored: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&key_file)?)?;
    assert_eq!(stored["admin_key"], org.admin_key.as_str());
    assert_eq!(stored["org_id"], org.org_id.to_string());

    let log = server.log_tail(1000);
    assert!(
        !log.contains(&org.admin_key),
        "the admin key is in stdout or stderr:\n{log}"
    );
    assert!(
        log.contains(&format!("first admin key in {}", key_file.display())),
        "the log says where the key is:\n{log}"
    );
    // The key works.
    assert_eq!(
        server
            .client(&org.admin_key)
            .get("/v1/passes")
            .await?
            .status,
        200
    );

    for file in ["tessera.db", "tessera.db-wal", "tessera.db-shm"] {
        assert_eq!(
            mode(&state.join(file))?,
            0o600,
            "{file} is readable by others outside the unit"
        );
    }
    Ok(())
}

#[tokio::test]
async fn debug_logs_carry_no_query_value() -> Result<()> {
    let server = TestServer::builder(Backend::Sqlite)
        .env("TESSERA_LOG", "debug")
        .start()
        .await?;
    let anonymous = server.anonymous();
    let secrets = ["ANSWERTOKEN1234", "SSOCODE5678", "BARESECRET9"];
    for path in [
        format!(
            "/v1/walk-ins/00000000-0000-0000-0000-000000000000/answer?decision=approve&t={}",
            secrets[0]
        ),
        format!("/v1/sso/callback?code={}&state=junk", secrets[1]),
        format!("/healthz?{}", secrets[2]),
    ] {
        anonymous.get(&path).await?;
    }
    // The trace's lines reach the harness a moment after the answers.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let log = loop {
        let log = server.log_tail(2000);
        if log.matches("finished processing request").count() >= 3 && log.contains("/healthz") {
            break log;
        }
        if tokio::time::Instant::now() > deadline {
            bail!("no request trace at TESSERA_LOG=debug:\n{log}");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(
        log.contains("/v1/sso/callback"),
        "the trace names the path:\n{log}"
    );
    for secret in secrets {
        assert!(
            !log.contains(secret),
            "a query value ({secret}) is in the log:\n{log}"
        );
    }
    Ok(())
}

/// Runs `serve` as an on-site node on a fresh directory with `token_mode` on its token file
/// and `upstream`; its exit status and stderr, or an error when it keeps running.
async fn node_start(token_mode: u32, upstream: &str) -> Result<(Option<i32>, String)> {
    let dir = tempfile::tempdir()?;
    let token = dir.path().join("node-token");
    std::fs::write(&token, "NODETOKENVALUE\n")?;
    std::fs::set_permissions(&token, std::fs::Permissions::from_mode(token_mode))?;
    let mut command = tokio::process::Command::new(server_binary());
    for (key, _) in std::env::vars() {
        if key.starts_with("TESSERA_") {
            command.env_remove(key);
        }
    }
    let child = command
        .arg("serve")
        .env(
            "TESSERA_DATABASE_URL",
            format!("sqlite://{}", dir.path().join("node.db").display()),
        )
        .env("TESSERA_KEY_DIR", dir.path().join("keys"))
        .env("TESSERA_LISTEN", "127.0.0.1:0")
        .env("TESSERA_SITE", "north")
        .env("TESSERA_UPSTREAM", upstream)
        .env("TESSERA_NODE_TOKEN_FILE", &token)
        .current_dir(dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .context("start tessera-server")?;
    match tokio::time::timeout(REFUSAL_LIMIT, child.wait_with_output()).await {
        Ok(output) => {
            let output = output?;
            Ok((
                output.status.code(),
                String::from_utf8_lossy(&output.stderr).into_owned(),
            ))
        }
        Err(_) => bail!("serve did not refuse: still running after {REFUSAL_LIMIT:?}"),
    }
}

#[tokio::test]
async fn a_node_token_file_others_may_read_is_refused() -> Result<()> {
    let (code, said) = node_start(0o644, "http://127.0.0.1:9").await?;
    ensure!(code == Some(2), "exit {code:?}, not 2: {said}");
    ensure!(
        said.contains("--node-token-file") && said.contains("0644") && said.contains("chmod 600"),
        "the refusal says what to change: {said}"
    );
    ensure!(
        !said.contains("NODETOKENVALUE"),
        "the token is shown: {said}"
    );
    Ok(())
}

#[tokio::test]
async fn an_upstream_over_plain_http_to_another_host_is_refused() -> Result<()> {
    let (code, said) = node_start(0o600, "http://example.org").await?;
    ensure!(code == Some(2), "exit {code:?}, not 2: {said}");
    ensure!(
        said.contains("--upstream http://example.org") && said.contains("https://"),
        "the refusal says what to change: {said}"
    );
    Ok(())
}

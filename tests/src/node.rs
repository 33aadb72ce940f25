//! Node.js and the npm packages of `web/`, for the tests that run them (the browser suite,
//! the OpenID provider of the sign-in tests).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{ensure, Context, Result};

/// The browser code's folder, `web/`.
pub fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../web")
}

/// Runs `npm ci` in `web/` once, when `node_modules` is missing or older than the lock
/// file: once per test process, under a file lock that parallel processes share.
///
/// # Errors
/// Without npm, or when `npm ci` fails, saying what to install.
pub fn npm_ready() -> Result<()> {
    static READY: OnceLock<std::result::Result<(), String>> = OnceLock::new();
    READY
        .get_or_init(|| install().map_err(|error| format!("{error:#}")))
        .clone()
        .map_err(anyhow::Error::msg)
}

fn install() -> Result<()> {
    let web = web_dir();
    let _lock = crate::tools::tool_lock("npm")?;
    let installed = web.join("node_modules/.package-lock.json");
    let fresh = match (
        std::fs::metadata(&installed).and_then(|m| m.modified()),
        std::fs::metadata(web.join("package-lock.json")).and_then(|m| m.modified()),
    ) {
        (Ok(installed), Ok(lock)) => installed >= lock,
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    let status = std::process::Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund"])
        .current_dir(&web)
        .status()
        .context(
            "npm not found: the web and sign-in tests need Node.js 20 and npm \
             (apt-get install nodejs npm)",
        )?;
    ensure!(status.success(), "`npm ci` in web/ failed with {status}");
    Ok(())
}

/// A helper script of `web/` running under Node, its first line of output (JSON: where it
/// listens) and the rest of its output.
pub struct Script {
    /// The process (killed when dropped).
    pub child: tokio::process::Child,
    /// Its first line.
    pub first: serde_json::Value,
    /// Its output after the first line.
    pub lines: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

/// Starts `node <script> <args>` in `web/` and waits up to 20 s for its first line, JSON.
///
/// # Errors
/// Without Node.js or the npm packages (saying what to install), or when the script does
/// not start, naming it as `what`.
pub async fn spawn_script(script: &str, args: &[String], what: &str) -> Result<Script> {
    use tokio::io::AsyncBufReadExt;
    npm_ready()?;
    let mut child = tokio::process::Command::new("node")
        .arg(script)
        .args(args)
        .current_dir(web_dir())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .with_context(|| {
            format!("node not found: {what} needs Node.js 20 (apt-get install nodejs)")
        })?;
    let stdout = child.stdout.take().context("the script's stdout")?;
    let mut lines = tokio::io::BufReader::new(stdout).lines();
    let first = tokio::time::timeout(std::time::Duration::from_secs(20), lines.next_line())
        .await
        .with_context(|| format!("{what} did not start within 20 s"))??
        .with_context(|| format!("{what} exited before it listened"))?;
    let first = serde_json::from_str(&first).with_context(|| format!("{what} said {first:?}"))?;
    Ok(Script {
        child,
        first,
        lines,
    })
}

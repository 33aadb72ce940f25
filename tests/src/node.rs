//! Node.js and the npm packages of `web/`, for the tests that run them (the browser suite,
//! the OpenID provider of the sign-in tests).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use anyhow::{ensure, Context, Result};

/// The browser code's folder, `web/`.
pub fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../web")
}

/// Runs `npm ci` in `web/` once per test binary, when `node_modules` is missing or older
/// than the lock file.
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

//! Paths of this checkout and the build tools the suite installs for itself (cargo-deny,
//! cargo-sbom, schemathesis): into the target directory, once, never skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context, Result};

/// The repository's root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `target/` (or `CARGO_TARGET_DIR`): a test executable is `<target>/<profile>/deps/…`.
///
/// # Errors
/// When the running executable is not where Cargo puts tests.
pub fn target_dir() -> Result<PathBuf> {
    let exe = std::env::current_exe().context("the test executable's path")?;
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .context("the test executable lives in <target>/<profile>/deps")
}

/// What `binary --version` prints, when it runs.
pub fn installed_version(binary: &Path) -> Option<String> {
    let output = Command::new(binary).arg("--version").output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// `<target>/tools/bin/<krate>` at `version`, built by `cargo install --locked` the first
/// time. The install runs under the lock `<target>/tools/.install.lock`, which `.ci/run`'s
/// early background build takes too: a test waits for that build rather than racing it.
///
/// # Errors
/// When the build fails (it needs crates.io the first time), saying so.
pub fn cargo_install(krate: &str, version: &str) -> Result<PathBuf> {
    let tools = target_dir()?.join("tools");
    std::fs::create_dir_all(&tools).with_context(|| format!("create {}", tools.display()))?;
    let lock = std::fs::File::create(tools.join(".install.lock")).context("the install lock")?;
    lock.lock().context("take the install lock")?;
    let binary = tools.join("bin").join(krate);
    let wanted = format!("{krate} {version}");
    if installed_version(&binary).as_deref() == Some(wanted.as_str()) {
        return Ok(binary);
    }
    println!("installing {krate} {version} into {}", tools.display());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let output = Command::new(cargo)
        .args([
            "install",
            "--locked",
            "--quiet",
            "--force",
            "--version",
            version,
        ])
        .arg("--root")
        .arg(&tools)
        .arg(krate)
        // Its own build, not this workspace's target directory.
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .context("run cargo install")?;
    ensure!(
        output.status.success(),
        "`cargo install {krate} --version {version}` failed ({}); the suite needs crates.io \
         the first time:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    match installed_version(&binary) {
        Some(found) if found == wanted => Ok(binary),
        other => bail!(
            "after cargo install, {} reports {other:?}",
            binary.display()
        ),
    }
}

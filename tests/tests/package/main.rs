//! The Debian package (issue 33), run by the test command: `packaging/build-deb.sh`
//! builds it around the debug binary the rest of the suite tests (nothing is built twice), `dpkg-deb -x` installs
//! it into a scratch root, and the installed binary, run with the installed configuration
//! (the state paths pointed into the scratch root by environment, as the package's unit
//! would give them under `/var/lib/tessera`), serves, and admits one pass over the gate
//! WebSocket. The first admin key is in a 0600 file in the state directory, never on stdout
//! (the journal, under the unit). The unit file is rated by `systemd-analyze security
//! --offline=yes`, and the test fails above 2.0; a configuration error (exit 2) does not
//! restart it. The package carries the licence and a CycloneDX SBOM. The same package under
//! a real systemd: `packaging/systemd-test.sh` (too slow for the suite).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use anyhow::{bail, ensure, Context, Result};
use tessera_tests::api::{ApiClient, PassSpec};
use tessera_tests::fixtures::{admit, claimed_pass};
use tessera_tests::gate::Gate;
use tessera_tests::tools::{cargo_install, repo_root as root, target_dir, tools_dir};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

/// Highest exposure `systemd-analyze security` may give the unit.
const MAX_EXPOSURE: f64 = 2.0;

/// Builds the package; its path.
async fn build_deb(out: &Path) -> Result<PathBuf> {
    // The script builds cargo-sbom when it is missing; the suite's shared install (under
    // `.ci/run`'s lock) comes first, at the version the script names.
    let script = std::fs::read_to_string(root().join("packaging/build-deb.sh"))?;
    let version = script
        .lines()
        .find_map(|line| line.strip_prefix("CARGO_SBOM_VERSION="))
        .context("packaging/build-deb.sh names CARGO_SBOM_VERSION")?
        .to_owned();
    tokio::task::spawn_blocking(move || cargo_install("cargo-sbom", &version)).await??;
    let output = Command::new("bash")
        .arg(root().join("packaging/build-deb.sh"))
        .env("PROFILE", "dev")
        .env("OUT", out)
        .env("CARGO_TARGET_DIR", target_dir()?)
        .env("TESSERA_TOOLS_DIR", tools_dir()?)
        .env("TESSERA_BINARY", tessera_tests::server::server_binary())
        .output()
        .await
        .context("run packaging/build-deb.sh")?;
    ensure!(
        output.status.success(),
        "packaging/build-deb.sh failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let path = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    let deb = PathBuf::from(path);
    ensure!(deb.is_file(), "no package at {}", deb.display());
    Ok(deb)
}

async fn run(program: &str, args: &[&str]) -> Result<String> {
    let output = Command::new(program)
        .args(args)
        .output()
        .await
        .with_context(|| format!("{program} not found"))?;
    ensure!(
        output.status.success(),
        "{program} {args:?} failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

#[tokio::test]
async fn the_package_installs_a_server_that_admits_a_pass() -> Result<()> {
    let scratch = tempfile::tempdir()?;
    let deb = build_deb(&scratch.path().join("out")).await?;
    let deb = deb.to_str().context("a UTF-8 path")?;

    // What dpkg would install, and the maintainer scripts it would run.
    let info = run("dpkg-deb", &["--info", deb]).await?;
    for field in ["Package: tessera", "Depends: adduser", "postinst", "postrm"] {
        ensure!(info.contains(field), "no {field:?} in:\n{info}");
    }
    let installed = scratch.path().join("root");
    let control = scratch.path().join("control");
    let as_str = |path: &Path| path.to_str().map(str::to_owned).context("a UTF-8 path");
    run("dpkg-deb", &["-x", deb, &as_str(&installed)?]).await?;
    run("dpkg-deb", &["-e", deb, &as_str(&control)?]).await?;
    for script in ["postinst", "prerm", "postrm"] {
        run("sh", &["-n", &as_str(&control.join(script))?]).await?;
    }
    let conffiles = std::fs::read_to_string(control.join("conffiles"))?;
    ensure!(
        conffiles.trim() == "/etc/tessera/tessera.toml",
        "{conffiles}"
    );
    let postinst = std::fs::read_to_string(control.join("postinst"))?;
    ensure!(
        postinst.contains("adduser --system")
            && postinst.contains("chown root:tessera")
            && postinst.contains("chown tessera:tessera /var/lib/tessera"),
        "the postinst makes the system user: {postinst}"
    );
    let binary = installed.join("usr/bin/tessera-server");
    let config = installed.join("etc/tessera/tessera.toml");
    let unit = installed.join("lib/systemd/system/tessera.service");
    let doc = installed.join("usr/share/doc/tessera");
    for file in [&binary, &config, &unit, &doc.join("copyright")] {
        ensure!(file.is_file(), "{} is installed", file.display());
    }
    let copyright = std::fs::read_to_string(doc.join("copyright"))?;
    ensure!(copyright.contains("Apache License"), "the licence ships");
    let sbom: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(doc.join("sbom.cdx.json"))?)
            .context("the SBOM is JSON")?;
    ensure!(sbom["bomFormat"] == "CycloneDX", "a CycloneDX SBOM");
    let components = sbom["components"].as_array().context("components")?;
    for name in ["axum", "sqlx", "x25519-dalek", "rustls"] {
        ensure!(
            components.iter().any(|c| c["name"] == name),
            "the SBOM lists {name}"
        );
    }
    let unit_text = std::fs::read_to_string(&unit)?;
    ensure!(
        unit_text
            .contains("ExecStart=/usr/bin/tessera-server --config /etc/tessera/tessera.toml serve"),
        "the unit runs the installed binary with the installed configuration"
    );

    // A configuration error (exit 2) stops the unit in `failed` instead of restarting it
    // every 2 s forever (issue 50); `packaging/systemd-test.sh` checks it under systemd.
    for line in ["Restart=on-failure", "RestartPreventExitStatus=2"] {
        ensure!(
            unit_text.lines().any(|l| l.trim() == line),
            "the unit has {line}"
        );
    }
    let bad = scratch.path().join("bad.toml");
    std::fs::write(
        &bad,
        std::fs::read_to_string(&config)?
            .replace("listen = \"127.0.0.1:8080\"", "listen = \"not an address\""),
    )?;
    let refused = Command::new(&binary)
        .args(["--config", &as_str(&bad)?, "serve"])
        .env("TESSERA_DATABASE_URL", "sqlite::memory:")
        .output()
        .await?;
    ensure!(
        refused.status.code() == Some(2),
        "a bad value in the configuration exits {} (the unit keeps only 2 from restarting): {}",
        refused.status,
        String::from_utf8_lossy(&refused.stderr)
    );

    // The unit's exposure, as systemd rates it.
    let rating = Command::new("systemd-analyze")
        .args(["security", "--offline=yes", "--no-pager"])
        .arg(&unit)
        .output()
        .await
        .context(
            "systemd-analyze not found: the package test rates the unit with it \
             (apt-get install systemd)",
        )?;
    let said = String::from_utf8_lossy(&rating.stdout);
    let exposure: f64 = said
        .lines()
        .find_map(|line| {
            line.split_once("Overall exposure level for tessera.service: ")
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .and_then(|number| number.parse().ok())
        })
        .with_context(|| {
            format!(
                "no exposure level in systemd-analyze's answer:\n{said}\n{}",
                String::from_utf8_lossy(&rating.stderr)
            )
        })?;
    ensure!(
        exposure <= MAX_EXPOSURE,
        "systemd-analyze rates the unit {exposure} (at most {MAX_EXPOSURE}):\n{said}"
    );
    println!("systemd-analyze security --offline=yes: exposure {exposure}");

    // The installed binary with the installed configuration; the state directory the unit
    // would make (/var/lib/tessera, 0700) is made in the scratch root and named by
    // environment, which wins over the file.
    let state = installed.join("var/lib/tessera");
    std::fs::create_dir_all(&state)?;
    let state_text = as_str(&state)?;
    let check = run(
        &as_str(&binary)?,
        &["--config", &as_str(&config)?, "config", "check"],
    )
    .await?;
    ensure!(
        check.contains("database_url = \"sqlite:///var/lib/tessera/tessera.db\"  # file"),
        "the installed configuration is read:\n{check}"
    );
    let mut server = Command::new(&binary)
        .args(["--config", &as_str(&config)?, "serve"])
        .env(
            "TESSERA_DATABASE_URL",
            format!("sqlite://{state_text}/tessera.db"),
        )
        .env("TESSERA_KEY_DIR", format!("{state_text}/keys"))
        .env("TESSERA_LISTEN", "127.0.0.1:0")
        .env("TESSERA_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .context("start the installed server")?;
    let mut lines = BufReader::new(server.stdout.take().context("stdout")?).lines();
    let (mut key_file, mut addr, mut stdout) = (None, None, String::new());
    while addr.is_none() {
        let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .context("the installed server said nothing for 30 s")??
            .context("the installed server exited before it listened")?;
        stdout.push_str(&line);
        if let Some(path) = line.strip_prefix("first admin key in ") {
            key_file = Some(PathBuf::from(path.trim()));
        } else if let Some(at) = line.strip_prefix("listening on ") {
            addr = Some(at.trim().to_owned());
        }
    }
    let (Some(key_file), Some(addr)) = (key_file, addr) else {
        bail!("the first start named no admin key file");
    };
    // Under the unit stdout is the journal: the key is in a file only the service reads.
    ensure!(
        key_file == state.join("first-admin-key.json"),
        "the key file is in the state directory: {}",
        key_file.display()
    );
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file)?.permissions().mode() & 0o777;
        ensure!(mode == 0o600, "the key file is {mode:o}, not 600");
    }
    let first: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&key_file)?)?;
    let admin_key = first["admin_key"]
        .as_str()
        .context("the key file holds admin_key")?
        .to_owned();
    ensure!(!stdout.contains(&admin_key), "the admin key is on stdout");
    let admin = ApiClient::new(
        reqwest::Client::new(),
        format!("http://{addr}"),
        Some(admin_key),
    );
    let (_, wallet) = claimed_pass(
        &admin,
        &PassSpec {
            label: "Packaged visitor".to_owned(),
            ..PassSpec::default()
        },
    )
    .await?;
    let device = admin.create_gate("Front door", None).await?;
    let mut gate = Gate::connect(&format!("ws://{addr}/v1/gate/ws"), &device.device_token).await?;
    admit(&mut gate, &wallet, &wallet.code_now()).await?;
    ensure!(
        state.join("tessera.db").is_file(),
        "the database is in the state directory"
    );
    server.kill().await?;
    Ok(())
}

//! The configuration file (issue 33), through the real `tessera-server` binary: a server
//! started with `--config FILE` takes its database, key directory and listen address from
//! the file; `config check` shows flag > environment > file > default with the database
//! password redacted; a wrong key or value stops it before anything starts, naming the
//! file's line and the key.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use tessera_tests::server::server_binary;

/// `tessera-server <args>` with `TESSERA_*` cleared but `extra`: its status, stdout, stderr.
fn run(args: &[&str], extra: &[(&str, &str)]) -> Result<(i32, String, String)> {
    let mut command = Command::new(server_binary());
    for (name, _) in std::env::vars() {
        if name.starts_with("TESSERA_") {
            command.env_remove(name);
        }
    }
    let output = command.args(args).envs(extra.iter().copied()).output()?;
    Ok((
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

#[test]
fn the_configuration_file_sets_what_flags_and_variables_do_not() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let db = dir.path().join("from-file.db");
    let keys = dir.path().join("keys-from-file");
    let file = dir.path().join("tessera.toml");
    std::fs::write(
        &file,
        format!(
            "# written by the test\nlisten = \"127.0.0.1:0\"\ndatabase_url = \"sqlite://{}\"\n\
             key_dir = \"{}\"\npool_max = 7\nlog = \"warn\"\n",
            db.display(),
            keys.display()
        ),
    )?;
    let config = file.to_str().context("a UTF-8 path")?;

    // `config check`: each setting with its source.
    let (status, out, err) = run(
        &["--config", config, "--pool-min", "3", "config", "check"],
        &[("TESSERA_LOG", "info")],
    )?;
    ensure!(status == 0, "config check failed: {err}");
    for line in [
        "pool_max = 7  # file",
        "pool_min = 3  # flag",
        "log = \"info\"  # environment TESSERA_LOG",
        "statement_timeout_ms = 1500  # default",
    ] {
        ensure!(out.contains(line), "no {line:?} in:\n{out}");
    }
    // A password in the URL never shows.
    let secret = dir.path().join("secret.toml");
    std::fs::write(
        &secret,
        "database_url = \"postgres://tessera:hunter2@db.invalid/tessera\"\n",
    )?;
    let (status, out, _) = run(
        &[
            "--config",
            secret.to_str().context("path")?,
            "config",
            "check",
        ],
        &[],
    )?;
    ensure!(
        status == 0 && !out.contains("hunter2") && out.contains("tessera:***@db.invalid"),
        "{out}"
    );

    // `serve` with the file alone: it listens, and its database and keys are the file's.
    let mut child = Command::new(server_binary())
        .args(["--config", config, "serve"])
        .env_remove("TESSERA_DATABASE_URL")
        .env_remove("TESSERA_KEY_DIR")
        .env_remove("TESSERA_LISTEN")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = child.stdout.take().context("stdout")?;
    let started = Instant::now();
    let mut listening = None;
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        if let Some(addr) = line.strip_prefix("listening on ") {
            listening = Some(addr.trim().to_owned());
            break;
        }
        if started.elapsed() > Duration::from_secs(30) {
            break;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    let Some(addr) = listening else {
        bail!("the server did not say where it listens");
    };
    ensure!(addr.starts_with("127.0.0.1:"), "listening on {addr}");
    ensure!(
        db.is_file(),
        "the file's database {} was made",
        db.display()
    );
    ensure!(
        keys.is_dir(),
        "the file's key directory {} was made",
        keys.display()
    );

    // Faults name the line and the key, and nothing starts.
    for (text, words) in [
        (
            "pool_max = 8\npool_maxx = 9\n",
            ":2: pool_maxx: no such setting",
        ),
        (
            "\nheader_timeout_s = 99\n",
            ":2: header_timeout_s: invalid value '99': 99 is not in 1..=30",
        ),
        ("listen = [1\n", "not valid TOML"),
    ] {
        std::fs::write(&file, text)?;
        let (status, _, err) = run(&["--config", config, "serve"], &[])?;
        ensure!(status == 2, "{text:?} exited {status}: {err}");
        ensure!(
            err.contains(config) && err.contains(words),
            "{text:?}: {err}"
        );
    }
    let (status, _, err) = run(&["serve"], &[("TESSERA_CONFIG", "/nonexistent.toml")])?;
    ensure!(
        status == 2 && err.contains("cannot read the configuration file /nonexistent.toml"),
        "{err}"
    );
    Ok(())
}

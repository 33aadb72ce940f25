//! The OpenAPI document against the live server (issue 15), run by the test command.
//!
//! schemathesis (the Python tool, pinned below) reads `GET /v1/openapi.json` from a real
//! server on each backend, generates requests from it, valid and invalid, and checks every
//! answer: no 5xx, a status the document lists for the operation, a documented content type
//! and a body that matches the documented schema. Any failure fails the test with
//! schemathesis's own report.
//!
//! schemathesis lives in a virtual environment in the suite's tool folder, once per machine
//! (`~/.cache/tessera/schemathesis-<version>`, see `tools::tools_dir`), made with
//! `python3 -m venv` and filled from PyPI by pip the first time. Nothing here skips: without `python3` or its `venv`
//! module the test fails and says what to install.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use anyhow::{bail, ensure, Context, Result};
use tessera_tests::tools::{installed_version, tool_lock, tools_dir};
use tessera_tests::{both_backends, Backend, TestServer};
use tokio::process::Command;

/// The schemathesis release the checks are written for (its 4.x command line).
const SCHEMATHESIS_VERSION: &str = "4.32.5";
/// The checks that make the document a contract (schemathesis 4 names).
const CHECKS: &str = "not_a_server_error,status_code_conformance,content_type_conformance,\
                      response_schema_conformance";
/// Test cases per operation and phase: enough to reach every documented status, small
/// enough for well under two minutes per backend on two cores. `TESSERA_SCHEMATHESIS_EXAMPLES`
/// overrides it for a deeper run by hand.
const MAX_EXAMPLES: &str = "30";
/// A fixed seed, so a failure found once is found again.
const SEED: &str = "15";
/// Longest a whole schemathesis run may take before the test gives up.
const RUN_TIMEOUT: Duration = Duration::from_secs(300);

fn venv_dir() -> Result<PathBuf> {
    Ok(tools_dir()?.join(format!("schemathesis-{SCHEMATHESIS_VERSION}")))
}

/// The venv's `schemathesis`, installed once per machine (both backends' tests run in
/// parallel, as threads or as processes, and share it).
async fn schemathesis() -> Result<PathBuf> {
    static READY: OnceLock<std::result::Result<PathBuf, String>> = OnceLock::new();
    tokio::task::spawn_blocking(|| {
        READY
            .get_or_init(|| install().map_err(|error| format!("{error:#}")))
            .clone()
            .map_err(anyhow::Error::msg)
    })
    .await
    .context("the install task")?
}

fn install() -> Result<PathBuf> {
    let venv = venv_dir()?;
    let binary = venv.join("bin/schemathesis");
    let wanted = format!("schemathesis, version {SCHEMATHESIS_VERSION}");
    let _lock = tool_lock("schemathesis")?;
    if installed_version(&binary).as_deref() == Some(wanted.as_str()) {
        return Ok(binary);
    }
    // Debian splits the venv module (ensurepip) into python3-venv: installed here when
    // missing, as `.ci/run` does, so that the README's test command passes on a new machine.
    tessera_tests::tools::system_packages(
        &["python3", "python3-venv"],
        "the OpenAPI test",
        || {
            std::process::Command::new("python3")
                .args(["-c", "import ensurepip, venv"])
                .output()
                .is_ok_and(|output| output.status.success())
        },
    )?;
    println!(
        "installing schemathesis {SCHEMATHESIS_VERSION} into {}",
        venv.display()
    );
    let output = std::process::Command::new("python3")
        .args(["-m", "venv", "--clear"])
        .arg(&venv)
        .output()
        .context(
            "python3 not found: the OpenAPI test runs schemathesis and needs Python 3 with \
             its venv module (Debian: apt-get install python3 python3-venv)",
        )?;
    ensure!(
        output.status.success(),
        "`python3 -m venv {}` failed ({}): the OpenAPI test needs Python's venv module and \
         pip (Debian: apt-get install python3-venv)\n{}",
        venv.display(),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let pip = venv.join("bin/pip");
    ensure!(
        pip.is_file(),
        "{} has no pip: the OpenAPI test needs Python's ensurepip (Debian: apt-get install \
         python3-venv)",
        venv.display()
    );
    let output = std::process::Command::new(&pip)
        .args([
            "install",
            "--quiet",
            "--disable-pip-version-check",
            &format!("schemathesis=={SCHEMATHESIS_VERSION}"),
        ])
        .output()
        .with_context(|| format!("run {}", pip.display()))?;
    ensure!(
        output.status.success(),
        "`pip install schemathesis=={SCHEMATHESIS_VERSION}` failed ({}); it needs PyPI:\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    match installed_version(&binary) {
        Some(version) if version == wanted => Ok(binary),
        other => bail!("after pip install, {} reports {other:?}", binary.display()),
    }
}

async fn schemathesis_finds_nothing(backend: Backend) -> Result<()> {
    let schemathesis = schemathesis().await?;
    let server = TestServer::start(backend).await?;
    // Its reports and example database go to a scratch directory, not the work tree.
    let scratch = tempfile::tempdir().context("a scratch directory")?;
    let started = Instant::now();
    let mut command = Command::new(&schemathesis);
    command
        .arg("run")
        .arg(server.url("/v1/openapi.json"))
        .args(["--checks", CHECKS])
        .arg("--max-examples")
        .arg(std::env::var("TESSERA_SCHEMATHESIS_EXAMPLES").unwrap_or_else(|_| MAX_EXAMPLES.into()))
        .args(["--seed", SEED])
        // One worker: with several threads, hypothesis's `ast.parse` of its lambdas hits a
        // CPython 3.11 race ("AST constructor recursion depth mismatch") now and then.
        .args(["--workers", "1"])
        .args(["--request-timeout", "10"])
        .args(["--generation-database", "none"])
        // Event streams never end by themselves; their errors are tested in conformance.
        .args(["--exclude-path", "/v1/audit/stream"])
        .args(["--exclude-path", "/v1/walk-ins/stream"])
        .arg("--no-color")
        .arg("--header")
        .arg(format!("Authorization: Bearer {}", server.org().admin_key))
        .current_dir(scratch.path())
        .env("SCHEMATHESIS_TELEMETRY", "false")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    let output = tokio::time::timeout(RUN_TIMEOUT, command.output())
        .await
        .with_context(|| format!("schemathesis did not finish within {RUN_TIMEOUT:?}"))?
        .context("run schemathesis")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    println!(
        "schemathesis on {backend:?} took {:.1} s:\n{stdout}",
        started.elapsed().as_secs_f64()
    );
    ensure!(
        output.status.success(),
        "schemathesis found problems on {backend:?} ({}):\n{stdout}\n{stderr}\n\
         server log:\n{}",
        output.status,
        server.log_tail(80)
    );
    Ok(())
}

both_backends!(schemathesis_finds_nothing);

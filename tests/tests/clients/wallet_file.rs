//! Issue 5: the wallet file survives the wallet process being killed at any moment.
//!
//! The wallet file holds the only copy of each pass's private key, and a phone wallet dies
//! without warning (battery, OS kill). `docs/clients.md` promises atomic replacement (temp
//! file, fsync, rename): after a crash the file is the complete old or the complete new
//! document, and a claim interrupted anywhere can be rerun without losing or forking the
//! pass. This test SIGKILLs real `tessera-wallet claim` processes at random moments of their
//! life (before, between and during their two writes and the HTTP call) and checks, after
//! every kill, the file byte for byte or document for document, then reruns the claim.

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, ensure, Context, Result};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use tessera_tests::api::PassSpec;
use tessera_tests::{both_backends, Backend, TestServer};
use uuid::Uuid;

use crate::support::{assert_bound_key, public_key_of, WalletCli};

both_backends!(wallet_file_is_old_or_new_whenever_a_claim_is_killed);

/// Unkilled claims that measure how long a claim takes here.
const WARM_UPS: usize = 5;
/// Claims killed at a random moment.
const KILLS: usize = 30;
/// Passes the wallet already holds: a well-used phone wallet, and a file big enough that
/// writing it takes a while, so that kills land inside writes, not only between them.
const BALLAST: usize = 1000;

/// Where a killed claim left the pass it was claiming.
#[derive(Debug, PartialEq, Eq)]
enum NewPass {
    /// Not in the file: the kill came before the first write took effect.
    Absent,
    /// Key and token saved, no claim answer stored yet.
    Pending { secret: String },
    /// Claim answer stored.
    Claimed { secret: String },
}

#[derive(Debug, Default)]
struct Stats {
    finished_before_kill: usize,
    killed_absent: usize,
    killed_pending: usize,
    killed_claimed: usize,
    temp_files_left: usize,
}

async fn wallet_file_is_old_or_new_whenever_a_claim_is_killed(backend: Backend) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let dir = tempfile::tempdir().context("make the wallet dir")?;
    let wallet = WalletCli::new(dir.path().join("wallet.json"));
    // Every pass the wallet completed, in file order: (pass, wallet_secret).
    let mut held = write_ballast(&wallet.path)?;
    let mut real = Vec::new();

    let mut durations = Vec::new();
    for _ in 0..WARM_UPS {
        let issued = admin.issue_pass(&PassSpec::default()).await?;
        let started = Instant::now();
        wallet.ok(&["claim", &issued.claim_url]).await?;
        durations.push(started.elapsed());
        let NewPass::Claimed { secret } = inspect(&wallet.path, &held, issued.pass_id)? else {
            bail!("a finished claim did not store the claimed pass");
        };
        held.push((issued.pass_id, secret));
        real.push(issued.pass_id);
    }
    // Kill moments spread over a typical claim's whole life.
    durations.sort();
    let window = durations[WARM_UPS / 2];
    let seed: u64 = rand::random();
    eprintln!("kill window {window:?}, seed {seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let mut stats = Stats::default();

    for round in 0..KILLS {
        let issued = admin.issue_pass(&PassSpec::default()).await?;
        let before = std::fs::read(&wallet.path).context("read the wallet file")?;
        let delay = window.mul_f64(rng.gen::<f64>());
        let mut child = wallet
            .command(&["claim", &issued.claim_url])
            .spawn()
            .context("spawn `tessera-wallet claim`")?;
        let finished = tokio::select! {
            status = child.wait() => {
                let status = status?;
                ensure!(status.success(), "round {round}: an unkilled claim failed: {status}");
                stats.finished_before_kill += 1;
                true
            }
            () = tokio::time::sleep(delay) => {
                child.start_kill().context("SIGKILL the wallet")?;
                child.wait().await?;
                false
            }
        };
        let context = || format!("round {round}, killed after {delay:?} (seed {seed})");

        let left = inspect(&wallet.path, &held, issued.pass_id).with_context(context)?;
        match &left {
            NewPass::Absent => {
                stats.killed_absent += 1;
                let after = std::fs::read(&wallet.path)?;
                ensure!(
                    after == before,
                    "{}: the pass is absent but the file changed",
                    context()
                );
            }
            NewPass::Pending { .. } => stats.killed_pending += 1,
            NewPass::Claimed { .. } if !finished => stats.killed_claimed += 1,
            NewPass::Claimed { .. } => {}
        }
        stats.temp_files_left = temp_files(dir.path()).with_context(context)?;
        let listed = wallet.ok(&["list"]).await.with_context(context)?;
        let listed: HashSet<&str> = listed
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .collect();
        for (pass, _) in &held {
            ensure!(
                listed.contains(pass.to_string().as_str()),
                "{}: `list` lost {pass}",
                context()
            );
        }

        // Rerunning the same claim completes it, with the key saved before the kill if any.
        let rerun = wallet
            .ok(&["claim", &issued.claim_url])
            .await
            .with_context(context)?;
        ensure!(
            rerun.contains(&issued.pass_id.to_string()),
            "{}: rerun printed {rerun:?}",
            context()
        );
        let NewPass::Claimed { secret } = inspect(&wallet.path, &held, issued.pass_id)? else {
            bail!("{}: the rerun claim did not store the pass", context());
        };
        if let NewPass::Pending { secret: kept } | NewPass::Claimed { secret: kept } = &left {
            assert_eq!(&secret, kept, "{}: the rerun forked the key", context());
        }
        let bound = server.db().wallet_public_key(issued.pass_id).await?;
        assert_bound_key(bound.as_deref(), &public_key_of(&secret)?, issued.pass_id);
        held.push((issued.pass_id, secret));
        real.push(issued.pass_id);
    }

    eprintln!("claim durations {durations:?}, {stats:?}");
    assert_eq!(
        held.len(),
        BALLAST + WARM_UPS + KILLS,
        "every pass ended in the wallet"
    );
    let killed = KILLS - stats.finished_before_kill;
    assert!(
        killed >= KILLS / 3,
        "only {killed} of {KILLS} claims were killed before finishing: {stats:?}"
    );
    assert!(
        stats.killed_pending > 0,
        "no kill landed between saving the key and storing the claim: {stats:?}"
    );
    for pass in &real {
        assert_eq!(
            server.db().pass_state(*pass).await?,
            "claimed",
            "pass {pass} on the server"
        );
    }
    Ok(())
}

/// Writes a wallet file holding `BALLAST` claimed passes of another server, in the documented
/// format, and returns them as (pass, wallet_secret).
fn write_ballast(path: &Path) -> Result<Vec<(Uuid, String)>> {
    let mut rng = rand::thread_rng();
    let mut held = Vec::with_capacity(BALLAST);
    let mut passes = Vec::with_capacity(BALLAST);
    for n in 0..BALLAST {
        let pass = Uuid::new_v4();
        let secret: String = (0..32)
            .map(|_| format!("{:02x}", rng.gen::<u8>()))
            .collect();
        let server_key = tessera_protocol::PublicKey::from_bytes(rng.gen()).to_base64url();
        passes.push(serde_json::json!({
            "pass_id": pass,
            "api_base": "https://tessera.example",
            "wallet_secret": secret,
            "claimed": {
                "label": format!("Earlier event {n}"),
                "server_public_key": server_key,
                "server_kid": "20260101T000000Z-00000000",
                "period_s": 15,
                "valid_from": "2026-01-01T00:00:00Z",
                "valid_until": "2099-01-01T00:00:00Z",
                "claimed_at": "2026-01-01T00:00:00Z"
            },
            "created_at": "2026-01-01T00:00:00Z"
        }));
        held.push((pass, secret));
    }
    let doc = serde_json::json!({"format": "tessera-wallet/1", "passes": passes});
    std::fs::write(path, serde_json::to_vec_pretty(&doc)?).context("write the wallet")?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))?;
    Ok(held)
}

/// Checks the wallet file after a kill: a complete `tessera-wallet/1` document (mode 0600)
/// holding every pass in `held` unchanged and claimed, plus at most `new`, which is either
/// pending (key and token) or claimed (answer, no token).
fn inspect(path: &Path, held: &[(Uuid, String)], new: Uuid) -> Result<NewPass> {
    let bytes = std::fs::read(path).context("read the wallet file")?;
    // The error names the size and the parser's line and column, never the content: the
    // file holds private keys.
    let doc: Value = serde_json::from_slice(&bytes)
        .with_context(|| format!("the wallet file is broken ({} bytes)", bytes.len()))?;
    ensure!(doc["format"] == "tessera-wallet/1", "format in {doc}");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)?.permissions().mode();
        ensure!(mode & 0o777 == 0o600, "wallet file mode {:o}", mode & 0o777);
    }
    let passes = doc["passes"].as_array().context("no passes array")?;
    ensure!(
        passes.len() == held.len() || passes.len() == held.len() + 1,
        "{} passes in the file, {} expected (or one more)",
        passes.len(),
        held.len()
    );
    for ((pass, secret), stored) in held.iter().zip(passes) {
        ensure!(
            stored["pass_id"] == pass.to_string(),
            "pass {pass} lost or moved"
        );
        ensure!(
            stored["wallet_secret"] == *secret.as_str(),
            "pass {pass} re-keyed"
        );
        ensure!(
            stored["claimed"].is_object(),
            "pass {pass} no longer claimed"
        );
        ensure!(
            stored.get("claim_token").is_none(),
            "pass {pass} got a token back"
        );
    }
    let Some(stored) = passes.get(held.len()) else {
        return Ok(NewPass::Absent);
    };
    ensure!(
        stored["pass_id"] == new.to_string(),
        "unexpected pass {stored}"
    );
    let secret = stored["wallet_secret"]
        .as_str()
        .filter(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
        .with_context(|| format!("pass {new}: no usable wallet_secret"))?
        .to_owned();
    match (stored.get("claim_token"), stored.get("claimed")) {
        (Some(token), None) if token.is_string() => Ok(NewPass::Pending { secret }),
        (None, Some(claimed)) if claimed["label"].is_string() => Ok(NewPass::Claimed { secret }),
        _ => bail!("pass {new} is neither pending nor claimed"),
    }
}

/// How many of the wallet's temporary files a kill left beside it; any other stray file is
/// an error.
fn temp_files(dir: &Path) -> Result<usize> {
    let mut temps = 0;
    for entry in std::fs::read_dir(dir)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        // The wallet and its advisory lock file (empty; the lock dies with its holder).
        if name == "wallet.json" || name == "wallet.json.lock" {
            continue;
        }
        let unique = name
            .strip_prefix(".wallet.json.")
            .and_then(|rest| rest.strip_suffix(".tmp"));
        ensure!(
            unique.is_some_and(|u| u.len() == 32 && u.bytes().all(|b| b.is_ascii_hexdigit())),
            "stray file {name:?} beside the wallet"
        );
        temps += 1;
    }
    Ok(temps)
}

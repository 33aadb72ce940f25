//! `tessera-sqlite-baseline`: the physical minimum of an admission on SQLite.
//!
//! One thread, one connection, WAL with `synchronous=FULL` (what the server uses), and per
//! iteration exactly the redemption's writes — INSERT a row under a fresh 32-byte nonce and
//! conditionally UPDATE the pass — in one `BEGIN IMMEDIATE … COMMIT`. The benchmark script
//! compares the server's admissions/s with this loop's transactions/s.

use std::str::FromStr;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::Parser;
use rand::RngCore;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection};

/// Single-threaded SQLite redemption loop.
#[derive(Debug, Parser)]
struct Args {
    /// Database file to create (it is overwritten).
    #[arg(long)]
    path: std::path::PathBuf,
    /// How long to run, in seconds.
    #[arg(long, default_value_t = 10.0)]
    duration_s: f64,
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let args = Args::parse();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", args.path.display()));
    }
    let mut conn = SqliteConnectOptions::from_str(&format!("sqlite://{}", args.path.display()))?
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .connect()
        .await?;
    sqlx::query(
        "CREATE TABLE passes (id INTEGER PRIMARY KEY, uses BIGINT NOT NULL, max_uses BIGINT NOT NULL, state TEXT NOT NULL)",
    )
    .execute(&mut conn)
    .await?;
    sqlx::query(
        "CREATE TABLE redemptions (nonce BLOB PRIMARY KEY, pass_id BIGINT NOT NULL, counter BIGINT NOT NULL, \
         outcome TEXT NOT NULL, created_at_ms BIGINT NOT NULL)",
    )
    .execute(&mut conn)
    .await?;
    sqlx::query("CREATE UNIQUE INDEX one_per_step ON redemptions (pass_id, counter) WHERE outcome = 'admitted'")
        .execute(&mut conn)
        .await?;
    const PASSES: i64 = 100_000;
    let mut tx = conn.begin().await?;
    for id in 1..=PASSES {
        sqlx::query("INSERT INTO passes VALUES ($1, 0, 1, 'claimed')")
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;

    let run_for = Duration::from_secs_f64(args.duration_s);
    let started = Instant::now();
    let mut done: i64 = 0;
    let mut nonce = [0u8; 32];
    while started.elapsed() < run_for && done < PASSES {
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let pass = done + 1;
        let mut tx = conn.begin_with("BEGIN IMMEDIATE").await?;
        sqlx::query("INSERT INTO redemptions VALUES ($1, $2, $3, 'admitted', $4)")
            .bind(&nonce[..])
            .bind(pass)
            .bind(done)
            .bind(done)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "UPDATE passes SET uses = uses + 1, state = 'used' WHERE id = $1 AND uses < max_uses",
        )
        .bind(pass)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        done += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "{}",
        serde_json::json!({ "transactions": done, "duration_s": elapsed, "tps": done as f64 / elapsed })
    );
    Ok(())
}

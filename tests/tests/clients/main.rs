//! End-to-end tests of the client tools: the real `tessera-wallet` and `tessera-gate`
//! binaries, spawned as processes, against the real `tessera-server` on port 0, on SQLite
//! and on PostgreSQL (issue 5, "Tests that must exist and pass").
//!
//! Why a separate target from `conformance`: that suite judges the server through the wire
//! protocol alone; this one judges the tools a visitor and a guard actually run, through
//! their command lines, stdout and files, and with the failures they are built for (a killed
//! process, a cut link). Why processes and not the libraries: the promises under test (the
//! journal survives SIGKILL, the wallet file is never half written) are about processes.
//!
//! Build the binaries first, since `cargo test -p tessera-tests` does not build other
//! packages' binaries: `cargo build -p tessera-wallet -p tessera-gate -p tessera-server`,
//! then `cargo test -p tessera-tests --test clients`. PostgreSQL tests use
//! `TESSERA_TEST_PG_URL` (default `postgres://postgres@127.0.0.1:5432/postgres`).

mod config_file;
mod flows;
mod party;
mod stdin_claim;
mod support;
mod tls;
mod transfer;
mod walk_ins;
mod wallet_file;

//! The Tessera conformance suite: the real `tessera-server` binary, driven over real HTTP and
//! real WebSockets, on SQLite and on PostgreSQL.
//!
//! Why one binary: every module shares the harness in `tessera_tests` and Cargo links it once.
//! Why generic tests: each rule is written once and `both_backends!` runs it on both storage
//! backends, because a behaviour that differs between them is a bug. Each test owns its own
//! server process and database, so the suite runs in parallel.
//!
//! Run it with `cargo nextest run --workspace` (the server binary must be built beside the tests);
//! PostgreSQL tests use `TESSERA_TEST_PG_URL`, default `postgres://postgres@127.0.0.1:5432/postgres`.

mod alarms;
mod audit;
mod bulk;
mod claim_preview;
mod closed_challenges;
mod console;
mod denials;
mod frames;
mod gate_flow;
mod hardening;
mod hosts;
mod keys;
mod locale;
mod mail;
mod metrics;
mod pairing;
mod personal_data;
mod push;
mod races;
mod rebind;
mod resends;
mod rest;
mod retention;
mod roll_calls;
mod settle;
mod site_admissions;
mod sso;
mod storage;
mod transfer;
mod walk_ins;
mod watchlist;
mod webhooks;
mod zones;

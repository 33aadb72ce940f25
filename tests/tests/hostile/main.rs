//! Hostile-client suite (issue 6): a live `tessera-server` under attack from its own clients.
//!
//! Why: a gate device or an API caller is on a network the server does not control. Whatever
//! it sends — no credential, another tenant's, oversized, binary, nested or invalid-UTF-8
//! frames, floods, thousands of idle or never-reading sockets, captured frames replayed
//! later — the server must answer with the documented error or close, must never admit
//! anyone because of it, and must keep serving every other gate. Timing is checked too: a
//! wrong OTP, a wrong MAC and an unknown pass must not be told apart by how long the answer
//! takes (the medians are printed; run with `--nocapture` to see them).
//!
//! Each test owns its server (SQLite and PostgreSQL where the backend matters, SQLite only
//! where it cannot: socket handling and timing of the front end). The conformance suite
//! checks each rule once; this suite pushes on the same surfaces with adversarial volume.

mod abuse_limits;
mod auth;
mod caps;
mod common;
mod floods;
mod frames;
mod http_bounds;
mod idle;
mod reconnects;
mod replay;
mod retention;
mod timing;

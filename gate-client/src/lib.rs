//! The Tessera gate client as a library: the gate WebSocket client, the journal and the
//! pending-scan (and walk-in) state machine.
//!
//! The `tessera-gate` binary is a thin shell over [`run::run`]. The pieces are public so the
//! end-to-end suite and load generators can reuse them: [`GateConnection`] is a typed TSR1
//! gate connection, [`GateCore`] the network-free state machine that decides what to (re)send
//! and what to show, and [`journal`] the crash-safe record that makes resends exact.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::todo)]
#![warn(missing_docs)]

pub mod backoff;
pub mod connection;
pub mod core;
pub mod error;
pub mod events;
pub mod hosts;
pub mod journal;
pub mod run;
pub mod tap;
pub mod walkin;

pub use connection::{DeviceToken, GateConnection};
pub use core::{Action, CoreConfig, GateCore, WalkInRequest};
pub use error::{Error, Result};
pub use events::{GateEvent, Printer};
pub use hosts::HostDirectory;
pub use journal::{
    FileJournal, JournalDoc, JournalStore, MemoryJournal, PendingScan, PendingWalkIn,
};

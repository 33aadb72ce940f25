//! The Tessera visitor wallet as a library: claim passes, show rotating codes, answer gates.
//!
//! The `tessera-wallet` binary is a thin shell over this crate so that end-to-end tests and
//! load generators can hold real wallets in-process: [`Wallet`] loads and saves the wallet
//! file crash-safely, [`Wallet::claim`] runs the TSR1 §3 enrollment over HTTP, and each
//! [`StoredPass`] computes its rotating code ([`StoredPass::code_at`]) and challenge answers
//! ([`StoredPass::respond`]) with `tessera-protocol`, deriving keys on every use;
//! [`Wallet::transfer`] hands a pass on to another wallet (issue 16).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::todo)]
#![warn(missing_docs)]

pub mod client;
pub mod error;
pub mod link;
pub mod qr;
pub mod store;
pub mod tap;
pub mod wallet;

pub use client::{ClaimAnswer, ClaimClient, ClaimPreview, TransferAnswer, TransferNonce};
pub use error::{Error, Result};
pub use link::{ClaimLink, ClaimToken};
pub use wallet::{
    ClaimStatus, ClaimedInfo, StoredPass, TransferRecord, Validity, Wallet, WALLET_FORMAT,
};

//! Tessera's use cases, one module each, over the domain and the store.
//!
//! Each flow reads what the server holds, decides with the pure rules of
//! `tessera-domain`, commits the decision together with its audit event through
//! `tessera-store`, and only then says what happened. A flow takes what it uses (a store
//! handle, the keyring, a few settings, a shutdown signal), never the server's whole
//! state, and knows nothing of HTTP or WebSocket frames: the edges call it.
//!
//! - [`redemption`]: a scan answered with a one-time challenge, an answer committed under
//!   its nonce;
//! - [`walk_ins`]: a visitor without a pass held at the gate while a host decides;
//! - [`webhooks`]: audit events delivered, signed, to the organisation's receivers, and
//!   [`egress`]: where the server may send them (never inside, unless allowed);
//! - [`mail`]: messages to people (a pass's claim link by email), sent from an outbox;
//! - [`push`]: Web Push to hosts: the VAPID identity and RFC 8291 message encryption;
//! - [`privacy`]: a person's data exported and erased, on request and past retention;
//! - [`retention`]: rows past their period removed, and said so in the audit log;
//! - [`hub`]: wake-ups for the readers of the audit log;
//! - [`keyring`], [`credentials`], [`sealing`]: the server's keys, the secrets it hands out
//!   and those it keeps sealed to read back;
//! - [`keys`]: staff keys listed, revoked and rotated, and their last use noted;
//! - [`metrics`]: the counters the flows and the edges bump;
//! - [`alarms`]: alarms acknowledged, assigned and resolved, one winner per change;
//! - [`watchlist`]: pass holders screened at issue, claim and gate;
//! - [`sso`]: staff sign-in with the organisation's identity provider (OpenID Connect);
//! - [`sites`]: on-site nodes: leases, the sync down and up, who decides for a pass;
//! - [`shutdown`]: the one signal every long-running task stops on.

pub mod alarms;
pub mod catalogues;
pub mod credentials;
pub mod dns_proof;
pub mod egress;
pub mod error;
pub mod hub;
pub mod keyring;
pub mod keys;
pub mod mail;
pub mod metrics;
pub mod privacy;
pub mod push;
pub mod redemption;
pub mod retention;
pub mod roll_calls;
pub mod sealing;
pub mod shutdown;
pub mod sites;
pub mod sso;
pub mod walk_ins;
pub mod watchlist;
pub mod webhooks;

pub use error::{Error, Result};

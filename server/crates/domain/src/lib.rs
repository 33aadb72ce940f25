//! Tessera's domain: the values the server holds and the pure decisions over them.
//!
//! Nothing here awaits, opens a socket or a database: the storage layer reads and writes
//! these types, the flows apply these decisions inside the transactions that store what
//! they decide, and the edges turn them into answers. The layers above depend on this
//! crate; it depends only on `tessera-protocol`.
//!
//! - [`rows`]: passes, challenges, outcomes, gates, hosts, walk-ins, links, webhooks and
//!   zones, in their types (the storage layer decodes its rows into them);
//! - [`rules`]: the TSR1 decisions (§5, §7, §10);
//! - [`zones`]: entry and exit gates, re-entry rules and who is inside;
//! - [`visits`]: hosts, walk-ins, re-binding and transfer;
//! - [`audit`]: how urgent an event is, who it is about, and building one;
//! - [`events`]: the kinds of event and what each records, one type per kind;
//! - [`gates`]: whether a gate lets people in or out; [`roles`]: what a staff key may do;
//! - [`sso`]: staff sign-in with the organisation's identity provider: allowed domains,
//!   role mapping, session ends;
//! - [`webhook`]: the events other systems receive and the state of their deliveries;
//! - [`mail`]: email addresses, the outbox of messages and what a send attempt means;
//! - [`alarms`]: what a security team does with an alarm: acknowledge, assign, resolve;
//! - [`watchlist`]: people a security team flags or blocks, and how a pass's holder
//!   matches them;
//! - [`privacy`]: personal data in classes, pseudonyms, and how an erasure rewrites it;
//! - [`sites`]: on-site nodes: who may admit a site's passes under a lease; [`site_values`]:
//!   what their events record;
//! - [`shipped`]: what the central server takes from a node's sync-up (its trust boundary);
//! - [`label`]: checked text; [`time`]: stored times; [`error`]: what the rules refuse.

pub mod alarms;
pub mod audit;
pub mod error;
pub mod events;
pub mod gates;
pub mod label;
pub mod locale;
pub mod mail;
pub mod privacy;
pub mod roles;
pub mod roll_calls;
pub mod rows;
pub mod rules;
pub mod shipped;
pub mod site_values;
pub mod sites;
pub mod sso;
pub mod time;
pub mod visits;
pub mod watchlist;
pub mod webhook;
pub mod zones;

pub use error::{Conflict, Refusal};
pub use label::{InvalidText, Label};
pub use time::{datetime_to_ms, ms_to_datetime, now_ms, rfc3339};

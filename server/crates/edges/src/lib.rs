//! Tessera's edges: what clients talk to.
//!
//! REST for issuing passes, claiming them and auditing ([`http`], one module per area, each
//! with its OpenAPI description), the gate WebSocket where TSR1 scans are challenged and
//! redeemed ([`ws`]), the console's live audit stream ([`feed`]) and the per-source limits
//! on unauthenticated surfaces ([`abuse`]), and which `Origin` is the server's own
//! ([`origin`]). [`error`] is the one place where an error
//! becomes an HTTP answer; [`state`] is what the handlers share. The edges call the use
//! cases (`tessera-flows`) and storage (`tessera-store`); the app (`tessera-server`) builds
//! the state, serves the router and runs the background tasks.

pub mod abuse;
pub mod error;
pub mod feed;
pub mod http;
pub mod origin;
pub mod reconnects;
pub mod state;
pub mod ws;

pub use error::{Error, Result};
pub use state::{AppState, EdgeSettings};

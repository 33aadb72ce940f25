//! Model checks of Tessera's single-decider promise (issue 54), with `stateright`.
//!
//! Two models, both deciding through the server's own pure functions
//! (`tessera_domain::rules`, `tessera_domain::sites`, `tessera_domain::shipped`), never a
//! paraphrase of them:
//!
//! - [`system`]: the central server, on-site nodes and gates over a lossy, duplicating,
//!   reordering network, with crashes, a cut uplink, drifting clocks, leases granted,
//!   renewed, extended on site, returned and reclaimed, syncs down and up. Its properties
//!   are the promise: no pass admitted past its uses, nothing admitted lost.
//! - [`exchange`]: TSR1 at one gate: scan, challenge, answer, resends, three wrong answers
//!   burning a challenge, the stored outcome on a retry.
//!
//! [`book`] is what both share: one decider's rows and the redemption on them.
//! `docs/model-checking.md` says what the checks found and what the models leave out.

pub mod book;
pub mod exchange;
pub mod system;

use std::time::{Duration, Instant};

use std::collections::{BTreeSet, HashMap};

use stateright::{Checker, HasDiscoveries, Model, Path};

/// What a run explored.
#[derive(Clone, Debug)]
pub struct Explored {
    /// States generated.
    pub states: usize,
    /// Distinct states.
    pub unique: usize,
    /// The longest path.
    pub depth: usize,
    /// How long it took.
    pub took: Duration,
}

impl std::fmt::Display for Explored {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} states ({} unique), depth {}, {:.1} s",
            self.states,
            self.unique,
            self.depth,
            self.took.as_secs_f64()
        )
    }
}

/// What a run found: each property with a discovery, and its path (a counterexample to
/// an `always`, an example of a `sometimes`).
pub type Found<M> = HashMap<&'static str, Path<<M as Model>::State, <M as Model>::Action>>;

/// Explores `model` on `threads` threads: breadth first to the end of its bounds, or, with
/// `until`, depth first until that property has a discovery.
pub fn explore<M>(model: M, threads: usize, until: Option<&'static str>) -> (Found<M>, Explored)
where
    M: Model + Send + Sync + 'static,
    M::State: std::fmt::Debug + std::hash::Hash + Send + Sync + Clone + PartialEq,
    M::Action: std::fmt::Debug + Send + Sync + Clone + PartialEq,
{
    let started = Instant::now();
    let mut builder = model.checker().threads(threads);
    if let Some(name) = until {
        builder = builder.finish_when(HasDiscoveries::AnyOf(BTreeSet::from([name])));
    }
    // Hunting a counterexample, depth first reaches one sooner (with a longer trace); to
    // the end of the bounds, breadth first.
    if until.is_some() {
        finish(builder.spawn_dfs().join(), started)
    } else {
        finish(builder.spawn_bfs().join(), started)
    }
}

fn finish<M, C>(checker: C, started: Instant) -> (Found<M>, Explored)
where
    M: Model,
    M::State: std::fmt::Debug + std::hash::Hash + Clone + PartialEq,
    M::Action: std::fmt::Debug + Clone + PartialEq,
    C: Checker<M>,
{
    let explored = Explored {
        states: checker.state_count(),
        unique: checker.unique_state_count(),
        depth: checker.max_depth(),
        took: started.elapsed(),
    };
    (checker.discoveries(), explored)
}

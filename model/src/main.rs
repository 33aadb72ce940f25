//! The deeper run of the models (`bench/model.sh`): wider bounds than the suite's, with
//! the state counts and the time each took.

use std::collections::BTreeSet;

use stateright::{Checker, HasDiscoveries, Model};
use tessera_domain::sites::CLOCK_DRIFT_MS;
use tessera_model::exchange::{ExchangeBounds, ExchangeModel};
use tessera_model::system::{Bounds, Mutation, Operators, SystemModel};

fn report<M>(name: &str, model: M, threads: usize)
where
    M: Model + Send + Sync + 'static,
    M::State: std::fmt::Debug + std::hash::Hash + Send + Sync + Clone + PartialEq,
    M::Action: std::fmt::Debug + Send + Sync + Clone + PartialEq,
{
    let (found, explored) = tessera_model::explore(model, threads, None);
    let mut found: Vec<&str> = found.into_keys().collect();
    found.sort_unstable();
    println!("{name}: {explored}; discoveries: {found:?}");
}

/// The shortest counterexample to `property` (breadth first), step by step.
fn story(model: SystemModel, property: &'static str) {
    let checker = model
        .checker()
        .threads(2)
        .finish_when(HasDiscoveries::AnyOf(BTreeSet::from([property])))
        .spawn_bfs()
        .join();
    match checker.discovery(property) {
        None => println!("{property}: no counterexample within these bounds"),
        Some(path) => {
            println!("{property}:");
            for (state, action) in path.into_vec() {
                let Some(action) = action else { continue };
                println!(
                    "  t={} ms  admissions={:?}  central lease={:?}  {action:?}",
                    state.now_ms - tessera_model::book::T0_MS,
                    state.ghost.admissions,
                    state.central.lease.map(|held| held.id),
                );
            }
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let threads = std::env::var("MODEL_THREADS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(2);
    if std::env::args().nth(1).as_deref() == Some("story") {
        let returning = Bounds {
            drops: 0,
            dups: 0,
            crashes: 0,
            cuts: 0,
            quiet_return: false,
            operators: Operators {
                give_back: true,
                ..Operators::default()
            },
            ..Bounds::suite()
        };
        story(
            SystemModel::new(returning, Mutation::DecidesWhileReturning)?,
            tessera_model::system::names::USES,
        );
        return Ok(());
    }
    let only = std::env::args().nth(1);
    let wanted = |name: &str| only.as_deref().is_none_or(|only| name.starts_with(only));
    if wanted("exchange") {
        report(
            "exchange: 3 scans, 5 answers, 2 uses, 2 lost, 2 twice, a crash",
            ExchangeModel::new(ExchangeBounds::deep())?,
            threads,
        );
    }
    if wanted("faults") {
        report(
            "faults: a lost message, a duplicate, a crash and a cut together",
            SystemModel::new(Bounds::suite(), Mutation::None)?,
            threads,
        );
    }
    if wanted("slow") {
        let slow = Bounds {
            skews_ms: vec![-CLOCK_DRIFT_MS, 0],
            max_time_s: 6,
            requests: 5,
            drops: 1,
            dups: 0,
            crashes: 0,
            cuts: 0,
            ..Bounds::suite()
        };
        report(
            "slow: a node clock 2 s slow or right, 6 s, a lost message",
            SystemModel::new(slow, Mutation::None)?,
            threads,
        );
    }
    if wanted("operators") {
        let operators = Bounds {
            max_time_s: 4,
            drops: 0,
            dups: 1,
            crashes: 0,
            cuts: 0,
            operators: Operators {
                extend: true,
                give_back: true,
                reclaim: false,
                revoke: true,
            },
            ..Bounds::suite()
        };
        report(
            "operators: extend, quiet return and resume, revoke, 4 s, a duplicate",
            SystemModel::new(operators, Mutation::None)?,
            threads,
        );
    }
    if wanted("two") {
        let two_nodes = Bounds {
            nodes: 2,
            gates: vec![Some(0), Some(1)],
            max_time_s: 4,
            drops: 0,
            dups: 0,
            crashes: 0,
            cuts: 0,
            operators: Operators {
                give_back: true,
                ..Operators::default()
            },
            ..Bounds::suite()
        };
        report(
            "two: two nodes of the site, a gate on each, one returning, 4 s, no fault",
            SystemModel::new(two_nodes, Mutation::None)?,
            threads,
        );
    }
    Ok(())
}

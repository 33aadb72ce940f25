//! The deeper run of the models (`bench/model.sh`): wider bounds than the suite's, with
//! the state counts and the time each took.

use stateright::Model;
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

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let threads = std::env::var("MODEL_THREADS")
        .ok()
        .and_then(|text| text.parse().ok())
        .unwrap_or(2);
    report(
        "exchange, 2 scans, 4 answers",
        ExchangeModel::new(ExchangeBounds::deep())?,
        threads,
    );
    let deep = Bounds {
        scans: 2,
        max_uses: 2,
        max_time_s: 7,
        drops: 2,
        ..Bounds::suite()
    };
    report(
        "system, 1 node, 2 scans a gate, 2 uses",
        SystemModel::new(deep, Mutation::None)?,
        threads,
    );
    let operators = Bounds {
        max_time_s: 9,
        operators: Operators {
            extend: true,
            give_back: true,
            reclaim: true,
            revoke: true,
        },
        ..Bounds::suite()
    };
    report(
        "system, 1 node, every operator move",
        SystemModel::new(operators, Mutation::None)?,
        threads,
    );
    let two_nodes = Bounds {
        nodes: 2,
        gates: vec![None, Some(0), Some(1)],
        max_time_s: 7,
        operators: Operators {
            give_back: true,
            ..Operators::default()
        },
        ..Bounds::suite()
    };
    report(
        "system, 2 nodes handing the site over",
        SystemModel::new(two_nodes, Mutation::None)?,
        threads,
    );
    Ok(())
}

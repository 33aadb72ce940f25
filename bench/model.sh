#!/usr/bin/env bash
# The model checks of issue 54, deeper than the suite's (model/, `tessera-model`): every
# fault at once, clocks slow and fast over a longer run, the operators' moves together, two
# nodes of one site, and the TSR1 exchange at one gate with more scans and answers. A
# release build; each run prints its state count, depth, time and the properties with a
# discovery (a counterexample to an `always`, an example of a `sometimes`). The numbers of
# the last run on record are in docs/performance.md, "Model checking".
#
#   bench/model.sh                 # every run
#   bench/model.sh faults          # the runs whose name starts with `faults`
#   bench/model.sh story           # the return window, its fix undone: the shortest trace (docs/model-checking.md)
#   MODEL_THREADS=4 bench/model.sh # checker threads (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."

# Only the model and what it depends on (the domain without its sqlx feature): the server
# is not needed here.
cargo build --release -p tessera-model --bin tessera-model
exec /usr/bin/time -f 'bench/model.sh: %e s wall, %M KiB peak' \
    "${CARGO_TARGET_DIR:-target}/release/tessera-model" "$@"

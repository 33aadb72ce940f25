#!/usr/bin/env bash
# A restart storm (issue 33): 10,000 gate sockets on two replicas (PostgreSQL), honest
# visitors admitted at about 200/s, and one replica killed with `kill -9` in the middle.
# The driver is the suite's tests/tests/storm, run wider and longer with release binaries:
#
#  1. two `tessera-server serve` replicas on a fresh database; GATES gate devices, each with
#     its own token, open sockets half on each replica; HONEST of them are the fault
#     campaign's honest gates (GateCore, journal, resends), admitting visitors;
#  2. after BEFORE_S seconds of steady admissions, replica B gets SIGKILL; its gates
#     reconnect to A as tessera-gate does (jittered backoff, and A's Retry-After, plus a
#     random fraction of a second, when A defers them);
#  3. measured: how long until every gate is online again (target ≤ 30 s), the honest
#     exchanges' p99 during the storm (target < 250 ms) and from 10 s after it (target
#     < 20 ms), A's memory and the database's connections (sampled throughout); then the
#     invariants in the database: no admission lost or doubled, no scan left in a journal.
#
# Prints the driver's `storm: …` line, one line per target, the PNG's path; exits non-zero
# when the run fails or a target is missed.
#
#   bench/storm.sh                              # 10,000 gates, 104 honest (≈ 200/s)
#   GATES=2000 HONEST=40 bench/storm.sh
#   PLOT=docs/storm.png bench/storm.sh          # the figure of docs/performance.md
#   SERVER_ENV=TESSERA_GATE_CONNECTS_PER_S=100000 bench/storm.sh   # no reconnect budget
#
# PostgreSQL at TESSERA_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
# as for the suite. Needs `ulimit -n` above GATES + 1,000 (raised to the hard limit here),
# and matplotlib for the plot (installed into target/plot-venv when missing).
set -euo pipefail
cd "$(dirname "$0")/.."

GATES=${GATES:-10000}
HONEST=${HONEST:-104}
BEFORE_S=${BEFORE_S:-10}
AFTER_S=${AFTER_S:-20}
LIMIT_S=${LIMIT_S:-30}
SERVER=${SERVER:-target/release/tessera-server}
OUT=${OUT:-target/storm/$(date +%Y%m%d-%H%M%S)}
PLOT=${PLOT:-$OUT/storm.png}

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, test_driver

ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
need=$((GATES + 1000))
if [ "$(ulimit -n)" != unlimited ] && [ "$(ulimit -n)" -lt "$need" ]; then
    say "ulimit -n is $(ulimit -n); $GATES gates need at least $need open files (raise the hard limit)"
    exit 2
fi
python=python3
if ! python3 -c 'import matplotlib' 2>/dev/null; then
    if [ ! -x target/plot-venv/bin/python ] || ! target/plot-venv/bin/python -c 'import matplotlib' 2>/dev/null; then
        say "installing matplotlib into target/plot-venv (for the plot)"
        python3 -m venv target/plot-venv && target/plot-venv/bin/pip install -q matplotlib >&2 || {
            say "matplotlib is missing and could not be installed: pip install matplotlib"
            exit 2
        }
    fi
    python=target/plot-venv/bin/python
fi

if [ "$SERVER" = target/release/tessera-server ]; then
    say "building the server (release)"
    cargo build -q --release -p tessera-server >&2
fi
say "building the storm driver (release)"
driver=$(test_driver storm --release)
[ -x "$driver" ] || { say "could not build tests/tests/storm"; exit 1; }

mkdir -p "$OUT"
say "storm: $GATES gates ($HONEST honest), kill -9 after ${BEFORE_S}s; samples in $OUT"
status=0
TESSERA_STORM_GATES=$((GATES - HONEST)) TESSERA_STORM_HONEST=$HONEST \
TESSERA_STORM_BEFORE_S=$BEFORE_S TESSERA_STORM_AFTER_S=$AFTER_S TESSERA_STORM_LIMIT_S=$LIMIT_S \
TESSERA_STORM_SERVER=$(realpath "$SERVER") TESSERA_STORM_ENV=${SERVER_ENV:-} \
TESSERA_STORM_OUT=$(realpath "$OUT") \
    "$driver" --exact every_gate_comes_back_after_a_replica_is_killed_and_no_admission_is_lost \
    --nocapture >"$OUT/driver.log" 2>&1 || status=$?
line=$(grep '^storm:' "$OUT/driver.log" || true)
if [ "$status" != 0 ] || [ -z "$line" ]; then
    say "the storm run failed; its output:"
    tail -60 "$OUT/driver.log" >&2
    exit 1
fi
echo "$line"
"$python" bench/storm-plot.py "$OUT" "$PLOT"
echo "plot: $PLOT"
echo "$line" | python3 -c '
import sys
d = dict(kv.split("=", 1) for kv in sys.stdin.read().split()[1:])
f = lambda k: float(d[k].rstrip("/s"))
checks = [
    ("every gate back online", f("back_in_s"), "s", "<=", 30),
    ("p99 scan->challenge during the storm", f("p99_scan_storm_ms"), "ms", "<", 250),
    ("p99 response->result during the storm", f("p99_result_storm_ms"), "ms", "<", 250),
    ("p99 scan->challenge from 10 s after", f("p99_scan_after_ms"), "ms", "<", 20),
    ("p99 response->result from 10 s after", f("p99_result_after_ms"), "ms", "<", 20),
    ("admissions lost or doubled", f("violations"), "", "<=", 0),
]
missed = 0
for name, value, unit, op, target in checks:
    ok = value <= target if op == "<=" else value < target
    missed += not ok
    verdict = "met" if ok else "MISSED"
    print(f"target: {name}: {value:g}{unit} ({op} {target}{unit}) {verdict}")
sys.exit(1 if missed else 0)
'

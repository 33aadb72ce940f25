#!/usr/bin/env bash
# The on-site node at scale (issue 35): a central server (PostgreSQL) and a node (SQLite)
# at the venue, its uplink through the suite's cutting proxy. The driver is the suite's
# tests/tests/site `the_node_keeps_up_at_scale`, run wider with release binaries:
#
#  1. PASSES claimed passes of the site are made centrally (16 at a time, through the API);
#     the node starts and syncs them down: measured, the time from its start until it holds
#     every pass, and the bytes the uplink carried to it;
#  2. GATES gates on the node admit RATE visitors a second for DURATION seconds, the uplink up for the
#     first third, cut for the second, up again for the last; measured, the gates' p99 from
#     scan to result in each third and any refusal or failure (they must notice no cut), and
#     the node's `tessera_node_sync_up_lag_seconds` (sampled every 100 ms): its median and
#     maximum before the cut, and how long after the restore it is under 1 s again;
#  3. then every admission must be central once; measured, how long after the load the last
#     one arrived.
#
# Prints the driver's `site: …` line and one line per target; exits non-zero when the run
# fails or a target is missed.
#
#   bench/site.sh                               # 100,000 passes, 500 admissions/s, 30 s, 50 gates
#   PASSES=20000 RATE=200 DURATION=15 bench/site.sh
#
# PostgreSQL at TESSERA_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
# as for the suite.
set -euo pipefail
cd "$(dirname "$0")/.."

PASSES=${PASSES:-100000}
RATE=${RATE:-500}
DURATION=${DURATION:-30}
GATES=${GATES:-50}
SERVER=${SERVER:-target/release/tessera-server}
OUT=${OUT:-target/site/$(date +%Y%m%d-%H%M%S)}

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, test_driver

if [ "$SERVER" = target/release/tessera-server ]; then
    say "building the server (release)"
    cargo build -q --release -p tessera-server >&2
fi
say "building the site driver (release)"
driver=$(test_driver site --release)
[ -x "$driver" ] || { say "could not build tests/tests/site"; exit 1; }

mkdir -p "$OUT"
say "site: $PASSES passes, $RATE admissions/s for ${DURATION}s on $GATES gates; log in $OUT"
status=0
TESSERA_SITE_PASSES=$PASSES TESSERA_SITE_RATE=$RATE TESSERA_SITE_SECONDS=$DURATION \
TESSERA_SITE_GATES=$GATES TESSERA_SITE_SERVER=$(realpath "$SERVER") \
    timeout 3600 "$driver" --exact the_node_keeps_up_at_scale::postgres --nocapture \
    >"$OUT/driver.log" 2>&1 || status=$?
line=$(grep '^site:' "$OUT/driver.log" || true)
if [ "$status" != 0 ] || [ -z "$line" ]; then
    say "the site run failed; its output:"
    tail -60 "$OUT/driver.log" >&2
    exit 1
fi
echo "$line"
echo "$line" | RATE=$RATE python3 -c '
import os, sys
d = dict(kv.split("=", 1) for kv in sys.stdin.read().split()[1:])
f = lambda k: float(d[k])
rate = float(os.environ["RATE"])
checks = [
    ("visits refused or failed on site (the gates notice no cut)", f("refused"), "", "<=", 0),
    ("p99 scan->result on site during the cut", f("p99_cut_ms"), "ms", "<", 20),
    ("admissions per second achieved", f("achieved_per_s"), "/s", ">=", 0.95 * rate),
    ("sync-up lag before the cut, at most", f("lag_max_s"), "s", "<=", 2),
]
missed = 0
for name, value, unit, op, target in checks:
    ok = {"<=": value <= target, "<": value < target, ">=": value >= target}[op]
    missed += not ok
    verdict = "met" if ok else "MISSED"
    print(f"target: {name}: {value:g}{unit} ({op} {target:g}{unit}) {verdict}")
sys.exit(1 if missed else 0)
'

#!/usr/bin/env bash
# Retention soak (issue 12): do the tables stay bounded over years of traffic?
#
#   bench/soak.sh                       # 500 simulated days, 4 admissions an hour, both backends
#   DAYS=900 PER_HOUR=8 bench/soak.sh
#
# The retention floors are a day (challenges, redemptions) and 400 days (audit events), so
# this uses a simulated clock: tessera-soak walks from DAYS ago to now through the server's
# own storage primitives (challenge insert, group-committed admission, scan denial) and runs
# the server's own retention pass every simulated hour, printing each table's rows every 50
# days. It exits non-zero if any table ends above the steady state its period implies.
# Output lands in $OUT/<backend>.tsv.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

DAYS=${DAYS:-500}
PER_HOUR=${PER_HOUR:-4}
OUT=${OUT:-target/bench/soak}
mkdir -p "$OUT"

say "building tessera-soak (release)"
cargo build --release -p tessera-tests --bin tessera-soak >&2
for backend in sqlite postgres; do
    say "soak on $backend: $DAYS days at $PER_HOUR admissions/hour"
    target/release/tessera-soak --backend "$backend" --days "$DAYS" --per-hour "$PER_HOUR" |
        tee "$OUT/$backend.tsv"
done

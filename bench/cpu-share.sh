#!/usr/bin/env bash
# Where the two cores go at one concurrency (issue 11's target is a ratio to pgbench on the
# same machine): Tessera's full-protocol run (load generator, server, PostgreSQL) and
# pgbench's redemption-only run (its client, PostgreSQL), one after the other in one go.
#
#   bench/cpu-share.sh                 # 32 gates / clients, 10 s each
#   GATES=64 DURATION=20 bench/cpu-share.sh
#   PASSES=40000 bench/cpu-share.sh    # enroll fewer passes (enough for ~4,000/s over 10 s)
#
# A sampler reads each process's user+system ticks from /proc every 0.25 s; the table is the
# CPU each group used over the middle of the run (the first and last second left out, so a
# connection that closes at the end is still counted), in cores (2.00 = both cores busy).
set -euo pipefail
cd "$(dirname "$0")/.."

GATES=${GATES:-32}
DURATION=${DURATION:-10}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE=${PG_ADMIN_URL%/*}
BIN=target/release

# shellcheck source=bench/lib.sh
. bench/lib.sh

say "building release binaries"
cargo build --release -p tessera-server -p tessera-tests --bins >&2
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

psql "$PG_ADMIN_URL" -qX -c 'DROP DATABASE IF EXISTS tessera_cpu WITH (FORCE)' -c 'CREATE DATABASE tessera_cpu' \
    -c 'DROP DATABASE IF EXISTS tessera_cpu_pgbench WITH (FORCE)' -c 'CREATE DATABASE tessera_cpu_pgbench' >&2
PG_URL=$PG_BASE/tessera_cpu
TESSERA_DATABASE_URL=$PG_URL "$BIN/tessera-server" migrate 2>/dev/null
psql "$PG_BASE/tessera_cpu_pgbench" -qX >&2 -f bench/pgbench-schema.sql

# The sampler: prints "seconds group:ticks ..." every 0.25 s until killed; groups by name.
cat >"$work/sampler.py" <<'PY'
import os, sys, time
groups = {"tessera-loadgen": "loadgen", "tessera-server": "server", "postgres": "postgres", "pgbench": "pgbench"}
start = time.monotonic()
while True:
    ticks = {g: 0 for g in groups.values()}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        group = groups.get(name)
        if group:
            ticks[group] += int(fields[11]) + int(fields[12])
    print(f"{time.monotonic() - start:.2f} " + " ".join(f"{g}:{t}" for g, t in ticks.items()), flush=True)
    time.sleep(0.25)
PY

run_sampled() {
    local name=$1; shift
    python3 "$work/sampler.py" >"$work/$name.samples" &
    local sampler_pid=$!
    "$@"
    kill "$sampler_pid"; wait "$sampler_pid" 2>/dev/null || true
}

start_server "$PG_URL" cpu
say "Tessera, $GATES gates, ${DURATION}s"
run_sampled tessera loadgen "$PG_URL" --gates "$GATES" --duration-s "$DURATION" ${PASSES:+--passes "$PASSES"} \
    >"$work/tessera.json"
stop_server
say "pgbench, $GATES clients, ${DURATION}s"
jobs=$(( GATES < 2 ? GATES : 2 ))
run_sampled pgbench pgbench -n -c "$GATES" -j "$jobs" -T "$DURATION" -f bench/pgbench-redemption.sql \
    "$PG_BASE/tessera_cpu_pgbench" >"$work/pgbench.txt" 2>&1

tessera_rate=$(json 'round(d["admissions_per_s"])' <"$work/tessera.json")
pgbench_rate=$(awk '/^tps = /{printf "%.0f", $3}' "$work/pgbench.txt")
python3 - "$work/tessera.samples" "$work/pgbench.samples" "$DURATION" "$(getconf CLK_TCK)" \
    "$tessera_rate" "$pgbench_rate" "$GATES" <<'PY'
import sys
def load(path):
    rows = []
    for line in open(path):
        t, *pairs = line.split()
        rows.append((float(t), {k: int(v) for k, v in (p.split(":") for p in pairs)}))
    return rows
duration, hz = float(sys.argv[3]), int(sys.argv[4])
def cores(rows):
    # The load phase is the end of the run (the load generator enrolls its passes first):
    # from duration-1 s before the last second of sampling to that last second.
    end = rows[-1][0] - 1.0
    start = end - (duration - 2.0)
    a = min(rows, key=lambda r: abs(r[0] - start))
    b = min(rows, key=lambda r: abs(r[0] - end))
    span = b[0] - a[0]
    return {g: (b[1][g] - a[1][g]) / hz / span for g in b[1]}
t, p = cores(load(sys.argv[1])), cores(load(sys.argv[2]))
rate_t, rate_p, gates = int(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
print(f"| run ({gates} gates/clients) | rate/s | load generator or client | tessera-server | PostgreSQL | all |")
print("|---|---|---|---|---|---|")
print(f"| Tessera, full TSR1 | {rate_t:,} | {t['loadgen']:.2f} | {t['server']:.2f} | {t['postgres']:.2f} | {t['loadgen'] + t['server'] + t['postgres']:.2f} |")
print(f"| pgbench, redemption only | {rate_p:,} | {p['pgbench']:.2f} | – | {p['postgres']:.2f} | {p['pgbench'] + p['postgres']:.2f} |")
print()
print(f"Tessera/pgbench: {rate_t / max(rate_p, 1):.2f}; PostgreSQL CPU per admission: "
      f"{t['postgres'] / max(rate_t, 1) * 1e6:.0f} µs (Tessera) vs {p['postgres'] / max(rate_p, 1) * 1e6:.0f} µs (pgbench)")
PY

#!/usr/bin/env bash
# Evening-burst benchmark: Tessera against the database's own redemption ceiling, one run.
#
# PostgreSQL: a release server, the load generator (full TSR1 flow over WebSockets) at each
# concurrency, and pgbench running only the redemption transaction at the same concurrency,
# on the same database server; then an open-loop run at a steady 500 admissions/s and a run
# with 10,000 idle gate connections. SQLite: the server at 8 gates against a minimal
# single-threaded SQLite redemption loop. Prints a table; raw JSON lands in $OUT.
#
# pgbench runs after the Tessera server has stopped, so its pools hold no connection then,
# and a point that cannot run (PostgreSQL's max_connections below what it opens) is skipped
# with the exact setting to change; a failed point is marked in the table, which is printed
# whatever happened. Passes are enrolled in bulk (tessera-loadgen --enroll db).
#
#   bench/run.sh                      # defaults below
#   DURATION=20 CONCURRENCIES="8 32" bench/run.sh
#   TESSERA_BENCH_PG_URL=postgres://user@host:5432/postgres bench/run.sh
#   bench/run.sh --compare [REV]      # REV (default HEAD~1) against the working tree,
#                                     # alternating in one run: bench/compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = --compare ]; then
    exec bench/compare.sh "${2:-HEAD~1}"
fi

DURATION=${DURATION:-10}
CONCURRENCIES=${CONCURRENCIES:-"1 8 32 64"}
STEADY_RATE=${STEADY_RATE:-500}
IDLE=${IDLE:-10000}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE=${PG_ADMIN_URL%/*}
OUT=${OUT:-target/bench}
BIN=target/release

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, json, start_server, stop_server, loadgen, rss_mb

say "building release binaries"
cargo build --release -p tessera-server -p tessera-tests --bins >&2
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
mkdir -p "$OUT"
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT


say "PostgreSQL: fresh databases tessera_bench and tessera_pgbench"
psql "$PG_ADMIN_URL" -qX -c 'DROP DATABASE IF EXISTS tessera_bench WITH (FORCE)' -c 'CREATE DATABASE tessera_bench' \
    -c 'DROP DATABASE IF EXISTS tessera_pgbench WITH (FORCE)' -c 'CREATE DATABASE tessera_pgbench' >&2
PG_URL=$PG_BASE/tessera_bench
TESSERA_DATABASE_URL=$PG_URL "$BIN/tessera-server" migrate 2>/dev/null
psql "$PG_BASE/tessera_pgbench" -qX >&2 -f bench/pgbench-schema.sql

# What PostgreSQL allows: pgbench at c clients needs c connections beside the reserved ones.
max_conn=$(psql "$PG_ADMIN_URL" -qtAX -c 'SHOW max_connections')
reserved=$(psql "$PG_ADMIN_URL" -qtAX -c 'SHOW superuser_reserved_connections')
say "PostgreSQL allows $max_conn connections ($reserved reserved for superusers)"

declare -A tessera pgb p99
# A point's figure, or "failed" (its output says why).
figure() { json "$1" <"$2" 2>/dev/null || echo failed; }

start_server "$PG_URL" pg
for c in $CONCURRENCIES; do
    say "PostgreSQL, $c gates: Tessera full protocol, ${DURATION}s"
    if loadgen "$PG_URL" --gates "$c" --duration-s "$DURATION" >"$OUT/pg-tessera-$c.json"; then
        tessera[$c]=$(figure 'round(d["admissions_per_s"])' "$OUT/pg-tessera-$c.json")
        p99[$c]=$(figure 'd["response_to_result_ms"]["p99"]' "$OUT/pg-tessera-$c.json")
    else
        say "PostgreSQL, $c gates: the load generator failed (above)"
        tessera[$c]=failed p99[$c]=failed
    fi
done

say "PostgreSQL: open loop at ${STEADY_RATE}/s, 32 gates, ${DURATION}s"
loadgen "$PG_URL" --gates 32 --rate "$STEADY_RATE" --duration-s "$DURATION" >"$OUT/pg-steady.json" ||
    say "the steady run failed (above)"

say "PostgreSQL: $IDLE idle gate connections, then admissions at 50/s"
LOADGEN_IDLE_PAUSE_S=5 loadgen "$PG_URL" --gates 4 --idle-connections "$IDLE" --rate 50 --duration-s 5 \
    >"$OUT/pg-idle.json" 2>"$work/idle.err" &
idle_pid=$!
for _ in $(seq 600); do grep -q "pausing" "$work/idle.err" 2>/dev/null && break; sleep 0.5; done
sleep 2
idle_rss=$(rss_mb "$server_pid")
wait "$idle_pid" || say "the idle run failed: $(tail -n 3 "$work/idle.err")"
# The server's pools close with it: pgbench below has the connections to itself.
stop_server

for c in $CONCURRENCIES; do
    need=$(( c + reserved + 1 ))
    if [ "$need" -gt "$max_conn" ]; then
        say "PostgreSQL, $c clients: pgbench skipped: it needs max_connections >= $need (now $max_conn)." \
            "Raise it: psql -c 'ALTER SYSTEM SET max_connections = $need' as a superuser, then restart" \
            "PostgreSQL (pg_ctlcluster <version> main restart)."
        pgb[$c]=skipped
        continue
    fi
    say "PostgreSQL, $c clients: pgbench redemption-only, ${DURATION}s"
    jobs=$(( c < 2 ? c : 2 ))
    if pgbench -n -c "$c" -j "$jobs" -T "$DURATION" -f bench/pgbench-redemption.sql \
        "$PG_BASE/tessera_pgbench" >"$OUT/pgbench-$c.txt" 2>&1; then
        pgb[$c]=$(awk '/^tps = /{printf "%.0f", $3}' "$OUT/pgbench-$c.txt")
    else
        say "PostgreSQL, $c clients: pgbench failed: $(tail -n 2 "$OUT/pgbench-$c.txt")"
        pgb[$c]=failed
    fi
done

say "SQLite: Tessera at 8 gates, then the single-threaded redemption loop"
start_server "sqlite://$work/bench.db" sqlite
loadgen "sqlite://$work/bench.db" --gates 8 --duration-s "$DURATION" >"$OUT/sqlite-tessera-8.json" ||
    say "the SQLite run failed (above)"
stop_server
"$BIN/tessera-sqlite-baseline" --path "$work/baseline.db" --duration-s "$DURATION" >"$OUT/sqlite-baseline.json" ||
    say "the SQLite baseline failed (above)"

echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); PostgreSQL $(psql "$PG_ADMIN_URL" -qtAX -c 'SHOW server_version'); ${DURATION}s per point"
echo
printf '| backend | concurrency | Tessera admissions/s | baseline tx/s | ratio | Tessera p99 response→result ms |\n'
printf '|---|---|---|---|---|---|\n'
# A ratio of two figures, or "—" when either is missing.
ratio() { python3 -c "import sys; a, b = sys.argv[1:]; print(f'{float(a)/max(float(b),1):.2f}' if a.replace('.','',1).isdigit() and b.replace('.','',1).isdigit() else '—')" "$1" "$2"; }
for c in $CONCURRENCIES; do
    printf '| PostgreSQL | %s | %s | %s (pgbench) | %s | %s |\n' "$c" "${tessera[$c]}" "${pgb[$c]}" \
        "$(ratio "${tessera[$c]}" "${pgb[$c]}")" "${p99[$c]}"
done
sq=$(figure 'round(d["admissions_per_s"])' "$OUT/sqlite-tessera-8.json")
sqb=$(figure 'round(d["tps"])' "$OUT/sqlite-baseline.json")
sqp=$(figure 'd["response_to_result_ms"]["p99"]' "$OUT/sqlite-tessera-8.json")
printf '| SQLite | 8 (server) / 1 (loop) | %s | %s (1-thread loop) | %s | %s |\n' "$sq" "$sqb" \
    "$(ratio "$sq" "$sqb")" "$sqp"
echo
steady=$OUT/pg-steady.json
echo "Steady ${STEADY_RATE}/s on PostgreSQL: achieved $(figure 'round(d["admissions_per_s"])' "$steady")/s," \
    "response→result p50 $(figure 'd["response_to_result_ms"]["p50"]' "$steady") ms," \
    "p99 $(figure 'd["response_to_result_ms"]["p99"]' "$steady") ms, max $(figure 'd["response_to_result_ms"]["max"]' "$steady") ms," \
    "errors $(figure 'd["errors"]' "$steady")"
echo "Idle: $(figure 'd["idle_connections"]' "$OUT/pg-idle.json") idle gate connections, server RSS ${idle_rss:-?} MB;" \
    "admissions meanwhile p99 $(figure 'd["response_to_result_ms"]["p99"]' "$OUT/pg-idle.json") ms," \
    "errors $(figure 'd["errors"]' "$OUT/pg-idle.json")"
echo "Total: ${SECONDS}s"

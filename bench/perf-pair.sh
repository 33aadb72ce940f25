#!/usr/bin/env bash
# Where each of two release builds spends its CPU at 64 gates on PostgreSQL: `perf record`
# of the server for 8 s of a closed-loop run, base then new, and the share per library and
# the top symbols of each (issue 28's lead: libc's share doubled).
#
#   BASE_BIN=/path/release NEW_BIN=/path/release bench/perf-pair.sh
#
# Each directory holds tessera-server and tessera-loadgen. Needs `perf`. Writes
# $OUT/perf-<side>.data, .json and .txt.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
: "${BASE_BIN:?release build of the base}" "${NEW_BIN:?release build of the new side}"
OUT=${OUT:-target/bench/perf-pair}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE=${PG_ADMIN_URL%/*}
mkdir -p "$OUT"
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
for side in base new; do
    if [ "$side" = base ]; then BIN=$BASE_BIN; else BIN=$NEW_BIN; fi
    db=tessera_perf_$side
    psql "$PG_ADMIN_URL" -qX -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >&2
    TESSERA_DATABASE_URL=$PG_BASE/$db "$BIN/tessera-server" migrate 2>/dev/null
    start_server "$PG_BASE/$db" "$side"
    new_org "$PG_BASE/$db"
    TESSERA_ADMIN_KEY=$admin_key TESSERA_ORG_ID=$org_id TESSERA_DATABASE_URL=$PG_BASE/$db \
        "$BIN/tessera-loadgen" --base-url "http://$addr" --json --gates 64 --duration-s 14 \
        >"$OUT/perf-$side.json" 2>"$work/$side.err" &
    loadgen_pid=$!
    for _ in $(seq 600); do grep -q "closed-loop" "$work/$side.err" 2>/dev/null && break; sleep 0.2; done
    sleep 2
    perf record -F 499 -g -p "$server_pid" -o "$OUT/perf-$side.data" -- sleep 8 >/dev/null 2>&1
    wait "$loadgen_pid"
    stop_server
    {
        echo "admissions/s: $(json 'round(d["admissions_per_s"])' <"$OUT/perf-$side.json")"
        perf report -i "$OUT/perf-$side.data" --no-children --sort dso -g none --stdio 2>/dev/null | grep '%' || true
        perf report -i "$OUT/perf-$side.data" --no-children --sort dso,symbol -g none --stdio 2>/dev/null \
            | grep '%' | grep -v kernel | sed -n 1,25p || true
    } >"$OUT/perf-$side.txt"
    say "$side:"; cat "$OUT/perf-$side.txt" >&2
done

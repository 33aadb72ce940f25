#!/usr/bin/env bash
# Honest admissions under an unauthenticated flood (issue 12), on PostgreSQL and on SQLite,
# from another address and (issue 29) from the honest gates' own address.
#
#   bench/flood.sh                          # 500 admissions/s for 20 s, flood for 15 s
#   RATE=500 DURATION=30 FLOOD_S=25 FLOOD_CONCURRENCY=128 bench/flood.sh
#   SHARED_ONLY=1 bench/flood.sh            # only the shared-address case
#   BIN=/some/target/release bench/flood.sh # prebuilt binaries, no build
#
# For each backend: a release server with the default per-source bounds (since issue 29 a
# valid claim spends no budget, so the load generator enrolling every pass from one address
# needs no lifted claim limit);
# tessera-loadgen runs honest gates open-loop at RATE admissions/s from 127.0.0.1; once its
# timed phase has begun, tessera-flood sends bad bearer tokens, junk claims and forged gate
# upgrades as fast as it can from 127.0.0.2, a separate process. It prints the honest p99s,
# the honest error count, the flood's rate and statuses, and how many audit rows the flood
# added. Exits non-zero when the load generator reports an error or its database check
# fails. Raw JSON lands in $OUT.
#
# The shared-address case (issue 29: a venue's NAT, a carrier's) starts the flood
# from 127.0.0.1 *first*, so that the address is past its failure budget before the load
# generator, from the same address, makes its gates, issues and claims every pass, opens
# every gate socket and runs its open-loop phase: any refused claim or upgrade is an error of
# the load generator, and the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

RATE=${RATE:-500}
DURATION=${DURATION:-20}
FLOOD_S=${FLOOD_S:-15}
FLOOD_CONCURRENCY=${FLOOD_CONCURRENCY:-64}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
# The server's own claim limits (bench/lib.sh lifts them for the other benchmarks).
export BENCH_CLAIMS_PER_MIN=${BENCH_CLAIMS_PER_MIN:-120} BENCH_CLAIMS_IN_FLIGHT=${BENCH_CLAIMS_IN_FLIGHT:-32}
PG_BASE=${PG_ADMIN_URL%/*}
OUT=${OUT:-target/bench/flood}
if [ -z "${BIN:-}" ]; then
    BIN=target/release
    say "building release binaries"
    cargo build --release -p tessera-server -p tessera-tests --bins >&2
fi
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
mkdir -p "$OUT"
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# The audit rows a flood can cause (the honest run's own challenge and response rows aside).
FLOOD_ROWS="SELECT count(*) FROM audit_events WHERE kind IN ('auth_failure', 'claim_rejected', 'gate_connection_refused')"

audit_rows() {
    local backend=$1 url=$2
    if [ "$backend" = postgres ]; then
        psql "$url" -qtAX -c "$FLOOD_ROWS"
    else
        python3 -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])" "${url#sqlite://}" "$FLOOD_ROWS"
    fi
}

run_backend() {
    local backend=$1 url=$2
    start_server "$url" "$backend"
    say "$backend: honest gates at ${RATE}/s for ${DURATION}s; flood from 127.0.0.2 for ${FLOOD_S}s"
    loadgen "$url" --gates 32 --rate "$RATE" --duration-s "$DURATION" \
        >"$OUT/$backend-honest.json" 2>"$work/$backend-loadgen.err" &
    local honest=$!
    for _ in $(seq 600); do
        grep -q "open-loop at" "$work/$backend-loadgen.err" 2>/dev/null && break
        sleep 0.2
    done
    sleep 1
    local before after
    before=$(audit_rows "$backend" "$url")
    "$BIN/tessera-flood" --base-url "http://$addr" --source 127.0.0.2 \
        --concurrency "$FLOOD_CONCURRENCY" --duration-s "$FLOOD_S" >"$OUT/$backend-flood.json"
    wait "$honest" || { say "$backend: load generator failed"; cat "$work/$backend-loadgen.err" >&2; exit 1; }
    # Stopping the server writes the last aggregation window; then count.
    stop_server
    after=$(audit_rows "$backend" "$url")
    table_row "$backend" "$OUT/$backend-honest.json" "$OUT/$backend-flood.json" "$((after - before))"
}

# One line of the table: label, the load generator's JSON, the flood's, audit rows added.
# Fails the run when the honest gates saw any error.
table_row() {
    local label=$1 honest_json=$2 flood_json=$3 rows=$4 errors
    errors=$(json 'sum(d["errors"].values()) if isinstance(d["errors"], dict) else d["errors"]' <"$honest_json")
    printf '| %s | %s/s | %s | %s ms | %s ms | %s | %.0f/s | %s | %s |\n' "$label" \
        "$(json 'round(d["admissions_per_s"])' <"$honest_json")" \
        "$(json 'd["admitted"]' <"$honest_json")" \
        "$(json 'd["scan_to_challenge_ms"]["p99"]' <"$honest_json")" \
        "$(json 'd["response_to_result_ms"]["p99"]' <"$honest_json")" \
        "$errors" \
        "$(json 'd["requests_per_s"]' <"$flood_json")" \
        "$(json 'd["statuses"]' <"$flood_json" | tr -d ' ')" \
        "$rows" >>"$work/table"
    [ "$errors" = 0 ] || { say "$label: honest gates saw $errors errors"; exit 1; }
}

run_shared() {
    local backend=$1 url=$2
    start_server "$url" "$backend-shared"
    new_org "$url"
    # The organisation was made behind the server's back (`init`): it learns new keys within
    # a few seconds.
    sleep 3
    local before after
    before=$(audit_rows "$backend" "$url")
    say "$backend: flood from 127.0.0.1 first, then honest gates from 127.0.0.1 at ${RATE}/s for ${DURATION}s"
    "$BIN/tessera-flood" --base-url "http://$addr" --source 127.0.0.1 \
        --concurrency "$FLOOD_CONCURRENCY" --duration-s "$SHARED_FLOOD_S" >"$OUT/$backend-shared-flood.json" &
    local flood=$!
    sleep 2
    TESSERA_ADMIN_KEY=$admin_key TESSERA_ORG_ID=$org_id TESSERA_DATABASE_URL=$url \
        "$BIN/tessera-loadgen" --base-url "http://$addr" --json --gates 32 --rate "$RATE" \
        --duration-s "$DURATION" >"$OUT/$backend-shared-honest.json" 2>"$work/$backend-shared-loadgen.err" \
        || { say "$backend (shared): load generator failed"; cat "$work/$backend-shared-loadgen.err" >&2; exit 1; }
    wait "$flood"
    stop_server
    after=$(audit_rows "$backend" "$url")
    table_row "$backend, same address" "$OUT/$backend-shared-honest.json" \
        "$OUT/$backend-shared-flood.json" "$((after - before))"
}

# The shared flood must outlast the load generator's set-up and its timed phase.
SHARED_FLOOD_S=${SHARED_FLOOD_S:-$((DURATION + 90))}

say "PostgreSQL: fresh database tessera_flood"
psql "$PG_ADMIN_URL" -qX -c 'DROP DATABASE IF EXISTS tessera_flood WITH (FORCE)' \
    -c 'CREATE DATABASE tessera_flood' >&2
TESSERA_DATABASE_URL=$PG_BASE/tessera_flood "$BIN/tessera-server" migrate 2>/dev/null
if [ -z "${SHARED_ONLY:-}" ]; then
    run_backend postgres "$PG_BASE/tessera_flood"
    run_backend sqlite "sqlite://$work/flood.db"
fi
psql "$PG_ADMIN_URL" -qX -c 'DROP DATABASE IF EXISTS tessera_flood_shared WITH (FORCE)' \
    -c 'CREATE DATABASE tessera_flood_shared' >&2
TESSERA_DATABASE_URL=$PG_BASE/tessera_flood_shared "$BIN/tessera-server" migrate 2>/dev/null
run_shared postgres "$PG_BASE/tessera_flood_shared"
run_shared sqlite "sqlite://$work/flood-shared.db"

echo
echo "Machine: $(nproc) cores, $(uname -sr); honest: 32 gates open-loop at ${RATE}/s for ${DURATION}s; flood: ${FLOOD_CONCURRENCY} connections for ${FLOOD_S}s from 127.0.0.2 (same address: from 127.0.0.1, begun before the honest load and outlasting it)"
echo
echo '| backend | honest admissions | count | p99 scan→challenge | p99 response→result | honest errors | flood requests | flood statuses | audit rows added by the flood |'
echo '|---|---|---|---|---|---|---|---|---|'
cat "$work/table"

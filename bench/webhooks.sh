#!/usr/bin/env bash
# What the webhook outbox costs (issue 17): admissions/s at the same concurrency on
# PostgreSQL with no webhook configured, and with one webhook receiving every admission,
# in ONE run, alternating (without, with, without, with, … ROUNDS times each), every run on
# a fresh database, server and organisation, driven by the same load generator.
#
#   bench/webhooks.sh                       # 32 gates, 3 rounds of 10 s per side
#   GATES=64 ROUNDS=5 DURATION=20 bench/webhooks.sh
#
# The receiver is `tessera-webhook-sink` (tests/src/bin): an HTTP server on loopback that
# answers 204 and counts the events it got (distinct ids). After each "with" run the script waits for the dispatcher to
# drain and checks that every admission the load generator saw arrived as one event: the
# figure is the cost of delivering them, not of dropping them. Exits non-zero when a run or
# that check fails. Prints a markdown table and the receiver's CPU per event; raw JSON lands
# in $OUT.
#
# The receiver stands for another organisation's system, on another machine: it is written
# to cost little, and it runs under `nice -n 19` (RECEIVER_NICE) so that, on a machine this
# small, its own CPU is not taken from the admissions being measured (it still gets every
# idle cycle, and the check above still waits for every event). RECEIVER_NICE=0 measures it
# as a neighbour on the same cores; its CPU per event is printed either way.
set -euo pipefail
cd "$(dirname "$0")/.."

GATES=${GATES:-32}
ROUNDS=${ROUNDS:-3}
DURATION=${DURATION:-10}
RECEIVER_NICE=${RECEIVER_NICE:-19}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE=${PG_ADMIN_URL%/*}
OUT=${OUT:-target/bench/webhooks}
BIN=target/release

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, json, start_server, stop_server, new_org

say "building release binaries"
cargo build --release -p tessera-server -p tessera-tests --bins >&2
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
mkdir -p "$OUT"
work=$(mktemp -d)
server_pid=""
receiver_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    cp "$work"/*.err "$OUT"/ 2>/dev/null || true   # the servers' logs, for a failed check
    [ -n "$receiver_pid" ] && kill "$receiver_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

nice -n "$RECEIVER_NICE" "$BIN/tessera-webhook-sink" >"$work/receiver.port" &
receiver_pid=$!
for _ in $(seq 50); do [ -s "$work/receiver.port" ] && break; sleep 0.1; done
receiver_port=$(cat "$work/receiver.port")
# Event ids restart with each fresh database, so each run counts on its own path.
received() { curl -s "http://127.0.0.1:$receiver_port/count/$1" | json 'd["events"]'; }

run() {
    local side=$1 round=$2 db="tessera_webhooks_${1}_$2"
    psql "$PG_ADMIN_URL" -qX -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >&2
    TESSERA_DATABASE_URL=$PG_BASE/$db "$BIN/tessera-server" migrate 2>/dev/null
    # The receiver is on loopback, which the webhook policy refuses unless allowed.
    TESSERA_WEBHOOK_ALLOW=127.0.0.1 start_server "$PG_BASE/$db" "$side-$round"
    new_org "$PG_BASE/$db"
    if [ "$side" = with ]; then
        curl -sf -X POST "http://$addr/v1/webhooks" -H "Authorization: Bearer $admin_key" \
            -H 'content-type: application/json' \
            -d "{\"url\":\"http://127.0.0.1:$receiver_port/hook/$round\",\"events\":[\"admission\"]}" >/dev/null
    fi
    TESSERA_ADMIN_KEY=$admin_key TESSERA_ORG_ID=$org_id TESSERA_DATABASE_URL=$PG_BASE/$db \
        timeout $((DURATION + 900)) "$BIN/tessera-loadgen" --base-url "http://$addr" --json \
        --gates "$GATES" --duration-s "$DURATION" >"$OUT/$side-$round.json"
    local admissions
    admissions=$(json 'd["admitted"]' <"$OUT/$side-$round.json")
    if [ "$side" = with ]; then
        local got=0
        for _ in $(seq 120); do
            got=$(received "$round")
            [ "$got" -ge "$admissions" ] && break
            sleep 0.5
        done
        if [ "$got" -ne "$admissions" ]; then
            say "round $round: the receiver got $got events for $admissions admissions"; exit 1
        fi
        say "round $round: $got events delivered for $admissions admissions"
    fi
    stop_server
    psql "$PG_ADMIN_URL" -qX -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >&2
    json 'round(d["admissions_per_s"])' <"$OUT/$side-$round.json"
}

declare -a without with
for round in $(seq "$ROUNDS"); do
    say "round $round/$ROUNDS, $GATES gates, ${DURATION}s: without webhooks"
    without+=("$(run without "$round")")
    say "round $round/$ROUNDS, $GATES gates, ${DURATION}s: with one webhook"
    with+=("$(run with "$round")")
done

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
m_without=$(median "${without[@]}")
m_with=$(median "${with[@]}")
ratio=$(python3 -c "print(f'{$m_with / $m_without:.3f}')")
echo "| gates | without webhooks (adm/s, median; runs) | with one webhook (adm/s, median; runs) | with/without |"
echo "|---|---|---|---|"
echo "| $GATES | $m_without (${without[*]}) | $m_with (${with[*]}) | $ratio |"
# The receiver's own CPU (utime + stime, in clock ticks) over every event it was sent.
ticks=$(awk '{print $14 + $15}' "/proc/$receiver_pid/stat")
events=0
for round in $(seq "$ROUNDS"); do events=$(( events + $(received "$round") )); done
echo
echo "Receiver (nice $RECEIVER_NICE): $(python3 -c "print(f'{$ticks / $(getconf CLK_TCK):.1f} s of CPU for $events events, {$ticks / $(getconf CLK_TCK) * 1e6 / max($events, 1):.0f} µs each')")"

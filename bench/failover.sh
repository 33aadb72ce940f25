#!/usr/bin/env bash
# Survive the death of the PostgreSQL primary (issue 18), on loopback ports, in one run:
#
#  1. pg_auto_failover: a monitor, a primary and a synchronous standby (the tool sets
#     synchronous_standby_names = 'ANY 1 (…)'; the server's durable pool pins
#     synchronous_commit = on), with the failure-detection settings below;
#  2. the schema migrated, an organisation created, two tessera-server replicas started with
#     the multi-host URL (both nodes, target_session_attrs=read-write);
#  3. the fault campaign's honest gates (tests/tests/failover: GateCore + journal, resends,
#     reconnects to the other replica) run a burst; 3 s into it the primary node is killed
#     with kill -9 — its postmaster, backends and its pg_autoctl keeper at once, as a machine
#     dying (killing only the postmaster would just have the keeper restart it);
#  4. the monitor promotes the standby; the servers' locators follow it;
#  5. checked on the new primary and against the gates' records: no admission a gate saw
#     is missing, nobody admitted twice, every honest gate emptied its journal, every
#     visitor got in, and the window of retryable errors (target under 15 s);
#  6. failback: the old primary's keeper is started again, it rejoins as a standby (pg_rewind),
#     and `pg_autoctl perform switchover` makes it primary again; the servers follow and admit;
#  7. backup and point-in-time restore, rehearsed once on the primary: pg_receivewal
#     archives WAL, pg_basebackup takes a base, an organisation is created after a recorded
#     instant, and the restore to that instant must have every admission and not that
#     organisation.
#
# Prints `failover: …`, `failback: …` and `pitr: …` lines; exits non-zero when any invariant fails.
#
#   bench/failover.sh                    # debug binaries (cargo build), ports 6540-6543
#   BIN=target/release bench/failover.sh # release binaries (build them first)
#   PORT_BASE=7540 VISITS=120 bench/failover.sh
#
# Failure detection (monitor GUCs, defaults in brackets): health_check_period 1000 ms
# [5000], health_check_timeout 1000 ms [5000], health_check_max_retries 1 [2],
# health_check_retry_delay 500 ms [2000], node_considered_unhealthy_timeout 2000 ms
# [20000], primary_demote_timeout 5000 ms [30000]; each keeper's
# timeout.network_partition_timeout 3 s [20]: an old primary cut off from the monitor and
# its standby demotes itself after 3 s, before the monitor lets the promoted standby write
# (5 s). Servers probe every TESSERA_PRIMARY_PROBE_MS=500.
set -euo pipefail
cd "$(dirname "$0")/.."

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PORT_BASE=${PORT_BASE:-6540}
BIN=${BIN:-target/debug}
VISITS=${VISITS:-240}
KILL_AFTER_S=${KILL_AFTER_S:-3}
MON_PORT=$PORT_BASE
P1=$((PORT_BASE + 1))
P2=$((PORT_BASE + 2))
P3=$((PORT_BASE + 3))

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, json, start_server, stop_server

command -v pg_autoctl >/dev/null || {
    say "pg_autoctl missing: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli"
    exit 2
}
if [ "$BIN" = target/debug ]; then
    say "building the server (debug)"
    cargo build -q -p tessera-server >&2
fi
say "building the gates' driver"
driver=$(test_driver failover)
[ -x "$driver" ] || { say "could not build tests/tests/failover"; exit 1; }

work=$(mktemp -d /tmp/tessera-failover.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/keys" "$work/xdg" "$work/archive"
chmod 700 "$work/keys"
# PostgreSQL refuses to run as root: as root, the clusters belong to `postgres`.
if [ "$(id -u)" = 0 ]; then
    chown postgres: "$work/xdg" "$work/archive" "$work"
    as_pg() { runuser -u postgres -- env "PATH=$PGBIN:$PATH" "XDG_CONFIG_HOME=$work/xdg" \
        "XDG_DATA_HOME=$work/xdg" "XDG_RUNTIME_DIR=$work/xdg" "$@"; }
else
    as_pg() { env "PATH=$PGBIN:$PATH" "XDG_CONFIG_HOME=$work/xdg" "XDG_DATA_HOME=$work/xdg" \
        "XDG_RUNTIME_DIR=$work/xdg" "$@"; }
fi
declare -A tree_root=()
server_pids=()
receivewal_pid=""
descendants() { local c; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; descendants "$c"; done; }
kill_tree() { # SIGNAL ROOT_PID: the process and everything it started
    local pids
    pids="$1 $(descendants "$1")"
    # shellcheck disable=SC2086
    kill "-$2" $pids 2>/dev/null || true
}
cleanup() {
    local pid name
    for pid in "${server_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -n "$receivewal_pid" ] && kill "$receivewal_pid" 2>/dev/null || true
    as_pg "$PGBIN/pg_ctl" -D "$work/restore" -m immediate stop >/dev/null 2>&1 || true
    for name in "${!tree_root[@]}"; do kill_tree "${tree_root[$name]}" TERM; done
    sleep 2
    for name in "${!tree_root[@]}"; do kill_tree "${tree_root[$name]}" KILL; done
    if [ -n "${KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

psql_at() { psql -h 127.0.0.1 -p "$1" -U postgres -d "${3:-tessera}" -qAtX -c "$2"; }
wait_for() { # SECONDS COMMAND…: until the command succeeds
    local limit=$1; shift
    local until=$((SECONDS + limit))
    until "$@" >/dev/null 2>&1; do
        [ $SECONDS -lt $until ] || return 1
        sleep 0.2
    done
}
state_is() { # NODE_PORT STATE: the monitor's view of that node
    [ "$(psql_at "$MON_PORT" "SELECT reportedstate FROM pgautofailover.node WHERE nodeport = $1" pg_auto_failover)" = "$2" ]
}
monitor_uri="postgres://autoctl_node@127.0.0.1:$MON_PORT/pg_auto_failover?sslmode=disable"

say "pg_auto_failover monitor on $MON_PORT"
as_pg pg_autoctl create monitor --pgdata "$work/monitor" --pgport "$MON_PORT" --hostname 127.0.0.1 \
    --auth trust --no-ssl --run >"$work/monitor.log" 2>&1 &
tree_root[monitor]=$!
wait_for 60 pg_isready -q -h 127.0.0.1 -p "$MON_PORT" || { say "monitor did not start"; tail "$work/monitor.log" >&2; exit 1; }
wait_for 30 psql_at "$MON_PORT" "SELECT 1 FROM pgautofailover.formation" pg_auto_failover
for setting in health_check_period=1000 health_check_timeout=1000 health_check_max_retries=1 \
    health_check_retry_delay=500 node_considered_unhealthy_timeout=2000 primary_demote_timeout=5000; do
    psql_at "$MON_PORT" "ALTER SYSTEM SET pgautofailover.${setting%=*} = ${setting#*=}" pg_auto_failover
done
psql_at "$MON_PORT" "SELECT pg_reload_conf()" pg_auto_failover >/dev/null

start_node() { # N PORT
    as_pg pg_autoctl create postgres --pgdata "$work/node$1" --pgport "$2" --hostname 127.0.0.1 \
        --auth trust --no-ssl --monitor "$monitor_uri" --dbname tessera --name "node$1" --run \
        >"$work/node$1.log" 2>&1 &
    tree_root[node$1]=$!
}
say "primary node1 on $P1"
start_node 1 "$P1"
# Alone, the first node is "single"; it becomes "primary" once its standby has caught up.
wait_for 90 state_is "$P1" single || { say "node1 did not start"; tail "$work/node1.log" >&2; exit 1; }
say "synchronous standby node2 on $P2"
start_node 2 "$P2"
# pg_basebackup waits for a spread checkpoint (minutes by default): ask for it now.
for _ in $(seq 60); do
    state_is "$P2" secondary && break
    psql_at "$P1" CHECKPOINT >/dev/null 2>&1 || true
    sleep 1
done
wait_for 60 state_is "$P2" secondary || { say "node2 did not become a secondary"; tail "$work/node2.log" >&2; exit 1; }
wait_for 30 state_is "$P1" primary
for n in 1 2; do
    as_pg pg_autoctl config set --pgdata "$work/node$n" timeout.network_partition_timeout 3 >/dev/null
done
sync_names=$(psql_at "$P1" "SHOW synchronous_standby_names")
say "synchronous_standby_names = $sync_names"
[ -n "$sync_names" ] || { say "the standby is not synchronous"; exit 1; }

db_url="postgres://postgres@127.0.0.1:$P1,127.0.0.1:$P2/tessera?target_session_attrs=read-write"
TESSERA_DATABASE_URL=$db_url "$BIN/tessera-server" migrate 2>"$work/migrate.err" \
    || { cat "$work/migrate.err" >&2; exit 1; }
org=$(TESSERA_DATABASE_URL=$db_url "$BIN/tessera-server" init --org failover 2>/dev/null)
admin_key=$(echo "$org" | json 'd["admin_key"]')

say "two tessera-server replicas"
bases=()
for name in a b; do
    # start_server reads the file at once; the background job may not have created it yet.
    : >"$work/server-$name.out"
    TESSERA_PRIMARY_PROBE_MS=500 TESSERA_POOL_MAX=8 TESSERA_POOL_MIN=1 \
        start_server "$db_url" "server-$name"
    server_pids+=("$server_pid")
    bases+=("http://$addr")
done
for base in "${bases[@]}"; do
    wait_for 30 curl -fsS "$base/readyz" || { say "$base not ready"; exit 1; }
done

say "burst: $VISITS single-use and $((VISITS / 5)) two-use visitors at 6 gates; kill -9 of node1 ${KILL_AFTER_S}s in"
driver_status=0
TESSERA_FAILOVER_SERVERS=$(IFS=,; echo "${bases[*]}") TESSERA_FAILOVER_ADMIN_KEY=$admin_key \
    TESSERA_FAILOVER_DB_URL=$db_url TESSERA_FAILOVER_DIR=$work TESSERA_FAILOVER_CODE_STEP_S=15 \
    TESSERA_FAILOVER_VISITS=$VISITS \
    "$driver" --ignored --nocapture >"$work/driver.out" 2>"$work/driver.err" &
driver_pid=$!
wait_for 600 test -f "$work/burst_started" || { say "the burst never started"; cat "$work/driver.err" >&2; exit 1; }
sleep "$KILL_AFTER_S"
# The process tree first (ps takes a while), then the time, then the kill.
victims="${tree_root[node1]} $(descendants "${tree_root[node1]}")"
killed_ms=$(date +%s%3N)
# shellcheck disable=SC2086
kill -KILL $victims
echo "$killed_ms" >"$work/killed_at_ms"
say "killed node1 (keeper, postmaster, backends)"
promoted=""
for _ in $(seq 600); do
    if [ "$(psql_at "$P2" "SELECT pg_is_in_recovery() OR current_setting('transaction_read_only') = 'on'" 2>/dev/null)" = f ]; then
        promoted=$(date +%s%3N); break
    fi
    sleep 0.05
done
[ -n "$promoted" ] && say "node2 accepts writes $(( (promoted - killed_ms) ))ms after the kill"
wait "$driver_pid" || driver_status=$?
grep '^failover:' "$work/driver.out" || { say "driver output:"; tail -40 "$work/driver.out" "$work/driver.err" >&2; }
[ -n "$promoted" ] || { say "node2 was never promoted"; exit 1; }
echo "failover: tool_promotion_ms=$((promoted - killed_ms)) sync_after=$(psql_at "$P2" "SHOW synchronous_standby_names")"
for base in "${bases[@]}"; do
    curl -fsS "$base/readyz" >/dev/null || { say "$base is not ready after the failover"; driver_status=1; }
done

say "failback: node1 rejoins as a standby (pg_rewind), then a switchover makes it primary again"
start_node_again() { # N: the node's keeper again, on its existing data directory
    as_pg pg_autoctl run --pgdata "$work/node$1" >>"$work/node$1.log" 2>&1 &
    tree_root[node$1]=$!
}
start_node_again 1
for _ in $(seq 90); do
    state_is "$P1" secondary && break
    psql_at "$P2" CHECKPOINT >/dev/null 2>&1 || true
    sleep 1
done
state_is "$P1" secondary || { say "node1 did not rejoin"; tail "$work/node1.log" >&2; exit 1; }
wait_for 60 state_is "$P2" primary
rejoined_sync=$(psql_at "$P2" "SHOW synchronous_standby_names")
switch_started=$(date +%s%3N)
as_pg pg_autoctl perform switchover --pgdata "$work/monitor" >"$work/switchover.log" 2>&1 \
    || { say "switchover failed"; tail "$work/switchover.log" >&2; exit 1; }
switched_ms=$(( $(date +%s%3N) - switch_started ))
wait_for 60 state_is "$P1" primary
ready_ms=""
for _ in $(seq 300); do
    if curl -fsS "${bases[0]}/readyz" >/dev/null 2>&1 && curl -fsS "${bases[1]}/readyz" >/dev/null 2>&1; then
        ready_ms=$(( $(date +%s%3N) - switch_started )); break
    fi
    sleep 0.05
done
after=$(TESSERA_ADMIN_KEY=$admin_key "$BIN/tessera-loadgen" --base-url "${bases[1]}" --gates 2 \
    --duration-s 2 --passes 60 --setup-concurrency 8 --json 2>"$work/loadgen.err") \
    || { say "admissions after the failback failed"; tail "$work/loadgen.err" >&2; exit 1; }
echo "failback: rejoined_sync=\"$rejoined_sync\" switchover_ms=$switched_ms both_ready_ms=${ready_ms:-never}" \
    "admitted_after=$(echo "$after" | json 'd["admitted"]') errors_after=$(echo "$after" | json 'd["errors"]')"
[ "$(echo "$after" | json 'd["admitted"] > 0 and set(d["errors"]) <= {"out_of_passes"}')" = True ] || { say "admissions after the failback failed"; exit 1; }
[ -n "$ready_ms" ] || { say "the servers did not follow the switchover"; exit 1; }

say "backup and point-in-time restore on the primary"
as_pg "$PGBIN/pg_receivewal" -h 127.0.0.1 -p "$P1" -U postgres -D "$work/archive" \
    --slot tessera_archive --create-slot --if-not-exists >/dev/null 2>&1 || true
as_pg "$PGBIN/pg_receivewal" -h 127.0.0.1 -p "$P1" -U postgres -D "$work/archive" \
    --slot tessera_archive --no-loop >"$work/receivewal.log" 2>&1 &
receivewal_pid=$!
as_pg "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$P1" -U postgres -D "$work/base" \
    --checkpoint=fast --wal-method=stream >"$work/basebackup.log" 2>&1
admitted_at_target=$(psql_at "$P1" "SELECT count(*) FROM redemptions WHERE outcome = 'admitted'")
orgs_at_target=$(psql_at "$P1" "SELECT count(*) FROM orgs")
sleep 1
target=$(psql_at "$P1" "SELECT now()")
sleep 1
TESSERA_DATABASE_URL=$db_url "$BIN/tessera-server" init --org after-target >/dev/null 2>&1
psql_at "$P1" "SELECT pg_switch_wal()" >/dev/null
switched=$(psql_at "$P1" "SELECT pg_walfile_name(pg_current_wal_lsn())")
# The segment holding the commit after the target is complete once a later one exists.
wait_for 30 bash -c "ls '$work/archive' | grep -v partial | awk '\$0 >= \"$switched\"' | grep -q ." || true
sleep 1
kill "$receivewal_pid" 2>/dev/null || true
wait "$receivewal_pid" 2>/dev/null || true
receivewal_pid=""
as_pg cp -a "$work/base" "$work/restore"
as_pg touch "$work/restore/recovery.signal"
as_pg sh -c "cat >>'$work/restore/postgresql.auto.conf'" <<EOF
port = $P3
synchronous_standby_names = ''
primary_conninfo = ''
logging_collector = off
shared_buffers = '128MB'
restore_command = 'cp $work/archive/%f "%p"'
recovery_target_time = '$target'
recovery_target_action = 'promote'
EOF
as_pg rm -f "$work/restore/standby.signal"
as_pg "$PGBIN/pg_ctl" -D "$work/restore" -l "$work/restore.log" -w -t 120 start >/dev/null
wait_for 60 test "$(psql_at "$P3" "SELECT pg_is_in_recovery()")" = f || true
restored_admitted=$(psql_at "$P3" "SELECT count(*) FROM redemptions WHERE outcome = 'admitted'")
restored_orgs=$(psql_at "$P3" "SELECT count(*) FROM orgs")
as_pg "$PGBIN/pg_ctl" -D "$work/restore" -m fast -w stop >/dev/null
echo "pitr: target=$target admitted_at_target=$admitted_at_target restored_admitted=$restored_admitted orgs_at_target=$orgs_at_target restored_orgs=$restored_orgs archived_segments=$(ls "$work/archive" | grep -vc partial)"
if [ "$restored_admitted" != "$admitted_at_target" ] || [ "$restored_orgs" != "$orgs_at_target" ]; then
    say "point-in-time restore did not give the database as it was at the target"
    exit 1
fi
if [ "$driver_status" != 0 ]; then
    say "invariants failed"; tail -30 "$work/driver.out" >&2
    exit 1
fi
say "all invariants hold"

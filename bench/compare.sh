#!/usr/bin/env bash
# A/B benchmark of the admission path: BASE_REV against the current working tree, one run.
#
#   bench/compare.sh                  # HEAD~1 against the working tree, defaults below
#   bench/compare.sh origin/main      # any revision git understands
#   CONCURRENCIES="8 32" ROUNDS=5 DURATION=20 bench/compare.sh HEAD
#   NICE=19 bench/compare.sh          # builds under `nice -n 19`
#   NEW_BIN=/some/target/release bench/compare.sh HEAD   # 'new' side = prebuilt binaries
#   BASE_BIN=/saved/release bench/compare.sh HEAD        # 'base' side = prebuilt binaries of HEAD
#
# Builds release binaries of BASE_REV in a git worktree at target/bench-base/src (refreshed
# on every run; CARGO_TARGET_DIR=target/bench-base/target) and of the working tree in
# target/release (skipped when NEW_BIN names a directory holding tessera-server and
# tessera-loadgen, e.g. when the working tree does not compile; likewise BASE_BIN skips the
# worktree and the base build, and must hold a release build of BASE_REV). Then, for each concurrency,
# it runs the base server and the new server ALTERNATELY (base,new,base,new,… ROUNDS times
# each, DURATION seconds each), every run on a fresh PostgreSQL database with a fresh
# organisation, all driven by the same (new) tessera-loadgen so the load is identical, and one
# pgbench redemption-only point (bench/pgbench-redemption.sql) at that concurrency.
# Alternating matters because this machine is noisy: drift (other builds, thermal, cache
# state) hits both sides alike, so only the same-run new/base ratio means anything.
#
# Prints a markdown table (median and min–max admissions/s per side, new/base, pgbench tx/s,
# new/pgbench, median p99 response→result) and, per build, PostgreSQL commits per admission
# (xact_commit delta of the run's own database in pg_stat_database) and statements per
# admission (pg_stat_statements calls delta; skipped with a note unless pg_stat_statements is
# in shared_preload_libraries). The counters cover the timed phase only: the load generator
# pauses after enrolling its passes (LOADGEN_IDLE_PAUSE_S, one idle gate connection) for
# STATS_SETTLE+3 seconds, the "before" reading is taken STATS_SETTLE seconds into that pause
# (PostgreSQL 15 flushes an idle backend's counters within 10 s), the "after" reading once the
# server has stopped and every backend of that database has exited (which flushes them). They
# include the gates' connection set-up, the sweeper, the generator's 3-query database check
# and any autovacuum of that database: a few dozen against thousands of admissions.
# Raw JSON per run and compare.json (everything in the table) land in $OUT.
#
# Exits non-zero if a build, server, load run or pgbench fails, if the load generator's own
# database check fails (admitted rows = uses = admissions the gates saw, no pass over
# max_uses) or if it reports any errors. Every load run and build is bounded by a timeout;
# servers, builds and load runs are killed on exit.
#
# Environment: DURATION (10), CONCURRENCIES ("1 8 32 64"), ROUNDS (3), OUT
# (target/bench/compare), NICE (0; niceness of the cargo builds), NEW_BIN (unset), STATS_SETTLE
# (12), BASE_BIN (unset), RUN_TIMEOUT (seconds per load run; default 300 + 30×DURATION), BUILD_TIMEOUT (5400),
# TESSERA_BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

BASE_REV=${1:-HEAD~1}
DURATION=${DURATION:-10}
CONCURRENCIES=${CONCURRENCIES:-"1 8 32 64"}
ROUNDS=${ROUNDS:-3}
NICE=${NICE:-0}
NEW_BIN=${NEW_BIN:-}
STATS_SETTLE=${STATS_SETTLE:-12}
RUN_TIMEOUT=${RUN_TIMEOUT:-$(( 300 + 30 * ${DURATION%.*} ))}
BUILD_TIMEOUT=${BUILD_TIMEOUT:-5400}
PG_ADMIN_URL=${TESSERA_BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}
PG_BASE=${PG_ADMIN_URL%/*}
OUT=${OUT:-target/bench/compare}
WORKTREE=target/bench-base/src
BASE_TARGET=$ROOT/target/bench-base/target
base_prebuilt=${BASE_BIN:+1}
BASE_BIN=${BASE_BIN:-$BASE_TARGET/release}

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, json, start_server, stop_server, new_org

die() { say "FAILED: $*"; exit 1; }
psql_admin() { PGOPTIONS='-c client_min_messages=warning' psql "$PG_ADMIN_URL" -qtAX -v ON_ERROR_STOP=1 "$@"; }

work=$(mktemp -d)
server_pid=""
job_pids=()
cleanup() {
    local rc=$?
    trap - EXIT INT TERM HUP
    for pid in "${job_pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    for pid in "${job_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$work"
    [ "$rc" -eq 0 ] || say "exiting with status $rc"
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP

# Starts "$@" in its own process group under a timeout (so cleanup can kill the whole tree,
# e.g. cargo and its rustc children); sets job_pid. Redirections apply as usual.
start_job() {
    local limit=$1; shift
    setsid timeout -k 10 "$limit" "$@" &
    job_pid=$!
    job_pids+=("$job_pid")
}
# Waits for job_pid and forgets it; returns its status (124 = timed out).
wait_job() {
    local rc=0 pid keep=()
    wait "$job_pid" || rc=$?
    for pid in "${job_pids[@]}"; do [ "$pid" = "$job_pid" ] || keep+=("$pid"); done
    job_pids=("${keep[@]}")
    return "$rc"
}
run_job() { start_job "$@"; wait_job; }

[[ $ROUNDS =~ ^[1-9][0-9]*$ ]] || die "ROUNDS must be a positive integer"
base_commit=$(git rev-parse --verify --quiet "$BASE_REV^{commit}") || die "unknown revision $BASE_REV"
base_desc="$(git log -1 --format='%h %s' "$base_commit")"
new_prebuilt=${NEW_BIN:+1}
if [ -n "$NEW_BIN" ]; then
    NEW_BIN=$(cd "$NEW_BIN" && pwd) || die "NEW_BIN=$NEW_BIN is not a directory"
    new_desc="prebuilt binaries in $NEW_BIN"
else
    NEW_BIN=$ROOT/target/release
    dirty=$(git status --porcelain --untracked-files=no | head -c1)
    new_desc="working tree at $(git log -1 --format=%h HEAD)${dirty:+ + uncommitted changes}"
fi
say "base: $base_desc"
say "new:  $new_desc"

if [ -n "$base_prebuilt" ]; then
    BASE_BIN=$(cd "$BASE_BIN" && pwd) || die "BASE_BIN=$BASE_BIN is not a directory"
    say "base binaries: prebuilt in $BASE_BIN (said to be $BASE_REV)"
else
    say "worktree of $BASE_REV at $WORKTREE"
    mkdir -p "$(dirname "$WORKTREE")"
    # Reuse it only if it really is its own worktree (never let git -C fall through to this tree).
    if [ -f "$WORKTREE/.git" ] \
        && [ "$(git -C "$WORKTREE" rev-parse --show-toplevel 2>/dev/null)" = "$ROOT/$WORKTREE" ] \
        && [ "$(git -C "$WORKTREE" rev-parse --path-format=absolute --git-common-dir)" = "$(git rev-parse --path-format=absolute --git-common-dir)" ]; then
        # Refresh in place (keeps mtimes of unchanged files, so the rebuild is incremental).
        git -C "$WORKTREE" checkout -q --force --detach "$base_commit"
        git -C "$WORKTREE" clean -qfdx
    else
        git worktree remove --force "$WORKTREE" 2>/dev/null || rm -rf "$WORKTREE"
        git worktree prune
        git worktree add -q --detach "$WORKTREE" "$base_commit"
    fi

    say "building base release binaries (CARGO_TARGET_DIR=target/bench-base/target, nice $NICE)"
    run_job "$BUILD_TIMEOUT" env -C "$WORKTREE" CARGO_TARGET_DIR="$BASE_TARGET" \
        nice -n "$NICE" cargo build --release -p tessera-server -p tessera-tests --bins >&2 \
        || die "base build ($BASE_REV)"
fi
if [ -z "$new_prebuilt" ]; then
    say "building new release binaries (target/release, nice $NICE)"
    run_job "$BUILD_TIMEOUT" env -u CARGO_TARGET_DIR nice -n "$NICE" cargo build --release -p tessera-server -p tessera-tests --bins >&2 \
        || die "new build (working tree); NEW_BIN=dir can point the new side at prebuilt binaries"
fi
for b in "$BASE_BIN/tessera-server" "$NEW_BIN/tessera-server" "$NEW_BIN/tessera-loadgen"; do
    [ -x "$b" ] || die "missing $b"
done

ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.txt "$OUT"/*.tsv

# pg_stat_statements: usable only when preloaded; leave the admin database as found if not.
pgss=0
pgss_existed=$(psql_admin -c "SELECT count(*) FROM pg_extension WHERE extname = 'pg_stat_statements'")
if psql_admin -c 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements' >/dev/null 2>&1 \
    && psql_admin -c 'SELECT count(*) FROM pg_stat_statements' >/dev/null 2>&1; then
    pgss=1
else
    [ "$pgss_existed" = 0 ] && psql_admin -c 'DROP EXTENSION IF EXISTS pg_stat_statements' >/dev/null 2>&1
    pgss_note="pg_stat_statements unavailable (shared_preload_libraries = '$(psql_admin -c 'SHOW shared_preload_libraries')'); statements per admission not measured"
    say "note: $pgss_note"
fi

# Counters of one database: "xact_commit statements_calls" (calls empty without pgss).
db_counters() {
    local db=$1 commits calls=""
    commits=$(psql_admin -c "SELECT xact_commit FROM pg_stat_database WHERE datname = '$db'")
    if [ "$pgss" = 1 ]; then
        calls=$(psql_admin -c "SELECT COALESCE(SUM(calls), 0) FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '$db')")
    fi
    echo "$commits $calls"
}

say "PostgreSQL: fresh database tessera_cmp_pgbench"
psql_admin -c 'DROP DATABASE IF EXISTS tessera_cmp_pgbench WITH (FORCE)' -c 'CREATE DATABASE tessera_cmp_pgbench' >&2
PGOPTIONS='-c client_min_messages=warning' psql "$PG_BASE/tessera_cmp_pgbench" -qX -v ON_ERROR_STOP=1 >&2 -f bench/pgbench-schema.sql

# One timed run of one side at one concurrency, on a fresh database; appends a row to runs.tsv.
run_point() {
    local side=$1 c=$2 round=$3 bin=$NEW_BIN db url name before="" after rc=0
    [ "$side" = new ] || bin=$BASE_BIN
    db=tessera_cmp_$side url=$PG_BASE/tessera_cmp_$side name=$side-c$c-r$round
    psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db" >&2
    TESSERA_DATABASE_URL=$url "$bin/tessera-server" migrate >"$work/$name.migrate" 2>&1 \
        || { cat "$work/$name.migrate" >&2; die "$name: migrate"; }
    BIN=$bin key_dir=$work/keys-$side
    start_server "$url" "$name"
    new_org "$url" || die "$name: tessera-server init"
    say "$c gates, round $round, $side: enrolling, then ${DURATION}s closed loop"
    # (Environment, not arguments: keeps the admin key out of ps.)
    LOADGEN_IDLE_PAUSE_S=$(( STATS_SETTLE + 3 )) TESSERA_ADMIN_KEY=$admin_key TESSERA_ORG_ID=$org_id \
        TESSERA_DATABASE_URL=$url start_job "$RUN_TIMEOUT" "$NEW_BIN/tessera-loadgen" --base-url "http://$addr" --json --gates "$c" \
        --duration-s "$DURATION" --idle-connections 1 >"$OUT/$name.json" 2>"$work/$name.loadgen"
    until grep -q '^pausing' "$work/$name.loadgen"; do
        kill -0 "$job_pid" 2>/dev/null || break
        sleep 0.2
    done
    if grep -q '^pausing' "$work/$name.loadgen"; then
        sleep "$STATS_SETTLE" & wait $!   # (wait, so a signal ends the script at once)
        before=$(db_counters "$db")
    fi
    wait_job || rc=$?
    [ "$rc" = 0 ] || { cat "$work/$name.loadgen" >&2; die "$name: load generator exited with status $rc (124 = timed out)"; }
    [ -n "$before" ] || die "$name: load generator never paused after enrolling"
    stop_server
    # Backends flush their counters when they exit; wait until all of this database's have.
    for _ in $(seq 100); do
        [ "$(psql_admin -c "SELECT count(*) FROM pg_stat_activity WHERE datname = '$db'")" = 0 ] && break
        sleep 0.1
    done
    after=$(db_counters "$db")
    python3 - "$OUT/$name.json" "$side" "$c" "$round" "$before" "$after" >>"$OUT/runs.tsv" <<'PY' \
        || die "$name: load generator's result rejected (see above)"
import json, sys
path, side, c, rnd, before, after = sys.argv[1:]
d = json.load(open(path))
db, n = d.get("database"), d["admitted"]
bad = []
if not db:
    bad.append("no database check in the result")
elif db["admitted_rows"] != n or db["uses"] != n or db["over_max_uses"] != 0:
    bad.append(f"database check: gates saw {n} admissions, database has {db}")
if d["errors"]:
    bad.append(f"errors: {d['errors']}")
if n == 0:
    bad.append("no admissions")
if bad:
    sys.exit(f"{path}: " + "; ".join(bad))
b, a = before.split(), after.split()
commits = int(a[0]) - int(b[0])
calls = int(a[1]) - int(b[1]) if len(a) > 1 and len(b) > 1 else ""
print("\t".join(map(str, [side, c, rnd, n, d["admissions_per_s"], d["response_to_result_ms"]["p99"], commits, calls])))
PY
    say "  $side: $(json 'round(d["admissions_per_s"])' <"$OUT/$name.json") admissions/s, p99 $(json 'd["response_to_result_ms"]["p99"]' <"$OUT/$name.json") ms"
}

for c in $CONCURRENCIES; do
    for round in $(seq "$ROUNDS"); do
        run_point base "$c" "$round"
        run_point new "$c" "$round"
    done
    say "$c clients: pgbench redemption-only, ${DURATION}s"
    jobs=$(( c < 2 ? c : 2 ))
    run_job "$RUN_TIMEOUT" pgbench -n -c "$c" -j "$jobs" -T "${DURATION%.*}" -f bench/pgbench-redemption.sql \
        "$PG_BASE/tessera_cmp_pgbench" >"$OUT/pgbench-$c.txt" 2>&1 \
        || { cat "$OUT/pgbench-$c.txt" >&2; die "pgbench at $c clients"; }
    tps=$(awk '/^tps = /{print $3}' "$OUT/pgbench-$c.txt")
    [ -n "$tps" ] || die "pgbench at $c clients printed no tps"
    printf '%s\t%s\n' "$c" "$tps" >>"$OUT/pgbench.tsv"
done

echo
echo "Machine: $(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(uname -sr); PostgreSQL $(psql_admin -c 'SHOW server_version'); ${DURATION}s per run, $ROUNDS rounds per side, alternating"
echo "base: $base_desc"
echo "new:  $new_desc"
echo
python3 - "$OUT" "$base_desc" "$new_desc" "${pgss_note:-}" <<'PY'
import json, statistics, sys
out, base_desc, new_desc, note = sys.argv[1:]
runs = [l.rstrip("\n").split("\t") for l in open(f"{out}/runs.tsv")]
pgb = {int(c): float(t) for c, t in (l.split() for l in open(f"{out}/pgbench.tsv"))}
concs = list(pgb)
def sel(side, c):
    return [r for r in runs if r[0] == side and int(r[1]) == c]
def agg(rows):
    rates = [float(r[4]) for r in rows]
    adm = sum(int(r[3]) for r in rows)
    commits = sum(int(r[6]) for r in rows)
    calls = [r[7] for r in rows]
    return {
        "admissions_per_s": {"median": statistics.median(rates), "min": min(rates), "max": max(rates), "rounds": rates},
        "p99_ms_median": statistics.median(float(r[5]) for r in rows),
        "p99_ms": [float(r[5]) for r in rows],
        "admitted": adm,
        "commits": commits,
        "commits_per_admission": commits / adm,
        "statements": sum(int(x) for x in calls) if all(calls) else None,
        "statements_per_admission": sum(int(x) for x in calls) / adm if all(calls) else None,
    }
result = {"base": base_desc, "new": new_desc, "points": [], "totals": {}}
print("| concurrency | base admissions/s median (min–max) | new admissions/s median (min–max) | new/base | pgbench tx/s | new/pgbench | base p99 ms | new p99 ms |")
print("|---|---|---|---|---|---|---|---|")
for c in concs:
    b, n = agg(sel("base", c)), agg(sel("new", c))
    bm, nm = b["admissions_per_s"]["median"], n["admissions_per_s"]["median"]
    point = {"concurrency": c, "base": b, "new": n, "pgbench_tps": pgb[c],
             "new_over_base": nm / bm, "new_over_pgbench": nm / pgb[c]}
    result["points"].append(point)
    rng = lambda a: f'{a["admissions_per_s"]["median"]:.0f} ({a["admissions_per_s"]["min"]:.0f}–{a["admissions_per_s"]["max"]:.0f})'
    print(f'| {c} | {rng(b)} | {rng(n)} | {nm / bm:.2f} | {pgb[c]:.0f} | {nm / pgb[c]:.2f} | {b["p99_ms_median"]:.2f} | {n["p99_ms_median"]:.2f} |')
print()
print("PostgreSQL work per admission, measured over the timed phase of every run (deltas of the run's own database):")
print()
print("| concurrency | base commits/admission | new commits/admission | base statements/admission | new statements/admission |")
print("|---|---|---|---|---|")
fmt = lambda v: "n/a" if v is None else f"{v:.2f}"
for side in ("base", "new"):
    result["totals"][side] = agg([r for r in runs if r[0] == side])
for label, b, n in [(p["concurrency"], p["base"], p["new"]) for p in result["points"]] + [("all", result["totals"]["base"], result["totals"]["new"])]:
    print(f'| {label} | {fmt(b["commits_per_admission"])} | {fmt(n["commits_per_admission"])} | {fmt(b["statements_per_admission"])} | {fmt(n["statements_per_admission"])} |')
if note:
    print()
    print(f"Note: {note}.")
    result["note"] = note
json.dump(result, open(f"{out}/compare.json", "w"), indent=2)
PY
echo
echo "Raw JSON: $OUT/*.json, summary $OUT/compare.json"

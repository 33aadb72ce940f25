# shellcheck shell=bash disable=SC2154
# Shell functions shared by the bench scripts (source it; not a script).
#
# Globals the functions read: BIN (directory holding tessera-server and, unless loadgen_bin
# is set, tessera-loadgen), work (a scratch directory), key_dir (the server's key directory;
# default $work/keys). They set: server_pid and addr (start_server), org_id and admin_key
# (new_org).
loadgen_bin=""
key_dir=""

say() { printf '==> %s\n' "$*" >&2; }
json() { python3 -c "import sys,json; d=json.load(sys.stdin); print(eval(sys.argv[1], {}, {'d': d}))" "$1"; }

# Starts a server with the given database URL; sets server_pid and addr. The load generator
# is one source holding every gate socket and enrolling every pass, and opens its idle
# sockets as fast as it can, so the per-device, per-tenant and per-source bounds and the
# budget of new gate sockets are lifted (servers that predate them ignore these).
start_server() {
    local url=$1 name=$2
    TESSERA_DATABASE_URL=$url TESSERA_LISTEN=127.0.0.1:0 TESSERA_KEY_DIR=${key_dir:-$work/keys} \
        TESSERA_GATE_RATE_PER_S=1000000 TESSERA_LOG=warn \
        TESSERA_MAX_SOCKETS_PER_GATE=100000 TESSERA_MAX_SOCKETS_PER_TENANT=100000 \
        TESSERA_GATE_CONNECTS_PER_S=1000000 \
        TESSERA_CLAIMS_PER_MIN=${BENCH_CLAIMS_PER_MIN:-100000000} \
        TESSERA_CLAIMS_IN_FLIGHT=${BENCH_CLAIMS_IN_FLIGHT:-100000} \
        "$BIN/tessera-server" serve >"$work/$name.out" 2>"$work/$name.err" &
    server_pid=$!
    for _ in $(seq 100); do
        addr=$(awk '/^listening on /{print $3}' "$work/$name.out")
        [ -n "$addr" ] && return 0
        sleep 0.1
    done
    say "server did not start:"; cat "$work/$name.err" >&2; exit 1
}

stop_server() { kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""; }

# Creates a fresh organisation in the given database; sets org_id and admin_key.
new_org() {
    local db_url=$1 org
    org=$(TESSERA_DATABASE_URL=$db_url "$BIN/tessera-server" init --org "bench-$RANDOM" 2>/dev/null)
    admin_key=$(echo "$org" | json 'd["admin_key"]')
    org_id=$(echo "$org" | json 'd["org_id"]')
}

# Runs the load generator for a fresh organisation; prints its JSON summary.
loadgen() {
    local db_url=$1; shift
    new_org "$db_url"
    TESSERA_ADMIN_KEY=$admin_key TESSERA_ORG_ID=$org_id TESSERA_DATABASE_URL=$db_url \
        "${loadgen_bin:-$BIN}/tessera-loadgen" --base-url "http://$addr" --json "$@"
}

rss_mb() { awk '/^VmRSS/{printf "%.0f", $2/1024}' "/proc/$1/status"; }

# Builds the suite's test executable tests/tests/<name> (a script's driver) and prints its
# path; a second argument `--release` builds it optimised.
test_driver() {
    local name=$1
    cargo test -q ${2:-} -p tessera-tests --test "$name" --no-run --message-format=json \
        | python3 -c 'import sys,json
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == sys.argv[1]:
        print(m["executable"])' "$name"
}

#!/usr/bin/env bash
# The Debian package under a real systemd (issue 50): Debian 12 made by debootstrap, booted
# with `systemd-nspawn --boot --keep-unit` (no network but its own loopback), driven from
# outside with `nsenter`. Too slow for the suite's time budget (a first run debootstraps,
# about a minute and a half); the suite's `package` test checks the same unit offline.
#
#   packaging/systemd-test.sh                 # builds the package around the debug binary
#   DEB=target/debian/tessera_….deb packaging/systemd-test.sh
#   KEEP=1 packaging/systemd-test.sh          # leave the machine's root for a look
#
# It checks, in order: install, `systemctl enable --now tessera`; the first admin key is in
# /var/lib/tessera/first-admin-key.json (0600, owned by tessera) and nowhere in the
# journal; /healthz, an API call with the key and admissions over the gate WebSocket
# (tessera-loadgen); a bad value in /etc/tessera/tessera.toml stops the unit in `failed`
# without restarts; fixed, it restarts with the same data; remove (data kept) and reinstall;
# `systemd-analyze security tessera` at 2.0 or better. Each phase prints its duration.
# Needs root; installs debootstrap and systemd-container with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

WORK=${WORK:-target/systemd-test}
BASE=$WORK/base                    # the debootstrapped Debian 12, made once and copied
MACHINE=tessera-test-$$
ROOT=$WORK/$MACHINE
MAX_EXPOSURE=2.0
BOOT_LIMIT_S=120
KEY_FILE=/var/lib/tessera/first-admin-key.json

say() { printf '==> %s\n' "$*" >&2; }
fail() { say "FAIL: $*"; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "run as root (debootstrap and systemd-nspawn need it)"

phase_start=$(date +%s.%N)
phases=()
# Ends the current phase: records its name and duration.
phase() {
    local now
    now=$(date +%s.%N)
    phases+=("$(printf '%-48s %6.1f s' "$1" "$(echo "$now - $phase_start" | bc)")")
    say "ok: $1"
    phase_start=$now
}

for tool in debootstrap:debootstrap systemd-nspawn:systemd-container bc:bc; do
    command -v "${tool%%:*}" >/dev/null && continue
    say "installing ${tool#*:}"
    apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${tool#*:}" >&2
done

# The package: given, or built around the debug binary (the release build takes long).
if [ -z "${DEB:-}" ]; then
    DEB=$(PROFILE=${PROFILE:-dev} packaging/build-deb.sh)
fi
[ -f "$DEB" ] || fail "no package at $DEB"
# The load generator drives admissions through the gate WebSocket from inside the machine.
loadgen=${LOADGEN:-target/debug/tessera-loadgen}
if [ ! -x "$loadgen" ]; then
    say "building tessera-loadgen"
    cargo build --quiet -p tessera-tests --bin tessera-loadgen
fi
phase "package and load generator ready"

if [ ! -x "$BASE/bin/systemctl" ]; then
    mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
    mirror=${mirror:-http://deb.debian.org/debian}
    say "debootstrap bookworm from $mirror into $BASE (once)"
    rm -rf "$BASE.tmp"
    mkdir -p "$WORK"
    debootstrap --variant=minbase \
        --include=systemd,systemd-sysv,dbus,adduser,curl,ca-certificates,procps \
        bookworm "$BASE.tmp" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
        || fail "debootstrap failed: $WORK/debootstrap.log"
    mv "$BASE.tmp" "$BASE"
fi
rm -rf "$ROOT"
cp -a "$BASE" "$ROOT"
echo "$MACHINE" >"$ROOT/etc/hostname"
cp "$DEB" "$ROOT/root/tessera.deb"
install -m0755 "$loadgen" "$ROOT/usr/local/bin/tessera-loadgen"
phase "machine root ready (debootstrap cached in $BASE)"

console=$WORK/$MACHINE.console
nspawn_pid=""
cleanup() {
    if [ -n "$nspawn_pid" ] && kill -0 "$nspawn_pid" 2>/dev/null; then
        kill -TERM "$nspawn_pid" 2>/dev/null || true   # nspawn powers the machine off
        for _ in $(seq 50); do kill -0 "$nspawn_pid" 2>/dev/null || break; sleep 0.2; done
        kill -KILL "$nspawn_pid" 2>/dev/null || true
    fi
    if [ -z "${KEEP:-}" ]; then rm -rf "$ROOT" "$console"; else say "kept $ROOT"; fi
}
trap cleanup EXIT

# No host systemd to register with here: --keep-unit and --register=no; the console goes to
# a file.
systemd-nspawn --boot --keep-unit --register=no --private-network --console=passive \
    -D "$ROOT" -M "$MACHINE" >"$console" 2>&1 &
nspawn_pid=$!
leader=""
for _ in $(seq $((BOOT_LIMIT_S * 5))); do
    leader=$(ps -o pid= --ppid "$nspawn_pid" 2>/dev/null | awk 'NR==1 {print $1}' || true)
    [ -n "$leader" ] && break
    kill -0 "$nspawn_pid" 2>/dev/null || fail "systemd-nspawn exited: $(tail -20 "$console")"
    sleep 0.2
done
[ -n "$leader" ] || fail "no machine leader"

# Runs a shell command inside the machine, as root, in its namespaces.
inside() {
    nsenter -t "$leader" -m -u -i -n -p -r -w \
        env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin SYSTEMD_PAGER=cat SYSTEMD_COLORS=0 \
        LANG=C.UTF-8 /bin/sh -c "$1"
}

state=""
for _ in $(seq $((BOOT_LIMIT_S * 2))); do
    state=$(inside 'systemctl is-system-running' 2>/dev/null || true)
    case $state in running|degraded) break ;; esac
    sleep 0.5
done
case $state in
    running|degraded) ;;
    *) fail "the machine did not boot (state '$state'): $(tail -20 "$console")" ;;
esac
[ "$state" = running ] || say "note: system state '$state': $(inside 'systemctl --failed --no-legend' || true)"
phase "Debian 12 booted under systemd-nspawn ($(inside 'systemctl --version | head -1'))"

inside 'dpkg -i /root/tessera.deb' >&2 || fail "dpkg -i"
inside 'systemctl enable --now tessera' >&2 || fail "systemctl enable --now tessera"
# Active, and listening (the first start creates and migrates the database).
health() {
    for _ in $(seq 120); do
        inside 'curl -fsS http://127.0.0.1:8080/healthz' >/dev/null 2>&1 && return 0
        sleep 0.25
    done
    return 1
}
health || fail "no /healthz: $(inside 'journalctl -u tessera --no-pager | tail -20')"
[ "$(inside 'systemctl is-active tessera')" = active ] || fail "tessera is not active"
phase "installed, enabled and started: /healthz answers"

mode=$(inside "stat -c '%a %U:%G' $KEY_FILE") || fail "no $KEY_FILE"
[ "$mode" = "600 tessera:tessera" ] || fail "$KEY_FILE is $mode, not 600 tessera:tessera"
key=$(inside "cat $KEY_FILE" | sed -n 's/.*"admin_key":"\([^"]*\)".*/\1/p')
org=$(inside "cat $KEY_FILE" | sed -n 's/.*"org_id":"\([^"]*\)".*/\1/p')
[ -n "$key" ] && [ -n "$org" ] || fail "$KEY_FILE holds no admin key"
journal=$(inside 'journalctl --no-pager -o cat')
if grep -qF "$key" <<<"$journal"; then fail "the admin key is in the journal"; fi
grep -qF "first admin key in $KEY_FILE" <<<"$journal" || fail "the journal does not say where the key is"
db_mode=$(inside "stat -c '%a' /var/lib/tessera/tessera.db")
[ "$db_mode" = 600 ] || fail "tessera.db is $db_mode"
phase "first admin key in a 0600 file only, not in the journal"

api() { inside "curl -sS -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer $key' http://127.0.0.1:8080$1"; }
[ "$(api /v1/passes)" = 200 ] || fail "GET /v1/passes with the key: $(api /v1/passes)"
load=$(inside "TESSERA_ADMIN_KEY=$key tessera-loadgen --base-url http://127.0.0.1:8080 \
    --gates 2 --passes 40 --duration-s 2 --enroll api --json" 2>&1) \
    || fail "tessera-loadgen: $load"
admissions=$(sed -n 's/.*"admitted":\([0-9]*\).*/\1/p' <<<"$load" | head -1)
[ "${admissions:-0}" -gt 0 ] || fail "no admission through the gate WebSocket: $load"
phase "API call with the key; $admissions admissions over the gate WebSocket"

# A bad value: exit 2, and the unit stays failed without restarting.
inside "cp /etc/tessera/tessera.toml /root/tessera.toml.good && \
    sed -i 's/^listen = .*/listen = \"not an address\"/' /etc/tessera/tessera.toml"
inside 'systemctl restart tessera' >/dev/null 2>&1 || true
for _ in $(seq 40); do
    [ "$(inside 'systemctl is-active tessera' || true)" = failed ] && break
    sleep 0.25
done
sleep 5   # two restart periods: a unit that restarts would have left `failed` by now
show=$(inside 'systemctl show tessera -p ActiveState -p Result -p ExecMainStatus -p NRestarts')
grep -qx 'ActiveState=failed' <<<"$show" || fail "a bad configuration left the unit: $show"
grep -qx 'ExecMainStatus=2' <<<"$show" || fail "not exit 2: $show"
grep -qx 'NRestarts=0' <<<"$show" || fail "the unit restarted: $show"
inside 'journalctl -u tessera --no-pager -o cat | grep -q "not an address"' \
    || say "note: the journal does not quote the bad value"
phase "bad configuration: unit failed, exit 2, no restart"

inside 'cp /root/tessera.toml.good /etc/tessera/tessera.toml && systemctl reset-failed tessera \
    && systemctl restart tessera' >&2
health || fail "no /healthz after the fix"
[ "$(api /v1/passes)" = 200 ] || fail "the first key no longer works after a restart"
[ "$(inside 'journalctl -u tessera --no-pager -o cat' | grep -c 'first admin key in')" = 1 ] \
    || fail "a restart made another first organisation"
phase "configuration fixed: restarted with the same data"

inside 'apt-get remove -y tessera' >&2 || fail "apt-get remove"
inside '! test -e /usr/bin/tessera-server && test -f /var/lib/tessera/tessera.db' \
    || fail "remove left the binary or took the data"
[ "$(inside 'systemctl is-active tessera' || true)" != active ] || fail "still active after remove"
inside 'dpkg -i /root/tessera.deb && systemctl enable --now tessera' >&2 || fail "reinstall"
health || fail "no /healthz after the reinstall"
[ "$(api /v1/passes)" = 200 ] || fail "the first key no longer works after a reinstall"
phase "removed (data kept) and reinstalled"

rating=$(inside 'systemd-analyze security tessera --no-pager' | tail -1)
exposure=$(sed -n 's/.*Overall exposure level for tessera.service: \([0-9.]*\).*/\1/p' <<<"$rating")
[ -n "$exposure" ] || fail "no exposure in: $rating"
[ "$(echo "$exposure <= $MAX_EXPOSURE" | bc)" = 1 ] || fail "exposure $exposure > $MAX_EXPOSURE"
phase "systemd-analyze security tessera: exposure $exposure"

printf '%s\n' "${phases[@]}"
say "PASS: the package under systemd ($(inside 'systemctl --version | head -1'))"

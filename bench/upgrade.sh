#!/usr/bin/env bash
# A rolling upgrade under load (issue 33), longer and wider than the suite's run of the same
# harness (tests/tests/upgrade): two replicas of the previous release
# (packaging/previous-release, built from this repository's history into
# ~/.cache/tessera/previous-release/<commit>/ the first time on a machine) serve honest
# gates on a fresh PostgreSQL database; mid-run the new binary runs `tessera-server migrate`, then each replica in turn
# gets SIGTERM (it drains its gates), the new release starts in its place and takes traffic
# once `/readyz` is green. Both releases serve side by side between the two steps, and each
# must admit a visitor then.
#
# Prints one `upgrade: …` line (releases, gates, admissions, how long the roll took and how
# many visitors got in meanwhile, resends, failed connects, violations) and exits non-zero
# on any failed, lost or doubled admission, a gate that did not come back, or a visitor
# turned away.
#
#   bench/upgrade.sh                        # 16 gates, 1,200 visitors
#   GATES=32 VISITS=3000 bench/upgrade.sh
#
# PostgreSQL at TESSERA_TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres),
# as for the suite; git history to take the previous release from.
set -euo pipefail
cd "$(dirname "$0")/.."

GATES=${GATES:-16}
VISITS=${VISITS:-1200}
LIMIT_S=${LIMIT_S:-600}
STEP=${STEP:-150}   # admissions between two steps of the roll

# shellcheck source=bench/lib.sh
. bench/lib.sh   # say, test_driver

say "building the server and the upgrade harness (debug)"
cargo build -q -p tessera-server >&2
driver=$(test_driver upgrade)
[ -x "$driver" ] || { say "could not build tests/tests/upgrade"; exit 1; }

say "rolling $(tail -n 1 packaging/previous-release | cut -c1-7) → this tree under $GATES gates, $VISITS visitors"
out=$(mktemp /tmp/tessera-upgrade.XXXXXX)
status=0
TESSERA_UPGRADE_GATES=$GATES TESSERA_UPGRADE_VISITS=$VISITS TESSERA_UPGRADE_LIMIT_S=$LIMIT_S TESSERA_UPGRADE_STEP_ADMISSIONS=$STEP \
    "$driver" --exact a_rolling_upgrade_under_load_loses_and_doubles_no_admission --nocapture \
    >"$out" 2>&1 || status=$?
grep '^upgrade:' "$out" || true
if [ "$status" != 0 ]; then
    say "the roll failed; its output:"
    tail -60 "$out" >&2
fi
rm -f "$out"
exit "$status"

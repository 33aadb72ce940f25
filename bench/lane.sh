#!/usr/bin/env bash
# The lane rig (issue 52): a phone running the web wallet and a tablet running the web gate,
# two headless Chromium pages face to face, each page's camera fed from the other's screen
# through a camera model; a modelled visitor holds the phone up and turns it and taps only
# when the screens ask. Counts the visitor's actions and times each admission from the
# phone held up to the verdict painted on the gate (web/test/lane/, docs/performance.md
# "The lane rig").
#
#   bench/lane.sh                                  # both habits: 50 people, 20 parties of 4
#   PERSONS=10 PARTIES=5 bench/lane.sh             # a shorter run
#   MODES=face-to-face bench/lane.sh               # one habit (three-step | face-to-face)
#   BASELINE_PAGES= bench/lane.sh                  # the three-step habit on today's pages too
#   PAGES=HEAD bench/lane.sh                       # face to face with the committed pages, not the server's
#   BIN=/some/target/release bench/lane.sh         # prebuilt server, no build
#   WALK_MS=2000 FEED_FPS=15 DISTANCE_MM=400 TABLET_CAMERAS=user,environment bench/lane.sh
#   LANE_TRACE=/tmp/lane.json MODES=face-to-face PERSONS=8 PARTIES=0 bench/lane.sh   # a Chromium trace,
#       then node web/test/lane/trace-summary.mjs /tmp/lane.json (the gate's page, challenge to paint)
#
# For each habit: a release tessera-server on a fresh SQLite database (in a scratch
# directory) over plain HTTP on localhost (a secure context for the pages), a fresh
# organisation, then web/test/lane/run.mjs. The three-step habit is the flow before issue 52:
# it runs against the wallet and gate committed at BASELINE_PAGES (default cae3e00, the last
# commit before the face-to-face pages; the rig serves that revision's web/dist, the API is
# the server's), so that the baseline can be measured again. Everything runs on this
# machine: the server, two Chromium pages, their camera feeds and the pages' QR decoders
# share its cores, which a real lane does not.
#
# Prints one line per admission, the legibility of each code of the face-to-face habit to
# the camera that reads it (web/test/lane/legibility.mjs) and a table; raw JSON lands in
# $OUT/lane.json, and the frames each camera saw during the first admission of each habit in
# $OUT/frames/ (each checked to decode). Exits non-zero when a visitor is not admitted.
#
# Environment: MODES ("three-step face-to-face"), PERSONS (50), PARTIES (20), PARTY_SIZE (4),
# WALK_MS (3000), FEED_FPS (10), DISTANCE_MM (250), TABLET_CAMERAS (user), OUT
# (target/bench/lane), BIN (unset: build), BASELINE_PAGES (cae3e00; empty: the server's own),
# PAGES (the face-to-face habit's pages: a git revision; unset: the server's own).
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh

MODES=${MODES:-"three-step face-to-face"}
PERSONS=${PERSONS:-50}
PARTIES=${PARTIES:-20}
PARTY_SIZE=${PARTY_SIZE:-4}
WALK_MS=${WALK_MS:-3000}
FEED_FPS=${FEED_FPS:-10}
DISTANCE_MM=${DISTANCE_MM:-250}
TABLET_CAMERAS=${TABLET_CAMERAS:-user}
OUT=${OUT:-target/bench/lane}
BASELINE_PAGES=${BASELINE_PAGES-cae3e00}
PAGES=${PAGES:-}
if [ -z "${BIN:-}" ]; then
    BIN=target/release
    say "building the release server"
    cargo build --release -p tessera-server >&2
fi
[ -x /usr/bin/chromium ] || { say "needs Debian's Chromium: sudo apt-get install -y chromium"; exit 1; }
if [ ! -d web/node_modules ] || [ web/package-lock.json -nt web/node_modules/.package-lock.json ]; then
    say "npm ci in web/"
    (cd web && npm ci --no-audit --no-fund >&2)
fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
work=$(mktemp -d)
server_pid=""
cleanup() { [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

results=()
status=0
for mode in $MODES; do
    pages=()
    [ "$mode" = three-step ] && [ -n "$BASELINE_PAGES" ] && pages=(--pages-three-step "$BASELINE_PAGES")
    [ "$mode" = face-to-face ] && [ -n "$PAGES" ] && pages=(--pages-face-to-face "$(git rev-parse --short "$PAGES")")
    db="sqlite://$work/$mode.db"
    key_dir=$work/$mode-keys
    start_server "$db" "$mode"
    new_org "$db"
    say "$mode: tessera-server at http://localhost:${addr##*:}; $PERSONS people, $PARTIES parties of $PARTY_SIZE, walk ${WALK_MS} ms"
    # localhost, not 127.0.0.1: Chromium keeps the gate's Secure cookie over plain HTTP only there.
    (cd web && TESSERA_URL="http://localhost:${addr##*:}" TESSERA_ADMIN_KEY=$admin_key node test/lane/run.mjs "${pages[@]}" \
        --modes "$mode" --persons "$PERSONS" --parties "$PARTIES" --party-size "$PARTY_SIZE" \
        --walk-ms "$WALK_MS" --feed-fps "$FEED_FPS" --distance-mm "$DISTANCE_MM" \
        --tablet-cameras "$TABLET_CAMERAS" --json "$OUT/lane-$mode.json" --frames "$OUT/frames" --legibility) \
        || { status=1; say "$mode: not every visitor was admitted"; }
    [ -f "$OUT/lane-$mode.json" ] && results+=("$OUT/lane-$mode.json")
    stop_server
done

python3 - "$OUT/lane.json" "${results[@]}" <<'EOF'
import json, sys
out, parts = sys.argv[1], sys.argv[2:]
merged = {"parameters": None, "results": []}
for p in parts:
    d = json.load(open(p))
    merged["parameters"] = merged["parameters"] or d["parameters"]
    merged["parameters"].setdefault("picture_delay", {}).update(d["parameters"]["picture_delay"])
    merged["parameters"].setdefault("load", {}).update(d["parameters"]["load"])
    merged["results"] += d["results"]
json.dump(merged, open(out, "w"), indent=2)
print()
print(f"| habit | who | n | actions after holding up | held up → verdict p50 | p95 | max | lane, people/min |")
print("|---|---|---:|---|---:|---:|---:|---:|")
for r in merged["results"]:
    rng = lambda x: str(x["min"]) if x["min"] == x["max"] else f'{x["min"]}–{x["max"]}'
    who = "one person" if r["scenario"] == "person" else f'party of {r["party_size"]}'
    print(f'| {r["mode"]} | {who} | {r["visitors"]} | {rng(r["taps"])} taps, {rng(r["turns"])} turns | {r["p50_ms"]/1000:.2f} s | {r["p95_ms"]/1000:.2f} s | {r["max_ms"]/1000:.2f} s | {r["people_per_min"]:.1f} |')
print(f"\nwalk {merged['parameters']['human']['walk']/1000:.1f} s per admission; the UK guide plans 11 people a minute per turnstile")
print(f"raw: {out}")
EOF
exit $status

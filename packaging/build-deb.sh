#!/usr/bin/env bash
# Builds the Debian package of tessera-server (issue 33): target/debian/tessera_<version>_<arch>.deb
#
#   packaging/build-deb.sh               # release build
#   PROFILE=dev packaging/build-deb.sh   # the debug binary, same package
#   TESSERA_BINARY=PATH PROFILE=dev ...  # a binary built already (the suite's)
#
# The package holds /usr/bin/tessera-server (the web apps embedded, as always), the
# configuration /etc/tessera/tessera.toml (a conffile), the hardened unit
# /lib/systemd/system/tessera.service, the licence, the docs and a CycloneDX SBOM of the
# binary's crates (/usr/share/doc/tessera/sbom.cdx.json, made by cargo-sbom, built once per
# machine into the test suite's tool folder: $TESSERA_TOOLS_DIR, else ~/.cache/tessera). Maintainer scripts make the `tessera` system user. Only
# dpkg-deb is needed (Debian's dpkg); nothing runs as root.
set -euo pipefail
cd "$(dirname "$0")/.."

PROFILE=${PROFILE:-release}
OUT=${OUT:-target/debian}
CARGO_SBOM_VERSION=0.10.0

say() { printf '==> %s\n' "$*" >&2; }
command -v dpkg-deb >/dev/null || { say "dpkg-deb not found: apt-get install dpkg"; exit 1; }

target=${CARGO_TARGET_DIR:-target}
if [ -n "${TESSERA_BINARY:-}" ]; then
    binary=$TESSERA_BINARY   # already built (the suite passes the binary it tests)
else
    say "building tessera-server ($PROFILE)"
    cargo build --quiet --profile "$PROFILE" -p tessera-server
    case $PROFILE in dev) dir=debug ;; *) dir=$PROFILE ;; esac
    binary=$target/$dir/tessera-server
fi
version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)

# The same folder and lock as the test suite's `tools::cargo_install`.
tools=${TESSERA_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera}
sbom_root=$tools/cargo-sbom-$CARGO_SBOM_VERSION
sbom_tool=$sbom_root/bin/cargo-sbom
if ! "$sbom_tool" --version 2>/dev/null | grep -q "$CARGO_SBOM_VERSION"; then
    say "installing cargo-sbom $CARGO_SBOM_VERSION into $sbom_root (once per machine)"
    mkdir -p "$tools"
    flock "$tools/.install.lock" env -u CARGO_TARGET_DIR CARGO_PROFILE_RELEASE_OPT_LEVEL=0 \
        cargo install --locked --quiet \
        --version "$CARGO_SBOM_VERSION" --root "$sbom_root" --target-dir "$tools/cargo-build" \
        cargo-sbom
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
chmod 0755 "$stage"   # the package's ./ is the system's /
install -D -m0755 "$binary" "$stage/usr/bin/tessera-server"
install -D -m0640 packaging/tessera.toml "$stage/etc/tessera/tessera.toml"
install -D -m0644 packaging/tessera.service "$stage/lib/systemd/system/tessera.service"
doc=$stage/usr/share/doc/tessera
install -D -m0644 LICENSE "$doc/copyright"
install -m0644 README.md docs/operations.md docs/protocol.md "$doc/"
say "writing the SBOM (CycloneDX JSON) of tessera-server's crates"
"$sbom_tool" sbom --cargo-package tessera-server --output-format cyclone_dx_json_1_6 \
    >"$doc/sbom.cdx.json"

mkdir -p "$stage/DEBIAN"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" packaging/debian/control >"$stage/DEBIAN/control"
printf 'Installed-Size: %s\n' "$(du -sk --exclude=DEBIAN "$stage" | cut -f1)" >>"$stage/DEBIAN/control"
install -m0644 packaging/debian/conffiles "$stage/DEBIAN/conffiles"
install -m0755 packaging/debian/postinst packaging/debian/prerm packaging/debian/postrm "$stage/DEBIAN/"

mkdir -p "$OUT"
deb=$OUT/tessera_${version}_${arch}.deb
# xz for a release; a debug binary (hundreds of MB) is packed fast instead.
case $PROFILE in dev) compress=(-Zgzip -z1) ;; *) compress=(-Zxz) ;; esac
dpkg-deb --root-owner-group "${compress[@]}" --build "$stage" "$deb" >&2
say "built $deb"
echo "$deb"

#!/usr/bin/env bash
# Builds the static release binaries with the storefront embedded:
#   target/x86_64-unknown-linux-musl/release/heimservice    (PCs, servers)
#   target/aarch64-unknown-linux-musl/release/heimservice   (Raspberry Pi 3/4/5, 64-bit OS)
# Needs: rustup targets x86_64-unknown-linux-musl and aarch64-unknown-linux-musl,
# Debian's musl-tools and clang (ring and mimalloc compile some C), Node.js 20+ for the
# UI, and for the Raspberry Pi build musl's aarch64 headers, which this script takes
# from Debian's musl-dev:arm64 package (once: dpkg --add-architecture arm64 && apt-get update).
set -euo pipefail
cd "$(dirname "$0")/.."

# The aarch64 C compile (clang) sees only musl's aarch64 headers, never the host's.
sysroot="$PWD/target/aarch64-musl-sysroot"
if [ ! -f "$sysroot/usr/include/aarch64-linux-musl/stdlib.h" ]; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    echo "build-release.sh: the Raspberry Pi build needs musl's aarch64 headers from Debian;" >&2
    echo "  run once as root: dpkg --add-architecture arm64 && apt-get update" >&2
    exit 1
  fi
  download="$(mktemp -d)"
  (cd "$download" && apt-get download -q musl-dev:arm64)
  mkdir -p "$sysroot"
  dpkg -x "$download"/musl-dev_*_arm64.deb "$sysroot"
  rm -rf "$download"
fi
export CFLAGS_aarch64_unknown_linux_musl="--target=aarch64-linux-musl --sysroot=$sysroot \
-isystem $sysroot/usr/include/aarch64-linux-musl -DMI_DEFAULT_ARENA_EAGER_COMMIT=0"

for target in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  rustup target add "$target" >/dev/null
done
(cd ui && npm ci --no-audit --no-fund && npm run --silent build)
target_dir="${CARGO_TARGET_DIR:-target}"
for target in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  HEIMSERVICE_SKIP_UI_BUILD=1 cargo build --release --locked --target "$target"
  ls -l "$target_dir/$target/release/heimservice"
done

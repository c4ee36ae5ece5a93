#!/usr/bin/env bash
# Builds the static release binaries with the storefront embedded:
#   target/x86_64-unknown-linux-musl/release/heimservice    (PCs, servers)
#   target/aarch64-unknown-linux-musl/release/heimservice   (Raspberry Pi 3/4/5, 64-bit OS)
# Needs: rustup targets x86_64-unknown-linux-musl and aarch64-unknown-linux-musl,
# Debian's musl-tools and clang (ring compiles a little C), Node.js 20+ for the UI.
set -euo pipefail
cd "$(dirname "$0")/.."

for target in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  rustup target add "$target" >/dev/null
done
(cd ui && npm ci --no-audit --no-fund && npm run --silent build)
target_dir="${CARGO_TARGET_DIR:-target}"
for target in x86_64-unknown-linux-musl aarch64-unknown-linux-musl; do
  HEIMSERVICE_SKIP_UI_BUILD=1 cargo build --release --locked --target "$target"
  ls -l "$target_dir/$target/release/heimservice"
done

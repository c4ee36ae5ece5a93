#!/usr/bin/env bash
# Runs the Raspberry Pi binary under qemu-aarch64-static (Debian's qemu-user-static)
# and fetches /healthz and /order-online/ from it. Build it first with
# packaging/build-release.sh (or cargo build --release --target aarch64-unknown-linux-musl).
set -euo pipefail
cd "$(dirname "$0")/.."

binary="${1:-target/aarch64-unknown-linux-musl/release/heimservice}"
[ -x "$binary" ] || { echo "smoke test: no binary at $binary" >&2; exit 1; }
command -v qemu-aarch64-static >/dev/null || { echo "smoke test: needs qemu-aarch64-static (apt-get install qemu-user-static)" >&2; exit 1; }
file "$binary" | grep -q 'ARM aarch64' || { echo "smoke test: $binary is not an aarch64 binary" >&2; exit 1; }

data="$(mktemp -d)"
log="$data/server.log"
port=$((20000 + RANDOM % 20000))
qemu-aarch64-static "$binary" serve --listen "127.0.0.1:$port" --data-dir "$data/data" >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; wait $pid 2>/dev/null || true; rm -rf "$data"' EXIT

for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
health="$(curl -fsS "http://127.0.0.1:$port/healthz")"
echo "$health" | grep -q '"status":"ok"' || { echo "smoke test: /healthz said $health" >&2; cat "$log" >&2; exit 1; }
page="$(curl -fsS "http://127.0.0.1:$port/order-online/")"
echo "$page" | grep -q 'heimservice-config' || { echo "smoke test: /order-online/ is not the storefront" >&2; exit 1; }
echo "smoke test: the aarch64 binary serves /healthz and the storefront under qemu"

#!/usr/bin/env python3
"""Smoke test of one release binary: started on a fresh data directory (under
qemu-user when it is built for another architecture), it must answer /healthz, serve
the storefront and the demo menu, take one cash order, and list that order to an admin.

    packaging/smoke-test.py target/dist/heimservice-0.1.0-linux-arm64

`packaging/build-release.sh` runs it for every binary it builds. Needs Debian's `file`
and, for the Raspberry Pi binaries, qemu-user-static."""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "bench"))
from measures import order_body  # noqa: E402
from shop import LUNCHTIME, Shop  # noqa: E402

# What `file` says of each architecture, and what runs it on this machine.
RUNNERS = {"x86-64": None, "ARM aarch64": "qemu-aarch64-static", "ARM, EABI5": "qemu-arm-static"}


def fail(message):
    sys.exit(f"smoke test: {message}")


def runner_for(binary):
    kind = subprocess.run(["file", "-b", str(binary)], capture_output=True, text=True, check=True).stdout
    if "statically linked" not in kind and "static-pie linked" not in kind:
        fail(f"{binary} is not statically linked: {kind.strip()}")
    for marker, runner in RUNNERS.items():
        if marker in kind:
            if runner and shutil.which(runner) is None:
                fail(f"{binary} needs {runner} (apt-get install qemu-user-static)")
            return marker, runner
    fail(f"{binary}: unknown architecture: {kind.strip()}")


def main():
    if len(sys.argv) != 2:
        fail("usage: packaging/smoke-test.py BINARY")
    binary = pathlib.Path(sys.argv[1])
    if not binary.is_file():
        fail(f"no binary at {binary}")
    arch, runner = runner_for(binary)
    with tempfile.TemporaryDirectory() as work:
        # Under emulation the first start renders the demo's photos slowly.
        shop = Shop(binary, pathlib.Path(work) / "data", runner=runner, start_seconds=180)
        shop.start()
        try:
            health = shop.get_json("/healthz")
            if health.get("status") != "ok":
                fail(f"/healthz said {health}")
            status, _, page = shop.get("/order-online/")
            if status != 200 or b'id="initial-data"' not in page:
                fail("/order-online/ is not the storefront")
            products = shop.get_json("/products/?store_id=14")
            if len(products) < 10:
                fail(f"the demo menu has {len(products)} products")
            body = json.dumps(order_body(shop)).encode()
            request = urllib.request.Request(
                shop.base + "/orders/guest", data=body, method="POST",
                headers={"Content-Type": "application/json"},
            )
            with urllib.request.urlopen(request, timeout=30) as answer:
                order = json.loads(answer.read())
            token = shop.admin_token()
            listed = shop.get_json(f"/admin/orders?date={LUNCHTIME[:10]}", token)
            if listed["count"] != 1:
                fail(f"the admin list holds {listed['count']} orders, not the one placed")
        finally:
            shop.stop()
    print(
        f"smoke test: {binary.name} ({arch}{', ' + runner if runner else ''}): /healthz, the storefront, "
        f"{len(products)} products, order {order.get('id')} placed and listed"
    )


main()

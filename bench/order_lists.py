#!/usr/bin/env python3
"""The cost of the restaurant's order lists with many open orders: places ORDERS phone
orders (open until completed), restarts the server on that database and times
`GET /admin/orders/open` (the board) and `GET /admin/orders?date=` (the history) with
the server's resident memory before and after. A build whose lists are not paged
answers every order at once; a paged one its first page (and the day's figures).

Usage: bench/order_lists.py --binary PATH [--orders N] [--repeat N]
"""
import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from measures import order_body  # noqa: E402
from shop import ADMIN_EMAIL, ADMIN_PASSWORD, LUNCHTIME, Shop  # noqa: E402

PLACING_THREADS = 16


def login(shop):
    form = urllib.parse.urlencode({"username": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
    with urllib.request.urlopen(shop.base + "/login", data=form.encode(), timeout=10) as answer:
        return json.loads(answer.read())["access_token"]


def phone_order(shop, token, body):
    request = urllib.request.Request(
        shop.base + "/admin/phone-orders", data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        if answer.status != 201:
            raise RuntimeError(f"phone order answered {answer.status}")


def place(shop, token, orders):
    guest = order_body(shop)
    body = {key: value for key, value in guest.items() if key not in ("shipping_address", "payment_method")}
    body.update(customer=guest["shipping_address"], minutes=30)
    with ThreadPoolExecutor(PLACING_THREADS) as pool:
        list(pool.map(lambda _: phone_order(shop, token, body), range(orders)))


def timed_get(shop, token, path, repeat):
    """Median milliseconds of `repeat` reads, the answer's size and how many orders it held."""
    times = []
    for _ in range(repeat):
        started = time.monotonic()
        _, _, body = shop.get(path, {"Authorization": f"Bearer {token}"})
        times.append((time.monotonic() - started) * 1000)
    answer = json.loads(body)
    listed = answer if isinstance(answer, list) else answer["orders"]
    return {"ms": round(statistics.median(times), 1), "bytes": len(body), "orders": len(listed)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--orders", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="heimservice-order-lists-") as data:
        shop = Shop(args.binary, data)
        shop.start()
        token = shop.admin_token()
        place(shop, token, args.orders)
        shop.stop()
        # A fresh process on that database: what one read of the list costs.
        shop.start()
        token = login(shop)
        figures = {"orders_open": args.orders}
        for name, path in [("open", "/admin/orders/open"), ("history", f"/admin/orders?date={LUNCHTIME[:10]}")]:
            before = shop.rss_kib()
            read = timed_get(shop, token, path, args.repeat)
            figures[name] = {**read, "rss_before_mib": round(before / 1024, 1), "rss_after_mib": round(shop.rss_kib() / 1024, 1)}
        shop.stop()
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()

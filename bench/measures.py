"""The measurements of the suite. Each returns a dict of figures for one run."""
import json
import os
import re
import subprocess
import time
import urllib.parse
import urllib.request
from pathlib import Path

from shop import LUNCHTIME, Shop, free_port

BENCH = Path(__file__).resolve().parent
SECONDS = 10
MENU_CONNECTIONS = 64
ORDER_CONNECTIONS = 16


def wrk(url, connections, headers=(), script=None, seconds=SECONDS):
    """Runs wrk for `seconds`; returns requests/s, p99 in ms and the non-2xx/3xx count."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    if script:
        command += ["-s", str(script)]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", output)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
    failed = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    total = int(re.search(r"(\d+) requests in", output).group(1))
    errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", output)
    return {
        "rps": rps,
        "p99_ms": float(p99.group(1)) * scale,
        "requests": total,
        "failed": int(failed.group(1)) if failed else 0,
        "socket_errors": sum(int(n) for n in errors.groups()) if errors else 0,
    }


def wait_until_answering(url, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.01)
    raise RuntimeError(f"{url} did not answer within {seconds} s")


def checked(name, result):
    if result["failed"] or result["socket_errors"]:
        raise RuntimeError(f"{name}: {result['failed']} failed answers, {result['socket_errors']} socket errors")
    return result


# What Chromium sends: the menu read is measured as a browser gets it, gzip-compressed.
BROWSER_ENCODINGS = "Accept-Encoding: gzip, deflate, br, zstd"


def menu_reads(shop, tools, work):
    """The menu read against a bare poem route serving the same (compressed) bytes, and the 304 path."""
    path = "/products/?store_id=14"
    _, headers, body = shop.get(path, {"Accept-Encoding": BROWSER_ENCODINGS.split(": ", 1)[1]})
    etag = headers["ETag"]
    coding = headers.get("Content-Encoding")
    if coding != "gzip":
        raise RuntimeError(f"the menu read was not sent gzip-compressed (Content-Encoding: {coding})")
    (work / "products.json.gz").write_bytes(body)
    port = free_port()
    ceiling = subprocess.Popen([str(tools), "ceiling", f"127.0.0.1:{port}", str(work / "products.json.gz"), coding])
    try:
        wait_until_answering(f"http://127.0.0.1:{port}{path}")
        ours = checked("menu", wrk(shop.base + path, MENU_CONNECTIONS, [BROWSER_ENCODINGS]))
        bare = checked("ceiling", wrk(f"http://127.0.0.1:{port}{path}", MENU_CONNECTIONS, [BROWSER_ENCODINGS]))
    finally:
        ceiling.terminate()
        ceiling.wait()
    not_modified = checked(
        "menu 304", wrk(shop.base + path, MENU_CONNECTIONS, [BROWSER_ENCODINGS, f"If-None-Match: {etag}"])
    )
    return {
        "menu_rps": ours["rps"], "menu_p99_ms": ours["p99_ms"],
        "ceiling_rps": bare["rps"], "ceiling_p99_ms": bare["p99_ms"],
        "menu_304_rps": not_modified["rps"], "menu_304_p99_ms": not_modified["p99_ms"],
        "menu_bytes": len(body),
    }


def static_asset(shop):
    """The storefront's main JS chunk, brotli-compressed."""
    _, _, page = shop.get("/order-online/")
    src = re.search(rb'<script type="module"[^>]*src="([^"]+\.js)"', page).group(1).decode()
    main = urllib.parse.urljoin("/order-online/", src)
    _, headers, _ = shop.get(main, {"Accept-Encoding": "br"})
    if headers.get("Content-Encoding") != "br":
        raise RuntimeError(f"{main} was not sent brotli-compressed")
    result = checked("static", wrk(shop.base + main, MENU_CONNECTIONS, ["Accept-Encoding: br"]))
    return {"static_rps": result["rps"], "static_p99_ms": result["p99_ms"]}


def order_body(shop):
    """A valid cash delivery order: two Bruschetta and a small Coca-Cola to 10115."""
    products = shop.get_json("/products/?store_id=14")
    by_name = {product["name"]: product for product in products}
    cola = by_name["Coca-Cola"]
    small = next(variant for variant in cola["variants"] if variant["name"] == "0,33 l")
    return {
        "order_type": "delivery",
        "lines": [
            {"product_id": by_name["Bruschetta"]["id"], "variant_id": None, "extras": [], "quantity": 2},
            {"product_id": cola["id"], "variant_id": small["id"], "extras": [], "quantity": 1},
        ],
        "shipping_address": {
            "type": "shipping", "customer_name": "Gina Gast", "line1": "Torstraße 5",
            "city": "Berlin", "zip": "10115", "country": "DE", "phone": "030 555 1234",
            "email": "gina@example.com",
        },
        "payment_method": "cash", "preorder_at": None, "note": "Bitte klingeln",
    }


def orders(shop, token, work):
    """Concurrent guest orders; afterwards the store must hold every answered order."""
    body = json.dumps(order_body(shop), ensure_ascii=False)
    script = work / "order.lua"
    script.write_text(
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(body, ensure_ascii=False)}\n"
    )
    result = checked("orders", wrk(shop.base + "/orders/guest", ORDER_CONNECTIONS, script=script))
    stored = shop.get_json(f"/admin/orders?date={LUNCHTIME[:10]}", token)["count"]
    # Orders in flight when wrk stopped may be stored without being counted by wrk.
    if not result["requests"] <= stored <= result["requests"] + ORDER_CONNECTIONS:
        raise RuntimeError(f"{result['requests']} orders answered but {stored} stored")
    return {"order_rps": result["rps"], "order_p99_ms": result["p99_ms"], "orders_stored": stored}


def raw_commits(tools, work):
    output = subprocess.run([str(tools), "commits", str(work), str(SECONDS)],
                            capture_output=True, text=True, check=True).stdout
    return {"commit_rps": json.loads(output)["per_second"]}


def status_sockets(shop, tools, token, count):
    output = subprocess.run(
        [str(tools), "sockets", f"127.0.0.1:{shop.port}", "/ws/store/14/status", str(count),
         str(shop.pid), f"{shop.base}/stores/14/pause", token],
        capture_output=True, text=True, check=True,
    ).stdout
    result = json.loads(output)
    return {
        "sockets_rss_mib": result["rss_kib"] / 1024,
        "sockets_delivered": result["delivered"],
        "sockets_p50_ms": result["p50_ms"],
        "sockets_all_ms": result["all_ms"],
        "sockets_open_s": result["open_seconds"],
    }


def first_visit(binary, work):
    """Bytes of JS and CSS of a first storefront visit, and what the admin area adds."""
    shop = Shop(binary, work / "first-visit")
    shop.start()
    try:
        output = subprocess.run(["node", str(BENCH / "first-visit.mjs"), shop.base],
                                capture_output=True, text=True, check=True).stdout
    finally:
        shop.stop()
    return json.loads(output)


def login_memory(shop, attempts=300):
    """Failed logins for unknown accounts, each from its own loopback address (so no
    throttle stops them and each hashes a password): the server's RSS afterwards."""
    import http.client

    form_for = lambda n: urllib.parse.urlencode(  # noqa: E731
        {"username": f"guess{n}@example.com", "password": "wrong-password-1"}
    )
    statuses = {}
    for n in range(attempts):
        source = f"127.0.{1 + n // 250}.{2 + n % 250}"
        connection = http.client.HTTPConnection(
            "127.0.0.1", shop.port, timeout=30, source_address=(source, 0)
        )
        connection.request(
            "POST", "/login", body=form_for(n),
            headers={"Content-Type": "application/x-www-form-urlencoded"},
        )
        status = connection.getresponse().status
        statuses[status] = statuses.get(status, 0) + 1
        connection.close()
    if set(statuses) != {401}:
        raise RuntimeError(f"failed logins: expected 401 each, got {statuses}")
    time.sleep(1)
    return {"logins_rss_mib": shop.rss_kib() / 1024}


def _send(shop, method, path, token, body, content_type):
    request = urllib.request.Request(
        shop.base + path, data=body, method=method,
        headers={"Authorization": f"Bearer {token}", "Content-Type": content_type},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read() or b"null")


def backup_memory(shop, token, photos=260):
    """Grows the shop's database to about a gigabyte (`photos` products, each with a
    4 MiB photo that does not compress), then takes two hot backups through the running
    server (`heimservice backup`, over its control socket) and reads the server's RSS
    before and after each."""
    catalog = shop.get_json("/admin/catalog", token)
    category = catalog["categories"][0]["id"]
    tax = catalog["taxes"][0]["id"]
    header = b"\x89PNG\r\n\x1a\n"
    for n in range(photos):
        product = _send(
            shop, "POST", "/products/", token,
            json.dumps({
                "category_id": category, "name": f"Foto {n}", "tax_id": tax, "type": "variable",
                "variants": [{"name": "Normal", "price": 9.5}], "sort_order": 100 + n,
            }).encode(),
            "application/json",
        )
        photo = header + os.urandom(4 * 1024 * 1024 - len(header) - 1024)
        _send(shop, "PUT", f"/products/{product['id']}/image", token, photo, "image/png")
    database = Path(shop.data_dir) / "heimservice.redb"
    figures = {"backup_db_mib": database.stat().st_size / (1024 * 1024)}
    time.sleep(1)
    figures["backup_rss_before_mib"] = shop.rss_kib() / 1024
    for n in (1, 2):
        started = time.monotonic()
        subprocess.run(
            [shop.binary, "backup", "--data-dir", shop.data_dir],
            env=shop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        figures[f"backup{n}_s"] = time.monotonic() - started
        time.sleep(1)
        figures[f"backup{n}_rss_mib"] = shop.rss_kib() / 1024
    return figures

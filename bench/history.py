#!/usr/bin/env python3
"""Five years of a busy shop: builds the order history through the real write path
(`bench_tools history`: 300 orders a day over HTTP, answered by the restaurant) and
measures the static release binary on it at 0, 1 and 5 years: restart after `kill -9`
under order load, clean restart and graceful stop, stored bytes per order, a hot
backup (time, size, the server's extra memory) and its restore, the order placement
rate against a fresh shop (in rounds that alternate between them), the p99 of the
lists that grow with the history, and the server's memory afterwards. Prints a table (also written to
bench/results/history.md).

Usage: bench/history.py [--years 1,5] [--per-day 300] [--no-build] [--keep DIR]
       bench/history.py --measure-kept DIR [--years 1,5] [--no-build]
--keep DIR builds the history in DIR/history and keeps a copy of it at each measured
point (DIR/year-1, DIR/year-5); --measure-kept DIR measures those copies again (with
a new build of the shop) instead of building the history.
Needs: wrk and Node.js (the fake PayPal). Building five years takes about an hour on a
2-core machine.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measures  # noqa: E402
from run import build  # noqa: E402
from shop import ADMIN_EMAIL, ADMIN_PASSWORD, Shop  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIRST_DAY = date(2021, 1, 4)
DAYS_PER_YEAR = 365
MIB = 1024 * 1024
RESTARTS = 5
KILLS = 3
READ_SECONDS = 5
PLACE_SECONDS = 5
PLACE_RUNS = 1
PLACE_ROUNDS = 5
PLACE_WARMUP_SECONDS = 3


def lunchtime(day):
    """12:30 in Berlin on `day`, in UTC (RFC 3339)."""
    local = datetime(day.year, day.month, day.day, 12, 30, tzinfo=ZoneInfo("Europe/Berlin"))
    return local.astimezone(ZoneInfo("UTC")).strftime("%Y-%m-%dT%H:%M:%SZ")


def shop_on(binary, data_dir, day):
    shop = Shop(binary, data_dir)
    shop.env["HEIMSERVICE_TESTING_CLOCK_START"] = lunchtime(day)
    return shop


def create_admin(binary, data_dir):
    subprocess.run(
        [str(binary), "admin", "create", "--email", ADMIN_EMAIL, "--name", "Bench",
         "--data-dir", str(data_dir)],
        env={"PATH": os.environ.get("PATH", ""), "HEIMSERVICE_ADMIN_PASSWORD": ADMIN_PASSWORD},
        check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )


def year_label(year):
    return f"{year:g} year" + ("" if year == 1 else "s")


def grow(tools, data_dir, first_day, days, per_day):
    output = subprocess.run(
        [str(tools), "history", str(data_dir), first_day.isoformat(), str(days), str(per_day),
         ADMIN_EMAIL, ADMIN_PASSWORD],
        capture_output=True, text=True,
    )
    if output.returncode != 0:
        raise RuntimeError(f"building the history failed: {output.stderr[-2000:]}")
    return json.loads(output.stdout.strip().splitlines()[-1])


def login(shop, email, password):
    form = urllib.parse.urlencode({"username": email, "password": password})
    with urllib.request.urlopen(shop.base + "/login", data=form.encode(), timeout=10) as answer:
        return json.loads(answer.read())["access_token"]


def read_p99(shop, path, token):
    result = measures.wrk(shop.base + path, 4, headers=[f"Authorization: Bearer {token}"], seconds=READ_SECONDS)
    measures.checked(path, result)
    return result["p99_ms"]


def placement_rps(shop, work, seconds=None):
    script = work / "order.lua"
    body = json.dumps(measures.order_body(shop), ensure_ascii=False)
    script.write_text(
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"wrk.body = {json.dumps(body, ensure_ascii=False)}\n"
    )
    rates = []
    for _ in range(PLACE_RUNS):
        result = measures.wrk(shop.base + "/orders/guest", measures.ORDER_CONNECTIONS, script=script, seconds=seconds or PLACE_SECONDS)
        rates.append(measures.checked("orders", result)["rps"])
    return statistics.median(rates)


def peak_rss_during(shop, action):
    """Runs `action` while sampling the server's RSS every 20 ms; (result, peak KiB)."""
    peak = [shop.rss_kib()]
    done = threading.Event()

    def sample():
        while not done.is_set():
            try:
                peak[0] = max(peak[0], shop.rss_kib())
            except (OSError, RuntimeError):
                return
            time.sleep(0.02)

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        result = action()
    finally:
        done.set()
        sampler.join()
    return result, peak[0]


def restart_after_kill(shop, work):
    """Starts the shop, has 16 clients place orders, kills it with SIGKILL in the middle
    and times the next start to the first 200 on /healthz."""
    script = work / "order.lua"
    shop.start()
    load = subprocess.Popen(
        ["wrk", "-t2", f"-c{measures.ORDER_CONNECTIONS}", "-d3s", "-s", str(script), shop.base + "/orders/guest"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    time.sleep(1.5)
    shop.process.send_signal(signal.SIGKILL)
    shop.process.wait()
    shop.process = None
    load.wait()
    started_ms = shop.start()
    shop.stop()
    return started_ms


def measure(binary, tools, history_dir, day, work, customer):
    """Every figure on a copy of `history_dir` (the measurements place orders of their
    own, which must not become part of the history)."""
    data = work / "measured"
    shutil.rmtree(data, ignore_errors=True)
    shutil.copytree(history_dir, data)
    database = data / "heimservice.redb"
    shop = shop_on(binary, data, day)
    figures = {"file_mib": database.stat().st_size / MIB}
    layout = json.loads(subprocess.run([str(tools), "tables", str(database)], capture_output=True, text=True, check=True).stdout)
    print("tables: " + json.dumps(layout), file=sys.stderr)
    entries = {table["table"]: table["entries"] for table in layout["tables"]}
    figures["orders"] = entries["order_id_to_order"]
    figures["paypal_payments"] = entries["payment_id_to_payment"]
    starts, stops = [], []
    for _ in range(RESTARTS):
        starts.append(shop.start())
        started = time.monotonic()
        shop.stop()
        stops.append((time.monotonic() - started) * 1000)
    figures["clean_start_ms"] = statistics.median(starts)
    shop.start()
    admin = login(shop, ADMIN_EMAIL, ADMIN_PASSWORD)
    yesterday = (day - timedelta(days=1)).isoformat()
    figures["board_p99_ms"] = read_p99(shop, "/admin/orders/open", admin)
    figures["day_page_p99_ms"] = read_p99(shop, f"/admin/orders/summaries?date={yesterday}&limit=100", admin)
    figures["day_orders_p99_ms"] = read_p99(shop, f"/admin/orders?date={yesterday}&limit=100", admin)
    month_end = day.replace(day=1) - timedelta(days=1)
    month = f"from={month_end.replace(day=1).isoformat()}&to={month_end.isoformat()}"
    figures["revenue_month_p99_ms"] = read_p99(shop, f"/admin/reports/revenue?{month}", admin)
    # The longest report the admin can ask for: five years (1826 days) by month.
    years = f"from={(month_end - timedelta(days=1825)).isoformat()}&to={month_end.isoformat()}&group=month"
    figures["revenue_years_p99_ms"] = read_p99(shop, f"/admin/reports/revenue?{years}", admin)
    if customer:
        token = login(shop, *customer)
        figures["customer_orders_p99_ms"] = read_p99(shop, "/orders", token)
    backup = work / "backup.redb"
    before = shop.rss_kib()
    started = time.monotonic()
    _, peak = peak_rss_during(shop, lambda: subprocess.run(
        [str(binary), "backup", str(backup), "--data-dir", str(data)],
        env=shop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    ))
    figures["backup_s"] = time.monotonic() - started
    figures["backup_mib"] = backup.stat().st_size / MIB
    figures["backup_extra_rss_mib"] = (peak - before) / 1024
    # A nightly backup must not leave the server larger each night.
    figures["rss_after_backup_mib"] = shop.rss_kib() / 1024
    for _ in range(2):
        backup.unlink()
        subprocess.run(
            [str(binary), "backup", str(backup), "--data-dir", str(data)],
            env=shop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
    figures["rss_after_3_backups_mib"] = shop.rss_kib() / 1024
    # Order load before the memory reading; the placement rates come from the rounds
    # in `placement_rounds`, measured against a fresh shop at the same time.
    placement_rps(shop, work)
    figures["rss_after_mib"] = shop.rss_kib() / 1024
    started = time.monotonic()
    shop.stop()
    stops.append((time.monotonic() - started) * 1000)
    figures["graceful_stop_ms"] = max(stops)
    figures["kill_restart_ms"] = statistics.median(restart_after_kill(shop, work) for _ in range(KILLS))
    restored = work / "restored"
    shutil.rmtree(restored, ignore_errors=True)
    started = time.monotonic()
    subprocess.run(
        [str(binary), "restore", str(backup), "--data-dir", str(restored)],
        env=shop.env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    figures["restore_s"] = time.monotonic() - started
    shutil.rmtree(restored, ignore_errors=True)
    shutil.rmtree(data, ignore_errors=True)
    backup.unlink()
    return figures


def placement_rounds(binary, points, work):
    """The order placement rate of each point (label, data dir, day), measured in
    rounds that visit every point in turn: the machine's speed drifts over the minutes a
    run takes, so each point's rate is compared with the fresh shop's of the same round.
    Answers {label: (median rate, median ratio to the first point)}."""
    rates = {label: [] for label, _, _ in points}
    ratios = {label: [] for label, _, _ in points}
    data = work / "placing"
    for _ in range(PLACE_ROUNDS):
        fresh_rate = None
        for label, history_dir, day in points:
            shutil.rmtree(data, ignore_errors=True)
            shutil.copytree(history_dir, data)
            shop = shop_on(binary, data, day)
            shop.start()
            try:
                # The first seconds after a start fill the page cache: measured is the
                # shop that has been open for a while, after the same warm-up for all.
                placement_rps(shop, work, seconds=PLACE_WARMUP_SECONDS)
                rate = placement_rps(shop, work)
            finally:
                shop.stop()
            fresh_rate = fresh_rate or rate
            rates[label].append(rate)
            ratios[label].append(rate / fresh_rate)
            print(f"placement {label}: {rate:,.0f} /s, {rate / fresh_rate:.2f} of fresh", file=sys.stderr)
    shutil.rmtree(data, ignore_errors=True)
    return {label: (statistics.median(rates[label]), statistics.median(ratios[label])) for label in rates}


def table(stages, per_day):
    columns = " | ".join(f"{label}" for label, _ in stages)
    lines = [
        f"Order history of {per_day} orders a day, static musl build, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}.",
        "",
        f"| Measure | {columns} | Target at 5 years |",
        "|---|" + "---|" * len(stages) + "---|",
    ]

    def row(name, key, fmt, target):
        values = [fmt(figures[key]) if figures.get(key) is not None else "—" for _, figures in stages]
        lines.append(f"| {name} | {' | '.join(values)} | {target} |")

    ms = lambda value: f"{value:,.0f} ms"  # noqa: E731
    row("Orders stored", "orders", lambda value: f"{value:,}", "")
    row("Of which paid with PayPal", "paypal_payments", lambda value: f"{value:,}", "")
    row("Database file", "file_mib", lambda value: f"{value:,.1f} MiB", "")
    row("Stored bytes per order", "bytes_per_order", lambda value: f"{value:,.0f} B", "≤ 1.5 KB")
    row("Restart after `kill -9` under order load", "kill_restart_ms", ms, "≤ 500 ms, ≤ 2× fresh")
    row("Clean restart", "clean_start_ms", ms, "≤ 50 ms")
    row("Graceful stop (slowest)", "graceful_stop_ms", ms, "≤ 5 s")
    row("Hot backup: time", "backup_s", lambda value: f"{value:.1f} s", "≤ 5 s")
    row("Hot backup: size", "backup_mib", lambda value: f"{value:,.1f} MiB", "≤ the live file")
    row("Hot backup: server's extra RSS", "backup_extra_rss_mib", lambda value: f"+{value:.1f} MiB", "≤ +32 MiB")
    row("Server's RSS after one backup", "rss_after_backup_mib", lambda value: f"{value:.1f} MiB", "")
    row("Server's RSS after three backups", "rss_after_3_backups_mib", lambda value: f"{value:.1f} MiB", "same as after one")
    row("Restore of that backup", "restore_s", lambda value: f"{value:.1f} s", "≤ 10 s")
    row("Order placement", "placement_rps", lambda value: f"{value:,.0f} /s", "")
    row("Order placement / fresh shop", "placement_ratio", lambda value: f"{value:.2f}", "≥ 0.9")
    row("Board (open orders) p99", "board_p99_ms", ms, "≤ 20 ms")
    row("A day's history page (100 summaries) p99", "day_page_p99_ms", ms, "≤ 20 ms")
    row("A day's 100 whole orders p99", "day_orders_p99_ms", ms, "")
    row("A customer's orders p99", "customer_orders_p99_ms", ms, "≤ 20 ms")
    row("Revenue of the last month p99", "revenue_month_p99_ms", ms, "≤ 20 ms")
    row("Revenue of five years by month p99", "revenue_years_p99_ms", ms, "")
    row("RSS after the run", "rss_after_mib", lambda value: f"{value:.1f} MiB", "≤ 64 MiB")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--years", default="1,5", help="the points to measure at, besides 0")
    parser.add_argument("--per-day", type=int, default=300)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--keep", help="build the history in DIR/history and keep a copy at each point")
    parser.add_argument("--measure-kept", help="measure the copies a run with --keep DIR left")
    args = parser.parse_args()
    years = [float(year) for year in args.years.split(",")]
    binary, tools, _ = build(args.no_build)
    kept = Path(args.measure_kept or args.keep) if (args.measure_kept or args.keep) else None
    with tempfile.TemporaryDirectory(prefix="heimservice-history-") as work:
        work = Path(work)
        history = kept / "history" if args.keep else work / "history"
        fresh = work / "fresh"
        fresh.mkdir()
        create_admin(binary, fresh)
        stages = [("fresh", measure(binary, tools, fresh, FIRST_DAY, work, None))]
        points = [("fresh", fresh, FIRST_DAY)]
        stages[0][1]["bytes_per_order"] = None
        if not args.measure_kept:
            history.mkdir(parents=True, exist_ok=True)
            create_admin(binary, history)
        days = 0
        for year in years:
            target = round(year * DAYS_PER_YEAR)
            if args.measure_kept:
                point = kept / f"year-{year:g}"
            else:
                grown = grow(tools, history, FIRST_DAY + timedelta(days=days), target - days, args.per_day)
                print(f"history: {json.dumps(grown)}", file=sys.stderr)
                point = (kept or work) / f"year-{year:g}"
                shutil.rmtree(point, ignore_errors=True)
                shutil.copytree(history, point)
            days = target
            today = FIRST_DAY + timedelta(days=days)
            figures = measure(binary, tools, point, today, work, ("kunde0@example.com", "kunden-passwort-0"))
            figures["bytes_per_order"] = figures["file_mib"] * MIB / figures["orders"]
            label = year_label(year)
            stages.append((label, figures))
            points.append((label, point, today))
            print(f"{label}: {json.dumps(figures)}", file=sys.stderr)
        for label, (rate, ratio) in placement_rounds(binary, points, work).items():
            figures = dict(stages)[label]
            figures["placement_rps"], figures["placement_ratio"] = rate, ratio
    report = table(stages, args.per_day)
    print(report)
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "history.md").write_text(report + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The performance suite: builds the static release binary and the bench tools, runs
every measurement RUNS times against the real server on 127.0.0.1 and prints a table
of medians next to the targets (also written to bench/results/latest.md).

Usage: bench/run.py [--runs N] [--no-build] [--sockets N]
Needs: wrk, node with ui/node_modules (npm ci in ui/), /usr/bin/chromium.
"""
import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import measures  # noqa: E402
from shop import Shop  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGET = "x86_64-unknown-linux-musl"
MIB = 1024 * 1024


def build(no_build):
    """The static release build, its bench tools, and the build `cargo run --release`
    makes (glibc), whose memory is measured too."""
    target_dir = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    out = target_dir / TARGET / "release"
    if not no_build:
        subprocess.run(
            ["cargo", "build", "--release", "--target", TARGET,
             "--bin", "heimservice", "--example", "bench_tools"],
            cwd=ROOT, check=True,
        )
        subprocess.run(["cargo", "build", "--release", "--bin", "heimservice"], cwd=ROOT, check=True)
    return out / "heimservice", out / "examples" / "bench_tools", target_dir / "release" / "heimservice"


def raise_fd_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def login_memory_of(binary, work):
    """RSS after 300 failed logins on a fresh shop of `binary`."""
    shop = Shop(binary, work / "logins")
    shop.start()
    try:
        return measures.login_memory(shop)["logins_rss_mib"]
    finally:
        shop.stop()


def backup_memory_of(binary, work):
    """RSS before and after two hot backups of a database of about a gigabyte, on a
    fresh shop of `binary`; the backups are deleted afterwards."""
    shop = Shop(binary, work / "backups")
    shop.start()
    try:
        return measures.backup_memory(shop, shop.admin_token())
    finally:
        shop.stop()
        shutil.rmtree(work / "backups", ignore_errors=True)


def one_run(binary, tools, sockets, work, glibc_binary):
    """Every measurement once, on a fresh data directory. Returns a dict of figures."""
    figures = {}
    shop = Shop(binary, work / "data")
    figures["first_start_ms"] = shop.start()
    shop.stop()
    figures["cold_start_ms"] = shop.start()
    time.sleep(2)
    figures["idle_rss_mib"] = shop.rss_kib() / 1024
    try:
        token = shop.admin_token()
        figures.update(measures.menu_reads(shop, tools, work))
        figures.update(measures.static_asset(shop))
        figures.update(measures.orders(shop, token, work))
        figures.update(measures.raw_commits(tools, work))
        figures.update(measures.status_sockets(shop, tools, token, sockets))
        figures["loaded_rss_mib"] = shop.rss_kib() / 1024
    finally:
        shop.stop()
    figures["logins_rss_mib"] = login_memory_of(binary, work / "musl")
    figures["glibc_logins_rss_mib"] = login_memory_of(glibc_binary, work / "glibc")
    for name, build in (("musl", binary), ("glibc", glibc_binary)):
        for key, value in backup_memory_of(build, work / name).items():
            figures[f"{name}_{key}"] = value
    return figures


def median(runs, key):
    values = [run[key] for run in runs if run.get(key) is not None]
    return statistics.median(values) if values else None


def median_ratio(runs, numerator, denominator):
    """The median of each run's own ratio: the two sides of a run were measured side by
    side on the same machine state, so they are compared within the run."""
    return statistics.median(run[numerator] / run[denominator] for run in runs)


def table(runs, static, machine, sockets):
    m = lambda key: median(runs, key)  # noqa: E731
    menu_ratio = median_ratio(runs, "menu_rps", "ceiling_rps")
    order_ratio = median_ratio(runs, "order_rps", "commit_rps")
    first_js_gzip = static["storefront"]["js_gzip"]
    rows = [
        ("Menu read `GET /products/?store_id=14` as a browser asks (gzip), 64 conn.", f"{m('menu_rps'):,.0f} req/s, p99 {m('menu_p99_ms'):.2f} ms", "", ""),
        ("Bare poem route, the same compressed bytes (ceiling)", f"{m('ceiling_rps'):,.0f} req/s, p99 {m('ceiling_p99_ms'):.2f} ms", "", ""),
        ("Menu read / ceiling", f"{menu_ratio:.2f}", "≥ 0.90", menu_ratio >= 0.9),
        ("Menu read p99", f"{m('menu_p99_ms'):.2f} ms", "< 5 ms", m("menu_p99_ms") < 5),
        ("Menu read with `If-None-Match` (304)", f"{m('menu_304_rps'):,.0f} req/s, p99 {m('menu_304_p99_ms'):.2f} ms", "", ""),
        ("Main JS chunk, `Accept-Encoding: br`", f"{m('static_rps'):,.0f} req/s, p99 {m('static_p99_ms'):.2f} ms", "", ""),
        ("Order placement `POST /orders/guest`, 16 conn.", f"{m('order_rps'):,.0f} orders/s, p99 {m('order_p99_ms'):.1f} ms", "", ""),
        ("Raw redb durable commits (1 insert/commit)", f"{m('commit_rps'):,.0f} commits/s", "", ""),
        ("Orders / raw commits", f"{order_ratio:.2f}", "≥ 0.50", order_ratio >= 0.5),
        (f"{sockets:,} status sockets: server RSS", f"{m('sockets_rss_mib'):.1f} MiB", "< 100 MB", m("sockets_rss_mib") * MIB < 100e6),
        (f"{sockets:,} status sockets: pause reaches all", f"{m('sockets_all_ms'):.0f} ms (p50 {m('sockets_p50_ms'):.0f} ms)", "< 200 ms", m("sockets_all_ms") < 200 and m("sockets_delivered") == sockets),
        ("Binary (musl, stripped, UI embedded)", f"{static['binary_mib']:.2f} MiB ({static['binary_bytes'] / 1e6:.2f} MB)", "≤ 12 MB", static["binary_bytes"] <= 12e6),
        ("Idle RSS after start", f"{m('idle_rss_mib'):.1f} MiB", "< 20 MB", m("idle_rss_mib") * MIB < 20e6),
        ("RSS after the load runs", f"{m('loaded_rss_mib'):.1f} MiB", "", ""),
        ("RSS after 300 failed logins, static musl build", f"{m('logins_rss_mib'):.1f} MiB", "< 100 MiB", m("logins_rss_mib") < 100),
        ("RSS after 300 failed logins, `cargo run --release` build (glibc)", f"{m('glibc_logins_rss_mib'):.1f} MiB", "< 100 MiB", m("glibc_logins_rss_mib") < 100),
        (f"RSS before / after two hot backups of a {m('musl_backup_db_mib'):,.0f} MiB database, static musl build", f"{m('musl_backup_rss_before_mib'):.1f} / {m('musl_backup1_rss_mib'):.1f} / {m('musl_backup2_rss_mib'):.1f} MiB (backups {m('musl_backup1_s'):.1f} s, {m('musl_backup2_s'):.1f} s)", "< 100 MiB", m("musl_backup2_rss_mib") < 100),
        ("RSS before / after two hot backups, `cargo run --release` build (glibc)", f"{m('glibc_backup_rss_before_mib'):.1f} / {m('glibc_backup1_rss_mib'):.1f} / {m('glibc_backup2_rss_mib'):.1f} MiB (backups {m('glibc_backup1_s'):.1f} s, {m('glibc_backup2_s'):.1f} s)", "< 100 MiB", m("glibc_backup2_rss_mib") < 100),
        ("Cold start to first 200 on /healthz", f"{m('cold_start_ms'):.0f} ms (first start with demo seed {m('first_start_ms'):.0f} ms)", "< 150 ms", m("cold_start_ms") < 150),
        ("Storefront first visit JS (gzip / br)", f"{first_js_gzip / 1000:.1f} KB / {static['storefront']['js_br'] / 1000:.1f} KB", "≤ 60 KB gzip", first_js_gzip <= 60_000),
        ("Storefront first visit CSS (gzip / br)", f"{static['storefront']['css_gzip'] / 1000:.1f} KB / {static['storefront']['css_br'] / 1000:.1f} KB", "", ""),
        ("Admin area adds JS + CSS (gzip / br)", f"{(static['admin']['js_gzip'] + static['admin']['css_gzip']) / 1000:.1f} KB / {(static['admin']['js_br'] + static['admin']['css_br']) / 1000:.1f} KB", "", ""),
    ]
    lines = [
        f"Medians of {len(runs)} runs, {machine}.",
        "",
        "| Measurement | Result | Target | Met |",
        "|---|---|---|---|",
    ]
    for name, result, target, met in rows:
        verdict = "" if met == "" else ("yes" if met else "**no**")
        lines.append(f"| {name} | {result} | {target} | {verdict} |")
    return "\n".join(lines), all(met for *_, met in rows if met != "")


def machine_facts():
    model = next(
        (line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
         if line.startswith("model name")),
        platform.processor(),
    )
    return f"{os.cpu_count()} cores ({model}), Linux {platform.release()}, {time.strftime('%Y-%m-%d')}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--sockets", type=int, default=10_000)
    args = parser.parse_args()
    binary, tools, glibc_binary = build(args.no_build)
    fd_limit = raise_fd_limit()
    if fd_limit < args.sockets + 1000:
        sys.exit(f"the hard limit of open files is {fd_limit}; {args.sockets} sockets need more (the server and the client each hold one per socket)")
    runs = []
    static = {"binary_bytes": binary.stat().st_size, "binary_mib": binary.stat().st_size / MIB}
    for index in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="heimservice-bench-") as work:
            work = Path(work)
            figures = one_run(binary, tools, args.sockets, work, glibc_binary)
            if index == 0:
                static.update(measures.first_visit(binary, work))
            print(f"run {index + 1}: {json.dumps(figures)}", file=sys.stderr)
            runs.append(figures)
    report, all_met = table(runs, static, machine_facts(), args.sockets)
    print(report)
    results = ROOT / "bench" / "results"
    results.mkdir(exist_ok=True)
    (results / "latest.md").write_text(report + "\n")
    (results / "latest-runs.json").write_text(json.dumps({"runs": runs, "static": static}, indent=1) + "\n")
    sys.exit(0 if all_met else 1)


if __name__ == "__main__":
    main()

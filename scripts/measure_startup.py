#!/usr/bin/env python3
"""Cold start of a heimservice binary: time from exec to the first 200 on /healthz,
for a first start (new data dir: database created, demo seeded) and for a restart,
plus the idle resident memory. Prints medians of several runs.

Usage: scripts/measure_startup.py [BINARY] (default: the static musl release build)
"""
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

BINARY = sys.argv[1] if len(sys.argv) > 1 else "target/x86_64-unknown-linux-musl/release/heimservice"
PORT = 18555
RUNS = 7


def start_and_wait(data_dir):
    started = time.monotonic()
    process = subprocess.Popen(
        [BINARY, "--listen", f"127.0.0.1:{PORT}", "--data-dir", data_dir],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={},
    )
    deadline = started + 10
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{PORT}/healthz", timeout=1) as answer:
                if answer.status == 200:
                    break
        except OSError:
            time.sleep(0.002)
    else:
        process.kill()
        sys.exit("the server did not answer /healthz within 10 s")
    elapsed_ms = (time.monotonic() - started) * 1000
    status = open(f"/proc/{process.pid}/status").read()
    rss_kib = int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    process.terminate()
    process.wait()
    return elapsed_ms, rss_kib


def main():
    with tempfile.TemporaryDirectory() as scratch:
        first = [start_and_wait(f"{scratch}/data{i}")[0] for i in range(RUNS)]
        again = [start_and_wait(f"{scratch}/data0") for _ in range(RUNS)]
    print(f"binary: {BINARY}")
    print(f"first start to /healthz 200, median of {RUNS}: {statistics.median(first):.1f} ms")
    print(f"restart to /healthz 200, median of {RUNS}: {statistics.median(t for t, _ in again):.1f} ms")
    print(f"idle RSS after start, median: {statistics.median(r for _, r in again) / 1024:.1f} MiB")


if __name__ == "__main__":
    main()

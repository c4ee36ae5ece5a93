"""One heimservice process for the benchmark: start (timed to the first 200 on
/healthz), stop, resident memory, and an admin token."""
import json
import os
import signal
import socket
import subprocess
import time
import urllib.parse
import urllib.request

# Monday lunchtime in Berlin: the demo restaurant is open, so orders are accepted.
LUNCHTIME = "2026-11-23T11:00:00Z"
ADMIN_EMAIL = "bench@example.com"
ADMIN_PASSWORD = "bench-password-1"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Shop:
    def __init__(self, binary, data_dir, runner=None, start_seconds=10):
        """`runner` runs a binary of another architecture (e.g. qemu-aarch64-static)."""
        self.binary = str(binary)
        self.command = ([runner] if runner else []) + [self.binary]
        self.start_seconds = start_seconds
        self.data_dir = str(data_dir)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HEIMSERVICE_TESTING_CLOCK_START": LUNCHTIME,
            # The benchmark measures placing orders, not the flood limits: thousands
            # of orders come from one address and wait unanswered.
            "HEIMSERVICE_LIMITS_ORDERS_PER_IP": "1000000",
            "HEIMSERVICE_LIMITS_ORDERS_PER_CONTACT": "1000000",
            "HEIMSERVICE_LIMITS_MAILS_PER_ADDRESS": "1000000",
            "HEIMSERVICE_ORDERS_MAX_WAITING": "100000",
            # The benchmark's shop books cash in its own POS (the fiscal mode is chosen).
            "HEIMSERVICE_FISCAL_MODE": "pos",
            "HEIMSERVICE_FISCAL_POS_CONFIRMED_BY": "Benchmark",
        }

    def start(self):
        """Starts the server; returns the milliseconds until /healthz answered 200."""
        started = time.monotonic()
        self.process = subprocess.Popen(
            self.command + ["--listen", f"127.0.0.1:{self.port}", "--data-dir", self.data_dir],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=self.env,
        )
        deadline = started + self.start_seconds
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=1) as answer:
                    if answer.status == 200:
                        return (time.monotonic() - started) * 1000
            except OSError:
                time.sleep(0.002)
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz within {self.start_seconds} s")

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    @property
    def pid(self):
        return self.process.pid

    def rss_kib(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")

    def get(self, path, headers=None):
        request = urllib.request.Request(self.base + path, headers=headers or {})
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, answer.read()

    def get_json(self, path, token=None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        return json.loads(self.get(path, headers)[2])

    def admin_token(self):
        """Creates the bench admin through the running server, then logs in."""
        subprocess.run(
            self.command + ["admin", "create", "--email", ADMIN_EMAIL, "--name", "Bench",
                            "--data-dir", self.data_dir],
            env={**self.env, "HEIMSERVICE_ADMIN_PASSWORD": ADMIN_PASSWORD},
            check=True, stdout=subprocess.DEVNULL,
        )
        form = urllib.parse.urlencode({"username": ADMIN_EMAIL, "password": ADMIN_PASSWORD})
        with urllib.request.urlopen(self.base + "/login", data=form.encode(), timeout=10) as answer:
            return json.loads(answer.read())["access_token"]

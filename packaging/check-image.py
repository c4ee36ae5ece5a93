#!/usr/bin/env python3
"""Checks the image packaging/build-image.sh built (buildah's local storage).

    packaging/check-image.py localhost/heimservice:0.1.0 linux/amd64 linux/arm64 linux/arm/v7

- The manifest list holds one image per platform asked for, and no other.
- Each image's configuration is packaging/Containerfile's: the unprivileged user
  65532:65532, the /data volume, port 8080, the HEALTHCHECK running
  `/heimservice healthcheck`, the entry point and command, and the environment.
- Each image's files are exactly /heimservice (the release binary of its platform, byte
  for byte) and an empty /data owned by that user: nothing else (FROM scratch).
- The image of this machine's platform is run as a container runs it: its binary in its
  own root file system (chroot), as its user, with exactly its environment and command
  (plus the public origin every deployment sets), in a network namespace of its own so
  that its port 8080 is its own. Its HEALTHCHECK command must pass, and the database
  must appear in /data.
"""
import hashlib
import json
import os
import platform
import subprocess
import sys


def run(*args, **kwargs):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kwargs).stdout


def fail(message):
    sys.exit(f"check-image: {message}")


def expect(what, found, wanted):
    if found != wanted:
        fail(f"{what}: {found!r}, not {wanted!r}")


def sha256(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def platform_name(entry):
    found = entry["platform"]
    return "/".join(part for part in (found["os"], found["architecture"], found.get("variant")) if part)


def dist_binary(dist, version, name):
    arch = {"linux/amd64": "amd64", "linux/arm64": "arm64", "linux/arm/v7": "armv7"}[name]
    return os.path.join(dist, f"heimservice-{version}-linux-{arch}")


def check_config(name, config):
    expect(f"{name}: user", config.get("User"), "65532:65532")
    expect(f"{name}: entry point", config.get("Entrypoint"), ["/heimservice"])
    expect(f"{name}: command", config.get("Cmd"), ["serve"])
    expect(f"{name}: health check", (config.get("Healthcheck") or {}).get("Test"), ["CMD", "/heimservice", "healthcheck"])
    expect(f"{name}: volumes", sorted((config.get("Volumes") or {}).keys()), ["/data"])
    expect(f"{name}: ports", sorted((config.get("ExposedPorts") or {}).keys()), ["8080/tcp"])
    env = dict(item.split("=", 1) for item in config.get("Env") or [])
    for key, value in {"HEIMSERVICE_LISTEN": "0.0.0.0:8080", "HEIMSERVICE_DATA_DIR": "/data", "HEIMSERVICE_LOG_FORMAT": "json"}.items():
        expect(f"{name}: {key}", env.get(key), value)
    return env


def check_files(name, root, binary):
    entries = sorted(os.listdir(root))
    expect(f"{name}: files at the root", entries, ["data", "heimservice"])
    served = os.path.join(root, "heimservice")
    if not os.access(served, os.X_OK):
        fail(f"{name}: /heimservice is not executable")
    expect(f"{name}: /heimservice", sha256(served), sha256(binary))
    data = os.stat(os.path.join(root, "data"))
    expect(f"{name}: /data owner", (data.st_uid, data.st_gid), (65532, 65532))
    expect(f"{name}: /data mode", oct(data.st_mode & 0o777), oct(0o755))
    expect(f"{name}: /data contents", os.listdir(os.path.join(root, "data")), [])


def run_like_a_container(root, env):
    """Serves from the image's file system as its user, and runs its HEALTHCHECK."""
    environment = " ".join(f"{key}={value}" for key, value in env.items())
    environment += " HEIMSERVICE_PUBLIC_ORIGIN=http://localhost:8080"
    chroot = f"env -i {environment} chroot --userspec=65532:65532 {root}"
    script = f"""
set -u
ip link set lo up
{chroot} /heimservice serve >/tmp/check-image-server.log 2>&1 &
server=$!
healthy=1
for _ in $(seq 1 150); do
  if {chroot} /heimservice healthcheck; then healthy=0; break; fi
  sleep 0.2
done
kill -TERM $server
wait $server
echo "server exit $?"
exit $healthy
"""
    result = subprocess.run(["unshare", "--net", "sh", "-c", script], capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        log = open("/tmp/check-image-server.log").read() if os.path.exists("/tmp/check-image-server.log") else ""
        fail(f"the image's HEALTHCHECK did not pass:\n{result.stdout}{result.stderr}\n{log}")
    if "server exit 0" not in result.stdout:
        fail(f"the server did not stop cleanly on SIGTERM:\n{result.stdout}")
    if not os.path.exists(os.path.join(root, "data", "heimservice.redb")):
        fail("the server kept no database in /data")
    return result.stdout.strip().splitlines()[0]


def main():
    if len(sys.argv) < 3:
        fail("usage: packaging/check-image.py IMAGE PLATFORM...")
    image, wanted = sys.argv[1], sorted(sys.argv[2:])
    version = image.rsplit(":", 1)[1]
    dist = os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "dist")
    manifest = json.loads(run("buildah", "manifest", "inspect", image))
    found = {platform_name(entry): entry["digest"] for entry in manifest["manifests"]}
    expect("platforms", sorted(found), wanted)
    host = {"x86_64": "linux/amd64", "aarch64": "linux/arm64"}.get(platform.machine())
    repository = image.rsplit(":", 1)[0]
    for name, digest in sorted(found.items()):
        reference = f"{repository}@{digest}"
        info = json.loads(run("buildah", "inspect", "--type", "image", reference))
        env = check_config(name, info["Docker"]["config"])
        container = run("buildah", "from", "--pull-never", reference).strip()
        try:
            root = run("buildah", "mount", container).strip()
            check_files(name, root, dist_binary(dist, version, name))
            if name == host:
                health = run_like_a_container(root, env)
                print(f"check-image: {name}: served as the image runs it; HEALTHCHECK: {health}")
        finally:
            subprocess.run(["buildah", "umount", container], capture_output=True)
            subprocess.run(["buildah", "rm", container], capture_output=True)
        print(f"check-image: {name}: configuration and files as packaging/Containerfile says")


main()

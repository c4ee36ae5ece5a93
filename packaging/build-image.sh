#!/usr/bin/env bash
# Builds the container image localhost/heimservice:<version> for linux/amd64, linux/arm64
# and linux/arm/v7 from packaging/Containerfile and the static binaries
# packaging/build-release.sh left in target/dist/, with buildah (Debian: apt-get install
# buildah; no daemon, no emulation: the image has no RUN step), saves it as the OCI
# archive target/dist/heimservice-<version>-image.tar, and checks it
# (packaging/check-image.py): its layout and configuration, and the amd64 binary in it
# serving and passing its own HEALTHCHECK as the image runs it.
# ARCHES="amd64" builds only those platforms; STORAGE_DRIVER defaults to vfs, which
# works in any container or VM.
set -euo pipefail
cd "$(dirname "$0")/.."
export STORAGE_DRIVER="${STORAGE_DRIVER:-vfs}"

version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
dist="${CARGO_TARGET_DIR:-target}/dist"
image="localhost/heimservice:$version"
platforms=()
for arch in ${ARCHES:-amd64 arm64 armv7}; do
  [ -f "$dist/heimservice-$version-linux-$arch" ] || {
    echo "build-image.sh: no $dist/heimservice-$version-linux-$arch; run packaging/build-release.sh first" >&2
    exit 1
  }
  case "$arch" in
    amd64) platforms+=(linux/amd64) ;;
    arm64) platforms+=(linux/arm64) ;;
    armv7) platforms+=(linux/arm/v7) ;;
  esac
done
rm -rf "$dist/image-data"
install -d -m 0755 "$dist/image-data"

buildah manifest rm "$image" >/dev/null 2>&1 || true
buildah build --quiet --format docker --build-arg "VERSION=$version" \
  --platform "$(IFS=,; echo "${platforms[*]}")" --manifest "$image" -f packaging/Containerfile .
rm -f "$dist/heimservice-$version-image.tar"
buildah manifest push --quiet --all "$image" "oci-archive:$dist/heimservice-$version-image.tar:heimservice:$version"
python3 packaging/check-image.py "$image" "${platforms[@]}"
ls -l "$dist/heimservice-$version-image.tar"

#!/usr/bin/env bash
# Builds the release artifacts into target/dist/ and smoke-tests every binary:
#   heimservice-<version>-linux-amd64   PCs and servers        (x86_64-unknown-linux-musl)
#   heimservice-<version>-linux-arm64   Raspberry Pi 3/4/5, 64-bit OS (aarch64-unknown-linux-musl)
#   heimservice-<version>-linux-armv7   Raspberry Pi 2/3/Zero 2 W, 32-bit Raspberry Pi OS
#                                       (armv7-unknown-linux-gnueabihf, glibc linked statically:
#                                       Rust's armv7 musl library cannot be fetched here)
#   heimservice_<version>_{amd64,arm64,armhf}.deb   the same binaries as Debian packages
#   SHA256SUMS
# Each binary is statically linked, with the storefront embedded, and is started by
# packaging/smoke-test.py (the Raspberry Pi ones under qemu-user): /healthz, the
# storefront, the menu and one order.
#
# Needs rustup, Node.js 20+ and, from Debian: musl-tools clang gcc-arm-linux-gnueabihf file
# dpkg-dev python3 qemu-user-static, and musl's C headers for arm64, which this script
# takes from Debian's musl-dev package (once, as root:
# dpkg --add-architecture arm64 && apt-get update).
# ARCHES="amd64 arm64" builds only those (the files of the others in target/dist/ stay and
# are listed in SHA256SUMS too); SMOKE_TEST=0 skips the smoke tests.
set -euo pipefail
cd "$(dirname "$0")/.."

arches="${ARCHES:-amd64 arm64 armv7}"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
target_dir="${CARGO_TARGET_DIR:-target}"
dist="$target_dir/dist"

rust_target() {
  case "$1" in
    amd64) echo x86_64-unknown-linux-musl ;;
    arm64) echo aarch64-unknown-linux-musl ;;
    armv7) echo armv7-unknown-linux-gnueabihf ;;
    *) echo "build-release.sh: unknown architecture $1 (amd64, arm64, armv7)" >&2; exit 1 ;;
  esac
}

# Debian's name of the architecture (packages, musl-dev) and musl's include directory.
debian_arch() { case "$1" in armv7) echo armhf ;; *) echo "$1" ;; esac; }

# The aarch64 C compile (clang: ring, mimalloc, libwebp) sees only musl's headers, never
# the host's. (The armv7 build's C compiler, gcc-arm-linux-gnueabihf, brings its own.)
cross_cflags() {
  local arch="$1" deb triple=aarch64-linux-musl sysroot download
  deb="$(debian_arch "$arch")"
  sysroot="$PWD/$target_dir/musl-sysroot-$deb"
  if [ ! -f "$sysroot/usr/include/$triple/stdlib.h" ]; then
    if ! dpkg --print-foreign-architectures | grep -qx "$deb"; then
      echo "build-release.sh: the $arch build needs musl's $deb headers from Debian;" >&2
      echo "  run once as root: dpkg --add-architecture $deb && apt-get update" >&2
      exit 1
    fi
    download="$(mktemp -d)"
    # Only the flags go to stdout: the caller captures them.
    (cd "$download" && apt-get download -q "musl-dev:$deb") >&2
    mkdir -p "$sysroot"
    dpkg -x "$download"/musl-dev_*_"$deb".deb "$sysroot" >&2
    rm -rf "$download"
  fi
  echo "--target=$triple --sysroot=$sysroot -isystem $sysroot/usr/include/$triple -DMI_DEFAULT_ARENA_EAGER_COMMIT=0"
}

# One .deb: the binary, the hardened unit, the configuration (a conffile, kept on
# upgrades) and the maintainer scripts of packaging/debian/.
build_deb() {
  local arch="$1" binary="$2" deb root
  deb="$(debian_arch "$arch")"
  root="$(mktemp -d)"
  chmod 0755 "$root"
  install -D -m 0755 "$binary" "$root/usr/bin/heimservice"
  install -D -m 0644 packaging/heimservice.service "$root/lib/systemd/system/heimservice.service"
  install -D -m 0640 config.example.toml "$root/etc/heimservice/config.toml"
  # The front page and the book it links to (docs/src), readable where it is installed.
  install -D -m 0644 README.md "$root/usr/share/doc/heimservice/README.md"
  install -d "$root/usr/share/doc/heimservice/docs"
  cp -r docs/src "$root/usr/share/doc/heimservice/docs/src"
  chmod -R u=rwX,go=rX "$root/usr/share/doc/heimservice/docs"
  printf 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: heimservice\n\nFiles: *\nCopyright: heimservice contributors\nLicense: AGPL-3.0-or-later\n' \
    >"$root/usr/share/doc/heimservice/copyright"
  install -d "$root/DEBIAN"
  for script in postinst prerm postrm; do
    install -m 0755 "packaging/debian/$script" "$root/DEBIAN/$script"
  done
  echo /etc/heimservice/config.toml >"$root/DEBIAN/conffiles"
  cat >"$root/DEBIAN/control" <<CONTROL
Package: heimservice
Version: $version
Architecture: $deb
Maintainer: heimservice maintainers <heimservice@localhost>
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: adduser
Section: net
Priority: optional
Description: self-hosted online ordering for one restaurant
 A storefront, admin area, API and command line in one statically linked binary,
 data in one file under /var/lib/heimservice. Configure it in
 /etc/heimservice/config.toml, then \`systemctl enable --now heimservice\`.
CONTROL
  dpkg-deb --root-owner-group -Zxz --build "$root" "$dist/heimservice_${version}_${deb}.deb" >/dev/null
  rm -rf "$root"
}

for arch in $arches; do rustup target add "$(rust_target "$arch")" >/dev/null; done
(cd ui && npm ci --no-audit --no-fund && npm run --silent build)
mkdir -p "$dist"
rm -f "$dist/SHA256SUMS"
for arch in $arches; do
  target="$(rust_target "$arch")"
  rm -f "$dist/heimservice-$version-linux-$arch" "$dist/heimservice_${version}_$(debian_arch "$arch").deb"
  if [ "$arch" = arm64 ]; then
    flags="$(cross_cflags "$arch")"
    export "CFLAGS_${target//-/_}=$flags"
  fi
  HEIMSERVICE_SKIP_UI_BUILD=1 cargo build --release --locked --target "$target"
  binary="$dist/heimservice-$version-linux-$arch"
  cp "$target_dir/$target/release/heimservice" "$binary"
  build_deb "$arch" "$binary"
  if [ "${SMOKE_TEST:-1}" != 0 ]; then
    python3 packaging/smoke-test.py "$binary"
  fi
done
(cd "$dist" && sha256sum heimservice-* heimservice_*.deb >SHA256SUMS)
ls -l "$dist"

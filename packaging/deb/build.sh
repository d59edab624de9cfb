#!/usr/bin/env bash
# Builds newsfeed_<version>_<arch>.deb from this checkout. Run from the repo root:
#   packaging/deb/build.sh [OUTPUT_DIR]        (default: the repo root)
# Needs the Swift toolchain, libcurl4-openssl-dev (to link the Swift runtime statically),
# (the package always has the image cache, the ImageCache trait: libvips is loaded at run time, so the build needs
# no libvips-dev and the package Depends on libvips42 explicitly),
# and Debian's own tools: dpkg-deb, dpkg-shlibdeps (dpkg-dev), strip (binutils), gzip.
# NEWSFEED_SCRATCH overrides SwiftPM's build folder (default .build).
set -euo pipefail

[[ -f Package.swift && -d packaging/deb ]] || {
    echo "packaging/deb/build.sh: run it from the repo root" >&2
    exit 64
}
here=packaging/deb
out_dir=${1:-.}
scratch=${NEWSFEED_SCRATCH:-.build}

version=$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/NewsModel/NewsFeedVersion.swift)
[[ -n $version ]] || {
    echo "packaging/deb/build.sh: no version found in NewsFeedVersion.swift" >&2
    exit 1
}
arch=$(dpkg --print-architecture)
changelog_version=$(sed -n '1s/^newsfeed (\([^)]*\)).*/\1/p' "$here/debian/changelog")
[[ $changelog_version == "$version" ]] || {
    echo "packaging/deb/build.sh: debian/changelog is at $changelog_version, the sources at $version: add a changelog entry" >&2
    exit 1
}

packaging/require-libcurl-dev.sh packaging/deb/build.sh
# The package is the build users get, so it has the image cache (docs/image-cache.md); the default
# `swift build` stays free of libvips. The binary does not link libvips: it loads libvips.so.42 with dlopen when
# the first image is thumbnailed (Sources/CVips/shim.h), so dpkg-shlibdeps cannot see it and libvips42 is added
# to Depends below.
echo "packaging/deb/build.sh: swift build -c release --traits ImageCache --static-swift-stdlib (newsfeed $version, $arch)"
swift build -c release --traits ImageCache --static-swift-stdlib -Xlinker -z -Xlinker now --product newsfeed \
    --scratch-path "$scratch" 2>&1 |
    grep -v -e "the use of \`mktemp' is dangerous" -e "prohibited flag(s): -pthread" || true
binary="$scratch/release/newsfeed"
[[ -x $binary ]] || {
    echo "packaging/deb/build.sh: the release build produced no $binary" >&2
    exit 1
}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
install -d -m 0755 "$root/DEBIAN" "$root/usr/bin" "$root/lib/systemd/system" "$root/etc/newsfeed" \
    "$root/usr/share/doc/newsfeed" "$root/usr/share/man/man1"
install -m 0755 "$binary" "$root/usr/bin/newsfeed"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/newsfeed"

# What the binary still links dynamically must be what docs/deployment.md says: the C and C++
# runtime (libc, libm, libstdc++, libgcc_s), libxml2 and zlib. libcurl and libvips are not linked: the first
# request opens libcurl with dlopen (Sources/CCurl), the image cache libvips when it first needs it (Sources/CVips),
# so Depends names libcurl4 and libvips42 by hand.
needed=$(readelf -d "$root/usr/bin/newsfeed" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort | tr '\n' ' ')
expected="ld-linux-x86-64.so.2 libc.so.6 libgcc_s.so.1 libm.so.6 libstdc++.so.6 libxml2.so.2 "
expected+="libz.so.1 "
if [[ $arch == amd64 && $needed != "$expected" ]]; then
    echo "packaging/deb/build.sh: the binary links [$needed], docs/deployment.md documents [$expected]" >&2
    exit 1
fi

install -m 0644 "$here"/systemd/newsfeed.service "$here"/systemd/newsfeed-watch.service \
    "$here"/systemd/newsfeed-watch.timer "$root/lib/systemd/system/"
install -m 0644 "$here/newsfeed.json" "$root/etc/newsfeed/newsfeed.json"
install -m 0644 "$here/debian/copyright" "$root/usr/share/doc/newsfeed/copyright"
gzip -9n <"$here/debian/changelog" >"$root/usr/share/doc/newsfeed/changelog.gz"
gzip -9n <"$here/newsfeed.1" >"$root/usr/share/man/man1/newsfeed.1.gz"
chmod 0644 "$root/usr/share/doc/newsfeed/changelog.gz" "$root/usr/share/man/man1/newsfeed.1.gz"
install -m 0755 "$here"/debian/postinst "$here"/debian/prerm "$here"/debian/postrm "$root/DEBIAN/"
install -m 0644 "$here/debian/conffiles" "$root/DEBIAN/conffiles"

# Depends from the libraries the binary really needs (dpkg-shlibdeps reads the symbols files).
mkdir -p "$stage/src/debian"
printf 'Source: newsfeed\n\nPackage: newsfeed\nArchitecture: any\n' >"$stage/src/debian/control"
shlibs=$(cd "$stage/src" && dpkg-shlibdeps -O "$root/usr/bin/newsfeed" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[[ -n $shlibs ]] || {
    echo "packaging/deb/build.sh: dpkg-shlibdeps found no dependencies" >&2
    exit 1
}
# libcurl and libvips are loaded with dlopen (not DT_NEEDED, so shlibdeps cannot see them): libcurl.so.4 is Debian's
# libcurl4, 7.85 the oldest with every option the engine sets (CURLOPT_PROTOCOLS_STR); libvips.so.42 is libvips42,
# 8.14 the version the shim's declarations are checked against.
shlibs="$shlibs, libcurl4 (>= 7.85), libvips42 (>= 8.14)"

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$shlibs, adduser/" \
    -e "s/@SIZE@/$installed_size/" "$here/debian/control.in" >"$root/DEBIAN/control"
(cd "$root" && find usr lib etc -type f ! -path 'etc/*' -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"

mkdir -p "$out_dir"
deb="$out_dir/newsfeed_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "packaging/deb/build.sh: wrote $deb ($(du -h "$deb" | cut -f1); /usr/bin/newsfeed $(du -h "$root/usr/bin/newsfeed" | cut -f1); Depends: $shlibs, adduser)"

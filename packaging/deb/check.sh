#!/usr/bin/env bash
# The Debian package round trip, for CI (.ci/run calls it; run from the repo root as root):
# build the package, lintian (no errors, no warnings), systemd-analyze verify and security
# on the units, dpkg -i, the binary runs, the user, folders, key file and modes are right,
# the packaged config builds feeds as the newsfeed user (from a loopback stub), the installed
# binary's image cache (libvips) makes copies of a loopback picture, a reinstall
# keeps an edited conffile and the key, dpkg -r keeps feeds and key, dpkg -P removes them.
# It refuses to touch a machine where the newsfeed package is already installed.
set -euo pipefail

say() { echo "packaging/deb/check.sh: $*"; }
fail() {
    echo "packaging/deb/check.sh: FAILED: $*" >&2
    exit 1
}

[[ -f Package.swift && -d packaging/deb ]] || fail "run it from the repo root"
[[ $(id -u) == 0 ]] || fail "needs root (it installs and purges the package)"
if dpkg-query -W -f='${Status}' newsfeed 2>/dev/null | grep -qv "not-installed"; then
    fail "the newsfeed package is already on this machine; the check installs and purges it, so remove it first (dpkg -P newsfeed)"
fi

export DEBIAN_FRONTEND=noninteractive
need=()
command -v dpkg-shlibdeps >/dev/null 2>&1 || need+=(dpkg-dev)
command -v lintian >/dev/null 2>&1 || need+=(lintian)
command -v systemd-analyze >/dev/null 2>&1 || need+=(systemd)
command -v strip >/dev/null 2>&1 || need+=(binutils)
command -v adduser >/dev/null 2>&1 || need+=(adduser)
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || need+=(libcurl4-openssl-dev)
dpkg -s libvips-dev >/dev/null 2>&1 || need+=(libvips-dev)    # the package has the image cache
if ((${#need[@]})); then
    say "installing ${need[*]}"
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

work=$(mktemp -d)
user_existed=no
getent passwd newsfeed >/dev/null && user_existed=yes
stub_pid=
cleanup() {
    if [[ -n $stub_pid ]]; then kill "$stub_pid" 2>/dev/null || true; fi
    if dpkg-query -W -f='${Status}' newsfeed 2>/dev/null | grep -qv "not-installed"; then
        dpkg -P newsfeed >/dev/null 2>&1 || true
    fi
    if [[ $user_existed == no ]] && getent passwd newsfeed >/dev/null; then
        deluser --system --quiet newsfeed >/dev/null 2>&1 || userdel newsfeed || true
        getent group newsfeed >/dev/null && { delgroup --system --quiet newsfeed >/dev/null 2>&1 || groupdel newsfeed || true; }
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# 1. The package builds.
packaging/deb/build.sh "$work"
deb=$(ls "$work"/newsfeed_*_"$(dpkg --print-architecture)".deb)
listing=$(dpkg-deb -c "$deb")
depends=$(dpkg-deb -f "$deb" Depends)
for path in ./usr/bin/newsfeed ./lib/systemd/system/newsfeed.service ./lib/systemd/system/newsfeed-watch.service \
    ./lib/systemd/system/newsfeed-watch.timer ./etc/newsfeed/newsfeed.json; do
    grep -q " $path\$" <<<"$listing" || fail "$deb lacks $path"
done
grep -q libcurl4 <<<"$depends" || fail "Depends lacks libcurl4"
grep -q libxml2 <<<"$depends" || fail "Depends lacks libxml2"
grep -q zlib1g <<<"$depends" || fail "Depends lacks zlib1g"
grep -q libvips42 <<<"$depends" || fail "Depends lacks libvips42 (the package is built with the ImageCache trait)"
[[ $(dpkg-deb -I "$deb" conffiles) == /etc/newsfeed/newsfeed.json ]] || fail "newsfeed.json is not a conffile"

# 2. lintian: no errors and no warnings (the informational tags kept are listed in docs/deployment.md).
say "lintian"
lintian --fail-on error,warning "$deb" 2>&1 | grep -v "running with root privileges" || true
lintian --fail-on error,warning "$deb" >/dev/null 2>&1 || fail "lintian reports errors or warnings"

# 3. Install.
say "dpkg -i"
dpkg -i "$deb" >"$work/install.log" 2>&1 || {
    cat "$work/install.log" >&2
    fail "dpkg -i"
}
grep -q "put NEWSAPI_KEY=" "$work/install.log" || fail "the first install does not say where the key goes"

# 4. The units: systemd accepts them, and the sandbox stays tight.
say "systemd-analyze verify"
units=(/lib/systemd/system/newsfeed.service /lib/systemd/system/newsfeed-watch.service /lib/systemd/system/newsfeed-watch.timer)
if ! out=$(SYSTEMD_LOG_LEVEL=notice systemd-analyze verify "${units[@]}" 2>&1) || [[ -n $out ]]; then
    echo "$out" >&2
    fail "systemd-analyze verify does not accept the units"
fi
grep -qx 'ExecReload=/bin/kill -HUP $MAINPID' /lib/systemd/system/newsfeed.service ||
    fail "newsfeed.service: no ExecReload= sending SIGHUP (systemctl reload newsfeed)"
for unit in newsfeed.service newsfeed-watch.service; do
    systemd-analyze security --offline=true --threshold=20 "/lib/systemd/system/$unit" >"$work/security.txt" 2>&1 || {
        cat "$work/security.txt" >&2
        fail "$unit: systemd-analyze security exposure above 2.0"
    }
    say "$unit: $(tail -n 1 "$work/security.txt")"
done

# 5. The binary runs, also as the service's user.
/usr/bin/newsfeed --version | grep -q "^newsfeed " || fail "/usr/bin/newsfeed --version"
/usr/bin/newsfeed --version | grep -q "libvips .*; traits: ImageCache)" ||
    fail "/usr/bin/newsfeed --version does not name libvips and the ImageCache trait: $(/usr/bin/newsfeed --version)"
runuser -u newsfeed -- /usr/bin/newsfeed --version >/dev/null || fail "newsfeed --version as the newsfeed user"
# libvips is loaded on the first image, not at start: not among the binary's linked libraries.
! ldd /usr/bin/newsfeed | grep -q libvips || fail "/usr/bin/newsfeed links libvips (it must load it on first use)"
say "$(/usr/bin/newsfeed --version)"

# 6. The user, the folders, the key file.
IFS=: read -r _ _ uid _ _ home shell < <(getent passwd newsfeed) || fail "no newsfeed user"
((uid < 1000)) || fail "newsfeed is not a system user (uid $uid)"
[[ $home == /var/lib/newsfeed ]] || fail "newsfeed's home is $home"
[[ $shell == */nologin || $shell == /bin/false ]] || fail "newsfeed's shell is $shell"
expect_mode() { # path owner:group mode
    local got
    got=$(stat -c '%U:%G %a' "$1" 2>/dev/null) || fail "$1 is missing"
    [[ $got == "$2 $3" ]] || fail "$1 is $got, expected $2 $3"
}
expect_mode /var/lib/newsfeed newsfeed:newsfeed 755
expect_mode /var/lib/newsfeed/Feeds newsfeed:newsfeed 755
expect_mode /etc/newsfeed root:root 755
expect_mode /etc/newsfeed/newsfeed.json root:root 644
expect_mode /etc/newsfeed/key.env root:root 600
[[ ! -s /etc/newsfeed/key.env ]] || fail "a fresh key.env is not empty"
grep -q '"output": "/var/lib/newsfeed/Feeds"' /etc/newsfeed/newsfeed.json || fail "the packaged output is not /var/lib/newsfeed/Feeds"

# 7. The packaged config works as the service runs it: as newsfeed, key from key.env,
#    writing only below the output (a loopback stub stands in for NewsAPI).
mkdir -p "$work/stub/v2"
# A real NewsAPI answer, read from the shared folder beside the checkout (never copied into the tree).
sample="${NEWSFEED_SHARED:-../shared}/reference/samples/newsapi-top-headlines-us-2021-06-04.json"
[[ -f $sample ]] || fail "$sample is missing: the check reads the real NewsAPI answer from the shared folder (or NEWSFEED_SHARED)"
cp "$sample" "$work/stub/v2/top-headlines"
python3 - "$work/stub" >"$work/stub.port" 2>/dev/null <<'PY' &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1], flush=True)
server.serve_forever()
PY
stub_pid=$!
for _ in $(seq 50); do [[ -s $work/stub.port ]] && break; sleep 0.1; done
port=$(cat "$work/stub.port")
[[ -n $port ]] || fail "the loopback NewsAPI stub did not start"
echo "NEWSAPI_KEY=check-key" >/etc/newsfeed/key.env
say "newsfeed build as the newsfeed user"
# systemd reads the root-only key file as root, then drops to the user: so does this.
(set -a && . /etc/newsfeed/key.env && cd /var/lib/newsfeed && NEWSAPI_BASE_URL="http://127.0.0.1:$port" \
    runuser -u newsfeed -- /usr/bin/newsfeed build --quiet --config /etc/newsfeed/newsfeed.json) ||
    fail "newsfeed build with the packaged config as the newsfeed user"
expect_mode /var/lib/newsfeed/Feeds/us/health.rss newsfeed:newsfeed 644
expect_mode /var/lib/newsfeed/Feeds/index.html newsfeed:newsfeed 644

# 7b. The installed binary's image cache works (libvips from the package's Depends), with no writable and
#     executable memory: a story whose picture is on the loopback stub gets a re-encoded copy in images/,
#     and its feed points at it.
say "newsfeed build with the image cache"
mkdir -p "$work/stub/cache/v2"
cp Tests/ImagesTests/Fixtures/photo-400x300.jpg "$work/stub/photo.jpg"
printf '{"status": "ok", "totalResults": 1, "articles": [{"source": {"id": null, "name": "Example"}, "author": null, "title": "A story with a picture", "description": "What happened.", "url": "https://news.example.com/picture", "urlToImage": "http://127.0.0.1:%s/photo.jpg", "publishedAt": "2026-12-01T10:00:00Z", "content": null}]}\n' \
    "$port" >"$work/stub/cache/v2/top-headlines"
printf '{"site": "https://feeds.example.com/", "output": "%s/cache-feeds", "allowPrivate": true, "images": {"cache": true}, "feeds": [{"country": "us", "category": "health"}]}\n' \
    "$work" >"$work/cache.json"
# Under the kernel's refusal of writable-executable memory (prctl PR_SET_MDWE, Linux 6.3+), which is what the
# units' MemoryDenyWriteExecute= asks for: libvips must not need run-time generated code.
NEWSAPI_KEY=check-key NEWSAPI_BASE_URL="http://127.0.0.1:$port/cache" python3 - "$work/cache.json" <<'PY' ||
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
if libc.prctl(65, 1, 0, 0, 0) != 0:  # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
    print("packaging/deb/check.sh: this kernel has no PR_SET_MDWE; the cache runs without it", flush=True)
os.execv("/usr/bin/newsfeed", ["newsfeed", "build", "--quiet", "--config", sys.argv[1]])
PY
    fail "newsfeed build with the image cache"
copy=$(ls "$work/cache-feeds/images/" 2>/dev/null | grep -E '^[0-9a-f]{32}-320\.jpg$' || true)
[[ -n $copy ]] || fail "the image cache wrote no 320-pixel copy: $(ls "$work/cache-feeds/images/" 2>&1)"
grep -q "https://feeds.example.com/images/$copy" "$work/cache-feeds/us/health.rss" ||
    fail "the feed does not point at the copy images/$copy"

# 8. A reinstall keeps an edited conffile and the key.
sed -i 's|"maxItems": 100|"maxItems": 50|' /etc/newsfeed/newsfeed.json
say "dpkg -i again (upgrade path)"
dpkg -i "$deb" >"$work/reinstall.log" 2>&1 || {
    cat "$work/reinstall.log" >&2
    fail "reinstall"
}
grep -q '"maxItems": 50' /etc/newsfeed/newsfeed.json || fail "the reinstall overwrote the edited conffile"
grep -qx "NEWSAPI_KEY=check-key" /etc/newsfeed/key.env || fail "the reinstall overwrote key.env"
expect_mode /etc/newsfeed/key.env root:root 600

# 9. dpkg -r: binary and units gone, feeds, key and config kept.
say "dpkg -r"
dpkg -r newsfeed >/dev/null || fail "dpkg -r"
[[ ! -e /usr/bin/newsfeed ]] || fail "dpkg -r left /usr/bin/newsfeed"
[[ ! -e /lib/systemd/system/newsfeed.service ]] || fail "dpkg -r left newsfeed.service"
[[ -f /var/lib/newsfeed/Feeds/us/health.rss ]] || fail "dpkg -r removed the feeds"
grep -qx "NEWSAPI_KEY=check-key" /etc/newsfeed/key.env || fail "dpkg -r removed the key"
[[ -f /etc/newsfeed/newsfeed.json ]] || fail "dpkg -r removed the config"
dpkg-query -W -f='${Status}' newsfeed | grep -q "config-files" || fail "after dpkg -r the package is not in config-files state"

# 10. dpkg -P: the data and the key go too.
say "dpkg -P"
dpkg -P newsfeed >/dev/null || fail "dpkg -P"
[[ ! -e /var/lib/newsfeed ]] || fail "dpkg -P left /var/lib/newsfeed"
[[ ! -e /etc/newsfeed ]] || fail "dpkg -P left /etc/newsfeed"
say "ok: build, lintian, units, install, user and modes, build as newsfeed, reinstall, remove, purge"

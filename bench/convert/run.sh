#!/usr/bin/env bash
# newsfeed convert vs python-feedgen on a 100- and a 10,000-article NewsAPI response.
# Installs what is missing, builds newsfeed in release mode, prints the results table and ratios.
# No network use besides package installation; about a minute on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE=bench/convert

need_apt() {  # need_apt COMMAND PACKAGE
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "installing $2 (apt-get)" >&2
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$2" >/dev/null \
        || echo "could not install $2; falling back where possible" >&2
}
need_apt python3 python3
need_apt /usr/bin/time time
need_apt hyperfine hyperfine      # optional: measure.py has its own timing loop
python3 -c 'import feedgen, dateutil' 2>/dev/null || python3 -m pip install --quiet feedgen \
    || python3 -m pip install --quiet --break-system-packages feedgen

# The binary as the README installs it: release, Swift runtime and Foundation linked statically
# (it runs anywhere it is copied; linking FoundationNetworking statically needs libcurl's headers).
dpkg -s libcurl4-openssl-dev >/dev/null 2>&1 || { apt-get update -qq >/dev/null; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libcurl4-openssl-dev >/dev/null; }
swift build -c release --static-swift-stdlib --scratch-path .build/static >&2
NEWSFEED="$PWD/.build/static/release/newsfeed"
# For comparison, the default dynamically linked build (`swift build -c release`).
swift build -c release >&2
DYNAMIC="$PWD/.build/release/newsfeed"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
python3 $HERE/generate_headlines.py 100 "$WORK/headlines-100.json" --seed 20240601
python3 $HERE/generate_headlines.py 10000 "$WORK/headlines-10000.json" --seed 20240601

# Both tools must produce a well-formed feed with the same items before their times mean anything.
for n in 100 10000; do
    "$NEWSFEED" convert "$WORK/headlines-$n.json" --country us --category health \
        --site https://feeds.example.com/ > "$WORK/newsfeed-$n.rss"
    python3 $HERE/feedgen_convert.py "$WORK/headlines-$n.json" --country us --category health \
        --site https://feeds.example.com/ > "$WORK/feedgen-$n.rss"
    python3 - "$WORK/newsfeed-$n.rss" "$WORK/feedgen-$n.rss" "$WORK/headlines-$n.json" <<'PY'
import json, sys, xml.etree.ElementTree as ET
counts = [len(ET.parse(path).getroot().findall("./channel/item")) for path in sys.argv[1:3]]
articles = len(json.load(open(sys.argv[3]))["articles"])
print(f"{articles} articles: newsfeed {counts[0]} items, feedgen {counts[1]} items", file=sys.stderr)
assert counts[0] == counts[1] > 0, "the two converters disagree on the items"
PY
done

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')" 
python3 $HERE/measure.py "$NEWSFEED" "$WORK/headlines-100.json" "$WORK/headlines-10000.json" "$WORK"
echo
echo "the same inputs with the dynamically linked build (.build/release/newsfeed):"
for n in 100 10000; do
    hyperfine --shell=none --style=basic --warmup 2 --runs 10 \
        "$DYNAMIC convert $WORK/headlines-$n.json --country us --category health --site https://feeds.example.com/" \
        2>/dev/null | grep -E "Time \(mean"
done
echo "after: $(uptime | sed 's/.*load average/load average/')"

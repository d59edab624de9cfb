#!/usr/bin/env bash
# newsfeed convert vs python-feedgen on 100- and 10,000-article NewsAPI responses (RSS and Atom; JSON Feed
# against Python's json module writing the same items), synthetic
# (generate_headlines.py) and made of real captured articles (real_headlines.py).
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
python3 -c 'import feedgen, dateutil' 2>/dev/null || python3 -m pip install --quiet feedgen \
    || python3 -m pip install --quiet --break-system-packages feedgen

# The default release build, as the issue measures it (`swift build -c release`).
packaging/require-libcurl-dev.sh bench/convert/run.sh
swift build -c release >&2
NEWSFEED="$PWD/.build/release/newsfeed"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
INPUTS=()
for n in 100 10000; do
    python3 $HERE/generate_headlines.py $n "$WORK/synthetic-$n.json" --seed 20240601
    python3 $HERE/real_headlines.py $n "$WORK/real-$n.json"
    INPUTS+=("synthetic-$n=$WORK/synthetic-$n.json" "real-$n=$WORK/real-$n.json")
done

# Both tools must produce a well-formed feed with the same items before their times mean anything.
for input in "${INPUTS[@]}"; do
    name="${input%%=*}"; path="${input#*=}"
    "$NEWSFEED" convert "$path" --country us --category health \
        --site https://feeds.example.com/ > "$WORK/newsfeed-$name.rss"
    python3 $HERE/feedgen_convert.py "$path" --country us --category health \
        --site https://feeds.example.com/ > "$WORK/feedgen-$name.rss"
    python3 - "$WORK/newsfeed-$name.rss" "$WORK/feedgen-$name.rss" "$path" "$name" <<'PY'
import json, sys, xml.etree.ElementTree as ET
counts = [len(ET.parse(path).getroot().findall("./channel/item")) for path in sys.argv[1:3]]
articles = len(json.load(open(sys.argv[3]))["articles"])
print(f"{sys.argv[4]}: {articles} articles: newsfeed {counts[0]} items, feedgen {counts[1]} items", file=sys.stderr)
assert counts[0] == counts[1] > 0, "the two converters disagree on the items"
PY
done

# Atom (vs feedgen's Atom) and JSON Feed (vs Python's json on the same items): the same items first.
for format in atom json; do
    for input in "${INPUTS[@]}"; do
        name="${input%%=*}"; path="${input#*=}"
        peer=$([ $format = json ] && echo json_convert.py || echo feedgen_convert.py)
        "$NEWSFEED" convert "$path" --country us --category health --site https://feeds.example.com/ \
            --format $format > "$WORK/newsfeed-$name.$format"
        python3 $HERE/$peer "$path" --country us --category health --site https://feeds.example.com/ \
            --format $format > "$WORK/peer-$name.$format"
        python3 - "$WORK/newsfeed-$name.$format" "$WORK/peer-$name.$format" "$name" $format <<'PY'
import json, sys, xml.etree.ElementTree as ET
def count(path, kind):
    if kind == "json":
        return len(json.load(open(path))["items"])
    return len(ET.parse(path).getroot().findall("{http://www.w3.org/2005/Atom}entry"))
counts = [count(path, sys.argv[4]) for path in sys.argv[1:3]]
print(f"{sys.argv[3]} ({sys.argv[4]}): newsfeed {counts[0]} items, peer {counts[1]} items", file=sys.stderr)
assert counts[0] == counts[1] > 0, "the two converters disagree on the items"
PY
    done
done

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
for format in ${FORMATS:-rss atom json}; do
    python3 $HERE/measure.py "$NEWSFEED" "${INPUTS[@]}" --rounds "${ROUNDS:-5}" --format $format
done
echo "after: $(uptime | sed 's/.*load average/load average/')"

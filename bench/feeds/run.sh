#!/usr/bin/env bash
# newsfeed's feed reading and rendering vs python feedparser, and their agreement on feedparser's test suite.
# Installs feedparser if missing, builds newsfeed and the feeds-bench probe in release mode, generates the large
# feeds (never committed) into a temporary folder, prints both tables. No network besides package installation;
# about 3 minutes on 2 idle cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
CORPUS="${CORPUS:-../shared/corpora/feedparser-tests}"
[ -d "$CORPUS" ] || { echo "feedparser's test suite not found at $CORPUS (set CORPUS=)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "GNU time (/usr/bin/time) is needed for peak memory: apt-get install time" >&2; exit 1; }
python3 -c 'import feedparser' 2>/dev/null || python3 -m pip install --quiet feedparser \
    || python3 -m pip install --quiet --break-system-packages feedparser

swift build -c release --product newsfeed >&2
swift build -c release --product feeds-bench >&2
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
python3 bench/feeds/generate.py "$WORK/feeds"
python3 bench/feeds/measure.py .build/release/newsfeed "$WORK/feeds" "$CORPUS" .build/release/feeds-bench \
    --repeat "${REPEAT:-3}"
echo
python3 bench/feeds/agree.py .build/release/feeds-bench "$CORPUS"

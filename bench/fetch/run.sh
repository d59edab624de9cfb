#!/usr/bin/env bash
# bench/fetch (issue 31): one `newsfeed build` with full text of 200 pages over 20 loopback publishers
# (127.0.0.2 ... 127.0.0.21, 10 pages each) of which 10 % hang, 10 % trickle one byte a second and 10 % close
# the connection in the middle of their head; the rest are articles. NewsAPI is a loopback stub (two feeds of
# 100 stories). Measures wall time, CPU time (user + system) and peak memory with /usr/bin/time -v, then
# checks with `newsfeed status` and the article cache that every page has its outcome and every failure its
# cause (check.py). Results: bench/fetch/README.md.
#
# Usage: bench/fetch/run.sh            (builds .build/release/newsfeed when it is missing)
#        NEWSFEED=path PORT=18580 TIMEOUT=20s bench/fetch/run.sh
#        CLOSE_MID_HEAD=0 bench/fetch/run.sh   (/story/2 an article too: URLSession's waiting without its crash)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${NEWSFEED:-$root/.build/release/newsfeed}
port=${PORT:-18580}
newsapi_port=$((port - 1))
timeout=${TIMEOUT:-20s}
hosts=20
pages_per_host=10
pages=$((hosts * pages_per_host))
close_flag=()
check_flag=()
if [ "${CLOSE_MID_HEAD:-1}" = 0 ]; then
    close_flag=(--no-close-mid-head)
    check_flag=(no-close-mid-head)
fi

# libcurl honours proxy variables: through a proxy this would time the proxy, and loopback might not be reached.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY no_proxy NO_PROXY

if [ ! -x "$binary" ]; then
    (cd "$root" && packaging/require-libcurl-dev.sh bench/fetch/run.sh && swift build -c release --product newsfeed)
fi

work=$(mktemp -d /tmp/newsfeed-fetch-bench.XXXXXX)
python3 "$here/publishers.py" --port "$port" --newsapi-port "$newsapi_port" --hosts "$hosts" \
    --pages-per-host "$pages_per_host" "${close_flag[@]}" > "$work/publishers.log" 2>&1 &
publishers_pid=$!
cleanup() {
    kill "$publishers_pid" 2> /dev/null || true
    [ -n "${KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 100); do
    grep -q '^ready' "$work/publishers.log" && break
    sleep 0.1
done
grep -q '^ready' "$work/publishers.log" || { echo "publishers did not start:"; cat "$work/publishers.log"; exit 1; }

mkdir -p "$work/site"
cat > "$work/site/newsfeed.json" << JSON
{
  "site": "http://news.example/", "output": "Feeds", "allowPrivate": true,
  "fullText": {"default": true, "pagesPerRun": $pages, "timeout": "$timeout"},
  "feeds": [{"country": "us", "category": "health"}, {"country": "us", "category": "technology"}]
}
JSON

cd "$work/site"
export NEWSAPI_KEY=bench NEWSAPI_BASE_URL="http://127.0.0.1:$newsapi_port"
set +e
/usr/bin/time -v -o "$work/time.txt" "$binary" build > "$work/build.out" 2> "$work/build.err"
status=$?
set -e
kill -TERM "$publishers_pid"
wait "$publishers_pid" || true

wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
cpu_user=$(sed -n 's/.*User time (seconds): //p' "$work/time.txt")
cpu_system=$(sed -n 's/.*System time (seconds): //p' "$work/time.txt")
signal=$(sed -n 's/.*Command terminated by signal //p' "$work/time.txt")
seconds=$(python3 -c "
parts = '$wall'.split(':')
print(round(sum(float(part) * 60 ** index for index, part in enumerate(reversed(parts))), 1))")
share=$(python3 -c "print(round(100 * ($cpu_user + $cpu_system) / max($seconds, 0.01), 1))")

echo "newsfeed: $("$binary" --version | head -1)"
echo "build exit status: $status${signal:+ (signal $signal)}"
echo "build stderr (first lines):"
{ grep -v '^ *$' "$work/build.err" || true; } | head -4 | cut -c1-200 | sed 's/^/  /'
echo "publishers: $(tail -1 "$work/publishers.log")"
echo "wall: ${seconds} s   CPU: user ${cpu_user} s + system ${cpu_system} s = ${share} % of wall   (goal: < 5 %)"
echo "peak RSS: $((rss_kb / 1024)) MB (${rss_kb} kB)"
echo "status:"
"$binary" status 2>&1 | grep -i "full text" | sed 's/^/  /' || true
python3 "$here/check.py" "$work/site/Feeds" "$pages" "${check_flag[@]}"

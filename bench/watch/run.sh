#!/usr/bin/env bash
# Times one `newsfeed watch --allow-private` round over COUNT (5,000) distinct image URLs spread over eight
# loopback hosts (127.0.0.2 ... 127.0.0.9) that answer each HEAD after DELAY_MS (50 ms), at the default caps
# (concurrency 32, perHost 4), and reports wall time, peak RSS and the ratio to the floor
# COUNT x DELAY / 32. Results: bench/watch/README.md.
#
# Usage: bench/watch/run.sh            (builds .build/release/newsfeed when it is missing)
#        NEWSFEED=path COUNT=5000 DELAY_MS=50 PORT=18480 bench/watch/run.sh
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
binary=${NEWSFEED:-$root/.build/release/newsfeed}
count=${COUNT:-5000}
delay_ms=${DELAY_MS:-50}
port=${PORT:-18480}
concurrency=32

# libcurl honours proxy variables: through a proxy this would time the proxy, and loopback might not be reached.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY no_proxy NO_PROXY

if [ ! -x "$binary" ]; then
    (cd "$root" && packaging/require-libcurl-dev.sh bench/watch/run.sh && swift build -c release --product newsfeed)
fi

work=$(mktemp -d /tmp/newsfeed-watch-bench.XXXXXX)
python3 "$here/image_hosts.py" --port "$port" --delay-ms "$delay_ms" > "$work/hosts.log" 2>&1 &
hosts_pid=$!
cleanup() {
    kill "$hosts_pid" 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 100); do
    grep -q '^ready' "$work/hosts.log" && break
    sleep 0.1
done
grep -q '^ready' "$work/hosts.log" || { echo "image hosts did not start:"; cat "$work/hosts.log"; exit 1; }

python3 "$here/make_output.py" --newsfeed "$binary" --folder "$work/site" --port "$port" --count "$count"
enclosures=$(cat "$work"/site/Feeds/us/*.rss | grep -o '<enclosure ' | wc -l)

cd "$work/site"
/usr/bin/time -v -o "$work/time.txt" "$binary" watch --allow-private > "$work/watch.out" 2> "$work/watch.err" || {
    echo "newsfeed watch failed:"
    cat "$work/watch.err"
    exit 1
}
kill -TERM "$hosts_pid"
wait "$hosts_pid" || true

wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
rss_kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
cpu_user=$(sed -n 's/.*User time (seconds): //p' "$work/time.txt")
cpu_system=$(sed -n 's/.*System time (seconds): //p' "$work/time.txt")
seconds=$(python3 -c "
parts = '$wall'.split(':')
print(sum(float(part) * 60 ** index for index, part in enumerate(reversed(parts))))")
floor=$(python3 -c "print($count * $delay_ms / 1000 / $concurrency)")
ratio=$(python3 -c "print(round($seconds / $floor, 2))")

echo "enclosures in the feeds: $enclosures"
echo "watch summary: $(tail -1 "$work/watch.out")"
echo "image hosts: $(tail -1 "$work/hosts.log")"
echo "wall: ${seconds} s   floor: ${floor} s   ratio: ${ratio}   (target <= 1.3)"
echo "peak RSS: $((rss_kb / 1024)) MB (${rss_kb} kB)   (target < 60 MB)"
echo "CPU: user ${cpu_user} s, system ${cpu_system} s"

#!/usr/bin/env bash
# The WebSub hub under load (issue 29): 1,000 loopback subscribers of one feed (callbacks spread over 20 hosts,
# 127.0.0.2–21, one Python receiver), then
#   1. from the feed file changing to the last subscriber receiving it: the time and serve's CPU;
#   2. static serving throughput (wrk, as bench/serve: the 100-item feed, 64 connections, 2 threads) with no
#      deliveries, then while the feed changes every second so deliveries run the whole time.
# Installs what is missing, builds newsfeed in release mode (NEWSFEED_BIN=path uses that binary instead).
# About 1 minute; DURATION=10s by default.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${DURATION:-10s}"
SUBSCRIBERS="${SUBSCRIBERS:-1000}"

command -v wrk >/dev/null 2>&1 || { apt-get update -qq >/dev/null && apt-get install -y -qq wrk >/dev/null; }
packaging/require-libcurl-dev.sh bench/websub/run.sh
[ -n "${NEWSFEED_BIN:-}" ] || swift build -c release >&2
NEWSFEED="${NEWSFEED_BIN:-$PWD/.build/release/newsfeed}"

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
NF_PORT=$(free_port); RX_PORT=$(free_port)
FEEDS="$WORK/feeds"
mkdir -p "$FEEDS/us"
for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
    python3 bench/convert/generate_headlines.py 100 "$WORK/headlines-$seed.json" --seed "$seed"
    "$NEWSFEED" convert "$WORK/headlines-$seed.json" --country us --category health \
        --site "http://127.0.0.1:$NF_PORT/" > "$WORK/feed-$seed.rss"
done
cp "$WORK/feed-1.rss" "$FEEDS/us/health.rss"
cat > "$WORK/newsfeed.json" <<JSON
{"site": "http://127.0.0.1:$NF_PORT/", "output": "$FEEDS", "allowPrivate": true,
 "feeds": [{"country": "us", "category": "health"}],
 "websub": {"hub": true, "maxSubscriptions": 100000, "maxPerCallbackHost": 100000}}
JSON

# The receiver: answers verifications, counts deliveries and notes when the last of each version arrived.
python3 - "$RX_PORT" "$WORK/received" <<'PY' &
import os, sys, time, threading, urllib.parse
from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
port, out = int(sys.argv[1]), sys.argv[2]
lock = threading.Lock()
count = 0
class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *args): pass
    def do_GET(self):
        query = urllib.parse.parse_qs(urllib.parse.urlparse(self.path).query)
        body = query.get("hub.challenge", [""])[0].encode()
        self.send_response(200); self.send_header("Content-Length", str(len(body))); self.end_headers()
        self.wfile.write(body)
    def do_POST(self):
        global count
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.send_response(204); self.send_header("Content-Length", "0"); self.end_headers()
        with lock:
            count += 1
            with open(out + ".tmp", "w") as f: f.write(f"{count} {time.time():.6f}\n")
            os.replace(out + ".tmp", out)
ThreadingHTTPServer.daemon_threads = True
ThreadingHTTPServer.request_queue_size = 1024
ThreadingHTTPServer(("0.0.0.0", port), Handler).serve_forever()
PY
PIDS+=($!)

"$NEWSFEED" serve --config "$WORK/newsfeed.json" --host 127.0.0.1 --port "$NF_PORT" --quiet \
    > "$WORK/serve.log" 2>&1 &
PIDS+=($!); NF_PID=$!
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Subscribe: 10 per source address (the hub allows 30 requests per address per minute), a 503 retried.
SUBSCRIBE_START=$(date +%s.%N)
python3 - "$NF_PORT" "$RX_PORT" "$SUBSCRIBERS" <<'PY'
import sys, time, http.client, urllib.parse
nf, rx, total = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
topic = f"http://127.0.0.1:{nf}/us/health.rss"
for attempt in range(100):
    try:
        http.client.HTTPConnection("127.0.0.1", nf, timeout=2).request("GET", "/healthz"); break
    except OSError: time.sleep(0.1)
for i in range(total):
    callback = f"http://127.0.0.{2 + i % 20}:{rx}/cb/{i}"
    body = urllib.parse.urlencode({"hub.mode": "subscribe", "hub.callback": callback, "hub.topic": topic})
    source = f"127.0.{10 + i // 10 // 250}.{1 + (i // 10) % 250}"
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", nf, timeout=10, source_address=(source, 0))
        connection.request("POST", "/websub", body, {"Content-Type": "application/x-www-form-urlencoded"})
        status = connection.getresponse().status
        connection.close()
        if status == 202: break
        if status == 503: time.sleep(0.2); continue
        sys.exit(f"subscription {i}: {status}")
PY
# Until every verification is done, or none was for 10 s (a verification that failed is not retried here).
last=-1; still=0
for _ in $(seq 1 1800); do
    n=$("$NEWSFEED" websub list --config "$WORK/newsfeed.json" | grep -c cb/ || true)
    [ "$n" -ge "$SUBSCRIBERS" ] && break
    if [ "$n" -eq "$last" ]; then still=$((still + 1)); else still=0; last=$n; fi
    [ "$still" -ge 50 ] && break
    sleep 0.2
done
echo "subscribed: $n in $(python3 -c "print(f'{$(date +%s.%N) - $SUBSCRIBE_START:.0f}')") s"
SUBSCRIBERS=$n
echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"

# 1. One change to the last subscriber.
sleep 3
before=$(cpu_ticks "$NF_PID")
start=$(python3 -c 'import time; print(f"{time.time():.6f}")')
cp "$WORK/feed-2.rss" "$FEEDS/us/.tmp" && mv "$FEEDS/us/.tmp" "$FEEDS/us/health.rss"
for _ in $(seq 1 1200); do
    [ -f "$WORK/received" ] && [ "$(cut -d' ' -f1 "$WORK/received")" -ge "$SUBSCRIBERS" ] && break
    sleep 0.05
done
after=$(cpu_ticks "$NF_PID")
read -r got last < "$WORK/received"
python3 -c "print(f'1 change to {$got} subscribers: last received {$last - $start:.2f} s after the file changed (the hub looks every 2 s), serve CPU {($after - $before) / $(getconf CLK_TCK):.2f} s')"

# 2. Static serving without deliveries, with one change's deliveries (1 s into the run), and with a change every
# second (deliveries the whole time). The receiver (Python, one process) shares the 2 cores with serve and wrk.
URL="http://127.0.0.1:$NF_PORT/us/health.rss"
change() { cp "$WORK/feed-$1.rss" "$FEEDS/us/.tmp" && mv "$FEEDS/us/.tmp" "$FEEDS/us/health.rss"; }
wrk -t2 -c64 -d1s "$URL" > /dev/null 2>&1 || true
measure() {  # measure NAME SEEDS...: wrk while the feed takes each seed in turn, one a second
    local name=$1; shift
    local base; base=$(cut -d' ' -f1 "$WORK/received")
    ( sleep 1; for seed in "$@"; do change "$seed"; sleep 1; done ) &
    local changer=$!
    wrk -t2 -c64 -d"$DURATION" "$URL" > "$WORK/$name.txt" 2>&1
    kill "$changer" 2>/dev/null || true; wait "$changer" 2>/dev/null || true
    sleep 3
    local rps; rps=$(awk '/^Requests\/sec:/ {print $2}' "$WORK/$name.txt")
    echo "$name $rps $(( $(cut -d' ' -f1 "$WORK/received") - base ))"
}
quiet=$(measure quiet)
one=$(measure one 3)
many=$(measure many 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20)
python3 - "$quiet" "$one" "$many" <<'PY'
import sys
runs = [line.split() for line in sys.argv[1:]]
base = float(runs[0][1])
words = {"quiet": "no deliveries", "one": "one change's deliveries", "many": "a change every second"}
for name, rps, delivered in runs:
    print(f"static GET of the 100-item feed, {words[name]}: {float(rps):.0f} req/s "
          f"({(float(rps) / base - 1) * 100:+.1f} %), {delivered} deliveries during the run")
PY
echo "after: $(uptime | sed 's/.*load average/load average/')"

#!/usr/bin/env bash
# A sustained idle-connection flood against `newsfeed serve` and nginx on loopback, one after the other in one run:
# IDLE connections that never send a byte (more than the 4,096 slots each server has), reopened as soon as the
# server closes one, for DURATION seconds; meanwhile NORMAL GETs of a 100-item feed, each on a new connection.
# Prints the share of normal requests answered per server. Bounded: flood.py caps the connections (10,000) and the
# time (120 s) and stops by itself. About 1 minute with the defaults (IDLE=4200 DURATION=20 NORMAL=30).
# BEFORE=/path/to/an/older/newsfeed adds that binary as a third server (e.g. a build from before idle eviction).
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE="$PWD/bench/flood"
IDLE="${IDLE:-4200}"
DURATION="${DURATION:-20}"
NORMAL="${NORMAL:-30}"

need_apt() {  # need_apt COMMAND PACKAGE
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "installing $2 (apt-get)" >&2
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$2" >/dev/null
}
need_apt python3 python3
export PATH="$PATH:/usr/sbin"
need_apt nginx nginx-light
ulimit -n 20000 2>/dev/null || ulimit -n "$(ulimit -Hn)"

packaging/require-libcurl-dev.sh bench/flood/run.sh
swift build -c release >&2
NEWSFEED="$PWD/.build/release/newsfeed"

WORK="$(mktemp -d)"
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
chmod 755 "$WORK"   # nginx workers may run as another user when started by root
FEEDS="$WORK/feeds"
mkdir -p "$FEEDS/us" "$WORK/nginx/tmp"
python3 bench/convert/generate_headlines.py 100 "$WORK/headlines-100.json" --seed 20240601
"$NEWSFEED" convert "$WORK/headlines-100.json" --country us --category health \
    --site https://feeds.example.com/ > "$FEEDS/us/health.rss"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
NF_PORT=$(free_port); NGINX_PORT=$(free_port); BEFORE_PORT=$(free_port)

"$NEWSFEED" serve --dir "$FEEDS" --host 127.0.0.1 --port "$NF_PORT" --quiet > "$WORK/newsfeed.log" 2>&1 &
PIDS+=($!)
if [ -n "${BEFORE:-}" ]; then
    "$BEFORE" serve --dir "$FEEDS" --host 127.0.0.1 --port "$BEFORE_PORT" --quiet > "$WORK/before.log" 2>&1 &
    PIDS+=($!)
fi
sed -e "s#@PREFIX@#$WORK/nginx#g" -e "s#@PORT@#$NGINX_PORT#g" -e "s#@ROOT@#$FEEDS#g" \
    "$HERE/nginx.conf.template" > "$WORK/nginx/nginx.conf"
nginx -p "$WORK/nginx" -e "$WORK/nginx/error.log" -c "$WORK/nginx/nginx.conf" &
PIDS+=($!)

for port in "$NF_PORT" "$NGINX_PORT" ${BEFORE:+"$BEFORE_PORT"}; do
    for _ in $(seq 100); do
        python3 -c "import urllib.request,sys; urllib.request.urlopen('http://127.0.0.1:$port/us/health.rss', timeout=2)" \
            2>/dev/null && break
        sleep 0.1
    done
done

run() {  # run NAME PORT
    local result
    result=$(python3 "$HERE/flood.py" "$2" /us/health.rss --idle "$IDLE" --duration "$DURATION" --normal "$NORMAL")
    echo "$1 $result" >> "$WORK/results"
    echo "$1: $result" >&2
    sleep 3   # let the closed flood connections drain before the next server's turn
}
run newsfeed "$NF_PORT"
run nginx "$NGINX_PORT"
if [ -n "${BEFORE:-}" ]; then run before "$BEFORE_PORT"; fi

python3 - "$WORK/results" "$IDLE" "$DURATION" "$NORMAL" <<'PY'
import json, sys
rows = [line.split(" ", 1) for line in open(sys.argv[1]).read().splitlines()]
results = {name: json.loads(data) for name, data in rows}
print(f"\nload average {open('/proc/loadavg').read().split()[0]}; idle-connection flood: {sys.argv[2]} idle connections (4,096 slots each), {sys.argv[3]} s, "
      f"{sys.argv[4]} normal GETs of /us/health.rss during it\n")
print("| server | normal GETs answered | share | median answer | flood connections opened | closed by the server |")
print("|---|---|---|---|---|---|")
for name, r in results.items():
    share = r["answered"] / r["tried"] if r["tried"] else 0
    median = f'{r["median_ms"]} ms' if r["median_ms"] is not None else "-"
    print(f'| {name} | {r["answered"]} of {r["tried"]} | {share:.0%} | {median} | {r["opened"]} | '
          f'{r["closed_by_server"]} |')
nf, ng = results["newsfeed"], results["nginx"]
if ng["answered"]:
    print(f'\nnewsfeed / nginx, normal requests answered: {nf["answered"] / ng["answered"]:.2f}')
PY

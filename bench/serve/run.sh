#!/usr/bin/env bash
# wrk against `newsfeed serve`, nginx and python's http.server serving the same 100-item feed,
# all on loopback in one run: full GETs and 304 revalidations, 64 connections, 2 threads.
# Installs what is missing, builds newsfeed in release mode, prints the results table and ratios.
# About 2 minutes; DURATION=10s by default.
set -euo pipefail
cd "$(dirname "$0")/../.."
HERE="$PWD/bench/serve"
DURATION="${DURATION:-10s}"

need_apt() {  # need_apt COMMAND PACKAGE
    command -v "$1" >/dev/null 2>&1 && return 0
    echo "installing $2 (apt-get)" >&2
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
    $SUDO apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$2" >/dev/null
}
need_apt python3 python3
need_apt wrk wrk
export PATH="$PATH:/usr/sbin"
need_apt nginx nginx-light

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
NF_PORT=$(free_port); NGINX_PORT=$(free_port); PY_PORT=$(free_port)

"$NEWSFEED" serve --dir "$FEEDS" --host 127.0.0.1 --port "$NF_PORT" --quiet > "$WORK/newsfeed.log" 2>&1 &
PIDS+=($!)
sed -e "s#@PREFIX@#$WORK/nginx#g" -e "s#@PORT@#$NGINX_PORT#g" -e "s#@ROOT@#$FEEDS#g" \
    "$HERE/nginx.conf.template" > "$WORK/nginx/nginx.conf"
nginx -p "$WORK/nginx" -e "$WORK/nginx/error.log" -c "$WORK/nginx/nginx.conf" &
PIDS+=($!)
python3 -m http.server "$PY_PORT" --bind 127.0.0.1 --directory "$FEEDS" >/dev/null 2>&1 &
PIDS+=($!)

# Wait until each answers, and print what each sends for the feed.
python3 - "$NF_PORT" "$NGINX_PORT" "$PY_PORT" > "$WORK/validators" <<'PY'
import sys, time, urllib.request
for name, port in zip(("newsfeed", "nginx", "python"), sys.argv[1:4]):
    url = f"http://127.0.0.1:{port}/us/health.rss"
    for attempt in range(100):
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                body = response.read()
                headers = response.headers
                break
        except OSError:
            time.sleep(0.1)
    else:
        sys.exit(f"{name} did not answer on {url}")
    print(f"{name} {headers.get('ETag', '-')}|{headers.get('Last-Modified', '-')}")
    print(f"{name}: {len(body)} bytes, {headers.get('Content-Type')}, ETag {headers.get('ETag')}, "
          f"Last-Modified {headers.get('Last-Modified')}", file=sys.stderr)
PY
validator() { grep "^$1 " "$WORK/validators" | cut -d' ' -f2- | cut -d'|' -f"$2"; }

RESULTS="$WORK/results.tsv"
run_wrk() {  # run_wrk TEST SERVER PORT [HEADER VALUE]
    local test=$1 server=$2 port=$3; shift 3
    local out="$WORK/wrk-$test-$server.txt"
    timeout 60 wrk -t2 -c64 -d1s "http://127.0.0.1:$port/us/health.rss" >/dev/null 2>&1 || true  # warm-up
    timeout 60 wrk -t2 -c64 -d"$DURATION" --latency -s "$HERE/statuses.lua" \
        "http://127.0.0.1:$port/us/health.rss" -- "$@" > "$out" 2>&1 || true
    local rps p99 statuses errors
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
    p99=$(awk '$1 == "99%" {print $2}' "$out")
    statuses=$(sed -n 's/^statuses: //p' "$out")
    errors=$(sed -n 's/^ *Socket errors: //p' "$out")
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$test" "$server" "${rps:-0}" "${p99:--}" "${statuses:--}" "${errors:-none}" >> "$RESULTS"
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
for server in newsfeed nginx python; do
    case $server in newsfeed) port=$NF_PORT ;; nginx) port=$NGINX_PORT ;; python) port=$PY_PORT ;; esac
    run_wrk get "$server" "$port"
done
for server in newsfeed nginx python; do
    case $server in newsfeed) port=$NF_PORT ;; nginx) port=$NGINX_PORT ;; python) port=$PY_PORT ;; esac
    etag=$(validator "$server" 1)
    if [ "$etag" != "-" ]; then
        run_wrk 304 "$server" "$port" If-None-Match "$etag"
    else  # python's http.server sends no ETag: it revalidates with Last-Modified only
        run_wrk 304 "$server" "$port" If-Modified-Since "$(validator "$server" 2)"
    fi
done
echo "after: $(uptime | sed 's/.*load average/load average/')"

python3 - "$RESULTS" <<'PY'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
def ms(text):
    units = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    for unit in ("us", "ms", "s"):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * units[unit]
    return float("nan")
print("\nwrk -t2 -c64 --latency, 100-item feed /us/health.rss, all servers in this one run\n")
print("| test | server | req/s | p99 latency | statuses | socket errors |")
print("|---|---|---|---|---|---|")
for test, server, rps, p99, statuses, errors in rows:
    print(f"| {'full GET' if test == 'get' else '304 revalidation'} | {server} | {float(rps):,.0f} | {p99} | {statuses} | {errors} |")
table = {(r[0], r[1]): (float(r[2]), ms(r[3])) for r in rows}
print("\n| test | newsfeed/nginx req/s (target ≥ 0.5) | newsfeed/python req/s (target > 10) | newsfeed p99 (target < 20 ms) |")
print("|---|---|---|---|")
for test in ("get", "304"):
    nf, ng, py = (table[(test, s)] for s in ("newsfeed", "nginx", "python"))
    to_nginx = nf[0] / ng[0] if ng[0] else float("nan")
    to_python = nf[0] / py[0] if py[0] else float("nan")
    print(f"| {'full GET' if test == 'get' else '304 revalidation'} | {to_nginx:.2f} ({'met' if to_nginx >= 0.5 else 'missed'}) "
          f"| {to_python:.1f} ({'met' if to_python > 10 else 'missed'}) "
          f"| {nf[1]:.2f} ms ({'met' if nf[1] < 20 else 'missed'}) |")
PY

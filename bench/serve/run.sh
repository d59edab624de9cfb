#!/usr/bin/env bash
# wrk against `newsfeed serve`, nginx and python's http.server serving the same 100-item feed,
# all on loopback in one run: full GETs and 304 revalidations, 64 connections, 2 threads.
# Installs what is missing, builds newsfeed in release mode, prints the results table and ratios.
# About 2 minutes; DURATION=10s by default. NEWSFEED_BIN=path benches that newsfeed binary instead of
# building one (an A/B of two builds, run alternately).
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

packaging/require-libcurl-dev.sh bench/serve/run.sh
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
chmod 755 "$WORK"   # nginx workers may run as another user when started by root
FEEDS="$WORK/feeds"
mkdir -p "$FEEDS/us" "$WORK/nginx/tmp"
python3 bench/convert/generate_headlines.py 100 "$WORK/headlines-100.json" --seed 20240601
"$NEWSFEED" convert "$WORK/headlines-100.json" --country us --category health \
    --site https://feeds.example.com/ > "$FEEDS/us/health.rss"

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
NF_PORT=$(free_port); NGINX_PORT=$(free_port); PY_PORT=$(free_port)

"$NEWSFEED" serve --dir "$FEEDS" --host 127.0.0.1 --port "$NF_PORT" --quiet > "$WORK/newsfeed.log" 2>&1 &
PIDS+=($!); NF_PID=$!
sed -e "s#@PREFIX@#$WORK/nginx#g" -e "s#@PORT@#$NGINX_PORT#g" -e "s#@ROOT@#$FEEDS#g" \
    "$HERE/nginx.conf.template" > "$WORK/nginx/nginx.conf"
nginx -p "$WORK/nginx" -e "$WORK/nginx/error.log" -c "$WORK/nginx/nginx.conf" &
PIDS+=($!); NGINX_PID=$!
python3 -m http.server "$PY_PORT" --bind 127.0.0.1 --directory "$FEEDS" >/dev/null 2>&1 &
PIDS+=($!); PY_PID=$!

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
# CPU time (user + system, clock ticks) of a server: the process, its threads and its
# children (nginx's workers). Per request it is the load-independent cost of answering.
cpu_ticks() {
    local total=0 pid
    for pid in "$1" $(pgrep -P "$1" || true); do
        total=$((total + $(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
run_wrk() {  # run_wrk TEST SERVER PORT PID [HEADER VALUE]
    local test=$1 server=$2 port=$3 pid=$4; shift 4
    local url="http://127.0.0.1:$port/us/health.rss"
    local check="$WORK/check-$test-$server.txt" out="$WORK/wrk-$test-$server.txt"
    # Warm-up and check: 1 s through statuses.lua, whose counts prove what is measured (all 200,
    # resp. all 304). Not the measured run: a Lua `response` hook makes wrk buffer and copy every
    # body into Lua, which on 135 KB answers makes wrk itself the bottleneck (3.5x fewer req/s).
    timeout 60 wrk -t2 -c64 -d1s -s "$HERE/statuses.lua" "$url" -- "$@" > "$check" 2>&1 || true
    local header=()
    if [ $# -ge 2 ]; then header=(-H "$1: $2"); fi
    local before after
    before=$(cpu_ticks "$pid")
    timeout 60 wrk -t2 -c64 -d"$DURATION" --latency "${header[@]}" "$url" > "$out" 2>&1 || true
    after=$(cpu_ticks "$pid")
    local rps p99 statuses errors requests read
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$out")
    p99=$(awk '$1 == "99%" {print $2}' "$out")
    statuses=$(sed -n 's/^statuses: //p' "$check")
    errors=$(sed -n -e 's/^ *Socket errors: //p' -e 's/^ *\(Non-2xx or 3xx responses: .*\)/\1/p' "$out" | paste -sd';' -)
    requests=$(awk '/requests in/ {print $1}' "$out")
    # Bytes read in the measured run ("7.61GB read"), so the table shows what each answer carried.
    read=$(awk '/requests in/ {print $(NF - 1)}' "$out")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$test" "$server" "${rps:-0}" "${p99:--}" "${statuses:--}" \
        "${errors:-none}" "$((after - before))" "${requests:-0}" "${read:--}" >> "$RESULTS"
}

echo "machine: $(nproc) cores, $(uptime | sed 's/.*load average/load average/')"
server_port() { case $1 in newsfeed) echo "$NF_PORT" ;; nginx) echo "$NGINX_PORT" ;; python) echo "$PY_PORT" ;; esac; }
server_pid() { case $1 in newsfeed) echo "$NF_PID" ;; nginx) echo "$NGINX_PID" ;; python) echo "$PY_PID" ;; esac; }
for server in newsfeed nginx python; do
    run_wrk get "$server" "$(server_port "$server")" "$(server_pid "$server")"
done
for server in newsfeed nginx python; do
    etag=$(validator "$server" 1)
    if [ "$etag" != "-" ]; then
        run_wrk 304 "$server" "$(server_port "$server")" "$(server_pid "$server")" If-None-Match "$etag"
    else  # python's http.server sends no ETag: it revalidates with Last-Modified only
        run_wrk 304 "$server" "$(server_port "$server")" "$(server_pid "$server")" \
            If-Modified-Since "$(validator "$server" 2)"
    fi
done
echo "after: $(uptime | sed 's/.*load average/load average/')"

python3 - "$RESULTS" "$(getconf CLK_TCK)" <<'PY'
import sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
ticks_per_second = float(sys.argv[2])
def ms(text):
    units = {"us": 0.001, "ms": 1.0, "s": 1000.0}
    for unit in ("us", "ms", "s"):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * units[unit]
    return float("nan")
def size(text):  # wrk's binary units: "7.61GB"
    for unit, factor in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * factor
    return float("nan")
def cpu_per_request(ticks, requests):
    return float(ticks) / ticks_per_second * 1e6 / float(requests) if float(requests) else float("nan")
def name(test):
    return "full GET" if test == "get" else "304 revalidation"
print("\nwrk -t2 -c64 --latency, 100-item feed /us/health.rss, all servers in this one run\n")
print("| test | server | req/s | p99 latency | server CPU µs/request | bytes/answer | statuses (1 s check) | errors |")
print("|---|---|---|---|---|---|---|---|")
for test, server, rps, p99, statuses, errors, ticks, requests, read in rows:
    per_answer = size(read) / float(requests) if float(requests) else float("nan")
    print(f"| {name(test)} | {server} | {float(rps):,.0f} | {p99} | {cpu_per_request(ticks, requests):.1f} "
          f"| {per_answer:,.0f} | {statuses} | {errors} |")
table = {(r[0], r[1]): (float(r[2]), ms(r[3]), cpu_per_request(r[6], r[7])) for r in rows}
print("\n| test | newsfeed/nginx req/s (target ≥ 0.5) | newsfeed/python req/s (target > 10) "
      "| newsfeed p99 (target < 20 ms) | CPU per request newsfeed/nginx |")
print("|---|---|---|---|---|")
for test in ("get", "304"):
    nf, ng, py = (table[(test, s)] for s in ("newsfeed", "nginx", "python"))
    to_nginx = nf[0] / ng[0] if ng[0] else float("nan")
    to_python = nf[0] / py[0] if py[0] else float("nan")
    cpu_ratio = nf[2] / ng[2] if ng[2] else float("nan")
    print(f"| {name(test)} | {to_nginx:.2f} ({'met' if to_nginx >= 0.5 else 'missed'}) "
          f"| {to_python:.1f} ({'met' if to_python > 10 else 'missed'}) "
          f"| {nf[1]:.2f} ms ({'met' if nf[1] < 20 else 'missed'}) | {cpu_ratio:.2f} |")
PY

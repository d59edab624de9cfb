#!/usr/bin/env python3
"""Many publishers' feeds in one build (issue 27): N feed sources spread over 100 loopback hosts
(127.0.0.10 ... 127.0.0.109, one port), 10 of which answer only after 5 s. Times `newsfeed build` (first build:
every source answers 200 with an ETag) and `newsfeed build --force` right after (every source answers 304), each
with GNU time's peak memory, for each N given (default 100 1000 5000).

    python3 bench/sources/run.py [--newsfeed .build/release/newsfeed] [--sizes 100 1000 5000] [--slow-delay 5]
                                 [--concurrency N] [--formats rss ...] [--host-spacing 0s]

Without --formats every default format is written (RSS, Atom, JSON Feed, the HTML page); without --concurrency
the default sources.concurrency (16) holds.

Only loopback traffic; nothing is written outside a temporary folder.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HOSTS = [f"127.0.0.{10 + i}" for i in range(100)]
SLOW = set(HOSTS[:10])


def feed_body(host, index):
    items = "".join(
        f"<item><title>Story {index}-{n} from {host}</title><link>http://{host}/story/{index}/{n}</link>"
        f"<guid>http://{host}/story/{index}/{n}</guid><description>Summary of story {n} of feed {index}, "
        f"long enough to be a teaser of the kind publishers write.</description>"
        f"<pubDate>Thu, 03 Dec 2026 {n % 24:02d}:{n % 60:02d}:00 GMT</pubDate></item>"
        for n in range(20)
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed {index} of {host}</title>'
        f"<link>http://{host}/</link><description>Bench feed</description>{items}</channel></rss>"
    ).encode()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    delay = 5.0

    def log_message(self, *args):
        pass

    def do_GET(self):
        host = self.server.server_address[0]
        if host in SLOW:
            time.sleep(self.delay)
        index = int(self.path.strip("/").split(".")[0].split("-")[-1])
        etag = f'"{host}-{index}-v1"'
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        body = feed_body(host, index)
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("ETag", etag)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(port, delay):
    Handler.delay = delay
    servers = []
    for host in HOSTS:
        server = ThreadingHTTPServer((host, port), Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
    return servers


def timed(cmd, cwd):
    start = time.monotonic()
    result = subprocess.run(
        ["/usr/bin/time", "-f", "%M"] + cmd, cwd=cwd, capture_output=True, text=True)
    wall = time.monotonic() - start
    peak_kb = int(result.stderr.strip().splitlines()[-1])
    return wall, peak_kb / 1024, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--newsfeed", default=".build/release/newsfeed")
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--slow-delay", type=float, default=5.0)
    parser.add_argument("--port", type=int, default=18611)
    parser.add_argument("--concurrency", type=int, help="sources.concurrency (default: the config's default, 16)")
    parser.add_argument("--formats", nargs="+", help="formats to write (default: the config's default list)")
    parser.add_argument("--host-spacing", help='fullText.hostSpacing, e.g. "0s" (default: the config\'s, 1s)')
    args = parser.parse_args()
    newsfeed = os.path.abspath(args.newsfeed)
    servers = serve(args.port, args.slow_delay)
    print(f"{'sources':>8} {'first build s':>14} {'peak MB':>8} {'all-304 build s':>16} {'peak MB':>8}  outcome")
    try:
        for size in args.sizes:
            folder = tempfile.mkdtemp(prefix="newsfeed-sources-")
            feeds = [
                {"feed": f"http://{HOSTS[i % 100]}:{args.port}/feed-{i}.xml", "name": f"s{i}"} for i in range(size)
            ]
            config = {"site": "https://feeds.example.com/", "output": "Feeds", "allowPrivate": True, "feeds": feeds}
            if args.formats:
                config["formats"] = args.formats
            if args.concurrency:
                config["sources"] = {"concurrency": args.concurrency}
            if args.host_spacing:
                config["fullText"] = {"hostSpacing": args.host_spacing}
            with open(os.path.join(folder, "newsfeed.json"), "w") as handle:
                json.dump(config, handle)
            first, first_peak, run1 = timed([newsfeed, "build"], folder)
            second, second_peak, run2 = timed([newsfeed, "build", "--force"], folder)
            summary1 = (run1.stdout.strip().splitlines() or ["?"])[-1]
            summary2 = (run2.stdout.strip().splitlines() or ["?"])[-1]
            print(f"{size:>8} {first:>14.1f} {first_peak:>8.1f} {second:>16.1f} {second_peak:>8.1f}  "
                  f"{summary1} | {summary2}", flush=True)
            shutil.rmtree(folder, ignore_errors=True)
    finally:
        for server in servers:
            server.shutdown()


if __name__ == "__main__":
    sys.exit(main())

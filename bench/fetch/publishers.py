#!/usr/bin/env python3
"""Loopback publishers and a NewsAPI stub for bench/fetch.

HOSTS publishers listen on 127.0.0.2, 127.0.0.3, ... (one port, one address each); each serves
PAGES_PER_HOST pages /story/0 ... /story/N-1 and a 404 robots.txt. On every host /story/0 hangs
(reads the request, never answers), /story/1 trickles its body one byte a second, /story/2 closes the
connection in the middle of its head; the rest are articles. With 10 pages a host that is 10 % of each.
The NewsAPI stub on 127.0.0.1:PORT answers /v2/top-headlines for us/health and us/technology with
half of the pages each (newest first). Prints `ready` once listening, and a tally when stopped.
"""
import argparse
import datetime
import json
import signal
import socket
import socketserver
import sys
import threading
import time

WORDS = ("the council met on tuesday to settle the budget for the river bridge and the new school "
         "while traders in the harbour market asked for more time before the winter rail timetable "
         "begins and residents voted on a plan for parks lanes and housing near the old mill").split()

tally = {"good": 0, "hang": 0, "trickle": 0, "close-mid-head": 0, "robots": 0, "newsapi": 0}
tally_lock = threading.Lock()


def count(kind):
    with tally_lock:
        tally[kind] += 1


def article_html(host, number):
    paragraphs = []
    state = (host * 131 + number * 7) % 2**31
    for p in range(8):
        words = []
        for _ in range(45):
            state = (state * 1103515245 + 12345) % 2**31
            words.append(WORDS[(state >> 16) % len(WORDS)])
        paragraphs.append("<p>" + " ".join(words).capitalize() + ".</p>")
    return ("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Story %d of host %d</title>"
            "</head><body><header><nav><a href=\"/\">Home</a></nav></header><main><article>"
            "<h1>Story %d of host %d</h1>%s</article></main><footer>Example Times</footer></body></html>"
            % (number, host, number, host, "\n".join(paragraphs))).encode()


def read_head(connection):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = connection.recv(4096)
        if not chunk:
            return None
        data += chunk
    line = data.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    return parts[1] if len(parts) >= 2 else "/"


def response(status, content_type, body, extra=b""):
    head = ("HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nConnection: close\r\n" %
            (status, content_type, len(body))).encode()
    return head + extra + b"\r\n" + body


class Publisher(socketserver.BaseRequestHandler):
    def handle(self):
        connection = self.request
        connection.settimeout(900)
        try:
            target = read_head(connection)
        except OSError:
            return
        if target is None:
            return
        host = self.server.host_number
        if target == "/robots.txt":
            count("robots")
            connection.sendall(response("404 Not Found", "text/plain", b""))
            return
        number = int(target.rsplit("/", 1)[-1]) if target.rsplit("/", 1)[-1].isdigit() else -1
        kind = {0: "hang", 1: "trickle", 2: "close-mid-head"}.get(number, "good")
        if kind == "close-mid-head" and not self.server.close_mid_head:
            kind = "good"
        count(kind)
        try:
            if kind == "hang":
                while connection.recv(4096):
                    pass
            elif kind == "trickle":
                body = article_html(host, number)
                connection.sendall(response("200 OK", "text/html; charset=utf-8", body).split(b"\r\n\r\n")[0]
                                   + b"\r\n\r\n")
                for byte in body:
                    connection.sendall(bytes([byte]))
                    time.sleep(1)
            elif kind == "close-mid-head":
                connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: text/ht")
            else:
                connection.sendall(response("200 OK", "text/html; charset=utf-8", article_html(host, number)))
        except OSError:
            pass


class NewsAPI(socketserver.BaseRequestHandler):
    def handle(self):
        connection = self.request
        connection.settimeout(60)
        try:
            target = read_head(connection)
        except OSError:
            return
        if target is None:
            return
        count("newsapi")
        category = "health" if "category=health" in target else "technology"
        offset = 0 if category == "health" else 1
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        articles = []
        index = 0
        for number in range(self.server.pages_per_host):
            for host in range(self.server.hosts):
                index += 1
                if (number * self.server.hosts + host) % 2 != offset:
                    continue
                address = "127.0.0.%d" % (host + 2)
                published = now - datetime.timedelta(minutes=index)
                articles.append({
                    "source": {"id": None, "name": "Host %d" % host},
                    "author": "Reporter %d" % host,
                    "title": "Story %d of host %d - Example Times" % (number, host),
                    "description": "A short teaser of story %d." % number,
                    "url": "http://%s:%d/story/%d" % (address, self.server.publisher_port, number),
                    "urlToImage": None,
                    "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"),
                    "content": "A short teaser of story %d." % number,
                })
        body = json.dumps({"status": "ok", "totalResults": len(articles), "articles": articles}).encode()
        try:
            connection.sendall(response("200 OK", "application/json", body))
        except OSError:
            pass


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18580, help="the publishers' port")
    parser.add_argument("--newsapi-port", type=int, default=18579)
    parser.add_argument("--hosts", type=int, default=20)
    parser.add_argument("--pages-per-host", type=int, default=10)
    parser.add_argument("--no-close-mid-head", action="store_true",
                        help="/story/2 is an article too (to time the other two kinds without the crash)")
    arguments = parser.parse_args()
    servers = []
    for host in range(arguments.hosts):
        server = Server(("127.0.0.%d" % (host + 2), arguments.port), Publisher)
        server.host_number = host
        server.close_mid_head = not arguments.no_close_mid_head
        servers.append(server)
    newsapi = Server(("127.0.0.1", arguments.newsapi_port), NewsAPI)
    newsapi.hosts = arguments.hosts
    newsapi.pages_per_host = arguments.pages_per_host
    newsapi.publisher_port = arguments.port
    servers.append(newsapi)
    for server in servers:
        threading.Thread(target=server.serve_forever, daemon=True).start()
    print("ready", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    stop.wait()
    for server in servers:
        server.shutdown()
    print("served: " + ", ".join("%s %d" % item for item in tally.items()), flush=True)


if __name__ == "__main__":
    main()

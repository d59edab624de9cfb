#!/usr/bin/env python3
"""Loopback image hosts for the watch benchmark.

Listens on the same port on every given loopback address (127.0.0.2 ... 127.0.0.9 work on Linux without setup)
and answers every request, after a fixed delay, with `200 image/jpeg` and a Content-Length (no body for HEAD).
Keep-alive connections are served until the client closes them; thousands of concurrent connections are fine
(one asyncio task each).

Prints `ready <port>` once listening; on SIGTERM/SIGINT prints `requests <count> HEAD <count> most-at-once <n>`
and exits.
"""

import argparse
import asyncio
import signal
import sys

IMAGE_LENGTH = 48_213


class Counters:
    def __init__(self):
        self.requests = 0
        self.heads = 0
        self.now = 0
        self.most = 0


async def serve(reader, writer, delay, counters):
    try:
        while True:
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
                return
            method = head.split(b" ", 1)[0]
            counters.requests += 1
            counters.heads += method == b"HEAD"
            counters.now += 1
            counters.most = max(counters.most, counters.now)
            await asyncio.sleep(delay)
            counters.now -= 1
            answer = (
                "HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n"
                f"Content-Length: {IMAGE_LENGTH}\r\nETag: \"bench\"\r\n\r\n"
            ).encode()
            writer.write(answer)
            await writer.drain()
            if method != b"HEAD":
                # Only HEAD is expected: anything else gets the head and a closed connection, never a body.
                return
    except ConnectionError:
        pass
    finally:
        writer.close()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=18480)
    parser.add_argument("--delay-ms", type=float, default=50)
    parser.add_argument("--hosts", default=",".join(f"127.0.0.{n}" for n in range(2, 10)))
    options = parser.parse_args()

    counters = Counters()
    delay = options.delay_ms / 1000
    servers = []
    for host in options.hosts.split(","):
        server = await asyncio.start_server(
            lambda r, w: serve(r, w, delay, counters), host, options.port, backlog=4096, reuse_address=True
        )
        servers.append(server)
    print(f"ready {options.port}", flush=True)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    for server in servers:
        server.close()
    print(f"requests {counters.requests} HEAD {counters.heads} most-at-once {counters.most}", flush=True)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)

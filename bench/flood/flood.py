#!/usr/bin/env python3
"""A bounded idle-connection flood against one HTTP server on loopback, with normal GETs during it.

The flood opens IDLE connections that never send a byte and, whenever the server closes one, opens a
replacement at once (an attacker reconnecting as fast as slots free). Meanwhile a normal client makes
NORMAL requests, each on a new connection, spread evenly over the flood, and counts the ones answered
with a complete 200 within its timeout. Everything stops by itself after DURATION seconds; the counts
are printed as one JSON line.

usage: flood.py PORT PATH [--idle 4200] [--duration 20] [--normal 30] [--timeout 5]
"""
import argparse
import errno
import json
import selectors
import socket
import threading
import time

MAX_IDLE = 10000
MAX_DURATION = 120.0


def open_idle(selector, port, tally):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setblocking(False)
    code = sock.connect_ex(("127.0.0.1", port))
    if code not in (0, errno.EINPROGRESS):
        sock.close()
        tally["connect_failures"] += 1
        return False
    selector.register(sock, selectors.EVENT_READ)
    tally["opened"] += 1
    return True


def flood(port, idle, stop_at, tally, ready):
    selector = selectors.DefaultSelector()
    for _ in range(idle):
        open_idle(selector, port, tally)
    ready.set()
    missing = 0
    while time.monotonic() < stop_at:
        for key, _ in selector.select(timeout=0.05):
            sock = key.fileobj
            try:
                data = sock.recv(4096)
            except (ConnectionResetError, OSError):
                data = b""
            if data:
                continue  # an error answer before the close: read on until the end
            selector.unregister(sock)
            sock.close()
            tally["closed_by_server"] += 1
            missing += 1
        while missing > 0 and time.monotonic() < stop_at:
            if not open_idle(selector, port, tally):
                break
            missing -= 1
        tally["holding_min"] = min(tally["holding_min"], len(selector.get_map()))
    for key in list(selector.get_map().values()):
        key.fileobj.close()
    selector.close()


def normal_get(port, path, timeout):
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            received = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                received += chunk
                if time.monotonic() - started > timeout:
                    return False, time.monotonic() - started
        head, _, body = received.partition(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 200"):
            return False, time.monotonic() - started
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length" and len(body) != int(value.strip()):
                return False, time.monotonic() - started
        return True, time.monotonic() - started
    except OSError:
        return False, time.monotonic() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("path")
    parser.add_argument("--idle", type=int, default=4200)
    parser.add_argument("--duration", type=float, default=20.0)
    parser.add_argument("--normal", type=int, default=30)
    parser.add_argument("--timeout", type=float, default=5.0)
    args = parser.parse_args()
    idle = max(0, min(args.idle, MAX_IDLE))
    duration = max(1.0, min(args.duration, MAX_DURATION))

    tally = {"opened": 0, "closed_by_server": 0, "connect_failures": 0, "holding_min": idle}
    ready = threading.Event()
    stop_at = time.monotonic() + duration
    flooder = threading.Thread(target=flood, args=(args.port, idle, stop_at, tally, ready), daemon=True)
    flooder.start()
    ready.wait(timeout=duration)
    time.sleep(min(1.0, duration / 10))  # let the slots fill before the first normal request

    answered = 0
    latencies = []
    # Spread the normal requests evenly over the flood, the last one ending before the flood stops.
    begin = time.monotonic()
    window = max(0.0, stop_at - begin - args.timeout)
    for index in range(args.normal):
        delay = begin + index * window / max(1, args.normal) - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        ok, seconds = normal_get(args.port, args.path, args.timeout)
        if ok:
            answered += 1
            latencies.append(seconds)
    flooder.join(timeout=duration + 5)
    latencies.sort()
    print(json.dumps({
        "answered": answered, "tried": args.normal, "idle": idle, "duration": duration,
        "median_ms": round(1000 * latencies[len(latencies) // 2], 1) if latencies else None,
        **tally,
    }))


if __name__ == "__main__":
    main()

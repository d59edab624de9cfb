#!/usr/bin/env python3
"""Times newsfeed convert against the feedgen baseline in the same run and prints the tables.

For each input: one warm-up run of each tool, then ROUNDS rounds (default 5) that run newsfeed
and feedgen alternately, so both see the same machine load; the median of the rounds is the
figure. Wall time is measured around each process (output to /dev/null). Peak memory is the
maximum resident set size reported by GNU time (`/usr/bin/time -f %M`), the median of three runs.

usage: measure.py NEWSFEED NAME=INPUT... [--rounds N] [--format rss|atom|json]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

SITE = "https://feeds.example.com/"
HERE = os.path.dirname(os.path.abspath(__file__))
GOALS = {"100": 0.15, "10000": 0.10}  # newsfeed/feedgen time, by article count (issue 30)
MEMORY_GOAL_MB = 40  # newsfeed peak RSS on 10,000 articles


def commands(newsfeed, path, feed_format):
    common = ["--country", "us", "--category", "health", "--site", SITE]
    extra = [] if feed_format == "rss" else ["--format", feed_format]
    # feedgen writes RSS and Atom; for JSON Feed the peer is Python's json module on the same items.
    peer = "json_convert.py" if feed_format == "json" else "feedgen_convert.py"
    return {
        "newsfeed": [newsfeed, "convert", path] + common + extra,
        "feedgen": [sys.executable, os.path.join(HERE, peer), path] + common + extra,
    }


def wall_time(argv):
    with open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=sink)
        return time.perf_counter() - start


def peak_rss_mb(argv):
    values = []
    for _ in range(3):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, check=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        values.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("newsfeed")
    parser.add_argument("inputs", nargs="+", help="NAME=PATH, NAME ending in the article count")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--format", default="rss")
    args = parser.parse_args()
    rows = []
    for spec in args.inputs:
        name, path = spec.split("=", 1)
        argvs = commands(args.newsfeed, path, args.format)
        for argv in argvs.values():
            wall_time(argv)  # warm-up: page cache, Python's bytecode cache
        times = {label: [] for label in argvs}
        for _ in range(args.rounds):
            for label, argv in argvs.items():
                times[label].append(wall_time(argv))
        rss = {label: peak_rss_mb(argv) for label, argv in argvs.items()}
        rows.append((name, times, rss))

    peer = "python json" if args.format == "json" else "python-feedgen"
    print(f"\nnewsfeed convert ({args.format}) vs {peer}, alternating, median of {args.rounds}\n")
    print(f"| input | newsfeed median s (min–max) | {peer} median s (min–max) | ratio | goal | "
          f"newsfeed peak RSS MB | {peer} peak RSS MB |")
    print("|---|---|---|---|---|---|---|")
    for name, times, rss in rows:
        mine, theirs = statistics.median(times["newsfeed"]), statistics.median(times["feedgen"])
        ratio = mine / theirs
        count = name.rsplit("-", 1)[-1]
        goal = GOALS.get(count)
        verdict = "" if goal is None else f"≤ {goal:.2f} {'met' if ratio <= goal else 'missed'}"
        memory = f"{rss['newsfeed']:.1f}"
        if count == "10000":
            memory += f" (≤ {MEMORY_GOAL_MB} {'met' if rss['newsfeed'] <= MEMORY_GOAL_MB else 'missed'})"
        spread = {label: f"{min(values):.4f}–{max(values):.4f}" for label, values in times.items()}
        print(f"| {name} | {mine:.4f} ({spread['newsfeed']}) | {theirs:.4f} ({spread['feedgen']}) | "
              f"{ratio:.3f} | {verdict} | {memory} | {rss['feedgen']:.1f} |")


if __name__ == "__main__":
    main()

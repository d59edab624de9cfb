#!/usr/bin/env python3
"""Times newsfeed convert against the feedgen baseline and prints the results table.

Wall time comes from hyperfine when it is installed (median of N runs after warm-ups),
else from this script's own loop (same statistics). Peak memory is the maximum resident
set size reported by GNU time (`/usr/bin/time -f %M`), the median of three runs.

usage: measure.py NEWSFEED INPUT_100 INPUT_10000 WORKDIR
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

SITE = "https://feeds.example.com/"
HERE = os.path.dirname(os.path.abspath(__file__))


def commands(newsfeed, path):
    common = ["--country", "us", "--category", "health", "--site", SITE]
    return {
        "newsfeed": [newsfeed, "convert", path] + common,
        "feedgen": [sys.executable, os.path.join(HERE, "feedgen_convert.py"), path] + common,
    }


def wall_times(argv, runs, warmup, workdir, label):
    """Seconds of each run, output to /dev/null."""
    if shutil.which("hyperfine"):
        export = os.path.join(workdir, f"{label}.json")
        subprocess.run(
            ["hyperfine", "--shell=none", "--style=none", "--warmup", str(warmup), "--runs", str(runs),
             "--export-json", export, " ".join(argv)],
            check=True, stdout=subprocess.DEVNULL)
        with open(export) as f:
            return json.load(f)["results"][0]["times"]
    times = []
    for index in range(warmup + runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        if index >= warmup:
            times.append(time.perf_counter() - start)
    return times


def peak_rss_mb(argv):
    """Median over three runs of the maximum resident set size, in MB (GNU time reports KiB)."""
    values = []
    for _ in range(3):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, check=True,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        values.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(values)


def main():
    newsfeed, small, big, workdir = sys.argv[1:5]
    tool = "hyperfine" if shutil.which("hyperfine") else "python loop"
    rows = []
    for name, path, runs in (("100 articles", small, 20), ("10,000 articles", big, 10)):
        result = {}
        for label, argv in commands(newsfeed, path).items():
            times = wall_times(argv, runs, 2, workdir, f"{label}-{len(rows)}")
            result[label] = (statistics.median(times), statistics.mean(times), statistics.pstdev(times),
                             peak_rss_mb(argv), len(times))
        rows.append((name, result))

    print(f"\nnewsfeed convert vs python-feedgen (wall time: {tool}; memory: /usr/bin/time max RSS)\n")
    print("| input | tool | runs | median s | mean ± sd s | peak RSS MB |")
    print("|---|---|---|---|---|---|")
    for name, result in rows:
        for label in ("newsfeed", "feedgen"):
            median, mean, sd, rss, count = result[label]
            print(f"| {name} | {label} | {count} | {median:.3f} | {mean:.3f} ± {sd:.3f} | {rss:.1f} |")
    print("\n| input | time newsfeed/feedgen (target ≤ 0.25) | speed-up | newsfeed peak RSS (target < 50 MB on 10,000) |")
    print("|---|---|---|---|")
    for name, result in rows:
        ratio = result["newsfeed"][0] / result["feedgen"][0]
        rss = result["newsfeed"][3]
        verdict = "met" if ratio <= 0.25 else "missed"
        memory = f"{rss:.1f} MB" + ((" met" if rss < 50 else " missed") if name.startswith("10,000") else "")
        print(f"| {name} | {ratio:.3f} ({verdict}) | {1 / ratio:.1f}× | {memory} |")


if __name__ == "__main__":
    main()

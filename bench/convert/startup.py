#!/usr/bin/env python3
"""What a newsfeed binary costs before it does anything, and what convert costs on top of it.

For each binary: the shared libraries the dynamic linker maps at start (`ldd`, which lists the whole
DT_NEEDED closure: every one is loaded and relocated before main), then ROUNDS rounds run the binaries
alternately (all see the same load) and time `--version` (touches no image, no config, no network) and,
for each INPUT given, `convert INPUT` to /dev/null; the median of the rounds is the figure. Peak memory is
GNU time's maximum resident set size, the median of three runs.

A NAME containing `bind-now` runs its binary with LD_BIND_NOW=1: every symbol of every library bound before
main, as a binary linked with `-z now` (packaging/deb/build.sh) does, without relinking.

usage: startup.py NAME=BINARY... [--input NAME=PATH]... [--rounds N]
"""
import argparse
import os
import statistics
import subprocess
import time

SITE = "https://feeds.example.com/"


def libraries(binary):
    listing = subprocess.run(["ldd", binary], check=True, capture_output=True, text=True).stdout
    return sum(1 for line in listing.splitlines() if "=>" in line or line.strip().startswith("/"))


def environment(name):
    return dict(os.environ, LD_BIND_NOW="1") if "bind-now" in name else dict(os.environ)


def wall(name, argv):
    with open(os.devnull, "wb") as sink:
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=sink, env=environment(name))
        return time.perf_counter() - start


def peak_mb(name, argv):
    values = []
    for _ in range(3):
        result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, check=True, env=environment(name),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        values.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(values)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binaries", nargs="+", help="NAME=PATH")
    parser.add_argument("--input", action="append", default=[], help="NAME=PATH of a NewsAPI answer")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    binaries = [spec.split("=", 1) for spec in args.binaries]
    inputs = [spec.split("=", 1) for spec in args.input]
    tasks = {"--version": lambda b: [b, "--version"]}
    for name, path in inputs:
        tasks["convert " + name] = (lambda p: lambda b: [b, "convert", p, "--country", "us", "--category",
                                                         "health", "--site", SITE])(path)
    times = {(name, task): [] for name, _ in binaries for task in tasks}
    for name, binary in binaries:  # warm-up: page cache, first run
        for argv in tasks.values():
            wall(name, argv(binary))
    for _ in range(args.rounds):
        for task, argv in tasks.items():
            for name, binary in binaries:
                times[(name, task)].append(wall(name, argv(binary)))
    print("| binary | shared libraries | task | wall s (median of %d) | peak MB |" % args.rounds)
    print("|---|---|---|---|---|")
    for name, binary in binaries:
        count = libraries(binary)
        for task, argv in tasks.items():
            print(f"| {name} | {count} | {task} | {statistics.median(times[(name, task)]):.4f} | "
                  f"{peak_mb(name, argv(binary)):.1f} |")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""newsfeed reading and rendering vs python feedparser reading, on the same files in the same run.

    python3 bench/feeds/measure.py NEWSFEED GENERATED_DIR CORPUS_DIR [FEEDS_BENCH] [--repeat N]

newsfeed: `newsfeed convert --source feed FILE --format F > /dev/null` per file (read, normalize, render),
timed as the child's CPU time (user + system, from wait4, GNU time's own few ms included) and wall time, minus
process start: the same command on a one-item feed, the median of 15 runs. feedparser: `feedparser.parse(bytes)`
in this process (so no start-up at all), best of N, timed as CPU (process_time) and wall. Peak memory: GNU time's
maximum resident set (%M) of newsfeed, and of a Python process that only parses the file with feedparser.
"""
import gc
import os
import resource
import statistics
import subprocess
import sys
import time

import feedparser

TINY = (b'<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://t.example/</link>'
        b'<item><title>a</title><link>https://t.example/a</link></item></channel></rss>')


def run_newsfeed(newsfeed, path, fmt):
    # GNU time reports the peak: a child forked from this (large, after feedparser) Python process would count
    # Python's resident pages in its own ru_maxrss (Linux keeps the pre-exec high-water mark across execve).
    start = time.perf_counter()
    proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", newsfeed, "convert", "--source", "feed", path,
                             "--format", fmt], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    lines = err.strip().splitlines()
    peak = int(lines[-1]) / 1024 if lines and lines[-1].isdigit() else float("nan")
    return proc.returncode, usage.ru_utime + usage.ru_stime, wall, peak, "\n".join(lines[:-1])


def feedparser_time(data, repeat):
    cpu, wall = [], []
    for _ in range(repeat):
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        feedparser.parse(data)
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return min(cpu), min(wall)


def feedparser_peak(path):
    code = "import feedparser,sys;feedparser.parse(open(sys.argv[1],'rb').read())"
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-c", code, path], capture_output=True,
                         text=True, check=True).stderr
    peak = int(out.strip().splitlines()[-1]) / 1024
    base_out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-c", "import feedparser"],
                              capture_output=True, text=True, check=True).stderr
    return int(base_out.strip().splitlines()[-1]) / 1024, peak


def main():
    newsfeed, generated, corpus = sys.argv[1:4]
    repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    tiny = os.path.join(generated, "tiny.xml")
    with open(tiny, "wb") as f:
        f.write(TINY)
    starts = [run_newsfeed(newsfeed, tiny, "rss") for _ in range(15)]
    start_cpu = statistics.median(s[1] for s in starts)
    start_wall = statistics.median(s[2] for s in starts)
    start_rss = statistics.median(s[3] for s in starts)
    print(f"newsfeed process start (one-item feed, median of 15): cpu {start_cpu * 1000:.1f} ms, "
          f"wall {start_wall * 1000:.1f} ms, peak {start_rss:.1f} MB")
    print()
    print(f"{'file':<22}{'format':>7}{'size MB':>9}{'newsfeed cpu ms':>17}{'wall ms':>9}{'peak MB':>9}"
          f"{'feedparser cpu ms':>19}{'wall ms':>9}{'ratio cpu':>11}{'ratio wall':>11}")
    big = sorted(f for f in os.listdir(generated) if f != "tiny.xml")
    for name in big:
        path = os.path.join(generated, name)
        with open(path, "rb") as f:
            data = f.read()
        fp_cpu, fp_wall = feedparser_time(data, repeat)
        for fmt in ("rss", "json", "atom"):
            runs = [run_newsfeed(newsfeed, path, fmt) for _ in range(repeat)]
            failed = [r for r in runs if r[0] != 0]
            if failed:
                print(f"{name}: newsfeed failed: {failed[0][4].strip()}")
                continue
            cpu = min(r[1] for r in runs) - start_cpu
            wall = min(r[2] for r in runs) - start_wall
            peak = max(r[3] for r in runs)
            print(f"{name:<22}{fmt:>7}{len(data) / 1e6:>9.1f}{cpu * 1000:>17.0f}{wall * 1000:>9.0f}{peak:>9.1f}"
                  f"{fp_cpu * 1000:>19.0f}{fp_wall * 1000:>9.0f}{cpu / fp_cpu:>11.3f}{wall / fp_wall:>11.3f}")
        if name.startswith("podcast"):
            base, peak = feedparser_peak(path)
            print(f"{'':<22}feedparser peak {peak:.0f} MB (python with feedparser imported: {base:.0f} MB)")
    # feedparser's own test suite: 2,100 small files, where a process start per file would be all that is measured;
    # so both sides read every file in one process: the feeds-bench probe (newsfeed's reader and normalizer, bytes
    # already in memory; no rendering) and feedparser.parse, best of `repeat`.
    files = []
    for root, _, names in os.walk(corpus):
        files += [os.path.join(root, n) for n in names if n.endswith((".xml", ".json", ".rdf", ".rss", ".atom"))]
    files.sort()
    probe = sys.argv[4] if len(sys.argv) > 4 and not sys.argv[4].startswith("--") else None
    datas = []
    for path in files:
        with open(path, "rb") as f:
            datas.append(f.read())
    fp = min(sum(feedparser_time(d, 1)[0] for d in datas) for _ in range(repeat))
    print()
    if probe:
        times = []
        for _ in range(repeat):
            out = subprocess.run([probe, "--time"] + files, capture_output=True, text=True, check=True).stdout
            times.append(float(out.split()[0]))
            stories = int(out.split()[1])
        nf = min(times)
        print(f"feedparser's test suite, {len(files)} files, in one process each side (best of {repeat}): "
              f"newsfeed reader+normalizer {nf * 1000:.0f} ms ({stories} stories), feedparser cpu {fp * 1000:.0f} ms, "
              f"ratio {nf / fp:.3f}")
    else:
        print("feedparser's test suite: pass the feeds-bench probe as 4th argument to time it")


if __name__ == "__main__":
    main()

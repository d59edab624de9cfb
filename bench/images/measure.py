#!/usr/bin/env python3
"""Times newsfeed's thumbnailing against vipsthumbnail and Pillow in the same run and prints the table.

usage: measure.py IMAGES_BENCH PHOTO_FOLDER [--rounds 5] [--widths 320,640,1280] [--workers 2]

One warm-up round (not counted), then --rounds rounds that each run the three tools one after the other on all
photos, the order rotating every round so all see the same machine load; each writes every width of every photo
into a fresh folder. The figure is the median of the rounds' wall times. Peak memory: GNU time's maximum
resident set size of images-bench on 100 photos, median of 3.
  newsfeed       images-bench: the image cache's Thumbnailer and ImageFolder, --workers images at once
  vipsthumbnail  Debian's CLI, one process per width over the files that reach it, `--size Wx`, the same JPEG options
                 (Q=80, strip, optimize_coding, interlace), libvips' own threads on one image at a time
  pillow         pillow_thumbnails.py: draft + exif_transpose + thumbnail, --workers processes
"""
import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GOALS = {"vipsthumbnail": 1.3, "pillow": 0.5}
MEMORY_GOAL_MB = 150
NAMES = ["newsfeed", "vipsthumbnail", "pillow"]


def seen_widths(photos):
    """Each photo's width as seen (after EXIF orientation), so vipsthumbnail is given only the files a width
    applies to: newsfeed and the Pillow script skip a width above the original's, as the cache does."""
    from PIL import Image
    widths = {}
    for path in photos:
        with Image.open(path) as image:
            turned = image.getexif().get(0x0112, 1) in (5, 6, 7, 8)
            widths[path] = image.height if turned else image.width
    return widths


SEEN = {}


def commands(name, bench, photos, widths, workers, out):
    listed = ",".join(map(str, widths))
    if name == "newsfeed":
        return [[bench, "--widths", listed, "--workers", str(workers), "--out", out] + photos]
    if name == "vipsthumbnail":
        options = "[Q=80,strip,optimize_coding,interlace]"
        return [["vipsthumbnail", "--size", f"{w}x", "-o", os.path.join(out, f"%s-{w}.jpg{options}")]
                + [p for p in photos if SEEN[p] >= w] for w in widths]
    return [[sys.executable, os.path.join(HERE, "pillow_thumbnails.py"), "--widths", listed,
             "--workers", str(workers), "--out", out] + photos]


# newsfeed limits glibc to two malloc arenas at start (MallocArenas, in NewsFeedCLI); the probe links only the
# Images target, so it gets the same limit from the environment.
NEWSFEED_ENV = dict(os.environ, MALLOC_ARENA_MAX="2")


def timed(argvs, out, env=None):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    start = time.perf_counter()
    for argv in argvs:
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    elapsed = time.perf_counter() - start
    return elapsed, sum(len(files) for _, _, files in os.walk(out))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bench")
    parser.add_argument("photos")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--widths", default="320,640,1280")
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    photos = sorted(glob.glob(os.path.join(args.photos, "*.jpg")))
    SEEN.update(seen_widths(photos))
    scratch = tempfile.mkdtemp(prefix="bench-images-")
    times = {name: [] for name in NAMES}
    counts = {}
    try:
        for round_index in range(args.rounds + 1):
            order = NAMES[round_index % 3:] + NAMES[:round_index % 3]
            for name in order:
                out = os.path.join(scratch, name)
                env = NEWSFEED_ENV if name == "newsfeed" else None
                elapsed, files = timed(commands(name, args.bench, photos, widths, args.workers, out), out, env)
                counts[name] = files
                if round_index > 0:
                    times[name].append(elapsed)
                print(f"round {round_index} {name}: {elapsed:.2f} s, {files} files", file=sys.stderr, flush=True)
        out = os.path.join(scratch, "memory")
        peaks = []
        for _ in range(3):
            shutil.rmtree(out, ignore_errors=True)
            argv = commands("newsfeed", args.bench, photos[:100], widths, args.workers, out)[0]
            result = subprocess.run(["/usr/bin/time", "-f", "%M"] + argv, check=True, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True, env=NEWSFEED_ENV)
            peaks.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
        peak = statistics.median(peaks)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    median = {name: statistics.median(values) for name, values in times.items()}
    print(f"{len(photos)} photos, widths {args.widths}, {args.workers} workers, median of {args.rounds} rounds")
    print()
    print("| tool | files written | median s | rounds s | newsfeed ÷ tool | goal |")
    print("|---|---|---|---|---|---|")
    for name in NAMES:
        ratio = median["newsfeed"] / median[name]
        goal = f"≤ {GOALS[name]} {'✓' if ratio <= GOALS[name] else '✗'}" if name in GOALS else ""
        rounds = " ".join(f"{value:.2f}" for value in times[name])
        print(f"| {name} | {counts[name]} | {median[name]:.2f} | {rounds} | {ratio:.2f} | {goal} |")
    print()
    mark = "✓" if peak <= MEMORY_GOAL_MB else "✗"
    print(f"peak memory of newsfeed caching 100 photos ({args.workers} in flight): {peak:.0f} MB max RSS "
          f"(median of 3; goal ≤ {MEMORY_GOAL_MB} MB {mark})")


if __name__ == "__main__":
    main()

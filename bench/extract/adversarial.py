#!/usr/bin/env python3
"""Pages built to stall the extractor (issue 31), generated here (never committed), each timed with its peak memory.

Usage: bench/extract/adversarial.py [--newsfeed PATH] [--only NAME,...] [--keep DIR]

Each page is a short article followed by many copies of one element; `newsfeed extract --format json PAGE` runs
once per page under GNU time (`/usr/bin/time -f '%e %M'`). Printed per page: its size, wall seconds, peak memory,
the bound (8 x the page + 40 MB), and the outcome (`ok` with the words found, or the error, e.g. `too complex`).
`extract` has no time budget (it shows the extractor's own cost); builds stop a page at fullText.extractTimeout.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ARTICLE = "<h1>Budget</h1><article>" + "<p>The council met on Tuesday, and it approved the plan for the bridge.</p>" * 20

PAGES = {
    "p-300k": ("<p></p>", 300_000),
    "p-1m": ("<p></p>", 1_000_000),
    "i-1m": ("<i>x</i>", 1_000_000),
    "svg-30k": ('<svg width="10" height="10"><circle cx="5" cy="5" r="4"/></svg>', 30_000),
    "script-200k": ("<script>a</script>", 200_000),
    "div-700k": ("<div></div>", 700_000),
    "br-1m": ("<br>", 1_000_000),
    "math-150k": ("<math><mi>x</mi><annotation>x=</annotation></math>", 150_000),
    "template-250k": ("<template><p>t</p></template>", 250_000),
    "span-date-220k": ('<span class="date">1 May</span>', 220_000),
    "table-nested": (None, 0),
}


def page(name):
    element, count = PAGES[name]
    head = "<html><head><title>Budget</title></head><body>" + ARTICLE + "</article><div>"
    if element is None:
        # Tables nested 80 deep (libxml2 keeps 256 levels), 2,500 times: 600,000 tables, rows and cells.
        nest = "<table><tr><td>" * 80 + "x" + "</td></tr></table>" * 80
        body = nest * 2500
    else:
        body = element * count
    return (head + body + "</div></body></html>").encode()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--newsfeed", default=".build/release/newsfeed")
    parser.add_argument("--only")
    parser.add_argument("--keep")
    arguments = parser.parse_args()
    names = arguments.only.split(",") if arguments.only else list(PAGES)
    folder = arguments.keep or tempfile.mkdtemp(prefix="adversarial-")
    os.makedirs(folder, exist_ok=True)
    worst = 0.0
    for name in names:
        path = os.path.join(folder, name + ".html")
        data = page(name)
        with open(path, "wb") as handle:
            handle.write(data)
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            process = subprocess.run(
                ["/usr/bin/time", "-f", "%e %M", "-o", report.name, arguments.newsfeed, "extract", "--format", "json",
                 path],
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            seconds, kilobytes = report.read().split()[-2:]
        try:
            item = json.loads(process.stdout.decode().splitlines()[0])
            outcome = f"error: {item['error']}" if "error" in item else f"ok, {item['words']} words"
        except (IndexError, ValueError):
            outcome = f"exit {process.returncode}"
        megabytes = int(kilobytes) / 1024
        bound = 8 * len(data) / 2**20 + 40
        worst = max(worst, float(seconds))
        print(f"{name:16} {len(data) / 2**20:6.1f} MB  {float(seconds):7.2f} s  peak {megabytes:7.1f} MB "
              f"(bound {bound:6.1f} MB{'' if megabytes <= bound else ', OVER'})  {outcome}", flush=True)
        if not arguments.keep:
            os.unlink(path)
    print(f"worst time per page: {worst:.2f} s")
    if not arguments.keep:
        os.rmdir(folder)


if __name__ == "__main__":
    sys.exit(main())

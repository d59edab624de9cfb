#!/usr/bin/env python3
"""Lays out the Scrapinghub article-extraction-benchmark (181 real news pages with hand-made
ground truth; a checkout of github.com/scrapinghub/article-extraction-benchmark) as a corpus for
run.py: OUT/<id>/source.html (the page, ungzipped) and OUT/<id>/expected.txt (its `articleBody`).

Usage: bench/extract/prepare-scrapinghub.py CHECKOUT OUT
"""
import gzip
import json
import os
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    checkout, out = sys.argv[1:]
    with open(os.path.join(checkout, "ground-truth.json"), encoding="utf-8") as handle:
        truth = json.load(handle)
    for key, item in sorted(truth.items()):
        folder = os.path.join(out, key)
        os.makedirs(folder, exist_ok=True)
        with gzip.open(os.path.join(checkout, "html", key + ".html.gz")) as page:
            data = page.read()
        with open(os.path.join(folder, "source.html"), "wb") as handle:
            handle.write(data)
        with open(os.path.join(folder, "expected.txt"), "w", encoding="utf-8") as handle:
            handle.write(item.get("articleBody") or "")
        with open(os.path.join(folder, "url.txt"), "w", encoding="utf-8") as handle:
            handle.write(item.get("url") or "")
    print(f"{len(truth)} pages in {out}")


if __name__ == "__main__":
    main()

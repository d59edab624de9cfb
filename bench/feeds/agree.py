#!/usr/bin/env python3
"""Agreement with feedparser on feedparser's own test suite: item titles, links, dates and enclosures.

    python3 bench/feeds/agree.py FEEDS_BENCH CORPUS_DIR [--list]

FEEDS_BENCH is the probe `swift build -c release --product feeds-bench` makes: newsfeed's feed reader
(PublisherFeedReader, the titles made plain by TextCleaner) on each file, every item as read, before the
normalizer drops items without a link (which feedparser keeps; most of its test files have no link at all).
For every file where feedparser reads at least one entry, items are compared in document order; a file agrees
when both read as many items and every item agrees on:
- title: feedparser's title made plain (tags dropped, entities decoded, spaces collapsed), where it has one;
- link: feedparser's `link`, where it is absolute http(s), compared after scheme/host case, a default port,
  a bare host's "/" and percent-decoding;
- date: feedparser's published (else updated) to the second, where it has one;
- enclosures: the set of feedparser's http(s) enclosure URLs, where it has any.
Every disagreement is put in a class, printed with its count and example files.
"""
import calendar
import html
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from urllib.parse import urlsplit, urlunsplit, unquote

import feedparser

def plain(text):
    text = re.sub(r"<[^>]*>", "", text or "")
    return " ".join(html.unescape(text).split())


def norm_url(url):
    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        return None
    host = parts.hostname.lower()
    if parts.port and not ((parts.scheme.lower() == "http" and parts.port == 80) or parts.port == 443):
        host += f":{parts.port}"
    path = unquote(parts.path or "/")
    return urlunsplit((parts.scheme.lower(), host, path, unquote(parts.query), ""))


def fp_date(entry):
    parsed = entry.get("published_parsed") or entry.get("updated_parsed")
    return calendar.timegm(parsed) if parsed else None


def main():
    probe, corpus = sys.argv[1:3]
    files = []
    for root, _, names in os.walk(corpus):
        files += [os.path.join(root, n) for n in names if n.endswith((".xml", ".json"))]
    files.sort()
    # newsfeed's reader on every file, in one process per 200 files (feeds-bench prints one JSON line per file).
    read = {}
    for i in range(0, len(files), 200):
        out = subprocess.run([probe] + files[i:i + 200], capture_output=True, check=True).stdout
        for line in out.decode().splitlines():
            record = json.loads(line)
            read[record["file"]] = record
    now = time.time()
    with_entries = agreeing = 0
    classes = defaultdict(list)
    compared = defaultdict(int)
    for path in files:
        rel = os.path.relpath(path, corpus)
        with open(path, "rb") as f:
            data = f.read()
        try:
            parsed = feedparser.parse(data)
        except Exception:  # feedparser itself failing: not a file where it reads items
            continue
        entries = parsed.entries
        if not entries:
            continue
        with_entries += 1
        mine = read.get(path, {})
        if "error" in mine:
            classes[f"refused: {mine['error'][:80]}"].append(rel)
            continue
        items = mine.get("items", [])
        problems = set()
        if len(items) != len(entries):
            problems.add(f"item count differs")
        for entry, item in zip(entries, items):
            title = plain(entry.get("title"))
            if title:
                compared["title"] += 1
                if " ".join((item.get("title") or "").split()) != title:
                    problems.add("title differs")
            link = norm_url(entry.get("link"))
            if link:
                compared["link"] += 1
                if norm_url(item.get("link")) != link:
                    problems.add("link differs")
            date = fp_date(entry)
            if date is not None:
                compared["date"] += 1
                if item.get("published") is None or int(item["published"]) != date:
                    problems.add("date differs")
            wanted = {norm_url(e.get("href")) for e in entry.get("enclosures", [])} - {None}
            if wanted:
                compared["enclosures"] += 1
                if wanted != {norm_url(u) for u in item.get("enclosures", [])}:
                    problems.add("enclosures differ")
        if problems:
            for problem in problems:
                classes[problem].append(rel)
        else:
            agreeing += 1
    print(f"files: {len(files)}; feedparser reads entries in {with_entries}; fields compared: "
          + ", ".join(f"{k} {v}" for k, v in sorted(compared.items())))
    print(f"agree on every item's title, link, date and enclosures: {agreeing} of {with_entries} "
          f"({100 * agreeing / max(1, with_entries):.1f} %)")
    for name, rels in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        print(f"{len(rels):5}  {name}")
        for rel in rels[:6 if "--list" not in sys.argv else len(rels)]:
            print(f"         {rel}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks a bench/fetch build's outcome: every page of the run has a record in the article cache, every
failure has a cause and a one-line detail, and each kind of page failed (or succeeded) as it should:
hanging and trickling pages `timeout`, pages closed mid-head `network` with a sentence naming the host,
articles extracted. Prints a tally and exits 1 on any mismatch."""
import glob
import json
import os
import sys

folder = sys.argv[1]
expected_pages = int(sys.argv[2])
close_mid_head = len(sys.argv) < 4 or sys.argv[3] != "no-close-mid-head"
records = {}
for path in glob.glob(os.path.join(folder, ".newsfeed", "articles", "*.json")):
    with open(path) as handle:
        record = json.load(handle)
    records[record["url"]] = record

problems = []
tally = {}
for url, record in sorted(records.items()):
    number = int(url.rsplit("/", 1)[-1])
    kind = {0: "hang", 1: "trickle", 2: "close-mid-head"}.get(number, "good")
    if kind == "close-mid-head" and not close_mid_head:
        kind = "good"
    failure = record.get("failure")
    outcome = "article" if record.get("article") else (failure or {}).get("cause", "none")
    tally[(kind, outcome)] = tally.get((kind, outcome), 0) + 1
    if kind == "good":
        if not record.get("article"):
            problems.append("%s: an article page has no article: %s" % (url, failure))
        continue
    if not failure or not failure.get("cause") or not failure.get("detail") or "\n" in failure["detail"]:
        problems.append("%s: a failure without a cause in one line: %s" % (url, failure))
        continue
    want = "network" if kind == "close-mid-head" else "timeout"
    if failure["cause"] != want:
        problems.append("%s (%s): cause %s, expected %s: %s" % (url, kind, failure["cause"], want, failure["detail"]))
    host = url.split("/")[2]
    if kind == "close-mid-head" and host not in failure["detail"]:
        problems.append("%s: the detail does not name %s: %s" % (url, host, failure["detail"]))

print("records: %d of %d pages" % (len(records), expected_pages))
for (kind, outcome), number in sorted(tally.items()):
    print("  %-15s -> %-8s %d" % (kind, outcome, number))
details = sorted({(r.get("failure") or {}).get("detail", "") for r in records.values() if r.get("failure")})
for detail in details[:6]:
    print("  e.g. " + detail)
if len(records) != expected_pages:
    problems.append("%d pages have no record" % (expected_pages - len(records)))
for problem in problems[:20]:
    print("PROBLEM " + problem)
sys.exit(1 if problems else 0)

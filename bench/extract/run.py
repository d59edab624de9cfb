#!/usr/bin/env python3
"""Quality and speed of `newsfeed extract` against trafilatura and readability-lxml, same run.

Usage: bench/extract/run.py [CORPUS ...] [--newsfeed PATH] [--runs 5] [--only quality|speed]

Both public corpora are read in place from the shared folder beside the checkout (../shared/corpora, or
$NEWSFEED_SHARED/corpora), never copied into the tree: with no CORPUS, `benchmark` then `readability`.
CORPUS is `benchmark` (the article-extraction-benchmark: 181 real news pages, html/<id>.html.gz, with the
hand-made `articleBody` of ground-truth.json as the expected text; the pages are ungzipped into a temporary
folder for the run), `readability` (Mozilla Readability's test pages: <name>/source.html with expected.html,
Readability.js's article), or any folder of page folders each with source.html and expected.html (HTML) or
expected.txt (plain text). Nothing is fetched, and every tool runs on the same files in the same run.

Quality: per page, the set of word 4-gram shingles (lowercased \\w+ tokens) of a tool's text
against the expected text's: precision and recall per page, averaged over the pages, and the F1
of the two averages. Speed: `newsfeed extract --format json` over the whole corpus as one process
(timed as a whole process) against trafilatura's extract() looping over the same files in one
Python process (reading the files counts, starting the interpreter does not), alternating, the
median of N runs; peak memory (max RSS, GNU time's %M) of the newsfeed process; a 5 MB page made of
a real page's paragraphs, to show memory stays bounded.
"""
import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import lxml.html
import trafilatura
from readability import Document

TOKEN = re.compile(r"\w+", re.UNICODE)
BLOCKS = {
    "p", "div", "section", "article", "main", "h1", "h2", "h3", "h4", "h5", "h6", "li", "ul", "ol", "dl", "dt",
    "dd", "blockquote", "pre", "table", "tr", "td", "th", "figure", "figcaption", "br", "hr", "header", "footer",
    "caption", "tbody", "thead",
}


def html_text(markup):
    """The text of an HTML fragment, with block boundaries kept as line breaks (so words in adjacent
    paragraphs are not run together)."""
    if not markup or not markup.strip():
        return ""
    root = lxml.html.fromstring(markup)
    parts = []

    def walk(element):
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag in ("script", "style"):
            if element.tail:
                parts.append(element.tail)
            return
        block = tag.lower() in BLOCKS
        if block:
            parts.append("\n")
        if element.text:
            parts.append(element.text)
        for child in element:
            walk(child)
        if block:
            parts.append("\n")
        if element.tail:
            parts.append(element.tail)

    walk(root)
    return "".join(parts)


def shingles(text):
    tokens = TOKEN.findall((text or "").lower())
    if len(tokens) < 4:
        return {tuple(tokens)} if tokens else set()
    return {tuple(tokens[i : i + 4]) for i in range(len(tokens) - 3)}


def score(candidate, reference):
    got, want = shingles(candidate), shingles(reference)
    common = len(got & want)
    precision = common / len(got) if got else (1.0 if not want else 0.0)
    recall = common / len(want) if want else 1.0
    return precision, recall


HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.environ.get("NEWSFEED_SHARED") or os.path.join(HERE, "..", "..", "..", "shared"))
CORPORA = {
    "benchmark": os.path.join(SHARED, "corpora", "article-extraction-benchmark"),
    "readability": os.path.join(SHARED, "corpora", "readability-test-pages"),
}


def benchmark_pages(checkout, scratch):
    """The article-extraction-benchmark read in place: each page ungzipped into `scratch`/<id>/source.html (the
    files newsfeed extract is given), its ground truth's articleBody as expected.txt beside it."""
    with open(os.path.join(checkout, "ground-truth.json"), encoding="utf-8") as handle:
        truth = json.load(handle)
    result = []
    for key, item in sorted(truth.items()):
        folder = os.path.join(scratch, key)
        os.makedirs(folder, exist_ok=True)
        source, expected = os.path.join(folder, "source.html"), os.path.join(folder, "expected.txt")
        with gzip.open(os.path.join(checkout, "html", key + ".html.gz")) as page, open(source, "wb") as out:
            out.write(page.read())
        with open(expected, "w", encoding="utf-8") as out:
            out.write(item.get("articleBody") or "")
        result.append((key, source, expected))
    return result


def corpus_pages(corpus, scratch):
    """The pages of `corpus` (a name of CORPORA or a folder) as (name, source, expected) triples."""
    folder = CORPORA.get(corpus, corpus)
    if not os.path.isdir(folder):
        sys.exit(f"{os.path.normpath(folder)} is missing: the corpora are read from the shared folder beside the "
                 "checkout (../shared/corpora) or $NEWSFEED_SHARED/corpora")
    if os.path.isfile(os.path.join(folder, "ground-truth.json")):
        return benchmark_pages(folder, scratch)
    return pages(folder)


def pages(corpus):
    result = []
    for name in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, name)
        source = os.path.join(folder, "source.html")
        for expected in (os.path.join(folder, "expected.html"), os.path.join(folder, "expected.txt")):
            if os.path.isfile(source) and os.path.isfile(expected):
                result.append((name, source, expected))
                break
    return result


def run_newsfeed(binary, files):
    """The articles newsfeed finds, by file, from one process; and that process's peak RSS in KB."""
    process = subprocess.Popen([binary, "extract", "--format", "json", *files], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = status
    texts = {}
    for line in output.decode("utf-8").splitlines():
        item = json.loads(line)
        texts[item["page"]] = item.get("text", "")
    return texts, usage.ru_maxrss


TIME = "/usr/bin/time"


def time_newsfeed(binary, files):
    """Wall seconds, peak RSS in KB and CPU seconds (user + system) of one whole newsfeed process.

    The peak is GNU time's %M for newsfeed alone: the ru_maxrss this script would get from wait4
    is at least this Python process's own peak (Linux keeps the parent's high-water mark across the
    vfork and exec that start the child), so with trafilatura loaded it measured Python, not newsfeed.
    """
    if not os.access(TIME, os.X_OK):
        sys.exit(f"{TIME} (GNU time) is needed to measure newsfeed's own peak memory: apt-get install time")
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as report:
        start = time.perf_counter()
        process = subprocess.Popen([TIME, "-f", "%M", "-o", report.name, binary, "extract", "--format", "json", *files],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # The rusage of `time` includes its child's (newsfeed's) CPU time; time itself adds ~1 ms.
        _, _, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        peak = int(report.read().split()[-1])
    return seconds, peak, usage.ru_utime + usage.ru_stime


def time_trafilatura(files):
    """Wall seconds and CPU seconds of trafilatura's extract() over `files`, files read included."""
    start, cpu = time.perf_counter(), time.process_time()
    for path in files:
        with open(path, "rb") as handle:
            trafilatura.extract(handle.read(), include_comments=False)
    return time.perf_counter() - start, time.process_time() - cpu


def quality(corpus_pages, binary):
    files = [source for _, source, _ in corpus_pages]
    ours, _ = run_newsfeed(binary, files)
    rows = []
    totals = {"newsfeed": [0.0, 0.0], "trafilatura": [0.0, 0.0], "readability-lxml": [0.0, 0.0]}
    for name, source, expected in corpus_pages:
        with open(expected, "rb") as handle:
            reference = handle.read().decode("utf-8", "replace")
        if expected.endswith(".html"):
            reference = html_text(reference)
        with open(source, "rb") as handle:
            raw = handle.read()
        texts = {"newsfeed": ours.get(source, "")}
        texts["trafilatura"] = trafilatura.extract(raw, include_comments=False) or ""
        try:
            texts["readability-lxml"] = html_text(Document(raw.decode("utf-8", "replace")).summary())
        except Exception:  # readability-lxml raises on pages it cannot parse: that page scores zero
            texts["readability-lxml"] = ""
        row = [name]
        for tool, text in texts.items():
            precision, recall = score(text, reference)
            totals[tool][0] += precision
            totals[tool][1] += recall
            row.append((precision, recall))
        rows.append(row)
    count = len(corpus_pages)
    summary = {}
    for tool, (precision, recall) in totals.items():
        p, r = precision / count, recall / count
        summary[tool] = (p, r, 2 * p * r / (p + r) if p + r else 0.0)
    return rows, summary


def big_page(corpus_pages, size=5 * 1024 * 1024):
    """A page of about `size` bytes: a real article's paragraphs (its reference text's lines, each a
    <p>) repeated."""
    with open(corpus_pages[0][2], "rb") as handle:
        reference = handle.read().decode("utf-8", "replace")
    if corpus_pages[0][2].endswith(".html"):
        reference = html_text(reference)
    lines = [line.strip() for line in reference.splitlines() if line.strip()]
    body = "".join(f"<p>{line.replace('&', '&amp;').replace('<', '&lt;')}</p>\n" for line in lines).encode()
    repeated = body * (size // max(len(body), 1) + 1)
    cut = repeated[:size]
    cut = cut[: cut.rfind(b"</p>\n") + 5]
    handle = tempfile.NamedTemporaryFile("wb", suffix=".html", delete=False)
    handle.write(b"<html><head><title>Big page</title></head><body><article>" + cut + b"</article></body></html>")
    handle.close()
    return handle.name


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", nargs="*", default=["benchmark", "readability"])
    parser.add_argument("--newsfeed", default=".build/release/newsfeed")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", choices=["quality", "speed"])
    parser.add_argument("--per-page", action="store_true", help="print every page's precision and recall")
    arguments = parser.parse_args()
    for corpus in arguments.corpus:
        with tempfile.TemporaryDirectory(prefix="bench-extract-") as scratch:
            measure(corpus, corpus_pages(corpus, scratch), arguments)


def measure(corpus, corpus_pages, arguments):
    if not corpus_pages:
        sys.exit(f"{corpus}: no page folders with source.html and expected.html")
    print(f"corpus {corpus}: {len(corpus_pages)} pages; trafilatura {trafilatura.__version__}")
    if arguments.only != "speed":
        rows, summary = quality(corpus_pages, arguments.newsfeed)
        if arguments.per_page:
            for row in rows:
                print(row[0].ljust(44), "  ".join(f"{p:.2f}/{r:.2f}" for p, r in row[1:]))
        print("quality (word 4-gram shingles; mean precision, mean recall, F1 of the means):")
        for tool, (p, r, f1) in summary.items():
            print(f"  {tool:18} precision {p:.4f}  recall {r:.4f}  F1 {f1:.4f}")
    if arguments.only != "quality":
        files = [source for _, source, _ in corpus_pages]
        ours, theirs, memory, our_cpu, their_cpu = [], [], [], [], []
        time_trafilatura(files[:3])  # warm the imports' lazy parts once
        for _ in range(arguments.runs):
            seconds, rss, cpu = time_newsfeed(arguments.newsfeed, files)
            ours.append(seconds)
            memory.append(rss)
            our_cpu.append(cpu)
            seconds, cpu = time_trafilatura(files)
            theirs.append(seconds)
            their_cpu.append(cpu)
        a, b = statistics.median(ours), statistics.median(theirs)
        c, d = statistics.median(our_cpu), statistics.median(their_cpu)
        print(f"speed over the corpus, median of {arguments.runs} alternating runs:")
        print(f"  wall: newsfeed extract (one process) {a:.3f} s; trafilatura extract() loop {b:.3f} s; ratio {a / b:.3f}")
        print(f"  CPU (user + system): newsfeed {c:.3f} s; trafilatura {d:.3f} s; ratio {c / d:.3f}")
        print(f"  newsfeed peak memory {max(memory) / 1024:.1f} MB")
        big = big_page(corpus_pages)
        try:
            seconds, rss, _ = time_newsfeed(arguments.newsfeed, [big])
            print(f"  5 MB page ({os.path.getsize(big) / 1e6:.1f} MB): {seconds:.3f} s, peak memory {rss / 1024:.1f} MB")
        finally:
            os.unlink(big)


if __name__ == "__main__":
    main()

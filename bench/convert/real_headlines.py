#!/usr/bin/env python3
"""Writes a NewsAPI top-headlines response of COUNT articles made of real captured ones.

The articles of the two real NewsAPI answers captured by others, read in place from the shared folder
beside the checkout (../shared/reference/samples, or $NEWSFEED_SHARED/reference/samples; 38 US top headlines
of 2021-06-04 and 20 Indian health headlines of 2020-04-18: real publishers' titles, descriptions, image URLs,
non-ASCII text) are taken in turn, each copy given a unique URL (`copy=N` added to its query), so no two items
collapse into one. The output is written as NewsAPI sends it
(compact, non-ASCII as UTF-8). The same count always gives the same bytes.

usage: real_headlines.py COUNT OUTPUT.json [--samples DIR]
"""
import argparse
import json
import os

SAMPLES = ("newsapi-top-headlines-us-2021-06-04.json", "newsapi-top-headlines-in-health-2020-04-18.json")


def unique_url(url, number):
    base, hash_mark, fragment = url.partition("#")
    joiner = "&" if "?" in base else "?"
    return f"{base}{joiner}copy={number}{hash_mark}{fragment}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("output")
    here = os.path.dirname(os.path.abspath(__file__))
    shared = os.environ.get("NEWSFEED_SHARED") or os.path.join(here, "../../../shared")
    parser.add_argument("--samples", default=os.path.join(shared, "reference/samples"))
    args = parser.parse_args()
    if not os.path.isdir(args.samples):
        raise SystemExit(f"real_headlines.py: {os.path.normpath(args.samples)} is missing: the real NewsAPI answers "
                         "are read from the shared folder beside the checkout (or set NEWSFEED_SHARED)")
    originals = []
    for name in SAMPLES:
        with open(os.path.join(args.samples, name), encoding="utf-8") as f:
            originals.extend(json.load(f)["articles"])
    articles = []
    for number in range(args.count):
        article = dict(originals[number % len(originals)])
        if article.get("url"):
            article["url"] = unique_url(article["url"], number)
        articles.append(article)
    answer = {"status": "ok", "totalResults": args.count, "articles": articles}
    with open(args.output, "w", encoding="utf-8") as f:
        json.dump(answer, f, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The Python baseline for `newsfeed convert --format json`: the same stories as feedgen_convert.py,
written as JSON Feed 1.1 with the standard `json` module (no feedgen: it has no JSON Feed writer).

usage: json_convert.py FILE --country CC --category CATEGORY [--site URL] [--format json] > feed.json
"""
import argparse
import datetime
import json
import sys

from feedgen_convert import stories


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--country", required=True)
    parser.add_argument("--category", required=True)
    parser.add_argument("--site", default="http://127.0.0.1:8080/")
    parser.add_argument("--format", default="json", choices=["json"])
    args = parser.parse_args()
    site = args.site if args.site.endswith("/") else args.site + "/"

    with open(args.file, encoding="utf-8") as f:
        response = json.load(f)

    now = datetime.datetime.now(datetime.timezone.utc)
    items = []
    for story in stories(response, site, now):
        url, mime = story["enclosure"]
        items.append({
            "id": story["url"], "url": story["url"], "title": story["title"], "summary": story["description"],
            "content_text": story["description"], "image": url,
            "date_published": story["published"].astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "authors": [{"name": story["author"] or story["source"]}],
            "attachments": [{"url": url, "mime_type": mime}],
            "_newsfeed": {"source": {"name": story["source"]}},
        })
    feed = {
        "version": "https://jsonfeed.org/version/1.1",
        "title": f"{args.category.title()} — {args.country.upper()} · Top headlines",
        "home_page_url": site, "feed_url": f"{site}{args.country}/{args.category}.json",
        "description": f"Top {args.category} headlines for {args.country.upper()}, from NewsAPI",
        "language": "en", "items": items,
    }
    out = sys.stdout
    json.dump(feed, out, ensure_ascii=False, indent=2)
    out.write("\n")


if __name__ == "__main__":
    main()

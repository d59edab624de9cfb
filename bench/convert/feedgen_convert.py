#!/usr/bin/env python3
"""The Python baseline: a saved NewsAPI top-headlines response to RSS 2.0 with feedgen.

This is what a Python user would write for the job `newsfeed convert` does: read the
JSON, skip stories without a URL and `[Removed]` placeholders, strip the ` - Source`
title suffix, turn HTML fragments into plain text, drop the `… [+N chars]` marker, and
give every item title, link, description, guid, pubDate and an enclosure (the story's
image, else a default image). No deliberate slowness: the stdlib and feedgen as documented.

With `--format atom` the same feed is written as Atom by feedgen (`atom_str`); with `--format json`
as a JSON Feed 1.1 built with the standard library (feedgen has no JSON Feed writer), the items
carrying id, url, title, content_text, date_published and image.

usage: feedgen_convert.py FILE --country CC --category CATEGORY [--site URL] [--format rss|atom|json] > feed
"""
import argparse
import datetime
import html
import json
import re
import sys

from dateutil.parser import isoparse
from feedgen.feed import FeedGenerator

TAG = re.compile(r"<[^>]+>")
SPACE = re.compile(r"\s+")
MARKER = re.compile(r"…\s*\[\+\d+ chars\]$")
IMAGE_TYPES = {".png": "image/png", ".gif": "image/gif", ".webp": "image/webp"}


def plain(text):
    if not text:
        return ""
    return SPACE.sub(" ", html.unescape(TAG.sub(" ", MARKER.sub("…", text)))).strip()


def image_type(url):
    path = url.split("?", 1)[0].lower()
    for ext, mime in IMAGE_TYPES.items():
        if path.endswith(ext):
            return mime
    return "image/jpeg"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--country", required=True)
    parser.add_argument("--category", required=True)
    parser.add_argument("--site", default="http://127.0.0.1:8080/")
    parser.add_argument("--format", choices=["rss", "atom", "json"], default="rss")
    args = parser.parse_args()
    site = args.site if args.site.endswith("/") else args.site + "/"

    with open(args.file, encoding="utf-8") as f:
        response = json.load(f)

    now = datetime.datetime.now(datetime.timezone.utc)
    fg = FeedGenerator()
    fg.title(f"{args.category.title()} — {args.country.upper()} · Top headlines")
    fg.link(href=site)
    fg.description(f"Top {args.category} headlines for {args.country.upper()}, from NewsAPI")
    fg.language("en")
    fg.lastBuildDate(now)
    fg.ttl(60)
    fg.id(site + f"{args.country}/{args.category}.{args.format}")
    fg.updated(now)
    items = []

    seen = set()
    for article in response.get("articles") or []:
        url = article.get("url")
        if not url or not url.startswith(("http://", "https://")) or url in seen:
            continue
        if article.get("title") == "[Removed]":
            continue
        seen.add(url)
        source = (article.get("source") or {}).get("name") or "Unknown source"
        title = (article.get("title") or "").strip()
        if title.endswith(" - " + source):
            title = title[: -len(" - " + source)]
        description = plain(article.get("description")) or plain(article.get("content")) or "No description"
        try:
            published = isoparse(article.get("publishedAt") or "")
        except ValueError:
            published = now
        image = article.get("urlToImage")
        if image and image.startswith("//"):
            image = "https:" + image

        if args.format == "json":
            item = {"id": url, "url": url, "title": plain(title) or "Untitled story", "content_text": description,
                    "date_published": published.isoformat()}
            if image and image.startswith(("http://", "https://")):
                item["image"] = image
            items.append(item)
            continue
        entry = fg.add_entry(order="append")
        entry.id(url)
        entry.updated(published)
        entry.title(plain(title) or "Untitled story")
        entry.link(href=url)
        entry.description(description)
        entry.guid(url, permalink=True)
        entry.pubDate(published)
        if image and image.startswith(("http://", "https://")):
            entry.enclosure(image, "0", image_type(image))
        else:
            entry.enclosure(site + "assets/default-image.png", "0", "image/png")

    if args.format == "json":
        feed = {"version": "https://jsonfeed.org/version/1.1", "title": fg.title(), "home_page_url": site,
                "feed_url": site + f"{args.country}/{args.category}.json", "description": fg.description(),
                "items": items}
        sys.stdout.write(json.dumps(feed, ensure_ascii=False))
    elif args.format == "atom":
        sys.stdout.buffer.write(fg.atom_str(pretty=False))
    else:
        sys.stdout.buffer.write(fg.rss_str(pretty=False))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The Python baseline: a saved NewsAPI top-headlines response to RSS 2.0 (or Atom) with feedgen.

This is what a Python user would write for the job `newsfeed convert` does: read the
JSON, skip stories without a URL and `[Removed]` placeholders, strip the ` - Source`
title suffix, turn HTML fragments into plain text, drop the `… [+N chars]` marker, and
give every item title, link, description, guid, pubDate and an enclosure (the story's
image, else a default image). No deliberate slowness: the stdlib and feedgen as documented.

With `--format atom` feedgen writes Atom 1.0 from the same items (feed and entry ids, updated and
published dates, the enclosure as `link rel="enclosure"`); its Atom has validity defects of its
own, so only its time is compared. `stories()` is shared with json_convert.py.

usage: feedgen_convert.py FILE --country CC --category CATEGORY [--site URL] [--format rss|atom] > feed
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


def stories(response, site, now):
    """The stories of a response, normalized as newsfeed's rules say (what the user would write)."""
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
        if image and image.startswith(("http://", "https://")):
            enclosure = (image, image_type(image))
        else:
            enclosure = (site + "assets/default-image.png", "image/png")
        yield {"url": url, "title": plain(title) or "Untitled story", "description": description,
               "published": published, "source": source, "author": article.get("author"),
               "enclosure": enclosure}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--country", required=True)
    parser.add_argument("--category", required=True)
    parser.add_argument("--site", default="http://127.0.0.1:8080/")
    parser.add_argument("--format", default="rss", choices=["rss", "atom"])
    args = parser.parse_args()
    site = args.site if args.site.endswith("/") else args.site + "/"

    with open(args.file, encoding="utf-8") as f:
        response = json.load(f)

    now = datetime.datetime.now(datetime.timezone.utc)
    fg = FeedGenerator()
    self_url = f"{site}{args.country}/{args.category}.{args.format}"
    fg.id(self_url)
    fg.title(f"{args.category.title()} — {args.country.upper()} · Top headlines")
    fg.link(href=site)
    fg.link(href=self_url, rel="self")
    fg.description(f"Top {args.category} headlines for {args.country.upper()}, from NewsAPI")
    fg.language("en")
    fg.lastBuildDate(now)
    fg.updated(now)
    fg.ttl(60)

    for story in stories(response, site, now):
        entry = fg.add_entry(order="append")
        entry.id(story["url"])
        entry.title(story["title"])
        entry.link(href=story["url"])
        entry.description(story["description"])
        entry.guid(story["url"], permalink=True)
        entry.pubDate(story["published"])
        entry.updated(story["published"])
        entry.author(name=story["author"] or story["source"])
        url, mime = story["enclosure"]
        entry.enclosure(url, "0", mime)

    body = fg.atom_str(pretty=False) if args.format == "atom" else fg.rss_str(pretty=False)
    sys.stdout.buffer.write(body)


if __name__ == "__main__":
    main()

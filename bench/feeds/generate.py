#!/usr/bin/env python3
"""Writes the large realistic feeds bench/feeds measures, seeded, into a folder (never committed):
a 16 MB podcast RSS feed (iTunes tags, audio enclosures, HTML show notes) and 1,000-item news feeds in
RSS 2.0, RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.1 (HTML content, media pictures, categories, authors).

    python3 bench/feeds/generate.py OUTDIR [--seed N]
"""
import json
import os
import random
import sys
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime
from xml.sax.saxutils import escape

WORDS = ("harbour council ferry storm budget school river market election bridge hospital festival "
         "minister rail union court museum farmers energy housing police vote climate trade summit "
         "música café naïve Zürich Ελλάδα Москва 東京 — “quoted” l’été").split()


def sentence(rng, n):
    words = [rng.choice(WORDS) for _ in range(n)]
    return " ".join(words).capitalize() + "."


def paragraphs(rng, count):
    parts = []
    for _ in range(count):
        text = escape(" ".join(sentence(rng, rng.randint(8, 20)) for _ in range(rng.randint(2, 5))))
        parts.append(f"<p>{text} <a href=\"https://news.example/ref/{rng.randint(1, 99999)}\">more</a> &amp; "
                     f"<em>detail</em></p>")
    return "\n".join(parts)


def date(base, i):
    return base - timedelta(minutes=17 * i)


def podcast(rng, target_bytes):
    base = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
            'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" '
            'xmlns:content="http://purl.org/rss/1.0/modules/content/" '
            'xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n<title>The Long Cast</title>\n'
            '<link>https://cast.example/</link>\n<description>Talk about everything.</description>\n'
            '<language>en-us</language>\n<itunes:author>Cast Team</itunes:author>\n'
            '<itunes:image href="https://cast.example/cover.jpg"/>\n<itunes:category text="News"/>\n')
    out = [head]
    size = len(head)
    i = 0
    while size < target_bytes:
        notes = paragraphs(rng, rng.randint(6, 14))
        item = (f"<item>\n<title>Episode {9000 - i}: {escape(sentence(rng, 6))}</title>\n"
                f"<link>https://cast.example/episodes/{9000 - i}</link>\n"
                f"<guid isPermaLink=\"false\">cast-{9000 - i}</guid>\n"
                f"<pubDate>{format_datetime(date(base, i * 60))}</pubDate>\n"
                f"<description><![CDATA[{notes}]]></description>\n"
                f"<content:encoded><![CDATA[{notes}<ul><li>Chapter one</li><li>Chapter two</li></ul>]]>"
                f"</content:encoded>\n"
                f"<enclosure url=\"https://media.cast.example/audio/ep{9000 - i}.mp3\" "
                f"length=\"{rng.randint(10_000_000, 90_000_000)}\" type=\"audio/mpeg\"/>\n"
                f"<itunes:duration>{rng.randint(10, 90)}:{rng.randint(10, 59)}</itunes:duration>\n"
                f"<itunes:image href=\"https://cast.example/art/ep{9000 - i}.jpg\"/>\n"
                f"<itunes:explicit>no</itunes:explicit>\n<itunes:episode>{9000 - i}</itunes:episode>\n"
                f"</item>\n")
        out.append(item)
        size += len(item.encode())
        i += 1
    out.append("</channel>\n</rss>\n")
    return "".join(out), i


def news_items(rng, n):
    base = datetime(2024, 6, 1, 12, 0, tzinfo=timezone.utc)
    for i in range(n):
        yield {
            "id": f"https://news.example/2024/{i:05d}/story",
            "title": sentence(rng, rng.randint(6, 12)).rstrip("."),
            "summary": sentence(rng, 30),
            "content": paragraphs(rng, rng.randint(3, 8)),
            "date": date(base, i),
            "author": rng.choice(["Ann Writer", "Bo Reporter", "Cé Zhang"]),
            "category": rng.choice(["World", "Politics", "Sport", "Culture"]),
            "image": f"https://img.news.example/{i:05d}.jpg",
        }


def rss(items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" '
           'xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" '
           'xmlns:media="http://search.yahoo.com/mrss/">\n<channel>\n<title>News Example</title>\n'
           '<link>https://news.example/</link>\n<description>Every story</description>\n']
    for it in items:
        out.append(f"<item>\n<title>{escape(it['title'])}</title>\n<link>{it['id']}</link>\n"
                   f"<guid>{it['id']}</guid>\n<pubDate>{format_datetime(it['date'])}</pubDate>\n"
                   f"<dc:creator>{escape(it['author'])}</dc:creator>\n<category>{it['category']}</category>\n"
                   f"<description>{escape(it['summary'])}</description>\n"
                   f"<content:encoded><![CDATA[{it['content']}]]></content:encoded>\n"
                   f"<media:content url=\"{it['image']}\" medium=\"image\" type=\"image/jpeg\"/>\n</item>\n")
    out.append("</channel>\n</rss>\n")
    return "".join(out)


def rdf(items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" '
           'xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/" '
           'xmlns:content="http://purl.org/rss/1.0/modules/content/">\n'
           '<channel rdf:about="https://news.example/"><title>News Example</title><link>https://news.example/</link>'
           '<description>Every story</description></channel>\n']
    for it in items:
        out.append(f"<item rdf:about=\"{it['id']}\">\n<title>{escape(it['title'])}</title>\n<link>{it['id']}</link>\n"
                   f"<dc:date>{it['date'].isoformat()}</dc:date>\n<dc:creator>{escape(it['author'])}</dc:creator>\n"
                   f"<dc:subject>{it['category']}</dc:subject>\n<description>{escape(it['summary'])}</description>\n"
                   f"<content:encoded><![CDATA[{it['content']}]]></content:encoded>\n</item>\n")
    out.append("</rdf:RDF>\n")
    return "".join(out)


def atom(items):
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" '
           'xmlns:media="http://search.yahoo.com/mrss/" xml:base="https://news.example/">\n'
           '<title>News Example</title>\n<id>https://news.example/</id>\n<link href="/"/>\n'
           '<updated>2024-06-01T12:00:00Z</updated>\n']
    for it in items:
        out.append(f"<entry>\n<id>{it['id']}</id>\n<title>{escape(it['title'])}</title>\n"
                   f"<link rel=\"alternate\" type=\"text/html\" href=\"{it['id'][len('https://news.example'):]}\"/>\n"
                   f"<published>{it['date'].isoformat()}</published>\n<updated>{it['date'].isoformat()}</updated>\n"
                   f"<author><name>{escape(it['author'])}</name></author>\n<category term=\"{it['category']}\"/>\n"
                   f"<summary>{escape(it['summary'])}</summary>\n"
                   f"<content type=\"html\">{escape(it['content'])}</content>\n"
                   f"<media:thumbnail url=\"{it['image']}\"/>\n</entry>\n")
    out.append("</feed>\n")
    return "".join(out)


def jsonfeed(items):
    return json.dumps({
        "version": "https://jsonfeed.org/version/1.1", "title": "News Example",
        "home_page_url": "https://news.example/", "items": [
            {"id": it["id"], "url": it["id"], "title": it["title"], "summary": it["summary"],
             "content_html": it["content"], "date_published": it["date"].isoformat(),
             "authors": [{"name": it["author"]}], "tags": [it["category"]], "image": it["image"]}
            for it in items]}, ensure_ascii=False, indent=1)


def main():
    out = sys.argv[1]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 20240601
    os.makedirs(out, exist_ok=True)
    rng = random.Random(seed)
    text, count = podcast(rng, 16 * 1000 * 1000 - 200_000)
    with open(os.path.join(out, "podcast-16mb.xml"), "w", encoding="utf-8") as f:
        f.write(text)
    items = list(news_items(random.Random(seed + 1), 1000))
    for name, render in (("news-1000.rss", rss), ("news-1000.rdf", rdf), ("news-1000.atom", atom),
                         ("news-1000.json", jsonfeed)):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write(render(items))
    print(f"podcast: {count} episodes", file=sys.stderr)


if __name__ == "__main__":
    main()

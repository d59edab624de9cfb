#!/usr/bin/env python3
"""Writes a realistic, seeded NewsAPI /v2/top-headlines response with N articles.

Field lengths follow real responses (see shared/reference/samples: titles ~90 chars,
descriptions ~175, content ~215 before its marker) and carry NewsAPI's quirks:
` - Source` title suffixes (sometimes with a trailing space), null/empty fields,
null and protocol-relative images, `… [+1234 chars]` content with `\r\n` and HTML
fragments, entities, fractional-second and offset dates, Google News items and
`[Removed]` placeholders. The same seed and count always give the same bytes.

usage: generate_headlines.py COUNT OUTPUT.json [--seed N]
"""
import argparse
import datetime
import json
import random

SOURCES = [
    ("cnn", "CNN"), (None, "The Guardian"), ("reuters", "Reuters"), (None, "New York Times"),
    ("the-washington-post", "The Washington Post"), (None, "STAT"), (None, "Fox News"),
    ("associated-press", "Associated Press"), (None, "NBC News"), (None, "CBS News"),
    (None, "Healthline"), (None, "Medical News Today"), (None, "ScienceAlert"), ("bbc-news", "BBC News"),
    (None, "Yahoo Entertainment"), (None, "The Hill"), (None, "Axios"), (None, "Politico"),
    (None, "NPR"), (None, "CNBC"), (None, "Bloomberg"), (None, "Forbes"), (None, "Ars Technica"),
    (None, "The Verge"), (None, "Live Science"), (None, "Gizmodo.com"), (None, "Daily Mail"),
]
HOSTS = {
    "CNN": "www.cnn.com", "The Guardian": "www.theguardian.com", "Reuters": "www.reuters.com",
    "New York Times": "www.nytimes.com", "The Washington Post": "www.washingtonpost.com",
    "STAT": "www.statnews.com", "Fox News": "www.foxnews.com", "Associated Press": "apnews.com",
    "NBC News": "www.nbcnews.com", "CBS News": "www.cbsnews.com", "Healthline": "www.healthline.com",
    "Medical News Today": "www.medicalnewstoday.com", "ScienceAlert": "www.sciencealert.com",
    "BBC News": "www.bbc.co.uk", "Yahoo Entertainment": "news.yahoo.com", "The Hill": "thehill.com",
    "Axios": "www.axios.com", "Politico": "www.politico.com", "NPR": "www.npr.org", "CNBC": "www.cnbc.com",
    "Bloomberg": "www.bloomberg.com", "Forbes": "www.forbes.com", "Ars Technica": "arstechnica.com",
    "The Verge": "www.theverge.com", "Live Science": "www.livescience.com", "Gizmodo.com": "gizmodo.com",
    "Daily Mail": "www.dailymail.co.uk",
}
FIRST = ["Maria", "James", "Aisha", "Chen", "Olivia", "Rahul", "Sofia", "Daniel", "Fatima", "Lucas",
         "Emma", "Kwame", "Hannah", "Diego", "Yuki", "Noah", "Zoë", "Mateo", "Ingrid", "Omar"]
LAST = ["Garcia", "Smith", "Khan", "Wang", "Johnson", "Patel", "Rossi", "Müller", "Nguyen", "Brown",
        "O'Neil", "Okafor", "Kim", "Lopez", "Tanaka", "Williams", "Dubois", "Silva", "Larsen", "Haddad"]
WORDS = ("health study patients doctors vaccine hospital researchers trial cancer heart disease risk "
         "covid virus outbreak officials federal state drug treatment care costs insurance mental "
         "children adults sleep diet exercise brain memory blood pressure diabetes obesity weight "
         "new report finds says could may warn experts scientists data million billion people "
         "week year early late higher lower more fewer after before during amid over under "
         "surge cases deaths infections symptoms long-term rare common daily average first last").split()
VERBS = ["Says", "Finds", "Warns", "Reveals", "Links", "Shows", "Urges", "Approves", "Reports", "Tests"]
EXTS = [".jpg", ".jpg", ".jpg", ".jpeg", ".png", ".webp", ""]


def words(rng, lo, hi):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(lo, hi)))


def sentence(rng, lo, hi):
    text = words(rng, lo, hi)
    return text[0].upper() + text[1:]


def headline(rng):
    subject = sentence(rng, 3, 7).title()
    return f"{subject} {rng.choice(VERBS)} {words(rng, 3, 8)}"


def slug(text):
    return "".join(c if c.isalnum() else "-" for c in text.lower()).strip("-")[:80]


def article(rng, index, base_time):
    source_id, source_name = rng.choice(SOURCES)
    host = HOSTS[source_name]
    published = base_time - datetime.timedelta(minutes=7 * index + rng.randint(0, 6))
    title = headline(rng)
    # NewsAPI appends " - <source>" to top-headline titles; some carry a trailing space.
    full_title = f"{title} - {source_name}" + (" " if rng.random() < 0.08 else "")
    url = f"https://{host}/{published:%Y/%m/%d}/{slug(title)}-{index}"

    kind = rng.random()
    if kind < 0.01:  # removed-story placeholder
        return {"source": {"id": None, "name": "[Removed]"}, "author": None, "title": "[Removed]",
                "description": "[Removed]", "url": "https://removed.com", "urlToImage": None,
                "publishedAt": "1970-01-01T00:00:00Z", "content": "[Removed]"}
    if kind < 0.06:  # Google News redirect: description, image and content all null
        token = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
                        for _ in range(rng.randint(60, 110)))
        return {"source": {"id": "google-news", "name": "Google News"}, "author": None,
                "title": full_title, "description": None,
                "url": f"https://news.google.com/rss/articles/{token}?oc=5", "urlToImage": None,
                "publishedAt": published.strftime("%Y-%m-%dT%H:%M:%SZ"), "content": None}

    r = rng.random()
    if r < 0.25:
        author = None
    elif r < 0.30:
        author = ""
    elif r < 0.34:
        author = f"https://{host}/by/{rng.choice(FIRST).lower()}-{rng.choice(LAST).lower()}"
    elif r < 0.55:
        author = f"{rng.choice(FIRST)} {rng.choice(LAST)}, {rng.choice(FIRST)} {rng.choice(LAST)} "
    else:
        author = f"{rng.choice(FIRST)} {rng.choice(LAST)}"

    r = rng.random()
    if r < 0.05:
        description = None
    elif r < 0.08:
        description = ""
    else:
        description = sentence(rng, 18, 38) + rng.choice([".", "…", " &amp; more…", ". <b>Read</b> on."])

    r = rng.random()
    if r < 0.18:
        image = None
    elif r < 0.21:
        image = f"//{host}/img/{index}{rng.choice(EXTS)}"
    else:
        image = (f"https://cdn.{host.removeprefix('www.')}/images/{published:%Y/%m}/"
                 f"{slug(words(rng, 3, 6))}-{rng.randint(100, 2400)}x{rng.randint(100, 1400)}"
                 f"{rng.choice(EXTS)}?quality=80&w=1200")

    r = rng.random()
    if r < 0.12:
        content = None
    else:
        body = sentence(rng, 25, 36)
        if r < 0.40:
            body = f"<ul><li>{sentence(rng, 5, 10)}</li><li>{body}"
        elif r < 0.55:
            body = f"{sentence(rng, 4, 8)}\r\n{body}"
        elif r < 0.65:
            body = f"<p>{body} &amp; {words(rng, 3, 6)}</p>"
        content = body[:200] + f"… [+{rng.randint(300, 9000)} chars]"

    r = rng.random()
    if r < 0.80:
        date = published.strftime("%Y-%m-%dT%H:%M:%SZ")
    elif r < 0.90:
        date = published.strftime("%Y-%m-%dT%H:%M:%S+00:00")
    else:
        date = published.strftime("%Y-%m-%dT%H:%M:%S.") + f"{rng.randint(0, 9999999):07d}Z"

    return {"source": {"id": source_id, "name": source_name}, "author": author, "title": full_title,
            "description": description, "url": url, "urlToImage": image, "publishedAt": date,
            "content": content}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int)
    parser.add_argument("output")
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    base_time = datetime.datetime(2024, 6, 1, 12, 0, 0)
    articles = [article(rng, i, base_time) for i in range(args.count)]
    body = {"status": "ok", "totalResults": args.count, "articles": articles}
    with open(args.output, "w", encoding="utf-8") as out:
        # NewsAPI answers compact JSON with non-ASCII characters left as they are.
        json.dump(body, out, ensure_ascii=False, separators=(",", ":"))


if __name__ == "__main__":
    main()

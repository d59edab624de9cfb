#!/usr/bin/env python3
"""Writes the watch benchmark's working folder: a newsfeed.json and an output folder whose feed files hold
COUNT enclosures with distinct image URLs spread over the loopback image hosts, plus a state that remembers each
story's original image (as `build` leaves it).

The feed files are rendered by newsfeed itself (`newsfeed convert` of a generated NewsAPI answer), so they are
exactly what `build` writes. Run by run.sh; usable alone:
    make_output.py --newsfeed .build/release/newsfeed --folder /tmp/watch-bench --port 18480 --count 5000
"""

import argparse
import datetime
import json
import os
import subprocess

FEEDS = ["us/business", "us/health", "us/science", "us/technology"]
SITE = "https://feeds.example.com/"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--newsfeed", required=True)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--port", type=int, default=18480)
    parser.add_argument("--count", type=int, default=5000)
    parser.add_argument("--hosts", default=",".join(f"127.0.0.{n}" for n in range(2, 10)))
    options = parser.parse_args()

    hosts = options.hosts.split(",")
    output = os.path.join(options.folder, "Feeds")
    os.makedirs(output, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
    iso = lambda moment: moment.strftime("%Y-%m-%dT%H:%M:%SZ")

    items = {}
    per_feed = -(-options.count // len(FEEDS))
    for feed_index, feed in enumerate(FEEDS):
        country, category = feed.split("/")
        articles = []
        for number in range(feed_index * per_feed, min(options.count, (feed_index + 1) * per_feed)):
            url = f"https://news.example.com/{feed}/story-{number}"
            image = f"http://{hosts[number % len(hosts)]}:{options.port}/img/{number}.jpg"
            published = now - datetime.timedelta(seconds=60 + number)
            articles.append({
                "source": {"id": None, "name": "Bench News"},
                "author": "Bench Reporter",
                "title": f"Benchmark story {number} - Bench News",
                "description": f"What happened in benchmark story {number}.",
                "url": url,
                "urlToImage": image,
                "publishedAt": iso(published),
                "content": f"The whole of benchmark story {number}.",
            })
            items[url] = {"firstSeen": iso(now), "originalImage": image}
        answer = json.dumps({"status": "ok", "totalResults": len(articles), "articles": articles})
        rss = subprocess.run(
            [options.newsfeed, "convert", "-", "--country", country, "--category", category, "--site", SITE],
            input=answer.encode(), capture_output=True, check=True,
        ).stdout
        os.makedirs(os.path.join(output, country), exist_ok=True)
        with open(os.path.join(output, country, category + ".rss"), "wb") as file:
            file.write(rss)

    os.makedirs(os.path.join(output, ".newsfeed"), exist_ok=True)
    state = {"version": 1, "feeds": {}, "items": items, "images": {}}
    with open(os.path.join(output, ".newsfeed", "state.json"), "w") as file:
        json.dump(state, file, indent=1, sort_keys=True)
    config = {
        "site": SITE,
        "output": "Feeds",
        "maxItems": 10000,
        "feeds": [{"country": feed.split("/")[0], "category": feed.split("/")[1]} for feed in FEEDS],
    }
    with open(os.path.join(options.folder, "newsfeed.json"), "w") as file:
        json.dump(config, file, indent=2)


if __name__ == "__main__":
    main()

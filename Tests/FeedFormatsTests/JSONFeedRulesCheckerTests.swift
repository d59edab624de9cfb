import Foundation
import TestSupport
import Testing

/// The JSON Feed checker passes a good feed and catches every rule it claims, one broken feed per rule.
@Suite struct JSONFeedRulesCheckerTests {
    static let now = FeedDocumentSamples.buildTime
    static let feedURL = FeedDocumentSamples.url("https://feeds.example.com/us/health.json")

    static let good = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "Health",
          "home_page_url": "https://feeds.example.com/us/health.html",
          "feed_url": "https://feeds.example.com/us/health.json",
          "language": "en-us",
          "items": [
            {
              "id": "https://publisher.example/story",
              "url": "https://publisher.example/story",
              "title": "Plain text title",
              "summary": "A summary",
              "content_html": "<p>fuller HTML</p>",
              "image": "https://img.example/x.jpg",
              "date_published": "2020-11-14T23:12:00Z",
              "authors": [{"name": "Author Name"}],
              "attachments": [{"url": "https://img.example/x.jpg", "mime_type": "image/jpeg", "size_in_bytes": 10}],
              "_newsfeed": {"source": {"name": "Publisher", "url": "https://publisher.example/"}}
            },
            {
              "id": "https://publisher.example/other",
              "content_text": "Only text"
            }
          ]
        }
        """

    static func violations(_ json: String) -> [String] {
        JSONFeedRulesChecker.violations(in: Data(json.utf8), feedURL: feedURL, now: now)
    }

    @Test func aGoodFeedHasNothingToReport() {
        #expect(Self.violations(Self.good) == [])
    }

    @Test(arguments: [
        (#""version": "https://jsonfeed.org/version/1.1""#, #""version": "https://jsonfeed.org/version/1""#, "version"),
        (#""title": "Health","#, "", "feed-title"),
        (#""home_page_url": "https://feeds.example.com/us/health.html","#, "", "home-page-url"),
        (#""feed_url": "https://feeds.example.com/us/health.json","#, "", "feed-url"),
        (
            #""feed_url": "https://feeds.example.com/us/health.json""#,
            #""feed_url": "https://feeds.example.com/other.json""#, "feed-url"
        ),
        (
            #""home_page_url": "https://feeds.example.com/us/health.html""#, #""home_page_url": "/us/health.html""#,
            "url"
        ),
        (#""language": "en-us","#, #""language": "en-us", "colour": "blue","#, "unknown-key"),
        (#""language": "en-us""#, #""language": null"#, "null"),
        (#""id": "https://publisher.example/other","#, #""id": 7,"#, "item-id"),
        (#""id": "https://publisher.example/other""#, #""id": "https://publisher.example/story""#, "duplicate-id"),
        (#""content_text": "Only text""#, #""_note": "Only text""#, "item-content"),
        (#""image": "https://img.example/x.jpg""#, #""image": "x.jpg""#, "url"),
        (#""title": "Plain text title""#, #""title": "<b>bold</b>""#, "text-markup"),
        (#""content_html": "<p>fuller HTML</p>""#, #""content_html": "<script>x()</script>""#, "html-unsafe-tag"),
        (
            #""date_published": "2020-11-14T23:12:00Z""#, #""date_published": "Sat, 14 Nov 2020 23:12:00 +0000""#,
            "rfc3339"
        ),
        (
            #""date_published": "2020-11-14T23:12:00Z""#, #""date_published": "1980-01-01T00:00:00Z""#,
            "implausible-date"
        ),
        (#""authors": [{"name": "Author Name"}]"#, #""authors": [{}]"#, "authors"),
        (#""mime_type": "image/jpeg", "#, "", "attachment-mime-type"),
        (#"[{"url": "https://img.example/x.jpg", "mime_type""#, #"[{"mime_type""#, "attachment-url"),
        (#""size_in_bytes": 10"#, #""size_in_bytes": -1"#, "attachment-size"),
        (#""items": ["#, #""items": {"x": ["#, "json"),
    ])
    func eachRuleCatchesItsBrokenFeed(old: String, new: String, rule: String) throws {
        #expect(Self.good.contains(old), "the fixture changed: \(old)")
        var broken = Self.good.replacingOccurrences(of: old, with: new)
        if rule == "json" { broken = String(broken.dropLast()) }
        let found = Self.violations(broken)
        #expect(found.contains { $0.contains("[\(rule)]") }, "\(rule): \(found)")
    }

    @Test func itemsMustBeAnArray() {
        let found = Self.violations(#"{"version": "https://jsonfeed.org/version/1.1", "title": "x", "items": {}}"#)
        #expect(found.contains { $0.contains("[items]") })
    }
}

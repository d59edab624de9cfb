import Foundation
import FoundationXML
import HTTPServing
import TestSupport
import Testing

@Suite struct GeneratedPagesTests {
    typealias F = ServeFixtures
    static let fetched = Date(timeIntervalSince1970: 1_699_999_000)

    private func makeFeeds(_ folder: ServeTestFolder) throws {
        try folder.write("us/health.rss", F.feed(title: "Health &amp; Science &lt;US&gt;", items: 3))
        try folder.write("gb/sports.rss", F.feed(title: "Sports", items: 5, link: "https://sports.example/"))
        try folder.write("us/.health.rss.tmp", F.feed(title: "Unfinished"))
        try folder.write(".hidden/secret.rss", F.feed(title: "Hidden"))
        try folder.write(".newsfeed/state.json", try F.state(["us/health": Self.fetched, "gb/sports": nil]))
    }

    @Test func indexIsGeneratedWhenAbsent() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            let response = try F.handler(folder).response(to: F.get("/"))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
            let html = response.bodyText
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("Health &amp; Science &lt;US&gt;"))
            #expect(
                html.contains(
                    "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Health &amp; Science &lt;US&gt;\" "
                        + "href=\"http://127.0.0.1:8080/us/health.rss\">"))
            #expect(html.contains("href=\"http://127.0.0.1:8080/gb/sports.rss\""))
            #expect(html.contains("<time datetime=\"2023-11-14T21:56:40Z\" dir=\"ltr\">14 Nov 2023, 21:56 UTC</time>"))
            #expect(html.contains("5 items"))
            #expect(!html.contains("Unfinished") && !html.contains("Hidden"))
            #expect(html.contains(#"href="feeds.opml""#))
        }
    }

    /// The index `serve` generates for a folder without one (escaped titles, a never-fetched feed,
    /// a feed with an odd name) through the W3C Nu HTML checker: no error, no warning.
    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func theGeneratedIndexHasNoNuCheckerErrorOrWarning() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            try folder.write("fr/café x.rss", F.feed(title: "Café &quot;x&quot; &lt;b&gt;", items: 1))
            let response = try F.handler(folder).response(to: F.get("/"))
            #expect(response.status == 200)
            #expect(response.bodyText.contains("Café &quot;x&quot; &lt;b&gt;"))
            let messages = try await checker.messages(checkingPages: [("index.html", response.bodyText)])
            #expect(messages.map(\.description) == [])
        }
    }

    @Test func indexFileWinsWhenPresent() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            try folder.write("index.html", "<!DOCTYPE html><title>mine</title>")
            try folder.write("feeds.opml", "<opml version=\"2.0\"/>")
            let handler = try F.handler(folder)
            #expect(handler.response(to: F.get("/")).bodyText == "<!DOCTYPE html><title>mine</title>")
            #expect(handler.response(to: F.get("/index.html")).bodyText == "<!DOCTYPE html><title>mine</title>")
            #expect(handler.response(to: F.get("/feeds.opml")).bodyText == "<opml version=\"2.0\"/>")
        }
    }

    @Test func opmlIsGeneratedWhenAbsentAndParses() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            let response = try F.handler(folder).response(to: F.get("/feeds.opml"))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/x-opml; charset=utf-8")
            let document = try XMLDocument(data: response.bodyData)
            let outlines = try document.nodes(forXPath: "/opml[@version='2.0']/body/outline")
                .compactMap { $0 as? XMLElement }
            #expect(outlines.count == 2)
            let health = try #require(
                outlines.first { $0.attribute(forName: "xmlUrl")?.stringValue?.hasSuffix("us/health.rss") == true })
            #expect(health.attribute(forName: "type")?.stringValue == "rss")
            #expect(health.attribute(forName: "text")?.stringValue == "Health & Science <US>")
            #expect(health.attribute(forName: "title")?.stringValue == "Health & Science <US>")
            #expect(health.attribute(forName: "htmlUrl")?.stringValue == "https://example.com/")
            #expect(health.attribute(forName: "xmlUrl")?.stringValue == "http://127.0.0.1:8080/us/health.rss")
        }
    }

    @Test func generatedPagesAreCachedUntilAFeedChanges() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            let handler = try F.handler(folder)
            let first = handler.response(to: F.get("/"))
            let etag = try #require(first.headers["ETag"])
            #expect(handler.response(to: F.get("/", [("If-None-Match", etag)])).status == 304)
            let zipped = handler.response(to: F.get("/", [("Accept-Encoding", "gzip")]))
            #expect(gunzip(zipped.bodyData) == first.bodyData)
            try folder.write("de/business.rss", F.feed(title: "Wirtschaft"))
            let second = handler.response(to: F.get("/", [("If-None-Match", etag)]))
            #expect(second.status == 200)
            #expect(second.bodyText.contains("Wirtschaft"))
            #expect(second.headers["ETag"] != etag)
        }
    }

    @Test func otherMissingPathsAreNotGenerated() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            let handler = try F.handler(folder)
            #expect(handler.response(to: F.get("/us/index.html")).status == 404)
            #expect(handler.response(to: F.get("/us/feeds.opml")).status == 404)
            #expect(handler.response(to: F.get("/us/")).status == 404)
        }
    }

    @Test func healthzReportsFeedsAndTheStalestSuccessFromState() async throws {
        try await ServeTestFolder.with { folder in
            try makeFeeds(folder)
            try folder.write(
                ".newsfeed/state.json",
                try F.state([
                    "us/health": Date(timeIntervalSince1970: 1_699_999_000),
                    "gb/sports": Date(timeIntervalSince1970: 1_699_999_900), "de/never": nil,
                ]))
            let handler = try F.handler(folder, now: Date(timeIntervalSince1970: 1_700_000_000))
            let response = handler.response(to: F.get("/healthz"))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "application/json")
            #expect(response.headers["Cache-Control"] == "no-store")
            #expect(
                response.bodyText
                    == "{\"status\":\"ok\",\"feeds\":2,\"stalestFetchAgeSeconds\":1000,\"fresh\":2,\"failing\":[],\"paused\":null}"
            )
            #expect(handler.respondImmediately(to: F.get("/healthz")) == nil)
        }
    }

    @Test func healthzWithoutStateHasNullAge() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            let response = try F.handler(folder).response(to: F.get("/healthz"))
            #expect(
                response.bodyText
                    == "{\"status\":\"ok\",\"feeds\":1,\"stalestFetchAgeSeconds\":null,\"fresh\":0,\"failing\":[],\"paused\":null}"
            )
            let parsed = try JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]
            #expect(parsed?["feeds"] as? Int == 1)
        }
    }

    @Test func healthzWithBrokenStateIs503() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try folder.write(".newsfeed/state.json", "{not json")
            let response = try F.handler(folder).response(to: F.get("/healthz"))
            #expect(response.status == 503)
            #expect(
                response.bodyText
                    == "{\"status\":\"error\",\"feeds\":1,\"stalestFetchAgeSeconds\":null,\"fresh\":0,\"failing\":[],\"paused\":null}"
            )
        }
    }
}

import FeedOutput
import FeedServe
import Foundation
import HTTPServing
import TestSupport
import Testing

@Suite struct StaticFileHandlerTests {
    typealias F = ServeFixtures

    @Test(arguments: [
        ("us/health.rss", "application/rss+xml; charset=utf-8"),
        ("us/health.atom", "application/atom+xml; charset=utf-8"),
        ("us/health.json", "application/feed+json; charset=utf-8"),
        ("list.opml", "text/x-opml; charset=utf-8"),
        ("style.xsl", "text/xsl; charset=utf-8"),
        ("about.html", "text/html; charset=utf-8"),
        ("site.css", "text/css; charset=utf-8"),
        ("README.txt", "text/plain; charset=utf-8"), ("README.md", "text/markdown; charset=utf-8"),
        ("notes/a.markdown", "text/markdown; charset=utf-8"),
        ("images/a.png", "image/png"), ("images/a.JPG", "image/jpeg"), ("images/a.jpeg", "image/jpeg"),
        ("images/a.gif", "image/gif"), ("images/a.webp", "image/webp"), ("images/a.svg", "image/svg+xml"),
        ("images/a.avif", "image/avif"), ("favicon.ico", "image/x-icon"),
        ("blob.bin", "application/octet-stream"), ("no-extension", "application/octet-stream"),
    ])
    func contentTypeFollowsTheExtension(path: String, contentType: String) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write(path, "content")
            let response = try F.handler(folder).response(to: F.get("/" + path))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == contentType)
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
            #expect(response.bodyText == "content")
        }
    }

    @Test func validatorsComeFromTheFileVersion() async throws {
        try await ServeTestFolder.with { folder in
            let url = try folder.write("us/health.rss", F.feed(title: "Health"))
            let modified = Date(timeIntervalSince1970: 1_700_000_123)
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)
            let response = try F.handler(folder).response(to: F.get("/us/health.rss"))
            #expect(response.headers["Last-Modified"] == "Tue, 14 Nov 2023 22:15:23 GMT")
            let etag = try #require(response.headers["ETag"])
            #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/"))
            let version = try #require(FileVersion.of(path: url.path))
            #expect(etag == version.entityTag)
        }
    }

    @Test func ifNoneMatchAnswers304WithValidatorsAndNoBody() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            let handler = try F.handler(folder)
            let etag = try #require(handler.response(to: F.get("/us/health.rss")).headers["ETag"])
            for value in [etag, "\"other\", \(etag)", "W/\(etag)", "*", "\"a\",W/\(etag)"] {
                let response = handler.response(to: F.get("/us/health.rss", [("If-None-Match", value)]))
                #expect(response.status == 304, "\(value)")
                #expect(response.bodyData.isEmpty)
                #expect(response.headers["ETag"] == etag)
                #expect(response.headers["Cache-Control"] == "public, max-age=900")
                #expect(response.headers["Vary"] == "Accept-Encoding")
                #expect(response.headers["Content-Type"] == nil)
            }
            let changed = handler.response(to: F.get("/us/health.rss", [("If-None-Match", "\"stale\"")]))
            #expect(changed.status == 200)
        }
    }

    @Test func ifModifiedSinceAnswers304OnlyWithoutIfNoneMatch() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            let handler = try F.handler(folder)
            let lastModified = try #require(handler.response(to: F.get("/us/health.rss")).headers["Last-Modified"])
            #expect(handler.response(to: F.get("/us/health.rss", [("If-Modified-Since", lastModified)])).status == 304)
            let later = "Fri, 01 Jan 2100 00:00:00 GMT"
            #expect(handler.response(to: F.get("/us/health.rss", [("If-Modified-Since", later)])).status == 304)
            let earlier = "Thu, 01 Jan 1998 00:00:00 GMT"
            #expect(handler.response(to: F.get("/us/health.rss", [("If-Modified-Since", earlier)])).status == 200)
            #expect(handler.response(to: F.get("/us/health.rss", [("If-Modified-Since", "yesterday")])).status == 200)
            let both = [("If-None-Match", "\"stale\""), ("If-Modified-Since", lastModified)]
            #expect(handler.response(to: F.get("/us/health.rss", both)).status == 200)
        }
    }

    @Test func gzipHasItsOwnETagAndInflatesToTheFile() async throws {
        try await ServeTestFolder.with { folder in
            let feed = F.feed(title: "Health", items: 40)
            try folder.write("us/health.rss", feed)
            let handler = try F.handler(folder)
            let plain = handler.response(to: F.get("/us/health.rss"))
            let zipped = handler.response(to: F.get("/us/health.rss", [("Accept-Encoding", "br, gzip;q=0.8")]))
            #expect(plain.headers["Content-Encoding"] == nil)
            #expect(plain.headers["Vary"] == "Accept-Encoding")
            #expect(zipped.headers["Content-Encoding"] == "gzip")
            #expect(zipped.headers["Vary"] == "Accept-Encoding")
            let plainTag = try #require(plain.headers["ETag"])
            let zippedTag = try #require(zipped.headers["ETag"])
            #expect(plainTag != zippedTag)
            #expect(zipped.bodyData.count < plain.bodyData.count)
            #expect(gunzip(zipped.bodyData) == Data(feed.utf8))
            // Each tag revalidates only its own encoding.
            let gzipRevalidation = [("Accept-Encoding", "gzip"), ("If-None-Match", zippedTag)]
            #expect(handler.response(to: F.get("/us/health.rss", gzipRevalidation)).status == 304)
            let crossed = [("Accept-Encoding", "gzip"), ("If-None-Match", plainTag)]
            #expect(handler.response(to: F.get("/us/health.rss", crossed)).status == 200)
            #expect(handler.response(to: F.get("/us/health.rss", [("If-None-Match", zippedTag)])).status == 200)
        }
    }

    @Test(arguments: [
        "gzip;q=0", "gzip; q=0.000", "identity", "br", "*;q=0", "deflate, br", "gzip;q=0, *", "x-gzip;q=0",
    ])
    func noGzipWhenNotAccepted(acceptEncoding: String) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health", items: 40))
            let response = try F.handler(folder).response(
                to: F.get("/us/health.rss", [("Accept-Encoding", acceptEncoding)]))
            #expect(response.headers["Content-Encoding"] == nil, "\(acceptEncoding)")
            #expect(response.headers["Vary"] == "Accept-Encoding")
        }
    }

    @Test(arguments: ["gzip", "GZIP", "deflate, gzip", "*", "x-gzip", "gzip;q=0.5, identity;q=1"])
    func gzipWhenAccepted(acceptEncoding: String) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health", items: 40))
            let response = try F.handler(folder).response(
                to: F.get("/us/health.rss", [("Accept-Encoding", acceptEncoding)]))
            #expect(response.headers["Content-Encoding"] == "gzip", "\(acceptEncoding)")
        }
    }

    @Test func imagesAndTinyFilesAreNeverCompressed() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("a.png", String(repeating: "png bytes ", count: 200))
            try folder.write("tiny.txt", "x")
            let handler = try F.handler(folder)
            let image = handler.response(to: F.get("/a.png", [("Accept-Encoding", "gzip")]))
            #expect(image.headers["Content-Encoding"] == nil)
            #expect(image.headers["Vary"] == nil)
            let tiny = handler.response(to: F.get("/tiny.txt", [("Accept-Encoding", "gzip")]))
            #expect(tiny.headers["Content-Encoding"] == nil)
            #expect(tiny.headers["Vary"] == "Accept-Encoding")
            #expect(tiny.bodyText == "x")
        }
    }

    /// The committed `Feeds/README.md` is text a browser shows, cached, revalidated and gzipped like any text file.
    @Test func theFeedsFoldersReadmeIsServedAsMarkdownText() async throws {
        let readme = try String(
            contentsOf: RepositoryPaths.root.appending(path: "Feeds/README.md"), encoding: .utf8)
        try await ServeTestFolder.with { folder in
            try folder.write("README.md", readme + String(repeating: "\nmore text to compress", count: 100))
            try folder.write("notes.txt", "text")
            let handler = try F.handler(folder)
            let response = handler.response(to: F.get("/README.md", [("Accept-Encoding", "gzip")]))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == "text/markdown; charset=utf-8")
            #expect(response.headers["Content-Encoding"] == "gzip")
            let text = handler.response(to: F.get("/notes.txt"))
            #expect(response.headers["Cache-Control"] == text.headers["Cache-Control"])
            let etag = try #require(handler.response(to: F.get("/README.md")).headers["ETag"])
            #expect(handler.response(to: F.get("/README.md", [("If-None-Match", etag)])).status == 304)
        }
    }

    /// The image cache's copies change name when their bytes change: cached for a year, immutable; ETag and
    /// 304 as for every file.
    @Test func cachedImagesAreImmutableForAYear() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("images/0123456789abcdef0123456789abcdef-320.jpg", "jpeg bytes")
            try folder.write("photos/x.jpg", "jpeg bytes")
            let handler = try F.handler(folder)
            let copy = handler.response(to: F.get("/images/0123456789abcdef0123456789abcdef-320.jpg"))
            #expect(copy.status == 200)
            #expect(copy.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            let etag = try #require(copy.headers["ETag"])
            let again = handler.response(
                to: F.get("/images/0123456789abcdef0123456789abcdef-320.jpg", [("If-None-Match", etag)]))
            #expect(again.status == 304)
            #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            // Only the cache's folder: another image is a file like any other.
            #expect(handler.response(to: F.get("/photos/x.jpg")).headers["Cache-Control"] == "public, max-age=300")
        }
    }

    @Test func maxAgeComesFromTheFeedTTLElseTheDefault() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health", ttl: 30))
            try folder.write("us/sports.rss", F.feed(title: "Sports", ttl: nil))
            try folder.write("notes.txt", "<ttl>99</ttl>")
            let handler = try F.handler(folder)
            #expect(handler.response(to: F.get("/us/health.rss")).headers["Cache-Control"] == "public, max-age=1800")
            #expect(handler.response(to: F.get("/us/sports.rss")).headers["Cache-Control"] == "public, max-age=300")
            #expect(handler.response(to: F.get("/notes.txt")).headers["Cache-Control"] == "public, max-age=300")
        }
    }

    /// A feed's Atom, JSON Feed and HTML page are cached as long as its RSS says, whether the RSS
    /// is served beside them or kept as history in `.newsfeed/history/` (no `rss` in the formats).
    @Test func siblingFormatsOfAFeedTakeTheMaxAgeOfItsRSS() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health", ttl: 30))
            try folder.write(".newsfeed/history/us/sports.rss", F.feed(title: "Sports", ttl: 45))
            try folder.write("us/nottl.rss", F.feed(title: "No ttl", ttl: nil))
            for feed in ["health", "sports", "nottl"] {
                try folder.write("us/\(feed).atom", "<feed xmlns=\"http://www.w3.org/2005/Atom\"></feed>")
                try folder.write("us/\(feed).json", #"{"version": "https://jsonfeed.org/version/1.1"}"#)
                try folder.write("us/\(feed).html", "<!doctype html><title>x</title>")
            }
            try folder.write("other.html", "<!doctype html><title>x</title>")
            let handler = try F.handler(folder)
            for format in ["atom", "json", "html"] {
                let health = handler.response(to: F.get("/us/health.\(format)"))
                #expect(health.headers["Cache-Control"] == "public, max-age=1800", "\(format)")
                let sports = handler.response(to: F.get("/us/sports.\(format)"))
                #expect(sports.headers["Cache-Control"] == "public, max-age=2700", "\(format)")
                let none = handler.response(to: F.get("/us/nottl.\(format)"))
                #expect(none.headers["Cache-Control"] == "public, max-age=300", "\(format)")
            }
            #expect(handler.response(to: F.get("/other.html")).headers["Cache-Control"] == "public, max-age=300")
        }
    }

    @Test func aTTLInsideAnItemIsNotTheChannels() {
        let bytes = Data("<rss><channel><item><ttl>5</ttl></item></channel></rss>".utf8)
        #expect(FeedTimeToLive.minutes(in: bytes) == nil)
        #expect(FeedTimeToLive.minutes(in: Data("<channel><ttl> 60 </ttl>".utf8)) == 60)
        #expect(FeedTimeToLive.minutes(in: Data("<channel><ttl>-1</ttl>".utf8)) == nil)
    }

    @Test func cacheHitsAreAnsweredImmediatelyAndReplacedFilesAreNot() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Old", items: 10))
            let handler = try F.handler(folder)
            let request = F.get("/us/health.rss", [("Accept-Encoding", "gzip")])
            #expect(handler.respondImmediately(to: request) == nil, "a miss goes to handle")
            let first = handler.response(to: request)
            guard let hit = handler.respondImmediately(to: request)?.response else {
                Issue.record("a cached file is answered on the fast path")
                return
            }
            #expect(hit.headers["ETag"] == first.headers["ETag"])
            #expect(hit.bodyData == first.bodyData)

            let newFeed = F.feed(title: "New", items: 12)
            try folder.write("us/health.rss", newFeed)
            #expect(handler.respondImmediately(to: request) == nil, "a replaced file is a miss")
            let second = handler.response(to: request)
            #expect(second.headers["ETag"] != first.headers["ETag"])
            #expect(gunzip(second.bodyData) == Data(newFeed.utf8))
            let revalidate = F.get(
                "/us/health.rss", [("Accept-Encoding", "gzip"), ("If-None-Match", first.headers["ETag"] ?? "")])
            #expect(handler.response(to: revalidate).status == 200)
        }
    }

    @Test func aRequestRacingTheBuilderAnswersUncompressedInsteadOfCompressingAgain() async throws {
        try await ServeTestFolder.with { folder in
            let url = try folder.write("us/health.rss", F.feed(title: "Health", items: 20))
            let handler = try F.handler(folder)
            let validity = DocumentCache.Validity.file(try #require(FileVersion.of(path: url.path)))
            #expect(handler.cache.claimBuild(of: "us/health.rss", validity: validity))
            let racing = handler.response(to: F.get("/us/health.rss", [("Accept-Encoding", "gzip")]))
            #expect(racing.status == 200)
            #expect(racing.headers["Content-Encoding"] == nil)
            #expect(racing.headers["Vary"] == "Accept-Encoding")
            #expect(handler.cache.totalCost == 0)
            handler.cache.releaseClaim(for: "us/health.rss", validity: validity)
            let builder = handler.response(to: F.get("/us/health.rss", [("Accept-Encoding", "gzip")]))
            #expect(builder.headers["Content-Encoding"] == "gzip")
            #expect(handler.cache.totalCost > 0)
        }
    }

    @Test func largeFilesAreServedButNotCachedOrCompressed() async throws {
        try await ServeTestFolder.with { folder in
            let text = String(repeating: "a line of text\n", count: 100)
            try folder.write("big.txt", text)
            let handler = try F.handler(folder, maxCachedFileBytes: 1000)
            let response = handler.response(to: F.get("/big.txt", [("Accept-Encoding", "gzip")]))
            #expect(response.status == 200)
            #expect(response.bodyText == text)
            #expect(response.headers["Content-Encoding"] == nil)
            #expect(handler.respondImmediately(to: F.get("/big.txt")) == nil)
            #expect(handler.cache.totalCost == 0)
        }
    }

    /// One route per path, decided before either way of answering: health and status pages shadow files of the same
    /// name, the index and OPML are generated only where the folder has none, refusals carry their cause.
    @Test func eachPathHasOneRoute() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try folder.write("healthz", "a file that /healthz must not serve")
            let handler = try F.handler(folder)
            #expect(handler.route("/healthz") == .health)
            let realRoot = handler.resolver.realRoot
            #expect(
                handler.route("/us/health.rss")
                    == .file(relativePath: "us/health.rss", realPath: realRoot + "/us/health.rss"))
            #expect(handler.route("/") == .generated(relativePath: "index.html"))
            #expect(handler.route("/feeds.opml") == .generated(relativePath: "feeds.opml"))
            #expect(handler.route("/missing.rss") == .refused(.notFound))
            try folder.write("index.html", "<!DOCTYPE html><title>own</title>")
            #expect(handler.route("/") == .file(relativePath: "index.html", realPath: realRoot + "/index.html"))
            // Both ways of answering follow the route: /healthz is never the file.
            #expect(handler.respondImmediately(to: F.get("/healthz")) == nil)
            let health = handler.response(to: F.get("/healthz"))
            #expect(health.headers["Content-Type"]?.hasPrefix("application/json") == true)
        }
    }

    @Test func refusalsAreShortTextWithoutHostPaths() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write(".newsfeed/state.json", "{\"secret\":1}")
            let handler = try F.handler(folder)
            for (path, status) in [
                ("/.newsfeed/state.json", 404), ("/%2e%2e/%2e%2e/etc/passwd", 404), ("/%C0%AE%C0%AE/x", 400),
                ("/missing.rss", 404), ("/%zz", 400), ("http://evil/x", 400),
            ] {
                let response = handler.response(to: F.get(path))
                #expect(response.status == status, "\(path)")
                #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
                #expect(!response.bodyText.contains(folder.path) && !response.bodyText.contains("secret"))
                #expect(response.bodyData.count < 80)
                guard let fast = handler.respondImmediately(to: F.get(path))?.response else {
                    Issue.record("refusals need no task hop: \(path)")
                    continue
                }
                #expect(fast.status == status)
            }
        }
    }
}

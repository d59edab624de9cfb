#if ImageCache
    import Foundation
    import TestSupport
    import Testing

    /// Issue 17's measurement in a real browser: headless Chromium at 360 px loads the same feed page twice, once
    /// built without the image cache (the publisher's originals, 2400 × 1600 photo-like JPEGs from a loopback
    /// host) and once with it (the copies `serve` sends), and counts the bytes of the pictures it fetched from
    /// Resource Timing (`encodedBodySize`, with the browser cache cleared first). With the cache the page must
    /// cost at most a third of the originals' bytes. Skipped where Chromium or `vips` is missing unless
    /// `NEWSFEED_REQUIRE_READERS=1` (set by `.ci/run`): then it fails.
    @Suite(.serialized) struct BrowserImageCacheBytesTests {
        static let stories = 4

        struct Image: Decodable {
            var src: String
            var complete: Bool
            var naturalWidth: Int
        }

        struct Resource: Decodable {
            var name: String
            var transferSize: Int
            var encodedBodySize: Int
        }

        struct View: Decodable {
            var width: Int
            var images: [Image]
            var resources: [Resource]
        }

        struct Report: Decodable {
            var originals: View
            var cached: View
        }

        @Test(
            "headless Chromium at 360 px: with the image cache a feed page's pictures cost at most a third of the originals' bytes",
            .enabled("chromium, chromedriver, selenium or vips is missing and NEWSFEED_REQUIRE_READERS is not 1") {
                await FeedReader.chromium.shouldRun
                    && (SyntheticPhotos.vips != nil
                        || ProcessInfo.processInfo.environment["NEWSFEED_REQUIRE_READERS"] == "1")
            },
            .timeLimit(.minutes(5)))
        func cachedCopiesCostAtMostAThirdOfTheOriginals() async throws {
            let folder = TemporaryFolder("browser-image-bytes")
            let photos = try await SyntheticPhotos.make(Self.stories, in: folder.url.appending(path: "photos"))
            let originals = try photos.map { try Data(contentsOf: $0) }
            try await PhotoHost.with(originals) { host in
                let answer = NewsAPIStub.Answer.articles(
                    originals.indices.map { .story("photo-\($0)", image: host + "/photo-\($0).jpg") })
                try await Self.withServedBuild(cache: false, answer: answer) { plainSite, _ in
                    try await Self.withServedBuild(cache: true, answer: answer) { cachedSite, workingFolder in
                        let report: Report = try await BrowserPageTests.runScript(
                            Self.script,
                            [
                                plainSite.appending(path: "us/health.html").absoluteString,
                                cachedSite.appending(path: "us/health.html").absoluteString,
                            ], in: workingFolder)
                        try Self.check(report, originals: originals, host: host, cachedSite: cachedSite)
                    }
                }
            }
        }

        static func check(_ report: Report, originals: [Data], host: String, cachedSite: URL) throws {
            for (name, view) in [("originals", report.originals), ("cached", report.cached)] {
                #expect(view.width == 360, "\(name): the window is \(view.width) px wide")
                #expect(view.images.count == stories, "\(name): \(view.images.map(\.src))")
                for image in view.images {
                    #expect(image.complete && image.naturalWidth > 0, "\(name): \(image.src) did not load")
                }
            }
            #expect(report.originals.images.allSatisfy { $0.src.hasPrefix(host + "/photo-") })
            // A phone's 80 px box takes the narrowest copy, 320 pixels wide.
            let copies = cachedSite.absoluteString + "images/"
            #expect(
                report.cached.images.allSatisfy { $0.src.hasPrefix(copies) && $0.src.hasSuffix("-320.jpg") },
                "\(report.cached.images.map(\.src))")

            let originalBytes = report.originals.resources.filter { $0.name.hasPrefix(host) }
                .reduce(0) { $0 + $1.encodedBodySize }
            let cachedBytes = report.cached.resources.filter { $0.name.hasPrefix(copies) }
                .reduce(0) { $0 + $1.encodedBodySize }
            // The count is real: the browser saw every original's whole body.
            #expect(originalBytes == originals.reduce(0) { $0 + $1.count }, "\(report.originals.resources)")
            #expect(cachedBytes > 0, "\(report.cached.resources)")
            #expect(
                cachedBytes * 3 <= originalBytes,
                "with the cache the page's pictures took \(cachedBytes) bytes, the originals \(originalBytes)")
            print(
                "BrowserImageCacheBytesTests: \(stories) pictures at 360 px: originals \(originalBytes) bytes, "
                    + "cached copies \(cachedBytes) bytes (\(Double(cachedBytes) / Double(originalBytes)))")
        }

        /// `newsfeed build` of `us/health` (NewsAPI on loopback) into a folder `newsfeed serve` serves; with
        /// `cache`, `"images": {"cache": true}` and `"allowPrivate": true` so the build may fetch from loopback.
        static func withServedBuild(
            cache: Bool, answer: NewsAPIStub.Answer, _ body: (URL, URL) async throws -> Void
        ) async throws {
            let folder = TemporaryFolder("newsfeed-browser-bytes")
            try FileManager.default.createDirectory(
                at: folder.url.appending(path: "Feeds"), withIntermediateDirectories: true)
            let stub = try NewsAPIStub(["us/health": answer])
            let serve = RunningCommand(
                ["serve", "--dir", "Feeds", "--port", "0", "--quiet"], workingDirectory: folder.url)
            do {
                let site = try await serve.servingURL()
                let images = cache ? #", "allowPrivate": true, "images": {"cache": true}"# : ""
                try folder.write(
                    #"{"site": "\#(site.absoluteString)", "output": "Feeds", "feeds": [{"country": "us", "category": "health"}]\#(images)}"#,
                    to: "newsfeed.json")
                let build = await RunningCommand.run(
                    ["build", "--quiet"],
                    environment: ["NEWSAPI_KEY": "browser-test", "NEWSAPI_BASE_URL": stub.baseURLString],
                    workingDirectory: folder.url)
                try #require(build.status == 0, "build: \(build.errors)")
                try await body(site, folder.url)
            } catch {
                _ = await serve.stop()
                await stub.stop()
                throw error
            }
            _ = await serve.stop()
            await stub.stop()
        }

        /// After ``BrowserPageTests/prelude``: each page at 360 × 800 (CSS pixels, scale 1) with the browser
        /// cache cleared, scrolled through so every lazy picture loads; prints the pictures and their Resource
        /// Timing entries as JSON.
        static let script = """
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": 360, "height": 800, "deviceScaleFactor": 1, "mobile": True})
            report = {}
            for name, url in zip(["originals", "cached"], pages):
                driver.execute_cdp_cmd("Network.clearBrowserCache", {})
                driver.get(url)
                settle()
                report[name] = {
                    "width": driver.execute_script("return window.innerWidth"),
                    "images": driver.execute_script(
                        "return Array.from(document.images).map(i => ({src: i.currentSrc || i.src, "
                        "complete: i.complete, naturalWidth: i.naturalWidth}))"),
                    "resources": driver.execute_script(
                        "return performance.getEntriesByType('resource').filter(e => e.initiatorType === 'img')"
                        ".map(e => ({name: e.name, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize}))"),
                }
            driver.quit()
            print(json.dumps(report))
            """
    }
#endif

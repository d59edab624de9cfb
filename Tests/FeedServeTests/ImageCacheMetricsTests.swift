import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import TestSupport
import Testing

/// The image cache's counts in `/metrics`, `status` and `/status.json`: only when the cache is on.
@Suite struct ImageCacheMetricsTests {
    static func report(cache: Bool) throws -> StatusReport {
        let folder = TemporaryFolder()
        var config = try ConfigLoader.parse(
            Data(#"{"feeds": [{"country": "us", "category": "health"}], "images": {"maxTotal": "1MB"}}"#.utf8),
            path: "newsfeed.json", folder: folder.url)
        config.images.cache = cache
        var state = BridgeState()
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        state.imageCache["https://i.example/a.jpg"] = CachedImageRecord(
            files: [
                .init(name: "aa-320.jpg", width: 320, height: 180, length: 1000, mimeType: "image/jpeg"),
                .init(name: "bb-640.jpg", width: 640, height: 360, length: 3000, mimeType: "image/jpeg"),
            ], time: time)
        state.imageCache["https://i.example/b.jpg"] = CachedImageRecord(
            failure: "HTTP 404", cause: "http", retryable: false, time: time)
        state.imageCache["https://i.example/c.jpg"] = CachedImageRecord(
            failure: "not an image", cause: "not-an-image", retryable: false, time: time)
        state.imageCache["https://i.example/d.jpg"] = CachedImageRecord(
            failure: "HTTP 410", cause: "http", retryable: false, time: time)
        return StatusReport(config: config, state: state, now: time)
    }

    @Test func metricsCountCachedImagesBytesAndFailuresByCause() throws {
        let text = MetricsDocument.render(report: try Self.report(cache: true), requests: [:], bytes: 0)
        #expect(text.contains("\nnewsfeed_images_cached 1\n"))
        #expect(text.contains("\nnewsfeed_images_bytes 4000\n"))
        #expect(text.contains("\nnewsfeed_images_max_bytes 1048576\n"))
        #expect(text.contains("\nnewsfeed_images_failures{cause=\"http\"} 2\n"))
        #expect(text.contains("\nnewsfeed_images_failures{cause=\"not-an-image\"} 1\n"))
        #expect(text.contains("# TYPE newsfeed_images_failures gauge\n"))
    }

    @Test func statusNamesTheCountsOnOneLine() throws {
        let report = try Self.report(cache: true)
        #expect(report.lines.last == "images: 1 cached, 3 KB of 1 MB; not cached: 2 http, 1 not-an-image")
        #expect(report.json.contains(#""maxTotal" : 1048576"#), "\(report.json)")
    }

    /// Images the last build left uncached because of `images.maxTotal`, in every view (issue 30, point 6).
    @Test func imagesTheCapLeftUncachedAreCountedInEveryView() throws {
        var report = try Self.report(cache: true)
        #expect(report.imageCache?.overCap == 0)
        #expect(!report.lines.last!.contains("left uncached"))
        var state = BridgeState()
        state.countImagesOverCap(2, run: "build-1")
        state.countImagesOverCap(1, run: "build-1")
        #expect(state.imagesOverCap?.count == 3)
        state.countImagesOverCap(4, run: "build-2")
        #expect(state.imagesOverCap?.count == 4, "a later build counts afresh")
        report.imageCache?.overCap = 3
        let words = "3 left uncached by images.maxTotal in the last build (raise images.maxTotal)"
        #expect(report.lines.last?.hasSuffix(words) == true, "\(report.lines)")
        #expect(report.extraLines.contains { $0.hasSuffix(words) }, "/status: \(report.extraLines)")
        #expect(report.json.contains(#""overCap" : 3"#), "\(report.json)")
        let metrics = MetricsDocument.render(report: report, requests: [:], bytes: 0)
        #expect(metrics.contains("\nnewsfeed_images_over_cap 3\n"), "\(metrics)")
    }

    @Test func withoutTheCacheNothingIsAdded() throws {
        let report = try Self.report(cache: false)
        #expect(!MetricsDocument.render(report: report, requests: [:], bytes: 0).contains("newsfeed_images_"))
        #expect(!report.lines.contains { $0.hasPrefix("images:") })
        #expect(!report.json.contains("\"images\""))
    }
}

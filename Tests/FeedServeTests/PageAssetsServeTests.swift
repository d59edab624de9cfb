import FeedFormats
import Foundation
import HTTPServing
import TestSupport
import Testing

/// The pages' assets are served with their types, ETag, 304 and gzip like every file, and from
/// memory when a folder has none, so the generated index keeps its look anywhere.
@Suite struct PageAssetsServeTests {
    typealias F = ServeFixtures

    @Test(arguments: [
        ("/assets/newsfeed.css", "text/css; charset=utf-8"), ("/assets/newsfeed.js", "text/javascript; charset=utf-8"),
        ("/assets/favicon.svg", "image/svg+xml"), ("/assets/default-image.png", "image/png"),
    ])
    func absentAssetsAreServedFromMemory(path: String, contentType: String) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            let handler = try F.handler(folder)
            let response = handler.response(to: F.get(path))
            #expect(response.status == 200)
            #expect(response.headers["Content-Type"] == contentType)
            #expect(response.bodyData == PageAssets.data(at: String(path.dropFirst())))
            let etag = try #require(response.headers["ETag"])
            #expect(handler.response(to: F.get(path, [("If-None-Match", etag)])).status == 304)
        }
    }

    @Test(arguments: ["us/health.html", "us/health.atom", "us/health.json", "assets/newsfeed.css"])
    func writtenPagesAndFeedsGetETag304AndGzip(path: String) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write(path, String(repeating: "<p>text that compresses well</p>\n", count: 200))
            let handler = try F.handler(folder)
            let plain = handler.response(to: F.get("/" + path))
            #expect(plain.status == 200)
            #expect(plain.headers["Content-Type"]?.hasSuffix("; charset=utf-8") == true)
            let etag = try #require(plain.headers["ETag"])
            #expect(handler.response(to: F.get("/" + path, [("If-None-Match", etag)])).status == 304)
            let gzipped = handler.response(to: F.get("/" + path, [("Accept-Encoding", "gzip")]))
            #expect(gzipped.headers["Content-Encoding"] == "gzip")
            #expect(gzipped.bodyData.count < plain.bodyData.count)
        }
    }
}

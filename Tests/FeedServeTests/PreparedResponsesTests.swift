import FeedServe
import Foundation
import TestSupport
import Testing

@testable import HTTPServing

/// The prepared fast path: remembered request paths validated with one `stat`, and
/// answers whose heads are built once per file version.
@Suite struct PreparedResponsesTests {
    typealias F = ServeFixtures

    /// Answers `request` the way the server does: prepared first, then immediate, then full.
    private func serve(_ handler: StaticFileHandler, _ request: HTTPRequest) -> (status: Int, body: Data) {
        if let prepared = handler.preparedResponse(to: request) {
            return (prepared.status, request.method == "HEAD" ? Data() : prepared.body?.bytes ?? Data())
        }
        if let response = handler.respondImmediately(to: request)?.response {
            return (response.status, response.bodyData)
        }
        let response = handler.response(to: request)
        return (response.status, response.bodyData)
    }

    /// Requests `path` until it is answered from the prepared path, as repeat requests are.
    private func warm(_ handler: StaticFileHandler, _ path: String) throws -> PreparedResponse {
        for _ in 0..<3 {
            if let prepared = handler.preparedResponse(to: F.get(path)) { return prepared }
            _ = serve(handler, F.get(path))
        }
        return try #require(handler.preparedResponse(to: F.get(path)), "\(path) never reached the prepared path")
    }

    @Test func onlyRememberedUnchangedCachedFilesArePrepared() async throws {
        try await ServeTestFolder.with { folder in
            let feed = F.feed(title: "Health", items: 40)
            try folder.write("us/health.rss", feed)
            let handler = try F.handler(folder)
            let request = F.get("/us/health.rss")
            #expect(handler.preparedResponse(to: request) == nil, "nothing resolved yet")
            _ = handler.response(to: request)
            #expect(handler.preparedResponse(to: request) == nil, "cached, but the path was not remembered yet")
            #expect(handler.respondImmediately(to: request) != nil)
            let prepared = try #require(handler.preparedResponse(to: request))
            #expect(prepared.status == 200)
            #expect(prepared.body?.bytes == Data(feed.utf8))
            #expect(handler.paths.count == 1)
            #expect(handler.preparedResponse(to: F.get("/us/health.rss", method: "POST")) == nil)
            #expect(handler.preparedResponse(to: F.get("/us/%68ealth.rss")) == nil, "each spelling is resolved once")
        }
    }

    @Test(arguments: [
        [(String, String)](), [("Accept-Encoding", "gzip")], [("Accept-Encoding", "br;q=1, GZIP;q=0.5")],
        [("Accept-Encoding", "gzip;q=0")], [("If-None-Match", "IDENTITY")], [("If-None-Match", "W/IDENTITY")],
        [("If-None-Match", "\"x\", GZIP"), ("Accept-Encoding", "gzip")], [("If-None-Match", "GZIP")],
        [("If-None-Match", "*")], [("If-None-Match", "\"stale\"")], [("If-Modified-Since", "LAST-MODIFIED")],
        [("if-modified-since", "Fri, 01 Jan 2100 00:00:00 GMT")],
        [("If-Modified-Since", "Thu, 01 Jan 1998 00:00:00 GMT")],
        [("If-None-Match", "\"stale\""), ("If-Modified-Since", "LAST-MODIFIED")],
    ])
    func preparedAnswersAreTheFullAnswers(headers: [(String, String)]) async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health", items: 40))
            let handler = try F.handler(folder)
            _ = try warm(handler, "/us/health.rss")
            let plain = handler.response(to: F.get("/us/health.rss"))
            let zipped = handler.response(to: F.get("/us/health.rss", [("Accept-Encoding", "gzip")]))
            let substituted = headers.map { name, value in
                (
                    name,
                    value.replacingOccurrences(of: "W/IDENTITY", with: "W/" + (plain.headers["ETag"] ?? ""))
                        .replacingOccurrences(of: "IDENTITY", with: plain.headers["ETag"] ?? "")
                        .replacingOccurrences(of: "GZIP", with: zipped.headers["ETag"] ?? "")
                        .replacingOccurrences(of: "LAST-MODIFIED", with: plain.headers["Last-Modified"] ?? "")
                )
            }
            for method in ["GET", "HEAD"] {
                let request = F.get("/us/health.rss", substituted, method: method)
                let full = handler.response(to: request)
                let prepared = try #require(handler.preparedResponse(to: request))
                #expect(prepared.status == full.status, "\(substituted)")
                #expect((prepared.body?.bytes ?? Data()) == (full.status == 200 ? full.bodyData : Data()))
                let head = String(decoding: prepared.fixedHead, as: UTF8.self)
                for field in full.headers {
                    #expect(head.contains("\r\n\(field.name): \(field.value)\r\n"), "\(field.name) in \(substituted)")
                }
            }
        }
    }

    @Test func aSymlinkRepointedOutsideTheRootAfterCachingIsRefused() async throws {
        try await ServeTestFolder.with { outside in
            try await ServeTestFolder.with { folder in
                try outside.write("secret.txt", "SECRET")
                try folder.write("us/health.rss", F.feed(title: "Health"))
                try folder.write(".newsfeed/state.json", "{\"secret\":1}")
                try folder.symlink("latest.rss", to: "us/health.rss")
                let handler = try F.handler(folder)
                _ = try warm(handler, "/latest.rss")

                for target in [outside.path + "/secret.txt", folder.path + "/.newsfeed/state.json"] {
                    try FileManager.default.removeItem(atPath: folder.path + "/latest.rss")
                    try folder.symlink("latest.rss", to: target)
                    #expect(handler.preparedResponse(to: F.get("/latest.rss")) == nil, "\(target)")
                    let answer = serve(handler, F.get("/latest.rss"))
                    #expect(answer.status == 404, "\(target)")
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains("SECRET"))
                    #expect(!String(decoding: answer.body, as: UTF8.self).contains("secret"))
                }
            }
        }
    }

    @Test func aFolderSwappedForASymlinkOutsideTheRootIsRefused() async throws {
        try await ServeTestFolder.with { outside in
            try await ServeTestFolder.with { folder in
                try outside.write("health.rss", "OUTSIDE")
                try folder.write("us/health.rss", F.feed(title: "Health"))
                let handler = try F.handler(folder)
                _ = try warm(handler, "/us/health.rss")
                try FileManager.default.moveItem(atPath: folder.path + "/us", toPath: folder.path + "/us-old")
                try folder.symlink("us", to: outside.path)
                #expect(handler.preparedResponse(to: F.get("/us/health.rss")) == nil)
                #expect(serve(handler, F.get("/us/health.rss")).status == 404)
            }
        }
    }

    @Test func aFileReplacedByRenameIsServedInItsNewVersion() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Old", items: 10))
            let handler = try F.handler(folder)
            let old = try warm(handler, "/us/health.rss")
            let newFeed = F.feed(title: "New", items: 11)
            try folder.write("us/health.rss", newFeed)  // an atomic rename, as build does
            #expect(handler.preparedResponse(to: F.get("/us/health.rss")) == nil, "the old version is not answered")
            let answer = serve(handler, F.get("/us/health.rss"))
            #expect(answer.status == 200)
            #expect(answer.body == Data(newFeed.utf8))
            let new = try warm(handler, "/us/health.rss")
            #expect(new.body?.bytes == Data(newFeed.utf8))
            #expect(new.fixedHead != old.fixedHead, "a new ETag")
        }
    }

    @Test func aDeletedFileIsNotFound() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            let handler = try F.handler(folder)
            _ = try warm(handler, "/us/health.rss")
            try FileManager.default.removeItem(atPath: folder.path + "/us/health.rss")
            #expect(handler.preparedResponse(to: F.get("/us/health.rss")) == nil)
            #expect(serve(handler, F.get("/us/health.rss")).status == 404)
            #expect(handler.paths.count == 0)
        }
    }

    @Test func anEvictedDocumentIsNotAnsweredFromARememberedPath() async throws {
        try await ServeTestFolder.with { folder in
            let text = String(repeating: "0123456789", count: 300)
            try folder.write("a.txt", text)
            try folder.write("b.txt", text)
            // Room for one of the two documents only.
            let handler = try F.handler(folder, maxCacheBytes: 4000)
            _ = try warm(handler, "/a.txt")
            _ = try warm(handler, "/b.txt")
            #expect(handler.cache.keys == ["b.txt"])
            #expect(handler.preparedResponse(to: F.get("/a.txt")) == nil)
            #expect(serve(handler, F.get("/a.txt")).body == Data(text.utf8))
        }
    }

    @Test func theRememberedPathsAreBounded() {
        let cache = ResolvedPathCache(capacity: 3)
        let entry = ResolvedPathCache.Entry(
            relativePath: "a", requestedPath: Array("/nonexistent/a".utf8CString),
            identity: FileIdentity(stat()))
        for index in 0..<3 { cache.remember(entry, for: "/\(index)") }
        #expect(cache.count == 3)
        cache.remember(entry, for: "/2")
        #expect(cache.count == 3, "replacing an entry keeps the others")
        cache.remember(entry, for: "/3")
        #expect(cache.count == 1, "full: starts over")
        #expect(cache.entry(for: "/3") != nil)
        #expect(entry.isCurrent == false, "a path naming nothing is never current")
    }
}

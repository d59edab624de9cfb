import Foundation
import HTTPServing
import Synchronization
import TestSupport
import Testing

/// The header rules over real sockets, through ``HTTPServer``.
@Suite struct StaticFileSocketTests {
    typealias F = ServeFixtures

    private func withServer(
        _ folder: ServeTestFolder, _ body: @escaping @Sendable (Int) throws -> Void
    ) async throws {
        let server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0), handler: try F.handler(folder))
        let port = try server.start()
        do {
            try await onOwnThread { try body(port) }
        } catch {
            await server.shutdown()
            throw error
        }
        await server.shutdown()
    }

    @Test func feedHeadersGzipAndRevalidationOnOneConnection() async throws {
        try await ServeTestFolder.with { folder in
            let feed = F.feed(title: "Health", ttl: 20, items: 30)
            try folder.write("us/health.rss", feed)
            try await withServer(folder) { port in
                let client = try LoopbackClient(port: port)
                let zipped = try client.request("GET", "/us/health.rss", [("Accept-Encoding", "gzip")])
                #expect(zipped.status == 200)
                #expect(zipped.headers["Content-Type"] == "application/rss+xml; charset=utf-8")
                #expect(zipped.headers["Content-Encoding"] == "gzip")
                #expect(zipped.headers["Vary"] == "Accept-Encoding")
                #expect(zipped.headers["Cache-Control"] == "public, max-age=1200")
                #expect(zipped.headers["Content-Length"] == String(zipped.body.count))
                #expect(gunzip(zipped.body) == Data(feed.utf8))
                let etag = try #require(zipped.headers["ETag"])
                let lastModified = try #require(zipped.headers["Last-Modified"])

                let revalidated = try client.request(
                    "GET", "/us/health.rss", [("Accept-Encoding", "gzip"), ("If-None-Match", etag)])
                #expect(revalidated.status == 304)
                #expect(revalidated.body.isEmpty)
                #expect(revalidated.headers["ETag"] == etag)
                #expect(revalidated.headers["Vary"] == "Accept-Encoding")
                #expect(revalidated.headers["Cache-Control"] == "public, max-age=1200")

                let sinceRevalidated = try client.request(
                    "GET", "/us/health.rss", [("If-Modified-Since", lastModified)])
                #expect(sinceRevalidated.status == 304)

                let plain = try client.request("GET", "/us/health.rss")
                #expect(plain.body == Data(feed.utf8))
                #expect(plain.headers["ETag"] != etag)
                #expect(plain.headers["Content-Encoding"] == nil)

                let head = try client.request("HEAD", "/us/health.rss")
                #expect(head.status == 200)
                #expect(head.headers["Content-Length"] == String(feed.utf8.count))
                #expect(head.headers["ETag"] == plain.headers["ETag"])
            }
        }
    }

    @Test func hostilePathsOverTheWireGetNoContent() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try folder.write(".newsfeed/state.json", "{\"feeds\":{}}")
            try await withServer(folder) { port in
                for (path, statuses) in [
                    ("/../../etc/passwd", [400, 404]), ("/%2e%2e/%2e%2e/etc/passwd", [404]),
                    ("/%252e%252e/%252e%252e/etc/passwd", [404]), ("/%C0%AE%C0%AE/etc/passwd", [400]),
                    ("/..%5c..%5cetc%5cpasswd", [400]), ("/.newsfeed/state.json", [404]),
                    ("/us/health.rss%00.txt", [400]), ("http://127.0.0.1/../../etc/passwd", [400, 404]),
                    ("http://127.0.0.1/%2e%2e/.newsfeed/state.json", [404]), ("/%zz", [400]),
                ] {
                    let client = try LoopbackClient(port: port)
                    let response = try client.request("GET", path)
                    #expect(statuses.contains(response.status), "\(path) gave \(response.status)")
                    let text = String(decoding: response.body, as: UTF8.self)
                    #expect(!text.contains("root:") && !text.contains("feeds") && !text.contains(folder.path))
                }
            }
        }
    }

    /// RFC 9112 3.2.2: an absolute-form target is accepted and its path served.
    @Test func absoluteFormTargetsServeTheirPath() async throws {
        try await ServeTestFolder.with { folder in
            let feed = F.feed(title: "Health")
            try folder.write("us/health.rss", feed)
            try await withServer(folder) { port in
                let client = try LoopbackClient(port: port)
                let response = try client.request("GET", "http://feeds.example.com/us/health.rss")
                #expect(response.status == 200)
                #expect(response.body == Data(feed.utf8))
                let head = try client.request("HEAD", "HTTP://127.0.0.1:\(port)/us/health.rss?utm=x")
                #expect(head.status == 200)
                #expect(head.headers["Content-Length"] == String(feed.utf8.count))
            }
        }
    }

    @Test func generatedPagesAndHealthOverTheWire() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try await withServer(folder) { port in
                let client = try LoopbackClient(port: port)
                let index = try client.request("GET", "/", [("Accept-Encoding", "gzip")])
                #expect(index.status == 200)
                #expect(index.headers["Content-Type"] == "text/html; charset=utf-8")
                let html = String(decoding: gunzip(index.body) ?? Data(), as: UTF8.self)
                #expect(html.contains("href=\"http://127.0.0.1:8080/us/health.rss\""))
                let opml = try client.request("GET", "/feeds.opml")
                #expect(opml.headers["Content-Type"] == "text/x-opml; charset=utf-8")
                let health = try client.request("GET", "/healthz")
                #expect(health.headers["Cache-Control"] == "no-store")
                #expect(String(decoding: health.body, as: UTF8.self).hasPrefix("{\"status\":\"ok\",\"feeds\":1,"))
                let post = try LoopbackClient(port: port).request("POST", "/us/health.rss", [("Content-Length", "0")])
                #expect(post.status == 405)
            }
        }
    }

    /// While `build` replaces a feed by atomic renames over and over, 200 concurrent
    /// GETs each receive the whole old or the whole new file, plain or gzip.
    @Test func atomicReplacementNeverServesAMix() async throws {
        try await ServeTestFolder.with { folder in
            let versions = (0..<4).map { F.feed(title: "Version \($0)", items: 20 + $0 * 7) }
            let allowed = Set(versions.map { Data($0.utf8) })
            let target = try folder.write("us/health.rss", versions[0])
            try await withServer(folder) { port in
                let stop = Atomic<Bool>(false)
                let renames = Atomic<Int>(0)
                let writer = Thread {
                    var index = 0
                    while !stop.load(ordering: .relaxed) {
                        index = (index + 1) % versions.count
                        let temporary = folder.url.appendingPathComponent("us/.health.rss.tmp")
                        try? Data(versions[index].utf8).write(to: temporary)
                        if rename(temporary.path, target.path) == 0 { renames.add(1, ordering: .relaxed) }
                    }
                }
                writer.start()
                defer { stop.store(true, ordering: .relaxed) }
                while renames.load(ordering: .relaxed) == 0 { usleep(1000) }

                let results = Mutex<[Result<LoopbackClient.Response, LoopbackClient.Failure>]>([])
                let done = DispatchGroup()
                for number in 0..<200 {
                    done.enter()
                    Thread {
                        defer { done.leave() }
                        let outcome: Result<LoopbackClient.Response, LoopbackClient.Failure>
                        do {
                            let headers = number.isMultiple(of: 2) ? [("Accept-Encoding", "gzip")] : []
                            outcome = .success(try LoopbackClient(port: port).request("GET", "/us/health.rss", headers))
                        } catch {
                            outcome = .failure(LoopbackClient.Failure(description: "\(error)"))
                        }
                        results.withLock { $0.append(outcome) }
                    }.start()
                }
                let before = renames.load(ordering: .relaxed)
                done.wait()
                #expect(renames.load(ordering: .relaxed) > before, "the file kept being replaced during the GETs")
                let responses = results.withLock { $0 }
                #expect(responses.count == 200)
                for outcome in responses {
                    switch outcome {
                    case .failure(let failure):
                        Issue.record("request failed: \(failure)")
                    case .success(let response):
                        #expect(response.status == 200)
                        let body =
                            response.headers["Content-Encoding"] == "gzip" ? gunzip(response.body) : response.body
                        #expect(body.map(allowed.contains) == true, "a response mixed versions")
                    }
                }
            }
        }
    }
}

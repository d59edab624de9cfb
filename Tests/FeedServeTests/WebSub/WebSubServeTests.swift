import FeedServe
import Foundation
import HTTPServing
import NewsModel
import TestSupport
import Testing

/// The hub mounted in the real server (issue 29, points 1–3): feeds carry the Link header, a subscription over
/// the socket is accepted, a 10 MB form is 413 from its head, a POST elsewhere is 405, and without the hub every
/// POST stays a 405.
@Suite struct WebSubServeTests {
    static func config(_ folder: ServeTestFolder, hub: Bool) -> NewsFeedConfig {
        var config = NewsFeedConfig(
            site: ServeFixtures.baseURL, output: folder.url, feeds: [FeedSpec(country: "us", category: "health")])
        config.websub.hub = hub
        config.allowPrivate = true
        return config
    }

    static func form(_ callback: String) -> [UInt8] {
        let topic = "http://127.0.0.1:8080/us/health.rss"
        return Array(
            "hub.mode=subscribe&hub.callback=\(callback.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&hub.topic=\(topic.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                .utf8)
    }

    @Test func theServedHubAcceptsOverTheSocketAndRefusesWhatItMust() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", ServeFixtures.feed(title: "Health"))
            let server = try await FeedServer.start(
                directory: folder.url, host: "127.0.0.1", port: 0, site: ServeFixtures.baseURL, accessLog: nil,
                status: (Self.config(folder, hub: true), nil))
            try await CallbackStub.with { stub, base in
                let port = server.port
                let answers = try await onOwnThread {
                    let feed = try LoopbackClient(port: port).request("GET", "/us/health.rss")
                    let body = Self.form(base + "/cb")
                    let accepted = try LoopbackClient(port: port).request(
                        "POST", "/websub",
                        [("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "\(body.count)")],
                        body: body)
                    let huge = try LoopbackClient(port: port).request(
                        "POST", "/websub",
                        [("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "10485760")])
                    let elsewhere = try LoopbackClient(port: port).request(
                        "POST", "/us/health.rss", [("Content-Length", "\(body.count)")], body: body)
                    return (feed, accepted, huge, elsewhere)
                }
                #expect(
                    answers.0.headers["Link"]
                        == "<http://127.0.0.1:8080/websub>; rel=\"hub\", <http://127.0.0.1:8080/us/health.rss>; rel=\"self\""
                )
                #expect(answers.1.status == 202)
                #expect(answers.2.status == 413)
                #expect(answers.3.status == 405)
                #expect(answers.3.headers["Allow"] == "GET, HEAD")
                // The verification follows the 202 on its own.
                for _ in 0..<200 where stub.verifications.withLock({ $0.isEmpty }) {
                    try await Task.sleep(for: .milliseconds(10))
                }
                #expect(stub.verifications.withLock { $0.first?["hub.mode"] } == "subscribe")
            }
            await server.shutdown()
        }
    }

    @Test func withoutTheHubEveryPostIs405AndFeedsHaveNoLink() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", ServeFixtures.feed(title: "Health"))
            let server = try await FeedServer.start(
                directory: folder.url, host: "127.0.0.1", port: 0, site: ServeFixtures.baseURL, accessLog: nil,
                status: (Self.config(folder, hub: false), nil))
            let port = server.port
            let answers = try await onOwnThread {
                let feed = try LoopbackClient(port: port).request("GET", "/us/health.rss")
                let post = try LoopbackClient(port: port).request(
                    "POST", "/websub", [("Content-Length", "3")], body: [1, 2, 3])
                return (feed, post)
            }
            #expect(answers.0.headers["Link"] == nil)
            #expect(answers.1.status == 405)
            await server.shutdown()
        }
    }
}

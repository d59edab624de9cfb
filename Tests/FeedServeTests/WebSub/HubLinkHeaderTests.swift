import FeedServe
import Foundation
import HTTPServing
import TestSupport
import Testing

/// Feed responses name the hubs and the feed itself in a `Link` header when hubs are advertised (W3C WebSub §4,
/// issue 29 point 1); other files and servers without hubs send none.
@Suite struct HubLinkHeaderTests {
    typealias F = ServeFixtures

    private func handler(_ folder: ServeTestFolder, hubs: [URL]) throws -> StaticFileHandler {
        var configuration = StaticFileHandler.Configuration(baseURL: F.baseURL)
        configuration.hubs = hubs
        return try StaticFileHandler(root: folder.path, configuration: configuration)
    }

    @Test func everyFeedFormatIsAnsweredWithItsHubsAndItsSelf() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try folder.write("us/health.atom", "<feed xmlns=\"http://www.w3.org/2005/Atom\"/>")
            try folder.write("us/health.json", "{}")
            let hub = URL(string: "http://127.0.0.1:8080/websub")!
            let outside = URL(string: "https://hub.example/")!
            let served = try handler(folder, hubs: [hub, outside])
            for path in ["us/health.rss", "us/health.atom", "us/health.json"] {
                // Twice: the first answer reads the file, the second comes from the cache.
                for _ in 0..<2 {
                    let response = served.response(to: F.get("/" + path))
                    #expect(
                        response.headers["Link"]
                            == "<http://127.0.0.1:8080/websub>; rel=\"hub\", <https://hub.example/>; rel=\"hub\", "
                            + "<http://127.0.0.1:8080/\(path)>; rel=\"self\"")
                }
            }
        }
    }

    @Test func otherFilesAndServersWithoutHubsSendNoLink() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", F.feed(title: "Health"))
            try folder.write("about.html", "<p>hi</p>")
            let withHub = try handler(folder, hubs: [URL(string: "http://127.0.0.1:8080/websub")!])
            #expect(withHub.response(to: F.get("/about.html")).headers["Link"] == nil)
            let without = try handler(folder, hubs: [])
            #expect(without.response(to: F.get("/us/health.rss")).headers["Link"] == nil)
        }
    }
}

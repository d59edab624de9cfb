import Foundation
import TestSupport
import Testing

@Suite struct FeedIndexWriterTests {
    @Test func buildWritesAnIndexAndAnOPMLOfTheConfiguredFeedsUnderSite() async throws {
        try await BuildWorkspace.with(answers: BuildEndToEndTests.bothFeeds) { workspace in
            let run = await workspace.build()
            #expect(run.status == 0)
            let opml = try String(contentsOf: workspace.output.appending(path: "feeds.opml"), encoding: .utf8)
            #expect(opml.contains("xmlUrl=\"https://feeds.example.com/us/health.rss\""))
            #expect(opml.contains("xmlUrl=\"https://feeds.example.com/us/technology.rss\""))
            let index = try String(contentsOf: workspace.output.appending(path: "index.html"), encoding: .utf8)
            #expect(
                index.contains(
                    "<link rel=\"alternate\" type=\"application/rss+xml\" title=\"Health — United States · Top headlines\""
                ))
            #expect(index.contains("https://feeds.example.com/us/technology.rss"))
        }
    }

    @Test func aFeedNotConfiguredIsNotListed() async throws {
        try await BuildWorkspace.with(answers: BuildEndToEndTests.bothFeeds) { workspace in
            let stray = workspace.output.appending(path: "fr/health.rss")
            try FileManager.default.createDirectory(
                at: stray.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("<rss version=\"2.0\"><channel><title>Old</title></channel></rss>".utf8).write(to: stray)
            _ = await workspace.build()
            let opml = try String(contentsOf: workspace.output.appending(path: "feeds.opml"), encoding: .utf8)
            #expect(!opml.contains("fr/health.rss"))
        }
    }
}

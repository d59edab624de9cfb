import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// The state remembers one original image per article URL, whichever feed was built last; two feeds holding the
/// same stories may show different pictures of them (the images changed between their builds). A watch round
/// checks each feed's own pictures and heals each feed with them, never with the other feed's.
@Suite struct WatchKeepsEachFeedsPicturesTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let slugs = ["1", "2", "3", "4", "5"]

    /// The same five stories for a feed, with their images under `folder` on `images`.
    static func articles(images: String, folder: String) -> NewsAPIStub.Answer {
        .articles(
            slugs.map { slug in
                StubArticle(
                    title: "Story \(slug) - Example Times", url: "https://news.example.com/story/\(slug)",
                    description: "What happened in story \(slug).", urlToImage: images + "/\(folder)/\(slug).jpg",
                    publishedAt: now.addingTimeInterval(-3600).formatted(.iso8601))
            })
    }

    func enclosures(_ folder: TemporaryFolder, _ feed: String) throws -> [String] {
        let data = try Data(contentsOf: folder.url.appending(path: "Feeds/\(feed).rss"))
        return try RSSReader().read(data, path: feed).stories.compactMap { $0.image?.url.path }.sorted()
    }

    @Test func twoFeedsWhoseImagesChangedBetweenTheirBuildsKeepTheirOwnPictures() async throws {
        var answers: [String: ScriptedImageHost.Answer] = [:]
        for slug in Self.slugs {
            answers["/old/\(slug).jpg"] = .image(type: "image/jpeg", length: 1000)
            answers["/new/\(slug).jpg"] = .image(type: "image/jpeg", length: 2000)
        }
        // The first picture of the first feed is gone: that feed shows the default image for it.
        answers["/old/1.jpg"] = .status(404)
        let host = ScriptedImageHost(answers)
        try await withLoopbackHost(host) { images in
            let newsAPI = try NewsAPIStub([
                "us/health": Self.articles(images: images, folder: "old"),
                "us/science": Self.articles(images: images, folder: "old"),
            ])
            let folder = TemporaryFolder("watch-own-pictures")
            try folder.write(
                """
                {
                  "site": "https://feeds.example.com/", "output": "Feeds",
                  "feeds": [{"country": "us", "category": "health"}, {"country": "us", "category": "science"}],
                  "watch": {"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 1, "failureSpacing": "0s"}
                }
                """, to: "newsfeed.json")
            let environment = ["NEWSAPI_BASE_URL": newsAPI.baseURLString, "NEWSAPI_KEY": "test-key"]
            let built = await CLIRun.newsfeed(["build"], in: folder.url, environment: environment, clock: Self.now)
            #expect(built.status == 0, "\(built.standardError)")
            // The stories' pictures move; only science is built again and shows them.
            newsAPI.answer("us/science", with: Self.articles(images: images, folder: "new"))
            let science = await CLIRun.newsfeed(
                ["build", "--force", "--only", "us/science"], in: folder.url, environment: environment,
                clock: Self.now.addingTimeInterval(60))
            #expect(science.status == 0, "\(science.standardError)")
            let old = Self.slugs.map { "/old/\($0).jpg" }
            let new = Self.slugs.map { "/new/\($0).jpg" }
            #expect(try enclosures(folder, "us/health") == old)
            #expect(try enclosures(folder, "us/science") == new)

            let round = await CLIRun.newsfeed(
                ["watch", "--allow-private"], in: folder.url, clock: Self.now.addingTimeInterval(120))

            #expect(round.status == 0, "\(round.standardError)")
            #expect(round.standardOutput.contains("us/health: 5 checked, 4 ok, 1 dead"), "\(round.standardOutput)")
            #expect(round.standardOutput.contains("us/science: 5 checked, 5 ok"), "\(round.standardOutput)")
            let health = try enclosures(folder, "us/health")
            #expect(health == ["/" + DefaultImageAsset.relativePath] + old.dropFirst(), "health keeps its own")
            #expect(try enclosures(folder, "us/science") == new, "science keeps its own")

            // The next round: the story whose picture died in health is not given science's living one.
            let next = await CLIRun.newsfeed(
                ["watch", "--allow-private"], in: folder.url, clock: Self.now.addingTimeInterval(180))
            #expect(next.status == 0, "\(next.standardError)")
            #expect(next.standardOutput.contains("us/health: 5 checked, 4 ok, 1 dead"), "\(next.standardOutput)")
            #expect(try enclosures(folder, "us/health") == health)
            #expect(try enclosures(folder, "us/science") == new)

            // A build of health keeps the default image for the dead picture, and science's rebuild changes nothing.
            let rebuilt = await CLIRun.newsfeed(
                ["build", "--force"], in: folder.url, environment: environment, clock: Self.now.addingTimeInterval(240))
            await newsAPI.stop()
            #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
            #expect(try enclosures(folder, "us/health") == health)
            #expect(try enclosures(folder, "us/science") == new)
        }
    }
}

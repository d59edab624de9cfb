import FeedOutput
import Foundation
import HTTPServing
import NewsFeedCLI
import NewsModel
import TestSupport

/// A working folder for `newsfeed build` and `newsfeed watch` run in-process: a `newsfeed.json` (site
/// `https://feeds.example.com/`, output `Feeds`), a loopback NewsAPI serving the scripted stories and a loopback
/// image host answering for their images (on 127.0.0.1, and with the same answers on 127.0.0.2 for stories that
/// want a second host).
final class WatchCommandFixture: Sendable {
    /// One story of a feed: `image` is a path on the image host (`/img/a.jpg`), an absolute URL, or nil for none.
    struct Story: Sendable {
        var slug: String
        var image: String?
        /// Whether a path `image` is on the second host (127.0.0.2).
        var onSecondHost: Bool

        init(_ slug: String, image: String?, onSecondHost: Bool = false) {
            self.slug = slug
            self.image = image
            self.onSecondHost = onSecondHost
        }
    }

    static let site = "https://feeds.example.com/"
    /// The fixed time every command sees.
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// Patient checks for feeds where nothing hangs: a starved two-core machine can take seconds to answer on
    /// loopback, and a timeout there would be the test's flake, not the watcher's finding. Everything is rechecked
    /// every round.
    static let quickWatchSettings =
        #"{"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 2, "failureSpacing": "0s"}"#
    /// For feeds with a hung image: it costs the timeout a round. Three seconds were too tight while the whole
    /// suite ran on two cores (a check of two requests, HEAD refused then a ranged GET, or a redirect, sometimes
    /// missed it in CI), one second before that; eight leave room and keep the rounds short.
    static let hangingWatchSettings =
        #"{"timeout": "8s", "recheck": "0s", "failuresBeforeDead": 2, "failureSpacing": "0s"}"#

    let folder: TemporaryFolder
    let images: ScriptedImageHost
    /// `http://127.0.0.1:<port>`, no trailing slash.
    let imageBase: String
    /// The same host's answers at `http://127.0.0.2:<port>`.
    let secondImageBase: String
    let newsAPIBase: String
    let feedIDs: [String]

    private init(
        folder: TemporaryFolder, images: ScriptedImageHost, imageBase: String, secondImageBase: String,
        newsAPIBase: String, feedIDs: [String]
    ) {
        self.folder = folder
        self.images = images
        self.imageBase = imageBase
        self.secondImageBase = secondImageBase
        self.newsAPIBase = newsAPIBase
        self.feedIDs = feedIDs
    }

    /// Starts both loopback servers, writes the config and runs `body`; the servers stop afterwards.
    ///
    /// - Parameters:
    ///   - feeds: feed ids (`us/health`) with their stories, in config order.
    ///   - answers: the image host's answer per path.
    ///   - watchSettings: the config's `"watch"` object as JSON text.
    ///   - imageCache: the config's `"images"` object's members as JSON text (`"cache": true, …`), which also sets
    ///     `"allowPrivate": true` so the build's image cache may fetch from loopback; nil for neither.
    static func run(
        feeds: [(id: String, stories: [Story])], answers: [String: ScriptedImageHost.Answer],
        watchSettings: String = quickWatchSettings, imageCache: String? = nil,
        _ body: (WatchCommandFixture) async throws -> Void
    ) async throws {
        let images = ScriptedImageHost(answers)
        let imageServer = HTTPServer(configuration: quickStubConfiguration(), handler: images)
        let imagePort = try imageServer.start()
        let imageBase = "http://127.0.0.1:\(imagePort)"
        let secondServer = HTTPServer(configuration: quickStubConfiguration(host: "127.0.0.2"), handler: images)
        let secondPort: Int
        do {
            secondPort = try secondServer.start()
        } catch {
            await imageServer.shutdown()
            throw error
        }
        let secondImageBase = "http://127.0.0.2:\(secondPort)"

        var answers: [String: NewsAPIStub.Answer] = [:]
        for feed in feeds {
            answers[feed.id] = .articles(
                feed.stories.enumerated().map { index, story in
                    StubArticle(
                        title: "Story \(story.slug) in \(feed.id) - Example News",
                        url: "https://news.example.com/\(feed.id)/\(story.slug)", sourceName: "Example News",
                        author: "Reporter", description: "What happened in story \(story.slug).",
                        urlToImage: story.image.map {
                            $0.hasPrefix("/") ? (story.onSecondHost ? secondImageBase : imageBase) + $0 : $0
                        },
                        publishedAt: now.addingTimeInterval(-Double(index + 1) * 600).formatted(.iso8601),
                        content: "The whole of story \(story.slug).")
                })
        }
        let newsAPI: NewsAPIStub
        do {
            newsAPI = try NewsAPIStub(answers)
        } catch {
            await imageServer.shutdown()
            await secondServer.shutdown()
            throw error
        }

        let folder = TemporaryFolder("watch-command")
        let feedList = feeds.map { feed in
            let parts = feed.id.split(separator: "/")
            return #"{"country": "\#(parts[0])", "category": "\#(parts[1])"}"#
        }
        let fixture = WatchCommandFixture(
            folder: folder, images: images, imageBase: imageBase, secondImageBase: secondImageBase,
            newsAPIBase: newsAPI.baseURLString,
            feedIDs: feeds.map(\.id))
        let imagesMembers = imageCache.map { "\n  \"allowPrivate\": true, \"images\": {\($0)}," } ?? ""
        do {
            try folder.write(
                """
                {
                  "site": "\(site)",
                  "output": "Feeds",\(imagesMembers)
                  "feeds": [\(feedList.joined(separator: ", "))],
                  "watch": \(watchSettings)
                }
                """, to: "newsfeed.json")
            try await body(fixture)
        } catch {
            await newsAPI.stop()
            await imageServer.shutdown()
            await secondServer.shutdown()
            throw error
        }
        await newsAPI.stop()
        await imageServer.shutdown()
        await secondServer.shutdown()
    }

    /// `newsfeed build` against the loopback NewsAPI.
    func build() async -> CLIRun {
        await CLIRun.newsfeed(
            ["build"], in: folder.url,
            environment: ["NEWSAPI_BASE_URL": newsAPIBase, "NEWSAPI_KEY": "test-key"], clock: Self.now)
    }

    /// `newsfeed watch` with `arguments`, at `now`.
    func watch(
        _ arguments: [String] = ["--allow-private"], stopSignal: StopSignal = StopSignal(), at now: Date = now
    ) async -> CLIRun {
        await CLIRun.newsfeed(["watch"] + arguments, in: folder.url, clock: now, stopSignal: stopSignal)
    }

    var output: OutputFolder { OutputFolder(root: folder.url.appending(path: "Feeds")) }

    /// The feed file of `id` (`us/health`).
    func feedFile(_ id: String) -> URL { output.fileURL(relativePath: "\(id).rss") }

    func feedData(_ id: String) throws -> Data { try Data(contentsOf: feedFile(id)) }

    func modificationDate(_ id: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: feedFile(id).path)[.modificationDate] as? Date
    }

    /// The image markup of each item of feed `id`, keyed by story slug.
    func items(_ id: String) throws -> [String: ItemImageAttributes] {
        var bySlug: [String: ItemImageAttributes] = [:]
        for (link, item) in ItemImageAttributes.read(try feedData(id)) {
            bySlug[String(link.split(separator: "/").last ?? "")] = item
        }
        return bySlug
    }

    func state() throws -> BridgeState { try output.stateStore.load().state }

    /// The full URL of `path` on the image host (or on its second address).
    func image(_ path: String, onSecondHost: Bool = false) -> String {
        (onSecondHost ? secondImageBase : imageBase) + path
    }

    /// The article URL NewsAPI sends for `slug` in feed `id`.
    static func articleURL(_ id: String, _ slug: String) -> String { "https://news.example.com/\(id)/\(slug)" }

    /// The bundled default image's URL under the site.
    static let defaultImageURL = site + DefaultImageAsset.relativePath
}

import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// Every writer of a feed other than the build (watch's healing, `bookmark add`, `bookmark remove`) renders it from
/// the same history, the article cache and the state as the build: after each, every file of a feed with full text
/// is what the build wrote but for what that writer changes (a healed enclosure and the build date; a star).
@Suite struct WritersKeepTheBuildTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let formats = ["rss", "atom", "json", "html"]
    /// The star `bookmark add` puts before a story's title on the feed pages.
    static let star =
        #"<span class="mark mark-bookmarked" title="Bookmarked" role="img" aria-label="Bookmarked">★</span>"#

    /// Without the image cache, and with it where libvips is built in (`--traits ImageCache`).
    static let imageCacheVariants = BuildTraits.imageCache ? [false, true] : [false]

    /// A real 400 × 300 JPEG, for the image cache to make copies of.
    static var photo: Data {
        get throws {
            try Data(contentsOf: RepositoryPaths.root.appending(path: "Tests/ImagesTests/Fixtures/photo-400x300.jpg"))
        }
    }

    /// A folder with a config for `us/health` with full text (its pages on `publisher`, its images on `images`;
    /// with `imageCache`, the images cached as copies), and a loopback NewsAPI; `body` gets the folder and the
    /// NewsAPI's base URL.
    func withWorkspace(
        imageCache: Bool = false,
        _ body: (_ folder: TemporaryFolder, _ newsAPI: String, _ publisher: String, _ images: String) async throws
            -> Void
    ) async throws {
        let picture: ScriptedImageHost.Answer =
            imageCache ? .bytes(type: "image/jpeg", try Self.photo) : .image(type: "image/jpeg", length: 3000)
        let cache = imageCache ? #""images": {"cache": true, "widths": [100, 200, 320]},"# : ""
        try await withPublisher { _, publisher in
            let host = ScriptedImageHost([
                "/img/ok-1.jpg": picture,
                "/img/gone.jpg": .status(404),
                "/img/ok-3.jpg": picture,
            ])
            try await withLoopbackHost(host) { images in
                let published = Self.now.addingTimeInterval(-3600).formatted(.iso8601)
                let articles = [("1", "/img/ok-1.jpg"), ("2", "/img/gone.jpg"), ("3", "/img/ok-3.jpg")].map {
                    StubArticle(
                        title: "Story \($0.0) - Example Times", url: publisher + "/story/\($0.0)",
                        description: "What happened in story \($0.0).", urlToImage: images + $0.1,
                        publishedAt: published)
                }
                let newsAPI = try NewsAPIStub(["us/health": .articles(articles)])
                let folder = TemporaryFolder("writers-keep")
                do {
                    try folder.write(
                        #"""
                        {
                          "site": "https://feeds.example.com/", "output": "Feeds", "allowPrivate": true, \#(cache)
                          "fullText": {"hostSpacing": "0s"},
                          "feeds": [{"country": "us", "category": "health", "fullText": true}],
                          "watch": {"timeout": "20s", "recheck": "0s", "failuresBeforeDead": 1, "failureSpacing": "0s"}
                        }
                        """#, to: "newsfeed.json")
                    try await body(folder, newsAPI.baseURLString, publisher, images)
                } catch {
                    await newsAPI.stop()
                    throw error
                }
                await newsAPI.stop()
            }
        }
    }

    func files(_ folder: TemporaryFolder) throws -> [String: String] {
        var files: [String: String] = [:]
        for format in Self.formats {
            files[format] = try String(
                contentsOf: folder.url.appending(path: "Feeds/us/health.\(format)"), encoding: .utf8)
        }
        return files
    }

    func run(_ arguments: [String], _ folder: TemporaryFolder, newsAPI: String, at time: Date = now) async -> CLIRun {
        await CLIRun.newsfeed(
            arguments, in: folder.url, environment: ["NEWSAPI_BASE_URL": newsAPI, "NEWSAPI_KEY": "test-key"],
            clock: time)
    }

    /// The lines of `after` that are not in `before`, and those of `before` not in `after` (as multisets).
    func changedLines(_ before: String, _ after: String) -> (removed: [String], added: [String]) {
        var counts: [Substring: Int] = [:]
        for line in before.split(separator: "\n") { counts[line, default: 0] += 1 }
        var added: [String] = []
        for line in after.split(separator: "\n") {
            if let count = counts[line], count > 0 { counts[line] = count - 1 } else { added.append(String(line)) }
        }
        let removed = counts.flatMap { line, count in Array(repeating: String(line), count: count) }
        return (removed, added)
    }

    @Test(arguments: imageCacheVariants)
    func bookmarkAddAndRemoveChangeOnlyTheStarOnTheFeedPage(imageCache: Bool) async throws {
        try await withWorkspace(imageCache: imageCache) { folder, newsAPI, publisher, _ in
            let build = await run(["build"], folder, newsAPI: newsAPI)
            #expect(build.status == 0, "\(build.standardError)")
            let built = try files(folder)
            #expect(built["html"]?.components(separatedBy: ">Read here</a>").count == 4, "a reader link per story")
            #expect(built["rss"]?.contains("&lt;a href=") == true, "the articles keep their links")
            if imageCache {
                #expect(built["html"]?.components(separatedBy: "srcset=").count == 3, "two cached pictures")
            }

            let added = await run(["bookmark", "add", publisher + "/story/2"], folder, newsAPI: newsAPI)
            #expect(added.status == 0, "\(added.standardError)")
            let marked = try files(folder)
            for format in ["rss", "atom", "json"] {
                #expect(marked[format] == built[format], "bookmark add leaves \(format) alone")
            }
            let page = try #require(marked["html"])
            #expect(page.components(separatedBy: Self.star).count == 2, "one story is starred")
            #expect(page.replacingOccurrences(of: Self.star, with: "") == built["html"], "nothing else changes")

            let removed = await run(["bookmark", "remove", "1"], folder, newsAPI: newsAPI)
            #expect(removed.status == 0, "\(removed.standardError)")
            #expect(try files(folder) == built, "without the bookmark, every file is as the build wrote it")
        }
    }

    @Test(arguments: imageCacheVariants)
    func watchHealingRewritesOnlyTheDeadImageAndTheBuildDate(imageCache: Bool) async throws {
        try await withWorkspace(imageCache: imageCache) { folder, newsAPI, _, images in
            let build = await run(["build"], folder, newsAPI: newsAPI)
            #expect(build.status == 0, "\(build.standardError)")
            let built = try files(folder)
            #expect(built["rss"]?.contains(images + "/img/gone.jpg") == true)
            if imageCache {
                #expect(built["html"]?.components(separatedBy: "srcset=").count == 3, "two cached pictures")
                #expect(built["rss"]?.contains("<media:thumbnail") == true)
            }

            let later = Self.now.addingTimeInterval(600)
            let round = await run(["watch", "--allow-private"], folder, newsAPI: newsAPI, at: later)
            #expect(round.status == 0, "\(round.standardError)")
            #expect(round.standardOutput.contains("rewritten"), "\(round.standardOutput)")
            let healed = try files(folder)
            for format in Self.formats {
                let before = try #require(built[format])
                let after = try #require(healed[format])
                #expect(!after.contains("/img/gone.jpg"), "\(format): the dead image is gone")
                #expect(
                    after.components(separatedBy: "Read here").count
                        == before.components(separatedBy: "Read here").count)
                // Every article and reader link, byte for byte.
                let markers = [
                    "<content:encoded>", "<content type=", "\"content_html\"", "\"content_text\"", "read-here",
                ]
                func articles(_ text: String) -> [Substring] {
                    text.split(separator: "\n").filter { line in markers.contains { line.contains($0) } }
                }
                #expect(articles(after) == articles(before), "\(format) keeps every article")
                #expect(articles(before).count >= 3, "\(format) has the articles")
                let (removed, added) = changedLines(before, after)
                // What may change: the dead image's lines, the alive images' checked lengths, the build date.
                let allowed = ["/img/", DefaultImageAsset.relativePath, "lastBuildDate", "<updated>", "datetime="]
                for line in removed + added {
                    #expect(allowed.contains { line.contains($0) }, "\(format) changed beyond the images: \(line)")
                }
            }
            // A build at the same moment finds nothing to change: watch wrote what the build writes.
            let again = await run(["build", "--force"], folder, newsAPI: newsAPI, at: later)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try files(folder) == healed, "the build would have written the same files")
        }
    }
}

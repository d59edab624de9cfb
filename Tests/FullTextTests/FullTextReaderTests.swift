import Foundation
import TestSupport
import Testing

/// A real feed reader's parser on feeds with full text: feedparser takes the whole article from RSS
/// `content:encoded` and Atom `<content type="html">` without complaint, and its own sanitizer keeps the paragraphs.
@Suite struct FullTextReaderTests {
    @Test(
        "feedparser reads the whole article from RSS and Atom",
        .enabled("python3's feedparser is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.feedparser.shouldRun
        },
        .timeLimit(.minutes(1)))
    func feedparserReadsTheWholeArticle() async throws {
        let python = try #require(ChildProcess.findExecutable("python3"), "\(FeedReader.feedparser.installHint)")
        try #require(await FeedReader.feedparser.isInstalled, "\(FeedReader.feedparser.installHint)")
        try await withPublisher { _, base in
            let health = [FullTextBuildTests.article(base, "/story/1"), FullTextBuildTests.article(base, "/forbidden")]
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(), answers: FullTextBuildTests.answers(health, technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let files = ["us/health.rss", "us/health.atom"].map { workspace.output.appending(path: $0).path }
                let run = try await ChildProcess.run(
                    python, ["-c", Self.script] + files, environment: ChildProcess.loopbackEnvironment(),
                    workingDirectory: workspace.folder.url)
                try #require(run.status == 0 && !run.timedOut, "feedparser script: \(run.summary)")
                let parsed = try JSONDecoder().decode([Parsed].self, from: run.standardOutput)
                #expect(parsed.count == 2)
                for feed in parsed {
                    #expect(!feed.bozo, "\(feed.file): \(feed.bozoException)")
                    let story = try #require(feed.entries.first { $0.link.hasSuffix("/story/1") })
                    #expect(story.content.contains("<p>The council of the town met on Tuesday evening"), "\(feed.file)")
                    #expect(story.content.contains("<a href=\"\(base)/costs\""), "\(feed.file): links stay absolute")
                    // Atom's `xml:lang` on the entry is the content's language (RSS has `dc:language` on the item).
                    if feed.file.hasSuffix(".atom") { #expect(story.language == "de", "\(feed.file)") }
                    let failed = try #require(feed.entries.first { $0.link.hasSuffix("/forbidden") })
                    #expect(!failed.content.contains("<p>The council"), "\(feed.file): no article, the teaser only")
                }
            }
        }
    }

    struct Entry: Decodable {
        var link: String
        var content: String
        var language: String?
    }

    struct Parsed: Decodable {
        var file: String
        var bozo: Bool
        var bozoException: String
        var entries: [Entry]
    }

    /// Parses each file given and prints each entry's link, first content value and language, as JSON.
    static let script = """
        import json, sys
        import feedparser
        feeds = []
        for path in sys.argv[1:]:
            parsed = feedparser.parse(path)
            feeds.append({
                "file": path, "bozo": bool(parsed.get("bozo")),
                "bozoException": str(parsed.get("bozo_exception", "")),
                "entries": [{
                    "link": entry.get("link", ""),
                    "content": (entry.get("content") or [{}])[0].get("value", ""),
                    "language": (entry.get("content") or [{}])[0].get("language"),
                } for entry in parsed.entries],
            })
        json.dump(feeds, sys.stdout)
        """
}

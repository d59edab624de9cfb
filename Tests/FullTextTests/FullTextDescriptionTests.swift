import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// A story NewsAPI sent without a description shows its article's opening as the description in every format and
/// on the page, once the article is there; a story without an article keeps the default.
@Suite struct FullTextDescriptionTests {
    /// The opening of `/story/<n>`'s article: its first sentence (both would pass NewsAPI's length).
    static let opening =
        "The council of the town met on Tuesday evening, talked for hours, voted, and agreed at last that the old "
        + "bridge over the river will be repaired before the first snow of the winter comes."

    func text(_ workspace: BuildWorkspace, _ path: String) throws -> String {
        try String(decoding: Data(contentsOf: workspace.output.appending(path: path)), as: UTF8.self)
    }

    /// The description of the item of `path` in every format, in that format's own terms.
    func descriptions(_ workspace: BuildWorkspace, _ path: String) throws -> [String: String] {
        var found: [String: String] = [:]
        let rss = try workspace.snapshot("us/health").stories.first { $0.url.path == path }
        found["rss"] = rss?.summary
        let feed = try #require(
            try JSONSerialization.jsonObject(with: Data(text(workspace, "us/health.json").utf8)) as? [String: Any])
        let items = try #require(feed["items"] as? [[String: Any]])
        found["json"] = items.first { ($0["url"] as? String)?.hasSuffix(path) == true }?["summary"] as? String
        let atom = try text(workspace, "us/health.atom")
        let entry = try #require(atom.components(separatedBy: "<entry").first { $0.contains(path + "\"") })
        found["atom"] =
            entry.components(separatedBy: "<summary type=\"text\">").dropFirst().first?
            .components(separatedBy: "</summary>").first
        let page = try text(workspace, "us/health.html")
        let row = try #require(page.components(separatedBy: "<li class=\"story").first { $0.contains(path + "\"") })
        found["html"] =
            row.components(separatedBy: "<p class=\"description\" dir=\"auto\">").dropFirst().first?
            .components(separatedBy: "</p>").first
        return found
    }

    @Test(arguments: [nil, "Nothing was said about it"])
    func aStoryWithoutDescriptionShowsItsArticlesOpening(configured: String?) async throws {
        let defaults = configured.map { #", "defaults": {"description": "\#($0)"}"# } ?? ""
        let config = FullTextBuildTests.config().replacingOccurrences(
            of: #""allowPrivate": true,"#, with: #""allowPrivate": true\#(defaults),"#)
        try await withPublisher { _, base in
            var bare = FullTextBuildTests.article(base, "/story/5")
            bare.description = nil
            var failing = FullTextBuildTests.article(base, "/forbidden")
            failing.description = nil
            try await BuildWorkspace.with(
                config: config, answers: FullTextBuildTests.answers([bare, failing], technology: [])
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                let placeholder = configured ?? StoryDefaults.standardDescription
                let expected = ["rss": Self.opening, "atom": Self.opening, "json": Self.opening, "html": Self.opening]
                let described = try descriptions(workspace, "/story/5")
                #expect(described == expected)
                let kept = ["rss": placeholder, "atom": placeholder, "json": placeholder, "html": placeholder]
                #expect(try descriptions(workspace, "/forbidden") == kept, "no article: the default stays")
                #expect(try workspace.violationsInEveryFormat("us/health") == [])

                // From the history (the story gone from NewsAPI's answer) the description stays the opening.
                workspace.stub.answer("us/health", with: .articles([failing]))
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(try descriptions(workspace, "/story/5") == expected)
            }
        }
    }

    /// A bookmark made before its story's article was fetched (so without a description) is described by the
    /// article's opening once the article is there.
    @Test func aBookmarkWithoutDescriptionShowsItsArticlesOpening() async throws {
        try await withPublisher { _, base in
            var bare = FullTextBuildTests.article(base, "/story/6")
            bare.description = nil
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(), answers: FullTextBuildTests.answers([bare], technology: [])
            ) { workspace in
                let early = await workspace.run(["bookmark", "add", base + "/story/6", "--title", "The bridge"])
                #expect(early.status == 0, "\(early.standardError)")
                #expect(await workspace.build().status == 0)
                let other = await workspace.run(["bookmark", "add", base + "/story/7", "--title", "Another"])
                #expect(other.status == 0, "\(other.standardError)")
                let data = try Data(contentsOf: workspace.output.appending(path: "bookmarks.rss"))
                let stories = try RSSReader().read(data, path: "bookmarks.rss").stories
                #expect(stories.first { $0.url.path == "/story/6" }?.summary == Self.opening)
                #expect(stories.first { $0.url.path == "/story/7" }?.summary == "", "no article: no description")
            }
        }
    }
}

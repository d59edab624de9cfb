import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// What else full text keeps: the bookmarks feed shares the reader view, a history story keeps its article, and a
/// story that left every feed takes its reader view with it.
@Suite struct FullTextKeepingTests {
    func text(_ workspace: BuildWorkspace, _ path: String) throws -> String {
        try String(decoding: Data(contentsOf: workspace.output.appending(path: path)), as: UTF8.self)
    }

    @Test func aBookmarkedStoryCarriesItsArticleAndLinksTheSameReaderView() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/story/1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let added = await workspace.run(["bookmark", "add", base + "/story/1"])
                #expect(added.status == 0, "\(added.standardError)")
                let key = ArticleStore.key(for: base + "/story/1")
                let page = try text(workspace, "bookmarks.html")
                let feed = try text(workspace, "bookmarks.rss")
                #expect(page.contains("<a href=\"articles/\(key).html\">Read here</a>"))
                #expect(feed.contains("<content:encoded>&lt;p&gt;The council"))
            }
        }
    }

    @Test func aStoryFromTheHistoryKeepsItsArticleAndTheLeadImageIsRememberedForWatch() async throws {
        try await withPublisher { publisher, base in
            var story = FullTextBuildTests.article(base, "/story/1")
            story.urlToImage = nil
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(), answers: FullTextBuildTests.answers([story], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                workspace.stub.answer("us/health", with: .articles([FullTextBuildTests.article(base, "/story/2")]))
                workspace.clock.advance(by: 3600)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(publisher.pages == ["/story/1", "/story/2"])
                let stories = try workspace.snapshot("us/health").stories
                #expect(stories.count == 2)
                let rss = try text(workspace, "us/health.rss")
                #expect(rss.components(separatedBy: "<content:encoded>").count == 3, "both items, history too")
                let lead = base + "/images/lead-1.jpg"
                #expect(try workspace.state().items[base + "/story/1"]?.originalImage == lead)
                #expect(stories.first { $0.url.path == "/story/1" }?.image?.url.absoluteString == lead)
            }
        }
    }

    @Test func aStoryInNoFeedTakesItsReaderViewWithIt() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/story/1")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let page = workspace.output.appending(path: "articles/\(ArticleStore.key(for: base + "/story/1")).html")
                #expect(FileManager.default.fileExists(atPath: page.path))
                workspace.stub.answer("us/health", with: .articles([FullTextBuildTests.article(base, "/story/2")]))
                workspace.clock.advance(by: 8 * 86_400)
                #expect(await workspace.build(["--force"]).status == 0)
                #expect(!FileManager.default.fileExists(atPath: page.path))
                let kept = workspace.output.appending(path: "articles/\(ArticleStore.key(for: base + "/story/2")).html")
                #expect(FileManager.default.fileExists(atPath: kept.path))
            }
        }
    }

    @Test(.needsSharedData) func aPageOverMaxPageBytesIsTooLargeAndTheItemStaysAsItWas() async throws {
        try await withPublisher { _, base in
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(fullText: #"{"maxPageBytes": "64KB", "hostSpacing": "0s"}"#),
                answers: FullTextBuildTests.answers(
                    [FullTextBuildTests.article(base, "/article/ars-1"), FullTextBuildTests.article(base, "/big")],
                    technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                let store = OutputFolder(root: workspace.output).articleStore
                #expect(store.load(base + "/article/ars-1").record?.article != nil, "56 KB fits")
                #expect(store.load(base + "/big").record?.failure?.cause == .tooLarge)
                let rss = try text(workspace, "us/health.rss")
                #expect(rss.components(separatedBy: "<content:encoded>").count == 2, "the page that fits only")
            }
        }
    }
}

import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// The reader view `articles/<key>.html` and the "Read here" link to it on the feed's page.
@Suite(.needsSharedData) struct ReaderViewTests {
    func text(_ workspace: BuildWorkspace, _ path: String) throws -> String {
        try String(decoding: Data(contentsOf: workspace.output.appending(path: path)), as: UTF8.self)
    }

    /// Builds `us/health` with full text over the real page and a generated one, then runs `body`.
    func withBuild(_ body: (BuildWorkspace, String) async throws -> Void) async throws {
        try await withPublisher { _, base in
            var generated = FullTextBuildTests.article(base, "/story/5")
            generated.author = nil
            let health = [FullTextBuildTests.article(base, "/article/herald-sun-1"), generated]
            try await BuildWorkspace.with(
                config: FullTextBuildTests.config(),
                answers: FullTextBuildTests.answers(health, technology: [FullTextBuildTests.article(base, "/story/6")])
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                try await body(workspace, base)
            }
        }
    }

    @Test func eachArticleHasAReaderPageInThePagesLookLinkedFromTheFeedPage() async throws {
        try await withBuild { workspace, base in
            let key = ArticleStore.key(for: base + "/story/5")
            #expect(key.count == 16 && key.allSatisfy(\.isHexDigit))
            let page = try text(workspace, "articles/\(key).html")
            #expect(page.contains("<html lang=\"de\">"))
            #expect(page.contains("<link rel=\"stylesheet\" href=\"../assets/newsfeed.css\">"))
            #expect(page.contains("<link rel=\"stylesheet\" href=\"reader.css\">"))
            #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src &#39;none&#39;"))
            #expect(page.contains("<select id=\"theme-choice\">"), "the theme choice of every page")
            #expect(page.contains("<h1 dir=\"auto\">Story /story/5</h1>"))
            #expect(page.contains("<bdi class=\"author\">Ann Writer</bdi>"), "the page's byline")
            #expect(page.contains("<time datetime=\"2024-05-02T10:00:00Z\" dir=\"ltr\">2 May 2024, 10:00 UTC</time>"))
            #expect(page.contains("<img class=\"lead-image\" src=\"\(base)/images/lead-5.jpg\""))
            #expect(page.contains("<p>The council of the town met on Tuesday evening"))
            #expect(page.contains("<a href=\"\(base)/story/5\" rel=\"noopener\">Read at Example Times</a>"))
            #expect(
                FileManager.default.fileExists(atPath: workspace.output.appending(path: "articles/reader.css").path))

            let feedPage = try text(workspace, "us/health.html")
            #expect(feedPage.contains("<p class=\"read-here\"><a href=\"../articles/\(key).html\">Read here</a></p>"))
            #expect(feedPage.components(separatedBy: "Read here").count == 3, "one link per story with an article")
            #expect(HTMLPageChecker.violations(in: feedPage) == [])
            let otherPage = try text(workspace, "us/technology.html")
            #expect(!otherPage.contains("Read here"), "no link where the feed has no full text")
            // The same key on every machine: the first 16 hex digits of the URL's SHA-256.
            #expect(ArticleStore.key(for: "https://example.com/a") == "2dce0a4c50441bfc")
        }
    }

    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func theReaderPagesAndTheFeedPagePassTheNuChecker() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        try await withBuild { workspace, _ in
            let pages = BuildWorkspace.allFiles(in: workspace.output).filter { $0.hasSuffix(".html") }.map {
                workspace.output.appending(path: $0)
            }
            #expect(pages.filter { $0.path.contains("/articles/") }.count == 2)
            let messages = try await checker.messages(checking: pages)
            #expect(messages.filter { $0.type == "error" }.map(\.description) == [])
        }
    }
}

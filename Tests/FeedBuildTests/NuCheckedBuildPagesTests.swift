import Foundation
import TestSupport
import Testing

/// The W3C Nu HTML checker on every HTML file a real build writes: each feed's page, `index.html`
/// and the bookmarks page, after hostile upstream text and after a bookmark stars a story.
@Suite(.serialized) struct NuCheckedBuildPagesTests {
    /// Every `.html` file below the workspace's output folder.
    static func pages(_ workspace: BuildWorkspace) -> [URL] {
        BuildWorkspace.allFiles(in: workspace.output).filter { $0.hasSuffix(".html") }.map {
            workspace.output.appending(path: $0)
        }
    }

    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func everyPageOfAHostileBuildHasNoErrorAndNoWarning() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        try await BuildWorkspace.with(
            config: BuildFormatsTests.config(), answers: ["us/health": BuildEndToEndTests.hostileAnswer]
        ) { workspace in
            let run = await workspace.build()
            #expect(run.status == 0, "\(run.standardError)")
            let pages = Self.pages(workspace)
            #expect(Set(pages.map(\.lastPathComponent)) == ["health.html", "index.html"], "\(pages)")
            let messages = try await checker.messages(checking: pages)
            #expect(messages.map(\.description) == [])
        }
    }

    @Test(
        .enabled("java or vnu.jar is missing and NEWSFEED_REQUIRE_READERS is not 1") {
            await FeedReader.nuChecker.shouldRun
        })
    func everyPageOfABuildWithSearchesAndABookmarkHasNoErrorAndNoWarning() async throws {
        let checker = try #require(await NuChecker.find(), "\(FeedReader.nuChecker.installHint)")
        try await SourcesEndToEndTests.with { workspace, ddg in
            #expect(await SourcesEndToEndTests.build(workspace, ddg).status == 0)
            let added = await workspace.run(
                ["bookmark", "add", BookmarkCommandTests.climateURL, "--note", "Read <b>later</b> & \"soon\""])
            #expect(added.status == 0, "\(added.standardError)")
            let pages = Self.pages(workspace)
            let names = pages.map { $0.path.replacingOccurrences(of: workspace.output.path + "/", with: "") }
            #expect(names.contains("index.html") && names.contains("bookmarks.html"), "\(names)")
            #expect(names.contains("search/climate-change.html"), "the page with the star: \(names)")
            let messages = try await checker.messages(checking: pages)
            #expect(messages.map(\.description) == [])
        }
    }
}

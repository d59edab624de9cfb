import Foundation
import TestSupport
import Testing

/// Articles over several pages in a build (issue 28, point 9): next pages followed up to `fullText.maxPages`, each
/// taken from `fullText.pagesPerRun`, the one-page view preferred, a rule's `next_page_link` obeyed, and the parts
/// joined without their repeated tops.
@Suite struct MultiPageBuildTests {
    /// Page `number` of the article at `path`, linking the next one with `rel="next"` up to `last`.
    static func part(_ path: String, _ number: Int, of last: Int, extra: String = "") -> String {
        let next = number < last ? #"<link rel="next" href="\#(path)?page=\#(number + 1)">"# : ""
        return """
            <html><head><title>The long bridge story | The Daily</title>\(next)</head><body>
            <nav><a href="/">Home</a></nav><article><h1>The long bridge story</h1>
            <p class="standfirst">The town will repair its old bridge before winter, the council decided.</p>
            <p>Part \(number) of the story: the council talked for hours on Tuesday evening, voted, and agreed on
            what happens to the bridge over the river in part \(number).</p></article>\(extra)</body></html>
            """
    }

    static func config(_ fullText: String) -> String {
        FullTextBuildTests.config(fullText: fullText)
    }

    func items(_ workspace: BuildWorkspace) throws -> [[String: Any]] {
        let data = try Data(contentsOf: workspace.output.appending(path: "us/health.json"))
        let feed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(feed["items"] as? [[String: Any]])
    }

    @Test func nextPagesAreFollowedUpToMaxPagesAndJoinedWithoutTheirRepeatedTop() async throws {
        let pages = [
            "/long": Self.part("/long", 1, of: 4), "/long?page=2": Self.part("/long", 2, of: 4),
            "/long?page=3": Self.part("/long", 3, of: 4), "/long?page=4": Self.part("/long", 4, of: 4),
        ]
        try await withPages(pages) { stub, base in
            try await BuildWorkspace.with(
                config: Self.config(#"{"hostSpacing": "0s", "maxPages": 3}"#),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/long")], technology: [])
            ) { workspace in
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                #expect(stub.asks == ["/long", "/long?page=2", "/long?page=3"])
                // Every page asked is counted, not only the first.
                let status = await workspace.run(["status"])
                #expect(
                    status.outputLines.contains { $0.hasPrefix("full text pages: 3 fetched, 1 extracted") },
                    "\(status.outputLines)")
                let text = try #require(try items(workspace).first?["content_text"] as? String)
                #expect(text.contains("Part 1 of the story") && text.contains("Part 3 of the story"))
                #expect(!text.contains("Part 4 of the story"))
                #expect(text.components(separatedBy: "The town will repair its old bridge").count == 2)
                #expect(!text.contains("The long bridge story"))
            }
        }
    }

    @Test func everyNextPageIsTakenFromThePagesPerRunBudget() async throws {
        let pages = [
            "/long": Self.part("/long", 1, of: 3), "/long?page=2": Self.part("/long", 2, of: 3),
            "/long?page=3": Self.part("/long", 3, of: 3),
        ]
        try await withPages(pages) { stub, base in
            try await BuildWorkspace.with(
                config: Self.config(#"{"hostSpacing": "0s", "pagesPerRun": 2}"#),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/long")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(stub.asks == ["/long", "/long?page=2"])
                let text = try #require(try items(workspace).first?["content_text"] as? String)
                #expect(text.contains("Part 2 of the story") && !text.contains("Part 3 of the story"))
            }
        }
    }

    @Test func theOnePageViewIsReadInsteadOfTheNextPages() async throws {
        let single = #"<p><a href="/split?view=all">View as single page</a></p>"#
        let whole = """
            <html><head><title>Split | The Daily</title></head><body><article>
            <p class="standfirst">The town will repair its old bridge before winter, the council decided.</p>
            <p>Part 1 of the story: the council talked for hours on Tuesday evening, voted, and agreed.</p>
            <p>Part 2 of the story: the work starts in May, said the mayor, and costs four million.</p>
            </article></body></html>
            """
        let pages = [
            "/split": Self.part("/split", 1, of: 2, extra: single), "/split?page=2": Self.part("/split", 2, of: 2),
            "/split?view=all": whole,
        ]
        try await withPages(pages) { stub, base in
            try await BuildWorkspace.with(
                config: Self.config(#"{"hostSpacing": "0s"}"#),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/split")], technology: [])
            ) { workspace in
                #expect(await workspace.build().status == 0)
                #expect(stub.asks == ["/split", "/split?view=all"])
                let text = try #require(try items(workspace).first?["content_text"] as? String)
                #expect(text.contains("Part 2 of the story: the work starts in May"))
            }
        }
    }

    @Test func aRulesNextPageLinkIsFollowed() async throws {
        // No rel="next": only the rule knows the site's "more" link.
        let first = """
            <html><head><title>Ruled | The Daily</title></head><body><div class="text"><p>Part 1 of the ruled story:
            the council talked for hours on Tuesday evening, voted, and agreed on the bridge.</p></div>
            <a class="more-link" href="/ruled-continued">More</a></body></html>
            """
        let second = """
            <html><head><title>Ruled | The Daily</title></head><body><div class="text"><p>Part 2 of the ruled story:
            the work starts in May, said the mayor, and costs four million.</p></div></body></html>
            """
        try await withPages(["/ruled": first, "/ruled-continued": second]) { stub, base in
            try await BuildWorkspace.with(
                config: Self.config(#"{"hostSpacing": "0s", "siteConfig": "rules"}"#),
                answers: FullTextBuildTests.answers([FullTextBuildTests.article(base, "/ruled")], technology: [])
            ) { workspace in
                _ = try workspace.folder.write(
                    "body: //div[@class='text']\nnext_page_link: //a[@class='more-link']\n", to: "rules/127.0.0.1.txt")
                #expect(await workspace.build().status == 0)
                #expect(stub.asks == ["/ruled", "/ruled-continued"])
                let text = try #require(try items(workspace).first?["content_text"] as? String)
                #expect(text.contains("Part 1 of the ruled story") && text.contains("Part 2 of the ruled story"))
            }
        }
    }
}

import Foundation
import TestSupport
import Testing

/// `"fullText": {"siteConfig": "rules"}` in a build (issue 28, point 11): the rule's article goes into the feed, a
/// rule that matches nothing falls back to the automatic extraction and `status` counts it.
@Suite struct SiteRuleBuildTests {
    /// A page whose long sidebar wins the automatic extraction, and whose story sits in `div.story-body`.
    static func page(_ name: String, storyClass: String = "story-body") -> String {
        """
        <html><head><title>\(name) | The Daily</title></head><body>
        <div class="about"><p>About the author of this blog: she writes a great many words about many things, with
        commas, and more commas, and words, so that this long sidebar interests any scorer at all.</p>
        <p>More about her, with words, commas, and so on, and on, and on, as scorers like it.</p></div>
        <div class="\(storyClass)"><p>The council of \(name) agreed on Tuesday evening, after hours of talk, that
        the old bridge over the river will be repaired before the first snow comes.</p></div>
        </body></html>
        """
    }

    static func config(siteConfig: String) -> String {
        FullTextBuildTests.config(fullText: #"{"hostSpacing": "0s", "siteConfig": "\#(siteConfig)"}"#)
    }

    @Test func theRuleWinsAndARuleThatMatchesNothingIsCountedInStatus() async throws {
        let pages = ["/ruled": Self.page("Ruled"), "/unruled": Self.page("Unruled", storyClass: "other-body")]
        try await withPages(pages) { _, base in
            let health = [
                FullTextBuildTests.article(base, "/ruled"),
                FullTextBuildTests.article(base, "/unruled", published: "2024-05-01T10:00:00Z"),
            ]
            try await BuildWorkspace.with(
                config: Self.config(siteConfig: "rules"),
                answers: FullTextBuildTests.answers(health, technology: [])
            ) { workspace in
                _ = try workspace.folder.write(
                    "# the tests' own rule\nbody: //div[@class='story-body']\n", to: "rules/127.0.0.1.txt")
                let run = await workspace.build()
                #expect(run.status == 0, "\(run.standardError)")
                let json = try String(
                    decoding: Data(contentsOf: workspace.output.appending(path: "us/health.json")), as: UTF8.self)
                let feed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
                let items = try #require(feed["items"] as? [[String: Any]])
                let ruled = try #require(items.first { ($0["url"] as? String)?.hasSuffix("/ruled") == true })
                let ruledText = try #require(ruled["content_text"] as? String)
                #expect(ruledText.hasPrefix("The council of Ruled agreed"))
                #expect(!ruledText.contains("About the author"))
                let unruled = try #require(items.first { ($0["url"] as? String)?.hasSuffix("/unruled") == true })
                #expect((unruled["content_text"] as? String)?.contains("About the author") == true)

                let status = await workspace.run(["status"])
                #expect(
                    status.outputLines.contains("full text site rules that matched nothing: 1 page (127.0.0.1.txt 1)"),
                    "\(status.standardOutput)")
                let statusJSON = await workspace.run(["status", "--json"])
                #expect(statusJSON.standardOutput.contains(#""127.0.0.1.txt" : 1"#), "\(statusJSON.standardOutput)")
            }
        }
    }

    @Test func aMissingRuleFolderIsAConfigErrorNamingTheKey() async throws {
        try await BuildWorkspace.with(config: Self.config(siteConfig: "no-rules-here")) { workspace in
            let run = await workspace.build()
            #expect(run.status == 78)
            #expect(run.standardError.contains("fullText.siteConfig: no such folder:"), "\(run.standardError)")
        }
    }
}

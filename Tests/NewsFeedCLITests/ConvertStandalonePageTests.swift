import Foundation
import TestSupport
import Testing

/// `convert --format html` writes a page that stands on its own: opened from a file it is styled,
/// its images and icon load, and it links only what exists (the feed's formats at `--site`).
@Suite struct ConvertStandalonePageTests {
    static func page(_ arguments: [String]) async throws -> String {
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "health", "--format", "html"] + arguments,
            workingDirectory: URL(fileURLWithPath: NSTemporaryDirectory()),
            standardInput: try NewsAPIFixtures.data("article-fields-missing-or-null.json"))
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    @Test func withoutASiteEverythingIsInlineAndNothingIsLinked() async throws {
        let html = try await Self.page([])
        #expect(StandalonePageChecker.violations(in: html) == [])
        #expect(html.contains("<style>") && html.contains("<script>"))
        #expect(!html.contains("assets/") && !html.contains("../"))
        #expect(html.contains(#"src="data:image/png;base64,"#), "the default image travels with the page")
        #expect(html.contains(#"<link rel="icon" type="image/svg+xml" href="data:image/svg+xml;base64,"#))
        #expect(!html.contains("rel=\"alternate\"") && !html.contains("feeds.opml") && !html.contains("index.html"))
    }

    @Test func withASiteItLinksTheFeedsFormatsThere() async throws {
        let html = try await Self.page(["--site", "https://feeds.example.com/"])
        #expect(StandalonePageChecker.violations(in: html) == [])
        for (type, ext) in [
            ("application/rss+xml", "rss"), ("application/atom+xml", "atom"), ("application/feed+json", "json"),
        ] {
            let href = "https://feeds.example.com/us/health.\(ext)"
            #expect(html.contains(#"<link rel="alternate" type="\#(type)""#) && html.contains(#"href="\#(href)""#))
            #expect(html.components(separatedBy: #"href="\#(href)""#).count == 3, "head and header")
        }
        #expect(html.contains(#"src="https://feeds.example.com/assets/default-image.png""#))
        #expect(!html.contains("feeds.opml") && !html.contains("index.html"))
    }

    /// A hash that does not match what is inline is caught, so the check above means something.
    @Test func theCheckerCatchesAStylesheetTheCSPDoesNotAllow() async throws {
        let html = try await Self.page([]).replacingOccurrences(of: "<style>", with: "<style>p{}")
        #expect(StandalonePageChecker.violations(in: html).contains { $0.contains("[csp-hash]") })
    }
}

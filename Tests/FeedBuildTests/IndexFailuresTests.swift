import FeedFormats
import FeedOutput
import Foundation
import TestSupport
import Testing

/// `index.html` lists every configured feed, also one that failed or never built, with its last
/// error in plain words and when; a failed row is marked in words and by a symbol, not only by colour.
@Suite struct IndexFailuresTests {
    static func index(_ workspace: BuildWorkspace) throws -> String {
        try String(contentsOf: workspace.output.appending(path: "index.html"), encoding: .utf8)
    }

    /// The `<li class="feed…">` entry of the feed `id`.
    static func row(_ id: String, in page: String) throws -> String {
        let rows = page.components(separatedBy: "<li class=\"feed").filter { $0.contains(">\(id)</span>") }
        return try #require(rows.first, "no entry for \(id)")
    }

    @Test func aFeedThatNeverBuiltIsListedWithItsErrorInPlainWordsAndWhen() async throws {
        let answers: [String: NewsAPIStub.Answer] = [
            "us/health": .articles([.story("a")]),
            "us/technology": .error(500, code: "unexpectedError", message: "Something broke."),
        ]
        try await BuildWorkspace.with(answers: answers) { workspace in
            #expect(await workspace.build().status == 1)
            let page = try Self.index(workspace)
            #expect(page.contains("2 feeds · <strong class=\"bad\">1 failing</strong>"), "\(page)")
            let good = try Self.row("us/health", in: page)
            #expect(!good.contains("failed"))
            let bad = try Self.row("us/technology", in: page)
            #expect(bad.hasPrefix(" failed\" data-condition=\"failing\">"))
            #expect(bad.contains("<strong class=\"badge\">⚠ Failed</strong>"))
            #expect(bad.contains("The news service had an internal error."))
            #expect(bad.contains("NewsAPI unexpectedError (HTTP 500): Something broke."))
            #expect(bad.contains("Last tried \(PageLayout.time(workspace.clock.now))."))
            #expect(!bad.contains("<a href"), "no link to a feed file that does not exist")
            // The OPML offers only feeds that exist.
            let opml = try String(contentsOf: workspace.output.appending(path: "feeds.opml"), encoding: .utf8)
            #expect(!opml.contains("technology"))
        }
    }

    @Test func aFailureAfterASuccessKeepsTheFeedAndMarksItsRow() async throws {
        try await BuildWorkspace.with(answers: ["us/health": .articles([.story("a")])]) { workspace in
            _ = await workspace.build(["--only", "us/health"])
            workspace.clock.advance(by: 7200)
            workspace.stub.answer(
                "us/health", with: .error(401, code: "apiKeyInvalid", message: "Your API key is invalid."))
            _ = await workspace.build(["--only", "us/health"])
            let page = try Self.index(workspace)
            // A refused key pauses every NewsAPI feed: the rows say so, as `status` does, with the cause.
            #expect(page.contains("2 feeds · 2 paused"), "\(page)")
            let health = try Self.row("us/health", in: page)
            #expect(health.contains("⏸ paused until the NewsAPI key changes"))
            #expect(!health.contains("⚠ Failed"))
            #expect(health.contains("The news service refused the API key; check NEWSAPI_KEY."))
            #expect(health.contains("<a href"), "the previous feed is still there")
            let never = try Self.row("us/technology", in: page)
            #expect(never.contains("paused until the NewsAPI key changes"))
        }
    }

    @Test(arguments: [
        ("NewsAPI rateLimited (HTTP 429): You have made too many requests", "request limit is used up"),
        (
            "not fetched (NewsAPI refused us/health with apiKeyInvalid (HTTP 401); no further requests this run)",
            "Not fetched in the last run"
        ),
        ("the NewsAPI answer is an HTML page, not JSON", "a web page instead of news data"),
        ("NewsAPI's answer is not valid JSON: truncated after 330 bytes", "cut off or is not valid data"),
        ("transport: The request timed out.", "did not answer in time"),
        ("something nobody foresaw", "The last update failed."),
    ])
    func errorsAreWordedPlainly(message: String, words: String) {
        #expect(FailureWording.plain(message).contains(words))
    }

    @Test func theServedIndexListsFeedsTheStateKnowsWithoutAFile() async throws {
        try await ServeTestFolder.with { folder in
            try folder.write("us/health.rss", ServeFixtures.feed(title: "Health"))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            let when = Date(timeIntervalSince1970: 1_699_999_000)
            let state = BridgeState(feeds: [
                "us/health": FeedRecord(lastSuccess: when),
                "us/sports": FeedRecord(
                    lastError: "NewsAPI answered HTTP 503", lastErrorTime: when, consecutiveFailures: 1),
            ])
            try folder.write(".newsfeed/state.json", try encoder.encode(state))
            let handler = try ServeFixtures.handler(folder)
            let page = handler.response(to: ServeFixtures.get("/")).bodyText
            let sports = try Self.row("us/sports", in: page)
            #expect(sports.contains("⚠ Failed"))
            #expect(sports.contains("NewsAPI answered HTTP 503"))
            #expect(!handler.response(to: ServeFixtures.get("/feeds.opml")).bodyText.contains("sports"))
        }
    }
}

import FeedBuild
import Foundation
import HTTPFetching
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing
import Upstreams

/// When NewsAPI fails, `newsfeed build` keeps yesterday's feed byte for byte, records the error,
/// builds the other feeds, and after a bad key or a rate limit asks nothing more.
@Suite struct BuildFailureTests {
    static let firstHealth = NewsAPIStub.Answer.articles([.story("health-1"), .story("health-2")])
    static let firstTechnology = NewsAPIStub.Answer.articles([.story("tech-1")])
    static let laterHealth = NewsAPIStub.Answer.articles([.story("health-3")])
    static let laterTechnology = NewsAPIStub.Answer.articles([.story("tech-2"), .story("tech-1")])

    /// Builds both feeds once, then again an hour later with `failure` for us/health and a new
    /// answer for us/technology; returns the second run and us/health's bytes before it.
    private static func buildThenFail(
        _ workspace: BuildWorkspace, with failure: NewsAPIStub.Answer
    ) async throws -> (run: CommandRun, previousHealth: Data) {
        workspace.stub.answer("us/health", with: firstHealth)
        workspace.stub.answer("us/technology", with: firstTechnology)
        let first = await workspace.build()
        #expect(first.status == 0, "\(first.standardError)")
        let previous = try #require(workspace.feedData("us/health"))
        workspace.clock.advance(by: 3600)
        workspace.stub.answer("us/health", with: failure)
        workspace.stub.answer("us/technology", with: laterTechnology)
        return (await workspace.build(), previous)
    }

    /// The shared expectations of a failing us/health next to a working us/technology.
    private static func expectKeptPrevious(
        _ workspace: BuildWorkspace, run: CommandRun, previousHealth: Data, reason: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(run.status == 1, sourceLocation: sourceLocation)
        #expect(workspace.feedData("us/health") == previousHealth, "byte for byte", sourceLocation: sourceLocation)
        // The line drops the reason's full stop before "; kept"; the state keeps it whole.
        let line = "us/health: \(FeedOutcome.clause(reason)); kept the previous feed"
        #expect(run.errorLines == [line], sourceLocation: sourceLocation)
        #expect(
            run.outputLines == [
                line, "us/technology: written, 2 items (1 new)", "2 feeds: 1 written, 0 unchanged, 1 failed",
            ],
            sourceLocation: sourceLocation)
        let record = try #require(try workspace.state().feeds["us/health"], sourceLocation: sourceLocation)
        #expect(record.lastError == reason, sourceLocation: sourceLocation)
        #expect(record.lastAttempt == workspace.clock.now, sourceLocation: sourceLocation)
        #expect(record.lastSuccess == testNow, sourceLocation: sourceLocation)
        let technology = try workspace.snapshot("us/technology").stories.map(\.url.absoluteString)
        #expect(technology == ["tech-2", "tech-1"].map(BuildEndToEndTests.articleURL), sourceLocation: sourceLocation)
        #expect(try workspace.violations("us/technology") == [], sourceLocation: sourceLocation)
    }

    @Test func aBadKeyStopsTheRunAndKeepsEveryFile() async throws {
        try await BuildWorkspace.with { workspace in
            workspace.stub.answer("us/health", with: Self.firstHealth)
            workspace.stub.answer("us/technology", with: Self.firstTechnology)
            #expect(await workspace.build().status == 0)
            let health = workspace.feedData("us/health")
            let technology = workspace.feedData("us/technology")
            let requestsBefore = workspace.stub.requests.count
            workspace.clock.advance(by: 3600)
            let message = "Your API key is invalid or incorrect."
            workspace.stub.answer("us/health", with: .error(401, code: "apiKeyInvalid", message: message))
            workspace.stub.answer("us/technology", with: Self.laterTechnology)

            let run = await workspace.build()

            #expect(run.status == 1)
            #expect(workspace.stub.requests.count == requestsBefore + 1, "nothing is asked after a 401")
            #expect(workspace.stub.requestCount(for: "us/technology") == 1, "only the first build asked for it")
            // The refused feed failed (exit 1); the one never attempted is paused, no failure (README, exit codes).
            #expect(
                run.errorLines == [
                    "us/health: NewsAPI apiKeyInvalid (HTTP 401): \(message.dropLast()); kept the previous feed",
                    "newsfeed build: NewsAPI feeds are paused because NewsAPI refused the key (NewsAPI apiKeyInvalid "
                        + "(HTTP 401): \(message.dropLast())) until the key changes; set NEWSAPI_KEY to a valid key",
                ])
            #expect(
                run.outputLines.suffix(2) == [
                    "us/technology: paused until the NewsAPI key changes",
                    "2 feeds: 0 written, 0 unchanged, 1 failed; 1 paused",
                ])
            #expect(workspace.feedData("us/health") == health)
            #expect(workspace.feedData("us/technology") == technology)
            let lastError = try workspace.state().feeds["us/health"]?.lastError
            #expect(lastError?.contains("apiKeyInvalid") == true)
        }
    }

    @Test func aRateLimitReportsRetryAfterAndStopsTheRun() async throws {
        try await BuildWorkspace.with { workspace in
            workspace.stub.answer(
                "us/health",
                with: .error(
                    429, code: "rateLimited", message: "You have been rate limited.", headers: ["Retry-After": "120"]))
            workspace.stub.answer("us/technology", with: Self.firstTechnology)

            let run = await workspace.build()

            #expect(run.status == 1)
            #expect(workspace.stub.requests.map(\.feedID) == ["us/health"])
            #expect(
                run.errorLines.first
                    == "us/health: NewsAPI rateLimited (HTTP 429): You have been rate limited, retry after 120 s; "
                    + "no feed written yet")
            #expect(run.errorLines.count == 1, "the feed never attempted is paused, no failure")
            #expect(run.outputLines[1].hasPrefix("us/technology: paused until 2024-05-02 12:02 UTC") == true)
            #expect(
                run.outputLines.last
                    == "2 feeds: 0 written, 0 unchanged, 1 failed; 1 paused; NewsAPI asks to retry after 120 s")
            // NewsAPI's words once per stream (issue 30, point 5): stderr's feed line, stdout's pause line.
            let words = "You have been rate limited"
            #expect(run.errorLines.filter { $0.contains(words) }.count == 1, "\(run.standardError)")
            #expect(run.outputLines.filter { $0.contains(words) }.count == 1, "\(run.standardOutput)")
            #expect(
                run.outputLines.first
                    == "us/health: refused by NewsAPI, which paused the NewsAPI feeds (its words below); "
                    + "no feed written yet")
            #expect(workspace.feedData("us/health") == nil)
            #expect(workspace.feedData("us/technology") == nil)
        }
    }

    @Test func aServerErrorEnvelopeKeepsThePreviousFeed() async throws {
        try await BuildWorkspace.with { workspace in
            let message = "This shouldn't happen. Try the request again shortly."
            let (run, previous) = try await Self.buildThenFail(
                workspace, with: .error(500, code: "unexpectedError", message: message))
            try Self.expectKeptPrevious(
                workspace, run: run, previousHealth: previous,
                reason: "NewsAPI unexpectedError (HTTP 500): \(message)")
        }
    }

    @Test func anHTMLErrorPageKeepsThePreviousFeed() async throws {
        try await BuildWorkspace.with { workspace in
            let page = try NewsAPIFixtures.data("html-error-page.html")
            let (run, previous) = try await Self.buildThenFail(
                workspace, with: .respond(status: 502, headers: ["Content-Type": "text/html"], body: page))
            try Self.expectKeptPrevious(
                workspace, run: run, previousHealth: previous,
                reason: "NewsAPI answered with an HTML page (HTTP 502), not JSON")
        }
    }

    @Test func aTruncatedBodyKeepsThePreviousFeed() async throws {
        try await BuildWorkspace.with { workspace in
            let truncated = try NewsAPIFixtures.data("truncated.json")
            let (run, previous) = try await Self.buildThenFail(workspace, with: .json(200, truncated))
            try Self.expectKeptPrevious(
                workspace, run: run, previousHealth: previous,
                reason:
                    "NewsAPI answer: invalid JSON at byte \(truncated.count): the text ends where a value belongs (truncated)"
            )
        }
    }

    /// 100,000 nested arrays, one left open: the answer's final `}` is where a `]` belongs.
    static let unclosedDeepArray =
        JSONPlacement.elementPrefix + JSONConformanceCorpus.deepArray.dropLast() + JSONPlacement.elementSuffix

    /// Answers that are not JSON, or whose `articles` is not a list: refused, the feed kept byte for byte.
    @Test(arguments: [
        (
            JSONConformanceCorpus.issueExamples[0].answer,
            "NewsAPI answer: " + JSONConformanceCorpus.issueExamples[0].line
        ),
        (
            JSONConformanceCorpus.issueExamples[1].answer,
            "NewsAPI answer: " + JSONConformanceCorpus.issueExamples[1].line
        ),
        (
            JSONConformanceCorpus.issueExamples[2].answer,
            "NewsAPI answer: " + JSONConformanceCorpus.issueExamples[2].line
        ),
        (
            JSONConformanceCorpus.issueExamples[3].answer,
            "NewsAPI answer: " + JSONConformanceCorpus.issueExamples[3].line
        ),
        (
            #"{"status":"ok","totalResults":1,"articles":{"0":{"title":"T","url":"https://news.example.com/a"}}}"#,
            #"NewsAPI's answer is JSON but not a NewsAPI response: "articles" is an object, not an array"#
        ),
        (
            unclosedDeepArray,
            "NewsAPI answer: invalid JSON at byte \(unclosedDeepArray.utf8.count - 1): "
                + "expected ',' or ']' after an element, found '}'"
        ),
    ])
    func anAnswerThatIsNotStrictJSONKeepsThePreviousFeed(_ answer: String, _ reason: String) async throws {
        try await BuildWorkspace.with { workspace in
            let (run, previous) = try await Self.buildThenFail(workspace, with: .json(200, Data(answer.utf8)))
            try Self.expectKeptPrevious(workspace, run: run, previousHealth: previous, reason: reason)
        }
    }

    @Test func aResetConnectionKeepsThePreviousFeed() async throws {
        try await BuildWorkspace.with { workspace in
            let (run, previous) = try await Self.buildThenFail(workspace, with: .reset)
            #expect(run.errorLines.first?.hasPrefix("us/health: could not reach NewsAPI: ") == true)
            let reason = try #require(try workspace.state().feeds["us/health"]?.lastError)
            try Self.expectKeptPrevious(workspace, run: run, previousHealth: previous, reason: reason)
        }
    }

    @Test func anEmptyAnswerKeepsTheHistoryAndSaysSo() async throws {
        try await BuildWorkspace.with { workspace in
            let (run, previous) = try await Self.buildThenFail(workspace, with: .articles([]))

            #expect(run.status == 0)
            #expect(workspace.feedData("us/health") == previous)
            let line =
                "us/health: unchanged, 2 items; NewsAPI returned no articles for us/health, kept the feed's history"
            #expect(run.errorLines == [line])
            #expect(run.outputLines.first == line)
            #expect(try workspace.state().feeds["us/health"]?.lastError == nil)
            #expect(try workspace.state().feeds["us/health"]?.lastSuccess == workspace.clock.now)
        }
    }

    @Test func anEmptyFirstAnswerWritesAValidEmptyFeed() async throws {
        try await BuildWorkspace.with { workspace in
            workspace.stub.answer("us/health", with: .articles([]))
            workspace.stub.answer("us/technology", with: Self.firstTechnology)

            let run = await workspace.build()

            #expect(run.status == 0)
            #expect(run.errorLines.count == 1)
            let line = run.errorLines.first ?? ""
            #expect(line.hasPrefix("us/health: written, 0 items"))
            #expect(line.contains("NewsAPI returned no articles for us/health"))
            let violations = try workspace.violations("us/health")
            #expect(violations == [])
            #expect(try workspace.snapshot("us/health").stories.isEmpty)
        }
    }

    /// A hung NewsAPI would take the CLI's 30 s deadline, so this drives ``FeedBuilder`` with a short one.
    @Test func aHungAnswerTimesOutAndKeepsThePreviousFeed() async throws {
        try await BuildWorkspace.with { workspace in
            workspace.stub.answer("us/health", with: Self.firstHealth)
            workspace.stub.answer("us/technology", with: Self.firstTechnology)
            #expect(await workspace.build().status == 0)
            let previous = workspace.feedData("us/health")
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("us/health", with: .hang)
            workspace.stub.answer("us/technology", with: Self.laterTechnology)
            let config = try ConfigLoader.load(
                path: ConfigLoader.defaultFileName, workingDirectory: workspace.folder.url)
            let baseURL = try #require(URL(string: workspace.stub.baseURLString))
            let impatient = NewsAPIClient(
                baseURL: baseURL, apiKey: BuildWorkspace.apiKey, fetcher: CurlFetcher(),
                timeout: .milliseconds(500))
            let patient = NewsAPIClient(baseURL: baseURL, apiKey: BuildWorkspace.apiKey, fetcher: CurlFetcher())
            let source = RoutedSource(routes: ["us/health": impatient], fallback: patient)
            let builder = FeedBuilder(config: config, source: source, clock: workspace.clock.reading)

            let report = await builder.build(config.feeds)

            let reason = "NewsAPI did not answer within 500 ms"
            #expect(
                report.outcomes.map(\.line) == [
                    "us/health: \(reason); kept the previous feed", "us/technology: written, 2 items (1 new)",
                ])
            #expect(workspace.feedData("us/health") == previous)
            #expect(try workspace.state().feeds["us/health"]?.lastError == reason)
            #expect(BuildWorkspace.temporaryFiles(in: workspace.output) == [])
        }
    }

    /// Sends each feed to its own client, so only the hung feed runs on the short deadline
    /// and a loaded machine cannot make the healthy feed time out too.
    private struct RoutedSource: StorySource {
        var routes: [String: NewsAPIClient]
        var fallback: NewsAPIClient

        func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
            try await NewsAPIHeadlinesSource(client: routes[spec.id] ?? fallback).stories(for: spec, request: request)
        }
    }
}

import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed build` with every kind of feed (headlines of a whole country, a NewsAPI search and
/// DuckDuckGo answers) against loopback stubs: the same pipeline and the same rules for all. DuckDuckGo answers
/// `rust` with the real answer of the shared folder.
@Suite(.needsSharedData) struct SourcesEndToEndTests {
    static let config = """
        {
          "site": "\(BuildWorkspace.site)",
          "output": "Feeds",
          "feeds": [
            {"country": "us"},
            {"search": "climate change", "language": "en", "searchIn": "title,description"},
            {"ddg": "rust"},
            {"ddg": "apple", "name": "apple", "exclude": ["Illinois"]}
          ]
        }
        """
    static let allFeeds = ["us/all", "search/climate-change", "ddg/rust", "ddg/apple"]

    static let searchAnswer = NewsAPIStub.Answer.articles([
        .story("climate-1"), .story("climate-2", publishedAt: "2024-05-01T08:00:00Z"),
    ])

    /// A build workspace with a DuckDuckGo stub answering `rust` with the real answer and `apple`
    /// with a grouped disambiguation; `body` gets both.
    static func with(_ body: (BuildWorkspace, DuckDuckGoStub) async throws -> Void) async throws {
        let ddg = try DuckDuckGoStub([
            "rust": DuckDuckGoStub.json(try SharedData.capture(.duckDuckGoRust)),
            "apple": DuckDuckGoStub.json(try DuckDuckGoFixtures.data("grouped-topics-disambiguation.json")),
        ])
        do {
            try await BuildWorkspace.with(
                config: config,
                answers: [
                    "us/": .articles([.story("us-1"), .story("us-2")]), "search:climate change": searchAnswer,
                ]
            ) { workspace in
                try await body(workspace, ddg)
            }
        } catch {
            await ddg.stop()
            throw error
        }
        await ddg.stop()
    }

    static func build(_ workspace: BuildWorkspace, _ ddg: DuckDuckGoStub, _ arguments: [String] = []) async
        -> CommandRun
    {
        await workspace.run(["build"] + arguments, environment: ["DDG_BASE_URL": ddg.baseURLString])
    }

    /// One rule for every page: the head's `<link rel="alternate">` and the header's subscribe
    /// links name every format the feed is written in, bookmarks included.
    @Test func everyPageLinksEveryFormatItsFeedIsWrittenIn() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg).status == 0)
            let story = try #require(try workspace.snapshot("ddg/rust").stories.first)
            let add = await workspace.run(["bookmark", "add", story.url.absoluteString])
            #expect(add.status == 0, "\(add.standardError)")
            for feed in Self.allFeeds + ["bookmarks"] {
                let page = try String(contentsOf: workspace.output.appending(path: "\(feed).html"), encoding: .utf8)
                let name = String(feed.split(separator: "/").last ?? "")
                for format in FeedFormat.defaultList where format != .html {
                    let href = #"href="\#(name).\#(format.fileExtension)""#
                    #expect(page.contains(#"<link rel="alternate" type="\#(format.mediaType)""#), "\(feed) \(format)")
                    #expect(page.components(separatedBy: href).count == 3, "\(feed): head and header link \(href)")
                }
            }
        }
    }

    @Test func everyKindIsWrittenAsAValidFeed() async throws {
        try await Self.with { workspace, ddg in
            let run = await Self.build(workspace, ddg)

            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.outputLines == [
                    "us/all: written, 2 items (2 new)", "search/climate-change: written, 2 items (2 new)",
                    "ddg/rust: written, 17 items (17 new)", "ddg/apple: written, 6 items (6 new)",
                    "4 feeds: 4 written, 0 unchanged, 0 failed",
                ])
            for feed in Self.allFeeds {
                #expect(try workspace.violationsInEveryFormat(feed) == [], "\(feed)")
            }
            let atom = try String(contentsOf: workspace.output.appending(path: "ddg/apple.atom"), encoding: .utf8)
            #expect(atom.contains(#"<category term="Businesses"/>"#))
            let json = try String(contentsOf: workspace.output.appending(path: "ddg/apple.json"), encoding: .utf8)
            #expect(json.contains(#""tags": ["People"]"#))
            #expect(try workspace.snapshot("us/all").title == "United States · Top headlines")
            #expect(try workspace.snapshot("search/climate-change").title == "“climate change” · NewsAPI search")
            #expect(workspace.stub.requests.map(\.target).first == "/v2/top-headlines?country=us&pageSize=100")

            let rust = try workspace.snapshot("ddg/rust")
            #expect(rust.title == "rust · DuckDuckGo")
            #expect(rust.stories.first?.title == "Rust (programming language)")
            #expect(rust.stories.first?.image?.url.absoluteString == "https://duckduckgo.com/i/832f249b.png")
            #expect(rust.stories[1].title == "Official site")
            #expect(
                rust.stories.filter { $0.url.host == "duckduckgo.com" }.allSatisfy {
                    $0.image?.url.absoluteString == "https://feeds.example.com/assets/default-image.png"
                }, "topics without an icon carry the default image")
            #expect(rust.stories.allSatisfy { $0.publishedAt == testNow }, "dates are first seen")

            let apple = try workspace.snapshot("ddg/apple")
            #expect(
                apple.stories.map(\.title) == [
                    "Apple", "Apple Inc.", "Apple Corps", "Apple Bank for Savings", "Fiona Apple", "Apple Martin",
                ], "Apple River (Illinois) is excluded")
            #expect(apple.stories.map(\.category) == [nil, nil, "Businesses", "Businesses", "People", "People"])
        }
    }

    @Test func theSearchRequestCarriesTheQueryTheResolvedStartAndTheKeyOnlyInTheHeader() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg, ["--only", "search/climate-change"]).status == 0)

            #expect(workspace.stub.requests.count == 1)
            let request = try #require(workspace.stub.requests.first)
            let components = try #require(URLComponents(string: request.target))
            #expect(components.path == "/v2/everything")
            let items = Dictionary(
                (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
            #expect(
                items == [
                    "q": "climate change", "searchIn": "title,description", "from": "2024-04-30T12:00:00Z",
                    "language": "en", "sortBy": "publishedAt", "pageSize": "100",
                ])
            #expect(request.headers["X-Api-Key"] == BuildWorkspace.apiKey)
            #expect(!request.target.contains(BuildWorkspace.apiKey))
            #expect(ddg.requests.isEmpty)
        }
    }

    @Test func duckDuckGoIsAskedPoliteAndPaced() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg, ["--only", "ddg/rust", "--only", "ddg/apple"]).status == 0)

            let requests = ddg.requests
            #expect(requests.map(\.query) == ["rust", "apple"])
            for request in requests {
                #expect(request.parameter("format") == "json")
                #expect(request.parameter("no_redirect") == "1")
                #expect(request.parameter("t") == "newsfeed")
                #expect(request.parameter("no_html") == nil)
                #expect(request.headers["User-Agent"]?.hasPrefix("newsfeed/") == true)
                #expect(request.headers["X-Api-Key"] == nil)
            }
            let gap = requests[1].arrival - requests[0].arrival
            #expect(gap >= .milliseconds(950), "at most one request per second: \(gap)")
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test func aRebuildOfTheSameAnswerLeavesTheFileAloneAndKeepsFirstSeenDates() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg, ["--only", "ddg/rust"]).status == 0)
            let first = workspace.feedData("ddg/rust")
            workspace.clock.advance(by: 3600)
            let run = await Self.build(workspace, ddg, ["--only", "ddg/rust"])
            #expect(run.outputLines.first == "ddg/rust: unchanged, 17 items")
            #expect(workspace.feedData("ddg/rust") == first)
        }
    }

    static let failures: [(String, NewsAPIStub.Answer, String)] = [
        (
            "redirect",
            DuckDuckGoStub.answer(["Redirect": "https://en.wikipedia.org/wiki/Special:Search?search=rust"]),
            "DuckDuckGo answered the query \"rust\" with a redirect"
        ),
        (
            "html",
            .respond(
                status: 200, headers: ["Content-Type": "text/html"],
                body: Data("<!DOCTYPE html><html><body>Sorry</body></html>".utf8)),
            "DuckDuckGo answered with an HTML page (HTTP 200), not JSON"
        ),
        (
            "500", .respond(status: 500, headers: [:], body: Data("Internal Server Error".utf8)),
            "DuckDuckGo answered HTTP 500"
        ),
        (
            "truncated", .json(200, Data(#"{"Heading":"Rust","RelatedTopics":[{"FirstURL":"#.utf8)),
            "(truncated)"
        ),
        (
            "a NewsAPI answer", DuckDuckGoStub.json(Data(#"{"status":"ok","totalResults":0,"articles":[]}"#.utf8)),
            "the answer is not a DuckDuckGo Instant Answer: it has none of its keys"
        ),
        (
            "wrong type", DuckDuckGoStub.answer(["RelatedTopics": ["Name": "x"]]),
            "\"RelatedTopics\" is an object, not an array"
        ),
    ]

    @Test(arguments: 0..<failures.count)
    func aFailedAnswerKeepsTheFeedByteForByteAndNewsAPIFeedsGoOn(index: Int) async throws {
        let (_, answer, message) = Self.failures[index]
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg).status == 0)
            let previous = workspace.feedData("ddg/rust")
            workspace.clock.advance(by: 3600)
            ddg.answer("rust", with: answer)
            workspace.stub.answer("search:climate change", with: .articles([.story("climate-3")]))

            // Forced: DuckDuckGo feeds are due once a day.
            let run = await Self.build(workspace, ddg, ["--force"])

            #expect(run.status == 1)
            #expect(run.errorLines.contains { $0.hasPrefix("ddg/rust: ") && $0.contains(message) }, "\(run.errorLines)")
            #expect(run.errorLines.last?.hasSuffix("; kept the previous feed") == true)
            #expect(workspace.feedData("ddg/rust") == previous)
            #expect(run.outputLines.contains("search/climate-change: written, 3 items (1 new)"))
            #expect(run.outputLines.contains("ddg/apple: unchanged, 6 items"))
            let lastError = try workspace.state().feeds["ddg/rust"]?.lastError ?? ""
            #expect(lastError.contains(message))
        }
    }

    static let searchFailures: [(NewsAPIStub.Answer, String)] = [
        (
            .error(400, code: "parameterInvalid", message: "You are trying to request results too far in the past."),
            "search/climate-change: NewsAPI parameterInvalid (HTTP 400): You are trying to request results too far"
        ),
        (
            .json(200, Data(#"{"status":"ok","articles":[{"title":"#.utf8)),
            "search/climate-change: NewsAPI answer: invalid JSON"
        ),
        (.reset, "search/climate-change: could not reach NewsAPI"),
    ]

    @Test(arguments: 0..<searchFailures.count)
    func aFailedSearchKeepsItsFeedByteForByteAndDuckDuckGoFeedsGoOn(index: Int) async throws {
        let (answer, message) = Self.searchFailures[index]
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg).status == 0)
            let previous = workspace.feedData("search/climate-change")
            workspace.clock.advance(by: 3600)
            workspace.stub.answer("search:climate change", with: answer)
            ddg.answer("apple", with: DuckDuckGoStub.json(try SharedData.capture(.duckDuckGoRust)))

            // Forced: DuckDuckGo feeds are due once a day.
            let run = await Self.build(workspace, ddg, ["--force"])

            #expect(run.status == 1)
            #expect(run.errorLines.contains { $0.hasPrefix(message) }, "\(run.errorLines)")
            #expect(workspace.feedData("search/climate-change") == previous)
            #expect(run.outputLines.contains("us/all: unchanged, 2 items"))
            #expect(run.outputLines.contains { $0.hasPrefix("ddg/apple: written, 23 items") }, "\(run.outputLines)")
            #expect(try workspace.violationsInEveryFormat("ddg/apple") == [])
        }
    }

    @Test func anEditedFilterHoldsForTheFeedsHistoryToo() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg, ["--only", "ddg/apple"]).status == 0)
            let edited = Self.config.replacingOccurrences(of: #"["Illinois"]"#, with: #"["Illinois", "beatles"]"#)
            try workspace.folder.write(edited, to: ConfigLoader.defaultFileName)
            ddg.answer("apple", with: DuckDuckGoStub.json(try DuckDuckGoFixtures.data("empty-answer.json")))
            workspace.clock.advance(by: 3600)

            let run = await Self.build(workspace, ddg, ["--only", "ddg/apple"])

            #expect(run.outputLines.first?.hasPrefix("ddg/apple: written, 5 items") == true, "\(run.outputLines)")
            #expect(!(try workspace.snapshot("ddg/apple").stories.map(\.title).contains("Apple Corps")))
        }
    }

    @Test func anEmptyAnswerKeepsTheHistoryAndSaysSo() async throws {
        try await Self.with { workspace, ddg in
            #expect(await Self.build(workspace, ddg, ["--only", "ddg/rust"]).status == 0)
            let empty = try DuckDuckGoFixtures.data("empty-answer.json")
            ddg.answer("rust", with: DuckDuckGoStub.json(empty))
            workspace.clock.advance(by: 3600)

            let run = await Self.build(workspace, ddg, ["--only", "ddg/rust"])

            #expect(run.status == 0)
            let line =
                "ddg/rust: unchanged, 17 items; DuckDuckGo's answer for ddg/rust is empty, kept the feed's history"
            #expect(run.outputLines.first == line)
            #expect(run.errorLines == [line])
        }
    }

    @Test func aNewsAPIRefusalStopsNewsAPIFeedsOnlyAndADuckDuckGoBlockStopsDuckDuckGoOnly() async throws {
        try await Self.with { workspace, ddg in
            workspace.stub.answer("us/", with: .error(401, code: "apiKeyInvalid", message: "Your API key is invalid."))
            ddg.answer("rust", with: .respond(status: 429, headers: [:], body: Data()))

            let run = await Self.build(workspace, ddg)

            #expect(run.status == 1)
            #expect(
                run.outputLines == [
                    "us/all: NewsAPI apiKeyInvalid (HTTP 401): Your API key is invalid; no feed written yet",
                    "search/climate-change: paused until the NewsAPI key changes",
                    "ddg/rust: DuckDuckGo answered HTTP 429; no feed written yet",
                    "ddg/apple: not fetched (DuckDuckGo refused ddg/rust with HTTP 429; no further requests this run); "
                        + "no feed written yet",
                    // Only the two attempted feeds failed; the others were never asked for.
                    "4 feeds: 0 written, 0 unchanged, 2 failed; 1 paused, 1 not fetched",
                ])
            #expect(workspace.stub.requests.count == 1)
            #expect(ddg.requests.count == 1)
        }
    }

    @Test func aDuckDuckGoOnlyConfigNeedsNoKey() async throws {
        try await Self.with { workspace, ddg in
            let run = await workspace.run(
                ["build", "--only", "ddg/apple"],
                environment: ["DDG_BASE_URL": ddg.baseURLString, "NEWSAPI_KEY": nil])
            #expect(run.status == 0, "\(run.standardError)")
            let missing = await workspace.run(
                ["build", "--only", "us/all"], environment: ["DDG_BASE_URL": ddg.baseURLString, "NEWSAPI_KEY": nil])
            #expect(missing.status == 78)
            #expect(missing.errorLines.first?.contains("NEWSAPI_KEY") == true)
        }
    }

    @Test func onlyTakesAnyFeedsPath() async throws {
        try await Self.with { workspace, ddg in
            let run = await Self.build(workspace, ddg, ["--only", "ddg/apple", "--only", "us/all"])
            #expect(run.outputLines.count == 3)
            #expect(ddg.requests.map(\.query) == ["apple"])
            let wrong = await Self.build(workspace, ddg, ["--only", "ddg/banana"])
            #expect(wrong.status == 64)
            #expect(wrong.errorLines.first?.contains("--only ddg/banana is not a configured feed") == true)
        }
    }
}

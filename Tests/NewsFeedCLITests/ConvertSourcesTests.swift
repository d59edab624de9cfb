import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing
import Upstreams

/// `newsfeed convert FILE|- --ddg QUERY` and `--search QUERY`: saved DuckDuckGo and `everything`
/// answers through the same normalizers as `build`.
@Suite struct ConvertSourcesTests {
    @Test(.needsSharedData) func aSavedDuckDuckGoAnswerBecomesAValidFeed() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["convert", "-", "--ddg", "rust", "--site", "https://feeds.example.com/"], workingDirectory: folder.url,
            standardInput: try SharedData.capture(.duckDuckGoRust))

        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let feed = Data(run.standardOutput.utf8)
        let selfURL = URL(string: "https://feeds.example.com/ddg/rust.rss")
        #expect(FeedRulesChecker.violations(in: feed, selfURL: selfURL, now: testNow) == [])
        let snapshot = try RSSReader().read(feed, path: "stdout")
        #expect(snapshot.selfURL == selfURL)
        #expect(snapshot.title == "rust · DuckDuckGo")
        #expect(snapshot.stories.count == 17)
        #expect(snapshot.stories.first?.title == "Rust (programming language)")
    }

    @Test(arguments: FeedFormat.allCases)
    func everyFormatOfADuckDuckGoAnswerIsValid(format: FeedFormat) async throws {
        let run = await CommandRun.run(
            ["convert", "-", "--ddg", "apple", "--format", format.rawValue], workingDirectory: TemporaryFolder().url,
            standardInput: try DuckDuckGoFixtures.data("grouped-topics-disambiguation.json"))
        #expect(run.status == 0, "\(run.standardError)")
        let feed = Data(run.standardOutput.utf8)
        let url = URL(string: "http://127.0.0.1:8080/ddg/apple.\(format.fileExtension)")
        let violations: [String]
        switch format {
        case .rss: violations = FeedRulesChecker.violations(in: feed, selfURL: url, now: testNow)
        case .atom: violations = AtomRulesChecker.violations(in: feed, selfURL: url, now: testNow)
        case .json: violations = JSONFeedRulesChecker.violations(in: feed, feedURL: url, now: testNow)
        case .html: violations = StandalonePageChecker.violations(in: String(decoding: feed, as: UTF8.self))
        }
        #expect(violations == [])
        #expect(run.standardOutput.contains("Places"), "the group's name travels as the item's category")
    }

    @Test func groupsBecomeCategoriesInTheFeed() async throws {
        let run = await CommandRun.run(
            ["convert", "-", "--ddg", "apple"], workingDirectory: TemporaryFolder().url,
            standardInput: try DuckDuckGoFixtures.data("grouped-topics-disambiguation.json"))
        #expect(run.status == 0)
        let feed = Data(run.standardOutput.utf8)
        #expect(
            FeedRulesChecker.violations(
                in: feed, selfURL: URL(string: "http://127.0.0.1:8080/ddg/apple.rss"), now: testNow) == [])
        let stories = try RSSReader().read(feed, path: "stdout").stories
        #expect(stories.compactMap(\.category) == ["Businesses", "Businesses", "People", "People", "Places"])
    }

    @Test func aSavedSearchAnswerBecomesAValidFeed() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["convert", "-", "--search", "climate change"], workingDirectory: folder.url,
            standardInput: Data(SampleAnswers.climateChange.utf8))
        #expect(run.status == 0, "\(run.standardError)")
        let feed = Data(run.standardOutput.utf8)
        let selfURL = URL(string: "http://127.0.0.1:8080/search/climate-change.rss")
        #expect(FeedRulesChecker.violations(in: feed, selfURL: selfURL, now: testNow) == [])
        let snapshot = try RSSReader().read(feed, path: "stdout")
        #expect(snapshot.title == "“climate change” · NewsAPI search")
        #expect(snapshot.stories.count == 8, "the repeat and the [Removed] placeholder are dropped")
    }

    @Test(arguments: [
        ("redirect-bang.json", "stdin: DuckDuckGo answered the query \"!w rust\" with a redirect"),
        ("html-error-page.html", "stdin: the DuckDuckGo answer is an HTML page, not JSON"),
        ("truncated.json", "stdin: DuckDuckGo's answer: invalid JSON at byte"),
        ("related-topics-a-string.json", "\"RelatedTopics\" is a string, not an array"),
    ])
    func anUnusableAnswerFailsWithOneLine(fixture: String, message: String) async throws {
        let run = await CommandRun.run(
            ["convert", "-", "--ddg", "!w rust"], workingDirectory: TemporaryFolder().url,
            standardInput: try DuckDuckGoFixtures.data(fixture))
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// The mirror of a DuckDuckGo answer given with --country: a NewsAPI answer given with --ddg is refused.
    @Test(arguments: ["duplicate-urls.json", "ok-no-articles.json"])
    func aNewsAPIAnswerGivenAsADuckDuckGoAnswerIsRefused(fixture: String) async throws {
        let folder = TemporaryFolder()
        try Data(try NewsAPIFixtures.data(fixture)).write(to: folder.url.appending(path: "top.json"))
        let run = await CommandRun.run(["convert", "top.json", "--ddg", "rust"], workingDirectory: folder.url)
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.errorLines.count == 1)
        #expect(
            run.standardError.hasPrefix(
                "newsfeed convert: top.json: the answer is not a DuckDuckGo Instant Answer: it has none of its keys"),
            "\(run.standardError)")
        #expect(run.standardError.contains("(a NewsAPI answer?)"))
    }

    @Test func anEmptyAnswerIsAnEmptyValidFeedAndSaysSo() async throws {
        let run = await CommandRun.run(
            ["convert", "-", "--ddg", "nothing"], workingDirectory: TemporaryFolder().url,
            standardInput: try DuckDuckGoFixtures.data("empty-answer.json"))
        #expect(run.status == 0)
        #expect(
            run.errorLines == [
                "newsfeed convert: stdin: the answer holds no abstract, results or topics; wrote an empty feed"
            ])
    }

    @Test(arguments: [
        ["--ddg", "apple", "--country", "us"], ["--search", "x", "--ddg", "y"], ["--search", " "],
        ["--search", "x", "--category", "health"], [],
    ])
    func conflictingKindsAreAUsageError(arguments: [String]) async {
        let run = await CommandRun.run(["convert", "-"] + arguments, workingDirectory: TemporaryFolder().url)
        #expect(run.status == 64)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.hasPrefix("newsfeed convert: "))
    }
}

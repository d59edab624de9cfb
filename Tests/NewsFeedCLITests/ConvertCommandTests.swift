import FeedBuild
import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// `newsfeed convert FILE|-`: one saved NewsAPI response to RSS on stdout, no network, no state.
@Suite struct ConvertCommandTests {
    static let arguments = ["--country", "us", "--category", "general", "--site", "https://feeds.example.com/news"]
    static let selfURL = URL(string: "https://feeds.example.com/news/us/general.rss")

    @Test(.needsSharedData) func convertsAFileToAValidFeed() async throws {
        let folder = TemporaryFolder()
        let response = try SharedData.capture(.usTopHeadlines)
        try response.write(to: folder.url.appending(path: "saved.json"))

        let run = await CommandRun.run(["convert", "saved.json"] + Self.arguments, workingDirectory: folder.url)

        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let feed = Data(run.standardOutput.utf8)
        #expect(FeedRulesChecker.violations(in: feed, selfURL: Self.selfURL, now: testNow) == [])
        let snapshot = try RSSReader().read(feed, path: "stdout")
        #expect(snapshot.selfURL == Self.selfURL)
        #expect(
            snapshot.stories.count
                == (try NewsAPIFixtures.response(.usTopHeadlines)).articles.count)
        #expect(folder.allFiles() == ["saved.json"], "convert writes no files and no state")
    }

    @Test(.needsSharedData) func convertsStandardInput() async throws {
        let folder = TemporaryFolder()
        let response = try SharedData.capture(.inHealthHeadlines)

        let run = await CommandRun.run(
            ["convert", "-", "--country", "in", "--category", "health"], workingDirectory: folder.url,
            standardInput: response)

        #expect(run.status == 0, "\(run.standardError)")
        let feed = Data(run.standardOutput.utf8)
        let selfURL = URL(string: "http://127.0.0.1:8080/in/health.rss")
        #expect(FeedRulesChecker.violations(in: feed, selfURL: selfURL, now: testNow) == [])
        let snapshot = try RSSReader().read(feed, path: "stdout")
        #expect(snapshot.stories.count == 20)
        #expect(snapshot.language == "en-in")
    }

    @Test(.needsSharedData, arguments: [("us", SharedData.Capture.usTopHeadlines), ("in", .inHealthHeadlines)])
    func aCountryWithoutACategoryIsThatCountrysFeedOfEveryCategory(
        country: String, fixture: SharedData.Capture
    ) async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["convert", "-", "--country", country.uppercased()], workingDirectory: folder.url,
            standardInput: try NewsAPIFixtures.data(fixture))

        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let feed = Data(run.standardOutput.utf8)
        let selfURL = URL(string: "http://127.0.0.1:8080/\(country)/all.rss")
        #expect(FeedRulesChecker.violations(in: feed, selfURL: selfURL, now: testNow) == [])
        let snapshot = try RSSReader().read(feed, path: "stdout")
        #expect(snapshot.selfURL == selfURL, "the path build writes for {\"country\": \"\(country)\"}")
        #expect(snapshot.title == FeedChannel.title(for: FeedSpec(country: country)), "the title build gives it")
        #expect(snapshot.stories.count == (try NewsAPIFixtures.response(fixture)).articles.count)
    }

    @Test(arguments: [
        ("error-api-key-invalid.json", "apiKeyInvalid"),
        ("truncated.json", "NewsAPI answer: invalid JSON at byte 330: the text ends where a value belongs (truncated)"),
        ("html-error-page.html", "HTML page"), ("empty.json", "empty"),
    ])
    func anUnusableResponseFailsWithOneLineNamingTheFile(fixture: String, cause: String) async throws {
        let folder = TemporaryFolder()
        try NewsAPIFixtures.data(fixture).write(to: folder.url.appending(path: fixture))

        let run = await CommandRun.run(["convert", fixture] + Self.arguments, workingDirectory: folder.url)

        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        #expect(run.errorLines.count == 1)
        #expect(run.standardError.hasPrefix("newsfeed convert: \(fixture): "))
        #expect(run.standardError.contains(cause), "\(run.standardError)")
    }

    @Test func aMissingFileFailsNamingIt() async {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(["convert", "nowhere.json"] + Self.arguments, workingDirectory: folder.url)

        #expect(run.status == 1)
        #expect(run.standardError == "newsfeed convert: nowhere.json: cannot read: no such file\n")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aResponseWithoutArticlesIsAnEmptyValidFeedAndSaysSo() async throws {
        let folder = TemporaryFolder()
        let run = await CommandRun.run(
            ["convert", "-"] + Self.arguments, workingDirectory: folder.url,
            standardInput: try NewsAPIFixtures.data("ok-no-articles.json"))

        #expect(run.status == 0)
        #expect(run.errorLines == ["newsfeed convert: stdin: the response holds no articles; wrote an empty feed"])
        let feed = Data(run.standardOutput.utf8)
        #expect(FeedRulesChecker.violations(in: feed, selfURL: Self.selfURL, now: testNow) == [])
    }

    @Test(arguments: FeedFormat.allCases)
    func formatPicksTheRendererAndTheDefaultIsRSS(format: FeedFormat) async throws {
        let folder = TemporaryFolder()
        let input = try NewsAPIFixtures.data("duplicate-urls.json")
        let run = await CommandRun.run(
            ["convert", "-", "--format", format.rawValue] + Self.arguments, workingDirectory: folder.url,
            standardInput: input)
        #expect(run.status == 0, "\(run.standardError)")
        let plain = await CommandRun.run(
            ["convert", "-"] + Self.arguments, workingDirectory: folder.url, standardInput: input)
        #expect((plain.standardOutput == run.standardOutput) == (format == .rss))
        let opening: [FeedFormat: String] = [
            .rss: "<rss version=\"2.0\"", .atom: "<feed xmlns=\"http://www.w3.org/2005/Atom\"",
            .json: "\"version\": \"https://jsonfeed.org/version/1.1\"", .html: "<!DOCTYPE html>",
        ]
        #expect(run.standardOutput.contains(opening[format] ?? "?"))
    }

    @Test func anUnknownFormatIsAUsageErrorNamingIt() async {
        let run = await CommandRun.run(
            ["convert", "-", "--format", "pdf"] + Self.arguments, workingDirectory: TemporaryFolder().url)
        #expect(run.status == 64)
        #expect(run.standardError.contains("--format pdf is not one of rss, atom, json, html"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }
}

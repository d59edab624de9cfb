import FeedFormats
import Foundation
import NewsModel
import TestSupport
import Testing

/// Golden files per format, with the clock fixed: the real samples and the hostile fixtures through
/// `convert --format`, each also passing its format's rules.
@Suite struct FormatGoldenFilesTests {
    /// Our own hostile answers (`Fixtures/NewsAPI/`), by name.
    static let fixtures = ["articles-with-malformed-elements", "article-fields-missing-or-null", "duplicate-urls"]
    /// The real answers of the shared folder, with the name of their golden files (our renderings, kept here).
    static let captures: [(SharedData.Capture, String)] = [
        (.usTopHeadlines, "real-us-top-headlines-38-articles"),
        (.inHealthHeadlines, "real-in-health-20-of-70-articles"),
    ]
    static let site = "https://feeds.example.com/"

    static func convert(_ fixture: String, format: FeedFormat) async throws -> Data {
        try await convert(input: NewsAPIFixtures.data(fixture + ".json"), format: format)
    }

    static func convert(input: Data, format: FeedFormat) async throws -> Data {
        let run = await CommandRun.run(
            ["convert", "-", "--country", "us", "--category", "health", "--site", site, "--format", format.rawValue],
            workingDirectory: URL(fileURLWithPath: NSTemporaryDirectory()), standardInput: input)
        #expect(run.status == 0, "\(run.standardError)")
        return Data(run.standardOutput.utf8)
    }

    @Test(arguments: fixtures, [FeedFormat.atom, .json, .html])
    func matchesGoldenFileAndPassesItsRules(fixture: String, format: FeedFormat) async throws {
        try Self.expectGoldenAndValid(try await Self.convert(fixture, format: format), name: fixture, format: format)
    }

    @Test(.needsSharedData, arguments: [FeedFormat.atom, .json, .html])
    func theRealAnswersMatchTheirGoldenFilesAndPassTheirRules(format: FeedFormat) async throws {
        for (capture, name) in Self.captures {
            let data = try await Self.convert(input: SharedData.capture(capture), format: format)
            try Self.expectGoldenAndValid(data, name: name, format: format)
        }
    }

    static func expectGoldenAndValid(_ data: Data, name: String, format: FeedFormat) throws {
        try GoldenFile.expectMatches(data, name: "convert-\(name).\(format.fileExtension)")
        let selfURL = try #require(URL(string: Self.site + "us/health.\(format.fileExtension)"))
        switch format {
        case .atom: #expect(AtomRulesChecker.violations(in: data, selfURL: selfURL, now: testNow) == [])
        case .json: #expect(JSONFeedRulesChecker.violations(in: data, feedURL: selfURL, now: testNow) == [])
        case .html: #expect(StandalonePageChecker.violations(in: String(decoding: data, as: UTF8.self)) == [])
        case .rss: Issue.record("RSS has its golden files in RSSRendererTests")
        }
    }

    /// One story model: every format carries the same items in the same order as the RSS.
    @Test(arguments: fixtures)
    func everyFormatHasTheRSSItemsInOrder(fixture: String) async throws {
        try await Self.expectRSSItemsInOrder(NewsAPIFixtures.data(fixture + ".json"))
    }

    @Test(.needsSharedData)
    func everyFormatHasTheRSSItemsOfTheRealAnswersInOrder() async throws {
        for (capture, _) in Self.captures { try await Self.expectRSSItemsInOrder(SharedData.capture(capture)) }
    }

    static func expectRSSItemsInOrder(_ input: Data) async throws {
        let rss = try RSSReader().read(try await convert(input: input, format: .rss), path: "rss")
        let ids = rss.stories.map(\.url.absoluteString)
        let atom = String(decoding: try await convert(input: input, format: .atom), as: UTF8.self)
        let atomIDs = atom.components(separatedBy: "<entry>\n    <id>").dropFirst().map {
            String($0.prefix { $0 != "<" }).replacingOccurrences(of: "&amp;", with: "&")
        }
        #expect(atomIDs == ids)
        let json = try JSONSerialization.jsonObject(with: try await convert(input: input, format: .json))
        let items = try #require((json as? [String: Any])?["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["id"] as? String } == ids)
        #expect(items.compactMap { $0["title"] as? String } == rss.stories.map(\.title))
    }
}

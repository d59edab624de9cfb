import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import Testing

/// Everything `newsfeed build` needs, on loopback: a temporary folder holding `newsfeed.json`,
/// a ``NewsAPIStub`` and a ``TestClock``.
///
/// Every command run through ``build(_:)`` or ``run(_:environment:)`` is followed by a check that
/// the output folder holds no leftover temporary file, so each end-to-end test also proves atomicity.
package final class BuildWorkspace: Sendable {
    /// The public site of the test config; realistic, so self links and image URLs look like production.
    package static let site = "https://feeds.example.com/"
    /// A distinctive key, so a leak anywhere is easy to spot.
    package static let apiKey = "e2e-SECRET-key-5c1f0a9d"

    /// Two feeds, one with its own ttl, as the example config.
    package static let twoFeedsConfig = """
        {
          "site": "\(site)",
          "output": "Feeds",
          "feeds": [{"country": "us", "category": "health"}, {"country": "us", "category": "technology", "ttl": 30}]
        }
        """

    package let folder: TemporaryFolder
    package let stub: NewsAPIStub
    package let clock: TestClock

    private init(config: String, answers: [String: NewsAPIStub.Answer]) throws {
        folder = TemporaryFolder("newsfeed-e2e")
        try folder.write(config, to: ConfigLoader.defaultFileName)
        stub = try NewsAPIStub(answers)
        clock = TestClock(testNow)
    }

    /// Runs `body` with a fresh workspace and always stops its stub afterwards.
    package static func with(
        config: String = twoFeedsConfig, answers: [String: NewsAPIStub.Answer] = [:],
        _ body: (BuildWorkspace) async throws -> Void
    ) async throws {
        let workspace = try BuildWorkspace(config: config, answers: answers)
        do {
            try await body(workspace)
        } catch {
            await workspace.stub.stop()
            throw error
        }
        await workspace.stub.stop()
    }

    /// The environment a cron job would have: the key and the stub's base URL.
    package var environment: [String: String] {
        ["NEWSAPI_KEY": Self.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString]
    }

    /// The output folder of the default config.
    package var output: URL { folder.url.appending(path: "Feeds") }

    /// `newsfeed build <arguments>` in the workspace folder with the workspace clock.
    package func build(_ arguments: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) async
        -> CommandRun
    {
        await run(["build"] + arguments, sourceLocation: sourceLocation)
    }

    /// `newsfeed <arguments>` in the workspace folder, then the no-leftover-temporary-file check.
    package func run(
        _ arguments: [String], environment overrides: [String: String?] = [:],
        workingDirectory: URL? = nil, output checkedOutput: URL? = nil, terminal: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async -> CommandRun {
        var environment = self.environment
        for (name, value) in overrides { environment[name] = value }
        let result = await CommandRun.run(
            arguments, environment: environment, workingDirectory: workingDirectory ?? folder.url,
            clock: clock.reading, terminal: terminal)
        let leftovers = Self.temporaryFiles(in: checkedOutput ?? output)
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)", sourceLocation: sourceLocation)
        return result
    }

    /// The feed file of `feedID` (`us/health`).
    package func feedURL(_ feedID: String) -> URL { output.appending(path: "\(feedID).rss") }

    /// The bytes of `feedID`'s feed, nil when it was never written.
    package func feedData(_ feedID: String) -> Data? { try? Data(contentsOf: feedURL(feedID)) }

    /// `feedID`'s feed read back with newsfeed's libxml2 reader.
    package func snapshot(_ feedID: String) throws -> RSSFeedSnapshot {
        let data = try #require(feedData(feedID), "\(feedID) was not written")
        return try RSSReader().read(data, path: "\(feedID).rss")
    }

    /// The modification time of `feedID`'s feed.
    package func modificationDate(_ feedID: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: feedURL(feedID).path)[.modificationDate] as? Date
    }

    /// The bytes of `.newsfeed/state.json`.
    package var stateData: Data? { try? Data(contentsOf: OutputFolder(root: output).stateFile) }

    /// `.newsfeed/state.json` decoded.
    package func state() throws -> BridgeState {
        try OutputFolder(root: output).stateStore.load().state
    }

    /// Rule violations of `feedID`'s feed as served under ``site``.
    package func violations(_ feedID: String) throws -> [String] {
        let data = try #require(feedData(feedID), "\(feedID) was not written")
        let selfURL = try #require(URL(string: Self.site + "\(feedID).rss"))
        return FeedRulesChecker.violations(in: data, selfURL: selfURL, now: clock.now)
    }

    /// Rule violations of `feedID` in every format written for it (RSS, Atom, JSON Feed), each
    /// prefixed with its file; `feedID` may be any path without extension (`bookmarks`).
    package func violationsInEveryFormat(_ feedID: String) throws -> [String] {
        var found: [String] = []
        var formatsSeen = 0
        for format in FeedFormat.allCases {
            let path = "\(feedID).\(format.fileExtension)"
            guard let data = try? Data(contentsOf: output.appending(path: path)) else { continue }
            formatsSeen += 1
            let url = try #require(URL(string: Self.site + path))
            let violations: [String]
            switch format {
            case .rss: violations = FeedRulesChecker.violations(in: data, selfURL: url, now: clock.now)
            case .atom: violations = AtomRulesChecker.violations(in: data, selfURL: url, now: clock.now)
            case .json: violations = JSONFeedRulesChecker.violations(in: data, feedURL: url, now: clock.now)
            case .html: violations = HTMLPageChecker.violations(in: String(decoding: data, as: UTF8.self))
            }
            found += violations.map { "\(path): \($0)" }
        }
        if formatsSeen == 0 { found.append("\(feedID): no file in any format") }
        return found
    }

    /// Every file below `folder`, relative and sorted.
    package static func allFiles(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let path = enumerator.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appending(path: path).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// Dot-named files below `folder`, newsfeed's own `.newsfeed/` folder aside: unfinished atomic writes.
    package static func temporaryFiles(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            var components = path.split(separator: "/")
            if components.first == ".newsfeed" { components.removeFirst() }
            if components.contains(where: { $0.hasPrefix(".") }) { found.append(path) }
        }
        return found.sorted()
    }
}

import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// `kill -9` at random points of real `build` processes (a bounded number of times): after every
/// kill each feed file that exists parses, the formats of a feed were written together, the state
/// and the request log read back, and the next run leaves no temporary file behind.
@Suite(.serialized) struct BuildCrashTests {
    typealias S = ScheduleFixtures
    static let feeds = ["us/business", "us/health", "us/science", "us/sports"]
    static let kills = 8

    static func config() -> String {
        let list = feeds.map { id -> String in
            let parts = id.split(separator: "/")
            return #"{"country": "\#(parts[0])", "category": "\#(parts[1])"}"#
        }
        return
            #"{"site": "\#(BuildWorkspace.site)", "formats": ["rss", "atom", "json", "html"], "feeds": [\#(list.joined(separator: ", "))]}"#
    }

    @Test func killedBuildsLeaveEveryFeedWholeAndTheStateReadable() async throws {
        let folder = TemporaryFolder("newsfeed-crashes")
        try folder.write(Self.config(), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers(Self.feeds))
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let environment = ChildProcess.loopbackEnvironment(overrides: [
            "NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString,
        ])
        let output = folder.url.appending(path: "Feeds")
        do {
            for round in 0..<Self.kills {
                // New stories every round, so every build has files to replace.
                for id in Self.feeds {
                    stub.answer(id, with: .articles([.story("\(id)-\(round)"), .story("\(id)-\(round - 1)")]))
                }
                let deadline = Date().addingTimeInterval(Double.random(in: 0.0...0.4))
                let killed = try await ChildProcess.run(
                    program, ["build", "--force"], environment: environment, workingDirectory: folder.url,
                    timeout: .seconds(30), signal: ChildProcess.Signalling(SIGKILL) { Date() >= deadline })
                #expect(!killed.timedOut)
                try Self.expectWhole(output, after: "kill \(round) (status \(killed.status))")
            }
            let last = try await ChildProcess.run(
                program, ["build", "--force"], environment: environment, workingDirectory: folder.url,
                timeout: .seconds(30))
            #expect(last.status == 0, "\(last.summary)")
            #expect(BuildWorkspace.temporaryFiles(in: output) == [], "the next run removes what kills left")
            try Self.expectWhole(output, after: "the last run")
            for id in Self.feeds {
                let data = try Data(contentsOf: output.appending(path: "\(id).rss"))
                let newest = try RSSReader().read(data, path: id).stories.first?.url.absoluteString
                #expect(newest?.hasSuffix("\(id)-\(Self.kills - 1)") == true, "\(newest ?? "none")")
            }
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }

    /// Every feed file parses, each feed's RSS and JSON Feed hold the same newest item, the state reads back.
    static func expectWhole(_ output: URL, after moment: String) throws {
        for id in feeds {
            let rssURL = output.appending(path: "\(id).rss")
            guard let rss = FileManager.default.contents(atPath: rssURL.path) else { continue }
            let stories = try RSSReader().read(rss, path: id).stories
            let jsonURL = output.appending(path: "\(id).json")
            let json = try #require(FileManager.default.contents(atPath: jsonURL.path), "\(id).json after \(moment)")
            let feed = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
            let items = try #require(feed["items"] as? [[String: Any]])
            // A kill between the renames of one feed's formats (the history is renamed last) leaves the history's
            // staged file behind, and the other formats one build ahead until the next build that writes the feed;
            // otherwise every format holds the same newest item.
            let name = rssURL.lastPathComponent
            let stagedHistory =
                (try? FileManager.default.contentsOfDirectory(atPath: rssURL.deletingLastPathComponent().path))?
                .contains { $0.hasPrefix(".\(name).") && $0.hasSuffix(".tmp") } ?? false
            // A later build killed early may already have removed that staged file (its start clears what kills
            // left) before writing the feed again: then the other formats are still one build ahead, never behind,
            // and hold the history's newest item among theirs.
            if !stagedHistory, items.first?["url"] as? String != stories.first?.url.absoluteString {
                let urls = items.compactMap { $0["url"] as? String }
                #expect(
                    urls.contains(stories.first?.url.absoluteString ?? "-"),
                    "\(id) after \(moment): \(urls) against \(stories.first?.url.absoluteString ?? "none")")
            }
            let atom = try #require(FileManager.default.contents(atPath: output.appending(path: "\(id).atom").path))
            #expect(String(decoding: atom, as: UTF8.self).hasSuffix("</feed>\n"), "\(id).atom after \(moment)")
        }
        let store = OutputFolder(root: output).stateStore
        if FileManager.default.fileExists(atPath: store.url.path) {
            let loaded = try store.load()
            #expect(loaded.warning == nil, "state after \(moment): \(loaded.warning ?? "")")
        }
    }
}

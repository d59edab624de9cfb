import FeedBuild
import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// The state stays bounded and is written as rarely as a crash allows: image records no story
/// needs are forgotten, and a run writes `state.json` once plus once per feed outcome.
@Suite(.serialized) struct StateUpkeepTests {
    typealias S = ScheduleFixtures
    static let now = Date(timeIntervalSince1970: 1_714_651_200)

    @Test func imageRecordsNoStoryCarriesAreForgottenOnceWatchStoppedCheckingThem() throws {
        let config = try ConfigLoader.parse(
            Data(S.config(["us/health"]).utf8), path: "newsfeed.json", folder: URL(fileURLWithPath: "/tmp"))
        let long = TimeInterval(config.maxAgeDays + 31) * 86_400
        var state = BridgeState()
        state.items["https://news.example/a"] = ItemRecord(
            firstSeen: Self.now, originalImage: "https://img.example/carried.jpg")
        state.images = [
            "https://img.example/carried.jpg": ImageRecord(status: .dead, lastChecked: Self.now - long),
            "https://img.example/recent.jpg": ImageRecord(status: .alive, lastChecked: Self.now - 3600),
            "https://img.example/gone.jpg": ImageRecord(status: .dead, lastChecked: Self.now - long),
            "https://img.example/never.jpg": ImageRecord(status: .unknown),
        ]
        let refreshed = FeedScheduler(config: config).refreshed(state, now: Self.now)
        #expect(
            Set(refreshed.images.keys) == ["https://img.example/carried.jpg", "https://img.example/recent.jpg"])
    }

    static var straceRuns: Bool { FeedReader.areRequired() || ChildProcess.findExecutable("strace") != nil }

    /// How many times a real `newsfeed build` renamed a file onto `state.json`, counted with strace.
    static func stateWrites(in folder: TemporaryFolder, stub: NewsAPIStub) async throws -> (Int, ChildProcess.Outcome) {
        let strace = try #require(ChildProcess.findExecutable("strace"), "strace is missing")
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let trace = folder.url.appending(path: "trace-\(UUID().uuidString.prefix(8)).txt")
        let outcome = try await ChildProcess.run(
            strace, ["-f", "-qq", "-e", "trace=rename,renameat,renameat2", "-o", trace.path, program.path, "build"],
            environment: ChildProcess.loopbackEnvironment(overrides: [
                "NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString,
            ]), workingDirectory: folder.url, timeout: .seconds(60))
        let state = folder.url.appending(path: "Feeds/.newsfeed/state.json").path
        let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        try FileManager.default.removeItem(at: trace)
        return (lines.filter { $0.contains("\"\(state)\"") && $0.hasSuffix("= 0") }.count, outcome)
    }

    @Test(.enabled(if: straceRuns, "strace is missing and NEWSFEED_REQUIRE_READERS is not 1"))
    func aRunWritesTheStateOncePlusOncePerFeedOutcome() async throws {
        let feeds = ["us/business", "us/health", "us/science"]
        let folder = TemporaryFolder("newsfeed-state-writes")
        try folder.write(S.config(feeds), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers(feeds))
        do {
            let (first, outcome) = try await Self.stateWrites(in: folder, stub: stub)
            #expect(outcome.status == 0, "\(outcome.summary)")
            // The run's start (feeds first seen) and one per feed written: not two per feed.
            #expect(first == 1 + feeds.count, "\(outcome.errorText)")
            // Nothing due: nothing changed, nothing written.
            let (second, again) = try await Self.stateWrites(in: folder, stub: stub)
            #expect(again.status == 0, "\(again.summary)")
            #expect(second == 0)
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }
}

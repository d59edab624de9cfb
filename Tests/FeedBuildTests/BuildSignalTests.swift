import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// `build` and `serve --refresh` stopped by SIGINT or SIGTERM while NewsAPI stalls, with real
/// `newsfeed` processes against the loopback stub: the request in flight is cut short, nothing is
/// half-written, the feed keeps its state, and no request that never went out is counted.
@Suite(.serialized) struct BuildSignalTests {
    typealias S = ScheduleFixtures
    static let feeds = ["us/business", "us/health", "us/science"]

    /// Runs `newsfeed <arguments>` in `folder` and sends `signal` once the stub has seen `requests` requests.
    static func newsfeed(
        _ arguments: [String], in folder: URL, stub: NewsAPIStub, signal: Int32? = nil, afterRequests requests: Int = 0
    ) async throws -> ChildProcess.Outcome {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let environment = ChildProcess.loopbackEnvironment(overrides: [
            "NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString,
        ])
        let signalling = signal.map { number in
            ChildProcess.Signalling(number) { stub.requests.count >= requests }
        }
        // Far below NewsAPI's 30 s deadline: a build that ignored the signal would time out here.
        return try await ChildProcess.run(
            program, arguments, environment: environment, workingDirectory: folder, timeout: .seconds(20),
            signal: signalling)
    }

    /// Runs `body` in a folder configured with ``feeds``, against a stub where `stalled` never answers.
    static func withStalling(
        _ stalled: String, _ body: (TemporaryFolder, NewsAPIStub) async throws -> Void
    ) async throws {
        let folder = TemporaryFolder("newsfeed-signals")
        try folder.write(S.config(feeds), to: ConfigLoader.defaultFileName)
        var answers = S.answers(feeds)
        answers[stalled] = .hang
        let stub = try NewsAPIStub(answers)
        do {
            try await body(folder, stub)
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }

    static func state(in folder: TemporaryFolder) throws -> BridgeState {
        try StateStore(url: folder.url.appending(path: "Feeds/.newsfeed/state.json")).load().state
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func aStalledBuildStopsAtOnceKeepsWhatItWroteAndTheNextRunPicksUpTheRest(
        signal: Int32, status: Int32, name: String
    ) async throws {
        try await Self.withStalling("us/health") { folder, stub in
            // Never built, so config order: business is written, health stalls, science waits.
            let stopped = try await Self.newsfeed(
                ["build"], in: folder.url, stub: stub, signal: signal, afterRequests: 2)
            #expect(!stopped.timedOut, "the build ignored \(name)")
            #expect(stopped.status == status, "\(stopped.summary)")
            let interrupted = stopped.errorText.split(separator: "\n").filter { $0.contains("interrupted") }
            #expect(
                interrupted == [
                    "newsfeed build: interrupted by \(name): 1 feed written; 2 not built keep their previous files "
                        + "and state and go at the next run"
                ], "\(stopped.errorText)")
            #expect(!stopped.errorText.contains("cancelled"), "a cancellation is no failure: \(stopped.errorText)")
            #expect(stub.requests.map(\.feedID) == ["us/business", "us/health"])

            let state = try Self.state(in: folder)
            // Only what went out is logged; the request cut short does not count for health's schedule.
            #expect(state.requests.map(\.feed) == ["us/business", "us/health"])
            #expect(state.requests.map { $0.interrupted == true } == [false, true])
            let health = try #require(state.feeds["us/health"])
            #expect(health.lastError == nil && health.consecutiveFailures == 0 && health.lastAttempt == nil)
            #expect(state.feeds["us/science"]?.lastAttempt == nil)
            #expect(state.feeds["us/business"]?.lastSuccess != nil)
            let feeds = folder.url.appending(path: "Feeds")
            #expect(FileManager.default.fileExists(atPath: feeds.appending(path: "us/business.rss").path))
            #expect(!FileManager.default.fileExists(atPath: feeds.appending(path: "us/health.rss").path))
            #expect(BuildWorkspace.temporaryFiles(in: feeds) == [])

            // The next run fetches the two feeds the stop left, and only those.
            stub.answer("us/health", with: .articles([.story("us/health")]))
            let next = try await Self.newsfeed(["build"], in: folder.url, stub: stub)
            #expect(next.status == 0, "\(next.summary)")
            #expect(stub.requests.map(\.feedID) == ["us/business", "us/health", "us/health", "us/science"])
            #expect(next.outputText.contains("us/health: written, 1 item (1 new)"))
            #expect(next.outputText.contains("us/science: written, 1 item (1 new)"))
            #expect(next.outputText.contains("us/business: not due"))
        }
    }

    @Test func aStoppedRefreshMarksNothingFailedAndCountsOnlyWhatWentOut() async throws {
        try await Self.withStalling("us/business") { folder, stub in
            let stopped = try await Self.newsfeed(
                ["serve", "--refresh", "--port", "0", "--host", "127.0.0.1"], in: folder.url, stub: stub,
                signal: SIGTERM, afterRequests: 1)
            #expect(!stopped.timedOut)
            #expect(stopped.status == 0, "\(stopped.summary)")
            #expect(!stopped.errorText.contains("cancelled"), "\(stopped.errorText)")
            #expect(stub.requests.map(\.feedID) == ["us/business"])
            let state = try Self.state(in: folder)
            #expect(state.requests.map { $0.interrupted == true } == [true], "counted for the quota, not the schedule")
            for id in Self.feeds {
                let record = state.feeds[id]
                #expect(record?.lastError == nil && record?.consecutiveFailures ?? 0 == 0, "\(id)")
                #expect(record?.lastAttempt == nil, "\(id) is due at the next run")
            }
        }
    }
}

import Foundation
import TestSupport
import Testing

/// A compression bomb from NewsAPI or DuckDuckGo is cut at the 20 MB cap while it is decoded: a real `newsfeed
/// build` process fetching 1 MB of gzip that decodes to 1 GiB (and 2 MB of deflate that decodes to 2 GiB) stays
/// within a bounded peak memory, measured by the kernel (the child's `ru_maxrss`), and says the answer is too large.
@Suite(.serialized, .timeLimit(.minutes(3))) struct CompressionBombProcessTests {
    /// Far below the gigabyte the bomb decodes to, and above what a build of one feed needs.
    static let peakLimitKB = 150 * 1024

    /// Runs `newsfeed build` under a Python parent that reports the child's peak resident set in KB on its last
    /// stderr line (`getrusage(RUSAGE_CHILDREN)` counts only that one child).
    static func measuredBuild(config: String, environment: [String: String]) async throws -> (
        outcome: ChildProcess.Outcome, peakKB: Int
    ) {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let python = try #require(ChildProcess.findExecutable("python3"), "python3 measures the peak memory")
        let folder = TemporaryFolder("newsfeed-bomb")
        try folder.write(config, to: "newsfeed.json")
        let measure = """
            import resource, subprocess, sys
            status = subprocess.run(sys.argv[1:]).returncode
            print("peak-kb", resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)
            sys.exit(status)
            """
        let outcome = try await ChildProcess.run(
            python, ["-c", measure, program.path, "build", "--force"],
            environment: ChildProcess.loopbackEnvironment(overrides: environment), workingDirectory: folder.url,
            timeout: .seconds(120))
        let line = try #require(outcome.errorText.split(separator: "\n").last { $0.hasPrefix("peak-kb ") })
        let peak = try #require(Int(line.dropFirst("peak-kb ".count)))
        return (outcome, peak)
    }

    static func bombAnswer(_ mebibytes: Int, _ coding: CompressedBodies.Coding) -> NewsAPIStub.Answer {
        .respond(
            status: 200,
            headers: ["Content-Type": "application/json", "Content-Encoding": coding.rawValue],
            body: CompressedBodies.zeroBomb(mebibytes: mebibytes, coding))
    }

    @Test(arguments: [(1024, CompressedBodies.Coding.gzip), (2048, .deflate)])
    func aNewsAPIBombIsRefusedInBoundedMemory(mebibytes: Int, coding: CompressedBodies.Coding) async throws {
        let stub = try NewsAPIStub(["us/health": Self.bombAnswer(mebibytes, coding)])
        do {
            let config = #"{"site": "\#(BuildWorkspace.site)", "feeds": [{"country": "us", "category": "health"}]}"#
            let (outcome, peak) = try await Self.measuredBuild(
                config: config,
                environment: ["NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString])
            #expect(outcome.status == 1, "\(outcome.summary)")
            #expect(
                outcome.outputText.contains("too large") || outcome.errorText.contains("too large"),
                "\(outcome.summary)")
            #expect(peak < Self.peakLimitKB, "peak resident memory \(peak / 1024) MB")
            #expect(stub.requests.count == 1)
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }

    @Test func aDuckDuckGoBombIsRefusedInBoundedMemory() async throws {
        let stub = try DuckDuckGoStub(["rust": Self.bombAnswer(1024, .gzip)])
        do {
            let config = #"{"site": "\#(BuildWorkspace.site)", "feeds": [{"ddg": "rust"}]}"#
            let (outcome, peak) = try await Self.measuredBuild(
                config: config, environment: ["DDG_BASE_URL": stub.baseURLString])
            #expect(outcome.status == 1, "\(outcome.summary)")
            #expect(
                outcome.outputText.contains("too large") || outcome.errorText.contains("too large"),
                "\(outcome.summary)")
            #expect(peak < Self.peakLimitKB, "peak resident memory \(peak / 1024) MB")
        } catch {
            await stub.stop()
            throw error
        }
        await stub.stop()
    }
}

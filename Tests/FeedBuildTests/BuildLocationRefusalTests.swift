import Foundation
import TestSupport
import Testing

/// A run in which the output location refused every write (mid-run: a full disk, a read-only file
/// system, a file where a folder belongs) says so in one line and exits 78; when some feed could
/// still be written, each failed feed has its line and the run exits 1.
@Suite struct BuildLocationRefusalTests {
    typealias S = ScheduleFixtures

    /// A file where the feeds' folder `us/` belongs: every write under it is refused.
    static func blockFolder(_ workspace: BuildWorkspace) throws {
        try FileManager.default.createDirectory(at: workspace.output, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: workspace.output.appending(path: "us").path, contents: Data("x".utf8))
    }

    @Test func nothingWrittenBecauseTheLocationRefusedIsOneLineAndExit78() async throws {
        let feeds = ["us/health", "us/science"]
        try await BuildWorkspace.with(config: S.config(feeds), answers: S.answers(feeds)) { workspace in
            try Self.blockFolder(workspace)
            let run = await workspace.build(["--quiet"])
            #expect(run.status == 78, "\(run.standardError)")
            #expect(run.errorLines.count == 1, "\(run.errorLines)")
            let line = try #require(run.errorLines.first)
            #expect(line.hasPrefix("newsfeed build: "), "\(line)")
            #expect(line.contains("is a file, not a folder"), "\(line)")
            #expect(line.hasSuffix("; no feed could be written"), "\(line)")
        }
    }

    @Test func aRunThatStillWroteAFeedNamesEachFailureAndExits1() async throws {
        let feeds = ["us/health", "gb/science"]
        try await BuildWorkspace.with(config: S.config(feeds), answers: S.answers(feeds)) { workspace in
            try Self.blockFolder(workspace)
            let run = await workspace.build(["--quiet"])
            #expect(run.status == 1, "\(run.standardError)")
            #expect(run.errorLines.count == 1 && run.errorLines[0].hasPrefix("us/health: "), "\(run.errorLines)")
            #expect(workspace.feedData("gb/science") != nil)
        }
    }
}

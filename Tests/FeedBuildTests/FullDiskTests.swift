import FeedOutput
import Foundation
import TestSupport
import Testing

/// `build` on a real full disk (a tmpfs of a few hundred KB filled to the last byte): one line naming the cause,
/// exit 78 when nothing could be written, every good file of the previous run untouched, no temporary file left
/// (``BuildWorkspace`` checks that after every run), and the state still readable (issue 19, point 13).
@Suite(.serialized, .enabled(if: SmallFileSystem.isAvailable, "needs the right to mount a tmpfs (root)"))
struct FullDiskTests {
    typealias S = ScheduleFixtures
    static let feeds = ["us/health", "us/science"]

    static func withFullDisk(kilobytes: Int = 512, _ body: (BuildWorkspace, SmallFileSystem) async throws -> Void)
        async throws
    {
        try await BuildWorkspace.with(config: S.config(feeds), answers: S.answers(feeds)) { workspace in
            let disk = try SmallFileSystem(mountingOn: workspace.output, kilobytes: kilobytes)
            defer { disk.unmount() }
            try await body(workspace, disk)
        }
    }

    @Test func aDiskFullFromTheStartIsOneLineAndExit78() async throws {
        try await Self.withFullDisk { workspace, disk in
            disk.fill()
            let run = await workspace.build(["--quiet"])
            #expect(run.status == 78, "\(run.standardError)")
            #expect(run.errorLines.count == 1, "one line, not one per file: \(run.errorLines)")
            let line = try #require(run.errorLines.first)
            #expect(line.hasPrefix("newsfeed build: "), "\(line)")
            #expect(line.contains("no space left on the device"), "\(line)")
            #expect(!line.contains("NSCocoaErrorDomain") && !line.contains("Error Domain="), "\(line)")
            for feed in Self.feeds { #expect(workspace.feedData(feed) == nil) }
        }
    }

    @Test func aDiskThatFillsAfterAGoodRunKeepsEveryFileAndTheStateAndSaysItOnce() async throws {
        try await Self.withFullDisk { workspace, disk in
            #expect(await workspace.build(["--quiet"]).status == 0)
            let before = Self.feeds.map { workspace.feedData($0) }
            let stateBefore = try #require(workspace.stateData)
            disk.fill()
            let run = await workspace.build(["--quiet", "--force"])
            #expect(run.status == 78, "\(run.standardError)")
            #expect(run.errorLines.count == 1, "one line, not one per file: \(run.errorLines)")
            #expect(run.errorLines.first?.contains("no space left on the device") == true, "\(run.errorLines)")
            #expect(Self.feeds.map { workspace.feedData($0) } == before, "the previous feeds are untouched")
            #expect(workspace.stateData == stateBefore, "the previous state is untouched")
            #expect(
                try OutputFolder(root: workspace.output).stateStore.load().warning == nil, "the state reads back whole")

            disk.empty()
            let recovered = await workspace.build(["--quiet", "--force"])
            #expect(recovered.status == 0, "with space again the next run succeeds: \(recovered.standardError)")
        }
    }
}

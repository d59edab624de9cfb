import FeedOutput
import Foundation
import TestSupport
import Testing

/// `build` refuses to write through a symlinked subfolder of the output that leads out of it
/// (`serve` refuses to serve it), with one line naming the link; the other feeds are written.
@Suite struct BuildSymlinkTests {
    typealias S = ScheduleFixtures

    @Test func aFeedBehindALinkLeavingTheOutputIsNotWrittenAndTheLinkIsNamed() async throws {
        let feeds = ["us/health", "gb/science"]
        try await BuildWorkspace.with(config: S.config(feeds), answers: S.answers(feeds)) { workspace in
            let outside = workspace.folder.url.appending(path: "elsewhere")
            try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: workspace.output, withIntermediateDirectories: true)
            let link = workspace.output.appending(path: "us")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)

            let run = await workspace.build()
            #expect(run.status == 1, "\(run.standardError)")
            let lines = run.errorLines.filter { $0.contains("symlink") }
            #expect(lines.count == 1, "\(run.errorLines)")
            #expect(
                lines.first?.hasPrefix(
                    "us/health: \(link.path) is a symlink to \(outside.resolvingSymlinksInPath().path), "
                        + "outside the output folder") == true, "\(lines)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written outside")
            #expect(workspace.feedData("gb/science") != nil, "the other feeds are written")
            #expect(try workspace.state().feeds["us/health"]?.lastError?.contains("symlink") == true)
        }
    }
}

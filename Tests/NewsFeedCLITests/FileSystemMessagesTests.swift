import FeedOutput
import Foundation
import NewsModel
import TestSupport
import Testing

/// Where the file system says no: a folder where a file belongs, a lock that cannot be taken. Each
/// says what is wrong in one line, names the file, and never lets Foundation's own text through.
@Suite struct FileSystemMessagesTests {
    static let foundationText = [
        "NSCocoaErrorDomain", "Error Domain=", "URL error", "The operation could not be completed",
        "NSPOSIXErrorDomain",
    ]

    static func expectNoFoundationText(_ run: CommandRun, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in foundationText {
            #expect(
                !run.standardOutput.contains(text) && !run.standardError.contains(text),
                "\(text) in: \(run.standardOutput) \(run.standardError)", sourceLocation: sourceLocation)
        }
    }

    static let answers: [String: NewsAPIStub.Answer] = [
        "us/health": .articles([.story("health-1")]), "us/technology": .articles([.story("tech-1")]),
    ]

    /// A folder put where each file of the output belongs, then `build` and `status`.
    @Test(arguments: [".newsfeed/state.json", ".newsfeed/quota.json", "us/health.rss", "index.html"])
    func aFolderWhereAFileBelongsIsNamedAsSuch(path: String) async throws {
        try await BuildWorkspace.with(answers: Self.answers) { workspace in
            #expect(await workspace.build().status == 0)
            let target = workspace.output.appending(path: path)
            try FileManager.default.removeItem(at: target)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
            workspace.clock.advance(by: 86_400)

            let run = await workspace.build(["--force"])

            // The index is no feed: a warning, not a failure.
            #expect(path == "index.html" ? run.status == 0 : run.status != 0)
            #expect(
                run.errorLines.contains { $0.contains(path) && $0.contains("is a folder") }, "\(run.standardError)")
            Self.expectNoFoundationText(run)
            let status = await workspace.run(["status"])
            Self.expectNoFoundationText(status)
            try FileManager.default.removeItem(at: target)
        }
    }

    @Test func aLockThatCannotBeTakenIsOneLineAndAConfigurationError() async throws {
        try await BuildWorkspace.with(answers: Self.answers) { workspace in
            let lock = workspace.output.appending(path: ".newsfeed/lock")
            try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: true)

            let run = await workspace.build()

            #expect(run.status == 78, "\(run.standardError)")
            #expect(run.errorLines.count == 1, "\(run.standardError)")
            #expect(run.errorLines.first?.contains("\(lock.path): cannot take the output lock: is a folder") == true)
            #expect(workspace.stub.requests.isEmpty)
            Self.expectNoFoundationText(run)
        }
    }

    /// A lock file that cannot be opened for writing: mode 0444, or for root (whom modes do not stop) a
    /// link to a file of `/sys` that refuses writes even to root.
    @Test func anUnwritableLockFileIsOneLineAndExit78() async throws {
        try await BuildWorkspace.with(answers: Self.answers) { workspace in
            let lock = workspace.output.appending(path: ".newsfeed/lock")
            try FileManager.default.createDirectory(
                at: lock.deletingLastPathComponent(), withIntermediateDirectories: true)
            if geteuid() == 0 {
                try FileManager.default.createSymbolicLink(atPath: lock.path, withDestinationPath: "/sys/kernel/notes")
            } else {
                _ = FileManager.default.createFile(atPath: lock.path, contents: Data())
                chmod(lock.path, 0o444)
            }

            let run = await workspace.build()

            #expect(run.status == 78, "\(run.standardError)")
            #expect(
                run.errorLines == [
                    "newsfeed build: \(lock.path): cannot take the output lock: permission denied; no feed was fetched"
                ], "\(run.standardError)")
            #expect(workspace.stub.requests.isEmpty)
            Self.expectNoFoundationText(run)
        }
    }

    /// A file where the state folder belongs (this stops root too): the state folder is named, not the output.
    @Test func aStateFolderThatCannotBeMadeIsNamedAsTheStateFolder() async throws {
        try await BuildWorkspace.with(answers: Self.answers) { workspace in
            try FileManager.default.createDirectory(at: workspace.output, withIntermediateDirectories: true)
            let state = workspace.output.appending(path: ".newsfeed")
            _ = FileManager.default.createFile(atPath: state.path, contents: Data("x".utf8))

            let run = await workspace.build()

            #expect(run.status == 78, "\(run.standardError)")
            #expect(
                run.errorLines == [
                    "newsfeed build: cannot write the state folder \(state.path): \(state.path) is a file, not a folder"
                ], "\(run.standardError)")
            #expect(workspace.stub.requests.isEmpty)
        }
    }

    @Test func anUnwritableStateFolderIsCalledTheStateFolder() {
        let error = OutputError.unusableFolder(path: "/srv/feeds/.newsfeed", reason: "permission denied")
        #expect(error.description == "cannot write the state folder /srv/feeds/.newsfeed: permission denied")
        #expect(error.isUnwritableLocation)
    }

    @Test func aFoundationErrorWithoutAPOSIXCauseIsNotQuoted() {
        let error = NSError(domain: NSCocoaErrorDomain, code: 256)
        let reason = SystemErrorText.reason(of: error)
        #expect(!Self.foundationText.contains { reason.contains($0) }, "\(reason)")
    }
}

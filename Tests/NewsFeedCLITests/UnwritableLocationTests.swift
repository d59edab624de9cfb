import Foundation
import TestSupport
import Testing

/// An output folder or config location that cannot be written: every command says so in one line
/// naming the system's cause, exits 78 (the exit table of docs/commands.md), and creates nothing.
@Suite struct UnwritableLocationTests {
    static func config(output: String, in folder: TemporaryFolder) throws {
        try folder.write(
            #"{"output": "\#(output)", "feeds": [{"country": "us", "category": "health"}]}"#, to: "newsfeed.json")
    }

    @Test(arguments: [
        ["add", "https://news.example.com/a", "--title", "A story"], ["remove", "1"],
        ["remove", "https://news.example.com/a"],
    ])
    func bookmarkChangesIntoAnUnwritableOutputFolderAreExit78(arguments: [String]) async throws {
        let folder = TemporaryFolder()
        let unwritable = try UnwritableFolder(in: folder)
        let output = unwritable.outputFolder
        try Self.config(output: output, in: folder)

        let run = await CommandRun.run(["bookmark"] + arguments, workingDirectory: folder.url)

        #expect(run.status == 78)
        #expect(
            run.errorLines == [
                "newsfeed bookmark \(arguments[0]): cannot write the output folder \(output): \(unwritable.reason)"
            ])
        #expect(run.standardOutput.isEmpty)
        #expect(folder.allFiles() == ["newsfeed.json"])
        #expect(!FileManager.default.fileExists(atPath: output + "/.newsfeed"))
    }

    @Test(arguments: [["--no-serve"], ["--port", "0"]])
    func demoIntoAnUnwritableFolderNamesTheCauseAndIsExit78(arguments: [String]) async throws {
        let folder = TemporaryFolder()
        let unwritable = try UnwritableFolder(in: folder)
        let output = unwritable.outputFolder

        let run = await CommandRun.run(["demo", "--output", output] + arguments, workingDirectory: folder.url)

        #expect(run.status == 78)
        #expect(run.errorLines == ["newsfeed demo: cannot write the output folder \(output): \(unwritable.reason)"])
        #expect(!run.standardError.contains("previous file"))
        #expect(!FileManager.default.fileExists(atPath: output + "/.newsfeed"))
    }

    @Test func initIntoAnUnwritableFolderNamesTheCauseAndNoPreviousFile() async throws {
        let folder = TemporaryFolder()
        let unwritable = try UnwritableFolder(in: folder)
        let config = unwritable.path + "/newsfeed.json"

        let run = await CommandRun.run(["init", "--config", config], workingDirectory: folder.url)

        #expect(run.status == 78)
        #expect(run.errorLines == ["newsfeed init: \(config): cannot write: \(unwritable.reason)"])
        #expect(run.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: config))
    }

    /// /proc answers "no such file" and /sys "permission denied" when asked to create a file: both are a location
    /// that refuses the config, one refusal and one exit code (78), as for an unwritable folder.
    @Test(arguments: ["/proc/newsfeed.json", "/sys/newsfeed.json"])
    func initWhereTheSystemCreatesNoFilesIsAConfigurationError(config: String) async throws {
        let folder = TemporaryFolder()

        let run = await CommandRun.run(["init", "--config", config], workingDirectory: folder.url)

        #expect(run.status == 78, "\(run.errorLines)")
        #expect(run.errorLines.count == 1)
        #expect(
            run.errorLines.first?.hasPrefix("newsfeed init: \(config): cannot write: ") == true, "\(run.errorLines)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func initOfAnExistingFolderSaysItIsAFolder() async throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appending(path: "conf"), withIntermediateDirectories: true)

        let run = await CommandRun.run(["init", "--config", "conf"], workingDirectory: folder.url)

        #expect(run.status == 1)
        #expect(
            run.errorLines == [
                "newsfeed init: conf is a folder; name the config file inside it (e.g. --config conf/newsfeed.json)"
            ])
        #expect(folder.allFiles() == [])
    }
}

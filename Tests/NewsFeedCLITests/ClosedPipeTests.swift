import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing
import Upstreams

/// The built `newsfeed` writing to a reader that goes away (`newsfeed convert … | head -1`):
/// a quiet end with the command's own status, never a crash or a death by signal; any other
/// write error is a one-line error and exit 1 (docs/commands.md, "Output to a closed pipe").
@Suite(.serialized) struct ClosedPipeTests {
    /// A saved top-headlines answer of `count` distinct articles (the demo's sample articles repeated), megabytes of
    /// feed: far more than a pipe holds, so writing goes on long after the reader has left.
    static func bigResponse(_ count: Int, in folder: TemporaryFolder) throws -> String {
        let sample = try #require(SampleHeadlines.response(for: FeedSpec(country: "us", category: "health")))
        let document = try #require(try JSONSerialization.jsonObject(with: sample) as? [String: Any])
        let articles = try #require(document["articles"] as? [[String: Any]])
        let many = (0..<count).map { index in
            var article = articles[index % articles.count]
            article["url"] = "https://publisher.example/story/\(index)"
            return article
        }
        let big: [String: Any] = ["status": "ok", "totalResults": count, "articles": many]
        try JSONSerialization.data(withJSONObject: big).write(to: folder.url.appending(path: "big.json"))
        return "big.json"
    }

    static func newsfeed(
        _ arguments: [String], in folder: TemporaryFolder, closingOutputAfter outputLimit: Int?,
        closingErrorsAfter errorLimit: Int? = nil
    ) async throws -> ChildProcess.Outcome {
        let program = try #require(
            ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        return try await ChildProcess.run(
            program, arguments, environment: ChildProcess.loopbackEnvironment(), workingDirectory: folder.url,
            timeout: .seconds(120), closingOutputAfter: outputLimit, closingErrorsAfter: errorLimit)
    }

    @Test(arguments: [0, 1, 100_000])
    func convertToAReaderThatLeavesEndsQuietly(readBytes: Int) async throws {
        let folder = TemporaryFolder("newsfeed-closed-pipe")
        let input = try Self.bigResponse(1_000, in: folder)
        let run = try await Self.newsfeed(
            ["convert", input, "--country", "us", "--category", "health"], in: folder, closingOutputAfter: readBytes)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.summary)")
        #expect(run.errorText.isEmpty, "quiet: \(run.summary)")
        #expect(run.standardOutput.count >= min(readBytes, 1))
        if readBytes > 0 { #expect(run.outputText.hasPrefix("<?xml")) }
    }

    /// Every format, and commands whose stdout and stderr are both gone: no crash anywhere.
    @Test(arguments: [
        ["convert", "big.json", "--country", "us", "--category", "health", "--format", "atom"],
        ["convert", "big.json", "--country", "us", "--category", "health", "--format", "json"],
        ["convert", "big.json", "--country", "us", "--category", "health", "--format", "html"],
        ["--help"], ["help", "watch"], ["--version"],
    ])
    func anyCommandToClosedPipesEndsWithoutASignal(arguments: [String]) async throws {
        let folder = TemporaryFolder("newsfeed-closed-pipe")
        _ = try Self.bigResponse(1_000, in: folder)
        let run = try await Self.newsfeed(arguments, in: folder, closingOutputAfter: 10, closingErrorsAfter: 0)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.summary)")
    }

    @Test func usageErrorToAClosedStandardErrorKeepsItsStatus() async throws {
        let folder = TemporaryFolder("newsfeed-closed-pipe")
        let run = try await Self.newsfeed(["no-such-command"], in: folder, closingOutputAfter: 0, closingErrorsAfter: 0)
        #expect(run.status == 64, "\(run.summary)")
    }

    /// Not a departed reader but lost output (a full disk): said in one line, exit 1.
    @Test func anotherWriteErrorIsOneLineAndExitOne() async throws {
        let folder = TemporaryFolder("newsfeed-closed-pipe")
        let input = try Self.bigResponse(300, in: folder)
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0, "/dev/full is missing")
        defer { close(full) }
        let (errors, errorText) = TextOutput.capture()
        let context = CommandContext(
            arguments: ["convert", input, "--country", "us", "--category", "health"],
            workingDirectory: folder.url,
            standardOutput: TextOutput(descriptor: DescriptorWriter(fileDescriptor: full)), standardError: errors)
        let status = await NewsFeedCLI.run(context)
        #expect(status == 1)
        #expect(errorText.text == "newsfeed: cannot write to standard output: no space left on the device\n")
    }
}

import FeedOutput
import Foundation
import NewsFeedCLI
import NewsModel
import TestSupport
import Testing

/// A build that finds the output lock held by another process says once, after a second, whom it
/// waits for, and gives up with one line after its limit; released in time, it goes on.
@Suite(.serialized) struct BuildLockWaitTests {
    typealias S = ScheduleFixtures

    /// The lock of `output`, held the way another newsfeed holds it (its PID in the file) until released.
    final class HeldLock: Sendable {
        let descriptor: Int32
        let path: String

        init(output: URL) throws {
            path = output.appending(path: ".newsfeed/lock").path
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            try #require(descriptor >= 0)
            try #require(flock(descriptor, LOCK_EX) == 0)
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(descriptor, 0)
            _ = pwrite(descriptor, pid, pid.count, 0)
        }

        func release() {
            flock(descriptor, LOCK_UN)
        }

        deinit { close(descriptor) }
    }

    @Test func aBuildSaysWhomItWaitsForOnceAndGivesUpAfterItsLimit() async throws {
        try await BuildWorkspace.with(config: S.config(["us/health"]), answers: S.answers(["us/health"])) {
            workspace in
            let held = try HeldLock(output: workspace.output)
            defer { held.release() }
            let (output, outputText) = TextOutput.capture()
            let (errors, errorText) = TextOutput.capture()
            var context = CommandContext(
                arguments: ["build"], environment: workspace.environment, workingDirectory: workspace.folder.url,
                standardOutput: output, standardError: errors, clock: workspace.clock.reading)
            context.lockWaitLimit = .seconds(2)
            let status = await NewsFeedCLI.run(context)
            #expect(status == 1, "\(errorText.text)")
            let lines = errorText.text.split(separator: "\n").map(String.init)
            #expect(
                lines == [
                    "newsfeed build: waiting for the output lock \(held.path), held by PID \(getpid()); "
                        + "giving up after 2 s",
                    "newsfeed build: \(held.path): gave up after waiting 2 s for the output lock held by PID "
                        + "\(getpid()); if that newsfeed is stuck, stop it and run again; no feed was fetched",
                ], "\(lines)")
            #expect(workspace.stub.requests.isEmpty, "no request while another process held the lock")
            _ = outputText
        }
    }

    /// `watch` and `bookmark` write under the same lock: they say the same once, with their own name, and give up.
    @Test(arguments: [["watch"], ["bookmark", "add", "https://publisher.example/story/1", "--title", "A story"]])
    func otherWritersSayWhomTheyWaitForOnceAndGiveUp(arguments: [String]) async throws {
        try await BuildWorkspace.with(config: S.config(["us/health"]), answers: S.answers(["us/health"])) {
            workspace in
            #expect(await workspace.build(["--quiet"]).status == 0)
            let held = try HeldLock(output: workspace.output)
            defer { held.release() }
            let (output, _) = TextOutput.capture()
            let (errors, errorText) = TextOutput.capture()
            var context = CommandContext(
                arguments: arguments, environment: workspace.environment, workingDirectory: workspace.folder.url,
                standardOutput: output, standardError: errors, clock: workspace.clock.reading)
            context.lockWaitLimit = .seconds(2)
            let status = await NewsFeedCLI.run(context)
            let command = arguments[0]
            #expect(status != 0, "\(errorText.text)")
            let lines = errorText.text.split(separator: "\n").map(String.init)
            let waiting = lines.filter { $0.contains("waiting for the output lock") }
            #expect(
                waiting == [
                    "newsfeed \(command): waiting for the output lock \(held.path), held by PID \(getpid()); "
                        + "giving up after 2 s"
                ], "\(lines)")
            #expect(
                lines.contains { $0.contains("gave up after waiting 2 s for the output lock held by PID \(getpid())") },
                "\(lines)")
        }
    }

    @Test func aBuildWaitingForAnotherProcessGoesOnOnceTheLockIsReleased() async throws {
        let program = try #require(ChildProcess.newsfeed, "the newsfeed executable is not next to the test bundle")
        let folder = TemporaryFolder("newsfeed-lock-wait")
        try folder.write(S.config(["us/health"]), to: ConfigLoader.defaultFileName)
        let stub = try NewsAPIStub(S.answers(["us/health"]))
        let held = try HeldLock(output: folder.url.appending(path: "Feeds"))
        // Signal 0 sends nothing: the step only releases the lock once the build said it waits.
        let release = ChildProcess.Signalling(
            0, whenPrinted: { _, errors in errors.contains("waiting for the output lock") }, before: { held.release() })
        let outcome: ChildProcess.Outcome
        do {
            outcome = try await ChildProcess.run(
                program, ["build"],
                environment: ChildProcess.loopbackEnvironment(overrides: [
                    "NEWSAPI_KEY": BuildWorkspace.apiKey, "NEWSAPI_BASE_URL": stub.baseURLString,
                ]), workingDirectory: folder.url, timeout: .seconds(60), signals: [release])
        } catch {
            held.release()
            await stub.stop()
            throw error
        }
        held.release()
        await stub.stop()
        #expect(!outcome.timedOut && outcome.status == 0, "\(outcome.summary)")
        let waiting = outcome.errorText.split(separator: "\n").filter { $0.contains("waiting for the output lock") }
        #expect(
            waiting == [
                "newsfeed build: waiting for the output lock \(held.path), held by PID \(getpid()); giving up after 120 s"
            ], "\(outcome.errorText)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appending(path: "Feeds/us/health.rss").path))
    }
}

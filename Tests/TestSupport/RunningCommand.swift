import Foundation
import NewsFeedCLI
import Synchronization

/// One `newsfeed` command running in-process exactly as the executable runs it, with
/// captured output and a ``StopSignal`` the test fires: how `serve` and `demo` are
/// driven without a child process.
package final class RunningCommand: Sendable {
    /// Raised when the command's output never shows what a test waits for.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package let standardOutput: TextCapture
    package let standardError: TextCapture
    package let stopSignal = StopSignal()
    /// What SIGHUP fires in the real tool: ``ReloadRequests/request()`` asks for a reload, and
    /// `reloadRequests.wakeup.fire()` alone ends a sleep between refreshes as its timer would.
    package let reloadRequests = ReloadRequests()
    private let exitStatus = ExitStatusBox()
    private let task: Task<Int32, Never>

    /// Starts `newsfeed <arguments>` in `workingDirectory`.
    package init(
        _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let (output, outputCapture) = TextOutput.capture()
        let (errors, errorCapture) = TextOutput.capture()
        standardOutput = outputCapture
        standardError = errorCapture
        let context = CommandContext(
            arguments: arguments, environment: environment, workingDirectory: workingDirectory,
            standardOutput: output, standardError: errors, stopSignal: stopSignal, clock: clock,
            reloadRequests: reloadRequests)
        let exitStatus = self.exitStatus
        task = Task {
            let status = await NewsFeedCLI.run(context)
            exitStatus.value.withLock { $0 = status }
            return status
        }
    }

    /// Runs a command that ends by itself and returns its exit status and output.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL
    ) async -> (status: Int32, output: String, errors: String) {
        let command = RunningCommand(arguments, environment: environment, workingDirectory: workingDirectory)
        let status = await command.exit()
        return (status, command.standardOutput.text, command.standardError.text)
    }

    /// The exit status once the command has ended by itself.
    package var exitStatusIfEnded: Int32? { exitStatus.value.withLock { $0 } }

    /// Waits for the first line containing `text` on stdout (or stderr) and returns it;
    /// fails when the command ends first or `timeout` passes.
    package func line(
        containing text: String, onStandardError: Bool = false, timeout: Duration = .seconds(60)
    ) async throws -> String {
        let capture = onStandardError ? standardError : standardOutput
        let deadline = ContinuousClock.now + timeout
        while true {
            let lines = capture.text.split(separator: "\n", omittingEmptySubsequences: true)
            if let line = lines.first(where: { $0.contains(text) }) { return String(line) }
            if let status = exitStatusIfEnded {
                throw Failure(description: "ended with \(status) before printing \"\(text)\"; \(transcript)")
            }
            if ContinuousClock.now >= deadline {
                throw Failure(description: "no line with \"\(text)\" within \(timeout); \(transcript)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits until stdout holds `count` lines satisfying `matches`, and returns them.
    package func lines(
        count: Int, timeout: Duration = .seconds(60), where matches: (Substring) -> Bool
    ) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = standardOutput.text.split(separator: "\n").filter(matches).map(String.init)
            if found.count >= count { return found }
            if ContinuousClock.now >= deadline {
                throw Failure(description: "\(found.count) of \(count) expected lines within \(timeout); \(transcript)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// The folder and address a `serve` announces in `serving DIR at URL`.
    package func servingAnnouncement() async throws -> (directory: String, address: URL) {
        let line = try await line(containing: "serving ")
        guard let marker = line.range(of: " at ", options: .backwards),
            let address = URL(string: String(line[marker.upperBound...]).trimmingCharacters(in: .whitespaces)),
            address.port != nil
        else { throw Failure(description: "no address in \"\(line)\"") }
        let directory = line[..<marker.lowerBound].dropFirst("serving ".count)
        return (String(directory), address)
    }

    /// The address a `serve` announces in `serving DIR at URL`.
    package func servingURL() async throws -> URL {
        try await servingAnnouncement().address
    }

    /// Fires the stop signal and returns the exit status.
    package func stop() async -> Int32 {
        stopSignal.fire()
        return await task.value
    }

    /// The exit status of a command that ends by itself.
    package func exit() async -> Int32 { await task.value }

    /// Both outputs, for failure messages.
    package var transcript: String {
        "stdout: \(standardOutput.text.suffix(1500)) stderr: \(standardError.text.suffix(1500))"
    }
}

/// The exit status, shared between the command's task and the test.
private final class ExitStatusBox: Sendable {
    let value = Mutex<Int32?>(nil)
}

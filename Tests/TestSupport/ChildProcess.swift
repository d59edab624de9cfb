import Foundation
import Synchronization

/// A program run to completion under a deadline with its output captured: the real
/// feed readers of the end-to-end tests. Waiting happens on a thread of its own,
/// never in the cooperative pool the in-process server needs.
package enum ChildProcess {
    /// How a run ended.
    package struct Outcome: Sendable {
        package var status: Int32
        package var standardOutput: Data
        package var standardError: Data
        /// True when the deadline passed and the program was terminated.
        package var timedOut: Bool

        package var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
        package var errorText: String { String(decoding: standardError, as: UTF8.self) }

        /// One line for a failed expectation: status, timeout and the end of stderr.
        package var summary: String {
            let tail = errorText.suffix(600).trimmingCharacters(in: .whitespacesAndNewlines)
            return "exit \(status)\(timedOut ? " (timed out)" : ""); stderr: \(tail.isEmpty ? "(empty)" : tail)"
        }
    }

    /// Proxy variables: the children talk only to 127.0.0.1, and a proxy would
    /// send that traffic elsewhere (or nowhere).
    package static let proxyVariables = [
        "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "ftp_proxy", "FTP_PROXY",
    ]

    /// `base` without proxies, with `no_proxy` covering loopback, and `overrides` applied.
    package static func loopbackEnvironment(
        base: [String: String] = ProcessInfo.processInfo.environment, overrides: [String: String] = [:]
    ) -> [String: String] {
        var environment = base
        for name in proxyVariables { environment[name] = nil }
        environment["no_proxy"] = "127.0.0.1,localhost"
        environment["NO_PROXY"] = "127.0.0.1,localhost"
        environment.merge(overrides) { _, override in override }
        return environment
    }

    /// The first executable called `name` on `PATH`, or nil.
    package static func findExecutable(
        _ name: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Runs `executable` and returns once it exits, or terminates it after `timeout`.
    ///
    /// With `closingOutputAfter` (or `closingErrorsAfter`), that pipe's reading end is closed once
    /// that many bytes have arrived (0: at once), as `head -c N` does: the child's later writes
    /// there fail with EPIPE.
    package static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String], workingDirectory: URL? = nil,
        timeout: Duration = .seconds(20), closingOutputAfter outputLimit: Int? = nil,
        closingErrorsAfter errorLimit: Int? = nil, signal: Signalling? = nil, signals: [Signalling] = []
    ) async throws -> Outcome {
        try await onOwnThread {
            try runBlocking(
                executable, arguments, environment: environment, workingDirectory: workingDirectory, timeout: timeout,
                outputLimit: outputLimit, errorLimit: errorLimit, signals: (signal.map { [$0] } ?? []) + signals)
        }
    }

    /// A signal to send the child once `when` holds (checked every 10 ms while it runs); with
    /// several, each in turn, once the one before was sent.
    package struct Signalling: Sendable {
        package var number: Int32
        package var when: @Sendable () -> Bool
        /// With the child's stdout and stderr so far: must hold too.
        package var whenPrinted: @Sendable (_ output: String, _ errors: String) -> Bool
        /// Done right before the signal is sent (rewriting a config before SIGHUP).
        package var before: @Sendable () -> Void

        package init(
            _ number: Int32, when: @escaping @Sendable () -> Bool = { true },
            whenPrinted: @escaping @Sendable (String, String) -> Bool = { _, _ in true },
            before: @escaping @Sendable () -> Void = {}
        ) {
            self.number = number
            self.when = when
            self.whenPrinted = whenPrinted
            self.before = before
        }
    }

    private static func runBlocking(
        _ executable: URL, _ arguments: [String], environment: [String: String], workingDirectory: URL?,
        timeout: Duration, outputLimit: Int?, errorLimit: Int?, signals: [Signalling]
    ) throws -> Outcome {
        let output = Pipe()
        let errors = Pipe()
        let child = try SpawnedProgram(
            executable, arguments, environment: environment, workingDirectory: workingDirectory,
            output: output.fileHandleForWriting.fileDescriptor, errors: errors.fileHandleForWriting.fileDescriptor)
        // The child holds its own copies of the writing ends: closing ours lets the drains see the end.
        try output.fileHandleForWriting.close()
        try errors.fileHandleForWriting.close()

        // Both pipes are drained at once so a chatty child never blocks on a full pipe.
        let outputData = PipeDrain(output.fileHandleForReading, closingAfter: outputLimit)
        let errorData = PipeDrain(errors.fileHandleForReading, closingAfter: errorLimit)
        let deadline = ContinuousClock.now + timeout
        var timedOut = false
        var pendingSignals = signals[...]
        var status = child.exitStatusIfEnded()
        while status == nil {
            if let signal = pendingSignals.first, signal.when(),
                signal.whenPrinted(outputData.textSoFar, errorData.textSoFar)
            {
                signal.before()
                child.send(signal.number)
                pendingSignals.removeFirst()
            }
            if ContinuousClock.now >= deadline {
                timedOut = true
                child.send(SIGTERM)
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
            status = child.exitStatusIfEnded()
        }
        let exitStatus = status ?? child.exitStatus(killingAfter: .seconds(5))
        return Outcome(
            status: exitStatus, standardOutput: outputData.wait(), standardError: errorData.wait(),
            timedOut: timedOut)
    }
}

/// Reads a pipe to its end (or, with a limit, until that many bytes came, then closes it) on a
/// thread of its own.
private final class PipeDrain: Sendable {
    private let collected = Mutex<Data?>(nil)
    private let soFar = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle, closingAfter limit: Int? = nil) {
        Thread { [self] in
            var data = Data()
            if let limit {
                while data.count < limit {
                    let more = handle.availableData
                    if more.isEmpty { break }
                    data.append(more)
                }
                try? handle.close()
            } else {
                // In pieces, so a test can wait for a line while the child runs.
                while true {
                    let more = handle.availableData
                    if more.isEmpty { break }
                    data.append(more)
                    soFar.withLock { $0.append(more) }
                }
            }
            collected.withLock { $0 = data }
            done.signal()
        }.start()
    }

    /// What arrived so far (without a limit), as text.
    var textSoFar: String { String(decoding: soFar.withLock { $0 }, as: UTF8.self) }

    /// Everything the pipe carried, once its writer has closed it.
    func wait() -> Data {
        done.wait()
        return collected.withLock { $0 ?? Data() }
    }
}

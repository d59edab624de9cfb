import FeedOutput
import Foundation

/// Everything a command takes from its surroundings, injected so commands run
/// in-process in tests exactly as in the real tool.
public struct CommandContext: Sendable {
    /// The arguments after the program name.
    public var arguments: [String]
    public var environment: [String: String]
    public var workingDirectory: URL
    public var standardOutput: TextOutput
    public var standardError: TextOutput
    /// Reads standard input to its end, or its first `limit` bytes when a limit is given (`extract -` reads one
    /// byte past its page cap, so a page from a pipe is held to the cap as a page from a file is).
    public var readStandardInput: @Sendable (_ limit: Int?) -> Data
    /// Resolves when the command should stop (SIGINT/SIGTERM in the real tool).
    public var stopSignal: StopSignal
    /// The current time; fixed in tests.
    public var clock: @Sendable () -> Date
    /// Requests to reload the config (SIGHUP in the real tool), for `serve`.
    public var reloadRequests: ReloadRequests
    /// How long a writer waits for an output lock another process holds before it gives up
    /// (``LockWaiting/defaultLimit``; tests shorten it).
    public var lockWaitLimit: Duration = LockWaiting.defaultLimit

    public init(
        arguments: [String], environment: [String: String] = [:],
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        standardOutput: TextOutput, standardError: TextOutput,
        readStandardInput: @escaping @Sendable (_ limit: Int?) -> Data = { _ in Data() },
        stopSignal: StopSignal = StopSignal(),
        clock: @escaping @Sendable () -> Date = { Date() }, reloadRequests: ReloadRequests = ReloadRequests()
    ) {
        self.arguments = arguments
        self.environment = environment
        self.workingDirectory = workingDirectory
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readStandardInput = readStandardInput
        self.stopSignal = stopSignal
        self.clock = clock
        self.reloadRequests = reloadRequests
    }
}

extension CommandContext {
    /// How `command`'s writers wait for the output lock: one line on stderr after a second,
    /// then give up after ``lockWaitLimit``.
    package func lockWaiting(command: String) -> LockWaiting {
        let errors = standardError
        return LockWaiting(
            notice: LockWaiting.once { line in errors.line("newsfeed \(command): \(line)") }, limit: lockWaitLimit)
    }
}

import Foundation
import NewsFeedCLI

/// One in-process run of `newsfeed`: its exit status and everything it printed.
package struct CommandRun: Sendable {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String

    /// The non-empty lines of standard output.
    package var outputLines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    /// The non-empty lines of standard error.
    package var errorLines: [String] { standardError.split(separator: "\n").map(String.init) }

    /// Runs `newsfeed <arguments>` through ``NewsFeedCLI/run(_:)`` with captured output;
    /// `terminal` makes both outputs claim to be a terminal.
    package static func run(
        _ arguments: [String], environment: [String: String] = [:], workingDirectory: URL,
        clock: @escaping @Sendable () -> Date = { testNow }, standardInput: Data = Data(), terminal: Bool = false
    ) async -> CommandRun {
        let (output, outputCapture) = TextOutput.capture(isTerminal: terminal)
        let (errors, errorCapture) = TextOutput.capture(isTerminal: terminal)
        let context = CommandContext(
            arguments: arguments, environment: environment, workingDirectory: workingDirectory,
            standardOutput: output, standardError: errors,
            readStandardInput: { limit in limit.map { standardInput.prefix($0) } ?? standardInput }, clock: clock)
        let status = await NewsFeedCLI.run(context)
        return CommandRun(status: status, standardOutput: outputCapture.text, standardError: errorCapture.text)
    }
}

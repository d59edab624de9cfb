import Foundation
import NewsFeedCLI

/// One in-process `newsfeed …` invocation: its exit status and everything it printed.
package struct CLIRun: Sendable {
    package var status: Int32
    package var standardOutput: String
    package var standardError: String

    /// The lines written to standard error (without the final empty one).
    package var errorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Runs `newsfeed arguments…` in `folder` exactly as the executable would, with output captured.
    package static func newsfeed(
        _ arguments: [String], in folder: URL, environment: [String: String] = [:], clock: Date,
        stopSignal: StopSignal = StopSignal(), standardOutput: (TextOutput, TextCapture) = TextOutput.capture()
    ) async -> CLIRun {
        let (errors, errorText) = TextOutput.capture()
        let context = CommandContext(
            arguments: arguments, environment: environment, workingDirectory: folder,
            standardOutput: standardOutput.0, standardError: errors, stopSignal: stopSignal, clock: { clock })
        let status = await NewsFeedCLI.run(context)
        return CLIRun(status: status, standardOutput: standardOutput.1.text, standardError: errorText.text)
    }
}

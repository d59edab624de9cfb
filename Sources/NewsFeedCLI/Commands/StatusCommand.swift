import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import NewsModel

/// `newsfeed status [--config PATH] [--json] [--check]`: every feed's freshness and the
/// quota, from the state and the output folder only (no key needed, no network, no lock).
package enum StatusCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.status.parser }

    package static func run(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.status))
        let config = try context.loadConfig(parsed)
        let report: StatusReport
        do {
            report = try make(config: config, now: context.clock(), environment: context.environment)
        } catch {
            context.standardError.line("newsfeed status: \(error.description)")
            return .failure
        }
        if parsed.has("--check") {
            let problems = report.problems
            for problem in problems { context.standardOutput.line(problem) }
            return problems.isEmpty ? .ok : .failure
        }
        if parsed.has("--json") {
            context.standardOutput.write(report.json)
        } else {
            for line in report.lines { context.standardOutput.line(line) }
        }
        return .ok
    }

    /// The report for `config` at `now`, with the key `environment` holds.
    package static func make(config: NewsFeedConfig, now: Date, environment: [String: String]) throws(OutputError)
        -> StatusReport
    {
        try StatusReport.load(config: config, now: now, apiKey: NewsAPIClientFactory.key(in: environment))
    }
}

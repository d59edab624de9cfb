import FeedOutput
import FeedWatch
import Foundation
import HTTPFetching
import NewsModel

/// `newsfeed watch [--config PATH] [--interval DURATION] [--once] [--concurrency N] [--json] [--quiet]
/// [--allow-private]`: one round (for cron) or rounds every DURATION until stopped.
package enum WatchCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.watch.parser }

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.watch))
        var interval: WatchDuration?
        if let text = parsed.value("--interval") {
            do {
                interval = try WatchDuration(parsing: text, label: "--interval")
            } catch {
                throw context.exit(.usage, "newsfeed watch: \(error.description)")
            }
            // A zero interval would run rounds back to back without pause.
            guard let interval, interval.milliseconds > 0 else {
                throw context.exit(.usage, "newsfeed watch: --interval \(text) must be longer than 0s")
            }
        }
        // Every usage error is reported before the config is read.
        let concurrency = parsed.wholeNumber("--concurrency")
        let config = try context.loadConfig(parsed)
        // An output folder watch cannot write is a configuration problem, worded and exited as in build.
        if FileManager.default.fileExists(atPath: config.output.path) {
            do {
                try OutputFolder(root: config.output).prepare()
            } catch {
                throw context.exit(.configuration, "newsfeed watch: \(error.description)")
            }
        }
        var settings = config.watch
        if let concurrency { settings.concurrency = concurrency }
        // The config's top-level "allowPrivate" is the default; --allow-private says the same for one run.
        let policy: any AddressPolicy =
            parsed.has("--allow-private") || config.allowPrivate ? AllowAllAddressPolicy() : PublicAddressPolicy()
        var watcher = FeedWatcher(config: config, settings: settings, policy: policy, clock: context.clock)
        watcher.lockWaiting = context.lockWaiting(command: "watch")
        let json = parsed.has("--json")
        let quiet = parsed.has("--quiet")

        while true {
            guard let interval else { return try await runRound(watcher, json: json, quiet: quiet, context: context) }
            // Repeating: a round that could not run is reported, and the next one tries again.
            _ = try? await runRound(watcher, json: json, quiet: quiet, context: context)
            // SIGTERM stops between rounds, never inside one.
            if await context.stopSignal.wait(for: interval.duration) { return .ok }
        }
    }

    /// Runs one round and prints its report; exit 0 when the round ran (dead images are findings). With `json`,
    /// every round prints one document, a refused one `{"refused": {"reason": …}}` (and the one line on stderr).
    private static func runRound(_ watcher: FeedWatcher, json: Bool, quiet: Bool, context: CommandContext)
        async
        throws(CommandExit) -> ExitCode
    {
        let reason: String
        do {
            let report = try await watcher.runRound()
            if json {
                let data = try report.json(quiet: quiet)
                context.standardOutput.line(String(decoding: data, as: UTF8.self))
            } else {
                context.standardOutput.write(report.text(quiet: quiet))
            }
            return .ok
        } catch let error as WatchError {
            reason = error.description
        } catch {
            reason = "\(error)"
        }
        if json {
            context.standardOutput.line(String(decoding: WatchReport.refusalJSON(reason: reason), as: UTF8.self))
        }
        throw context.exit(.failure, "newsfeed watch: \(reason)")
    }
}

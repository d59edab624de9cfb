import FeedOutput
import Foundation
import NewsModel

/// `newsfeed websub list [--config PATH]`, `newsfeed websub remove CALLBACK [--config PATH]`: the subscriptions
/// `serve`'s WebSub hub keeps in `<output>/.newsfeed/websub.json`.
package enum WebSubCommand {
    static var listParser: ArgumentParser { CommandTable.websub.actions[0].parser }
    static var removeParser: ArgumentParser { CommandTable.websub.actions[1].parser }

    static let missingAction = "newsfeed websub: say list or remove (see `newsfeed help websub`)"

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        guard let verb = context.arguments.first else { throw context.exit(.usage, missingAction) }
        var rest = context
        rest.arguments.removeFirst()
        switch verb {
        case "list": return try list(rest)
        case "remove": return try remove(rest)
        case "--help", "-h":
            context.standardOutput.line(CommandHelp.text(for: CommandTable.websub))
            return .ok
        case let option where option.hasPrefix("-"):
            throw context.exit(.usage, missingAction)
        default:
            throw context.exit(
                .usage, "newsfeed websub: unknown action \"\(verb)\" (list or remove; see `newsfeed help websub`)")
        }
    }

    static func store(_ config: NewsFeedConfig) -> WebSubStore {
        WebSubStore(stateFolder: OutputFolder(root: config.output).stateFolder)
    }

    /// `reader.example  https://news.example/us/health.rss  until 2026-12-15 10:00 UTC  https://reader.example/cb`.
    static func list(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try listParser.parse(context, help: CommandHelp.text(for: CommandTable.websub))
        let config = try context.loadConfig(parsed)
        let loaded: WebSubStore.Loaded
        do {
            loaded = try store(config).load(now: context.clock())
        } catch {
            throw context.exit(.failure, "newsfeed websub list: \(error.description)")
        }
        if let warning = loaded.warning { context.standardError.line("newsfeed websub: warning: \(warning)") }
        let now = context.clock()
        let active = loaded.registry.subscriptions.filter { $0.leaseEnd > now }
        if active.isEmpty {
            context.standardOutput.line("no WebSub subscriptions")
            return .ok
        }
        for subscription in active {
            context.standardOutput.line(
                "\(subscription.callbackHost)  \(subscription.topic)  until \(Self.utc(subscription.leaseEnd))  "
                    + Self.withoutQuery(subscription.callback))
        }
        return .ok
    }

    static func remove(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try removeParser.parse(context, help: CommandHelp.text(for: CommandTable.websub))
        let given = parsed.positionals[0]
        let config = try context.loadConfig(parsed)
        let removed: Int
        do {
            removed = try store(config).update(now: context.clock()) { registry in
                let matching = Set(
                    registry.subscriptions.map(\.callback).filter { $0 == given || Self.withoutQuery($0) == given })
                return matching.reduce(0) { $0 + registry.remove(callback: $1) }
            }.result
        } catch {
            throw context.exit(.failure, "newsfeed websub remove: \(error.description)")
        }
        guard removed > 0 else { throw context.exit(.failure, "newsfeed websub remove: no subscription of \(given)") }
        context.standardOutput.line(
            "removed \(removed) subscription\(removed == 1 ? "" : "s") of \(given); a running serve stops delivering to it within seconds"
        )
        return .ok
    }

    /// `2026-12-15 10:00 UTC`.
    static func utc(_ date: Date) -> String {
        date.formatted(
            Date.VerbatimFormatStyle(
                format:
                    "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits) \(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
                timeZone: TimeZone(identifier: "UTC") ?? .gmt, calendar: Calendar(identifier: .gregorian))) + " UTC"
    }

    /// `https://reader.example/cb` for `https://reader.example/cb?token=…`.
    static func withoutQuery(_ callback: String) -> String {
        String(callback.prefix { $0 != "?" })
    }
}

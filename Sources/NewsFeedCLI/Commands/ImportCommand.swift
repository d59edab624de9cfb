import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// `newsfeed import FILE.opml|- [--config PATH] [--dry-run]`: one `feed` entry per subscription of an OPML export,
/// appended to the config's `feeds`; the rest of the config stays as it was, byte for byte.
package enum ImportCommand {
    package static func run(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try CommandTable.importCommand.parser.parse(
            context, help: CommandHelp.text(for: CommandTable.importCommand))
        let input = parsed.positionals[0]
        let name = input == "-" ? "stdin" : input
        let configPath = parsed.value("--config") ?? ConfigLoader.defaultFileName
        let config = try context.loadConfig(parsed)
        let configURL = ConfigLoader.resolve(configPath, against: context.workingDirectory)

        let opml: Data
        if input == "-" {
            opml = context.readStandardInput(nil)
        } else {
            let url = ConfigLoader.resolve(input, against: context.workingDirectory)
            do {
                opml = try Data(contentsOf: url)
            } catch {
                throw context.exit(
                    .failure, "newsfeed import: \(input): cannot read: \(ConvertCommand.readFailure(url))")
            }
        }
        let subscriptions: [OPMLSubscription]
        do {
            subscriptions = try OPMLSubscriptions.read(opml)
        } catch {
            throw context.exit(.failure, "newsfeed import: \(name): \(error.description)")
        }

        let plan = ImportPlan(subscriptions, existing: config.feeds)
        if parsed.has("--dry-run") {
            for entry in plan.entries { context.standardOutput.line(entry) }
            context.standardOutput.line("\(plan.summary(added: "would add")); \(configPath) not changed (--dry-run)")
            return .ok
        }
        guard !plan.entries.isEmpty else {
            context.standardOutput.line("\(plan.summary(added: "added")); \(configPath) not changed")
            return .ok
        }
        let text: String
        do {
            text = try ConfigFeedAppender.appending(
                plan.entries, to: try String(contentsOf: configURL, encoding: .utf8))
        } catch let failure as ConfigFeedAppender.Failure {
            throw context.exit(.configuration, "newsfeed import: \(configPath): \(failure.description); not changed")
        } catch {
            throw context.exit(.configuration, "newsfeed import: \(configPath): cannot read it as UTF-8; not changed")
        }
        // The new config must load as the old one did: a combination the loader refuses is never written.
        do {
            _ = try ConfigLoader.parse(
                Data(text.utf8), path: configPath, folder: configURL.deletingLastPathComponent())
        } catch {
            throw context.exit(
                .failure, "newsfeed import: the imported entries would make the config invalid (\(error)); not changed")
        }
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: configURL)
        } catch {
            throw context.exit(.failure, "newsfeed import: \(configPath): \(error.description); not changed")
        }
        context.standardOutput.line("\(plan.summary(added: "added")) to \(configPath)")
        return .ok
    }
}

/// What an import adds and skips: the subscriptions not in the config yet, once each, as config entries.
struct ImportPlan {
    /// `{"feed": "…", "title": "…"}`, one per subscription to add, in the export's order.
    var entries: [String] = []
    /// Subscriptions whose feed the config already has.
    var known = 0
    /// Subscriptions the export lists again (the same feed in two folders).
    var repeated = 0
    /// Subscriptions whose `xmlUrl` is no absolute http(s) URL.
    var unusable = 0

    init(_ subscriptions: [OPMLSubscription], existing: [FeedSpec]) {
        // A source of a merged feed is in the config too.
        let configured = Set(existing.flatMap { $0.kind.feedURLs.map(Self.key) })
        var seen: Set<String> = []
        for subscription in subscriptions {
            guard let url = URL(string: subscription.url), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
            else {
                unusable += 1
                continue
            }
            let key = Self.key(url)
            guard !configured.contains(key) else {
                known += 1
                continue
            }
            guard seen.insert(key).inserted else {
                repeated += 1
                continue
            }
            var entry = "{\"feed\": \(Self.quoted(subscription.url))"
            if let title = subscription.title { entry += ", \"title\": \(Self.quoted(title))" }
            entries.append(entry + "}")
        }
    }

    /// `added 3 feeds, skipped 2 (already in the config)`.
    func summary(added verb: String) -> String {
        var skipped: [String] = []
        if known > 0 { skipped.append("\(known) already in the config") }
        if repeated > 0 { skipped.append("\(repeated) listed twice in the file") }
        if unusable > 0 { skipped.append("\(unusable) not an http(s) address") }
        let count = entries.count == 1 ? "1 feed" : "\(entries.count) feeds"
        return "\(verb) \(count), skipped \(known + repeated + unusable)"
            + (skipped.isEmpty ? "" : " (\(skipped.joined(separator: ", ")))")
    }

    /// The same feed whatever the case of its scheme and host, a default port, a trailing slash or a fragment.
    static func key(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url.absoluteString }
        parts.scheme = parts.scheme?.lowercased()
        parts.host = parts.host?.lowercased()
        if (parts.scheme == "http" && parts.port == 80) || (parts.scheme == "https" && parts.port == 443) {
            parts.port = nil
        }
        parts.fragment = nil
        while parts.path.count > 1 && parts.path.hasSuffix("/") { parts.path.removeLast() }
        if parts.path == "/" { parts.path = "" }
        return parts.string ?? url.absoluteString
    }

    /// `value` as a JSON string.
    private static func quoted(_ value: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

import FeedBuild
import FeedServe
import Foundation
import HTTPServing
import NewsModel

/// `newsfeed serve [--dir DIR] [--host 127.0.0.1] [--port 8080] [--config PATH] [--refresh] [--quiet]`.
package enum ServeCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.serve.parser }

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.serve))
        let listen = try context.listenHost(parsed, command: "serve")
        let port = context.port(parsed)

        // A config is used when named, or when ./newsfeed.json exists.
        let namedConfig = parsed.value("--config")
        let configPath = namedConfig ?? ConfigLoader.defaultFileName
        let configURL = ConfigLoader.resolve(configPath, against: context.workingDirectory)
        var config: NewsFeedConfig?
        if namedConfig != nil || FileManager.default.fileExists(atPath: configURL.path) {
            do {
                config = try ConfigLoader.load(path: configPath, workingDirectory: context.workingDirectory)
            } catch {
                throw context.exit(.configuration, error.description)
            }
        }
        let dirURL = parsed.value("--dir").map { ConfigLoader.resolve($0, against: context.workingDirectory) }
        let directory = dirURL ?? config?.output ?? ConfigLoader.resolve("Feeds", against: context.workingDirectory)
        // The refresher writes into the config's output: serving any other folder would serve none of it.
        if parsed.has("--refresh"), let config, let dirURL, !Self.sameFolder(dirURL, config.output) {
            throw context.exit(
                .usage,
                "newsfeed serve: --refresh builds into \(display(config.output, context)) (the output of "
                    + "\(configPath)), not into --dir \(display(dirURL, context)); drop --dir or set \"output\" "
                    + "in the config")
        }
        // Said once the server is up (a port in use stays the only line).
        var notes: [String] = []
        if let loaded = config, let dirURL, !Self.sameFolder(dirURL, loaded.output) {
            if namedConfig == nil {
                // An unrelated ./newsfeed.json says nothing true about this folder.
                notes.append(
                    "newsfeed serve: note: ./\(ConfigLoader.defaultFileName) is for \(display(loaded.output, context)), "
                        + "not \(display(dirURL, context)); serving \(display(dirURL, context)) without a config")
                config = nil
            } else {
                notes.append(
                    "newsfeed serve: note: --dir \(display(dirURL, context)) is not the output of \(configPath) "
                        + "(\(display(loaded.output, context))); /status reports \(display(dirURL, context)) "
                        + "against that config's feeds")
            }
        }
        // The config is followed for the life of the server: SIGHUP reloads it, a changed file is
        // noticed at the next refresh.
        let reloader = config.map {
            ConfigReloader(path: configPath, workingDirectory: context.workingDirectory, config: $0)
        }
        var refresher: BackgroundRefresher?
        if parsed.has("--refresh") {
            guard let config else {
                context.standardError.line(
                    "newsfeed serve: --refresh needs a config: \(configPath) not found (create one with `newsfeed init`)"
                )
                return .configuration
            }
            do {
                let builder = try makeBuilder(config, context: context)
                refresher = BackgroundRefresher(
                    builder: builder, apiKey: NewsAPIClientFactory.key(in: context.environment)
                ) { report in
                    printRefresh(report, context: context, quiet: parsed.has("--quiet"))
                    // Outside hubs as the config says now (a reload may have changed them).
                    publish(report, config: reloader?.config ?? config, context: context)
                }
            } catch {
                throw context.exit(.configuration, "newsfeed serve: \(error.description)")
            }
        }
        if refresher != nil {
            // Only the config's output is ever created: the refresher is about to write there.
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } else if !FileManager.default.fileExists(atPath: directory.path) {
            throw context.exit(
                .failure,
                "newsfeed serve: \(directory.path) does not exist: no feed has been built yet; run `newsfeed build` "
                    + "first, or use `newsfeed serve --refresh` to build while serving")
        }
        let firstFeed = SiteMismatch.firstFeed(in: directory)
        let hasFeeds = firstFeed != nil
        if refresher == nil && !hasFeeds {
            notes.append(
                "newsfeed serve: warning: \(directory.path) holds no feeds yet; run `newsfeed build` first, "
                    + "or use `newsfeed serve --refresh` to build while serving")
        }
        // Links are only wrong in feeds that exist, or that the refresher is about to write.
        let feedsSite =
            hasFeeds || refresher != nil
            ? config?.site ?? firstFeed.flatMap(SiteMismatch.site(ofFeed:)) : nil
        // A folder `demo` wrote has no config: its links are put right by the demo, not by a config's "site".
        let isDemo =
            config == nil && FileManager.default.fileExists(atPath: directory.appending(path: DemoCommand.marker).path)
        let servedText = parsed.value("--dir") ?? "Feeds"
        let remedy: SiteMismatch.Remedy =
            isDemo
            ? .rebuildDemo(
                output: servedText == DemoCommand.defaultOutput ? nil : servedText, host: parsed.value("--host"))
            : .setSiteAndBuild
        return try await serve(
            directory: directory, host: listen.address, port: port, site: config?.site, quiet: parsed.has("--quiet"),
            refresher: refresher, config: config, reloader: reloader, context: context, displayHost: listen.display,
            announce: { server in
                for note in notes { context.standardError.line(note) }
                if let mismatch = SiteMismatch.check(
                    feedsSite: feedsSite, listeningAddress: listen.address, boundPort: server.port,
                    serverURL: server.listeningURL, remedy: remedy)
                {
                    context.standardError.line("newsfeed serve: warning: \(mismatch)")
                }
                context.standardOutput.line("serving \(directory.path) at \(server.listeningURL.absoluteString)")
                context.standardOutput.line("  feeds index: \(server.listeningURL.absoluteString)")
                context.standardOutput.line("  subscribe to all: \(server.listeningURL.absoluteString)feeds.opml")
                if let hub = config?.websub, hub.hub, let site = config?.site {
                    context.standardOutput.line(
                        "  WebSub hub: \(site.appending(path: WebSubSettings.endpointPath).absoluteString)")
                }
                context.standardOutput.line("stop with Ctrl-C")
            })
    }

    /// Serves `directory` until the stop signal; shared by `serve` and `demo`.
    package static func serve(
        directory: URL, host: String, port: Int, site: URL?, quiet: Bool, refresher: BackgroundRefresher?,
        config: NewsFeedConfig? = nil, reloader: ConfigReloader? = nil, context: CommandContext,
        displayHost: String? = nil, announce: (FeedServer) -> Void
    ) async throws(CommandExit) -> ExitCode {
        // `/status` reports the folder being served, whatever the config's `output`.
        var served = config
        served?.output = directory
        let printer = quiet ? nil : AccessLogPrinter(output: context.standardOutput)
        let server: FeedServer
        do {
            server = try await FeedServer.start(
                directory: directory, host: host, port: port, site: site, accessLog: printer.map { $0.log },
                displayHost: displayHost,
                status: served.map { ($0, NewsAPIClientFactory.key(in: context.environment)) }, clock: context.clock,
                websubLog: { line in context.standardError.line(line) })
        } catch let error as HTTPServerError {
            throw context.exit(.failure, "newsfeed serve: \(error.description)")
        } catch {
            throw context.exit(.failure, "newsfeed serve: \(error)")
        }
        announce(server)
        var refresher = refresher
        var following: Task<Void, Never>?
        if let reloader {
            context.reloadRequests.listen()
            let refreshing = refresher != nil
            let reload: @Sendable () -> FeedBuilder? = {
                Self.reload(
                    reloader, directory: directory, status: server.status, quiet: quiet, refreshing: refreshing,
                    context: context)
            }
            if refresher != nil {
                refresher?.reconfigure = reload
                refresher?.wakeup = context.reloadRequests.wakeup
            } else {
                // Without --refresh only `/status` follows the config: checked every minute and on SIGHUP.
                let wakeup = context.reloadRequests.wakeup
                following = Task {
                    while !Task.isCancelled {
                        _ = await wakeup.wait(for: .seconds(60))
                        if !Task.isCancelled { _ = reload() }
                    }
                }
            }
        }
        let refreshing = refresher.map { refresher in Task { await refresher.run() } }
        await context.stopSignal.wait()
        refreshing?.cancel()
        following?.cancel()
        await server.shutdown()
        await refreshing?.value
        await following?.value
        printer?.flush()
        if !quiet { context.standardOutput.line("stopped") }
        return .ok
    }

    /// The builder of `serve --refresh` for `config`: its sources and enrichers.
    static func makeBuilder(_ config: NewsFeedConfig, context: CommandContext) throws(ConfigError) -> FeedBuilder {
        // One host-fair queue for the feed polls and the full-text pages of every refresh.
        let hostLanes = BuildEnrichers.hostLanes(for: config)
        let sources = try FeedSourcesFactory.make(
            for: config.feeds, config: config, environment: context.environment, hostLanes: hostLanes)
        var builder = FeedBuilder(
            config: config, source: sources, enrichers: BuildEnrichers.make(for: config, hostLanes: hostLanes),
            clock: context.clock)
        builder.lockWaiting = context.lockWaiting(command: "serve")
        return builder
    }

    /// Checks the config file (forced when a reload was asked for): a builder for a config that
    /// changed and loads, with `/status` switched to it; nil (and at most one line) otherwise.
    /// Without `refreshing` no builder is made: nothing asks NewsAPI, so no key is needed.
    static func reload(
        _ reloader: ConfigReloader, directory: URL, status: StatusEndpoints?, quiet: Bool, refreshing: Bool = true,
        context: CommandContext
    ) -> FeedBuilder? {
        switch reloader.check(forced: context.reloadRequests.take()) {
        case .unchanged, .stillRefused:
            return nil
        case .refused(let line):
            context.standardError.line(line)
            return nil
        case .reloaded(let config, let line):
            var builder: FeedBuilder?
            do {
                if refreshing { builder = try makeBuilder(config, context: context) }
            } catch {
                context.standardError.line(
                    "newsfeed serve: config: \(error.description); still running the previous config")
                return nil
            }
            var served = config
            served.output = directory
            status?.replaceConfig(served)
            if !quiet { context.standardOutput.line(line) }
            return builder
        }
    }

    /// Whether two folder URLs name the same folder (trailing slashes, `..` and symlinks aside).
    static func sameFolder(_ one: URL, _ other: URL) -> Bool {
        one.standardizedFileURL.resolvingSymlinksInPath().path
            == other.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// A folder as the user would type it: relative to the working directory when inside it.
    static func display(_ folder: URL, _ context: CommandContext) -> String {
        let path = folder.standardizedFileURL.path
        let base = context.workingDirectory.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) && path.count > prefix.count ? String(path.dropFirst(prefix.count)) : path
    }

    /// Tells the config's outside hubs of the feeds a refresh wrote, without holding the refresher up.
    private static func publish(_ report: BuildReport, config: NewsFeedConfig, context: CommandContext) {
        let changed = report.outcomes.filter(\.wroteFiles).map(\.spec)
        guard !config.websub.hubs.isEmpty, !changed.isEmpty else { return }
        Task {
            let topics = WebSubPublisher.topics(of: changed, config: config)
            for line in await WebSubPublisher.notify(config: config, topics: topics) {
                context.standardError.line("newsfeed serve: warning: \(line)")
            }
        }
    }

    private static func printRefresh(_ report: BuildReport, context: CommandContext, quiet: Bool) {
        for warning in report.warnings { context.standardError.line("newsfeed serve: warning: \(warning)") }
        // A refresh stopped with the server says nothing of the feeds it did not get to.
        let pauseReason = quiet ? nil : report.rateLimitPause?.reason
        for outcome in report.outcomes {
            if case .interrupted = outcome.result { continue }
            if !quiet { context.standardOutput.line("refresh: \(outcome.line(besidePauseReason: pauseReason))") }
            if outcome.failed || outcome.cameBackEmpty {
                context.standardError.line("newsfeed serve: refresh: \(outcome.line)")
            }
        }
        if !quiet, let pause = report.rateLimitPause {
            context.standardOutput.line(
                "refresh: "
                    + BuildCommand.rateLimitPauseLine(command: "serve", reason: pause.reason, until: pause.until))
        }
        if let reason = report.badKeyPauseReason {
            context.standardError.line(BuildCommand.badKeyPauseLine(command: "serve", reason: reason))
        }
    }
}

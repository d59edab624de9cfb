import FeedBuild
import FeedOutput
import FeedServe
import Foundation
import NewsModel
import Upstreams

/// `newsfeed demo [--host 127.0.0.1] [--port 8080] [--output DIR]`: the real pipeline
/// on bundled sample data, into a folder of its own, then served until stopped.
package enum DemoCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.demo.parser }

    /// A file marking a folder as the demo's, so demo never writes into real feeds.
    package static let marker = ".newsfeed/demo"

    /// The folder the demo writes when no `--output` is given.
    package static let defaultOutput = "Feeds-demo"

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.demo))
        let outputText = parsed.value("--output") ?? defaultOutput
        let output = ConfigLoader.resolve(outputText, against: context.workingDirectory)
        let folder = OutputFolder(root: output)
        let hasState = FileManager.default.fileExists(atPath: folder.stateFile.path)
        let isDemo = FileManager.default.fileExists(atPath: output.appending(path: marker).path)
        if hasState && !isDemo {
            throw context.exit(
                .usage,
                "newsfeed demo: \(outputText) holds real feeds; the demo never writes there (choose another --output)")
        }
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
        if !isDemo && !existing.isEmpty {
            throw context.exit(
                .usage,
                "newsfeed demo: \(outputText) already holds other files; the demo writes only into an empty folder "
                    + "or its own (choose another --output)")
        }
        let createdFolder = !FileManager.default.fileExists(atPath: output.path)
        let listen = try context.listenHost(parsed, command: "demo")
        let host = listen.address
        let port = context.port(parsed)
        let serving = !parsed.has("--no-serve")
        if !serving && port == 0 {
            // Port 0 is only chosen when binding; --no-serve binds nothing, so the links would say :0.
            throw context.exit(
                .usage,
                "newsfeed demo: --port 0 needs the server: with --no-serve there is no port to put in the feeds' "
                    + "links; give the port you will serve them on (e.g. --port 8080)")
        }
        // A folder that cannot be written is said before anything starts, worded and exited as in `build`.
        do {
            try folder.prepare()
        } catch {
            throw context.exit(.configuration, "newsfeed demo: \(error.description)")
        }
        var server: FeedServer?
        let printer = AccessLogPrinter(output: context.standardOutput)
        var site = FeedServer.url(host: listen.display, port: port)
        if serving {
            // Bind first, so the feeds' self links and images name the real address.
            do {
                let started = try await FeedServer.start(
                    directory: output, host: host, port: port, site: nil, accessLog: printer.log,
                    displayHost: listen.display)
                server = started
                site = started.listeningURL
            } catch {
                if createdFolder { try? FileManager.default.removeItem(at: output) }
                throw context.exit(.failure, "newsfeed demo: \(error) (try --port 0 for any free port)")
            }
        }
        var config = NewsFeedConfig(site: site, output: output, feeds: SampleAnswers.demoFeeds)
        config.isSampleData = true
        do {
            try AtomicFileWriter.write(
                Data("sample feeds written by `newsfeed demo`\n".utf8), to: output.appending(path: marker))
        } catch {
            context.standardError.line("newsfeed demo: \(error.description)")
            await server?.shutdown()
            return error.isUnwritableLocation ? .configuration : .failure
        }
        context.standardOutput.line(
            "newsfeed demo: building feeds from built-in SAMPLE data (not live news; no key, no network)")
        let builder = FeedBuilder(
            config: config, source: SampleSource(), enrichers: BuildEnrichers.make(for: config), clock: context.clock)
        let status = await BuildCommand.runBuild(
            builder, specs: config.feeds, quiet: false, command: "demo", context: context)
        if context.stopSignal.isFired {
            await server?.shutdown()
            return status
        }
        context.standardOutput.line("Sample feeds are in \(output.path)")
        context.standardOutput.line(
            "Next: this folder has no config, so `watch`, `status` and `bookmark` do not apply to it; "
                + "`newsfeed init` writes one for your own feeds")
        guard let server else {
            context.standardOutput.line(
                "Built for \(site.absoluteString): serve them there with "
                    + "`newsfeed serve --dir \(outputText) \(serveArguments(host: parsed.value("--host"), port: port))`"
            )
            return status
        }
        context.standardOutput.line("Subscribe to:")
        for spec in config.feeds {
            context.standardOutput.line("  \(config.publicURL(for: spec).absoluteString)")
        }
        context.standardOutput.line("All at once (OPML): \(site.absoluteString)feeds.opml")
        context.standardOutput.line("Index: \(site.absoluteString)   (Ctrl-C stops the demo)")
        await context.stopSignal.wait()
        await server.shutdown()
        printer.flush()
        context.standardOutput.line("stopped")
        return status
    }

    /// The `--host`/`--port` a later `serve` needs to match the links (none for the defaults).
    private static func serveArguments(host: String?, port: Int) -> String {
        var words: [String] = []
        if let host { words += ["--host", host] }
        words += ["--port", String(port)]
        return words.joined(separator: " ")
    }
}

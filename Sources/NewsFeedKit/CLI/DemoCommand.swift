import Foundation

/// `newsfeed demo [--host 127.0.0.1] [--port 8080] [--output DIR]`: the real pipeline
/// on bundled sample data, into a folder of its own, then served until stopped.
enum DemoCommand {
    static let parser = ArgumentParser(
        command: "demo", options: [.value("--output"), .value("--host"), .value("--port"), .flag("--no-serve")])

    /// A file marking a folder as the demo's, so demo never writes into real feeds.
    static let marker = ".newsfeed/demo"

    static func run(_ context: CommandContext) async -> ExitCode {
        let parsed: ParsedArguments
        do {
            parsed = try parser.parse(context.arguments)
        } catch {
            context.standardError.line(error.message)
            return .usage
        }
        if parsed.wantsHelp {
            context.standardOutput.line(CommandHelp.demo)
            return .ok
        }
        let outputText = parsed.value("--output") ?? "Feeds-demo"
        let output = ConfigLoader.resolve(outputText, against: context.workingDirectory)
        let folder = OutputFolder(root: output)
        let hasState = FileManager.default.fileExists(atPath: folder.stateFile.path)
        let isDemo = FileManager.default.fileExists(atPath: output.appending(path: marker).path)
        if hasState && !isDemo {
            context.standardError.line(
                "newsfeed demo: \(outputText) holds real feeds; the demo never writes there (choose another --output)")
            return .usage
        }
        let host = parsed.value("--host") ?? "127.0.0.1"
        let portText = parsed.value("--port") ?? "8080"
        guard let port = Int(portText), (0...65_535).contains(port) else {
            context.standardError.line("newsfeed demo: --port \(portText) is not a port number (0-65535)")
            return .usage
        }
        let site = URL(string: "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/") ?? NewsFeedConfig.defaultSite
        let config = NewsFeedConfig(site: site, output: output, feeds: SampleHeadlines.feeds)
        do {
            try AtomicFileWriter.write(Data("sample feeds written by `newsfeed demo`\n".utf8), to: output.appending(path: marker))
        } catch {
            context.standardError.line(error.description)
            return .failure
        }
        context.standardOutput.line("newsfeed demo: building feeds from built-in SAMPLE data (not live news; no key, no network)")
        let builder = FeedBuilder(config: config, source: SampleHeadlineSource(), clock: context.clock)
        let status = await BuildCommand.runBuild(builder, specs: config.feeds, quiet: false, context: context)
        context.standardOutput.line("Sample feeds are in \(output.path):")
        for spec in config.feeds {
            context.standardOutput.line("  \(folder.fileURL(for: spec).path)")
        }
        return status
    }
}

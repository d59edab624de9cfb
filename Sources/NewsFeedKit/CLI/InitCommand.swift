import Foundation

/// `newsfeed init [--config PATH]`: writes a starter config, never over an existing file.
enum InitCommand {
    static let starterConfig = """
        {
          "site": "http://127.0.0.1:8080/",
          "output": "Feeds",
          "feeds": [
            {"country": "us", "category": "health"},
            {"search": "climate change", "language": "en", "sortBy": "publishedAt", "from": "2d"},
            {"ddg": "apple"}
          ],
          "pageSize": 100,
          "maxItems": 100,
          "maxAgeDays": 7,
          "ttl": 60,
          "defaults": {
            "title": "Untitled story",
            "source": "Unknown source",
            "description": "No description",
            "image": "bundled"
          }
        }

        """

    static let parser = ArgumentParser(command: "init", options: [.value("--config")])

    static func run(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.initCommand)
        let path = parsed.value("--config") ?? ConfigLoader.defaultFileName
        let url = ConfigLoader.resolve(path, against: context.workingDirectory)
        if FileManager.default.fileExists(atPath: url.path) {
            throw context.exit(
                .failure, "\(path): already exists; not overwritten (edit it, or choose another --config)")
        }
        do {
            try AtomicFileWriter.write(Data(starterConfig.utf8), to: url)
        } catch {
            throw context.exit(.failure, error.description)
        }
        context.standardOutput.line(
            "wrote \(path): edit its feeds, put your NewsAPI key in NEWSAPI_KEY (the ddg feed needs none), "
                + "then run `newsfeed build`")
        return .ok
    }
}

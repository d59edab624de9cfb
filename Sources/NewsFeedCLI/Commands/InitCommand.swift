import FeedOutput
import Foundation
import NewsModel

/// `newsfeed init [--config PATH]`: writes a starter config, never over an existing file.
package enum InitCommand {
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
            "image": "bundled"
          }
        }

        """

    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.initCommand.parser }

    package static func run(_ context: CommandContext) throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.initCommand))
        let path = parsed.value("--config") ?? ConfigLoader.defaultFileName
        let url = ConfigLoader.resolve(path, against: context.workingDirectory)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw context.exit(
                .failure,
                "newsfeed init: \(path) is a folder; name the config file inside it (e.g. --config "
                    + "\((path as NSString).appendingPathComponent(ConfigLoader.defaultFileName)))")
        }
        if FileManager.default.fileExists(atPath: url.path) {
            throw context.exit(
                .failure, "\(path): already exists; not overwritten (edit it, or choose another --config)")
        }
        // A mistyped folder is refused rather than created: init writes one file.
        let folder = url.deletingLastPathComponent()
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw context.exit(
                .failure,
                "newsfeed init: the folder \(folder.path) does not exist; create it first or choose another --config")
        }
        do {
            try AtomicFileWriter.write(Data(starterConfig.utf8), to: url)
        } catch {
            // The folder is there and the file is not: whatever stops a constant text from being written there
            // (permissions, a read-only file system, a full disk, or a file system such as /proc or /sys that
            // creates no files) is the location refusing, a configuration problem (78) as in every command.
            throw context.exit(.configuration, "newsfeed init: \(error.description)")
        }
        context.standardOutput.line(
            "wrote \(path): edit its feeds, and set \"site\": it must be the public URL the feeds are served at "
                + "(their self links, images, index and OPML point there; now \(NewsFeedConfig.defaultSite.absoluteString), "
                + "this machine only)")
        context.standardOutput.line(
            "then put your NewsAPI key in NEWSAPI_KEY (the ddg feed needs none) and run `newsfeed build`")
        return .ok
    }
}

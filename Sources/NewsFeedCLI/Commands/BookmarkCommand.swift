import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// `newsfeed bookmark add URL [--title T] [--note TEXT] [--config PATH]`,
/// `newsfeed bookmark list [--json] [--config PATH]`, `newsfeed bookmark remove URL|NUMBER [--config PATH]`.
///
/// The list lives in `<output>/.newsfeed/bookmarks.json`; every change happens under the
/// output lock and rewrites `<output>/bookmarks.<ext>` in every configured format, the index
/// and the OPML list at once
/// (no network).
package enum BookmarkCommand {
    static var addParser: ArgumentParser { CommandTable.bookmark.actions[0].parser }
    static var listParser: ArgumentParser { CommandTable.bookmark.actions[1].parser }
    static var removeParser: ArgumentParser { CommandTable.bookmark.actions[2].parser }

    static let missingAction = "newsfeed bookmark: say add, list or remove (see `newsfeed help bookmark`)"

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        guard let verb = context.arguments.first else { throw context.exit(.usage, missingAction) }
        var rest = context
        rest.arguments.removeFirst()
        switch verb {
        case "add": return try await add(rest)
        case "list": return try await list(rest)
        case "remove": return try await remove(rest)
        case "--help", "-h":
            context.standardOutput.line(CommandHelp.text(for: CommandTable.bookmark))
            return .ok
        case let option where option.hasPrefix("-"):
            // `bookmark --config x.json`: the action is missing, not unknown.
            throw context.exit(.usage, missingAction)
        default:
            throw context.exit(
                .usage,
                "newsfeed bookmark: unknown action \"\(verb)\" (add, list or remove; see `newsfeed help bookmark`)")
        }
    }

    // MARK: add

    package static func add(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try addParser.parse(context, help: CommandHelp.text(for: CommandTable.bookmark))
        let given = parsed.positionals[0]
        guard let url = ArticleURL.parse(given) else {
            throw context.exit(.usage, "newsfeed bookmark add: \"\(given)\" is not an absolute http(s) URL")
        }
        let title = try plain(parsed.value("--title"), option: "--title", context)
        let note = try plain(parsed.value("--note"), option: "--note", context)
        let config = try context.loadConfig(parsed)
        let output = OutputFolder(root: config.output, lockWaiting: context.lockWaiting(command: "bookmark"))
        let now = Date(timeIntervalSince1970: context.clock().timeIntervalSince1970.rounded(.down))
        try prepare(output, command: "add", context)
        let result: AddResult
        do {
            result = try await output.lock.withLock { () throws -> AddResult in
                let loaded = try output.bookmarkStore.load(now: now)
                var list = loaded.list
                if let index = list.index(of: url) {
                    return .already(number: list.bookmarks.count - index, warning: loaded.warning)
                }
                let state = try output.stateStore.load().state
                guard
                    var bookmark = Self.fromBuiltFeeds(url, config: config, output: output, state: state, now: now)
                        ?? title.map({ Bookmark(url: url, title: $0, addedAt: now) })
                else { return .needsTitle }
                if let title { bookmark.title = title }
                bookmark.note = note
                list.bookmarks.append(bookmark)
                try output.bookmarkStore.save(list)
                try BookmarkFeed.write(list, config: config, output: output, now: now)
                return .added(bookmark, warning: loaded.warning)
            }
        } catch {
            throw context.exit(exitCode(for: error), "newsfeed bookmark add: \(error)")
        }
        switch result {
        case .needsTitle:
            throw context.exit(
                .usage,
                "newsfeed bookmark add: --title is required: \(url.absoluteString) is not an item of any built feed")
        case .already(let number, let warning):
            if let warning { context.standardError.line("newsfeed bookmark: warning: \(warning)") }
            context.standardOutput.line("already bookmarked (number \(number)): \(url.absoluteString); nothing changed")
        case .added(let bookmark, let warning):
            if let warning { context.standardError.line("newsfeed bookmark: warning: \(warning)") }
            let from = bookmark.feed.map { " from \($0)" } ?? ""
            context.standardOutput.line("bookmarked\(from): \(bookmark.title) (\(url.absoluteString))")
        }
        return .ok
    }

    private enum AddResult: Sendable {
        case added(Bookmark, warning: String?)
        case already(number: Int, warning: String?)
        case needsTitle
    }

    /// The story of `url` in any configured feed's file, as a bookmark: title, source,
    /// description and its own image (not the default one), with the feed and its query.
    static func fromBuiltFeeds(
        _ url: URL, config: NewsFeedConfig, output: OutputFolder, state: BridgeState, now: Date
    ) -> Bookmark? {
        let key = url.absoluteString
        for spec in config.feeds {
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            guard let data = try? files.readHistory(),
                let snapshot = try? RSSReader().read(data, path: spec.relativePath),
                let story = snapshot.stories.first(where: { $0.link.text == key })
            else { continue }
            var image: StoryImage?
            // The story's own picture in this feed (not another feed's of the same story, nor the default image).
            let written = FeedAssembly(
                config: config, spec: spec, defaultImage: config.defaults.image.storyImage(site: config.site), now: now
            ).written(state: state)
            if let original = written.originalImage(of: story)?.absoluteString, let own = ImageURL.image(from: original)
            {
                image = story.image?.url == own.url ? story.image : own
            }
            var query: String?
            switch spec.kind {
            case .headlines: query = nil
            case .search(let search): query = search.query
            case .duckDuckGo(let text): query = text
            case .feed, .mergedFeed: query = nil
            }
            return Bookmark(
                url: story.url, title: story.title, source: story.sourceName, sourceURL: story.sourceURL,
                description: story.summary, image: image, addedAt: now, feed: spec.id, query: query)
        }
        return nil
    }

    // MARK: list

    package static func list(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try listParser.parse(context, help: CommandHelp.text(for: CommandTable.bookmark))
        let config = try context.loadConfig(parsed)
        let output = OutputFolder(root: config.output, lockWaiting: context.lockWaiting(command: "bookmark"))
        let now = context.clock()
        // A read-only command: it creates nothing (no lock, no folder) unless a broken file has to be
        // moved aside, which happens under the lock as in every writer.
        let list: BookmarkList
        do {
            if let clean = try output.bookmarkStore.read() {
                list = clean
            } else {
                let loaded = try await output.lock.withLock { try output.bookmarkStore.load(now: now) }
                if let warning = loaded.warning {
                    context.standardError.line("newsfeed bookmark: warning: \(warning)")
                }
                list = loaded.list
            }
        } catch {
            throw context.exit(.failure, "newsfeed bookmark list: \(error)")
        }
        let bookmarks = list.newestFirst
        if parsed.has("--json") {
            context.standardOutput.line(json(bookmarks))
            return .ok
        }
        if bookmarks.isEmpty {
            context.standardOutput.line("no bookmarks yet (add one with `newsfeed bookmark add URL`)")
        }
        for (offset, bookmark) in bookmarks.enumerated() {
            var line = "\(offset + 1). \(bookmark.title)"
            if let source = bookmark.source { line += " — \(source)" }
            line += " (\(timestamp(bookmark.addedAt))"
            if let feed = bookmark.feed { line += ", from \(feed)" }
            line += ")"
            context.standardOutput.line(line)
            context.standardOutput.line("   \(bookmark.url.absoluteString)")
            if let note = bookmark.note { context.standardOutput.line("   note: \(note)") }
        }
        return .ok
    }

    /// One JSON array: `number`, `url`, `title`, `source`, `addedAt`, `note`, `feed`, `query` where known.
    package static func json(_ bookmarks: [Bookmark]) -> String {
        let objects: [JSONOutput] = bookmarks.enumerated().map { offset, bookmark in
            var object: JSONOutput = [
                "number": .int(offset + 1), "url": .string(bookmark.url.absoluteString),
                "title": .string(bookmark.title), "addedAt": .string(timestamp(bookmark.addedAt)),
            ]
            let optional = [
                ("source", bookmark.source), ("note", bookmark.note), ("feed", bookmark.feed),
                ("query", bookmark.query),
            ]
            for case (let key, let value?) in optional { object = object.setting(key, .string(value)) }
            return object
        }
        return JSONOutput.array(objects).text(.pretty)
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    // MARK: remove

    package static func remove(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try removeParser.parse(context, help: CommandHelp.text(for: CommandTable.bookmark))
        let given = parsed.positionals[0]
        let number = Int(given)
        let url = number == nil ? ArticleURL.parse(given) : nil
        if number == nil, url == nil {
            throw context.exit(
                .usage, "newsfeed bookmark remove: \"\(given)\" is neither a URL nor a number from `bookmark list`")
        }
        let config = try context.loadConfig(parsed)
        let output = OutputFolder(root: config.output, lockWaiting: context.lockWaiting(command: "bookmark"))
        let now = Date(timeIntervalSince1970: context.clock().timeIntervalSince1970.rounded(.down))
        try prepare(output, command: "remove", context)
        let removed: Result<Bookmark, RemoveMiss>
        do {
            removed = try await output.lock.withLock { () throws -> Result<Bookmark, RemoveMiss> in
                let loaded = try output.bookmarkStore.load(now: now)
                var list = loaded.list
                let index: Int?
                if let number {
                    // `list` numbers the newest 1; the list is stored oldest first.
                    index = number >= 1 && number <= list.bookmarks.count ? list.bookmarks.count - number : nil
                } else {
                    index = url.flatMap(list.index(of:))
                }
                guard let index else { return .failure(RemoveMiss(count: list.bookmarks.count)) }
                let bookmark = list.bookmarks.remove(at: index)
                try output.bookmarkStore.save(list)
                try BookmarkFeed.write(list, config: config, output: output, now: now)
                return .success(bookmark)
            }
        } catch {
            throw context.exit(exitCode(for: error), "newsfeed bookmark remove: \(error)")
        }
        switch removed {
        case .success(let bookmark):
            context.standardOutput.line("removed: \(bookmark.title) (\(bookmark.url.absoluteString))")
            return .ok
        case .failure(let miss):
            let what = number.map { "no bookmark number \($0) (there are \(miss.count))" } ?? "not bookmarked: \(given)"
            throw context.exit(.failure, "newsfeed bookmark remove: \(what)")
        }
    }

    /// The output folder made ready before the lock is taken: one that cannot be written is a
    /// configuration problem (exit 78), worded as in `build`.
    private static func prepare(_ output: OutputFolder, command: String, _ context: CommandContext)
        throws(CommandExit)
    {
        do {
            try output.prepare()
        } catch {
            throw context.exit(.configuration, "newsfeed bookmark \(command): \(error.description)")
        }
    }

    /// 78 when the output folder refused the write (no permission, read-only), 1 otherwise.
    private static func exitCode(for error: any Error) -> ExitCode {
        (error as? OutputError)?.isUnwritableLocation == true ? .configuration : .failure
    }

    private struct RemoveMiss: Error {
        var count: Int
    }

    /// An option's text cleaned to plain text; a blank one is a usage error.
    private static func plain(_ text: String?, option: String, _ context: CommandContext) throws(CommandExit)
        -> String?
    {
        guard let text else { return nil }
        let plain = TextCleaner.plainText(text)
        guard !plain.isEmpty else { throw context.exit(.usage, "newsfeed bookmark add: \(option) must not be blank") }
        return plain
    }
}

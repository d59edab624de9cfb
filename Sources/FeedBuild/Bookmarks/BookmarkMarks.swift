import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// The star the HTML pages show on bookmarked stories: every page, built by `build`, healed by
/// `watch` or refreshed by `bookmark`, marks the same stories.
public enum BookmarkMarks {
    /// ★, labelled for screen readers and the tooltip.
    public static let star = ItemMark(symbol: "★", label: "Bookmarked", name: "bookmarked")

    /// The marks of `list`, keyed by article URL.
    public static func marks(of list: BookmarkList) -> [String: [ItemMark]] {
        var marks: [String: [ItemMark]] = [:]
        for bookmark in list.bookmarks { marks[bookmark.url.absoluteString] = [star] }
        return marks
    }

    /// The marks of the list saved in `output`; none when there is no list or it cannot be read
    /// (only `bookmark` moves an unreadable list aside, with a warning; a build never does).
    package static func marks(in output: OutputFolder) -> [String: [ItemMark]] {
        guard let data = try? output.readIfPresent(output.bookmarkStore.url) else { return [:] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let list = try? decoder.decode(BookmarkList.self, from: data) else { return [:] }
        return marks(of: list)
    }

    /// Renders the HTML page of every configured feed again with `list`'s stars, from the feed's
    /// history as the build renders it (``FeedAssembly/rerender(_:state:decide:)``: its articles and reader
    /// links, its cached images' copies) and with its channel and build date as the last build wrote them;
    /// no other file is touched. Call while holding the output lock.
    static func refreshPages(_ list: BookmarkList, config: NewsFeedConfig, output: OutputFolder) throws {
        guard config.formats.contains(.html) else { return }
        let marks = marks(of: list)
        let state = try output.stateStore.load().state
        let defaultImage = config.defaults.image.storyImage(site: config.site)
        for spec in config.feeds {
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            guard let existing = try files.readHistory(),
                let snapshot = try? RSSReader().read(existing, path: spec.relativePath),
                let built = snapshot.lastBuildDate
            else { continue }
            var assembly = FeedAssembly(
                config: config, spec: spec, defaultImage: defaultImage, now: built, articleStore: output.articleStore)
            assembly.itemMarks = marks
            var document = assembly.rerender(snapshot, state: state).document
            document.updated = built
            try output.writeIfChanged(
                try FeedFormat.html.renderer.render(document), to: output.fileURL(for: spec, format: .html))
        }
    }
}

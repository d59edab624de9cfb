import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// Forgets what full text kept for stories that are in no feed and no bookmark any more: their article records
/// under `.newsfeed/articles/` and their reader views under `articles/`. Run under the output lock.
package struct ArticlePruner: Sendable {
    package var config: NewsFeedConfig

    package init(config: NewsFeedConfig) {
        self.config = config
    }

    /// Prunes; nothing is removed when any feed's history cannot be read (its stories would look gone).
    /// Returns the keys removed.
    @discardableResult
    package func prune(_ output: OutputFolder) throws(OutputError) -> Set<String> {
        let store = output.articleStore
        let readerFolder = output.root.appending(path: "articles")
        let readerKeys = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: readerFolder.path)) ?? [])
                .filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) })
        let stored = store.keys()
        guard !stored.isEmpty || !readerKeys.isEmpty else { return [] }
        var keep: Set<String> = []
        for spec in config.feeds {
            let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
            guard let data = try files.readHistory() else { continue }
            guard let snapshot = try? RSSReader().read(data, path: spec.relativePath) else { return [] }
            for story in snapshot.stories { keep.insert(ArticleStore.key(for: story.link.text)) }
        }
        guard let bookmarks = try output.bookmarkStore.read() else { return [] }
        for bookmark in bookmarks.bookmarks { keep.insert(ArticleStore.key(for: bookmark.url.absoluteString)) }
        var removed = store.prune(keeping: keep)
        for key in readerKeys.subtracting(keep) {
            try? FileManager.default.removeItem(at: output.readerPageURL(key: key))
            removed.insert(key)
        }
        return removed
    }
}

import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// The bookmarks feed, `<output>/bookmarks.<ext>` in every configured format: every bookmark,
/// newest first, never trimmed by `maxItems` or `maxAgeDays`, the note after the story's own
/// description. Rendered from the bookmark list alone, so it has no history of its own.
public enum BookmarkFeed {
    /// The feed's id (in messages and the state) and its path without extension.
    public static let id = SiteLayout.bookmarksFeedID
    /// `bookmarks.rss`.
    public static let relativePath = "bookmarks.rss"

    /// `bookmarks.atom`: the file of `format`.
    public static func relativePath(for format: FeedFormat) -> String { "\(id).\(format.fileExtension)" }

    /// The bookmarks as stories: an item's date is when it was bookmarked. A bookmark without a description (or
    /// with the default one) whose article is in `articles` (keyed by article URL) is described by the article's
    /// opening, as its story is in a feed with full text; the article itself is not put on the story.
    public static func stories(
        _ list: BookmarkList, defaults: StoryDefaults, articles: [String: StoryArticle] = [:]
    ) -> [Story] {
        let defaults = defaults.cleaned
        return list.newestFirst.map { bookmark in
            var description = bookmark.description.flatMap { $0.isEmpty ? nil : $0 }
            if description == nil || description == defaults.newsAPIDescription,
                let opening = articles[bookmark.url.absoluteString]?.opening
            {
                description = opening
            }
            let note = bookmark.note.flatMap { $0.isEmpty ? nil : "Note: \($0)" }
            let summary = [description, note].compactMap { $0 }.joined(separator: " — ")
            let siteRoot = ArticleURL.siteRoot(of: bookmark.url) ?? bookmark.url
            return Story(
                url: bookmark.url, title: bookmark.title,
                sourceName: bookmark.source ?? ArticleURL.publisherHost(of: bookmark.url) ?? defaults.source,
                sourceURL: bookmark.sourceURL ?? siteRoot,
                summary: summary.isEmpty ? defaults.optionalDescription : summary,
                image: bookmark.image, originalImageURL: bookmark.image?.url, firstSeen: bookmark.addedAt)
        }
    }

    /// The document of the bookmarks feed under `config`'s site.
    package static func document(
        _ list: BookmarkList, config: NewsFeedConfig, images: [String: ImageRecord],
        cached: [String: CachedImageRecord] = [:], updated: Date
    )
        -> FeedDocument
    {
        let defaults = StoryDefaults(
            title: config.defaults.title, source: config.defaults.source, description: config.defaults.description)
        let resolver = StoryImageResolver(
            site: config.site, defaultImage: config.defaults.image.storyImage(site: config.site), images: images,
            cached: config.images.cache ? cached : [:])
        // A bookmarked story whose article full text has fetched carries it here too, with its reader view.
        var articles: [String: StoryArticle] = [:]
        if config.anyFullText {
            let store = OutputFolder(root: config.output).articleStore
            for bookmark in list.bookmarks {
                let key = bookmark.url.absoluteString
                if let article = store.load(key).record?.article { articles[key] = article }
            }
        }
        var stories = stories(list, defaults: defaults, articles: articles).map {
            resolver.resolve($0, originalImage: $0.originalImageURL)
        }
        for index in stories.indices { stories[index].article = articles[stories[index].link.text] }
        // Like every other feed, the home link is the feed's own page when one is written.
        let home = config.formats.contains(.html) ? config.site.appending(path: relativePath(for: .html)) : config.site
        var document = FeedDocument(
            title: "Bookmarks · newsfeed", link: home, selfURL: config.site.appending(path: relativePath),
            description: "Articles bookmarked with `newsfeed bookmark add`, newest first.", language: nil,
            updated: updated, ttlMinutes: config.ttl, generator: "newsfeed \(NewsFeedVersion.current)",
            stories: stories, formats: config.formats, site: config.site)
        // Bookmarks are newest first by when they were bookmarked, which is their items' date.
        document.storyOrder = .newestFirst
        document.hubs = config.websub.hubURLs(site: config.site)
        return document
    }

    /// The files of the bookmarks feed, its RSS last: `bookmarks.<ext>` per configured format, and the
    /// RSS (which carries the build date a later rewrite compares with) in `.newsfeed/history/` when
    /// `rss` is not among them, as for any feed.
    private static func targets(config: NewsFeedConfig, output: OutputFolder) -> [(format: FeedFormat, url: URL)] {
        var targets = config.formats.filter { $0 != .rss }.map {
            (format: $0, url: output.fileURL(relativePath: relativePath(for: $0)))
        }
        let rss =
            config.formats.contains(.rss)
            ? output.fileURL(relativePath: relativePath)
            : output.stateFolder.appending(path: "history").appending(path: relativePath)
        targets.append((.rss, rss))
        return targets
    }

    /// Rewrites the bookmarks feed in every configured format when more than its build date would
    /// change: what `watch` calls after recording image verdicts in `state`, so a bookmark whose
    /// image died shows the default image, like the story in its own feed. Returns whether it
    /// wrote. Call while holding the output lock.
    package static func rewriteIfChanged(
        _ list: BookmarkList, config: NewsFeedConfig, output: OutputFolder, state: BridgeState, now: Date
    ) throws -> Bool {
        let files = targets(config: config, output: output)
        let history = files[files.count - 1].url
        let previous = (try? output.readIfPresent(history)).flatMap { $0 }
            .flatMap { try? RSSReader().read($0, path: relativePath).lastBuildDate }
        var document = document(
            list, config: config, images: state.images, cached: state.imageCache, updated: now)
        document.itemMarks = BookmarkMarks.marks(of: list)
        return try FeedFileSet.write(document, to: files, in: output, previousBuildDate: previous, now: now)
    }

    /// Rewrites the bookmarks feed in every configured format (and the default image it may
    /// point to), the stars on every feed's HTML page, the index and the OPML list. Call while
    /// holding the output lock.
    package static func write(_ list: BookmarkList, config: NewsFeedConfig, output: OutputFolder, now: Date) throws {
        // The same assets a build writes: the pages' stylesheet, script and icon, and the default image.
        var bundled = false
        if case .bundled = config.defaults.image { bundled = true }
        try output.installPageAssets(includingDefaultImage: bundled || config.formats.contains(.html))
        let state = try output.stateStore.load().state
        var document = document(
            list, config: config, images: state.images, cached: state.imageCache, updated: now)
        document.itemMarks = BookmarkMarks.marks(of: list)
        for target in targets(config: config, output: output) {
            try output.writeIfChanged(try target.format.renderer.render(document), to: target.url)
        }
        try BookmarkMarks.refreshPages(list, config: config, output: output)
        try FeedIndexWriter(config: config).write(to: output, state: state, now: now, apiKey: nil)
    }
}

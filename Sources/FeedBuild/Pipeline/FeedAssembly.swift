import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// Turns one feed's fresh stories (filtered and enriched), its history (the canonical RSS) and the
/// state into the document every format is rendered from: history merge, first-seen times, and the
/// image decisions of the history's stories (the watcher may have found an image dead since).
/// ``FeedFileSet`` then writes it, with the "only the build date would change, leave
/// the files alone" rule.
///
/// The one rendering path of a feed: the build assembles (``assemble(current:existing:state:)``), every other
/// writer (watch's healing, the bookmarks' stars) renders the history again (``rerender(_:state:decide:)``);
/// both restore the history's stories the same way (``WrittenStories``), so no writer loses an article, a
/// reader link, a cached image's copies or a mark the build wrote.
package struct FeedAssembly: Sendable {
    package var config: NewsFeedConfig
    package var spec: FeedSpec
    package var defaultImage: StoryImage?
    package var now: Date
    /// Signs the HTML page shows before bookmarked stories (see ``BookmarkMarks``).
    package var itemMarks: [String: [ItemMark]] = [:]
    /// The article cache, for a feed with full text: stories from the history get their articles from it.
    package var articleStore: ArticleStore?
    /// A publisher's feed: its own channel, whose link (the publisher's home page) and description the written
    /// feed takes (the config names only a `title`).
    package var sourceChannel: SourceChannel?

    package init(
        config: NewsFeedConfig, spec: FeedSpec, defaultImage: StoryImage?, now: Date,
        itemMarks: [String: [ItemMark]] = [:], articleStore: ArticleStore? = nil
    ) {
        self.config = config
        self.spec = spec
        self.defaultImage = defaultImage
        self.now = now
        self.itemMarks = itemMarks
        self.articleStore = articleStore
    }

    package struct Result {
        package var document: FeedDocument
        /// The history's build date: what every file was last rendered with.
        package var previousBuildDate: Date?
        package var itemCount: Int
        package var newItemCount: Int
        package var warning: String?
    }

    /// Items whose first sighting is older than this are forgotten by the state:
    /// history has dropped them long before.
    var stateRetention: TimeInterval { TimeInterval(config.maxAgeDays + 30) * 86_400 }

    func assemble(current: [Story], existing: Data?, state: inout BridgeState) throws -> Result {
        var warning: String?
        var previous: [Story] = []
        var previousBuildDate: Date?
        if let existing {
            do {
                let snapshot = try RSSReader().read(existing, path: spec.relativePath)
                let restored = written(state: state).restore(snapshot.stories, now: now)
                previous = restored.stories
                if !restored.warnings.isEmpty { warning = restored.warnings.joined(separator: "; ") }
                previousBuildDate = snapshot.lastBuildDate
            } catch {
                warning = "\(spec.id): the existing feed could not be read back (\(error)); its history is lost"
            }
        }

        // The fresh stories come filtered; the filters hold for history too, so an edited
        // `include`/`exclude` takes effect at once.
        previous = previous.filter(spec.filter.keeps)
        // One story once across builds (issue 27, point 13): a fresh copy of a story the feed holds is that story.
        let deduplicated = StoryDeduplicator().againstHistory(current: current, previous: previous)
        let fresh = deduplicated.current
        previous = deduplicated.previous
        // Only the links the merge asks about: a copy of every item's time (all feeds', tens of thousands with many
        // sources) per feed made a build of 1,000 sources quadratic.
        var firstSeen: [String: Date] = [:]
        for story in fresh + previous {
            if let record = state.items[story.link.text] { firstSeen[story.link.text] = record.firstSeen }
        }
        let previousKeys = Set(previous.flatMap(HistoryMerger.keys(of:)))
        // One order for every format (StoryOrder): the merge keeps the fresh stories over the cap,
        // the order then puts them where the feed's rule says.
        let merged = StoryOrder(for: spec.kind).ordered(
            HistoryMerger().merge(
                current: fresh, previous: previous, firstSeen: firstSeen, now: now, maxItems: config.maxItems,
                maxAgeDays: config.maxAgeDays, newestFirst: spec.kind.feedURLs.count > 1))
        // New to this feed: not in its previous file. `state.items` is shared by every feed (a story's
        // first sighting anywhere), so a story another feed showed first is still new here.
        // Counted after the cap: a story cut by maxItems is not "new" in the feed.
        let newItemCount = merged.filter { !HistoryMerger.keys(of: $0).contains(where: previousKeys.contains) }.count

        let resolver = StoryImageResolver(
            site: config.site, defaultImage: defaultImage, images: state.images,
            cached: config.images.cache ? state.imageCache : [:])
        let freshLinks = Set(fresh.map(\.link.text))
        let placeholder = ArticleAttachment.placeholder(for: config)
        // A publisher's feed keeps its own text when its cached article is shorter (issue 27, point 7).
        let keepsOwnText = spec.kind.isPublisherFeed
        var stories: [Story] = []
        for story in merged {
            let key = story.link.text
            var record = state.items[key] ?? ItemRecord(firstSeen: story.firstSeen)
            if let original = story.originalImageLink {
                record.originalImage = original.text
            }
            // The story's other places, from this build and every earlier one: a copy that left its own feed
            // was still another place of the story.
            var places = record.alsoAt ?? []
            for link in story.alsoAt where !places.contains(link.text) { places.append(link.text) }
            record.alsoAt = places.isEmpty ? nil : places
            state.items[key] = record
            var resolved = story
            resolved.firstSeen = record.firstSeen
            if resolved.alsoAt.count < places.count {
                resolved.alsoAt = places.compactMap { ArticleURL.link(from: $0)?.link }
            }
            if resolved.article == nil, let articleStore {
                let loaded = articleStore.load(key)
                if let line = loaded.warning { warning = warning.map { $0 + "; " + line } ?? line }
                if let article = loaded.record?.article,
                    !(keepsOwnText && ArticleAttachment.feedSaysMore(resolved, than: article))
                {
                    ArticleAttachment.attach(article, to: &resolved, now: now, placeholder: placeholder)
                    if let lead = resolved.originalImageLink { state.items[key]?.originalImage = lead.text }
                }
            }
            // Fresh stories had their images decided in the enrich step (``ImageDecisions``).
            if !freshLinks.contains(key) {
                resolved = resolver.resolve(resolved, originalImage: record.originalImage.flatMap { URL(string: $0) })
            }
            stories.append(resolved)
        }

        WrittenStories.noteHiddenImages(of: stories, feed: spec.id, defaultImage: defaultImage, in: &state.items)
        let cutoff = now.addingTimeInterval(-stateRetention)
        let kept = Set(stories.map(\.link.text))
        // Removed in place (rebuilding the whole dictionary per feed was most of a 1,000-source build).
        let forgotten = state.items.compactMap { key, record in
            record.firstSeen < cutoff && !kept.contains(key) ? key : nil
        }
        for key in forgotten { state.items.removeValue(forKey: key) }
        var record = state.feeds[spec.id] ?? FeedRecord()
        record.lastSuccess = now
        record.lastAttempt = now
        record.lastError = nil
        state.feeds[spec.id] = record

        var document = FeedChannel.document(for: spec, config: config, stories: stories, updated: now)
        if let link = sourceChannel?.link { document.link = link }
        if let description = sourceChannel?.description { document.description = description }
        document.image = sourceChannel?.image
        document.itemMarks = itemMarks
        return Result(
            document: document, previousBuildDate: previousBuildDate, itemCount: stories.count,
            newItemCount: newItemCount, warning: warning)
    }

    /// What the feed's file cannot carry, from `state` and the article cache.
    package func written(state: BridgeState) -> WrittenStories {
        var written = WrittenStories(
            site: config.site, defaultImage: defaultImage, items: state.items,
            cached: config.images.cache ? state.imageCache : [:],
            articleStore: config.wantsFullText(spec) ? articleStore : nil,
            placeholder: ArticleAttachment.placeholder(for: config), feedID: spec.id)
        if spec.kind.isPublisherFeed { written.keepsLongerOwnText = true }
        return written
    }

    /// The feed as its file holds it, for a writer other than the build: the stories of `snapshot` restored as
    /// the build had them (``WrittenStories``), each passed through `decide` (watch's healing of its image;
    /// nothing for the bookmarks' stars), under the channel the last build wrote, with ``itemMarks``. Nothing
    /// is merged, filtered or trimmed: only the build changes which stories a feed holds. The document's
    /// `updated` is the file's build date.
    package func rerender(
        _ snapshot: RSSFeedSnapshot, state: BridgeState, decide: (Story) -> Story = { $0 }
    ) -> (document: FeedDocument, warnings: [String]) {
        let restored = written(state: state).restore(snapshot.stories, now: now)
        let stories = restored.stories.map(decide)
        var document = FeedChannel.document(
            for: spec, config: config, stories: stories, updated: snapshot.lastBuildDate ?? now)
        document.title = snapshot.title ?? document.title
        document.description = snapshot.description ?? document.description
        document.link = snapshot.link ?? document.link
        document.selfURL = snapshot.selfURL ?? document.selfURL
        document.language = snapshot.language ?? document.language
        document.ttlMinutes = snapshot.ttlMinutes ?? document.ttlMinutes
        document.generator = snapshot.generator ?? document.generator
        document.image = snapshot.image
        document.itemMarks = itemMarks
        return (document, restored.warnings)
    }

    /// Writes `document` in every format of `files` (``FeedFileSet/write(_:previousBuildDate:now:)``) and, with
    /// the HTML page, the reader views of its articles: what every writer of a whole feed does with its
    /// document. Returns whether the feed's files changed. Call while holding the output lock.
    ///
    /// `readerViewsWhenUnchanged`: whether the reader views are rendered again when the feed's files did not
    /// change. The build does (a view may have been deleted); watch does not: a story two feeds show with
    /// different images would otherwise have its one view written twice every round.
    package static func write(
        _ document: FeedDocument, to files: FeedFileSet, previousBuildDate: Date?, now: Date, site: URL,
        readerViewsWhenUnchanged: Bool = true
    ) throws -> Bool {
        let wrote = try files.write(document, previousBuildDate: previousBuildDate, now: now)
        if files.formats.contains(.html), wrote || readerViewsWhenUnchanged {
            try ReaderPageWriter(output: files.output, page: ReaderPage(site: site)).write(document.stories)
        }
        return wrote
    }
}

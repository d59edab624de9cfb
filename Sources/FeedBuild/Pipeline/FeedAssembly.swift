import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// Turns one feed's fresh stories (filtered and enriched), its history (the canonical RSS) and the
/// state into the document every format is rendered from: history merge, first-seen times, and the
/// image decisions of the history's stories (the watcher may have found an image dead since).
/// ``FeedFileSet`` then writes it, with the "only the build date would change, leave
/// the files alone" rule.
package struct FeedAssembly: Sendable {
    package var config: NewsFeedConfig
    package var spec: FeedSpec
    package var defaultImage: StoryImage?
    package var now: Date
    /// Signs the HTML page shows before bookmarked stories (see ``BookmarkMarks``).
    package var itemMarks: [String: [ItemMark]] = [:]
    /// The article cache, for a feed with full text: stories from the history get their articles from it.
    package var articleStore: ArticleStore?

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
                previous = snapshot.stories
                previousBuildDate = snapshot.lastBuildDate
            } catch {
                warning = "\(spec.id): the existing feed could not be read back (\(error)); its history is lost"
            }
        }

        // The fresh stories come filtered; the filters hold for history too, so an edited
        // `include`/`exclude` takes effect at once.
        previous = previous.filter(spec.filter.keeps)
        let firstSeen = state.items.mapValues(\.firstSeen)
        let previousURLs = Set(previous.map(\.link.text))
        // One order for every format (StoryOrder): the merge keeps the fresh stories over the cap,
        // the order then puts them where the feed's rule says.
        let merged = StoryOrder(for: spec.kind).ordered(
            HistoryMerger().merge(
                current: current, previous: previous, firstSeen: firstSeen, now: now, maxItems: config.maxItems,
                maxAgeDays: config.maxAgeDays))
        // New to this feed: not in its previous file. `state.items` is shared by every feed (a story's
        // first sighting anywhere), so a story another feed showed first is still new here.
        // Counted after the cap: a story cut by maxItems is not "new" in the feed.
        let newItemCount = merged.filter { !previousURLs.contains($0.link.text) }.count

        let resolver = StoryImageResolver(site: config.site, defaultImage: defaultImage, images: state.images)
        let fresh = Set(current.map(\.link.text))
        var stories: [Story] = []
        for story in merged {
            let key = story.link.text
            var record = state.items[key] ?? ItemRecord(firstSeen: story.firstSeen)
            if let original = story.originalImageLink {
                record.originalImage = original.text
            }
            state.items[key] = record
            var resolved = story
            resolved.firstSeen = record.firstSeen
            if resolved.article == nil, let articleStore {
                let loaded = articleStore.load(key)
                if let line = loaded.warning { warning = warning.map { $0 + "; " + line } ?? line }
                if let article = loaded.record?.article {
                    ArticleAttachment.attach(article, to: &resolved, now: now)
                    if let lead = resolved.originalImageLink { state.items[key]?.originalImage = lead.text }
                }
            }
            // Fresh stories had their images decided in the enrich step (``ImageDecisions``).
            if !fresh.contains(key) {
                resolved = resolver.resolve(resolved, originalImage: record.originalImage.flatMap { URL(string: $0) })
            }
            stories.append(resolved)
        }

        let cutoff = now.addingTimeInterval(-stateRetention)
        let kept = Set(stories.map(\.link.text))
        state.items = state.items.filter { kept.contains($0.key) || $0.value.firstSeen >= cutoff }
        var record = state.feeds[spec.id] ?? FeedRecord()
        record.lastSuccess = now
        record.lastAttempt = now
        record.lastError = nil
        state.feeds[spec.id] = record

        var document = FeedChannel.document(for: spec, config: config, stories: stories, updated: now)
        document.itemMarks = itemMarks
        return Result(
            document: document, previousBuildDate: previousBuildDate, itemCount: stories.count,
            newItemCount: newItemCount, warning: warning)
    }
}

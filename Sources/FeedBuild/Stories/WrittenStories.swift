import FeedOutput
import Foundation
import NewsModel

/// Gives the stories read back from a feed's file (its history, ``RSSReader``) what a file cannot carry, as the
/// build had them: the first sighting from the state, the story's own image, the image cache's copies of it
/// (`srcset`, thumbnails) and, for a feed with full text, the article from the article cache (the whole content
/// and the reader link).
///
/// The build merges its fresh stories with these; every other writer of a feed (watch's healing, the bookmarks'
/// stars) renders them again through ``FeedAssembly/rerender(_:state:decide:)``: one path from the same history,
/// so no writer loses what the build wrote.
package struct WrittenStories: Sendable {
    package var site: URL
    package var defaultImage: StoryImage?
    /// The state's per-story records, keyed by article URL (shared by every feed).
    package var items: [String: ItemRecord]
    /// The image cache's records by original URL; empty when the cache is off.
    package var cached: [String: CachedImageRecord]
    /// The article cache, for a feed with full text; nil otherwise.
    package var articleStore: ArticleStore?
    /// What a story without a description of its own says (see ``ArticleAttachment``).
    package var placeholder: String?
    /// The feed the stories are read from, for the image the state keeps for it (``ItemRecord/hiddenImages``).
    package var feedID: String?
    /// A publisher's feed (the `feed` kind): a cached article shorter than the item's own text is not attached.
    package var keepsLongerOwnText = false
    /// Each copy's address under `site`'s `images/`, with the original URL it is a copy of.
    private let originalOfCopy: [String: String]

    package init(
        site: URL, defaultImage: StoryImage?, items: [String: ItemRecord], cached: [String: CachedImageRecord],
        articleStore: ArticleStore? = nil, placeholder: String? = nil, feedID: String? = nil
    ) {
        self.feedID = feedID
        self.site = site
        self.defaultImage = defaultImage
        self.items = items
        self.cached = cached
        self.articleStore = articleStore
        self.placeholder = placeholder
        let folder = site.absoluteString + SiteLayout.imagesFolder + "/"
        var originalOfCopy: [String: String] = [:]
        for (original, record) in cached {
            for file in record.files { originalOfCopy[folder + file.name] = original }
        }
        self.originalOfCopy = originalOfCopy
    }

    /// The story's own upstream image, read from what its feed's file shows before anything shared: kept on the
    /// story; else the image the file shows when it is a foreign one (neither one of the bridge's own nor the
    /// default image); else the original of the cached copy it shows; else, when the file shows no image of the
    /// story's own (the default image, or none), the one the state kept for this feed
    /// (``ItemRecord/hiddenImages``, none when empty); else the one it remembers for the article URL.
    ///
    /// The state's record is keyed by article URL and shared by every feed, so it holds the image of whichever
    /// feed was built last: preferring the file keeps a feed from taking another feed's picture of the same story.
    package func originalImage(of story: Story) -> URL? {
        Self.originalImage(
            of: story, site: site, defaultImage: defaultImage, items: items, feedID: feedID,
            originalOfCopy: { originalOfCopy[$0] })
    }

    /// ``originalImage(of:)`` with the copies' originals looked up by `originalOfCopy` (a copy's address to the
    /// original URL): what ``EnclosureHealer`` shares.
    package static func originalImage(
        of story: Story, site: URL, defaultImage: StoryImage?, items: [String: ItemRecord], feedID: String? = nil,
        originalOfCopy: (String) -> String?
    ) -> URL? {
        if let original = story.originalImageURL { return original }
        if let shown = story.image {
            let text = shown.link.text
            if !text.hasPrefix(site.absoluteString), shown.link != defaultImage?.link { return shown.url }
            if let original = originalOfCopy(text), let url = URL(string: original) { return url }
        }
        if let feedID, let kept = items[story.link.text]?.hiddenImages?[feedID] {
            return kept.isEmpty ? nil : URL(string: kept)
        }
        if let recorded = items[story.link.text]?.originalImage, let url = URL(string: recorded) { return url }
        return nil
    }

    /// `stories` as the build wrote them; `warnings` has a line per unreadable article record (moved aside).
    package func restore(_ stories: [Story], now: Date) -> (stories: [Story], warnings: [String]) {
        var warnings: [String] = []
        let restored = stories.map { story in
            var story = story
            let key = story.link.text
            if let firstSeen = items[key]?.firstSeen { story.firstSeen = firstSeen }
            // The story's other places (``StoryDeduplicator``), which the file says only inside its text.
            if story.alsoAt.isEmpty, let places = items[key]?.alsoAt {
                story.alsoAt = places.compactMap { ArticleURL.link(from: $0)?.link }
            }
            if story.originalImageLink == nil, let original = originalImage(of: story) {
                story.originalImageURL = original
            }
            // A cached image: the file shows its widest copy; the page's `srcset` and the thumbnail need them all.
            if let shown = story.image, let original = originalOfCopy[shown.link.text],
                let record = cached[original],
                let copies = StoryImageResolver(site: site, defaultImage: defaultImage, images: [:]).copies(of: record),
                copies.link == shown.link
            {
                story.image = copies
            }
            if story.article == nil, let articleStore {
                let loaded = articleStore.load(key)
                if let line = loaded.warning { warnings.append(line) }
                if let article = loaded.record?.article,
                    !(keepsLongerOwnText && ArticleAttachment.feedSaysMore(story, than: article))
                {
                    ArticleAttachment.attach(article, to: &story, now: now, placeholder: placeholder)
                }
            }
            return story
        }
        return (restored, warnings)
    }

    /// Keeps, for each of `stories` as feed `feedID` writes them, the story's own image while the file shows none
    /// of it (the default image, or no image), and forgets it once the file shows a picture of the story's own
    /// again (``ItemRecord/hiddenImages``). What the build and watch's healing call with the stories they write.
    package static func noteHiddenImages(
        of stories: [Story], feed feedID: String, defaultImage: StoryImage?, in items: inout [String: ItemRecord]
    ) {
        for story in stories {
            guard var record = items[story.link.text] else { continue }
            let hidden = story.image == nil || story.image?.link == defaultImage?.link
            var kept = record.hiddenImages ?? [:]
            kept[feedID] = hidden ? story.originalImageLink?.text ?? "" : nil
            record.hiddenImages = kept.isEmpty ? nil : kept
            if record != items[story.link.text] { items[story.link.text] = record }
        }
    }
}

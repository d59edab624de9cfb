import Articles
import Dispatch
import Foundation
import NewsModel
import Synchronization

/// A ``PublisherFeed``'s items as ``Story`` values: plain text, absolute links, plausible dates.
///
/// Identity is the item's guid or id, else its link: a repeated id keeps its first item only. An item with no
/// link takes its guid when that is an http(s) URL; otherwise it is dropped and counted in ``Result/dropped``.
/// Summaries are made plain text (`TextCleaner`). An item's content that says more than its summary is kept
/// twice: as plain text (``Story/content``) and, when the feed gave HTML, as HTML sanitized by the rules of
/// full-text articles (``HTMLFragment``: no script, style, frame, form, event handler or tracking pixel, every
/// address absolute against the feed's URL) in ``Story/contentHTML``.
public struct PublisherFeedNormalizer: Sendable {
    public var defaults: StoryDefaults

    public init(defaults: StoryDefaults = StoryDefaults()) {
        self.defaults = defaults
    }

    /// The stories and how many items were dropped (no usable link).
    public struct Result: Sendable, Hashable {
        public var stories: [Story]
        public var dropped: Int
        /// Items left out because an earlier item had the same guid or id.
        public var repeated: Int
    }

    /// Summaries longer than this (in characters) are cut at a word, as NewsAPI's are.
    static let summaryLimit = 600

    /// Each item's raw texts are let go as soon as its story is made: given the feed's only copy (`consume feed`),
    /// a large feed never holds both all its raw items and all its stories.
    ///
    /// Identity (links, repeated ids) is settled first, in feed order; the stories of the items kept are then made
    /// on up to `workers` threads (an explicit cap: `convert` of one big feed uses two; `build`, which reads many
    /// feeds at once, one), each in its item's place, so the result is the same for any number of workers.
    public func stories(from feed: consuming PublisherFeed, feedURL: URL, seenAt now: Date, workers: Int = 1)
        -> Result
    {
        stories(from: feed, feedURL: feedURL, seenAt: now, workers: workers, made: [])
    }

    /// A feed read and its stories made, on up to `workers` threads: with more than one, stories are made while the
    /// feed is still being read (``StoryPipeline``), the same stories as ``stories(from:feedURL:seenAt:workers:)``
    /// makes from the feed read first. The feed comes back without its items. `url` is the feed's final URL, as for
    /// ``PublisherFeedReader/read(_:url:httpCharset:readThrough:)``.
    public func readStories(
        _ data: Data, url: URL, httpCharset: String? = nil, readThrough: ((Int) -> Void)? = nil, seenAt now: Date,
        workers: Int = 1
    ) throws(PublisherFeedError) -> (feed: PublisherFeed, result: Result) {
        guard workers > 1 else {
            let feed = try PublisherFeedReader.read(data, url: url, httpCharset: httpCharset, readThrough: readThrough)
            var channel = feed
            channel.items = []
            return (channel, stories(from: consume feed, feedURL: url, seenAt: now, workers: 1, made: []))
        }
        let normalizer = self
        let pipeline = StoryPipeline(helpers: workers - 1) { item, siteRoots in
            guard let (link, linkURL) = Self.link(of: item) else { return nil }
            return normalizer.storyWithoutFeedFields(
                from: item, link: link, linkURL: linkURL, feedURL: url, now: now, siteRoots: &siteRoots)
        }
        let feed: PublisherFeed
        do {
            feed = try PublisherFeedReader.read(
                data, url: url, httpCharset: httpCharset, readThrough: readThrough, handOff: pipeline.handOff)
        } catch {
            // The helpers are let go (nothing was handed over: a reader fails before its first item).
            _ = pipeline.stories()
            throw error
        }
        let made = pipeline.stories()
        var channel = feed
        channel.items = []
        return (channel, stories(from: consume feed, feedURL: url, seenAt: now, workers: workers, made: consume made))
    }

    /// `made`: the stories a ``StoryPipeline`` made of the items whose stubs carry a ticket, by ticket.
    private func stories(
        from feed: consuming PublisherFeed, feedURL: URL, seenAt now: Date, workers: Int,
        made pipelined: consuming [Story?]
    ) -> Result {
        var ids: Set<String> = []
        var links: Set<String> = []
        var dropped = 0
        var repeated = 0
        var items = feed.items
        feed.items = []
        var kept: [Kept] = []
        kept.reserveCapacity(items.count)
        for index in items.indices {
            guard let (link, linkURL) = Self.link(of: items[index]) else {
                dropped += 1
                items[index] = PublisherFeedItem()
                continue
            }
            // One story per id and per link: the feeds' item identity is the link (a story's URL).
            guard ids.insert(items[index].id ?? link.text).inserted, links.insert(link.text).inserted else {
                repeated += 1
                items[index] = PublisherFeedItem()
                continue
            }
            kept.append(Kept(index: index, link: link, linkURL: linkURL, position: kept.count))
        }
        let shared = Shared(
            feedTitle: feed.title.map(TextCleaner.plainText).flatMap { $0.isEmpty ? nil : $0 },
            feedSourceLink: feed.link.flatMap { ArticleURL.siteRoot(of: $0) }.flatMap {
                ArticleURL.link(from: $0.absoluteString)
            }?.link,
            language: feed.language.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 },
            feedURL: feedURL, now: now)
        // Stories the pipeline made take their places; the others are made here.
        var made = [Story?](repeating: nil, count: kept.count)
        var toMake: [Kept] = []
        for entry in kept {
            if let ticket = items[entry.index].ticket {
                // Moved, not copied: the pipeline's array is let go once every story is taken out of it.
                made[entry.position] = pipelined[ticket].take().map { withFeedFields($0, shared: shared) }
            } else {
                toMake.append(entry)
            }
        }
        let entries = toMake
        let chunkSize = 32
        let chunkCount = (entries.count + chunkSize - 1) / chunkSize
        let threads = Swift.min(Swift.max(1, workers), chunkCount)
        items.withUnsafeMutableBufferPointer { itemBuffer in
            made.withUnsafeMutableBufferPointer { storyBuffer in
                // Each index is touched by one thread only: chunks are taken from one counter.
                let places = Places(items: itemBuffer, stories: storyBuffer)
                let nextChunk = Atomic<Int>(0)
                let work: @Sendable (Int) -> Void = { _ in
                    var siteRoots: [String: StoryLink] = [:]
                    while true {
                        let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
                        guard chunk < chunkCount else { return }
                        for position in (chunk * chunkSize)..<Swift.min((chunk + 1) * chunkSize, entries.count) {
                            let entry = entries[position]
                            let item = places.items[entry.index]
                            places.items[entry.index] = PublisherFeedItem()
                            places.stories[entry.position] = withFeedFields(
                                storyWithoutFeedFields(
                                    from: item, link: entry.link, linkURL: entry.linkURL, feedURL: shared.feedURL,
                                    now: shared.now, siteRoots: &siteRoots),
                                shared: shared)
                        }
                    }
                }
                if threads == 1 {
                    work(0)
                } else {
                    DispatchQueue.concurrentPerform(iterations: threads, execute: work)
                }
            }
        }
        var stories: [Story] = []
        stories.reserveCapacity(made.count)
        for index in made.indices {
            if let story = made[index].take() { stories.append(story) }
        }
        return Result(stories: stories, dropped: dropped, repeated: repeated)
    }

    /// The item's link, else its guid when that is an http(s) URL; nil when neither is usable.
    private static func link(of item: PublisherFeedItem) -> (ArticleLink, URL)? {
        guard let url = item.link ?? item.id.flatMap(httpURL), let link = ArticleURL.link(from: url.absoluteString)
        else { return nil }
        return (link, url)
    }

    /// An item that is a story: where it is in the feed, and its link.
    private struct Kept: Sendable {
        var index: Int
        var link: ArticleLink
        var linkURL: URL
        /// Its place among the stories.
        var position: Int
    }

    /// What every story of the feed takes from the feed itself.
    private struct Shared: Sendable {
        var feedTitle: String?
        var feedSourceLink: StoryLink?
        var language: String?
        var feedURL: URL
        var now: Date
    }

    /// The items and the stories' places, written at disjoint indices from the normalizing threads.
    private struct Places: @unchecked Sendable {
        let items: UnsafeMutableBufferPointer<PublisherFeedItem>
        let stories: UnsafeMutableBufferPointer<Story?>
    }

    /// `story` with what it takes from the feed as a whole: the feed's title as its source's name, the feed's home
    /// page as its source's, the feed's language.
    private func withFeedFields(_ story: consuming Story, shared: Shared) -> Story {
        if let title = shared.feedTitle { story.sourceName = title }
        if let link = shared.feedSourceLink { story.sourceLink = link }
        story.language = shared.language
        return story
    }

    /// The story of one item whose identity is settled, as far as the item alone tells it: its source is the
    /// link's host and site until ``withFeedFields(_:shared:)`` gives it the feed's.
    private func storyWithoutFeedFields(
        from item: PublisherFeedItem, link: ArticleLink, linkURL: URL, feedURL: URL, now: Date,
        siteRoots: inout [String: StoryLink]
    ) -> Story {
        let summaryText = TextCleaner.plainText(item.summary ?? "")
        let contentText = TextCleaner.plainText(item.content ?? "")
        let summary =
            !summaryText.isEmpty
            ? summaryText
            : (!contentText.isEmpty ? TextCleaner.truncated(contentText, to: Self.summaryLimit) : nil)
        let content = summary.flatMap {
            !contentText.isEmpty && Self.saysMore(contentText, than: $0) ? contentText : nil
        }
        let sourceLink = link.siteRoot(cache: &siteRoots) ?? link.link
        let image = item.image.flatMap { ImageURL.image(from: $0.absoluteString) }
        let authors = item.authors.map(TextCleaner.plainText).filter { !$0.isEmpty }
        let category = item.categories.map(TextCleaner.plainText).first { !$0.isEmpty }
        var story = Story(
            link: link.link, title: title(item.title, summary: summary),
            sourceName: link.hostName ?? linkURL.host ?? defaults.source, sourceLink: sourceLink,
            summary: summary ?? defaults.optionalDescription, content: content,
            author: authors.isEmpty ? nil : authors.joined(separator: ", "), category: category, image: image,
            originalImageLink: image?.link,
            publishedAt: FeedDateParser.plausible(item.published ?? item.updated, now: now),
            firstSeen: now)
        story.enclosures = Self.enclosures(of: item)
        if content != nil, let html = item.content, !item.contentIsPlainText {
            story.contentHTML = HTMLFragment.sanitized(html, base: feedURL)
        }
        // The item's own id is its identity when it is not just its link (issue 27, point 6).
        if let id = item.id.map(UTF8Text.trimmingWhiteSpace), !id.isEmpty, id != link.text,
            id != linkURL.absoluteString
        {
            story.guid = id
        }
        return story
    }

    /// The plain title, else the summary's opening words, else the default.
    private func title(_ raw: String?, summary: String?) -> String {
        let plain = TextCleaner.plainText(raw ?? "")
        if !plain.isEmpty { return plain }
        if let summary, !summary.isEmpty { return TextCleaner.truncated(summary, to: 80) }
        return defaults.title
    }

    /// Every enclosure that is not a picture (the picture is ``Story/image``), once each, typed by the feed or
    /// else by the file's extension.
    static func enclosures(of item: PublisherFeedItem) -> [StoryEnclosure] {
        var seen: Set<String> = []
        return item.enclosures.compactMap { enclosure in
            guard !enclosure.isImage, let link = ArticleURL.link(from: enclosure.url.absoluteString)?.link,
                seen.insert(link.text).inserted
            else { return nil }
            let type =
                enclosure.type.flatMap { $0.contains("/") ? $0 : nil }
                ?? StoryEnclosure.mimeType(forExtension: enclosure.url.pathExtension) ?? "application/octet-stream"
            return StoryEnclosure(link: link, mimeType: type, length: enclosure.length ?? 0)
        }
    }

    /// ``NewsAPINormalizer/saysMore(_:than:)`` with fast answers first: when the texts are byte for byte the same up
    /// to two ASCII letters or digits that differ in any case, the content cannot be a prefix of the summary (those
    /// letters are not cut as a trailing ellipsis, dot or space, and start their characters), so it says more; so
    /// it does when it is the summary followed by more letters or digits.
    /// A podcast's show notes repeat its description: without this, full Unicode lowercasing of both was a third of
    /// the time of a 16 MB feed.
    package static func saysMore(_ content: String, than summary: String) -> Bool {
        var firstDifference: (UInt8, UInt8)?
        for (left, right) in zip(content.utf8, summary.utf8) where left != right {
            firstDifference = (left, right)
            break
        }
        if let (left, right) = firstDifference {
            if isASCIIAlphanumeric(left), isASCIIAlphanumeric(right), left | 0x20 != right | 0x20 { return true }
        } else if content.utf8.count > summary.utf8.count,
            content.utf8.dropFirst(summary.utf8.count).contains(where: isASCIIAlphanumeric)
        {
            // The summary, then more words: longer than the summary after any trimming, so no prefix of it.
            return true
        }
        return NewsAPINormalizer.saysMore(content, than: summary)
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    private static func httpURL(_ text: String) -> URL? {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

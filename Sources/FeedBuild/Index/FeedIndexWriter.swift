import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// Writes `index.html` and `feeds.opml` for the configured feeds after a build, so
/// nginx, a CDN or an object store serves them too (`serve` only generates them
/// when these files are absent).
package struct FeedIndexWriter: Sendable {
    package var config: NewsFeedConfig

    package init(config: NewsFeedConfig) {
        self.config = config
    }

    /// Writes both files when their bytes change, each feed marked with its condition at `now`
    /// (`apiKey`: the key in use, when known). Call while holding the output lock.
    package func write(to output: OutputFolder, state: BridgeState, now: Date, apiKey: String?) throws(OutputError) {
        let scanner = FeedFolderScanner(root: output.root.path, baseURL: config.site)
        let configured = Set(config.feeds.map(\.relativePath) + [BookmarkFeed.relativePath])
        let files = scanner.feedFiles().filter { configured.contains($0.relativePath) }
        // The bookmarks feed is listed once it has an item.
        let scanned = scanner.listings(of: files, state: state).filter {
            $0.relativePath != BookmarkFeed.relativePath || $0.itemCount > 0
        }
        let listings =
            (scanned.filter { $0.relativePath == BookmarkFeed.relativePath }
            + configuredListings(
                scanned: scanned, output: output, state: state)).sorted(by: configOrder)
        let opmlURL = config.site.appending(path: SiteLayout.opmlFileName)
        let title = config.isSampleData ? "newsfeed — sample data, not live news" : "newsfeed"
        // The index lists every configured feed: also one that failed or never built (the OPML only
        // what exists).
        let built = Set(listings.map(\.feedID))
        let unbuilt = config.feeds.filter { !built.contains($0.id) }.map { spec in
            FeedListing.unbuilt(id: spec.id, title: spec.title, base: config.site, record: state.feeds[spec.id])
        }
        let scheduler = FeedScheduler(config: config)
        let specs = Dictionary(config.feeds.map { ($0.id, $0) }) { first, _ in first }
        let everyFeed = (listings + unbuilt).sorted(by: configOrder).map { listing in
            var listing = listing
            listing.condition = specs[listing.feedID].map {
                scheduler.condition(for: $0, state: state, now: now, apiKey: apiKey)
            }
            return listing
        }
        let page = FeedIndexPage.render(title: title, listings: everyFeed, opmlURL: opmlURL)
        let opml = OPMLDocument.render(title: title, listings: listings, indexURL: config.site)
        try output.writeIfChanged(FaviconAsset.data, to: output.fileURL(relativePath: FaviconAsset.relativePath))
        try output.writeIfChanged(Data(page.utf8), to: output.fileURL(relativePath: SiteLayout.indexFileName))
        try output.writeIfChanged(Data(opml.utf8), to: output.fileURL(relativePath: SiteLayout.opmlFileName))
    }

    /// Feeds in the order the config lists them, the bookmarks last: the order a person chose.
    private var configOrder: (FeedListing, FeedListing) -> Bool {
        let positions = Dictionary(
            config.feeds.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return { lhs, rhs in
            let (left, right) = (positions[lhs.feedID] ?? Int.max, positions[rhs.feedID] ?? Int.max)
            return left != right ? left < right : lhs.relativePath < rhs.relativePath
        }
    }

    /// The configured feeds, each pointing at the first subscribable format of `formats` (what
    /// the OPML subscribes to: RSS by default), with links to every format written. A feed whose
    /// RSS is not among the formats is described from its history.
    private func configuredListings(
        scanned: [FeedListing], output: OutputFolder, state: BridgeState
    ) -> [FeedListing] {
        let first = config.formats.first(where: \.isSubscribable) ?? config.formats.first ?? .rss
        return config.feeds.compactMap { spec -> FeedListing? in
            var listing: FeedListing
            if let found = scanned.first(where: { $0.relativePath == spec.relativePath }) {
                listing = found
            } else {
                let files = FeedFileSet(output: output, spec: spec, formats: config.formats)
                guard let history = try? files.readHistory() else { return nil }
                let summary = FeedFileSummary.read(history)
                listing = FeedListing(
                    title: summary?.title.flatMap { $0.isEmpty ? nil : $0 } ?? spec.id, relativePath: spec.relativePath,
                    url: config.publicURL(for: spec), homeURL: summary?.link.flatMap { URL(string: $0) },
                    itemCount: summary?.itemCount ?? 0, lastSuccess: state.feeds[spec.id]?.lastSuccess,
                    lastError: state.feeds[spec.id]?.failure?.message,
                    lastErrorTime: state.feeds[spec.id]?.failure?.time)
                listing.formats = FeedFormat.allCases.filter {
                    FileManager.default.fileExists(atPath: output.fileURL(for: spec, format: $0).path)
                }
            }
            if listing.formats.contains(first) {
                listing.relativePath = spec.relativePath(for: first)
                listing.url = FeedListing.absoluteURL(base: config.site, relativePath: listing.relativePath)
            } else if !listing.formats.contains(.rss) {
                return nil
            }
            return listing
        }
    }
}

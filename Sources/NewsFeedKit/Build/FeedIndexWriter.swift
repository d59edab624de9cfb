import Foundation

/// Writes `index.html` and `feeds.opml` for the configured feeds after a build, so
/// nginx, a CDN or an object store serves them too (`serve` only generates them
/// when these files are absent).
struct FeedIndexWriter: Sendable {
    var config: NewsFeedConfig

    static let indexFileName = "index.html"

    /// Writes both files when their bytes change. Call while holding the output lock.
    func write(to output: OutputFolder, state: BridgeState) throws(OutputError) {
        let scanner = FeedFolderScanner(root: output.root.path, baseURL: config.site)
        let configured = Set(config.feeds.map(\.relativePath) + [BookmarkFeed.relativePath])
        let files = scanner.feedFiles().filter { configured.contains($0.relativePath) }
        // The bookmarks feed is listed once it has an item.
        let listings = scanner.listings(of: files, state: state).filter {
            $0.relativePath != BookmarkFeed.relativePath || $0.itemCount > 0
        }
        let opmlURL = config.site.appending(path: StaticFileHandler.opmlFileName)
        let title = config.isSampleData ? "newsfeed — sample data, not live news" : "newsfeed"
        // The index lists every configured feed, in config order: also one that failed or never built.
        let built = Dictionary(listings.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
        var everyFeed = config.feeds.map { spec in
            built[spec.relativePath]
                ?? FeedListing.unbuilt(id: spec.id, title: spec.title, base: config.site, record: state.feeds[spec.id])
        }
        everyFeed += listings.filter { $0.relativePath == BookmarkFeed.relativePath }
        let page = FeedIndexPage.render(title: title, listings: everyFeed, opmlURL: opmlURL)
        let opml = OPMLDocument.render(title: title, listings: listings, indexURL: config.site)
        try output.writeIfChanged(FaviconAsset.data, to: output.fileURL(relativePath: FaviconAsset.relativePath))
        try output.writeIfChanged(Data(page.utf8), to: output.fileURL(relativePath: Self.indexFileName))
        try output.writeIfChanged(Data(opml.utf8), to: output.fileURL(relativePath: StaticFileHandler.opmlFileName))
    }
}

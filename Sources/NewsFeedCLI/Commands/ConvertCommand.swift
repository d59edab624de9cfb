import FeedBuild
import FeedFormats
import FeedOutput
import Foundation
import NewsModel
import Upstreams

/// `newsfeed convert FILE|- (--country CC [--category CATEGORY] | --search QUERY | --ddg QUERY | --source feed)
/// [--site URL] [--format FORMAT]`: one saved NewsAPI top-headlines or `everything` answer, one saved DuckDuckGo
/// answer, or a publisher's feed file, to a feed (RSS 2.0 by default) on stdout; no network, no state.
package enum ConvertCommand {
    /// Its options, help and rules: one entry of ``CommandTable``.
    package static var parser: ArgumentParser { CommandTable.convert.parser }

    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try parser.parse(context, help: CommandHelp.text(for: CommandTable.convert))
        let spec: FeedSpec
        let site: URL
        let format: FeedFormat
        do {
            (spec, site, format) = try validate(parsed)
        } catch {
            throw context.exit(.usage, error.message)
        }
        let input = parsed.positionals[0]
        let name = input == "-" ? "stdin" : input
        let renderer = Self.renderer(for: format, site: parsed.value("--site") == nil ? nil : site)
        if case .feed = spec.kind {
            return try convertFeed(
                input, name: name, spec: spec, site: site, format: format, renderer: renderer, context)
        }
        if case .duckDuckGo(let query) = spec.kind {
            return try convertDuckDuckGo(
                input, name: name, query: query, spec: spec, site: site, format: format, renderer: renderer, context)
        }
        // Articles are read from the raw bytes, turned into stories and written one at a time, so a
        // big response is held once, as its bytes, while its feed is written (see bench/convert). The mapping stays
        // resident from the check to the last article: handing its pages back and reading each article again from
        // the file (pread) cost a tenth of a 10,000-article convert to keep the peak lower (26–28 MB then, 34–36 MB
        // now; the goal is 40).
        let response = try readResponse(input, name: name, context)
        if format == .rss {
            // RSS items are written where their stories are made, on both threads (see ParallelWrittenItems).
            try writeRSS(response.articles, name: name, spec: spec, site: site, context)
        } else {
            // Sorting by date reads no article again: the dates were read with the index.
            let (channel, stories) = makeFeed(
                response.articles, spec: spec, site: site, format: format, now: context.clock())
            do {
                // Written in pieces of items, so a 10,000-item feed is never held whole either.
                // Once the reader is gone (`| head -1`), no more stories are made: the feed's end
                // is written to no one and the command ends at once.
                let output = context.standardOutput
                // Lazily: `Sequence.prefix(while:)` would make every story first, into one array (peak
                // memory 32 → 54 MB on 10,000 articles, and no rendering while normalizing).
                let wanted = stories.lazy.prefix { _ in !output.readerIsGone }
                try renderer.render(channel, followedBy: wanted, itemsPerPiece: 100) {
                    context.standardOutput.write(utf8: $0)
                }
            } catch {
                throw context.exit(.failure, "newsfeed convert: \(name): \(error)")
            }
        }
        if response.articles.isEmpty {
            context.standardError.line("newsfeed convert: \(name): the response holds no articles; wrote an empty feed")
        }
        return .ok
    }

    /// The RSS feed of `articles` as ``makeFeed(_:spec:site:format:now:)`` and the RSS renderer would write it, byte
    /// for byte, with each item written on the thread that made its story (``ParallelWrittenItems``): the thread
    /// writing the feed only hands the items on, as they were written, some 32 at a time.
    private static func writeRSS(
        _ articles: NewsAPIArticles, name: String, spec: FeedSpec, site: URL, _ context: CommandContext
    ) throws(CommandExit) {
        let (channel, stories) = makeFeed(articles, spec: spec, site: site, format: .rss, now: context.clock())
        let items = ParallelWrittenItems(stories) { RSSItems() }
        let output = context.standardOutput
        do {
            var feed = try RSSFeedStream(channel)
            // Once the reader is gone (`| head -1`), no more items are made, as no more stories are.
            for written in items {
                if let failure = written.failure { throw failure as? FeedError ?? .writerFailed("\(failure)") }
                try feed.append(items: written.bytes, at: written.ranges) { output.write(utf8: $0) }
                if output.readerIsGone { break }
            }
            output.write(utf8: try feed.finish())
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error)")
        }
    }

    /// ``RSSItemWriter`` as the item writer of ``ParallelWrittenItems``.
    private final class RSSItems: StoryItemWriter {
        private let writer = RSSItemWriter()
        func write(_ story: Story) { writer.write(story) }
        var byteCount: Int { writer.byteCount }
        func takeBytes() -> Data { writer.takeBytes() }
        var failure: (any Error)? { writer.failure }
    }

    /// A saved DuckDuckGo answer as the feed `build` would write on its first run.
    private static func convertDuckDuckGo(
        _ input: String, name: String, query: String, spec: FeedSpec, site: URL, format: FeedFormat,
        renderer: any FeedRenderer, _ context: CommandContext
    ) throws(CommandExit) -> ExitCode {
        let (data, _) = try readInput(input, context)
        let answer: DuckDuckGoAnswer
        do {
            answer = try DuckDuckGoAnswer.decode(data: data, query: query)
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error.description)")
        }
        let now = Date(timeIntervalSince1970: context.clock().timeIntervalSince1970.rounded(.down))
        let resolver = StoryImageResolver(
            site: site, defaultImage: DefaultImageAsset.storyImage(site: site), images: [:])
        let stories = DuckDuckGoNormalizer().stories(from: answer, seenAt: now).map {
            resolver.resolve($0, originalImage: nil)
        }
        let document = FeedChannel.document(
            for: spec, site: site, ttlMinutes: NewsFeedConfig.defaultTTL, formats: [format], stories: stories,
            updated: now)
        do {
            try renderer.render(document, followedBy: EmptyCollection(), itemsPerPiece: 100) {
                context.standardOutput.write(utf8: $0)
            }
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error)")
        }
        if stories.isEmpty {
            context.standardError.line(
                "newsfeed convert: \(name): the answer holds no abstract, results or topics; wrote an empty feed")
        }
        return .ok
    }

    /// A publisher's feed file as the feed `build` would write on its first run for a `feed` entry.
    private static func convertFeed(
        _ input: String, name: String, spec: FeedSpec, site: URL, format: FeedFormat, renderer: any FeedRenderer,
        _ context: CommandContext
    ) throws(CommandExit) -> ExitCode {
        let (data, mapped) = try readInput(input, context)
        guard case .feed(let feedURL) = spec.kind else { return .ok }
        let now = Date(timeIntervalSince1970: context.clock().timeIntervalSince1970.rounded(.down))
        let feed: PublisherFeed
        var result: PublisherFeedNormalizer.Result
        do {
            // The file's pages are handed back as the parser gets through them: a 16 MB feed is never resident whole
            // beside its stories. Stories are made on a second thread while the feed is read.
            (feed, result) = try PublisherFeedNormalizer().readStories(
                data, url: feedURL, readThrough: mapped.map { mapped in { mapped.releasePages(upTo: $0) } },
                seenAt: now, workers: 2)
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error.description)")
        }
        let resolver = StoryImageResolver(
            site: site, defaultImage: DefaultImageAsset.storyImage(site: site), images: [:])
        var titled = spec
        titled.title = feed.title.map(TextCleaner.plainText).flatMap { $0.isEmpty ? nil : $0 }
        let channel = SourceChannel(feed)
        // Taken out of the result and decided and ordered in place: a thousand stories are never copied.
        var stories = result.stories
        result.stories = []
        for index in stories.indices { resolver.resolve(&stories[index], originalImage: nil) }
        stories.sort { $0.displayDate > $1.displayDate }
        var document = FeedChannel.document(
            for: titled, site: site, ttlMinutes: NewsFeedConfig.defaultTTL, formats: [format], stories: stories,
            updated: now)
        // The feed's own home page and description, as `build` writes them.
        if let link = channel.link { document.link = link }
        if let description = channel.description { document.description = description }
        document.image = channel.image
        do {
            try renderer.render(document, followedBy: EmptyCollection(), itemsPerPiece: 100) {
                context.standardOutput.write(utf8: $0)
            }
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error)")
        }
        if result.dropped > 0 {
            context.standardError.line(
                "newsfeed convert: \(name): dropped \(result.dropped) item(s) with no link and no URL guid")
        }
        if stories.isEmpty {
            context.standardError.line("newsfeed convert: \(name): the feed has no items; wrote an empty feed")
        }
        return .ok
    }

    /// The renderer of `format`; for `html` a page that stands on its own (``StandalonePage``): it
    /// is opened from a file, with no assets folder, index or OPML beside it. `site` is `--site`.
    static func renderer(for format: FeedFormat, site: URL?) -> any FeedRenderer {
        guard format == .html else { return format.renderer }
        return FeedPageRenderer(standalone: StandalonePage(sha256: SHA256.digest, site: site))
    }

    /// The decoded response of `input` (a file or `-`); exit 1 after saying on stderr why not.
    private static func readResponse(_ input: String, name: String, _ context: CommandContext) throws(CommandExit)
        -> NewsAPILazyResponse
    {
        let (data, _) = try readInput(input, context)
        do {
            return try NewsAPIResponse.decodeLazily(data: data)
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(name): \(error.description)")
        }
    }

    /// The bytes of `input` (a file, mapped where possible, or `-`), and the mapping when there is
    /// one; exit 1 after saying why not.
    private static func readInput(_ input: String, _ context: CommandContext) throws(CommandExit) -> (
        Data, MappedInput?
    ) {
        guard input != "-" else { return (context.readStandardInput(nil), nil) }
        let url = ConfigLoader.resolve(input, against: context.workingDirectory)
        // Mapped, not copied, where the file allows it: the articles are built from the bytes in
        // place. Anything that cannot be mapped is read as before.
        if let mapped = MappedInput(path: url.path) { return (mapped.data, mapped) }
        do {
            return (try Data(contentsOf: url), nil)
        } catch {
            throw context.exit(.failure, "newsfeed convert: \(input): cannot read: \(Self.readFailure(url))")
        }
    }

    /// The feed `build` would write on its first run for `articles`: the channel (without stories)
    /// and the stories, with their images decided, made one at a time as they are read.
    static func makeFeed(
        _ articles: NewsAPIArticles, spec: FeedSpec, site: URL, format: FeedFormat = .rss, now: Date
    ) -> (
        channel: FeedDocument, stories: ParallelNormalizedStories<NewsAPIArticlesInFeedOrder>
    ) {
        let seen = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let resolver = StoryImageResolver(
            site: site, defaultImage: DefaultImageAsset.storyImage(site: site), images: [:])
        let channel = FeedChannel.document(
            for: spec, site: site, ttlMinutes: NewsFeedConfig.defaultTTL, formats: [format], stories: [],
            updated: seen)
        // The stories are written as they are read (a big answer is never held whole); in the order build gives
        // the same feed, which for a newest-first feed means sorting the articles by date first.
        let ordered = NewsAPIArticlesInFeedOrder(articles, order: StoryOrder(for: spec.kind), seenAt: seen)
        // Normalizing is half the work of a big response: two threads share it. Images are decided
        // there too, in place, rather than on the thread writing the feed.
        let stories = ParallelNormalizedStories(
            articles: ordered, normalizer: NewsAPINormalizer(defaults: StoryDefaults()), seenAt: seen, workers: 2
        ) { resolver.resolve(&$0, originalImage: nil) }
        return (channel, stories)
    }

    private static func validate(_ parsed: ParsedArguments) throws(UsageError) -> (FeedSpec, URL, FeedFormat) {
        var site = NewsFeedConfig.defaultSite
        if let text = parsed.value("--site") {
            switch SiteURL.parse(text) {
            case .success(let url): site = url
            case .failure(let problem): throw UsageError("newsfeed convert: --site \(problem.description)")
            }
        }
        var format = FeedFormat.rss
        // The option table has checked the name already.
        if let name = parsed.value("--format"), let named = FeedFormat(rawValue: name.lowercased()) {
            format = named
        }
        let kinds = ["--country", "--search", "--ddg", "--source"].filter { parsed.value($0) != nil }
        if kinds.count > 1 {
            throw UsageError(
                "newsfeed convert: give one of --country/--category, --search, --ddg or --source, not \(kinds.joined(separator: " and "))"
            )
        }
        if parsed.value("--source") != nil {
            if parsed.value("--category") != nil {
                throw UsageError("newsfeed convert: --category goes with --country, not --source")
            }
            // The file's own address is unknown offline: relative links resolve against the site, and the feed is
            // named `feed/feed` as a `feed` entry with `"name": "feed"` would be.
            return (FeedSpec(kind: .feed(url: site), name: "feed"), site, format)
        }
        for option in ["--search", "--ddg"] {
            guard let query = parsed.value(option) else { continue }
            let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw UsageError("newsfeed convert: \(option) needs a query") }
            if parsed.value("--category") != nil {
                throw UsageError("newsfeed convert: --category goes with --country, not \(option)")
            }
            let kind: FeedKind =
                option == "--ddg" ? .duckDuckGo(query: trimmed) : .search(NewsAPISearch(query: trimmed))
            // A query without Latin letters has no slug: its channel's self link uses a neutral name.
            let spec = FeedSpec(kind: kind)
            return (spec.slug.isEmpty ? FeedSpec(kind: kind, name: "feed") : spec, site, format)
        }
        guard let country = parsed.value("--country")?.lowercased() else {
            throw UsageError(
                "newsfeed convert: say what the answer is: --country us --category health, --search QUERY or --ddg QUERY"
            )
        }
        // Without --category: the country's top headlines of every category, `<cc>/all`, as in the config.
        let category = parsed.value("--category")?.lowercased()
        guard NewsAPICatalog.country(country) != nil else {
            throw UsageError("newsfeed convert: --country \(country) is not one of NewsAPI's countries")
        }
        if let category, !NewsAPICatalog.isCategory(category) {
            throw UsageError(
                "newsfeed convert: --category \(category) is not one of "
                    + NewsAPICatalog.categories.joined(separator: ", "))
        }
        return (FeedSpec(country: country, category: category), site, format)
    }

    /// Why a file that could not be read was not: `no such file`, `it is a folder` or `permission denied`.
    static func readFailure(_ url: URL) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return "no such file" }
        return isFolder.boolValue ? "it is a folder" : "permission denied"
    }
}

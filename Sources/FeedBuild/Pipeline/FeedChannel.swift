import FeedFormats
import Foundation
import NewsModel

/// The channel-level words of a feed: generated from its kind, unless the config gives a `title`.
package enum FeedChannel {
    /// "Health — United States · Top headlines", "“climate change” · NewsAPI search", "apple · DuckDuckGo".
    package static func title(for spec: FeedSpec) -> String {
        if let title = spec.title { return title }
        switch spec.kind {
        case .headlines(_, let category?):
            return "\(category.capitalized) — \(countryName(spec)) · Top headlines"
        case .headlines:
            return "\(countryName(spec)) · Top headlines"
        case .search(let search):
            return "“\(search.query)” · NewsAPI search"
        case .duckDuckGo(let query):
            return "\(query) · DuckDuckGo"
        case .feed(let url):
            return "\(url.host ?? url.absoluteString) · feed"
        case .mergedFeed(let urls):
            return "\(spec.name ?? spec.slug) · \(urls.count) feed\(urls.count == 1 ? "" : "s") merged"
        }
    }

    /// ``title(for:)``, except that a publisher's feed without a configured `title` takes the feed's own title,
    /// which its stories carry as their source name (when they all agree).
    package static func title(for spec: FeedSpec, stories: [Story]) -> String {
        // A merged feed's sources have titles of their own: none of them names the whole.
        guard case .feed = spec.kind, spec.title == nil else { return title(for: spec) }
        let names = Set(stories.map(\.sourceName))
        guard names.count == 1, let name = names.first, !name.isEmpty else { return title(for: spec) }
        return name
    }

    package static func description(for spec: FeedSpec) -> String {
        switch spec.kind {
        case .headlines(_, let category?):
            "Top \(category) headlines in \(countryName(spec, withArticle: true)) from NewsAPI.org, "
                + "bridged by newsfeed."
        case .headlines:
            "Top headlines in \(countryName(spec, withArticle: true)) from NewsAPI.org, bridged by newsfeed."
        case .search(let search):
            "NewsAPI.org articles matching “\(search.query)”, bridged by newsfeed."
        case .duckDuckGo(let query):
            "DuckDuckGo's Instant Answer for “\(query)”: its abstract and related topics, bridged by newsfeed."
        case .feed(let url):
            "The feed \(url.absoluteString), bridged by newsfeed."
        case .mergedFeed(let urls):
            "The feeds \(urls.map(\.absoluteString).joined(separator: ", ")) merged, each story once, bridged by newsfeed."
        }
    }

    /// The document of `spec`'s feed as `config` describes it; `updated` is set by the renderer's caller.
    package static func document(for spec: FeedSpec, config: NewsFeedConfig, stories: [Story], updated: Date)
        -> FeedDocument
    {
        var document = document(
            for: spec, site: config.site, ttlMinutes: config.ttl(for: spec), isSampleData: config.isSampleData,
            formats: config.formats, stories: stories, updated: updated)
        document.hubs = config.websub.hubURLs(site: config.site)
        return document
    }

    /// The document of `spec`'s feed served under `site` (also what `convert` writes, with no config).
    /// The home link (RSS `<link>`, Atom `rel="alternate"`, `home_page_url`) is the feed's HTML
    /// page when `html` is among `formats`, else `site`.
    package static func document(
        for spec: FeedSpec, site: URL, ttlMinutes: Int, isSampleData: Bool = false,
        formats: [FeedFormat] = [.rss], stories: [Story], updated: Date
    ) -> FeedDocument {
        let home = formats.contains(.html) ? site.appending(path: spec.relativePath(for: .html)) : site
        var document = FeedDocument(
            title: title(for: spec, stories: stories) + (isSampleData ? " (sample data)" : ""), link: home,
            selfURL: site.appending(path: spec.relativePath),
            description: (isSampleData ? "SAMPLE DATA from newsfeed demo, not live news. " : "")
                + description(for: spec),
            language: language(for: spec, stories: stories), updated: updated, ttlMinutes: ttlMinutes,
            generator: "newsfeed \(NewsFeedVersion.current)", stories: stories, formats: formats, site: site)
        document.storyOrder = StoryOrder(for: spec.kind)
        return document
    }

    /// The feed's language: the country's or the search's for NewsAPI; for DuckDuckGo the one its
    /// stories were found to be in when they agree (``DuckDuckGoNormalizer/language(of:)``), else
    /// none: an answer may be in any language, and an unset language is better than a wrong one.
    package static func language(for spec: FeedSpec, stories: [Story] = []) -> String? {
        switch spec.kind {
        case .headlines(let country, _): return NewsAPICatalog.country(country)?.language
        case .search(let search): return search.language
        case .duckDuckGo, .feed, .mergedFeed:
            let known = Set(stories.compactMap(\.language))
            return known.count == 1 ? known.first : nil
        }
    }

    private static func countryName(_ spec: FeedSpec, withArticle: Bool = false) -> String {
        guard case .headlines(let country, _) = spec.kind else { return "" }
        guard let name = NewsAPICatalog.country(country)?.name else { return country.uppercased() }
        let takesArticle = ["United", "Netherlands", "Philippines"].contains { name.hasPrefix($0) }
        return withArticle && takesArticle ? "the \(name)" : name
    }
}

import Foundation

/// The channel-level words of a top-headlines feed.
enum FeedChannel {
    /// "Health — United States · Top headlines".
    static func title(for spec: FeedSpec) -> String {
        "\(spec.category.capitalized) — \(countryName(spec)) · Top headlines"
    }

    static func description(for spec: FeedSpec) -> String {
        "Top \(spec.category) headlines in \(countryName(spec, withArticle: true)) from NewsAPI.org, "
            + "bridged to RSS by newsfeed."
    }

    /// The document of `spec`'s feed as `config` describes it; `updated` is set by the renderer's caller.
    static func document(for spec: FeedSpec, config: NewsFeedConfig, stories: [Story], updated: Date) -> FeedDocument {
        document(
            for: spec, site: config.site, ttlMinutes: config.ttl(for: spec), isSampleData: config.isSampleData,
            formats: config.formats, stories: stories, updated: updated)
    }

    /// The document of `spec`'s feed served under `site` (also what `convert` writes, with no config).
    /// The home link (RSS `<link>`, Atom `rel="alternate"`, `home_page_url`) is the feed's HTML
    /// page when `html` is among `formats`, else `site`.
    static func document(
        for spec: FeedSpec, site: URL, ttlMinutes: Int, isSampleData: Bool = false,
        formats: [FeedFormat] = [.rss], stories: [Story], updated: Date
    ) -> FeedDocument {
        FeedDocument(
            title: title(for: spec) + (isSampleData ? " (sample data)" : ""), link: site,
            selfURL: site.appending(path: spec.relativePath),
            description: (isSampleData ? "SAMPLE DATA from newsfeed demo, not live news. " : "")
                + description(for: spec),
            language: language(for: spec), updated: updated, ttlMinutes: ttlMinutes,
            generator: "newsfeed \(NewsFeedVersion.current)", stories: stories, formats: formats, site: site)
    }

    static func language(for spec: FeedSpec) -> String? {
        NewsAPICatalog.country(spec.country)?.language
    }

    private static func countryName(_ spec: FeedSpec, withArticle: Bool = false) -> String {
        guard let name = NewsAPICatalog.country(spec.country)?.name else { return spec.country.uppercased() }
        let takesArticle = ["United", "Netherlands", "Philippines"].contains { name.hasPrefix($0) }
        return withArticle && takesArticle ? "the \(name)" : name
    }
}

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

    static func language(for spec: FeedSpec) -> String? {
        NewsAPICatalog.country(spec.country)?.language
    }

    private static func countryName(_ spec: FeedSpec, withArticle: Bool = false) -> String {
        guard let name = NewsAPICatalog.country(spec.country)?.name else { return spec.country.uppercased() }
        let takesArticle = ["United", "Netherlands", "Philippines"].contains { name.hasPrefix($0) }
        return withArticle && takesArticle ? "the \(name)" : name
    }
}

import FeedBuild
import FullText
import NewsModel

/// The enrich steps `build`, `serve --refresh` and `demo` give their ``FeedBuilder``: the image decisions, full
/// text when any feed asks for it, then the image cache when it is on.
enum BuildEnrichers {
    static func make(for config: NewsFeedConfig) -> [any StoryEnricher] {
        var enrichers: [any StoryEnricher] = [ImageDecisions()]
        if config.anyFullText { enrichers.append(FullTextEnricher(config: config)) }
        // The image cache last: it caches the image each story ends up with, a page's own picture included.
        enrichers += ImageCacheSetup.enrichers(for: config)
        return enrichers
    }
}

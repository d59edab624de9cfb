import FeedBuild
import FullText
import NewsModel

/// The enrich steps `build`, `serve --refresh` and `demo` give their ``FeedBuilder``: the image decisions, full
/// text when any feed asks for it, then the image cache when it is on.
enum BuildEnrichers {
    static func make(for config: NewsFeedConfig) -> [any StoryEnricher] {
        var enrichers: [any StoryEnricher] = [ImageDecisions()]
        // Full text before the image cache: a page's lead image becomes the image of a story that had none, and
        // the cache then keeps it like any other.
        if config.anyFullText { enrichers.append(FullTextEnricher(config: config)) }
        // The image cache after the decisions: it caches the image each story was given.
        enrichers += ImageCacheSetup.enrichers(for: config)
        return enrichers
    }
}

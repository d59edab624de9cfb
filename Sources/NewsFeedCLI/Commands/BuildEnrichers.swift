import FeedBuild
import FullText
import NewsModel

/// The enrich steps `build`, `serve --refresh` and `demo` give their ``FeedBuilder``: the image decisions, the
/// image cache when it is on, then full text when any feed asks for it.
enum BuildEnrichers {
    static func make(for config: NewsFeedConfig) -> [any StoryEnricher] {
        var enrichers: [any StoryEnricher] = [ImageDecisions()]
        // The image cache right after the decisions: it caches the image each story was given.
        enrichers += ImageCacheSetup.enrichers(for: config)
        if config.anyFullText { enrichers.append(FullTextEnricher(config: config)) }
        return enrichers
    }
}

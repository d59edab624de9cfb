import FeedBuild
import FullText
import NewsModel

/// The enrich steps `build`, `serve --refresh` and `demo` give their ``FeedBuilder``: the image decisions, then
/// full text when any feed asks for it.
enum BuildEnrichers {
    static func make(for config: NewsFeedConfig) -> [any StoryEnricher] {
        var enrichers: [any StoryEnricher] = [ImageDecisions()]
        if config.anyFullText { enrichers.append(FullTextEnricher(config: config)) }
        return enrichers
    }
}

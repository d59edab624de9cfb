import FeedBuild
import FullText
import HTTPFetching
import NewsModel

/// The enrich steps `build`, `serve --refresh` and `demo` give their ``FeedBuilder``: the image decisions, full
/// text when any feed asks for it, then the image cache when it is on.
enum BuildEnrichers {
    /// - Parameter hostLanes: the per-host lanes the build's feed polls use too (``hostLanes(for:)``).
    static func make(for config: NewsFeedConfig, hostLanes: HostGate? = nil) -> [any StoryEnricher] {
        var enrichers: [any StoryEnricher] = [ImageDecisions()]
        // Full text before the image cache: a page's lead image becomes the image of a story that had none, and
        // the cache then keeps it like any other.
        if config.anyFullText {
            enrichers.append(
                FullTextEnricher(config: config, hostLanes: hostLanes ?? Self.hostLanes(for: config)))
        }
        // The image cache after the decisions: it caches the image each story was given.
        enrichers += ImageCacheSetup.enrichers(for: config)
        return enrichers
    }

    /// One host-fair queue for a build's outbound requests to publishers: feed polls and full-text pages share
    /// `fullText.perHost` requests at once per host and `fullText.hostSpacing` between two starts.
    static func hostLanes(for config: NewsFeedConfig) -> HostGate {
        HostGate(
            perHost: config.fullText.perHost, total: config.sourcesConcurrency + config.fullText.concurrency,
            spacing: config.fullText.hostSpacing.duration)
    }
}

import Foundation
import NewsModel

/// One enrichment of a feed's fresh stories between fetch and write: deciding images, fetching
/// full text, caching images. ``FeedBuilder`` runs its enrichers in order, outside the output
/// lock (an enricher may take its time on the network), on the stories the upstream returned
/// and the feed's filters kept; the write step then merges them with the feed's history.
///
/// An enricher never fails the feed: whatever it cannot do, it leaves the story as it came.
/// Stories from the feed's history were enriched when they were fresh and are not enriched again.
public protocol StoryEnricher: Sendable {
    /// `stories` enriched, in the same order (an enricher adds to stories; it drops none).
    func enrich(_ stories: [Story], in feed: FeedContext) async -> [Story]
}

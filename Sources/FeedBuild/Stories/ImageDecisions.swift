import FeedOutput
import Foundation
import NewsModel

/// The first enricher: decides each fresh story's image from its own image, the image the state
/// remembers for it, the watcher's verdicts and the default image (``StoryImageResolver``).
public struct ImageDecisions: StoryEnricher {
    public init() {}

    public func enrich(_ stories: [Story], in feed: FeedContext) async -> [Story] {
        let resolver = StoryImageResolver(
            site: feed.run.config.site, defaultImage: feed.run.defaultImage, images: feed.state.images,
            cached: feed.run.config.images.cache ? feed.state.imageCache : [:])
        return stories.map { story in
            let remembered = feed.state.items[story.link.text]?.originalImage
            return resolver.resolve(story, originalImage: remembered.flatMap { URL(string: $0) })
        }
    }
}

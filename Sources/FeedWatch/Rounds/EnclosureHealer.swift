import FeedBuild
import FeedOutput
import Foundation
import NewsModel

/// Rewrites the images of a feed's stories from what `watch` knows about each one's original image URL.
///
/// Pure: no network, no files. A dead original gives way to the default image (or to no image when the config's
/// `defaults.image` is null); an original that answers again is restored; an alive one carries its real length and
/// type. Images under `site` are the bridge's own and stay as they are, as does anything blocked, failing or
/// not yet checked.
public struct EnclosureHealer: Sendable {
    /// What `watch` learned, keyed by image URL.
    public var images: [String: ImageRecord]
    /// The state's per-story records, keyed by article URL: where a story read back from a feed file finds its
    /// original image URL when the file no longer shows it.
    public var items: [String: ItemRecord]
    /// The replacement for a dead image; nil when `defaults.image` is null.
    public var defaultImage: StoryImage?
    /// Where the output folder is served; images under it are never touched.
    public var site: URL
    /// The image cache's records (empty when the cache is off): a cached image keeps its copies, whatever the
    /// watcher says of its original.
    public var cached: [String: CachedImageRecord]

    public init(
        images: [String: ImageRecord], items: [String: ItemRecord], defaultImage: StoryImage?, site: URL,
        cached: [String: CachedImageRecord] = [:]
    ) {
        self.images = images
        self.items = items
        self.defaultImage = defaultImage
        self.site = site
        self.cached = cached
    }

    /// The stories with their images healed, in the same order.
    public func heal(_ stories: [Story]) -> [Story] {
        stories.map(heal)
    }

    /// One story with its image healed.
    public func heal(_ story: Story) -> Story {
        guard let original = originalImage(of: story), !original.isUnder(site: site) else { return story }
        // A story showing copies the cache no longer has (they were lost and could not be made again) is decided
        // as a build would decide it: the original URL, or the default image once the original is dead.
        if cached[original.absoluteString]?.isCached == true || showsCopies(story) {
            let resolver = StoryImageResolver(site: site, defaultImage: defaultImage, images: images, cached: cached)
            return resolver.resolve(story, originalImage: original)
        }
        switch images[original.absoluteString]?.status {
        case .dead, .alive:
            // The same decision `build` makes, so a rebuild agrees with the watcher.
            let resolver = StoryImageResolver(site: site, defaultImage: defaultImage, images: images)
            return resolver.resolve(story, originalImage: original)
        case .failing, .blocked, .unknown, nil:
            return story
        }
    }

    /// Whether the story's image is one of the image cache's copies (under `site`'s `images/`).
    private func showsCopies(_ story: Story) -> Bool {
        guard let text = story.image?.url.absoluteString else { return false }
        return text.hasPrefix(site.absoluteString + SiteLayout.imagesFolder + "/")
    }

    /// The story's own upstream image, read from what the feed's file shows before the state's record, which
    /// every feed holding the same article shares (``WrittenStories/originalImage(of:)``): kept on the story;
    /// else the foreign image the file shows; else the original of the cached copy it shows; else the state's.
    public func originalImage(of story: Story) -> URL? {
        let folder = site.absoluteString + SiteLayout.imagesFolder + "/"
        return WrittenStories.originalImage(
            of: story, site: site, defaultImage: defaultImage, items: items,
            originalOfCopy: { address in
                guard address.hasPrefix(folder) else { return nil }
                let name = address.dropFirst(folder.count)
                return cached.first { $0.value.files.contains { $0.name == name } }?.key
            })
    }
}

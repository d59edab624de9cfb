import FeedOutput
import Foundation
import NewsModel

/// Decides which image a story carries, from its own image, the watcher's verdicts
/// and the default image. Used by `build` and `watch` alike, so a fresh build never
/// brings back an image the watcher found dead.
public struct StoryImageResolver: Sendable {
    /// The bridge's own base URL: images under it are never replaced.
    public var site: URL {
        didSet { siteText = site.absoluteString }
    }
    /// `site.absoluteString`, read once rather than per image.
    private var siteText: String
    /// What stands in for a missing or dead image; nil for none.
    public var defaultImage: StoryImage?
    /// The watcher's records, keyed by original image URL.
    public var images: [String: ImageRecord]
    /// The image cache's records, keyed by original image URL: a cached image is carried as its copies, whatever
    /// the watcher says of the original. Empty when the cache is off.
    public var cached: [String: CachedImageRecord]

    public init(
        site: URL, defaultImage: StoryImage?, images: [String: ImageRecord],
        cached: [String: CachedImageRecord] = [:]
    ) {
        self.site = site
        siteText = site.absoluteString
        self.defaultImage = defaultImage
        self.images = images
        self.cached = cached
    }

    /// `story` with its image decided. `originalImage` is the story's own image as
    /// remembered in the state (it wins over `story.originalImageURL` only when that is nil).
    public func resolve(_ story: Story, originalImage: URL?) -> Story {
        var resolved = story
        resolve(&resolved, originalImage: originalImage)
        return resolved
    }

    /// ``resolve(_:originalImage:)`` in place, so a story need not be copied for it. Works on the
    /// links' text: `convert` decides thousands of images and need not make a `URL` for any.
    public func resolve(_ story: inout Story, originalImage: URL?) {
        guard let original = story.originalImageLink ?? originalImage.map(StoryLink.init) else {
            // No image of its own that we know of: keep a foreign enclosure read back
            // from an older file, otherwise the default.
            if let image = story.image, !isOwn(image.link.text), image.link != defaultImage?.link {
                return
            }
            story.image = defaultImage
            return
        }
        story.originalImageLink = original
        if isOwn(original.text) {
            story.image = StoryImage(link: original, mimeType: ImageURL.mimeType(for: original.url), length: 0)
            return
        }
        if !cached.isEmpty, let copies = cached[original.text].flatMap(copies(of:)) {
            story.image = copies
            return
        }
        // `convert` has no records: spare it a hash of every image URL.
        let record = images.isEmpty ? nil : images[original.text]
        if record?.status == .dead {
            story.image = defaultImage
            return
        }
        // The watcher's real type wins once the image was seen alive; else what the story knew.
        let known = story.image?.link == original ? story.image : nil
        let checkedType = record?.status == .alive ? record?.mimeType : nil
        story.image = StoryImage(
            link: original, mimeType: checkedType ?? known?.mimeType ?? ImageURL.mimeType(for: original.url),
            length: record?.length ?? known?.length ?? 0)
    }

    /// The image of a cached record: its copies under `site`'s `images/`; nil when it has none.
    public func copies(of record: CachedImageRecord) -> StoryImage? {
        let folder = siteText + SiteLayout.imagesFolder + "/"
        return StoryImage(
            copies: record.files.map {
                StoryImageCopy(
                    link: StoryLink(checkedText: folder + $0.name), width: $0.width, height: $0.height,
                    length: $0.length, mimeType: $0.mimeType)
            })
    }

    /// Whether `url` is one of the bridge's own files (under `site`).
    public func isOwn(_ url: URL) -> Bool {
        isOwn(url.absoluteString)
    }

    /// ``isOwn(_:)`` for a URL's text.
    func isOwn(_ text: String) -> Bool {
        text.hasPrefix(siteText)
    }
}

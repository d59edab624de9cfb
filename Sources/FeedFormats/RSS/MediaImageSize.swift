import NewsModel

/// The `width` and `height` attributes Media RSS gives `media:content` and `media:thumbnail`, written only for
/// the image cache's copies: their size is known, an original's is not (so feeds without the cache keep
/// their bytes).
enum MediaImageSize {
    static func write(_ copy: StoryImageCopy?, to writer: inout XMLByteWriter) throws(FeedError) {
        guard let copy else { return }
        try writer.attribute("width", String(copy.width))
        try writer.attribute("height", String(copy.height))
    }
}

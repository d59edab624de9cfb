import NewsModel

/// A story image's Media RSS elements, one home for the RSS and Atom renderers: `media:content` (the image, or the
/// image cache's widest copy) and `media:thumbnail` (the narrowest copy, else the image itself).
///
/// `width` and `height` are written only for the image cache's copies: their size is known, an original's is not
/// (so feeds without the cache keep their bytes).
enum MediaImageElements {
    static func write(_ image: StoryImage, to writer: inout XMLByteWriter) throws(FeedError) {
        let url = image.link.text
        let length = max(0, image.length)
        try writer.startElement("media:content")
        try writer.attribute("url", url)
        try writer.attribute("medium", "image")
        try writer.attribute("type", image.mimeType)
        if length > 0 {
            try writer.attribute("fileSize", String(length))
        }
        try writeSize(image.widestCopy, to: &writer)
        try writer.endElement()
        try writer.startElement("media:thumbnail")
        try writer.attribute("url", image.narrowestCopy?.link.text ?? url)
        try writeSize(image.narrowestCopy, to: &writer)
        try writer.endElement()
    }

    /// A file other than the picture (a second audio or video file) as `media:content` with its `medium`.
    static func write(_ enclosure: StoryEnclosure, to writer: inout XMLByteWriter) throws(FeedError) {
        try writer.startElement("media:content")
        try writer.attribute("url", enclosure.link.text)
        try writer.attribute("medium", enclosure.medium)
        try writer.attribute("type", enclosure.mimeType)
        if enclosure.length > 0 {
            try writer.attribute("fileSize", String(enclosure.length))
        }
        try writer.endElement()
    }

    private static func writeSize(_ copy: StoryImageCopy?, to writer: inout XMLByteWriter) throws(FeedError) {
        guard let copy else { return }
        try writer.attribute("width", String(copy.width))
        try writer.attribute("height", String(copy.height))
    }
}

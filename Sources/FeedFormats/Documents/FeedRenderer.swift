import Foundation
import NewsModel

/// Turns a ``FeedDocument`` into the bytes of one feed format (see ``FeedFormat``).
public protocol FeedRenderer: Sendable {
    /// The file extension, e.g. `rss`.
    var fileExtension: String { get }
    /// The media type to serve it as, e.g. `application/rss+xml`.
    var mediaType: String { get }
    /// The whole feed's bytes; the same document always gives the same bytes.
    func render(_ document: FeedDocument) throws(FeedError) -> Data
    /// The bytes of `document` with `moreStories` after its own stories, handed to `emit` in
    /// pieces of about `itemsPerPiece` items, so `convert` never holds a big feed whole. Joined,
    /// the pieces are the bytes ``render(_:)`` gives for all the stories; no piece ends inside a
    /// UTF-8 sequence.
    func render<MoreStories: Sequence<Story>>(
        _ document: FeedDocument, followedBy moreStories: MoreStories, itemsPerPiece: Int, emit: (Data) -> Void
    ) throws(FeedError)
}

extension FeedRenderer {
    /// The pieces of ``render(_:followedBy:itemsPerPiece:emit:)`` joined.
    public func render(_ document: FeedDocument) throws(FeedError) -> Data {
        var data = Data()
        try render(document, followedBy: EmptyCollection(), itemsPerPiece: Int.max) { data.append($0) }
        return data
    }
}

import Foundation

/// Turns a ``FeedDocument`` into the bytes of one feed format.
///
/// RSS 2.0 today; Atom and JSON Feed renderers conform later.
public protocol FeedRenderer: Sendable {
    /// The file extension, e.g. `rss`.
    var fileExtension: String { get }
    /// The media type to serve it as, e.g. `application/rss+xml`.
    var mediaType: String { get }
    func render(_ document: FeedDocument) throws(FeedError) -> Data
}

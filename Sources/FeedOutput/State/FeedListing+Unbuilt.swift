import FeedFormats
import Foundation

extension FeedListing {
    /// The listing of a feed that has no file yet, with what the state knows of it.
    package static func unbuilt(id: String, title: String?, base: URL, record: FeedRecord?) -> FeedListing {
        let path = id + ".rss"
        return FeedListing(
            title: title ?? id, relativePath: path, url: absoluteURL(base: base, relativePath: path), itemCount: 0,
            lastSuccess: record?.lastSuccess, lastError: record?.failure?.message,
            lastErrorTime: record?.failure?.time, isBuilt: false)
    }
}

import Foundation

extension FeedRenderer {
    /// Renders `document` for the file now holding `existing`, or returns nil when
    /// nothing but the build date would change: the file then keeps its bytes and
    /// modification time, so HTTP caches and conditional requests keep working.
    ///
    /// `previousBuildDate` is the existing file's build date; the comparison renders
    /// with it, and a changed feed is rendered with `now`.
    func renderUnlessUnchanged(
        _ document: FeedDocument, existing: Data?, previousBuildDate: Date?, now: Date
    ) throws(FeedError) -> Data? {
        var document = document
        if let existing, let previousBuildDate {
            document.updated = previousBuildDate
            if try render(document) == existing { return nil }
        }
        document.updated = now
        return try render(document)
    }
}

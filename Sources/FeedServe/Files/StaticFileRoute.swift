import FeedOutput

/// Where one request path goes, decided once by ``StaticFileHandler/route(_:)`` for both of the handler's ways of
/// answering (from memory on the event loop, or in full).
///
/// Methods are not a route: the server's parser answers anything but GET and HEAD with 405 before a handler sees
/// it.
package enum StaticFileRoute: Equatable {
    /// `/healthz`.
    case health
    /// A page of the configured status pages (`/status`, `/status.json`, `/metrics`).
    case status
    /// A file of the folder.
    case file(relativePath: String, realPath: String)
    /// A page generated from the folder when it has no such file: the index, the OPML or a page asset.
    case generated(relativePath: String)
    /// Nothing to serve, and why.
    case refused(PathRefusal)
}

import FeedOutput
import HTTPServing

extension StaticFileHandler: PreparedResponder {
    /// Answers a GET or HEAD of a path resolved before, whose file is unchanged and
    /// cached, with the head built for that file version: one `stat` and two lookups.
    /// Anything else (first requests, refusals, generated pages) is nil, for
    /// ``respondImmediately(to:)`` and ``handle(_:)`` to answer.
    public func preparedResponse(to request: HTTPRequest) -> PreparedResponse? {
        guard request.method == "GET" || request.method == "HEAD", request.path != Self.healthPath,
            let document = rememberedDocument(forRequestPath: request.path)
        else { return nil }
        return document.preparedResponse(to: request)
    }

    /// The cached document of a request path resolved before, if the path still names
    /// the same unchanged file (see ``ResolvedPathCache``); nil sends the request
    /// through the full resolution.
    func rememberedDocument(forRequestPath rawPath: String) -> ServedDocument? {
        guard let entry = paths.entry(for: rawPath) else { return nil }
        guard entry.isCurrent,
            let document = cache.document(for: entry.relativePath, validity: .file(entry.identity.version))
        else {
            paths.forget(rawPath)
            return nil
        }
        return document
    }

    /// Remembers that `rawPath` resolved to the cached `relativePath` at `version`, if the
    /// path as requested still names exactly that version: a symlink re-pointed between
    /// the resolution and this `stat` leaves nothing behind.
    package func remember(_ rawPath: String, relativePath: String, version: FileVersion) {
        let prefix = resolver.realRoot == "/" ? "/" : resolver.realRoot + "/"
        let requestedPath = Array((prefix + relativePath).utf8CString)
        let identity = requestedPath.withUnsafeBufferPointer { path in
            path.baseAddress.flatMap { FileIdentity.current(path: $0) }
        }
        guard let identity, identity.version == version else { return }
        paths.remember(
            ResolvedPathCache.Entry(relativePath: relativePath, requestedPath: requestedPath, identity: identity),
            for: rawPath)
    }
}

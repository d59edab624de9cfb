import FeedFormats
import FeedOutput
import Foundation
import HTTPServing
import NewsModel

/// Serves one folder of feeds read-only over ``HTTPServing``: files with their
/// media types, strong ETags, `Last-Modified`, 304 revalidation, `Cache-Control`
/// from each feed's ttl and gzip built once per file version; plus `/healthz`, and
/// `/` and `/feeds.opml` generated from the folder when those files are absent.
///
/// Small files live in a bounded in-memory cache keyed by path and validated by
/// (inode, size, modification time), so cache hits are answered on the server's event
/// loop without a task hop: the first request of a path in ``respondImmediately(to:)``
/// after a full resolution, repeats in ``preparedResponse(to:)`` with one `stat` and a
/// response head built once per file version.
public struct StaticFileHandler: HTTPHandler {
    /// The path of the health endpoint.
    public static let healthPath = "/healthz"

    /// How this handler serves its folder.
    public let configuration: Configuration
    /// Maps request paths into the folder; exposed so callers can log the real root.
    public let resolver: RequestPathResolver
    package let scanner: FeedFolderScanner
    package let cache: DocumentCache
    /// Request paths already resolved to a cached file.
    package let paths = ResolvedPathCache()

    /// Serves `root`.
    /// - Throws: ``ServeError`` when `root` is missing or not a folder.
    public init(root: String, configuration: Configuration) throws(ServeError) {
        self.configuration = configuration
        resolver = try RequestPathResolver(root: root)
        scanner = FeedFolderScanner(root: resolver.realRoot, baseURL: configuration.baseURL)
        cache = DocumentCache(
            maxEntryCost: configuration.maxCachedFileBytes * 2, maxTotalCost: configuration.maxCacheBytes)
    }

    /// Answers from memory when it can: refusals, and files whose cached version is
    /// still current. Nil sends the request to ``handle(_:)``.
    public func respondImmediately(to request: HTTPRequest) -> HTTPAction? {
        // A POST reaches the handler only when the server reads bodies (the hub is on): it is the hub's alone.
        if request.method == "POST" { return .respond(postResponse(to: request)) }
        // Only paths that routed to a file are remembered, so this shortcut never hides another route.
        if let document = rememberedDocument(forRequestPath: request.path) {
            return .respond(document.response(to: request))
        }
        switch route(request.path) {
        case .health, .status, .generated:
            return nil
        case .refused(let refusal):
            return .respond(Self.refusalResponse(refusal))
        case .file(let relativePath, let realPath):
            guard let version = FileVersion.of(path: realPath),
                let document = cache.document(for: relativePath, validity: .file(version))
            else { return nil }
            remember(request.path, relativePath: relativePath, version: version)
            return .respond(document.response(to: request))
        }
    }

    /// The hub's answer to a `POST` to its endpoint; `405` to any other.
    package func postResponse(to request: HTTPRequest) -> HTTPResponse {
        if let hub = configuration.websub, request.path == WebSubHub.path { return hub.respond(to: request).0 }
        var response = HTTPResponse.text(405, "method POST is not allowed here (only GET and HEAD)\n")
        response.headers.set("Allow", "GET, HEAD")
        return response
    }

    /// Answers what ``respondImmediately(to:)`` could not: cache misses (one read and
    /// one compression per file version), generated pages and `/healthz`.
    public func handle(_ request: HTTPRequest) async -> HTTPAction {
        .respond(response(to: request))
    }

    /// The full answer to `request`, reading the file or scanning the folder if needed.
    public func response(to request: HTTPRequest) -> HTTPResponse {
        if request.method == "POST" { return postResponse(to: request) }
        switch route(request.path) {
        case .health:
            return healthResponse()
        case .status:
            guard let status = configuration.status else { return Self.refusalResponse(.notFound) }
            return status.response(for: request.path, now: configuration.now())
        case .refused(let refusal):
            return Self.refusalResponse(refusal)
        case .generated(let relativePath):
            return generatedPage(named: relativePath).response(to: request)
        case .file(let relativePath, let realPath):
            guard let document = fileDocument(relativePath: relativePath, realPath: realPath) else {
                return Self.refusalResponse(.notFound)
            }
            return document.response(to: request)
        }
    }

    /// Where `path` goes: the health and status pages first (they shadow files of the same name), then the folder.
    package func route(_ path: String) -> StaticFileRoute {
        if path == Self.healthPath { return .health }
        if configuration.status?.handles(path) == true { return .status }
        switch resolver.resolve(path) {
        case .refused(let refusal):
            return .refused(refusal)
        case .absent(let relativePath):
            return isGenerated(relativePath) ? .generated(relativePath: relativePath) : .refused(.notFound)
        case .file(let relativePath, let realPath):
            return .file(relativePath: relativePath, realPath: realPath)
        }
    }

    private func isGenerated(_ relativePath: String) -> Bool {
        relativePath == SiteLayout.indexFileName || relativePath == SiteLayout.opmlFileName
            || PageAssets.data(at: relativePath) != nil
    }

    static func refusalResponse(_ refusal: PathRefusal) -> HTTPResponse {
        var response = HTTPResponse.text(refusal.status, refusal.message)
        response.headers.set("X-Content-Type-Options", "nosniff")
        return response
    }

    /// Reads the file once through one descriptor, builds its representations and
    /// caches them when small enough; larger files are answered uncompressed rather
    /// than compressed anew on every request.
    private func fileDocument(relativePath: String, realPath: String) -> ServedDocument? {
        guard let snapshot = FileSnapshot.read(path: realPath) else { return nil }
        let validity = DocumentCache.Validity.file(snapshot.version)
        if let cached = cache.document(for: relativePath, validity: validity) { return cached }
        let mediaType = MediaType.forFileName(relativePath)
        var maxAge = configuration.defaultMaxAgeSeconds
        if let minutes = FeedTimeToLive.minutes(forSiblingOf: relativePath, root: resolver.realRoot)
            ?? (mediaType.isFeed ? FeedTimeToLive.minutes(in: snapshot.bytes) : nil)
        {
            maxAge = min(minutes * 60, Self.maxAgeLimit)
        }
        // Only the request that claims this version compresses and caches it; a request
        // racing it meanwhile answers uncompressed instead of compressing again.
        // The image cache's copies are named after their bytes: a name never holds other bytes, so caches may
        // keep them for the longest time RFC 9111 allows without asking again.
        let immutable = relativePath.hasPrefix(SiteLayout.imagesFolder + "/")
        let cacheControl = immutable ? "public, max-age=\(Self.maxAgeLimit), immutable" : "public, max-age=\(maxAge)"
        let builds =
            snapshot.bytes.count <= configuration.maxCachedFileBytes
            && cache.claimBuild(of: relativePath, validity: validity)
        let document = ServedDocument(
            bytes: snapshot.bytes, entityTag: snapshot.version.entityTag,
            lastModifiedSeconds: snapshot.version.modifiedSeconds, mediaType: mediaType,
            cacheControl: cacheControl, compress: builds, prepare: builds,
            link: mediaType.isFeed ? configuration.hubLink(relativePath: relativePath) : nil)
        if builds { cache.store(document, for: relativePath, validity: validity) }
        return document
    }

    /// A year: RFC 9111 caches need no more.
    static let maxAgeLimit = 31_536_000
}

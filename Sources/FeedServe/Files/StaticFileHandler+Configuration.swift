import Foundation

extension StaticFileHandler {
    /// How a ``StaticFileHandler`` serves its folder.
    public struct Configuration: Sendable {
        /// Where the folder is served, for absolute URLs in the generated index and
        /// OPML: `site` when configured, else the address the server listens on.
        public var baseURL: URL
        /// The heading of the generated index and the OPML title.
        public var title: String
        /// `Cache-Control: max-age` for files other than feeds with a `<ttl>`.
        public var defaultMaxAgeSeconds: Int
        /// Files up to this size are kept in memory with their gzip bytes.
        public var maxCachedFileBytes: Int
        /// The memory cache never holds more than this.
        public var maxCacheBytes: Int
        /// The clock for `/healthz` ages; tests pass a fixed instant.
        public var now: @Sendable () -> Date
        /// `/status`, `/status.json` and `/metrics`, when a config is known.
        public var status: StatusEndpoints?
        /// The WebSub hubs feeds advertise: with any, every feed is answered with
        /// `Link: <hub>; rel="hub", <self>; rel="self"` (W3C WebSub §4).
        public var hubs: [URL] = []
        /// The WebSub hub answering `POST /websub`, when `"websub": {"hub": true}`; every other `POST` is 405.
        package var websub: WebSubHub?

        /// The `Link` header of the feed served at `relativePath`, or nil without hubs.
        package func hubLink(relativePath: String) -> String? {
            guard !hubs.isEmpty else { return nil }
            let selfURL = baseURL.appending(path: relativePath)
            return (hubs.map { "<\($0.absoluteString)>; rel=\"hub\"" } + ["<\(selfURL.absoluteString)>; rel=\"self\""])
                .joined(separator: ", ")
        }

        /// A configuration; only `baseURL` has no default.
        public init(
            baseURL: URL, title: String = "newsfeed", defaultMaxAgeSeconds: Int = 300,
            maxCachedFileBytes: Int = 4 << 20, maxCacheBytes: Int = 64 << 20,
            now: @escaping @Sendable () -> Date = { Date() }
        ) {
            self.baseURL = baseURL
            self.title = title
            self.defaultMaxAgeSeconds = defaultMaxAgeSeconds
            self.maxCachedFileBytes = maxCachedFileBytes
            self.maxCacheBytes = maxCacheBytes
            self.now = now
        }
    }
}

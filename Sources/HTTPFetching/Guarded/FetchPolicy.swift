import Foundation
import NewsModel

/// What a ``GuardedFetcher`` may do: the limits every fetch of a page or an image obeys.
///
/// The defaults are the documented ones (docs/operations.md, "Hostile or broken servers"); the `articles` and
/// `images` steps set their own caps, timeouts and content-type filters from their config keys.
public struct FetchPolicy: Sendable {
    /// Contact private, loopback and link-local addresses too: the config's top-level `"allowPrivate"`.
    public var allowPrivate: Bool
    /// The cap on decoded body bytes (gzip and deflate are decoded within it).
    public var maximumBytes: Int
    /// One deadline for the whole fetch: every redirect hop, from connecting to the last byte.
    public var timeout: Duration
    /// Redirects followed at most; each target is vetted by the address guard before it is contacted.
    public var maximumRedirects: Int
    /// Requests in flight to one host at once.
    public var perHost: Int
    /// The least time between the starts of two requests to one host.
    public var hostSpacing: Duration
    /// Requests in flight at once across all hosts.
    public var totalConcurrency: Int
    /// Whether `robots.txt` (RFC 9309, user-agent token `newsfeed`) is obeyed.
    public var obeysRobots: Bool
    /// The `User-Agent` sent: `newsfeed/<version> (+<site>)`.
    public var userAgent: String
    /// The `Accept` header sent.
    public var accept: String
    /// Whether a 2xx answer of this media type (lowercased, without parameters; nil when the answer has no
    /// `Content-Type`) is wanted; an unwanted one is refused from its head, before its body is read.
    public var acceptsMediaType: @Sendable (String?) -> Bool

    /// - Parameter site: the config's `site`, named in the User-Agent so publishers can see who fetches.
    public init(
        site: URL, allowPrivate: Bool = false, maximumBytes: Int = 20 * 1024 * 1024, timeout: Duration = .seconds(30),
        maximumRedirects: Int = 5, perHost: Int = 2, hostSpacing: Duration = .milliseconds(500),
        totalConcurrency: Int = 8, obeysRobots: Bool = true, accept: String = "*/*",
        acceptsMediaType: @escaping @Sendable (String?) -> Bool = { _ in true }
    ) {
        self.allowPrivate = allowPrivate
        self.maximumBytes = max(1, maximumBytes)
        self.timeout = timeout
        self.maximumRedirects = max(0, maximumRedirects)
        self.perHost = max(1, perHost)
        self.hostSpacing = hostSpacing
        self.totalConcurrency = max(1, totalConcurrency)
        self.obeysRobots = obeysRobots
        self.userAgent = Self.userAgent(site: site)
        self.accept = accept
        self.acceptsMediaType = acceptsMediaType
    }

    /// `newsfeed/1.0.0 (+https://news.example/)`.
    public static func userAgent(site: URL) -> String {
        "\(NewsFeedVersion.userAgent) (+\(site.absoluteString))"
    }

    /// Pages: `Accept: text/html,application/xhtml+xml`, and only those media types.
    public static func pages(site: URL, allowPrivate: Bool) -> FetchPolicy {
        FetchPolicy(
            site: site, allowPrivate: allowPrivate, accept: "text/html,application/xhtml+xml",
            acceptsMediaType: { type in type == "text/html" || type == "application/xhtml+xml" })
    }

    /// Images: `Accept: image/*` and only `image/*` answers (the bytes must still be checked to be an image).
    public static func images(site: URL, allowPrivate: Bool) -> FetchPolicy {
        FetchPolicy(
            site: site, allowPrivate: allowPrivate, accept: "image/*",
            acceptsMediaType: { type in type?.hasPrefix("image/") == true })
    }
}

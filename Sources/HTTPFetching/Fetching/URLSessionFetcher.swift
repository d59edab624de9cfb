import Foundation
import NewsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPFetching`` over Foundation's URLSession (libcurl on Linux).
///
/// Every fetch gets its own ephemeral session: no cookies, no cache, no credentials carried between requests. It
/// offers only `Accept-Encoding: gzip, deflate` and counts the decoded bytes against ``maximumBytes`` as they are
/// decoded (``InlineDelegateQueue``), so a compression bomb is cut at the cap, never inflated into memory; an
/// answer in another coding is refused. The deadline is kept here rather than by URLSession, because on Linux its
/// timeout truncates to whole seconds (a sub-second value fires at once) and is not a reliable whole-transfer
/// limit; it covers the whole exchange, so a server that trickles bytes or streams forever is cut off too.
public struct URLSessionFetcher: HTTPFetching {
    /// The default body cap: far above any NewsAPI answer (100 articles is ~100 KB).
    public static let defaultMaximumBytes = 20 * 1024 * 1024

    /// Decoded bodies larger than this many bytes are abandoned with ``FetchError/tooLarge(limit:)``.
    public let maximumBytes: Int

    /// Whether a body reaching ``maximumBytes`` is cut there and kept (the transfer stops and succeeds with the
    /// first ``maximumBytes``) rather than abandoned: for a `robots.txt`, of which only a prefix is read.
    package let keepsPrefix: Bool

    /// - Parameter maximumBytes: the cap on decoded body bytes; at least 1.
    public init(maximumBytes: Int = URLSessionFetcher.defaultMaximumBytes) {
        self.init(maximumBytes: maximumBytes, keepsPrefix: false)
    }

    /// - Parameters:
    ///   - maximumBytes: the cap on decoded body bytes; at least 1.
    ///   - keepsPrefix: keep the first `maximumBytes` of a longer body instead of failing.
    package init(maximumBytes: Int, keepsPrefix: Bool) {
        self.maximumBytes = max(1, maximumBytes)
        self.keepsPrefix = keepsPrefix
    }

    /// GETs `request` with the User-Agent and encodings set, the decoded body capped and the deadline enforced by
    /// our own timer; same-origin redirects are followed (at most ``FetchTransfer/maximumRedirects``).
    public func fetch(_ request: URLRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPURLResponse) {
        try await fetch(request, timeout: timeout, redirects: .sameOrigin(limit: FetchTransfer.maximumRedirects))
    }

    /// One exchange; `inspectHead` may refuse the answer by its head before the body is read.
    package func fetch(
        _ request: URLRequest, timeout: Duration, redirects: FetchTransfer.Redirects,
        inspectHead: @escaping @Sendable (HTTPURLResponse) -> FetchError? = { _ in nil }
    ) async throws(FetchError) -> (Data, HTTPURLResponse) {
        var request = request
        if request.value(forHTTPHeaderField: "User-Agent") == nil {
            request.setValue(NewsFeedVersion.userAgent, forHTTPHeaderField: "User-Agent")
        }
        // Replaces libcurl's own offer (`deflate, gzip, br, zstd`): only what is counted while decoded.
        request.setValue(ContentCoding.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // A backstop only: our own deadline below is the one that counts.
        request.timeoutInterval = timeout.timeInterval.rounded(.up) + 5

        let transfer = FetchTransfer(
            maximumBytes: maximumBytes, keepsPrefix: keepsPrefix, origin: request.url, redirects: redirects,
            timeout: timeout, inspectHead: inspectHead)
        let session = URLSession(
            configuration: Self.configuration(), delegate: transfer, delegateQueue: InlineDelegateQueue())
        let task = session.dataTask(with: request)

        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.begin(task: task, continuation: continuation)
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled))
        }
        // Off the cooperative pool: on Linux invalidating waits for the session's queue, which stays busy for as
        // long as libcurl is still decoding what it had read when the transfer was cut.
        transfer.control.async { session.invalidateAndCancel() }
        return try result.get()
    }

    /// An ephemeral configuration without proxies, caches, cookies or stored credentials.
    private static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        // Honoured on Darwin; on Linux libcurl still reads http_proxy/no_proxy from the environment.
        configuration.connectionProxyDictionary = [:]
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 2
        return configuration
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

import Foundation
import NewsModel

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ``HTTPFetching`` over Foundation's URLSession (libcurl on Linux).
///
/// Every fetch gets its own ephemeral session: no cookies, no cache, no
/// credentials carried between requests. The deadline is kept here rather than
/// by URLSession, because on Linux its timeout truncates to whole seconds (a
/// sub-second value fires at once) and is not a reliable whole-transfer limit.
public struct URLSessionFetcher: HTTPFetching {
    /// The default body cap: far above any NewsAPI answer (100 articles is ~100 KB).
    public static let defaultMaximumBytes = 20 * 1024 * 1024

    /// Bodies larger than this many bytes are abandoned with ``FetchError/tooLarge(limit:)``.
    public let maximumBytes: Int

    /// - Parameter maximumBytes: the body size cap; at least 1.
    public init(maximumBytes: Int = URLSessionFetcher.defaultMaximumBytes) {
        self.maximumBytes = max(1, maximumBytes)
    }

    /// GETs `request` with the User-Agent set, the body capped and the deadline enforced by our own timer.
    public func fetch(_ request: URLRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPURLResponse) {
        var request = request
        request.setValue(NewsFeedVersion.userAgent, forHTTPHeaderField: "User-Agent")
        request.cachePolicy = .reloadIgnoringLocalCacheData
        // A backstop only: our own deadline below is the one that counts.
        request.timeoutInterval = timeout.timeInterval.rounded(.up) + 5

        let transfer = FetchTransfer(maximumBytes: maximumBytes, origin: request.url)
        let session = URLSession(configuration: Self.configuration(), delegate: transfer, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)

        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                transfer.begin(task: task, timeout: timeout, continuation: continuation)
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled))
        }
        return try result.get()
    }

    /// An ephemeral configuration without proxies, caches, cookies or stored credentials.
    private static func configuration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        // Honoured on Darwin; on Linux libcurl still reads http_proxy/no_proxy from the environment.
        configuration.connectionProxyDictionary = [:]
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
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

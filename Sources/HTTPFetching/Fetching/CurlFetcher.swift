import Foundation
import NewsModel

/// ``HTTPFetching`` over libcurl (``CurlEngine``): the one client for every outbound request.
///
/// No cookies, no cache, no credentials, no proxy, and a fresh connection for every exchange. It offers only
/// `Accept-Encoding: gzip, deflate` and decodes those itself with zlib, counting the decoded bytes against
/// ``maximumBytes`` as they are decoded, so a compression bomb is cut at the cap, never inflated into memory, and a
/// compressed body without its end is a failure; an answer in another coding is refused. A body shorter than its
/// `Content-Length` is a failure. One deadline covers the whole exchange, every redirect included, so a server that
/// trickles bytes, streams forever or sends interim (1xx) heads forever is cut off too. No server can stop the
/// process: every way an exchange goes wrong ends as a ``FetchError`` whose message is a sentence.
public struct CurlFetcher: HTTPFetching {
    /// The default body cap: far above any NewsAPI answer (100 articles is ~100 KB).
    public static let defaultMaximumBytes = 20 * 1024 * 1024

    /// Redirects ``fetch(_:timeout:)`` follows at most.
    package static let maximumRedirects = 5

    /// What an exchange does with a redirect.
    package enum Redirects: Sendable {
        /// Follows at most `limit` redirects within the original scheme, host and port (so request headers such
        /// as an API key never travel to another origin); any other redirect is delivered as the answer.
        case sameOrigin(limit: Int)
        /// Never follows: every 3xx answer is delivered as the answer, for a caller that vets each hop itself.
        case deliver
    }

    /// Decoded bodies larger than this many bytes are abandoned with ``FetchError/tooLarge(limit:)``.
    public let maximumBytes: Int

    /// - Parameter maximumBytes: the cap on decoded body bytes; at least 1.
    public init(maximumBytes: Int = CurlFetcher.defaultMaximumBytes) {
        self.maximumBytes = max(1, maximumBytes)
    }

    /// GETs `request` with the User-Agent and encodings set, the decoded body capped and the deadline enforced;
    /// same-origin redirects are followed (at most ``maximumRedirects``).
    public func fetch(_ request: FetchRequest, timeout: Duration) async throws(FetchError) -> (Data, HTTPResponseHead) {
        try await fetch(request, timeout: timeout, redirects: .sameOrigin(limit: Self.maximumRedirects))
    }

    /// One exchange, and same-origin redirects if asked.
    /// - Parameters:
    ///   - inspectHead: may refuse the answer by its head before the body is read.
    ///   - readsBody: false ends the exchange once the final head has arrived, with an empty body (a check that
    ///     needs the head only).
    ///   - keepsPrefix: a body reaching ``maximumBytes`` ends the exchange with its first ``maximumBytes`` as the
    ///     answer rather than failing.
    ///   - connectGuard: checks each address libcurl is about to connect to, after its own name lookup; a
    ///     sentence refuses it with ``FetchError/blocked(_:)`` before any byte is sent.
    package func fetch(
        _ request: FetchRequest, timeout: Duration, redirects: Redirects,
        inspectHead: @escaping @Sendable (HTTPResponseHead) -> FetchError? = { _ in nil }, readsBody: Bool = true,
        keepsPrefix: Bool = false, connectGuard: (@Sendable (IPAddress) -> String?)? = nil
    ) async throws(FetchError) -> (Data, HTTPResponseHead) {
        let origin = request.url
        var request = request
        if request.value(forHTTPHeaderField: "User-Agent") == nil {
            request.setValue(NewsFeedVersion.userAgent, forHTTPHeaderField: "User-Agent")
        }
        // Only what is decoded (and counted) here; a caller asking for `identity` keeps it.
        if request.value(forHTTPHeaderField: "Accept-Encoding")?.lowercased() != "identity" {
            request.setValue(ContentCoding.acceptEncoding, forHTTPHeaderField: "Accept-Encoding")
        }
        let headers = request.headerFields
        let askedMethod = request.method.uppercased()
        let method = askedMethod == "HEAD" || askedMethod == "POST" ? askedMethod : "GET"
        let deadline = ContinuousClock.now + timeout

        var current = origin
        var followed = 0
        while true {
            var exchange = CurlExchange(
                url: current, method: method, headers: headers, maximumBytes: maximumBytes, timeout: timeout,
                deadline: deadline, readsBody: readsBody, inspectHead: inspectHead, connectGuard: connectGuard)
            exchange.keepsPrefix = keepsPrefix
            if method == "POST" { exchange.body = request.body ?? Data() }
            let (body, response) = try await CurlEngine.shared.perform(exchange).get()
            guard case .sameOrigin(let limit) = redirects, followed < limit,
                [301, 302, 303, 307, 308].contains(response.statusCode),
                let location = response.value(forHTTPHeaderField: "Location"),
                let next = URL(string: location, relativeTo: current)?.absoluteURL,
                Self.sameOrigin(next, origin)
            else { return (body, response) }
            followed += 1
            current = next
        }
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    /// `127.0.0.1:8080`: names the server without path or query.
    package static func hostText(_ url: URL?) -> String {
        guard let host = url?.host else { return "the server" }
        if let port = url?.port { return "\(host):\(port)" }
        return host
    }
}

extension Duration {
    /// The duration in seconds as a `TimeInterval`.
    package var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}

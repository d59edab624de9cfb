import NewsModel

/// Everything that can go wrong asking NewsAPI for articles, or reading a saved answer.
///
/// Each case says what NewsAPI (or the network) did, in one line fit for
/// stderr after a feed's name: `us/health: NewsAPI rateLimited (HTTP 429): …`.
public enum NewsAPIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// NewsAPI's own error envelope, `{"status":"error","code":…,"message":…}`.
    /// `httpStatus` is nil for a saved file; `retryAfter` comes from a Retry-After header.
    case api(code: String, message: String, httpStatus: Int?, retryAfter: Duration?)
    /// An HTTP error status without NewsAPI's JSON envelope (a proxy or load balancer answered).
    case httpStatus(Int, retryAfter: Duration?)
    /// An HTML page where JSON belongs, typically a gateway's error page.
    case htmlPage(httpStatus: Int?)
    /// Bytes that are not JSON (RFC 8259): where and why (``JSONSyntaxError/isTruncated`` when the
    /// text stops inside a value, as after a transfer cut short).
    case invalidJSON(JSONSyntaxError)
    /// Valid JSON, but neither a NewsAPI answer nor a NewsAPI error; `detail` says what is off.
    case unexpectedJSON(String)
    /// No body at all (or only whitespace).
    case emptyBody(httpStatus: Int?)
    /// No complete answer within the client's deadline.
    case timedOut(after: Duration)
    /// The request never got an answer: DNS, connection, TLS, size cap.
    case transport(String)

    /// NewsAPI error codes after which the key is unusable for now: asking again only burns budget.
    public static let codesThatStopFurtherRequests: Set<String> = [
        "apiKeyInvalid", "apiKeyMissing", "apiKeyDisabled", "rateLimited", "apiKeyExhausted",
    ]

    /// True when no further NewsAPI request should be made in this run (bad key or quota spent).
    public var stopsFurtherRequests: Bool {
        if case .api(let code, _, _, _) = self, Self.codesThatStopFurtherRequests.contains(code) { return true }
        return httpStatus == 401 || httpStatus == 429
    }

    /// How long NewsAPI asked us to wait, when it said so.
    public var retryAfter: Duration? {
        switch self {
        case .api(_, _, _, let retryAfter), .httpStatus(_, let retryAfter): retryAfter
        default: nil
        }
    }

    /// The HTTP status of the failed answer, when there was one.
    public var httpStatus: Int? {
        switch self {
        case .api(_, _, let status, _): status
        case .httpStatus(let status, _): status
        case .htmlPage(let status), .emptyBody(let status): status
        default: nil
        }
    }

    /// One line for stderr, naming NewsAPI's code, HTTP status, message and wait where known.
    public var description: String {
        switch self {
        case .api(let code, let message, let status, let retryAfter):
            var line = "NewsAPI \(code)"
            if let status { line += " (HTTP \(status))" }
            if !message.isEmpty { line += ": \(message)" }
            // "…rate limited., retry after" reads badly: the retry note continues the sentence.
            if retryAfter != nil, let last = line.last, ".!".contains(last) { line.removeLast() }
            return line + UpstreamWording.retryText(retryAfter)
        case .httpStatus(let status, let retryAfter):
            return "NewsAPI answered HTTP \(status) without an error message" + UpstreamWording.retryText(retryAfter)
        case .htmlPage(let status):
            return UpstreamWording.htmlPage("NewsAPI", status: status)
        case .invalidJSON(let error):
            return "NewsAPI answer: \(error)"
        case .unexpectedJSON(let detail):
            return "NewsAPI's answer is JSON but not a NewsAPI response: \(detail)"
        case .emptyBody(let status):
            return UpstreamWording.emptyBody("NewsAPI", status: status)
        case .timedOut(let after):
            return UpstreamWording.timedOut("NewsAPI", after: after)
        case .transport(let detail):
            return UpstreamWording.transport("NewsAPI", detail: detail)
        }
    }
}

/// Why an HTTP GET through ``HTTPFetching`` produced no response.
///
/// HTTP error statuses are not fetch errors: they arrive as responses, so the
/// caller can read an error body (NewsAPI explains itself in JSON).
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No complete answer arrived within the deadline.
    case timedOut(after: Duration)
    /// The exchange failed (refused, reset, truncated, TLS, a malformed answer); the text is a sentence naming
    /// the server and what happened, e.g. `the answer from 127.0.0.1:8080 ended after 10 bytes of 100`.
    case transport(String)
    /// The decoded body grew past the fetcher's size cap (in bytes) and was abandoned.
    case tooLarge(limit: Int)
    /// The answer came in a content coding (`br`, `zstd`, …) that newsfeed did not offer in `Accept-Encoding`.
    case unofferedEncoding(String, host: String)
    /// The host name could not be resolved; `detail` is the resolver's reason.
    case hostNotFound(host: String, detail: String)
    /// The caller gave up (its task was cancelled) before the answer was complete.
    case cancelled
    /// The public-address guard (or the scheme check) refused the address before it was contacted; the text says
    /// which address and why.
    case blocked(String)
    /// `robots.txt` disallows this URL for `newsfeed`.
    case disallowedByRobots(String)
    /// `robots.txt` of `host` could not be had (a 5xx answer, a network failure): nothing of the host is fetched
    /// for now (RFC 9309 §2.3.1.4), and a later attempt may pass; `reason` names the host and what happened, e.g.
    /// `503 from news.example`.
    case robotsUnreachable(host: String, reason: String)
    /// More redirects than the policy follows.
    case tooManyRedirects(limit: Int)
    /// A redirect led back to an address already visited.
    case redirectLoop(String)
    /// A 2xx answer of a media type the caller does not want (e.g. an image where a page was asked for).
    case unwantedMediaType(String, url: String)

    /// One line naming the cause, e.g. `no answer within 30 s`.
    public var description: String {
        switch self {
        case .timedOut(let after):
            "no answer within \(after.secondsText)"
        case .transport(let sentence):
            sentence
        case .tooLarge(let limit):
            "the answer is too large: more than \(limit.byteCountText) once decoded, the most newsfeed accepts"
        case .unofferedEncoding(let coding, let host):
            "\(host) answered in the \(coding) encoding, which newsfeed did not ask for (it accepts gzip and deflate)"
        case .hostNotFound(let host, let detail):
            "could not resolve host \(host): \(detail)"
        case .cancelled:
            "cancelled before it finished"
        case .blocked(let reason):
            "blocked: \(reason)"
        case .disallowedByRobots(let url):
            "robots.txt disallows \(url) for newsfeed"
        case .robotsUnreachable(_, let reason):
            "robots.txt unreachable: \(reason)"
        case .tooManyRedirects(let limit):
            "more than \(limit) redirects"
        case .redirectLoop(let url):
            "redirect loop back to \(url)"
        case .unwantedMediaType(let type, let url):
            "\(url) answered \(type.isEmpty ? "without a Content-Type" : type), not what was asked for"
        }
    }
}

extension Duration {
    /// `30 s`, `1.5 s`, `250 ms`: short and exact enough for one-line messages.
    package var secondsText: String {
        let (seconds, attoseconds) = components
        if attoseconds == 0 { return "\(seconds) s" }
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds < 1000 { return "\(milliseconds) ms" }
        let tenths = milliseconds / 100
        return "\(tenths / 10).\(tenths % 10) s"
    }
}

extension Int {
    /// `20 MB`, `512 KB`, `900 bytes` (powers of 1024, rounded down).
    package var byteCountText: String {
        if self >= 1 << 20 { return "\(self >> 20) MB" }
        if self >= 1 << 10 { return "\(self >> 10) KB" }
        return "\(self) bytes"
    }
}

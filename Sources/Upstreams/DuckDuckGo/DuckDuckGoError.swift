import NewsModel

/// Everything that can go wrong asking DuckDuckGo's Instant Answer API, or reading a saved answer.
public enum DuckDuckGoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `Redirect` answer: the query is a !bang, which sends browsers elsewhere and has no topics.
    case redirect(query: String, target: String)
    /// An HTTP error status.
    case httpStatus(Int, retryAfter: Duration?)
    /// An HTML page where JSON belongs (an error or block page).
    case htmlPage(httpStatus: Int?)
    /// Bytes that are not JSON (RFC 8259): where and why (truncated, when the text stops inside a value).
    case invalidJSON(JSONSyntaxError)
    /// Valid JSON, but not an Instant Answer; `detail` names the field that is off.
    case unexpectedJSON(String)
    /// A JSON object with none of an Instant Answer's keys (`Abstract`, `Heading`, `RelatedTopics`…):
    /// another API's answer, not an empty Instant Answer; `keys` are the ones it has.
    case notAnInstantAnswer(keys: [String])
    /// No body at all.
    case emptyBody(httpStatus: Int?)
    /// No complete answer within the client's deadline.
    case timedOut(after: Duration)
    /// The request never got an answer: DNS, connection, TLS, size cap.
    case transport(String)

    /// True after a 429: asking DuckDuckGo again in this run only prolongs the block.
    public var stopsFurtherRequests: Bool {
        if case .httpStatus(429, _) = self { return true }
        return false
    }

    /// What the refused object holds instead, with a hint when that is a NewsAPI answer.
    private static func keysText(_ keys: [String]) -> String {
        guard !keys.isEmpty else { return "; it is an empty object" }
        let shown = keys.prefix(5).map { "\"\($0)\"" }.joined(separator: ", ") + (keys.count > 5 ? ", …" : "")
        let newsAPI = keys.contains("articles") || keys.contains("status") && keys.contains("code")
        return "; it has \(shown)" + (newsAPI ? " (a NewsAPI answer?)" : "")
    }

    /// One line for stderr, after the feed's name.
    public var description: String {
        switch self {
        case .redirect(let query, let target):
            let shown = target.isEmpty ? "" : " to \(target)"
            return "DuckDuckGo answered the query \"\(query)\" with a redirect\(shown) (a !bang), not an answer; "
                + "use a query without a bang"
        case .httpStatus(let status, let retryAfter):
            return "DuckDuckGo answered HTTP \(status)" + UpstreamWording.retryText(retryAfter)
        case .htmlPage(let status):
            return UpstreamWording.htmlPage("DuckDuckGo", status: status)
        case .invalidJSON(let error):
            return "DuckDuckGo's answer: \(error)"
        case .unexpectedJSON(let detail):
            return "DuckDuckGo's answer is JSON but not an Instant Answer: \(detail)"
        case .notAnInstantAnswer(let keys):
            return "the answer is not a DuckDuckGo Instant Answer: it has none of its keys "
                + "(Abstract, AbstractText, Heading, RelatedTopics, Results, Redirect, Type…)"
                + Self.keysText(keys)
        case .emptyBody(let status):
            return UpstreamWording.emptyBody("DuckDuckGo", status: status)
        case .timedOut(let after):
            return UpstreamWording.timedOut("DuckDuckGo", after: after)
        case .transport(let detail):
            return UpstreamWording.transport("DuckDuckGo", detail: detail)
        }
    }
}

extension SourceError {
    /// A DuckDuckGo failure, keeping its stop rule and wait.
    public init(_ error: DuckDuckGoError) {
        var retryAfter: Duration?
        var refusal = "an error"
        if case .httpStatus(let status, let wait) = error {
            retryAfter = wait
            refusal = "HTTP \(status)"
        }
        self.init(
            upstream: .duckDuckGo, message: error.description, stopsFurtherRequests: error.stopsFurtherRequests,
            retryAfter: retryAfter, refusal: refusal)
    }
}

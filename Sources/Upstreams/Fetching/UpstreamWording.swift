import Foundation
import HTTPFetching

/// The wording every upstream uses for an answer that is no answer at all, so that NewsAPI's and
/// DuckDuckGo's failures speak with one voice; `name` is the upstream's, e.g. `NewsAPI`.
enum UpstreamWording {
    static func htmlPage(_ name: String, status: Int?) -> String {
        if let status { return "\(name) answered with an HTML page (HTTP \(status)), not JSON" }
        return "the \(name) answer is an HTML page, not JSON"
    }

    static func emptyBody(_ name: String, status: Int?) -> String {
        if let status { return "\(name) answered with an empty body (HTTP \(status))" }
        return "the \(name) answer is empty"
    }

    static func timedOut(_ name: String, after: Duration) -> String {
        "\(name) did not answer within \(after.secondsText)"
    }

    static func transport(_ name: String, detail: String) -> String {
        "could not reach \(name): \(detail)"
    }

    /// `, retry after 3600 s`, or nothing.
    static func retryText(_ retryAfter: Duration?) -> String {
        guard let retryAfter else { return "" }
        return ", retry after \(retryAfter.components.seconds) s"
    }
}

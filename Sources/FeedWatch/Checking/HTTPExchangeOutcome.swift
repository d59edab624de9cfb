import Foundation
import HTTPFetching

/// How one HTTP request of a check ended: the response head, or why there was none.
package enum HTTPExchangeOutcome: Sendable, Equatable {
    /// The status and header fields (names lowercased); the body is never read.
    case response(status: Int, headers: [String: String])
    /// No usable answer.
    case failure(FetchError)

    /// From the final head of an exchange.
    package static func from(_ response: HTTPResponseHead) -> HTTPExchangeOutcome {
        .response(status: response.statusCode, headers: response.lowercasedHeaderFields)
    }

    /// A one-line cause for a failure, in words an operator reading the summary understands: short phrases for
    /// the common causes (`connection refused`, `host not found`), otherwise the fetcher's sentence naming the host.
    package static func cause(of error: FetchError) -> String {
        switch error {
        case .timedOut: return "timed out"
        case .hostNotFound: return "host not found"
        case .cancelled: return "cancelled"
        case .transport(let sentence) where sentence.hasSuffix(" refused the connection"): return "connection refused"
        default: return error.description
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How one HTTP request of a check ended: the response head, or a transport failure.
package enum HTTPExchangeOutcome: Sendable, Equatable {
    /// The status and header fields (names lowercased); the body is never read.
    case response(status: Int, headers: [String: String])
    /// No usable answer; `code` is URLSession's error code, `detail` its message.
    case failure(code: URLError.Code, detail: String)

    /// From URLSession's response object; non-HTTP responses cannot happen for http(s) URLs.
    package static func from(_ response: URLResponse) -> HTTPExchangeOutcome {
        guard let http = response as? HTTPURLResponse else {
            return .failure(code: .badServerResponse, detail: "not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return .response(status: http.statusCode, headers: headers)
    }

    /// From the error URLSession completed a task with.
    package static func from(_ error: any Error) -> HTTPExchangeOutcome {
        let nsError = error as NSError
        let code = nsError.domain == NSURLErrorDomain ? URLError.Code(rawValue: nsError.code) ?? .unknown : .unknown
        return .failure(code: code, detail: nsError.localizedDescription)
    }

    /// A one-line cause for a failure, in words an operator reading the summary understands.
    package static func cause(of code: URLError.Code, detail: String) -> String {
        switch code {
        case .timedOut: "timed out"
        case .cannotConnectToHost: "connection refused"
        case .networkConnectionLost: "connection reset before an answer"
        case .zeroByteResource: "connection closed without an answer"
        case .cannotFindHost, .dnsLookupFailed: "host not found"
        case .badServerResponse, .cannotParseResponse: "not a valid HTTP answer"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            "TLS failed: \(detail)"
        case .cancelled: "cancelled"
        default: "network error: \(detail)"
        }
    }
}

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Turns the error a URLSession task completed with into a ``FetchError`` whose message is a sentence.
///
/// On Linux the `URLError` code alone says little: FoundationNetworking maps most libcurl failures (a truncated
/// body, TLS, a malformed answer) to `-1`, "unknown", and puts libcurl's own message in the description. So the
/// cause is read from both, and what the transfer itself saw (bytes received, the announced length, whether an
/// answer had begun) tells a truncated answer from a connection that never answered.
package struct TransportFailure: Sendable {
    package var code: URLError.Code
    /// libcurl's message (FoundationNetworking's error description), e.g. `transfer closed with 5 bytes remaining`.
    package var message: String
    /// `127.0.0.1:8080`: the server, as every sentence names it.
    package var host: String
    package var receivedBytes: Int
    package var announcedBytes: Int?
    /// Whether the answer's head had arrived before the failure.
    package var hadAnswer: Bool

    package init(
        code: URLError.Code, message: String, host: String, receivedBytes: Int = 0, announcedBytes: Int? = nil,
        hadAnswer: Bool = false
    ) {
        self.code = code
        self.message = message
        self.host = host
        self.receivedBytes = receivedBytes
        self.announcedBytes = announcedBytes
        self.hadAnswer = hadAnswer
    }

    /// From what URLSession reported.
    package init(error: any Error, host: String, receivedBytes: Int, announcedBytes: Int?, hadAnswer: Bool) {
        let nsError = error as NSError
        let code: URLError.Code =
            if let urlError = error as? URLError {
                urlError.code
            } else if nsError.domain == NSURLErrorDomain {
                URLError.Code(rawValue: nsError.code) ?? .unknown
            } else {
                .unknown
            }
        let message = nsError.userInfo[NSLocalizedDescriptionKey] as? String ?? ""
        self.init(
            code: code, message: message, host: host, receivedBytes: receivedBytes, announcedBytes: announcedBytes,
            hadAnswer: hadAnswer)
    }

    /// The failure as a fetch error; `timeout` is the exchange's deadline, which a libcurl timeout also reports.
    package func fetchError(timeout: Duration) -> FetchError {
        let text = message.lowercased()
        func says(_ fragments: String...) -> Bool { fragments.contains { text.contains($0) } }

        if code == .cancelled { return .cancelled }
        if code == .timedOut || says("timed out", "timeout was reached") { return .timedOut(after: timeout) }
        if code == .cannotFindHost || code == .dnsLookupFailed || says("could not resolve", "couldn't resolve") {
            return .hostNotFound(host: Self.bareHost(host), detail: "DNS knows no such name")
        }
        if code == .httpTooManyRedirects || says("redirects followed") {
            return .transport("too many redirects from \(host)")
        }
        if says("unrecognized content encoding") {
            return .transport("\(host) answered in a content encoding newsfeed did not offer")
        }
        if says(
            "content unencoding", "content decoding", "incorrect header check", "invalid stored block",
            "invalid code lengths", "invalid distance", "invalid block type", "unexpected end of file")
        {
            return .transport("the compressed answer from \(host) is corrupt")
        }
        if says("ssl", "tls", "certificate") || Self.tlsCodes.contains(code) {
            return .transport(tlsSentence(text))
        }
        if code == .cannotConnectToHost || says("connection refused") {
            return .transport("\(host) refused the connection")
        }
        if says("no route to host") { return .transport("there is no route to \(host)") }
        if code == .notConnectedToInternet || says("network is unreachable") {
            return .transport("the network is unreachable from this machine (connecting to \(host))")
        }
        if says("transfer closed", "end of response", "partial file", "failure when receiving data")
            || (code == .networkConnectionLost && hadAnswer)
        {
            return .transport(truncatedSentence(reset: says("reset")))
        }
        if code == .networkConnectionLost || says("connection reset") {
            return .transport(
                hadAnswer ? truncatedSentence(reset: true) : "\(host) reset the connection before answering")
        }
        if code == .badServerResponse || code == .zeroByteResource || says("empty reply") {
            return .transport(
                hadAnswer ? truncatedSentence(reset: false) : "\(host) closed the connection without answering")
        }
        if says(
            "weird server reply", "unsupported http version", "invalid status line", "header without colon",
            "http/0.9", "nul byte in header", "invalid content-length", "malformed")
        {
            return .transport("\(host) sent a malformed HTTP answer")
        }
        if code == .badURL || code == .unsupportedURL || says("unsupported protocol", "url using bad/illegal") {
            return .transport("the address of \(host) cannot be fetched (only http and https URLs are)")
        }
        if hadAnswer { return .transport(truncatedSentence(reset: false)) }
        return .transport("the exchange with \(host) failed before an answer arrived\(curlDetail)")
    }

    /// `the answer from h ended after 10 bytes of 100` when the length was announced; otherwise that the
    /// connection closed (or was reset) before the answer was complete.
    private func truncatedSentence(reset: Bool) -> String {
        if let announcedBytes, receivedBytes < announcedBytes {
            return "the answer from \(host) ended after \(receivedBytes) bytes of \(announcedBytes)"
        }
        let how = reset ? "reset" : "closed"
        return "\(host) \(how) the connection before the answer was complete"
    }

    private func tlsSentence(_ text: String) -> String {
        let cause: String
        if text.contains("subject name") || text.contains("does not match") || text.contains("no alternative") {
            cause = "its certificate is for another name"
        } else if text.contains("expired") {
            cause = "its certificate has expired"
        } else if text.contains("self-signed") || text.contains("self signed") || text.contains("unable to get local")
            || text.contains("unknown ca") || text.contains("certificate problem")
            || code == .serverCertificateUntrusted
            || code == .serverCertificateHasUnknownRoot
        {
            cause = "its certificate is not trusted"
        } else if text.contains("wrong version number") || text.contains("record layer")
            || text.contains("packet length")
        {
            cause = "it does not speak TLS on this port"
        } else {
            cause = "the handshake did not complete"
        }
        return "TLS with \(host) failed: \(cause)"
    }

    /// libcurl's own words in parentheses, when there are any worth adding.
    private var curlDetail: String {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.contains("Error Domain"), !trimmed.contains("URL error"),
            !trimmed.contains("NSCocoaErrorDomain"), !trimmed.hasPrefix("The operation could not be completed")
        else { return "" }
        return " (libcurl: \(trimmed))"
    }

    private static let tlsCodes: Set<URLError.Code> = [
        .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
        .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
        .clientCertificateRequired,
    ]

    /// `example.com` from `example.com:8080`, `::1` from `[::1]:8080`.
    private static func bareHost(_ host: String) -> String {
        if host.hasPrefix("["), let close = host.firstIndex(of: "]") {
            return String(host[host.index(after: host.startIndex)..<close])
        }
        if host.filter({ $0 == ":" }).count == 1, let colon = host.firstIndex(of: ":") {
            return String(host[..<colon])
        }
        return host
    }
}

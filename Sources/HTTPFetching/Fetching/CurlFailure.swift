import CCurl
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Turns the code a libcurl exchange ended with into a ``FetchError`` whose message is a sentence naming the server.
///
/// libcurl's code says what went wrong in its terms (`CURLE_RECV_ERROR`, `CURLE_PARTIAL_FILE`); what the exchange
/// itself saw (whether a head had begun or was complete, the bytes received against the announced length, the
/// system's errno) tells a server that closed in the middle of its head from one that never answered, and a reset
/// from a close.
package struct CurlFailure: Sendable {
    package var code: CURLcode
    /// libcurl's message (its error buffer), e.g. `Connection refused`.
    package var message: String
    /// `127.0.0.1:8080`: the server, as every sentence names it.
    package var host: String
    /// The system's errno for the failure, 0 when there was none.
    package var osErrno: Int32
    package var receivedBytes: Int
    package var announcedBytes: Int?
    /// Whether the final head had arrived.
    package var headComplete: Bool
    /// Whether part of a head had arrived (and not all of it).
    package var inHead: Bool

    package init(
        code: CURLcode, message: String = "", host: String, osErrno: Int32 = 0, receivedBytes: Int = 0,
        announcedBytes: Int? = nil, headComplete: Bool = false, inHead: Bool = false
    ) {
        self.code = code
        self.message = message
        self.host = host
        self.osErrno = osErrno
        self.receivedBytes = receivedBytes
        self.announcedBytes = announcedBytes
        self.headComplete = headComplete
        self.inHead = inHead
    }

    /// The failure as a fetch error; `timeout` is the exchange's deadline, which libcurl's backstop also reports.
    package func fetchError(timeout: Duration) -> FetchError {
        let text = message.lowercased()
        let reset = osErrno == ECONNRESET || text.contains("reset by peer")
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut(after: timeout)
        case CURLE_ABORTED_BY_CALLBACK:
            return .cancelled
        case CURLE_COULDNT_RESOLVE_HOST:
            return .hostNotFound(host: Self.bareHost(host), detail: "DNS knows no such name")
        case CURLE_COULDNT_CONNECT:
            return .transport(connectSentence(text))
        case CURLE_UNSUPPORTED_PROTOCOL where text.contains("http/0.9"), CURLE_WEIRD_SERVER_REPLY:
            return .transport("\(host) sent something that is not HTTP")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .transport("the address of \(host) cannot be fetched (only http and https URLs are)")
        case CURLE_GOT_NOTHING:
            return .transport(
                inHead
                    ? "\(host) closed the connection in the middle of the answer's head"
                    : "\(host) closed the connection without answering")
        case CURLE_PARTIAL_FILE:
            return .transport(truncatedSentence(reset: reset))
        case CURLE_RECV_ERROR where text.contains("chunked-encoding"):
            // libcurl's chunked decoder refused the framing: a bad chunk size or a missing CRLF.
            return .transport("\(host) sent a broken chunked body")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            if headComplete { return .transport(truncatedSentence(reset: reset)) }
            let how = reset ? "reset" : "closed"
            if inHead { return .transport("\(host) \(how) the connection in the middle of the answer's head") }
            return .transport(
                reset
                    ? "\(host) reset the connection before answering"
                    : "\(host) closed the connection without answering")
        case CURLE_HTTP2, CURLE_HTTP2_STREAM:
            return .transport(
                headComplete
                    ? truncatedSentence(reset: reset) : "the HTTP/2 exchange with \(host) failed\(detail)")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_SHUTDOWN_FAILED, CURLE_USE_SSL_FAILED:
            return .transport(tlsSentence(text))
        case CURLE_TOO_MANY_REDIRECTS:
            return .transport("too many redirects from \(host)")
        case CURLE_FILESIZE_EXCEEDED:
            return .transport("the answer from \(host) is larger than newsfeed accepts")
        case CURLE_OUT_OF_MEMORY:
            return .transport("newsfeed ran out of memory during the exchange with \(host)")
        default:
            if headComplete { return .transport(truncatedSentence(reset: reset)) }
            return .transport("the exchange with \(host) failed before an answer arrived\(detail)")
        }
    }

    private func connectSentence(_ text: String) -> String {
        switch osErrno {
        case ECONNREFUSED: return "\(host) refused the connection"
        case EHOSTUNREACH: return "there is no route to \(host)"
        case ENETUNREACH: return "the network is unreachable from this machine (connecting to \(host))"
        case ETIMEDOUT: return "\(host) did not accept the connection in time"
        default: break
        }
        if text.contains("connection refused") { return "\(host) refused the connection" }
        if text.contains("no route to host") { return "there is no route to \(host)" }
        if text.contains("network is unreachable") {
            return "the network is unreachable from this machine (connecting to \(host))"
        }
        return "could not connect to \(host)\(detail)"
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
            || code == CURLE_PEER_FAILED_VERIFICATION
        {
            cause = "its certificate is not trusted"
        } else if text.contains("wrong version number") || text.contains("record layer")
            || text.contains("packet length") || text.contains("unexpected eof") || text.contains("syscall")
        {
            cause = "it does not speak TLS on this port"
        } else {
            cause = "the handshake did not complete"
        }
        return "TLS with \(host) failed: \(cause)"
    }

    /// libcurl's own words in parentheses, when there are any.
    private var detail: String {
        let trimmed = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "" : " (libcurl: \(trimmed))"
    }

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

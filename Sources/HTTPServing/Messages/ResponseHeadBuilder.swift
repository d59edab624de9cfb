/// Writes response heads as bytes, with a `Date` line formatted once per second.
///
/// Builds straight into a reusable `[UInt8]`: no Foundation formatting or string
/// concatenation per request. The time comes from the owner (``setDate(secondsSince1970:)``,
/// which the event loop calls once per wakeup), so building a head reads no clock.
struct ResponseHeadBuilder: Sendable {
    /// What the head decided about the body.
    struct Framing {
        /// Body bytes to send after the head (0 for HEAD, 204, 304).
        var bodyLength: Int
    }

    private var dateSecond: Int
    private var dateLine: [UInt8]

    /// A builder whose heads carry the date `secondsSince1970`.
    init(secondsSince1970: Int) {
        dateSecond = secondsSince1970
        dateLine = Self.dateLine(secondsSince1970)
    }

    /// The `Date` of the heads built from now on; formatted only when the second changed.
    mutating func setDate(secondsSince1970 seconds: Int) {
        guard seconds != dateSecond else { return }
        dateSecond = seconds
        dateLine = Self.dateLine(seconds)
    }

    private static func dateLine(_ seconds: Int) -> [UInt8] {
        Array("Date: \(HTTPDate.format(secondsSince1970: seconds))\r\n".utf8)
    }

    /// What the request-independent part of a head decided.
    struct FixedPart {
        /// The status sent (out-of-range statuses become 500).
        var status: Int
        /// Body bytes to send after the head (0 for HEAD, 204, 304).
        var bodyLength: Int
        /// The handler set its own `Date`.
        var hasDate: Bool
    }

    /// Appends the head of `response` to `head` (which the caller emptied).
    func build(
        _ response: HTTPResponse, into head: inout [UInt8], isHeadRequest: Bool, closing: Bool, http10KeepAlive: Bool
    ) -> Framing {
        let fixed = Self.appendFixedPart(of: response, to: &head, isHeadRequest: isHeadRequest)
        appendTail(to: &head, addsDate: !fixed.hasDate, closing: closing, http10KeepAlive: http10KeepAlive)
        return Framing(bodyLength: fixed.bodyLength)
    }

    /// Appends a prepared head and its per-request tail to `head` (which the caller emptied).
    func build(
        _ prepared: PreparedResponse, into head: inout [UInt8], closing: Bool, http10KeepAlive: Bool
    ) {
        head.append(contentsOf: prepared.fixedHead)
        appendTail(to: &head, addsDate: prepared.addsDate, closing: closing, http10KeepAlive: http10KeepAlive)
    }

    /// The part of a head that depends only on the response: the status line, the handler's
    /// fields (minus framing and unsafe ones), `Server` and `Content-Length`.
    static func appendFixedPart(of response: HTTPResponse, to head: inout [UInt8], isHeadRequest: Bool) -> FixedPart {
        let status = (200...999).contains(response.status) ? response.status : 500
        let bodyForbidden = status == 204 || status == 304
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        head.append(UInt8(48 + status / 100))
        head.append(UInt8(48 + status / 10 % 10))
        head.append(UInt8(48 + status % 10))
        head.append(0x20)
        head.append(contentsOf: Self.reasonPhrase(status).utf8)
        head.append(contentsOf: "\r\n".utf8)

        var hasDate = false
        var hasServer = false
        var keptContentLength = false
        for field in response.headers {
            switch Self.classify(field.name) {
            case .framing:
                // The server owns connection management and framing; a handler's value could contradict it.
                continue
            case .contentLength:
                // Kept only where the body is not sent: HEAD and 304 describe the GET's length.
                guard isHeadRequest || status == 304 else { continue }
                keptContentLength = true
            case .date:
                hasDate = true
            case .server:
                hasServer = true
            case .other:
                break
            }
            guard Self.isSafe(field.name), Self.isSafe(field.value) else { continue }
            head.append(contentsOf: field.name.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: "\r\n".utf8)
        }
        if !hasServer { head.append(contentsOf: "Server: newsfeed\r\n".utf8) }
        if !keptContentLength && !bodyForbidden {
            head.append(contentsOf: "Content-Length: ".utf8)
            Self.appendDecimal(response.body.count, to: &head)
            head.append(contentsOf: "\r\n".utf8)
        }
        return FixedPart(
            status: status, bodyLength: isHeadRequest || bodyForbidden ? 0 : response.body.count, hasDate: hasDate)
    }

    /// `Date` (unless the handler set one), `Connection` when needed, and the blank line.
    private func appendTail(to head: inout [UInt8], addsDate: Bool, closing: Bool, http10KeepAlive: Bool) {
        if addsDate { head.append(contentsOf: dateLine) }
        if closing {
            head.append(contentsOf: "Connection: close\r\n".utf8)
        } else if http10KeepAlive {
            head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        head.append(contentsOf: "\r\n".utf8)
    }

    private enum FieldKind {
        case framing
        case contentLength
        case date
        case server
        case other
    }

    private static func classify(_ name: String) -> FieldKind {
        var name = name
        return name.withUTF8 { bytes in
            func equals(_ lower: StaticString) -> Bool {
                guard bytes.count == lower.utf8CodeUnitCount else { return false }
                let expected = UnsafeBufferPointer(start: lower.utf8Start, count: lower.utf8CodeUnitCount)
                return zip(bytes, expected).allSatisfy { ($0 | 0x20) == $1 }
            }
            switch bytes.count {
            case 4 where equals("date"): return .date
            case 6 where equals("server"): return .server
            case 10 where equals("connection"), 10 where equals("keep-alive"): return .framing
            case 14 where equals("content-length"): return .contentLength
            case 17 where equals("transfer-encoding"): return .framing
            default: return .other
            }
        }
    }

    /// False for text that would break the head apart (CR, LF, NUL): a handler echoing input must not split responses.
    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0 }
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes.append(0x30)
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 410: "Gone"
        case 411: "Length Required"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

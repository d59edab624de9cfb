/// Why the server refused a request head before any handler saw it.
///
/// Each case maps to the 4xx status the server answers with; the connection is
/// closed afterwards because the byte stream can no longer be trusted.
public enum HTTPRequestRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The request line is longer than the parser's limit (414).
    case requestLineTooLong(limit: Int)
    /// The header block is longer than the parser's limit (431).
    case headersTooLarge(limit: Int)
    /// More header fields than the parser's limit (431).
    case tooManyHeaders(limit: Int)
    /// The request line is not `METHOD SP target SP HTTP/1.x` (400).
    case malformedRequestLine
    /// The version is not `HTTP/` DIGIT `.` DIGIT (400).
    case malformedVersion
    /// A well-formed version of another major than 1, e.g. `HTTP/2.0` sent as text (505).
    case unsupportedVersion(String)
    /// The target is neither origin-form (`/path`) nor an absolute `http(s)://` URL (400).
    case targetNotOriginForm(String)
    /// The target holds a NUL, control, space or non-ASCII byte (400).
    case invalidByteInTarget
    /// A header line is not `name: value` or holds forbidden bytes (400).
    case malformedHeader
    /// A header line starts with whitespace: obsolete line folding (400).
    case obsoleteLineFolding
    /// `Content-Length` is not a single decimal number (400).
    case invalidContentLength
    /// More than one `Host` field (400).
    case duplicateHost
    /// An HTTP/1.1 request without a `Host` field (400, RFC 9112 3.2).
    case missingHost
    /// A `Host` value (or the authority of an absolute-form target) outside RFC 3986's `host [ ":" port ]` (400).
    case invalidHost
    /// A stream that starts with bytes no request line can start with (400, closed at once).
    case notARequest
    /// More empty lines before a request line than ``HTTPRequestParser/Limits/maxLeadingEmptyLines`` (400).
    case tooManyEmptyLines(limit: Int)
    /// A GET or HEAD request announces a body (400).
    case bodyNotAllowed(method: String)
    /// A method other than GET or HEAD (405, with `Allow: GET, HEAD`).
    case methodNotAllowed(String)
    /// A `POST` whose `Content-Length` is over ``HTTPRequestParser/Limits/maxBodyBytes`` (413).
    case bodyTooLarge(limit: Int)
    /// A `POST` body without a `Content-Length` (chunked) (411).
    case lengthRequired

    /// The status code the server answers with.
    public var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headersTooLarge, .tooManyHeaders: 431
        case .methodNotAllowed: 405
        case .bodyTooLarge: 413
        case .lengthRequired: 411
        case .unsupportedVersion: 505
        case .malformedRequestLine, .malformedVersion, .targetNotOriginForm, .invalidByteInTarget,
            .malformedHeader, .obsoleteLineFolding, .invalidContentLength, .duplicateHost, .missingHost,
            .invalidHost, .notARequest, .tooManyEmptyLines, .bodyNotAllowed:
            400
        }
    }

    /// One line for the client and the log. It never repeats the client's target, version or host bytes: an
    /// error page that echoes them is a reflection vector.
    public var description: String {
        switch self {
        case .requestLineTooLong(let limit): "request line is longer than \(limit) bytes"
        case .headersTooLarge(let limit): "request header block is larger than \(limit) bytes"
        case .tooManyHeaders(let limit): "request has more than \(limit) header fields"
        case .malformedRequestLine: "request line is not 'METHOD /path HTTP/1.1'"
        case .malformedVersion: "the HTTP version is not 'HTTP/1.1'"
        case .unsupportedVersion: "only HTTP/1.x is served here (use HTTP/1.1)"
        case .targetNotOriginForm: "request target must be a path starting with '/' or an absolute http(s) URL"
        case .invalidByteInTarget: "request target contains a NUL, control, space or non-ASCII byte"
        case .malformedHeader: "a header line is not 'Name: value' or contains forbidden bytes"
        case .obsoleteLineFolding: "header line folding (a line starting with whitespace) is not allowed"
        case .invalidContentLength: "Content-Length is not a single decimal number"
        case .duplicateHost: "request has more than one Host header"
        case .missingHost: "an HTTP/1.1 request must have a Host header"
        case .invalidHost: "the Host header (or the target's authority) is not 'host' or 'host:port'"
        case .notARequest: "the connection does not start with an HTTP request line"
        case .tooManyEmptyLines(let limit): "more than \(limit) empty lines before the request line"
        case .bodyNotAllowed(let method): "a \(method) request must not carry a body"
        case .methodNotAllowed(let method): "method \(method.prefix(32)) is not allowed (only GET and HEAD)"
        case .bodyTooLarge(let limit): "request body is larger than \(limit) bytes"
        case .lengthRequired: "a request body must come with a Content-Length"
        }
    }
}

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
    /// The version is neither `HTTP/1.1` nor `HTTP/1.0` (400).
    case unsupportedVersion(String)
    /// The target is not in origin-form: it must start with `/` (400).
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
    /// A GET or HEAD request announces a body (400).
    case bodyNotAllowed(method: String)
    /// A method other than GET or HEAD (405, with `Allow: GET, HEAD`).
    case methodNotAllowed(String)

    /// The status code the server answers with.
    public var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headersTooLarge, .tooManyHeaders: 431
        case .methodNotAllowed: 405
        case .malformedRequestLine, .unsupportedVersion, .targetNotOriginForm, .invalidByteInTarget,
            .malformedHeader, .obsoleteLineFolding, .invalidContentLength, .duplicateHost, .bodyNotAllowed:
            400
        }
    }

    public var description: String {
        switch self {
        case .requestLineTooLong(let limit): "request line is longer than \(limit) bytes"
        case .headersTooLarge(let limit): "request header block is larger than \(limit) bytes"
        case .tooManyHeaders(let limit): "request has more than \(limit) header fields"
        case .malformedRequestLine: "request line is not 'METHOD /path HTTP/1.1'"
        case .unsupportedVersion(let version): "HTTP version '\(version.prefix(16))' is not supported (use HTTP/1.1)"
        case .targetNotOriginForm(let target): "request target '\(target.prefix(64))' must be a path starting with '/'"
        case .invalidByteInTarget: "request target contains a NUL, control, space or non-ASCII byte"
        case .malformedHeader: "a header line is not 'Name: value' or contains forbidden bytes"
        case .obsoleteLineFolding: "header line folding (a line starting with whitespace) is not allowed"
        case .invalidContentLength: "Content-Length is not a single decimal number"
        case .duplicateHost: "request has more than one Host header"
        case .bodyNotAllowed(let method): "a \(method) request must not carry a body"
        case .methodNotAllowed(let method): "method \(method.prefix(32)) is not allowed (only GET and HEAD)"
        }
    }
}

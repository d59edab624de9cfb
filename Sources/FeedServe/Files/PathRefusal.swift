/// Why a request path is not answered with a file.
///
/// The reasons are fixed phrases and never echo the path, so a refusal cannot leak
/// anything about the host's folders.
public enum PathRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is malformed: bad percent-encoding, invalid UTF-8, NUL or control
    /// bytes, backslashes, or not an origin-form path.
    case badRequest(reason: String)
    /// The path is well formed but names nothing that may be served: dot-paths,
    /// folders, missing files, symlinks leaving the root.
    case notFound

    /// The HTTP status to answer with.
    public var status: Int {
        switch self {
        case .badRequest: 400
        case .notFound: 404
        }
    }

    /// A one-line summary for logs, without the path.
    public var description: String {
        switch self {
        case .badRequest(let reason): "bad request: \(reason)"
        case .notFound: "not found"
        }
    }

    /// A short plain-text body for the answer.
    public var message: String {
        switch self {
        case .badRequest(let reason): "Bad request: \(reason)\n"
        case .notFound: "Not found\n"
        }
    }
}

/// Problems setting up or running the static-file side of `newsfeed serve`.
public enum ServeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The folder to serve cannot be opened; `detail` is the system's reason.
    case rootUnavailable(path: String, detail: String)
    /// The folder to serve exists but is a file or something else.
    case rootNotADirectory(path: String)

    /// One actionable line naming the path and the cause.
    public var description: String {
        switch self {
        case .rootUnavailable(let path, let detail):
            "\(path): cannot serve this folder: \(detail)"
        case .rootNotADirectory(let path):
            "\(path): cannot serve this path: it is not a folder"
        }
    }
}

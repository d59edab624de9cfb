/// Problems with the output folder and its state.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder cannot be created or written.
    case unusableFolder(path: String, reason: String)
    /// Writing a file failed; nothing was replaced.
    case writeFailed(path: String, reason: String)
    /// Reading a file failed for another reason than its absence.
    case readFailed(path: String, reason: String)
    /// The lock file could not be opened or locked.
    case lockFailed(path: String, reason: String)
    /// The state file is from a newer newsfeed.
    case stateTooNew(path: String, version: Int)
    /// `<dir>/.newsfeed/state.json` exists but cannot be read or decoded.
    case stateUnreadable(path: String, detail: String)

    public var description: String {
        switch self {
        case .unusableFolder(let path, let reason): "cannot write the output folder \(path): \(reason)"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason); the previous file is untouched"
        case .readFailed(let path, let reason): "\(path): cannot read: \(reason)"
        case .lockFailed(let path, let reason): "\(path): cannot take the output lock: \(reason)"
        case .stateTooNew(let path, let version):
            "\(path): written by a newer newsfeed (state version \(version)); upgrade newsfeed"
        case .stateUnreadable(let path, let detail):
            "\(path): cannot read the bridge state: \(detail); run `newsfeed build` to rewrite it"
        }
    }
}

/// Problems with the output folder and its state.
public enum OutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder cannot be created or written.
    case unusableFolder(path: String, reason: String)
    /// Writing a file that exists failed; the file was not replaced.
    case writeFailed(path: String, reason: String)
    /// Writing a file that did not exist yet failed; nothing was created.
    case createFailed(path: String, reason: String)
    /// Reading a file failed for another reason than its absence.
    case readFailed(path: String, reason: String)
    /// The lock file could not be opened or locked.
    case lockFailed(path: String, reason: String)
    /// Another process held the lock for longer than the writer waits (``LockWaiting/limit``).
    case lockTimedOut(path: String, seconds: Int, holder: String)
    /// The state file is from a newer newsfeed.
    case stateTooNew(path: String, version: Int)
    /// `<dir>/.newsfeed/state.json` exists but cannot be read or decoded.
    case stateUnreadable(path: String, detail: String)
    /// A folder on the way to a file is a symlink leading out of the output folder: nothing is
    /// written through it (``OutputFolder/checkConfined(_:)``).
    case linkLeavesOutput(link: String, target: String)

    /// True when the folder (or a file's folder) refused the write itself: no permission, a
    /// read-only file system, a file standing where a folder belongs. Commands report it as a
    /// configuration problem (exit 78), like an output folder `build` cannot write.
    public var isUnwritableLocation: Bool {
        switch self {
        case .unusableFolder: return true
        case .writeFailed(_, let reason), .createFailed(_, let reason), .lockFailed(_, let reason):
            return Self.locationReasons.contains { reason.hasSuffix($0) }
        case .linkLeavesOutput: return true
        case .readFailed, .stateTooNew, .stateUnreadable, .lockTimedOut: return false
        }
    }

    /// A folder standing where a file belongs and a full disk are the location refusing writes too.
    private static let locationReasons = [
        "permission denied", "read-only file system", "not a folder", "not a file", "no space left on the device",
    ]

    public var description: String {
        switch self {
        case .unusableFolder(let path, let reason):
            // The state folder is named as such: "the output folder" would send the user to the wrong place.
            path.hasSuffix("/.newsfeed")
                ? "cannot write the state folder \(path): \(reason)"
                : "cannot write the output folder \(path): \(reason)"
        case .writeFailed(let path, let reason): "\(path): cannot write: \(reason); the previous file is untouched"
        case .createFailed(let path, let reason): "\(path): cannot write: \(reason)"
        case .readFailed(let path, let reason): "\(path): cannot read: \(reason)"
        case .lockFailed(let path, let reason): "\(path): cannot take the output lock: \(reason)"
        case .lockTimedOut(let path, let seconds, let holder):
            "\(path): gave up after waiting \(seconds) s for the output lock held by \(holder); if that "
                + "newsfeed is stuck, stop it and run again"
        case .stateTooNew(let path, let version):
            "\(path): written by a newer newsfeed (state version \(version)); upgrade newsfeed"
        case .stateUnreadable(let path, let detail):
            "\(path): cannot read the bridge state: \(detail); run `newsfeed build` to rewrite it"
        case .linkLeavesOutput(let link, let target):
            "\(link) is a symlink to \(target), outside the output folder: nothing is written through it "
                + "(serve does not serve it either); make it a folder, or a link inside the output folder"
        }
    }
}

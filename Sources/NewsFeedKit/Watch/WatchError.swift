import Foundation

/// Problems of the enclosure watcher: bad settings, hosts that cannot be resolved, cancelled work.
public enum WatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `text` given for the option or setting `label` is not a duration such as `30s`.
    case invalidDuration(label: String, text: String)
    /// A setting or option is out of range; `problem` says what is allowed.
    case invalidSetting(name: String, problem: String)
    /// The host name of an image URL could not be resolved; `detail` is the resolver's reason.
    case hostNotFound(host: String, detail: String)
    /// The work was cancelled (round deadline or shutdown) before it finished.
    case cancelled
    /// The output folder does not exist, so there are no feeds to watch.
    case outputFolderMissing(path: String)
    /// Reading or writing the output folder, its state or its lock failed.
    case output(OutputError)
    /// Every check of the round failed across several hosts: most likely our own network.
    case everyCheckFailed(count: Int, example: String)

    public var description: String {
        switch self {
        case .invalidDuration(let label, let text):
            "\(label): \"\(text)\" is not a duration (use e.g. 30s, 15m, 1h)"
        case .invalidSetting(let name, let problem):
            "\(name): \(problem)"
        case .hostNotFound(let host, let detail):
            "could not resolve host \(host): \(detail)"
        case .cancelled:
            "cancelled before it finished"
        case .outputFolderMissing(let path):
            "\(path): the output folder does not exist; run newsfeed build first"
        case .output(let error):
            error.description
        case .everyCheckFailed(let count, let example):
            "every one of \(count) image checks failed (e.g. \(example)): is this machine offline? "
                + "nothing was recorded and no feed was changed"
        }
    }
}

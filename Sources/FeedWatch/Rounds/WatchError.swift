import FeedOutput
import Foundation

/// Problems of the enclosure watcher: the output folder and a round that failed everywhere. (Unresolvable hosts
/// and cancelled lookups are ``FetchError``s of the fetcher; bad durations and settings are ``SettingError``s of
/// the config.)
public enum WatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The output folder does not exist, so there are no feeds to watch.
    case outputFolderMissing(path: String)
    /// Reading or writing the output folder, its state or its lock failed.
    case output(OutputError)
    /// Every check of the round failed across several hosts: most likely our own network.
    case everyCheckFailed(count: Int, example: String)

    public var description: String {
        switch self {
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

import Foundation
import NewsModel
import Synchronization

/// Keeps `serve --refresh`'s config in step with its file: checked before every refresh (a changed
/// file is noticed at the next refresh) and on demand (SIGHUP, `systemctl reload newsfeed`).
///
/// A config that no longer loads keeps the previous one running and is said once, in one line
/// naming the error (again only when the file changes or a reload is asked for).
package final class ConfigReloader: Sendable {
    /// What one check found.
    package enum Outcome: Sendable {
        /// The file is as last loaded (and no reload was asked for).
        case unchanged
        /// The file changed or a reload was asked for, and it loads: run this config from now on.
        case reloaded(NewsFeedConfig, line: String)
        /// It no longer loads, or names another output folder: the previous config stays.
        case refused(line: String)
        /// Refused before and not changed since: nothing new to say.
        case stillRefused
    }

    private struct Seen {
        var bytes: Data?
        var refused = false
        var config: NewsFeedConfig
    }

    /// The path as given (`--config`, or `newsfeed.json`), for messages.
    package let path: String
    private let workingDirectory: URL
    private let command: String
    private let seen: Mutex<Seen>

    /// A reloader for the config `config`, loaded from `path` whose bytes were `bytes`.
    package init(path: String, workingDirectory: URL, config: NewsFeedConfig, command: String = "serve") {
        self.path = path
        self.workingDirectory = workingDirectory
        self.command = command
        let url = ConfigLoader.resolve(path, against: workingDirectory)
        seen = Mutex(Seen(bytes: try? Data(contentsOf: url), config: config))
    }

    /// The config running now.
    package var config: NewsFeedConfig { seen.withLock { $0.config } }

    /// Reads the file; `forced` (a reload was asked for) loads it even when its bytes did not change.
    package func check(forced: Bool) -> Outcome {
        let url = ConfigLoader.resolve(path, against: workingDirectory)
        let bytes = try? Data(contentsOf: url)
        return seen.withLock { seen -> Outcome in
            let changed = bytes != seen.bytes
            guard changed || forced else { return seen.refused ? .stillRefused : .unchanged }
            seen.bytes = bytes
            let prefix = "newsfeed \(command): config"
            let loaded: NewsFeedConfig
            do throws(ConfigError) {
                loaded = try ConfigLoader.load(path: path, workingDirectory: workingDirectory)
            } catch {
                seen.refused = true
                return .refused(line: "\(prefix): \(error.description); still running the previous config")
            }
            // The folder being served and written is fixed for the life of the process.
            if loaded.output.standardizedFileURL.path != seen.config.output.standardizedFileURL.path {
                seen.refused = true
                return .refused(
                    line: "\(prefix): \(path) now names the output \(loaded.output.path), not "
                        + "\(seen.config.output.path); restart newsfeed serve to serve another folder; still "
                        + "running the previous config")
            }
            seen.refused = false
            seen.config = loaded
            let count = loaded.feeds.count == 1 ? "1 feed" : "\(loaded.feeds.count) feeds"
            let why = changed ? "\(path) changed" : "reload asked for"
            return .reloaded(loaded, line: "\(prefix): \(why): reloaded, \(count)")
        }
    }
}

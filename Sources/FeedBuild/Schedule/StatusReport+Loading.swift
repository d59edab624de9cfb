import FeedOutput
import Foundation
import NewsModel

extension StatusReport {
    /// The report for `config` at `now`, reading the state without the lock (it is replaced
    /// atomically, so a read sees one whole version). `apiKey` is the NewsAPI key in use, if any.
    /// - Throws: ``OutputError/stateUnreadable(path:detail:)`` when the state exists but is broken.
    package static func load(config: NewsFeedConfig, now: Date, apiKey: String?) throws(OutputError) -> StatusReport {
        let scanner = FeedFolderScanner(root: config.output.path, baseURL: config.site)
        let state = try scanner.readState() ?? BridgeState()
        return StatusReport(config: config, state: state, now: now, apiKey: apiKey)
    }
}

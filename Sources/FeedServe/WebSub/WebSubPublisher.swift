import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// Tells outside hubs (`"websub": {"hubs": [...]}`) that feeds changed: one `POST` of
/// `hub.mode=publish&hub.url=<topic>` per hub and feed file, the form public hubs (Google's, Superfeedr,
/// Webubbub) accept. Whichever process wrote the feed does it: `build` from cron, `serve --refresh`.
package enum WebSubPublisher {
    /// The topics of `specs`' feeds: their URL in each feed format of the config (the HTML page is no topic).
    package static func topics(of specs: [FeedSpec], config: NewsFeedConfig) -> [String] {
        specs.flatMap { spec in
            config.formats.filter { $0 != .html }.map { config.site.appending(path: spec.relativePath(for: $0)) }
                .map(\.absoluteString)
        }
    }

    /// Notifies every outside hub of `topics`; one line per failure (nothing when all hubs took it).
    package static func notify(config: NewsFeedConfig, topics: [String]) async -> [String] {
        let hubs = config.websub.hubs
        guard !hubs.isEmpty, !topics.isEmpty else { return [] }
        let policy = FetchPolicy(
            site: config.site, allowPrivate: config.allowPrivate, maximumBytes: 64 << 10,
            timeout: config.websub.timeout.duration, maximumRedirects: 0, perHost: 2, hostSpacing: .zero,
            totalConcurrency: 8, obeysRobots: false)
        let fetcher = GuardedFetcher(policy: policy)
        var failures: [String] = []
        for hub in hubs {
            for topic in topics {
                let body = Data(WebSubForm.encode([("hub.mode", "publish"), ("hub.url", topic)]).utf8)
                do {
                    let answer = try await fetcher.send(
                        hub, body: body, headers: ["Content-Type": "application/x-www-form-urlencoded"],
                        prefixBytes: 512)
                    if !(200..<300).contains(answer.status) {
                        failures.append(
                            "websub: hub \(hub.absoluteString) answered \(answer.status) to the publish of \(topic)")
                    }
                } catch {
                    failures.append(
                        "websub: hub \(hub.absoluteString) was not told of \(topic): \(error.description)")
                }
            }
        }
        return failures
    }
}

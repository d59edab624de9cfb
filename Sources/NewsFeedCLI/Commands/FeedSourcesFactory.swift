import Foundation
import HTTPFetching
import NewsModel
import Upstreams

/// Builds the upstream sources a command needs from the environment: NewsAPI only when a
/// feed asks it (a DuckDuckGo-only config needs no key), DuckDuckGo from `DDG_BASE_URL`, publishers' feeds
/// through a guarded fetcher with the config's `allowPrivate` and `sources.maxFeedBytes`.
package enum FeedSourcesFactory {
    /// - Parameter hostLanes: per-host lanes shared with full text (``BuildEnrichers/hostLanes(for:)``).
    package static func make(
        for specs: [FeedSpec], config: NewsFeedConfig, environment: [String: String], hostLanes: HostGate? = nil
    ) throws(ConfigError) -> FeedSources {
        var newsAPI: NewsAPIClient?
        if specs.contains(where: { $0.upstream == .newsAPI }) {
            newsAPI = try NewsAPIClientFactory.make(environment: environment)
        }
        let baseText = environment["DDG_BASE_URL"] ?? DuckDuckGoClient.defaultBaseURLString
        guard let base = URL(string: baseText), let scheme = base.scheme?.lowercased(),
            scheme == "http" || scheme == "https", base.host?.isEmpty == false
        else {
            throw .invalidDuckDuckGoURL(baseText)
        }
        var feedPolicy = PublisherFeedSource.policy(
            site: config.site, allowPrivate: config.allowPrivate, maxFeedBytes: config.maxFeedBytes)
        feedPolicy.totalConcurrency = config.sourcesConcurrency
        return FeedSources(
            newsAPI: newsAPI, duckDuckGo: DuckDuckGoClient(baseURL: base, fetcher: CurlFetcher()),
            feeds: PublisherFeedSource(
                fetcher: GuardedFetcher(
                    policy: feedPolicy, hostLanes: hostLanes ?? BuildEnrichers.hostLanes(for: config)),
                answers: FeedAnswerCache(folder: config.output.appending(path: ".newsfeed/feed-answers"))))
    }
}

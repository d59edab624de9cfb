import Foundation
import HTTPFetching
import NewsModel
import Upstreams

/// `newsfeed discover URL [--allow-private]`: the feeds a page advertises (then same-site links that look like
/// feeds), each fetched and read to check it is one, or that the URL is itself a feed. Exit 1 when none is found.
package enum DiscoverCommand {
    package static func run(_ context: CommandContext) async throws(CommandExit) -> ExitCode {
        let parsed = try CommandTable.discover.parser.parse(context, help: CommandHelp.text(for: CommandTable.discover))
        let address = parsed.positionals[0]
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            throw context.exit(.usage, "newsfeed discover: \(address): not an http(s) address")
        }
        var policy = PublisherFeedSource.policy(
            site: NewsFeedConfig.defaultSite, allowPrivate: parsed.has("--allow-private"),
            maxFeedBytes: NewsFeedConfig.defaultMaxFeedBytes)
        policy.timeout = .seconds(20)
        let fetcher = GuardedFetcher(policy: policy)

        let page: FetchedResource
        switch await fetch(url, with: fetcher) {
        case .success(let resource): page = resource
        case .failure(let cause): throw context.exit(.failure, "newsfeed discover: \(address): \(cause)")
        }
        if let feed = try? PublisherFeedReader.read(page.body, url: page.url, httpCharset: page.charset) {
            context.standardOutput.line("\(page.url.absoluteString) is itself a feed: \(describe(feed))")
            return .ok
        }
        let candidates = FeedDiscovery.candidates(in: page.body, url: page.url)
        // Checked a few at a time, printed in the page's order.
        let checked = await withTaskGroup(of: (Int, Result<PublisherFeed, Failure>).self) { group in
            for (index, candidate) in candidates.enumerated() {
                group.addTask {
                    switch await fetch(candidate.url, with: fetcher) {
                    case .failure(let failure): return (index, .failure(failure))
                    case .success(let resource):
                        do {
                            return (
                                index,
                                .success(
                                    try PublisherFeedReader.read(
                                        resource.body, url: resource.url, httpCharset: resource.charset))
                            )
                        } catch {
                            return (index, .failure(Failure("\(error)")))
                        }
                    }
                }
            }
            var results: [Int: Result<PublisherFeed, Failure>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        var found = 0
        for (index, candidate) in candidates.enumerated() {
            switch checked[index] {
            case .success(let feed):
                found += 1
                context.standardOutput.line("\(candidate.url.absoluteString)  \(describe(feed))")
            case .failure(let failure) where candidate.advertised:
                context.standardError.line(
                    "newsfeed discover: \(candidate.url.absoluteString): advertised, but \(failure.description)")
            default: continue
            }
        }
        guard found > 0 else {
            let looked =
                candidates.isEmpty
                ? "the page advertises no feed and links none that looks like one"
                : "none of the \(candidates.count) the page points to is a feed"
            throw context.exit(.failure, "newsfeed discover: \(address): no feed found (\(looked))")
        }
        return .ok
    }

    /// A one-line cause.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `RSS, 20 items, "Harbour Gazette"`.
    private static func describe(_ feed: PublisherFeed) -> String {
        let items = counted(feed.items.count, "item")
        let title = feed.title.map { ", \"\($0)\"" } ?? ""
        return "\(feed.format.rawValue), \(items)\(title)"
    }

    /// The 2xx answer for `url`, or why there is none (the guard's hint in the words of this command).
    private static func fetch(_ url: URL, with fetcher: GuardedFetcher) async -> Result<FetchedResource, Failure> {
        do {
            let resource = try await fetcher.fetch(url)
            guard (200..<300).contains(resource.status) else {
                return .failure(Failure("HTTP \(resource.status) from \(resource.url.absoluteString)"))
            }
            return .success(resource)
        } catch {
            return .failure(
                Failure(
                    error.description.replacingOccurrences(
                        of: "\"allowPrivate\": true in the config allows it", with: "--allow-private allows it")))
        }
    }
}

import Foundation
import NewsModel

/// A merged feed (`"feed": [url, …]`, issue 27, point 12): each source read by the single-feed source (so every
/// rule of one feed, conditional GET included, holds for each), at most ``concurrency`` at once, the stories of
/// those that answered put together newest first. A failing source is named in ``SourceAnswer/problems`` while the
/// others still make the feed; when every source fails the feed fails, naming each, and keeps its last good output.
/// The same story from two sources is made one later, by the build's story step (``CanonicalURL``).
public struct MergedFeedSource: StorySource {
    /// The source of one publisher's feed (``PublisherFeedSource`` in a build).
    public var single: any StorySource
    /// How many sources are fetched at once.
    public var concurrency: Int

    public init(single: any StorySource, concurrency: Int = 8) {
        self.single = single
        self.concurrency = max(1, concurrency)
    }

    public func stories(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> [Story] {
        try await answer(for: spec, request: request).stories
    }

    public func answer(for spec: FeedSpec, request: StoryRequest) async throws(SourceError) -> SourceAnswer {
        let urls = spec.kind.feedURLs
        guard !urls.isEmpty else {
            throw SourceError(upstream: .feed, message: "\(spec.id) is not a publisher's feed")
        }
        let single = self.single
        // Held sources wait for their own hold (the scheduler holds the feed only while every source is held).
        let polled = urls.filter { request.heldSources[$0.absoluteString] == nil }
        guard !polled.isEmpty else {
            let waits = urls.map { "\($0.absoluteString): \(request.heldSources[$0.absoluteString] ?? "held")" }
            throw SourceError(
                upstream: .feed, message: "every source of \(spec.id) waits: " + waits.joined(separator: "; "))
        }
        // Each source as a feed of its own, under the merged feed's keys (filters apply to the merged stories).
        let parts = polled.map { url in
            var part = spec
            part.kind = .feed(url: url)
            return part
        }
        var results = [Result<SourceAnswer, SourceError>?](repeating: nil, count: parts.count)
        await withTaskGroup(of: (Int, Result<SourceAnswer, SourceError>).self) { group in
            var next = 0
            func start() {
                let index = next
                let part = parts[index]
                next += 1
                group.addTask {
                    do throws(SourceError) {
                        return (index, .success(try await single.answer(for: part, request: request)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            while next < min(concurrency, parts.count) { start() }
            for await (index, result) in group {
                results[index] = result
                if next < parts.count { start() }
            }
        }
        var stories: [Story] = []
        var problems: [String] = []
        // Every source's poll, answered or not, so each URL keeps its own polling rules and status row.
        var polls: [SourcePoll] = []
        for (url, result) in zip(polled, results) {
            switch result {
            case .success(let answer):
                stories += answer.stories
                polls += answer.polls
            case .failure(let error):
                polls += error.polls
                // `HTTP 404 from https://…` names its source already; other causes get it in front.
                let address = url.absoluteString
                problems.append(error.message.contains(address) ? error.message : "\(address): \(error.message)")
            case nil: problems.append("\(url.absoluteString): not fetched")
            }
        }
        if problems.count == polled.count {
            let refusals = Set(
                results.compactMap { result -> String? in
                    if case .failure(let error) = result { return error.refusal }
                    return nil
                })
            var failure = SourceError(
                upstream: .feed,
                message: "every source of \(spec.id) failed: " + problems.joined(separator: "; "),
                refusal: refusals.count == 1 ? refusals.first : "every source failing")
            failure.polls = polls
            throw failure
        }
        // Newest first; equal dates keep the sources' order.
        let ordered = stories.enumerated().sorted { lhs, rhs in
            let (left, right) = (lhs.element.displayDate, rhs.element.displayDate)
            return left != right ? left > right : lhs.offset < rhs.offset
        }.map(\.element)
        return SourceAnswer(stories: ordered, polls: polls, problems: problems)
    }
}

import FeedOutput
import Foundation
import NewsModel

extension StatusReport {
    /// One polled URL of a publisher's feed (the `feed` kind): the last answer, its size, the items read and
    /// dropped, the next poll and what set it, and whether it moved or is gone (issue 27, point 11).
    public struct Source: Sendable, Equatable {
        /// The URL as configured.
        public var url: String
        /// `200`, `304`, `HTTP 404`, `error`; nil before the first poll.
        public var lastAnswer: String?
        /// The last answer's HTTP status; nil without one.
        public var lastStatus: Int?
        public var lastPoll: Date?
        public var bytes: Int?
        public var itemsRead: Int?
        public var itemsDropped: Int?
        /// When it is next polled (nil: at the next run, or never while gone).
        public var nextPoll: Date?
        /// What set ``nextPoll``: `every`, `ttl`, `sy:updatePeriod`, `Cache-Control: max-age`, `Retry-After`,
        /// `back-off` (its host answered 429 or 503), `retry` (after a failure), or `gone`.
        public var setBy: String
        /// Where a 301 or 308 of the configured URL leads: the config should say that instead.
        public var movedTo: String?
        /// When it answered 410 Gone.
        public var goneSince: Date?

        public init(
            url: String, lastAnswer: String?, lastStatus: Int? = nil, lastPoll: Date?, bytes: Int?, itemsRead: Int?,
            itemsDropped: Int?, nextPoll: Date?, setBy: String, movedTo: String?, goneSince: Date?
        ) {
            self.url = url
            self.lastAnswer = lastAnswer
            self.lastStatus = lastStatus
            self.lastPoll = lastPoll
            self.bytes = bytes
            self.itemsRead = itemsRead
            self.itemsDropped = itemsDropped
            self.nextPoll = nextPoll
            self.setBy = setBy
            self.movedTo = movedTo
            self.goneSince = goneSince
        }

        /// `moved permanently to https://…; update the config`.
        public var movedText: String? { movedTo.map { "moved permanently to \($0); update the config" } }

        /// The words `status` and `/status` print for it (times with `time`).
        public func text(time: (Date) -> String) -> String {
            var parts = ["source \(url)"]
            if let lastAnswer, let lastPoll {
                parts.append("last answer \(lastAnswer) \(time(lastPoll))")
            } else {
                parts.append("not polled yet")
            }
            if let bytes { parts.append("\(bytes) bytes") }
            if let itemsRead { parts.append("\(counted(itemsRead, "item")) read, \(itemsDropped ?? 0) dropped") }
            if let goneSince {
                parts.append(
                    "gone (HTTP 410) since \(time(goneSince)); not polled until its URL changes or "
                        + "build --only names it")
            } else {
                parts.append("next poll " + (nextPoll.map(time) ?? "at the next run") + " (set by \(setBy))")
            }
            if let movedText { parts.append(movedText) }
            return parts.joined(separator: ", ")
        }
    }

    /// The rows of `spec`'s polled URLs at `now` (none for kinds other than `feed`).
    static func sources(
        of spec: FeedSpec, scheduler: FeedScheduler, state: BridgeState, now: Date
    ) -> [Source] {
        let urls = spec.kind.feedURLs
        guard !urls.isEmpty else { return [] }
        let record = state.feeds[spec.id]
        let due = scheduler.intervalDue(for: spec, in: state)
        let interval = scheduler.interval(for: spec)
        // What the feed's own interval sets (a source's hold may set a later time, below).
        var intervalSetBy = "every"
        if (record?.consecutiveFailures ?? 0) > 0 {
            intervalSetBy = "retry"
        } else if let longest = scheduler.sourceRecords(for: spec, in: state)
            .max(by: { ($0.askedSeconds ?? 0) < ($1.askedSeconds ?? 0) }),
            let asked = longest.askedSeconds, asked > interval, let by = longest.askedBy
        {
            intervalSetBy = by
        }
        // A merged feed goes when its first free source may: the others wait for their own holds.
        let feedDue = scheduler.nextDue(for: spec, in: state)
        return urls.map { url in
            let poll = record?.sources[url.absoluteString]
            var next = feedDue
            var setBy = intervalSetBy
            switch scheduler.sourceHold(url, of: spec, state: state, now: now) {
            case .gone?:
                next = nil
                setBy = "gone"
            case let hold?:
                // The hold names the time only when it ends after what the interval sets.
                if let until = hold.until, until > (due ?? .distantPast) {
                    next = max(until, feedDue ?? until)
                    if case .retryAfter = hold { setBy = "Retry-After" } else { setBy = "back-off" }
                }
            case nil:
                break
            }
            return Source(
                url: url.absoluteString, lastAnswer: poll?.answer,
                lastStatus: poll?.status ?? poll.flatMap { Int($0.answer.split(separator: " ").last ?? "") },
                lastPoll: poll?.time, bytes: poll?.bytes,
                itemsRead: poll?.itemsRead, itemsDropped: poll?.itemsDropped, nextPoll: next, setBy: setBy,
                movedTo: poll?.movedTo, goneSince: poll?.goneSince)
        }
    }

    /// Per source, its object in `status --json` and `/status.json`.
    func sourcesJSON(_ feed: Feed) -> JSONOutput {
        func time(_ date: Date?) -> JSONOutput { JSONOutput(date.map { $0.formatted(.iso8601) }) }
        return .array(
            feed.sources.map { source in
                [
                    "url": .string(source.url), "lastAnswer": JSONOutput(source.lastAnswer),
                    "lastStatus": JSONOutput(source.lastStatus),
                    "lastPoll": time(source.lastPoll), "bytes": JSONOutput(source.bytes),
                    "itemsRead": JSONOutput(source.itemsRead), "itemsDropped": JSONOutput(source.itemsDropped),
                    "nextPoll": time(source.nextPoll), "nextPollSetBy": .string(source.setBy),
                    "movedTo": JSONOutput(source.movedTo), "goneSince": time(source.goneSince),
                ]
            })
    }
}

import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// What every configured feed is doing and what is left of the quota: `newsfeed status`,
/// `/status`, `/status.json` and `/metrics` all render this one value.
///
/// Made only from the config, the state and the output folder (read, never locked or
/// written): no key and no network. Times are absolute, so the document is the same
/// whenever it is made between two builds.
public struct StatusReport: Sendable, Equatable {
    /// One configured feed.
    public struct Feed: Sendable, Equatable {
        /// `us/health`.
        public var path: String
        /// `headlines`, `search` or `ddg`.
        public var kind: String
        public var lastSuccess: Date?
        public var lastError: String?
        public var lastErrorTime: Date?
        /// When it is next due: nil when it has never been attempted (due now), or when it
        /// is paused on a bad key (due when the key changes, see ``paused``); during a
        /// rate-limit pause, not before the pause ends.
        public var nextDue: Date?
        /// Its NewsAPI requests are paused now (see ``StatusReport/pause``).
        public var paused: Bool
        public var interval: TimeInterval
        /// Items in its file now; nil when it has no file.
        public var items: Int?
        /// Items new in its last successful build.
        public var newItems: Int?
        /// Its items whose image `watch` found dead.
        public var deadImages: Int
        /// Whether it spends NewsAPI's quota.
        public var metered: Bool
        /// No success for more than twice its interval.
        public var stale: Bool
        /// Its last attempt failed (``condition`` is `failing`).
        public var failing: Bool
        /// Attempts that failed in a row; `status --check` calls a feed a problem from the second on.
        public var consecutiveFailures: Int
        /// What it is doing now: the one answer every view of the status gives.
        public var condition: FeedCondition
        /// Its last attempt succeeded (`newsfeed_feed_up`).
        public var up: Bool
        /// A publisher's feed: one row per polled URL (empty for other kinds).
        public var sources: [Source] = []
        /// A merged feed's sources that failed in its last build while the others made it (`url: cause`).
        public var sourceProblems: [String] = []

        /// `4 failures in a row`, from the second on (one transient failure is no news); nil otherwise.
        public var failuresInARowText: String? {
            consecutiveFailures >= 2 ? "\(consecutiveFailures) failures in a row" : nil
        }
    }

    /// One rolling window.
    public struct Window: Sendable, Equatable {
        /// `24h` or `12h`.
        public var name: String
        /// Nil when unlimited.
        public var limit: Int?
        public var used: Int
        /// What unforced builds may still spend; nil when unlimited.
        public var remaining: Int?
        /// What is left of the reserve (for `--only`); nil when unlimited.
        public var reserveLeft: Int?
    }

    /// A pause of NewsAPI requests.
    public struct Pause: Sendable, Equatable {
        /// `rateLimited` or `badKey`.
        public var cause: PauseRecord.Cause
        public var reason: String
        public var since: Date
        /// Nil for a bad key: it lasts until the key changes.
        public var until: Date?
        /// For a bad key and a known `NEWSAPI_KEY`: whether it is still the refused key.
        public var keyStillRefused: Bool?
    }

    public var feeds: [Feed]
    public var windows: [Window]
    public var reserve: Int
    /// Nil when requests may go out.
    public var pause: Pause?
    /// The image cache's counts; nil when `images.cache` is off.
    public var imageCache: ImageCacheStatus?
    /// Full text's counts; nil when no feed has full text.
    public var fullText: FullTextStatus?
    /// The WebSub hub's subscriptions and deliveries; nil without `"websub": {"hub": true}`.
    public var websub: WebSubStatus?

    /// The report at `now`; `apiKey`, when known, tells whether a bad-key pause still applies.
    public init(config: NewsFeedConfig, state: BridgeState, now: Date, apiKey: String? = nil) {
        let scheduler = FeedScheduler(config: config)
        let output = OutputFolder(root: config.output)
        // Without a key a bad-key pause is shown as it stands: status cannot tell a fixed key.
        let activePause = scheduler.activePause(state: state, now: now, apiKey: nil)
        feeds = config.feeds.map { spec in
            let record = state.feeds[spec.id]
            let snapshot = output.readFeedSnapshot(spec, formats: config.formats)
            let dead =
                snapshot?.stories.filter { story in
                    guard let original = state.items[story.link.text]?.originalImage else { return false }
                    return state.images[original]?.status == .dead
                }.count ?? 0
            let condition = scheduler.condition(for: spec, state: state, now: now, apiKey: apiKey)
            var nextDue = scheduler.nextDue(for: spec, in: state)
            // When it is next due follows from its condition: a pause or a full window holds it back.
            switch condition {
            case .pausedByKey: nextDue = nil
            case .pausedByRateLimit(let until): nextDue = max(until, nextDue ?? until)
            case .outOfQuota(let until): nextDue = until
            case .failing(_, _, let retry?): nextDue = retry
            case .gone: nextDue = nil
            case .failing, .neverBuilt, .notDue, .ok: break
            }
            var feed = Feed(
                path: spec.id, kind: Self.kindName(spec.kind), lastSuccess: record?.lastSuccess,
                lastError: record?.lastError, lastErrorTime: record?.lastError == nil ? nil : record?.lastErrorTime,
                nextDue: nextDue, paused: condition.isPaused, interval: scheduler.interval(for: spec),
                items: snapshot?.stories.count, newItems: record?.newItemCount, deadImages: dead,
                metered: spec.isMetered, stale: scheduler.isOverdue(spec, state: state, now: now),
                failing: condition.isFailing, consecutiveFailures: record?.consecutiveFailures ?? 0,
                condition: condition, up: record?.lastSuccess != nil && record?.lastError == nil,
                sourceProblems: record?.sourceProblems ?? [])
            feed.sources = Self.sources(of: spec, scheduler: scheduler, state: state, now: now)
            return feed
        }
        windows = scheduler.usage(state: state, now: now).map { usage in
            Window(
                name: usage.window.name, limit: usage.window.limit, used: usage.used, remaining: usage.remaining,
                reserveLeft: usage.reserveLeft)
        }
        reserve = config.quota.reserve
        if config.images.cache {
            imageCache = ImageCacheStatus(
                usage: ImageCacheUsage(state.imageCache), maxTotal: config.images.maxTotal,
                overCap: state.imagesOverCap?.count ?? 0)
        }
        pause = activePause.map { record in
            var keyStillRefused: Bool?
            if record.cause == .badKey, let apiKey, let fingerprint = record.keyFingerprint {
                keyStillRefused = fingerprint.matches(apiKey)
            }
            return Pause(
                cause: record.cause, reason: record.reason, since: record.since, until: record.until,
                keyStillRefused: keyStillRefused)
        }
        fullText = FullTextStatus(config: config)
        websub = WebSubStatus(config: config, now: now)
    }

    static func kindName(_ kind: FeedKind) -> String {
        switch kind {
        case .headlines: "headlines"
        case .search: "search"
        case .duckDuckGo: "ddg"
        case .feed, .mergedFeed: "feed"
        }
    }

    // MARK: - Problems (`status --check`)

    /// One line per problem: a stale feed, a feed failing twice in a row (one transient failure
    /// does not alert), a bad-key pause. A rate-limit pause alone is no problem until feeds go stale.
    public var problems: [String] {
        var lines: [String] = []
        if let pause, pause.cause == .badKey, pause.keyStillRefused != false {
            lines.append("NewsAPI: paused until the key changes (\(pause.reason))")
        }
        for feed in feeds {
            if case .gone(let since) = feed.condition {
                lines.append(
                    "\(feed.path): gone: it answered HTTP 410 \(ScheduleTime.past(since)); change its URL or remove it")
            }
            if feed.failing && feed.consecutiveFailures >= 2 {
                lines.append("\(feed.path): failing: its last attempts failed (\(feed.lastError ?? "unknown error"))")
            }
            for source in feed.sourceProblems {
                lines.append("\(feed.path): a source is failing: \(source)")
            }
            if feed.stale {
                let since = feed.lastSuccess.map { "since \(ScheduleTime.past($0))" } ?? "ever"
                lines.append(
                    "\(feed.path): stale: no success \(since), over twice its \(ScheduleTime.span(feed.interval)) interval"
                )
            }
        }
        return lines
    }

    /// The problems a reader of a page must see: ``problems`` and a rate-limit pause, which stops
    /// every scheduled build while it lasts though `status --check` does not alert on it alone.
    public var shownProblems: [String] {
        var lines = problems
        // A moved feed still works, so `status --check` does not fail on it; every view says it.
        for feed in feeds {
            for source in feed.sources { if let moved = source.movedText { lines.append("\(feed.path): \(moved)") } }
        }
        if let pause, pause.cause == .rateLimited {
            lines.insert("NewsAPI: paused \(Self.pauseText(pause))", at: 0)
        }
        return lines
    }

    /// The lines `status` prints after the feeds' and the quota's: full text's and the image cache's.
    public var extraLines: [String] {
        (fullText?.lines ?? []) + (imageCache.map { [$0.line] } ?? []) + (websub?.lines ?? [])
    }

    // MARK: - Text (`status`)

    /// The lines of `newsfeed status`: one per feed, then the quota.
    public var lines: [String] {
        var lines = feeds.flatMap { feed -> [String] in
            var parts = ["\(feed.path) (\(feed.kind))", feed.condition.label]
            parts.append("last success " + (feed.lastSuccess.map(ScheduleTime.past) ?? "never"))
            if let error = feed.lastError {
                let time = feed.lastErrorTime.map { " " + ScheduleTime.past($0) } ?? ""
                parts.append("last error\(time): \(Self.continued(error))")
            }
            if let failures = feed.failuresInARowText { parts.append(failures) }
            parts.append("next due " + Self.nextDueText(feed, text: ScheduleTime.text, now: "now"))
            parts.append("every \(ScheduleTime.span(feed.interval))")
            parts.append("\(counted(feed.items ?? 0, "item")) (\(feed.newItems ?? 0) new in the last build)")
            parts.append("\(feed.deadImages) dead images")
            if !feed.sourceProblems.isEmpty {
                let count = feed.sourceProblems.count
                parts.append("\(count) source\(count == 1 ? "" : "s") failing")
            }
            if feed.stale { parts.append("STALE") }
            return [parts.joined(separator: ", ")] + feed.sources.map { "  " + $0.text(time: ScheduleTime.text) }
        }
        lines += fullText?.lines ?? []
        lines.append("quota: " + quotaText)
        if let pause {
            lines.append("paused: \(Self.pauseText(pause))")
        } else {
            lines.append("paused: no")
        }
        if let imageCache { lines.append(imageCache.line) }
        lines += websub?.lines ?? []
        // The problems /status lists, so every view says them (`status --check` prints ``problems`` alone).
        lines += shownProblems.map { "problem: \($0)" }
        return lines
    }

    /// `4 of 100 requests used in the last 24 h, 4 of 50 in the last 12 h; scheduled builds may spend 91 more in
    /// the 24 h window, 41 in the 12 h window; reserve 5 for build --only`.
    var quotaText: String {
        func span(_ window: Window) -> String { window.name.replacingOccurrences(of: "h", with: " h") }
        let used = windows.enumerated().map { index, window in
            let count = "\(window.used)" + (window.limit.map { " of \($0)" } ?? "")
            let noun = index == 0 ? (window.used == 1 && window.limit == nil ? " request used" : " requests used") : ""
            return count + noun + " in the last \(span(window))" + (window.limit == nil ? " (no limit)" : "")
        }.joined(separator: ", ")
        let remaining = windows.enumerated().map { index, window in
            let amount = window.remaining.map { index == 0 ? "\($0) more" : "\($0)" } ?? "any number"
            return "\(amount) in the \(span(window)) window"
        }.joined(separator: ", ")
        return "\(used); scheduled builds may spend \(remaining); reserve \(reserve) for build --only"
    }

    /// When `feed` is next due, in words: a paused feed is due when its pause ends, a gone one not by itself.
    package static func nextDueText(_ feed: Feed, text: (Date) -> String, now: String) -> String {
        if let nextDue = feed.nextDue { return text(nextDue) }
        if case .gone = feed.condition { return "not while gone" }
        return feed.paused ? "when the NewsAPI key changes" : now
    }

    /// A quoted reason about to be continued with `, …`: without its own closing `.` or `!`.
    static func continued(_ reason: String) -> String {
        var text = Substring(reason)
        while let last = text.last, ".! ".contains(last) { text.removeLast() }
        return String(text)
    }

    package static func pauseText(_ pause: Pause) -> String {
        let since = "since \(ScheduleTime.past(pause.since))"
        switch pause.cause {
        case .rateLimited:
            return "\(since) until \(pause.until.map(ScheduleTime.text) ?? "now") (\(pause.reason))"
        case .badKey:
            var text = "\(since) until the NewsAPI key changes (\(pause.reason))"
            switch pause.keyStillRefused {
            case true?: text += "; NEWSAPI_KEY is still the refused key"
            case false?: text += "; NEWSAPI_KEY has changed: the next build resumes"
            case nil: break
            }
            return text
        }
    }

    // MARK: - JSON (`status --json`, `/status.json`)

    /// `{"feeds": [...], "quota": {...}}` with sorted keys and RFC 3339 times.
    public var json: String {
        func time(_ date: Date?) -> JSONOutput { JSONOutput(date.map { $0.formatted(.iso8601) }) }
        let feedObjects: [JSONOutput] = feeds.map { feed in
            var object: JSONOutput = [
                "path": .string(feed.path), "kind": .string(feed.kind), "lastSuccess": time(feed.lastSuccess),
                "lastError": JSONOutput(feed.lastError), "lastErrorAt": time(feed.lastErrorTime),
                "nextDue": time(feed.nextDue), "intervalSeconds": .int(Int(feed.interval)),
                "items": JSONOutput(feed.items), "newItems": JSONOutput(feed.newItems),
                "deadImages": .int(feed.deadImages), "metered": .bool(feed.metered), "stale": .bool(feed.stale),
                "failing": .bool(feed.failing), "paused": .bool(feed.paused),
                "condition": .string(feed.condition.name), "consecutiveFailures": .int(feed.consecutiveFailures),
            ]
            if let fullText = fullText?.json(for: feed.path) { object = object.setting("fullText", fullText) }
            if !feed.sources.isEmpty { object = object.setting("sources", sourcesJSON(feed)) }
            return object
        }
        func perWindow(_ value: (Window) -> JSONOutput) -> JSONOutput {
            .object(windows.map { ($0.name, value($0)) })
        }
        var pauseObject: JSONOutput = nil
        if let pause {
            pauseObject = [
                "cause": .string(pause.cause.rawValue), "reason": .string(pause.reason), "since": time(pause.since),
                "until": time(pause.until), "untilKeyChanges": .bool(pause.cause == .badKey),
                "keyStillRefused": JSONOutput(pause.keyStillRefused),
            ]
        }
        let quota: JSONOutput = [
            "used": perWindow { .int($0.used) }, "limits": perWindow { JSONOutput($0.limit) },
            "remaining": perWindow { JSONOutput($0.remaining) },
            "reserve": ["size": .int(reserve), "left": perWindow { JSONOutput($0.reserveLeft) }],
            "paused": pauseObject,
        ]
        var document: JSONOutput = [
            "feeds": .array(feedObjects), "quota": quota, "problems": .array(shownProblems.map { .string($0) }),
        ]
        if let imageCache { document = document.setting("images", imageCache.json) }
        if let fullText { document = document.setting("fullText", fullText.countersJSON) }
        if let websub { document = document.setting("websub", websub.json) }
        return document.text(.pretty) + "\n"
    }
}

extension OutputFolder {
    /// `spec`'s history (its RSS, or `.newsfeed/history/` when `rss` is not among `formats`)
    /// read back, or nil when it is missing or unreadable.
    func readFeedSnapshot(_ spec: FeedSpec, formats: [FeedFormat]) -> RSSFeedSnapshot? {
        let files = FeedFileSet(output: self, spec: spec, formats: formats)
        guard let data = try? files.readHistory() else { return nil }
        return try? RSSReader().read(data, path: spec.relativePath)
    }
}

import FeedOutput
import Foundation
import HTTPFetching
import NewsModel

/// One pass over a set of image URLs: checks each unique URL that needs it, under a global and a per-host cap and
/// a round deadline, and folds the findings into the image records.
public struct WatchRound: Sendable {
    /// The caps, deadlines and failure threshold of the round.
    public var settings: WatchSettings
    private let makeChecker: @Sendable () -> any ImageChecking

    /// A round that checks over HTTP with a fresh ``ImageChecker`` (and so a fresh DNS cache) per run.
    ///
    /// - Parameter resolver: nil for a new ``HostResolver`` per run; tests inject one.
    public init(settings: WatchSettings, policy: any AddressPolicy, resolver: (any HostResolving)? = nil) {
        self.settings = settings
        self.makeChecker = {
            ImageChecker(settings: settings, policy: policy, resolver: resolver ?? HostResolver())
        }
    }

    /// A round that asks `checker`; for tests of the scheduling and status rules.
    public init(settings: WatchSettings, checker: any ImageChecking) {
        self.settings = settings
        self.makeChecker = { checker }
    }

    /// Checks `urls` (duplicates count once) against `previous`, with `now` stamped on every new finding.
    ///
    /// A URL seen alive within ``WatchSettings/recheck`` is not contacted; URLs not finished when
    /// ``WatchSettings/roundDeadline`` passes are cancelled and reported as ``WatchOutcome/notReached``.
    public func run(urls: [URL], previous: [String: ImageRecord], now: Date) async -> WatchRoundResult {
        var records = previous
        var outcomes: [String: WatchOutcome] = [:]
        var toCheck: [(url: URL, key: String)] = []
        for url in urls {
            let key = url.absoluteString
            guard outcomes[key] == nil else { continue }
            if previous[key]?.isFreshlyAlive(at: now, recheck: settings.recheck) == true {
                outcomes[key] = .recentlyChecked
            } else {
                outcomes[key] = .notReached
                toCheck.append((url, key))
            }
        }
        let results = await check(toCheck.map(\.url), previous: toCheck.map { previous[$0.key] })
        for (index, entry) in toCheck.enumerated() {
            let result = results[index] ?? .skipped
            let before = previous[entry.key] ?? ImageRecord()
            let after = before.updated(
                with: result, at: now, failuresBeforeDead: settings.failuresBeforeDead,
                failureSpacing: settings.failureSpacing.timeInterval)
            if case .skipped = result {
                outcomes[entry.key] = .notReached
                continue
            }
            records[entry.key] = after
            outcomes[entry.key] = Self.outcome(of: result, record: after)
        }
        return WatchRoundResult(records: records, outcomes: outcomes)
    }

    private static func outcome(of result: ImageCheckResult, record: ImageRecord) -> WatchOutcome {
        switch result {
        case .alive, .notModified: .alive
        case .failed(let cause, _, let http):
            record.status == .dead ? .dead(cause: cause, http: http) : .failing(cause: cause, http: http)
        case .blocked(let reason): .blocked(reason: reason)
        case .skipped: .notReached
        }
    }

    private enum Event: Sendable {
        case checked(index: Int, result: ImageCheckResult)
        case deadlinePassed
    }

    /// Runs the checks with at most ``WatchSettings/concurrency`` in flight and ``WatchSettings/perHost`` per host;
    /// nil for URLs never started.
    private func check(_ urls: [URL], previous: [ImageRecord?]) async -> [ImageCheckResult?] {
        guard !urls.isEmpty else { return [] }
        let checker = makeChecker()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: settings.roundDeadline.duration)
        var queue = HostFairQueue(
            items: urls.enumerated().map { (item: $0.offset, host: $0.element.host?.lowercased() ?? "") },
            perHost: settings.perHost)
        var results = [ImageCheckResult?](repeating: nil, count: urls.count)
        let concurrency = max(1, settings.concurrency)
        await withTaskGroup(of: Event.self) { group in
            group.addTask {
                try? await Task.sleep(until: deadline, clock: clock)
                return .deadlinePassed
            }
            var running = 0
            var expired = false
            while true {
                if !expired, clock.now >= deadline {
                    expired = true
                    group.cancelAll()
                }
                while !expired, running < concurrency, let next = queue.next() {
                    let url = urls[next.item]
                    let record = previous[next.item]
                    group.addTask { .checked(index: next.item, result: await checker.check(url, previous: record)) }
                    running += 1
                }
                guard running > 0, let event = await group.next() else { break }
                switch event {
                case .deadlinePassed:
                    // Only a real expiry: cancelling the group also wakes the sleeper early.
                    if clock.now >= deadline {
                        expired = true
                        group.cancelAll()
                    }
                case .checked(let index, let result):
                    results[index] = result
                    running -= 1
                    queue.finished(host: urls[index].host?.lowercased() ?? "")
                }
            }
            group.cancelAll()
        }
        return results
    }
}

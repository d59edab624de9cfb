import FeedBuild
import Foundation
import NewsModel

extension FeedOutcome {
    /// The one line `build` (and `serve --refresh`, after `refresh: `) prints for this feed.
    package var line: String {
        switch result {
        case .built(let built):
            var empty = built.cameBackEmpty ? "; \(emptyText), kept the feed's history" : ""
            if let fullText = built.fullText, fullText.stories > 0 { empty += "; \(fullText.text)" }
            if built.wroteFiles {
                return "\(spec.id): written, \(counted(built.itemCount, "item")) (\(built.newItemCount) new)\(empty)"
            }
            return "\(spec.id): unchanged, \(counted(built.itemCount, "item"))\(empty)"
        case .failed(let failure, let previous):
            return "\(spec.id): \(Self.clause(failure.detail)); \(Self.keptText(previous))"
        case .notDue(let next):
            return "\(spec.id): not due, next at \(ScheduleTime.text(next))"
        case .interrupted(let previous):
            return "\(spec.id): interrupted before it was written; \(Self.keptText(previous)), next run fetches it"
        case .held(let held):
            let overdue = Self.overdueText(held.overdueInterval)
            switch held.reason {
            case .notAttempted(let reason):
                return "\(spec.id): not fetched (\(reason)); \(Self.keptText(held.previous))\(overdue)"
            case .outOfQuota(let until):
                return "\(spec.id): quota left for 0 requests until \(ScheduleTime.text(until))\(overdue)"
            case .polite(let hold):
                return "\(spec.id): not polled: \(hold.words(time: ScheduleTime.text)); "
                    + "\(Self.keptText(held.previous))\(overdue)"
            case .paused(_, let until):
                // NewsAPI's words are said once, in the run's pause line (``BuildCommand``).
                let end = until.map { "until \(ScheduleTime.text($0))" } ?? "until the NewsAPI key changes"
                return "\(spec.id): paused \(end)\(overdue)"
            }
        }
    }

    /// ``line`` for a stream that also carries the run's pause line: a feed whose failure is the refusal that
    /// paused NewsAPI (`pauseReason`) names it briefly, since the pause line gives NewsAPI's words (each message
    /// once per run per stream).
    package func line(besidePauseReason pauseReason: String?) -> String {
        guard let pauseReason, case .failed(let failure, let previous) = result,
            Self.clause(failure.detail) == Self.clause(pauseReason)
        else { return line }
        return "\(spec.id): refused by NewsAPI, which paused the NewsAPI feeds (its words below); "
            + Self.keptText(previous)
    }

    /// `reason` without its closing full stop, so a clause can follow it after `; `
    /// (upstream messages end in `.`; `key.; no feed` would read twice punctuated).
    package static func clause(_ reason: String) -> String {
        var text = Substring(reason)
        while let last = text.last, last == "." || last == " " || last == ";" || last == "," {
            text.removeLast()
        }
        return String(text)
    }

    /// What an empty answer is called for this feed's upstream.
    private var emptyText: String {
        switch spec.upstream {
        case .newsAPI: "NewsAPI returned no articles for \(spec.id)"
        case .duckDuckGo: "DuckDuckGo's answer for \(spec.id) is empty"
        case .feed: "the publisher's feed for \(spec.id) has no items"
        }
    }

    private static func keptText(_ previous: Previous) -> String {
        previous == .kept ? "kept the previous feed" : "no feed written yet"
    }

    private static func overdueText(_ interval: TimeInterval?) -> String {
        guard let interval else { return "" }
        return "; no success for over twice its \(ScheduleTime.span(interval)) interval"
    }
}

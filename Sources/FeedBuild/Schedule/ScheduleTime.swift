import FeedFormats
import Foundation
import NewsModel

/// How the scheduler writes times for people: `2026-12-01 14:05 UTC`, rounded up to
/// the minute, so "next at" is never a moment before the feed is really due.
public enum ScheduleTime {
    public static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.up))
        let minutes = (seconds + 59).quotientAndRemainder(dividingBy: 60).quotient
        let days = Int((Double(minutes) / 1440).rounded(.down))
        let minuteOfDay = minutes - days * 1440
        let (year, month, day) = RFC822Date.civilDate(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60)) UTC"
    }

    /// `3h12m`, `45m`, `1d`: a span in whole minutes (at least one).
    public static func span(_ interval: TimeInterval) -> String {
        WatchDuration.minutes(max(1, Int64((interval / 60).rounded(.up)))).description
    }
}

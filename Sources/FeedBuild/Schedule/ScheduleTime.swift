import FeedFormats
import Foundation
import NewsModel

/// How the scheduler writes times for people: `2026-12-01 14:05 UTC`. A moment to come
/// (next due, a pause's end) is rounded up to the minute, so "next at" is never a moment
/// before the feed is really due; a moment past (last success, last error, a pause's start)
/// is rounded down, so it never reads as a time still to come (as the HTML pages show it).
public enum ScheduleTime {
    /// A moment to come, rounded up to the minute.
    public static func text(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.up))
        return minuteText((seconds + 59).quotientAndRemainder(dividingBy: 60).quotient)
    }

    /// A moment past, rounded down to the minute.
    public static func past(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        return minuteText(Int((Double(seconds) / 60).rounded(.down)))
    }

    /// `date` rounded up to the whole minute (what ``text(_:)`` shows), for pages that truncate.
    public static func roundedUp(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.up) * 60)
    }

    private static func minuteText(_ minutes: Int) -> String {
        let days = Int((Double(minutes) / 1440).rounded(.down))
        let minuteOfDay = minutes - days * 1440
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(minuteOfDay / 60)):\(two(minuteOfDay % 60)) UTC"
    }

    /// `3h12m`, `45m`, `1d`: a span in whole minutes (at least one).
    public static func span(_ interval: TimeInterval) -> String {
        WatchDuration.minutes(max(1, Int64((interval / 60).rounded(.up)))).description
    }
}

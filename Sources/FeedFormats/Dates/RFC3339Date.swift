import Foundation
import NewsModel

/// RFC 3339 timestamps as Atom and JSON Feed want them: `2025-01-06T09:30:00Z`, always UTC.
public enum RFC3339Date {
    /// `date` in UTC with whole seconds, e.g. `2025-01-06T09:30:00Z`.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Plain arithmetic from 1970 to 9999, as RFC822Date does: a big feed formats thousands.
        guard seconds >= 0, seconds < 253_402_300_800, let whole = Int(exactly: seconds) else {
            return date.formatted(.iso8601)
        }
        let (year, month, day) = CivilCalendar.date(daysSinceEpoch: whole / 86_400)
        let secondOfDay = whole % 86_400
        return String(unsafeUninitializedCapacity: 20) { output in
            var count = 0
            func append(_ value: Int, digits: Int, then separator: UInt8?) {
                var value = value
                for offset in (0..<digits).reversed() {
                    output[count + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                count += digits
                if let separator {
                    output[count] = separator
                    count += 1
                }
            }
            append(year, digits: 4, then: UInt8(ascii: "-"))
            append(month, digits: 2, then: UInt8(ascii: "-"))
            append(day, digits: 2, then: UInt8(ascii: "T"))
            append(secondOfDay / 3600, digits: 2, then: UInt8(ascii: ":"))
            append(secondOfDay % 3600 / 60, digits: 2, then: UInt8(ascii: ":"))
            append(secondOfDay % 60, digits: 2, then: UInt8(ascii: "Z"))
            return count
        }
    }
}

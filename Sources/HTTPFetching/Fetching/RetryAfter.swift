import Foundation

/// Reads an HTTP `Retry-After` value: delay seconds or an HTTP-date (RFC 9110 §10.2.3).
package enum RetryAfter {
    /// The wait the value asks for, measured from `now`; a date in the past means no wait.
    package static func parse(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            guard let seconds = Int64(text) else { return nil }
            return .seconds(seconds)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = max(0, date.timeIntervalSince(now).rounded(.up))
        return .seconds(Int64(seconds))
    }

    /// Parses the IMF-fixdate form, `Sun, 06 Nov 1994 08:49:37 GMT`, the only one servers may send.
    static func httpDate(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[0].hasSuffix(","), fields[5] == "GMT" else { return nil }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        guard let day = Int(fields[1]), let year = Int(fields[3]),
            let monthIndex = months.firstIndex(of: fields[2].lowercased())
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            (0..<24).contains(hour), (0..<60).contains(minute), (0...60).contains(second), (1...31).contains(day)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(
            year: year, month: monthIndex + 1, day: day, hour: hour, minute: minute, second: min(second, 59))
        return calendar.date(from: components)
    }
}

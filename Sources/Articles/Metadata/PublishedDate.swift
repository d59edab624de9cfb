import Foundation

/// The dates pages put in their metadata: ISO 8601 in its common shapes (`2020-04-18`,
/// `2020-04-18T09:15:05Z`, with fractions, `+02:00` or `+0200`, a space for the `T`, no zone read as
/// UTC), written back as RFC 3339 in UTC.
public enum PublishedDate {
    /// The instant `text` names; nil when it is not such a date.
    public static func parse(_ text: String) -> Date? {
        let scalars = Array(text.trimmingSpaces().utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= scalars.count else { return nil }
            var value = 0
            for byte in scalars[index..<index + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < scalars.count, scalars[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
            let day = number(2), (1...12).contains(month), (1...31).contains(day), year > 1900
        else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        var offset = 0
        if index < scalars.count, scalars[index] == UInt8(ascii: "T") || scalars[index] == UInt8(ascii: " ") {
            index += 1
            guard let hour = number(2), skip(UInt8(ascii: ":")), let minute = number(2), hour < 24, minute < 60 else {
                return nil
            }
            components.hour = hour
            components.minute = minute
            if skip(UInt8(ascii: ":")) {
                guard let second = number(2), second < 61 else { return nil }
                components.second = min(second, 59)
            }
            if skip(UInt8(ascii: ".")) || skip(UInt8(ascii: ",")) {
                while index < scalars.count, scalars[index] >= 0x30, scalars[index] <= 0x39 { index += 1 }
            }
            while index < scalars.count, scalars[index] == UInt8(ascii: " ") { index += 1 }
            if skip(UInt8(ascii: "Z")) || skip(UInt8(ascii: "z")) {
                offset = 0
            } else if index < scalars.count, scalars[index] == UInt8(ascii: "+") || scalars[index] == UInt8(ascii: "-")
            {
                let sign = scalars[index] == UInt8(ascii: "-") ? -1 : 1
                index += 1
                guard let hours = number(2) else { return nil }
                _ = skip(UInt8(ascii: ":"))
                let minutes = number(2) ?? 0
                offset = sign * (hours * 3600 + minutes * 60)
            }
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.gmt
        guard let date = calendar.date(from: components) else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }

    /// `date` as RFC 3339 in UTC (`2020-04-18T09:15:05Z`).
    public static func rfc3339(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }
}

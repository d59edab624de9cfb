import Foundation
import NewsModel

/// Reads NewsAPI's `publishedAt` and judges whether it is believable.
///
/// Parsed by hand rather than with a formatter: the forms vary (`Z`, `+00:00`,
/// one to nine fractional digits) and a 10,000-article answer must stay fast.
public enum NewsAPIDate {
    /// 1990-01-01T00:00:00Z: anything earlier is a placeholder (NewsAPI sends 1970 for removed stories).
    public static let earliestPlausible = Date(timeIntervalSince1970: 631_152_000)
    /// How far ahead of our clock a date may be before it counts as "in the future".
    public static let allowedClockSkew: TimeInterval = 5 * 60

    /// The date if `text` parses and lies between 1990 and `now` (plus a little clock skew); else nil,
    /// so the feed falls back to when the story was first seen.
    public static func plausibleDate(_ text: String?, now: Date) -> Date? {
        guard let text else { return nil }
        return plausible(parse(text), now: now)
    }

    /// `date` (as ``parse(_:)`` read it) when it lies between 1990 and `now` (plus a little clock skew); else nil.
    package static func plausible(_ date: Date?, now: Date) -> Date? {
        guard let date, date >= earliestPlausible, date.timeIntervalSince(now) <= allowedClockSkew else { return nil }
        return date
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` with optional fraction and zone (`Z`, `±HH:MM`, `±HHMM`, `±HH`);
    /// no zone means UTC.
    public static func parse(_ text: String) -> Date? {
        var text = text
        // On the contiguous bytes, trimmed by index: the trim through reversed views of `utf8` was a twentieth of a
        // 10,000-article `convert`, whose dates are read twice (for the order, then for each story).
        return text.withUTF8(parse(utf8:))
    }

    /// ``parse(_:)`` for the text's UTF-8 bytes. Bytes that are not UTF-8 need no repair first: every byte between
    /// the spaces trimmed must be an ASCII digit, sign or letter of the form, so such text is no date either way.
    package static func parse(utf8 all: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = all.count
        while start < end, isSpace(all[start]) { start += 1 }
        while end > start, isSpace(all[end - 1]) { end -= 1 }
        return parse(trimmed: UnsafeBufferPointer(rebasing: all[start..<end]))
    }

    private static func parse(trimmed bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count >= 19, bytes[4] == dash, bytes[7] == dash, bytes[13] == colon, bytes[16] == colon,
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " "),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
            let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2),
            (1...12).contains(month), (1...CivilCalendar.daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }

        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            let start = index
            var scale = 0.1
            while index < bytes.count, let digit = digitValue(bytes[index]) {
                if index - start < 9 {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
                index += 1
            }
            guard index > start else { return nil }
        }

        var offsetSeconds = 0
        if index < bytes.count {
            let sign = bytes[index]
            if sign == UInt8(ascii: "Z") || sign == UInt8(ascii: "z") {
                index += 1
            } else if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                index += 1
                guard let hours = number(bytes, index, 2), hours < 24 else { return nil }
                index += 2
                var minutes = 0
                if index < bytes.count, bytes[index] == colon { index += 1 }
                if index < bytes.count {
                    guard let value = number(bytes, index, 2), value < 60 else { return nil }
                    minutes = value
                    index += 2
                }
                offsetSeconds = (hours * 3600 + minutes * 60) * (sign == dash ? -1 : 1)
            } else {
                return nil
            }
        }
        guard index == bytes.count else { return nil }

        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    private static let dash = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digitValue(bytes[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}

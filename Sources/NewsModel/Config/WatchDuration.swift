import Foundation

/// A span of time written the way people write it in configs and on the command line: `30s`, `15m`, `2h30m`.
///
/// Kept in whole milliseconds so settings compare and encode exactly; `500ms` exists for tests.
public struct WatchDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The length in milliseconds, never negative.
    public let milliseconds: Int64

    /// A duration of `milliseconds` (negative values count as zero).
    public init(milliseconds: Int64) {
        self.milliseconds = max(0, milliseconds)
    }

    /// `count` milliseconds.
    public static func milliseconds(_ count: Int64) -> WatchDuration { WatchDuration(milliseconds: count) }
    /// `count` seconds.
    public static func seconds(_ count: Int64) -> WatchDuration { WatchDuration(milliseconds: count * 1000) }
    /// `count` minutes.
    public static func minutes(_ count: Int64) -> WatchDuration { WatchDuration(milliseconds: count * 60_000) }
    /// `count` hours.
    public static func hours(_ count: Int64) -> WatchDuration { WatchDuration(milliseconds: count * 3_600_000) }

    /// Parses `30s`, `15m`, `1h`, `2h30m`, `1.5s`, `500ms`, `1d`: one or more number-unit pairs.
    ///
    /// - Parameter label: names the option or setting in the error, e.g. `--interval` or `watch.timeout`.
    public init(parsing text: String, label: String) throws(SettingError) {
        let invalid = SettingError.invalidDuration(label: label, text: text)
        let characters = Array(text.trimmingCharacters(in: .whitespaces).lowercased())
        guard !characters.isEmpty else { throw invalid }
        var total: Double = 0
        var index = 0
        while index < characters.count {
            let numberStart = index
            while index < characters.count, characters[index].isASCII,
                characters[index].isNumber || characters[index] == "."
            {
                index += 1
            }
            guard index > numberStart, let number = Double(String(characters[numberStart..<index])) else {
                throw invalid
            }
            let unitStart = index
            while index < characters.count, characters[index].isASCII, characters[index].isLetter {
                index += 1
            }
            guard let unit = Self.unitMilliseconds[String(characters[unitStart..<index])] else { throw invalid }
            total += number * unit
        }
        guard total.isFinite, total < Double(Int64.max / 2) else { throw invalid }
        self.init(milliseconds: Int64(total.rounded()))
    }

    private static let unitMilliseconds: [String: Double] = [
        "ms": 1, "s": 1000, "m": 60_000, "h": 3_600_000, "d": 86_400_000,
    ]

    /// For `Task.sleep` and clocks.
    public var duration: Duration { .milliseconds(milliseconds) }

    /// For `Date` arithmetic.
    public var timeInterval: TimeInterval { Double(milliseconds) / 1000 }

    /// The shortest spelling that parses back to the same value, e.g. `2h30m`, `10s`, `500ms`.
    public var description: String {
        guard milliseconds > 0 else { return "0s" }
        var rest = milliseconds
        var parts = ""
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] {
            let count = rest / size
            if count > 0 {
                parts += "\(count)\(unit)"
                rest -= count * size
            }
        }
        return parts
    }

    public static func < (lhs: WatchDuration, rhs: WatchDuration) -> Bool { lhs.milliseconds < rhs.milliseconds }
}

extension WatchDuration: Codable {
    /// Decodes from a string like `"10s"`, with a message naming the bad value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        // `feeds[0].every`, the config's own spelling (an index key's `stringValue` is "Index 0").
        let label = decoder.codingPath.isEmpty ? "duration" : ConfigKey.describe(decoder.codingPath)
        do {
            try self.init(parsing: text, label: label)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes as the canonical string, e.g. `"15m"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

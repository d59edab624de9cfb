import Foundation

/// A size in bytes as the config writes it: `"500KB"`, `"300MB"`, `"2GB"` (binary units: 1 KB is 1024 bytes).
public struct ByteSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
    }

    public static func gigabytes(_ count: Int) -> ByteSize { ByteSize(bytes: count << 30) }
    public static func megabytes(_ count: Int) -> ByteSize { ByteSize(bytes: count << 20) }

    /// Parses `<whole number><KB|MB|GB>` (the unit in any case, a space allowed before it); nil otherwise.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("KB", 10), ("MB", 20), ("GB", 30)]
        guard let (unit, shift) = units.first(where: { trimmed.hasSuffix($0.0) }) else { return nil }
        let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
        // A number large enough to overflow when shifted is refused, not wrapped.
        guard !number.isEmpty, number.allSatisfy(\.isASCII), let count = Int(number), count >= 0,
            count <= Int.max >> shift
        else { return nil }
        self.bytes = count << shift
    }

    /// The largest exact unit: `2GB`, `1536MB`, `100KB`, or bytes.
    public var description: String {
        for (unit, shift) in [("GB", 30), ("MB", 20), ("KB", 10)] where bytes > 0 && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return "\(bytes) bytes"
    }

    public static func < (lhs: ByteSize, rhs: ByteSize) -> Bool { lhs.bytes < rhs.bytes }
}

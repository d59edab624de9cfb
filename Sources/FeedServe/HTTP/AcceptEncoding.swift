/// Reads `Accept-Encoding` (RFC 9110 §12.5.3) for the one coding served here.
package enum AcceptEncoding {
    /// Whether the header values allow gzip: `gzip` (or `x-gzip`) with a non-zero
    /// q-value, or `*` with a non-zero q-value when gzip is not listed itself.
    ///
    /// Runs for every request of a compressible file, so it compares bytes in place
    /// instead of lowercasing and trimming copies of each element.
    static func allowsGzip(_ values: [String]) -> Bool {
        var gzipWeight: Double?
        var wildcardWeight: Double?
        for value in values {
            for element in value.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: true) {
                var parts = element.split(separator: UInt8(ascii: ";"))
                    .makeIterator()
                guard let first = parts.next() else { continue }
                let coding = trimmed(first)
                guard !coding.isEmpty else { continue }
                var weight = 1.0
                while let part = parts.next() {
                    let parameter = trimmed(part)
                    guard parameter.count >= 2, parameter.first.map({ $0 | 0x20 }) == UInt8(ascii: "q"),
                        parameter[parameter.index(after: parameter.startIndex)] == UInt8(ascii: "=")
                    else { continue }
                    // A malformed q-value makes the element meaningless; ignore it rather than guess.
                    guard let text = String(parameter.dropFirst(2)), let value = Double(text), (0...1).contains(value)
                    else {
                        weight = -1
                        break
                    }
                    weight = value
                }
                guard weight >= 0 else { continue }
                if equalsIgnoringCase(coding, "gzip") || equalsIgnoringCase(coding, "x-gzip") {
                    gzipWeight = max(gzipWeight ?? 0, weight)
                } else if coding.count == 1 && coding.first == UInt8(ascii: "*") {
                    wildcardWeight = weight
                }
            }
        }
        if let gzipWeight { return gzipWeight > 0 }
        return (wildcardWeight ?? 0) > 0
    }

    /// `bytes` without leading and trailing spaces and tabs (HTTP's optional whitespace).
    private static func trimmed(_ bytes: Substring.UTF8View.SubSequence) -> Substring.UTF8View.SubSequence {
        var result = bytes
        while let first = result.first, first == 0x20 || first == 0x09 { result = result.dropFirst() }
        while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
        return result
    }

    private static func equalsIgnoringCase(_ bytes: Substring.UTF8View.SubSequence, _ lowercase: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        guard bytes.count == expected.count else { return false }
        return zip(bytes, expected).allSatisfy { ($0 | 0x20) == $1 }
    }
}

import NewsModel

/// NewsAPI cuts `content` at 200 characters and ends it with `… [+1234 chars]`: a NewsAPI-only
/// rule, so it lives with the NewsAPI upstream rather than in the shared text cleaner.
package enum TruncationMarker {
    /// NewsAPI ends `content` with `… [+1234 chars]`; returns the text before it and whether it was there.
    package static func removing(from text: String) -> (text: String, wasTruncated: Bool) {
        var text = text
        let reading = text.withUTF8(Reading.init)
        switch reading {
        case .absent:
            return (text, false)
        case .found(let bodyEnd):
            return (String(text.utf8.prefix(bodyEnd)) ?? text, true)
        case .unproven:
            return removingByCharacters(text)
        }
    }

    /// Where NewsAPI's `… [+N chars]` marker begins in UTF-8, read byte by byte.
    private enum Reading {
        /// No marker.
        case absent
        /// A marker; the text before it (whitespace and ellipsis removed) ends at `bodyEnd`.
        case found(bodyEnd: Int)
        /// Unusual characters next to the marker: ask ``removingByCharacters(_:)``.
        case unproven

        /// The same answer the `Character` version gives, when every byte it relies on lies on a
        /// provable `Character` boundary.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let end = Self.trimmingTrailingWhitespace(bytes, end: bytes.count) else {
                self = .unproven
                return
            }
            let suffix: StaticString = " chars]"
            let suffixLength = suffix.utf8CodeUnitCount
            // `]`, `s`… are single scalars that no other sequence equals, so a marker needs these exact bytes.
            guard end >= suffixLength,
                (0..<suffixLength).allSatisfy({ bytes[end - suffixLength + $0] == suffix.utf8Start[$0] })
            else {
                self = .absent
                return
            }
            let countEnd = end - suffixLength
            guard UTF8Text.isProvenBoundary(at: countEnd, in: bytes) else {
                self = .unproven
                return
            }
            // The last `[+`, as Foundation's backwards search finds it; with anything but digits
            // between it and ` chars]` there is no marker, whichever `[+` a search would pick.
            var open = countEnd - 2
            while open >= 0, !(bytes[open] == UInt8(ascii: "[") && bytes[open + 1] == UInt8(ascii: "+")) {
                open -= 1
            }
            guard open >= 0, open + 2 < countEnd,
                ((open + 2)..<countEnd).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0]) })
            else {
                self = .absent
                return
            }
            guard var bodyEnd = Self.trimmingTrailingWhitespace(bytes, end: open) else {
                self = .unproven
                return
            }
            // `…` and `...` are three bytes each; they are whole `Character`s when nothing glues
            // itself to their start.
            if Self.hasSuffix(bytes, end: bodyEnd, "…") || Self.hasSuffix(bytes, end: bodyEnd, "...") {
                bodyEnd -= 3
                guard UTF8Text.isProvenBoundary(at: bodyEnd, in: bytes) else {
                    self = .unproven
                    return
                }
            }
            self = .found(bodyEnd: bodyEnd)
        }

        private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, _ suffix: StaticString) -> Bool {
            let count = suffix.utf8CodeUnitCount
            return end >= count && (0..<count).allSatisfy { bytes[end - count + $0] == suffix.utf8Start[$0] }
        }

        /// `end` moved back over whitespace `Character`s; nil when a non-ASCII scalar there leaves
        /// the `Character` it belongs to in doubt.
        private static func trimmingTrailingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
            var end = end
            while end > 0 {
                let (scalar, start) = UTF8Text.scalar(before: end, in: bytes)
                // An ASCII letter or mark ends the run whatever `Character` it belongs to: a scalar
                // glued before it (a prepend) is no whitespace either.
                if scalar.isASCII, !UTF8Text.isASCIIWhitespace(UInt8(scalar.value)) { return end }
                // A line feed is whitespace alone or after a carriage return; anything else must be a
                // `Character` of its own for this to be the whole truth.
                guard scalar == "\n" || UTF8Text.isProvenBoundary(at: start, in: bytes) else { return nil }
                // Punctuation such as `…` ends the run; other non-ASCII (a no-break space…) is left
                // to the `Character` rules.
                guard scalar.isASCII else { return UTF8Text.neverExtendsPrevious(scalar) ? end : nil }
                end = start
            }
            return end
        }
    }

    /// The `Character`-level reading of ``removing(from:)`` for text the byte-level one
    /// cannot vouch for.
    private static func removingByCharacters(_ text: String) -> (text: String, wasTruncated: Bool) {
        var body = Substring(text)
        while let last = body.last, last.isWhitespace { body.removeLast() }
        guard body.hasSuffix(" chars]"), let open = body.range(of: "[+", options: .backwards) else {
            return (text, false)
        }
        let count = body[open.upperBound...].dropLast(" chars]".count)
        guard !count.isEmpty, count.allSatisfy(\.isASCII), count.allSatisfy(\.isNumber) else { return (text, false) }
        body = body[..<open.lowerBound]
        while let last = body.last, last.isWhitespace { body.removeLast() }
        if body.hasSuffix("…") {
            body.removeLast()
        } else if body.hasSuffix("...") {
            body.removeLast(3)
        }
        return (String(body), true)
    }
}

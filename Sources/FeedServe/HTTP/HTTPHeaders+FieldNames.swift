import HTTPServing

extension HTTPHeaders {
    /// Every value of the fields called `lowercaseName`, compared ASCII-case-insensitively
    /// byte by byte: unlike ``HTTPHeaders/values(for:)`` it builds no lowercased copy of
    /// each name, which matters on the serving path, run for every request.
    package func values(ofLowercaseName lowercaseName: StaticString) -> [String] {
        var found: [String] = []
        for field in fields where Self.name(field.name, equals: lowercaseName) {
            found.append(field.value)
        }
        return found
    }

    /// Whether `name` is `lowercaseName` in any ASCII case. Names are tokens, so setting
    /// bit 0x20 only folds letters; no other token byte maps onto a lowercase letter or `-`.
    package static func name(_ name: String, equals lowercaseName: StaticString) -> Bool {
        let expected = UnsafeBufferPointer(start: lowercaseName.utf8Start, count: lowercaseName.utf8CodeUnitCount)
        let utf8 = name.utf8
        guard utf8.count == expected.count else { return false }
        return zip(utf8, expected).allSatisfy { ($0 | 0x20) == $1 }
    }
}

extension String {
    /// `lowercased()`, the same result: ASCII text (nearly every class, id and attribute value) is
    /// lowercased on its bytes, and comes back as it is when it has no capital letter, where
    /// `lowercased()` always built a new string (a tenth of scoring's work went to it).
    func lowercasedCheaply() -> String {
        var hasCapital = false
        for byte in utf8 {
            if byte >= 0x80 { return lowercased() }
            if byte >= 0x41, byte <= 0x5A { hasCapital = true }
        }
        guard hasCapital else { return self }
        return String(decoding: utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}

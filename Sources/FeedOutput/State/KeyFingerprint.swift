/// A salted SHA-256 of a NewsAPI key, kept with a bad-key pause so a run can tell
/// whether the key has changed since NewsAPI refused it, without the state ever
/// holding the key (or an unsalted hash someone could look up).
public struct KeyFingerprint: Sendable, Hashable, Codable {
    /// 16 random bytes as hex, new for every fingerprint.
    public var salt: String
    /// SHA-256 of salt and key, as hex.
    public var digest: String

    /// Fingerprints `key` with a fresh random salt.
    public init(key: String) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(key: key, salt: bytes.map { String(format2: $0) }.joined())
    }

    /// Fingerprints `key` with `salt` (tests and ``matches(_:)``).
    public init(key: String, salt: String) {
        self.salt = salt
        digest = SHA256.hex(Array((salt + ":" + key).utf8))
    }

    /// Whether `key` is the key this fingerprint was made from.
    public func matches(_ key: String) -> Bool {
        KeyFingerprint(key: key, salt: salt).digest == digest
    }
}

extension String {
    /// Two lowercase hex digits.
    fileprivate init(format2 byte: UInt8) {
        let text = String(byte, radix: 16)
        self = text.count == 1 ? "0" + text : text
    }
}

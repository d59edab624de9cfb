/// HMAC-SHA256 (RFC 2104 over FIPS 180-4): the signature of WebSub's `X-Hub-Signature: sha256=…` (W3C WebSub §7.1).
package enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key`.
    package static func code(key: [UInt8], message: [UInt8]) -> [UInt8] {
        let blockSize = 64
        var block = key.count > blockSize ? SHA256.digest(key) : key
        block += [UInt8](repeating: 0, count: blockSize - block.count)
        let inner = SHA256.digest(block.map { $0 ^ 0x36 } + message)
        return SHA256.digest(block.map { $0 ^ 0x5c } + inner)
    }

    /// The code as lowercase hex.
    package static func hex(key: [UInt8], message: [UInt8]) -> String {
        code(key: key, message: message).map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

import Foundation

/// Makes a usable absolute http(s) URL out of the text NewsAPI sends for links.
///
/// A URL that only needs percent-encoding (spaces, non-ASCII, `|`, a second `#`)
/// is encoded rather than dropped; anything else (no scheme, another scheme,
/// user info, an odd host) yields nil. Scheme and host are lowercased and an
/// empty path becomes `/`, so one article has one spelling for de-duplication.
public enum ArticleURL {
    /// The host NewsAPI uses for removed stories' placeholder URL.
    public static let removedPlaceholderHost = "removed.com"

    /// The absolute http(s) URL in `text`, percent-encoded where needed; nil when unusable.
    /// Protocol-relative `//host/path` is taken as https.
    ///
    /// Works on UTF-8 bytes: a 10,000-article answer parses two URLs per article.
    public static func parse(_ text: String) -> URL? {
        // Browsers ignore tabs and line breaks inside URLs, and spaces or controls around them; so do we.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte != 0x09 && byte != 0x0A && byte != 0x0D { bytes.append(byte) }
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] <= 0x20 { start += 1 }
        while end > start, bytes[end - 1] <= 0x20 { end -= 1 }

        var output: [UInt8] = []
        output.reserveCapacity(end - start + 16)
        var index = start
        if end - start > 2, bytes[start] == slash, bytes[start + 1] == slash {
            output.append(contentsOf: "https:".utf8)
        } else {
            var scheme: [UInt8] = []
            while index < end, index - start < 6, let letter = lowercasedLetter(bytes[index]) {
                scheme.append(letter)
                index += 1
            }
            guard scheme == Array("http".utf8) || scheme == Array("https".utf8), index + 2 < end,
                bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == slash, bytes[index + 2] == slash
            else { return nil }
            output.append(contentsOf: scheme)
            output.append(UInt8(ascii: ":"))
            index += 1
        }
        // `index` now points at the `//` before the authority.
        index += 2
        output.append(contentsOf: [slash, slash])

        let authorityStart = index
        while index < end, !isAuthorityEnd(bytes[index]) { index += 1 }
        guard appendAuthority(bytes[authorityStart..<index], to: &output) else { return nil }
        if index == end || bytes[index] == UInt8(ascii: "?") || bytes[index] == UInt8(ascii: "#") {
            output.append(slash)
        }
        appendPercentEncoded(bytes[index..<end], to: &output)

        guard let url = URL(string: String(decoding: output, as: UTF8.self)), url.host != nil else { return nil }
        return url
    }

    /// True for NewsAPI's `https://removed.com` placeholder.
    public static func isRemovedPlaceholder(_ url: URL) -> Bool {
        url.host?.lowercased() == removedPlaceholderHost
    }

    /// `https://www.example.com/`: the scheme, host and port of `url` with an empty path.
    public static func siteRoot(of url: URL) -> URL? {
        guard let scheme = url.scheme, let host = url.host else { return nil }
        let port = url.port.map { ":\($0)" } ?? ""
        let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return URL(string: "\(scheme)://\(hostText)\(port)/")
    }

    /// `example.com` for `https://www.example.com/x`: the host a reader recognises as the publisher.
    public static func publisherHost(of url: URL) -> String? {
        guard var host = url.host?.lowercased(), !host.isEmpty else { return nil }
        if host.hasPrefix("www."), host.count > 4 { host.removeFirst(4) }
        return host
    }

    private static let slash = UInt8(ascii: "/")
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func lowercasedLetter(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
        default: nil
        }
    }

    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        byte == slash || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\\")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Appends lowercased `host[:port]`; false for user info, an empty or non-ASCII host, or a bad port.
    private static func appendAuthority(_ authority: ArraySlice<UInt8>, to output: inout [UInt8]) -> Bool {
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return false }
        var hostEnd = authority.endIndex
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let inside = authority[(authority.startIndex + 1)..<close]
            let isAddress = inside.allSatisfy {
                isDigit($0) || lowercasedLetter($0).map { (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) } == true
                    || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
            }
            guard !inside.isEmpty, isAddress else { return false }
            hostEnd = close + 1
            guard hostEnd == authority.endIndex || authority[hostEnd] == UInt8(ascii: ":") else { return false }
        } else {
            hostEnd = authority.lastIndex(of: UInt8(ascii: ":")) ?? authority.endIndex
            let host = authority[authority.startIndex..<hostEnd]
            let isName = host.allSatisfy {
                isDigit($0) || lowercasedLetter($0) != nil || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
            }
            guard !host.isEmpty, isName, host.first != UInt8(ascii: "."),
                !zip(host, host.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
            else { return false }
        }
        for byte in authority[authority.startIndex..<hostEnd] { output.append(lowercasedLetter(byte) ?? byte) }
        if hostEnd < authority.endIndex {
            let port = authority[(hostEnd + 1)...]
            guard !port.isEmpty else { return true }
            guard port.count <= 5, port.allSatisfy(isDigit), let number = Int(String(decoding: port, as: UTF8.self)),
                (1...65_535).contains(number)
            else { return false }
            output.append(UInt8(ascii: ":"))
            output.append(contentsOf: String(number).utf8)
        }
        return true
    }

    /// Percent-encodes every byte RFC 3986 does not allow in path, query or fragment,
    /// keeping valid `%XX` escapes and the first `#`.
    private static func appendPercentEncoded(_ tail: ArraySlice<UInt8>, to output: inout [UInt8]) {
        var sawFragment = false
        var index = tail.startIndex
        while index < tail.endIndex {
            let byte = tail[index]
            switch byte {
            case UInt8(ascii: "%"):
                let isEscape = index + 2 < tail.endIndex && isHex(tail[index + 1]) && isHex(tail[index + 2])
                if isEscape { output.append(byte) } else { appendEscape(byte, to: &output) }
            case UInt8(ascii: "#"):
                if sawFragment { appendEscape(byte, to: &output) } else { output.append(byte) }
                sawFragment = true
            case UInt8(ascii: "\\") where !sawFragment:
                // WHATWG URLs read a backslash as a slash in http(s) paths.
                output.append(slash)
            default:
                if isAllowed(byte) { output.append(byte) } else { appendEscape(byte, to: &output) }
            }
            index += 1
        }
    }

    private static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// Unreserved and reserved characters except `#` and `[`/`]` (which belong to hosts only).
    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "!"),
            UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            true
        default:
            false
        }
    }
}

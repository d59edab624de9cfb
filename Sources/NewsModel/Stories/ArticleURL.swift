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
    public static func parse(_ text: String) -> URL? {
        link(from: text)?.url
    }

    /// ``parse(_:)`` with the parts the mapping rules need.
    package static func link(from text: String) -> ArticleLink? {
        var candidate = text
        if needsCleaning(text) {
            var scalars = String.UnicodeScalarView()
            // Browsers ignore tabs and line breaks inside URLs; so do we.
            scalars.append(
                contentsOf: UTF8Text.trimmingWhiteSpace(text).unicodeScalars.filter {
                    $0 != "\t" && $0 != "\n" && $0 != "\r"
                })
            candidate = String(scalars)
        }
        // Most links are written as this would write them: taken as they are, without being put together again.
        if let link = candidate.utf8.withContiguousStorageIfAvailable({ canonicalLink(candidate, $0) }) ?? nil {
            return link
        }
        // Nearly every URL is ASCII, where bytes and `Character`s are the same thing.
        switch candidate.utf8.withContiguousStorageIfAvailable(asciiLink) {
        case .link(let link): return link
        case .unusable: return nil
        case .notASCII, nil: return linkByCharacters(candidate)
        }
    }

    package enum ASCIIReading {
        case link(ArticleLink)
        case unusable
        case notASCII
    }

    /// ``link(from:)`` for a candidate of ASCII bytes, done on the bytes.
    package static func asciiLink(_ bytes: UnsafeBufferPointer<UInt8>) -> ASCIIReading {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return .notASCII }
        let slash = UInt8(ascii: "/")
        let scheme: String
        let authorityStart: Int
        if bytes.count >= 2, bytes[0] == slash, bytes[1] == slash {
            (scheme, authorityStart) = ("https", 2)
        } else {
            var separator = 0
            while separator + 3 <= bytes.count,
                !(bytes[separator] == UInt8(ascii: ":") && bytes[separator + 1] == slash
                    && bytes[separator + 2] == slash)
            {
                separator += 1
            }
            guard separator + 3 <= bytes.count else { return .unusable }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<separator]), as: UTF8.self).lowercased()
            guard name == "http" || name == "https" else { return .unusable }
            (scheme, authorityStart) = (name, separator + 3)
        }
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !isAuthorityEnd(bytes[authorityEnd]) { authorityEnd += 1 }
        let authorityBytes = UnsafeBufferPointer(rebasing: bytes[authorityStart..<authorityEnd])
        let hostName: String?
        let authority: String
        if authorityBytes.first == UInt8(ascii: "[") {
            // IPv6 literals are rare: the `Character` code and `URL` judge them as before.
            let text = String(decoding: authorityBytes, as: UTF8.self)
            guard let normalized = normalizedAuthority(Substring(text)) else { return .unusable }
            (authority, hostName) = (normalized, nil)
        } else {
            guard let normalized = normalizedNameAuthority(authorityBytes) else { return .unusable }
            (authority, hostName) = normalized
        }
        var tail = percentEncoded(UnsafeBufferPointer(rebasing: bytes[authorityEnd...]))
        if tail.isEmpty || tail.hasPrefix("?") || tail.hasPrefix("#") { tail = "/" + tail }
        let text = scheme + "://" + authority + tail
        let link: StoryLink
        if hostName != nil {
            // An http(s) scheme, a host name of letters, digits, `-` and dots, a port of 1 to 65535,
            // and a path, query and fragment of RFC 3986's characters or valid escapes, with at
            // most one `#`: `URL(string:)` accepts every such text (the tests hold it to that), so
            // none is made here.
            link = StoryLink(checkedText: text)
        } else {
            guard let url = URL(string: text), url.host != nil else { return .unusable }
            link = StoryLink(url)
        }
        return .link(
            ArticleLink(
                link: link, pathStart: scheme.utf8.count + 3 + authority.utf8.count, hostName: hostName,
                siteRootText: hostName.map { _ in scheme + "://" + authority + "/" }))
    }

    /// The link of `text` (whose bytes are `bytes`) when ``asciiLink(_:)`` would give back `text` itself: a lowercase
    /// `http` or `https` scheme, a lowercase host name without a port, and a path beginning with `/` that needs no
    /// encoding; nil otherwise (then the full reading decides).
    package static func canonicalLink(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> ArticleLink? {
        let schemeLength: Int
        if UTF8Text.hasPrefix(bytes, at: 0, "https://") {
            schemeLength = 5
        } else if UTF8Text.hasPrefix(bytes, at: 0, "http://") {
            schemeLength = 4
        } else {
            return nil
        }
        let hostStart = schemeLength + 3
        var hostEnd = hostStart
        var previous: UInt8 = 0
        while hostEnd < bytes.count {
            let byte = bytes[hostEnd]
            if byte == UInt8(ascii: "/") { break }
            // Lowercase letters, digits, `-` and dots, never two dots together; anything else (a port, user info,
            // capitals, the end of the authority by `?`, `#` or `\`) takes the full reading.
            guard
                isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
                    || (byte == UInt8(ascii: ".") && previous != byte)
            else { return nil }
            previous = byte
            hostEnd += 1
        }
        guard hostEnd > hostStart, hostEnd < bytes.count, bytes[hostStart] != UInt8(ascii: "."),
            !needsEncoding(UnsafeBufferPointer(rebasing: bytes[hostEnd...]))
        else { return nil }
        let hostName = String(decoding: UnsafeBufferPointer(rebasing: bytes[hostStart..<hostEnd]), as: UTF8.self)
        return ArticleLink(
            link: StoryLink(checkedText: text), pathStart: hostEnd, hostName: hostName,
            siteRootText: String(decoding: UnsafeBufferPointer(rebasing: bytes[..<(hostEnd + 1)]), as: UTF8.self))
    }

    /// ``link(from:)`` for text that is not ASCII, read by `Character`s as it always was.
    private static func linkByCharacters(_ text: String) -> ArticleLink? {
        var candidate = text
        if candidate.hasPrefix("//") { candidate = "https:" + candidate }
        guard let separator = candidate.range(of: "://") else { return nil }
        let scheme = candidate[..<separator.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let rest = candidate[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? rest.endIndex
        guard let authority = normalizedAuthority(rest[..<authorityEnd]) else { return nil }
        var tail = Array(rest[authorityEnd...].utf8).withUnsafeBufferPointer(percentEncoded)
        if tail.isEmpty || tail.hasPrefix("?") || tail.hasPrefix("#") { tail = "/" + tail }
        guard let url = URL(string: "\(scheme)://\(authority)\(tail)"), url.host != nil else { return nil }
        return ArticleLink(link: StoryLink(url), pathStart: nil, hostName: nil, siteRootText: nil)
    }

    /// False when `text` neither starts nor ends with whitespace nor holds a tab or line break, so
    /// trimming and filtering would give it back unchanged: the common case, skipped because
    /// Foundation's trimming dominated converting big responses.
    private static func needsCleaning(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        guard isPlainASCII(first), isPlainASCII(last) else { return true }
        var text = text
        return text.withUTF8 { bytes in
            // Eight bytes without a control character at a time, then byte by byte from the first word with one.
            var index = 0
            while index + 8 <= bytes.count, !ByteWord(UnsafeRawBufferPointer(bytes), at: index).hasByte(below: 0x20) {
                index += 8
            }
            return bytes[index...].contains {
                $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
            }
        }
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

    /// Lowercased `host[:port]`, or nil for user info, an empty or non-ASCII host, or a bad port.
    private static func normalizedAuthority(_ authority: Substring) -> String? {
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = authority
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                port = after.dropFirst()
            }
            let inside = host.dropFirst().dropLast()
            guard !inside.isEmpty, inside.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            if let colon = authority.lastIndex(of: ":") {
                host = authority[..<colon]
                port = authority[authority.index(after: colon)...]
            }
            let allowed = host.utf8.allSatisfy(isHostByte)
            guard !host.isEmpty, allowed, !host.hasPrefix("."), !host.contains("..") else { return nil }
        }
        var result = host.lowercased()
        if let port, !port.isEmpty {
            guard port.utf8.allSatisfy(isDigit), let number = Int(port), (1...65_535).contains(number)
            else { return nil }
            result += ":\(number)"
        }
        return result
    }

    /// ``normalizedAuthority(_:)`` for a host name (not an IPv6 literal), on bytes: the lowercased
    /// `host[:port]` and the host alone.
    private static func normalizedNameAuthority(_ authority: UnsafeBufferPointer<UInt8>) -> (String, String)? {
        guard !authority.isEmpty, !authority.contains(UInt8(ascii: "@")) else { return nil }
        var hostEnd = authority.count
        var port: UnsafeBufferPointer<UInt8>?
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            hostEnd = colon
            port = UnsafeBufferPointer(rebasing: authority[(colon + 1)...])
        }
        let host = authority[..<hostEnd]
        guard !host.isEmpty, host.allSatisfy(isHostByte), host.first != UInt8(ascii: "."),
            !zip(host, host.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") })
        else { return nil }
        let hostName =
            host.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) })
            ? String(decoding: host.map(UTF8Text.asciiLowercased), as: UTF8.self)
            : String(decoding: UnsafeBufferPointer(rebasing: host), as: UTF8.self)
        guard let port, !port.isEmpty else { return (hostName, hostName) }
        guard port.allSatisfy(isDigit), let number = Int(String(decoding: port, as: UTF8.self)),
            (1...65_535).contains(number)
        else { return nil }
        return (hostName + ":\(number)", hostName)
    }

    /// An ASCII letter, digit, `-` or `.`: the bytes a registered host name is made of.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Percent-encodes every byte RFC 3986 does not allow in path, query or fragment,
    /// keeping valid `%XX` escapes and the first `#`.
    private static func percentEncoded(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Most URLs are encoded already; they are taken as they are.
        guard needsEncoding(bytes) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var sawFragment = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                let isEscape = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
                output += isEscape ? "%".utf8 : "%25".utf8
            case UInt8(ascii: "#"):
                output += sawFragment ? "%23".utf8 : "#".utf8
                sawFragment = true
            case UInt8(ascii: "\\"):
                // WHATWG URLs read a backslash as a slash in http(s) paths.
                output += sawFragment ? "%5C".utf8 : "/".utf8
            default:
                if isAllowed(byte) {
                    output.append(byte)
                } else {
                    output += [UInt8(ascii: "%"), upperHexDigits[Int(byte >> 4)], upperHexDigits[Int(byte & 0x0F)]]
                }
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether ``percentEncoded(_:)`` would change `bytes`.
    package static func needsEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var sawFragment = false
        for index in bytes.indices {
            let byte = bytes[index]
            if isAllowed(byte) { continue }
            switch byte {
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return true }
            case UInt8(ascii: "#"):
                if sawFragment { return true }
                sawFragment = true
            default:
                return true
            }
        }
        return false
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// `/`, `?`, `#` or `\\` (which WHATWG URLs read as `/`): where an authority ends.
    private static func isAuthorityEnd(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\"): true
        default: false
        }
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

import Foundation

/// The rules of one `robots.txt` for one crawler, parsed and matched as RFC 9309 says.
///
/// Groups start with one or more `user-agent` lines; the group (or groups, merged) whose product token equals
/// ours, case-insensitively, applies; without one, the `*` group; without either, everything is allowed. A path is
/// matched against every `allow` and `disallow` rule of those groups: the longest matching pattern wins, and when
/// an allow and a disallow pattern are equally long the allow wins. Patterns may use `*` (any run of characters)
/// and a final `$` (end of the path). `/robots.txt` itself is always allowed. Unknown lines (`sitemap`,
/// `crawl-delay`, comments, garbage) are ignored.
public struct RobotsRules: Sendable, Equatable {
    /// One `allow` or `disallow` line.
    public struct Rule: Sendable, Equatable {
        public var allows: Bool
        public var pattern: String
    }

    /// The rules that apply to us; empty means everything is allowed.
    public private(set) var rules: [Rule]

    /// Everything allowed: no `robots.txt` (4xx) or no group for us. (An unreachable one, a 5xx or a network
    /// failure, has no rules at all: the fetcher refuses everything for now, RFC 9309 §2.3.1.4.)
    public static let allowAll = RobotsRules(rules: [])

    init(rules: [Rule]) {
        self.rules = rules
    }

    /// The most of a `robots.txt` that is read: RFC 9309 §2.5 asks crawlers to parse at least 500 KiB.
    public static let maximumBytes = 512 * 1024

    /// Parses the first ``maximumBytes`` of a `robots.txt` body that may have been cut there: a body that fills
    /// them is cut after its last complete line, so a rule cut in the middle (`Disallow: /pri` of
    /// `Disallow: /private`) is never read as another.
    public init(parsingPrefix body: some Collection<UInt8>, userAgent: String) {
        var bytes = Array(body.prefix(Self.maximumBytes))
        if body.count >= Self.maximumBytes {
            let end = bytes.lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") } ?? -1
            bytes.removeSubrange((end + 1)...)
        }
        self.init(parsing: String(decoding: bytes, as: UTF8.self), userAgent: userAgent)
    }

    /// Parses `text` for the crawler whose product token is `userAgent` (e.g. `newsfeed`).
    public init(parsing text: String, userAgent: String) {
        let token = userAgent.lowercased()
        var ours: [Rule] = []
        var everyone: [Rule] = []
        var foundOurs = false
        // The agents of the group being read, and whether its rules have begun (a user-agent line after a rule
        // starts a new group).
        var agents: [String] = []
        var inRules = false
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = Substring(rawLine)
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                if inRules {
                    agents = []
                    inRules = false
                }
                let agent = value.split(separator: " ").first.map { $0.lowercased() } ?? ""
                agents.append(agent)
                if agent == token { foundOurs = true }
            case "allow", "disallow":
                guard !agents.isEmpty else { continue }
                inRules = true
                // An empty disallow allows everything: it is no rule at all.
                guard !value.isEmpty else { continue }
                let rule = Rule(allows: key == "allow", pattern: Self.normalized(value))
                if agents.contains(token) { ours.append(rule) }
                if agents.contains("*") { everyone.append(rule) }
            default:
                continue
            }
        }
        self.init(rules: foundOurs ? ours : everyone)
    }

    /// Whether `url` may be fetched.
    public func allows(_ url: URL) -> Bool {
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = url.query(percentEncoded: true) { path += "?" + query }
        return allows(path: path)
    }

    /// Whether the path (with its query, percent-encoded as in the URL) may be fetched.
    public func allows(path rawPath: String) -> Bool {
        let path = Self.normalized(rawPath)
        if path == "/robots.txt" { return true }
        var best: (length: Int, allows: Bool)?
        for rule in rules where Self.matches(rule.pattern, path) {
            let length = rule.pattern.utf8.count
            if let current = best {
                if length > current.length || (length == current.length && rule.allows && !current.allows) {
                    best = (length, rule.allows)
                }
            } else {
                best = (length, rule.allows)
            }
        }
        return best?.allows ?? true
    }

    /// Whether `pattern` (with `*` and a final `$`) matches the start of `path`, or all of it with `$`.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Array(pattern.utf8)
        let anchored = pattern.last == UInt8(ascii: "$")
        if anchored { pattern.removeLast() }
        let path = Array(path.utf8)
        // Greedy-with-backtracking wildcard match, iterative: patterns are short, paths bounded.
        var p = 0
        var s = 0
        var star: Int?
        var resume = 0
        while s < path.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                p += 1
                resume = s
            } else if p < pattern.count, pattern[p] == path[s] {
                p += 1
                s += 1
            } else if p == pattern.count, !anchored {
                return true
            } else if let star {
                p = star + 1
                resume += 1
                s = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// Percent-encodes what a URL would (non-ASCII, spaces) and uppercases existing escapes, so a rule written
    /// with `/ä` or `%c3%a4` matches the URL's `%C3%A4` (RFC 9309 §2.2.2).
    static func normalized(_ text: String) -> String {
        var result = ""
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count {
                let hex = String(decoding: bytes[index + 1...index + 2], as: UTF8.self)
                if UInt8(hex, radix: 16) != nil {
                    result += "%" + hex.uppercased()
                    index += 3
                    continue
                }
            }
            if byte < 0x21 || byte >= 0x7f {
                result += String(format: "%%%02X", byte)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
            index += 1
        }
        return result
    }
}

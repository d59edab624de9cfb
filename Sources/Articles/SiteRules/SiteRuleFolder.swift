import Foundation

/// A folder of rule files (`fullText.siteConfig`, `extract --site-config`), looked up as Full-Text RSS
/// does: the host without its port and without a leading `www.` (`example.com.txt`; an IP address by
/// itself, `127.0.0.6.txt`), then `.`-prefixed files of the host and its parent domains
/// (`.news.example.com.txt`, `.example.com.txt`).
public struct SiteRuleFolder: Sendable {
    public let folder: URL

    public init(folder: URL) { self.folder = folder }

    /// The file names tried for a host, in order.
    public static func candidateNames(host rawHost: String) -> [String] {
        var host = rawHost.lowercased()
        if host.hasPrefix("[") {
            // An IPv6 literal: by itself, brackets and port dropped.
            let inner = host.dropFirst().prefix { $0 != "]" }
            return inner.isEmpty ? [] : ["\(inner).txt"]
        }
        if let colon = host.lastIndex(of: ":") { host = String(host[..<colon]) }
        while host.hasSuffix(".") { host.removeLast() }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        guard !host.isEmpty else { return [] }
        if isIPv4(host) { return ["\(host).txt"] }
        var names = ["\(host).txt"]
        var labels = host.split(separator: ".").map(String.init)
        while labels.count >= 2 {
            names.append(".\(labels.joined(separator: ".")).txt")
            labels.removeFirst()
        }
        return names
    }

    /// The first rule file found for a page's URL, read; nil when none exists or none can be read.
    public func rule(for url: URL) -> SiteRule? {
        guard let host = url.host else { return nil }
        for name in Self.candidateNames(host: host) {
            let file = folder.appendingPathComponent(name)
            if let text = try? String(contentsOf: file, encoding: .utf8) {
                return SiteRule(name: name, text: text)
            }
        }
        return nil
    }

    private static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }
}

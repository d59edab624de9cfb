import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// `serve`'s check that the feeds' own links (built from `site` at build time, by design, so the
/// folder also works on any static host) lead to this server: one warning line when `site`
/// names a loopback host while the server listens elsewhere, or this machine on another port.
package enum SiteMismatch {
    /// The warning, or nil when the links can reach this server (or a proxy in front of it).
    package static func check(feedsSite: URL?, listeningAddress: String, boundPort: Int, serverURL: URL) -> String? {
        guard let site = feedsSite, let siteHost = site.host?.lowercased() else { return nil }
        let sitePort = site.port ?? (site.scheme?.lowercased() == "https" ? 443 : 80)
        let siteIsLoopback = isLoopback(siteHost)
        let listensOnLoopback = isLoopback(listeningAddress)
        let siteIsThisMachine =
            siteIsLoopback || siteHost == serverURL.host?.lowercased()
            || siteHost == ListenHost.machineName().lowercased() || siteHost == listeningAddress
        let broken = (siteIsLoopback && !listensOnLoopback) || (siteIsThisMachine && sitePort != boundPort)
        guard broken else { return nil }
        return "the feeds say \(site.absoluteString), but this server is \(serverURL.absoluteString); "
            + "set \"site\" in the config and run `newsfeed build`"
    }

    static func isLoopback(_ host: String) -> Bool {
        var bare = host
        if bare.hasPrefix("[") && bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare.hasPrefix("127.") || bare == "::1"
    }

    /// The path of the first feed file in `directory`, or nil when it holds none yet.
    package static func firstFeed(in directory: URL) -> String? {
        let scanner = FeedFolderScanner(root: directory.path, baseURL: NewsFeedConfig.defaultSite)
        return scanner.feedFiles().first.map { directory.path + "/" + $0.relativePath }
    }

    /// The site a built feed links to: its channel link's scheme, host and port.
    package static func site(ofFeed path: String) -> URL? {
        guard let snapshot = FileSnapshot.read(path: path), let summary = FeedFileSummary.read(snapshot.bytes),
            let link = summary.link.flatMap({ URL(string: $0) }), let scheme = link.scheme, let host = link.host
        else { return nil }
        var components = URLComponents()
        components.scheme = scheme
        components.host = host
        components.port = link.port
        components.path = "/"
        return components.url
    }
}

import FeedFormats
import FeedOutput
import Foundation
import NewsModel

/// `serve`'s check that the feeds' own links (built from `site` at build time, by design, so the
/// folder also works on any static host) lead to this server: one warning line when `site`
/// names a loopback host while the server listens elsewhere, or this machine on another port.
package enum SiteMismatch {
    /// How the feeds' links are put right: what wrote the folder decides.
    package enum Remedy: Sendable, Equatable {
        /// A folder `build` wrote: its links come from the config's `site`.
        case setSiteAndBuild
        /// A folder `newsfeed demo` wrote (it has no config): the demo writes it again for this server, with the
        /// `--output` and `--host` words it needs (empty for the defaults).
        case rebuildDemo(output: String?, host: String?)
    }

    /// The warning, or nil when the links can reach this server (or a proxy in front of it).
    package static func check(
        feedsSite: URL?, listeningAddress: String, boundPort: Int, serverURL: URL, remedy: Remedy = .setSiteAndBuild
    ) -> String? {
        guard let site = feedsSite, let siteHost = site.host?.lowercased() else { return nil }
        let sitePort = site.port ?? (site.scheme?.lowercased() == "https" ? 443 : 80)
        let siteIsLoopback = isLoopback(siteHost)
        let listensOnLoopback = isLoopback(listeningAddress)
        let siteIsThisMachine =
            siteIsLoopback || siteHost == serverURL.host?.lowercased()
            || siteHost == ListenHost.machineName().lowercased() || siteHost == listeningAddress
        let broken = (siteIsLoopback && !listensOnLoopback) || (siteIsThisMachine && sitePort != boundPort)
        guard broken else { return nil }
        let fix: String
        switch remedy {
        case .setSiteAndBuild:
            fix = "set \"site\" in the config and run `newsfeed build`"
        case .rebuildDemo(let output, let host):
            var words = ["newsfeed", "demo", "--no-serve"]
            if let output { words += ["--output", output] }
            if let host { words += ["--host", host] }
            words += ["--port", String(boundPort)]
            let command = words.joined(separator: " ")
            fix = "this is a demo folder (no config): write it again for this server with `\(command)`"
        }
        return "the feeds say \(site.absoluteString), but this server is \(serverURL.absoluteString); \(fix)"
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

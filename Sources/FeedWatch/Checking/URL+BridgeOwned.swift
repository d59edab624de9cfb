import Foundation

extension URL {
    /// Whether this URL is one of the bridge's own files under `site` (such as the default image): those are
    /// served by newsfeed itself and are never checked over the network.
    public func isUnder(site: URL) -> Bool {
        guard scheme?.lowercased() == site.scheme?.lowercased(), host?.lowercased() == site.host?.lowercased(),
            port == site.port
        else { return false }
        let sitePath = site.path.hasSuffix("/") ? site.path : site.path + "/"
        let ownPath = path.isEmpty ? "/" : path
        return ownPath.hasPrefix(sitePath) || ownPath + "/" == sitePath
    }
}

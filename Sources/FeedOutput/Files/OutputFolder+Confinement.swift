import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputFolder {
    /// Refuses a write to `url` that would go through a symlinked folder leading out of the output
    /// folder (`it -> /srv/elsewhere`): `serve` refuses to read through such a link, so a build
    /// writing there would publish nothing and could overwrite files that are not its own. A link
    /// that stays inside the output folder is followed as any folder.
    /// - Throws: ``OutputError/linkLeavesOutput(link:target:)`` naming the link.
    public func checkConfined(_ url: URL) throws(OutputError) {
        let rootPath = root.path
        let path = url.standardizedFileURL.path
        guard path.hasPrefix(rootPath + "/"), let realRoot = Self.realPath(rootPath) else { return }
        var current = rootPath
        // Every folder between the root and the file; the file itself is replaced by a rename,
        // which replaces a link rather than writing through it.
        let folders = path.dropFirst(rootPath.count + 1).split(separator: "/").dropLast()
        for name in folders {
            current += "/" + name
            var info = stat()
            guard lstat(current, &info) == 0 else { return }
            guard info.st_mode & S_IFMT == S_IFLNK else { continue }
            let target = Self.realPath(current)
            guard let target, target == realRoot || target.hasPrefix(realRoot + "/") else {
                let shown = target ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: current)) ?? "nowhere"
                throw .linkLeavesOutput(link: current, target: shown)
            }
        }
    }

    /// `realpath(3)`, or nil when a component is missing.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

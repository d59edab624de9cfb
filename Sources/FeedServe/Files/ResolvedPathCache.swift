import Synchronization

/// Request paths that already resolved to a cached file, so a repeat request costs one
/// `stat` instead of a `realpath` walk (a `readlink` per path component) and two more `stat`s.
///
/// An entry is trusted only while the path, looked up exactly as requested (through any
/// symlinks, from the root), still names the very file it named when it was resolved and
/// found inside the root: same device and inode, size, modification and status-change
/// time. A symlink re-pointed elsewhere (outside the root, at a dotfile) names another
/// inode; a file replaced by rename is a new inode; a rewrite in place changes the times.
/// Each of these is a miss, and the full resolution decides again. What a hit cannot tell
/// apart is the *same* unchanged inode reached another way: a hard link made before the
/// path was cached (making one later changes the status-change time), or its folder moved
/// and linked back. Only someone who writes the folder can arrange that, and the bytes
/// served are the very ones already vetted and served from inside the root.
///
/// Keys are raw request paths, so every spelling of a path has its own entry and only
/// spellings that passed the full resolution ever get one. The number of entries is
/// bounded; when full, the cache starts over rather than tracking use on every hit.
package final class ResolvedPathCache: Sendable {
    /// What a request path resolved to.
    package struct Entry: Sendable {
        /// The decoded path relative to the root: the ``DocumentCache`` key.
        package var relativePath: String
        /// The root's real path, `/` and `relativePath`, NUL-terminated: the path as
        /// requested, with its symlinks left for `stat` to follow.
        package var requestedPath: [CChar]
        /// The file it named when it was resolved.
        package var identity: FileIdentity

        package init(relativePath: String, requestedPath: [CChar], identity: FileIdentity) {
            self.relativePath = relativePath
            self.requestedPath = requestedPath
            self.identity = identity
        }

        /// Whether the path still names the same version of the same file.
        package var isCurrent: Bool {
            requestedPath.withUnsafeBufferPointer { path in
                guard let base = path.baseAddress else { return false }
                return FileIdentity.current(path: base) == identity
            }
        }
    }

    /// Most entries held; a client requesting endless spellings only makes it start over.
    package let capacity: Int
    private let entries = Mutex<[String: Entry]>([:])

    package init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    /// The entry for `rawPath`, not yet checked against the file system.
    package func entry(for rawPath: String) -> Entry? {
        entries.withLock { $0[rawPath] }
    }

    /// Remembers what `rawPath` resolved to.
    package func remember(_ entry: Entry, for rawPath: String) {
        entries.withLock { entries in
            if entries.count >= capacity && entries[rawPath] == nil { entries.removeAll(keepingCapacity: true) }
            entries[rawPath] = entry
        }
    }

    /// Drops the entry for `rawPath`, e.g. once its file changed.
    func forget(_ rawPath: String) {
        _ = entries.withLock { $0.removeValue(forKey: rawPath) }
    }

    /// Entries held, for tests.
    package var count: Int { entries.withLock { $0.count } }
}

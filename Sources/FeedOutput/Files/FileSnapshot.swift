import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file's bytes and the version they belong to, read through one descriptor.
///
/// Opening once and reading from that descriptor pins the inode, so a concurrent
/// atomic rename yields the whole old file or the whole new one, never a mix.
package struct FileSnapshot: Sendable {
    package var version: FileVersion
    package var bytes: Data

    /// Reads the regular file at `path` without following a final symlink; nil when
    /// it is missing, not a regular file or unreadable.
    package static func read(path: String) -> FileSnapshot? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // A writer rewriting in place (not by rename) could change the file while we
        // read; re-check the version afterwards and retry a few times.
        for _ in 0..<3 {
            var before = stat()
            guard fstat(descriptor, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { return nil }
            guard let bytes = readAll(descriptor, expected: Int(before.st_size)) else { return nil }
            var after = stat()
            guard fstat(descriptor, &after) == 0 else { return nil }
            let version = FileVersion(before)
            if FileVersion(after) == version, bytes.count == version.size {
                return FileSnapshot(version: version, bytes: bytes)
            }
        }
        return nil
    }

    private static func readAll(_ descriptor: Int32, expected: Int) -> Data? {
        var bytes = Data(count: expected)
        var filled = 0
        let complete = bytes.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            while filled < expected {
                let count = pread(descriptor, base + filled, expected - filled, off_t(filled))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return count == 0 }
                filled += count
            }
            return true
        }
        guard complete else { return nil }
        bytes.count = filled
        return bytes
    }
}

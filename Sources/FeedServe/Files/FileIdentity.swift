import FeedOutput

#if canImport(Glibc)
    import Glibc
#endif

/// Everything one `stat` says about which file a path names and which version of it:
/// the ``FileVersion`` (device, inode, size, modification time) plus the status-change
/// time, which also moves when a file is rewritten in place with its old modification
/// time put back (`touch -r`, `rsync --times`).
package struct FileIdentity: Sendable, Hashable {
    package var version: FileVersion
    var changedNanoseconds: Int64

    package init(_ info: stat) {
        version = FileVersion(info)
        changedNanoseconds = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    /// The identity of the regular file `path` names now, following symlinks; nil when
    /// there is none.
    package static func current(path: UnsafePointer<CChar>) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileIdentity(info)
    }
}

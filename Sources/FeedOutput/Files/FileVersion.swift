#if canImport(Glibc)
    import Glibc
#endif

/// Identifies one version of a file: an atomic rename gives a new inode, an
/// in-place rewrite a new size or modification time.
public struct FileVersion: Sendable, Hashable {
    /// `st_dev`: inode numbers are only unique per device.
    public var device: UInt64
    /// `st_ino`: a new file after an atomic rename.
    public var inode: UInt64
    /// Bytes.
    public var size: Int
    /// Modification time in nanoseconds since 1970.
    public var modifiedNanoseconds: Int64

    /// A version with every field given (tests build them by hand).
    public init(device: UInt64, inode: UInt64, size: Int, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    package init(_ info: stat) {
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
            modifiedNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// The version of the regular file at `path` (following symlinks), or nil.
    package static func of(path: String) -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileVersion(info)
    }

    /// Whole seconds, as `Last-Modified` carries them.
    package var modifiedSeconds: Int { Int(modifiedNanoseconds / 1_000_000_000) }

    /// A strong entity tag: any change of inode, size or nanosecond time changes it.
    package var entityTag: String {
        "\"\(String(inode, radix: 16))-\(String(size, radix: 16))-\(String(modifiedNanoseconds, radix: 16))\""
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder the test's user cannot write into, for the "cannot write" messages and exit 78.
///
/// For others than root: an empty folder of mode 0555 inside `parent` (the reviewer's
/// `chmod 555 ro`). Root ignores modes, so for root it is `/sys`, which refuses even root
/// (EACCES for a new file, EPERM for a new folder: both read `permission denied`).
package struct UnwritableFolder: Sendable {
    /// The folder, existing and empty (or `/sys` for root).
    package let path: String
    /// The reason newsfeed names, as the system gives it.
    package let reason = "permission denied"

    package init(in parent: TemporaryFolder) throws {
        if geteuid() == 0 {
            path = "/sys"
            return
        }
        let folder = parent.url.appending(path: "ro")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        chmod(folder.path, 0o555)
        path = folder.path
    }

    /// A folder that does not exist and cannot be created (inside this one).
    package var missingFolderInside: String { path + "/newsfeed-\(UUID().uuidString.prefix(8))" }

    /// An output folder a command must refuse: for others this folder itself (empty, read-only),
    /// for root a folder inside `/sys` (which cannot be created).
    package var outputFolder: String { geteuid() == 0 ? missingFolderInside : path }
}

import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so no reader ever sees half of one: a dot-named temporary file in
/// the same folder, flushed with fsync, then renamed over the target.
///
/// The dot name keeps unfinished writes out of `serve` (it refuses dotfiles), and
/// the same folder keeps the rename atomic (one file system).
public enum AtomicFileWriter {
    /// Replaces `url`'s contents with `data`, creating parent folders as needed.
    ///
    /// A failure names the system's cause (`permission denied`…) and says the previous file is
    /// untouched only when there was one (``OutputError/writeFailed(path:reason:)`` versus
    /// ``OutputError/createFailed(path:reason:)``).
    public static func write(_ data: Data, to url: URL) throws(OutputError) {
        try stage(data, for: url).commit()
    }

    /// A temporary file written and flushed beside its target, waiting for its rename: a feed's
    /// formats are all staged first, then all renamed, so a kill leaves them consistent with each
    /// other but for the renames' microseconds.
    package struct Staged: Sendable {
        package let temporaryPath: String
        package let url: URL
        let existed: Bool

        /// Renames the temporary file over the target and, unless `durably` is false (the caller
        /// syncs the folder once after a group of renames), makes the rename durable.
        package func commit(durably: Bool = true) throws(OutputError) {
            if rename(temporaryPath, url.path) != 0 {
                let reason = SystemErrorText.reason(errno: errno)
                discard()
                throw AtomicFileWriter.writeError(reason, path: url.path, existed: existed)
            }
            if durably { syncFolder(url.deletingLastPathComponent().path) }
        }

        /// Removes the temporary file.
        package func discard() {
            unlink(temporaryPath)
        }
    }

    /// The name of a temporary file for `name`: `.<name>.<8 hex digits>.tmp`.
    static func temporaryName(for name: String) -> String {
        ".\(name).\(UUID().uuidString.prefix(8)).tmp"
    }

    /// Whether `name` is one of our temporary files (``temporaryName(for:)``).
    package static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), stem.distance(from: dot, to: stem.endIndex) == 9 else { return false }
        return stem[stem.index(after: dot)...].allSatisfy { $0.isHexDigit } && dot > stem.index(after: stem.startIndex)
    }

    static func writeError(_ reason: String, path: String, existed: Bool) -> OutputError {
        existed ? .writeFailed(path: path, reason: reason) : .createFailed(path: path, reason: reason)
    }

    /// Writes `data` to a flushed temporary file beside `url`; ``Staged/commit()`` puts it in place.
    package static func stage(_ data: Data, for url: URL) throws(OutputError) -> Staged {
        let folder = url.deletingLastPathComponent()
        let path = url.path
        var isFolder: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        func failed(_ reason: String) -> OutputError { writeError(reason, path: path, existed: existed) }
        if existed, isFolder.boolValue { throw failed("is a folder, not a file") }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            let cause = OutputFolder.obstacle(to: folder) ?? SystemErrorText.reason(of: error)
            throw failed("cannot create folder \(folder.path): \(cause)")
        }
        let temporary = folder.appending(path: temporaryName(for: url.lastPathComponent)).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw failed(SystemErrorText.reason(errno: errno))
        }
        var failure: String?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = SystemErrorText.reason(errno: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = SystemErrorText.reason(errno: errno)
        }
        if close(descriptor) != 0, failure == nil {
            failure = SystemErrorText.reason(errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failed(failure)
        }
        return Staged(temporaryPath: temporary, url: url, existed: existed)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Makes the rename itself durable; best effort, as some file systems refuse it.
    package static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

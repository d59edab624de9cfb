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
        let folder = url.deletingLastPathComponent()
        let path = url.path
        let existed = FileManager.default.fileExists(atPath: path)
        func failed(_ reason: String) -> OutputError {
            existed ? .writeFailed(path: path, reason: reason) : .createFailed(path: path, reason: reason)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            let cause = OutputFolder.obstacle(to: folder) ?? SystemErrorText.reason(of: error)
            throw failed("cannot create folder \(folder.path): \(cause)")
        }
        let temporary = folder.appending(path: ".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).tmp").path
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
        if failure == nil, rename(temporary, path) != 0 {
            failure = SystemErrorText.reason(errno: errno)
        }
        if let failure {
            unlink(temporary)
            throw failed(failure)
        }
        syncFolder(folder.path)
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Makes the rename itself durable; best effort, as some file systems refuse it.
    private static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

import Dispatch
import Foundation
import NewsModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exclusive lock on `<output>/.newsfeed/lock` that every writer of feeds or
/// state holds while it writes, so cron builds, a refreshing server and the
/// watcher never lose each other's updates.
///
/// `flock` blocks its thread, so waiting happens on a dispatch queue of its own,
/// never on the cooperative pool that async code shares.
public struct OutputLock: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Runs `body` while holding the lock; other processes and other `OutputLock`
    /// values for the same file wait meanwhile.
    public func withLock<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let path = self.path
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "newsfeed.output-lock").async {
                continuation.resume(with: Result { try Self.lockedSync(path: path, body) })
            }
        }
    }

    private static func lockedSync<T>(path: String, _ body: () throws -> T) throws -> T {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputError.lockFailed(path: path, reason: SystemErrorText.reason(errno: errno))
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            if errno != EINTR {
                throw OutputError.lockFailed(path: path, reason: SystemErrorText.reason(errno: errno))
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

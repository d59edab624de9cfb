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
/// Waiting happens on a dispatch queue of its own, never on the cooperative pool that async code
/// shares. The holder writes its PID into the lock file, so a writer that has to wait can say who
/// it waits for (``LockWaiting``).
public struct OutputLock: Sendable {
    public let path: String
    /// How long to wait for another holder, and what to say meanwhile.
    public var waiting: LockWaiting
    /// A run of many updates in a row that keeps the lock between them (``StateSession``); nil: each body takes
    /// and releases it.
    public var session: StateSession?

    public init(path: String, waiting: LockWaiting = LockWaiting(), session: StateSession? = nil) {
        self.path = path
        self.waiting = waiting
        self.session = session
    }

    /// Runs `body` while holding the lock; other processes and other `OutputLock`
    /// values for the same file wait meanwhile.
    public func withLock<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let path = self.path
        let waiting = self.waiting
        if let session { return try await session.withLock(path: path, waiting: waiting, body) }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "newsfeed.output-lock").async {
                continuation.resume(with: Result { try Self.lockedSync(path: path, waiting: waiting, body) })
            }
        }
    }

    /// How often a waiting writer tries again.
    private static let retryMicroseconds: UInt32 = 20_000

    private static func lockedSync<T>(path: String, waiting: LockWaiting, _ body: () throws -> T) throws -> T {
        let descriptor = try open(path: path)
        defer { close(descriptor) }
        try acquire(descriptor, path: path, waiting: waiting)
        defer { flock(descriptor, LOCK_UN) }
        sign(descriptor)
        return try body()
    }

    /// The lock file, opened (and its folder made) for `flock`.
    static func open(path: String) throws(OutputError) -> Int32 {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let descriptor = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .lockFailed(path: path, reason: SystemErrorText.reason(errno: errno)) }
        return descriptor
    }

    /// Writes who holds it, for a writer that has to wait (best effort: the lock works without it).
    static func sign(_ descriptor: Int32) {
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, pid, pid.count, 0) }
    }

    /// Takes the lock at once, or tries again every 20 ms: after `waiting.noticeAfter` it says
    /// once whom it waits for, after `waiting.limit` it gives up.
    static func acquire(_ descriptor: Int32, path: String, waiting: LockWaiting) throws(OutputError) {
        let start = ContinuousClock.now
        var noticed = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw .lockFailed(path: path, reason: SystemErrorText.reason(errno: errno))
            }
            let waited = ContinuousClock.now - start
            if !noticed, waited >= waiting.noticeAfter {
                noticed = true
                let limit = waiting.limit.components.seconds
                waiting.notice?(
                    "waiting for the output lock \(path), held by \(holder(descriptor)); giving up after \(limit) s")
            }
            if waited >= waiting.limit {
                throw .lockTimedOut(
                    path: path, seconds: Int(waiting.limit.components.seconds), holder: holder(descriptor))
            }
            usleep(retryMicroseconds)
        }
    }

    /// `PID 1234` when the lock file names a live process, else `another process`.
    private static func holder(_ descriptor: Int32) -> String {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        let text = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self)
        guard let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)), pid > 0,
            kill(pid, 0) == 0 || errno == EPERM
        else { return "another process" }
        return "PID \(pid)"
    }
}

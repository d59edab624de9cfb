import Dispatch
import Foundation
import NewsModel
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One process's run of many state updates in a row (a build's publishers' feeds, hundreds at once): the state is
/// read from disk once and kept in memory, each feed's update is applied there, and the file is written at most
/// every ``flushInterval`` and when the session ends, instead of a read and a write of the whole state per feed
/// (with 1,000 feeds, 20,000 items: minutes of JSON).
///
/// Other processes lose nothing: unsaved updates exist only while this process holds the output lock's `flock`,
/// which it keeps from the first update after a write until the next write, then lets go (and waits a moment, so a
/// waiting writer gets its turn). When it takes the lock again and `state.json` or `quota.json` is not the file it
/// last read or wrote (another process wrote meanwhile), it reads the state again. A kill between two writes loses at
/// most ``flushInterval`` of state (the feeds' files are written at once, so the next build re-polls those feeds
/// and merges their items by identity: nothing is repeated).
///
/// Within the process, ``withLock(path:waiting:_:)`` runs one body at a time on a queue of its own.
public final class StateSession: Sendable {
    /// The longest unsaved updates are kept.
    public let flushInterval: Duration
    /// How long the lock is left free after a write, so a writer waiting in another process takes it.
    let pause: Duration

    private let queue = DispatchQueue(label: "newsfeed.state-session")
    private let inner = Mutex(Inner())

    private struct Inner: Sendable {
        var descriptor: Int32?
        var state: BridgeState?
        var identity: [FileIdentity?] = []
        var dirty = false
        var lastFlush = ContinuousClock.now
        var flushedInBody = false
        /// The bytes of the records last written, reused for the unchanged ones.
        var encoded: EncodedRecords? = EncodedRecords()
    }

    /// Which file a path names, and its size and time: a rename over it or a write makes it another.
    struct FileIdentity: Sendable, Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec
            nanoseconds = info.st_mtim.tv_nsec
        }
    }

    public init(flushInterval: Duration = .seconds(1), pause: Duration = .milliseconds(30)) {
        self.flushInterval = flushInterval
        self.pause = pause
    }

    /// Runs `body` holding the output lock (taken once for as long as updates are unsaved).
    func withLock<T: Sendable>(
        path: String, waiting: LockWaiting, _ body: @escaping @Sendable () throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.lockedSync(path: path, waiting: waiting, body) })
            }
        }
    }

    private func lockedSync<T>(path: String, waiting: LockWaiting, _ body: () throws -> T) throws -> T {
        if inner.withLock({ $0.descriptor == nil }) {
            let descriptor = try OutputLock.open(path: path)
            do {
                try OutputLock.acquire(descriptor, path: path, waiting: waiting)
            } catch {
                close(descriptor)
                throw error
            }
            OutputLock.sign(descriptor)
            inner.withLock { $0.descriptor = descriptor }
        }
        inner.withLock { $0.flushedInBody = false }
        let result: Result<T, any Error> = Result { try body() }
        // Nothing unsaved: the lock goes back at once; after a write, the next writer in line gets a moment.
        let (release, pauseAfter) = inner.withLock { inner -> (Int32?, Bool) in
            guard !inner.dirty, let descriptor = inner.descriptor else { return (nil, false) }
            inner.descriptor = nil
            return (descriptor, inner.flushedInBody)
        }
        if let release {
            flock(release, LOCK_UN)
            close(release)
            if pauseAfter { Thread.sleep(forTimeInterval: Double(pause.components.attoseconds) / 1e18) }
        }
        return try result.get()
    }

    /// The state as the session knows it, when the files are still the ones it last read or wrote.
    func cachedState(files: [String]) -> BridgeState? {
        let now = files.map(FileIdentity.init(path:))
        return inner.withLock { inner in
            guard let state = inner.state else { return nil }
            // Unsaved updates are only ever kept under the lock, so the files cannot have changed under them.
            if inner.dirty || inner.identity == now { return state }
            inner.state = nil
            return nil
        }
    }

    /// Remembers `state` as read from `files`.
    func loaded(_ state: BridgeState, files: [String]) {
        let identity = files.map(FileIdentity.init(path:))
        inner.withLock { inner in
            inner.state = state
            inner.identity = identity
        }
    }

    /// Takes `state` as the newest, and writes it through `write` when the last write is ``flushInterval`` old.
    func save(
        _ state: BridgeState, files: [String],
        write: (BridgeState, inout EncodedRecords?) throws(OutputError) -> Void
    ) throws(OutputError) {
        let due = inner.withLock { inner -> Bool in
            inner.state = state
            inner.dirty = true
            return ContinuousClock.now - inner.lastFlush >= flushInterval
        }
        if due { try flush(files: files, write: write) }
    }

    private func flush(
        files: [String], write: (BridgeState, inout EncodedRecords?) throws(OutputError) -> Void
    ) throws(OutputError) {
        guard let state = inner.withLock({ $0.dirty ? $0.state : nil }) else { return }
        var encoded = inner.withLock { inner in
            defer { inner.encoded = nil }
            return inner.encoded
        }
        do {
            try write(state, &encoded)
        } catch {
            // Kept bytes may be of records never written: start afresh next time.
            inner.withLock { $0.encoded = EncodedRecords() }
            throw error
        }
        let identity = files.map(FileIdentity.init(path:))
        inner.withLock { inner in
            inner.encoded = encoded
            inner.dirty = false
            inner.identity = identity
            inner.lastFlush = ContinuousClock.now
            inner.flushedInBody = true
        }
    }

    /// Writes what is unsaved and lets the lock go; `store` is the state's store. Call once, when the run of
    /// updates is over (also when it failed or was cancelled).
    public func end(store: StateStore) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            queue.async {
                continuation.resume(
                    with: Result {
                        defer {
                            if let descriptor = self.inner.withLock({ inner -> Int32? in
                                defer { inner.descriptor = nil }
                                return inner.descriptor
                            }) {
                                flock(descriptor, LOCK_UN)
                                close(descriptor)
                            }
                        }
                        try self.flush(files: store.files) { state, encoded throws(OutputError) in
                            try store.write(state, reusing: &encoded)
                        }
                    })
            }
        }
    }
}

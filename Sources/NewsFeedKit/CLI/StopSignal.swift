import Synchronization

/// A one-shot "please stop" that long-running commands (`serve`, `watch --interval`)
/// wait on; the executable fires it on SIGINT and SIGTERM, tests fire it directly.
public final class StopSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Asks everything waiting to stop. Safe to call more than once.
    public func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    public var isFired: Bool { state.withLock { $0.fired } }

    /// Returns once ``fire()`` has been called.
    public func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}

import Foundation
import Synchronization

/// A one-shot "please stop" that long-running commands (`serve`, `demo`,
/// `watch --interval`) wait on; the executable fires it on SIGINT and SIGTERM,
/// tests fire it directly.
public final class StopSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Asks everything waiting to stop. Safe to call more than once.
    public func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard !state.fired else { return [] }
            state.fired = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    public var isFired: Bool { state.withLock { $0.fired } }

    /// Returns once ``fire()`` has been called.
    public func wait() async {
        _ = await wait(upTo: nil)
    }

    /// Waits at most `duration`; true when the signal fired, false when the time ran out.
    public func wait(for duration: Duration) async -> Bool {
        await wait(upTo: duration)
    }

    private func wait(upTo duration: Duration?) async -> Bool {
        let id = UUID()
        return await withCheckedContinuation { continuation in
            let firedAlready = state.withLock { state -> Bool in
                if state.fired { return true }
                state.waiters[id] = continuation
                return false
            }
            if firedAlready {
                continuation.resume(returning: true)
                return
            }
            guard let duration else { return }
            Task {
                try? await Task.sleep(for: duration)
                let waiter = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.resume(returning: false)
            }
        }
    }
}

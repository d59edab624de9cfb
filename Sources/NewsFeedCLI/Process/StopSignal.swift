import Foundation
import Synchronization

/// A one-shot "please stop" that long-running commands (`serve`, `demo`,
/// `watch --interval`) wait on and `build` cancels its work on; the executable fires it on
/// SIGINT and SIGTERM, tests fire it directly.
public final class StopSignal: Sendable {
    private struct State {
        var fired = false
        /// The signal that fired it, when a signal did.
        var signal: Int32?
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
        var actions: [UUID: @Sendable () -> Void] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Asks everything waiting to stop. Safe to call more than once; the first signal is the one kept.
    public func fire(signal: Int32? = nil) {
        let (waiters, actions) = state.withLock {
            state -> ([CheckedContinuation<Bool, Never>], [@Sendable () -> Void]) in
            guard !state.fired else { return ([], []) }
            state.fired = true
            state.signal = signal
            defer {
                state.waiters = [:]
                state.actions = [:]
            }
            return (Array(state.waiters.values), Array(state.actions.values))
        }
        for waiter in waiters { waiter.resume(returning: true) }
        for action in actions { action() }
    }

    public var isFired: Bool { state.withLock { $0.fired } }

    /// The signal that fired it (SIGINT, SIGTERM); nil when not fired, or fired by a test.
    public var signal: Int32? { state.withLock { $0.signal } }

    /// Runs `body` with `action` called once if the stop fires meanwhile (at once when it already
    /// has): how `build` cancels its work on SIGINT/SIGTERM.
    public func onFire<T>(_ action: @escaping @Sendable () -> Void, during body: () async -> T) async -> T {
        let id = UUID()
        let firedAlready = state.withLock { state -> Bool in
            if state.fired { return true }
            state.actions[id] = action
            return false
        }
        if firedAlready { action() }
        let result = await body()
        _ = state.withLock { $0.actions.removeValue(forKey: id) }
        return result
    }

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

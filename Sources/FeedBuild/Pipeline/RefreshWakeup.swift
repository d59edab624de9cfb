import Foundation
import Synchronization

/// Cuts `serve --refresh`'s sleep between two refreshes short: fired (by SIGHUP, or a test), the
/// refresher wakes at once, reloads its config and refreshes. A fire while it is busy is kept for
/// its next sleep, so none is lost.
public final class RefreshWakeup: Sendable {
    private struct State {
        var pending = false
        var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// Wakes the refresher now, or at the start of its next sleep.
    public func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard !state.waiters.isEmpty else {
                state.pending = true
                return []
            }
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Sleeps for `duration`; true when woken by ``fire()`` first, false when the time ran out or
    /// the task was cancelled.
    public func wait(for duration: Duration) async -> Bool {
        let id = UUID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let early = state.withLock { state -> Bool? in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    // Checked under the lock the cancellation handler takes too: no cancel is missed.
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let early {
                    continuation.resume(returning: early)
                    return
                }
                Task {
                    try? await Task.sleep(for: duration)
                    self.resume(id, woken: false)
                }
            }
        } onCancel: {
            resume(id, woken: false)
        }
    }

    private func resume(_ id: UUID, woken: Bool) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: woken)
    }
}

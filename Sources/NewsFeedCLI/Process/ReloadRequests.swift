import Dispatch
import FeedBuild
import Foundation
import Synchronization

/// Requests to reload the config of a long-running command (`serve`): SIGHUP in the real tool
/// (`systemctl reload newsfeed`), ``request()`` in tests. Each one wakes ``wakeup`` and is taken
/// once by ``take()``.
public final class ReloadRequests: Sendable {
    /// Woken by every request: the refresher sleeps on it.
    public let wakeup = RefreshWakeup()
    private let pending = Mutex(0)
    private let listensToSIGHUP: Bool
    private let listening = Mutex(false)

    /// `listensToSIGHUP`: whether ``listen()`` makes SIGHUP a request (the real process only).
    public init(listensToSIGHUP: Bool = false) {
        self.listensToSIGHUP = listensToSIGHUP
    }

    /// Asks for a reload.
    public func request() {
        pending.withLock { $0 += 1 }
        wakeup.fire()
    }

    /// Whether a reload was asked for since the last call.
    public func take() -> Bool {
        pending.withLock { count in
            defer { count = 0 }
            return count > 0
        }
    }

    /// From now on SIGHUP asks for a reload instead of ending the process (its default), when this
    /// is the real process; called by the commands that reload.
    public func listen() {
        guard listensToSIGHUP else { return }
        let first = listening.withLock { listening -> Bool in
            defer { listening = true }
            return !listening
        }
        guard first else { return }
        signal(SIGHUP, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .global())
        // The handler holds its own source, which keeps it alive for the whole process.
        source.setEventHandler { [self] in
            withExtendedLifetime(source) { request() }
        }
        source.resume()
    }
}

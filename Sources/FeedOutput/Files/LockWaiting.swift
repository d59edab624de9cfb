import Foundation
import Synchronization

/// How a writer waits for the output lock another process holds: after ``noticeAfter`` it says
/// once that it waits (naming the holder's PID when the lock file tells it), and after ``limit``
/// it gives up with ``OutputError/lockTimedOut(path:seconds:holder:)``.
public struct LockWaiting: Sendable {
    /// How long a writer waits by default before giving up: the lock is held only while files
    /// and state are written (never across a network request), so two minutes means the holder
    /// is stuck, not busy.
    public static let defaultLimit: Duration = .seconds(120)

    /// Receives the one "waiting for the output lock" line; nil says nothing.
    public var notice: (@Sendable (String) -> Void)?
    /// When the wait is worth a line.
    public var noticeAfter: Duration
    /// When to give up.
    public var limit: Duration

    public init(
        notice: (@Sendable (String) -> Void)? = nil, noticeAfter: Duration = .seconds(1),
        limit: Duration = LockWaiting.defaultLimit
    ) {
        self.notice = notice
        self.noticeAfter = noticeAfter
        self.limit = limit
    }

    /// `say`, called at most once however many waits there are (one line per run, not per lock).
    public static func once(_ say: @escaping @Sendable (String) -> Void) -> @Sendable (String) -> Void {
        let said = Mutex(false)
        return { line in
            let first = said.withLock { said -> Bool in
                defer { said = true }
                return !said
            }
            if first { say(line) }
        }
    }
}

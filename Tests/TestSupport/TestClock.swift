import Foundation
import Synchronization

/// A clock tests set and move by hand, so builds happen "hours" or "days" apart in milliseconds.
package final class TestClock: Sendable {
    private let current: Mutex<Date>

    package init(_ start: Date) {
        current = Mutex(start)
    }

    /// The clock's time now.
    package var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    package func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// A closure reading this clock, for ``CommandContext`` and ``FeedBuilder``.
    package var reading: @Sendable () -> Date { { [self] in now } }
}

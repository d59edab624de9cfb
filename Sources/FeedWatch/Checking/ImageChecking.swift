import FeedOutput
import Foundation

/// Checks whether an image URL still answers with an image.
///
/// ``ImageChecker`` is the real one; the seam lets ``WatchRound`` be tested with scripted answers.
public protocol ImageChecking: Sendable {
    /// Checks `url`, sending `previous`'s validators when it has them; ``ImageCheckResult/skipped`` when the
    /// calling task is cancelled before the check has an answer.
    func check(_ url: URL, previous: ImageRecord?) async -> ImageCheckResult
}

import FeedOutput
import FeedWatch
import Foundation
import Synchronization

/// An ``ImageChecking`` that answers from a script after a delay and records how many checks overlapped.
final class ScriptedImageChecker: ImageChecking {
    struct Tally {
        var calls: [String] = []
        var inFlight = 0
        var maxInFlight = 0
        var inFlightPerHost: [String: Int] = [:]
        var maxInFlightPerHost: [String: Int] = [:]
        var previousSeen: [String: ImageRecord?] = [:]
    }

    private let answers: [String: ImageCheckResult]
    private let delay: Duration
    private let delays: [String: Duration]
    let tally = Mutex(Tally())

    /// - Parameter delays: per-URL delays that override `delay`.
    init(answers: [String: ImageCheckResult] = [:], delay: Duration = .zero, delays: [String: Duration] = [:]) {
        self.answers = answers
        self.delay = delay
        self.delays = delays
    }

    static let image = ImageCheckResult.alive(length: 1234, mimeType: "image/png", etag: "\"v1\"", lastModified: nil)

    func check(_ url: URL, previous: ImageRecord?) async -> ImageCheckResult {
        let host = url.host ?? ""
        tally.withLock { tally in
            tally.calls.append(url.absoluteString)
            tally.previousSeen[url.absoluteString] = previous
            tally.inFlight += 1
            tally.maxInFlight = max(tally.maxInFlight, tally.inFlight)
            tally.inFlightPerHost[host, default: 0] += 1
            tally.maxInFlightPerHost[host] = max(
                tally.maxInFlightPerHost[host, default: 0], tally.inFlightPerHost[host, default: 0])
        }
        defer {
            tally.withLock { tally in
                tally.inFlight -= 1
                tally.inFlightPerHost[host, default: 0] -= 1
            }
        }
        let wait = delays[url.absoluteString] ?? delay
        if wait > .zero {
            try? await Task.sleep(for: wait)
        }
        if Task.isCancelled { return .skipped }
        return answers[url.absoluteString] ?? Self.image
    }
}

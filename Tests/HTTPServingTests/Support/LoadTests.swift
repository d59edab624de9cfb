import Foundation
import Testing

/// Tests that measure behaviour under load over real sockets (a flood of connections against the slots): their
/// outcome depends on how busy the machine is, so the default `swift test` skips them and says so; CI runs them
/// on their own with `NEWSFEED_LOAD_TESTS=1` (.ci/run). The rules they exercise are tested without sockets in
/// ``EvictionOrderTests`` and ``ConnectionStateMachineTests``; bench/flood measures the same against nginx.
enum LoadTests {
    static let variable = "NEWSFEED_LOAD_TESTS"
    static var enabled: Bool { ProcessInfo.processInfo.environment[variable] == "1" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only under `NEWSFEED_LOAD_TESTS=1`; otherwise it is skipped with the reason in the output.
    static var loadTest: Self {
        .enabled(
            if: LoadTests.enabled,
            "a socket flood measures behaviour under load: run it with NEWSFEED_LOAD_TESTS=1 (CI does, on its own)")
    }
}

import HTTPFetching

/// How late a test's `await` may resume on a busy machine, for the loose upper bounds that only show a wait ended
/// rather than hung. `swift test` runs well over a thousand tests at once on Swift's cooperative pool, which has one
/// thread per core; on two shared cores a timer's or a continuation's turn came up to 36 s late in a full run beside
/// another build (measured 2026-12-06 with a probe sleeping 100 ms at a time: late by 1–4 s again and again for half a
/// minute). A bound tighter than this times the machine, not the code (issue 30, point 18); a bound that must tell
/// two outcomes apart keeps the other outcome farther away than this.
package let busyMachineSlack: Duration = .seconds(90)

extension FetchPolicy {
    /// The policy with ``busyMachineSlack`` as its timeout, for tests of anything but time against loopback hosts: the
    /// default 30 s fetch deadline spans every await of the fetch, redirects included, and a full run on busy cores
    /// has seen a five-hop redirect test pass it (issue 30, point 18).
    package func withBusyMachineTimeout() -> FetchPolicy {
        var policy = self
        policy.timeout = busyMachineSlack
        return policy
    }
}

import Testing
import Upstreams

/// The pacer spaces requests from when the previous one began and from when it ended: a request the server saw late
/// still comes a whole interval before the next, as the server counts. Only lower bounds are checked (a busy machine
/// can only make the waits longer).
@Suite struct RequestPacerTests {
    @Test func theNextRequestWaitsAWholeIntervalAfterTheLastOneEnded() async throws {
        let pacer = RequestPacer(interval: .milliseconds(300))
        await pacer.waitForTurn()
        // The request takes most of the interval.
        try await Task.sleep(for: .milliseconds(200))
        await pacer.finished()
        let ended = ContinuousClock.now
        await pacer.waitForTurn()
        #expect(ContinuousClock.now - ended >= .milliseconds(300))
    }
}

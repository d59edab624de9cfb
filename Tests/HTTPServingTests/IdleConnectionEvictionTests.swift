import Foundation
import HTTPServing
import Testing

/// Slots full of connections that send nothing must not lock real clients out: a newcomer evicts the connection
/// idle longest (keep-alive first, then those still waiting for their first byte).
@Suite(.timeLimit(.minutes(1))) struct IdleConnectionEvictionTests {
    /// Normal GETs, each on a new connection, while `flood` holds more idle connections than the server has slots.
    private func normalRequests(_ count: Int, port: Int) async throws -> [String] {
        try await offPool {
            var answers: [String] = []
            for index in 0..<count {
                do {
                    // Ten seconds, not three: with the whole suite on two cores beside the flood's reconnecting
                    // thread, one answer in 30 once took longer than three (CI, 2026-12-03); a locked-out client
                    // never gets one at all.
                    let client = try RawClient(port: port, timeout: .seconds(10))
                    try client.send("GET /normal-\(index) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                    answers.append(try client.readResponse().text)
                } catch {
                    answers.append("failed: \(error)")
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return answers
        }
    }

    @Test func aSustainedIdleFloodDoesNotLockOutRealClients() async throws {
        // Slots run out at 256; the flood holds 288 and reconnects as fast as it is cut off (the flood:
        // 4,200 idle connections against 4,096 slots).
        let configuration = HTTPServer.Configuration(
            maxConnections: 256, headerTimeout: .seconds(10), idleTimeout: .seconds(10))
        try await withServer(configuration) { port in
            let flood = IdleFlood(port: port, connections: 288, limit: .seconds(20))
            flood.start()
            try await Task.sleep(for: .milliseconds(200))
            let answers = try await normalRequests(30, port: port)
            let tally = await flood.stop()
            #expect(answers == (0..<30).map { "hello /normal-\($0)" }, "flood: \(tally)")
            // The flood really was sustained: it kept reconnecting and held the slots throughout.
            #expect(tally.closedByServer >= 30)
            #expect(tally.opened >= 288 + 30)
        }
    }

    @Test func keepAliveIdleConnectionsGoBeforeOnesThatHaveSentNothing() async throws {
        let configuration = HTTPServer.Configuration(
            maxConnections: 4, headerTimeout: .seconds(10), idleTimeout: .seconds(10), eventLoopCount: 1)
        try await withServer(configuration) { port in
            let ends = try await offPool {
                let silent = try RawClient(port: port)
                Thread.sleep(forTimeInterval: 0.05)
                let keptAlive = try RawClient(port: port)
                try keptAlive.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
                _ = try keptAlive.readResponse()
                let busy = try RawClient(port: port)
                try busy.send("GET /partial HTTP/1.1\r\nHost: t\r\n")  // mid-request: never evicted
                let silentToo = try RawClient(port: port)
                Thread.sleep(forTimeInterval: 0.1)
                // Full. The first newcomer evicts the keep-alive one, though the silent one is older.
                let first = try RawClient(port: port)
                try first.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
                let firstAnswer = try first.readResponse().text
                try first.send("GET /more HTTP/1.1\r\n")  // busy from now on
                let keptAliveEnd = keptAlive.waitForEnd().end
                silent.setTimeout(.milliseconds(200))
                let silentStillOpen = silent.waitForEnd().end
                Thread.sleep(forTimeInterval: 0.1)
                // Still full: next to go is the oldest of those that have sent nothing.
                let second = try RawClient(port: port)
                try second.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
                let secondAnswer = try second.readResponse().text
                silent.setTimeout(.seconds(5))
                let silentEnd = silent.waitForEnd().end
                for client in [silentToo, busy, first] { client.setTimeout(.milliseconds(200)) }
                return [
                    firstAnswer, "\(keptAliveEnd)", "\(silentStillOpen)", secondAnswer, "\(silentEnd)",
                    "\(silentToo.waitForEnd().end)", "\(busy.waitForEnd().end)", "\(first.waitForEnd().end)",
                ]
            }
            #expect(
                ends == [
                    "hello /first", "closed", "stillOpen", "hello /second", "closed", "stillOpen", "stillOpen",
                    "stillOpen",
                ])
        }
    }
}

import Foundation
import HTTPServing
import Testing

/// Slots full of connections that send nothing must not lock real clients out: a newcomer evicts the connection
/// idle longest (keep-alive first, then those still waiting for their first byte).
///
/// Over loopback sockets, ordered by events rather than by pauses, so a busy machine only slows it down: the event
/// loop wires the eviction order in (``EvictionOrderTests`` has the rules without sockets; the flood under load is
/// ``IdleFloodLoadTests``, opt-in).
@Suite(.timeLimit(.minutes(1))) struct IdleConnectionEvictionTests {
    @Test func keepAliveIdleConnectionsGoBeforeOnesThatHaveSentNothing() async throws {
        let configuration = HTTPServer.Configuration(
            maxConnections: 4, headerTimeout: .seconds(60), idleTimeout: .seconds(60), eventLoopCount: 1)
        let held = HeldRequests()
        try await withServer(configuration, handler: held.handler) { port in
            defer { held.release() }  // so shutdown is not held by the request below
            // One loop: connections are accepted, read and evicted in the order they arrive.
            let (silent, keptAlive, busy, silentToo) = try await offPool {
                let silent = try RawClient(port: port)
                let keptAlive = try RawClient(port: port)
                try keptAlive.send("GET /a HTTP/1.1\r\nHost: t\r\n\r\n")
                _ = try keptAlive.readResponse()  // answered: idle between requests from now on
                let busy = try RawClient(port: port)
                try busy.send("GET /hold-busy HTTP/1.1\r\nHost: t\r\n\r\n")  // inside a response: never evicted
                return (silent, keptAlive, busy, try RawClient(port: port))
            }
            await held.waitUntilEntered(1)
            // Full. The first newcomer evicts the keep-alive one, though the silent one is older.
            let (firstAnswer, keptAliveEnd, first) = try await offPool {
                let first = try RawClient(port: port)
                try first.send("GET /first HTTP/1.1\r\nHost: t\r\n\r\n")
                let answer = try first.readResponse().text
                try first.send("GET /hold-first HTTP/1.1\r\nHost: t\r\n\r\n")  // inside a response from now on
                return (answer, keptAlive.waitForEnd().end, first)
            }
            await held.waitUntilEntered(2)
            let ends = try await offPool {
                // Still open: a short wait is enough to see that, however busy the machine (a late close would only
                // hide an error, never make one).
                silent.setTimeout(.milliseconds(200))
                let silentStillOpen = silent.waitForEnd().end
                // Still full: next to go is the oldest of those that have sent nothing.
                let second = try RawClient(port: port)
                try second.send("GET /second HTTP/1.1\r\nHost: t\r\n\r\n")
                let secondAnswer = try second.readResponse().text
                silent.setTimeout(.seconds(20))
                let silentEnd = silent.waitForEnd().end
                for client in [silentToo, busy, first] { client.setTimeout(.milliseconds(200)) }
                return [
                    "\(silentStillOpen)", secondAnswer, "\(silentEnd)", "\(silentToo.waitForEnd().end)",
                    "\(busy.waitForEnd().end)", "\(first.waitForEnd().end)",
                ]
            }
            #expect(firstAnswer == "hello /first")
            #expect(keptAliveEnd == .closed)
            #expect(ends == ["stillOpen", "hello /second", "closed", "stillOpen", "stillOpen", "stillOpen"])
        }
    }
}

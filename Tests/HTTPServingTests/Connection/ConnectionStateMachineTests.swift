import Foundation
import Testing

@testable import HTTPServing

/// The connection rules on the state machine alone: a pretend socket and a pretend clock (``ConnectionDriver``;
/// header 10 s, idle 30 s, write 20 s, linger 2 s), so timeouts are tested by moving the clock, not by waiting.
@Suite struct ConnectionStateMachineTests {
    private static let get = "GET /a HTTP/1.1\r\nHost: t\r\n\r\n"

    /// A connection that answered one request and now waits for the next.
    private func keptAlive() -> ConnectionDriver {
        var driver = ConnectionDriver()
        _ = driver.receive(Self.get)
        return driver
    }

    // MARK: - Request read timeout

    @Test func aSilentConnectionIsClosedAtTheHeaderDeadline() {
        var driver = ConnectionDriver()
        driver.wait(.seconds(10) - .nanoseconds(1))
        #expect(driver.tick() == [])
        driver.wait(.nanoseconds(1))
        #expect(driver.tick() == [.close])
    }

    @Test func aRequestTricklingInDoesNotExtendTheHeaderDeadline() {
        var driver = ConnectionDriver()
        driver.wait(.seconds(6))
        #expect(driver.receive("GET /a HTTP/1.1\r\n") == [.wait(.read)])
        driver.wait(.seconds(3))
        #expect(driver.receive("Host: t\r\n") == [.wait(.read)])
        // Ten seconds from the connect, not from the last byte.
        driver.wait(.seconds(1))
        #expect(driver.tick() == [.close])
    }

    @Test func aRequestAfterAnIdleSpellGetsTheHeaderTimeoutFromItsFirstByte() {
        var driver = keptAlive()
        driver.wait(.seconds(25))
        #expect(driver.receive("GET /b HTTP/1.1\r\n") == [.wait(.read)])
        // The idle deadline (30 s) is gone...
        driver.wait(.seconds(9))
        #expect(driver.tick() == [])
        // ...replaced by the header deadline, 10 s from the request's first byte.
        driver.wait(.seconds(1))
        #expect(driver.tick() == [.close])
    }

    // MARK: - Idle keep-alive timeout

    @Test func anIdleKeepAliveConnectionIsClosedAtTheIdleDeadline() {
        var driver = ConnectionDriver()
        #expect(
            driver.receive(Self.get).ignoringWriteSizes == [
                .serve("GET /a"), .wrote, .keepAlive(idle: true), .wait(.read),
            ])
        // Past the header timeout: idle connections get the (longer) idle one.
        driver.wait(.seconds(29))
        #expect(driver.tick() == [])
        driver.wait(.seconds(1))
        #expect(driver.tick() == [.close])
        #expect(driver.entries.map(\.status) == [200])
    }

    @Test func aHungRequestIsClosedAtTheIdleDeadline() {
        var driver = ConnectionDriver()
        driver.answer = { _ in .hang }
        #expect(driver.receive(Self.get) == [.serve("GET /a"), .wait(.read)])
        driver.wait(.seconds(29))
        #expect(driver.tick() == [])
        driver.wait(.seconds(1))
        #expect(driver.tick() == [.close])
        #expect(driver.entries.isEmpty)
    }

    @Test func aSlowHandlerHasNoDeadline() {
        var driver = ConnectionDriver()
        driver.answer = { _ in nil }
        #expect(driver.receive(Self.get) == [.serve("GET /a"), .dispatch, .wait(.read)])
        driver.wait(.seconds(3600))
        #expect(driver.tick() == [])
        #expect(
            driver.handlerAnswers(.respond(.text(200, "late"))).ignoringWriteSizes == [
                .wrote, .keepAlive(idle: true), .wait(.read),
            ])
    }

    // MARK: - Eviction

    @Test func aConnectionThatSentNothingMayBeEvicted() {
        #expect(ConnectionDriver().machine.isEvictable)
    }

    @Test func anIdleKeepAliveConnectionMayBeEvicted() {
        #expect(keptAlive().machine.isEvictable)
    }

    @Test func aConnectionInsideARequestIsNeverEvicted() {
        var partial = ConnectionDriver()
        _ = partial.receive("GET /a HTTP/1.1\r\n")
        #expect(!partial.machine.isEvictable)

        // Bytes that held no request (an empty line) still make the connection a client, not a squatter.
        var blankLine = ConnectionDriver()
        #expect(blankLine.receive("\r\n") == [.wait(.read)])
        #expect(!blankLine.machine.isEvictable)

        var nextRequest = keptAlive()
        _ = nextRequest.receive("GET /b HTTP/1.1\r\n")
        #expect(!nextRequest.machine.isEvictable)
    }

    @Test func aConnectionInsideAResponseIsNeverEvicted() {
        var awaiting = ConnectionDriver()
        awaiting.answer = { _ in nil }
        _ = awaiting.receive(Self.get)
        #expect(!awaiting.machine.isEvictable)

        var writing = ConnectionDriver()
        writing.socketRoom = 5
        _ = writing.receive(Self.get)
        #expect(writing.machine.phase == .writing)
        #expect(!writing.machine.isEvictable)

        var lingering = ConnectionDriver()
        _ = lingering.receive("BREW / HTTP/1.1\r\n\r\n")
        #expect(lingering.machine.phase == .lingering)
        #expect(!lingering.machine.isEvictable)
    }

    @Test func onlyAResponseLeavingNothingBufferedMakesTheConnectionIdle() {
        var driver = ConnectionDriver()
        driver.answer = { _ in nil }
        _ = driver.receive(Self.get + "GET /b HTTP/1.1\r\n")
        #expect(
            driver.handlerAnswers(.respond(.text(200, "a"))).ignoringWriteSizes == [
                .wrote, .keepAlive(idle: false), .wait(.read),
            ])
        #expect(!driver.machine.isEvictable)
    }

    // MARK: - Linger after an error answer

    @Test func anErrorAnswerHalfClosesAndDrainsUntilTheLingerTimePasses() {
        var driver = ConnectionDriver()
        #expect(
            driver.receive("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n").ignoringWriteSizes == [
                .wrote, .halfClose, .wait(.read),
            ])
        #expect(driver.headsWritten.first?.hasPrefix("HTTP/1.1 405 ") == true)
        #expect(driver.headsWritten.first?.contains("Connection: close\r\n") == true)
        #expect(driver.entries.map { "\($0.method) \($0.path) \($0.status)" } == ["BREW /pot 405"])
        // What the client still sends is drained, not served.
        #expect(driver.receive(Self.get) == [.wait(.read)])
        driver.wait(.seconds(2) - .nanoseconds(1))
        #expect(driver.tick() == [])
        driver.wait(.nanoseconds(1))
        #expect(driver.tick() == [.close])
    }

    @Test func aLingeringConnectionClosesAsSoonAsThePeerCloses() {
        var driver = ConnectionDriver()
        _ = driver.receive("GET / HTTP/2.0\r\nHost: t\r\n\r\n")
        #expect(driver.machine.phase == .lingering)
        #expect(driver.peerCloses() == [.close])
    }

    @Test func aPeerThatAlreadyClosedGetsItsErrorAnswerWithoutLinger() {
        var driver = ConnectionDriver()
        #expect(
            driver.receiveThenPeerCloses("BREW / HTTP/1.1\r\n\r\n").ignoringWriteSizes == [
                .wrote, .close(logged: true, reset: false),
            ])
    }

    // MARK: - Keep-alive rules

    @Test func http11KeepsTheConnectionAndSaysNothingAboutIt() {
        var driver = ConnectionDriver()
        #expect(
            driver.receive(Self.get).ignoringWriteSizes == [
                .serve("GET /a"), .wrote, .keepAlive(idle: true), .wait(.read),
            ])
        #expect(driver.headsWritten.first?.contains("Connection:") == false)
    }

    @Test func connectionCloseEndsTheConnectionAfterItsAnswer() {
        var driver = ConnectionDriver()
        let steps = driver.receive("GET /a HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(steps.ignoringWriteSizes == [.serve("GET /a"), .wrote, .halfClose, .wait(.read)])
        #expect(driver.headsWritten.first?.contains("Connection: close\r\n") == true)
    }

    @Test func http10ClosesUnlessItAsksForKeepAlive() {
        var plain = ConnectionDriver()
        #expect(
            plain.receive("GET /a HTTP/1.0\r\n\r\n").ignoringWriteSizes == [
                .serve("GET /a"), .wrote, .halfClose, .wait(.read),
            ])
        #expect(plain.headsWritten.first?.contains("Connection: close\r\n") == true)

        var kept = ConnectionDriver()
        let steps = kept.receive("GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(steps.ignoringWriteSizes == [.serve("GET /a"), .wrote, .keepAlive(idle: true), .wait(.read)])
        #expect(kept.headsWritten.first?.contains("Connection: keep-alive\r\n") == true)
    }

    @Test func aHandlerAskingToCloseEndsTheConnection() {
        var driver = ConnectionDriver()
        driver.answer = { _ in .respond(HTTPResponse(status: 200, closeConnection: true)) }
        #expect(driver.receive(Self.get).ignoringWriteSizes == [.serve("GET /a"), .wrote, .halfClose, .wait(.read)])
    }

    @Test func aRepeatingBodyWithNothingToRepeatEndsTheConnectionAfterTheHead() {
        var driver = ConnectionDriver()
        driver.answer = { _ in .respond(HTTPResponse(status: 200, body: .repeating(chunk: Data(), length: 10))) }
        #expect(driver.receive(Self.get).ignoringWriteSizes == [.serve("GET /a"), .wrote, .halfClose, .wait(.read)])
        #expect(driver.entries.first?.bytesSent == driver.headsWritten.first?.utf8.count)
    }

    @Test func aHeadRequestGetsTheHeadOnly() {
        var driver = ConnectionDriver()
        _ = driver.receive("HEAD /a HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = driver.headsWritten.first ?? ""
        #expect(head.contains("Content-Length: 8\r\n"))
        #expect(driver.entries.first?.bytesSent == head.utf8.count)
    }

    // MARK: - Pipelining

    @Test func pipelinedRequestsAreServedOneAfterTheOtherInOrder() {
        var driver = ConnectionDriver()
        driver.answer = { _ in nil }
        let both = Self.get + "GET /b HTTP/1.1\r\nHost: t\r\n\r\n"
        // The second request waits in the buffer while the first one's handler works.
        #expect(driver.receive(both) == [.serve("GET /a"), .dispatch, .wait(.read)])
        let first = driver.handlerAnswers(.respond(.text(200, "a")))
        #expect(
            first.ignoringWriteSizes == [.wrote, .keepAlive(idle: false), .serve("GET /b"), .dispatch, .wait(.read)])
        let second = driver.handlerAnswers(.respond(.text(200, "b")))
        #expect(second.ignoringWriteSizes == [.wrote, .keepAlive(idle: true), .wait(.read)])
        #expect(driver.entries.map(\.path) == ["/a", "/b"])
    }

    @Test func readingStopsWhileTheHandlerWorksAndThePipelineBufferIsFull() {
        let filler = String(repeating: "x", count: ConnectionStateMachine.pipelineBufferLimit - 1)
        var roomLeft = ConnectionDriver()
        roomLeft.answer = { _ in nil }
        #expect(roomLeft.receive(Self.get + filler) == [.serve("GET /a"), .dispatch, .wait(.read)])
        #expect(roomLeft.receive("x") == [.wait(.none)])
    }

    // MARK: - The peer closing

    @Test func aPeerClosingMidRequestClosesTheConnection() {
        var driver = ConnectionDriver()
        _ = driver.receive("GET /a HTTP/1.1\r\nHo")
        #expect(driver.peerCloses() == [.close])
        #expect(driver.entries.isEmpty)
    }

    @Test func aPeerClosingBehindPipelinedRequestsGetsTheFirstAnswerThenTheConnectionCloses() {
        var driver = ConnectionDriver()
        let steps = driver.receiveThenPeerCloses(Self.get + "GET /b HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(
            steps.ignoringWriteSizes == [
                .serve("GET /a"), .wrote, .close(logged: true, reset: false),
            ])
        // The first answer already says the connection ends: the peer is gone, so no keep-alive is promised.
        #expect(driver.headsWritten.first?.contains("Connection: close\r\n") == true)
    }

    @Test func aPeerHangingUpMidResponseClosesAndLogsWhatWasSent() {
        var driver = ConnectionDriver()
        driver.socketRoom = 10
        #expect(driver.receive(Self.get) == [.serve("GET /a"), .write(10), .wait(.write)])
        #expect(driver.hangUp() == [.close(logged: true, reset: false)])
        #expect(driver.entries.map(\.bytesSent) == [10])
    }

    @Test func theHandlerFinishingAfterThePeerClosedAnswersThenCloses() {
        var driver = ConnectionDriver()
        driver.answer = { _ in nil }
        _ = driver.receive(Self.get)
        // The closed read side is not watched any more (it would stay readable forever).
        #expect(driver.peerCloses() == [.wait(.none)])
        let steps = driver.handlerAnswers(.respond(.text(200, "late")))
        #expect(steps.ignoringWriteSizes == [.wrote, .close(logged: true, reset: false)])
        #expect(driver.headsWritten.first?.contains("Connection: close\r\n") == true)
    }

    @Test func aHungConnectionClosesWhenThePeerCloses() {
        var driver = ConnectionDriver()
        driver.answer = { _ in .hang }
        _ = driver.receive(Self.get)
        #expect(driver.peerCloses() == [.close])
    }

    @Test func aResetAnswerClosesWithRSTAndLogsNothing() {
        var driver = ConnectionDriver()
        driver.answer = { _ in .reset }
        #expect(driver.receive(Self.get) == [.serve("GET /a"), .close(logged: false, reset: true)])
    }

    @Test func anAnswerForAConnectionNoLongerWaitingIsIgnored() {
        var driver = keptAlive()
        #expect(driver.handlerAnswers(.respond(.text(200, "stray"))) == [])
    }

    // MARK: - Write timeout

    @Test func aSlowReaderKeepsTheConnectionWhileEachWriteMakesProgress() {
        var driver = ConnectionDriver()
        driver.socketRoom = 100
        driver.answer = { _ in .respond(HTTPResponse(status: 200, body: .data(Data(count: 1000)))) }
        #expect(driver.receive(Self.get) == [.serve("GET /a"), .write(100), .wait(.write)])
        for _ in 0..<3 {
            driver.wait(.seconds(19))
            #expect(driver.tick() == [])
            #expect(driver.writable() == [.write(100), .wait(.write)])
        }
        // Twenty seconds after the last progress, not after the response began.
        driver.wait(.seconds(20) - .nanoseconds(1))
        #expect(driver.tick() == [])
        driver.wait(.nanoseconds(1))
        #expect(driver.tick() == [.close(logged: true, reset: false)])
        #expect(driver.entries.map(\.bytesSent) == [400])
        #expect(driver.entries.map(\.duration) == [.seconds(77)])
    }

    @Test func writingOnAfterTheSocketDrainsFinishesTheResponse() {
        var driver = ConnectionDriver()
        driver.socketRoom = 100
        driver.answer = { _ in .respond(HTTPResponse(status: 200, body: .data(Data(count: 150)))) }
        let head = driver.receive(Self.get)
        #expect(head == [.serve("GET /a"), .write(100), .wait(.write)])
        let total = driver.machine.response.head.count + 150
        driver.socketRoom = Int.max
        #expect(driver.writable() == [.write(total - 100), .keepAlive(idle: true), .wait(.read)])
        // Writable again with nothing to write is nothing to do.
        #expect(driver.writable() == [])
    }

    // MARK: - Shutdown

    @Test func shutdownClosesConnectionsWithNothingInFlight() {
        var silent = ConnectionDriver()
        #expect(silent.shutDown() == [.close])
        var idle = keptAlive()
        #expect(idle.shutDown() == [.close])
        var partial = ConnectionDriver()
        _ = partial.receive("GET /a HTTP/1.1\r\n")
        #expect(partial.shutDown() == [.close])
    }

    @Test func shutdownLetsAResponseFinishButNotThePipelinedRequestsBehindIt() {
        var driver = ConnectionDriver()
        driver.socketRoom = 10
        _ = driver.receive(Self.get + "GET /b HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(driver.shutDown() == [])
        driver.socketRoom = Int.max
        #expect(driver.writable().ignoringWriteSizes == [.wrote, .close(logged: true, reset: false)])
        #expect(driver.entries.map(\.path) == ["/a"])
    }

    @Test func shutdownMakesAnAwaitedAnswerTheLastWithoutLinger() {
        var driver = ConnectionDriver()
        driver.answer = { _ in nil }
        _ = driver.receive(Self.get)
        #expect(driver.shutDown() == [])
        let steps = driver.handlerAnswers(.respond(.text(200, "finished")))
        #expect(steps.ignoringWriteSizes == [.wrote, .close(logged: true, reset: false)])
        #expect(driver.headsWritten.first?.contains("Connection: close\r\n") == true)
    }
}

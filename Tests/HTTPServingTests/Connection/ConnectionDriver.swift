import Foundation

@testable import HTTPServing

/// What a ``ConnectionDriver`` saw the state machine ask for, in order.
enum ConnectionStep: Equatable, CustomStringConvertible {
    /// A request head went to the handler (method and path).
    case serve(String)
    /// The handler had no immediate answer: its task was started.
    case dispatch
    /// The pretend socket took this many bytes.
    case write(Int)
    case keepAlive(idle: Bool)
    case halfClose
    case wait(ConnectionInterest)
    case close(logged: Bool, reset: Bool)

    var description: String {
        switch self {
        case .serve(let request): "serve \(request)"
        case .dispatch: "dispatch"
        case .write(let count): "write \(count)"
        case .keepAlive(let idle): "keepAlive idle=\(idle)"
        case .halfClose: "halfClose"
        case .wait(let interest): "wait \(interest)"
        case .close(let logged, let reset): "close logged=\(logged) reset=\(reset)"
        }
    }

    /// A close without a response to log.
    static let close = ConnectionStep.close(logged: false, reset: false)
}

/// Drives a ``ConnectionStateMachine`` as the event loop does, against a pretend socket and a pretend clock: each
/// input returns the steps the machine asked for until it waited or closed. No socket, no thread, no sleep.
struct ConnectionDriver {
    static let timeouts = ConnectionTimeouts(
        header: .seconds(10), idle: .seconds(30), write: .seconds(20), linger: .seconds(2))

    private(set) var machine: ConnectionStateMachine
    private(set) var now = MonotonicInstant(nanoseconds: 1_000_000_000)
    let heads = ResponseHeadBuilder(secondsSince1970: 1_700_000_000)
    /// The handler's immediate answer; nil dispatches the request to its task.
    var answer: (HTTPRequest) -> HTTPAction? = { .respond(.text(200, "hello \($0.path)")) }
    /// Bytes the pretend socket takes per write attempt before it is full.
    var socketRoom = Int.max
    /// Every response head written, as text.
    private(set) var headsWritten: [String] = []
    /// Every access-log entry the machine produced.
    private(set) var entries: [HTTPAccessLogEntry] = []

    init(limits: HTTPRequestParser.Limits = .init()) {
        machine = ConnectionStateMachine(limits: limits, timeouts: Self.timeouts, now: now)
    }

    mutating func wait(_ duration: Duration) {
        now = now + duration
    }

    /// `text` arrives in one read.
    mutating func receive(_ text: String) -> [ConnectionStep] {
        Data(text.utf8).withUnsafeBytes { machine.bytesRead($0) }
        return run(machine.readEnded(now: now, heads: heads))
    }

    /// `text` arrives, then the peer's FIN, in one round of reads.
    mutating func receiveThenPeerCloses(_ text: String) -> [ConnectionStep] {
        Data(text.utf8).withUnsafeBytes { machine.bytesRead($0) }
        return run(machine.peerClosed(now: now, heads: heads))
    }

    mutating func peerCloses() -> [ConnectionStep] {
        run(machine.peerClosed(now: now, heads: heads))
    }

    mutating func hangUp() -> [ConnectionStep] {
        run(machine.hungUp(now: now))
    }

    mutating func writable() -> [ConnectionStep] {
        run(machine.becameWritable())
    }

    /// The dispatched handler's task answers.
    mutating func handlerAnswers(_ action: HTTPAction) -> [ConnectionStep] {
        run(machine.handlerFinished(action, now: now, heads: heads))
    }

    mutating func tick() -> [ConnectionStep] {
        run(machine.tick(now: now))
    }

    mutating func shutDown() -> [ConnectionStep] {
        run(machine.beginShutdown())
    }

    /// Carries out actions as the event loop's worker does, until the machine waits or closes.
    private mutating func run(_ first: ConnectionAction?) -> [ConnectionStep] {
        var steps: [ConnectionStep] = []
        var next = first
        while let action = next {
            switch action {
            case .wait(let interest):
                steps.append(.wait(interest))
                next = nil
            case .serve(let request):
                steps.append(.serve("\(request.method) \(request.path)"))
                if let answer = answer(request), let reply = machine.handlerFinished(answer, now: now, heads: heads) {
                    next = reply
                } else {
                    steps.append(.dispatch)
                    next = machine.handlerDispatched()
                }
            case .write:
                let response = machine.response
                if response.headSent == 0 { headsWritten.append(String(decoding: response.head, as: UTF8.self)) }
                let count = Swift.min(socketRoom, response.headLeft + response.bodyLeft)
                if count > 0 {
                    machine.sent(count, now: now)
                    steps.append(.write(count))
                }
                next = machine.response.isComplete ? machine.writeCompleted(now: now) : machine.writeBlocked()
            case .keepAlive(let entry, let idle):
                entries.append(entry)
                steps.append(.keepAlive(idle: idle))
                next = machine.resume(now: now, heads: heads)
            case .halfClose(let entry):
                entries.append(entry)
                steps.append(.halfClose)
                next = machine.resume(now: now, heads: heads)
            case .close(let entry, let reset):
                if let entry { entries.append(entry) }
                steps.append(.close(logged: entry != nil, reset: reset))
                next = nil
            }
        }
        return steps
    }
}

extension ConnectionStep {
    /// A write of any size, for ``Swift/Array/ignoringWriteSizes``.
    static let wrote = ConnectionStep.write(0)
}

extension [ConnectionStep] {
    /// The steps with every write's size dropped, for tests about the order of things rather than byte counts.
    var ignoringWriteSizes: [ConnectionStep] {
        map { step in
            if case .write = step { return .wrote }
            return step
        }
    }
}

import Foundation

/// One client connection, owned by the event loop thread that accepted it.
final class Connection {
    enum Phase {
        /// Waiting for (the rest of) a request head.
        case reading
        /// An async handler is working on the request.
        case awaitingHandler
        /// Sending a response.
        case writing
        /// The handler chose `.hang`: no answer until the idle timeout.
        case hanging
        /// Answered and half-closed; reading what the client still sends so the answer is not lost to a reset.
        case lingering
        case closed
    }

    /// The body part of the response being written.
    enum PendingBody {
        case none
        case data(Data)
        case repeating(Data)
        /// A prepared body: sent with `sendfile` when it is backed by an in-memory file.
        case prepared(PreparedBody)
    }

    let descriptor: Int32
    /// Distinguishes this connection from a later one that reuses the descriptor number.
    let serial: UInt64
    var parser: HTTPRequestParser
    var phase = Phase.reading
    /// Monotonic nanoseconds after which the connection is closed; 0 for none.
    var deadline: UInt64
    /// True while the deadline is the idle (between requests) one.
    var idle = false
    /// Whether any byte arrived on the connection yet.
    var receivedAnything = false
    /// The ticket number of the connection's current entry in an idle queue; 0 for none.
    var idleTicket: UInt64 = 0
    /// epoll events currently registered.
    var registeredEvents: UInt32
    /// The client sent FIN: answer what is buffered, then close.
    var peerClosed = false
    var keepAlive = true
    /// HTTP/1.0 clients need an explicit `Connection: keep-alive` to keep the connection.
    var isHTTP10 = false

    /// The response head; its capacity is reused for every response on this connection.
    var head: [UInt8] = []
    var headSent = 0
    var body = PendingBody.none
    var bodyLength = 0
    var bodySent = 0
    var closeAfterResponse = false

    var requestMethod = "-"
    var requestPath = "-"
    var requestStart: UInt64 = 0
    var responseStatus = 0

    init(descriptor: Int32, serial: UInt64, limits: HTTPRequestParser.Limits, deadline: UInt64, events: UInt32) {
        self.descriptor = descriptor
        self.serial = serial
        self.parser = HTTPRequestParser(limits: limits)
        self.deadline = deadline
        self.registeredEvents = events
        head.reserveCapacity(512)
    }
}

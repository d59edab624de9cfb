import Foundation

/// The response a connection is writing: its head bytes, its body and how much of each is out.
struct OutgoingResponse: Sendable {
    /// Where the body's bytes come from; the event loop writes each kind its own way.
    enum Body: Sendable {
        /// No body: the head is all.
        case none
        /// Bytes in memory, written after the head in one `sendmsg`.
        case bytes(Data)
        /// ``OutgoingResponse/bodyLength`` bytes of this chunk over and over, never held at once.
        case repeating(Data)
        /// A prepared body backed by an in-memory file, sent with `sendfile`.
        case file(PreparedBody)
    }

    /// The head; its capacity is reused for every response on the connection.
    var head: [UInt8] = []
    var headSent = 0
    var body = Body.none
    var bodyLength = 0
    var bodySent = 0
    /// The connection ends after this response.
    var closeAfter = false
    /// The status sent, for the access log.
    var status = 0

    init() {
        head.reserveCapacity(512)
    }

    var headLeft: Int { head.count - headSent }
    var bodyLeft: Int { bodyLength - bodySent }
    var isComplete: Bool { headSent == head.count && bodySent == bodyLength }
    /// Head and body bytes written so far.
    var bytesSent: Int { headSent + bodySent }

    /// Counts `count` more bytes as written: the head's first, then the body's.
    mutating func advance(by count: Int) {
        let fromHead = Swift.min(count, headLeft)
        headSent += fromHead
        bodySent += count - fromHead
    }

    /// Empties the head (keeping its capacity) and the counts for the next response.
    mutating func reset() {
        head.removeAll(keepingCapacity: true)
        headSent = 0
        body = .none
        bodyLength = 0
        bodySent = 0
        closeAfter = false
        status = 0
    }
}

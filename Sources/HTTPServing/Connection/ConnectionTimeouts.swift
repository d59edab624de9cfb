/// How long a connection may take over each stage before it is closed, in nanoseconds.
struct ConnectionTimeouts: Sendable, Hashable {
    /// To send a complete request head, counted from the connect or from the request's first byte after an idle
    /// spell.
    var header: UInt64
    /// Between requests on a kept-alive connection; also how long a `.hang` lasts.
    var idle: UInt64
    /// For a response write to make progress.
    var write: UInt64
    /// For a half-closed connection to stop sending, so the last answer is not lost to a reset.
    var linger: UInt64

    /// Half-closed connections get 2 s to finish sending: enough for a refused body or a burst of pipelined requests
    /// on a slow link, short enough that a client that never stops cannot hold a slot.
    static let defaultLinger = Duration.seconds(2)

    init(header: Duration, idle: Duration, write: Duration, linger: Duration = defaultLinger) {
        self.header = MonotonicInstant.nanoseconds(in: header)
        self.idle = MonotonicInstant.nanoseconds(in: idle)
        self.write = MonotonicInstant.nanoseconds(in: write)
        self.linger = MonotonicInstant.nanoseconds(in: linger)
    }
}

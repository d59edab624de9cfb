/// One answered request, as the server reports it to its access log.
public struct HTTPAccessLogEntry: Sendable, Hashable {
    /// The request method, or `-` when the request line could not be parsed.
    public var method: String
    /// The request path (percent-encoded, without query), or `-` when unparsable.
    public var path: String
    /// The status code sent.
    public var status: Int
    /// Bytes written to the socket for this response: head and body.
    public var bytesSent: Int
    /// From the complete request head to the last byte written (or the write failing).
    public var duration: Duration

    /// An entry with the given fields.
    public init(method: String, path: String, status: Int, bytesSent: Int, duration: Duration) {
        self.method = method
        self.path = path
        self.status = status
        self.bytesSent = bytesSent
        self.duration = duration
    }
}

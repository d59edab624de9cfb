/// Which readiness of its socket a connection waits for.
enum ConnectionInterest: Sendable, Hashable {
    /// Bytes to read, or the peer closing its side.
    case read
    /// Room in the send buffer.
    case write
    /// Nothing: the connection waits for its handler with a full pipeline buffer, or for its deadline after the peer
    /// closed its side.
    case none
}

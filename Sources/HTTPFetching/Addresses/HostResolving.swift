/// Turns a host name into the addresses it would be contacted at.
///
/// A seam so tests can make a name resolve to any address without touching DNS.
public protocol HostResolving: Sendable {
    /// Every address `host` resolves to (a literal resolves to itself); throws when it resolves to none.
    ///
    /// Returns promptly with ``FetchError/cancelled`` when the calling task is cancelled.
    func addresses(of host: String) async throws(FetchError) -> [IPAddress]
}

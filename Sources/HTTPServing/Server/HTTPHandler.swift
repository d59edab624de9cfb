/// Answers requests. Mounted on an ``HTTPServer``; testable without a socket.
public protocol HTTPHandler: Sendable {
    /// Produces the answer to one request. May suspend (a test stub that answers late);
    /// the server keeps serving other connections meanwhile.
    func handle(_ request: HTTPRequest) async -> HTTPAction

    /// A synchronous fast path; see the default implementation.
    func respondImmediately(to request: HTTPRequest) -> HTTPAction?
}

/// What the server does with a connection after a request.
public enum HTTPAction: Sendable {
    /// Send this response.
    case respond(HTTPResponse)
    /// Reset the connection (RST) without answering: for tests of broken peers.
    case reset
    /// Never answer; the connection stays open until the client gives up or the
    /// server's idle timeout closes it: for tests of hung peers.
    case hang
}

extension HTTPHandler {
    /// Answers without suspending when it can (a file already cached in memory).
    /// The server calls this on its event loop first and falls back to
    /// ``handle(_:)`` when it returns nil, which saves a task hop per request.
    public func respondImmediately(to request: HTTPRequest) -> HTTPAction? { nil }
}

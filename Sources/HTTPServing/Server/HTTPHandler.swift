/// Answers requests. Mounted on an ``HTTPServer``; testable without a socket.
public protocol HTTPHandler: Sendable {
    /// Produces the answer to one request. May suspend (a test stub that answers late);
    /// the server keeps serving other connections meanwhile.
    func handle(_ request: HTTPRequest) async -> HTTPAction

    /// A synchronous fast path; see the default implementation.
    func respondImmediately(to request: HTTPRequest) -> HTTPAction?
}

/// What the server does with a connection after a request: send a response. Resetting or hanging the connection
/// exist for the package's own tests of broken and hung peers, so they are not public API.
public struct HTTPAction: Sendable {
    package enum Kind: Sendable {
        case respond(HTTPResponse)
        /// Reset the connection (RST) without answering.
        case reset
        /// Never answer; the connection stays open until the client gives up or the server's idle timeout (or
        /// shutdown) closes it.
        case hang
    }

    package let kind: Kind

    package init(_ kind: Kind) {
        self.kind = kind
    }

    /// Send `response`.
    public static func respond(_ response: HTTPResponse) -> HTTPAction { HTTPAction(.respond(response)) }

    /// Reset the connection without answering: a broken peer, for tests.
    package static var reset: HTTPAction { HTTPAction(.reset) }

    /// Never answer: a hung peer, for tests.
    package static var hang: HTTPAction { HTTPAction(.hang) }

    /// The response this action sends, nil for the test-only actions.
    public var response: HTTPResponse? {
        if case .respond(let response) = kind { return response }
        return nil
    }
}

extension HTTPHandler {
    /// Answers without suspending when it can (a file already cached in memory).
    /// The server calls this on its event loop first and falls back to
    /// ``handle(_:)`` when it returns nil, which saves a task hop per request.
    public func respondImmediately(to request: HTTPRequest) -> HTTPAction? { nil }
}

/// A handler that can answer common requests with a ``PreparedResponse``, whose head and
/// body were built once: the cheapest answer the server can send.
///
/// The server asks ``preparedResponse(to:)`` first, on its event loop; when it returns nil,
/// it goes on to ``HTTPHandler/respondImmediately(to:)`` and then ``HTTPHandler/handle(_:)``.
public protocol PreparedResponder: HTTPHandler {
    /// The prepared answer to `request`, or nil to take the ordinary path. Runs on an event
    /// loop thread: it must not block or suspend (a `stat` is fine, a read of a file is not).
    func preparedResponse(to request: HTTPRequest) -> PreparedResponse?
}

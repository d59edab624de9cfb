/// A parsed HTTP/1.1 request: its head, and for a `POST` its body.
public struct HTTPRequest: Sendable, Hashable {
    /// The method token as sent, e.g. `GET`.
    public var method: String
    /// The request target in origin-form, e.g. `/us/health.rss?x=1`: as sent, or for an absolute-form target
    /// (`http://host/us/health.rss?x=1`) its path and query.
    public var target: String
    /// The target's path part, still percent-encoded.
    public var path: String
    /// The target's query part without `?`, if any.
    public var query: String?
    /// `HTTP/1.1` or `HTTP/1.0` (a higher 1.x minor is taken as `HTTP/1.1`).
    public var version: String
    public var headers: HTTPHeaders
    /// The body of a `POST` (see ``HTTPRequestParser/Limits/maxBodyBytes``); empty for every other request.
    public var body: [UInt8] = []
    /// The client's address (`127.0.0.1`, `::1`), set by the server for a `POST` only; nil otherwise.
    public var clientAddress: String?

    public init(
        method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = target
            query = nil
        }
    }
}

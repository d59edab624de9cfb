import Foundation

/// What a handler answers: a status, headers and a body, separate from socket I/O.
///
/// The server adds `Content-Length`, `Date` and `Connection` itself; a HEAD request
/// gets the same headers with no body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: HTTPBody
    /// When true the server closes the connection after sending this response.
    public var closeConnection: Bool

    public init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .empty, closeConnection: Bool = false
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closeConnection = closeConnection
    }

    /// A plain-text answer, e.g. for errors; `nosniff`, so no browser takes it for anything but text.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", "text/plain; charset=utf-8")
        headers.set("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: status, headers: headers, body: .data(Data(text.utf8)))
    }
}

/// A response body.
public enum HTTPBody: Sendable {
    case empty
    case data(Data)
    /// `length` bytes made by repeating `chunk`: for tests of huge or endless bodies
    /// without holding them in memory.
    case repeating(chunk: Data, length: Int)

    public var count: Int {
        switch self {
        case .empty: 0
        case .data(let data): data.count
        case .repeating(_, let length): length
        }
    }
}

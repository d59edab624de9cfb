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

/// A response body: none, or bytes in memory. A body made by repeating a chunk exists for the package's own tests of
/// huge or endless bodies, so it is not public API.
public struct HTTPBody: Sendable {
    package enum Storage: Sendable {
        case empty
        case data(Data)
        /// `length` bytes made by repeating `chunk`, never held in memory at once.
        case repeating(chunk: Data, length: Int)
    }

    package let storage: Storage

    package init(_ storage: Storage) {
        self.storage = storage
    }

    /// No body.
    public static let empty = HTTPBody(.empty)

    /// These bytes.
    public static func data(_ data: Data) -> HTTPBody { HTTPBody(.data(data)) }

    /// `length` bytes of `chunk` over and over: for tests.
    package static func repeating(chunk: Data, length: Int) -> HTTPBody {
        HTTPBody(.repeating(chunk: chunk, length: length))
    }

    /// The body's length in bytes.
    public var count: Int {
        switch storage {
        case .empty: 0
        case .data(let data): data.count
        case .repeating(_, let length): length
        }
    }

    /// The bytes of a body held in memory; nil for a repeating one.
    public var data: Data? {
        switch storage {
        case .empty: Data()
        case .data(let data): data
        case .repeating: nil
        }
    }
}

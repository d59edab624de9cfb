import Foundation

/// A response whose head is built once, for answers repeated many times (a cached
/// file's 200 and 304). Per request the server only appends `Date`, `Connection` and
/// the blank line, then sends the body from ``PreparedBody``.
///
/// The head is the one a GET gets; a HEAD request gets the same head without the body,
/// as RFC 9110 §9.3.2 asks.
public struct PreparedResponse: Sendable {
    /// The status, for the access log.
    public let status: Int
    /// Status line and every header field except `Date` and `Connection`, each ending in CRLF.
    let fixedHead: [UInt8]
    /// False when the handler set its own `Date`, so the server adds none.
    let addsDate: Bool
    /// The body sent after the head on a GET; nil when none is sent (204, 304, empty).
    public let body: PreparedBody?

    /// Builds the head of `response` by the same rules as any other response: the server
    /// owns framing, drops unsafe header values and sends no body on 204 and 304.
    /// A `.repeating` body is not preparable and is sent as empty.
    public init(_ response: HTTPResponse) {
        var response = response
        if case .repeating = response.body.storage { response.body = .empty }
        var head: [UInt8] = []
        let fixed = ResponseHeadBuilder.appendFixedPart(of: response, to: &head, isHeadRequest: false)
        status = fixed.status
        fixedHead = head
        addsDate = !fixed.hasDate
        if fixed.bodyLength > 0, case .data(let data) = response.body.storage {
            body = PreparedBody(data)
        } else {
            body = nil
        }
    }

    /// Bytes of body a GET sends.
    var bodyLength: Int { body?.bytes.count ?? 0 }
}

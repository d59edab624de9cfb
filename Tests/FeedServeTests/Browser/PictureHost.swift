import Foundation
import HTTPServing
import TestSupport

/// A loopback picture host for the browser test, on its own port (a publisher's host, another
/// origin than the pages): `/photo.svg` is a real image (a drawn landscape), `/gone.png` answers 404 and
/// `/not-an-image.jpg` answers HTML, so the page's fallback to the default image is exercised.
final class PictureHost: HTTPHandler {
    func handle(_ request: HTTPRequest) async -> HTTPAction {
        switch request.path {
        case "/photo.svg":
            var headers = HTTPHeaders()
            headers.set("Content-Type", "image/svg+xml")
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data(Self.photo.utf8))))
        case "/not-an-image.jpg":
            var headers = HTTPHeaders()
            headers.set("Content-Type", "text/html; charset=utf-8")
            return .respond(HTTPResponse(status: 200, headers: headers, body: .data(Data("<p>no</p>".utf8))))
        default:
            return .respond(.text(404, "not found"))
        }
    }

    /// A sunset over hills, 320×180: unlike the default image at a glance in the screenshots.
    static let photo = """
        <svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">
        <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f7b267"/><stop offset="1" stop-color="#f25c54"/></linearGradient></defs>
        <rect width="320" height="180" fill="url(#sky)"/><circle cx="230" cy="70" r="28" fill="#ffe066"/>
        <path d="M0 140 Q80 90 160 135 T320 120 V180 H0 Z" fill="#3d5a80"/>
        <path d="M0 160 Q100 125 200 158 T320 150 V180 H0 Z" fill="#293241"/>
        </svg>
        """

    /// Runs `body` with the host's base URL (`http://127.0.0.1:PORT`), then shuts it down.
    static func with(_ body: (String) async throws -> Void) async throws {
        try await withLoopbackHost(PictureHost(), body)
    }
}

import Foundation
import HTTPServing

/// A ``PreparedResponder`` built from closures: a prepared answer when `prepared` gives
/// one, else the ``TestHandler`` paths.
struct PreparedTestHandler: PreparedResponder {
    var prepared: @Sendable (HTTPRequest) -> PreparedResponse?
    var fallback = TestHandler()

    func preparedResponse(to request: HTTPRequest) -> PreparedResponse? { prepared(request) }

    func respondImmediately(to request: HTTPRequest) -> HTTPAction? { fallback.respondImmediately(to: request) }

    func handle(_ request: HTTPRequest) async -> HTTPAction { await fallback.handle(request) }
}
